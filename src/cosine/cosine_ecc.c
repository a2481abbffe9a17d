/* C1 (E[cos(w.z)] = exp(-|w|^2/2), App. B.1 proof of Lemma 10), C4 (Lemma 10 identity
 * E[(cos w.z - cos v.z)^2] = 1 + e^{-2|w|^2}/2 + e^{-2|v|^2}/2 - e^{-|w-v|^2/2} - e^{-|w+v|^2/2}) and C6 (the WS
 * objective, eq. (4)) of 002_588e28744115f015.txt.
 * Cancellation-free form of C4 (exact algebra, all terms >= 0; with S = |w|^2 + |v|^2 = (m + p)/2):
 *   Ecc = (1 - e^{-m/2})(1 - e^{-p/2}) + e^{-S} (cosh D - 1)
 *       = expm1(-m/2) expm1(-p/2) + exp(-2 min(|w|^2, |v|^2)) expm1(-|D|)^2 / 2,
 * m = (a-b)^2 + 4ab sin^2(t/2), p = (a-b)^2 + 4ab cos^2(t/2) (the mirror near w = -v), D = (a-b)(a+b).
 * Here the double kernels and MPFR references; the Arb values of cosine.ecc and cosine.ws are the jet forms of
 * cosine_deriv.c evaluated without variables, so the stable form is written once for Arb values and derivatives. */
#include <math.h>
#include "cosine/cosine.h"

double gdc_cosine_ecc_core_d(double m, double p, double D, double mn2)
{
    double e = expm1(-fabs(D));
    return fma(expm1(-0.5 * m), expm1(-0.5 * p), 0.5 * exp(-2.0 * mn2) * (e * e));
}

void gdc_cosine_ecc_core_mpfr(mpfr_t res, const mpfr_t m, const mpfr_t p, const mpfr_t D, const mpfr_t mn2)
{
    mpfr_t u, v;
    mpfr_init2(u, gdc_cosine_mpfr_wp(m));
    mpfr_init2(v, gdc_cosine_mpfr_wp(m));
    mpfr_div_2ui(u, m, 1, MPFR_RNDN);
    mpfr_neg(u, u, MPFR_RNDN);
    mpfr_expm1(u, u, MPFR_RNDN);
    mpfr_div_2ui(v, p, 1, MPFR_RNDN);
    mpfr_neg(v, v, MPFR_RNDN);
    mpfr_expm1(v, v, MPFR_RNDN);
    mpfr_mul(res, u, v, MPFR_RNDN);
    mpfr_abs(u, D, MPFR_RNDN);
    mpfr_neg(u, u, MPFR_RNDN);
    mpfr_expm1(u, u, MPFR_RNDN);
    mpfr_sqr(u, u, MPFR_RNDN);
    mpfr_mul_2ui(v, mn2, 1, MPFR_RNDN);
    mpfr_neg(v, v, MPFR_RNDN);
    mpfr_exp(v, v, MPFR_RNDN);
    mpfr_mul(u, u, v, MPFR_RNDN);
    mpfr_div_2ui(u, u, 1, MPFR_RNDN);
    mpfr_add(res, res, u, MPFR_RNDN);
    mpfr_clear(u);
    mpfr_clear(v);
}

/* ---- cosine.ecos ---- */
void gdc_cosine_ecos_d(double *out, const double *x)
{
    double a = x[0], p = a * a, e = fma(a, a, -p); /* a^2 = p + e exactly */
    out[0] = exp(-0.5 * p) * (1.0 - 0.5 * e);
}

void gdc_cosine_ecos_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    gdc_arb_sqr(out, x, prec);
    arb_mul_2exp_si(out, out, -1);
    arb_neg(out, out);
    arb_exp(out, out, prec);
}

void gdc_cosine_ecos_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_t t;
    mpfr_init2(t, gdc_cosine_mpfr_wp(out));
    mpfr_sqr(t, x, MPFR_RNDN);
    mpfr_div_2ui(t, t, 1, MPFR_RNDN);
    mpfr_neg(t, t, MPFR_RNDN);
    mpfr_exp(out, t, MPFR_RNDN);
    mpfr_clear(t);
}

