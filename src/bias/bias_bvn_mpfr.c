/* MPFR value of the bivariate normal CDF Phi2(h, k; rho) (seed-004 C10), independent of the double kernel and of
 * the Arb code's quadrature: Plackett's identity dPhi2/drho = phi2(h, k; rho) integrated in the angle phi = acos(rho)
 * from the limits at rho = +-1. (The Arb code uses the same identity from rho = 0, in p = asin(rho), with rigorous
 * quadrature, for moderate arguments, and an integral in x of phi(x) Phi((k - rho x)/r) or Owen's identity
 * elsewhere; the definition check of bias.bvn, Owen's formula over bias.owen_t, does not use the identity.) With rho = cos phi, phi2 |drho| = F dphi,
 *   F(phi) = exp(-N/(2 sin^2 phi))/(2 pi),  N = h^2 - 2 h k cos phi + k^2
 *          = (h - k)^2 + 4 h k sin^2(phi/2)  (h k >= 0)  or  (h + k)^2 - 4 h k cos^2(phi/2)  (h k < 0),
 * both sums of non-negative terms, and sin phi = 2 sin(phi/2) cos(phi/2) (no cancellation at phi -> 0 or pi).
 * Phi2 at rho = -1 is L0 = max(0, Phi(h) - Q(k)), at rho = 1 Phi(min(h, k)); so with phi0 = acos(rho)
 *   Phi2 = L0 + int_{phi0}^{pi} F dphi  (lower form: every term >= 0)
 *        = Phi(min(h, k)) - int_0^{phi0} F dphi  (upper form, rho > 0: short interval, no width-r step; used unless
 *          the subtraction cancels, e.g. at theta = 2^-1074 the integral is over [0, 2^-1074] and Phi(min) - Phi2
 *          comes out with full relative accuracy, which the cancellation of C13 at w -> v needs).
 * The integrand has only exp and sin/cos (no erfc, whose MPFR cost is 0.1-2 ms at 384 bits for arguments 3-25),
 * and one maximum in phi (dN/(sin^2)/du = 0 at u = cos phi = h/k or k/h: a single root in [-1, 1]). Quadrature:
 * pieces graded geometrically away from that maximum, each bisected until the 80-node Gauss-Legendre value is
 * accurate to about 2^-(w - 64) of the running sum S (F > 0: relative accuracy in every tail). The error estimate:
 * for an integrand analytic in the Bernstein ellipse E_rho of a piece, the n-node error is O(M rho^(-2n)) (Trefethen,
 * Approximation Theory and Approximation Practice, Thm 19.3), so once the 40-node value G40 has 40 correct bits the
 * 80-node error is about |G80 - G40|^2/|G80| (the square of the 40-node error, relative to the piece); a piece is
 * accepted when that is below 2^-(w - 64) S, or when |G80 - G40| itself is (the former rule alone, which asked the
 * 40-node value for the full accuracy: 3-6 times more bisections for the same 80-node accuracy). */
#include <math.h>
#include "bias/bias.h"
#include "core/mpfr_gl.h"

#define N1 40
#define N2 80
#define MAX_DEPTH 64
#define NGRADE 6

typedef struct {
    mpfr_prec_t w;
    mpfr_t x1[N1 / 2], w1[N1 / 2], x2[N2 / 2], w2[N2 / 2];
    mpfr_t h, k, hk, c0, sum, pi, layer;
    mpfr_t a, b, s2, c2, y; /* scratch */
    int neg;                /* h k < 0 */
} pl_t;

/* y = exp(-N/(2 sin^2 phi)) (without 1/(2 pi)) at 0 < phi < pi */
static void pl_f(mpfr_t y, mpfr_srcptr phi, pl_t *p)
{
    mpfr_div_2ui(p->a, phi, 1, MPFR_RNDN);
    mpfr_sin_cos(p->s2, p->c2, p->a, MPFR_RNDN);
    mpfr_sqr(p->s2, p->s2, MPFR_RNDN);
    mpfr_sqr(p->c2, p->c2, MPFR_RNDN);
    mpfr_mul(p->a, p->hk, p->neg ? p->c2 : p->s2, MPFR_RNDN);
    mpfr_mul_2ui(p->a, p->a, 2, MPFR_RNDN);
    if (p->neg)
        mpfr_sub(p->a, p->c0, p->a, MPFR_RNDN); /* (h + k)^2 - 4 h k cos^2(phi/2), h k < 0 */
    else
        mpfr_add(p->a, p->c0, p->a, MPFR_RNDN); /* (h - k)^2 + 4 h k sin^2(phi/2) */
    mpfr_mul(p->b, p->s2, p->c2, MPFR_RNDN);
    mpfr_mul_2ui(p->b, p->b, 3, MPFR_RNDN); /* 2 sin^2 phi */
    mpfr_div(p->a, p->a, p->b, MPFR_RNDN);
    mpfr_neg(p->a, p->a, MPFR_RNDN);
    mpfr_exp(y, p->a, MPFR_RNDN);
}

