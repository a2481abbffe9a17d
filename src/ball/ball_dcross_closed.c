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
 * Cancellation (the closed forms subtract, e.g. G near u = 0, the by-parts term near r1 -> 1) only widens the Arb
 * balls: the value is computed at prec + 32 bits and, if its relative accuracy is short of prec - 8 bits, again with
 * 128, 512, 2048 guard bits; then the caller falls back to the quadrature. */
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

/* acc += sg (pi/2) cos th t P3 + 2b P2 (FULL's terms; WRAP's with sg = -1), tP3 = t P3 */
static void full_part(arb_t acc, int sg, const arb_t tP3, const arb_t P2, const cf_t *f, slong prec)
{
    arb_t z;
    arb_init(z);
    arb_mul(z, tP3, &f->pi, prec);
    arb_mul(z, z, &f->cs, prec);
    arb_mul_2exp_si(z, z, -1);
    sg > 0 ? arb_add(acc, acc, z, prec) : arb_sub(acc, acc, z, prec);
    arb_mul(z, P2, &f->b, prec);
    arb_mul_2exp_si(z, z, 1);
    arb_add(acc, acc, z, prec);
    arb_clear(z);
}

/* acc += int_lo^hi r^2 q^m Phi_kind dr; u[] = (lo^2, hi^2), Q[] = 1 - u, x[] = u - c (for kinds other than FULL) */
static void piece_closed(arb_t acc, int kind, arb_srcptr u, arb_srcptr Q, arb_srcptr x, const cf_t *f, slong prec)
{
    if (kind == C_ZERO)
        return;
    arb_t P1, P2, P3, T1, T2, Hw, z, one;
    arb_ptr J = _arb_vec_init(f->M1);
    arb_init(P1), arb_init(P2), arb_init(P3), arb_init(T1), arb_init(T2), arb_init(Hw), arb_init(z), arb_init(one);
    arb_one(one);
    family(J, 1, f->half, f->M1 - 1, one, u, Q, prec);
    arb_mul_2exp_si(P2, J + f->M1 - 1, -1);
    g_of(P3, u + 1, Q + 1, f, prec);
    g_of(z, u + 0, Q + 0, f, prec);
    arb_sub(P3, P3, z, prec);
    arb_mul_2exp_si(P3, P3, -1);
    arb_mul(z, &f->t, P3, prec); /* t P3 */
    if (kind == C_FULL) {
        full_part(acc, 1, z, P2, f, prec);
        goto done;
    }
    arb_set(T2, P2);
    t_parts(T1, T2, u, x, Q, P3, f, prec);
    /* Hw = t T1 + b T2 (b <= 0), t (pi P3 - T1) + b T2 (b > 0) */
    if (f->bneg || f->bzero) {
        arb_mul(Hw, &f->t, T1, prec);
    } else {
        arb_mul(Hw, P3, &f->pi, prec);
        arb_sub(Hw, Hw, T1, prec);
        arb_mul(Hw, Hw, &f->t, prec);
    }
    arb_addmul(Hw, &f->b, T2, prec);
    arb_mul(Hw, Hw, &f->cs, prec); /* cos th Hw */
    if (kind == C_BOTH) {
        arb_add(acc, acc, Hw, prec);
        goto done;
    }
    if (kind == C_WRAP) {
        /* -(pi/2) cos th t P3 + 2b P2 + cos th Hw */
        arb_add(acc, acc, Hw, prec);
        full_part(acc, -1, z, P2, f, prec);
        goto done;
    }
    /* TAIL: (pi/2 - th) cos th t P3/2 + b P2 + cos th Hw/2 + sin th t (P3 + c P1)/2, P1 = [-Q^(m+1)]/(2(m+1)) */
    arb_mul_2exp_si(Hw, Hw, -1);
    arb_add(acc, acc, Hw, prec);
    arb_addmul(acc, &f->b, P2, prec);
    arb_mul_2exp_si(Hw, &f->pi, -1);
    arb_sub(Hw, Hw, &f->th, prec);
    arb_mul(Hw, Hw, &f->cs, prec);
    arb_mul(Hw, Hw, z, prec);
    arb_mul_2exp_si(Hw, Hw, -1);
    arb_add(acc, acc, Hw, prec);
    pow_half(P1, Q + 0, f->d, prec);
    pow_half(T1, Q + 1, f->d, prec);
    arb_sub(P1, P1, T1, prec);
    arb_div_ui(P1, P1, (ulong)f->d, prec); /* 2(m + 1) = d */
    arb_mul(P1, P1, &f->c, prec);
    arb_add(P1, P1, P3, prec);
    arb_mul(P1, P1, &f->t, prec);
    arb_mul(P1, P1, &f->sn, prec);
    arb_mul_2exp_si(P1, P1, -1);
    arb_add(acc, acc, P1, prec);
done:
    _arb_vec_clear(J, f->M1);
    arb_clear(P1), arb_clear(P2), arb_clear(P3), arb_clear(T1), arb_clear(T2), arb_clear(Hw), arb_clear(z);
    arb_clear(one);
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

static void piece_ends(arb_t acc, int kind, int e0, int e1, const cf_t *f, slong prec)
{
    if (kind == C_ZERO || e0 == e1)
        return;
    arb_ptr u = _arb_vec_init(2), Q = _arb_vec_init(2), x = _arb_vec_init(2);
    end_vals(u + 0, Q + 0, x + 0, e0, f, prec);
    end_vals(u + 1, Q + 1, x + 1, e1, f, prec);
    piece_closed(acc, kind, u, Q, x, f, prec);
    _arb_vec_clear(u, 2), _arb_vec_clear(Q, 2), _arb_vec_clear(x, 2);
}

/* g = ((m + 1)/pi) int_0^1 r^2 (1 - r^2)^m Phi(t r) dr at working precision prec; 0 if a case is undecided */
static int closed_eval(arb_t g, long d, const arb_t t, const arb_t b, const arb_t th, slong prec)
{
    if (!arb_is_zero(b) && !arb_is_negative(b) && !arb_is_positive(b))
        return 0; /* the sign of b undecided */
    cf_t f;
    arb_t hpi, r2, acc, one;
    int ok = 1;
    arb_init(hpi), arb_init(r2), arb_init(acc), arb_init(one);
    arb_init(&f.t), arb_init(&f.b), arb_init(&f.th), arb_init(&f.sn), arb_init(&f.cs), arb_init(&f.r1);
    arb_init(&f.c), arb_init(&f.C), arb_init(&f.r1cot2), arb_init(&f.kappa), arb_init(&f.pi);
    arb_one(one);
    f.d = d;
    f.M1 = d / 2;
    f.half = (int)(d % 2);
    arb_set(&f.t, t), arb_set(&f.b, b), arb_set(&f.th, th);
    f.bneg = arb_is_negative(b);
    f.bzero = arb_is_zero(b);

    arb_const_pi(&f.pi, prec);
    arb_mul_2exp_si(hpi, &f.pi, -1);
    arb_sin_cos(&f.sn, &f.cs, th, prec);
    /* kappa = 1/((m + 1)(m + 2)) = 4/(d (d + 2)) */
    arb_set_ui(&f.kappa, 4);
    arb_div_ui(&f.kappa, &f.kappa, (ulong)d, prec);
    arb_div_ui(&f.kappa, &f.kappa, (ulong)(d + 2), prec);
    int thhi = arb_gt(th, hpi) ? 1 : arb_lt(th, hpi) ? 0 : -1;
    arb_abs(&f.r1, b);
    arb_div(&f.r1, &f.r1, t, prec);
    arb_sqr(&f.c, &f.r1, prec);
    arb_sub_ui(&f.C, &f.c, 1, prec);
    arb_neg(&f.C, &f.C);
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
    arb_zero(acc);
    if (has_r1) {
        piece_ends(acc, k0, E_0, e_r1, &f, prec);
        piece_ends(acc, k1, e_r1, e_r2, &f, prec);
    } else {
        piece_ends(acc, k0, E_0, e_r2, &f, prec);
    }
    piece_ends(acc, C_TAIL, e_r2, E_1, &f, prec);
    /* times (m + 1)/pi = d/(2 pi) */
    arb_mul_ui(acc, acc, (ulong)d, prec);
    arb_div(acc, acc, &f.pi, prec);
    arb_mul_2exp_si(g, acc, -1);
done:
    arb_clear(hpi), arb_clear(r2), arb_clear(acc), arb_clear(one);
    arb_clear(&f.t), arb_clear(&f.b), arb_clear(&f.th), arb_clear(&f.sn), arb_clear(&f.cs), arb_clear(&f.r1);
    arb_clear(&f.c), arb_clear(&f.C), arb_clear(&f.r1cot2), arb_clear(&f.kappa), arb_clear(&f.pi);
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

int gdc_ball_dcross_closed(arb_t g, long d, const arb_t t, const arb_t b, const arb_t th, slong prec)
{
    slong inacc, goal = quad_goal(t, b, th, prec, &inacc);
    /* points and balls as narrow as the prover's centres (arguments computed from exact ones); boxes go to the
     * quadrature, whose enclosures are tighter there */
    if (d < 2 || inacc < prec / 2 || !arb_is_positive(t) || arb_contains_negative(th))
        return 0;
    arb_t pi;
    arb_init(pi);
    arb_const_pi(pi, prec);
    int inside = arb_le(th, pi);
    arb_clear(pi);
    if (!inside)
        return 0;
    for (slong guard = 32; guard <= 2048; guard *= 4) {
        if (!closed_eval(g, d, t, b, th, prec + guard))
            return 0;
        slong acc = arb_rel_accuracy_bits(g);
        int done = arb_is_zero(g) || acc >= prec - 8;
        if (!done && acc >= inacc - 16) {
            /* the arguments' own width limits it: more guard bits cannot help; as good as the quadrature's goal? */
            if (acc < goal)
                return 0;
            done = 1;
        }
        if (done) {
            gdc_ball_clamp_nonneg(g);
            arb_set_round(g, g, prec);
            return 1;
        }
    }
    return 0;
}
