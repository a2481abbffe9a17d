/* ball.dcross at exact points in closed form (seed-004 C8, C28; Theorem 5.4 on the uniform d-ball): the radial
 * integral g = ((m + 1)/pi) int_0^1 r^2 (1 - r^2)^m Phi(t r) dr of ball_dcross_arb.c (m = (d - 2)/2; its top comment
 * defines Phi, the arcs and the pieces) without quadrature. Used at points and near-points: t > 0, bv, theta exact or
 * balls as narrow as the prover's centres (arguments computed from exact coordinates, relative accuracy at least
 * prec/2). Every case decision (sign of bv, theta against pi/2, r1 and r2 against 1) is made for the whole ball or
 * the closed form is not used, so the formulas below, evaluated in ball arithmetic, enclose the value at every point
 * of the ball. Wide boxes (where the quadrature's enclosures are tighter) and anything undecided go to the quadrature.
 *
 * Derivation. On a piece the arc's half-width a has A cos a = -b, A sin a = sqrt(A^2 - b^2) (A = t r). With
 * P(phi) = A (phi cos th/2 + sin(2 phi - th)/4) + b sin phi and the addition formulas,
 *   FULL = P(pi/2) - P(-pi/2)                     = (pi/2) A cos th + 2b,
 *   BOTH = P(th + a) - P(th - a)                   = cos th H,                   H = A a + b sin a,
 *   TAIL = P(pi/2) - P(th - a)                     = (pi/2 - th) cos th A/2 + b + cos th H/2 + sin th (A + b^2/A)/2,
 *   WRAP = TAIL + P(th + a - 2 pi) - P(-pi/2)      = -(pi/2) A cos th + 2b + cos th H
 * (sin th - sin(th - 2a) = 2 sin th sin^2 a + 2 cos th sin a cos a, then A sin^2 a = (A^2 - b^2)/A, A sin a cos a
 * = -b sin a, b cos a = -b^2/A; WRAP adds A cos th (th + a - 3 pi/2)/2 + b + b sin(th + a) - A (sin th - sin(th + 2a))/4;
 * checks: BOTH = TAIL at A sin th = |b|, WRAP = FULL at A = b, TAIL = A ((pi - th) cos th + sin th)/2 at b = 0).
 * With r1 = |b|/t, c = r1^2: cos a = r1/r for b < 0 (a = acos(r1/r)), -r1/r for b > 0 (a = pi - acos(r1/r)), and
 * b sin a = b sqrt(r^2 - c)/r. So on [lo, hi] (q = 1 - r^2) every piece is a combination of
 *   P1 = int r q^m dr,  P2 = int r^2 q^m dr,  P3 = int r^3 q^m dr,
 *   T1 = int r^3 q^m acos(r1/r) dr,  T2 = int r q^m sqrt(r^2 - c) dr,
 *   int r^2 q^m H dr = t T1 + b T2 (b < 0),  t (pi P3 - T1) + b T2 (b > 0)   [b = 0: T1 = (pi/2) P3, T2 = P2],
 * and Phi's r^2-weighted integral is FULL: (pi/2) cos th t P3 + 2b P2, BOTH: cos th Hw,
 * TAIL: (pi/2 - th) cos th t P3/2 + b P2 + cos th Hw/2 + sin th t (P3 + c P1)/2, WRAP: -(pi/2) cos th t P3 + 2b P2
 * + cos th Hw. In u = r^2 (r dr = du/2), Q = 1 - u, x = u - c, C = 1 - c (so Q = C - x):
 *   P1 = [-Q^(m+1)]/(2(m + 1)),  P3 = [G]/2 with G(u) = int_0^u s (1 - s)^m ds = kappa (1 - Q^(m+1) (1 + (m+1) u)),
 *   kappa = 1/((m + 1)(m + 2)),  P2 = J_m(C = 1, x = u)/2,  T2 = J_m(C, x)/2,
 * with the families I_n = int x^(-1/2) (C - x)^n dx, J_n = int x^(1/2) (C - x)^n dx over the piece. Differentiating
 * x^(p+1) (C - x)^n gives (n + p + 1) M_n = [x^(p+1) Q^n] + n C M_(n-1) for M_n = int x^p Q^n dx: a forward
 * recurrence in n whose old term is multiplied by n C/(n + p + 1) < 1 (stable), from M_0 = [x^(p+1)/(p + 1)] for
 * integer m, and for half-integer m from I_(1/2) = [sqrt(x Q) + C atan2(sqrt x, sqrt Q)] (differentiate) and
 * J_(1/2) = (C/4) I_(1/2) - [sqrt(x) Q^(3/2)]/2 (differentiate: sqrt(Q/x) x/4 + (3/4) sqrt(x Q)).
 * T1 by parts in u: alpha(u) = acos(sqrt(c/u)) = atan2(sqrt x, r1) has alpha' = r1/(2 u sqrt x), so
 *   T1 = ([G alpha] - (r1/2) int (G(u)/u) x^(-1/2) du)/2,
 * and G/u = kappa S_(m+1)(Q) - Q^(m+1)/(m + 2), S_n = (1 - Q^n)/u: for integer n, S_n = sum_{i<n} Q^i; for n = k + 1/2,
 * S_n = 1/(1 + sqrt Q) + sum_{i<k} Q^(i+1/2) (1 - Q^n = (1 - sqrt Q) + sqrt Q (1 - Q^k), and 1 - Q = u); S_(n+1) = S_n
 * + Q^n gives the form above. So int (G/u) x^(-1/2) du = kappa sum_{e <= n <= m} I_n - I_(m+1)/(m + 2)
 * (+ kappa Jh for odd d), every I_n >= 0 on a piece (no cancellation in the sum), and
 *   Jh = int du/((1 + sqrt Q) sqrt x) = 2 [asin(v/e)]_{v1}^{v0} - 2 L,  v = sqrt Q, e = sqrt C (u -> v, du = -2v dv,
 *   2v/(1 + v) = 2 - 2/(1 + v)),  L = int_{v1}^{v0} dv/((1 + v) sqrt(C - v^2)) = int dphi/(1 + e sin phi) (v = e sin phi)
 *       = (2/r1) [atan((e + T)/r1)], T = tan(phi/2) = v/(e + sqrt x) (int dphi/(1 + e sin phi) =
 *       (2/sqrt(1 - e^2)) atan((e + tan(phi/2))/sqrt(1 - e^2)), 1 - e^2 = c), written with atan X - atan Y =
 *       atan((X - Y)/(1 + XY)) (X, Y > 0) as (2/r1) atan(r1 (T0 - T1)/(c + (e + T0)(e + T1))).
 * Partial derivatives (Leibniz, as in ball_dcross_arb.c: the moving piece ends add nothing): with dH/dA = a - b sin a/A,
 * dH/db = 2 sin a, d(A + b^2/A)/dA = 1 - b^2/A^2, and a independent of theta, the integrals of r^2 q^m (r Phi_A, Phi_b,
 * Phi_theta) use the same P1, P2, P3, T1, T2: int r^3 q^m (a - b sin a/A) dr = Ta - (b/t) T2, int r^2 q^m sin a dr = T2,
 * int r^2 q^m (b/A) dr = (b/t) P1, int r^3 q^m b^2/A^2 dr = c P1 (Ta = int r^3 q^m a dr); FULL: (pi/2) cos th, 2, -(pi/2)
 * A sin th; BOTH: cos th dH/dA, 2 cos th sin a, -sin th H; TAIL: (pi/2 - th) cos th/2 + cos th dH/dA/2 + sin th (1 -
 * b^2/A^2)/2, 1 + cos th sin a + sin th b/A, -(pi/2 - th) sin th A/2 - sin th H/2 + cos th b^2/(2A); WRAP: as FULL with
 * -(pi/2) plus BOTH's.
 * Cancellation (the closed forms subtract, e.g. G near u = 0, the by-parts term near r1 -> 1) only widens the Arb
 * balls: at a point the value is computed at prec + 32 bits and, if its relative accuracy is short of prec - 8 bits,
 * again with 128, 512, 2048 guard bits; then the caller falls back to the quadrature. At a near-point (a ball) the
 * value is g(midpoint) + sum_j dg/dx_j(ball) [-rad_j, rad_j] (mean-value theorem; g is C^1 where the cases are fixed):
 * evaluated on the ball itself, the cancelling terms would carry the ball's width at their own, larger size. It must
 * reach the relative accuracy the quadrature would aim at (dcross_g's goal), or the quadrature is used.
 * On boxes the quadrature's piece table (ball_dcross_arb.c) calls two pieces of this file with ball parameters and
 * exact piece ends: FULL (gdc_ball_dcross_full_add: P2, P3 only) and, for values, TAIL (gdc_ball_dcross_tail_add,
 * on [lo, hi] with lo >= r2 >= r1 at every point of the box, so x = u - c >= 0 may be intersected with [0, inf)); the
 * formulas hold at every point of the box (each point's piece is of that kind), so their ball evaluation encloses the
 * piece, and a non-finite result sends the piece back to the quadrature. With b's part of the box touching 0 both
 * forms of a (acos(r1/r), pi - acos(r1/r)) are pi/2 at b = 0, so the sign branch of the part is valid on all of it. */