/* Gauss-Legendre with n nodes (xs, ws: the positive half) on [lo, hi] */
static void pl_gl(mpfr_t res, mpfr_t *xs, mpfr_t *ws, int n, mpfr_srcptr lo, mpfr_srcptr hi, pl_t *p)
{
    mpfr_t mid, half, x, acc;
    mpfr_inits2(p->w, mid, half, x, acc, (mpfr_ptr)0);
    mpfr_add(mid, lo, hi, MPFR_RNDN);
    mpfr_div_2ui(mid, mid, 1, MPFR_RNDN);
    mpfr_sub(half, hi, lo, MPFR_RNDN);
    mpfr_div_2ui(half, half, 1, MPFR_RNDN);
    mpfr_set_zero(acc, 1);
    for (int i = 0; i < n / 2; i++)
        for (int sg = -1; sg <= 1; sg += 2) {
            mpfr_mul(x, half, xs[i], MPFR_RNDN);
            if (sg < 0)
                mpfr_neg(x, x, MPFR_RNDN);
            mpfr_add(x, x, mid, MPFR_RNDN);
            pl_f(p->y, x, p);
            mpfr_fma(acc, p->y, ws[i], acc, MPFR_RNDN);
        }
    mpfr_mul(res, acc, half, MPFR_RNDN);
    mpfr_clears(mid, half, x, acc, (mpfr_ptr)0);
}

/* sum += int_lo^hi F (times 2 pi); bisected, the half nearer the maximum (towards_hi) first */
static void pl_piece(mpfr_srcptr lo, mpfr_srcptr hi, int towards_hi, int depth, pl_t *p)
{
    mpfr_t g1, g2, t, u;
    mpfr_inits2(p->w, g1, g2, t, u, (mpfr_ptr)0);
    pl_gl(g1, p->x1, p->w1, N1, lo, hi, p);
    pl_gl(g2, p->x2, p->w2, N2, lo, hi, p);
    mpfr_sub(t, g2, g1, MPFR_RNDN);
    mpfr_abs(t, t, MPFR_RNDN); /* |G80 - G40| */
    mpfr_add(g1, p->sum, g2, MPFR_RNDN); /* S */
    int ok = depth >= MAX_DEPTH;
    if (!ok && !mpfr_zero_p(t) && mpfr_sgn(g2) > 0 && mpfr_cmp(t, g2) <= 0 &&
        mpfr_get_exp(g2) - mpfr_get_exp(t) >= 40) {
        /* G40 has 40 correct bits: the 80-node error is about |G80 - G40|^2/G80 */
        mpfr_sqr(u, t, MPFR_RNDN);
        mpfr_div(u, u, g2, MPFR_RNDN);
        mpfr_mul_2si(u, u, (long)p->w - 64, MPFR_RNDN);
        ok = mpfr_cmp(u, g1) <= 0;
    }
    mpfr_mul_2si(t, t, (long)p->w - 64, MPFR_RNDN);
    if (ok || mpfr_cmp(t, g1) <= 0) {
        mpfr_add(p->sum, p->sum, g2, MPFR_RNDN);
    } else {
        mpfr_add(t, lo, hi, MPFR_RNDN);
        mpfr_div_2ui(t, t, 1, MPFR_RNDN);
        if (towards_hi) {
            pl_piece(t, hi, 1, depth + 1, p);
            pl_piece(lo, t, 1, depth + 1, p);
        } else {
            pl_piece(lo, t, 0, depth + 1, p);
            pl_piece(t, hi, 0, depth + 1, p);
        }
    }
    mpfr_clears(g1, g2, t, u, (mpfr_ptr)0);
}

/* The boundary layer at an end phi_e in {0, pi}: there sin phi -> 0 and F ~ exp(-N(phi_e)/(2 (phi - phi_e)^2)) with
 * N(0) = (h - k)^2, N(pi) = (h + k)^2 (both forms of N above), so F rises from 0 to its smooth profile within a
 * distance ~ |h -+ k| of the end. Far narrower than the last piece, the layer lies below every Gauss-Legendre node,
 * the 40- and 80-node rules agree on the wrong value (they see F = 1), and Phi2 was off by phi(0) |h +- k|:
 * 0.2 |k| at h = 0, |k| < 2^-64, which made the central difference of bias.grad in bv at bv = 0 wrong by about 0.1.
 * Returns 1 (and sets p->layer to |h -+ k|) when the side of length len ends at 0 or pi with a layer narrower than
 * len/64; 0 when F is analytic up to the end at the piece's scale (N(phi_e) = 0: no layer, F -> its limit). */
