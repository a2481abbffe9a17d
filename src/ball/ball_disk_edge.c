/* What moving breakpoints add to ball.disk_cross's derivatives (seed-004 C28), beyond the pieces' jets (which hold
 * the pieces' ends): where the integrand's first derivatives jump at a breakpoint, Leibniz' rule adds a boundary
 * term to the second derivatives of K (first of P):
 *   y0 = -bw/s, where l_+ (K) or 1(l > 0) (P) starts: G(y0)/s (y0, 1)(y0, 1)^T in K's (s, bw) block (edge_term);
 *   c = t sin theta = 0, where G = 2h (c0)_+ has a kink at k y + bv = 0: l_+(y1) 2h(y1)/|k| (cos th y1, 1)(...)^T in
 *   K's (t, bv) block (czero_term), with the proof that the mean-value form holds across c = 0 on boxes where c
 *   may vanish. */
#include "ball/ball.h"
#include "core/jet.h"
#include "ball/ball_util.h"
#include "ball/ball_disk.h"

/* y = -num/den clamped to [-1, 1] and h = sqrt(1 - y^2), the chord's half-length there (0 at y = +-1) */
static void kink_at(arb_t y, arb_t h, const arb_t num, const arb_t den, slong prec)
{
    arb_div(y, num, den, prec);
    arb_neg(y, y);
    gdc_ball_clamp_unit(y, y, prec);
    arb_sqr(h, y, prec);
    arb_sub_ui(h, h, 1, prec);
    arb_neg(h, h);
    arb_sqrtpos(h, h, prec);
}

/* q := G (K, mode 0 and 2) or L (P, mode 1) at y (clamped y0, h = h(y)) by edge_term's forms, c = |t sin th| */
static void edge_q(arb_t q, const arb_t y, const arb_t h, const arb_t c, arb_srcptr x, const arb_t co, int mode,
                   slong prec)
{
    arb_t c0, ch, z;
    arb_init(c0), arb_init(ch), arb_init(z);
    arb_mul(c0, co, x + 2, prec);
    arb_mul(c0, c0, y, prec);
    arb_add(c0, c0, x + 3, prec);
    arb_mul(ch, c, h, prec);
    arb_add(z, c0, ch, prec);
    int upper = arb_is_positive(z);
    if (upper)
        arb_sub(z, ch, c0, prec);
    arb_zero(q);
    arb_max(z, z, q, prec); /* (c h - c0)_+ or (c0 + c h)_+ */
    if (!arb_is_zero(z) && !arb_is_positive(c)) {
        /* c may vanish where the partial case is possible: G and L by their ranges at every c >= 0,
         * 2h (c0)_+ <= G <= 2h (c0 + c h)_+ (Jensen's inequality for (.)_+ on the chord, and z <= c0 + c h there)
         * and 0 <= L <= 2h */
        arb_zero(q);
        arb_max(z, c0, q, prec);
        arb_add(ch, c0, ch, prec);
        arb_max(ch, ch, q, prec);
        if (mode == 1)
            arb_zero(z), arb_one(ch);
        arb_union(q, z, ch, prec);
        arb_mul(q, q, h, prec);
        arb_mul_2exp_si(q, q, 1);
    } else if (arb_is_zero(z)) {
        arb_zero(q); /* the full case (upper) or the empty one: the 1/c term is 0 */
        if (upper) {
            arb_mul_2exp_si(q, h, 1);
            if (mode != 1)
                arb_mul(q, q, c0, prec);
        }
    } else if (mode == 1) {
        arb_div(q, z, c, prec);
        if (upper) {
            arb_mul_2exp_si(z, h, 1);
            arb_sub(q, z, q, prec);
        }
    } else {
        arb_sqr(q, z, prec);
        arb_div(q, q, c, prec);
        arb_mul_2exp_si(q, q, -1);
        if (upper) {
            arb_mul(z, h, c0, prec);
            arb_mul_2exp_si(z, z, 1);
            arb_add(q, q, z, prec);
        }
    }
    arb_clear(c0), arb_clear(ch), arb_clear(z);
}

