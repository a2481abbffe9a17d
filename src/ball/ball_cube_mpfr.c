/* ball.cube_norm(d) = E|w|, w uniform on [-1, 1]^d (seed-004 C19), in MPFR: the same 1-D integral as the Arb code,
 * E|w| = (1/sqrt(pi)) int_0^inf (1 - g(u)^d) u^-2 du, g = sqrt(pi) erf(u)/(2u), but over the whole half-line by
 * exp-sinh quadrature (u = exp((pi/2) sinh t), the trapezoidal rule in t halved until two levels agree), with
 * 1 - g = u^2 h(u) from its power series h = sum_k (-u^2)^k/((k+1)! (2k+3)) for u < 1/2 and
 * 1 - g^d = -expm1(d log1p(-(1 - g))): no cancellation at small u, where the integrand tends to d/3. */
#include <math.h>
#include "ball/ball.h"
#include "core/rng.h"

/* z = 1 - g(u) */
static void one_minus_g(mpfr_t z, const mpfr_t u, mpfr_prec_t w)
{
    mpfr_t t, s, u2;
    mpfr_inits2(w, t, s, u2, (mpfr_ptr)0);
    mpfr_sqr(u2, u, MPFR_RNDN);
    if (mpfr_cmp_d(u, 0.5) < 0) {
        /* h = sum_k (-u^2)^k/((k+1)! (2k+3)); term ratio below u^2/2 <= 1/8 */
        mpfr_set_ui(t, 1, MPFR_RNDN); /* (-u^2)^k/(k+1)! */
        mpfr_set_ui(s, 0, MPFR_RNDN);
        for (long k = 0;; k++) {
            mpfr_t q;
            mpfr_init2(q, w);
            mpfr_div_ui(q, t, (unsigned long)(2 * k + 3), MPFR_RNDN);
            mpfr_add(s, s, q, MPFR_RNDN);
            int done = mpfr_zero_p(q) || mpfr_get_exp(q) < mpfr_get_exp(s) - (mpfr_exp_t)w - 4;
            mpfr_clear(q);
            if (done)
                break;
            mpfr_mul(t, t, u2, MPFR_RNDN);
            mpfr_neg(t, t, MPFR_RNDN);
            mpfr_div_ui(t, t, (unsigned long)(k + 2), MPFR_RNDN);
        }
        mpfr_mul(z, s, u2, MPFR_RNDN);
    } else {
        mpfr_erf(t, u, MPFR_RNDN);
        mpfr_div(t, t, u, MPFR_RNDN);
        mpfr_const_pi(s, MPFR_RNDN);
        mpfr_sqrt(s, s, MPFR_RNDN);
        mpfr_mul(t, t, s, MPFR_RNDN);
        mpfr_div_2ui(t, t, 1, MPFR_RNDN);
        mpfr_ui_sub(z, 1, t, MPFR_RNDN);
    }
    mpfr_clears(t, s, u2, (mpfr_ptr)0);
}

/* the transformed integrand at t: (1 - g^d) u^-2 du/dt, u = exp((pi/2) sinh t) */
static void node(mpfr_t res, const mpfr_t t, long d, mpfr_prec_t w)
{
    mpfr_t u, c, z;
    mpfr_inits2(w, u, c, z, (mpfr_ptr)0);
    mpfr_const_pi(c, MPFR_RNDN);
    mpfr_div_2ui(c, c, 1, MPFR_RNDN);
    mpfr_sinh(u, t, MPFR_RNDN);
    mpfr_mul(u, u, c, MPFR_RNDN);
    mpfr_exp(u, u, MPFR_RNDN);
    mpfr_cosh(z, t, MPFR_RNDN);
    mpfr_mul(c, c, z, MPFR_RNDN); /* du/dt = u (pi/2) cosh t */
    one_minus_g(z, u, w);
    mpfr_neg(z, z, MPFR_RNDN);
    mpfr_log1p(z, z, MPFR_RNDN);
    mpfr_mul_si(z, z, d, MPFR_RNDN);
    mpfr_expm1(z, z, MPFR_RNDN);
    mpfr_neg(z, z, MPFR_RNDN); /* 1 - g^d */
    mpfr_mul(res, z, c, MPFR_RNDN);
    mpfr_div(res, res, u, MPFR_RNDN);
    mpfr_clears(u, c, z, (mpfr_ptr)0);
}

