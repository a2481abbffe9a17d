/* Ball enclosures of the Theorem 6/7 ratios (002_588e28744115f015.txt Sec. 4.7; seed-002 B14, B17, C22, C30,
 * C31), rigorous on every box of (rho, alpha), boxes touching or containing w = u (rho = 1, alpha = 0) included.
 *
 * Special enclosure at the removable singularity. By the identity (*) of erf_ratio.c, at every point of the
 * quarter ball other than w = u,
 *   R6 = (1 - lambda) A6 + lambda B6,  A6 = (4/pi) P2/E,  B6 = (4/pi)(P1 + y P3)/E,  lambda = w1^2/(w1^2 + y^2),
 *   R7 = (1 - lambda) A7 + lambda B7,  A7 = K_u A6 + C w2 Tb,  B7 = K_u B6 + C (w1^2 Ta - y (w2 Ta + Tb)),
 * where A6, B6, K_u, Tb, Ta, y, w1, w2 are continuous functions of w on the whole closed quarter ball, and
 * C = (4/pi)/(E sqrt(B)) DQ (2/pi) (atan z/z) 2/(1 + al be) with DQ = k (k-1) xi^{k-2} for a xi between Vww and
 * Vuw (mean value theorem; DQ = k for k = 2), atan z/z in [atan m1/m1, atan m0/m0] for m0 <= |z| <= m1 (atan z/z
 * is even, decreasing in |z|, 1 at 0). Proof of the enclosure: fix a point p of the box, p != u. Its value is
 * (1 - lambda(p)) a + lambda(p) b with a, b the values of the A and B functions at p, which lie in the intervals
 * A, B computed over the box; lambda(p) lies in [lambda_lo, lambda_hi], because lambda increases with w1 and
 * decreases with y (w1, y >= 0) and w1, y lie in their intervals. The function l -> (1 - l) a + l b is affine, so
 * its value at lambda(p) lies between its values at lambda_lo and lambda_hi, each of which lies in the interval
 * computed with the exact end. Hence the hull of the two end intervals contains R(p). QED. Near w = u this is the
 * limit set (the hull of the radial and transverse Hessian eigenvalues of C31) narrowed by the direction range;
 * away from it lambda is pinned down and the enclosure converges linearly with the box.
 *
 * Arithmetic: intervals with outward rounding (erf_ratio_iv.h); the positive denominators span ranges such as
 * [1, 10^12] on wide boxes, which a ball (30-bit radius) cannot hold. Monotone functions (sin, cos and sin(a/2) on
 * [0, pi/2], atan, powers of numbers >= 0) are evaluated at the ends.
 *
 * lambda_lo = w1_lo^2/(w1_lo^2 + y_hi^2) (0 if w1_lo = 0), lambda_hi = w1_hi^2/(w1_hi^2 + y_lo^2) (0 if w1_hi = 0:
 * then w1 = 0 on the box and lambda = 0 except at w = u; 1 if y_lo = 0). The single point w = u is outside the
 * domain: an exact ball there gives an indeterminate result. */
#include "erf/erf_ratio.h"
#include "erf/erf_ratio_iv.h"

enum { RHO, S, C, H, U, U2, W1, W2, Y, WW, W1S, E, SB, SD, P1, P2, P3, PI, NG };

typedef struct {
    iv_t v[NG];
    arf_t lo, hi; /* lambda ends */
} ageo_t;

static void ageo_init(ageo_t *g)
{
    for (int i = 0; i < NG; i++)
        iv_init(&g->v[i]);
    arf_init(g->lo);
    arf_init(g->hi);
}

static void ageo_clear(ageo_t *g)
{
    for (int i = 0; i < NG; i++)
        iv_clear(&g->v[i]);
    arf_clear(g->lo);
    arf_clear(g->hi);
}

static void sin_half(arb_t r, const arb_t x, slong prec)
{
    arb_mul_2exp_si(r, x, -1);
    arb_sin(r, r, prec);
}

