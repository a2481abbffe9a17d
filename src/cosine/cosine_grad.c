/* C7: the CORRECTED gradient of Lemma 9 (App. B.1) of 002_588e28744115f015.txt, G(w) = E[(cos(b w.z) -
 * cos(b u.z))^2]/2:  grad G = -b^2 e^{-2b^2|w|^2} w + (b^2/2) e^{-b^2|w-u|^2/2}(w-u) + (b^2/2) e^{-b^2|w+u|^2/2}(w+u)
 * (the paper prints +phi(b(w-u)): wrong sign). Components along w/|w| and n = (u/|u| - cos t w/|w|)/sin t.
 * Stable forms (exact algebra), with Em, Ep, E2 the three exponentials and d = w - u:
 *   grad = (b^2/2)[(Em - Ep) d + 2w (Ep - E2)],  Ep - E2 = E2 expm1(b^2 (4 w.d - |d|^2)/2)   (near w = u),
 *   grad = (b^2/2)[(Ep - Em) s + 2w (Em - E2)],  Em - E2 = E2 expm1(b^2 (4 w.s - |s|^2)/2)   (s = w + u, near w = -u),
 *   Ep - Em = Em expm1(-y) = -Ep expm1(y), y = 2 b^2 a c cos t;  a - c cos t = (a-c) + 2c sin^2(t/2),
 *   a + c cos t = (a-c) + 2c cos^2(t/2). */
#include <math.h>
#include "cosine/cosine.h"
#include "core/dd_elem.h"

/* Double kernel: every exponent and expm1 argument, and the final combinations, in double-double (b^2, a c,
 * a - c exact by error-free transformations, sin/cos of t/2 to about 2^-75 by cdd_sincos_pi,
 * sin t = 2 sin(t/2) cos(t/2), cos t = cos^2(t/2) - sin^2(t/2)), each
 * exponential as exp(xh)(1 + xl) from libm: the only errors left of size 2^-53 are those of the libm exp/expm1
 * values (about half an ulp each) and the final rounding. */
void gdc_cosine_grad_d(double *out, const double *x)
{
    double beta = x[0], a = x[1], c = x[2], t = x[3];
    gdc_dd_t S, C;
    cdd_sincos_pi(0.5 * t, &S, &C);
    gdc_dd_t hb = gdc_dd_two_prod(beta, beta);
    hb = gdc_dd(0.5 * hb.hi, 0.5 * hb.lo); /* b^2/2 */
    gdc_dd_t s2 = gdc_dd_sqr(S), co2 = gdc_dd_sqr(C), amc = gdc_dd_two_sum(a, -c), amc2 = gdc_dd_sqr(amc);
    gdc_dd_t ac = gdc_dd_two_prod(a, c), ac4 = gdc_dd(4.0 * ac.hi, 4.0 * ac.lo);
    gdc_dd_t st = gdc_dd_mul(S, C), ct = gdc_dd_sub(co2, s2); /* st = sin(t)/2; ct to about 2^-75 absolute */
    st = gdc_dd(2.0 * st.hi, 2.0 * st.lo);
    gdc_dd_t m = gdc_dd_add(amc2, gdc_dd_mul(ac4, s2)), p = gdc_dd_add(amc2, gdc_dd_mul(ac4, co2)); /* |w-u|^2, |w+u|^2 */
    gdc_dd_t Em = cdd_exp_fast(gdc_dd_neg(gdc_dd_mul(hb, m))), Ep = cdd_exp_fast(gdc_dd_neg(gdc_dd_mul(hb, p)));
    gdc_dd_t aa = gdc_dd_two_prod(a, a), E2 = cdd_exp_fast(gdc_dd_mul_d(gdc_dd_mul(hb, aa), -4.0));
    gdc_dd_t y = gdc_dd_mul(gdc_dd_mul(hb, ac4), ct); /* 2 b^2 a c cos t */
    gdc_dd_t dlt = y.hi >= 0 ? gdc_dd_mul(Em, cdd_expm1_fast(gdc_dd_neg(y))) : gdc_dd_neg(gdc_dd_mul(Ep, cdd_expm1_fast(y)));
    out[1] = gdc_dd_to_d(gdc_dd_mul(gdc_dd_mul(hb, gdc_dd_mul_d(st, c)), dlt));
    int mirror = ct.hi < 0;
    gdc_dd_t d1 = gdc_dd_add(amc, gdc_dd_mul_d(mirror ? co2 : s2, 2.0 * c)); /* a -+ c cos t */
    gdc_dd_t X = gdc_dd_mul(hb, gdc_dd_sub(gdc_dd_mul_d(d1, 4.0 * a), mirror ? p : m));
    gdc_dd_t F; /* Ep - E2 (Em - E2 in the mirror form) */
    if (X.hi > 0.5)
        F = gdc_dd_neg(gdc_dd_mul(mirror ? Em : Ep, cdd_expm1_fast(gdc_dd_neg(X))));
    else
        F = gdc_dd_mul(E2, cdd_expm1_fast(X));
    gdc_dd_t dd1 = gdc_dd_mul(dlt, d1);
    gdc_dd_t g = gdc_dd_add(gdc_dd_mul_d(F, 2.0 * a), mirror ? dd1 : gdc_dd_neg(dd1));
    out[0] = gdc_dd_to_d(gdc_dd_mul(hb, g));
}

/* The Arb value is the jet form of cosine_deriv.c evaluated without variables (gdc_cosine_grad_arb there): the
 * stable forms above are written once for the value and its derivatives. */