/* p := G at the centre (y_p, t_p, bv_p, th_p) of the ball y and the box x (edge_q at that point); xp, yp := the
 * centre */
static void edge_q_centre(arb_t p, arb_ptr xp, arb_t yp, arb_srcptr x, const arb_t y, slong prec)
{
    arb_t sp, cp, hp, d;
    arb_init(sp), arb_init(cp), arb_init(hp), arb_init(d);
    for (int i = 0; i < 5; i++)
        arb_get_mid_arb(xp + i, x + i);
    arb_get_mid_arb(yp, y);
    arb_sin_cos(sp, cp, xp + 4, prec);
    arb_sqr(hp, yp, prec);
    arb_sub_ui(hp, hp, 1, prec);
    arb_neg(hp, hp);
    arb_sqrtpos(hp, hp, prec);
    arb_mul(d, sp, xp + 2, prec);
    edge_q(p, yp, hp, d, xp, cp, 0, prec);
    arb_clear(sp), arb_clear(cp), arb_clear(hp), arb_clear(d);
}

/* q := q intersected with G's centred form at y (K only): for c = t sin th > 0 on the box and h(y) >= 1/16,
 * G(y; t, bv, th) = int_{-h}^{h} (k y + bv + c y2)_+ dy2 (k = t cos th) is C^1 in (y, t, bv, th), so by the mean-value
 * theorem on the segment from the box's centre p (G(p) at that point, edge_q) G lies in
 *   G(p) + G_y (y - y_p) + G_t (t - t_p) + G_bv (bv - bv_p) + G_th (th - th_p),
 * with the partials over the box: G_bv = |S|, G_t = cos th y |S| + sin th m2, G_th = -t sin th y |S| + t cos th m2
 * (S the active part of the chord, m2 = int_S y2 dy2: chord_set's balls), and by Leibniz' rule with the moving ends
 * +-h (h' = -y/h) G_y = k |S| - (y/h) ((c0 + c h)_+ + (c0 - c h)_+). */
static void edge_q_centred(arb_t q, const arb_t y, const arb_t h, const arb_t si, const arb_t co, arb_srcptr x,
                           slong prec)
{
    arb_t c, p, Sl, M2, g, d, e, sp, cp, yp, c0;
    mag_t mh, h2;
    arb_init(c), arb_init(p), arb_init(Sl), arb_init(M2), arb_init(g), arb_init(d), arb_init(e), arb_init(sp);
    arb_init(cp), arb_init(yp), arb_init(c0), mag_init(mh), mag_init(h2);
    arb_ptr xp = _arb_vec_init(5);
    arb_mul(c, si, x + 2, prec);
    arb_get_mag_lower(mh, h);
    if (arb_is_positive(c) && mag_cmp_2exp_si(mh, -4) >= 0 && arb_is_finite(y)) {
        edge_q_centre(p, xp, yp, x, y, prec);
        /* the partials over the box */
        arb_get_mag(mh, h);
        mag_mul(h2, mh, mh);
        mag_mul_2exp_si(h2, h2, -1);
        mag_mul_2exp_si(mh, mh, 1);
        arb_mul(e, co, x + 2, prec); /* k */
        arb_mul(c0, e, y, prec);
        arb_add(c0, c0, x + 3, prec);
        gdc_ball_disk_chord_set(Sl, M2, x, c0, h, si, mh, h2, prec);
        /* bv */
        arb_sub(d, x + 3, xp + 3, prec);
        arb_addmul(p, Sl, d, prec);
        /* t: cos th y |S| + sin th m2 */
        arb_mul(g, co, y, prec);
        arb_mul(g, g, Sl, prec);
        arb_addmul(g, si, M2, prec);
        arb_sub(d, x + 2, xp + 2, prec);
        arb_addmul(p, g, d, prec);
        /* th: t (-sin th y |S| + cos th m2) */
        arb_mul(g, si, y, prec);
        arb_mul(g, g, Sl, prec);
        arb_neg(g, g);
        arb_addmul(g, co, M2, prec);
        arb_mul(g, g, x + 2, prec);
        arb_sub(d, x + 4, xp + 4, prec);
        arb_addmul(p, g, d, prec);
        /* y: k |S| - (y/h) ((c0 + c h)_+ + (c0 - c h)_+) */
        arb_mul(g, c, h, prec); /* c h */
        arb_add(sp, c0, g, prec);
        arb_sub(cp, c0, g, prec);
        arb_zero(g);
        arb_max(sp, sp, g, prec);
        arb_max(cp, cp, g, prec);
        arb_add(sp, sp, cp, prec);
        arb_mul(sp, sp, y, prec);
        arb_div(sp, sp, h, prec);
        arb_mul(g, e, Sl, prec);
        arb_sub(g, g, sp, prec);
        arb_sub(d, y, yp, prec);
        arb_addmul(p, g, d, prec);
        if (arb_is_finite(p) && arb_overlaps(p, q))
            arb_intersection(q, q, p, prec);
    }
    _arb_vec_clear(xp, 5);
    arb_clear(c), arb_clear(p), arb_clear(Sl), arb_clear(M2), arb_clear(g), arb_clear(d), arb_clear(e), arb_clear(sp);
    arb_clear(cp), arb_clear(yp), arb_clear(c0), mag_clear(mh), mag_clear(h2);
}

