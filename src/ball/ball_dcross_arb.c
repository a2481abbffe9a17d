/* ball.dcross in Arb: Theorem 5.4's cross moment (b_w = 0) for x~ uniform on the unit ball of R^d (seed-004 C8, C28),
 *   K(d, s, t, bv, theta) = E[(s y1)_+ (t (cos theta y1 + sin theta y2) + bv)_+],
 * y the 2-D marginal of x~ on span(w~, v~). Its density is p(y) = ((m + 1)/pi) (1 - |y|^2)^m on the unit disk,
 * m = (d - 2)/2 (d/(2 pi) = (m + 1)/pi): the d - 2 other coordinates fill a ball of radius sqrt(1 - |y|^2), of volume
 * V_{d-2} (1 - |y|^2)^m, and int_disk (1 - |y|^2)^m dy = 2 pi int_0^1 r (1 - r^2)^m dr = pi/(m + 1); this is C8's
 * beta(alpha) = (d/(2 pi R^2)) (1 - alpha^2/R^2)^((d-2)/2) at R = 1. In polar coordinates y = r (cos phi, sin phi):
 *   K = s ((m + 1)/pi) int_0^1 r^2 (1 - r^2)^m Phi(t r) dr,
 *   Phi(A) = int_{-pi/2}^{pi/2} cos phi (A cos(phi - theta) + b)_+ dphi = sum over arcs of P(hi) - P(lo),
 *   P(phi) = A (phi cos theta/2 + sin(2 phi - theta)/4) + b sin phi.
 * For A > |b| the second factor is positive on the arc |phi - theta| < a, a = acos(-b/A); intersected with
 * [-pi/2, pi/2] (and, for b > 0 and theta > pi/2, the arc's part past pi, wrapped to [-pi/2, theta + a - 2 pi]).
 * The arc's ends cross +-pi/2 exactly where A sin theta = |b|, so with r1 = |b|/t, r2 = r1/sin theta (r1 <= r2):
 *   b <= 0, theta <= pi/2: 0 on [0, r1], BOTH = P(theta + a) - P(theta - a) on [r1, r2], TAIL on [r2, 1];
 *   b <= 0, theta >= pi/2: 0 on [0, r2], TAIL = P(pi/2) - P(theta - a) on [r2, 1];
 *   b >= 0, theta <= pi/2: FULL = P(pi/2) - P(-pi/2) = (pi/2) A cos theta + 2 b on [0, r2], TAIL on [r2, 1];
 *   b >= 0, theta >= pi/2: FULL on [0, r1], WRAP = TAIL + P(theta + a - 2 pi) - P(-pi/2) on [r1, r2], TAIL on [r2, 1].
 * Derivatives: the phi-integrand vanishes at the arc's moving ends and +-pi/2 do not move, so dPhi/dA, dPhi/db and
 * dPhi/dtheta are the same arcs of Q = phi cos theta/2 + sin(2 phi - theta)/4, sin phi and A T,
 * T = -cos(2 phi - theta)/4 - phi sin theta/2 (Leibniz' rule); the r-integrand is continuous at r1 and r2, so the
 * moving piece ends add nothing either: each derivative is the integral of the integrand's partial derivative.
 * Each piece [lo, hi] is integrated in v in [0, 1] (ball_dcross_quad.c: Gauss-Legendre with a proven truncation
 * bound, value and partial derivatives from the same nodes; acb_calc_integrate per output for goals above 80 bits).
 * A piece with a branch point at an end takes r = lo + (hi - lo) S(v), S = 3v^2 - 2v^3 (the others r = lo + (hi - lo)
 * v):
 * S' vanishes at both ends, which removes the square-root endpoint singularities: a piece starting at r1 takes
 * a = 2 asin(v sqrt((hi - lo)(3 - 2v)/(2r))) (b < 0; pi minus it for b > 0), from acos(y) = 2 asin(sqrt((1 - y)/2))
 * and 1 - r1/r = (r - r1)/r = (hi - lo) v^2 (3 - 2v)/r; a piece ending at r = 1 for odd d takes
 * sqrt(1 - r) = (1 - v) sqrt((hi - lo)(1 + 2v)). r1 enters such a piece as a ball (the piece is [r1(p), hi] for each
 * point p of the box). With u = sin(a/2) (every piece's a is 2 asin(u), or pi minus it), cos a = 1 - 2u^2 and
 * sin a = 2u sqrt(1 - u^2) give the arc ends' sines by the addition formulas at points; wide arguments take the
 * sines of the arc ends directly (tighter on wide balls).
 * Wide balls: b straddling 0 and theta straddling pi/2 are split there (each part is evaluated with its own case
 * table, valid on that part; the union covers the box). A breakpoint whose ball is wide (or touches 0 or 1) becomes a
 * cluster [lo, hi] on which the case may change: there the r-integral is a sum over 8 sub-balls of their length times
 * the integrand on the sub-ball, from the case-free form Phi = P(U) - P(min(L, U)) + P(W) - P(-pi/2),
 * U = min(theta + a, pi/2), L = max(theta - a, -pi/2), W = max(theta + a - 2 pi, -pi/2), a = acos(clamp(-b/A)) (valid
 * for every A >= 0 and sign of b: a = 0 gives 0, a = pi the whole half-circle), Phi >= 0 and dPhi/db in [0, 2]. */
#include "ball/ball.h"
#include "ball/ball_util.h"

