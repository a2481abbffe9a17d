/* MPFR point values of the twolayer rows (001_66813dc1ca3a5435.txt; seed-001 C5, C12, C13), by the catalogue's
 * direct formulas (independent of the regrouped forms of the double and Arb code):
 *   loss     (e1^2 + e2^2)/4 - n1 n2 (sin t + (pi - t) cos t)/(2 pi);
 *   htilde   the reference implementation of seed-001 (end of the file): ca = (3 pi - t)/(2 pi) - 2 alpha,
 *            st = sin t/(2 pi), A1 = ca n1 - st n2, A2 = st n1 - ca n2, G^2 = A1^2 + A2^2 + 2 cos t A1 A2,
 *            g0 = (1/2 - alpha)(n1^2 + n2^2) - h n1 n2/pi, s_min = sqrt(n1^2 + n2^2 + 2 n1 n2 cos t)/kappa;
 *   sum_step 1 - mu (t -+ sin t)/(2 pi).
 * Working precision: the output's plus CANCEL_BITS; inputs are doubles, so pi - t >= 2^-53 and h(t) = O((pi - t)^3)
 * loses at most 3 * 53 bits, and h~ = O(distance^2) near W* at most 2 * 60 more. */
#include "twolayer/twolayer.h"

#define CANCEL_BITS 400

static void h_mpfr(mpfr_t r, const mpfr_t t, mpfr_prec_t wp)
{
    mpfr_t s, c, e;
    mpfr_inits2(wp, s, c, e, (mpfr_ptr)0);
    mpfr_sin_cos(s, c, t, MPFR_RNDN);
    mpfr_const_pi(e, MPFR_RNDN);
    mpfr_sub(e, e, t, MPFR_RNDN);
    mpfr_mul(c, c, e, MPFR_RNDN);
    mpfr_add(r, s, c, MPFR_RNDN);
    mpfr_clears(s, c, e, (mpfr_ptr)0);
}

void gdc_twolayer_loss_mpfr(mpfr_ptr out, mpfr_srcptr X)
{
    mpfr_prec_t wp = mpfr_get_prec(out) + CANCEL_BITS;
    mpfr_t a, b, p;
    mpfr_inits2(wp, a, b, p, (mpfr_ptr)0);
    mpfr_sqr(a, X + 0, MPFR_RNDN);
    mpfr_sqr(b, X + 1, MPFR_RNDN);
    mpfr_add(a, a, b, MPFR_RNDN);
    mpfr_div_2ui(a, a, 2, MPFR_RNDN);
    h_mpfr(b, X + 4, wp);
    mpfr_mul(b, b, X + 2, MPFR_RNDN);
    mpfr_mul(b, b, X + 3, MPFR_RNDN);
    mpfr_const_pi(p, MPFR_RNDN);
    mpfr_mul_2ui(p, p, 1, MPFR_RNDN);
    mpfr_div(b, b, p, MPFR_RNDN);
    mpfr_sub(out, a, b, MPFR_RNDN);
    mpfr_clears(a, b, p, (mpfr_ptr)0);
}