/* The jump at y0 = -bw/s (s > 0 on the box). There the first factor starts (l_+ for K, 1(l > 0) for P), so with
 * Q = G (K) or L (P) at y0, by Leibniz' rule over [y0, 1] (dy0/ds = -y0/s, dy0/dbw = -1/s):
 *   P: dP/ds gains Q y0/s, dP/dbw gains Q/s;
 *   K: the first derivatives gain l(y0) Q = 0, the second ones in (s, bw) gain Q/s (y0, 1)(y0, 1)^T.
 * Q is evaluated at y0 clamped to [-1, 1] (Q(+-1) = 0 since h = 0 there, so the clamp is exact where y0 leaves the
 * disk), c0 = k y0 + bv, with the forms that keep the case split out of the rounding (c = t sin th > 0):
 *   where c0 + c h > 0:  G = 2h c0 + (c h - c0)_+^2/(2c),  L = 2h - (c h - c0)_+/c,
 *   otherwise:           G = (c0 + c h)_+^2/(2c),           L = (c0 + c h)_+/c
 * (the full case c0 >= c h, the partial one and the empty one of G's definition; where the (.)_+ term is exactly 0
 * the 1/c term is dropped, so c = 0 is allowed there). Where c may vanish and the partial case is possible, G and L
 * are replaced by their ranges over every c >= 0 (below; at c = 0 G = 2h (c0)_+ and L = 2h 1(c0 > 0) lie in them).
 * Returns 0 if s may vanish on the box (the derivatives it concerns are then unbounded or undefined). Before 1/pi. */
int gdc_ball_disk_edge_term(gdc_ajet_struct *acc, arb_srcptr x, const arb_t si, const arb_t co, int mode, slong prec)
{
    if (!arb_is_positive(x + 0))
        return 0;
    arb_t y, h, c, q;
    arb_init(y), arb_init(h), arb_init(c), arb_init(q);
    arb_mul(c, x + 2, si, prec);
    arb_abs(c, c); /* G depends on |c| (y2 -> -y2) */
    kink_at(y, h, x + 1, x + 0, prec);
    edge_q(q, y, h, c, x, co, mode, prec);
    if (mode != 1 && !arb_is_zero(q))
        edge_q_centred(q, y, h, si, co, x, prec); /* (tighter on wide boxes; nothing to tighten where q = 0) */
    arb_div(q, q, x + 0, prec); /* Q/s */
    if (mode == 1) {
        arb_addmul(acc->g + P_S, q, y, prec);
        arb_add(acc->g + P_BW, acc->g + P_BW, q, prec);
    } else if (acc->order > 1) {
        arb_add(acc->h + P_BW * 5 + P_BW, acc->h + P_BW * 5 + P_BW, q, prec);
        arb_mul(q, q, y, prec);
        arb_add(acc->h + P_S * 5 + P_BW, acc->h + P_S * 5 + P_BW, q, prec);
        arb_add(acc->h + P_BW * 5 + P_S, acc->h + P_BW * 5 + P_S, q, prec);
        arb_addmul(acc->h + P_S * 5 + P_S, q, y, prec);
    }
    arb_clear(y), arb_clear(h), arb_clear(c), arb_clear(q);
    return 1;
}