enum { K_ZERO, K_FULL, K_BOTH, K_TAIL, K_WRAP };
enum { W_VAL, W_T, W_B, W_TH, W_N };

typedef struct {
    long d;
    int kind, start, odd_end, bneg, which, nw, lin, wide;
    slong goal; /* relative accuracy goal of the integrals: no more than the box's width allows */
    arb_struct t, b, th, c, sn, lo, hi, r1;
} piece_t;

/* 1 if the ball z may meet (-inf, -1] or [1, inf), the branch cuts of asin and acos */
static int hits_cut(const acb_t z)
{
    if (!arb_contains_zero(acb_imagref(z)))
        return 0;
    arb_t a;
    arb_init(a);
    arb_abs(a, acb_realref(z));
    arb_sub_ui(a, a, 1, MAG_BITS);
    int hit = !arb_is_negative(a);
    arb_clear(a);
    return hit;
}

/* F[k](phi), k < nw, for the outputs: P (value), Q (d/dA), sin (d/db), A T (d/dtheta), from s2 = sin(2 phi - theta),
 * c2 = cos(2 phi - theta) and sp = sin phi */
static void arc_from_trig(acb_ptr F, const acb_t phi, const acb_t s2, const acb_t c2, const acb_t sp, const acb_t A,
                          const piece_t *q, int nw, slong prec)
{
    acb_t u, w;
    acb_init(u), acb_init(w);
    /* Q = phi cos theta/2 + sin(2 phi - theta)/4 */
    acb_mul_arb(u, phi, &q->c, prec);
    acb_mul_2exp_si(u, u, -1);
    acb_mul_2exp_si(w, s2, -2);
    acb_add(u, u, w, prec);
    acb_mul(F + W_VAL, u, A, prec);
    acb_addmul_arb(F + W_VAL, sp, &q->b, prec);
    if (nw > 1) {
        acb_swap(F + W_T, u);
        acb_set(F + W_B, sp);
        /* A T = -A (cos(2 phi - theta)/4 + phi sin theta/2) */
        acb_mul_arb(u, phi, &q->sn, prec);
        acb_mul_2exp_si(u, u, -1);
        acb_mul_2exp_si(w, c2, -2);
        acb_add(u, u, w, prec);
        acb_mul(F + W_TH, u, A, prec);
        acb_neg(F + W_TH, F + W_TH);
    }
    acb_clear(u), acb_clear(w);
}

/* arc_from_trig at phi, the sines and cosines computed from phi (the clusters' clamped arc ends) */
static void arc_all(acb_ptr F, const acb_t phi, const acb_t A, const piece_t *q, int nw, slong prec)
{
    acb_t u, s2, c2, sp;
    acb_init(u), acb_init(s2), acb_init(c2), acb_init(sp);
    acb_mul_2exp_si(u, phi, 1);
    acb_sub_arb(u, u, &q->th, prec); /* 2 phi - theta */
    acb_sin_cos(s2, c2, u, prec);
    acb_sin(sp, phi, prec);
    arc_from_trig(F, phi, s2, c2, sp, A, q, nw, prec);
    acb_clear(u), acb_clear(s2), acb_clear(c2), acb_clear(sp);
}

/* res[k] += F[k](hi) - F[k](lo) */
static void arc_diff(acb_ptr res, const acb_t hi, const acb_t lo, const acb_t A, const piece_t *q, int nw, slong prec)
{
    acb_ptr f = _acb_vec_init(2 * W_N);
    arc_all(f, hi, A, q, nw, prec);
    arc_all(f + W_N, lo, A, q, nw, prec);
    for (int k = 0; k < nw; k++) {
        acb_add(res + k, res + k, f + k, prec);
        acb_sub(res + k, res + k, f + W_N + k, prec);
    }
    _acb_vec_clear(f, 2 * W_N);
}

/* res[k] += sg F[k](phi) at the arc end phi = theta + sig a (+ shift): sin(2 phi - theta) = sin(theta + 2 sig a)
 * and sin phi by the addition formulas from cos a = ca, sin a = sa (no transcendental call; the MPFR version does
 * the same) */
static void arc_end_add(acb_ptr res, int sg, int sig, const acb_t phi, const acb_t ca, const acb_t sa, const acb_t A,
                        const piece_t *q, int nw, slong prec)
{
    acb_ptr F = _acb_vec_init(W_N);
    acb_t c2a, s2a, s2, c2, sp, u;
    acb_init(c2a), acb_init(s2a), acb_init(s2), acb_init(c2), acb_init(sp), acb_init(u);
    acb_sqr(c2a, ca, prec);
    acb_mul_2exp_si(c2a, c2a, 1);
    acb_sub_ui(c2a, c2a, 1, prec); /* cos 2a = 2 ca^2 - 1 */
    acb_mul(s2a, sa, ca, prec);
    acb_mul_2exp_si(s2a, s2a, 1); /* sin 2a = 2 sa ca */
    if (sig < 0)
        acb_neg(s2a, s2a);
    /* sin(theta + 2 sig a) = sin theta cos 2a + cos theta sin(2 sig a),
     * cos(theta + 2 sig a) = cos theta cos 2a - sin theta sin(2 sig a) */
    acb_mul_arb(s2, c2a, &q->sn, prec);
    acb_addmul_arb(s2, s2a, &q->c, prec);
    acb_mul_arb(c2, c2a, &q->c, prec);
    acb_mul_arb(u, s2a, &q->sn, prec);
    acb_sub(c2, c2, u, prec);
    /* sin(theta + sig a) = sin theta ca + sig cos theta sa */
    acb_mul_arb(sp, ca, &q->sn, prec);
    acb_mul_arb(u, sa, &q->c, prec);
    if (sig < 0)
        acb_neg(u, u);
    acb_add(sp, sp, u, prec);
    arc_from_trig(F, phi, s2, c2, sp, A, q, nw, prec);
    for (int k = 0; k < nw; k++)
        sg > 0 ? acb_add(res + k, res + k, F + k, prec) : acb_sub(res + k, res + k, F + k, prec);
    _acb_vec_clear(F, W_N);
    acb_clear(c2a), acb_clear(s2a), acb_clear(s2), acb_clear(c2), acb_clear(sp), acb_clear(u);
}

