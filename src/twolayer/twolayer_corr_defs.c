/* twolayer.corr (001_66813dc1ca3a5435.txt App. A.4; seed-001 C11, C8, C6): the MPFR value by the A.4 formula as
 * printed, the definition checks (C8's gradient vectors in Arb; Monte Carlo of the defining expectation) and the
 * hard regimes. Arguments e1, e2, p1, p2, chi and the vectors a = (1, 0, 0), b1 = e1 (cos p1, sin p1, 0),
 * b2 = e2 (cos p2, sin p2 cos chi, sin p2 sin chi), w1 = a + b1, w2 = -(a + b2) as in twolayer_corr.c. */
#include <math.h>
#include "twolayer/twolayer.h"
#include "twolayer/twolayer_defs.h"
#include "core/angle.h"

/* the A.4 terms cancel O(1) to O(||W - W*||^2): raise the precision by twice the binary exponent of max(e1, e2)
 * below 1, plus margin for the cancellation where corr vanishes away from W* */
static long extra_bits(double e1, double e2)
{
    int ex;
    frexp(fmax(e1, e2), &ex);
    return 200 + (ex < 0 ? -2L * ex : 0);
}

/* the A.4 formula as printed (v = (1, -1), ||a|| = 1), theta from the vectors by atan2 */
void gdc_twolayer_corr_mpfr(mpfr_ptr out, mpfr_srcptr X)
{
    if (mpfr_zero_p(X) && mpfr_zero_p(X + 1)) { /* W = W*: the correlation is exactly 0 (A.4's terms cancel) */
        mpfr_set_zero(out, 1);
        return;
    }
    mpfr_prec_t wp = mpfr_get_prec(out) + extra_bits(mpfr_get_d(X, MPFR_RNDN), mpfr_get_d(X + 1, MPFR_RNDN));
    mpfr_t c, s, cc, sc, x1, y1, x2, y2, n1, n2, u, v, th, st, pi, h, r;
    mpfr_inits2(wp, c, s, cc, sc, x1, y1, x2, y2, n1, n2, u, v, th, st, pi, h, r, (mpfr_ptr)0);
    mpfr_const_pi(pi, MPFR_RNDN);
    mpfr_sin_cos(sc, cc, X + 4, MPFR_RNDN);
    mpfr_sin_cos(s, c, X + 2, MPFR_RNDN);          /* w1 = (x1, y1, 0) */
    mpfr_mul(x1, X, c, MPFR_RNDN);
    mpfr_add_ui(x1, x1, 1, MPFR_RNDN);
    mpfr_mul(y1, X, s, MPFR_RNDN);
    mpfr_sin_cos(s, c, X + 3, MPFR_RNDN);          /* -w2 = (x2, y2 cos chi, y2 sin chi) */
    mpfr_mul(x2, X + 1, c, MPFR_RNDN);
    mpfr_add_ui(x2, x2, 1, MPFR_RNDN);
    mpfr_mul(y2, X + 1, s, MPFR_RNDN);
    mpfr_hypot(n1, x1, y1, MPFR_RNDN);
    mpfr_hypot(n2, x2, y2, MPFR_RNDN);
    /* theta = atan2(||w1 x w2||, w1.w2), ||w1 x w2||^2 = (n1 y2 sin chi)^2 + (x1 y2 cos chi - x2 y1)^2 */
    mpfr_mul(u, x1, y2, MPFR_RNDN);
    mpfr_mul(u, u, cc, MPFR_RNDN);
    mpfr_mul(v, x2, y1, MPFR_RNDN);
    mpfr_sub(u, u, v, MPFR_RNDN);
    mpfr_mul(v, n1, y2, MPFR_RNDN);
    mpfr_mul(v, v, sc, MPFR_RNDN);
    mpfr_hypot(u, u, v, MPFR_RNDN);
    mpfr_mul(v, y1, y2, MPFR_RNDN);
    mpfr_mul(v, v, cc, MPFR_RNDN);
    mpfr_fma(v, x1, x2, v, MPFR_RNDN);
    mpfr_neg(v, v, MPFR_RNDN);
    mpfr_atan2(th, u, v, MPFR_RNDN);
    mpfr_sin_cos(st, c, th, MPFR_RNDN);            /* h = sin t + (pi - t) cos t */
    mpfr_sub(h, pi, th, MPFR_RNDN);
    mpfr_fma(h, h, c, st, MPFR_RNDN);
    /* r = n1^2/2 + n2^2/2 + 1 - h n1 n2/pi */
    mpfr_sqr(r, n1, MPFR_RNDN);
    mpfr_sqr(u, n2, MPFR_RNDN);
    mpfr_add(r, r, u, MPFR_RNDN);
    mpfr_div_2ui(r, r, 1, MPFR_RNDN);
    mpfr_add_ui(r, r, 1, MPFR_RNDN);
    mpfr_mul(u, h, n1, MPFR_RNDN);
    mpfr_mul(u, u, n2, MPFR_RNDN);
    mpfr_div(u, u, pi, MPFR_RNDN);
    mpfr_sub(r, r, u, MPFR_RNDN);
    /* - (3 pi - sin t n2/n1 - t) w1.a/(2 pi) + (3 pi - sin t n1/n2 - t) w2.a/(2 pi), w1.a = x1, w2.a = -x2 */
    mpfr_mul_ui(h, pi, 3, MPFR_RNDN);
    mpfr_sub(h, h, th, MPFR_RNDN);
    mpfr_mul(u, st, n2, MPFR_RNDN);
    mpfr_div(u, u, n1, MPFR_RNDN);
    mpfr_sub(u, h, u, MPFR_RNDN);
    mpfr_mul(u, u, x1, MPFR_RNDN);
    mpfr_mul(v, st, n1, MPFR_RNDN);
    mpfr_div(v, v, n2, MPFR_RNDN);
    mpfr_sub(v, h, v, MPFR_RNDN);
    mpfr_fma(u, v, x2, u, MPFR_RNDN);
    mpfr_mul_2ui(pi, pi, 1, MPFR_RNDN);
    mpfr_div(u, u, pi, MPFR_RNDN);
    mpfr_sub(out, r, u, MPFR_RNDN);
    mpfr_clears(c, s, cc, sc, x1, y1, x2, y2, n1, n2, u, v, th, st, pi, h, r, (mpfr_ptr)0);
}