/* MPFR: transcription of the same stable forms at gdc_cosine_mpfr_wp(out) bits (exact zeros stay exact). */
void gdc_cosine_grad_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_srcptr beta = x, a = x + 1, c = x + 2, t = x + 3;
    mpfr_t b2, s2, co2, st, amc, m, p, Em, Ep, E2, dm, dp, tmp, dlt;
    mpfr_inits2(gdc_cosine_mpfr_wp(out), b2, s2, co2, st, amc, m, p, Em, Ep, E2, dm, dp, tmp, dlt, (mpfr_ptr)0);
    mpfr_sqr(b2, beta, MPFR_RNDN);
    mpfr_div_2ui(tmp, t, 1, MPFR_RNDN);
    mpfr_sin_cos(s2, co2, tmp, MPFR_RNDN);
    mpfr_sqr(s2, s2, MPFR_RNDN);
    mpfr_sqr(co2, co2, MPFR_RNDN);
    mpfr_sin(st, t, MPFR_RNDN);
    mpfr_sub(amc, a, c, MPFR_RNDN);
    mpfr_mul_2ui(tmp, c, 1, MPFR_RNDN);
    mpfr_fma(dm, tmp, s2, amc, MPFR_RNDN);  /* a - c cos t */
    mpfr_fma(dp, tmp, co2, amc, MPFR_RNDN); /* a + c cos t */
    /* m = |w-u|^2 = dm^2 + c^2 sin^2 t, p = dp^2 + c^2 sin^2 t */
    mpfr_mul(tmp, c, st, MPFR_RNDN);
    mpfr_sqr(tmp, tmp, MPFR_RNDN);
    mpfr_fma(m, dm, dm, tmp, MPFR_RNDN);
    mpfr_fma(p, dp, dp, tmp, MPFR_RNDN);
    mpfr_mul(Em, b2, m, MPFR_RNDN);
    mpfr_div_2ui(Em, Em, 1, MPFR_RNDN);
    mpfr_neg(Em, Em, MPFR_RNDN);
    mpfr_exp(Em, Em, MPFR_RNDN);
    mpfr_mul(Ep, b2, p, MPFR_RNDN);
    mpfr_div_2ui(Ep, Ep, 1, MPFR_RNDN);
    mpfr_neg(Ep, Ep, MPFR_RNDN);
    mpfr_exp(Ep, Ep, MPFR_RNDN);
    mpfr_sqr(E2, a, MPFR_RNDN);
    mpfr_mul(E2, E2, b2, MPFR_RNDN);
    mpfr_mul_2ui(E2, E2, 1, MPFR_RNDN);
    mpfr_neg(E2, E2, MPFR_RNDN);
    mpfr_exp(E2, E2, MPFR_RNDN);
    /* Ep - Em = Em expm1(-y), y = 2 b^2 a c cos t (exact zero at a = 0 or c = 0) */
    {
        mpfr_t y;
        mpfr_init2(y, gdc_cosine_mpfr_wp(out));
        mpfr_cos(y, t, MPFR_RNDN);
        mpfr_mul(y, y, a, MPFR_RNDN);
        mpfr_mul(y, y, c, MPFR_RNDN);
        mpfr_mul(y, y, b2, MPFR_RNDN);
        mpfr_mul_2ui(y, y, 1, MPFR_RNDN);
        mpfr_neg(y, y, MPFR_RNDN);
        mpfr_expm1(y, y, MPFR_RNDN);
        mpfr_mul(dlt, Em, y, MPFR_RNDN);
        mpfr_clear(y);
    }
    /* g1 = (b^2/2)[-(Ep - Em) dm + 2a E2 expm1(b^2 (4 a dm - m)/2)]  (or the mirror with dp, p) */
    {
        int mirror = mpfr_cmp(co2, s2) < 0; /* cos t < 0 */
        mpfr_t X;
        mpfr_init2(X, gdc_cosine_mpfr_wp(out));
        mpfr_mul(X, a, mirror ? dp : dm, MPFR_RNDN);
        mpfr_mul_2ui(X, X, 2, MPFR_RNDN);
        mpfr_sub(X, X, mirror ? p : m, MPFR_RNDN);
        mpfr_mul(X, X, b2, MPFR_RNDN);
        mpfr_div_2ui(X, X, 1, MPFR_RNDN);
        mpfr_expm1(X, X, MPFR_RNDN);
        mpfr_mul(X, X, E2, MPFR_RNDN);
        mpfr_mul(X, X, a, MPFR_RNDN);
        mpfr_mul_2ui(X, X, 1, MPFR_RNDN);
        mpfr_mul(tmp, dlt, mirror ? dp : dm, MPFR_RNDN);
        if (mirror)
            mpfr_add(tmp, X, tmp, MPFR_RNDN);
        else
            mpfr_sub(tmp, X, tmp, MPFR_RNDN);
        mpfr_mul(tmp, tmp, b2, MPFR_RNDN);
        mpfr_div_2ui(out, tmp, 1, MPFR_RNDN);
        mpfr_clear(X);
    }
    /* g2 */
    mpfr_mul(tmp, dlt, st, MPFR_RNDN);
    mpfr_mul(tmp, tmp, c, MPFR_RNDN);
    mpfr_mul(tmp, tmp, b2, MPFR_RNDN);
    mpfr_div_2ui(out + 1, tmp, 1, MPFR_RNDN);
    mpfr_clears(b2, s2, co2, st, amc, m, p, Em, Ep, E2, dm, dp, tmp, dlt, (mpfr_ptr)0);
}