/* res[k] += sg F[k](+-pi/2): sin(2 phi - theta) = sin(+-pi - theta) = sin theta, cos = -cos theta, sin phi = +-1 */
static void arc_quarter_add(acb_ptr res, int sg, int up, const acb_t A, const piece_t *q, int nw, slong prec)
{
    acb_ptr F = _acb_vec_init(W_N);
    acb_t phi, s2, c2, sp;
    acb_init(phi), acb_init(s2), acb_init(c2), acb_init(sp);
    acb_const_pi(phi, prec);
    acb_mul_2exp_si(phi, phi, -1);
    acb_set_arb(s2, &q->sn);
    acb_set_arb(c2, &q->c);
    acb_neg(c2, c2);
    acb_one(sp);
    if (!up)
        acb_neg(phi, phi), acb_neg(sp, sp);
    arc_from_trig(F, phi, s2, c2, sp, A, q, nw, prec);
    for (int k = 0; k < nw; k++)
        sg > 0 ? acb_add(res + k, res + k, F + k, prec) : acb_sub(res + k, res + k, F + k, prec);
    _acb_vec_clear(F, W_N);
    acb_clear(phi), acb_clear(s2), acb_clear(c2), acb_clear(sp);
}

/* Phi and its partial derivatives (res[0..nw)) of the piece's kind at A, with the arc half-width a, ca = cos a and
 * sa = sin a: F(hi) - F(lo) over the kind's arc (and, for WRAP, + F(theta + a - 2 pi) - F(-pi/2)) */
static void phi_kind(acb_ptr res, const acb_t A, const acb_t a, const acb_t ca, const acb_t sa, const piece_t *q,
                     int nw, slong prec)
{
    acb_t phi;
    acb_init(phi);
    _acb_vec_zero(res, nw);
    if (q->wide && q->kind != K_FULL) {
        /* wide arguments: the sines of the arc ends themselves (tighter than the addition formulas there) */
        acb_t lo;
        acb_init(lo);
        acb_set_arb(lo, &q->th);
        acb_sub(lo, lo, a, prec);
        acb_set_arb(phi, &q->th);
        acb_add(phi, phi, a, prec);
        if (q->kind != K_BOTH) {
            acb_const_pi(phi, prec);
            acb_mul_2exp_si(phi, phi, -1);
        }
        arc_diff(res, phi, lo, A, q, nw, prec);
        if (q->kind == K_WRAP) {
            acb_set_arb(phi, &q->th);
            acb_add(phi, phi, a, prec);
            acb_const_pi(lo, prec);
            acb_mul_2exp_si(lo, lo, 1);
            acb_sub(phi, phi, lo, prec);
            acb_const_pi(lo, prec);
            acb_mul_2exp_si(lo, lo, -1);
            acb_neg(lo, lo);
            arc_diff(res, phi, lo, A, q, nw, prec);
        }
        acb_clear(lo);
    } else if (q->kind == K_FULL) {
        arc_quarter_add(res, 1, 1, A, q, nw, prec);
        arc_quarter_add(res, -1, 0, A, q, nw, prec);
    } else {
        if (q->kind == K_BOTH) {
            acb_set_arb(phi, &q->th);
            acb_add(phi, phi, a, prec);
            arc_end_add(res, 1, 1, phi, ca, sa, A, q, nw, prec);
        } else {
            arc_quarter_add(res, 1, 1, A, q, nw, prec);
        }
        acb_set_arb(phi, &q->th);
        acb_sub(phi, phi, a, prec);
        arc_end_add(res, -1, -1, phi, ca, sa, A, q, nw, prec);
        if (q->kind == K_WRAP) {
            acb_set_arb(phi, &q->th);
            acb_add(phi, phi, a, prec);
            acb_t tp;
            acb_init(tp);
            acb_const_pi(tp, prec);
            acb_mul_2exp_si(tp, tp, 1);
            acb_sub(phi, phi, tp, prec);
            acb_clear(tp);
            arc_end_add(res, 1, 1, phi, ca, sa, A, q, nw, prec);
            arc_quarter_add(res, -1, 0, A, q, nw, prec);
        }
    }
    acb_clear(phi);
}

