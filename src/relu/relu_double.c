/* Double kernels of the ReLU family (seed-000 C18, C19, C22-C24; seed-001 C1-C2; seed-003 C1):
 * stable forms of h, J, step, kernel, loss, gradient, correlation and its ratio, the flow rates and the
 * Hessian eigenvalues. Cancellation is removed by
 *   - pi - t as a two-double (core/angle.h), h(t) = G3(pi - t) with the G3 series (core/series.h),
 *   - J(t) = G3(t), t - sin t = S(t), 1 - cos t = 2 sin^2(t/2),
 *   - F = Q/4 - r J/(2 pi); pi - h = 2 pi sin^2(t/2) - J; corr = Q R (seed-000 C23) with
 *     R = 1/2 - D/(2 pi Q) when D/(2 pi Q) <= 1/4, else 2 pi corr = pi r^2 - r B + C (B <= 0) or
 *     pi (r - B/(2 pi))^2 + G/(4 pi) (B > 0), B = (2 pi - t) cos t + sin t, C = (pi - t) + sin t cos t,
 *     G = 4 pi C - B^2 >= 0 (the minimum over r of 2 pi corr >= 0, seed-000 C6),
 * and double-double arithmetic (core/dd.h) where the remaining sums may cancel. */
#include <math.h>
#include "relu/relu.h"
#include "core/dd.h"
#include "core/series.h"

#define HALF_PI 1.5707963267948966

static const gdc_dd_t PI_DD = {GDC_PI_HI, GDC_PI_LO};
static const gdc_dd_t INV2PI_DD = {GDC_INV2PI_HI, GDC_INV2PI_LO};
static const gdc_dd_t INVPI_DD = {GDC_INVPI_HI, GDC_INVPI_LO};

typedef struct {
    double t, s, c, st; /* t, sin t, cos t, sin(t/2) */
    gdc_dd_t e;         /* pi - t */
} trig_t;

static void trig(trig_t *g, double t)
{
    g->t = t;
    g->s = sin(t);
    g->c = cos(t);
    g->st = sin(0.5 * t);
    g->e.hi = gdc_pi_minus(t, &g->e.lo);
}

/* h = sin t + (pi - t) cos t: no cancellation for t <= pi/2; G3(pi - t) beyond */
static double h_of(const trig_t *g)
{
    if (g->t <= HALF_PI)
        return fma(g->e.hi, g->c, fma(g->e.lo, g->c, g->s));
    /* G3(e_hi + e_lo) = G3(e_hi) + e_lo G3'(e_hi), G3'(e) = e sin e, sin e = sin t */
    return gdc_g3_series(g->e.hi) + g->e.lo * g->e.hi * g->s;
}

double gdc_relu_h(double t)
{
    trig_t g;
    g.t = t;
    g.s = sin(t);
    g.c = cos(t);
    g.e.hi = gdc_pi_minus(t, &g.e.lo);
    return h_of(&g);
}

double gdc_relu_J(double t) { return gdc_g3(t); }

double gdc_relu_step(double t)
{
    gdc_dd_t e;
    e.hi = gdc_pi_minus(t, &e.lo);
    return gdc_dd_mul(e, INV2PI_DD).hi;
}

double gdc_relu_kernel(double a, double b, double t)
{
    double x = gdc_dd_mul_d(INV2PI_DD, gdc_relu_h(t)).hi; /* h/(2 pi) in [0, 1/2] */
    double big = a > b ? a : b, small = a > b ? b : a;
    return (big * x) * small; /* ordered so that no intermediate overflows before the result does */
}

/* Q = (1 - r)^2 + 4 r sin^2(t/2) in double-double */
static gdc_dd_t q_of(double r, const trig_t *g)
{
    gdc_dd_t a = gdc_dd_two_sum(1.0, -r);
    gdc_dd_t q = gdc_dd_mul(a, a);
    gdc_dd_t st2 = gdc_dd_two_prod(g->st, g->st);
    return gdc_dd_add(q, gdc_dd_mul_d(st2, 4.0 * r));
}

double gdc_relu_loss(double r, double t)
{
    trig_t g;
    trig(&g, t);
    gdc_dd_t q = q_of(r, &g);
    gdc_dd_t rj = gdc_dd_mul(gdc_dd_two_prod(r, gdc_g3(t)), INV2PI_DD);
    return gdc_dd_sub(gdc_dd_scale(q, 0.25), rj).hi;
}

/* pi - h = 2 pi sin^2(t/2) - J(t), as (pi - h)/(2 pi) = sin^2(t/2) - J/(2 pi) */
static gdc_dd_t pmh_over_2pi(const trig_t *g)
{
    gdc_dd_t st2 = gdc_dd_two_prod(g->st, g->st);
    return gdc_dd_sub(st2, gdc_dd_mul_d(INV2PI_DD, gdc_g3(g->t)));
}

static double grad0_of(double r, const trig_t *g)
{
    if (r <= 0.5 || g->t >= HALF_PI) {
        gdc_dd_t hp = gdc_dd_mul_d(INV2PI_DD, h_of(g));
        return gdc_dd_sub(gdc_dd_d(0.5 * r), hp).hi;
    }
    /* (r - 1)/2 + (pi - h)/(2 pi) */
    gdc_dd_t a = gdc_dd_scale(gdc_dd_two_sum(r, -1.0), 0.5);
    return gdc_dd_add(a, pmh_over_2pi(g)).hi;
}

/* (pi - t) sin t/(2 pi) */
static gdc_dd_t esin_over_2pi(const trig_t *g)
{
    return gdc_dd_mul(gdc_dd_mul_d(g->e, g->s), INV2PI_DD);
}

