/* Hard-regime samplers of relu.nngp and relu.ntk, x = (L, a, b, t): t -> 0 (1 - rho_L -> 0, where the textbook
 * recursion loses every digit), t -> pi (the first layer's h(t) cancels), deep networks (rho_L -> 1 whatever t),
 * both, tiny and huge norms, and the zero of the one-layer NTK tau_1 = (sin t + 2 (pi - t) cos t)/pi at
 * tan e = 2 e, e = pi - t = 1.16556... */
#include <math.h>
#include "relu/relu_deep.h"
#include "relu/relu_regimes.h"
#include "core/angle.h"

static double depth(gdc_rng_t *g, double hi) { return floor(gdc_rng_range(g, 0.0, hi + 1.0)); }
static double norm_any(gdc_rng_t *g) { return gdc_rng_range(g, 0.0, 4.0); }

static void fill(double *x, double L, double a, double b, double t)
{
    x[0] = L > GDC_RELU_DEEP_LMAX ? GDC_RELU_DEEP_LMAX : L;
    x[1] = a;
    x[2] = b;
    x[3] = t;
}

void gdc_relu_deep_reg_t_0(double *x, gdc_rng_t *g)
{
    fill(x, depth(g, 40), norm_any(g), norm_any(g), gdc_relu_sample_t_near_0(g));
}
void gdc_relu_deep_reg_t_pi(double *x, gdc_rng_t *g)
{
    fill(x, depth(g, 40), norm_any(g), norm_any(g), gdc_relu_sample_t_near_pi(g));
}
/* L log-uniform in [64, LMAX] (the Arb and MPFR checks cost time linear in L) */
static double deep_depth(gdc_rng_t *g)
{
    return floor(gdc_rng_logu(g, log10(64.0), log10((double)GDC_RELU_DEEP_LMAX + 1.0)));
}
void gdc_relu_deep_reg_deep(double *x, gdc_rng_t *g)
{
    fill(x, deep_depth(g), norm_any(g), norm_any(g), gdc_rng_range(g, 0.0, GDC_PI_HI));
}
void gdc_relu_deep_reg_deep_t_0(double *x, gdc_rng_t *g)
{
    fill(x, deep_depth(g), norm_any(g), norm_any(g), gdc_relu_sample_t_near_0(g));
}
void gdc_relu_deep_reg_ab_small(double *x, gdc_rng_t *g)
{
    fill(x, depth(g, 40), gdc_rng_logu(g, -150.0, 0.0), gdc_rng_logu(g, -150.0, 0.0), gdc_rng_range(g, 0.0, GDC_PI_HI));
}
void gdc_relu_deep_reg_ab_large(double *x, gdc_rng_t *g)
{
    fill(x, depth(g, 40), gdc_rng_logu(g, 0.0, 150.0), gdc_rng_logu(g, 0.0, 150.0), gdc_rng_range(g, 0.0, GDC_PI_HI));
}
/* L = 1, t = pi - e0 + d, e0 the root of tan e = 2 e in (1, pi/2), |d| = 10^u, u in [-16, -1] */
void gdc_relu_deep_reg_ntk_zero(double *x, gdc_rng_t *g)
{
    const double e0 = 1.1655611852072114; /* tan e0 = 2 e0 (Newton in double: the root to about 1 ulp) */
    double d = gdc_rng_logu(g, -16.0, -1.0) * (gdc_rng_uniform(g) < 0.5 ? -1.0 : 1.0);
    fill(x, 1, norm_any(g), norm_any(g), (GDC_PI_HI - e0) + d);
}