/* the vectors a, w1, w2 of R^3 as balls, from balls of (e1, e2, p1, p2, chi) */
static void vec_arb(arb_ptr a, arb_ptr w1, arb_ptr w2, arb_srcptr x, slong prec)
{
    arb_t c, s;
    arb_init(c);
    arb_init(s);
    for (int i = 0; i < 3; i++)
        arb_set_ui(a + i, i == 0);
    arb_sin_cos(s, c, x + 2, prec);
    arb_mul(w1 + 0, x + 0, c, prec);
    arb_mul(w1 + 1, x + 0, s, prec);
    arb_zero(w1 + 2);
    arb_sin_cos(s, c, x + 3, prec);
    arb_mul(w2 + 0, x + 1, c, prec);
    arb_mul(s, s, x + 1, prec);
    arb_sin_cos(w2 + 2, w2 + 1, x + 4, prec);
    arb_mul(w2 + 1, w2 + 1, s, prec);
    arb_mul(w2 + 2, w2 + 2, s, prec);
    for (int i = 0; i < 3; i++) {
        arb_add(w1 + i, w1 + i, a + i, prec);
        arb_add(w2 + i, w2 + i, a + i, prec);
        arb_neg(w2 + i, w2 + i);
    }
    arb_clear(c);
    arb_clear(s);
}

static void dot3(arb_t r, arb_srcptr u, arb_srcptr v, slong prec)
{
    arb_dot(r, NULL, 0, u, 1, v, 1, 3, prec);
}

