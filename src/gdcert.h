/* gdcert public header: the registry, the double kernels, the vector API. */
#ifndef GDCERT_H
#define GDCERT_H
#include "gdc_config.h"
#include "gdc_arb.h"
#include "core/registry.h"
#endif
