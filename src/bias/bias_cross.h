/* Internal: the reduced parameters of the cross-moment rows (s, bw, t, bv, theta) shared by their double kernels
 * (bias_cross_double.c), Arb (bias_cross_arb.c) and MPFR (bias_cross_mpfr.c) versions; seed-004 C11-C13. */
#ifndef GDC_BIAS_CROSS_H
#define GDC_BIAS_CROSS_H
#include <math.h>
#include "gdc_arb.h"

/* J, F(w) - F(0), F; the gradient components of F (C13): along w~/|w~| (GS), along the unit normal to w~ in
 * span(w~, v~) towards v~ (GN), dF/dbw (GB); and <grad F(w), w - v> (C15, CORR) */
enum { GDC_BIAS_J, GDC_BIAS_GAP, GDC_BIAS_F, GDC_BIAS_GS, GDC_BIAS_GN, GDC_BIAS_GB, GDC_BIAS_CORR,
       GDC_BIAS_GS_M1 /* int_{x <= h} phi(x) x m1(t r, mu) dx: the part of GS left after s Phi(h) */ };

typedef struct {
    double s, bw, t, bv, rho, r, h, sr, d0, d1;
} gdc_bias_cross_t;

void gdc_bias_cross_setup(gdc_bias_cross_t *c, const double *x);
double gdc_bias_cross_integrand(int kind, const gdc_bias_cross_t *p, double x);
double gdc_bias_m1z(double s, double mu);
double gdc_bias_m2z(double s, double mu);
/* phi(x) Phi(z) and phi(x) G1(z) as one product, normal wherever the product is (bias_double.c) */
double gdc_bias_phi_Phi(double x, double z);
double gdc_bias_phi_G1(double x, double z);
double gdc_bias_cross_kind(int kind, const double *x);
double gdc_bias_cross(const double *x);    /* E[relu(a) relu(b)] */
double gdc_bias_loss_gap(const double *x); /* F(w) - F(0) */
double gdc_bias_loss(const double *x);     /* F(w) */

/* Arb: x[5] = (s, bw, t, bv, theta) balls; jac[5] when non-NULL */
void gdc_bias_cross_kind_arb(int kind, arb_t res, arb_ptr jac, arb_srcptr x, slong prec);
/* the same under a deadline (core/deadline.h, 0: none): indeterminate once it has passed (the Phi2 integral gives up) */
void gdc_bias_cross_kind_arb_timed(int kind, arb_t res, arb_ptr jac, arb_srcptr x, slong prec, double deadline);
void gdc_bias_cross_kind_mpfr(int kind, mpfr_ptr res, mpfr_srcptr x);

/* gradient rows: out = (GS, GN, GB) or (CORR) (bias_grad_arb.c, bias_grad_mpfr.c) */
void gdc_bias_grad_arb(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_bias_corr_arb(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_bias_grad_arb_timed(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec, double deadline);
void gdc_bias_corr_arb_timed(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec, double deadline);
void gdc_bias_grad_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_bias_corr_mpfr(mpfr_ptr out, mpfr_srcptr x);
/* Bits the cancellation near w = v costs the MPFR forms: -log2 |w - v|^2 bounded above by the smallest of
 * -log2 of the three terms of |w - v|^2 = (s - t)^2 + 4 s t sin^2(theta/2) + (bw - bv)^2, each in log form (with the
 * squared sum formed in doubles, theta = 2^-1074 underflowed to q = 0 and got no extra bits) */
static inline double gdc_bias_near_bits(double s, double bw, double t, double bv, double th)
{
    double ls = th < 1e-3 ? log2(th) - 1 : log2(sin(th / 2)); /* log2 sin(theta/2), sin x = x (1 - O(1e-7)) */
    double l = th > 0 ? log2(4 * s * t) + 2 * ls : -INFINITY;
    if (s != t)
        l = fmax(l, 2 * log2(fabs(s - t)));
    if (bw != bv)
        l = fmax(l, 2 * log2(fabs(bw - bv)));
    return isfinite(l) ? fmax(0.0, 1 - l) : 0.0;
}
#endif
