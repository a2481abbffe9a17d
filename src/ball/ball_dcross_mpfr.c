/* ball.dcross in MPFR at a point (seed-004 C8, C28): the polar form of ball_dcross_arb.c coded separately for points,
 *   K = s (d/(2 pi)) int_0^1 r^2 (1 - r^2)^((d-2)/2) Phi(t r) dr,
 * pieces [0, r1], [r1, r2], [r2, 1] (r1 = |bv|/t, r2 = r1/sin theta, clipped to 1) with the case table of
 * ball_dcross_arb.c, each integrated in v (r = lo + (hi - lo)(3v^2 - 2v^3), analytic in v) by composite
 * Gauss-Legendre (64 points a panel, gdc_mpfr_gl_nodes), the number of panels doubled until two successive sums
 * differ by less than 2^-(w - 64) relative, w = output precision + 24 bits, keeping the finer; Phi and the arc half-width a = acos(-bv/(t r)) as in the Arb version
 * (a = 2 asin(sqrt((1 - x)/2)), and from r1 itself on a piece starting there). A reference, not a proof: the Arb
 * enclosure is the rigorous value; the independent checks are the definition checks and tests/check_ball. */
#include <stdlib.h>
#include "ball/ball.h"
#include "core/mpfr_gl.h"

enum { M_ZERO, M_FULL, M_BOTH, M_TAIL, M_WRAP };
#define GLN 64

typedef struct {
    long d;
    int kind, start, bneg;
    mpfr_t t, b, th, c, sn, lo, hi, r1, pi;
    mpfr_t *xs, *ws;
} mp_piece_t;

/* the arc ends: theta + a, theta - a, pi/2, -pi/2, theta + a - 2 pi */
enum { E_PLUS, E_MINUS, E_HPI, E_MHPI, E_WRAP };

/* P(phi) = A (phi cos th/2 + sin(2 phi - th)/4) + b sin phi at an arc end, with sin(2 phi - th) and sin phi from
 * sin, cos of theta (q->sn, q->c) and of a (sa, ca) by the addition formulas (no transcendental call) */
static void mp_P(mpfr_t res, int end, const mpfr_t a, const mpfr_t sa, const mpfr_t ca, const mpfr_t A,
                 const mp_piece_t *q, mpfr_prec_t w)
{
    mpfr_t phi, s2, sp, u;
    mpfr_inits2(w, phi, s2, sp, u, (mpfr_ptr)0);
    if (end == E_HPI || end == E_MHPI) {
        mpfr_div_2ui(phi, q->pi, 1, MPFR_RNDN);
        mpfr_set(s2, q->sn, MPFR_RNDN); /* sin(+-pi - theta) = sin theta */
        mpfr_set_si(sp, 1, MPFR_RNDN);
        if (end == E_MHPI)
            mpfr_neg(phi, phi, MPFR_RNDN), mpfr_neg(sp, sp, MPFR_RNDN);
    } else {
        int sg = end == E_MINUS ? -1 : 1;
        if (sg > 0)
            mpfr_add(phi, q->th, a, MPFR_RNDN);
        else
            mpfr_sub(phi, q->th, a, MPFR_RNDN);
        if (end == E_WRAP) {
            mpfr_mul_2ui(u, q->pi, 1, MPFR_RNDN);
            mpfr_sub(phi, phi, u, MPFR_RNDN);
        }
        /* sin(theta +- 2a) = sin th (1 - 2 sa^2) +- cos th 2 sa ca; sin(theta +- a) = sin th ca +- cos th sa */
        mpfr_sqr(u, sa, MPFR_RNDN);
        mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
        mpfr_ui_sub(u, 1, u, MPFR_RNDN);
        mpfr_mul(s2, q->sn, u, MPFR_RNDN);
        mpfr_mul(u, sa, ca, MPFR_RNDN);
        mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
        mpfr_mul(u, u, q->c, MPFR_RNDN);
        if (sg > 0)
            mpfr_add(s2, s2, u, MPFR_RNDN);
        else
            mpfr_sub(s2, s2, u, MPFR_RNDN);
        mpfr_mul(sp, q->sn, ca, MPFR_RNDN);
        mpfr_mul(u, q->c, sa, MPFR_RNDN);
        if (sg > 0)
            mpfr_add(sp, sp, u, MPFR_RNDN);
        else
            mpfr_sub(sp, sp, u, MPFR_RNDN);
    }
    mpfr_div_2ui(s2, s2, 2, MPFR_RNDN);
    mpfr_mul(u, phi, q->c, MPFR_RNDN);
    mpfr_div_2ui(u, u, 1, MPFR_RNDN);
    mpfr_add(u, u, s2, MPFR_RNDN);
    mpfr_mul(u, u, A, MPFR_RNDN);
    mpfr_mul(sp, sp, q->b, MPFR_RNDN);
    mpfr_add(res, u, sp, MPFR_RNDN);
    mpfr_clears(phi, s2, sp, u, (mpfr_ptr)0);
}

