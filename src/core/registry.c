/* The registry: the list of families. Adding a family means adding its table here. */
#include <string.h>
#include "core/registry.h"
#include "core/families.h"

static const gdc_family_t *const families[] = {
    &gdc_family_relu,
    &gdc_family_gauss,
    &gdc_family_cosine,
    &gdc_family_erf,
    &gdc_family_cosine_fc,
    &gdc_family_erf_fc,
    &gdc_family_erf_ratio,
    &gdc_family_relu_nc,
    &gdc_family_cnn,
    &gdc_family_twolayer,
    &gdc_family_bias,
    &gdc_family_ball,
};

#define NFAM (sizeof families / sizeof families[0])

size_t gdc_registry_count(void)
{
    size_t n = 0;
    for (size_t f = 0; f < NFAM; f++)
        n += families[f]->nrows;
    return n;
}

const gdc_row_t *gdc_registry_row(size_t i)
{
    for (size_t f = 0; f < NFAM; f++) {
        if (i < families[f]->nrows)
            return &families[f]->rows[i];
        i -= families[f]->nrows;
    }
    return NULL;
}

const gdc_row_t *gdc_registry_find(const char *id)
{
    size_t n = gdc_registry_count();
    for (size_t i = 0; i < n; i++) {
        const gdc_row_t *row = gdc_registry_row(i);
        if (strcmp(row->id, id) == 0)
            return row;
    }
    return NULL;
}

long gdc_row_points(const gdc_row_t *row, long n, long min)
{
    double f = row->check_scale > 0 && row->check_scale < 1 ? row->check_scale : 1.0;
    long v = (long)((double)n * f);
    return v < min ? min : v;
}