/* lam = a^2/(a^2 + b^2) for a > 0, b >= 0, rounded down (dir = 0) or up (dir = 1) */
static void lam_at(arf_t lam, const arf_t a, const arf_t b, int dir, slong prec)
{
    arf_t n, d;
    arf_init(n);
    arf_init(d);
    arf_rnd_t r = dir ? ARF_RND_CEIL : ARF_RND_FLOOR, ro = dir ? ARF_RND_FLOOR : ARF_RND_CEIL;
    arf_mul(n, a, a, prec, r);
    arf_mul(d, b, b, prec, ro);
    arf_add(d, d, n, prec, ro);
    arf_div(lam, n, d, prec, r);
    if (arf_cmp_si(lam, 1) > 0)
        arf_one(lam);
    arf_clear(n);
    arf_clear(d);
}

/* rho and alpha clamped to the domain rho in [0, 1], alpha in [0, pi/2 (upper bound)], into v[RHO] and t;
 * v[PI] = pi. 0 if the box misses the domain or is the single point w = u. */
static int ageo_domain(ageo_t *g, iv_t *t, arb_srcptr x, slong prec)
{
    iv_t *v = g->v, q;
    arb_t a;
    iv_init(&q);
    arb_init(a);
    iv_set_arb(&v[RHO], x + 1, prec);
    iv_set_arb(t, x + 2, prec);
    iv_nonneg(&v[RHO]);
    iv_nonneg(t);
    if (arf_cmp_si(v[RHO].hi, 1) > 0)
        arf_one(v[RHO].hi);
    arb_const_pi(a, prec);
    iv_set_arb(&v[PI], a, prec);
    arf_mul_2exp_si(q.hi, v[PI].hi, -1);
    if (arf_cmp(t->hi, q.hi) > 0)
        arf_set(t->hi, q.hi);
    int ok = arf_cmp(v[RHO].lo, v[RHO].hi) <= 0 && arf_cmp(t->lo, t->hi) <= 0; /* else the box misses the domain */
    ok = ok && !(arf_is_one(v[RHO].lo) && arf_is_zero(t->hi));                  /* the single point w = u */
    iv_clear(&q);
    arb_clear(a);
    return ok;
}

/* s = sin a, c = cos a (decreasing), h = sin(a/2) on [0, pi/2], all >= 0; U^2 = 12 k^2/pi^2, U; w1 = rho U s,
 * w2 = rho U c, |w|^2 = (rho U)^2, y = U ((1 - rho) + 2 rho h^2), w1^2 */
static void ageo_vectors(ageo_t *g, const iv_t *alpha, arb_srcptr x, slong prec)
{
    iv_t *v = g->v, t, q;
    arb_t a, b;
    iv_init(&t);
    iv_init(&q);
    arb_init(a);
    arb_init(b);
    iv_monotone(&v[S], alpha, arb_sin, 0, prec);
    iv_monotone(&v[C], alpha, arb_cos, 1, prec);
    iv_monotone(&v[H], alpha, sin_half, 0, prec);
    iv_nonneg(&v[S]);
    iv_nonneg(&v[C]);
    iv_nonneg(&v[H]);
    arb_const_pi(a, prec);
    arb_sqr(b, a, prec);
    arb_sqr(a, x, prec);
    arb_mul_ui(a, a, 12, prec);
    arb_div(a, a, b, prec);
    iv_set_arb(&v[U2], a, prec);
    iv_sqrt(&v[U], &v[U2], prec);
    iv_mul(&t, &v[U], &v[RHO], prec);
    iv_mul(&v[W1], &t, &v[S], prec);
    iv_mul(&v[W2], &t, &v[C], prec);
    iv_mul(&v[WW], &t, &t, prec);
    iv_mul(&t, &v[H], &v[H], prec);
    iv_mul(&t, &t, &v[RHO], prec);
    iv_mul_2exp(&t, &t, 1);
    iv_set_si(&q, 1);
    iv_sub(&q, &q, &v[RHO], prec);
    iv_nonneg(&q);
    iv_add(&t, &t, &q, prec);
    iv_mul(&v[Y], &v[U], &t, prec);
    iv_mul(&v[W1S], &v[W1], &v[W1], prec);
    iv_clear(&t);
    iv_clear(&q);
    arb_clear(a);
    arb_clear(b);
}

