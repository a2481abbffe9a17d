/* Reading an input file whole, with the one size limit of every command (input_file.h). A regular file's size is
 * checked before reading; a pipe or device is read up to the limit. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "core/input_file.h"

static char *fail(char *err, size_t errlen, const char *path, int e, const char *what, size_t size)
{
    if (err && errlen > 0) {
        if (e == EISDIR)
            snprintf(err, errlen, "%s: is a folder, not a file", path);
        else if (e == EFBIG && size > 0)
            snprintf(err, errlen, "%s: file of %zu bytes: larger than the limit of " GDC_INPUT_MAX_TEXT
                     " for an input file", path, size);
        else if (e == EFBIG)
            snprintf(err, errlen, "%s: larger than the limit of " GDC_INPUT_MAX_TEXT " for an input file", path);
        else
            snprintf(err, errlen, "%s: %s (%s)", path, what, strerror(e));
    }
    errno = e;
    return NULL;
}

/* read f to its end, at most GDC_INPUT_MAX_BYTES; NULL with errno set on failure */
static char *read_all(FILE *f, size_t *n)
{
    size_t cap = 4096, r;
    char *buf = malloc(cap + 1);
    *n = 0;
    while (buf && (r = fread(buf + *n, 1, cap - *n, f)) > 0) {
        *n += r;
        if (*n > GDC_INPUT_MAX_BYTES) {
            free(buf);
            errno = EFBIG;
            return NULL;
        }
        if (*n == cap) {
            char *p = realloc(buf, 2 * cap + 1);
            if (!p)
                free(buf);
            buf = p;
            cap *= 2;
        }
    }
    if (!buf) {
        errno = ENOMEM;
        return NULL;
    }
    if (ferror(f)) {
        int e = errno ? errno : EIO;
        free(buf);
        errno = e;
        return NULL;
    }
    buf[*n] = 0;
    return buf;
}

char *gdc_input_read(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail(err, errlen, path, errno, "cannot open", 0);
    struct stat st;
    if (fstat(fileno(f), &st) == 0) {
        int e = S_ISDIR(st.st_mode) ? EISDIR
                : S_ISREG(st.st_mode) && (unsigned long long)st.st_size > GDC_INPUT_MAX_BYTES ? EFBIG
                : 0;
        if (e) {
            fclose(f);
            return fail(err, errlen, path, e, "", S_ISREG(st.st_mode) ? (size_t)st.st_size : 0);
        }
    }
    size_t n;
    errno = 0;
    char *buf = read_all(f, &n);
    int e = errno;
    fclose(f);
    if (!buf)
        return fail(err, errlen, path, e, "cannot read", 0);
    if (len)
        *len = n;
    return buf;
}
