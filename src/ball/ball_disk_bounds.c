/* ball.disk_cross's integrand bounded on an interval [a, b] of y for every point of the box (seed-004 C28): where
 * breakpoints cluster (or a piece's case is not shown) only 0 <= f <= M, -N_j <= f_j <= P_j, -N_ij <= f_ij <= P_ij
 * are used, adding [0, (b - a) M] to K and (b - a) [-N, P] to its derivatives (add_bounds). f = l_+ G, l = s y + bw,
 * G = int_{-h}^{h} (c0 + c y2)_+ dy2; the bounds (local_bounds' comment has their proofs) are
 *   f <= 2h l_+ (c0 + c h)_+, |f_w| <= 2h (c0 + c h)_+, |f_v| <= 2h l_+ max(1, t), |f_wv| <= 2h max(1, t),
 *   |f_vv| <= l_+ (1(|c0| < c h) max(1, t)^2/c + 2h max(1, t)),
 * refined per entry, with their signs, by the chord ranges int_S z_v dy2 in A_v y |S| + B_v int_S y2 (chord_set tracks
 * the active part S of the chord; bounds_chord, bounds_chord_vv), and exactly where G is full on the interval
 * (bounds_full); the 1/c terms weighted by partial_share (finite as c -> 0). */
#include "ball/ball.h"
#include "core/jet.h"
#include "ball/ball_util.h"
#include "ball/ball_disk.h"

/* upper bounds M (integrand) and Mder (its partial derivatives) on the box */
void gdc_ball_disk_bounds(arb_t M, arb_t Md, arb_srcptr x, int mode, slong prec)
{
    arb_t p, q;
    arb_init(p), arb_init(q);
    arb_abs(p, x + 1);
    arb_add(p, p, x + 0, prec);
    arb_abs(q, x + 3);
    arb_add(q, q, x + 2, prec);
    arb_mul(M, p, q, prec);
    arb_mul_2exp_si(M, M, 1);
    arb_add_ui(p, p, 1, prec);
    arb_add_ui(q, q, 1, prec);
    arb_mul(Md, p, q, prec);
    arb_mul_2exp_si(Md, Md, 1);
    if (mode == 1)
        arb_set_ui(M, 2); /* L(y) <= 2h <= 2 */
    arb_get_abs_ubound_arf(arb_midref(M), M, prec), mag_zero(arb_radref(M));
    arb_get_abs_ubound_arf(arb_midref(Md), Md, prec), mag_zero(arb_radref(Md));
    arb_clear(p), arb_clear(q);
}

/* m := an upper bound of max(x, 0) over the ball x (0 where x <= 0; +inf if x is not finite) */
static void pos_ubound(mag_t m, const arb_t x)
{
    if (!arb_is_finite(x)) {
        mag_inf(m);
        return;
    }
    arf_t u;
    arf_init(u);
    arb_get_ubound_arf(u, x, MAG_BITS);
    if (arf_sgn(u) <= 0)
        mag_zero(m);
    else
        arf_get_mag(m, u);
    arf_clear(u);
}

/* w := an upper bound, for every point of the box, of |{y in [a, b] : |c0(y)| < |c| h(y)}| / (|c| (b - a)) (+inf where t
 * may vanish): the set where G is partial, weighted as the delta terms of local_bounds weigh it. With k = t cos th,
 * c = t sin th, c0 = k y + bv and k^2 + c^2 = t^2, c0^2 - c^2 h^2 = t^2 y^2 + 2 k bv y + bv^2 - c^2 is a quadratic in y
 * with leading coefficient t^2 and discriminant 4 c^2 (t^2 - bv^2): the set is empty where t^2 <= bv^2, and otherwise
 * the interval between its roots, of length 2 |c| sqrt(t^2 - bv^2)/t^2. So the ratio is at most
 * min(1/|c|, 2 sqrt((t^2 - bv^2)_+)/(t^2 (b - a))), bounded as c -> 0 (the partial region shrinks like c). */
