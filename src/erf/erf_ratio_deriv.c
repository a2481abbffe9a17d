/* Derivative enclosures (fn_arb_jac, fn_arb_hess) of erf.ratio6 and erf.ratio7 (002_588e28744115f015.txt
 * Theorems 6, 7; seed-002 B14, B17, C22, C30, C31), by second-order jets (core/jet.h) of the cancellation-free
 * forms of erf_ratio.c in the variables (rho, alpha) (k is an integer argument: its column is indeterminate):
 *   R6 = A6 + lambda (B6 - A6),  A6 = (4/pi) P2/E,  B6 = (4/pi)(P1 + y P3)/E,  lambda = w1^2/(w1^2 + y^2),
 *   R7 = A7 + lambda (B7 - A7),  A7 = K_u A6 + C w2 Tb,  B7 = K_u B6 + C (w1^2 Ta - y (w2 Ta + Tb)),
 *   C = (16/pi^2) DQ S(z)/(E sqrt(B) (1 + al be)),  S(z) = atan(z)/z,  DQ = k (Vww^n - Vuw^n)/(Vww - Vuw), n = k - 1
 * (names as in erf_ratio.c; R7 = 2 R6 at k = 1). These are identities of analytic functions on the quarter ball
 * without w = u, so their derivatives agree there too. The removable 0/0 of R6 and R7 is only in the weight
 * lambda; its derivatives grow like 1/|w - u| (the limit at w = u depends on the direction, C31), so at w = u
 * the ratios are not differentiable: on a box reaching w = u the jet divides by a ball w1^2 + y^2 containing 0
 * and every entry is indeterminate (the domain's open end rho < 1; a box near but off w = u gets bounded, wide
 * entries).
 * The two removable singularities inside C, with rigorous derivative bounds:
 *   S(z) = F(z^2), F(u) = sum_j (-1)^j u^j/(2j+1). For |z| <= 1/2 (u <= 1/4) F, F', F'' are the truncated series
 *     (N terms) plus a remainder: the omitted terms of each series decrease at least geometrically with ratio
 *     <= 0.54 (ratio of consecutive terms (j+1)j(2j+1) u/(j(j-1)(2j+3)) <= 2.15 u for F'', smaller for F, F'),
 *     so the tails are at most 2.2 times the first omitted term: 2.2 u^N, 2.2 N u^{N-1}, 2.2 N^2 u^{N-2}.
 *     For |z| >= 1/4: S = atan z/z, S' = (1/(1+z^2) - S)/z, S'' = (-2z/(1+z^2)^2 - 2S')/z (from z S = atan z).
 *     A ball reaching both |z| < 1/4 and |z| > 1/2 (wide boxes): the integrands of S = int_0^1 dt/(1 + z^2 t^2) and
 *     its z-derivatives over t in [0, 1] (an integral over [0, 1] lies in the range of its integrand).
 *   DQ = phi(Vww, Vuw), phi(a, b) = f[a, b] the divided difference of f(x) = k x^n, whose partials are
 *     phi_a = f[a,a,b], phi_b = f[a,b,b], phi_aa = 2 f[a,a,a,b], phi_ab = f[a,a,b,b], phi_bb = 2 f[a,b,b,b], and
 *     (Hermite-Genocchi) an m-th divided difference lies in f^(m)(H)/m! = k C(n,m) H^{n-m}, H the hull of a and b.
 *     Where d = Vww - Vuw = (2/pi) atan z excludes 0, also the closed forms (from (a - b) phi = f(a) - f(b)):
 *     phi = (f(a) - f(b))/d, phi_a = (f'(a) - phi)/d, phi_b = (phi - f'(b))/d, phi_aa = (f''(a) - 2 phi_a)/d,
 *     phi_ab = (phi_a - phi_b)/d, phi_bb = (2 phi_b - f''(b))/d; the two enclosures are intersected. */
#include "erf/erf.h"
#include "erf/erf_ratio.h"
#include "erf/erf_jet.h"

typedef gdc_ajet_struct jet;

