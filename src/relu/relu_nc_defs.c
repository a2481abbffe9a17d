/* Definition checks of relu.nc_grad (000_09c7d5b8511ab65b.txt Sec. 6.2, Eq. (1)-(2) with x ~ N((0, m), I_2),
 * v = (1, 0); seed-000 C26): the defining expectations
 *   grad F = E[(relu(w.x) - relu(x1)) 1(w.x > 0) x],   F = E[(relu(w.x) - relu(x1))^2]/2,
 * computed without the C26 polar reduction (no M3, no angular kinks).
 *
 * (1) Rigorous, Cartesian coordinates along w. With r = |w|, e = w/r, e' = (-e_y, e_x): s = e.x ~ N(mu_s, 1) and
 *     t = e'.x ~ N(mu_t, 1) are independent, mu_s = m e_y, mu_t = m e_x, w.x = r s, x = s e + t e', and
 *     x1 = s e_x - t e_y. For fixed s write x1 = A + beta z, z = t - mu_t ~ N(0, 1), beta = -e_y,
 *     A = s e_x + beta mu_t = e_x (s - mu_s). For beta != 0, with Phi, phi the standard normal cdf and density,
 *       E_t[relu(x1)]   = A Phi(A/|beta|) + |beta| phi(A/|beta|),
 *       E_t[relu(x1) z] = beta Phi(A/|beta|)   (Stein: E[g(z) z] = E[g'(z)]),
 *     and for beta = 0 (e_x = +-1) E_t[relu(x1)] = relu(s e_x), E_t[relu(x1) z] = 0. Then, with p(s) the density
 *     of s and E_t[relu(x1) t] = mu_t E_t[relu(x1)] + E_t[relu(x1) z],
 *       G_s = int_0^inf p(s) s (r s - E_t[relu(x1)]) ds,   G_t = int_0^inf p(s) (r s mu_t - E_t[relu(x1) t]) ds,
 *       grad F = G_s e + G_t e',   F = 1/4 + int_0^inf p(s) (r^2 s^2/2 - r s E_t[relu(x1)]) ds
 *     (1/4 = E[relu(x1)^2]/2, x1 ~ N(0, 1)). The integrands are entire in s (erfc, exp), integrated by
 *     acb_calc_integrate over [0, R], R = max(mu_s, 0) + T. Tail: for s >= R each integrand is at most
 *     p(s) B(s), B(s) = (r + 1)^2 (s + c)^2 + c^2 + 1, c = |m| + 1 (from E_t|x1| <= s + c), and with
 *     y = s - mu_s >= Y = R - mu_s, d = |mu_s| + c, (s + c)^2 <= 2 y^2 + 2 d^2, int_Y^inf y^2 phi = Y phi(Y) + Q(Y),
 *     Q(Y) <= phi(Y)/Y:  int_R^inf p B <= (r + 1)^2 (2 Y phi(Y) + (2 + 2 d^2) phi(Y)/Y) + (c^2 + 1) phi(Y)/Y,
 *     added to the radius of G_s, G_t and F.
 * (2) Seeded Monte Carlo of the same expectations (the gradient over the active half-plane, see below). */
#include <math.h>
#include "relu/relu_nc.h"
#include "core/rng.h"

typedef struct {
    arb_t r, ex, ey, ms, mt, beta, abeta, inv_sqrt2, inv_sqrt_2pi;
    int beta_zero;
    int kind; /* 0: G_s + i G_t, 1: the F integrand */
} cart_t;