#include "ball/ball.h"
#include "ball/ball_util.h"

enum { C_ZERO, C_FULL, C_BOTH, C_TAIL, C_WRAP };

typedef struct {
    long d, M1;   /* M1 = floor(d/2): the families run over n = e, e + 1, ..., e + M1 = m + 1 */
    int half;     /* d odd: m and the exponents n are half-integers, e = 1/2 */
    int bneg;     /* b < 0 */
    int bzero;    /* b = 0: no r1 */
    arb_struct t, b, th, sn, cs, r1, c, C, r1cot2, kappa, pi;
} cf_t;

/* res = z^(n2/2), z >= 0 */
static void pow_half(arb_t res, const arb_t z, long n2, slong prec)
{
    if (n2 % 2 == 0) {
        arb_pow_ui(res, z, (ulong)(n2 / 2), prec);
    } else {
        arb_t s;
        arb_init(s);
        arb_sqrt(s, z, prec);
        arb_pow_ui(res, z, (ulong)(n2 / 2), prec);
        arb_mul(res, res, s, prec);
        arb_clear(s);
    }
}

/* I_(1/2) = [sqrt(x Q) + C atan2(sqrt x, sqrt Q)] over [x0, x1] (sx = sqrt x, sq = sqrt Q at both ends) */
static void base_i_half(arb_t res, const arb_t C, arb_srcptr sx, arb_srcptr sq, slong prec)
{
    arb_t a0, a1;
    arb_init(a0), arb_init(a1);
    arb_atan2(a1, sx + 1, sq + 1, prec);
    arb_atan2(a0, sx + 0, sq + 0, prec);
    arb_sub(a1, a1, a0, prec);
    arb_mul(res, a1, C, prec);
    arb_mul(a1, sx + 1, sq + 1, prec);
    arb_add(res, res, a1, prec);
    arb_mul(a0, sx + 0, sq + 0, prec);
    arb_sub(res, res, a0, prec);
    arb_clear(a0), arb_clear(a1);
}

