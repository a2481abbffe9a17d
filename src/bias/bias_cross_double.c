/* Double kernels of the Gaussian cross moment, loss and loss gap (seed-004 C11, C12, C5): conditioning on the
 * component z = -x of x~ along w~ leaves a one-dimensional integral,
 *   J   = E[relu(a) relu(b)] = int_{x <= h} phi(x) c m1(t r, mu) dx,
 *   gap = F(w) - F(0) = E[relu(a) (relu(a)/2 - relu(b))] = int_{x <= h} phi(x) c (c/2 - m1(t r, mu)) dx,
 *   F   = E[(relu(a) - relu(b))^2]/2 = int phi(x) E_Y[(relu(c) - relu(mu + t r Y))^2]/2 dx,
 * with c = bw - s x, mu = bv - t rho x, h = bw/s, rho = cos theta, r = sin theta. The integrands of J and F are
 * >= 0 (no cancellation in any tail: J and F keep relative accuracy for mu_w << 0 and near w = v), and the inner
 * expectations are closed forms in m1, m2 (bias.h): for c > 0, E[(c - relu(b))^2] = c^2 - 2 c m1 + m2 (mu < 0) or
 * (c - mu)^2 + (t r)^2 - m2(t r, -mu) - 2 c m1(t r, -mu) (mu >= 0), with c - mu = (bw - bv) - (s - t rho) x and
 * s - t rho = (s - t) + 2 t sin^2(theta/2). Gauss-Legendre (20 nodes) on the pieces of bias_grid.h.
 * The gradient (C13) is E[(relu(a) - relu(b)) 1(a > 0) (x~, 1)], a = c, with z = -x the component along w~ and y the
 * one along the unit normal n towards v~ (b = mu + t r y given x):
 *   dF/dbw = int_{x <= h} phi(x) (c - m1(t r, mu)) dx,  grad.w~/|w~| = int_{x <= h} phi(x) (-x) (c - m1) dx,
 *   grad.n = -int_{x <= h} phi(x) E[relu(b) y] dx = -int_{x <= h} phi(x) t r Phi(mu/(t r)) dx   (Stein),
 * and <grad F, w - v> = E[1(a > 0) (a - relu(b)) (a - b)] (C15), whose integrand is >= 0 ((a - b)^2 for b > 0,
 * a (a - b) >= a^2 for b <= 0): given x, E[(c - relu(b))(c - b)] = c (c - mu) - c m1 + m2 (mu < 0) or
 * (c - mu)^2 + (t r)^2 - c m1(t r, -mu) - m2(t r, -mu) (mu >= 0), with c - mu = d0 - d1 x as above. */
#include <math.h>
#include "bias/bias.h"
#include "bias/bias_cross.h"
#include "bias/bias_grid.h"
#include "bias/bias_gl20.h"
#include "core/dd.h"

/* s G1(mu/s) with the limit relu(mu) at s = 0, and G1(m) = m + G1(-m) for mu > 0 (both terms positive) */
double gdc_bias_m1z(double s, double mu)
{
    if (mu > 0)
        return mu + gdc_bias_m1z(s, -mu);
    if (s == 0 || mu < -40 * s)
        return s == 0 ? 0.0 : s * gdc_bias_G1(mu / s);
    return s * gdc_bias_G1(mu / s);
}

double gdc_bias_m2z(double s, double mu)
{
    if (s == 0)
        return mu > 0 ? mu * mu : 0.0;
    if (mu > 0) /* G2(m) = 1 + m^2 - G2(-m) >= m^2 + 1/2 */
        return mu * mu + s * s * (1.0 - gdc_bias_G2(-mu / s));
    return s * s * gdc_bias_G2(mu / s);
}

void gdc_bias_cross_setup(gdc_bias_cross_t *c, const double *x)
{
    c->s = x[0];
    c->bw = x[1];
    c->t = x[2];
    c->bv = x[3];
    double sh = sin(0.5 * x[4]);
    c->rho = cos(x[4]);
    c->r = sin(x[4]);
    c->h = c->bw / c->s;
    c->sr = c->t * c->r;
    c->d0 = c->bw - c->bv;
    c->d1 = (c->s - c->t) + 2.0 * c->t * sh * sh;
}

/* E[(c - relu(b))^2], b ~ N(mu, sr^2), c > 0 */
static double sq_diff(const gdc_bias_cross_t *p, double c, double mu, double x)
{
    if (mu < 0)
        return c * c - 2.0 * c * gdc_bias_m1z(p->sr, mu) + gdc_bias_m2z(p->sr, mu);
    double cm = p->d0 - p->d1 * x;
    return cm * cm + p->sr * p->sr - gdc_bias_m2z(p->sr, -mu) - 2.0 * c * gdc_bias_m1z(p->sr, -mu);
}

/* c - m1(t r, mu) with c - mu = d0 - d1 x formed exactly for mu > 0 */
static double c_minus_m1(const gdc_bias_cross_t *p, double c, double mu, double x)
{
    return mu > 0 ? (p->d0 - p->d1 * x) - gdc_bias_m1z(p->sr, -mu) : c - gdc_bias_m1z(p->sr, mu);
}