/* C6: g(u, v) = (||v|| sin t u/||u|| + (pi - t) v)/(2 pi), st = sin t, pmt = pi - t */
static void kernel_grad3(arb_ptr g, arb_srcptr u, arb_srcptr v, const arb_t st, const arb_t pmt, slong prec)
{
    arb_t nu, nv, pi;
    arb_init(nu);
    arb_init(nv);
    arb_init(pi);
    dot3(nu, u, u, prec);
    arb_sqrtpos(nu, nu, prec);
    dot3(nv, v, v, prec);
    arb_sqrtpos(nv, nv, prec);
    arb_mul(nv, nv, st, prec);
    arb_div(nv, nv, nu, prec);
    arb_const_pi(pi, prec);
    arb_mul_2exp_si(pi, pi, 1);
    for (int i = 0; i < 3; i++) {
        arb_mul(g + i, nv, u + i, prec);
        arb_addmul(g + i, pmt, v + i, prec);
        arb_div(g + i, g + i, pi, prec);
    }
    arb_clear(nu);
    arb_clear(nv);
    arb_clear(pi);
}

/* <W - W*, grad L> with C8's rows grad_1 = (w1 - a)/2 - g(w1, w2), grad_2 = (w2 + a)/2 - g(w2, w1), theta by
 * atan2(||w1 x w2||, w1.w2), at the balls x = (e1, e2, p1, p2, chi), working precision wp */
static void corr_vectors(arb_t out, arb_srcptr x, slong wp)
{
    arb_ptr v = _arb_vec_init(18), a = v, w1 = v + 3, w2 = v + 6, d1 = v + 9, d2 = v + 12, g = v + 15;
    arb_t st, pmt, t, u;
    arb_init(st);
    arb_init(pmt);
    arb_init(t);
    arb_init(u);
    vec_arb(a, w1, w2, x, wp);
    for (int i = 0; i < 3; i++) {              /* cross product into g, differences into d1, d2 */
        int j = (i + 1) % 3, k = (i + 2) % 3;
        arb_mul(g + i, w1 + j, w2 + k, wp);
        arb_submul(g + i, w1 + k, w2 + j, wp);
        arb_sub(d1 + i, w1 + i, a + i, wp);
        arb_add(d2 + i, w2 + i, a + i, wp);
    }
    dot3(t, g, g, wp);
    arb_sqrtpos(t, t, wp);
    dot3(u, w1, w2, wp);
    arb_atan2(pmt, t, u, wp);
    arb_sin(st, pmt, wp);
    arb_const_pi(t, wp);
    arb_sub(pmt, t, pmt, wp);
    arb_zero(out);
    for (int r = 0; r < 2; r++) {
        arb_srcptr p = r ? w2 : w1, q = r ? w1 : w2, d = r ? d2 : d1;
        kernel_grad3(g, p, q, st, pmt, wp);
        for (int i = 0; i < 3; i++) {           /* grad = d/2 - g */
            arb_mul_2exp_si(t, d + i, -1);
            arb_sub(g + i, t, g + i, wp);
        }
        dot3(t, d, g, wp);
        arb_add(out, out, t, wp);
    }
    arb_clear(st);
    arb_clear(pmt);
    arb_clear(t);
    arb_clear(u);
    _arb_vec_clear(v, 18);
}

int gdc_twolayer_def_corr(arb_ptr out, const double *x, slong prec)
{
    arb_ptr X = _arb_vec_init(5);
    for (int i = 0; i < 5; i++)
        arb_set_d(X + i, x[i]);
    corr_vectors(out, X, prec + extra_bits(x[0], x[1]));
    _arb_vec_clear(X, 5);
    int ok = arb_is_finite(out);
    arb_set_round(out, out, prec);
    return ok ? 0 : 1;
}

/* twolayer.corr_ratio: the same at e1 = rho cos alpha, e2 = rho sin alpha (balls), divided by rho^2; at rho = 0 the
 * row's value there, the limit 1/2 */