/* sum over t = j h, j odd (step 2h) or all j (step h) when all is set, walking out until the terms are negligible */
static void level_sum(mpfr_t sum, long d, mpfr_exp_t hexp, int all, mpfr_prec_t w)
{
    mpfr_t t, v;
    mpfr_inits2(w, t, v, (mpfr_ptr)0);
    mpfr_set_ui(sum, 0, MPFR_RNDN);
    for (int side = -1; side <= 1; side += 2) {
        for (long j = (all && side > 0) ? 0 : 1;; j += all ? 1 : 2) {
            mpfr_set_si_2exp(t, side * j, hexp, MPFR_RNDN);
            node(v, t, d, w);
            mpfr_add(sum, sum, v, MPFR_RNDN);
            /* past |t| = 1 the terms decrease double exponentially on both sides */
            if (mpfr_cmpabs_ui(t, 1) > 0 &&
                (mpfr_zero_p(v) || mpfr_get_exp(v) < mpfr_get_exp(sum) - (mpfr_exp_t)w - 8))
                break;
        }
    }
    mpfr_clears(t, v, (mpfr_ptr)0);
}

void gdc_ball_cube_norm_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    long d = mpfr_get_si(x + 0, MPFR_RNDN);
    mpfr_prec_t w = mpfr_get_prec(out) + 64;
    mpfr_t s, prev, cur, odd;
    mpfr_inits2(w, s, prev, cur, odd, (mpfr_ptr)0);
    mpfr_exp_t hexp = -2;
    level_sum(s, d, hexp, 1, w);
    mpfr_mul_2si(prev, s, hexp, MPFR_RNDN);
    for (int lev = 0; lev < 12; lev++) {
        hexp--;
        level_sum(odd, d, hexp, 0, w);
        mpfr_add(s, s, odd, MPFR_RNDN);
        mpfr_mul_2si(cur, s, hexp, MPFR_RNDN);
        mpfr_sub(prev, prev, cur, MPFR_RNDN);
        int done = mpfr_zero_p(prev) || mpfr_get_exp(prev) < mpfr_get_exp(cur) - (mpfr_exp_t)w / 2 - 8;
        mpfr_set(prev, cur, MPFR_RNDN);
        if (done)
            break; /* the error squares at each halving: one more level after a half-precision agreement */
    }
    /* one more halving past the agreement (the double-exponential error squares) */
    hexp--;
    level_sum(odd, d, hexp, 0, w);
    mpfr_add(s, s, odd, MPFR_RNDN);
    mpfr_mul_2si(cur, s, hexp, MPFR_RNDN);
    mpfr_const_pi(s, MPFR_RNDN);
    mpfr_sqrt(s, s, MPFR_RNDN);
    mpfr_div(out, cur, s, MPFR_RNDN);
    mpfr_clears(s, prev, cur, odd, (mpfr_ptr)0);
}

/* Monte Carlo definition check: the mean of |w| over seeded uniform points of the cube */
void gdc_ball_cube_norm_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    long d = (long)x[0];
    double acc = 0, acc2 = 0;
    gdc_rng_t rng;
    gdc_rng_seed(&rng, seed);
    for (long i = 0; i < samples; i++) {
        double r2 = 0;
        for (long k = 0; k < d; k++) {
            double c = 2.0 * gdc_rng_uniform(&rng) - 1.0;
            r2 += c * c;
        }
        double v = sqrt(r2);
        acc += v;
        acc2 += v * v;
    }
    double m = acc / (double)samples, var = acc2 / (double)samples - m * m;
    mean[0] = m;
    se[0] = sqrt((var > 0 ? var : 0) / (double)samples);
}
