/* gauss.norm_tail and gauss.chi2_tail: chi-square tails of 000_09c7d5b8511ab65b.txt.
 *   norm_tail(d)    = P(||w|| > 2), w ~ N(0, I/d)  = P(chi2_d > 4d) = Q(d/2, 2d)      (seed-000 C27, B19)
 *   chi2_tail(d, c) = P(chi2_d >= c d)             = Q(d/2, c d/2)                   (C15, B8, S2: the
 *                     Lemma 5.1 step P(chi2_d >= 2d) <= (2/e)^{d/2} and its comparison with 1.2^-d)
 * Q is the regularised upper incomplete gamma function. Double: positive-term sums in double-double
 * (special.c). Arb: arb_hypgeom_gamma_upper. MPFR: the same finite sums as the double kernel at high
 * precision (independent of Arb). */
#include <math.h>
#include "gauss/gauss.h"
#include "core/arb_int.h"
#include "gauss/special.h"

void gdc_gauss_norm_tail_d(double *out, const double *x)
{
    long d = (long)x[0];
    out[0] = gdc_gauss_gamma_q(d, gdc_dd(2.0 * (double)d, 0.0));
}

void gdc_gauss_chi2_tail_d(double *out, const double *x)
{
    long d = (long)x[0];
    gdc_dd_t z = gdc_dd_two_prod(x[1], (double)d);
    z.hi *= 0.5;
    z.lo *= 0.5;
    if (isinf(z.hi)) {
        out[0] = 0.0;
        return;
    }
    out[0] = gdc_gauss_gamma_q(d, z);
}

static void gamma_q_arb(arb_t res, long d, const arb_t z, slong prec)
{
    arb_t s;
    arb_init(s);
    arb_set_si(s, d);
    arb_mul_2exp_si(s, s, -1);
    arb_hypgeom_gamma_upper(res, s, z, 1, prec + 16);
    arb_set_round(res, res, prec);
    arb_clear(s);
}

void gdc_gauss_norm_tail_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    long d;
    if (!gdc_arb_get_int(&d, x + 0, 1)) {
        arb_indeterminate(out + 0);
        return;
    }
    arb_t z;
    arb_init(z);
    arb_set_si(z, 2 * d);
    gamma_q_arb(out + 0, d, z, prec);
    arb_clear(z);
}

void gdc_gauss_chi2_tail_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    long d;
    if (!gdc_arb_get_int(&d, x + 0, 1)) {
        arb_indeterminate(out + 0);
        return;
    }
    arb_t z;
    arb_init(z);
    arb_mul_si(z, x + 1, d, prec + 16);
    arb_mul_2exp_si(z, z, -1);
    if (arb_is_nonnegative(z) || !arb_is_finite(z)) {
        gamma_q_arb(out + 0, d, z, prec);
    } else {
        /* a ball reaching below c = 0: Q is 1 for every z <= 0 of the domain's closure only at z = 0 */
        arb_t zp;
        arb_init(zp);
        arb_nonnegative_part(zp, z);
        gamma_q_arb(out + 0, d, zp, prec);
        arb_clear(zp);
    }
    arb_clear(z);
}

