/* Hard-regime samplers of the bias rows (seed-004 C9 cancellation and underflow for mu << 0, C10 |rho| -> 1,
 * C11 near-singular regimes). Domains: s in [2^-10, 16] (m1, m2; [2^-4, 16] for the rows of C11-C15), b in [-8, 8]; h, a in [-16, 16]; h, k in [-10, 10]. */
#include <math.h>
#include "bias/bias_regimes.h"

static double sgn(gdc_rng_t *g) { return gdc_rng_uniform(g) < 0.5 ? -1.0 : 1.0; }

/* ---- m1, m2: x = (s, b) ---- */
/* mu = b/s in [-38, -1]: the printed forms cancel (relative error mu^4 eps) */
void gdc_bias_reg_m_mu_neg(double *x, gdc_rng_t *g)
{
    double mu = -gdc_rng_range(g, 1.0, 38.0);
    x[0] = gdc_rng_range(g, 0.01, 8.0 / 38.0);
    x[1] = mu * x[0];
}

/* mu in [-60, -36]: the value leaves the normal doubles near mu = -37.5 */
void gdc_bias_reg_m_mu_underflow(double *x, gdc_rng_t *g)
{
    double mu = -gdc_rng_range(g, 36.0, 60.0);
    x[0] = gdc_rng_range(g, 0.01, 8.0 / 60.0);
    x[1] = mu * x[0];
}

void gdc_bias_reg_m_s_small(double *x, gdc_rng_t *g)
{
    x[0] = ldexp(1.0, -10) * gdc_rng_range(g, 1.0, 16.0);
    x[1] = gdc_rng_range(g, -8.0, 8.0) * gdc_rng_logu(g, -4.0, 0.0);
}

void gdc_bias_reg_m_mu_zero(double *x, gdc_rng_t *g)
{
    x[0] = gdc_rng_range(g, 0.01, 16.0);
    x[1] = sgn(g) * x[0] * gdc_rng_logu(g, -15.0, -1.0);
}

void gdc_bias_reg_m_mu_pos(double *x, gdc_rng_t *g)
{
    x[0] = gdc_rng_range(g, 1.0 / 1024.0, 0.2);
    x[1] = gdc_rng_range(g, 1.0, 8.0);
}

/* ---- Owen's T: x = (h, a) ---- */
void gdc_bias_reg_t_h_large(double *x, gdc_rng_t *g)
{
    x[0] = sgn(g) * gdc_rng_range(g, 8.0, 16.0);
    x[1] = sgn(g) * gdc_rng_range(g, 0.0, 16.0);
}

void gdc_bias_reg_t_a_large(double *x, gdc_rng_t *g)
{
    x[0] = sgn(g) * gdc_rng_logu(g, -6.0, 0.5);
    x[1] = sgn(g) * gdc_rng_range(g, 4.0, 16.0);
}

void gdc_bias_reg_t_a_small(double *x, gdc_rng_t *g)
{
    x[0] = gdc_rng_range(g, -16.0, 16.0);
    x[1] = sgn(g) * gdc_rng_logu(g, -30.0, -1.0);
}

void gdc_bias_reg_t_h_small(double *x, gdc_rng_t *g)
{
    x[0] = sgn(g) * gdc_rng_logu(g, -30.0, -1.0);
    x[1] = gdc_rng_range(g, -16.0, 16.0);
}

/* |a| near 1, where the Owen identity switches */
void gdc_bias_reg_t_a_one(double *x, gdc_rng_t *g)
{
    x[0] = gdc_rng_range(g, -16.0, 16.0);
    x[1] = sgn(g) * (1.0 + sgn(g) * gdc_rng_logu(g, -16.0, -1.0));
}

/* ---- Phi2: x = (h, k, rho) ---- */
void gdc_bias_reg_b_rho_one(double *x, gdc_rng_t *g)
{
    x[0] = gdc_rng_range(g, -10.0, 10.0);
    x[1] = gdc_rng_uniform(g) < 0.3 ? x[0] + gdc_rng_range(g, -1e-6, 1e-6) : gdc_rng_range(g, -10.0, 10.0);
    if (fabs(x[1]) > 10.0)
        x[1] = x[0];
    x[2] = 1.0 - gdc_rng_logu(g, -16.5, -1.0);
}