/* E = 1 + 2W^2, sB = sqrt(1 + 4W^2), sD = sqrt(1 + 2U^2 + 2W^2 + 4U^2 w1^2) */
static void ageo_roots(ageo_t *g, slong prec)
{
    iv_t *v = g->v, t, q;
    iv_init(&t);
    iv_init(&q);
    iv_mul_2exp(&v[E], &v[WW], 1);
    iv_add_si(&v[E], &v[E], 1, prec);
    iv_mul_2exp(&t, &v[WW], 2);
    iv_add_si(&t, &t, 1, prec);
    iv_sqrt(&v[SB], &t, prec);
    iv_add(&t, &v[U2], &v[WW], prec);
    iv_mul_2exp(&t, &t, 1);
    iv_mul(&q, &v[U2], &v[W1S], prec);
    iv_mul_2exp(&q, &q, 2);
    iv_add(&t, &t, &q, prec);
    iv_add_si(&t, &t, 1, prec);
    iv_sqrt(&v[SD], &t, prec);
    iv_clear(&t);
    iv_clear(&q);
}

/* P1 = 1/sB + 2 U w2/sD, P2 = E (U + w2)/Z, P3 = 2 E U^2 (3 + 4 w1^2)/Z with Z = sB sD (w2 sD + U (1 + 2 w1^2) sB);
 * 0 if one of them is not finite */
static int ageo_p(ageo_t *g, slong prec)
{
    iv_t *v = g->v, t, q;
    iv_init(&t);
    iv_init(&q);
    iv_mul(&t, &v[U], &v[W2], prec);
    iv_mul_2exp(&t, &t, 1);
    iv_div(&t, &t, &v[SD], prec);
    iv_set_si(&q, 1);
    iv_div(&q, &q, &v[SB], prec);
    iv_add(&v[P1], &q, &t, prec);
    /* Z into q */
    iv_mul_2exp(&t, &v[W1S], 1);
    iv_add_si(&t, &t, 1, prec);
    iv_mul(&t, &t, &v[U], prec);
    iv_mul(&t, &t, &v[SB], prec);
    iv_mul(&q, &v[W2], &v[SD], prec);
    iv_add(&t, &t, &q, prec);
    iv_mul(&t, &t, &v[SB], prec);
    iv_mul(&q, &t, &v[SD], prec);
    iv_add(&t, &v[U], &v[W2], prec);
    iv_mul(&t, &t, &v[E], prec);
    int ok = iv_div(&v[P2], &t, &q, prec);
    iv_mul_2exp(&t, &v[W1S], 2);
    iv_add_si(&t, &t, 3, prec);
    iv_mul(&t, &t, &v[U2], prec);
    iv_mul(&t, &t, &v[E], prec);
    iv_mul_2exp(&t, &t, 1);
    ok = ok && iv_div(&v[P3], &t, &q, prec);
    ok = ok && iv_is_finite(&v[P1]) && iv_is_finite(&v[P2]) && iv_is_finite(&v[P3]);
    iv_clear(&t);
    iv_clear(&q);
    return ok;
}

/* the ends of lambda = w1^2/(w1^2 + y^2) over the box (w1, y >= 0) */
static void ageo_lambda(ageo_t *g, slong prec)
{
    iv_t *v = g->v;
    iv_nonneg(&v[W1]);
    iv_nonneg(&v[Y]);
    if (arf_is_zero(v[W1].lo))
        arf_zero(g->lo);
    else if (arf_is_zero(v[Y].hi))
        arf_one(g->lo);
    else
        lam_at(g->lo, v[W1].lo, v[Y].hi, 0, prec);
    if (arf_is_zero(v[W1].hi))
        arf_zero(g->hi); /* w1 = 0 on the box: lambda = 0 except at w = u */
    else if (arf_is_zero(v[Y].lo))
        arf_one(g->hi);
    else
        lam_at(g->hi, v[W1].hi, v[Y].lo, 1, prec);
}

/* The geometry of erf_ratio.c over the box. Returns 0 if k is not an exact integer >= 1, the box misses the
 * domain, or the box is the single point w = u. */
