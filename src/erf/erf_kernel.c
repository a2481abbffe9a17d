/* Lemma 1 (Williams [22]) of 002_588e28744115f015.txt and the Lemma 5 vectors (seed-002 C13, C14, C19, C20):
 *   V(u, v) = (2/pi) asin(2ab cos t / sqrt((1+2a^2)(1+2b^2))) = (2/pi) atan2(2ab cos t, sqrt(Dk)),
 *   Dk = (1+2a^2)(1+2b^2)(1 - q^2) = 1 + 2a^2 + 2b^2 + 4a^2b^2 sin^2 t  (the Gram term of C13: never 1 - q*q);
 *   1 - V(u, u) = (4/pi) asin(1/sqrt(2(1+2a^2))) = (4/pi) atan(1/sqrt(1+4a^2));
 *   c1 = 4/(pi (1+2a^2) sqrt(1+4a^2));
 *   btilde = grad_w V(u, w): along w/|w| (4/pi) c cos t/((1+2a^2) sqrt(D)), along n (4/pi) c sin t/sqrt(D),
 *   D = 1 + 2a^2 + 2c^2 + 4a^2c^2 sin^2 t. */
#include <math.h>
#include "erf/erf.h"

/* 2/pi and 4/pi as two doubles */
#define TWO_PI_HI 0.63661977236758138
#define TWO_PI_LO (-3.9357353350364972e-17)

static double times_2_over_pi(double x) { return fma(TWO_PI_HI, x, TWO_PI_LO * x); }

static void arb_2_over_pi(arb_t r, slong prec)
{
    arb_const_pi(r, prec);
    arb_inv(r, r, prec);
    arb_mul_2exp_si(r, r, 1);
}

/* ---- erf.kernel ---- */
void gdc_erf_kernel_d(double *out, const double *x)
{
    double a = x[0], b = x[1], t = x[2];
    double ab = a * b, g = ab * sin(t);
    double Dk = fma(2.0 * a, a, fma(2.0 * b, b, 1.0)) + 4.0 * (g * g);
    out[0] = times_2_over_pi(atan2(2.0 * ab * cos(t), sqrt(Dk)));
}

/* The Gram term D = 1 + 2a^2 + 2b^2 + 4 a^2 b^2 sin^2 t (seed-002 C13) as a ball: a sum of non-negative
 * terms, so 1 - q^2 = D/((1 + 2a^2)(1 + 2b^2)) never cancels, and D >= 1 stays provable on every box (the
 * squares keep only their non-negative part, gdc_arb_sqr). sin_t is sin t. */

static void gram_arb(arb_t D, const arb_t a, const arb_t b, const arb_t sin_t, slong prec)
{
    arb_t u;
    arb_init(u);
    arb_mul(u, a, b, prec);
    arb_mul(u, u, sin_t, prec);
    gdc_arb_sqr(D, u, prec);
    arb_mul_2exp_si(D, D, 2);
    gdc_arb_sqr(u, a, prec);
    arb_mul_2exp_si(u, u, 1);
    arb_add(D, D, u, prec);
    gdc_arb_sqr(u, b, prec);
    arb_mul_2exp_si(u, u, 1);
    arb_add(D, D, u, prec);
    arb_add_ui(D, D, 1, prec);
    arb_clear(u);
}

static void kernel_arb(arb_t res, const arb_t a, const arb_t b, const arb_t t, slong prec)
{
    arb_t ab, s, c, Dk, u;
    arb_init(ab);
    arb_init(s);
    arb_init(c);
    arb_init(Dk);
    arb_init(u);
    arb_mul(ab, a, b, prec);
    arb_sin_cos(s, c, t, prec);
    gram_arb(Dk, a, b, s, prec);
    arb_sqrt(Dk, Dk, prec);
    arb_mul(u, ab, c, prec);
    arb_mul_2exp_si(u, u, 1);
    arb_div(u, u, Dk, prec); /* Dk >= 1: atan2 = atan of the quotient */
    arb_atan(res, u, prec);
    arb_2_over_pi(u, prec);
    arb_mul(res, res, u, prec);
    arb_clear(ab);
    arb_clear(s);
    arb_clear(c);
    arb_clear(Dk);
    arb_clear(u);
}

void gdc_erf_kernel_arb(arb_ptr out, arb_srcptr x, slong prec) { kernel_arb(out, x, x + 1, x + 2, prec); }