/* out[i] = int_{x0}^{x1} x^(p2/2) Q^(e + i) dx, Q = C - x, i = 0..n (p2 = -1 or 1, e = half/2); x[], Q[] the ends */
static void family(arb_ptr out, int p2, int half, long n, const arb_t C, arb_srcptr x, arb_srcptr Q, slong prec)
{
    arb_ptr sx = _arb_vec_init(2), sq = _arb_vec_init(2), xp = _arb_vec_init(2), qp = _arb_vec_init(2);
    arb_t br, u;
    arb_init(br), arb_init(u);
    for (int j = 0; j < 2; j++) {
        arb_sqrt(sx + j, x + j, prec);
        arb_sqrt(sq + j, Q + j, prec);
        if (p2 < 0)
            arb_set(xp + j, sx + j); /* x^(p+1) */
        else
            arb_mul(xp + j, sx + j, x + j, prec);
        if (half)
            arb_set(qp + j, sq + j); /* Q^e */
        else
            arb_one(qp + j);
    }
    for (long i = 0; i <= n; i++) {
        /* the bracket [x^(p+1) Q^nu], nu = e + i, 2 nu = half + 2i */
        arb_mul(br, xp + 1, qp + 1, prec);
        arb_submul(br, xp + 0, qp + 0, prec);
        long nu2 = half + 2 * i;
        if (i == 0 && half) {
            base_i_half(out, C, sx, sq, prec);
            if (p2 > 0) {
                /* J_(1/2) = (C/4) I_(1/2) - [sqrt(x) Q^(3/2)]/2 */
                arb_mul(out, out, C, prec);
                arb_mul_2exp_si(out, out, -2);
                arb_mul(u, sx + 1, qp + 1, prec);
                arb_mul(u, u, Q + 1, prec);
                arb_mul(br, sx + 0, qp + 0, prec);
                arb_mul(br, br, Q + 0, prec);
                arb_sub(u, u, br, prec);
                arb_mul_2exp_si(u, u, -1);
                arb_sub(out, out, u, prec);
            }
        } else {
            /* (2 nu + p2 + 2) M_nu = 2 [x^(p+1) Q^nu] + 2 nu C M_(nu-1) */
            arb_mul_2exp_si(out + i, br, 1);
            if (i > 0) {
                arb_mul(u, out + i - 1, C, prec);
                arb_mul_ui(u, u, (ulong)nu2, prec);
                arb_add(out + i, out + i, u, prec);
            }
            arb_div_ui(out + i, out + i, (ulong)(nu2 + p2 + 2), prec);
        }
        arb_mul(qp + 0, qp + 0, Q + 0, prec);
        arb_mul(qp + 1, qp + 1, Q + 1, prec);
    }
    _arb_vec_clear(sx, 2), _arb_vec_clear(sq, 2), _arb_vec_clear(xp, 2), _arb_vec_clear(qp, 2);
    arb_clear(br), arb_clear(u);
}

/* G(u) = kappa (1 - Q^(m+1) (1 + (m + 1) u)), Q = 1 - u */
static void g_of(arb_t res, const arb_t u, const arb_t Q, const cf_t *f, slong prec)
{
    arb_t z;
    arb_init(z);
    pow_half(res, Q, f->d, prec); /* Q^(m+1) = Q^(d/2) */
    arb_mul_ui(z, u, (ulong)f->d, prec);
    arb_mul_2exp_si(z, z, -1);
    arb_add_ui(z, z, 1, prec);
    arb_mul(res, res, z, prec);
    arb_sub_ui(res, res, 1, prec);
    arb_neg(res, res);
    arb_mul(res, res, &f->kappa, prec);
    arb_clear(z);
}

