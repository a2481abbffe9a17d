/* Hard-regime samplers of the ReLU rows: where the textbook formulas cancel (t -> pi, t -> 0, w -> v,
 * (r, t) -> (0, pi)), the removable singularity of corr/Q at (1, 0), r -> 0, large r, and the curves
 * where an output changes sign (grad[0] and norm_rate at r = h(t)/pi, hess_eig at r = 2 sin t/pi and
 * r = sin t/pi). */
#include <math.h>
#include "relu/relu_regimes.h"
#include "relu/relu.h"

static double clamp_t(double t)
{
    if (t < 0.0)
        return 0.0;
    if (t > GDC_PI_HI)
        return GDC_PI_HI;
    return t;
}

/* pi - t = 10^u, u in [-17, -0.3] (t == the double nearest pi when 10^u is below its spacing) */
double gdc_relu_sample_t_near_pi(gdc_rng_t *g)
{
    if (gdc_rng_uniform(g) < 0.05)
        return GDC_PI_HI - 4.440892098500626e-16 * floor(gdc_rng_range(g, 0.0, 8.0));
    return clamp_t(GDC_PI_HI - gdc_rng_logu(g, -17.0, -0.3));
}

/* t = 10^u, u in [-310, -0.3], or t = 0 */
double gdc_relu_sample_t_near_0(gdc_rng_t *g)
{
    double p = gdc_rng_uniform(g);
    if (p < 0.03)
        return 0.0;
    if (p < 0.5)
        return gdc_rng_logu(g, -20.0, -0.3);
    return gdc_rng_logu(g, -310.0, -0.3);
}

static double sample_t_any(gdc_rng_t *g)
{
    return gdc_rng_range(g, 0.0, GDC_PI_HI);
}

static double sample_r_any(gdc_rng_t *g)
{
    return gdc_rng_range(g, 0.0, 4.0);
}

/* 1 +- 10^u */
static double near_one(gdc_rng_t *g, double lo_exp)
{
    double p = gdc_rng_uniform(g);
    if (p < 0.1)
        return 1.0;
    if (p < 0.3) {
        double x = 1.0;
        int k = (int)floor(gdc_rng_range(g, 0.0, 4.0));
        for (int i = 0; i < k; i++)
            x = nextafter(x, p < 0.2 ? 0.0 : 2.0);
        return x;
    }
    double d = gdc_rng_logu(g, lo_exp, -0.5);
    return gdc_rng_uniform(g) < 0.5 ? 1.0 - d : 1.0 + d;
}

void gdc_relu_reg_t_pi(double *x, gdc_rng_t *g) { x[0] = gdc_relu_sample_t_near_pi(g); }
void gdc_relu_reg_t_0(double *x, gdc_rng_t *g) { x[0] = gdc_relu_sample_t_near_0(g); }
void gdc_relu_reg_t_half_pi(double *x, gdc_rng_t *g)
{
    x[0] = 1.5707963267948966 + gdc_rng_range(g, -1.0, 1.0) * gdc_rng_logu(g, -16.0, -1.0);
}

/* kernel (a, b, t) */
void gdc_relu_reg_abt_pi(double *x, gdc_rng_t *g)
{
    x[0] = sample_r_any(g);
    x[1] = sample_r_any(g);
    x[2] = gdc_relu_sample_t_near_pi(g);
}
void gdc_relu_reg_abt_small(double *x, gdc_rng_t *g)
{
    x[0] = gdc_rng_logu(g, -300.0, 0.0);
    x[1] = gdc_rng_logu(g, -300.0, 0.0);
    x[2] = sample_t_any(g);
}
void gdc_relu_reg_abt_large(double *x, gdc_rng_t *g)
{
    x[0] = gdc_rng_logu(g, 0.0, 150.0);
    x[1] = gdc_rng_logu(g, 0.0, 150.0);
    x[2] = gdc_rng_uniform(g) < 0.5 ? sample_t_any(g) : gdc_relu_sample_t_near_pi(g);
}
void gdc_relu_reg_abt_0(double *x, gdc_rng_t *g)
{
    x[0] = sample_r_any(g);
    x[1] = sample_r_any(g);
    x[2] = gdc_relu_sample_t_near_0(g);
}