static void partial_share(mag_t w, arb_srcptr x, const arb_t a, const arb_t b, slong prec)
{
    arb_t q, r;
    mag_t lo, u;
    arb_init(q), arb_init(r), mag_init(lo), mag_init(u);
    mag_inf(w);
    arb_sub(q, b, a, prec);
    arb_get_mag_lower(lo, q); /* b - a */
    arb_get_mag_lower(u, x + 2);
    if (arb_is_positive(x + 2) && arb_is_positive(q) && !mag_is_zero(lo) && !mag_is_zero(u)) {
        mag_mul_lower(u, u, u);
        mag_mul_lower(lo, lo, u); /* t^2 (b - a), from below */
        arb_sqr(q, x + 2, prec);
        arb_sqr(r, x + 3, prec);
        arb_sub(q, q, r, prec);
        pos_ubound(u, q); /* (t^2 - bv^2)_+ */
        mag_sqrt(u, u);
        mag_mul_2exp_si(u, u, 1);
        mag_div(w, u, lo);
    }
    arb_clear(q), arb_clear(r), mag_clear(lo), mag_clear(u);
}

static int is_w(int j) { return j == P_S || j == P_BW; }

/* B's entries per argument from its scalar bounds (the second partials in w alone are 0, see local_bounds) */
static void bounds_per_entry(mag_t *B)
{
    for (int j = 0; j < 5; j++) {
        mag_set(B[B_G + j], B[is_w(j) ? B_DW : B_DV]);
        for (int i = 0; i < 5; i++) {
            if (is_w(i) && is_w(j))
                mag_zero(B[B_H + 5 * i + j]);
            else
                mag_set(B[B_H + 5 * i + j], B[is_w(i) != is_w(j) ? B_HWV : B_HVV]);
        }
    }
    for (int e = B_G; e < B_G + B_NEG; e++)
        mag_set(B[e + B_NEG], B[e]); /* symmetric: [-bound, bound] */
}

/* entry e's bounds := their minimum with those of r (a ball containing every value of the entry's integrand): from
 * above max(r, 0), from below max(-r, 0) */
static void range_min(mag_t *B, int e, const arb_t r)
{
    mag_t u;
    arf_t f;
    mag_init(u), arf_init(f);
    if (arb_is_finite(r)) {
        arb_get_ubound_arf(f, r, MAG_BITS);
        if (arf_sgn(f) <= 0)
            mag_zero(B[e]);
        else
            arf_get_mag(u, f), mag_min(B[e], B[e], u);
        arb_get_lbound_arf(f, r, MAG_BITS);
        if (arf_sgn(f) >= 0)
            mag_zero(B[e + B_NEG]);
        else
            arf_neg(f, f), arf_get_mag(u, f), mag_min(B[e + B_NEG], B[e + B_NEG], u);
    }
    mag_clear(u), arf_clear(f);
}

/* r := the interval [0, m] */
static void unit_iv(arb_t r, const mag_t m)
{
    mag_mul_2exp_si(arb_radref(r), m, -1);
    arf_set_mag(arb_midref(r), arb_radref(r));
}

/* sg := 1 if sin th > 0 on the box, -1 if < 0, [-1, 1] otherwise */
static void sin_sign(arb_t sg, const arb_t si)
{
    if (arb_is_positive(si))
        arb_one(sg);
    else if (arb_is_negative(si))
        arb_set_si(sg, -1);
    else
        arb_zero(sg), mag_one(arb_radref(sg));
}

/* The chord's active part S = {y2 in [-h, h]: z = c0 + c y2 > 0} (c0 = t cos th y + bv, c = t sin th) over [a, b]
 * and the box (c0 and h = sqrt(1 - y^2) given as balls over them): Sl := a ball containing |S| and M2 one containing
 * int_S y2 dy2, so that int_S (A y + B y2) dy2 = A y |S| + B int_S y2 dy2 lies in A y Sl + B M2 (chord_range). z is
 * linear in y2 with slope c, so S is [u, h] (c > 0), [-h, u] (c < 0), all or nothing (c = 0), u in [-h, h]: |S| in
 * [0, 2h], and int_S y2 dy2 = (h^2 - u^2)/2 in [0, h^2/2] when c > 0, its negative when c < 0, 0 when c = 0 (sin th > 0
 * on the box gives c >= 0 as t >= 0, sin th < 0 gives c <= 0: sin_sign). Where c > 0 on the box, u = clamp(-c0/c, -h,
 * h) is tracked: its range [max(-h+, min(v-, h-)), max(-h-, min(v+, h+))] for v = -c0/c in [v-, v+], h in [h-, h+]
 * (max(-h, min(v, h)) is at least the max of lower bounds of its two arguments, at most the max of their upper
 * bounds), |S| = h - u in [max(0, h- - u+), h+ - u-], and (h^2 - u^2)/2 by ball arithmetic intersected with
 * [0, h+^2/2] (0 <= u^2 <= h^2 pointwise). mh = 2 max h, h2 = max h^2/2. */