static int ageo(ageo_t *g, arb_srcptr x, slong prec)
{
    if (!arb_is_int(x) || arf_cmp_si(arb_midref(x), 1) < 0 || !arb_is_finite(x + 1) || !arb_is_finite(x + 2))
        return 0;
    iv_t alpha;
    iv_init(&alpha);
    int ok = ageo_domain(g, &alpha, x, prec);
    if (ok) {
        ageo_vectors(g, &alpha, x, prec);
        ageo_roots(g, prec);
        ok = ageo_p(g, prec);
        ageo_lambda(g, prec);
    }
    iv_clear(&alpha);
    return ok;
}

/* 4/pi times A6 = P2/E and B6 = (P1 + y P3)/E */
static void r6_parts(iv_t *A6, iv_t *B6, ageo_t *g, slong prec)
{
    iv_t *v = g->v, f;
    iv_init(&f);
    iv_div(A6, &v[P2], &v[E], prec);
    iv_mul(B6, &v[Y], &v[P3], prec);
    iv_add(B6, B6, &v[P1], prec);
    iv_div(B6, B6, &v[E], prec);
    iv_set_si(&f, 4);
    iv_div(&f, &f, &v[PI], prec);
    iv_mul(A6, A6, &f, prec);
    iv_mul(B6, B6, &f, prec);
    iv_clear(&f);
}

/* res = the hull over l in {lambda_lo, lambda_hi} of (1 - l) A + l B (1 - l, l >= 0: the ends of each are
 * (1 - l) A_lo + l B_lo and (1 - l) A_hi + l B_hi) */
static void affine_union(arb_t res, const iv_t *A, const iv_t *B, const ageo_t *g, slong prec)
{
    iv_t r, t, l1;
    iv_init(&r);
    iv_init(&t);
    iv_init(&l1);
    for (int e = 0; e < 2; e++) {
        const arf_struct *l = e ? g->hi : g->lo;
        arf_set(l1.lo, l);
        arf_set(l1.hi, l);
        iv_mul(&t, &l1, B, prec);
        iv_set_si(&l1, 1);
        arf_sub(l1.lo, l1.lo, l, prec, ARF_RND_FLOOR);
        arf_sub(l1.hi, l1.hi, l, prec, ARF_RND_CEIL);
        iv_nonneg(&l1);
        iv_mul(&l1, &l1, A, prec);
        iv_add(&t, &t, &l1, prec);
        if (e == 0)
            iv_set(&r, &t);
        else
            iv_union(&r, &r, &t);
    }
    iv_get_arb(res, &r, prec);
    iv_clear(&r);
    iv_clear(&t);
    iv_clear(&l1);
}

void gdc_erf_ratio6_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    ageo_t g;
    ageo_init(&g);
    if (!ageo(&g, x, prec)) {
        arb_indeterminate(out);
    } else {
        iv_t A, B;
        iv_init(&A);
        iv_init(&B);
        r6_parts(&A, &B, &g, prec);
        affine_union(out, &A, &B, &g, prec);
        iv_clear(&A);
        iv_clear(&B);
    }
    ageo_clear(&g);
}

/* atan(m)/m for an exact m >= 0 (1 at 0) as a ball */
static void atan_sinc(arb_t r, const arf_t m, slong prec)
{
    if (arf_is_zero(m)) {
        arb_one(r);
        return;
    }
    arb_t t;
    arb_init(t);
    arb_set_arf(t, m);
    arb_atan(r, t, prec);
    arb_div(r, r, t, prec);
    arb_clear(t);
}

/* (2/pi) atan(a) over an interval a (increasing) */
static void v_of(iv_t *V, const iv_t *a, const iv_t *pi, slong prec)
{
    iv_t t;
    iv_init(&t);
    iv_monotone(V, a, arb_atan, 0, prec);
    iv_set_si(&t, 2);
    iv_div(&t, &t, pi, prec);
    iv_mul(V, V, &t, prec);
    iv_clear(&t);
}

enum { AL, BE, VWW, VUW, KU, TA, TB, Z, CC, GM, T, Q, NR };

