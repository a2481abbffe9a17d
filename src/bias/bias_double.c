/* Double kernels of the biased-ReLU family (seed-004 C9, C10; bias.h): Gaussian moments G1, G2 of a shifted ReLU,
 * Owen's T and the bivariate normal CDF.
 * Stable forms (seed-004 C9 "cancellation", C10 "near |rho| = 1"):
 *  - for x = -mu >= 1/2, Mills' ratio R(x) = Q(x)/phi(x) = 1/(x + K1), K_n = n/(x + K_{n+1}) (its continued fraction,
 *    evaluated backwards), and G1(-x) = phi(x) K1/(x + K1), G2(-x) = phi(x) K2/((x + K2)(x + K1)): the
 *    differences 1 - x R and (1 + x^2) R - x are formed exactly by the fraction, never by subtraction;
 *  - phi(x) = exp(-x^2/2)/sqrt(2 pi) with x^2 split exactly (fma), so no x^2 eps error;
 *  - Phi2 as the integral of the positive function phi(x) Phi((k - rho x)/r) over x <= min(h, k) (Gauss-Legendre,
 *    20 nodes per piece, pieces graded towards the kink x* = k/rho of width r/|rho|), stopped when the
 *    remaining tail is below 2^-60 of the sum: relative accuracy in every tail, and rho = +-1 by the limit forms;
 *  - Owen's T by Gauss-Legendre on [0, min(|a|, 10/|h|)] for |a| <= 4 and Owen's identity
 *    T(h, a) = Q(h)/2 + Q(a h)/2 - Q(h) Q(a h) - T(a h, 1/a) (h, a > 0) for |a| > 4 (for |a| near 1 the identity
 *    cancels). */
#include <math.h>
#include "bias/bias.h"
#include "bias/bias_grid.h"
#include "bias/bias_gl20.h"
#include "core/dd.h"

#define INV_SQRT_2PI 0.398942280401432677939946059934
#define INV_2PI 0.159154943091895335768883763373
#define SQRT1_2 0.707106781186547524400844362105

double gdc_bias_phi(double x)
{
    double hi = x * x, lo = fma(x, x, -hi);
    if (isinf(hi)) /* |x| > 1.3e154 or infinite (mu/(t r) overflows at theta = 2^-1074): fma(x, x, -inf) is NaN */
        return 0.0;
    return INV_SQRT_2PI * exp(-0.5 * hi) * (1.0 - 0.5 * lo);
}

/* backward continued fraction: K_n = n/(x + K_{n+1}), returns K_from (x >= 1) */
static double mills_tail(double x, int from)
{
    int n = 24 + (int)(900.0 / (x * x));
    double k = 0.0;
    for (int i = n; i >= from; i--)
        k = i / (x + k);
    return k;
}

/* Q(x) = 1 - Phi(x) */
static double gauss_q(double x)
{
    if (x >= 3.0)
        return gdc_bias_phi(x) / (x + mills_tail(x, 1));
    return 0.5 * erfc(x * SQRT1_2);
}

double gdc_bias_Phi(double x) { return gauss_q(-x); }

double gdc_bias_G1(double mu)
{
    if (mu <= -0.5) {
        double x = -mu, k1 = mills_tail(x, 1);
        return gdc_bias_phi(x) * (k1 / (x + k1));
    }
    return gdc_bias_phi(mu) + mu * gdc_bias_Phi(mu);
}

double gdc_bias_G2(double mu)
{
    if (mu <= -0.5) {
        double x = -mu, k2 = mills_tail(x, 2), k1 = 1.0 / (x + k2);
        return gdc_bias_phi(x) * (k2 / ((x + k2) * (x + k1)));
    }
    return (1.0 + mu * mu) * gdc_bias_Phi(mu) + mu * gdc_bias_phi(mu);
}

/* exp(-(x^2 + z^2)/2)/(2 pi) = phi(x) phi(z) with the squares split exactly (fma), so that the product of two
 * factors that underflow alone (phi(z) below 2^-1074 for |z| > 38.6) stays a normal double wherever it is one */
static double phi_phi(double x, double z)
{
    double xx = x * x, xl = fma(x, x, -xx), zz = z * z, zl = fma(z, z, -zz);
    if (isinf(xx) || isinf(zz)) /* as in gdc_bias_phi: exp(-inf) = 0, where fma(z, z, -inf) would give NaN */
        return 0.0;
    gdc_dd_t sum = gdc_dd_two_sum(xx, zz); /* xx + zz = sum.hi + sum.lo exactly */
    return INV_2PI * exp(-0.5 * sum.hi) * (1.0 - 0.5 * (xl + zl + sum.lo));
}

/* phi(x) Phi(z), phi(x) G1(z), phi(x) G2(z) without the underflow of the inner factor: for z <= -3 (Phi) or
 * z <= -1/2 (G1, G2) the Mills-ratio forms above with phi(-z) merged into phi(x) phi(z) by phi_phi */
double gdc_bias_phi_Phi(double x, double z)
{
    if (z <= -3.0)
        return phi_phi(x, z) / (-z + mills_tail(-z, 1));
    return gdc_bias_phi(x) * gdc_bias_Phi(z);
}

double gdc_bias_phi_G1(double x, double z)
{
    if (z <= -0.5) {
        double k1 = mills_tail(-z, 1);
        return phi_phi(x, z) * (k1 / (-z + k1));
    }
    return gdc_bias_phi(x) * gdc_bias_G1(z);
}

double gdc_bias_m1(double s, double b) { return s * gdc_bias_G1(b / s); }
double gdc_bias_m2(double s, double b) { return s * s * gdc_bias_G2(b / s); }

