/* ball.disk_cross in Arb (seed-004 C28): for y uniform on the unit disk,
 *   K(s, bw, t, bv, theta) = E[(s y1 + bw)_+ (t (cos theta y1 + sin theta y2) + bv)_+]
 *                          = (1/pi) int_{-1}^{1} (s y + bw)_+ G(y) dy,
 * G(y) = int_{-h}^{h} (c0 + c y2)_+ dy2, h = sqrt(1 - y^2), c0 = k y + bv, k = t cos theta, c = t sin theta >= 0:
 *   G = 2 h c0 (c0 >= c h), 0 (c0 <= -c h), (c0 + c h)^2/(2c) otherwise.
 * Between the breakpoints y = -bw/s and the roots of c0^2 = c^2 h^2, y = (-bv cos theta +- sin theta sqrt(t^2 - bv^2))/t,
 * the integrand is (A y^2 + B y + C) h times 2 (G full) or (P3 y^3 + ... + P0)/(2c) + (A y^2 + B y + C) h (G partial),
 * A = s k, B = s bv + bw k, C = bw bv, P3 = s (k^2 - c^2), P2 = 2 s k bv + bw (k^2 - c^2), P1 = s (bv^2 + c^2)
 * + 2 bw k bv, P0 = bw (bv^2 + c^2), integrated exactly with int y^j and
 *   int h = (y h + asin y)/2, int y h = -h^3/3, int y^2 h = (asin y - y h (1 - 2 y^2))/8.
 * Rigour on wide balls: the breakpoints are balls; where they overlap they form clusters [l, u] on which only
 * 0 <= integrand <= M is used, M an interval bound of the integrand over [l, u] and the box (local_bounds); between
 * clusters the case is the same for every point of the box (decided at the interval's midpoint; where the
 * interval test cannot show it, the piece is bounded like a cluster; if a breakpoint is unbounded the whole integral
 * falls back to [0, 2M]/pi, M = 2 (s + |bw|)(t + |bv|)). Derivatives
 * (jac): by Leibniz' rule the breakpoint terms cancel (the integrand is continuous), so each piece's
 * coefficients are differentiated with the breakpoints held (first-order jets of core/jet.h); a cluster adds len * Mder * [-1, 1],
 * Mder an interval bound of every partial derivative of the integrand over the cluster (local_bounds). */
#include "ball/ball.h"
#include "core/jet.h"
#include "ball/ball_util.h"

enum { P_S, P_BW, P_T, P_BV, P_TH };

typedef struct {
    gdc_ajet_struct A, B, C, P[4], inv2c;
    int partial_ok;
} disk_coef_t;

/* mode 0 and 2: the cross moment K (2: its derivative enclosure not widened where breakpoints meet);
 * mode 1 (the both-active probability): the integrand is L(y) = int 1(c0 + c y2 > 0) dy2 = 2h (full) or
 * h + (k y + bv)/c (partial): A = B = 0, C = 1, P1 = 2k, P0 = 2 bv in the same piece formulas */
static void coef_both(disk_coef_t *q, arb_srcptr x, slong prec)
{
    gdc_ajet_struct *all[] = {&q->A, &q->B, &q->C, &q->P[0], &q->P[1], &q->P[2], &q->P[3], &q->inv2c};
    for (int i = 0; i < 8; i++) {
        gdc_ajet_init(all[i], 5, 1);
        arb_zero(&all[i]->v);
        for (int j = 0; j < 5; j++)
            arb_zero(all[i]->g + j);
    }
    arb_one(&q->C.v);
    arb_t co, si;
    arb_init(co), arb_init(si);
    arb_sin_cos(si, co, x + 4, prec);
    arb_mul(&q->P[1].v, x + 2, co, prec);
    arb_mul_2exp_si(&q->P[1].v, &q->P[1].v, 1);
    arb_mul_2exp_si(&q->P[0].v, x + 3, 1);
    arb_mul(si, si, x + 2, prec);
    q->partial_ok = arb_is_positive(si);
    arb_mul_2exp_si(si, si, 1);
    arb_inv(&q->inv2c.v, si, prec);
    arb_clear(co), arb_clear(si);
}

