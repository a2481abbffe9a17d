/* The Section-4 losses and gradients of 002_588e28744115f015.txt (eq. (1), Lemma 3, Lemma 5, Corollary 1;
 * seed-002 C15-C17, C20-C23) for the FC and WS architectures:
 *   F^(1)(w)   = (1/2)(V(w1,w1) - 2 V(w1,u0) + V(u0,u0)),
 *   F^(k)(w)   = (1/2)(prod_l V(wl,wl) - 2 prod_l V(wl,u0) + V(u0,u0)^k),
 *   F^(1,k)(w) = F^(1) + F^(k) for k >= 2 (Lemma 3); for k = 1 the predictor of eq. (1) is p = 2 erf(w1.x1), so
 *                F^(1,1) = 4 F^(1) (C17), and that is what the rows return (its gradient is 4 grad F^(1)).
 * A block w_l enters only through a_l = |w_l| and t_l = angle(w_l, u0) (C13); U = |u0|. A block gradient is
 * returned as its components along w_l/|w_l| and along the unit normal n_l to w_l in span{u0, w_l} pointing
 * toward u0 (C20/C23). At a_l = 0 the frame is the limit along the ray at angle t_l (the gradient vector itself is
 * continuous there); at t_l in {0, pi} the normal component is 0 (the gradient lies along w_l).
 *
 * Registry rows (args, outputs):
 *   erf.ws_loss {k, U, a, t}             -> F^(1,k)_WS(w0), F^(1)(w0), F^(k)_WS(w0)
 *   erf.ws_grad {k, U, a, t}             -> <grad, w0/|w0|>, <grad, n>, |grad F^(1,k)_WS(w0)|
 *   erf.fc_loss {k, U, a1, t1, a, t}     -> F^(1,k)(w), F^(1)(w1), F^(k)(w)   (w1 = (a1, t1), w2..wk = (a, t))
 *   erf.fc_grad {k, U, a1, t1, a, t}     -> block 1 (<., w1hat>, <., n1>), block 2 (<., w2hat>, <., n2>)
 *                                          (block 2 stands for any of the equal blocks 2..k; 0 when k = 1)
 *
 * A general FC point is a list of groups of equal blocks: group g has (a_g, t_g) and multiplicity m_g >= 0;
 * block 1 (the one with the linear term) belongs to group 0, so m_0 >= 1; k = sum m_g. The WS point is the
 * single group (a, t, k). */
#ifndef GDC_ERF_FC_H
#define GDC_ERF_FC_H
#include <stddef.h>
#include "core/registry.h"

void gdc_erf_ws_loss_d(double *out, const double *x);
void gdc_erf_ws_loss_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_erf_ws_loss_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_erf_ws_grad_d(double *out, const double *x);
void gdc_erf_ws_grad_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_erf_ws_grad_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_erf_fc_loss_d(double *out, const double *x);
void gdc_erf_fc_loss_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_erf_fc_loss_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_erf_fc_grad_d(double *out, const double *x);
void gdc_erf_fc_grad_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_erf_fc_grad_mpfr(mpfr_ptr out, mpfr_srcptr x);

/* derivative enclosures (erf_fc_deriv.c): gdc_arb_jac_fn and gdc_arb_hess_fn of the four rows */
#define GDC_ERF_FC_DERIV_DECL(name)                                                                              \
    void gdc_erf_##name##_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);                              \
    void gdc_erf_##name##_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
GDC_ERF_FC_DERIV_DECL(ws_loss)
GDC_ERF_FC_DERIV_DECL(ws_grad)
GDC_ERF_FC_DERIV_DECL(fc_loss)
GDC_ERF_FC_DERIV_DECL(fc_grad)

/* ---- general FC point (double kernels; same accuracy as the rows) ---- */
#define GDC_ERF_FC_MAX_GROUPS 64

/* loss[3] = {F^(1,k), F^(1), F^(k)} at the groups (a[g], t[g], m[g]), g < ng <= GDC_ERF_FC_MAX_GROUPS, U = |u0|.
 * Returns 0, or -1 (with loss untouched) for an invalid point (ng out of range, m[0] < 1, a negative m, a norm
 * < 0, an angle outside [0, pi], a non-finite value). */
int gdc_erf_fc_groups_loss_d(double *loss, double U, int ng, const double *a, const double *t, const long *m);
/* Gradient of F^(1,k) with respect to one block of group h: gw = <grad, w/|w|>, gn = <grad, n>. first = 1 for
 * block 1 itself (h must be 0), 0 for another block of group h (which must then have such a block).
 * Returns 0 or -1 as above. */
int gdc_erf_fc_groups_grad_d(double *gw, double *gn, double U, int ng, const double *a, const double *t,
                             const long *m, int h, int first);

/* Vector form: u0 in R^d, w = (w_1, ..., w_k) stored block after block (k*d doubles). Norms by gdc_vec_norm and
 * angles by Kahan's formula (core/angle.h); each block is its own group. loss[3] as above; grad (k*d doubles)
 * receives grad_{w_l} F^(1,k) = gw_l w_l/|w_l| + gn_l n_l. k <= GDC_ERF_FC_MAX_GROUPS. Returns 0 or -1. */
int gdc_erf_fc_vec_loss_d(double *loss, long k, size_t d, const double *u0, const double *w);
int gdc_erf_fc_vec_grad_d(double *grad, long k, size_t d, const double *u0, const double *w);
/* The frame of one block: what = w/|w| (u0/|u0| when w = 0) and r = u0/|u0| - <u0/|u0|, what> what
 * (|r| = sin t, r = sin(t) n; r = 0 when u0 = 0). */
void gdc_erf_fc_frame_d(double *what, double *r, const double *w, const double *u0, size_t d);

/* ---- definition checks (erf_fc_defs.c) ---- */
int gdc_erf_ws_loss_def_arb(arb_ptr out, const double *x, slong prec);
void gdc_erf_ws_loss_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
int gdc_erf_ws_grad_def_arb(arb_ptr out, const double *x, slong prec);
void gdc_erf_ws_grad_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
int gdc_erf_fc_loss_def_arb(arb_ptr out, const double *x, slong prec);
void gdc_erf_fc_loss_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
int gdc_erf_fc_grad_def_arb(arb_ptr out, const double *x, slong prec);
void gdc_erf_fc_grad_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
#endif
