/* gauss.angle_tail: the initialisation angle probability of 000_09c7d5b8511ab65b.txt (seed-000 C27, B19):
 * for w ~ N(0, I/d) and a unit v, P(theta(w, v) > 3pi/4) = P(u1 < -1/sqrt2) = I_{1/2}((d-1)/2, 1/2)/2.
 * With a = (d-1)/2 and I_x(a,b) = x^a (1-x)^b/(a B(a,b)) sum_k (a+b)_k/(a+1)_k x^k (positive terms, ratio
 * below 1/2 at x = 1/2):
 *   d odd,  a = m     : P = 2^{-m-3/2} c_m S,
 *   d even, a = m+1/2 : P = 2^{-m-1} S/(pi (2m+1) c_m),     c_m = C(2m, m)/4^m = prod_{j<=m} (2j-1)/(2j),
 *   S = sum_k (a+1/2)_k/(a+1)_k 2^{-k}.
 * Double: all of it in double-double. MPFR: the same series at high precision. Arb: arb_hypgeom_beta_lower
 * (independent), and a range of integers d by its two ends (P decreases in d). */
#include <math.h>
#include "gauss/gauss.h"
#include "core/arb_int.h"
#include "gauss/special.h"

void gdc_gauss_angle_tail_d(double *out, const double *x)
{
    long d = (long)x[0];
    double a = 0.5 * (double)(d - 1);
    long m = (d - 1) / 2;
    if (d % 2 == 0)
        m = (d - 2) / 2;
    gdc_sdd_t c = {gdc_dd(1.0, 0.0), 0};
    for (long j = 1; j <= m; j++)
        c = gdc_sdd_mul_dd(c, gdc_dd_div_d(gdc_dd(2.0 * j - 1.0, 0.0), 2.0 * j));
    gdc_dd_t s = gdc_dd(1.0, 0.0), t = s;
    for (long k = 0; k < 100000; k++) {
        t = gdc_dd_mul(t, gdc_dd_div_d(gdc_dd(a + 0.5 + k, 0.0), 2.0 * (a + 1.0 + k)));
        s = gdc_dd_add(s, t);
        if (t.hi < 1e-34 * s.hi)
            break;
    }
    gdc_sdd_t r;
    if (d % 2 == 1) {
        /* 2^{-3/2} = sqrt2/4 */
        r = gdc_sdd_mul_dd(c, gdc_dd_mul(s, gdc_dd(0.25 * GDC_DD_SQRT2.hi, 0.25 * GDC_DD_SQRT2.lo)));
        r.e -= m;
    } else {
        gdc_dd_t den = gdc_dd_mul_d(c.m, 2.0 * m + 1.0);
        r.m = gdc_dd_div(gdc_dd_mul(s, GDC_DD_1_PI), den);
        r.e = -c.e - m - 1;
        r = gdc_sdd_norm(r);
    }
    out[0] = gdc_sdd_to_d(r);
}

static void angle_tail_point(arb_t res, long d, slong prec)
{
    arb_t a, b, z;
    arb_init(a);
    arb_init(b);
    arb_init(z);
    arb_set_si(a, d - 1);
    arb_mul_2exp_si(a, a, -1);
    arb_set_d(b, 0.5);
    arb_set_d(z, 0.5);
    arb_hypgeom_beta_lower(res, a, b, z, 1, prec + 16);
    arb_mul_2exp_si(res, res, -1);
    arb_set_round(res, res, prec);
    arb_clear(a);
    arb_clear(b);
    arb_clear(z);
}

/* An exact integer d, or a range of integers [lo, hi] enclosed by its ends: P decreases in d, since
 * I_x(a, 1/2) = P(X <= x) for X ~ Beta(a, 1/2) decreases in a (the densities' ratio for a' > a is a multiple of
 * t^(a' - a), increasing in t: X grows stochastically with a) and a = (d - 1)/2. So P over the range lies
 * between P(hi) and P(lo), the hull below (registry row: int_ends). */
void gdc_gauss_angle_tail_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    gdc_arb_int_hull(out + 0, x + 0, 2, 1000000, angle_tail_point, prec);
}

void gdc_gauss_angle_tail_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    long d = mpfr_get_si(x + 0, MPFR_RNDN);
    mpfr_prec_t w = mpfr_get_prec(out + 0) + 64 + 2 * (mpfr_prec_t)log2((double)d + 2.0);
    long m = (d % 2) ? (d - 1) / 2 : (d - 2) / 2;
    mpz_t cb;
    mpfr_t c, s, t, y, a;
    mpz_init(cb);
    mpfr_inits2(w, c, s, t, y, a, (mpfr_ptr)0);
    mpz_bin_uiui(cb, (unsigned long)(2 * m), (unsigned long)m);
    mpfr_set_z(c, cb, MPFR_RNDN);
    mpfr_div_2ui(c, c, (unsigned long)(2 * m), MPFR_RNDN); /* c_m */
    mpfr_set_si(a, d - 1, MPFR_RNDN);
    mpfr_div_2ui(a, a, 1, MPFR_RNDN);
    mpfr_set_ui(s, 1, MPFR_RNDN);
    mpfr_set_ui(t, 1, MPFR_RNDN);
    for (long k = 0;; k++) {
        mpfr_add_d(y, a, 0.5 + (double)k, MPFR_RNDN);
        mpfr_mul(t, t, y, MPFR_RNDN);
        mpfr_add_d(y, a, 1.0 + (double)k, MPFR_RNDN);
        mpfr_div(t, t, y, MPFR_RNDN);
        mpfr_div_2ui(t, t, 1, MPFR_RNDN);
        mpfr_add(s, s, t, MPFR_RNDN);
        if (mpfr_get_exp(t) < mpfr_get_exp(s) - (mpfr_exp_t)w - 4)
            break;
    }
    if (d % 2) {
        mpfr_sqrt_ui(y, 2, MPFR_RNDN);
        mpfr_mul(s, s, y, MPFR_RNDN);
        mpfr_mul(s, s, c, MPFR_RNDN);
        mpfr_div_2ui(out + 0, s, (unsigned long)(m + 2), MPFR_RNDN); /* 2^{-m-3/2} = sqrt2 2^{-m-2} */
    } else {
        mpfr_const_pi(y, MPFR_RNDN);
        mpfr_mul(y, y, c, MPFR_RNDN);
        mpfr_mul_ui(y, y, (unsigned long)(2 * m + 1), MPFR_RNDN);
        mpfr_div(s, s, y, MPFR_RNDN);
        mpfr_div_2ui(out + 0, s, (unsigned long)(m + 1), MPFR_RNDN);
    }
    mpz_clear(cb);
    mpfr_clears(c, s, t, y, a, (mpfr_ptr)0);
}

/* Monte Carlo: theta(w, v) > 3pi/4 with v = e1 iff w1 < 0 and w1^2 > |w_rest|^2 (scale-free) */
void gdc_gauss_angle_tail_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    long d = (long)x[0], hits = 0;
    gdc_rng_t rng;
    gdc_rng_seed(&rng, seed);
    for (long i = 0; i < samples; i++) {
        double w1 = gdc_rng_normal(&rng);
        double rest = gdc_gauss_sumsq_normals(&rng, d - 1);
        hits += (w1 < 0.0 && w1 * w1 > rest);
    }
    double p = (double)hits / (double)samples;
    mean[0] = p;
    se[0] = gdc_gauss_mc_se(hits, samples);
}