/* the integrand in v of the piece (r^2 (1 - r^2)^m Phi(t r) dr/dv) */
static void mp_integrand(mpfr_t res, const mpfr_t v, const mp_piece_t *q, mpfr_prec_t w)
{
    mpfr_t L, r, dr, z, u, A, a, hi, lo, f;
    mpfr_inits2(w, L, r, dr, z, u, A, a, hi, lo, f, (mpfr_ptr)0);
    mpfr_sub(L, q->hi, q->lo, MPFR_RNDN);
    mpfr_mul_2ui(u, v, 1, MPFR_RNDN);
    mpfr_ui_sub(u, 3, u, MPFR_RNDN); /* 3 - 2v */
    mpfr_sqr(z, v, MPFR_RNDN);
    mpfr_mul(z, z, u, MPFR_RNDN);
    mpfr_fma(r, L, z, q->lo, MPFR_RNDN);
    mpfr_ui_sub(dr, 1, v, MPFR_RNDN);
    mpfr_mul(dr, dr, v, MPFR_RNDN);
    mpfr_mul_ui(dr, dr, 6, MPFR_RNDN);
    mpfr_mul(dr, dr, L, MPFR_RNDN);
    mpfr_sqr(z, r, MPFR_RNDN);
    mpfr_mul(dr, dr, z, MPFR_RNDN);
    mpfr_ui_sub(z, 1, z, MPFR_RNDN);
    if (mpfr_sgn(z) < 0)
        mpfr_set_ui(z, 0, MPFR_RNDN);
    mpfr_pow_ui(f, z, (unsigned long)((q->d - 2) / 2), MPFR_RNDN);
    mpfr_mul(dr, dr, f, MPFR_RNDN);
    if (q->d % 2) {
        mpfr_sqrt(f, z, MPFR_RNDN);
        mpfr_mul(dr, dr, f, MPFR_RNDN);
    }
    mpfr_mul(A, q->t, r, MPFR_RNDN);
    if (q->kind != M_FULL) {
        if (q->start) {
            /* (1 - r1/r)/2 = L v^2 (3 - 2v)/(2 r) */
            mpfr_mul(f, L, u, MPFR_RNDN);
            mpfr_div(f, f, r, MPFR_RNDN);
            mpfr_div_2ui(f, f, 1, MPFR_RNDN);
            mpfr_sqrt(f, f, MPFR_RNDN);
            mpfr_mul(f, f, v, MPFR_RNDN);
        } else {
            mpfr_div(f, q->b, A, MPFR_RNDN);
            mpfr_add_ui(f, f, 1, MPFR_RNDN);
            mpfr_div_2ui(f, f, 1, MPFR_RNDN);
            if (mpfr_sgn(f) < 0)
                mpfr_set_ui(f, 0, MPFR_RNDN);
            mpfr_sqrt(f, f, MPFR_RNDN);
        }
        if (mpfr_cmp_ui(f, 1) > 0)
            mpfr_set_ui(f, 1, MPFR_RNDN);
        mpfr_asin(a, f, MPFR_RNDN);
        mpfr_mul_2ui(a, a, 1, MPFR_RNDN);
        if (q->start && !q->bneg)
            mpfr_sub(a, q->pi, a, MPFR_RNDN);
    }
    if (q->kind == M_FULL)
        mpfr_set_ui(a, 0, MPFR_RNDN); /* unused: the ends are +-pi/2 */
    mpfr_sin_cos(hi, lo, a, MPFR_RNDN); /* sa, ca */
    int e_hi = q->kind == M_BOTH ? E_PLUS : E_HPI, e_lo = q->kind == M_FULL ? E_MHPI : E_MINUS;
    mp_P(f, e_hi, a, hi, lo, A, q, w);
    mp_P(z, e_lo, a, hi, lo, A, q, w);
    mpfr_sub(f, f, z, MPFR_RNDN);
    if (q->kind == M_WRAP) {
        mp_P(z, E_WRAP, a, hi, lo, A, q, w);
        mpfr_add(f, f, z, MPFR_RNDN);
        mp_P(z, E_MHPI, a, hi, lo, A, q, w);
        mpfr_sub(f, f, z, MPFR_RNDN);
    }
    mpfr_mul(res, dr, f, MPFR_RNDN);
    mpfr_clears(L, r, dr, z, u, A, a, hi, lo, f, (mpfr_ptr)0);
}