static int cart_integrand(acb_ptr out, const acb_t s, void *param, slong order, slong prec)
{
    (void)order; /* entire in s */
    cart_t *p = param;
    acb_t a, z, cdf, pdf, er, ert, ps, t;
    acb_init(a); acb_init(z); acb_init(cdf); acb_init(pdf); acb_init(er); acb_init(ert); acb_init(ps); acb_init(t);
    /* p(s) = e^{-(s - mu_s)^2/2}/sqrt(2 pi) */
    acb_sub_arb(ps, s, p->ms, prec);
    acb_mul_arb(a, ps, p->ex, prec); /* A = e_x (s - mu_s) */
    acb_sqr(ps, ps, prec);
    acb_mul_2exp_si(ps, ps, -1);
    acb_neg(ps, ps);
    acb_exp(ps, ps, prec);
    acb_mul_arb(ps, ps, p->inv_sqrt_2pi, prec);
    if (p->beta_zero) {
        if (arb_is_positive(p->ex))
            acb_set(er, s);
        else
            acb_zero(er);
        acb_zero(ert);
    } else {
        acb_div_arb(z, a, p->abeta, prec);
        /* Phi(z) = erfc(-z/sqrt2)/2, phi(z) = e^{-z^2/2}/sqrt(2 pi) */
        acb_mul_arb(t, z, p->inv_sqrt2, prec);
        acb_neg(t, t);
        acb_hypgeom_erfc(cdf, t, prec);
        acb_mul_2exp_si(cdf, cdf, -1);
        acb_sqr(t, z, prec);
        acb_mul_2exp_si(t, t, -1);
        acb_neg(t, t);
        acb_exp(pdf, t, prec);
        acb_mul_arb(pdf, pdf, p->inv_sqrt_2pi, prec);
        acb_mul(er, a, cdf, prec);
        acb_mul_arb(t, pdf, p->abeta, prec);
        acb_add(er, er, t, prec); /* E_t relu(x1) */
        acb_mul_arb(ert, cdf, p->beta, prec); /* E_t[relu(x1) z] */
    }
    acb_mul_arb(t, er, p->mt, prec);
    acb_add(ert, ert, t, prec); /* E_t[relu(x1) t] */
    acb_mul_arb(z, s, p->r, prec); /* r s */
    if (p->kind == 0) {
        acb_sub(t, z, er, prec);
        acb_mul(t, t, s, prec); /* s (r s - E relu) */
        acb_mul_arb(a, z, p->mt, prec);
        acb_sub(a, a, ert, prec); /* r s mu_t - E[relu t] */
        acb_mul_onei(a, a);
        acb_add(t, t, a, prec);
    } else {
        acb_mul_2exp_si(t, z, -1);
        acb_sub(t, t, er, prec);
        acb_mul(t, t, z, prec); /* r s (r s/2 - E relu) */
    }
    acb_mul(out, t, ps, prec);
    acb_clear(a); acb_clear(z); acb_clear(cdf); acb_clear(pdf); acb_clear(er); acb_clear(ert); acb_clear(ps);
    acb_clear(t);
    return 0;
}

int gdc_relu_nc_def_cartesian(arb_ptr out, const double *x, slong prec)
{
    if (x[0] == 0.0 && x[1] == 0.0)
        return 1; /* the gradient has no defining expectation at w = 0 (a convention there) */
    slong wp = prec + 30;
    int status = 0;
    cart_t p;
    arb_init(p.r); arb_init(p.ex); arb_init(p.ey); arb_init(p.ms); arb_init(p.mt); arb_init(p.beta);
    arb_init(p.abeta); arb_init(p.inv_sqrt2); arb_init(p.inv_sqrt_2pi);
    arb_t m, t, y, ph, tail, c, d;
    arb_init(m); arb_init(t); arb_init(y); arb_init(ph); arb_init(tail); arb_init(c); arb_init(d);
    arb_set_d(p.ex, x[0]);
    arb_set_d(p.ey, x[1]);
    arb_set_d(m, x[2]);
    arb_sqr(p.r, p.ex, wp);
    arb_sqr(t, p.ey, wp);
    arb_add(p.r, p.r, t, wp);
    arb_sqrt(p.r, p.r, wp);
    arb_div(p.ex, p.ex, p.r, wp);
    arb_div(p.ey, p.ey, p.r, wp);
    arb_mul(p.ms, m, p.ey, wp);
    arb_mul(p.mt, m, p.ex, wp);
    arb_neg(p.beta, p.ey);
    arb_abs(p.abeta, p.beta);
    p.beta_zero = x[1] == 0.0;
    arb_rsqrt_ui(p.inv_sqrt2, 2, wp);
    arb_const_pi(p.inv_sqrt_2pi, wp);
    arb_mul_2exp_si(p.inv_sqrt_2pi, p.inv_sqrt_2pi, 1);
    arb_rsqrt(p.inv_sqrt_2pi, p.inv_sqrt_2pi, wp);
    /* [0, R]: R = max(mu_s, 0) + T with phi(T) far below 2^-prec */
    double ms = x[2] * x[1] / hypot(x[0], x[1]);
    double rr = (ms > 0.0 ? ms : 0.0) + sqrt(2.0 * (double)(prec + 40) * 0.6931471805599453) + 2.0;
    acb_t a, b, g, f;
    acb_init(a); acb_init(b); acb_init(g); acb_init(f);
    acb_zero(a);
    arb_set_d(acb_realref(b), rr);
    mag_t tol;
    mag_init(tol);
    mag_set_ui_2exp_si(tol, 1, -prec - 20);
    acb_calc_integrate_opt_t opt;
    acb_calc_integrate_opt_init(opt);
    p.kind = 0;
    if (acb_calc_integrate(g, cart_integrand, &p, a, b, prec, tol, opt, wp) != ARB_CALC_SUCCESS)
        status = 1;
    p.kind = 1;
    if (acb_calc_integrate(f, cart_integrand, &p, a, b, prec, tol, opt, wp) != ARB_CALC_SUCCESS)
        status = 1;
    /* tail bound */
    arb_sub(y, acb_realref(b), p.ms, wp); /* Y > 0 */
    arb_sqr(ph, y, wp);
    arb_mul_2exp_si(ph, ph, -1);
    arb_neg(ph, ph);
    arb_exp(ph, ph, wp);
    arb_mul(ph, ph, p.inv_sqrt_2pi, wp); /* phi(Y) */
    arb_abs(c, m);
    arb_add_ui(c, c, 1, wp);
    arb_abs(d, p.ms);
    arb_add(d, d, c, wp);
    arb_sqr(d, d, wp);
    arb_mul_2exp_si(d, d, 1);
    arb_add_ui(d, d, 2, wp);
    arb_div(d, d, y, wp);
    arb_mul_2exp_si(t, y, 1);
    arb_add(t, t, d, wp);
    arb_add_ui(d, p.r, 1, wp);
    arb_sqr(d, d, wp);
    arb_mul(tail, t, d, wp); /* (r+1)^2 (2 Y + (2 + 2 d^2)/Y) */
    arb_sqr(t, c, wp);
    arb_add_ui(t, t, 1, wp);
    arb_div(t, t, y, wp);
    arb_add(tail, tail, t, wp);
    arb_mul(tail, tail, ph, wp);
    mag_t tm;
    mag_init(tm);
    arb_get_mag(tm, tail);
    arb_add_error_mag(acb_realref(g), tm);
    arb_add_error_mag(acb_imagref(g), tm);
    arb_add_error_mag(acb_realref(f), tm);
    /* grad = G_s e + G_t e', e' = (-e_y, e_x) */
    arb_mul(out, acb_realref(g), p.ex, wp);
    arb_mul(t, acb_imagref(g), p.ey, wp);
    arb_sub(out, out, t, prec);
    arb_mul(out + 1, acb_realref(g), p.ey, wp);
    arb_mul(t, acb_imagref(g), p.ex, wp);
    arb_add(out + 1, out + 1, t, prec);
    arb_one(t);
    arb_mul_2exp_si(t, t, -2);
    arb_add(out + 2, acb_realref(f), t, prec);
    mag_clear(tm);
    mag_clear(tol);
    acb_clear(a); acb_clear(b); acb_clear(g); acb_clear(f);
    arb_clear(m); arb_clear(t); arb_clear(y); arb_clear(ph); arb_clear(tail); arb_clear(c); arb_clear(d);
    arb_clear(p.r); arb_clear(p.ex); arb_clear(p.ey); arb_clear(p.ms); arb_clear(p.mt); arb_clear(p.beta);
    arb_clear(p.abeta); arb_clear(p.inv_sqrt2); arb_clear(p.inv_sqrt_2pi);
    return status;
}