static void coef_init(disk_coef_t *q, arb_srcptr x, int mode, slong prec)
{
    if (mode == 1) {
        coef_both(q, x, prec);
        return;
    }
    gdc_ajet_struct s, bw, t, bv, k, c, u, w;
    gdc_ajet_struct *all[] = {&s, &bw, &t, &bv, &k, &c, &u, &w};
    for (int i = 0; i < 8; i++)
        gdc_ajet_init(all[i], 5, 1);
    gdc_ajet_init(&q->A, 5, 1), gdc_ajet_init(&q->B, 5, 1), gdc_ajet_init(&q->C, 5, 1), gdc_ajet_init(&q->inv2c, 5, 1);
    for (int i = 0; i < 4; i++)
        gdc_ajet_init(&q->P[i], 5, 1);
    gdc_ajet_var(&s, x + 0, P_S);
    gdc_ajet_var(&bw, x + 1, P_BW);
    gdc_ajet_var(&t, x + 2, P_T);
    gdc_ajet_var(&bv, x + 3, P_BV);
    /* k = t cos th, c = t sin th: d/dth k = -c, d/dth c = k */
    arb_t co, si;
    arb_init(co), arb_init(si);
    arb_sin_cos(si, co, x + 4, prec);
    gdc_ajet_mul_arb(&k, &t, co, prec);
    gdc_ajet_mul_arb(&c, &t, si, prec);
    arb_neg(&k.g[P_TH], &c.v);
    arb_set(&c.g[P_TH], &k.v);
    gdc_ajet_mul(&q->A, &s, &k, prec);
    gdc_ajet_mul(&u, &s, &bv, prec);
    gdc_ajet_mul(&w, &bw, &k, prec);
    gdc_ajet_add(&q->B, &u, &w, prec);
    gdc_ajet_mul(&q->C, &bw, &bv, prec);
    /* u = k^2 - c^2, w = bv^2 + c^2 */
    gdc_ajet_mul(&u, &k, &k, prec);
    gdc_ajet_mul(&w, &c, &c, prec);
    gdc_ajet_sub(&u, &u, &w, prec);
    gdc_ajet_mul(&k, &k, &bv, prec); /* k := k bv */
    gdc_ajet_mul(&bv, &bv, &bv, prec);
    gdc_ajet_add(&w, &w, &bv, prec);
    gdc_ajet_mul(&q->P[3], &s, &u, prec);
    gdc_ajet_mul(&q->P[2], &bw, &u, prec);
    gdc_ajet_mul(&u, &s, &k, prec);
    gdc_ajet_add(&q->P[2], &q->P[2], &u, prec);
    gdc_ajet_add(&q->P[2], &q->P[2], &u, prec);
    gdc_ajet_mul(&q->P[1], &s, &w, prec);
    gdc_ajet_mul(&u, &bw, &k, prec);
    gdc_ajet_add(&q->P[1], &q->P[1], &u, prec);
    gdc_ajet_add(&q->P[1], &q->P[1], &u, prec);
    gdc_ajet_mul(&q->P[0], &bw, &w, prec);
    q->partial_ok = arb_is_positive(&c.v);
    gdc_ajet_add(&u, &c, &c, prec);
    gdc_ajet_inv(&q->inv2c, &u, prec);
    arb_clear(co), arb_clear(si);
    for (int i = 0; i < 8; i++)
        gdc_ajet_clear(all[i]);
}

static void coef_clear(disk_coef_t *q)
{
    gdc_ajet_clear(&q->A), gdc_ajet_clear(&q->B), gdc_ajet_clear(&q->C);
    gdc_ajet_clear(&q->inv2c);
    for (int i = 0; i < 4; i++)
        gdc_ajet_clear(&q->P[i]);
}

