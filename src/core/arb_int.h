/* Integer arguments of the Arb kernels (a dimension d as a ball): an exact integer, or the integers a box holds. */
#ifndef GDC_CORE_ARB_INT_H
#define GDC_CORE_ARB_INT_H
#include "gdc_arb.h"

/* 1 and *d set if the ball x is an exact integer in [lo, LONG_MAX/4], else 0 */
int gdc_arb_get_int(long *d, const arb_t x, long lo);
/* 1 and [*lo, *hi] set to the integers of the ball x inside [min, max] if there are any, else 0 */
int gdc_arb_int_range(long *lo, long *hi, const arb_t x, long min, long max);
/* A function of an integer d, monotone in d, over the integers of the ball x inside [min, max]: out = point at the
 * lowest of them, arb_union (at prec) with point at the highest when there are two or more (the registry's
 * int_ends contract); indeterminate when x holds none. */
typedef void (*gdc_arb_int_point_fn)(arb_t res, long d, slong prec);
void gdc_arb_int_hull(arb_t out, const arb_t x, long min, long max, gdc_arb_int_point_fn point, slong prec);
#endif