/* (r, t) rows */
void gdc_relu_reg_t_pi2(double *x, gdc_rng_t *g)
{
    x[0] = sample_r_any(g);
    x[1] = gdc_relu_sample_t_near_pi(g);
}
void gdc_relu_reg_t_02(double *x, gdc_rng_t *g)
{
    x[0] = sample_r_any(g);
    x[1] = gdc_relu_sample_t_near_0(g);
}
void gdc_relu_reg_w_v(double *x, gdc_rng_t *g)
{
    x[0] = near_one(g, -17.0);
    x[1] = gdc_rng_uniform(g) < 0.05 ? 0.0 : gdc_rng_logu(g, -17.0, -0.5);
}
void gdc_relu_reg_one_zero(double *x, gdc_rng_t *g)
{
    x[0] = near_one(g, -17.0);
    double p = gdc_rng_uniform(g);
    x[1] = p < 0.1 ? 0.0 : gdc_rng_logu(g, p < 0.5 ? -320.0 : -40.0, -8.0);
}
void gdc_relu_reg_r_0(double *x, gdc_rng_t *g)
{
    double p = gdc_rng_uniform(g);
    x[0] = p < 0.05 ? 0.0 : gdc_rng_logu(g, p < 0.5 ? -310.0 : -20.0, -0.5);
    x[1] = sample_t_any(g);
}
void gdc_relu_reg_r_0_pos(double *x, gdc_rng_t *g)
{
    x[0] = gdc_rng_logu(g, gdc_rng_uniform(g) < 0.5 ? -290.0 : -20.0, -0.5);
    x[1] = sample_t_any(g);
}
void gdc_relu_reg_r0_tpi(double *x, gdc_rng_t *g)
{
    double p = gdc_rng_uniform(g);
    x[0] = p < 0.05 ? 0.0 : gdc_rng_logu(g, p < 0.5 ? -300.0 : -20.0, -0.5);
    x[1] = gdc_relu_sample_t_near_pi(g);
}
void gdc_relu_reg_r0_tpi_pos(double *x, gdc_rng_t *g)
{
    x[0] = gdc_rng_logu(g, gdc_rng_uniform(g) < 0.5 ? -290.0 : -20.0, -0.5);
    x[1] = gdc_relu_sample_t_near_pi(g);
}
void gdc_relu_reg_r_large(double *x, gdc_rng_t *g)
{
    x[0] = gdc_rng_logu(g, 0.5, 100.0);
    x[1] = gdc_rng_uniform(g) < 0.3 ? gdc_relu_sample_t_near_0(g) : sample_t_any(g);
}
void gdc_relu_reg_r_huge(double *x, gdc_rng_t *g)
{
    x[0] = gdc_rng_logu(g, 0.5, 300.0);
    x[1] = gdc_rng_uniform(g) < 0.3 ? gdc_relu_sample_t_near_0(g) : sample_t_any(g);
}
/* r = h(t)/pi (1 + tiny): grad[0] and norm_rate vanish */
void gdc_relu_reg_stationary(double *x, gdc_rng_t *g)
{
    double p = gdc_rng_uniform(g);
    x[1] = p < 0.3 ? gdc_relu_sample_t_near_pi(g) : (p < 0.4 ? gdc_relu_sample_t_near_0(g) : sample_t_any(g));
    double r = gdc_relu_h(x[1]) / GDC_PI_HI;
    x[0] = r * (1.0 + gdc_rng_range(g, -1.0, 1.0) * gdc_rng_logu(g, -16.0, -2.0));
    if (!(x[0] >= 0.0))
        x[0] = 0.0;
}
/* r = 2 sin t/pi or r = sin t/pi (1 + tiny): hess_eig[1], [2] vanish */
void gdc_relu_reg_hess_zero(double *x, gdc_rng_t *g)
{
    double p = gdc_rng_uniform(g);
    x[1] = p < 0.2 ? gdc_relu_sample_t_near_pi(g) : (p < 0.4 ? gdc_relu_sample_t_near_0(g) : sample_t_any(g));
    double r = (gdc_rng_uniform(g) < 0.5 ? 2.0 : 1.0) * sin(x[1]) / GDC_PI_HI;
    x[0] = r * (1.0 + gdc_rng_range(g, -1.0, 1.0) * gdc_rng_logu(g, -16.0, -2.0));
    if (!(x[0] > 0.0))
        x[0] = 1e-300;
}