/* antiderivatives at y: J[j] = y^(j+1)/(j+1), H[0..2] = int y^j h */
static void basis_at(arb_ptr J, arb_ptr H, const arb_t y, slong prec)
{
    arb_t h, as, t;
    arb_init(h), arb_init(as), arb_init(t);
    arb_sqr(t, y, prec);
    arb_sub_ui(h, t, 1, prec);
    arb_neg(h, h);
    arb_sqrtpos(h, h, prec);
    arb_asin(as, y, prec);
    for (int j = 0; j < 4; j++) {
        arb_pow_ui(J + j, y, (ulong)j + 1, prec);
        arb_div_ui(J + j, J + j, (ulong)j + 1, prec);
    }
    arb_mul(H + 0, y, h, prec);
    arb_add(H + 0, H + 0, as, prec);
    arb_mul_2exp_si(H + 0, H + 0, -1);
    arb_pow_ui(H + 1, h, 3, prec);
    arb_div_si(H + 1, H + 1, -3, prec);
    arb_mul_2exp_si(t, t, 1);
    arb_sub_ui(t, t, 1, prec);
    arb_neg(t, t); /* 1 - 2y^2 */
    arb_mul(t, t, y, prec);
    arb_mul(t, t, h, prec);
    arb_sub(H + 2, as, t, prec);
    arb_mul_2exp_si(H + 2, H + 2, -3);
    arb_clear(h), arb_clear(as), arb_clear(t);
}

/* acc += sum_j coef[j] * basis[j] (value and derivatives) */
static void acc_dot(gdc_ajet_struct *acc, gdc_ajet_struct *const *coef, arb_srcptr basis, int n, slong prec)
{
    gdc_ajet_struct t;
    gdc_ajet_init(&t, 5, 1);
    for (int j = 0; j < n; j++) {
        gdc_ajet_mul_arb(&t, coef[j], basis + j, prec);
        gdc_ajet_add(acc, acc, &t, prec);
    }
    gdc_ajet_clear(&t);
}

/* the exact integral over [e1, e2] (exact ends, no breakpoint inside for any point of the box): 0 on success */
static int piece(gdc_ajet_struct *acc, const disk_coef_t *q, arb_srcptr x, const arb_t e1, const arb_t e2,
                 slong prec)
{
    arb_t m, l1, c0, a, co, si;
    arb_init(m), arb_init(l1), arb_init(c0), arb_init(a), arb_init(co), arb_init(si);
    arb_add(m, e1, e2, prec);
    arb_mul_2exp_si(m, m, -1);
    arb_mul(l1, x + 0, m, prec);
    arb_add(l1, l1, x + 1, prec);
    arb_sin_cos(si, co, x + 4, prec);
    arb_mul(c0, co, m, prec);
    arb_mul(c0, c0, x + 2, prec);
    arb_add(c0, c0, x + 3, prec); /* c0 = t cos th m + bv */
    arb_sqr(a, m, prec);
    arb_sub_ui(a, a, 1, prec);
    arb_neg(a, a);
    arb_sqrtpos(a, a, prec);
    arb_mul(a, a, si, prec);
    arb_mul(a, a, x + 2, prec); /* a = t sin th h(m) */
    int status = 0, kind = -1;  /* 0 none, 1 full, 2 partial */
    arb_t d1, d2;
    arb_init(d1), arb_init(d2);
    arb_sub(d1, c0, a, prec);
    arb_add(d2, c0, a, prec);
    if (arb_is_nonpositive(l1) || arb_is_nonpositive(d2))
        kind = 0;
    else if (arb_is_positive(l1) && arb_is_positive(d1))
        kind = 1;
    else if (arb_is_positive(l1) && arb_is_negative(d1) && arb_is_positive(d2) && q->partial_ok)
        kind = 2;
    if (kind < 0) {
        status = 1;
    } else if (kind > 0) {
        arb_ptr J = _arb_vec_init(4), H = _arb_vec_init(3), J2 = _arb_vec_init(4), H2 = _arb_vec_init(3);
        basis_at(J, H, e1, prec);
        basis_at(J2, H2, e2, prec);
        _arb_vec_sub(J, J2, J, 4, prec);
        _arb_vec_sub(H, H2, H, 3, prec);
        gdc_ajet_struct *abc[3] = {(gdc_ajet_struct *)&q->C, (gdc_ajet_struct *)&q->B, (gdc_ajet_struct *)&q->A};
        gdc_ajet_struct part;
        gdc_ajet_init(&part, 5, 1);
        for (int i = 0; i < 5; i++)
            arb_zero(&part.g[i]);
        arb_zero(&part.v);
        acc_dot(&part, abc, H, 3, prec);
        if (kind == 1) {
            gdc_ajet_add(&part, &part, &part, prec);
        } else {
            gdc_ajet_struct poly, *pc[4] = {(gdc_ajet_struct *)&q->P[0], (gdc_ajet_struct *)&q->P[1],
                                            (gdc_ajet_struct *)&q->P[2], (gdc_ajet_struct *)&q->P[3]};
            gdc_ajet_init(&poly, 5, 1);
            arb_zero(&poly.v);
            for (int i = 0; i < 5; i++)
                arb_zero(&poly.g[i]);
            acc_dot(&poly, pc, J, 4, prec);
            gdc_ajet_mul(&poly, &poly, &q->inv2c, prec);
            gdc_ajet_add(&part, &part, &poly, prec);
            gdc_ajet_clear(&poly);
        }
        gdc_ajet_add(acc, acc, &part, prec);
        gdc_ajet_clear(&part);
        _arb_vec_clear(J, 4), _arb_vec_clear(H, 3), _arb_vec_clear(J2, 4), _arb_vec_clear(H2, 3);
    }
    arb_clear(m), arb_clear(l1), arb_clear(c0), arb_clear(a), arb_clear(co), arb_clear(si);
    arb_clear(d1), arb_clear(d2);
    return status;
}