/* The kink of G where c = t |sin th| = 0 exactly (theta = 0 or pi, or t = 0, at exact inputs): there
 * G = 2h (c0)_+, c0 = k y + bv, k = t cos th, and G's first partials in (t, bv) jump at y1 = -bv/k (dc0/dt = cos th y,
 * dc0/dbv = 1), which the pieces (their ends held) do not see: by Leibniz' rule
 *   K: the second partials in (t, bv) gain l_+(y1) 2h(y1)/|k| (cos th y1, 1)(cos th y1, 1)^T,
 *   P: dP/d(t, bv) gains 1(l(y1) > 0) 2h(y1)/|k| (cos th y1, 1)
 * (y1 clamped to [-1, 1]: h = 0 there). The partials in theta gain nothing (dz/dth = t cos th y2 is odd in y2), except
 * K_thth, where G's curvature in c adds a term not computed here (set indeterminate). Where c > 0 on the box nothing is
 * added; where the kink is not located (k may vanish with bv), or c may vanish with t, returns 0. Before 1/pi.
 * Where c may vanish on the box without being 0 and t > 0 (theta's ball meets a multiple of pi), nothing is added
 * either, and the enclosures are those of the points with c != 0; what this proves (for K with its Hessian, and for
 * P with its gradient):
 *  (i) K's first partials and P are continuous on the box: they are integrals over the disk of bounded integrands
 *      (l_+ 1(z > 0) z_j, 1(l > 0) y_j G, 1(l > 0) 1(z > 0)) that are continuous off {z = 0} and {l = 0}, null sets
 *      when t > 0 and s > 0 (at c = 0, z = k y1 + bv with |k| = t > 0), so dominated convergence applies;
 * (ii) at every point of the box with c != 0 the enclosures contain K's second partials (P's first): the pieces'
 *      cases hold for every point of the box (no partial piece is used: c is not positive on the box), the
 *      partial region |c0| < |c| h lies in the clusters and undecided pieces, whose bounds (local_bounds with
 *      partial_share) hold at each c != 0, and edge_term's bound of G (L) at y0 holds at every point;
 * (iii) so for g = K's gradient (the rows that read it, e.g. ball.disk_grad) the mean-value inclusion
 *      g(x) - g(x0) in J (x - x0) holds for x, x0 in the box, J the enclosure: a segment off the hyperplanes
 *      sin theta = 0 meets each at most once; on each open sub-segment g is C^1, so by the mean-value theorem its
 *      difference is J_i (the sub-segment) for some J_i in J, and the sum over the sub-segments is a convex
 *      combination, in the convex J; a segment inside a hyperplane is the limit of parallel ones in the box off it
 *      (theta's ball has positive width) and g is continuous. Hence every partial derivative g has at a point of the
 *      box with c = 0 (a limit of difference quotients) is in J too. Whether K is C^2 across c = 0 is not used.
 *      The second-order form of K itself (K(x) = K(x0) + grad K(x0)(x - x0) + int_0^1 (1 - u) (x - x0)^T K''
 *      (x - x0) du) holds too: grad K is Lipschitz on the segment by (iii), so absolutely continuous, with its
 *      derivative K'' in the enclosure off the at most one point where the segment meets sin theta = 0. */