/* the conditional expectations of the gradient and correlation kinds given x (c > 0) */
static double grad_term(int kind, const gdc_bias_cross_t *p, double c, double mu, double x)
{
    double cm = p->d0 - p->d1 * x;
    switch (kind) {
    case GDC_BIAS_GS:
        return -x * c_minus_m1(p, c, mu, x);
    case GDC_BIAS_GN:
        return p->sr > 0 ? -p->sr * gdc_bias_Phi(mu / p->sr) : 0.0;
    case GDC_BIAS_GB:
        return c_minus_m1(p, c, mu, x);
    case GDC_BIAS_GS_M1:
        return x * gdc_bias_m1z(p->sr, mu);
    default: /* GDC_BIAS_CORR */
        if (mu < 0)
            return c * cm - c * gdc_bias_m1z(p->sr, mu) + gdc_bias_m2z(p->sr, mu);
        return cm * cm + p->sr * p->sr - c * gdc_bias_m1z(p->sr, -mu) - gdc_bias_m2z(p->sr, -mu);
    }
}

/* phi(x) m1(sr, mu) as one product for mu < 0: m1 = sr G1(mu/sr) underflows for mu/sr < -38.6 where the product
 * with phi(x) need not (bias.cross, grad.n and grad.w~ returned 0 for 1.2e-231 at mu_v = -32) */
static double phi_m1z(double x, double sr, double mu)
{
    if (mu >= 0 || sr == 0)
        return gdc_bias_phi(x) * gdc_bias_m1z(sr, mu);
    return sr * gdc_bias_phi_G1(x, mu / sr);
}

double gdc_bias_cross_integrand(int kind, const gdc_bias_cross_t *p, double x)
{
    double c = p->bw - p->s * x, mu = p->bv - p->t * p->rho * x, ph = gdc_bias_phi(x);
    switch (kind) {
    case GDC_BIAS_J:
        return c > 0 ? c * phi_m1z(x, p->sr, mu) : 0.0;
    case GDC_BIAS_GN:
        return c > 0 && p->sr > 0 ? -p->sr * gdc_bias_phi_Phi(x, mu / p->sr) : 0.0;
    case GDC_BIAS_GS_M1:
        return c > 0 ? x * phi_m1z(x, p->sr, mu) : 0.0;
    case GDC_BIAS_GAP:
        return c > 0 ? ph * c * (0.5 * c - gdc_bias_m1z(p->sr, mu)) : 0.0;
    case GDC_BIAS_F:
        return 0.5 * ph * (c > 0 ? sq_diff(p, c, mu, x) : gdc_bias_m2z(p->sr, mu));
    default:
        return c > 0 ? ph * grad_term(kind, p, c, mu, x) : 0.0;
    }
}

/* Compensated sums (two-sum, two-product): the integrands of GAP, GS, GB change sign and near theta = pi about 100
 * pieces are summed (graded towards the kink of width r); every plain addition rounded the running sum, and
 * bias.loss_gap lost up to 8 units there (4.97 at s = 0.449, bw = 2.145, t = 2.901, bv = 1.588, theta = pi - 1.6e-11,
 * gdcert check seed 1). The products w_i f_i and the sums are carried with their rounding errors. */
static void csum_add(gdc_dd_t *acc, double v)
{
    gdc_dd_t t = gdc_dd_two_sum(acc->hi, v);
    acc->hi = t.hi;
    acc->lo += t.lo;
}

static double gl20(int kind, const gdc_bias_cross_t *p, double lo, double hi)
{
    double m = 0.5 * (lo + hi), w = 0.5 * (hi - lo);
    gdc_dd_t s = gdc_dd(0.0, 0.0);
    for (int i = 0; i < 10; i++)
        for (int sg = -1; sg <= 1; sg += 2) {
            gdc_dd_t q = gdc_dd_two_prod(gdc_bias_gl20[i][1],
                                         gdc_bias_cross_integrand(kind, p, m + sg * w * gdc_bias_gl20[i][0]));
            csum_add(&s, q.hi);
            s.lo += q.lo;
        }
    return w * (s.hi + s.lo);
}

/* the inner factor of the integrand decays beyond the kink like exp(-mu^2/(2 (t r)^2)) on this side: J and GN left
 * of it for rho < 0 (m1(t r, mu), Phi(mu/(t r)) with mu -> -inf), F right of h for rho > 0 (m2(t r, mu)) */
static int decays(int kind, int dir, double rho)
{
    if (dir > 0)
        return kind == GDC_BIAS_F && rho > 0;
    return (kind == GDC_BIAS_J || kind == GDC_BIAS_GN || kind == GDC_BIAS_GS_M1) && rho < 0;
}

/* integral over x <= x0 (dir = -1) or x >= x0 (dir = +1), pieces graded towards the kink xs; stops once the
 * integrand has stayed below 2^-64 of the sum over a whole piece beyond |x| = 2 (Gaussian decay) or beyond the kink
 * where the inner factor decays, or |x| > 40 */
