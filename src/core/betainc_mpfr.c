/* The regularized incomplete beta I_x(a, b) and its complement in MPFR (seed-003 C22; seed-004 C19-C22): the
 * algorithm of betainc.c (complement series with its geometric tail bound, Gauss's S-fraction of
 * 2F1(1/2, 1; a + 1; -x/y) with its bracketing stop, the b-recurrence) at a working precision of the target plus
 * guard bits for the size of a log x; the series is used up to a y <= w/8 (w the working bits), where the
 * S-fraction would need O(w^2/(a y)) terms, with guard bits for the cancellation of 1 - (1 - I); R(a, b) = Gamma(a + b)/(Gamma(a + 1) Gamma(b)) by mpfr_lngamma. */
#include <math.h>
#include "core/betainc.h"

/* res = R(a, b) = 1/(a B(a, b)) */
static void ratio(mpfr_t res, mpfr_srcptr a, mpfr_srcptr b, mpfr_prec_t w)
{
    mpfr_t t, u;
    mpfr_inits2(w, t, u, (mpfr_ptr)0);
    mpfr_add(t, a, b, MPFR_RNDN);
    mpfr_lngamma(res, t, MPFR_RNDN);
    mpfr_add_ui(t, a, 1, MPFR_RNDN);
    mpfr_lngamma(u, t, MPFR_RNDN);
    mpfr_sub(res, res, u, MPFR_RNDN);
    mpfr_lngamma(u, b, MPFR_RNDN);
    mpfr_sub(res, res, u, MPFR_RNDN);
    mpfr_exp(res, res, MPFR_RNDN);
    mpfr_clears(t, u, (mpfr_ptr)0);
}

/* s = sum of the complement series (a + b)_k/(b + 1)_k y^k, stopped by the tail bound t rho/(1 - rho) */
static void complement_sum(mpfr_t s, mpfr_srcptr a, mpfr_srcptr b, mpfr_srcptr y, mpfr_prec_t w)
{
    mpfr_t t, r, q, rho;
    mpfr_inits2(w, t, r, q, rho, (mpfr_ptr)0);
    mpfr_set_ui(t, 1, MPFR_RNDN);
    mpfr_set_ui(s, 1, MPFR_RNDN);
    for (unsigned long k = 0;; k++) {
        mpfr_add(r, a, b, MPFR_RNDN);
        mpfr_add_ui(r, r, k, MPFR_RNDN);
        mpfr_mul(r, r, y, MPFR_RNDN);
        mpfr_add_ui(q, b, k + 1, MPFR_RNDN);
        mpfr_div(r, r, q, MPFR_RNDN);
        mpfr_mul(t, t, r, MPFR_RNDN);
        mpfr_add(s, s, t, MPFR_RNDN);
        mpfr_add(rho, a, b, MPFR_RNDN); /* rho = max(r_{k+1}, y) */
        mpfr_add_ui(rho, rho, k + 1, MPFR_RNDN);
        mpfr_mul(rho, rho, y, MPFR_RNDN);
        mpfr_add_ui(q, b, k + 2, MPFR_RNDN);
        mpfr_div(rho, rho, q, MPFR_RNDN);
        mpfr_max(rho, rho, y, MPFR_RNDN);
        if (mpfr_cmp_ui(rho, 1) < 0) {
            mpfr_ui_sub(q, 1, rho, MPFR_RNDN);
            mpfr_mul(r, t, rho, MPFR_RNDN);
            mpfr_div(r, r, q, MPFR_RNDN);
            if (mpfr_zero_p(r) || mpfr_get_exp(r) < mpfr_get_exp(s) - (mpfr_exp_t)w - 2)
                break;
        }
    }
    mpfr_clears(t, r, q, rho, (mpfr_ptr)0);
}

/* f = 2F1(1/2, 1; a + 1; -z) by the S-fraction (modified Lentz on 1/f) */
static void stieltjes_cf(mpfr_t f, mpfr_srcptr a, mpfr_srcptr z, mpfr_prec_t w)
{
    mpfr_t g, c, d, k, q, an;
    mpfr_inits2(w, g, c, d, k, q, an, (mpfr_ptr)0);
    mpfr_set_ui(g, 1, MPFR_RNDN);
    mpfr_set_ui(c, 1, MPFR_RNDN);
    mpfr_set_ui(d, 0, MPFR_RNDN);
    for (unsigned long n = 1;; n++) {
        unsigned long m = n / 2;
        if (n & 1) { /* (m + 1/2)(a + m)/((a + 2m)(a + 2m + 1)) */
            mpfr_add_ui(k, a, m, MPFR_RNDN);
            mpfr_mul_d(k, k, m + 0.5, MPFR_RNDN);
            mpfr_add_ui(q, a, 2 * m, MPFR_RNDN);
            mpfr_div(k, k, q, MPFR_RNDN);
            mpfr_add_ui(q, a, 2 * m + 1, MPFR_RNDN);
        } else { /* m (a - 1/2 + m)/((a + 2m - 1)(a + 2m)) */
            mpfr_add_d(k, a, m - 0.5, MPFR_RNDN);
            mpfr_mul_ui(k, k, m, MPFR_RNDN);
            mpfr_add_ui(q, a, 2 * m, MPFR_RNDN);
            mpfr_div(k, k, q, MPFR_RNDN);
            mpfr_add_d(q, a, 2.0 * m - 1.0, MPFR_RNDN);
        }
        mpfr_div(k, k, q, MPFR_RNDN);
        mpfr_mul(an, k, z, MPFR_RNDN);
        mpfr_mul(d, d, an, MPFR_RNDN);
        mpfr_add_ui(d, d, 1, MPFR_RNDN);
        mpfr_ui_div(d, 1, d, MPFR_RNDN);
        mpfr_div(c, an, c, MPFR_RNDN);
        mpfr_add_ui(c, c, 1, MPFR_RNDN);
        mpfr_mul(q, c, d, MPFR_RNDN);
        mpfr_mul(g, g, q, MPFR_RNDN);
        mpfr_sub_ui(q, q, 1, MPFR_RNDN);
        /* stop when the step factor is 1 within 2^(16 - w): w carries 64 guard bits beyond the target, and a
         * stricter stop can wait forever on the rounding noise of c d at about 2^-w (it did at a = 1, y = 1/2) */
        if (mpfr_zero_p(q) || mpfr_get_exp(q) < -(mpfr_exp_t)w + 16)
            break;
    }
    mpfr_ui_div(f, 1, g, MPFR_RNDN);
    mpfr_clears(g, c, d, k, q, an, (mpfr_ptr)0);
}