void gdc_relu_grad(double out[2], double r, double t)
{
    trig_t g;
    trig(&g, t);
    out[0] = grad0_of(r, &g);
    out[1] = -esin_over_2pi(&g).hi;
}

/* corr and R = corr/Q (seed-000 C23), both in double-double */
static void corr_both(gdc_dd_t *corr, gdc_dd_t *ratio, double r, double t)
{
    trig_t g;
    trig(&g, t);
    gdc_dd_t q = q_of(r, &g);
    if (q.hi == 0.0) { /* r == 1, t == 0: the limit */
        *corr = gdc_dd_d(0.0);
        *ratio = gdc_dd_d(0.5);
        return;
    }
    double jt = gdc_g3(t);
    /* D = (t - sin t) + (1 - cos t) sin t + r J(t), all terms >= 0 */
    gdc_dd_t omc = gdc_dd_scale(gdc_dd_two_prod(g.st, g.st), 2.0);
    gdc_dd_t d = gdc_dd_add(gdc_dd_d(gdc_xmsin(t)), gdc_dd_mul_d(omc, g.s));
    d = gdc_dd_add(d, gdc_dd_two_prod(r, jt));
    gdc_dd_t x = gdc_dd_mul(gdc_dd_div(d, q), INV2PI_DD); /* D/(2 pi Q) */
    if (x.hi <= 0.25) {
        *ratio = gdc_dd_sub(gdc_dd_d(0.5), x);
        *corr = gdc_dd_mul(q, *ratio);
        return;
    }
    /* B = (2 pi - t) cos t + sin t = (pi + e) cos t + sin t */
    gdc_dd_t b = gdc_dd_add(gdc_dd_mul_d(gdc_dd_add(PI_DD, g.e), g.c), gdc_dd_d(g.s));
    /* C = e + sin t cos t = S(2e)/2 for small e */
    gdc_dd_t c;
    if (g.e.hi < 1.0) {
        double e2 = 2.0 * g.e.hi;
        c = gdc_dd_d(0.5 * gdc_xmsin_series(e2));
        /* + e_lo (1 - cos 2e) = e_lo 2 sin^2 e, sin e = sin t */
        c = gdc_dd_add(c, gdc_dd_d(2.0 * g.e.lo * g.s * g.s));
    } else {
        c = gdc_dd_add(g.e, gdc_dd_two_prod(g.s, g.c));
    }
    gdc_dd_t twopicorr;
    if (b.hi <= 0.0) {
        /* pi r^2 - r B + C, all terms >= 0 */
        twopicorr = gdc_dd_add(gdc_dd_mul_d(gdc_dd_mul_d(PI_DD, r), r), gdc_dd_sub(c, gdc_dd_mul_d(b, r)));
    } else {
        /* pi (r - B/(2 pi))^2 + (4 pi C - B^2)/(4 pi) */
        gdc_dd_t m = gdc_dd_sub(gdc_dd_d(r), gdc_dd_mul(b, INV2PI_DD));
        gdc_dd_t gq = gdc_dd_sub(gdc_dd_scale(gdc_dd_mul(PI_DD, c), 4.0), gdc_dd_mul(b, b));
        twopicorr = gdc_dd_add(gdc_dd_mul(PI_DD, gdc_dd_mul(m, m)), gdc_dd_scale(gdc_dd_mul(gq, INV2PI_DD), 0.5));
    }
    *corr = gdc_dd_mul(twopicorr, INV2PI_DD);
    *ratio = gdc_dd_div(*corr, q);
}

double gdc_relu_corr(double r, double t)
{
    gdc_dd_t c, ratio;
    corr_both(&c, &ratio, r, t);
    return c.hi;
}

double gdc_relu_corr_ratio(double r, double t)
{
    if (r > 0x1p200) {
        /* Q and D divided by r: Q/r = (r - 2 cos t) + 1/r, D/r = J + ((t - sin t) + (1 - cos t) sin t)/r;
         * here D/(2 pi Q) < 2^-190, so R = 1/2 - D/(2 pi Q) has no cancellation */
        double st = sin(0.5 * t);
        double qr = (r - 2.0 * cos(t)) + 1.0 / r;
        double dr = gdc_g3(t) + (gdc_xmsin(t) + 2.0 * st * st * sin(t)) / r;
        return 0.5 - gdc_dd_mul_d(INV2PI_DD, dr / qr).hi;
    }
    gdc_dd_t c, ratio;
    corr_both(&c, &ratio, r, t);
    return ratio.hi;
}

double gdc_relu_norm_rate(double r, double t)
{
    /* r (h/pi - r) */
    gdc_dd_t hp = gdc_dd_mul_d(INVPI_DD, gdc_relu_h(t));
    return gdc_dd_mul_d(gdc_dd_sub(hp, gdc_dd_d(r)), r).hi;
}

double gdc_relu_angle_rate(double r, double t)
{
    trig_t g;
    trig(&g, t);
    return -gdc_dd_div(esin_over_2pi(&g), gdc_dd_d(r)).hi;
}

void gdc_relu_hess_eig(double out[3], double r, double t)
{
    double s = sin(t);
    /* q = sin t/(pi r) */
    gdc_dd_t q = gdc_dd_mul(gdc_dd_div(gdc_dd_d(s), gdc_dd_d(r)), INVPI_DD);
    out[0] = 0.5;
    out[1] = gdc_dd_sub(gdc_dd_d(0.5), q).hi;
    out[2] = gdc_dd_sub(gdc_dd_d(0.5), gdc_dd_scale(q, 0.5)).hi;
}