/* Jh = int du/((1 + sqrt Q) sqrt x) over the piece (odd d), sx, sq = sqrt x, sqrt Q at the ends */
static void jh_of(arb_t res, arb_srcptr sx, arb_srcptr sq, const cf_t *f, slong prec)
{
    arb_t e, T0, T1, z, w;
    arb_init(e), arb_init(T0), arb_init(T1), arb_init(z), arb_init(w);
    arb_sqrt(e, &f->C, prec);
    /* 2 [asin(v/e)]_{v1}^{v0}, asin(v/e) = atan2(v, sqrt x) */
    arb_atan2(z, sq + 0, sx + 0, prec);
    arb_atan2(w, sq + 1, sx + 1, prec);
    arb_sub(res, z, w, prec);
    arb_mul_2exp_si(res, res, 1);
    /* L = (2/r1) atan(r1 (T0 - T1)/(c + (e + T0)(e + T1))), T = v/(e + sqrt x) */
    arb_add(z, e, sx + 0, prec);
    arb_div(T0, sq + 0, z, prec);
    arb_add(z, e, sx + 1, prec);
    arb_div(T1, sq + 1, z, prec);
    arb_add(z, e, T0, prec);
    arb_add(w, e, T1, prec);
    arb_mul(z, z, w, prec);
    arb_add(z, z, &f->c, prec);
    arb_sub(w, T0, T1, prec);
    arb_div(w, w, z, prec);
    arb_mul(z, w, &f->r1, prec);
    arb_atan(z, z, prec);
    arb_div(z, z, &f->r1, prec);
    arb_mul_2exp_si(z, z, 2); /* 2 L */
    arb_sub(res, res, z, prec);
    arb_clear(e), arb_clear(T0), arb_clear(T1), arb_clear(z), arb_clear(w);
}

/* T1 and T2 on the piece whose ends are u[] (x[] = u - c, Q[] = 1 - u); P3 given */
static void t_parts(arb_t T1, arb_t T2, arb_srcptr u, arb_srcptr x, arb_srcptr Q, const arb_t P3, const cf_t *f,
                    slong prec)
{
    if (f->bzero) {
        /* a = pi/2, sqrt(r^2 - c) = r */
        arb_mul(T1, P3, &f->pi, prec);
        arb_mul_2exp_si(T1, T1, -1);
        /* T2 = P2, set by the caller */
        return;
    }
    long M1 = f->M1;
    arb_ptr I = _arb_vec_init(M1 + 1), J = _arb_vec_init(M1 + 1), sx = _arb_vec_init(2), sq = _arb_vec_init(2);
    arb_t s, z;
    arb_init(s), arb_init(z);
    family(I, -1, f->half, M1, &f->C, x, Q, prec);
    family(J, 1, f->half, M1 - 1, &f->C, x, Q, prec);
    arb_mul_2exp_si(T2, J + M1 - 1, -1);
    /* int (G/u) x^(-1/2) du = kappa (sum_{n <= m} I_n + [odd] Jh) - I_(m+1)/(m + 2) */
    arb_zero(s);
    for (long i = 0; i < M1; i++)
        arb_add(s, s, I + i, prec);
    for (int j = 0; j < 2; j++)
        arb_sqrt(sx + j, x + j, prec), arb_sqrt(sq + j, Q + j, prec);
    if (f->half) {
        jh_of(z, sx, sq, f, prec);
        arb_add(s, s, z, prec);
    }
    arb_mul(s, s, &f->kappa, prec);
    arb_mul_2exp_si(z, I + M1, 1);
    arb_div_ui(z, z, (ulong)(f->d + 2), prec); /* I_(m+1)/(m + 2), m + 2 = (d + 2)/2 */
    arb_sub(s, s, z, prec);
    arb_mul(s, s, &f->r1, prec);
    arb_mul_2exp_si(s, s, -1);
    /* [G alpha], alpha = atan2(sqrt x, r1) */
    arb_neg(T1, s);
    for (int j = 0; j < 2; j++) {
        g_of(z, u + j, Q + j, f, prec);
        arb_atan2(s, sx + j, &f->r1, prec);
        arb_mul(z, z, s, prec);
        j ? arb_add(T1, T1, z, prec) : arb_sub(T1, T1, z, prec);
    }
    arb_mul_2exp_si(T1, T1, -1);
    _arb_vec_clear(I, M1 + 1), _arb_vec_clear(J, M1 + 1), _arb_vec_clear(sx, 2), _arb_vec_clear(sq, 2);
    arb_clear(s), arb_clear(z);
}

/* res += x y z (z may be NULL) */
static void add3(arb_t res, const arb_t x, const arb_t y, const arb_t z, slong prec)
{
    arb_t u;
    arb_init(u);
    arb_mul(u, x, y, prec);
    if (z)
        arb_mul(u, u, z, prec);
    arb_add(res, res, u, prec);
    arb_clear(u);
}

/* the radial integrals of one piece: P1 times c, b/t and t c; P2, P3, t P3, T2, Ta = int r^3 q^m a dr, Hw = int r^2 q^m H
 * dr and Tab = Ta - (b/t) T2 = int r^3 q^m (a - b sin a/A) dr */
typedef struct {
    arb_struct cP1, btP1, tcP1, P2, P3, tP3, T2, Ta, Hw, Tab;
} basis_t;

