/* Files for the claim parser (parse_file.h): whole files (claims and `include FILE`, at most 64 MiB) and
 * the path of an included file, relative to the folder of the file that includes it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "prove/parse_file.h"

#define MAX_TEXT ((size_t)64 << 20)

char *gdc_read_text(const char *path, size_t *n, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open", path);
        return NULL;
    }
    size_t cap = 4096, len = 0, r;
    char *buf = malloc(cap + 1);
    while (buf && (r = fread(buf + len, 1, cap - len, f)) > 0) {
        len += r;
        if (len == cap) {
            char *p = cap > MAX_TEXT ? NULL : realloc(buf, 2 * cap + 1);
            if (!p) {
                free(buf);
                buf = NULL;
                snprintf(err, errlen, "%s: %s", path, cap > MAX_TEXT ? "file too large for a claim" : "out of memory");
                fclose(f);
                return NULL;
            }
            buf = p;
            cap *= 2;
        }
    }
    int rerr = ferror(f);
    fclose(f);
    if (!buf || rerr) {
        free(buf);
        snprintf(err, errlen, "%s: cannot read", path);
        return NULL;
    }
    buf[len] = 0;
    *n = len;
    return buf;
}

char *gdc_path_beside(const char *beside, const char *rel)
{
    const char *slash = beside ? strrchr(beside, '/') : NULL;
    size_t dir = (rel[0] == '/' || !slash) ? 0 : (size_t)(slash - beside) + 1;
    char *p = malloc(dir + strlen(rel) + 1);
    if (!p)
        return NULL;
    memcpy(p, beside, dir);
    strcpy(p + dir, rel);
    return p;
}
