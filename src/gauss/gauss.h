/* The gauss family: Gaussian geometry and initialisation probabilities used by the audit of
 * 000_09c7d5b8511ab65b.txt (Yehudai and Shamir): the Lemma B.1 wedge integral (C13, B6), the Lemma 5.1
 * probability and bounds (C15, B8, S2), the initialisation probabilities (C27, B19), chi-square tails and
 * the Theorem 3.1 binomial failure probability (B1, S3). Each row has a double kernel, an Arb enclosure,
 * an MPFR value and definition checks; see gauss_rows.c for the registry table. */
#ifndef GDC_GAUSS_H
#define GDC_GAUSS_H
#include <stdint.h>
#include "core/registry.h"

/* gauss.wedge (alpha, phi): alpha^4 (phi - sin phi)/8, alpha^4 sin^3(phi/4)/(8 sqrt2) */
void gdc_gauss_wedge_d(double *out, const double *x);
void gdc_gauss_wedge_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_gauss_wedge_mpfr(mpfr_ptr out, mpfr_srcptr x);
int gdc_gauss_wedge_def_arb(arb_ptr out, const double *x, slong prec);

/* gauss.lemma51 (d, taud): exact P(||w - v||^2 <= 1 - 2 tau^2 d), paper bound, corrected bound */
void gdc_gauss_lemma51_d(double *out, const double *x);
void gdc_gauss_lemma51_arb(arb_ptr out, arb_srcptr x, slong prec);
/* the same under a deadline (core/deadline.h; 0: none): the integral gives up once it has passed (output 0
 * indeterminate) */
void gdc_gauss_lemma51_arb_timed(arb_ptr out, arb_srcptr x, slong prec, double deadline);
void gdc_gauss_lemma51_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_gauss_lemma51_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);

/* gauss.angle_tail (d): P(theta(w, v) > 3 pi/4) = I_{1/2}((d-1)/2, 1/2)/2 */
void gdc_gauss_angle_tail_d(double *out, const double *x);
void gdc_gauss_angle_tail_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_gauss_angle_tail_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_gauss_angle_tail_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);

/* gauss.cap (d, a): P(u1 >= a) for u uniform on S^{d-1} = I_{1-a^2}((d-1)/2, 1/2)/2 (cap.c) */
void gdc_gauss_cap_d(double *out, const double *x);
void gdc_gauss_cap_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_gauss_cap_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_gauss_cap_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_gauss_cap_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
int gdc_gauss_cap_def_arb(arb_ptr out, const double *x, slong prec);

/* gauss.norm_tail (d): P(||w|| > 2) = Q(d/2, 2d); gauss.chi2_tail (d, c): P(chi2_d >= c d) = Q(d/2, c d/2) */
void gdc_gauss_norm_tail_d(double *out, const double *x);
void gdc_gauss_norm_tail_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_gauss_norm_tail_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_gauss_norm_tail_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
void gdc_gauss_chi2_tail_d(double *out, const double *x);
void gdc_gauss_chi2_tail_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_gauss_chi2_tail_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_gauss_chi2_tail_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);

/* gauss.binom_fail (d): P(Bin(d, 1/2) < d/4) */
void gdc_gauss_binom_fail_d(double *out, const double *x);
void gdc_gauss_binom_fail_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_gauss_binom_fail_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_gauss_binom_fail_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);

/* derivative enclosures (gauss_deriv.c): registry fn_arb_jac / fn_arb_hess */
void gdc_gauss_wedge_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_gauss_wedge_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
void gdc_gauss_lemma51_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_gauss_lemma51_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
/* fn_arb_timed of gauss.lemma51: value (jac NULL), first or second order under a deadline */
void gdc_gauss_lemma51_timed(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec, double deadline);
void gdc_gauss_chi2_tail_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_gauss_chi2_tail_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
/* fn_arb_timed of gauss.chi2_tail, gauss.norm_tail, gauss.angle_tail: refuse (indeterminate outputs) an Arb call
 * the measured cost model of budget.c says cannot finish before the deadline */
void gdc_gauss_chi2_tail_timed(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec, double deadline);
void gdc_gauss_norm_tail_timed(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec, double deadline);
void gdc_gauss_angle_tail_timed(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec, double deadline);
/* budget.c: 1 when no deadline (0) or the time left covers one incomplete gamma/beta call at prec (exact: the
 * argument z is a point); gdc_gauss_give_up sets v[0..n) indeterminate (v may be NULL) */
int gdc_gauss_affordable(double deadline, slong prec, long d, int exact);
void gdc_gauss_give_up(arb_ptr v, slong n);
/* d/dtau of the exact Lemma 5.1 probability P(tau) (output 0) at tau = t/d, over the ball t (lemma51.c) */
void gdc_gauss_lemma51_dexact_arb(arb_t res, long d, const arb_t t, slong prec, double deadline);

/* helpers shared by the files of the family */
/* sum of squares of n standard normals, and one normal, from the seeded generator */
double gdc_gauss_sumsq_normals(gdc_rng_t *rng, long n);
/* standard error of a Monte Carlo frequency hits/samples: sqrt(p(1-p)/N), with p(1-p) raised to at least 1/N
 * so that an event too rare to be hit gets the resolution of one hit instead of a zero error */
double gdc_gauss_mc_se(long hits, long samples);

#endif