int gdc_twolayer_def_corr_ratio(arb_ptr out, const double *x, slong prec)
{
    if (x[0] == 0) {
        arb_set_d(out, 0.5);
        return 0;
    }
    slong wp = prec + extra_bits(x[0], x[0]);
    arb_ptr X = _arb_vec_init(5);
    arb_t r;
    arb_init(r);
    for (int i = 0; i < 5; i++)
        arb_set_d(X + i, x[i]);
    arb_sin_cos(X + 1, X + 0, X + 1, wp);
    arb_set_d(r, x[0]);
    arb_mul(X + 0, X + 0, r, wp);
    arb_mul(X + 1, X + 1, r, wp);
    corr_vectors(out, X, wp);
    arb_sqr(r, r, wp);
    arb_div(out, out, r, wp);
    int ok = arb_is_finite(out);
    arb_set_round(out, out, prec);
    arb_clear(r);
    _arb_vec_clear(X, 5);
    return ok ? 0 : 1;
}

/* E[r(x) (1{w1.x > 0} d1.x - 1{w2.x > 0} d2.x)], r(x) = relu(w1.x) - relu(w2.x) - a.x, d1 = w1 - a, d2 = w2 + a,
 * x ~ N(0, I_3) (the vectors span at most R^3) */
void gdc_twolayer_def_corr_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    double c1 = cos(x[2]), s1 = sin(x[2]), c2 = cos(x[3]), s2 = sin(x[3]);
    double b1[3] = {x[0] * c1, x[0] * s1, 0.0};
    double b2[3] = {x[1] * c2, x[1] * s2 * cos(x[4]), x[1] * s2 * sin(x[4])};
    double w1[3] = {1.0 + b1[0], b1[1], 0.0}, w2[3] = {-1.0 - b2[0], -b2[1], -b2[2]};
    gdc_rng_t g;
    gdc_rng_seed(&g, seed);
    double s = 0, ss = 0;
    for (long i = 0; i < samples; i++) {
        double z[3], p1 = 0, p2 = 0, q1 = 0, q2 = 0;
        for (int k = 0; k < 3; k++) {
            z[k] = gdc_rng_normal(&g);
            p1 += w1[k] * z[k];
            p2 += w2[k] * z[k];
            q1 += b1[k] * z[k];
            q2 -= b2[k] * z[k];                 /* d2 = w2 + a = -b2 */
        }
        double r = fmax(p1, 0.0) - fmax(p2, 0.0) - z[0];
        double y = r * ((p1 > 0 ? q1 : 0.0) - (p2 > 0 ? q2 : 0.0));
        s += y;
        ss += y * y;
    }
    double n = (double)samples;
    mean[0] = s / n;
    se[0] = sqrt(fmax(0.0, (ss / n - mean[0] * mean[0]) / (n - 1.0)));
}

/* twolayer.corr_ratio: corr's Monte Carlo at e1 = rho cos alpha, e2 = rho sin alpha (rounded to double: a relative
 * change of 2^-52, far below the statistical error), divided by rho^2 (rho > 0) */
void gdc_twolayer_def_corr_ratio_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    double y[5] = {x[0] * cos(x[1]), x[0] * sin(x[1]), x[2], x[3], x[4]}, q = x[0] * x[0];
    gdc_twolayer_def_corr_mc(mean, se, y, seed, samples);
    mean[0] /= q;
    se[0] /= q;
}

/* (e, p, chi) of a difference vector b2 = (bx, by, bz), bz >= 0 */
static void polar(double *x, const double *b)
{
    double rho = hypot(b[1], b[2]);
    x[1] = hypot(b[0], rho);
    x[3] = atan2(rho, b[0]);
    x[4] = atan2(b[2], b[1]);
}

/* W -> W*: e1, e2 in 1e-150 .. 1e-1, angles uniform */
void gdc_twolayer_reg_corr_wstar(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_logu(rng, -150, -1);
    x[1] = gdc_rng_logu(rng, -150, -1);
    for (int i = 2; i < 5; i++)
        x[i] = gdc_rng_range(rng, 0, GDC_PI_HI);
}

/* near the saddle family w1 = (c + 1) a, w2 = c a (theta -> 0, corr -> 0): e1 ~ c, p1 ~ 0, e2 ~ c + 1, p2 ~ pi */
void gdc_twolayer_reg_corr_saddle(double *x, gdc_rng_t *rng)
{
    double c = gdc_rng_range(rng, 0.05, 3), t = gdc_rng_logu(rng, -12, -1);
    x[0] = c * (1 + t * gdc_rng_range(rng, -1, 1));
    x[1] = (c + 1) * (1 + t * gdc_rng_range(rng, -1, 1));
    x[2] = t * gdc_rng_uniform(rng);
    x[3] = GDC_PI_HI - t * gdc_rng_uniform(rng);
    x[4] = gdc_rng_range(rng, 0, GDC_PI_HI);
}