enum { RS, RC, RW1, RW2, RY, RWW, RW1S, RE, RSB, RRSB, RRSD, RP1, RP2, RP3, RLAM, RNJ };

typedef struct {
    gdc_ajet_struct j[RNJ];
    arb_t U, U2;
} rgeo_t;

static void rgeo_init(rgeo_t *g, int ord)
{
    for (int i = 0; i < RNJ; i++)
        gdc_ajet_init(g->j + i, 3, ord);
    arb_init(g->U);
    arb_init(g->U2);
}

static void rgeo_clear(rgeo_t *g)
{
    for (int i = 0; i < RNJ; i++)
        gdc_ajet_clear(g->j + i);
    arb_clear(g->U);
    arb_clear(g->U2);
}

/* the geometry of erf_ratio.c as jets in (rho, alpha) */
static void rgeo_set(rgeo_t *g, const jet *x, slong prec)
{
    jet *j = g->j;
    gdc_ajet_t t, u, D;
    gdc_ajet_init(t, 3, x->order);
    gdc_ajet_init(u, 3, x->order);
    gdc_ajet_init(D, 3, x->order);
    arb_const_pi(g->U, prec);
    arb_div(g->U2, &x->v, g->U, prec);
    arb_sqr(g->U2, g->U2, prec);
    arb_mul_ui(g->U2, g->U2, 12, prec); /* U^2 = 12 k^2/pi^2 */
    arb_sqrt(g->U, g->U2, prec);
    gdc_ajet_sin_cos(j + RS, j + RC, x + 2, prec);
    gdc_ajet_mul_arb(t, x + 1, g->U, prec); /* rho U */
    gdc_ajet_mul(j + RW1, t, j + RS, prec);
    gdc_ajet_mul(j + RW2, t, j + RC, prec);
    gdc_ajet_sqr(j + RWW, t, prec);
    gdc_ajet_sqr(j + RW1S, j + RW1, prec);
    /* y = U ((1 - rho) + 2 rho sin^2(alpha/2)) */
    gdc_ajet_mul_2exp_si(u, x + 2, -1);
    gdc_ajet_sin(u, u, prec);
    gdc_ajet_sqr(u, u, prec);
    gdc_ajet_mul(u, u, x + 1, prec);
    gdc_ajet_mul_2exp_si(u, u, 1);
    gdc_ajet_sub(u, u, x + 1, prec);
    gdc_ajet_add_si(u, u, 1, prec);
    gdc_ajet_mul_arb(j + RY, u, g->U, prec);
    /* E = 1 + 2W^2, B = 1 + 4W^2 (sqrt B = B B^{-1/2}), D = 1 + 2U^2 + 2W^2 + 4U^2 w1^2 */
    gdc_ajet_mul_2exp_si(j + RE, j + RWW, 1);
    gdc_ajet_add_si(j + RE, j + RE, 1, prec);
    gdc_ajet_mul_2exp_si(t, j + RWW, 2);
    gdc_ajet_add_si(t, t, 1, prec);
    gdc_ajet_rsqrt_ge(j + RRSB, t, 1, prec);
    gdc_ajet_mul(j + RSB, t, j + RRSB, prec);
    gdc_ajet_mul_arb(D, j + RW1S, g->U2, prec);
    gdc_ajet_mul_2exp_si(D, D, 1);
    gdc_ajet_add(D, D, j + RWW, prec);
    gdc_ajet_mul_2exp_si(D, D, 1);
    arb_mul_2exp_si(&t->v, g->U2, 1);
    arb_add_ui(&t->v, &t->v, 1, prec);
    arb_add(&D->v, &D->v, &t->v, prec);
    gdc_ajet_rsqrt_ge(j + RRSD, D, 1, prec);
    /* P1 = 1/sB + 2U w2/sD */
    gdc_ajet_mul(t, j + RW2, j + RRSD, prec);
    gdc_ajet_mul_arb(t, t, g->U, prec);
    gdc_ajet_mul_2exp_si(t, t, 1);
    gdc_ajet_add(j + RP1, j + RRSB, t, prec);
    /* 1/Z = rsB rsD / (w2 sD + U (1 + 2w1^2) sB); the divisor is >= U > 1 at every point of the domain (w2 >= 0
     * for rho >= 0, alpha in [0, pi/2]; U = sqrt(12) k/pi >= 1.1) */
    gdc_ajet_mul_2exp_si(u, j + RW1S, 1);
    gdc_ajet_add_si(u, u, 1, prec);
    gdc_ajet_mul_arb(u, u, g->U, prec);
    gdc_ajet_mul(u, u, j + RSB, prec);
    gdc_ajet_mul(t, D, j + RRSD, prec); /* sD */
    gdc_ajet_mul(t, t, j + RW2, prec);
    gdc_ajet_add(u, u, t, prec);
    gdc_ajet_inv_ge(u, u, 1, prec);
    gdc_ajet_mul(u, u, j + RRSB, prec);
    gdc_ajet_mul(u, u, j + RRSD, prec);
    gdc_ajet_mul(u, u, j + RE, prec); /* E/Z */
    /* P2 = E (U + w2)/Z, P3 = 2 E U^2 (3 + 4 w1^2)/Z */
    gdc_ajet_add_si(t, j + RW2, 0, prec);
    arb_add(&t->v, &t->v, g->U, prec);
    gdc_ajet_mul(j + RP2, u, t, prec);
    gdc_ajet_mul_2exp_si(t, j + RW1S, 2);
    gdc_ajet_add_si(t, t, 3, prec);
    gdc_ajet_mul_arb(t, t, g->U2, prec);
    gdc_ajet_mul_2exp_si(t, t, 1);
    gdc_ajet_mul(j + RP3, u, t, prec);
    /* lambda = w1^2/(w1^2 + y^2) */
    gdc_ajet_sqr(t, j + RY, prec);
    gdc_ajet_add(t, t, j + RW1S, prec);
    gdc_ajet_div(j + RLAM, j + RW1S, t, prec);
    gdc_ajet_clear(t);
    gdc_ajet_clear(u);
    gdc_ajet_clear(D);
}