/* acc[0..nw) += the piece's integrals of r^2 q^m (Phi, r Phi_A, Phi_b, Phi_theta) for its kind (top comment) */
static void kind_sum(arb_ptr acc, int kind, const basis_t *B, const cf_t *f, int nw, slong prec)
{
    arb_t hp, k, u;
    arb_init(hp), arb_init(k), arb_init(u);
    arb_mul_2exp_si(hp, &f->pi, -1); /* pi/2 */
    if (kind != C_TAIL) {
        /* sg (pi/2) A cos th + 2 |sg| b + h cos th H: FULL sg = 1, h = 0; BOTH 0, 1; WRAP -1, 1 */
        int sg = kind == C_FULL ? 1 : kind == C_WRAP ? -1 : 0, h = kind != C_FULL;
        arb_mul_si(k, hp, sg, prec);
        arb_set_si(u, sg ? 2 : 0);
        add3(acc + 0, k, &f->cs, &B->tP3, prec);
        add3(acc + 0, u, &f->b, &B->P2, prec);
        if (nw > 1) {
            add3(acc + 1, k, &f->cs, &B->P3, prec);
            add3(acc + 2, u, &B->P2, NULL, prec);
            arb_neg(k, k);
            add3(acc + 3, k, &f->sn, &B->tP3, prec);
        }
        if (h) {
            add3(acc + 0, &f->cs, &B->Hw, NULL, prec);
            if (nw > 1) {
                add3(acc + 1, &f->cs, &B->Tab, NULL, prec);
                arb_mul_2exp_si(u, &f->cs, 1);
                add3(acc + 2, u, &B->T2, NULL, prec);
                arb_neg(u, &f->sn);
                add3(acc + 3, u, &B->Hw, NULL, prec);
            }
        }
        goto done;
    }
    /* TAIL: (pi/2 - th) cos th A/2 + b + cos th H/2 + sin th (A + b^2/A)/2 */
    arb_sub(k, hp, &f->th, prec);
    arb_mul_2exp_si(k, k, -1); /* (pi/2 - th)/2 */
    arb_mul_2exp_si(hp, &f->cs, -1); /* cos th/2 */
    arb_mul_2exp_si(u, &f->sn, -1); /* sin th/2 */
    add3(acc + 0, k, &f->cs, &B->tP3, prec);
    arb_addmul(acc + 0, &f->b, &B->P2, prec);
    add3(acc + 0, hp, &B->Hw, NULL, prec);
    add3(acc + 0, u, &B->tP3, NULL, prec);
    add3(acc + 0, u, &B->tcP1, NULL, prec);
    if (nw > 1) {
        /* r Phi_A: (pi/2 - th) cos th r/2 + cos th r (a - b sin a/A)/2 + sin th r (1 - b^2/A^2)/2 */
        add3(acc + 1, k, &f->cs, &B->P3, prec);
        add3(acc + 1, hp, &B->Tab, NULL, prec);
        add3(acc + 1, u, &B->P3, NULL, prec);
        arb_neg(u, u);
        add3(acc + 1, u, &B->cP1, NULL, prec);
        arb_neg(u, u);
        /* Phi_b: 1 + cos th sin a + sin th b/A */
        arb_add(acc + 2, acc + 2, &B->P2, prec);
        arb_addmul(acc + 2, &f->cs, &B->T2, prec);
        arb_addmul(acc + 2, &f->sn, &B->btP1, prec);
        /* Phi_theta: -(pi/2 - th) sin th A/2 - sin th H/2 + cos th (b^2/A)/2 */
        arb_neg(k, k);
        add3(acc + 3, k, &f->sn, &B->tP3, prec);
        arb_neg(u, u);
        add3(acc + 3, u, &B->Hw, NULL, prec);
        add3(acc + 3, hp, &B->tcP1, NULL, prec);
    }
done:
    arb_clear(hp), arb_clear(k), arb_clear(u);
}

/* acc[0..nw) += int_lo^hi r^2 q^m (Phi, r Phi_A, Phi_b, Phi_theta) dr for the piece's kind; u[] = (lo^2, hi^2),
 * Q[] = 1 - u, x[] = u - c (used by the kinds other than FULL) */
static void piece_closed(arb_ptr acc, int kind, arb_srcptr u, arb_srcptr Q, arb_srcptr x, const cf_t *f, int nw,
                         slong prec)
{
    basis_t B;
    arb_struct *all[] = {&B.cP1, &B.btP1, &B.tcP1, &B.P2, &B.P3, &B.tP3, &B.T2, &B.Ta, &B.Hw, &B.Tab};
    for (int i = 0; i < 10; i++)
        arb_init(all[i]);
    arb_ptr J = _arb_vec_init(f->M1);
    arb_t one, z;
    arb_init(one), arb_init(z);
    arb_one(one);
    family(J, 1, f->half, f->M1 - 1, one, u, Q, prec);
    arb_mul_2exp_si(&B.P2, J + f->M1 - 1, -1);
    g_of(&B.P3, u + 1, Q + 1, f, prec);
    g_of(z, u + 0, Q + 0, f, prec);
    arb_sub(&B.P3, &B.P3, z, prec);
    arb_mul_2exp_si(&B.P3, &B.P3, -1);
    arb_mul(&B.tP3, &f->t, &B.P3, prec);
    if (kind != C_FULL) {
        /* P1 = [-Q^(m+1)]/(2(m + 1)) = (Q0^(d/2) - Q1^(d/2))/d */
        pow_half(&B.cP1, Q + 0, f->d, prec);
        pow_half(z, Q + 1, f->d, prec);
        arb_sub(&B.cP1, &B.cP1, z, prec);
        arb_div_ui(&B.cP1, &B.cP1, (ulong)f->d, prec);
        arb_div(z, &f->b, &f->t, prec);
        arb_mul(&B.btP1, &B.cP1, z, prec);
        arb_mul(&B.cP1, &B.cP1, &f->c, prec);
        arb_mul(&B.tcP1, &B.cP1, &f->t, prec);
        /* Ta = int r^3 q^m a dr: T1 (b < 0), pi P3 - T1 (b > 0), (pi/2) P3 (b = 0); Hw = t Ta + b T2 */
        arb_set(&B.T2, &B.P2);
        t_parts(&B.Ta, &B.T2, u, x, Q, &B.P3, f, prec);
        if (!f->bneg && !f->bzero) {
            arb_mul(z, &B.P3, &f->pi, prec);
            arb_sub(&B.Ta, z, &B.Ta, prec);
        }
        arb_mul(&B.Hw, &f->t, &B.Ta, prec);
        arb_addmul(&B.Hw, &f->b, &B.T2, prec);
        /* Tab = Ta - (b/t) T2 */
        arb_div(z, &f->b, &f->t, prec);
        arb_mul(z, z, &B.T2, prec);
        arb_sub(&B.Tab, &B.Ta, z, prec);
    }
    kind_sum(acc, kind, &B, f, nw, prec);
    _arb_vec_clear(J, f->M1);
    arb_clear(one), arb_clear(z);
    for (int i = 0; i < 10; i++)
        arb_clear(all[i]);
}