static int pl_end_layer(mpfr_srcptr len, int sd, mpfr_srcptr lo, mpfr_srcptr hi, pl_t *p)
{
    if (sd ? !mpfr_equal_p(hi, p->pi) : !mpfr_zero_p(lo))
        return 0;
    if (sd)
        mpfr_add(p->layer, p->h, p->k, MPFR_RNDN);
    else
        mpfr_sub(p->layer, p->h, p->k, MPFR_RNDN);
    mpfr_abs(p->layer, p->layer, MPFR_RNDN);
    if (mpfr_zero_p(p->layer))
        return 0;
    mpfr_mul_2ui(p->a, p->layer, 6, MPFR_RNDN);
    return mpfr_cmp(p->a, len) < 0;
}

/* the last piece [e0, end] of a side (sd = 1: end = pi after e0, sd = 0: end = 0 before e0) as pieces halving
 * towards the end until the distance d left is below layer/16 (the layer then spans the last piece at the nodes'
 * scale) or below 2^-(w - 64) of the sum (the rest is at most d, as F <= 1: within the tolerance); e1 := end */
static void pl_grade_to_end(mpfr_srcptr e0, mpfr_ptr e1, int sd, pl_t *p)
{
    mpfr_t d, a, b;
    mpfr_inits2(p->w, d, a, b, (mpfr_ptr)0);
    if (sd)
        mpfr_set(e1, p->pi, MPFR_RNDN);
    else
        mpfr_set_zero(e1, 1);
    mpfr_sub(d, e1, e0, MPFR_RNDN);
    mpfr_abs(d, d, MPFR_RNDN);
    mpfr_set(a, e0, MPFR_RNDN);
    for (;;) {
        mpfr_mul_2ui(b, d, 4, MPFR_RNDN);
        int small = mpfr_cmp(b, p->layer) <= 0;
        mpfr_mul_2si(b, d, (long)p->w - 64, MPFR_RNDN);
        if (small || mpfr_cmp(b, p->sum) <= 0)
            break;
        mpfr_div_2ui(d, d, 1, MPFR_RNDN);
        if (sd) {
            mpfr_sub(b, e1, d, MPFR_RNDN);
            pl_piece(a, b, 0, 0, p);
        } else {
            mpfr_add(b, e1, d, MPFR_RNDN);
            pl_piece(b, a, 1, 0, p);
        }
        mpfr_set(a, b, MPFR_RNDN);
    }
    if (sd)
        pl_piece(a, e1, 0, 0, p);
    else
        pl_piece(e1, a, 1, 0, p);
    mpfr_clears(d, a, b, (mpfr_ptr)0);
}

/* p->sum += int_lo^hi F * 2 pi, lo < hi in [0, pi]: pieces graded away from the maximum pm (clipped to [lo, hi]),
 * from the nearest outwards on both sides alternately, so that the running sum is near its final size early */
static void pl_integrate(mpfr_srcptr lo, mpfr_srcptr hi, double um, pl_t *p)
{
    mpfr_t pm, len[2], e0[2], e1[2];
    mpfr_inits2(p->w, pm, len[0], len[1], e0[0], e0[1], e1[0], e1[1], (mpfr_ptr)0);
    mpfr_set_d(pm, acos(um), MPFR_RNDN);
    if (mpfr_cmp(pm, lo) < 0)
        mpfr_set(pm, lo, MPFR_RNDN);
    if (mpfr_cmp(pm, hi) > 0)
        mpfr_set(pm, hi, MPFR_RNDN);
    mpfr_sub(len[0], pm, lo, MPFR_RNDN); /* side 0: [lo, pm], side 1: [pm, hi] */
    mpfr_sub(len[1], hi, pm, MPFR_RNDN);
    mpfr_set(e0[0], pm, MPFR_RNDN);
    mpfr_set(e0[1], pm, MPFR_RNDN);
    for (int j = 0; j <= NGRADE; j++)
        for (int sd = 1; sd >= 0; sd--) {
            if (mpfr_zero_p(len[sd]))
                continue;
            /* the edge at distance len 2^(j - NGRADE) from pm; the last one exactly at the end */
            if (j == NGRADE) {
                mpfr_set(e1[sd], sd ? hi : lo, MPFR_RNDN);
            } else {
                mpfr_mul_2si(e1[sd], len[sd], j - NGRADE, MPFR_RNDN);
                if (sd)
                    mpfr_add(e1[sd], pm, e1[sd], MPFR_RNDN);
                else
                    mpfr_sub(e1[sd], pm, e1[sd], MPFR_RNDN);
            }
            if (j == NGRADE && pl_end_layer(len[sd], sd, lo, hi, p))
                pl_grade_to_end(e0[sd], e1[sd], sd, p);
            else if (sd)
                pl_piece(e0[1], e1[1], 0, 0, p);
            else
                pl_piece(e1[0], e0[0], 1, 0, p);
            mpfr_set(e0[sd], e1[sd], MPFR_RNDN);
        }
    mpfr_clears(pm, len[0], len[1], e0[0], e0[1], e1[0], e1[1], (mpfr_ptr)0);
}