/* composite Gauss-Legendre over [v0, 1] with `panels` equal panels */
static void mp_gl(mpfr_t res, const mp_piece_t *q, int panels, const mpfr_t v0, mpfr_prec_t w)
{
    mpfr_t h, c, v, f, acc;
    mpfr_inits2(w, h, c, v, f, acc, (mpfr_ptr)0);
    mpfr_set_ui(acc, 0, MPFR_RNDN);
    mpfr_ui_sub(h, 1, v0, MPFR_RNDN);
    mpfr_div_ui(h, h, (unsigned long)(2 * panels), MPFR_RNDN); /* half-width */
    for (int p = 0; p < panels; p++) {
        mpfr_mul_ui(c, h, (unsigned long)(2 * p + 1), MPFR_RNDN);
        mpfr_add(c, c, v0, MPFR_RNDN);
        for (int i = 0; i < GLN / 2; i++)
            for (int sgn = -1; sgn <= 1; sgn += 2) {
                mpfr_mul(v, h, q->xs[i], MPFR_RNDN);
                if (sgn < 0)
                    mpfr_neg(v, v, MPFR_RNDN);
                mpfr_add(v, v, c, MPFR_RNDN);
                mp_integrand(f, v, q, w);
                mpfr_fma(acc, f, q->ws[i], acc, MPFR_RNDN);
            }
    }
    mpfr_mul(res, acc, h, MPFR_RNDN);
    mpfr_clears(h, c, v, f, acc, (mpfr_ptr)0);
}

/* the piece's integral, panels doubled until two sums agree to the working precision. A TAIL piece [r2, 1] that
 * follows a piece starting at r1 (r1 < r2) is integrated in the substitution of [r1, hi] over v in [v0, 1],
 * S(v0) = (r2 - r1)/(hi - r1): the square-root singularity of a at r1 stays at v = 0, outside the range, however
 * close r2 is to r1 (theta -> pi/2). */
static void mp_piece1(mpfr_t acc, mp_piece_t *q, const mpfr_t lo, const mpfr_t hi, int kind, int start,
                      const mpfr_t from_r1, mpfr_prec_t w);

/* a piece [lo, hi] with 0 < lo << hi (bv -> 0: the arc's singular points r = 0 and r1 lie within lo of its start):
 * split at lo 4^k, so that every part is as long as its distance to them */
static void mp_piece(mpfr_t acc, mp_piece_t *q, const mpfr_t lo, const mpfr_t hi, int kind, int start,
                     const mpfr_t from_r1, mpfr_prec_t w)
{
    if (kind == M_ZERO || kind == M_FULL || mpfr_sgn(lo) <= 0 || mpfr_cmp(lo, hi) >= 0) {
        mp_piece1(acc, q, lo, hi, kind, start, from_r1, w);
        return;
    }
    mpfr_t a, b;
    mpfr_inits2(w, a, b, (mpfr_ptr)0);
    mpfr_set(a, lo, MPFR_RNDN);
    for (int first = 1;; first = 0) {
        mpfr_mul_2ui(b, a, 2, MPFR_RNDN);
        int last = mpfr_cmp(b, hi) >= 0;
        if (last)
            mpfr_set(b, hi, MPFR_RNDN);
        mp_piece1(acc, q, a, b, kind, first ? start : 0, first ? from_r1 : NULL, w);
        if (last)
            break;
        mpfr_swap(a, b);
    }
    mpfr_clears(a, b, (mpfr_ptr)0);
}