void gdc_ball_disk_chord_set(arb_t Sl, arb_t M2, arb_srcptr x, const arb_t c0, const arb_t h, const arb_t si,
                             const mag_t mh, const mag_t h2, slong prec)
{
    arb_t sg, c, v, u, e;
    arb_init(sg), arb_init(c), arb_init(v), arb_init(u), arb_init(e);
    unit_iv(Sl, mh);
    unit_iv(M2, h2);
    arb_mul(c, si, x + 2, prec);
    if (arb_is_positive(c)) {
        arf_t lo, hi, hl, hh, t;
        arf_init(lo), arf_init(hi), arf_init(hl), arf_init(hh), arf_init(t);
        arb_div(v, c0, c, prec);
        arb_neg(v, v); /* -c0/c */
        arb_get_lbound_arf(hl, h, prec);
        arb_get_ubound_arf(hh, h, prec);
        if (arf_sgn(hl) < 0)
            arf_zero(hl);
        arb_get_lbound_arf(lo, v, prec);
        arb_get_ubound_arf(hi, v, prec);
        arf_min(lo, lo, hl);
        arf_neg(t, hh);
        arf_max(lo, lo, t); /* max(-h+, min(v-, h-)) */
        arf_min(hi, hi, hh);
        arf_neg(t, hl);
        arf_max(hi, hi, t); /* max(-h-, min(v+, h+)) */
        if (arb_is_finite(v) && arf_cmp(lo, hi) <= 0) {
            arb_set_interval_arf(u, lo, hi, prec);
            arf_sub(t, hl, hi, prec, ARF_RND_FLOOR);
            if (arf_sgn(t) < 0)
                arf_zero(t);
            arf_sub(hi, hh, lo, prec, ARF_RND_CEIL);
            arb_set_interval_arf(e, t, hi, prec); /* |S| = h - u */
            if (arb_overlaps(e, Sl))
                arb_intersection(Sl, Sl, e, prec);
            arb_sqr(e, h, prec);
            arb_submul(e, u, u, prec);
            arb_mul_2exp_si(e, e, -1);
            if (arb_overlaps(e, M2))
                arb_intersection(M2, M2, e, prec);
        }
        arf_clear(lo), arf_clear(hi), arf_clear(hl), arf_clear(hh), arf_clear(t);
    } else {
        sin_sign(sg, si);
        arb_mul(M2, M2, sg, prec);
    }
    arb_clear(sg), arb_clear(c), arb_clear(v), arb_clear(u), arb_clear(e);
}

/* r := A y Sl + B M2 (chord_set): a ball containing int_S (A y + B y2) dy2 */
static void chord_range(arb_t r, const arb_t A, const arb_t y, const arb_t B, const arb_t Sl, const arb_t M2,
                        slong prec)
{
    arb_mul(r, A, y, prec);
    arb_mul(r, r, Sl, prec);
    arb_addmul(r, B, M2, prec);
}

/* entry e := min with the range of a [0, m] (a ball, m a bound) */
static void bound_min(mag_t *B, int e, const arb_t a, const mag_t m, slong prec)
{
    arb_t r;
    arb_init(r);
    unit_iv(r, m);
    arb_mul(r, r, a, prec);
    range_min(B, e, r);
    arb_clear(r);
}

/* m := |A y| ma + |B| mb (upper bounds over the balls): with ma = 2 max h, mb = max h^2/2 a bound of
 * |int_S (A y + B y2) dy2| over subsets S of the chord; with ma = 1, mb = max h one of max |A y + B y2| on it */
static void chord_mag(mag_t m, const arb_t A, const arb_t y, const arb_t B, const mag_t ma, const mag_t mb, slong prec)
{
    arb_t e;
    mag_t u;
    arb_init(e), mag_init(u);
    arb_mul(e, A, y, prec);
    arb_get_mag(m, e);
    mag_mul(m, m, ma);
    arb_get_mag(u, B);
    mag_mul(u, u, mb);
    mag_add(m, m, u);
    arb_clear(e), mag_clear(u);
}

