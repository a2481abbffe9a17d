/* The biased-ReLU family (seed-004 C9-C15; 004_107e0ef2f6021d42.txt Eq. (1)-(3)): a neuron x -> relu(w~.x + bw)
 * under standard Gaussian input x~ ~ N(0, I_d), reduced to the scalars s = |w~|, t = |v~|, the biases bw, bv and
 * the angle theta between w~ and v~ (rho = cos theta, r = sin theta).
 *   G1(mu) = E[(Z + mu)+] = phi(mu) + mu Phi(mu),  G2(mu) = E[(Z + mu)+^2] = (1 + mu^2) Phi(mu) + mu phi(mu)
 *   m1(s, b) = s G1(b/s),  m2(s, b) = s^2 G2(b/s)
 *   T(h, a) = (1/2pi) int_0^a exp(-h^2 (1 + x^2)/2)/(1 + x^2) dx   (Owen)
 *   Phi2(h, k; rho) = P(Z1 <= h, Z2 <= k), corr(Z1, Z2) = rho = int_{-inf}^{min(h,k)} phi(x) Phi((max - rho x)/r) dx
 * For mu << 0 the closed forms cancel: G1, G2 use the continued fraction of Mills' ratio (K1, K2 below), Phi2
 * the positive integrand above (no cancellation, no early underflow). */
#ifndef GDC_BIAS_H
#define GDC_BIAS_H
#include "gdc_arb.h"

/* ---- double kernels ---- */
double gdc_bias_Phi(double x);                  /* standard normal CDF, relative accuracy in both tails */
double gdc_bias_phi(double x);                  /* standard normal density */
double gdc_bias_G1(double mu);
double gdc_bias_G2(double mu);
double gdc_bias_m1(double s, double b);         /* s > 0 */
double gdc_bias_m2(double s, double b);
double gdc_bias_owen_t(double h, double a);
double gdc_bias_bvn(double h, double k, double rho); /* rho in [-1, 1] */

/* ---- Arb: rigorous on any balls (indeterminate outside the domain) ---- */
void gdc_bias_Phi_arb(arb_t res, const arb_t x, slong prec);
void gdc_bias_phi_arb(arb_t res, const arb_t x, slong prec);
void gdc_bias_m1_arb(arb_t res, const arb_t s, const arb_t b, slong prec);
void gdc_bias_m2_arb(arb_t res, const arb_t s, const arb_t b, slong prec);
void gdc_bias_m1_jac_arb(arb_t res, arb_ptr jac, const arb_t s, const arb_t b, slong prec);
void gdc_bias_m2_jac_arb(arb_t res, arb_ptr jac, const arb_t s, const arb_t b, slong prec);
void gdc_bias_owen_t_arb(arb_t res, const arb_t h, const arb_t a, slong prec);
void gdc_bias_owen_t_jac_arb(arb_t res, arb_ptr jac, const arb_t h, const arb_t a, slong prec);
void gdc_bias_bvn_arb(arb_t res, const arb_t h, const arb_t k, const arb_t rho, slong prec);
void gdc_bias_bvn_jac_arb(arb_t res, arb_ptr jac, const arb_t h, const arb_t k, const arb_t rho, slong prec);
/* the same under a deadline (absolute seconds on the monotonic clock, as gdc_clock_now() of core/deadline.h; 0 for
 * none): once it has passed the numerical integrals give up and the result is indeterminate (never narrowed) */
void gdc_bias_owen_t_arb_timed(arb_t res, const arb_t h, const arb_t a, slong prec, double deadline);
void gdc_bias_owen_t_jac_arb_timed(arb_t res, arb_ptr jac, const arb_t h, const arb_t a, slong prec, double deadline);
void gdc_bias_bvn_arb_timed(arb_t res, const arb_t h, const arb_t k, const arb_t rho, slong prec, double deadline);
void gdc_bias_bvn_jac_arb_timed(arb_t res, arb_ptr jac, const arb_t h, const arb_t k, const arb_t rho, slong prec,
                                double deadline);

/* ---- MPFR point values (round to nearest at the precision of res) ---- */
void gdc_bias_m1_mpfr(mpfr_ptr res, mpfr_srcptr s, mpfr_srcptr b);
void gdc_bias_m2_mpfr(mpfr_ptr res, mpfr_srcptr s, mpfr_srcptr b);
void gdc_bias_owen_t_mpfr(mpfr_ptr res, mpfr_srcptr h, mpfr_srcptr a);
void gdc_bias_bvn_mpfr(mpfr_ptr res, mpfr_srcptr h, mpfr_srcptr k, mpfr_srcptr rho);
/* Phi(x), phi(x) at working precision w into res */
void gdc_bias_Phi_mpfr(mpfr_ptr res, mpfr_srcptr x, mpfr_prec_t w);
void gdc_bias_phi_mpfr(mpfr_ptr res, mpfr_srcptr x, mpfr_prec_t w);

#endif
