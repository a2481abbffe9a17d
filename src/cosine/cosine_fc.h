/* The Section-3 fully connected (FC) objective of 002_588e28744115f015.txt (eq. (2), App. B.1; seed-002 C5) and
 * its CORRECTED gradient (C8; the paper's grad_what display has three typos):
 *   F(w) = (c_k^2/2)|w_1 - u0|^2 + (1/2) E[(cos(w.z) - cos(ubar0.z))^2],  c_k = 3 sqrt(k), z ~ N(0, I_{dk}),
 *   grad_{w_1} F  = c_k^2 (w_1 - u0) - e^{-2N} w_1 + (1/2)e^{-Mm/2}(w_1 - u0) + (1/2)e^{-Mp/2}(w_1 + u0),
 *   grad_{what} F = -e^{-2N} what + (1/2)e^{-Mm/2}(what - uhat0) + (1/2)e^{-Mp/2}(what + uhat0),
 * N = |w|^2, Mm = |w - ubar0|^2, Mp = |w + ubar0|^2, what = (w_2..w_k), uhat0 = (u0..u0) (k-1 copies).
 * Scalar arguments x = {k, U, a1, t1, R, beta}: k >= 2 an integer, U = |u0|, a1 = |w_1|, t1 = angle(w_1, u0),
 * R = |what|, beta = angle(what, uhat0) (|uhat0| = sqrt(k-1) U).
 * Gradient outputs, per block b = 1 (w_1 against u0) and b = hat (what against uhat0), in the frame of
 * cosine.grad: the component along the unit block vector e = w_b/|w_b| and along n = (v/|v| - cos t e)/sin t, the
 * unit normal toward v = u0 (resp. uhat0) in the block's plane (t = t1, resp. beta). The outputs are the continuous
 * extensions of these components in the arguments: at t = 0 or pi, and at U = 0, the n component is its formula,
 * |v_b| sin t times a bounded factor, i.e. 0 (as for cosine.grad); at |w_b| = 0, e is the polar direction at angle
 * t from v_b (e.g. w = 0: grad_{w_1} F = -9k u0, components -9k U cos t1 and -9k U sin t1).
 */
#ifndef GDC_COSINE_FC_H
#define GDC_COSINE_FC_H
#include "core/registry.h"

/* cosine.fc_loss: out[0] = F */
void gdc_cosine_fc_loss_d(double *out, const double *x);
void gdc_cosine_fc_loss_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_cosine_fc_loss_mpfr(mpfr_ptr out, mpfr_srcptr x);
/* cosine.fc_grad: out = {<grad_{w_1} F, e_1>, <grad_{w_1} F, n_1>, <grad_what F, e_hat>, <grad_what F, n_hat>} */
void gdc_cosine_fc_grad_d(double *out, const double *x);
void gdc_cosine_fc_grad_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_cosine_fc_grad_mpfr(mpfr_ptr out, mpfr_srcptr x);
/* derivative enclosures (cosine_fc_deriv.c): registry fn_arb_jac / fn_arb_hess */
void gdc_cosine_fc_loss_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_cosine_fc_loss_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
void gdc_cosine_fc_grad_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);

/* Vector API: w = (w_1, ..., w_k), k blocks of dimension d (w_i = w + i d), u0 of dimension d; d >= 1, k >= 2.
 * gdc_cosine_fc_args: the scalar arguments x[6] (norms by gdc_vec_norm, angles by Kahan's formula, angle 0 when a
 * vector is 0). gdc_cosine_fc_loss_vec: F. gdc_cosine_fc_grad_vec: the full gradient g (k blocks of d) as
 * coefficient * vector, g_1 = c_k^2 (w_1 - u0) + cd (w_1 -+ u0) + cw w_1, g_i = cd (w_i -+ u0) + cw w_i (the
 * scalars from the cancellation-free scalar kernel; - near w = ubar0, + near w = -ubar0).
 * gdc_cosine_fc_frame: the unit vectors of the scalar outputs: e1, n1 (dimension d), eh, nh (d (k-1)). */
void gdc_cosine_fc_args(double *x, int d, int k, const double *w, const double *u0);
double gdc_cosine_fc_loss_vec(int d, int k, const double *w, const double *u0);
void gdc_cosine_fc_grad_vec(double *g, int d, int k, const double *w, const double *u0);
void gdc_cosine_fc_frame(double *e1, double *n1, double *eh, double *nh, int d, int k, const double *w,
                         const double *u0);

/* definition checks (cosine_fc_defs.c) */
int gdc_cosine_fc_loss_def_arb(arb_ptr out, const double *x, slong prec);
void gdc_cosine_fc_loss_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
int gdc_cosine_fc_grad_def_arb(arb_ptr out, const double *x, slong prec);
void gdc_cosine_fc_grad_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
#endif
