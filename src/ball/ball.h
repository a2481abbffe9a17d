/* The ball family: coordinates of the uniform distribution on the unit ball of R^d, the input distribution of the
 * negative results of 004_107e0ef2f6021d42.txt (Theorems 3.1, 3.2, Remark 3.3; seed-004 C7, C8).
 * T = u.x for a unit u and x uniform on {|x| <= 1} in R^d has the density f(t) = C_d (1 - t^2)^m on [-1, 1],
 * m = (d - 1)/2, C_d = Gamma(d/2 + 1)/(sqrt(pi) Gamma((d + 1)/2)). ball.coord(d, u) returns
 *   [f(u), P(T >= u), E[(T - u)_+], E[(T - u)_+^2]]
 * (the ReLU moments of a neuron w.x + b with |w| = s, radius R: E[relu] = s R out[2], E[relu^2] = (s R)^2 out[3]
 * at u = -b/(s R)). The argument u ranges over the real line: outside [-1, 1] the outputs are what the distribution gives
 * (f = 0, P = 1 or 0, ...), so that flat neurons (-b/(s R) >= 1, Theorem 4.2) are in the domain. */
#ifndef GDC_BALL_H
#define GDC_BALL_H
#include <stdint.h>
#include "gdc_arb.h"
#include <mpfr.h>

void gdc_ball_coord_d(double *out, const double *x);
void gdc_ball_coord_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_ball_coord_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_ball_coord_mpfr(mpfr_ptr out, mpfr_srcptr x);
int gdc_ball_coord_def_arb(arb_ptr out, const double *x, slong prec);
void gdc_ball_coord_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);

/* ball.disk_cross(s, bw, t, bv, theta) = E[(s y1 + bw)_+ (t (cos theta y1 + sin theta y2) + bv)_+], y uniform on the
 * unit disk (seed-004 C28; the disk of radius R: s R, t R in place of s, t) */
void gdc_ball_disk_cross_d(double *out, const double *x);
void gdc_ball_disk_cross_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_ball_disk_cross_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_ball_disk_cross_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
void gdc_ball_disk_cross_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_ball_disk_cross_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);

/* ball.disk_grad(s, bw, t, bv, theta) = [dF along w~/|w~|, dF along the unit normal to w~ towards v~, dF/dbw,
 * P(w.x > 0, v.x > 0)] for F(w) = E[(relu(w.x) - relu(v.x))^2]/2, x = (y, 1), y uniform on the unit disk, w~ = s e1,
 * v~ = t (cos theta, sin theta) (seed-004 C2, C27; the disk of radius R: the rows at s R, t R, and the w~ components
 * times R) */
void gdc_ball_disk_grad_d(double *out, const double *x);
void gdc_ball_disk_grad_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_ball_disk_grad_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_ball_disk_grad_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_ball_disk_grad_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);

/* ball.cube_norm(d) = E|w| for w uniform on the cube [-1, 1]^d (seed-004 C19: Theorem 3.1's exact stuck probability
 * (1 - eps E|w~|)/2); the Arb version encloses boxes of d by their integer ends (E|w| increases with d) */
void gdc_ball_cube_norm_d(double *out, const double *x);
void gdc_ball_cube_norm_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_ball_cube_norm_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_ball_cube_norm_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);

/* ball.dcross(d, s, t, bv, theta) = E[(s y1)_+ (t (cos theta y1 + sin theta y2) + bv)_+], y the 2-D marginal of the
 * uniform distribution on the unit ball of R^d (density (d/(2 pi)) (1 - |y|^2)^((d-2)/2) on the unit disk; seed-004
 * C8, C28; Theorem 5.4's cross moment with b_w = 0; the ball of radius R: s R, t R in place of s, t). d = 2 is
 * ball.disk_cross(s, 0, t, bv, theta). */
void gdc_ball_dcross_d(double *out, const double *x);
void gdc_ball_dcross_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_ball_dcross_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_ball_dcross_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_ball_dcross_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
int gdc_ball_dcross_def_arb(arb_ptr out, const double *x, slong prec);

#endif
