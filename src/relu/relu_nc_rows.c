/* Registry rows for the non-centred Gaussian ReLU objective of Figure 1 (seed-000 C26, S19). */
#include "core/registry.h"
#include "core/families.h"

static const gdc_row_t rows[] = {
    {.id = NULL},
};

const gdc_family_t gdc_family_relu_nc = {"relu", rows, 0};
