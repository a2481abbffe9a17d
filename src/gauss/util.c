/* Small helpers of the gauss family: batches of normals
 * for the Monte Carlo definition checks (Marsaglia's polar method, both variates used). */
#include <limits.h>
#include <math.h>
#include "gauss/gauss.h"

/* A chi-square variate with n > 64 degrees of freedom as 2 Gamma(n/2), by Marsaglia and Tsang's squeeze method
 * (ACM TOMS 26 (2000) 363-372; exact for shape >= 1): O(1) per sample instead of n normals, so that Monte Carlo
 * checks at d ~ 1000 keep their 10^6 samples. The closed forms under test never use this sampler. */
static double chi2_marsaglia_tsang(gdc_rng_t *rng, long n)
{
    double a = 0.5 * (double)n, d = a - 1.0 / 3.0, c = 1.0 / sqrt(9.0 * d);
    for (;;) {
        double x = gdc_rng_normal(rng), v = 1.0 + c * x;
        if (v <= 0.0)
            continue;
        v = v * v * v;
        double u = gdc_rng_uniform(rng);
        if (u < 1.0 - 0.0331 * (x * x) * (x * x))
            return 2.0 * d * v;
        if (u > 0.0 && log(u) < 0.5 * x * x + d * (1.0 - v + log(v)))
            return 2.0 * d * v;
    }
}

double gdc_gauss_sumsq_normals(gdc_rng_t *rng, long n)
{
    double s = 0.0;
    long i = 0;
    if (n > 64)
        return chi2_marsaglia_tsang(rng, n);
    while (i < n) {
        double u = 2.0 * gdc_rng_uniform(rng) - 1.0, v = 2.0 * gdc_rng_uniform(rng) - 1.0;
        double r = u * u + v * v;
        if (r >= 1.0 || r == 0.0)
            continue;
        double f = -2.0 * log(r) / r; /* u^2 f and v^2 f are squares of two independent normals */
        s += u * u * f;
        i++;
        if (i < n) {
            s += v * v * f;
            i++;
        }
    }
    return s;
}

double gdc_gauss_mc_se(long hits, long samples)
{
    double n = (double)samples, p = (double)hits / n, v = p * (1.0 - p);
    return sqrt((v > 1.0 / n ? v : 1.0 / n) / n);
}