void gdc_bias_reg_b_rho_mone(double *x, gdc_rng_t *g)
{
    x[0] = gdc_rng_range(g, -10.0, 10.0);
    x[1] = gdc_rng_range(g, -10.0, 10.0);
    x[2] = -1.0 + gdc_rng_logu(g, -16.5, -1.0);
}

void gdc_bias_reg_b_rho_exact(double *x, gdc_rng_t *g)
{
    x[0] = gdc_rng_range(g, -10.0, 10.0);
    x[1] = gdc_rng_range(g, -10.0, 10.0);
    x[2] = sgn(g);
}

/* h, k << 0: Phi2 is tiny (and for rho < 0 far below Phi(h) Phi(k)) */
void gdc_bias_reg_b_tails(double *x, gdc_rng_t *g)
{
    x[0] = -gdc_rng_range(g, 3.0, 10.0);
    x[1] = -gdc_rng_range(g, 3.0, 10.0);
    x[2] = gdc_rng_range(g, -1.0, 1.0);
}

/* h + k near 0 with rho near -1: Phi2 = Phi(h) + Phi(k) - 1 + small, a difference */
void gdc_bias_reg_b_antidiag(double *x, gdc_rng_t *g)
{
    x[0] = gdc_rng_range(g, -10.0, 10.0);
    x[1] = -x[0] + gdc_rng_range(g, -0.5, 0.5);
    if (fabs(x[1]) > 10.0)
        x[1] = -x[0];
    x[2] = -1.0 + gdc_rng_logu(g, -16.0, -1.0);
}

void gdc_bias_reg_b_rho_zero(double *x, gdc_rng_t *g)
{
    x[0] = gdc_rng_range(g, -10.0, 10.0);
    x[1] = gdc_rng_range(g, -10.0, 10.0);
    x[2] = sgn(g) * gdc_rng_logu(g, -40.0, -2.0);
}

/* ---- cross moment, loss, gap: x = (s, bw, t, bv, theta), s, t in [2^-4, 16], biases in [-8, 8] ---- */
static void c_random(double *x, gdc_rng_t *g)
{
    x[0] = gdc_rng_range(g, 0.1, 4.0);
    x[1] = gdc_rng_range(g, -4.0, 4.0);
    x[2] = gdc_rng_range(g, 0.1, 4.0);
    x[3] = gdc_rng_range(g, -4.0, 4.0);
    x[4] = gdc_rng_range(g, 0.0, 3.14159);
}

void gdc_bias_reg_c_muw_neg(double *x, gdc_rng_t *g)
{
    c_random(x, g);
    x[0] = gdc_rng_range(g, 0.0625, 8.0 / 38.0);
    x[1] = -x[0] * gdc_rng_range(g, 3.0, 38.0);
}

void gdc_bias_reg_c_muv_neg(double *x, gdc_rng_t *g)
{
    c_random(x, g);
    x[2] = gdc_rng_range(g, 0.0625, 8.0 / 38.0);
    x[3] = -x[2] * gdc_rng_range(g, 3.0, 38.0);
}

void gdc_bias_reg_c_theta_0(double *x, gdc_rng_t *g)
{
    c_random(x, g);
    x[4] = gdc_rng_uniform(g) < 0.1 ? 0.0 : gdc_rng_logu(g, -16.0, -1.0);
}

void gdc_bias_reg_c_theta_pi(double *x, gdc_rng_t *g)
{
    c_random(x, g);
    x[4] = 3.141592653589793 - gdc_rng_logu(g, -15.0, -1.0);
}

/* w near v: F ~ |w - v|^2 */
void gdc_bias_reg_c_w_v(double *x, gdc_rng_t *g)
{
    c_random(x, g);
    double e = gdc_rng_logu(g, -12.0, -1.0);
    x[0] = x[2] * (1.0 + e * gdc_rng_range(g, -1.0, 1.0));
    x[1] = x[3] + e * gdc_rng_range(g, -1.0, 1.0);
    x[4] = e * gdc_rng_uniform(g);
}

void gdc_bias_reg_c_s_small(double *x, gdc_rng_t *g)
{
    c_random(x, g);
    x[0] = ldexp(1.0, -4) * gdc_rng_range(g, 1.0, 4.0);
}

/* bw = bv = 0: the arc-cosine kernel of the bias-free neuron */
void gdc_bias_reg_c_bias_free(double *x, gdc_rng_t *g)
{
    c_random(x, g);
    x[1] = 0.0;
    x[3] = 0.0;
}
