/* C10: spectrum of the CORRECTED Lemma 11 Hessian (App. B.2) of 002_588e28744115f015.txt,
 *   Hess G_b(w) = b^2 H(bw, bu),  H(a, c) = -e^{-2|a|^2}(I - 4aa^T) + (1/2)e^{-|a-c|^2/2}(I - (a-c)(a-c)^T)
 *                                          + (1/2)e^{-|a+c|^2/2}(I - (a+c)(a+c)^T),
 * (the paper's display has rank-one factors 2b, b and a wrong sign). |a| = A, |c| = C, angle t; outputs the
 * eigenvalue on span{a, c}^perp, then the min and max eigenvalues of the 2x2 block on span{a, c}
 * (frame a = A e1, c = C (cos t e1 + sin t e2)). */
#include <math.h>
#include "cosine/cosine.h"
#include "core/dd_elem.h"

/* The double kernel works in double-double: lambda_min (or lambda_max) = mean -+ r cancels where it crosses 0,
 * and lambda_perp = (Em + Ep)/2 - E2 where the exponents meet, so every quantity is carried to ~2^-100 relative
 * and rounded once at the end. The three exponentials are m_i 2^{k_i}; all terms are scaled by 2^-K,
 * K = max k_i, so that nothing underflows before the final ldexp (a term 2^-1000 below the largest is dropped).
 * Outputs, scaled by 2^-K: h = {lambda_perp, h11, h22, h12}, lam = {lambda_perp, lambda_min, lambda_max}. */
static long hess_dd(gdc_dd_t *h, gdc_dd_t *lam, const double *x)
{
    double A = x[0], C = x[1], t = x[2];
    gdc_dd_t s, co, s2, co2, st, amc, ac4, m, p, Em, Ep, E2, d1, s1, cs, A2;
    long km, kp, k2, K;
    cdd_sincos(0.5 * t, &s, &co);
    s2 = gdc_dd_sqr(s);
    co2 = gdc_dd_sqr(co);
    st = gdc_dd_ldexp(gdc_dd_mul(s, co), 1);
    amc = gdc_dd_two_sum(A, -C);
    ac4 = gdc_dd_ldexp(gdc_dd_two_prod(A, C), 2);
    m = gdc_dd_add(gdc_dd_sqr(amc), gdc_dd_mul(ac4, s2)); /* |a - c|^2 */
    p = gdc_dd_add(gdc_dd_sqr(amc), gdc_dd_mul(ac4, co2)); /* |a + c|^2 */
    A2 = gdc_dd_two_prod(A, A);
    Em = cdd_exp2k(gdc_dd_ldexp(gdc_dd_neg(m), -1), &km);
    Ep = cdd_exp2k(gdc_dd_ldexp(gdc_dd_neg(p), -1), &kp);
    E2 = cdd_exp2k(gdc_dd_ldexp(gdc_dd_neg(A2), 1), &k2);
    K = km > kp ? km : kp;
    if (k2 > K)
        K = k2;
    Em = km - K < -1000 ? gdc_dd_d(0.0) : gdc_dd_ldexp(Em, (int)(km - K));
    Ep = kp - K < -1000 ? gdc_dd_d(0.0) : gdc_dd_ldexp(Ep, (int)(kp - K));
    E2 = k2 - K < -1000 ? gdc_dd_d(0.0) : gdc_dd_ldexp(E2, (int)(k2 - K));
    d1 = gdc_dd_add(amc, gdc_dd_mul_d(s2, 2.0 * C)); /* A - C cos t */
    s1 = gdc_dd_add(amc, gdc_dd_mul_d(co2, 2.0 * C)); /* A + C cos t */
    cs = gdc_dd_mul_d(st, C);
    gdc_dd_t sum = gdc_dd_add(Em, Ep);
    gdc_dd_t lp = gdc_dd_sub(gdc_dd_ldexp(sum, -1), E2);
    gdc_dd_t h11 = gdc_dd_add(lp, gdc_dd_ldexp(gdc_dd_mul(E2, A2), 2));
    h11 = gdc_dd_sub(h11, gdc_dd_ldexp(gdc_dd_add(gdc_dd_mul(Em, gdc_dd_sqr(d1)), gdc_dd_mul(Ep, gdc_dd_sqr(s1))), -1));
    gdc_dd_t h22 = gdc_dd_sub(lp, gdc_dd_ldexp(gdc_dd_mul(gdc_dd_sqr(cs), sum), -1));
    gdc_dd_t h12 = gdc_dd_ldexp(gdc_dd_mul(cs, gdc_dd_sub(gdc_dd_mul(Em, d1), gdc_dd_mul(Ep, s1))), -1);
    gdc_dd_t mean = gdc_dd_ldexp(gdc_dd_add(h11, h22), -1), dd = gdc_dd_ldexp(gdc_dd_sub(h11, h22), -1);
    gdc_dd_t r = gdc_dd_sqrt(gdc_dd_add(gdc_dd_sqr(dd), gdc_dd_sqr(h12)));
    h[0] = lp;
    h[1] = h11;
    h[2] = h22;
    h[3] = h12;
    lam[0] = lp;
    lam[1] = gdc_dd_sub(mean, r);
    lam[2] = gdc_dd_add(mean, r);
    return K;
}

