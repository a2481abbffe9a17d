/* Definition checks of ball.dcross (seed-004 C8), independent of its polar integral:
 *  - the uniform d-ball's 2-D marginal as a mixture of uniform disks: (1 - |y|^2)^m = int_|y|^1 2m rho (1 - rho^2)^(m-1)
 *    drho, so y is uniform on the disk of radius rho, rho with distribution function F(rho) = 1 - (1 - rho^2)^m
 *    (1 + m rho^2), m = (d - 2)/2 (d = 2: rho = 1), and K = int disk_cross(s rho, 0, t rho, bv, theta) dF(rho): a rigorous
 *    but coarse enclosure, sum over 512 rho-intervals of F's increment times ball.disk_cross's Arb enclosure on the
 *    interval, by the mean-value form with ball.disk_cross's jac (width O(1/512) of the value; at d = 2 it is
 *    ball.disk_cross itself);
 *  - seeded Monte Carlo: |y|^2 has the distribution function 1 - (1 - x)^(m+1), so 1 - |y|^2 = U^(1/(m+1)), and the
 *    direction of y is uniform. */
#include <math.h>
#include "ball/ball.h"
#include "core/rng.h"

#define MIX_LOG 9
#define MIX_N (1 << MIX_LOG)

/* F(rho) = 1 - (1 - rho^2)^m (1 + m rho^2), m = (d - 2)/2 */
static void mix_cdf(arb_t res, const arb_t rho, long d, slong prec)
{
    arb_t z, u;
    arb_init(z), arb_init(u);
    arb_sqr(z, rho, prec);
    arb_sub_ui(u, z, 1, prec);
    arb_neg(u, u);
    arb_sqrt(res, u, prec);
    arb_pow_ui(res, res, (ulong)(d - 2), prec);
    arb_mul_si(z, z, d - 2, prec);
    arb_mul_2exp_si(z, z, -1);
    arb_add_ui(z, z, 1, prec);
    arb_mul(res, res, z, prec);
    arb_sub_ui(res, res, 1, prec);
    arb_neg(res, res);
    arb_clear(z), arb_clear(u);
}

/* ball.disk_cross's arguments (s rho, 0, t rho, bv, theta) for the disk of radius rho; y[1], y[3], y[4] already set */
static void disk_args(arb_ptr y, const double *x, const arb_t rho, slong prec)
{
    arb_set_d(y + 0, x[1]);
    arb_mul(y + 0, y + 0, rho, prec);
    arb_set_d(y + 2, x[2]);
    arb_mul(y + 2, y + 2, rho, prec);
}

int gdc_ball_dcross_def_arb(arb_ptr out, const double *x, slong prec)
{
    long d = (long)x[0];
    arb_ptr y = _arb_vec_init(5);
    arb_t k, f0, f1, rho, acc, g1;
    arb_ptr jac = _arb_vec_init(5);
    arb_init(k), arb_init(f0), arb_init(f1), arb_init(rho), arb_init(acc), arb_init(g1);
    arb_set_d(y + 1, 0);
    arb_set_d(y + 3, x[3]);
    arb_set_d(y + 4, x[4]);
    if (d == 2) {
        arb_set_d(y + 0, x[1]);
        arb_set_d(y + 2, x[2]);
        gdc_ball_disk_cross_arb(acc, y, prec);
    } else {
        arb_zero(acc);
        arb_zero(f0);
        for (int i = 0; i < MIX_N; i++) {
            arf_t a, b;
            arf_init(a), arf_init(b);
            arf_set_ui_2exp_si(a, (ulong)i, -MIX_LOG);
            arf_set_ui_2exp_si(b, (ulong)i + 1, -MIX_LOG);
            arb_set_arf(rho, b);
            mix_cdf(f1, rho, d, prec);
            /* g(rho) = disk_cross(s rho, 0, t rho, bv, theta) on the interval by the mean-value form
             * g(mid) + (s g_s + t g_t)(interval) [-h/2, h/2], h = 2^-MIX_LOG */
            arb_set_interval_arf(rho, a, b, prec);
            disk_args(y, x, rho, prec);
            gdc_ball_disk_cross_jac(k, jac, y, prec);
            arb_set_d(g1, x[1]);
            arb_mul(k, jac + 0, g1, prec);
            arb_set_d(g1, x[2]);
            arb_addmul(k, jac + 2, g1, prec);
            arb_zero(g1);
            mag_set_ui_2exp_si(arb_radref(g1), 1, -MIX_LOG - 1);
            arb_mul(k, k, g1, prec);
            arb_set_arf(g1, a);
            arb_add_arf(g1, g1, b, prec);
            arb_mul_2exp_si(g1, g1, -1); /* the midpoint, exact */
            disk_args(y, x, g1, prec);
            gdc_ball_disk_cross_arb(g1, y, prec);
            arb_add(k, k, g1, prec);
            if (!arb_is_finite(k)) {
                /* no derivative bound on this interval (s rho reaches 0): the enclosure on the interval itself */
                arb_set_interval_arf(rho, a, b, prec);
                disk_args(y, x, rho, prec);
                gdc_ball_disk_cross_arb(k, y, prec);
            }
            arb_sub(f0, f1, f0, prec);
            arb_addmul(acc, f0, k, prec);
            arb_swap(f0, f1);
            arf_clear(a), arf_clear(b);
        }
    }
    arb_set(out, acc);
    int bad = !arb_is_finite(out);
    _arb_vec_clear(y, 5);
    arb_clear(k), arb_clear(f0), arb_clear(f1), arb_clear(rho), arb_clear(acc), arb_clear(g1);
    _arb_vec_clear(jac, 5);
    return bad;
}

void gdc_ball_dcross_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    double d = x[0], s = x[1], t = x[2], bv = x[3], co = cos(x[4]), si = sin(x[4]), acc = 0, acc2 = 0;
    gdc_rng_t rng;
    gdc_rng_seed(&rng, seed);
    for (long i = 0; i < samples; i++) {
        double q = pow(gdc_rng_uniform(&rng), 2.0 / d), r = sqrt(1.0 - q > 0 ? 1.0 - q : 0.0);
        double ph = 6.283185307179586 * gdc_rng_uniform(&rng), y1 = r * cos(ph), y2 = r * sin(ph);
        double b = t * (co * y1 + si * y2) + bv, v = (y1 > 0 && b > 0) ? s * y1 * b : 0.0;
        acc += v;
        acc2 += v * v;
    }
    double m = acc / (double)samples, var = acc2 / (double)samples - m * m;
    mean[0] = m;
    se[0] = sqrt((var > 0 ? var : 0) / (double)samples);
}
