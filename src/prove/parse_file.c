/* Files for the claim parser (parse_file.h): the path of an included file, relative to the folder of the file
 * that includes it (files are read by core/input_file.c, with the one size limit of every input). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "prove/parse_file.h"

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
