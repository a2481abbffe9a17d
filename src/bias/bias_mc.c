/* Definition checks, Monte Carlo: the defining expectations of the bias rows with seeded standard normals
 * (seed-004 C9: E[relu(s Z + b)^n]; Owen's T(h, a) = P(Z1 > h, 0 < Z2 < a Z1) for h, a >= 0, odd in a and even
 * in h; C10: Phi2(h, k; rho) = P(Z1 <= h, rho Z1 + r Z2 <= k)). */
#include <math.h>
#include "bias/bias_defs.h"
#include "core/rng.h"

static void finish(double *mean, double *se, double s, double s2, long n)
{
    double m = s / (double)n, v = s2 / (double)n - m * m;
    *mean = m;
    *se = sqrt(v > 0 ? v / (double)n : 0.0);
}

static void mc_moment(double *mean, double *se, const double *x, uint64_t seed, long samples, int n)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, seed);
    double s = 0, s2 = 0;
    for (long i = 0; i < samples; i++) {
        double y = x[0] * gdc_rng_normal(&g) + x[1];
        y = y > 0 ? (n == 1 ? y : y * y) : 0.0;
        s += y;
        s2 += y * y;
    }
    finish(mean, se, s, s2, samples);
}

void gdc_bias_mc_m1(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    mc_moment(mean, se, x, seed, samples, 1);
}

void gdc_bias_mc_m2(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    mc_moment(mean, se, x, seed, samples, 2);
}

/* normal CDF for the Monte Carlo estimators (double precision is ample at their resolution) */
static double cdf(double x) { return 0.5 * erfc(-x * M_SQRT1_2); }

static double pdf(double x) { return exp(-0.5 * x * x) / sqrt(2.0 * M_PI); }

/* Z1 restricted to one side of the threshold c (z > c if up, else z < c): a plain normal draw with an indicator for
 * |c| <= 1, else a draw from the shifted exponential of rate |c| beyond c (importance sampling, so that tails of
 * probability 1e-20 are still resolved). Returns the weight (0 outside the side), z in *z. */
static double side_draw(gdc_rng_t *g, double c, int up, double *z)
{
    if (fabs(c) <= 1.0 || (up ? c < 0 : c > 0)) {
        *z = gdc_rng_normal(g);
        return (up ? *z > c : *z <= c) ? 1.0 : 0.0;
    }
    double lam = fabs(c), e = -log1p(-gdc_rng_uniform(g)) / lam;
    *z = up ? c + e : c - e;
    return pdf(*z) / (lam * exp(-lam * e));
}

/* T(h, a) = sgn(a) E[1(Z1 > |h|) (Phi(|a| Z1) - 1/2)] (integrating Z2 out of P(Z1 > h, 0 < Z2 < a Z1)) */
void gdc_bias_mc_owen_t(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, seed);
    double h = fabs(x[0]), a = fabs(x[1]), sg = x[1] < 0 ? -1.0 : 1.0, s = 0, s2 = 0;
    for (long i = 0; i < samples; i++) {
        double z, w = side_draw(&g, h, 1, &z);
        double y = w > 0 ? sg * w * (cdf(a * z) - 0.5) : 0.0;
        s += y;
        s2 += y * y;
    }
    finish(mean, se, s, s2, samples);
}

/* Phi2(h, k; rho) = E[1(Z1 <= min) P(rho Z1 + r Z2 <= max | Z1)] */
void gdc_bias_mc_bvn(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, seed);
    double h = fmin(x[0], x[1]), k = fmax(x[0], x[1]), rho = x[2];
    double r = sqrt((1.0 - rho) * (1.0 + rho)), s = 0, s2 = 0;
    for (long i = 0; i < samples; i++) {
        double z, w = side_draw(&g, h, 0, &z), y = 0.0;
        if (w > 0)
            y = w * (r > 0 ? cdf((k - rho * z) / r) : (rho * z <= k ? 1.0 : 0.0));
        s += y;
        s2 += y * y;
    }
    finish(mean, se, s, s2, samples);
}

/* (a, b) = (s Z1 + bw, t (rho Z1 + r Z2) + bv) */
static void mc_pair(double *mean, double *se, const double *x, uint64_t seed, long samples, int kind)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, seed);
    double rho = cos(x[4]), r = sin(x[4]), s = 0, s2 = 0;
    for (long i = 0; i < samples; i++) {
        double z1 = gdc_rng_normal(&g), z2 = gdc_rng_normal(&g);
        double a = x[0] * z1 + x[1], b = x[2] * (rho * z1 + r * z2) + x[3];
        a = a > 0 ? a : 0.0;
        b = b > 0 ? b : 0.0;
        double y = kind == 0 ? a * b : kind == 1 ? 0.5 * (a - b) * (a - b) : a * (0.5 * a - b);
        s += y;
        s2 += y * y;
    }
    finish(mean, se, s, s2, samples);
}

void gdc_bias_mc_cross(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    mc_pair(mean, se, x, seed, samples, 0);
}

void gdc_bias_mc_loss(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    mc_pair(mean, se, x, seed, samples, 1);
}

void gdc_bias_mc_loss_gap(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    mc_pair(mean, se, x, seed, samples, 2);
}

/* grad F = E[(relu(a) - relu(b)) 1(a > 0) (x~, 1)] along (e1, n, bias) = (Z1, Z2, 1) (C13), and
 * <grad F, w - v> = E[(relu(a) - relu(b)) 1(a > 0) (a - b)] (C15) */
static void mc_grad(double *mean, double *se, const double *x, uint64_t seed, long samples, int corr)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, seed);
    double rho = cos(x[4]), r = sin(x[4]), s[3] = {0, 0, 0}, s2[3] = {0, 0, 0};
    for (long i = 0; i < samples; i++) {
        double z1 = gdc_rng_normal(&g), z2 = gdc_rng_normal(&g);
        double a = x[0] * z1 + x[1], b = x[2] * (rho * z1 + r * z2) + x[3];
        double e = a > 0 ? a - (b > 0 ? b : 0.0) : 0.0;
        double y[3] = {e * z1, e * z2, e};
        if (corr)
            y[0] = e * (a - b);
        for (int k = 0; k < 3; k++) {
            s[k] += y[k];
            s2[k] += y[k] * y[k];
        }
    }
    for (int k = 0; k < (corr ? 1 : 3); k++)
        finish(mean + k, se + k, s[k], s2[k], samples);
}

void gdc_bias_mc_grad(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    mc_grad(mean, se, x, seed, samples, 0);
}

void gdc_bias_mc_corr(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    mc_grad(mean, se, x, seed, samples, 1);
}