/* the breakpoints as intervals [lo[i], hi[i]] inside [-1, 1]; returns their number, or -1 if one is unbounded */
static int breakpoints(arf_struct *lo, arf_struct *hi, int *degenerate, arb_srcptr x, slong prec)
{
    arb_t b[3], si, co, y, c0, a, sq;
    int n = 0, fail = 0;
    for (int i = 0; i < 3; i++)
        arb_init(b[i]);
    arb_init(si), arb_init(co), arb_init(y), arb_init(c0), arb_init(a), arb_init(sq);
    /* y = -bw/s (s = 0 exactly: no breakpoint, the first factor is the constant bw_+) */
    if (!arb_is_zero(x + 0)) {
        if (!arb_is_positive(x + 0))
            fail = 1;
        arb_div(b[n], x + 1, x + 0, prec);
        arb_neg(b[n], b[n]);
        n++;
    }
    /* the roots of c0^2 = c^2 h^2, unless the case of G is the same on all of [-1, 1] for the whole box */
    arb_sin_cos(si, co, x + 4, prec);
    arb_zero(y);
    mag_one(arb_radref(y)); /* y = [-1, 1] */
    arb_mul(c0, co, x + 2, prec);
    arb_mul(c0, c0, y, prec);
    arb_add(c0, c0, x + 3, prec);
    arb_mul(a, si, x + 2, prec);
    arb_abs(a, a);
    {
        arb_t z;
        arb_init(z);
        arb_zero(z);
        arb_union(a, a, z, prec); /* a(Y) = c h(Y) in [0, |c|] */
        arb_clear(z);
    }
    arb_sub(y, c0, a, prec);
    arb_add(sq, c0, a, prec);
    if (!(arb_is_positive(y) || arb_is_nonpositive(sq))) {
        if (!arb_is_positive(x + 2)) {
            fail = 1;
        } else {
            arb_sqr(sq, x + 2, prec);
            arb_sqr(y, x + 3, prec);
            arb_sub(sq, sq, y, prec);
            if (!arb_is_negative(sq)) {
                arb_sqrtpos(sq, sq, prec);
                arb_mul(sq, sq, si, prec);
                arb_mul(y, x + 3, co, prec);
                arb_neg(y, y);
                arb_add(b[n], y, sq, prec);
                arb_div(b[n], b[n], x + 2, prec);
                n++;
                arb_sub(b[n], y, sq, prec);
                arb_div(b[n], b[n], x + 2, prec);
                n++;
            }
        }
    }
    int m = 0;
    for (int i = 0; i < n && !fail; i++) {
        if (!arb_is_finite(b[i])) {
            fail = 1;
            break;
        }
        arb_get_lbound_arf(lo + m, b[i], prec);
        arb_get_ubound_arf(hi + m, b[i], prec);
        if ((arf_cmp_si(lo + m, -1) <= 0 && arf_cmp_si(hi + m, -1) >= 0) ||
            (arf_cmp_si(lo + m, 1) <= 0 && arf_cmp_si(hi + m, 1) >= 0))
            *degenerate = 1;
        if (arf_cmp_si(hi + m, -1) <= 0 || arf_cmp_si(lo + m, 1) >= 0)
            continue; /* outside the open interval (-1, 1): the ends are breakpoints already */
        if (arf_cmp_si(lo + m, -1) < 0)
            arf_set_si(lo + m, -1);
        if (arf_cmp_si(hi + m, 1) > 0)
            arf_set_si(hi + m, 1);
        m++;
    }
    for (int i = 0; i < 3; i++)
        arb_clear(b[i]);
    arb_clear(si), arb_clear(co), arb_clear(y), arb_clear(c0), arb_clear(a), arb_clear(sq);
    return fail ? -1 : m;
}

