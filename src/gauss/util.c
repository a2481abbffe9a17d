/* Small helpers of the gauss family: exact-integer arguments of the Arb kernels, and batches of normals
 * for the Monte Carlo definition checks (Marsaglia's polar method, both variates used). */
#include <limits.h>
#include <math.h>
#include "gauss/gauss.h"

int gdc_gauss_arb_int(long *d, const arb_t x, long lo)
{
    if (!arb_is_exact(x) || !arf_is_int(arb_midref(x)))
        return 0;
    if (arf_cmp_si(arb_midref(x), lo) < 0 || arf_cmp_si(arb_midref(x), LONG_MAX / 4) > 0)
        return 0;
    *d = arf_get_si(arb_midref(x), ARF_RND_DOWN);
    return 1;
}

double gdc_gauss_sumsq_normals(gdc_rng_t *rng, long n)
{
    double s = 0.0;
    long i = 0;
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
