/* ball.disk_cross's pieces shared by its files (private to src/ball): the argument order, the sums of one sweep,
 * the layout of the integrand's bounds and the functions that fill them. For y uniform on the unit disk,
 *   K(s, bw, t, bv, theta) = (1/pi) int_{-1}^{1} (s y + bw)_+ G(y) dy,  G(y) = int_{-h}^{h} (c0 + c y2)_+ dy2,
 * h = sqrt(1 - y^2), c0 = k y + bv, k = t cos theta, c = t sin theta (seed-004 C28; the formulas are in
 * ball_disk_arb.c's header and in each file's). Files:
 *   ball_disk_arb.c     the entry points, the refinement of precision, the assembly of K or P and its rounding;
 *   ball_disk_breaks.c  the breakpoints y = -bw/s and the roots of c0^2 = c^2 h^2, as intervals;
 *   ball_disk_sweep.c   the sweep over the pieces between them: the basis integrals int y^j h and int y^j;
 *   ball_disk_jets.c    the coefficients applied to those sums as jets in (t, bv, theta) (K pi = s U + bw V);
 *   ball_disk_bounds.c  the bounds of the integrand and its partials on clusters of breakpoints;
 *   ball_disk_edge.c    what moving breakpoints add to the derivatives: y0 = -bw/s, and G's kink at c = 0. */
#ifndef GDC_BALL_DISK_H
#define GDC_BALL_DISK_H
#include "gdc_arb.h"
#include "core/jet.h"

/* the arguments x[0..5) of ball.disk_cross */
enum { P_S, P_BW, P_T, P_BV, P_TH };

/* The pieces' basis integrals, summed once per evaluation (the coefficients do not depend on the piece): Hf over the
 * pieces where G is full, Hp and Jp over the partial ones (before 1/pi); and the intervals [ba, bb] on which only the
 * integrand's bounds are used (clusters of breakpoints, and pieces whose case the interval test did not show on a
 * wide box; at most 3 clusters and 4 pieces). */
#define DISK_NB 8
typedef struct {
    arb_struct Hf[3], Hp[3], Jp[4], ba[DISK_NB], bb[DISK_NB];
    int npart, nb, full[DISK_NB]; /* full[i]: G is full on [ba, bb] for the whole box, l_+ alone varies (y0_case) */
} disk_sums_t;

/* the bounds' layout: the scalar bounds below, then per entry (add_bounds reads these): B_G + j bounds the first
 * partial in argument j from above, B_H + 5 i + j the second partial in (i, j); the same entries + B_NEG bound them
 * from below (the integrand's partial lies in [-B[e + B_NEG], B[e]]) */
enum { B_M, B_DW, B_DV, B_HWV, B_HVV, B_G, B_H = B_G + 5, B_NEG = 30, B_N = B_G + 2 * B_NEG };

/* ball_disk_sweep.c */
void gdc_ball_disk_sums_init(disk_sums_t *S);
void gdc_ball_disk_sums_clear(disk_sums_t *S);
/* the pieces of [-1, 1] between the breakpoints into S (si, co: sin and cos of theta); returns 1 if a breakpoint is
 * unbounded or, at exact inputs, the case of a piece was not shown (the caller raises the precision) */
int gdc_ball_disk_sweep(disk_sums_t *S, int *degenerate, arb_srcptr x, const arb_t si, const arb_t co, int exact,
                        slong prec);

/* ball_disk_breaks.c: the breakpoints as intervals [lo[i], hi[i]] inside [-1, 1] (at most 3); returns their number,
 * or -1 if one is unbounded; *y0_at (if not NULL) := the index of y0 = -bw/s's interval, -1 if none */
int gdc_ball_disk_breakpoints(arf_struct *lo, arf_struct *hi, int *y0_at, int *degenerate, arb_srcptr x,
                              const arb_t si, const arb_t co, slong prec);

/* the jets gamma = 1/(2 sin th), cot th and bv/t in (t, bv, th) to first order (value, then the n gradient entries
 * each), as K's assembly computed them, for P's assembly from the same sweep (their value and gradient do not depend
 * on the jets' order); n < 0: not filled */
typedef struct {
    arb_struct e[4], f[4], d[4];
    int n;
} disk_share_t;

/* ball_disk_jets.c: the exact pieces' part of K (mode 0, 2) or P (mode 1) with its derivatives, before 1/pi; sh (if
 * not NULL) is filled by K's assembly and read by P's where it holds as many variables */
void gdc_ball_disk_assemble(gdc_ajet_struct *acc, const disk_sums_t *S, arb_srcptr x, const arb_t sin_th,
                            const arb_t cos_th, int mode, disk_share_t *sh, slong prec);

/* ball_disk_bounds.c: the integrand's global bounds M, Mder on the box; its bounds on [a, b] (B_N entries each, for
 * K in Bk and P in Bp where not NULL); acc += the integrals of those bounds over n intervals [a_i, b_i] */
void gdc_ball_disk_bounds(arb_t M, arb_t Md, arb_srcptr x, int mode, slong prec);
void gdc_ball_disk_local_bounds(mag_ptr Bk, mag_ptr Bp, arb_srcptr x, const arb_t si_th, const arb_t co,
                                const arb_t gM, const arb_t gMd, const arb_t a, const arb_t b, int full, int deriv,
                                slong prec);
void gdc_ball_disk_add_bounds(gdc_ajet_struct *acc, mag_srcptr B, arb_srcptr a, arb_srcptr b, int n, slong prec);
/* balls Sl, M2 containing |S| and int_S y2 dy2 for the chord's active part S = {y2 in [-h, h]: c0 + c y2 > 0} over an
 * interval of y and the box (c0, h: balls of c0 = t cos th y + bv and h = sqrt(1 - y^2) there; mh = 2 max h,
 * h2 = max h^2/2) */
void gdc_ball_disk_chord_set(arb_t Sl, arb_t M2, arb_srcptr x, const arb_t c0, const arb_t h, const arb_t si,
                             const mag_t mh, const mag_t h2, slong prec);

/* ball_disk_edge.c: the terms moving breakpoints add (0 if they cannot be bounded on the box: then the *_unknown
 * function sets the derivatives they concern indeterminate) */
int gdc_ball_disk_edge_term(gdc_ajet_struct *acc, arb_srcptr x, const arb_t si, const arb_t co, int mode, slong prec);
int gdc_ball_disk_czero_term(gdc_ajet_struct *acc, arb_srcptr x, const arb_t si, const arb_t co, int mode,
                             slong prec);
void gdc_ball_disk_edge_unknown(gdc_ajet_struct *acc, int mode);
void gdc_ball_disk_czero_unknown(gdc_ajet_struct *acc, int mode);

#endif