/* Q(d/2, x) in MPFR at the precision of res (x >= 0 exact or at least as precise as res) */
static void gamma_q_mpfr(mpfr_t res, long d, const mpfr_t x)
{
    mpfr_prec_t w = mpfr_get_prec(res) + 64 + 2 * (mpfr_prec_t)(log2((double)d + 2.0));
    long n = d / 2;
    int half = (int)(d & 1);
    mpfr_t a, t, s, f, e, y;
    if (mpfr_zero_p(x)) {
        mpfr_set_ui(res, 1, MPFR_RNDN);
        return;
    }
    mpfr_inits2(w, a, t, s, f, e, y, (mpfr_ptr)0);
    mpfr_set_si(a, d, MPFR_RNDN);
    mpfr_div_2ui(a, a, 1, MPFR_RNDN);
    mpfr_neg(e, x, MPFR_RNDN);
    mpfr_exp(e, e, MPFR_RNDN);
    if (mpfr_cmp(x, a) <= 0) {
        /* P = e^{-x} x^a/Gamma(a+1) sum_k x^k/((a+1)...(a+k)) */
        if (half) {
            mpfr_sqrt(f, x, MPFR_RNDN);
            mpfr_const_pi(t, MPFR_RNDN);
            mpfr_sqrt(t, t, MPFR_RNDN);
            mpfr_div(f, f, t, MPFR_RNDN);
            mpfr_mul_2ui(f, f, 1, MPFR_RNDN);
        } else {
            mpfr_set_ui(f, 1, MPFR_RNDN);
        }
        for (long j = 1; j <= n; j++) {
            mpfr_mul(f, f, x, MPFR_RNDN);
            mpfr_set_d(y, (double)j + (half ? 0.5 : 0.0), MPFR_RNDN);
            mpfr_div(f, f, y, MPFR_RNDN);
        }
        mpfr_set_ui(s, 1, MPFR_RNDN);
        mpfr_set_ui(t, 1, MPFR_RNDN);
        for (long k = 1;; k++) {
            mpfr_mul(t, t, x, MPFR_RNDN);
            mpfr_add_si(y, a, k, MPFR_RNDN);
            mpfr_div(t, t, y, MPFR_RNDN);
            mpfr_add(s, s, t, MPFR_RNDN);
            if (mpfr_zero_p(t) || mpfr_get_exp(t) < mpfr_get_exp(s) - (mpfr_exp_t)w - 4)
                break;
        }
        mpfr_mul(f, f, s, MPFR_RNDN);
        mpfr_mul(f, f, e, MPFR_RNDN);
        mpfr_ui_sub(res, 1, f, MPFR_RNDN);
    } else {
        /* Q = e^{-x} sum_{k<n} x^{k+off}/Gamma(k+off+1) (+ erfc(sqrt x) for half-integer a) */
        mpfr_set_ui(s, 0, MPFR_RNDN);
        if (half) {
            mpfr_sqrt(t, x, MPFR_RNDN);
            mpfr_const_pi(y, MPFR_RNDN);
            mpfr_sqrt(y, y, MPFR_RNDN);
            mpfr_div(t, t, y, MPFR_RNDN);
            mpfr_mul_2ui(t, t, 1, MPFR_RNDN);
        } else {
            mpfr_set_ui(t, 1, MPFR_RNDN);
        }
        for (long k = 0; k < n; k++) {
            if (k > 0) {
                mpfr_mul(t, t, x, MPFR_RNDN);
                mpfr_set_d(y, (double)k + (half ? 0.5 : 0.0), MPFR_RNDN);
                mpfr_div(t, t, y, MPFR_RNDN);
            }
            mpfr_add(s, s, t, MPFR_RNDN);
        }
        mpfr_mul(s, s, e, MPFR_RNDN);
        if (half) {
            mpfr_sqrt(t, x, MPFR_RNDN);
            mpfr_erfc(t, t, MPFR_RNDN);
            mpfr_add(s, s, t, MPFR_RNDN);
        }
        mpfr_set(res, s, MPFR_RNDN);
    }
    mpfr_clears(a, t, s, f, e, y, (mpfr_ptr)0);
}

void gdc_gauss_norm_tail_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    long d = mpfr_get_si(x + 0, MPFR_RNDN);
    mpfr_t z;
    mpfr_init2(z, 64);
    mpfr_set_si(z, 2 * d, MPFR_RNDN);
    gamma_q_mpfr(out + 0, d, z);
    mpfr_clear(z);
}

void gdc_gauss_chi2_tail_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    long d = mpfr_get_si(x + 0, MPFR_RNDN);
    mpfr_t z;
    mpfr_init2(z, mpfr_get_prec(x + 1) + 64);
    mpfr_mul_si(z, x + 1, d, MPFR_RNDN); /* exact */
    mpfr_div_2ui(z, z, 1, MPFR_RNDN);
    gamma_q_mpfr(out + 0, d, z);
    mpfr_clear(z);
}

/* Monte Carlo of the defining events */
static void chi2_mc(double *mean, double *se, long d, double thresh, int strict, uint64_t seed, long samples)
{
    gdc_rng_t rng;
    gdc_rng_seed(&rng, seed);
    long hits = 0;
    for (long i = 0; i < samples; i++) {
        double s = gdc_gauss_sumsq_normals(&rng, d);
        hits += strict ? (s > thresh) : (s >= thresh);
    }
    double p = (double)hits / (double)samples;
    mean[0] = p;
    se[0] = gdc_gauss_mc_se(hits, samples);
}

void gdc_gauss_norm_tail_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    /* w = g/sqrt(d): ||w|| > 2 iff |g|^2 > 4d */
    chi2_mc(mean, se, (long)x[0], 4.0 * x[0], 1, seed, samples);
}

void gdc_gauss_chi2_tail_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    chi2_mc(mean, se, (long)x[0], x[1] * x[0], 0, seed, samples);
}
