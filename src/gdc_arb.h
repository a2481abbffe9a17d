/* Arb compat: one include for FLINT >= 3 (<flint/arb.h>) and Arb 2.x (<arb.h>). */
#ifndef GDC_ARB_H
#define GDC_ARB_H
#include "gdc_config.h"
#if GDC_ARB_FLINT3
#include <flint/arb.h>
#include <flint/acb.h>
#include <flint/arb_hypgeom.h>
#include <flint/acb_hypgeom.h>
#include <flint/acb_calc.h>
#include <flint/arf.h>
#include <flint/mag.h>
#else
#include <arb.h>
#include <acb.h>
#include <arb_hypgeom.h>
#include <acb_hypgeom.h>
#include <acb_calc.h>
#include <arf.h>
#include <mag.h>
#endif
#include <mpfr.h>
#endif