/* the radius r(v) of the piece (S = v, or S = v^2 (3 - 2v) with S' = 6 v (1 - v)) and w = dr/dv; L = hi - lo */
static void piece_radius(acb_t r, acb_t w, const acb_t v, const acb_t L, const piece_t *q, acb_t u, slong prec)
{
    if (q->lin) {
        acb_mul(r, L, v, prec);
        acb_add_arb(r, r, &q->lo, prec);
        acb_set(w, L);
        return;
    }
    acb_mul_2exp_si(u, v, 1);
    acb_sub_ui(u, u, 3, prec);
    acb_neg(u, u);
    acb_sqr(r, v, prec);
    acb_mul(r, r, u, prec);
    acb_mul(r, L, r, prec);
    acb_add_arb(r, r, &q->lo, prec);
    acb_sub_ui(w, v, 1, prec);
    acb_mul(w, w, v, prec);
    acb_mul_si(w, w, -6, prec);
    acb_mul(w, w, L, prec);
}

/* w *= r^2 (1 - r^2)^((d - 2)/2) (for odd d the half power as sqrt(1 - r^2), near r = 1 as
 * (1 - v) sqrt(L (1 + 2v)) sqrt(1 + r)) */
static void piece_weight(acb_t w, const acb_t r, const acb_t v, const acb_t L, const piece_t *q, int an, acb_t u,
                         acb_t z, slong prec)
{
    acb_sqr(z, r, prec);
    acb_mul(w, w, z, prec);
    acb_sub_ui(z, z, 1, prec);
    acb_neg(z, z);
    acb_pow_ui(u, z, (ulong)((q->d - 2) / 2), prec);
    acb_mul(w, w, u, prec);
    if (q->d % 2 == 0)
        return;
    if (q->odd_end) {
        acb_mul_2exp_si(u, v, 1);
        acb_add_ui(u, u, 1, prec);
        acb_mul(u, u, L, prec);
        acb_sqrt_analytic(u, u, an, prec);
        acb_mul(w, w, u, prec);
        acb_sub_ui(u, v, 1, prec);
        acb_neg(u, u);
        acb_mul(w, w, u, prec);
        acb_add_ui(u, r, 1, prec);
        acb_sqrt_analytic(u, u, an, prec);
    } else {
        acb_sqrt_analytic(u, z, an, prec);
    }
    acb_mul(w, w, u, prec);
}

/* u = sin(a/2) for the arc's half-width a of a partial piece */
static void piece_half_sine(acb_t u, const acb_t v, const acb_t L, const acb_t r, const acb_t A, const piece_t *q,
                            int an, slong prec)
{
    if (q->start) {
        /* a = 2 asin(v sqrt(L (3 - 2v)/(2 r))) (b < 0), pi minus that (b > 0) */
        acb_mul_2exp_si(u, v, 1);
        acb_sub_ui(u, u, 3, prec);
        acb_neg(u, u);
        acb_mul(u, u, L, prec);
        acb_div(u, u, r, prec);
        acb_mul_2exp_si(u, u, -1);
        acb_sqrt_analytic(u, u, an, prec);
        acb_mul(u, u, v, prec);
    } else if (arb_is_zero(&q->b)) {
        /* b = 0: a = pi/2 for every A > 0 */
        acb_one(u);
        acb_mul_2exp_si(u, u, -1);
        acb_sqrt(u, u, prec);
    } else {
        /* a = acos(x) = 2 asin(sqrt((1 - x)/2)), x = -b/A */
        acb_set_arb(u, &q->b);
        acb_div(u, u, A, prec);
        acb_add_ui(u, u, 1, prec);
        acb_mul_2exp_si(u, u, -1);
        acb_sqrt_analytic(u, u, an, prec);
    }
}

/* a = 2 asin(u), cos a = 1 - 2u^2, sin a = 2u sqrt(1 - u^2) (a in [0, pi]); a = pi - 2 asin(u) with cos a negated
 * where the piece starts with b > 0 */
static void piece_arc(acb_t a, acb_t ca, acb_t sa, acb_t u, const piece_t *q, int an, slong prec)
{
    acb_asin(a, u, prec);
    acb_mul_2exp_si(a, a, 1);
    acb_sqr(ca, u, prec);
    acb_sub_ui(sa, ca, 1, prec);
    acb_neg(sa, sa);
    acb_sqrt_analytic(sa, sa, an, prec);
    acb_mul(sa, sa, u, prec);
    acb_mul_2exp_si(sa, sa, 1);
    acb_mul_2exp_si(ca, ca, 1);
    acb_sub_ui(ca, ca, 1, prec);
    acb_neg(ca, ca);
    if (q->start && !q->bneg) {
        acb_const_pi(u, prec);
        acb_sub(a, u, a, prec);
        acb_neg(ca, ca);
    }
}

/* the integrands in v of one piece (see the top comment), res[0..q->nw); analytic: holomorphic on the ball v or
 * indeterminate */
static int piece_eval(acb_ptr res, const acb_t v, void *param, int an, slong prec)
{
    const piece_t *q = param;
    int nw = q->nw;
    acb_t L, r, w, u, A, a, z, ca, sa;
    acb_init(L), acb_init(r), acb_init(w), acb_init(u), acb_init(A), acb_init(a), acb_init(z);
    acb_init(ca), acb_init(sa);
    acb_set_arb(L, &q->hi);
    acb_sub_arb(L, L, &q->lo, prec);
    piece_radius(r, w, v, L, q, u, prec);
    piece_weight(w, r, v, L, q, an, u, z, prec);
    acb_mul_arb(A, r, &q->t, prec);
    if (q->kind != K_FULL) {
        piece_half_sine(u, v, L, r, A, q, an, prec);
        if (an && hits_cut(u)) {
            _acb_vec_indeterminate(res, nw);
            goto done;
        }
        piece_arc(a, ca, sa, u, q, an, prec);
    }
    phi_kind(res, A, a, ca, sa, q, nw, prec);
    if (nw > W_T)
        acb_mul(res + W_T, res + W_T, r, prec);
    for (int k = 0; k < nw; k++)
        acb_mul(res + k, res + k, w, prec);
done:
    acb_clear(L), acb_clear(r), acb_clear(w), acb_clear(u), acb_clear(A), acb_clear(a), acb_clear(z);
    acb_clear(ca), acb_clear(sa);
    return 0;
}