/* upper bounds M (integrand) and Mder (its partial derivatives) on the box */
static void bounds(arb_t M, arb_t Md, arb_srcptr x, int mode, slong prec)
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

/* upper bounds M and Mder of the integrand f(y) and of its partial derivatives for y in [a, b] (inside [-1, 1]) and
 * the whole box: with l = s y + bw, c0 = t cos th y + bv, h = sqrt(1 - y^2), G(y) <= 2h (c0 + t |sin th| h)_+ and
 * |dG/dbv|, |dG/dt| <= 2h, |dG/dth| <= 2h t (|cos th y + sin th y2| <= 1), so
 *   f <= 2h l_+ (c0 + c h)_+, |df/ds|, |df/dbw| <= 2h (c0 + c h)_+, |df/dt|, |df/dbv|, |df/dth| <= 2h l_+ max(1, t);
 * mode 1 (the indicator in place of the first factor, L <= 2h in place of G): f <= 2h where both can be active */
static void local_bounds(arb_t M, arb_t Md, arb_srcptr x, const arb_t a, const arb_t b, int mode, slong prec)
{
    arb_t y, l, c0, h, si, co, z;
    arb_init(y), arb_init(l), arb_init(c0), arb_init(h), arb_init(si), arb_init(co), arb_init(z);
    arb_union(y, a, b, prec);
    arb_mul(l, x + 0, y, prec);
    arb_add(l, l, x + 1, prec);
    arb_sin_cos(si, co, x + 4, prec);
    arb_abs(si, si);
    arb_mul(c0, co, x + 2, prec);
    arb_mul(c0, c0, y, prec);
    arb_add(c0, c0, x + 3, prec);
    arb_sqr(h, y, prec);
    arb_sub_ui(h, h, 1, prec);
    arb_neg(h, h);
    arb_sqrtpos(h, h, prec);
    arb_mul(z, h, si, prec);
    arb_mul(z, z, x + 2, prec);
    arb_add(c0, c0, z, prec); /* c0 + c h */
    arb_zero(z);
    arb_max(l, l, z, prec);
    arb_max(c0, c0, z, prec);
    arb_mul_2exp_si(h, h, 1);
    if (mode == 1) {
        arb_set(M, h);
        if (arb_is_zero(l) || arb_is_zero(c0))
            arb_zero(M);
    } else {
        arb_mul(M, h, l, prec);
        arb_mul(M, M, c0, prec);
    }
    arb_one(z);
    arb_max(z, z, x + 2, prec);
    arb_mul(z, z, l, prec);
    arb_max(Md, z, c0, prec);
    arb_mul(Md, Md, h, prec);
    arb_get_abs_ubound_arf(arb_midref(M), M, prec), mag_zero(arb_radref(M));
    arb_get_abs_ubound_arf(arb_midref(Md), Md, prec), mag_zero(arb_radref(Md));
    int off = arb_is_zero(l) || arb_is_zero(c0); /* f = 0 on [a, b] for the whole box: so are its derivatives */
    bounds(y, l, x, mode, prec); /* the global bounds, sometimes smaller */
    arb_min(M, M, y, prec);
    arb_min(Md, Md, l, prec);
    if (off)
        arb_zero(M), arb_zero(Md);
    arb_clear(y), arb_clear(l), arb_clear(c0), arb_clear(h), arb_clear(si), arb_clear(co), arb_clear(z);
}