/* theta -> pi away from W*: -w2 = l w1 + a small vector orthogonal to the plane (beta -> 0) */
void gdc_twolayer_reg_corr_anti(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_range(rng, 0.05, 3);
    x[2] = gdc_rng_range(rng, 0, GDC_PI_HI);
    double l = gdc_rng_range(rng, 0.2, 3), t = gdc_rng_logu(rng, -14, -1);
    double w1[3] = {1 + x[0] * cos(x[2]), x[0] * sin(x[2]), 0};
    double b2[3] = {l * w1[0] - 1, l * w1[1], t};
    polar(x, b2);
}

/* one neuron -> 0 (e -> 1, p -> pi: corr has no limit there, and grows sensitive) */
void gdc_twolayer_reg_corr_dead(double *x, gdc_rng_t *rng)
{
    int k = gdc_rng_uniform(rng) < 0.5;
    x[k] = 1 + gdc_rng_logu(rng, -10, -2) * gdc_rng_range(rng, -1, 1);
    x[2 + k] = GDC_PI_HI - gdc_rng_logu(rng, -10, -2);
    x[1 - k] = gdc_rng_range(rng, 0, 3);
    x[3 - k] = gdc_rng_range(rng, 0, GDC_PI_HI);
    x[4] = gdc_rng_range(rng, 0, GDC_PI_HI);
}

/* norms 1e-100 .. 1e100 */
void gdc_twolayer_reg_corr_scale(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_logu(rng, -100, 100);
    x[1] = gdc_rng_logu(rng, -100, 100);
    for (int i = 2; i < 5; i++)
        x[i] = gdc_rng_range(rng, 0, GDC_PI_HI);
}

/* twolayer.corr_ratio: rho -> 0 (1e-150 .. 1e-1), angles uniform */
void gdc_twolayer_reg_ratio_wstar(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_logu(rng, -150, -1);
    x[1] = gdc_rng_range(rng, 0, 0.5 * GDC_PI_HI);
    for (int i = 2; i < 5; i++)
        x[i] = gdc_rng_range(rng, 0, GDC_PI_HI);
}

/* alpha -> 0 or pi/2 (one neuron at its target), rho up to 1/2 */
void gdc_twolayer_reg_ratio_edge(double *x, gdc_rng_t *rng)
{
    double t = gdc_rng_logu(rng, -12, -1);
    x[0] = gdc_rng_range(rng, 0, 0.5);
    x[1] = gdc_rng_uniform(rng) < 0.5 ? t : 0.5 * GDC_PI_HI - t;
    for (int i = 2; i < 5; i++)
        x[i] = gdc_rng_range(rng, 0, GDC_PI_HI);
}

/* beta -> 0: m2 = -w2 = l w1 + a small vector orthogonal to the plane, l near 1 so that rho <= 1/2 (|b1| <= 1/4,
 * |l - 1| <= 1/20: |b2| <= |l - 1| |w1| + l |b1| + t <= 0.0625 + 0.2625 + 0.1, rho <= 0.49) */
void gdc_twolayer_reg_ratio_parallel(double *x, gdc_rng_t *rng)
{
    double y[5], e1 = gdc_rng_range(rng, 0, 0.25), p1 = gdc_rng_range(rng, 0, GDC_PI_HI);
    double l = gdc_rng_range(rng, 0.95, 1.05), t = 0.1 * gdc_rng_logu(rng, -14, 0);
    double w1[3] = {1 + e1 * cos(p1), e1 * sin(p1), 0};
    double b2[3] = {l * w1[0] - 1, l * w1[1], t};
    polar(y, b2);
    x[0] = hypot(e1, y[1]);
    x[1] = atan2(y[1], e1);
    x[2] = p1;
    x[3] = y[3];
    x[4] = y[4];
}
