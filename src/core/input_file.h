/* Reading an input file whole (claim files, certificates, table specs, INDEX, CATALOGUE, PAPER): one size limit
 * and one set of reasons for every command. */
#ifndef GDC_INPUT_FILE_H
#define GDC_INPUT_FILE_H

#include <stddef.h>

/* The largest input file any command reads: 64 MiB. The largest claim file or certificate in proofs/ is a few
 * hundred KiB; the limit keeps a hostile input from exhausting memory while leaving 100x room. */
#define GDC_INPUT_MAX_BYTES ((size_t)64 << 20)
#define GDC_INPUT_MAX_TEXT "64 MiB"

/* Read the file at path whole into a malloc'd, NUL-terminated buffer (*len: its size in bytes, if len is not NULL).
 * On failure NULL, errno set (ENOENT, EACCES, ..., EISDIR for a folder, EFBIG beyond GDC_INPUT_MAX_BYTES) and, if
 * err is not NULL, one line "PATH: REASON" in err: "cannot open (No such file or directory)", "is a folder, not a
 * file", "file of 104857600 bytes: larger than the limit of 64 MiB for an input file", "cannot read (...)". */
char *gdc_input_read(const char *path, size_t *len, char *err, size_t errlen);

#endif