/* al = 2W^2/sB, be = 2 U w2/sD; V = (2/pi) atan, in [0, 1]; K_u = 1 + k Vuw^n */
static void r7_kernels(iv_t *r, iv_t *v, ulong k, ulong n, slong prec)
{
    iv_mul_2exp(&r[AL], &v[WW], 1);
    iv_div(&r[AL], &r[AL], &v[SB], prec);
    iv_mul(&r[BE], &v[U], &v[W2], prec);
    iv_mul_2exp(&r[BE], &r[BE], 1);
    iv_div(&r[BE], &r[BE], &v[SD], prec);
    v_of(&r[VWW], &r[AL], &v[PI], prec);
    v_of(&r[VUW], &r[BE], &v[PI], prec);
    iv_nonneg(&r[VWW]);
    iv_nonneg(&r[VUW]);
    iv_pow_ui(&r[KU], &r[VUW], n, prec);
    iv_set_si(&r[T], (slong)k);
    iv_mul(&r[KU], &r[KU], &r[T], prec);
    iv_add_si(&r[KU], &r[KU], 1, prec);
}

/* Ta = P1 - w2 P3, Tb = w2 P2, z = 2 (w1^2 Ta - y Tb)/(1 + al be); C = 16/(pi^2 E sB (1 + al be)) */
static void r7_z_c(iv_t *r, iv_t *v, slong prec)
{
    iv_mul(&r[TA], &v[W2], &v[P3], prec);
    iv_sub(&r[TA], &v[P1], &r[TA], prec);
    iv_mul(&r[TB], &v[W2], &v[P2], prec);
    iv_mul(&r[Z], &v[W1S], &r[TA], prec);
    iv_mul(&r[T], &v[Y], &r[TB], prec);
    iv_sub(&r[Z], &r[Z], &r[T], prec);
    iv_mul_2exp(&r[Z], &r[Z], 1);
    iv_mul(&r[Q], &r[AL], &r[BE], prec);
    iv_add_si(&r[Q], &r[Q], 1, prec);
    iv_div(&r[Z], &r[Z], &r[Q], prec);
    /* r[Q] holds 1 + al be */
    iv_mul(&r[CC], &v[E], &v[SB], prec);
    iv_mul(&r[CC], &r[CC], &r[Q], prec);
    iv_mul(&r[CC], &r[CC], &v[PI], prec);
    iv_mul(&r[CC], &r[CC], &v[PI], prec);
    iv_set_si(&r[T], 16);
    iv_div(&r[CC], &r[T], &r[CC], prec);
}

/* r[T] = DQ = k n xi^{n-1} (mean value theorem, xi in the hull of Vww and Vuw), intersected with the quotient
 * k (Vww^n - Vuw^n)/d when d = (2/pi) atan z excludes 0 (the hull alone does not shrink at a point) */
static void r7_dq(iv_t *r, iv_t *v, ulong k, ulong n, slong prec)
{
    iv_union(&r[T], &r[VWW], &r[VUW]);
    iv_pow_ui(&r[T], &r[T], n - 1, prec);
    iv_set_si(&r[Q], (slong)(k * n));
    iv_mul(&r[T], &r[T], &r[Q], prec);
    v_of(&r[Q], &r[Z], &v[PI], prec); /* d */
    if (arf_sgn(r[Q].lo) > 0 || arf_sgn(r[Q].hi) < 0) {
        iv_t p, p2;
        iv_init(&p);
        iv_init(&p2);
        iv_pow_ui(&p, &r[VWW], n, prec);
        iv_pow_ui(&p2, &r[VUW], n, prec);
        iv_sub(&p, &p, &p2, prec);
        if (arf_sgn(r[Q].hi) < 0) { /* divide by -d > 0 and negate */
            arf_neg(p2.lo, r[Q].hi);
            arf_neg(p2.hi, r[Q].lo);
            arf_neg(p.lo, p.lo);
            arf_neg(p.hi, p.hi);
            arf_swap(p.lo, p.hi);
            iv_set(&r[Q], &p2);
        }
        iv_div(&p, &p, &r[Q], prec);
        iv_set_si(&p2, (slong)k);
        iv_mul(&p, &p, &p2, prec);
        if (iv_is_finite(&p) && arf_cmp(p.lo, r[T].hi) <= 0 && arf_cmp(r[T].lo, p.hi) <= 0) {
            if (arf_cmp(p.lo, r[T].lo) > 0)
                arf_set(r[T].lo, p.lo);
            if (arf_cmp(p.hi, r[T].hi) < 0)
                arf_set(r[T].hi, p.hi);
        }
        iv_clear(&p);
        iv_clear(&p2);
    }
}