void gdc_twolayer_htilde_mpfr(mpfr_ptr out, mpfr_srcptr X)
{
    mpfr_srcptr t = X, psi = X + 1, al = X + 2, ka = X + 3;
    mpfr_prec_t wp = mpfr_get_prec(out) + CANCEL_BITS;
    mpfr_t pi, n1, n2, ca, st, A1, A2, G2, g0, q, sm, u, v, ct;
    mpfr_inits2(wp, pi, n1, n2, ca, st, A1, A2, G2, g0, q, sm, u, v, ct, (mpfr_ptr)0);
    mpfr_const_pi(pi, MPFR_RNDN);
    mpfr_sin_cos(n2, n1, psi, MPFR_RNDN);
    mpfr_sin_cos(st, ct, t, MPFR_RNDN);
    mpfr_mul_2ui(u, pi, 1, MPFR_RNDN);        /* 2 pi */
    mpfr_div(st, st, u, MPFR_RNDN);
    mpfr_mul_ui(ca, pi, 3, MPFR_RNDN);        /* ca = (3 pi - t)/(2 pi) - 2 alpha */
    mpfr_sub(ca, ca, t, MPFR_RNDN);
    mpfr_div(ca, ca, u, MPFR_RNDN);
    mpfr_mul_2ui(v, al, 1, MPFR_RNDN);
    mpfr_sub(ca, ca, v, MPFR_RNDN);
    mpfr_ui_sub(q, 1, v, MPFR_RNDN);          /* q = 1 - 2 alpha */
    mpfr_mul(A1, ca, n1, MPFR_RNDN);
    mpfr_mul(u, st, n2, MPFR_RNDN);
    mpfr_sub(A1, A1, u, MPFR_RNDN);
    mpfr_mul(A2, st, n1, MPFR_RNDN);
    mpfr_mul(u, ca, n2, MPFR_RNDN);
    mpfr_sub(A2, A2, u, MPFR_RNDN);
    mpfr_sqr(G2, A1, MPFR_RNDN);              /* G^2 */
    mpfr_sqr(u, A2, MPFR_RNDN);
    mpfr_add(G2, G2, u, MPFR_RNDN);
    mpfr_mul(u, A1, A2, MPFR_RNDN);
    mpfr_mul(u, u, ct, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_add(G2, G2, u, MPFR_RNDN);
    mpfr_sqr(u, n1, MPFR_RNDN);               /* n1^2 + n2^2 */
    mpfr_sqr(v, n2, MPFR_RNDN);
    mpfr_add(u, u, v, MPFR_RNDN);
    mpfr_mul(v, n1, n2, MPFR_RNDN);           /* s_min = sqrt(u + 2 n1 n2 cos t)/kappa */
    mpfr_mul(sm, v, ct, MPFR_RNDN);
    mpfr_mul_2ui(sm, sm, 1, MPFR_RNDN);
    mpfr_add(sm, sm, u, MPFR_RNDN);
    if (mpfr_sgn(sm) < 0)
        mpfr_set_zero(sm, 1);
    mpfr_sqrt(sm, sm, MPFR_RNDN);
    mpfr_div(sm, sm, ka, MPFR_RNDN);
    mpfr_mul_2ui(g0, q, 0, MPFR_RNDN);        /* g0 = (q/2) u - h n1 n2/pi */
    mpfr_mul(g0, g0, u, MPFR_RNDN);
    mpfr_div_2ui(g0, g0, 1, MPFR_RNDN);
    h_mpfr(u, t, wp);
    mpfr_mul(u, u, v, MPFR_RNDN);
    mpfr_div(u, u, pi, MPFR_RNDN);
    mpfr_sub(g0, g0, u, MPFR_RNDN);
    mpfr_div(u, G2, q, MPFR_RNDN);            /* - G^2/(4q) */
    mpfr_div_2ui(u, u, 2, MPFR_RNDN);
    mpfr_sub(g0, g0, u, MPFR_RNDN);
    mpfr_sqrt(u, G2, MPFR_RNDN);              /* + q max(0, s_min - G/(2q))^2 */
    mpfr_div(u, u, q, MPFR_RNDN);
    mpfr_div_2ui(u, u, 1, MPFR_RNDN);
    mpfr_sub(u, sm, u, MPFR_RNDN);
    if (mpfr_sgn(u) > 0) {
        mpfr_sqr(u, u, MPFR_RNDN);
        mpfr_mul(u, u, q, MPFR_RNDN);
        mpfr_add(g0, g0, u, MPFR_RNDN);
    }
    mpfr_set(out, g0, MPFR_RNDN);
    mpfr_clears(pi, n1, n2, ca, st, A1, A2, G2, g0, q, sm, u, v, ct, (mpfr_ptr)0);
}

void gdc_twolayer_sum_step_mpfr(mpfr_ptr out, mpfr_srcptr X)
{
    mpfr_prec_t wp = mpfr_get_prec(out) + CANCEL_BITS;
    mpfr_t s, p;
    mpfr_inits2(wp, s, p, (mpfr_ptr)0);
    mpfr_sin(s, X, MPFR_RNDN);
    mpfr_const_pi(p, MPFR_RNDN);
    mpfr_mul_2ui(p, p, 1, MPFR_RNDN);
    for (int k = 0; k < 2; k++) {
        mpfr_t d;
        mpfr_init2(d, wp);
        if (k == 0)
            mpfr_sub(d, X, s, MPFR_RNDN);
        else
            mpfr_add(d, X, s, MPFR_RNDN);
        mpfr_mul(d, d, X + 1, MPFR_RNDN);
        mpfr_div(d, d, p, MPFR_RNDN);
        mpfr_ui_sub(out + k, 1, d, MPFR_RNDN);
        mpfr_clear(d);
    }
    mpfr_clears(s, p, (mpfr_ptr)0);
}