/* ---- m, p, D, min^2 of two vectors of norms a, b at angle t ---- */
static void geom_d(double a, double b, double t, double *m, double *p, double *D, double *mn2)
{
    double s = sin(0.5 * t), c = cos(0.5 * t), d = a - b, ab4 = 4.0 * a * b, mn = a < b ? a : b;
    *m = fma(d, d, ab4 * (s * s));
    *p = fma(d, d, ab4 * (c * c));
    *D = d * (a + b);
    *mn2 = mn * mn;
}

static void geom_mpfr(mpfr_t m, mpfr_t p, mpfr_t D, mpfr_t mn2, const mpfr_t a, const mpfr_t b, const mpfr_t t)
{
    mpfr_t s, c, d, ab;
    mpfr_inits2(gdc_cosine_mpfr_wp(m), s, c, d, ab, (mpfr_ptr)0);
    mpfr_div_2ui(s, t, 1, MPFR_RNDN);
    mpfr_sin_cos(s, c, s, MPFR_RNDN);
    mpfr_sqr(s, s, MPFR_RNDN);
    mpfr_sqr(c, c, MPFR_RNDN);
    mpfr_mul(ab, a, b, MPFR_RNDN);
    mpfr_mul_2ui(ab, ab, 2, MPFR_RNDN);
    mpfr_sub(d, a, b, MPFR_RNDN);
    mpfr_add(D, a, b, MPFR_RNDN);
    mpfr_mul(D, D, d, MPFR_RNDN);
    mpfr_sqr(d, d, MPFR_RNDN);
    mpfr_mul(s, s, ab, MPFR_RNDN);
    mpfr_add(m, d, s, MPFR_RNDN);
    mpfr_mul(c, c, ab, MPFR_RNDN);
    mpfr_add(p, d, c, MPFR_RNDN);
    mpfr_min(mn2, a, b, MPFR_RNDN);
    mpfr_sqr(mn2, mn2, MPFR_RNDN);
    mpfr_clears(s, c, d, ab, (mpfr_ptr)0);
}

/* ---- cosine.ecc ---- */
void gdc_cosine_ecc_d(double *out, const double *x)
{
    double m, p, D, mn2;
    geom_d(x[0], x[1], x[2], &m, &p, &D, &mn2);
    out[0] = gdc_cosine_ecc_core_d(m, p, D, mn2);
}

void gdc_cosine_ecc_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_t m, p, D, mn2;
    mpfr_inits2(gdc_cosine_mpfr_wp(out), m, p, D, mn2, (mpfr_ptr)0);
    geom_mpfr(m, p, D, mn2, x, x + 1, x + 2);
    gdc_cosine_ecc_core_mpfr(out, m, p, D, mn2);
    mpfr_clears(m, p, D, mn2, (mpfr_ptr)0);
}

/* ---- cosine.ws: F_WS = (9k/2) |w0 - u0|^2 + Ecc(sqrt(k) w0, sqrt(k) u0)/2 ---- */
void gdc_cosine_ws_d(double *out, const double *x)
{
    double k = x[0], m, p, D, mn2;
    geom_d(x[2], x[1], x[3], &m, &p, &D, &mn2);
    double e = gdc_cosine_ecc_core_d(k * m, k * p, k * D, k * mn2);
    out[0] = fma(4.5 * k, m, 0.5 * e);
}

void gdc_cosine_ws_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_t m, p, D, mn2, e;
    mpfr_inits2(gdc_cosine_mpfr_wp(out), m, p, D, mn2, e, (mpfr_ptr)0);
    geom_mpfr(m, p, D, mn2, x + 2, x + 1, x + 3);
    mpfr_mul(m, m, x, MPFR_RNDN);
    mpfr_mul(p, p, x, MPFR_RNDN);
    mpfr_mul(D, D, x, MPFR_RNDN);
    mpfr_mul(mn2, mn2, x, MPFR_RNDN);
    gdc_cosine_ecc_core_mpfr(e, m, p, D, mn2);
    mpfr_div_2ui(e, e, 1, MPFR_RNDN);
    mpfr_mul_ui(m, m, 9, MPFR_RNDN);
    mpfr_div_2ui(m, m, 1, MPFR_RNDN);
    mpfr_add(out, e, m, MPFR_RNDN);
    mpfr_clears(m, p, D, mn2, e, (mpfr_ptr)0);
}