void gdc_erf_kernel_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_t ab, s, c, Dk, u;
    mpfr_inits2(GDC_ERF_MPFR_WORK, ab, s, c, Dk, u, (mpfr_ptr)0);
    mpfr_mul(ab, x, x + 1, MPFR_RNDN);
    mpfr_sin_cos(s, c, x + 2, MPFR_RNDN);
    mpfr_mul(s, s, ab, MPFR_RNDN);
    mpfr_sqr(Dk, s, MPFR_RNDN);
    mpfr_mul_2ui(Dk, Dk, 2, MPFR_RNDN);
    mpfr_sqr(u, x, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_add(Dk, Dk, u, MPFR_RNDN);
    mpfr_sqr(u, x + 1, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_add(Dk, Dk, u, MPFR_RNDN);
    mpfr_add_ui(Dk, Dk, 1, MPFR_RNDN);
    mpfr_sqrt(Dk, Dk, MPFR_RNDN);
    mpfr_mul(u, ab, c, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_atan2(u, u, Dk, MPFR_RNDN);
    mpfr_const_pi(s, MPFR_RNDN);
    mpfr_div(u, u, s, MPFR_RNDN);
    mpfr_mul_2ui(out, u, 1, MPFR_RNDN);
    mpfr_clears(ab, s, c, Dk, u, (mpfr_ptr)0);
}

/* ---- erf.self_gap ---- */
void gdc_erf_self_gap_d(double *out, const double *x)
{
    double a = x[0];
    out[0] = 2.0 * times_2_over_pi(atan2(1.0, sqrt(fma(4.0 * a, a, 1.0))));
}

static void self_gap_arb(arb_t res, const arb_t a, slong prec)
{
    arb_t u;
    arb_init(u);
    gdc_arb_sqr(u, a, prec);
    arb_mul_2exp_si(u, u, 2);
    arb_add_ui(u, u, 1, prec);
    arb_rsqrt(u, u, prec);
    arb_atan(res, u, prec);
    arb_2_over_pi(u, prec);
    arb_mul(res, res, u, prec);
    arb_mul_2exp_si(res, res, 1);
    arb_clear(u);
}

void gdc_erf_self_gap_arb(arb_ptr out, arb_srcptr x, slong prec) { self_gap_arb(out, x, prec); }

void gdc_erf_self_gap_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_t u, p;
    mpfr_inits2(GDC_ERF_MPFR_WORK, u, p, (mpfr_ptr)0);
    mpfr_sqr(u, x, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 2, MPFR_RNDN);
    mpfr_add_ui(u, u, 1, MPFR_RNDN);
    mpfr_rec_sqrt(u, u, MPFR_RNDN);
    mpfr_atan(u, u, MPFR_RNDN);
    mpfr_const_pi(p, MPFR_RNDN);
    mpfr_div(u, u, p, MPFR_RNDN);
    mpfr_mul_2ui(out, u, 2, MPFR_RNDN);
    mpfr_clears(u, p, (mpfr_ptr)0);
}

double gdc_erf_log_vuu_d(double a)
{
    /* a < 1e-9: V = (4/pi) a^2 (1 + O(a^2)), the correction is far below an ulp of log V (|log V| > 40);
     * this also avoids the underflow of a^2 */
    if (a < 1e-9)
        return fma(2.0, log(a), 0.24156447527049044);
    double s = sqrt(fma(4.0 * a, a, 1.0));
    double g = 2.0 * times_2_over_pi(atan2(1.0, s));
    if (g < 0.5)
        return log1p(-g);
    return log(times_2_over_pi(atan2(2.0 * (a * a), s)));
}

void gdc_erf_log_vuu_arb(arb_t res, const arb_t a, slong prec)
{
    /* On a wide ball inside a > 0: V = 1 - gap is increasing in a (gap = (4/pi) asin(1/sqrt(2(1 + 2a^2))) decreases),
     * so log V over the ball lies between its values at the two ends (exact balls, evaluated below). Without this
     * the dependency in 2a^2/sqrt(1 + 4a^2) lets the atan argument reach <= 0 and the log is indeterminate. */
    if (!arb_is_exact(a) && arb_is_positive(a) && arb_is_finite(a)) {
        arb_t lo, hi, flo;
        arb_init(lo);
        arb_init(hi);
        arb_init(flo);
        gdc_arb_endpoints(lo, hi, a, prec);
        gdc_erf_log_vuu_arb(flo, lo, prec);
        gdc_erf_log_vuu_arb(res, hi, prec);
        arb_union(res, res, flo, prec);
        arb_clear(lo);
        arb_clear(hi);
        arb_clear(flo);
        return;
    }
    /* both branches are identities: V = 1 - gap = (2/pi) atan(2a^2/sqrt(1+4a^2)) */
    self_gap_arb(res, a, prec);
    if (arf_cmpabs_2exp_si(arb_midref(res), -1) < 0) {
        arb_neg(res, res);
        arb_log1p(res, res, prec);
    } else {
        arb_t u, v;
        arb_init(u);
        arb_init(v);
        gdc_arb_sqr(u, a, prec);
        arb_mul_2exp_si(v, u, 2);
        arb_add_ui(v, v, 1, prec);
        arb_rsqrt(v, v, prec);
        arb_mul(u, u, v, prec);
        arb_mul_2exp_si(u, u, 1);
        arb_atan(u, u, prec);
        arb_2_over_pi(v, prec);
        arb_mul(u, u, v, prec);
        arb_log(res, u, prec);
        arb_clear(u);
        arb_clear(v);
    }
}

/* ---- erf.c1 ---- */
void gdc_erf_c1_d(double *out, const double *x)
{
    double a = x[0];
    double u = fma(2.0 * a, a, 1.0), v = sqrt(fma(4.0 * a, a, 1.0));
    out[0] = 2.0 * times_2_over_pi(1.0 / (u * v));
}

static void c1_arb(arb_t res, const arb_t a, slong prec)
{
    arb_t u, v;
    arb_init(u);
    arb_init(v);
    gdc_arb_sqr(u, a, prec);
    arb_mul_2exp_si(v, u, 2);
    arb_add_ui(v, v, 1, prec);
    arb_rsqrt(v, v, prec);
    arb_mul_2exp_si(u, u, 1);
    arb_add_ui(u, u, 1, prec);
    arb_div(res, v, u, prec);
    arb_2_over_pi(u, prec);
    arb_mul(res, res, u, prec);
    arb_mul_2exp_si(res, res, 1);
    arb_clear(u);
    arb_clear(v);
}

void gdc_erf_c1_arb(arb_ptr out, arb_srcptr x, slong prec) { c1_arb(out, x, prec); }

void gdc_erf_c1_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_t u, v;
    mpfr_inits2(GDC_ERF_MPFR_WORK, u, v, (mpfr_ptr)0);
    mpfr_sqr(u, x, MPFR_RNDN);
    mpfr_mul_2ui(v, u, 2, MPFR_RNDN);
    mpfr_add_ui(v, v, 1, MPFR_RNDN);
    mpfr_sqrt(v, v, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_add_ui(u, u, 1, MPFR_RNDN);
    mpfr_mul(u, u, v, MPFR_RNDN);
    mpfr_const_pi(v, MPFR_RNDN);
    mpfr_mul(u, u, v, MPFR_RNDN);
    mpfr_ui_div(out, 4, u, MPFR_RNDN);
    mpfr_clears(u, v, (mpfr_ptr)0);
}

/* ---- erf.btilde: x = {c, a, t} ---- */
void gdc_erf_btilde_d(double *out, const double *x)
{
    double c = x[0], a = x[1], t = x[2];
    double g = a * c * sin(t);
    double D = fma(2.0 * a, a, fma(2.0 * c, c, 1.0)) + 4.0 * (g * g);
    double f = 2.0 * times_2_over_pi(c / sqrt(D));
    out[0] = f * cos(t) / fma(2.0 * a, a, 1.0);
    out[1] = f * sin(t);
}

void gdc_erf_btilde_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    arb_srcptr c = x, a = x + 1, t = x + 2;
    arb_t s, co, D, u, f;
    arb_init(s);
    arb_init(co);
    arb_init(D);
    arb_init(u);
    arb_init(f);
    arb_sin_cos(s, co, t, prec);
    gram_arb(D, a, c, s, prec);
    gdc_arb_sqr(u, a, prec);
    arb_mul_2exp_si(u, u, 1);
    arb_add_ui(u, u, 1, prec); /* 1 + 2a^2 */
    arb_rsqrt(D, D, prec);
    arb_mul(f, c, D, prec);
    arb_2_over_pi(D, prec);
    arb_mul(f, f, D, prec);
    arb_mul_2exp_si(f, f, 1);
    arb_mul(out, f, co, prec);
    arb_div(out, out, u, prec);
    arb_mul(out + 1, f, s, prec);
    arb_clear(s);
    arb_clear(co);
    arb_clear(D);
    arb_clear(u);
    arb_clear(f);
}