enum { E_0, E_R1, E_R2, E_1 };

/* u = r^2, Q = 1 - u, x = u - c at the piece end `e` (0, r1, r2 or 1) */
static void end_vals(arb_t u, arb_t Q, arb_t x, int e, const cf_t *f, slong prec)
{
    if (e == E_0) {
        arb_zero(u), arb_one(Q), arb_neg(x, &f->c);
    } else if (e == E_R1) {
        arb_set(u, &f->c), arb_set(Q, &f->C), arb_zero(x);
    } else if (e == E_R2) {
        arb_set(x, &f->r1cot2); /* r2^2 - c = c cos^2 th/sin^2 th >= 0 */
        arb_add(u, x, &f->c, prec);
        arb_sub(Q, &f->C, x, prec);
    } else {
        arb_one(u), arb_zero(Q), arb_set(x, &f->C);
    }
}

static void piece_ends(arb_ptr acc, int kind, int e0, int e1, const cf_t *f, int nw, slong prec)
{
    if (kind == C_ZERO || e0 == e1)
        return;
    arb_ptr u = _arb_vec_init(2), Q = _arb_vec_init(2), x = _arb_vec_init(2);
    end_vals(u + 0, Q + 0, x + 0, e0, f, prec);
    end_vals(u + 1, Q + 1, x + 1, e1, f, prec);
    piece_closed(acc, kind, u, Q, x, f, nw, prec);
    _arb_vec_clear(u, 2), _arb_vec_clear(Q, 2), _arb_vec_clear(x, 2);
}

/* f's fields from d, t, b, theta (sn, cs: sin theta, cos theta, or NULL to compute them), b's sign from b */
static void cf_init(cf_t *f, long d, const arb_t t, const arb_t b, const arb_t th, const arb_t sn, const arb_t cs,
                    slong prec)
{
    arb_struct *all[] = {&f->t, &f->b, &f->th, &f->sn, &f->cs, &f->r1, &f->c, &f->C, &f->r1cot2, &f->kappa, &f->pi};
    for (int i = 0; i < 11; i++)
        arb_init(all[i]);
    f->d = d, f->M1 = d / 2, f->half = (int)(d % 2);
    f->bneg = arb_is_negative(b), f->bzero = arb_is_zero(b);
    arb_set(&f->t, t), arb_set(&f->b, b), arb_set(&f->th, th);
    if (sn)
        arb_set(&f->sn, sn), arb_set(&f->cs, cs);
    else
        arb_sin_cos(&f->sn, &f->cs, th, prec);
    arb_const_pi(&f->pi, prec);
    /* kappa = 1/((m + 1)(m + 2)) = 4/(d (d + 2)) */
    arb_set_ui(&f->kappa, 4);
    arb_div_ui(&f->kappa, &f->kappa, (ulong)d, prec);
    arb_div_ui(&f->kappa, &f->kappa, (ulong)(d + 2), prec);
    /* r1 = |b|/t, c = r1^2, C = 1 - c */
    arb_abs(&f->r1, b);
    arb_div(&f->r1, &f->r1, t, prec);
    arb_sqr(&f->c, &f->r1, prec);
    arb_sub_ui(&f->C, &f->c, 1, prec);
    arb_neg(&f->C, &f->C);
}

static void cf_clear(cf_t *f)
{
    arb_struct *all[] = {&f->t, &f->b, &f->th, &f->sn, &f->cs, &f->r1, &f->c, &f->C, &f->r1cot2, &f->kappa, &f->pi};
    for (int i = 0; i < 11; i++)
        arb_clear(all[i]);
}

/* g[0..nw) = ((m + 1)/pi) int_0^1 r^2 (1 - r^2)^m (Phi, r Phi_A, Phi_b, Phi_theta)(t r) dr at working precision
 * prec; 0 if a case is undecided */