/* A6 = (4/pi) P2/E, B6 = (4/pi)(P1 + y P3)/E */
static void r6_parts(jet *A, jet *B, rgeo_t *g, slong prec)
{
    jet *j = g->j;
    gdc_ajet_div_ge(A, j + RP2, j + RE, 1, prec);
    gdc_erf_jet_two_over_pi(A, A, 1, prec);
    gdc_ajet_mul(B, j + RY, j + RP3, prec);
    gdc_ajet_add(B, B, j + RP1, prec);
    gdc_ajet_div_ge(B, B, j + RE, 1, prec);
    gdc_erf_jet_two_over_pi(B, B, 1, prec);
}

/* r = A + lambda (B - A) */
static void convex(jet *r, const jet *A, jet *B, const rgeo_t *g, slong prec)
{
    gdc_ajet_sub(B, B, A, prec);
    gdc_ajet_mul(B, B, g->j + RLAM, prec);
    gdc_ajet_add(r, A, B, prec);
}

static int get_k(ulong *k, const jet *x)
{
    if (!arb_is_int(&x->v) || arf_cmp_si(arb_midref(&x->v), 1) < 0 || arf_cmp_si(arb_midref(&x->v), 1000000) > 0)
        return 0;
    *k = (ulong)arf_get_si(arb_midref(&x->v), ARF_RND_NEAR);
    return 1;
}

static int ratio6_jet(jet *out, const jet *x, slong prec)
{
    ulong k;
    if (!get_k(&k, x))
        return 0;
    rgeo_t g;
    gdc_ajet_t A, B;
    rgeo_init(&g, x->order);
    gdc_ajet_init(A, 3, x->order);
    gdc_ajet_init(B, 3, x->order);
    rgeo_set(&g, x, prec);
    r6_parts(A, B, &g, prec);
    convex(out, A, B, &g, prec);
    rgeo_clear(&g);
    gdc_ajet_clear(A);
    gdc_ajet_clear(B);
    return 1;
}