static double side(int kind, const gdc_bias_cross_t *p, double x0, int dir, double xs, double delta)
{
    gdc_dd_t acc = gdc_dd(0.0, 0.0);
    double sum = 0.0, yr = dir < 0 ? x0 : -x0, ys = dir < 0 ? xs : -xs;
    double dec = decays(kind, dir, p->rho) ? delta : 0.0;
    for (int it = 0; it < 4000; it++) {
        double yl = gdc_bias_next_left(yr, ys, delta, 0.5, 4.0, dec);
        double part = dir < 0 ? gl20(kind, p, yl, yr) : gl20(kind, p, -yr, -yl);
        csum_add(&acc, part);
        sum = acc.hi;
        yr = yl;
        double xo = dir < 0 ? yr : -yr; /* the outer end reached */
        /* a kink still ahead on a side where the inner factor does not decay beyond it: the integrand may be 0 up to
         * the kink and grow after it (F right of h for rho < 0: 0 on (h, xs), mu^2 beyond; stopping at x = 2 lost
         * 5e-3 at s = 2.17, bw = 3.05, t = 1.52, bv = -3.2, theta = 3.14) */
        /* a kink just reached counts as ahead: at theta = 0 or pi (r = 0) the inner factor relu(mu) is exactly 0 at
         * the kink and the sum may still be 0 there (bias.grad lost its whole GS_M1 term, 0.0817 for 0.0747, at
         * s = 1.53, bw = -2.46, t = 1.14, bv = -2.85, theta = 0) */
        int kink_ahead = dec == 0 && fabs(xs) < 40.0 && dir * (xs - xo) >= 0;
        /* nor while the peak of phi(x) phi(mu/(t r)) lies ahead: where mu << 0 the integrand is phi(x) times a
         * factor like phi(mu/(t r)), whose product exp(-(x^2 + (mu/(t r))^2)/2) peaks at x = rho bv/t (minimise the
         * quadratic exponent: mu/(t r) = (bv - t rho x)/(t r)); near h both may be below 2^-1074 while the mass
         * lies there (bias.cross 1.4e-231 at x ~ -21, s = 1.28, bw = 0.889, t = 0.134, bv = -4.33, theta = 0.858) */
        double xpk = p->rho * p->bv / p->t;
        int peak_ahead = fabs(xpk) < 40.0 && dir * (xpk - xo) > 0;
        if (fabs(xo) > 40.0 || (!kink_ahead && !peak_ahead && (xo * dir > 2.0 || (dec > 0 && yr < ys)) && fabs(part) <= 0x1p-64 * fabs(sum)
                                && fabs(gdc_bias_cross_integrand(kind, p, xo)) * (1.0 + fabs(xo)) <= 0x1p-64 * fabs(sum)))
            break;
    }
    return acc.hi + acc.lo;
}

static double cross_kind(int kind, const double *x);

/* grad.w~/|w~| = int_{x <= h} phi(x) (-x) (c - m1) dx. Its part with c = bw - s x integrates exactly to
 * bw phi(h) + s (Phi(h) - h phi(h)) = s Phi(h) (bw = s h), so GS = s Phi(h) + int_{x <= h} phi(x) x m1(t r, mu) dx.
 * The direct integral cancels ~|h| (-x bw changes sign: 20 ulp at s = 2^-4, bw = 8, bv = -8, theta = 0); the split
 * form is used where its two terms cannot cancel (|int x m1| <= s Phi(h)/2), the direct one elsewhere (w near v). */
static double grad_s(const double *x)
{
    double a = x[0] * gdc_bias_Phi(x[1] / x[0]), i2 = cross_kind(GDC_BIAS_GS_M1, x);
    return fabs(i2) <= 0.5 * a ? a + i2 : cross_kind(GDC_BIAS_GS, x);
}

double gdc_bias_cross_kind(int kind, const double *x)
{
    return kind == GDC_BIAS_GS ? grad_s(x) : cross_kind(kind, x);
}

static double cross_kind(int kind, const double *x)
{
    gdc_bias_cross_t p;
    gdc_bias_cross_setup(&p, x);
    double delta = p.r != 0 && p.rho != 0 ? p.r / fabs(p.rho) : 1.0;
    double xs = p.rho != 0 ? p.bv / (p.t * p.rho) : INFINITY;
    double top = fmin(p.h, 40.0), v = 0.0;
    if (top > -40.0)
        v = side(kind, &p, top, -1, xs, delta);
    if (kind == GDC_BIAS_F)
        v += side(kind, &p, fmax(p.h, -40.0), 1, xs, delta);
    return v;
}

double gdc_bias_cross(const double *x) { return gdc_bias_cross_kind(GDC_BIAS_J, x); }
double gdc_bias_loss_gap(const double *x) { return gdc_bias_cross_kind(GDC_BIAS_GAP, x); }
double gdc_bias_loss(const double *x) { return gdc_bias_cross_kind(GDC_BIAS_F, x); }