int gdc_ball_disk_czero_term(gdc_ajet_struct *acc, arb_srcptr x, const arb_t si, const arb_t co, int mode, slong prec)
{
    if (!acc->n || (mode != 1 && acc->order < 2))
        return 1;
    arb_t c, k, y, h, l, w, z;
    arb_init(c), arb_init(k), arb_init(y), arb_init(h), arb_init(l), arb_init(w), arb_init(z);
    arb_set(k, co);
    arb_mul(c, si, x + 2, prec);
    arb_mul(z, k, x + 2, prec); /* z = k */
    int ok = 1;
    if (arb_is_positive(c) || arb_is_negative(c)) {
        /* no kink */
    } else if (!arb_is_zero(c)) {
        ok = arb_is_positive(x + 2); /* c vanishes on the hyperplanes sin theta = 0 only: nothing added, see (iii) */
    } else if (arb_is_zero(z)) {
        ok = arb_is_nonzero(x + 3); /* t = 0: G = 2h bv_+ is smooth unless bv = 0 */
    } else if (!arb_is_nonzero(z)) {
        ok = 0;
    } else {
        kink_at(y, h, x + 3, z, prec);
        arb_abs(z, z);
        arb_div(w, h, z, prec);
        arb_mul_2exp_si(w, w, 1); /* 2h(y1)/|k| */
        arb_mul(l, x + 0, y, prec);
        arb_add(l, l, x + 1, prec);
        arb_mul(z, k, y, prec); /* cos th y1 */
        if (mode == 1) {
            if (arb_is_nonpositive(l))
                arb_zero(w);
            else if (!arb_is_positive(l)) {
                arb_zero(l);
                arb_union(w, w, l, prec); /* the indicator undecided: [0, 2h/|k|] */
            }
            arb_addmul(acc->g + P_T, w, z, prec);
            arb_add(acc->g + P_BV, acc->g + P_BV, w, prec);
        } else {
            arb_zero(k);
            arb_max(l, l, k, prec);
            arb_mul(w, w, l, prec);
            arb_add(acc->h + P_BV * 5 + P_BV, acc->h + P_BV * 5 + P_BV, w, prec);
            arb_mul(w, w, z, prec);
            arb_add(acc->h + P_T * 5 + P_BV, acc->h + P_T * 5 + P_BV, w, prec);
            arb_add(acc->h + P_BV * 5 + P_T, acc->h + P_BV * 5 + P_T, w, prec);
            arb_addmul(acc->h + P_T * 5 + P_T, w, z, prec);
            arb_indeterminate(acc->h + P_TH * 5 + P_TH);
        }
    }
    arb_clear(c), arb_clear(k), arb_clear(y), arb_clear(h), arb_clear(l), arb_clear(w), arb_clear(z);
    return ok;
}

/* the derivatives in v = (t, bv, theta) czero_term concerns, indeterminate */
void gdc_ball_disk_czero_unknown(gdc_ajet_struct *acc, int mode)
{
    for (int i = P_T; i <= P_TH; i++) {
        if (mode == 1)
            arb_indeterminate(acc->g + i);
        else if (acc->order > 1)
            for (int j = P_T; j <= P_TH; j++)
                arb_indeterminate(acc->h + i * 5 + j);
    }
}

/* the derivatives of acc the edge term concerns (unbounded or undefined on this box) made indeterminate */
void gdc_ball_disk_edge_unknown(gdc_ajet_struct *acc, int mode)
{
    if (mode == 1) {
        arb_indeterminate(acc->g + P_S), arb_indeterminate(acc->g + P_BW);
    } else if (acc->order > 1) {
        arb_indeterminate(acc->h + P_S * 5 + P_S), arb_indeterminate(acc->h + P_S * 5 + P_BW);
        arb_indeterminate(acc->h + P_BW * 5 + P_S), arb_indeterminate(acc->h + P_BW * 5 + P_BW);
    }
}