/* one output (q->which) of piece_eval, for acb_calc_integrate (goals beyond the table rules' reach) */
static int piece_integrand(acb_ptr res, const acb_t v, void *param, slong order, slong prec)
{
    piece_t q = *(const piece_t *)param;
    acb_ptr f = _acb_vec_init(W_N);
    q.nw = q.which + 1;
    piece_eval(f, v, &q, order != 0, prec);
    acb_set(res, f + q.which);
    _acb_vec_clear(f, W_N);
    return 0;
}

/* the case-free Phi (and partials) of a real ball of r, for clusters: out[W_N] */
static void phi_robust(arb_ptr out, const arb_t r, const piece_t *q0, slong prec)
{
    piece_t q = *q0;
    arb_t A, x, a, hpi, U, L, W, m;
    arb_init(A), arb_init(x), arb_init(a), arb_init(hpi), arb_init(U), arb_init(L), arb_init(W), arb_init(m);
    acb_t f, g, Ac;
    acb_init(f), acb_init(g), acb_init(Ac);
    arb_mul(A, &q.t, r, prec);
    gdc_ball_clamp_nonneg(A);
    arb_div(x, &q.b, A, prec);
    arb_neg(x, x);
    /* a = acos(x) for x clamped to [-1, 1]: acos decreases, so a lies between its values at the clamped ends */
    {
        arf_t e0, e1;
        arb_t a1;
        arf_init(e0), arf_init(e1), arb_init(a1);
        if (arb_is_finite(x)) {
            arb_get_lbound_arf(e0, x, prec);
            arb_get_ubound_arf(e1, x, prec);
        } else {
            arf_set_si(e0, -1), arf_one(e1);
        }
        for (int i = 0; i < 2; i++) {
            arf_ptr e = i ? e1 : e0;
            if (arf_cmp_si(e, -1) < 0)
                arf_set_si(e, -1);
            if (arf_cmp_si(e, 1) > 0)
                arf_one(e);
        }
        arb_set_arf(x, e0);
        arb_acos(a, x, prec);
        arb_set_arf(x, e1);
        arb_acos(a1, x, prec);
        arb_union(a, a, a1, prec);
        arf_clear(e0), arf_clear(e1), arb_clear(a1);
    }
    arb_const_pi(hpi, prec);
    arb_mul_2exp_si(hpi, hpi, -1);
    arb_add(U, &q.th, a, prec);
    arb_min(U, U, hpi, prec);
    arb_sub(L, &q.th, a, prec);
    arb_neg(m, hpi);
    arb_max(L, L, m, prec);
    arb_min(L, L, U, prec);
    arb_add(W, &q.th, a, prec);
    arb_mul_2exp_si(m, hpi, 2);
    arb_sub(W, W, m, prec);
    arb_neg(m, hpi);
    arb_max(W, W, m, prec);
    acb_set_arb(Ac, A);
    {
        acb_ptr F = _acb_vec_init(W_N);
        acb_set_arb(f, U);
        acb_set_arb(g, L);
        arc_diff(F, f, g, Ac, &q, W_N, prec);
        acb_set_arb(f, W);
        acb_set_arb(g, m);
        arc_diff(F, f, g, Ac, &q, W_N, prec);
        for (int k = 0; k < W_N; k++)
            arb_set(out + k, acb_realref(F + k));
        _acb_vec_clear(F, W_N);
    }
    gdc_ball_clamp_nonneg(out + W_VAL);
    arb_mul(out + W_T, out + W_T, r, prec);
    arb_clear(A), arb_clear(x), arb_clear(a), arb_clear(hpi), arb_clear(U), arb_clear(L), arb_clear(W), arb_clear(m);
    acb_clear(f), acb_clear(g), acb_clear(Ac);
}

#define NCLUSTER 8
/* the table rules reach errors of about 2^-90 (their defect 2^-96 times the integrand's size); beyond, acb_calc */
#define GL_GOAL_MAX 80