/* F, F', F'' of F(u) = atan(sqrt u)/sqrt u for u in [0, 1/4] (the ball u, its upper end umax): series and tails */
static void atan_sinc_series(arb_t f0, arb_t f1, arb_t f2, const arb_t u, const arb_t umax, slong prec)
{
    slong N = prec / 2 + 4;
    arb_t c, t;
    mag_t m, e;
    arb_init(c);
    arb_init(t);
    mag_init(m);
    mag_init(e);
    arb_zero(f0);
    arb_zero(f1);
    arb_zero(f2);
    for (slong j = N - 1; j >= 0; j--) { /* Horner; the coefficient of u^j in F, of u^(j-1) in F', u^(j-2) in F'' */
        arb_set_si(c, (j & 1) ? -1 : 1);
        arb_div_ui(c, c, 2 * j + 1, prec);
        arb_mul(f0, f0, u, prec);
        arb_add(f0, f0, c, prec);
        if (j >= 1) {
            arb_mul(f1, f1, u, prec);
            arb_mul_ui(t, c, j, prec);
            arb_add(f1, f1, t, prec);
        }
        if (j >= 2) {
            arb_mul(f2, f2, u, prec);
            arb_mul_ui(t, c, j * (j - 1), prec);
            arb_add(f2, f2, t, prec);
        }
    }
    /* tails: 2.2 u^N, 2.2 N u^(N-1), 2.2 N^2 u^(N-2) (bounded by 3 times) */
    arb_get_mag(m, umax);
    mag_pow_ui(e, m, N - 2);
    mag_mul_ui(e, e, 3 * N * N);
    arb_add_error_mag(f2, e);
    mag_pow_ui(e, m, N - 1);
    mag_mul_ui(e, e, 3 * N);
    arb_add_error_mag(f1, e);
    mag_pow_ui(e, m, N);
    mag_mul_ui(e, e, 3);
    arb_add_error_mag(f0, e);
    arb_clear(c);
    arb_clear(t);
    mag_clear(m);
    mag_clear(e);
}

/* S, S', S'' on a ball z that straddles both regimes: from S(z) = int_0^1 dt/(1 + z^2 t^2),
 * S'(z) = int_0^1 -2 z t^2/(1 + z^2 t^2)^2 dt, S''(z) = int_0^1 t^2 (6 z^2 t^2 - 2)/(1 + z^2 t^2)^3 dt, each integral
 * lies in the range of its integrand over t in [0, 1]: the integrands evaluated on the ball t = [0, 1] */
static void atan_sinc_integral(arb_t f0, arb_t f1, arb_t f2, const arb_t z, slong prec)
{
    arb_t t2, q, w;
    arb_init(t2);
    arb_init(q);
    arb_init(w);
    arb_set_d(t2, 0.5);
    mag_set_d(arb_radref(t2), 0.5); /* t^2 in [0, 1] */
    gdc_arb_sqr(q, z, prec);
    arb_mul(q, q, t2, prec);
    arb_nonnegative_part(q, q);     /* z^2 t^2 >= 0 */
    arb_add_ui(q, q, 1, prec);      /* 1 + z^2 t^2 >= 1 */
    arb_inv(w, q, prec);
    arb_set(f0, w);
    arb_sqr(f1, w, prec);
    arb_mul(f1, f1, t2, prec);
    arb_mul(f1, f1, z, prec);
    arb_mul_si(f1, f1, -2, prec);
    arb_pow_ui(f2, w, 3, prec);
    arb_mul(f2, f2, t2, prec);
    gdc_arb_sqr(w, z, prec);
    arb_mul(w, w, t2, prec);
    arb_nonnegative_part(w, w);
    arb_mul_ui(w, w, 6, prec);
    arb_sub_ui(w, w, 2, prec);
    arb_mul(f2, f2, w, prec);
    arb_clear(t2);
    arb_clear(q);
    arb_clear(w);
}

