/* The two-neuron ReLU network x -> relu(w1.x) - relu(w2.x) fitting a linear target a.x, Gaussian inputs, of
 * 001_66813dc1ca3a5435.txt ("On the dynamics of learning linear functions with neural networks"; seed-001 C2, C5,
 * C9, C11, C12, C13): the population loss in the cancellation-free form (b), the Lemma 4 function h~ with the corrected
 * gamma_1, the Lemma 3 contraction factors and the Hessian quadratic form. n1 = ||w1||, n2 = ||w2||, theta = angle(w1, w2),
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

/* C9 (eq. (9)): the population Hessian as the quadratic form d^T grad^2 L d, v = (1, -1), n1 = cos psi,
 * n2 = sin psi (it depends on the norm ratio only), theta = angle(w1, w2), psi in (0, pi/2), theta in [0, pi]
 * (the limits at theta = 0, pi included), d[6] = (x1, y1, z1, x2, y2, z2): d1 = x1 w1bar + y1 e12 + z1 u,
 * d2 = x2 w2bar + y2 e21 + z2 u, e12 (e21) the unit vector orthogonal to w1bar (w2bar) in the plane of w1, w2
 * towards the other neuron, u a unit vector orthogonal to the plane (each such u has the same 2 x 2 block). */
double gdc_twolayer_hess_form(double psi, double theta, const double *d);
/* C17 (Lemma 11): for unit a, u at angle theta, out[0] = E[1{a.x >= 0} relu(u.x)] = (1 + cos theta)/(2 sqrt(2 pi)),
 * out[1] = E[1{a.x >= 0} relu(u.x)^2] = (pi - theta + sin theta cos theta)/(2 pi), theta in [0, pi]. */
void gdc_twolayer_halfspace(double *out, double theta);
/* C19 (Lemma 11, population): for unit a, w = a + h at angle tw in [0, pi] from a and h at angle phi from a,
 * E[1{a.x >= 0} 1{w.x >= 0} (x.h)^2]/|h|^2 = ((pi - tw) + cos(tw - 2 phi) sin(pi - tw))/(2 pi). */
double gdc_twolayer_wedge(double tw, double phi);
/* C18 (Lemma 11, Case II): f(beta, eps) = E[1{a.x >= 0} S(u.x, a.x/eps)], S the tent (0 outside [0, w], v on
 * [0, w/2], w - v on [w/2, w]), beta = angle(a, u) in [0, pi], eps in [0, 4]; equal to
 * (1 + |u - a/eps| - 2 |u - a/(2 eps)|)/(2 sqrt(2 pi)). */
double gdc_twolayer_tent(double beta, double eps);
/* C11 (App. A.4): <W - W*, grad L(W)> for v = (1, -1), W* = (a, -a), ||a|| = 1, in the difference vectors
 * w1 - a = e1 (cos p1, sin p1, 0), -(w2 + a) = e2 (cos p2, sin p2 cos chi, sin p2 sin chi), a = (1, 0, 0):
 * e1, e2 >= 0, p1, p2, chi in [0, pi]; cancellation-free near W* (twolayer_corr.c). Undefined at w1 = 0 or w2 = 0. */
double gdc_twolayer_corr(double e1, double e2, double p1, double p2, double chi);
/* C10, C11 (Lemma 4): corr/||W - W*||_F^2 at e1 = rho cos alpha, e2 = rho sin alpha, rho in [0, 1/2], alpha in
 * [0, pi/2], p1, p2, chi as for corr; 1/2 at rho = 0 (its limit), cancellation-free (twolayer_corr_ratio.c). */
double gdc_twolayer_corr_ratio(double rho, double alpha, double p1, double p2, double chi);

/* C4, C7 (eq. (6), (8)): k neurons, r outputs, inputs in R^d; W (k x d, rows w_i), V (k x r, rows v_i), A (r x d)
 * row-major. The loss L = E||V^T relu(W x) - A x||^2/2 in the paper's form (it cancels near a zero of the loss:
 * for k = 2, r = 1 use gdc_twolayer_loss), and its gradient G (k x d) with respect to W; the gradient returns -1
 * (G unspecified) if some w_i = 0, where it is undefined (C6), else 0. */
double gdc_twolayer_loss_general(int k, int r, int d, const double *W, const double *V, const double *A);
int gdc_twolayer_grad_general(double *G, int k, int r, int d, const double *W, const double *V, const double *A);

/* Arb enclosures with first and second derivatives, rigorous on any balls; jac (nout * nargs) and hess
 * (nout * nargs * nargs) may be NULL. Arguments in the order of the double functions. */
void gdc_twolayer_loss_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
void gdc_twolayer_htilde_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
void gdc_twolayer_sum_step_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
void gdc_twolayer_hess_form_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
void gdc_twolayer_halfspace_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
void gdc_twolayer_wedge_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
void gdc_twolayer_tent_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
/* corr by jets (core/jet.h): value, and jac / hess (indeterminate Hessian where w1, w2 may be antiparallel) */
void gdc_twolayer_corr_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_twolayer_corr_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_twolayer_corr_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
/* corr_ratio by jets: value, and jac / hess (indeterminate where the box contains rho = 0) */
void gdc_twolayer_corr_ratio_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_twolayer_corr_ratio_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_twolayer_corr_ratio_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);

/* MPFR point values by the catalogue's direct formulas at a working precision that absorbs their cancellation. */
void gdc_twolayer_loss_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_twolayer_htilde_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_twolayer_sum_step_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_twolayer_hess_form_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_twolayer_halfspace_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_twolayer_wedge_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_twolayer_tent_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_twolayer_corr_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_twolayer_corr_ratio_mpfr(mpfr_ptr out, mpfr_srcptr x);

#endif
