/* Hard-regime samplers of the twolayer rows (seed-001 C5, C12, C13, B2): the loss near W* (e1, e2 -> 0,
 * theta -> pi, where form (a) loses every digit), on the saddle family (theta -> 0) and at extreme scales; h~ near
 * its two zeros (W*: theta -> pi, psi -> pi/4; the corner theta -> 0, psi -> 0 at alpha -> 0.3, kappa = 1/2) and on
 * the edges psi = 0, theta = 0, pi; the contraction factors at theta -> 0 (theta - sin theta = O(theta^3)) and
 * theta -> pi. */
#include <math.h>
#include "twolayer/twolayer_defs.h"

#define PI 3.141592653589793

static double tiny(gdc_rng_t *rng, double lo, double hi) { return pow(10.0, gdc_rng_range(rng, lo, hi)); }

/* realizable (e1, e2, n1, n2, theta) of w1 = a + u, w2 = -a + v in R^3, a = (1, 0, 0), |u|, |v| ~ eps */
void gdc_twolayer_reg_loss_opt(double *x, gdc_rng_t *rng)
{
    double eps = tiny(rng, -12, -1), u[3], v[3], w1[3], w2[3];
    double n1 = 0, n2 = 0, e1 = 0, e2 = 0, dot = 0;
    for (int i = 0; i < 3; i++) {
        u[i] = eps * gdc_rng_normal(rng);
        v[i] = eps * gdc_rng_normal(rng);
        w1[i] = (i == 0) + u[i];
        w2[i] = -(i == 0) + v[i];
        e1 += u[i] * u[i];
        e2 += v[i] * v[i];
        n1 += w1[i] * w1[i];
        n2 += w2[i] * w2[i];
        dot += w1[i] * w2[i];
    }
    n1 = sqrt(n1);
    n2 = sqrt(n2);
    /* pi - theta = angle(w1, -w2), by Kahan's formula on the unit vectors */
    double dm = 0, dp = 0;
    for (int i = 0; i < 3; i++) {
        double a = w1[i] / n1, b = -w2[i] / n2;
        dm += (a - b) * (a - b);
        dp += (a + b) * (a + b);
    }
    (void)dot;
    x[0] = sqrt(e1);
    x[1] = sqrt(e2);
    x[2] = n1;
    x[3] = n2;
    x[4] = PI - 2.0 * atan2(sqrt(dm), sqrt(dp));
}

void gdc_twolayer_reg_loss_saddle(double *x, gdc_rng_t *rng)
{
    /* w1 = (1 + c) a + t u, w2 = c a + t u: theta -> 0 */
    double c = gdc_rng_range(rng, 0.1, 3), t = tiny(rng, -10, -1);
    double n1 = hypot(1 + c, t), n2 = hypot(c, t);
    x[0] = hypot(c, t);
    x[1] = hypot(1 + c, t);
    x[2] = n1;
    x[3] = n2;
    x[4] = fabs(atan2(t, 1 + c) - atan2(t, c));
}

void gdc_twolayer_reg_loss_scale(double *x, gdc_rng_t *rng)
{
    double s = tiny(rng, -100, 100);
    for (int i = 0; i < 4; i++)
        x[i] = s * gdc_rng_range(rng, 0.1, 2);
    x[4] = gdc_rng_range(rng, 0, PI);
}

static void ht_params(double *x, gdc_rng_t *rng)
{
    x[2] = gdc_rng_uniform(rng) < 0.5 ? 0.3 - tiny(rng, -12, -1) : gdc_rng_range(rng, 0, 0.45);
    x[3] = gdc_rng_uniform(rng) < 0.5 ? 0.5 : gdc_rng_range(rng, 0.2, 1);
}

void gdc_twolayer_reg_ht_wstar(double *x, gdc_rng_t *rng)
{
    x[0] = PI - tiny(rng, -15, -1) * gdc_rng_uniform(rng);
    x[1] = 0.7853981633974483 + tiny(rng, -15, -1) * gdc_rng_range(rng, -1, 1);
    ht_params(x, rng);
}

void gdc_twolayer_reg_ht_corner(double *x, gdc_rng_t *rng)
{
    x[0] = tiny(rng, -15, -1) * gdc_rng_uniform(rng);
    x[1] = tiny(rng, -15, -1) * gdc_rng_uniform(rng);
    ht_params(x, rng);
}

void gdc_twolayer_reg_ht_edges(double *x, gdc_rng_t *rng)
{
    double u = gdc_rng_uniform(rng);
    x[0] = gdc_rng_range(rng, 0, PI);
    x[1] = gdc_rng_range(rng, 0, 1.5707963267948966);
    if (u < 0.34)
        x[1] = 0;
    else if (u < 0.67)
        x[0] = 0;
    else
        x[0] = PI;
    ht_params(x, rng);
}

void gdc_twolayer_reg_step_0(double *x, gdc_rng_t *rng)
{
    x[0] = tiny(rng, -300, -1);
    x[1] = gdc_rng_range(rng, 0, 10);
}

void gdc_twolayer_reg_step_pi(double *x, gdc_rng_t *rng)
{
    x[0] = PI - tiny(rng, -15, -1);
    x[1] = gdc_rng_range(rng, 0, 10);
}
