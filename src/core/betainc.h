/* The regularized incomplete beta function I_x(a, b) = B(x; a, b)/B(a, b) and its complement 1 - I_x(a, b) =
 * I_{1-x}(b, a), for the spherical-cap and initial-angle probabilities (seed-003 C22, B17, B18; seed-004 C19-C22):
 * P(u1 >= h) = I_{1-h^2}((d-1)/2, 1/2)/2 for u uniform on S^{d-1}. Parameters: a >= 1/2 (a = (d-1)/2 or (d+1)/2
 * with d up to 10^6), b = 1/2 + j for a small integer j (0 <= j <= GDC_BETAINC_JMAX); x in [0, 1]. The caller
 * passes x and y = 1 - x both (each accurate to its own ulp), so that the side near 0 keeps its relative accuracy. */
#ifndef GDC_CORE_BETAINC_H
#define GDC_CORE_BETAINC_H
#include "gdc_arb.h"

#define GDC_BETAINC_JMAX 16

/* upper = 0: I_x(a, b); upper = 1: 1 - I_x(a, b), each computed directly where it is the small one.
 * NaN outside the parameter set above. */
double gdc_betainc_d(double x, double y, double a, double b, int upper);
/* 1/(a B(a, 1/2)) = Gamma(a + 1/2)/(Gamma(a + 1) sqrt(pi)) in double, a >= 1/2 */
double gdc_betainc_ratio_half_d(double a);
/* rigorous enclosure: arb_hypgeom_beta_lower (regularized) at x for I, at (b, a, y) for the complement; any a, b > 0
 * and balls x, y inside [0, 1] (the caller's y must contain 1 - x) */
void gdc_betainc_arb(arb_t res, const arb_t x, const arb_t y, const arb_t a, const arb_t b, int upper, slong prec);
/* MPFR point value, rounded to nearest at the precision of res (the double kernel's algorithm at high precision:
 * the complement series and the Stieltjes continued fraction with their bracketing stop) */
void gdc_betainc_mpfr(mpfr_t res, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr a, mpfr_srcptr b, int upper);

#endif