/* P(a < Z <= b), a < b, at working precision w, each Phi of a positive-tail form; recomputed with the bits a
 * first pass lost to cancellation */
static void gauss_interval(mpfr_ptr res, mpfr_srcptr a, mpfr_srcptr b, mpfr_prec_t w)
{
    mpfr_t pa, pb, na, nb;
    for (int pass = 0; pass < 3; pass++) {
        mpfr_inits2(w, pa, pb, na, nb, (mpfr_ptr)0);
        mpfr_neg(na, a, MPFR_RNDN);
        mpfr_neg(nb, b, MPFR_RNDN);
        if (mpfr_sgn(a) >= 0) { /* Q(a) - Q(b) */
            gdc_bias_Phi_mpfr(pa, na, w);
            gdc_bias_Phi_mpfr(pb, nb, w);
            mpfr_sub(res, pa, pb, MPFR_RNDN);
        } else if (mpfr_sgn(b) <= 0) { /* Phi(b) - Phi(a) */
            gdc_bias_Phi_mpfr(pa, a, w);
            gdc_bias_Phi_mpfr(pb, b, w);
            mpfr_sub(res, pb, pa, MPFR_RNDN);
        } else { /* 1 - Q(b) - Phi(a), both <= 1/2 */
            gdc_bias_Phi_mpfr(pa, a, w);
            gdc_bias_Phi_mpfr(pb, nb, w);
            mpfr_add(pa, pa, pb, MPFR_RNDN);
            mpfr_ui_sub(res, 1, pa, MPFR_RNDN);
            mpfr_set_ui(pb, 1, MPFR_RNDN);
        }
        long lost = mpfr_zero_p(res) ? (long)w : (long)(mpfr_get_exp(pb) - mpfr_get_exp(res));
        if (mpfr_get_exp(pa) > mpfr_get_exp(pb))
            lost += mpfr_get_exp(pa) - mpfr_get_exp(pb);
        mpfr_clears(pa, pb, na, nb, (mpfr_ptr)0);
        if (lost < 32)
            break;
        w += lost + 32;
    }
}

static void pl_init(pl_t *p, mpfr_srcptr h, mpfr_srcptr k, mpfr_prec_t w)
{
    p->w = w;
    for (int i = 0; i < N1 / 2; i++)
        mpfr_inits2(w, p->x1[i], p->w1[i], (mpfr_ptr)0);
    for (int i = 0; i < N2 / 2; i++)
        mpfr_inits2(w, p->x2[i], p->w2[i], (mpfr_ptr)0);
    gdc_mpfr_gl_nodes(p->x1, p->w1, N1, w);
    gdc_mpfr_gl_nodes(p->x2, p->w2, N2, w);
    mpfr_inits2(w, p->h, p->k, p->hk, p->c0, p->sum, p->pi, p->layer, p->a, p->b, p->s2, p->c2, p->y, (mpfr_ptr)0);
    mpfr_const_pi(p->pi, MPFR_RNDN);
    mpfr_set(p->h, h, MPFR_RNDN);
    mpfr_set(p->k, k, MPFR_RNDN);
    mpfr_mul(p->hk, h, k, MPFR_RNDN);
    p->neg = mpfr_sgn(p->hk) < 0;
    if (p->neg)
        mpfr_add(p->c0, h, k, MPFR_RNDN);
    else
        mpfr_sub(p->c0, h, k, MPFR_RNDN);
    mpfr_sqr(p->c0, p->c0, MPFR_RNDN);
    mpfr_set_zero(p->sum, 1);
}