/* acc[k] += the r-integral over the cluster [lo, hi] (exact ends): NCLUSTER sub-balls, length times integrand */
static void cluster_add(arb_ptr acc, const arf_t lo, const arf_t hi, int nw, const piece_t *q, slong prec)
{
    if (arf_cmp(lo, hi) >= 0)
        return;
    arb_t a, b, rb, z, wt, len;
    arb_ptr ph = _arb_vec_init(W_N);
    arb_init(a), arb_init(b), arb_init(rb), arb_init(z), arb_init(wt), arb_init(len);
    arb_set_arf(a, lo);
    arb_set_arf(b, hi);
    arb_sub(len, b, a, prec);
    arb_div_ui(len, len, NCLUSTER, prec);
    arf_t e0, e1;
    arf_init(e0), arf_init(e1);
    for (int i = 0; i < NCLUSTER; i++) {
        /* the sub-ball [lo + i len, lo + (i + 1) len], ends rounded outward */
        arb_mul_ui(z, len, (ulong)i, prec);
        arb_add(z, z, a, prec);
        arb_get_lbound_arf(e0, z, prec);
        arb_add(z, z, len, prec);
        arb_get_ubound_arf(e1, z, prec);
        if (arf_cmp(e0, lo) < 0)
            arf_set(e0, lo);
        if (arf_cmp(e1, hi) > 0)
            arf_set(e1, hi);
        arb_set_interval_arf(rb, e0, e1, prec);
        phi_robust(ph, rb, q, prec);
        /* r^2 (1 - r^2)^m on the sub-ball, times its length */
        gdc_arb_sqr(z, rb, prec);
        arb_sub_ui(wt, z, 1, prec);
        arb_neg(wt, wt);
        gdc_ball_pow_half(wt, wt, q->d - 2, prec);
        arb_mul(wt, wt, z, prec);
        arb_set_arf(z, e1);
        arb_sub_arf(z, z, e0, prec);
        arb_mul(wt, wt, z, prec);
        for (int k = 0; k < nw; k++)
            arb_addmul(acc + k, wt, ph + k, prec);
    }
    arf_clear(e0), arf_clear(e1);
    _arb_vec_clear(ph, W_N);
    arb_clear(a), arb_clear(b), arb_clear(rb), arb_clear(z), arb_clear(wt), arb_clear(len);
}

/* acc[k] += the integral over the clean piece [lo, hi] of kind `kind` (lo, hi balls) */
static void piece_add(arb_ptr acc, const arb_t lo, const arb_t hi, int kind, int start, int nw, piece_t *q,
                      slong prec)
{
    if (kind == K_ZERO || !arb_lt(lo, hi))
        return;
    if (kind == K_FULL) {
        /* a polynomial in r times the weight: in closed form (ball_dcross_closed.c) */
        gdc_ball_dcross_full_add(acc, nw, q->d, lo, hi, &q->t, &q->b, &q->th, &q->sn, &q->c, prec);
        return;
    }
    if (kind == K_TAIL && !start && nw == 1 &&
        gdc_ball_dcross_tail_add(acc, nw, q->d, lo, hi, &q->t, &q->b, &q->th, &q->sn, &q->c, q->bneg, prec))
        return; /* values on boxes: the closed form is as tight here and cheaper (box counts of the Theorem 5.4
                 * claims unchanged); partials keep the quadrature, the closed form's are wider on boxes */
    acb_t z0, z1, v;
    mag_t tol;
    acb_calc_integrate_opt_t opt;
    acb_init(z0), acb_init(z1), acb_init(v);
    mag_init(tol);
    acb_calc_integrate_opt_init(opt);
    acb_zero(z0);
    acb_one(z1);
    mag_set_ui_2exp_si(tol, 1, -q->goal);
    q->kind = kind;
    q->start = start;
    arb_set(&q->lo, lo);
    arb_set(&q->hi, hi);
    q->odd_end = arb_is_one(hi) && q->d % 2;
    q->lin = 0;
    if (q->goal <= GL_GOAL_MAX) {
        /* a clean piece (no branch point at its ends) in r itself: the compression near the ends would only make the
         * weight (1 - r^2)^m steeper */
        q->lin = !start && !q->odd_end;
        arb_ptr s = _arb_vec_init(nw);
        q->nw = nw;
        gdc_ball_gl_integrate(s, piece_eval, q, nw, q->wide, q->goal, prec);
        _arb_vec_add(acc, acc, s, nw, prec);
        _arb_vec_clear(s, nw);
    } else {
        for (int k = 0; k < nw; k++) {
            q->which = k;
            acb_calc_integrate(v, piece_integrand, q, z0, z1, q->goal, tol, opt, prec);
            arb_add(acc + k, acc + k, acb_realref(v), prec);
        }
    }
    acb_clear(z0), acb_clear(z1), acb_clear(v);
    mag_clear(tol);
}

/* lower and upper bounds of |b|/t and |b|/(t sin theta), clipped to [0, 1] (the case signs are known) */
static void breakpoints(arf_t r1lo, arf_t r1hi, arf_t r2lo, arf_t r2hi, const piece_t *q, slong prec)
{
    arb_t ab, s;
    arf_t x, y, one;
    arb_init(ab), arb_init(s);
    arf_init(x), arf_init(y), arf_init(one);
    arf_one(one);
    arb_abs(ab, &q->b);
    /* r1 */
    arb_get_lbound_arf(x, ab, prec);
    arb_get_ubound_arf(y, &q->t, prec);
    if (arf_sgn(y) > 0)
        arf_div(r1lo, x, y, prec, ARF_RND_DOWN);
    else
        arf_pos_inf(r1lo);
    arb_get_ubound_arf(x, ab, prec);
    arb_get_lbound_arf(y, &q->t, prec);
    if (arf_sgn(y) > 0)
        arf_div(r1hi, x, y, prec, ARF_RND_UP);
    else
        arf_is_zero(x) ? arf_zero(r1hi) : arf_pos_inf(r1hi);
    /* r2 = r1/sin theta, sin theta in [0, 1] on [0, pi] */
    arb_set(s, &q->sn);
    arb_get_ubound_arf(y, s, prec);
    if (arf_cmp(y, one) > 0)
        arf_one(y);
    if (arf_sgn(y) > 0)
        arf_div(r2lo, r1lo, y, prec, ARF_RND_DOWN);
    else if (arf_is_zero(r1lo))
        arf_zero(r2lo); /* r2 >= r1 >= 0; +inf here with r2hi = 0 (b = 0 and theta = 0 exactly) counted [0, 1] twice,
                         * as FULL and as TAIL (the value doubled) */
    else
        arf_pos_inf(r2lo);
    arb_get_lbound_arf(y, s, prec);
    if (arf_sgn(y) > 0)
        arf_div(r2hi, r1hi, y, prec, ARF_RND_UP);
    else
        arf_is_zero(r1hi) ? arf_zero(r2hi) : arf_pos_inf(r2hi);
    arf_t *e[4] = {(arf_t *)r1lo, (arf_t *)r1hi, (arf_t *)r2lo, (arf_t *)r2hi};
    for (int i = 0; i < 4; i++)
        if (arf_cmp(*e[i], one) > 0 || arf_is_nan(*e[i]))
            arf_one(*e[i]);
    arb_clear(ab), arb_clear(s);
    arf_clear(x), arf_clear(y), arf_clear(one);
}