/* r = S(z) = atan(z)/z */
static void jet_atan_sinc(jet *r, const jet *z, slong prec)
{
    arb_t a, b, f0, f1, f2;
    arb_init(a);
    arb_init(b);
    arb_init(f0);
    arb_init(f1);
    arb_init(f2);
    arb_abs(a, &z->v);
    arb_set_d(b, 0.5);
    if (arb_le(a, b)) {
        gdc_ajet_t u;
        gdc_ajet_init(u, z->n, z->order);
        gdc_ajet_sqr(u, z, prec);
        arb_set_d(b, 0.25);
        atan_sinc_series(f0, f1, f2, &u->v, b, prec);
        gdc_ajet_compose(r, u, f0, f1, f2, prec);
        gdc_ajet_clear(u);
    } else if (arb_set_d(b, 0.25), arb_ge(a, b)) {
        /* S = atan z/z, S' = (1/(1+z^2) - S)/z, S'' = (-2z/(1+z^2)^2 - 2 S')/z */
        arb_atan(f0, &z->v, prec);
        arb_div(f0, f0, &z->v, prec);
        gdc_arb_sqr(a, &z->v, prec);
        arb_add_ui(a, a, 1, prec);
        arb_inv(a, a, prec);        /* 1/(1+z^2) */
        arb_sub(f1, a, f0, prec);
        arb_div(f1, f1, &z->v, prec);
        arb_sqr(b, a, prec);
        arb_mul(b, b, &z->v, prec);
        arb_mul_2exp_si(b, b, 1);   /* 2z/(1+z^2)^2 */
        arb_mul_2exp_si(f2, f1, 1);
        arb_add(f2, f2, b, prec);
        arb_div(f2, f2, &z->v, prec);
        arb_neg(f2, f2);
        gdc_ajet_compose(r, z, f0, f1, f2, prec);
    } else {
        atan_sinc_integral(f0, f1, f2, &z->v, prec);
        gdc_ajet_compose(r, z, f0, f1, f2, prec);
    }
    arb_clear(a);
    arb_clear(b);
    arb_clear(f0);
    arb_clear(f1);
    arb_clear(f2);
}

/* k C(n, m) H^(n - m) (0 when m > n) */
static void dd_mv(arb_t r, const arb_t H, ulong k, ulong n, ulong m, slong prec)
{
    if (m > n) {
        arb_zero(r);
        return;
    }
    arb_pow_ui(r, H, n - m, prec);
    arb_mul_ui(r, r, k, prec);
    fmpz_t c;
    fmpz_init(c);
    fmpz_bin_uiui(c, n, m);
    arb_mul_fmpz(r, r, c, prec);
    fmpz_clear(c);
}

static void meet(arb_t r, const arb_t c)
{
    arb_t t;
    arb_init(t);
    if (arb_is_finite(c) && arb_intersection(t, r, c, ARF_PREC_EXACT))
        arb_swap(r, t);
    arb_clear(t);
}

