/* The ReLU arc-cosine family (Gaussian input x ~ N(0, I_d), sigma = ReLU; seed-000 C18-C24, seed-001 C1-C2,
 * seed-003 C1-C2). t is the angle between w and the target v (||v|| = 1 unless said), r = ||w||.
 *   h(t) = sin t + (pi - t) cos t        J(t) = sin t - t cos t = h(pi - t)
 *   Q = ||w - v||^2 = (1 - r)^2 + 4 r sin^2(t/2)
 *   D = (1 - r)(t - sin t) + 2 sin^2(t/2)(r t + sin t) = (t - sin t) + (1 - cos t) sin t + r J(t)
 * Double kernels are accurate to a few ulps (or the input sensitivity) everywhere in the domain. */
#ifndef GDC_RELU_H
#define GDC_RELU_H
#include <stddef.h>
#include "gdc_arb.h"
#include "core/angle.h"

/* ---- double kernels (t in [0, pi], r >= 0; r > 0 for angle_rate and hess_eig) ---- */
double gdc_relu_h(double t);
double gdc_relu_J(double t);
double gdc_relu_step(double t);                          /* (pi - t)/(2 pi) */
double gdc_relu_kernel(double a, double b, double t);    /* a b h(t)/(2 pi) */
double gdc_relu_loss(double r, double t);                /* Q/4 - r J/(2 pi) */
void gdc_relu_grad(double out[2], double r, double t);   /* r/2 - h/(2 pi), -(pi - t) sin t/(2 pi) */
double gdc_relu_corr(double r, double t);                /* Q/2 - D/(2 pi) */
double gdc_relu_corr_ratio(double r, double t);          /* corr/Q, 1/2 at (1, 0) */
double gdc_relu_norm_rate(double r, double t);           /* -r^2 + r h/pi */
double gdc_relu_angle_rate(double r, double t);          /* -(pi - t) sin t/(2 pi r) */
void gdc_relu_hess_eig(double out[3], double r, double t); /* 1/2, 1/2 - sin t/(pi r), 1/2 - sin t/(2 pi r) */

/* ---- Arb enclosures: rigorous over any balls at their points in the domain, t in [0, pi] (a ball of pi reaches
 * past pi; h and the jets use pi - t >= 0 there); arb_indeterminate where the expression is singular ---- */
void gdc_relu_h_arb(arb_t res, const arb_t t, slong prec);
void gdc_relu_J_arb(arb_t res, const arb_t t, slong prec);
void gdc_relu_step_arb(arb_t res, const arb_t t, slong prec);
void gdc_relu_kernel_arb(arb_t res, const arb_t a, const arb_t b, const arb_t t, slong prec);
void gdc_relu_loss_arb(arb_t res, const arb_t r, const arb_t t, slong prec);
void gdc_relu_grad_arb(arb_ptr res, const arb_t r, const arb_t t, slong prec);
void gdc_relu_corr_arb(arb_t res, const arb_t r, const arb_t t, slong prec);
void gdc_relu_corr_ratio_arb(arb_t res, const arb_t r, const arb_t t, slong prec);
void gdc_relu_norm_rate_arb(arb_t res, const arb_t r, const arb_t t, slong prec);
void gdc_relu_angle_rate_arb(arb_t res, const arb_t r, const arb_t t, slong prec);
void gdc_relu_hess_eig_arb(arb_ptr res, const arb_t r, const arb_t t, slong prec);
/* pi - t with a relative accuracy of about prec bits even when t is close to pi */
void gdc_relu_pi_minus_arb(arb_t res, const arb_t t, slong prec);
/* the same intersected with [0, inf): pi - min(t, pi) for t >= 0 (t lies in [0, pi] at the rows' points) */
void gdc_relu_pi_minus_dom_arb(arb_t res, const arb_t t, slong prec);
/* internal helpers shared with the derivative enclosures (relu_deriv*.c):
 * sin t and cos t from e = pi - t when t is above pi/2 (relative accuracy near pi); 0 <= t <= pi on the whole
 * ball; a b as an interval product (the four corner products); */
void gdc_relu_sin_cos_arb(arb_t s, arb_t c, const arb_t t, const arb_t e, slong prec);
int gdc_relu_t_in_domain(const arb_t t, slong prec);
void gdc_relu_iv_mul(arb_t res, const arb_t a, const arb_t b, slong prec);
/* sin^2(t/2), by its monotonicity in |t| on [-pi, pi] on wide balls */
void gdc_relu_sin2_half_arb(arb_t res, const arb_t t, slong prec);
/* res = a intersected with b; a non-finite enclosure is replaced by the other one */
void gdc_relu_isect(arb_t res, const arb_t a, const arb_t b, slong prec);
/* relu.norm_rate and relu.kernel from an enclosure h of relu.h(t) (the same result as from t) */
void gdc_relu_norm_rate_from_h(arb_t res, const arb_t r, const arb_t h, slong prec);
void gdc_relu_kernel_from_h(arb_t res, const arb_t a, const arb_t b, const arb_t h, slong prec);