void gdc_betainc_mpfr(mpfr_t res, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr a, mpfr_srcptr b, int upper)
{
    if (mpfr_zero_p(y) || mpfr_zero_p(x)) {
        mpfr_set_ui(res, (mpfr_zero_p(y) != 0) != (upper != 0), MPFR_RNDN);
        return;
    }
    long j = lround(mpfr_get_d(b, MPFR_RNDN) - 0.5);
    double ad = mpfr_get_d(a, MPFR_RNDN);
    mpfr_prec_t w = mpfr_get_prec(res) + 64 + 2 * (mpfr_prec_t)log2(ad + 2.0);
    /* the S-fraction needs O(w^2/(a y)) terms at a y ~ 1, the series O(a y + w): at high precision the series
     * takes over up to a y <= w/8, with 2 a y guard bits for I = 1 - (1 - I) (I >= about e^{-a y}) */
    double ay = ad * mpfr_get_d(y, MPFR_RNDU);
    int series = mpfr_cmp_d(y, 0.5) <= 0 && ay <= 0.125 + (double)j + (double)w / 8;
    if (series)
        w += (mpfr_prec_t)(2.0 * ay) + 16;
    mpfr_t lx, r, v, t, yb, h;
    mpfr_inits2(w, lx, r, v, t, yb, h, (mpfr_ptr)0);
    if (mpfr_cmp_d(y, 0.5) < 0) {
        mpfr_neg(lx, y, MPFR_RNDN);
        mpfr_log1p(lx, lx, MPFR_RNDN);
    } else {
        mpfr_log(lx, x, MPFR_RNDN);
    }
    mpfr_mul(lx, lx, a, MPFR_RNDN);
    mpfr_exp(lx, lx, MPFR_RNDN); /* x^a */
    if (series) {
        ratio(r, a, b, w);
        complement_sum(v, a, b, y, w);
        mpfr_pow(yb, y, b, MPFR_RNDN);
        mpfr_mul(v, v, yb, MPFR_RNDN);
        mpfr_mul(v, v, lx, MPFR_RNDN);
        mpfr_mul(v, v, r, MPFR_RNDN);
        mpfr_mul(v, v, a, MPFR_RNDN);
        mpfr_div(v, v, b, MPFR_RNDN);
        if (!upper)
            mpfr_ui_sub(v, 1, v, MPFR_RNDN);
    } else {
        mpfr_set_d(h, 0.5, MPFR_RNDN);
        ratio(r, a, h, w);
        mpfr_div(t, x, y, MPFR_RNDN);
        stieltjes_cf(v, a, t, w);
        mpfr_mul(v, v, r, MPFR_RNDN);
        mpfr_sqrt(yb, y, MPFR_RNDN);
        mpfr_div(v, v, yb, MPFR_RNDN);
        for (long i = 0; i < j; i++) { /* v += y^{h} a R(a, h)/h; R(a, h + 1) = R(a, h)(a + h)/h; h += 1 */
            mpfr_mul(t, yb, a, MPFR_RNDN);
            mpfr_mul(t, t, r, MPFR_RNDN);
            mpfr_div(t, t, h, MPFR_RNDN);
            mpfr_add(v, v, t, MPFR_RNDN);
            mpfr_add(t, a, h, MPFR_RNDN);
            mpfr_mul(r, r, t, MPFR_RNDN);
            mpfr_div(r, r, h, MPFR_RNDN);
            mpfr_add_ui(h, h, 1, MPFR_RNDN);
            mpfr_mul(yb, yb, y, MPFR_RNDN);
        }
        mpfr_mul(v, v, lx, MPFR_RNDN);
        if (upper)
            mpfr_ui_sub(v, 1, v, MPFR_RNDN);
    }
    mpfr_set(res, v, MPFR_RNDN);
    mpfr_clears(lx, r, v, t, yb, h, (mpfr_ptr)0);
}