/* a double-double times 2^K rounded to a double (a second rounding only in the subnormal range) */
static double dd_scaled(gdc_dd_t v, long K)
{
    double d = gdc_dd_to_d(v);
    if (K < -2200)
        return 0.0 * d;
    return ldexp(d, (int)K);
}

/* the block entries: h[0] = lambda_perp, h[1] = h11, h[2] = h22, h[3] = h12 */
void gdc_cosine_hess_block_d(double *h, const double *x)
{
    gdc_dd_t hd[4], lam[3];
    long K = hess_dd(hd, lam, x);
    for (int i = 0; i < 4; i++)
        h[i] = dd_scaled(hd[i], K);
}

void gdc_cosine_hess_d(double *out, const double *x)
{
    gdc_dd_t hd[4], lam[3];
    long K = hess_dd(hd, lam, x);
    for (int i = 0; i < 3; i++)
        out[i] = dd_scaled(lam[i], K);
}

/* The Arb value is the jet form of cosine_deriv.c evaluated without variables (gdc_cosine_hess_arb there, with
 * h11 - lambda_perp and h22 - lambda_perp formed without lambda_perp): written once for the value and its
 * derivatives. */

void gdc_cosine_hess_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_srcptr A = x, C = x + 1, t = x + 2;
    mpfr_t s2, co2, st, amc, m, p, Em, Ep, E2, d1, s1, cs, h11, h22, h12, u;
    mpfr_inits2(gdc_cosine_mpfr_wp(out), s2, co2, st, amc, m, p, Em, Ep, E2, d1, s1, cs, h11, h22, h12, u, (mpfr_ptr)0);
    mpfr_div_2ui(u, t, 1, MPFR_RNDN);
    mpfr_sin_cos(s2, co2, u, MPFR_RNDN);
    mpfr_sqr(s2, s2, MPFR_RNDN);
    mpfr_sqr(co2, co2, MPFR_RNDN);
    mpfr_sin(st, t, MPFR_RNDN);
    mpfr_sub(amc, A, C, MPFR_RNDN);
    mpfr_mul_2ui(u, C, 1, MPFR_RNDN);
    mpfr_fma(d1, u, s2, amc, MPFR_RNDN);
    mpfr_fma(s1, u, co2, amc, MPFR_RNDN);
    mpfr_mul(cs, C, st, MPFR_RNDN);
    mpfr_sqr(u, cs, MPFR_RNDN);
    mpfr_fma(m, d1, d1, u, MPFR_RNDN);
    mpfr_fma(p, s1, s1, u, MPFR_RNDN);
    /* (Em + Ep)/2 - E2, where every exponent is at most 1 from expm1 of each: the 1s cancel exactly (with exp,
     * lambda_perp ~ 3A^2/2 at C = 0 and A = 2^-1074 rounded to 0 at 320 bits, and h11, h22 lost the same bits);
     * beyond, from exp (there expm1 + 1 would lose a term like exp(-2A^2) at A = 22) */
    int small = mpfr_cmp_ui(m, 2) <= 0 && mpfr_cmp_ui(p, 2) <= 0 && mpfr_cmp_d(A, 0.7) <= 0;
    mpfr_sqr(E2, A, MPFR_RNDN);
    mpfr_mul_2ui(E2, E2, 2, MPFR_RNDN);
    mpfr_t *ex[3] = {&Em, &Ep, &E2};
    mpfr_set(Em, m, MPFR_RNDN);
    mpfr_set(Ep, p, MPFR_RNDN);
    for (int i = 0; i < 3; i++) { /* E = e^(-arg/2) or its expm1 */
        mpfr_div_2ui(*ex[i], *ex[i], 1, MPFR_RNDN);
        mpfr_neg(*ex[i], *ex[i], MPFR_RNDN);
        (small ? mpfr_expm1 : mpfr_exp)(*ex[i], *ex[i], MPFR_RNDN);
    }
    mpfr_add(u, Em, Ep, MPFR_RNDN);
    mpfr_div_2ui(u, u, 1, MPFR_RNDN);
    mpfr_sub(out, u, E2, MPFR_RNDN);
    mpfr_sub(h11, u, E2, MPFR_RNDN);
    mpfr_sub(h22, u, E2, MPFR_RNDN);
    for (int i = 0; small && i < 3; i++)
        mpfr_add_ui(*ex[i], *ex[i], 1, MPFR_RNDN);
    mpfr_sqr(u, A, MPFR_RNDN);
    mpfr_mul(u, u, E2, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 2, MPFR_RNDN);
    mpfr_add(h11, h11, u, MPFR_RNDN);
    mpfr_sqr(u, d1, MPFR_RNDN);
    mpfr_mul(u, u, Em, MPFR_RNDN);
    mpfr_div_2ui(u, u, 1, MPFR_RNDN);
    mpfr_sub(h11, h11, u, MPFR_RNDN);
    mpfr_sqr(u, s1, MPFR_RNDN);
    mpfr_mul(u, u, Ep, MPFR_RNDN);
    mpfr_div_2ui(u, u, 1, MPFR_RNDN);
    mpfr_sub(h11, h11, u, MPFR_RNDN);
    mpfr_add(u, Em, Ep, MPFR_RNDN);
    mpfr_mul(u, u, cs, MPFR_RNDN);
    mpfr_mul(u, u, cs, MPFR_RNDN);
    mpfr_div_2ui(u, u, 1, MPFR_RNDN);
    mpfr_sub(h22, h22, u, MPFR_RNDN);
    mpfr_mul(h12, Em, d1, MPFR_RNDN);
    mpfr_mul(u, Ep, s1, MPFR_RNDN);
    mpfr_sub(h12, h12, u, MPFR_RNDN);
    mpfr_mul(h12, h12, cs, MPFR_RNDN);
    mpfr_div_2ui(h12, h12, 1, MPFR_RNDN);
    mpfr_sub(u, h11, h22, MPFR_RNDN);
    mpfr_div_2ui(u, u, 1, MPFR_RNDN);
    mpfr_hypot(u, u, h12, MPFR_RNDN);
    mpfr_add(m, h11, h22, MPFR_RNDN);
    mpfr_div_2ui(m, m, 1, MPFR_RNDN);
    mpfr_sub(out + 1, m, u, MPFR_RNDN);
    mpfr_add(out + 2, m, u, MPFR_RNDN);
    mpfr_clears(s2, co2, st, amc, m, p, Em, Ep, E2, d1, s1, cs, h11, h22, h12, u, (mpfr_ptr)0);
}