/* Z ~ N(0, 1) conditioned on Z > a: rejection from N(0, 1) for a <= 1/2, else Robert's (1995) exponential proposal
 * with rate (a + sqrt(a^2 + 4))/2 */
static double trunc_normal_above(gdc_rng_t *g, double a)
{
    if (a <= 0.5) {
        for (;;) {
            double z = gdc_rng_normal(g);
            if (z > a)
                return z;
        }
    }
    double al = 0.5 * (a + sqrt(a * a + 4.0));
    for (;;) {
        double z = a - log(1.0 - gdc_rng_uniform(g)) / al;
        if (gdc_rng_uniform(g) <= exp(-0.5 * (z - al) * (z - al)))
            return z;
    }
}

/* Monte Carlo. The gradient: over s = e.x conditioned on s > 0 (truncated normal), times P(s > 0) = Phi(mu_s), so
 * that every sample lies in the active half-plane however small its mass; F: plain samples of x ~ N((0, m), I_2). */
void gdc_relu_nc_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, seed);
    double r = hypot(x[0], x[1]), ex = x[0] / r, ey = x[1] / r, ms = x[2] * ey, mt = x[2] * ex;
    double pact = 0.5 * erfc(-ms * M_SQRT1_2);
    double s[3] = {0, 0, 0}, s2[3] = {0, 0, 0};
    for (long i = 0; i < samples; i++) {
        /* active: x = s e + t e', e' = (-e_y, e_x) */
        double sa = ms + trunc_normal_above(&g, -ms), t = mt + gdc_rng_normal(&g);
        double x1 = sa * ex - t * ey, x2 = sa * ey + t * ex;
        double d = r * sa - (x1 > 0.0 ? x1 : 0.0);
        /* plain, for F */
        double y1 = gdc_rng_normal(&g), y2 = x[2] + gdc_rng_normal(&g);
        double wu = x[0] * y1 + x[1] * y2;
        double e = (wu > 0.0 ? wu : 0.0) - (y1 > 0.0 ? y1 : 0.0);
        double v[3] = {pact * d * x1, pact * d * x2, 0.5 * e * e};
        for (int k = 0; k < 3; k++) {
            s[k] += v[k];
            s2[k] += v[k] * v[k];
        }
    }
    for (int k = 0; k < 3; k++) {
        double n = (double)samples;
        mean[k] = s[k] / n;
        double var = (s2[k] / n - mean[k] * mean[k]) * n / (n - 1.0);
        se[k] = var > 0.0 ? sqrt(var / n) : 0.0;
    }
}