/* acc[0..nw) = int_0^1 r^2 (1 - r^2)^m (Phi, r Phi_A, Phi_b, Phi_theta)(t r) dr on a part of the box where the signs
 * of b and theta - pi/2 are known (bneg, thhi) */
static void eval_signed(arb_ptr acc, piece_t *q, int thhi, int nw, slong prec)
{
    arf_t r1lo, r1hi, r2lo, r2hi;
    arb_t lo, hi, one;
    arf_init(r1lo), arf_init(r1hi), arf_init(r2lo), arf_init(r2hi);
    arb_init(lo), arb_init(hi), arb_init(one);
    arb_one(one);
    for (int k = 0; k < nw; k++)
        arb_zero(acc + k);
    breakpoints(r1lo, r1hi, r2lo, r2hi, q, prec);
    int bneg = q->bneg, has_r1 = bneg != thhi;
    int k0 = bneg ? K_ZERO : K_FULL, k1 = bneg ? K_BOTH : K_WRAP;
    if (has_r1 && arf_cmp(r1hi, r2lo) < 0) {
        if (arf_sgn(r1lo) > 0 && arf_cmp_si(r1hi, 1) < 0) {
            /* [0, r1] k0, [r1, r2lo] k1 from r1 itself (the ball of |b|/t) */
            arb_abs(&q->r1, &q->b);
            arb_div(&q->r1, &q->r1, &q->t, prec);
            arb_zero(lo);
            piece_add(acc, lo, &q->r1, k0, 0, nw, q, prec);
            arb_set_arf(hi, r2lo);
            piece_add(acc, &q->r1, hi, k1, 1, nw, q, prec);
        } else {
            arb_zero(lo);
            arb_set_arf(hi, r1lo);
            piece_add(acc, lo, hi, k0, 0, nw, q, prec);
            cluster_add(acc, r1lo, r1hi, nw, q, prec);
            arb_set_arf(lo, r1hi);
            arb_set_arf(hi, r2lo);
            piece_add(acc, lo, hi, k1, 0, nw, q, prec);
        }
        cluster_add(acc, r2lo, r2hi, nw, q, prec);
    } else {
        /* no r1, or r1 and r2 overlap: one cluster */
        arf_srcptr clo = has_r1 ? r1lo : r2lo;
        arb_zero(lo);
        arb_set_arf(hi, clo);
        piece_add(acc, lo, hi, k0, 0, nw, q, prec);
        cluster_add(acc, clo, r2hi, nw, q, prec);
    }
    arb_set_arf(lo, r2hi);
    piece_add(acc, lo, one, K_TAIL, 0, nw, q, prec);
    arf_clear(r1lo), arf_clear(r1hi), arf_clear(r2lo), arf_clear(r2hi);
    arb_clear(lo), arb_clear(hi), arb_clear(one);
}