/* K's per-entry bounds on [a, b] (y the ball [a, b]) from G_v = int_S z_v dy2, S = {z > 0} a subset of [-h, h]: for
 * z_v = A_v y + B_v y2 (z_t: A = cos th, B = sin th; z_th: A = -t sin th, B = t cos th; z_bv = 1: 0 <= G_bv <= 2h),
 * G_v lies in chord_range's interval R_v (which contains 0), so f_v = l_+ G_v in [0, ml] R_v,
 * f_bw,v = 1(l > 0) G_v in R_v, f_s,v = 1(l > 0) y G_v in y R_v, f_s = 1(l > 0) y G in y [0, G's bound B_DW], and
 * with G_bv = |S| in Sl (chord_set), f_bv = l_+ G_bv in [0, ml] Sl, f_bw,bv in Sl, f_s,bv in y Sl (1(l > 0) in {0, 1}:
 * each range is kept with 0 in it; a sign of y, of the A_v, B_v, or of sin th shown on the box then bounds the entry
 * from one side only).
 * ml = max l_+ over [a, b] and the box. */
static void bounds_chord(mag_t *B, arb_srcptr x, const arb_t y, const arb_t si, const arb_t co, const arb_t Sl,
                         const arb_t M2, const mag_t ml, slong prec)
{
    static const int v[2] = {P_T, P_TH};
    arb_t A, Bc, R, e;
    arb_init(A), arb_init(Bc), arb_init(R), arb_init(e);
    bound_min(B, B_G + P_S, y, B[B_DW], prec);
    for (int a = 0; a < 2; a++) {
        if (a == 0)
            arb_set(A, co), arb_set(Bc, si);
        else
            arb_mul(A, si, x + 2, prec), arb_neg(A, A), arb_mul(Bc, co, x + 2, prec);
        chord_range(R, A, y, Bc, Sl, M2, prec); /* G_v */
        bound_min(B, B_G + v[a], R, ml, prec);
        range_min(B, B_H + 5 * P_BW + v[a], R);
        range_min(B, B_H + 5 * v[a] + P_BW, R);
        arb_mul(e, R, y, prec);
        range_min(B, B_H + 5 * P_S + v[a], e);
        range_min(B, B_H + 5 * v[a] + P_S, e);
    }
    /* G_bv = |S| in Sl: f_bv = l_+ G_bv, f_bw,bv = 1(l > 0) G_bv, f_s,bv = 1(l > 0) y G_bv */
    bound_min(B, B_G + P_BV, Sl, ml, prec);
    range_min(B, B_H + 5 * P_BW + P_BV, Sl);
    range_min(B, B_H + 5 * P_BV + P_BW, Sl);
    arb_mul(e, y, Sl, prec);
    range_min(B, B_H + 5 * P_S + P_BV, e);
    range_min(B, B_H + 5 * P_BV + P_S, e);
    arb_clear(A), arb_clear(Bc), arb_clear(R), arb_clear(e);
}

/* K's second partials in v = (t, bv, th) on [a, b]: G_vv' = 1(|y2*| < h) z_v z_v'/c + int_S z_vv' dy2 (local_bounds),
 * with |z_v| <= Z_v on the chord, Z_t = |cos th y| + |sin th| h, Z_bv = 1, Z_th = t (|sin th y| + |cos th| h), and the
 * range of chord_range for z_t,th = -sin th y + cos th y2, z_th,th = -t (cos th y + sin th y2) (the other z_vv'
 * are 0): the delta term's mean over [a, b] lies in ic Z_v Z_v' [-1, 1], in [0, ic Z_v^2] where v = v' (z_v^2 >= 0),
 * ic the delta terms' weight of local_bounds, so the mean of f_vv' = l_+ G_vv' lies in [0, ml] (that interval +
 * the chord range). */
