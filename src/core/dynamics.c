/* The dynamics list (core/dynamics.h): adding a family's recursion means adding it here. */
#include <string.h>
#include "core/dynamics.h"
#include "core/families.h"

static const gdc_dynamics_t *const dynamics[] = {
    &gdc_dynamics_relu_nc_gd,
    &gdc_dynamics_cnn_gd,
    &gdc_dynamics_twolayer_gd,
    &gdc_dynamics_twolayer_gd_k,
};

#define NDYN (sizeof dynamics / sizeof dynamics[0])

size_t gdc_dynamics_count(void) { return NDYN; }

const gdc_dynamics_t *gdc_dynamics_get(size_t i) { return i < NDYN ? dynamics[i] : NULL; }

const gdc_dynamics_t *gdc_dynamics_find(const char *id)
{
    for (size_t i = 0; i < NDYN; i++)
        if (strcmp(dynamics[i]->id, id) == 0)
            return dynamics[i];
    return NULL;
}

int gdc_dynamics_param(const gdc_dynamics_t *d, const char *name)
{
    for (int i = 0; i < d->nparams; i++)
        if (strcmp(d->params[i].arg.name, name) == 0)
            return i;
    return -1;
}
