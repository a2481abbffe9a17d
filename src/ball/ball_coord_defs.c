/* Definition checks of ball.coord (seed-004 C8), independent of the incomplete beta:
 *  - rigorous integration: with w(t) = (1 - t^2)^m, m = (d - 1)/2, Z = int_{-1}^1 w (acb_calc_integrate; sqrt
 *    through acb_sqrt_analytic, so the branch point at t = +-1 is seen), f(u) = w(u)/Z and
 *    E[(T - u)_+^n] = int_u^1 (t - u)^n w(t) dt/Z, n = 0, 1, 2;
 *  - seeded Monte Carlo of x uniform in the d-ball, Rao-Blackwellised: given (x2, ..., xd), x1 is uniform on
 *    [-a, a], a = sqrt(1 - x2^2 - ... - xd^2), so every output is the mean of its exact conditional value
 *    (f(u) = 1(|u| < a)/(2a), P = (a - u)/(2a) clipped, E[(x1 - u)_+^n] = (a - u)^(n+1)/((n+1) 2a) for |u| < a). */
#include <math.h>
#include "ball/ball.h"
#include "core/rng.h"

typedef struct {
    long d;
    int n;
    double u;
} coord_param_t;

static int coord_integrand(acb_ptr res, const acb_t t, void *param, slong order, slong prec)
{
    const coord_param_t *p = param;
    acb_t z, s;
    acb_init(z), acb_init(s);
    acb_sqr(z, t, prec);
    acb_sub_ui(z, z, 1, prec);
    acb_neg(z, z);
    acb_pow_ui(res, z, (ulong)((p->d - 1) / 2), prec);
    if (p->d % 2 == 0) {
        acb_sqrt_analytic(s, z, order != 0, prec);
        acb_mul(res, res, s, prec);
    }
    acb_set_d(s, p->u);
    acb_sub(s, t, s, prec);
    for (int k = 0; k < p->n; k++)
        acb_mul(res, res, s, prec);
    acb_clear(z), acb_clear(s);
    return 0;
}

static int integrate(arb_t res, long d, int n, double u, double a, double b, slong prec)
{
    coord_param_t p = {d, n, u};
    acb_t lo, hi, v;
    mag_t tol;
    acb_calc_integrate_opt_t opt;
    acb_init(lo), acb_init(hi), acb_init(v);
    mag_init(tol);
    acb_calc_integrate_opt_init(opt);
    opt->eval_limit = 1000000;
    acb_set_d(lo, a);
    acb_set_d(hi, b);
    mag_set_ui_2exp_si(tol, 1, -prec - 100000); /* the relative goal decides (the integrand is >= 0) */
    int st = acb_calc_integrate(v, coord_integrand, &p, lo, hi, prec, tol, opt, prec);
    arb_set(res, acb_realref(v));
    acb_clear(lo), acb_clear(hi), acb_clear(v);
    mag_clear(tol);
    return st != ARB_CALC_SUCCESS || !arb_is_finite(res);
}

int gdc_ball_coord_def_arb(arb_ptr out, const double *x, slong prec)
{
    long d = (long)x[0];
    double u = x[1];
    arb_t z, t;
    arb_init(z), arb_init(t);
    int bad = integrate(z, d, 0, 0.0, -1.0, 1.0, prec);
    /* f(u) = (1 - u^2)^m/Z */
    arb_set_d(t, u);
    arb_sqr(t, t, prec);
    arb_sub_ui(t, t, 1, prec);
    arb_neg(t, t);
    arb_pow_ui(out + 0, t, (ulong)((d - 1) / 2), prec);
    if (d % 2 == 0) {
        arb_sqrtpos(t, t, prec);
        arb_mul(out + 0, out + 0, t, prec);
    }
    arb_div(out + 0, out + 0, z, prec);
    if (fabs(u) > 1.0)
        arb_zero(out + 0);
    for (int n = 0; n <= 2; n++) {
        if (u >= 1.0) {
            arb_zero(out + 1 + n);
            continue;
        }
        bad |= integrate(out + 1 + n, d, n, u, u > -1.0 ? u : -1.0, 1.0, prec);
        arb_div(out + 1 + n, out + 1 + n, z, prec);
    }
    arb_clear(z), arb_clear(t);
    return bad;
}