static void bounds_chord_vv(mag_t *B, arb_srcptr x, const arb_t y, const arb_t si, const arb_t co, const arb_t Sl,
                            const arb_t M2, const mag_t mh, const mag_t ml, const mag_t ic, slong prec)
{
    static const int v[3] = {P_T, P_BV, P_TH};
    arb_t A, Bc, C1, C2, D, L;
    mag_t Z[3], hm, u, one;
    arb_init(A), arb_init(Bc), arb_init(C1), arb_init(C2), arb_init(D), arb_init(L);
    mag_init(hm), mag_init(u), mag_init(one);
    mag_one(one);
    for (int i = 0; i < 3; i++)
        mag_init(Z[i]);
    unit_iv(L, ml);
    mag_mul_2exp_si(hm, mh, -1); /* max h */
    chord_mag(Z[0], co, y, si, one, hm, prec);
    mag_one(Z[1]);
    arb_mul(A, si, x + 2, prec);
    arb_mul(Bc, co, x + 2, prec);
    chord_mag(Z[2], A, y, Bc, one, hm, prec);
    arb_neg(A, A), arb_neg(Bc, Bc);
    chord_range(C2, Bc, y, A, Sl, M2, prec); /* z_th,th: A = -t cos th, B = -t sin th */
    arb_neg(A, si);
    chord_range(C1, A, y, co, Sl, M2, prec); /* z_t,th: A = -sin th, B = cos th */
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) {
            mag_mul(u, Z[a], Z[b]);
            mag_mul(u, u, ic);
            if (a == b)
                unit_iv(D, u);
            else
                arb_zero(D), mag_set(arb_radref(D), u);
            arb_mul(D, D, L, prec);
            if (a == 2 && b == 2)
                arb_addmul(D, C2, L, prec);
            else if (a + b == 2 && a != 1)
                arb_addmul(D, C1, L, prec);
            range_min(B, B_H + 5 * v[a] + v[b], D);
        }
    arb_clear(A), arb_clear(Bc), arb_clear(C1), arb_clear(C2), arb_clear(D), arb_clear(L);
    mag_clear(hm), mag_clear(u), mag_clear(one);
    for (int i = 0; i < 3; i++)
        mag_clear(Z[i]);
}

/* K's per-entry bounds on [a, b] (y the ball [a, b]) where G is full there for the whole box (full[] of the sums):
 * G = 2h c0, c0 = t cos th y + bv, so with l_w = (y, 1) for w = (s, bw) and f = l_+ G:
 *   f_w = 1(l > 0) l_w G,  f_v = l_+ 2h c0_v,  f_wv = 1(l > 0) l_w 2h c0_v,  f_vv' = l_+ 2h c0_vv'   (no delta term),
 *   c0_t = cos th y, c0_bv = 1, c0_th = -t sin th y, c0_t,th = -sin th y, c0_th,th = -t cos th y, the others 0;
 * each in its range: the factor c0_. l_w (a ball) times [0, 2 max h] or [0, 2 max h max l_+].
 * mh = 2 max h, ml = max l_+ over [a, b] and the box. */
static void bounds_full(mag_t *B, arb_srcptr x, const arb_t y, const arb_t si, const arb_t co, const mag_t mh,
                        const mag_t ml, slong prec)
{
    static const int v[3] = {P_T, P_BV, P_TH};
    arb_t cv[3], lw[2], e;
    mag_t m, hl;
    for (int i = 0; i < 3; i++)
        arb_init(cv[i]);
    arb_init(lw[0]), arb_init(lw[1]), arb_init(e), mag_init(m), mag_init(hl);
    arb_mul(cv[0], co, y, prec);
    arb_one(cv[1]);
    arb_mul(cv[2], si, y, prec);
    arb_mul(cv[2], cv[2], x + 2, prec);
    arb_neg(cv[2], cv[2]);
    arb_set(lw[0], y);
    arb_one(lw[1]);
    mag_mul(hl, mh, ml);
    bound_min(B, B_G + P_S, y, B[B_DW], prec);
    for (int a = 0; a < 3; a++) {
        bound_min(B, B_G + v[a], cv[a], hl, prec);
        for (int w = 0; w < 2; w++) {
            arb_mul(e, lw[w], cv[a], prec);
            bound_min(B, B_H + 5 * w + v[a], e, mh, prec);
            bound_min(B, B_H + 5 * v[a] + w, e, mh, prec);
        }
        for (int b = 0; b < 3; b++)
            if (a == 1 || b == 1 || (a == 0 && b == 0))
                mag_zero(B[B_H + 5 * v[a] + v[b]]), mag_zero(B[B_H + 5 * v[a] + v[b] + B_NEG]);
    }
    arb_mul(e, si, y, prec);
    arb_neg(e, e);
    bound_min(B, B_H + 5 * P_T + P_TH, e, hl, prec);
    bound_min(B, B_H + 5 * P_TH + P_T, e, hl, prec);
    arb_mul(e, co, y, prec);
    arb_mul(e, e, x + 2, prec);
    arb_neg(e, e);
    bound_min(B, B_H + 5 * P_TH + P_TH, e, hl, prec);
    for (int i = 0; i < 3; i++)
        arb_clear(cv[i]);
    arb_clear(lw[0]), arb_clear(lw[1]), arb_clear(e), mag_clear(m), mag_clear(hl);
}