/* r = DQ = f[Vww, Vuw] for f = k x^n, d = Vww - Vuw (a ball of it) */
static void jet_dq(jet *r, const jet *va, const jet *vb, const arb_t d, ulong k, ulong n, slong prec)
{
    arb_t H, p[6], c[6], fa, fb;
    arb_init(H);
    arb_init(fa);
    arb_init(fb);
    for (int i = 0; i < 6; i++) {
        arb_init(p[i]);
        arb_init(c[i]);
    }
    /* p = phi, phi_a, phi_b, phi_aa, phi_ab, phi_bb from the mean values */
    arb_union(H, &va->v, &vb->v, prec);
    dd_mv(p[0], H, k, n, 1, prec);
    dd_mv(p[1], H, k, n, 2, prec);
    arb_set(p[2], p[1]);
    dd_mv(p[4], H, k, n, 3, prec);
    arb_mul_2exp_si(p[3], p[4], 1);
    arb_set(p[5], p[3]);
    if (!arb_contains_zero(d)) {
        /* closed forms */
        arb_pow_ui(fa, &va->v, n, prec);
        arb_pow_ui(fb, &vb->v, n, prec);
        arb_sub(c[0], fa, fb, prec);
        arb_mul_ui(c[0], c[0], k, prec);
        arb_div(c[0], c[0], d, prec);
        arb_pow_ui(fa, &va->v, n - 1, prec);
        arb_mul_ui(fa, fa, k * n, prec); /* f'(a) */
        arb_pow_ui(fb, &vb->v, n - 1, prec);
        arb_mul_ui(fb, fb, k * n, prec); /* f'(b) */
        arb_sub(c[1], fa, c[0], prec);
        arb_div(c[1], c[1], d, prec);
        arb_sub(c[2], c[0], fb, prec);
        arb_div(c[2], c[2], d, prec);
        arb_sub(c[4], c[1], c[2], prec);
        arb_div(c[4], c[4], d, prec);
        if (n >= 2) {
            arb_pow_ui(fa, &va->v, n - 2, prec);
            arb_pow_ui(fb, &vb->v, n - 2, prec);
            arb_mul_ui(fa, fa, k * n * (n - 1), prec);
            arb_mul_ui(fb, fb, k * n * (n - 1), prec);
        } else {
            arb_zero(fa);
            arb_zero(fb);
        }
        arb_submul_ui(fa, c[1], 2, prec);
        arb_div(c[3], fa, d, prec);
        arb_mul_2exp_si(c[5], c[2], 1);
        arb_sub(c[5], c[5], fb, prec);
        arb_div(c[5], c[5], d, prec);
        for (int i = 0; i < 6; i++)
            meet(p[i], c[i]);
    }
    gdc_ajet_compose2(r, va, vb, p[0], p[1], p[2], p[3], p[4], p[5], prec);
    arb_clear(H);
    arb_clear(fa);
    arb_clear(fb);
    for (int i = 0; i < 6; i++) {
        arb_clear(p[i]);
        arb_clear(c[i]);
    }
}

enum { QAL, QBE, QVWW, QVUW, QKU, QTA, QTB, QZ, QOAB, QC, QT, QNJ };

/* C = (16/pi^2) DQ S(z)/(E sB (1 + al be)) and the parts K_u, Ta, Tb (q[QC], q[QKU], q[QTA], q[QTB]) */
static void r7_parts(jet *q, rgeo_t *g, ulong k, slong prec)
{
    jet *j = g->j;
    ulong n = k - 1;
    arb_t d;
    arb_init(d);
    /* al = 2W^2/sB, be = 2U w2/sD; Vww, Vuw = (2/pi) atan */
    gdc_ajet_mul(q + QAL, j + RWW, j + RRSB, prec);
    gdc_ajet_mul_2exp_si(q + QAL, q + QAL, 1);
    gdc_ajet_mul(q + QBE, j + RW2, j + RRSD, prec);
    gdc_ajet_mul_arb(q + QBE, q + QBE, g->U, prec);
    gdc_ajet_mul_2exp_si(q + QBE, q + QBE, 1);
    gdc_ajet_atan(q + QVWW, q + QAL, prec);
    gdc_erf_jet_two_over_pi(q + QVWW, q + QVWW, 0, prec);
    gdc_ajet_atan(q + QVUW, q + QBE, prec);
    gdc_erf_jet_two_over_pi(q + QVUW, q + QVUW, 0, prec);
    /* K_u = 1 + k Vuw^n */
    gdc_ajet_pow_ui(q + QKU, q + QVUW, n, prec);
    gdc_ajet_mul_si(q + QKU, q + QKU, (slong)k, prec);
    gdc_ajet_add_si(q + QKU, q + QKU, 1, prec);
    /* Ta = P1 - w2 P3, Tb = w2 P2, z = 2 (w1^2 Ta - y Tb)/(1 + al be) */
    gdc_ajet_mul(q + QTA, j + RW2, j + RP3, prec);
    gdc_ajet_sub(q + QTA, j + RP1, q + QTA, prec);
    gdc_ajet_mul(q + QTB, j + RW2, j + RP2, prec);
    gdc_ajet_mul(q + QZ, j + RW1S, q + QTA, prec);
    gdc_ajet_mul(q + QT, j + RY, q + QTB, prec);
    gdc_ajet_sub(q + QZ, q + QZ, q + QT, prec);
    gdc_ajet_mul_2exp_si(q + QZ, q + QZ, 1);
    gdc_ajet_mul(q + QOAB, q + QAL, q + QBE, prec);
    gdc_ajet_add_si(q + QOAB, q + QOAB, 1, prec);
    gdc_ajet_div_ge(q + QZ, q + QZ, q + QOAB, 1, prec);
    /* d = Vww - Vuw = (2/pi) atan z (atan al - atan be = atan z, al, be >= 0; erf_ratio.c) */
    arb_atan(d, &q[QZ].v, prec);
    gdc_erf_two_over_pi_arb(&q[QT].v, prec);
    arb_mul(d, d, &q[QT].v, prec);
    jet_atan_sinc(q + QT, q + QZ, prec);
    jet_dq(q + QC, q + QVWW, q + QVUW, d, k, n, prec);
    gdc_ajet_mul(q + QC, q + QC, q + QT, prec);
    gdc_ajet_mul(q + QT, q + QOAB, j + RSB, prec);
    gdc_ajet_mul(q + QT, q + QT, j + RE, prec);
    gdc_ajet_div_ge(q + QC, q + QC, q + QT, 1, prec);
    gdc_erf_jet_two_over_pi(q + QC, q + QC, 1, prec);
    gdc_erf_jet_two_over_pi(q + QC, q + QC, 0, prec);
    gdc_ajet_mul_2exp_si(q + QC, q + QC, 1);
    arb_clear(d);
}

