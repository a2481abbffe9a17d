/* Registry rows for the Section-4 FC and WS losses and gradients (seed-002 C16, C22). */
#include "core/registry.h"
#include "core/families.h"

static const gdc_row_t rows[] = {
    {.id = NULL},
};

const gdc_family_t gdc_family_erf_fc = {"erf", rows, 0};