/* the scalar bounds of local_bounds (its comment), per entry, for K (Mk) and P (Mp), from mh = 2 max h, ml = max l_+,
 * mc = max (c0 + c h)_+, mt = max(1, t), ic the delta terms' weight, and K's global bounds gM, gMd */
static void scalar_bounds(mag_t *Mk, mag_t *Mp, const mag_t mh, const mag_t ml, const mag_t mc, const mag_t mt,
                          const mag_t ic, const arb_t gM, const arb_t gMd)
{
    mag_t m, w;
    mag_init(m), mag_init(w);
    mag_set(Mp[B_M], mh);
    mag_mul(Mp[B_DV], mt, ic); /* (mode 1 has first-order derivatives only: the rest 0) */
    mag_mul(Mk[B_M], mh, ml);
    mag_mul(Mk[B_M], Mk[B_M], mc);
    mag_mul(Mk[B_DW], mh, mc);
    mag_mul(Mk[B_HWV], mh, mt);
    mag_mul(Mk[B_DV], Mk[B_HWV], ml);
    mag_mul(w, mt, mt);
    mag_mul(w, w, ic);
    mag_add(w, w, Mk[B_HWV]);
    mag_mul(Mk[B_HVV], w, ml);
    /* the global bounds of f and its first partials, sometimes smaller */
    arb_get_mag(m, gM);
    mag_min(Mk[B_M], Mk[B_M], m);
    arb_get_mag(m, gMd);
    mag_min(Mk[B_DW], Mk[B_DW], m);
    mag_min(Mk[B_DV], Mk[B_DV], m);
    bounds_per_entry(Mk);
    bounds_per_entry(Mp);
    mag_clear(m), mag_clear(w);
}

/* Bk, Bp (where not NULL) := the bounds Mk, Mp (swapped in: Mk, Mp are scratch afterwards), or 0 (off: f vanishes
 * on the interval) */
static void store_bounds(mag_ptr Bk, mag_ptr Bp, mag_t *Mk, mag_t *Mp, int off)
{
    for (int i = 0; i < B_N; i++)
        for (int k = 0; k < 2; k++) {
            mag_ptr B = k ? Bp : Bk;
            if (!B)
                continue;
            if (off)
                mag_zero(B + i);
            else
                mag_swap(B + i, k ? Mp[i] : Mk[i]);
        }
}

/* upper bounds of the integrand f(y) and of its partial derivatives for y in [a, b] (inside [-1, 1]) and the whole
 * box, in B[B_M .. B_HVV]: f, the first partials in w = (s, bw) and in v = (t, bv, th), the second partials mixed
 * and in v (those in w alone are 0 off y = -bw/s: l is linear in (s, bw); the jump of f's first partials there is
 * the boundary term of edge_term). With l = s y + bw, c0 = t cos th y + bv, h = sqrt(1 - y^2), c = t |sin th|,
 * z = t (cos th y + sin th y2) + bv on the chord |y2| <= h (|cos th y + sin th y2| <= 1, |dz/dth| <= t,
 * |d^2 z/dth^2| <= t, |d^2 z/dt dth| <= 1, the other second partials of z 0), G = int_{-h}^{h} z_+ dy2:
 *   G <= 2h (c0 + c h)_+,  |G_j| = |int 1(z > 0) z_j| <= 2h max(1, t),
 *   |G_ij| <= |int delta(z) z_i z_j dy2| + |int 1(z > 0) z_ij| <= 1(|c0| < c h) max(1, t)^2/c + 2h max(1, t)
 * at c > 0 (z crosses 0 at most once on the chord, at y2* = -c0/c with slope c, and only where |c0| < c h: there
 * G = (c0 + c h)^2/(2c), G_i = int_{y2*}^{h} z_i, and moving y2* adds z_i z_j/c), so for f = l_+ G:
 *   f <= 2h l_+ (c0 + c h)_+, |f_w| <= 2h (c0 + c h)_+, |f_v| <= 2h l_+ max(1, t),
 *   |f_wv| <= 2h max(1, t), |f_vv| <= l_+ (1(|c0| < c h) max(1, t)^2/c + 2h max(1, t));
 * mode 1 (f = 1(l > 0) L, L = int 1(z > 0) dy2 <= 2h): f_w = 0 off y = -bw/s, |f_v| <= 1(|c0| < c h) max(1, t)/c.
 * The 1/c terms are used as their integrals over [a, b] (add_bound multiplies by b - a): 1/c is replaced by
 * ic = min(1/c, |{y in [a, b]: |c0| < c h}|/(c (b - a))) <= min(1/c, 2 sqrt((t^2 - bv^2)_+)/(t^2 (b - a)))
 * (partial_share), which stays finite as c -> 0 where t > 0: then these are bounds of the classical second
 * partials of K (first of P) at every point of the box with c != 0; at c = 0 see czero_term.
 * All 0 where l <= 0 or c0 + c h <= 0 on [a, b] for the whole box (f vanishes there with its derivatives).
 * Bk (K, mode 0 and 2) and Bp (P, mode 1) are filled where not NULL; gM, gMd are K's global bounds
 * (gdc_ball_disk_bounds()); with deriv (K's derivatives requested: 1 the first, 2 also the second) K's entries are
 * refined by bounds_chord (and bounds_chord_vv for the second), and by bounds_full where full. */
