/* The one-hidden-layer non-overlapping CNN of 003_676a49ed0823cdd9.txt (Du, Lee, Tian, Poczos, Singh): the kernel
 * g(phi) of Theorem 2.1, the corrected population loss of Eq. (3), the profile and spurious-minimum losses, the
 * exact one-step angle update, the vector forms and the exact reduced population gradient descent (seed-003 C1,
 * C6-C8, C12, C17, C20). Scalars as in the catalogue: W = ||w*||, N = ||a*||^2, S = 1'a*, x = a'a*, s = 1'a,
 * n = ||a||^2, phi = angle(v, w*), K = k + pi - 1. */
#ifndef GDC_CNN_H
#define GDC_CNN_H
#include <stddef.h>
#include "gdc_arb.h"

/* g(phi) = (pi - phi) cos phi + sin phi and pi - g(phi), phi in [0, pi], cancellation-free (seed-003 C1). */
double gdc_cnn_g(double phi);
double gdc_cnn_pmg(double phi);
void gdc_cnn_g_arb(arb_t res, const arb_t phi, slong prec);
void gdc_cnn_pmg_arb(arb_t res, const arb_t phi, slong prec);
/* d/dphi (pi - g) = (pi - phi) sin phi and its derivative (pi - phi) cos phi - sin phi, any ball */
void gdc_cnn_pmg_d1_arb(arb_t res, const arb_t phi, slong prec);
void gdc_cnn_pmg_d2_arb(arb_t res, const arb_t phi, slong prec);
void gdc_cnn_g_mpfr(mpfr_t res, const mpfr_t phi);
void gdc_cnn_pmg_mpfr(mpfr_t res, const mpfr_t phi);

/* The corrected loss C6 in the centred grouping (pi - 1)(n - 2Wx + W^2 N) + (s - WS)^2 + 2W(pi - g)x, over 4 pi. */
double gdc_cnn_loss(double W, double N, double S, double phi, double x, double s, double n);
/* ell*(phi) = min_a ell (C12) = W^2 u ((2 pi - 2 - u) N + u S^2/K) / (4 pi (pi - 1)), u = pi - g(phi). */
double gdc_cnn_profile_loss(double k, double W, double N, double S, double phi);
/* out[0] = ell_sp = W^2 ((pi - 2) N + pi S^2/K)/(4 (pi - 1)); out[1] = a_sp'a* = W (pi S^2/K - N)/(pi - 1). */
void gdc_cnn_spurious(double *out, double k, double W, double N, double S);
/* The angle after one step with y = eta lambda (C17): atan2(sin phi |1 - y cos phi|, cos phi + y sin^2 phi). */
double gdc_cnn_angle_step(double phi, double y);

/* The gradients of Theorem 2.2 in reduced coordinates (C7, C8): out[0] = d ell/d phi = W x (pi - phi) sin phi/(2 pi)
 * (= ||v|| ||grad_v|| up to sign), out[1..3] = a*'grad_a, 1'grad_a, a'grad_a (cnn_grad.c). */
void gdc_cnn_grad(double *out, double k, double W, double N, double S, double phi, double x, double s, double n);

/* Arb enclosures, rigorous on any balls. x points to the row's arguments in order; jac (nout * nargs) and hess
 * (nout * nargs * nargs) may be NULL. */
void gdc_cnn_loss_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
void gdc_cnn_profile_loss_arb(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_cnn_spurious_arb(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_cnn_angle_step_arb(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_cnn_grad_arb(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
/* MPFR point values (out initialised by the caller with its precision). */
void gdc_cnn_loss_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_cnn_profile_loss_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_cnn_spurious_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_cnn_angle_step_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_cnn_grad_mpfr(mpfr_ptr out, mpfr_srcptr x);

/* Vector forms for users who hold v in R^p and a, a* in R^k, w* in R^p (C6-C8, C12). */
/* the loss in the centred form of C6: exact 0 at the global minimum, no cancellation near it */
double gdc_cnn_loss_vec(const double *v, const double *a, const double *wstar, const double *astar, size_t p,
                        size_t k);
/* gv[p] = grad_v ell (C7), ga[k] = grad_a ell (C8, centred form) */
void gdc_cnn_grad_vec(double *gv, double *ga, const double *v, const double *a, const double *wstar,
                      const double *astar, size_t p, size_t k);
/* a_opt(phi) = W/(pi - 1) ((g - 1) a* + (pi - g) S/K 1) (C12) */
void gdc_cnn_a_opt(double *aopt, double phi, double W, const double *astar, size_t k);

#endif