static void pl_clear(pl_t *p)
{
    for (int i = 0; i < N1 / 2; i++)
        mpfr_clears(p->x1[i], p->w1[i], (mpfr_ptr)0);
    for (int i = 0; i < N2 / 2; i++)
        mpfr_clears(p->x2[i], p->w2[i], (mpfr_ptr)0);
    mpfr_clears(p->h, p->k, p->hk, p->c0, p->sum, p->pi, p->layer, p->a, p->b, p->s2, p->c2, p->y, (mpfr_ptr)0);
}

/* 2 pi int F over [lo, hi] into res */
static void pl_run(mpfr_ptr res, pl_t *p, mpfr_srcptr lo, mpfr_srcptr hi, double um)
{
    mpfr_set_zero(p->sum, 1);
    if (mpfr_cmp(lo, hi) < 0)
        pl_integrate(lo, hi, um, p);
    mpfr_set(res, p->sum, MPFR_RNDN);
}

/* Phi2 at -1 < rho < 1, rho != 0 */
static void bvn_plackett(mpfr_ptr res, mpfr_srcptr h, mpfr_srcptr k, mpfr_srcptr rho, mpfr_prec_t w)
{
    double hd = mpfr_get_d(h, MPFR_RNDN), kd = mpfr_get_d(k, MPFR_RNDN);
    double um = hd == 0 || kd == 0 ? 0.0 : fabs(hd) <= fabs(kd) ? hd / kd : kd / hd; /* cos of the maximum */
    pl_t p;
    mpfr_t phi0, zero, I, L, t;
    pl_init(&p, h, k, w);
    mpfr_inits2(w, phi0, zero, I, L, t, (mpfr_ptr)0);
    mpfr_acos(phi0, rho, MPFR_RNDN);
    mpfr_set_zero(zero, 1);
    int done = 0;
    if (mpfr_sgn(rho) > 0) {
        /* upper form Phi(min(h, k)) - int_0^phi0 F, kept unless it lost more than 24 bits */
        pl_run(I, &p, zero, phi0, um);
        mpfr_mul_2ui(t, p.pi, 1, MPFR_RNDN);
        mpfr_div(I, I, t, MPFR_RNDN);
        gdc_bias_Phi_mpfr(L, mpfr_cmp(h, k) < 0 ? h : k, w);
        mpfr_sub(res, L, I, MPFR_RNDN);
        done = mpfr_sgn(res) > 0 && mpfr_get_exp(L) - mpfr_get_exp(res) <= 24;
    }
    if (!done) {
        /* lower form L0 + int_phi0^pi F */
        pl_run(I, &p, phi0, p.pi, um);
        mpfr_mul_2ui(t, p.pi, 1, MPFR_RNDN);
        mpfr_div(I, I, t, MPFR_RNDN);
        mpfr_add(t, h, k, MPFR_RNDN);
        if (mpfr_sgn(t) > 0) {
            mpfr_neg(t, k, MPFR_RNDN);
            gauss_interval(L, t, h, w); /* Phi(h) - Q(k) = P(-k < Z <= h) */
            mpfr_add(res, L, I, MPFR_RNDN);
        } else {
            mpfr_set(res, I, MPFR_RNDN);
        }
    }
    mpfr_clears(phi0, zero, I, L, t, (mpfr_ptr)0);
    pl_clear(&p);
}

/* Phi2 at the precision of res: working precision prec(res) + 96 (24 bits the upper form may lose) */
void gdc_bias_bvn_mpfr(mpfr_ptr res, mpfr_srcptr h0, mpfr_srcptr k0, mpfr_srcptr rho)
{
    mpfr_prec_t w = mpfr_get_prec(res) + 96;
    mpfr_srcptr h = h0, k = k0;
    if (mpfr_cmp(h0, k0) > 0) {
        h = k0;
        k = h0;
    }
    mpfr_t t, u;
    mpfr_inits2(w, t, u, (mpfr_ptr)0);
    if (mpfr_cmp_ui(rho, 1) >= 0) {
        gdc_bias_Phi_mpfr(t, h, w);
    } else if (mpfr_cmp_si(rho, -1) <= 0) {
        mpfr_add(t, h, k, MPFR_RNDN);
        if (mpfr_sgn(t) <= 0) {
            mpfr_set_zero(t, 1);
        } else {
            mpfr_neg(u, k, MPFR_RNDN);
            gauss_interval(t, u, h, w);
        }
    } else if (mpfr_zero_p(rho)) {
        gdc_bias_Phi_mpfr(t, h, w);
        gdc_bias_Phi_mpfr(u, k, w);
        mpfr_mul(t, t, u, MPFR_RNDN);
    } else {
        bvn_plackett(t, h, k, rho, w);
    }
    mpfr_set(res, t, MPFR_RNDN);
    mpfr_clears(t, u, (mpfr_ptr)0);
}