/* ---- MPFR values, rounded to the precision of res (the transcription of the formulas above) ---- */
void gdc_relu_h_mpfr(mpfr_t res, const mpfr_t t);
void gdc_relu_J_mpfr(mpfr_t res, const mpfr_t t);
void gdc_relu_step_mpfr(mpfr_t res, const mpfr_t t);
void gdc_relu_kernel_mpfr(mpfr_t res, const mpfr_t a, const mpfr_t b, const mpfr_t t);
void gdc_relu_loss_mpfr(mpfr_t res, const mpfr_t r, const mpfr_t t);
void gdc_relu_grad_mpfr(mpfr_ptr res, const mpfr_t r, const mpfr_t t);
void gdc_relu_corr_mpfr(mpfr_t res, const mpfr_t r, const mpfr_t t);
void gdc_relu_corr_ratio_mpfr(mpfr_t res, const mpfr_t r, const mpfr_t t);
void gdc_relu_norm_rate_mpfr(mpfr_t res, const mpfr_t r, const mpfr_t t);
void gdc_relu_angle_rate_mpfr(mpfr_t res, const mpfr_t r, const mpfr_t t);
void gdc_relu_hess_eig_mpfr(mpfr_ptr res, const mpfr_t r, const mpfr_t t);

/* ---- vector API (d >= 1; angles by Kahan's formula, see core/angle.h) ---- */
/* E[relu(w.x) relu(v.x)] = |w| |v| h(angle)/(2 pi) */
double gdc_relu_kernel_vec(const double *w, const double *v, size_t d);
/* F(w) = E[(relu(w.x) - relu(v.x))^2]/2 = ||w - v||^2/4 - |w| |v| J(angle)/(2 pi), any v */
double gdc_relu_loss_vec(const double *w, const double *v, size_t d);
/* g = grad F(w) = w/2 - (|v| sin t w/|w| + (pi - t) v)/(2 pi), any v; w must be non-zero (for w = 0
 * g receives the convention value grad F(0) = -v/2 of seed-000 C5). */
void gdc_relu_grad_vec(double *g, const double *w, const double *v, size_t d);

/* ---- Gram matrix (NNGP kernel of a one-hidden-layer ReLU network, w ~ N(0, I_d)) ----
 * K[i n2 + j] = E[relu(w.x_i) relu(w.y_j)] = |x_i| |y_j| h(t_ij)/(2 pi) for the rows x_i of X1 (n1 x d) and y_j of
 * X2 (n2 x d), all row-major; angles by Kahan's formula and its mirror (core/gram.h): exact diagonal (|x|^2/2), no NaN
 * for parallel or anti-parallel rows. Returns 0, or -1 if d == 0 or memory is short. */
int gdc_relu_gram(double *K, const double *X1, size_t n1, const double *X2, size_t n2, size_t d);
/* a b h(t)/(2 pi) with e = pi - t given separately (accurate near t = pi when e is) */
double gdc_relu_kernel_mirror(double a, double b, double t, double e);

/* ---- deep kernels (relu_deep*.c): NNGP and NTK of a bias-free fully connected ReLU network with L >= 0 hidden
 * layers, weights N(0, 2/fan-in) (Arora et al. 2019 eqs. (4)-(7) with c_sigma = 2), from the norms a = |x|,
 * b = |y| and the angle t of the two inputs:
 *   Sigma_0 = a b cos t, Sigma_l = a b rho_l, rho_l = h(theta_{l-1})/pi, cos theta_l = rho_l (theta_0 = t),
 *   Theta_0 = Sigma_0, Theta_l = Theta_{l-1} (pi - theta_{l-1})/pi + Sigma_l.
 * L = 1 gives Sigma_1 = 2 gdc_relu_kernel(a, b, t). 1 - rho_L is carried (it tends to 0 with depth and with t),
 * never acos of rho. L in [0, 1000]. ---- */
/* out[0] = Sigma_L = a b rho_L, out[1] = a b (1 - rho_L) */
void gdc_relu_nngp(double out[2], int L, double a, double b, double t);
/* Theta_L */
double gdc_relu_ntk(int L, double a, double b, double t);
/* the same with e = pi - t given separately (Kahan's mirror angle: accurate near t = pi when e is) */
void gdc_relu_nngp_mirror(double out[2], int L, double a, double b, double t, double e);
double gdc_relu_ntk_mirror(int L, double a, double b, double t, double e);
/* Arb (x = (L, a, b, t); L an exact integer ball, else indeterminate) and its first derivatives (jac[k*4 + j]) */
void gdc_relu_nngp_arb(arb_ptr res, arb_srcptr x, slong prec);
void gdc_relu_nngp_jac_arb(arb_ptr res, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_relu_ntk_arb(arb_ptr res, arb_srcptr x, slong prec);
void gdc_relu_ntk_jac_arb(arb_ptr res, arb_ptr jac, arb_srcptr x, slong prec);
/* and second derivatives (hess[(k*4 + i)*4 + j]); jac or hess may be NULL */
void gdc_relu_nngp_hess_arb(arb_ptr res, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
void gdc_relu_ntk_hess_arb(arb_ptr res, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
void gdc_relu_nngp_mpfr(mpfr_ptr res, mpfr_srcptr x);
void gdc_relu_ntk_mpfr(mpfr_ptr res, mpfr_srcptr x);
/* Gram matrices of Sigma_L and Theta_L (as gdc_relu_gram: Kahan angles, exact diagonal |x|^2 for Sigma_L and
 * (L + 1) |x|^2 for Theta_L, no NaN); returns 0, or -1 if d == 0, L is outside [0, 1000] or memory is short */
int gdc_relu_nngp_gram(double *K, const double *X1, size_t n1, const double *X2, size_t n2, size_t d, int L);
int gdc_relu_ntk_gram(double *K, const double *X1, size_t n1, const double *X2, size_t n2, size_t d, int L);

#endif