/* acc += [0, (b - a) M] in value and (b - a) Mder [-1, 1] in every derivative (the integral over [a, b] of an
 * integrand with 0 <= f <= M and |df/dx_j| <= Mder there) */
static void add_bound(gdc_ajet_struct *acc, arb_srcptr x, const arb_t a, const arb_t b, int mode, slong prec)
{
    arb_t len, t, z, M, Md;
    arb_init(len), arb_init(t), arb_init(z), arb_init(M), arb_init(Md);
    local_bounds(M, Md, x, a, b, mode, prec);
    if (arb_is_zero(M) && arb_is_zero(Md)) {
        arb_clear(len), arb_clear(t), arb_clear(z), arb_clear(M), arb_clear(Md);
        return;
    }
    arb_sub(len, b, a, prec);
    arb_mul(t, len, M, prec);
    arb_union(t, t, z, prec);
    arb_add(&acc->v, &acc->v, t, prec);
    arb_mul(t, len, Md, prec);
    arb_neg(z, t);
    arb_union(t, t, z, prec);
    for (int j = 0; j < 5; j++)
        arb_add(acc->g + j, acc->g + j, t, prec);
    arb_clear(len), arb_clear(t), arb_clear(z), arb_clear(M), arb_clear(Md);
}

/* K and its gradient at one precision; returns 0 if every piece was decided */
static int disk_once(gdc_ajet_struct *acc, int *degenerate, arb_srcptr x, int mode, slong prec)
{
    arf_struct lo[3], hi[3];
    for (int i = 0; i < 3; i++)
        arf_init(lo + i), arf_init(hi + i);
    arb_zero(&acc->v);
    for (int i = 0; i < 5; i++)
        arb_zero((acc)->g + (i));
    arb_t M, Md, e1, e2, len, t;
    arb_init(M), arb_init(Md), arb_init(e1), arb_init(e2), arb_init(len), arb_init(t);
    bounds(M, Md, x, mode, prec);
    int n = breakpoints(lo, hi, degenerate, x, prec), status = n < 0, exact = 1;
    for (int i = 0; i < 5; i++)
        exact = exact && arb_is_exact(x + i);
    if (!status) {
        /* sort by lower end, then sweep: clusters of overlapping intervals, exact pieces between them */
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0 && arf_cmp(lo + j, lo + j - 1) < 0; j--)
                arf_swap(lo + j, lo + j - 1), arf_swap(hi + j, hi + j - 1);
        disk_coef_t q;
        coef_init(&q, x, mode, prec);
        arb_set_si(e1, -1);
        for (int i = 0; i <= n && !status; i++) {
            if (i < n)
                arb_set_arf(e2, lo + i);
            else
                arb_one(e2);
            if (arb_lt(e1, e2) && piece(acc, &q, x, e1, e2, prec)) {
                /* the case of a piece without breakpoints is the same for every point of the box, but its interval
                 * test may not show it on a wide box: there the integrand's bounds 0 <= f <= M, |df| <= Mder are
                 * used on the piece, as on a cluster (at exact inputs the precision is raised instead) */
                if (exact)
                    status = 1;
                else
                    add_bound(acc, x, e1, e2, mode, prec);
            }
            if (i == n)
                break;
            /* the cluster starting at lo[i] */
            arf_struct *top = hi + i;
            while (i + 1 < n && arf_cmp(lo + i + 1, top) <= 0) {
                i++;
                *degenerate = 1;
                if (arf_cmp(hi + i, top) > 0)
                    top = hi + i;
            }
            arb_set_arf(e1, top);
            arb_sub(len, e1, e2, prec); /* top - (the cluster's lowest end) */
            if (arb_is_positive(len))
                add_bound(acc, x, e2, e1, mode, prec);
        }
        coef_clear(&q);
    }
    if (status) {
        /* undecided case: 0 <= K <= 2M/pi, no derivative */
        arb_mul_2exp_si(t, M, 1);
        arb_zero(e2);
        arb_union(&acc->v, t, e2, prec);
        for (int j = 0; j < 5; j++)
            arb_indeterminate((acc)->g + (j));
    }
    arb_const_pi(t, prec);
    arb_div(&acc->v, &acc->v, t, prec);
    for (int j = 0; j < 5; j++)
        arb_div((acc)->g + (j), (acc)->g + (j), t, prec);
    for (int i = 0; i < 3; i++)
        arf_clear(lo + i), arf_clear(hi + i);
    arb_clear(M), arb_clear(Md), arb_clear(e1), arb_clear(e2), arb_clear(len), arb_clear(t);
    return status;
}