void gdc_ball_coord_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    long d = (long)x[0];
    double u = x[1], s[4] = {0}, s2[4] = {0};
    gdc_rng_t rng;
    gdc_rng_seed(&rng, seed);
    for (long i = 0; i < samples; i++) {
        /* (x2..xd) of a uniform point of the d-ball: g/|g| U^(1/d), g ~ N(0, I_d) */
        double g1 = gdc_rng_normal(&rng), rest = 0;
        for (long k = 1; k < d; k++) {
            double g = gdc_rng_normal(&rng);
            rest += g * g;
        }
        double rad = pow(gdc_rng_uniform(&rng), 1.0 / (double)d);
        double r2 = rest / (rest + g1 * g1) * rad * rad;
        double a = sqrt(1.0 - r2 > 0 ? 1.0 - r2 : 0.0), v[4];
        if (u >= a) {
            v[0] = v[1] = v[2] = v[3] = 0;
        } else if (u <= -a) {
            v[0] = 0;
            v[1] = 1;
            v[2] = -u;
            v[3] = a * a / 3.0 + u * u;
        } else {
            double h = a - u;
            v[0] = 0.5 / a;
            v[1] = h / (2.0 * a);
            v[2] = h * h / (4.0 * a);
            v[3] = h * h * h / (6.0 * a);
        }
        for (int k = 0; k < 4; k++) {
            s[k] += v[k];
            s2[k] += v[k] * v[k];
        }
    }
    for (int k = 0; k < 4; k++) {
        double m = s[k] / (double)samples, var = s2[k] / (double)samples - m * m;
        mean[k] = m;
        se[k] = sqrt((var > 0 ? var : 0) / (double)samples);
    }
}

/* ball.disk_cross: plain Monte Carlo of y uniform on the unit disk (polar: r = sqrt(U), angle uniform) */
void gdc_ball_disk_cross_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    double s = x[0], bw = x[1], t = x[2], bv = x[3], co = cos(x[4]), si = sin(x[4]), acc = 0, acc2 = 0;
    gdc_rng_t rng;
    gdc_rng_seed(&rng, seed);
    for (long i = 0; i < samples; i++) {
        double r = sqrt(gdc_rng_uniform(&rng)), ph = 6.283185307179586 * gdc_rng_uniform(&rng);
        double y1 = r * cos(ph), y2 = r * sin(ph);
        double a = s * y1 + bw, b = t * (co * y1 + si * y2) + bv;
        double v = (a > 0 && b > 0) ? a * b : 0.0;
        acc += v;
        acc2 += v * v;
    }
    double m = acc / (double)samples, var = acc2 / (double)samples - m * m;
    mean[0] = m;
    se[0] = sqrt((var > 0 ? var : 0) / (double)samples);
}

/* ball.disk_grad: plain Monte Carlo of the defining expectations (r - q) 1(a > 0) (y1, y2, 1), a = w.x, q = relu(v.x),
 * r = relu(a), and 1(a > 0, b > 0), y uniform on the unit disk */
void gdc_ball_disk_grad_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    double s = x[0], bw = x[1], t = x[2], bv = x[3], co = cos(x[4]), si = sin(x[4]), acc[4] = {0}, acc2[4] = {0};
    gdc_rng_t rng;
    gdc_rng_seed(&rng, seed);
    for (long i = 0; i < samples; i++) {
        double r = sqrt(gdc_rng_uniform(&rng)), ph = 6.283185307179586 * gdc_rng_uniform(&rng);
        double y1 = r * cos(ph), y2 = r * sin(ph);
        double a = s * y1 + bw, b = t * (co * y1 + si * y2) + bv, e = a > 0 ? a - (b > 0 ? b : 0) : 0;
        double v[4] = {e * y1, e * y2, e, (a > 0 && b > 0) ? 1.0 : 0.0};
        for (int k = 0; k < 4; k++) {
            acc[k] += v[k];
            acc2[k] += v[k] * v[k];
        }
    }
    for (int k = 0; k < 4; k++) {
        double m = acc[k] / (double)samples, var = acc2[k] / (double)samples - m * m;
        mean[k] = m;
        se[k] = sqrt((var > 0 ? var : 0) / (double)samples);
    }
}