static int ratio7_jet(jet *out, const jet *x, slong prec)
{
    ulong k;
    if (!get_k(&k, x))
        return 0;
    rgeo_t g;
    gdc_ajet_t A, B;
    gdc_ajet_struct q[QNJ];
    rgeo_init(&g, x->order);
    gdc_ajet_init(A, 3, x->order);
    gdc_ajet_init(B, 3, x->order);
    for (int i = 0; i < QNJ; i++)
        gdc_ajet_init(q + i, 3, x->order);
    rgeo_set(&g, x, prec);
    r6_parts(A, B, &g, prec);
    if (k == 1) {
        convex(out, A, B, &g, prec);
        gdc_ajet_mul_2exp_si(out, out, 1); /* R7 = 2 R6 */
    } else {
        jet *j = g.j;
        r7_parts(q, &g, k, prec);
        /* A7 = K_u A6 + C w2 Tb */
        gdc_ajet_mul(A, A, q + QKU, prec);
        gdc_ajet_mul(q + QT, j + RW2, q + QTB, prec);
        gdc_ajet_mul(q + QT, q + QT, q + QC, prec);
        gdc_ajet_add(A, A, q + QT, prec);
        /* B7 = K_u B6 + C (w1^2 Ta - y (w2 Ta + Tb)) */
        gdc_ajet_mul(B, B, q + QKU, prec);
        gdc_ajet_mul(q + QT, j + RW2, q + QTA, prec);
        gdc_ajet_add(q + QT, q + QT, q + QTB, prec);
        gdc_ajet_mul(q + QT, q + QT, j + RY, prec);
        gdc_ajet_mul(q + QZ, j + RW1S, q + QTA, prec);
        gdc_ajet_sub(q + QZ, q + QZ, q + QT, prec);
        gdc_ajet_mul(q + QZ, q + QZ, q + QC, prec);
        gdc_ajet_add(B, B, q + QZ, prec);
        convex(out, A, B, &g, prec);
    }
    rgeo_clear(&g);
    gdc_ajet_clear(A);
    gdc_ajet_clear(B);
    for (int i = 0; i < QNJ; i++)
        gdc_ajet_clear(q + i);
    return 1;
}

GDC_AJET_ROW_DERIVS(gdc_erf_ratio6, 3, 1, 1, gdc_erf_ratio6_arb, ratio6_jet)

GDC_AJET_ROW_DERIVS(gdc_erf_ratio7, 3, 1, 1, gdc_erf_ratio7_arb, ratio7_jet)