void gdc_ball_disk_local_bounds(mag_ptr Bk, mag_ptr Bp, arb_srcptr x, const arb_t si_th, const arb_t co,
                                const arb_t gM, const arb_t gMd, const arb_t a, const arb_t b, int full, int deriv,
                                slong prec)
{
    /* the ranges over [a, b] and the box in ball arithmetic, then their upper bounds as mags (products rounded up) */
    arb_t y, l, c0, h, Sl, M2, hb, c0b;
    mag_t ml, mc, mh, mt, ic, m, w;
    arb_init(y), arb_init(l), arb_init(c0), arb_init(h), arb_init(Sl), arb_init(M2), arb_init(hb), arb_init(c0b);
    mag_init(ml), mag_init(mc), mag_init(mh), mag_init(mt), mag_init(ic), mag_init(m), mag_init(w);
    arb_union(y, a, b, prec);
    arb_mul(l, x + 0, y, prec);
    arb_add(l, l, x + 1, prec);
    arb_mul(c0, co, x + 2, prec);
    arb_mul(c0, c0, y, prec);
    arb_add(c0, c0, x + 3, prec);
    arb_sqr(h, y, prec);
    arb_sub_ui(h, h, 1, prec);
    arb_neg(h, h);
    arb_sqrtpos(h, h, prec);
    arb_set(hb, h), arb_set(c0b, c0);
    pos_ubound(mh, h);
    mag_mul_2exp_si(mh, mh, 1); /* 2h */
    arb_abs(y, si_th);
    arb_mul(y, y, x + 2, prec); /* c = t |sin th| */
    arb_mul(h, h, y, prec);
    arb_add(c0, c0, h, prec); /* c0 + c h */
    pos_ubound(ml, l);        /* l_+ */
    pos_ubound(mc, c0);       /* (c0 + c h)_+ */
    pos_ubound(mt, x + 2);
    mag_one(m);
    mag_max(mt, mt, m); /* max(1, t) */
    if (arb_is_positive(y)) {
        arb_get_mag_lower(m, y);
        mag_inv(ic, m); /* 1/c over the box */
    } else
        mag_inf(ic);
    partial_share(w, x, a, b, prec);
    mag_min(ic, ic, w); /* the delta terms' weight per unit length, finite where t > 0 even if c may vanish */
    int off = mag_is_zero(ml) || mag_is_zero(mc); /* f = 0 on [a, b] for the whole box: so are its derivatives */
    mag_t Mk[B_N], Mp[B_N];
    for (int i = 0; i < B_N; i++)
        mag_init(Mk[i]), mag_init(Mp[i]);
    scalar_bounds(Mk, Mp, mh, ml, mc, mt, ic, gM, gMd);
    arb_sub(y, b, a, prec);
    arb_get_mag(w, y);
    /* refined per entry unless [a, b] is so short (at nearly exact inputs) that len times the scalar bounds is at the
     * level of the rounding already */
    if (deriv && Bk && !off && mag_cmp_2exp_si(w, -60) > 0) {
        arb_union(y, a, b, prec);
        mag_mul(m, mh, mh);
        mag_mul_2exp_si(m, m, -3); /* max h^2/2 */
        gdc_ball_disk_chord_set(Sl, M2, x, c0b, hb, si_th, mh, m, prec);
        bounds_chord(Mk, x, y, si_th, co, Sl, M2, ml, prec);
        if (deriv > 1)
            bounds_chord_vv(Mk, x, y, si_th, co, Sl, M2, mh, ml, ic, prec); /* (the second partials) */
        if (full)
            bounds_full(Mk, x, y, si_th, co, mh, ml, prec);
    }
    store_bounds(Bk, Bp, Mk, Mp, off);
    for (int i = 0; i < B_N; i++)
        mag_clear(Mk[i]), mag_clear(Mp[i]);
    arb_clear(y), arb_clear(l), arb_clear(c0), arb_clear(h), arb_clear(Sl), arb_clear(M2), arb_clear(hb), arb_clear(c0b);
    mag_clear(ml), mag_clear(mc), mag_clear(mh), mag_clear(mt), mag_clear(ic), mag_clear(m), mag_clear(w);
}

