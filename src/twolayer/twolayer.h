/* The two-neuron ReLU network x -> relu(w1.x) - relu(w2.x) fitting a linear target a.x, Gaussian inputs, of
 * 001_66813dc1ca3a5435.txt ("On the dynamics of learning linear functions with neural networks"; seed-001 C2, C5,
 * C12, C13): the population loss in the cancellation-free form (b), the Lemma 4 function h~ with the corrected
 * gamma_1, and the Lemma 3 contraction factors. n1 = ||w1||, n2 = ||w2||, theta = angle(w1, w2),
 * h(theta) = sin theta + (pi - theta) cos theta (the paper's k(theta)). */
#ifndef GDC_TWOLAYER_H
#define GDC_TWOLAYER_H
#include "gdc_arb.h"

/* h(theta) on [0, pi], cancellation-free (G3(pi - theta) near pi). */
double gdc_twolayer_h(double theta);
/* C5 (b): L = (e1^2 + e2^2)/4 - n1 n2 h(theta)/(2 pi), e1 = ||w1 - a||, e2 = ||w2 + a|| (any ||a||). */
double gdc_twolayer_loss(double e1, double e2, double n1, double n2, double theta);
/* C12: h~(theta, psi; alpha, kappa) = g0 - G^2/(4q) + q max(0, s_min - G/(2q))^2, n1 = cos psi, n2 = sin psi,
 * q = 1 - 2 alpha, gamma_1 = (3 pi - theta - sin theta n2/n1)/(2 pi) - 2 alpha (corrected sign). */
double gdc_twolayer_htilde(double theta, double psi, double alpha, double kappa);
/* C13: out[0] = p + q = 1 - mu (theta - sin theta)/(2 pi), out[1] = p - q = 1 - mu (theta + sin theta)/(2 pi). */
void gdc_twolayer_sum_step(double *out, double theta, double mu);

/* Arb enclosures with first and second derivatives, rigorous on any balls; jac (nout * nargs) and hess
 * (nout * nargs * nargs) may be NULL. Arguments in the order of the double functions. */
void gdc_twolayer_loss_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
void gdc_twolayer_htilde_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
void gdc_twolayer_sum_step_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);

/* MPFR point values by the catalogue's direct formulas at a working precision that absorbs their cancellation. */
void gdc_twolayer_loss_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_twolayer_htilde_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_twolayer_sum_step_mpfr(mpfr_ptr out, mpfr_srcptr x);

#endif