/* r[T] = the range of atan z/z: [atan m1/m1, atan m0/m0] for m0 <= |z| <= m1 */
static void r7_atan_sinc(iv_t *r, slong prec)
{
    arb_t ba, bb;
    arf_t m;
    arb_init(ba);
    arb_init(bb);
    arf_init(m);
    arf_abs(m, r[Z].lo);
    arf_abs(r[T].hi, r[Z].hi);
    if (arf_cmp(r[T].hi, m) > 0)
        arf_swap(r[T].hi, m); /* m = max |z| */
    atan_sinc(bb, m, prec);
    arb_get_lbound_arf(r[T].lo, bb, prec);
    if (arf_sgn(r[Z].lo) <= 0 && arf_sgn(r[Z].hi) >= 0)
        arf_zero(m); /* z straddles 0 */
    else
        arf_set(m, r[T].hi); /* min |z| */
    atan_sinc(ba, m, prec);
    arb_get_ubound_arf(r[T].hi, ba, prec);
    arb_clear(ba);
    arb_clear(bb);
    arf_clear(m);
}

/* A7 = K_u A6 + C w2 Tb, B7 = K_u B6 + C (w1^2 Ta - y (w2 Ta + Tb)) */
static void r7_combine(iv_t *A, iv_t *B, iv_t *r, iv_t *v, slong prec)
{
    iv_mul(A, A, &r[KU], prec);
    iv_mul(&r[T], &v[W2], &r[TB], prec);
    iv_mul(&r[T], &r[T], &r[CC], prec);
    iv_add(A, A, &r[T], prec);
    iv_mul(B, B, &r[KU], prec);
    iv_mul(&r[T], &v[W2], &r[TA], prec);
    iv_add(&r[T], &r[T], &r[TB], prec);
    iv_mul(&r[T], &r[T], &v[Y], prec);
    iv_mul(&r[GM], &v[W1S], &r[TA], prec);
    iv_sub(&r[GM], &r[GM], &r[T], prec);
    iv_mul(&r[GM], &r[GM], &r[CC], prec);
    iv_add(B, B, &r[GM], prec);
}

void gdc_erf_ratio7_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    ageo_t g;
    ageo_init(&g);
    if (!ageo(&g, x, prec)) {
        arb_indeterminate(out);
        ageo_clear(&g);
        return;
    }
    iv_t A, B, r[NR];
    iv_init(&A);
    iv_init(&B);
    for (int i = 0; i < NR; i++)
        iv_init(&r[i]);
    r6_parts(&A, &B, &g, prec);
    if (arf_cmp_si(arb_midref(x), 1) == 0) {
        affine_union(out, &A, &B, &g, prec);
        arb_mul_2exp_si(out, out, 1); /* k = 1: R7 = 2 R6 */
    } else {
        ulong k = arf_get_si(arb_midref(x), ARF_RND_NEAR), n = k - 1;
        r7_kernels(r, g.v, k, n, prec);
        r7_z_c(r, g.v, prec);
        r7_dq(r, g.v, k, n, prec);
        iv_mul(&r[CC], &r[CC], &r[T], prec);
        r7_atan_sinc(r, prec);
        iv_mul(&r[CC], &r[CC], &r[T], prec);
        r7_combine(&A, &B, r, g.v, prec);
        affine_union(out, &A, &B, &g, prec);
    }
    iv_clear(&A);
    iv_clear(&B);
    for (int i = 0; i < NR; i++)
        iv_clear(&r[i]);
    ageo_clear(&g);
}
