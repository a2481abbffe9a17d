/* The inner-product ratios of Theorems 6 and 7 of 002_588e28744115f015.txt (Sec. 4.7, App. C.4; seed-002
 * B14, B17, C22, C30, C31) in the WS frame u0 = U e2, U^2 = 12 k^2/pi^2, w0 = rho U (sin alpha, cos alpha):
 *   R6 = <w0 - u0, grad F^(1)(w0)> / |w0 - u0|^2,    grad F^(1) = c1(w0) w0 - btilde(u0, w0)          (C30)
 *   R7 = <w0 - u0, grad F^(1,k)(w0)> / |w0 - u0|^2,
 *        grad F^(1,k) = (1 + k V(w0,w0)^{k-1}) c1(w0) w0 - (1 + k V(u0,w0)^{k-1}) btilde(u0, w0)     (C22)
 * Both are 0/0 at w0 = u0 (rho = 1, alpha = 0), where the limit depends on the direction of approach. The
 * cancellation-free forms and their proofs are in erf_ratio.c; the ball versions in erf_ratio_arb.c. */
#ifndef GDC_ERF_RATIO_H
#define GDC_ERF_RATIO_H
#include "core/registry.h"

/* x = {k, rho, alpha}: k integer >= 1, rho in [0, 1], alpha in [0, pi/2], (rho, alpha) != (1, 0) */
void gdc_erf_ratio6_d(double *out, const double *x);
void gdc_erf_ratio6_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_erf_ratio6_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_erf_ratio7_d(double *out, const double *x);
void gdc_erf_ratio7_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_erf_ratio7_mpfr(mpfr_ptr out, mpfr_srcptr x);
/* derivative enclosures (erf_ratio_deriv.c): gdc_arb_jac_fn and gdc_arb_hess_fn */
void gdc_erf_ratio6_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_erf_ratio6_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
void gdc_erf_ratio7_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_erf_ratio7_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);

/* Definition checks (erf_ratio_defs.c): the gradient from rigorous integration of the defining expectations
 * (c1, btilde, V by acb_calc_integrate), and seeded Monte Carlo in R^5. */
int gdc_erf_ratio6_def_arb(arb_ptr out, const double *x, slong prec);
int gdc_erf_ratio7_def_arb(arb_ptr out, const double *x, slong prec);
void gdc_erf_ratio6_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
void gdc_erf_ratio7_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
#endif