static void mp_piece1(mpfr_t acc, mp_piece_t *q, const mpfr_t lo, const mpfr_t hi, int kind, int start,
                      const mpfr_t from_r1, mpfr_prec_t w)
{
    if (kind == M_ZERO || mpfr_cmp(lo, hi) >= 0)
        return;
    q->kind = kind;
    q->start = start;
    mpfr_set(q->lo, lo, MPFR_RNDN);
    mpfr_set(q->hi, hi, MPFR_RNDN);
    mpfr_t s0, s1, e, v0;
    mpfr_inits2(w, s0, s1, e, v0, (mpfr_ptr)0);
    mpfr_set_ui(v0, 0, MPFR_RNDN);
    if (from_r1 && mpfr_cmp(from_r1, lo) < 0) {
        /* v0 by bisection on the increasing S(v) = v^2 (3 - 2v) */
        mpfr_t sig, a, b, m, sv;
        mpfr_inits2(w, sig, a, b, m, sv, (mpfr_ptr)0);
        mpfr_sub(sig, lo, from_r1, MPFR_RNDN);
        mpfr_sub(e, hi, from_r1, MPFR_RNDN);
        mpfr_div(sig, sig, e, MPFR_RNDN);
        mpfr_set_ui(a, 0, MPFR_RNDN);
        mpfr_set_ui(b, 1, MPFR_RNDN);
        for (mpfr_prec_t i = 0; i < w + 4; i++) {
            mpfr_add(m, a, b, MPFR_RNDN);
            mpfr_div_2ui(m, m, 1, MPFR_RNDN);
            mpfr_mul_2ui(sv, m, 1, MPFR_RNDN);
            mpfr_ui_sub(sv, 3, sv, MPFR_RNDN);
            mpfr_mul(sv, sv, m, MPFR_RNDN);
            mpfr_mul(sv, sv, m, MPFR_RNDN);
            if (mpfr_cmp(sv, sig) < 0)
                mpfr_set(a, m, MPFR_RNDN);
            else
                mpfr_set(b, m, MPFR_RNDN);
        }
        mpfr_set(v0, a, MPFR_RNDN);
        mpfr_set(q->lo, from_r1, MPFR_RNDN);
        q->start = 1;
        mpfr_clears(sig, a, b, m, sv, (mpfr_ptr)0);
    }
    int panels = 1 + (int)(q->d / 64);
    mp_gl(s0, q, panels, v0, w);
    for (int it = 0; it < 5; it++) {
        panels *= 2;
        mp_gl(s1, q, panels, v0, w);
        mpfr_sub(e, s1, s0, MPFR_RNDN);
        mpfr_swap(s0, s1);
        /* the finer sum is kept, once two successive sums agree to 2^-(w - 64) relative: the difference is about
         * the coarser sum's error, and doubling the panels of a 64-point rule divides it by 2^64 or more (2^92 at
         * the worst point seen), leaving the finer's below 2^-w. (Session 9: the former 2^-(w - 180), which
         * assumed a gain of 2^128 a doubling, left an error of 2^-256 at 320 bits near bv -> 0: d = 16,
         * t = 0.1048, bv = -0.00106, theta = 1.1754, which `gdcert check ball.dcross --points 400` found once the
         * Arb value at points (closed form) had full accuracy) */
        if (mpfr_zero_p(e) || mpfr_get_exp(e) < mpfr_get_exp(s0) - (mpfr_exp_t)w + 64)
            break;
    }
    mpfr_add(acc, acc, s0, MPFR_RNDN);
    mpfr_clears(s0, s1, e, v0, (mpfr_ptr)0);
}