/* int_lo^hi f by 20-point Gauss-Legendre, the weighted sum compensated (two-product, two-sum: its rounding errors
 * are carried and added once) */
typedef double (*fn1)(double x, const double *p);
static double gl20(fn1 f, const double *p, double lo, double hi)
{
    double c = 0.5 * (lo + hi), w = 0.5 * (hi - lo);
    gdc_dd_t s = gdc_dd(0.0, 0.0);
    for (int i = 0; i < 10; i++)
        for (int sg = -1; sg <= 1; sg += 2) {
            gdc_dd_t q = gdc_dd_two_prod(gdc_bias_gl20[i][1], f(c + sg * w * gdc_bias_gl20[i][0], p));
            gdc_dd_t t = gdc_dd_two_sum(s.hi, q.hi);
            s.hi = t.hi;
            s.lo += t.lo + q.lo;
        }
    return w * (s.hi + s.lo);
}

/* exp(-h^2 x^2/2)/(1 + x^2) */
static double owen_f(double x, const double *p)
{
    double hx = p[0] * x;
    return exp(-0.5 * hx * hx) / (1.0 + x * x);
}

/* T(h, a) for h >= 0, 0 < a <= 4 */
static double owen_small_a(double h, double a)
{
    double top = h > 0 && 10.0 / h < a ? 10.0 / h : a;
    double width = h > 4.0 ? 1.0 / h : 0.25;
    int n = (int)ceil(top / width);
    double p[1] = {h};
    gdc_dd_t s = gdc_dd(0.0, 0.0);
    for (int i = n - 1; i >= 0; i--) {
        gdc_dd_t t = gdc_dd_two_sum(s.hi, gl20(owen_f, p, top * i / n, top * (i + 1) / n));
        s.hi = t.hi;
        s.lo += t.lo;
    }
    /* exp(-h^2/2)/(2 pi) times the sum, h^2 split exactly (as gdc_bias_phi), in three roundings */
    double hh = h * h, hl = fma(h, h, -hh);
    return INV_2PI * (exp(-0.5 * hh) * (1.0 - 0.5 * hl)) * (s.hi + s.lo);
}

double gdc_bias_owen_t(double h, double a)
{
    double sg = a < 0 ? -1.0 : 1.0;
    h = fabs(h);
    a = fabs(a);
    if (a == 0.0)
        return 0.0;
    if (h == 0.0)
        return sg * INV_2PI * atan(a);
    if (a <= 4.0)
        return sg * owen_small_a(h, a);
    double ah = a * h, qh = gauss_q(h), qa = gauss_q(ah);
    return sg * (0.5 * qh + 0.5 * qa - qh * qa - owen_small_a(ah, 1.0 / a));
}

/* ---- bivariate normal ---- */
/* p = {k, rho, r}: phi(x) Phi((k - rho x)/r) */
static double bvn_f(double x, const double *p)
{
    return gdc_bias_phi(x) * gdc_bias_Phi((p[0] - p[1] * x) / p[2]);
}

/* tail bound of the integral over (-inf, x] */
static double bvn_tail(double x, const double *p)
{
    return gdc_bias_Phi(x) * (p[1] < 0 ? gdc_bias_Phi((p[0] - p[1] * x) / p[2]) : 1.0);
}

double gdc_bias_bvn(double h, double k, double rho)
{
    if (h > k) {
        double t = h;
        h = k;
        k = t;
    }
    if (rho >= 1.0)
        return gdc_bias_Phi(h);
    if (rho <= -1.0) {
        if (h + k <= 0)
            return 0.0;
        return h <= 0 ? gdc_bias_Phi(h) - gauss_q(k) : 1.0 - gauss_q(h) - gauss_q(k);
    }
    if (rho == 0.0)
        return gdc_bias_Phi(h) * gdc_bias_Phi(k);
    /* both limits >= 2: Phi2 >= 1 - 2 Q(2) = 0.954, and P(Z1 <= h, Z2 <= k) = 1 - Q(h) - Q(k) + Phi2(-h, -k; rho)
     * (inclusion-exclusion) with the last term <= Q(2) = 0.023 formed by the integral below: three roundings of
     * terms far below the result, where the direct integral sums ~100 pieces of a value near 1 (4.02 units at
     * h = 5.27, k = 6.28, rho = -0.123, check_registry_accuracy) */
    if (h >= 2.0)
        return ((1.0 - gauss_q(h)) - gauss_q(k)) + gdc_bias_bvn(-k, -h, rho);
    double r = sqrt((1.0 - rho) * (1.0 + rho)), p[3] = {k, rho, r};
    double delta = r / fabs(rho), xs = k / rho;
    /* the pieces summed with two-sum (up to ~100 of them: a plain sum rounded at each, 2.94 units at h = 1.55,
     * k = 2.15, rho = 0.875, check_registry_accuracy) */
    gdc_dd_t sum = gdc_dd(0.0, 0.0);
    double xr = h;
    for (int it = 0; it < 4000; it++) {
        double xl = gdc_bias_next_left(xr, xs, delta, 0.5, 4.0, rho < 0 ? delta : 0.0);
        gdc_dd_t t = gdc_dd_two_sum(sum.hi, gl20(bvn_f, p, xl, xr));
        sum.hi = t.hi;
        sum.lo += t.lo;
        xr = xl;
        double tb = bvn_tail(xr, p);
        if (tb <= 0x1p-62 * sum.hi || (xr < -40.0 && tb < 0x1p-1000))
            break;
    }
    return sum.hi + sum.lo;
}