static void disk_eval(arb_ptr out, arb_ptr jac, arb_srcptr x, int mode, slong prec)
{
    int exact = 1;
    for (int i = 0; i < 5; i++)
        exact = exact && arb_is_exact(x + i);
    if (!_arb_vec_is_finite(x, 5) || arb_is_negative(x + 0) || arb_is_negative(x + 2)) {
        arb_indeterminate(out);
        if (jac)
            for (int j = 0; j < 5; j++)
                arb_indeterminate(jac + j);
        return;
    }
    gdc_ajet_struct acc;
    gdc_ajet_init(&acc, 5, 1);
    int degenerate = 0;
    for (slong wp = prec + 30, k = 0; k < (exact ? 6 : 1); wp *= 2, k++) {
        degenerate = 0;
        int st = disk_once(&acc, &degenerate, x, mode, wp);
        if (!exact || (!st && (arb_is_zero(&acc.v) || arb_rel_accuracy_bits(&acc.v) >= prec ||
                               mag_cmp_2exp_si(arb_radref(&acc.v), -4 * prec) < 0)))
            break; /* (a value within 2^(-4 prec) of 0 is not refined further) */
    }
    gdc_ball_clamp_nonneg(&acc.v);
    arb_set_round(out, &acc.v, prec);
    if (jac) {
        /* Where breakpoints meet (or reach y = +-1) K is C^1 but not smooth (e.g. t = |bv| with theta = pi:
         * K ~ (t - |bv|)^(7/2)); the derivative is still exact, but a finite-difference check cannot resolve it.
         * There the entries are widened by 2^-40 Mder (a wider enclosure is still rigorous). */
        arb_t M, Md;
        arb_init(M), arb_init(Md);
        bounds(M, Md, x, mode, prec);
        mag_t r;
        mag_init(r);
        arb_get_mag(r, Md);
        mag_mul_2exp_si(r, r, -40);
        for (int j = 0; j < 5; j++) {
            arb_set_round(jac + j, &acc.g[j], prec);
            if (exact && degenerate && mode == 0)
                arb_add_error_mag(jac + j, r);
        }
        mag_clear(r);
        arb_clear(M), arb_clear(Md);
    }
    gdc_ajet_clear(&acc);
}

void gdc_ball_disk_cross_arb(arb_ptr out, arb_srcptr x, slong prec) { disk_eval(out, NULL, x, 0, prec); }

void gdc_ball_disk_cross_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec) { disk_eval(out, jac, x, 0, prec); }

/* the same enclosure without the widening at degenerate points (for rows whose values are these derivatives) */
void gdc_ball_disk_cross_jac_tight(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec)
{
    disk_eval(out, jac, x, 2, prec);
}

/* P(s y1 + bw > 0, t (cos th y1 + sin th y2) + bv > 0), the same pieces with the integrand L(y); its derivatives
 * are not computed here (the indicator's jump at y = -bw/s adds a Leibniz boundary term) */
void gdc_ball_disk_both_arb(arb_t out, arb_srcptr x, slong prec) { disk_eval(out, NULL, x, 1, prec); }