/* g[0..nw) = ((m + 1)/pi) int_0^1 r^2 (1 - r^2)^m (Phi, r Phi_A, Phi_b, Phi_theta) dr over the box (t, b, theta) */
static void dcross_g(arb_ptr g, long d, const arb_t t, const arb_t b, const arb_t th, int nw, slong prec)
{
    arb_t hpi, parts_b[2], parts_th[2];
    arb_ptr acc = _arb_vec_init(W_N);
    arb_init(hpi);
    for (int i = 0; i < 2; i++)
        arb_init(parts_b[i]), arb_init(parts_th[i]);
    arb_const_pi(hpi, prec);
    arb_mul_2exp_si(hpi, hpi, -1);
    /* split b at 0 and theta at pi/2 */
    int nb = 0, nt = 0, bneg[2], thhi[2];
    arf_t e;
    arf_init(e);
    if (!arb_contains_negative(b)) {
        arb_set(parts_b[nb], b), bneg[nb++] = 0;
    } else if (!arb_contains_positive(b)) {
        arb_set(parts_b[nb], b), bneg[nb++] = 1;
    } else {
        arf_t z;
        arf_init(z);
        arb_get_lbound_arf(e, b, prec);
        arb_set_interval_arf(parts_b[nb], e, z, prec), bneg[nb++] = 1;
        arb_get_ubound_arf(e, b, prec);
        arb_set_interval_arf(parts_b[nb], z, e, prec), bneg[nb++] = 0;
        arf_clear(z);
    }
    arb_sub(parts_th[0], th, hpi, prec);
    if (!arb_contains_positive(parts_th[0])) {
        arb_set(parts_th[nt], th), thhi[nt++] = 0;
    } else if (!arb_contains_negative(parts_th[0])) {
        arb_set(parts_th[nt], th), thhi[nt++] = 1;
    } else {
        /* [theta_lo, pi/2] and [pi/2, theta_hi] (pi/2 as its ball) */
        arb_get_lbound_arf(e, th, prec);
        arb_set_arf(parts_th[0], e);
        arb_union(parts_th[0], parts_th[0], hpi, prec), thhi[nt++] = 0;
        arb_get_ubound_arf(e, th, prec);
        arb_set_arf(parts_th[1], e);
        arb_union(parts_th[1], parts_th[1], hpi, prec), thhi[nt++] = 1;
    }
    arf_clear(e);
    piece_t q;
    q.d = d;
    arb_init(&q.t), arb_init(&q.b), arb_init(&q.th), arb_init(&q.c), arb_init(&q.sn);
    arb_init(&q.lo), arb_init(&q.hi), arb_init(&q.r1);
    arb_set(&q.t, t);
    /* on a wide box the integrals need only a few bits more than the box's relative width (measured: 12 bits more
     * and at least 16 take the fewest boxes in the Theorem 5.4 claims) */
    q.goal = prec / 2 + 8; /* the integrals to about half the working precision: the prover works at 64 bits and
                              * needs a few digits, point values raise the precision until the goal is met */
    for (int i = 0; i < 3; i++) {
        arb_srcptr z = i == 0 ? t : i == 1 ? b : th;
        slong acc = arb_is_exact(z) ? prec : arb_rel_accuracy_bits(z) + 12;
        if (acc < q.goal)
            q.goal = acc;
    }
    q.wide = q.goal < prec / 2 + 8; /* the inputs' width limits the goal */
    if (q.goal < 16)
        q.goal = 16;
    for (int k = 0; k < nw; k++)
        arb_indeterminate(g + k);
    int first = 1;
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < nt; j++) {
            arb_set(&q.b, parts_b[i]);
            arb_set(&q.th, parts_th[j]);
            arb_sin_cos(&q.sn, &q.c, &q.th, prec);
            arb_nonnegative_part(&q.sn, &q.sn);
            q.bneg = bneg[i];
            eval_signed(acc, &q, thhi[j], nw, prec);
            for (int k = 0; k < nw; k++) {
                if (first)
                    arb_set(g + k, acc + k);
                else
                    arb_union(g + k, g + k, acc + k, prec);
            }
            first = 0;
        }
    /* times (m + 1)/pi = d/(2 pi) */
    arb_const_pi(hpi, prec);
    for (int k = 0; k < nw; k++) {
        arb_mul_si(g + k, g + k, d, prec);
        arb_div(g + k, g + k, hpi, prec);
        arb_mul_2exp_si(g + k, g + k, -1);
    }
    gdc_ball_clamp_nonneg(g + W_VAL);
    arb_clear(&q.t), arb_clear(&q.b), arb_clear(&q.th), arb_clear(&q.c), arb_clear(&q.sn);
    arb_clear(&q.lo), arb_clear(&q.hi), arb_clear(&q.r1);
    arb_clear(hpi);
    for (int i = 0; i < 2; i++)
        arb_clear(parts_b[i]), arb_clear(parts_th[i]);
    _arb_vec_clear(acc, W_N);
}

#define DCROSS_DMAX 1000

/* d from the ball x (an exact integer in [2, DCROSS_DMAX]) or 0 */
static long dcross_d(const arb_t x)
{
    long d;
    if (!gdc_arb_get_int(&d, x, 2) || d > DCROSS_DMAX)
        return 0;
    return d;
}

void gdc_ball_dcross_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    long d = dcross_d(x + 0);
    if (!d) {
        arb_indeterminate(out);
        return;
    }
    arb_t g;
    arb_init(g);
    /* points and near-points: the closed form (ball_dcross_closed.c); boxes, or where it falls short, the quadrature */
    if (!gdc_ball_dcross_closed(g, 1, d, x + 2, x + 3, x + 4, prec / 2, prec))
        dcross_g(g, d, x + 2, x + 3, x + 4, 1, prec);
    arb_mul(out, g, x + 1, prec);
    gdc_ball_clamp_nonneg(out);
    arb_clear(g);
}

void gdc_ball_dcross_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec)
{
    long d = dcross_d(x + 0);
    for (int j = 0; j < 5; j++)
        arb_indeterminate(jac + j);
    if (!d) {
        arb_indeterminate(out);
        return;
    }
    arb_ptr g = _arb_vec_init(W_N);
    if (!gdc_ball_dcross_closed(g, W_N, d, x + 2, x + 3, x + 4, prec / 2, prec))
        dcross_g(g, d, x + 2, x + 3, x + 4, W_N, prec);
    arb_mul(out, g + W_VAL, x + 1, prec);
    gdc_ball_clamp_nonneg(out);
    arb_set(jac + 1, g + W_VAL);
    for (int k = 1; k < W_N; k++)
        arb_mul(jac + 1 + k, g + k, x + 1, prec);
    _arb_vec_clear(g, W_N);
}
