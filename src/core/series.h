/* Cancellation-free series for the two small differences of the ReLU family (seed-000 C19, seed-001 C2,
 * seed-003 C1):
 *   G3(x) = sin x - x cos x = sum_{k>=1} (-1)^{k+1} 2k x^{2k+1}/(2k+1)!   (= x^3/3 - x^5/30 + ...)
 *   S(x)  = x - sin x       = sum_{k>=1} (-1)^{k+1} x^{2k+1}/(2k+1)!      (= x^3/6 - x^5/120 + ...)
 * Double versions are accurate to about 1 ulp; Arb versions add a rigorous alternating-series tail bound. */
#ifndef GDC_SERIES_H
#define GDC_SERIES_H
#include "gdc_arb.h"

/* Series evaluation, for |x| <= pi/2 (G3) and |x| <= 2 (S). */
double gdc_g3_series(double x);
double gdc_xmsin_series(double x);
/* Whole range x in [0, pi] (G3) and x >= 0 (S): the series below the threshold, the direct formula
 * (which has no cancellation there) above it. */
double gdc_g3(double x);
double gdc_xmsin(double x);

/* Rigorous enclosures of the series sum over the whole ball x (any ball with |x| <= 3; otherwise
 * res is set to the direct formula over the ball). The truncation error is bounded by the first
 * omitted term, valid since the terms alternate and decrease in magnitude for x^2 < 10. */
void gdc_g3_series_arb(arb_t res, const arb_t x, slong prec);
void gdc_xmsin_series_arb(arb_t res, const arb_t x, slong prec);

#endif
