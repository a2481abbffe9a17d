/* Small Arb helpers of the ball family (rigorous on wide balls). */
#ifndef GDC_BALL_UTIL_H
#define GDC_BALL_UTIL_H
#include "gdc_arb.h"
#include "core/arb_int.h"

/* C_d = Gamma(d/2 + 1)/(sqrt(pi) Gamma((d + 1)/2)), the normaliser of (1 - t^2)^((d-1)/2) on [-1, 1] */
void gdc_ball_cd(arb_t res, long d, slong prec);
/* res = z^(e/2) for an integer e >= 0, the part of z below 0 discarded (z^0 = 1) */
void gdc_ball_pow_half(arb_t res, const arb_t z, long e, slong prec);
/* x := x intersected with [0, inf) (x must contain a non-negative number) */
void gdc_ball_clamp_nonneg(arb_t x);
/* res = x clamped to [-1, 1] (the image of x under y -> max(-1, min(1, y)): x intersected with [-1, 1] where
 * they meet, the nearer end where x lies outside) */
void gdc_ball_clamp_unit(arb_t res, const arb_t x, slong prec);
/* ball.disk_cross's value and derivative enclosures (hess may be NULL), without their 2^-40 widening at exact
 * degenerate points */
void gdc_ball_disk_cross_jac_tight(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
/* P(s y1 + bw > 0, t (cos th y1 + sin th y2) + bv > 0) for y uniform on the unit disk, and its gradient when jac
 * is not NULL (ball_disk_arb.c) */
void gdc_ball_disk_both_arb(arb_t out, arb_ptr jac, arb_srcptr x, slong prec);
/* both of the above from one sweep of the disk pieces: K (with jk, hk when not NULL) rounded to prec_k, P (with jp)
 * to prec_p */
void gdc_ball_disk_cross_both(arb_ptr k, arb_ptr jk, arb_ptr hk, slong prec_k, arb_ptr p, arb_ptr jp, arb_srcptr x,
                              slong prec_p);
/* the roots of (t cos th y + bv)^2 = (t sin th)^2 (1 - y^2) in y (where G's case changes) enclosed for every point of
 * the box x (r[0] the + root, r[1] the - root); returns 0 (r untouched) unless t > 0 and t^2 - bv^2 may be >= 0 */
int gdc_ball_disk_roots(arb_ptr r, arb_srcptr x, slong prec);
/* 1 if the exact point x is degenerate for the disk pieces (a breakpoint on y = +-1 or two coinciding) */
int gdc_ball_disk_degenerate(arb_srcptr x, slong prec);
/* a vector integrand: res[0..nw) = f(v) for the caller's nw; analytic != 0: holomorphic on the complex ball v, or
 * some output non-finite */
typedef int (*gdc_ball_vec_fn)(acb_ptr res, const acb_t v, void *param, int analytic, slong prec);
/* the rules' defect bound: |Q~(T_k) - int T_k| <= 2^GL_DEFECT_LOG for k < 2n (ball_dcross_quad.c) */
#define GL_DEFECT_LOG (-96)
/* res[k] = int_0^1 f_k(v) dv, k < nw, with total truncation error at most 2^-goal; wide: f depends on wide parameter
 * balls, and the error may grow to a fraction of the width they cause (ball_dcross_quad.c) */
void gdc_ball_gl_integrate(arb_ptr res, gdc_ball_vec_fn f, void *param, int nw, int wide, slong goal, slong prec);
/* the n-point table rule (n = 8, 16, 32) on [-1, 1]: nodes x[0..n) and weights w[0..n); 0 if there is none */
int gdc_ball_gl_rule(arb_ptr x, arb_ptr w, int n, slong prec);
/* ball.dcross's radial parts g[0..nw) = ((m + 1)/pi) int_0^1 r^2 (1 - r^2)^m (Phi, r Phi_A, Phi_b, Phi_theta)(t r) dr
 * in closed form (ball_dcross_closed.c) for t > 0, theta in [0, pi] given as balls of relative accuracy at least
 * minacc bits (points, or the prover's near-points); returns 0 where it does not apply (every case decided for the
 * whole ball) or misses the accuracy the quadrature would aim at */
int gdc_ball_dcross_closed(arb_ptr g, int nw, long d, const arb_t t, const arb_t b, const arb_t th, slong minacc,
                           slong prec);
/* acc[0..nw) += int_lo^hi r^2 (1 - r^2)^m (Phi, r Phi_A, Phi_b, Phi_theta) dr for the piece kind FULL (Phi =
 * (pi/2) t r cos theta + 2 bv) in closed form (ball_dcross_closed.c), for balls lo <= hi in [0, 1], t, bv, theta;
 * sn, cs enclose sin theta, cos theta */
void gdc_ball_dcross_full_add(arb_ptr acc, int nw, long d, const arb_t lo, const arb_t hi, const arb_t t,
                              const arb_t b, const arb_t th, const arb_t sn, const arb_t cs, slong prec);
/* the same for the piece kind TAIL on [lo, hi] inside [r2, 1] for every point of the box (bneg: bv <= 0 on it);
 * returns 0 (acc untouched) where the closed form is not finite */
int gdc_ball_dcross_tail_add(arb_ptr acc, int nw, long d, const arb_t lo, const arb_t hi, const arb_t t,
                             const arb_t b, const arb_t th, const arb_t sn, const arb_t cs, int bneg, slong prec);

#endif
