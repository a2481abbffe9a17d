/* Files for the claim parser (not installed): the path of an included file beside the file that includes it. */
#ifndef GDC_PROVE_PARSE_FILE_H
#define GDC_PROVE_PARSE_FILE_H

#include <stddef.h>

/* rel when it is absolute, else rel in the folder of the file `beside` (malloc'd), or NULL (out of memory). */
char *gdc_path_beside(const char *beside, const char *rel);

#endif