/* 1 if the integrand's partial derivative in i (j = -1) or in (i, j) is >= 0 wherever it exists, for K (f = l_+ G):
 * f_bw = 1(l > 0) G, f_bv = l_+ G_bv, f_bw,bv = 1(l > 0) G_bv and f_bv,bv = l_+ G_bv,bv, with G_bv = int 1(z > 0) dy2
 * >= 0 and G_bv,bv = 1(|y2*| < h)/c >= 0 (z_bv = 1: local_bounds). Mode 1 (P) has first derivatives in v only, of
 * L_bv = G_bv,bv-like sign: f_bv = 1(l > 0) 1(|y2*| < h)/c >= 0 as well. */
static int nonneg(int i, int j)
{
    if (j < 0)
        return i == P_BW || i == P_BV;
    return (i == P_BV && (j == P_BW || j == P_BV)) || (j == P_BV && i == P_BW);
}

/* x += [-rn, rp] (rn, rp upper bounds) */
static void add_range(arb_t x, const mag_t rn, const mag_t rp, slong prec)
{
    if (mag_equal(rn, rp)) {
        arb_add_error_mag(x, rp);
        return;
    }
    arb_t t;
    arb_init(t);
    for (int k = 0; k < 2; k++) {
        const mag_struct *r = k ? rn : rp;
        if (mag_is_zero(r))
            continue;
        mag_mul_2exp_si(arb_radref(t), r, -1);
        arf_set_mag(arb_midref(t), arb_radref(t)); /* [0, r] exactly */
        if (k)
            arb_sub(x, x, t, prec);
        else
            arb_add(x, x, t, prec);
    }
    arb_clear(t);
}

/* acc += the integrals over the n intervals [a_i, b_i] of an integrand with 0 <= f <= M and the bounds B + i B_N of
 * local_bounds: [0, sum (b_i - a_i) M_i] in value, [-sum (b_i - a_i) N_i, sum (b_i - a_i) P_i] in each derivative
 * (P the bound from above, N the one from below, 0 where nonneg): each integral's mean lies in the convex range of
 * its integrand. The sums are taken in mags (rounded up) and added once per entry. */
void gdc_ball_disk_add_bounds(gdc_ajet_struct *acc, mag_srcptr B, arb_srcptr a, arb_srcptr b, int n, slong prec)
{
    arb_t t;
    mag_t len, sp[31], sn[31];
    arb_init(t), mag_init(len);
    for (int e = 0; e < 31; e++)
        mag_init(sp[e]), mag_init(sn[e]);
    int ne = !acc->n ? 1 : acc->order > 1 ? 31 : 6; /* value, first partials, second partials */
    for (int i = 0; i < n; i++) {
        mag_srcptr Bi = B + i * B_N;
        arb_sub(t, b + i, a + i, prec);
        arb_get_mag(len, t); /* b - a, from above */
        for (int e = 0; e < ne; e++) {
            int k = e == 0 ? B_M : e < 6 ? B_G + e - 1 : B_H + e - 6;
            int nn = e == 0 || (e < 6 ? nonneg(e - 1, -1) : nonneg((e - 6) / 5, (e - 6) % 5));
            mag_addmul(sp[e], Bi + k, len);
            if (!nn)
                mag_addmul(sn[e], Bi + k + B_NEG, len);
        }
    }
    for (int e = 0; e < ne; e++) {
        arb_ptr x = e == 0 ? &acc->v : e < 6 ? acc->g + e - 1 : acc->h + e - 6;
        add_range(x, sn[e], sp[e], prec);
    }
    arb_clear(t), mag_clear(len);
    for (int e = 0; e < 31; e++)
        mag_clear(sp[e]), mag_clear(sn[e]);
}