void gdc_erf_btilde_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_srcptr c = x, a = x + 1, t = x + 2;
    mpfr_t s, co, D, u, f;
    mpfr_inits2(GDC_ERF_MPFR_WORK, s, co, D, u, f, (mpfr_ptr)0);
    mpfr_sin_cos(s, co, t, MPFR_RNDN);
    mpfr_mul(u, a, c, MPFR_RNDN);
    mpfr_mul(u, u, s, MPFR_RNDN);
    mpfr_sqr(D, u, MPFR_RNDN);
    mpfr_mul_2ui(D, D, 2, MPFR_RNDN);
    mpfr_sqr(u, c, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_add(D, D, u, MPFR_RNDN);
    mpfr_sqr(u, a, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_add_ui(u, u, 1, MPFR_RNDN);
    mpfr_add(D, D, u, MPFR_RNDN);
    mpfr_sqrt(D, D, MPFR_RNDN);
    mpfr_const_pi(f, MPFR_RNDN);
    mpfr_mul(D, D, f, MPFR_RNDN);
    mpfr_mul_2ui(f, c, 2, MPFR_RNDN);
    mpfr_div(f, f, D, MPFR_RNDN);
    mpfr_mul(D, f, co, MPFR_RNDN);
    mpfr_div(out, D, u, MPFR_RNDN);
    mpfr_mul(out + 1, f, s, MPFR_RNDN);
    mpfr_clears(s, co, D, u, f, (mpfr_ptr)0);
}
