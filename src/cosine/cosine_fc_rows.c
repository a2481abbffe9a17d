/* Registry rows for the Section-3 FC objective and gradient (seed-002 C5, C8). */
#include "core/registry.h"
#include "core/families.h"

static const gdc_row_t rows[] = {
    {.id = NULL},
};

const gdc_family_t gdc_family_cosine_fc = {"cosine", rows, 0};
