/* Files for the claim parser (not installed): reading a claim or an included file whole, and the path of
 * an included file beside the file that includes it. */
#ifndef GDC_PROVE_PARSE_FILE_H
#define GDC_PROVE_PARSE_FILE_H

#include <stddef.h>

/* The whole file (malloc'd, NUL-terminated; *n its length), or NULL with a one-line "PATH: why" in err. */
char *gdc_read_text(const char *path, size_t *n, char *err, size_t errlen);
/* rel when it is absolute, else rel in the folder of the file `beside` (malloc'd), or NULL (out of memory). */
char *gdc_path_beside(const char *beside, const char *rel);

#endif