static int closed_eval(arb_ptr g, int nw, long d, const arb_t t, const arb_t b, const arb_t th, slong prec)
{
    if (!arb_is_zero(b) && !arb_is_negative(b) && !arb_is_positive(b))
        return 0; /* the sign of b undecided */
    cf_t f;
    arb_t hpi, r2, one;
    arb_ptr acc = _arb_vec_init(nw);
    int ok = 1;
    arb_init(hpi), arb_init(r2), arb_init(one);
    arb_one(one);
    cf_init(&f, d, t, b, th, NULL, NULL, prec);
    arb_mul_2exp_si(hpi, &f.pi, -1);
    int thhi = arb_gt(th, hpi) ? 1 : arb_lt(th, hpi) ? 0 : -1;
    int e_r1 = arb_lt(&f.r1, one) ? E_R1 : arb_ge(&f.r1, one) ? E_1 : -1, e_r2 = -1;
    if (f.bzero) {
        e_r1 = e_r2 = E_0;
    } else if (arb_is_zero(&f.sn)) {
        e_r2 = E_1;
    } else {
        arb_div(r2, &f.r1, &f.sn, prec);
        e_r2 = arb_lt(r2, one) ? E_R2 : arb_ge(r2, one) ? E_1 : -1;
        if (e_r2 == E_R2) {
            arb_mul(&f.r1cot2, &f.r1, &f.cs, prec);
            arb_div(&f.r1cot2, &f.r1cot2, &f.sn, prec);
            arb_sqr(&f.r1cot2, &f.r1cot2, prec);
        }
    }
    if (thhi < 0 || e_r1 < 0 || e_r2 < 0) {
        ok = 0;
        goto done;
    }
    int has_r1 = !f.bzero && f.bneg != thhi, k0 = f.bneg ? C_ZERO : C_FULL, k1 = f.bneg ? C_BOTH : C_WRAP;
    if (has_r1) {
        piece_ends(acc, k0, E_0, e_r1, &f, nw, prec);
        piece_ends(acc, k1, e_r1, e_r2, &f, nw, prec);
    } else {
        piece_ends(acc, k0, E_0, e_r2, &f, nw, prec);
    }
    piece_ends(acc, C_TAIL, e_r2, E_1, &f, nw, prec);
    /* times (m + 1)/pi = d/(2 pi) */
    for (int k = 0; k < nw; k++) {
        arb_mul_ui(acc + k, acc + k, (ulong)d, prec);
        arb_div(acc + k, acc + k, &f.pi, prec);
        arb_mul_2exp_si(g + k, acc + k, -1);
    }
done:
    arb_clear(hpi), arb_clear(r2), arb_clear(one);
    _arb_vec_clear(acc, nw);
    cf_clear(&f);
    return ok;
}

/* the relative accuracy the quadrature of ball_dcross_arb.c aims at for these arguments (dcross_g's goal) */
static slong quad_goal(const arb_t t, const arb_t b, const arb_t th, slong prec, slong *inacc)
{
    slong goal = prec / 2 + 8;
    *inacc = prec;
    for (int i = 0; i < 3; i++) {
        arb_srcptr z = i == 0 ? t : i == 1 ? b : th;
        slong acc = arb_is_exact(z) ? prec : arb_rel_accuracy_bits(z);
        if (acc < *inacc)
            *inacc = acc;
        if (acc + 12 < goal)
            goal = acc + 12;
    }
    return goal < 16 ? 16 : goal;
}

/* the relative accuracy of g[0..nw): the value's, the partials' radii against max(|g_k|, |g_0|) */
static slong vec_accuracy(arb_srcptr g, int nw)
{
    slong acc = arb_rel_accuracy_bits(g);
    for (int k = 1; k < nw; k++) {
        arb_t z;
        arb_init(z);
        arb_abs(z, g + k);
        arb_max(z, z, g, MAG_BITS);
        arb_set_round(z, z, MAG_BITS);
        mag_set(arb_radref(z), arb_radref(g + k));
        slong a = arb_rel_accuracy_bits(z);
        if (a < acc)
            acc = a;
        arb_clear(z);
    }
    return acc;
}

/* closed_eval at prec plus guard bits until the relative accuracy is prec - 8 bits, or (wide arguments) as good as
 * their width allows and at least goal */
static int closed_acc(arb_ptr g, int nw, long d, const arb_t t, const arb_t b, const arb_t th, slong inacc, slong goal,
                      slong prec)
{
    for (slong guard = 32; guard <= 2048; guard *= 4) {
        if (!closed_eval(g, nw, d, t, b, th, prec + guard))
            return 0;
        slong acc = vec_accuracy(g, nw);
        if (arb_is_zero(g) || acc >= prec - 8)
            return 1;
        if (inacc < prec && acc >= inacc - 16)
            return acc >= goal; /* the arguments' own width limits it: more guard bits cannot help */
    }
    return 0;
}

/* the value at a near-point by the mean-value theorem: g(mid) + sum_j dg/dx_j (ball) [-rad_j, rad_j]; g is C^1 on
 * the ball (every case decided on it, and the r-integrand's partials are continuous across r1 and r2: top comment of
 * ball_dcross_arb.c), and the partials' closed forms on the ball enclose them; the value at the exact midpoint avoids
 * the cancellation of the by-parts and TAIL terms' input widths */
