/* Registry rows for the Theorem 6/7 inner-product ratios (seed-002 B14, B17, C30, C31). */
#include "core/registry.h"
#include "core/families.h"

static const gdc_row_t rows[] = {
    {.id = NULL},
};

const gdc_family_t gdc_family_erf_ratio = {"erf", rows, 0};