void gdc_ball_dcross_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_prec_t w = mpfr_get_prec(out) + 24;
    mp_piece_t q;
    q.d = mpfr_get_si(x + 0, MPFR_RNDN);
    mpfr_inits2(w, q.t, q.b, q.th, q.c, q.sn, q.lo, q.hi, q.r1, q.pi, (mpfr_ptr)0);
    q.xs = malloc(sizeof(mpfr_t) * (GLN / 2));
    q.ws = malloc(sizeof(mpfr_t) * (GLN / 2));
    for (int i = 0; i < GLN / 2; i++)
        mpfr_init2(q.xs[i], w), mpfr_init2(q.ws[i], w);
    gdc_mpfr_gl_nodes(q.xs, q.ws, GLN, w);
    mpfr_set(q.t, x + 2, MPFR_RNDN);
    mpfr_set(q.b, x + 3, MPFR_RNDN);
    mpfr_set(q.th, x + 4, MPFR_RNDN);
    mpfr_sin_cos(q.sn, q.c, q.th, MPFR_RNDN);
    mpfr_const_pi(q.pi, MPFR_RNDN);
    mpfr_t acc, r1, r2, zero, one, hpi;
    mpfr_inits2(w, acc, r1, r2, zero, one, hpi, (mpfr_ptr)0);
    mpfr_set_ui(acc, 0, MPFR_RNDN);
    mpfr_set_ui(zero, 0, MPFR_RNDN);
    mpfr_set_ui(one, 1, MPFR_RNDN);
    mpfr_div_2ui(hpi, q.pi, 1, MPFR_RNDN);
    q.bneg = mpfr_sgn(q.b) < 0;
    int thhi = mpfr_cmp(q.th, hpi) > 0;
    /* r1 = |b|/t, r2 = r1/sin theta, clipped to 1 (t = 0: the second factor is bv_+ everywhere) */
    mpfr_abs(r1, q.b, MPFR_RNDN);
    if (mpfr_zero_p(q.t) && mpfr_zero_p(q.b))
        mpfr_set_ui(q.sn, 0, MPFR_RNDN), mpfr_set_ui(r1, 2, MPFR_RNDN); /* the second factor is 0: no piece */
    else if (mpfr_zero_p(q.t))
        mpfr_set_ui(r1, 2, MPFR_RNDN);
    else
        mpfr_div(r1, r1, q.t, MPFR_RNDN);
    if (mpfr_zero_p(q.sn))
        mpfr_set_ui(r2, mpfr_zero_p(r1) ? 0 : 2, MPFR_RNDN);
    else
        mpfr_div(r2, r1, q.sn, MPFR_RNDN);
    if (mpfr_cmp_ui(r1, 1) > 0)
        mpfr_set_ui(r1, 1, MPFR_RNDN);
    if (mpfr_cmp_ui(r2, 1) > 0)
        mpfr_set_ui(r2, 1, MPFR_RNDN);
    int has_r1 = q.bneg != thhi, k0 = q.bneg ? M_ZERO : M_FULL, k1 = q.bneg ? M_BOTH : M_WRAP;
    if (has_r1) {
        mp_piece(acc, &q, zero, r1, k0, 0, NULL, w);
        mp_piece(acc, &q, r1, r2, k1, 1, NULL, w);
    } else {
        mp_piece(acc, &q, zero, r2, k0, 0, NULL, w);
    }
    mp_piece(acc, &q, r2, one, M_TAIL, 0, r1, w); /* the singular point of a is r1 in every case */
    /* times s d/(2 pi) */
    mpfr_mul(acc, acc, x + 1, MPFR_RNDN);
    mpfr_mul_si(acc, acc, q.d, MPFR_RNDN);
    mpfr_div(acc, acc, q.pi, MPFR_RNDN);
    mpfr_div_2ui(out, acc, 1, MPFR_RNDN);
    for (int i = 0; i < GLN / 2; i++)
        mpfr_clear(q.xs[i]), mpfr_clear(q.ws[i]);
    free(q.xs), free(q.ws);
    mpfr_clears(q.t, q.b, q.th, q.c, q.sn, q.lo, q.hi, q.r1, q.pi, (mpfr_ptr)0);
    mpfr_clears(acc, r1, r2, zero, one, hpi, (mpfr_ptr)0);
}