static int closed_mvt(arb_t g, long d, const arb_t t, const arb_t b, const arb_t th, slong goal, slong prec)
{
    arb_ptr m = _arb_vec_init(3), J = _arb_vec_init(4);
    arb_t e;
    arb_init(e);
    arb_srcptr x[3] = {t, b, th};
    for (int j = 0; j < 3; j++)
        arb_set_arf(m + j, arb_midref(x[j]));
    int ok = closed_eval(J, 4, d, t, b, th, prec) && closed_acc(g, 1, d, m + 0, m + 1, m + 2, prec, goal, prec);
    for (int j = 0; ok && j < 3; j++) {
        arb_zero(e);
        mag_set(arb_radref(e), arb_radref(x[j]));
        arb_addmul(g, J + 1 + j, e, prec);
    }
    ok = ok && arb_is_finite(g) && (arb_is_zero(g) || arb_rel_accuracy_bits(g) >= goal);
    _arb_vec_clear(m, 3), _arb_vec_clear(J, 4);
    arb_clear(e);
    return ok;
}

int gdc_ball_dcross_closed(arb_ptr g, int nw, long d, const arb_t t, const arb_t b, const arb_t th, slong minacc,
                           slong prec)
{
    slong inacc, goal = quad_goal(t, b, th, prec, &inacc);
    if (d < 2 || inacc < minacc || !arb_is_positive(t) || arb_contains_negative(th))
        return 0;
    arb_t pi;
    arb_init(pi);
    arb_const_pi(pi, prec);
    int inside = arb_le(th, pi);
    arb_clear(pi);
    if (!inside)
        return 0;
    int exact = arb_is_exact(t) && arb_is_exact(b) && arb_is_exact(th);
    int ok = exact || nw > 1 ? closed_acc(g, nw, d, t, b, th, inacc, goal, prec) : closed_mvt(g, d, t, b, th, goal, prec);
    if (!ok)
        return 0;
    gdc_ball_clamp_nonneg(g);
    for (int k = 0; k < nw; k++)
        arb_set_round(g + k, g + k, prec);
    return 1;
}

void gdc_ball_dcross_full_add(arb_ptr acc, int nw, long d, const arb_t lo, const arb_t hi, const arb_t t,
                              const arb_t b, const arb_t th, const arb_t sn, const arb_t cs, slong prec)
{
    cf_t f;
    basis_t B;
    arb_ptr u = _arb_vec_init(2), Q = _arb_vec_init(2), J = _arb_vec_init(d / 2);
    arb_t one, z;
    arb_init(one), arb_init(z);
    arb_struct *all[] = {&B.P2, &B.P3, &B.tP3};
    for (int i = 0; i < 3; i++)
        arb_init(all[i]);
    cf_init(&f, d, t, b, th, sn, cs, prec);
    arb_one(one);
    arb_sqr(u + 0, lo, prec), arb_sqr(u + 1, hi, prec);
    for (int j = 0; j < 2; j++) {
        arb_sub_ui(Q + j, u + j, 1, prec);
        arb_neg(Q + j, Q + j);
        arb_nonnegative_part(Q + j, Q + j); /* r <= 1 */
    }
    family(J, 1, f.half, f.M1 - 1, one, u, Q, prec);
    arb_mul_2exp_si(&B.P2, J + f.M1 - 1, -1);
    g_of(&B.P3, u + 1, Q + 1, &f, prec);
    g_of(z, u + 0, Q + 0, &f, prec);
    arb_sub(&B.P3, &B.P3, z, prec);
    arb_mul_2exp_si(&B.P3, &B.P3, -1);
    arb_mul(&B.tP3, t, &B.P3, prec);
    kind_sum(acc, C_FULL, &B, &f, nw, prec);
    _arb_vec_clear(u, 2), _arb_vec_clear(Q, 2), _arb_vec_clear(J, d / 2);
    arb_clear(one), arb_clear(z);
    for (int i = 0; i < 3; i++)
        arb_clear(all[i]);
    cf_clear(&f);
}

int gdc_ball_dcross_tail_add(arb_ptr acc, int nw, long d, const arb_t lo, const arb_t hi, const arb_t t,
                             const arb_t b, const arb_t th, const arb_t sn, const arb_t cs, int bneg, slong prec)
{
    cf_t f;
    arb_ptr u = _arb_vec_init(2), Q = _arb_vec_init(2), x = _arb_vec_init(2), s = _arb_vec_init(nw);
    cf_init(&f, d, t, b, th, sn, cs, prec);
    f.bneg = bneg; /* the part of the box (b may touch 0: both forms of a agree there) */
    arb_sqr(u + 0, lo, prec), arb_sqr(u + 1, hi, prec);
    for (int j = 0; j < 2; j++) {
        arb_sub_ui(Q + j, u + j, 1, prec);
        arb_neg(Q + j, Q + j);
        arb_nonnegative_part(Q + j, Q + j); /* r <= 1 */
        arb_sub(x + j, u + j, &f.c, prec);
        arb_nonnegative_part(x + j, x + j); /* r >= r2 >= r1 on the piece, for every point of the box */
    }
    piece_closed(s, C_TAIL, u, Q, x, &f, nw, prec);
    int ok = _arb_vec_is_finite(s, nw);
    if (ok)
        _arb_vec_add(acc, acc, s, nw, prec);
    _arb_vec_clear(u, 2), _arb_vec_clear(Q, 2), _arb_vec_clear(x, 2), _arb_vec_clear(s, nw);
    cf_clear(&f);
    return ok;
}
