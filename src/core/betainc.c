/* The regularized incomplete beta I_x(a, b) in double (seed-003 C22, B17, B18; seed-004 C19-C22), for a >= 1/2
 * and b = 1/2 + j (j a small integer), with y = 1 - x supplied by the caller. R(a, b) = 1/(a B(a, b)).
 *  Complement series (y <= 1/2 and a y <= 1/8 + j, where 1 - I = I_y(b, a) is at most about 0.4 for b = 1/2 and
 *  about 1/2 for larger b: the law of a (1 - X), X ~ Beta(a, b), is near Gamma(b), whose median is about b - 1/3):
 *    1 - I = x^a y^b (a/b) R(a, b) sum_k t_k,  t_0 = 1,  t_{k+1}/t_k = r_k = (a + b + k) y/(b + 1 + k).
 *    r_k is monotone in k with limit y, so after t_K the tail is at most t_K rho/(1 - rho), rho = max(r_K, y) < 1:
 *    the loop stops when that bound is below 2^-56 of the sum (a proven stop).
 *  Otherwise I by Euler's integral and Pfaff's transformation:
 *    I_x(a, 1/2) = x^a y^{-1/2} R(a, 1/2) F(z),  z = x/y,  F(z) = 2F1(1/2, 1; a + 1; -z) = E[1/(1 + z T)],
 *    T ~ Beta(1/2, a + 1/2): F is a Stieltjes function, so Gauss's continued fraction
 *    F = 1/(1 + k_1 z/(1 + k_2 z/(1 + ...))), k_{2m+1} = (m + 1/2)(a + m)/((a + 2m)(a + 2m + 1)),
 *    k_{2m} = m(a - 1/2 + m)/((a + 2m - 1)(a + 2m)), has positive coefficients for z > 0: its successive
 *    convergents bracket F (even ones above, odd ones below), so |F - f_n| <= |f_n - f_{n-1}| and the Lentz loop
 *    stops when that difference is below 2^-55 f_n, then goes on N/4 + 8 terms (the stop is computed in floating
 *    point and can come early); that convergent is evaluated backward in double-double. Then
 *    I_x(a, b + 1) = I_x(a, b) + x^a y^b a R(a, b)/b  (positive terms) and R(a, b + 1) = R(a, b)(a + b)/b.
 *  R(a, 1/2) = Gamma(a + 1/2)/(Gamma(a + 1) sqrt(pi)): shifted up to a >= 16 by R(a) = R(a + 1)(a + 1)/(a + 1/2)
 *    (double-double products), then (a + 1)^{-1/2} exp(a log1p(u) + 1/2 + S(a + 1/2) - S(a + 1))/sqrt(pi), u = -1/(2a + 2),
 *    where a log1p(u) + 1/2 = -u + a (log1p(u) - u) is summed without cancellation,
 *    with Stirling's remainder S(w) = sum_{k<=7} B_2k/(2k(2k-1) w^{2k-1}) (first omitted term < 3e-20 at w = 16);
 *    the large logarithms of Stirling's formula cancel analytically, so the exponent is O(1/a).
 *  log x is log1p(-y) when y < 1/2; x^a = exp(a log x) is scaled by a power of 2 so that subnormal results keep
 *  their bits. The error of a log x is about |a log x| ulp, and the change of I under a one-ulp move of x is at
 *  least 2 a |log x| ulp, so the accuracy measure of src/core/accuracy.c stays a few units. */
#include <math.h>
#include "core/betainc.h"
#include "core/dd.h"

#define LN2_HI 0.693145751953125
#define LN2_LO 1.42860682030941723212e-6
#define GDC_BETAINC_SQRT_PI gdc_dd(1.7724538509055160273, -7.666586499825799e-17)
#define TAIL_EPS 0x1p-56
#define CF_EPS 0x1p-55
#define MAX_TERMS 2000000L

/* S(w) = lnGamma(w) - (w - 1/2) ln w + w - ln(2 pi)/2, w >= 16 */
static double stirling_rest(double w)
{
    double v = 1.0 / (w * w);
    double s = 1.0 / 156.0;
    s = s * v - 691.0 / 360360.0;
    s = s * v + 1.0 / 1188.0;
    s = s * v - 1.0 / 1680.0;
    s = s * v + 1.0 / 1260.0;
    s = s * v - 1.0 / 360.0;
    s = s * v + 1.0 / 12.0;
    return s / w;
}

/* log1p(u) - u for |u| <= 1/34, by its series (terms below 2^-60 of the first after k = 12) */
static double log1p_minus_u(double u)
{
    double s = 0.0;
    for (int k = 14; k >= 3; k--)
        s = s * u + ((k & 1) ? 1.0 : -1.0) / k;
    return u * u * (s * u - 0.5);
}

double gdc_betainc_ratio_half_d(double a)
{
    gdc_dd_t f = gdc_dd_d(1.0);
    for (; a < 16.0; a += 1.0)
        f = gdc_dd_mul(f, gdc_dd_div_d(gdc_dd_d(a + 1.0), a + 0.5));
    /* e = a log1p(u) + 1/2 with u = -1/(2a + 2) and a u = -1/2 + 1/(2a + 2): no cancellation */
    double u = -0.5 / (a + 1.0);
    double e = -u + a * log1p_minus_u(u) + (stirling_rest(a + 0.5) - stirling_rest(a + 1.0));
    gdc_dd_t r = gdc_dd_mul_d(f, exp(e));
    r = gdc_dd_div(r, gdc_dd_mul(gdc_dd_sqrt(gdc_dd_d(a + 1.0)), GDC_BETAINC_SQRT_PI));
    return gdc_dd_to_d(r);
}

/* m exp(e) without a premature underflow or overflow of exp(e) */
static double mul_exp(double m, double e)
{
    if (e > -700.0 && e < 700.0)
        return m * exp(e);
    if (e < -1e5)
        return 0.0 * m;
    double k = nearbyint(e / 0.6931471805599453);
    double r = (e - k * LN2_HI) - k * LN2_LO;
    return ldexp(m * exp(r), (int)k);
}

static double cf_coef(double a, long n)
{
    double m = (double)(n / 2);
    if (n & 1)
        return (m + 0.5) * (a + m) / ((a + 2.0 * m) * (a + 2.0 * m + 1.0));
    return m * (a - 0.5 + m) / ((a + 2.0 * m - 1.0) * (a + 2.0 * m));
}

/* cf_coef in double-double: a + m, a + 2m and their neighbours are exact (a a half-integer or a small double
 * and m < 2^20), the two products exact by two_prod, one double-double quotient */
static gdc_dd_t cf_coef_dd(double a, long n)
{
    double m = (double)(n / 2);
    if (n & 1)
        return gdc_dd_div(gdc_dd_two_prod(m + 0.5, a + m), gdc_dd_two_prod(a + 2.0 * m, a + 2.0 * m + 1.0));
    return gdc_dd_div(gdc_dd_two_prod(m, a - 0.5 + m), gdc_dd_two_prod(a + 2.0 * m - 1.0, a + 2.0 * m));
}

/* F(z) = 2F1(1/2, 1; a + 1; -z) by its S-fraction: the number of terms N from the bracketing stop of a modified
 * Lentz pass on G = 1/F (all partial numerators positive), then the N-th convergent evaluated backward, where each
 * step t -> 1 + a_n/t damps the rounding errors of the steps before it (a forward product of N factors would
 * accumulate them) */
static double stieltjes_cf(double a, double z)
{
    double c = 1.0, dd = 0.0;
    long n = 1;
    for (; n < MAX_TERMS; n++) {
        double an = cf_coef(a, n) * z;
        dd = 1.0 / (1.0 + an * dd);
        c = 1.0 + an / c;
        if (fabs(c * dd - 1.0) <= CF_EPS)
            break;
    }
    /* the stop above is computed in floating point: near it the rounding of c dd (about 2^-53) can hide a
     * truncation error of several ulp (7.5 at a = 322, z = 1342, N = 389). The convergence is geometric, so
     * going on N/4 + 8 terms raises the exponent of the truncation error by a quarter (there: 0.007 ulp). */
    n += n / 4 + 8;
    /* backward in double-double: with k_n z >> 1 (z = x/y ~ 10^3) a step damps the error of t only by
     * (k_n z/t)/(1 + k_n z/t) ~ 1, so the roundings of N double steps (and of the coefficients) would add up to
     * several ulp (6.3 at a = 379.5, z = 1342); in double-double they stay near 2^-100 each */
    gdc_dd_t t = gdc_dd_d(1.0);
    for (; n >= 1; n--)
        t = gdc_dd_add_d(gdc_dd_div(gdc_dd_mul_d(cf_coef_dd(a, n), z), t), 1.0);
    return 1.0 / gdc_dd_to_d(t);
}

/* sum_k t_k of the complement series */
static double complement_sum(double a, double b, double y)
{
    double t = 1.0, s = 1.0;
    for (long k = 0; k < MAX_TERMS; k++) {
        t *= (a + b + k) * y / (b + 1.0 + k);
        s += t;
        double rho = fmax((a + b + k + 1.0) * y / (b + 2.0 + k), y);
        if (rho < 1.0 && t * rho <= TAIL_EPS * s * (1.0 - rho))
            break;
    }
    return s;
}

double gdc_betainc_d(double x, double y, double a, double b, int upper)
{
    double jd = b - 0.5;
    if (!(a >= 0.5) || !(x >= 0.0 && x <= 1.0 && y >= 0.0 && y <= 1.0) || !(jd >= 0.0 && jd <= GDC_BETAINC_JMAX) ||
        jd != floor(jd))
        return NAN;
    int j = (int)jd;
    if (y == 0.0)
        return upper ? 0.0 : 1.0;
    if (x == 0.0)
        return upper ? 1.0 : 0.0;
    double lx = y < 0.5 ? log1p(-y) : log(x);
    double rh = gdc_betainc_ratio_half_d(a);
    double sy = sqrt(y);
    if (y <= 0.5 && a * y <= 0.125 + j) {
        double r = rh, yb = sy;
        for (int i = 0; i < j; i++) {
            r *= (a + 0.5 + i) / (0.5 + i);
            yb *= y;
        }
        double c = exp(a * lx) * yb * (a / b) * r * complement_sum(a, b, y);
        return upper ? c : 1.0 - c;
    }
    /* the product R F y^{-1/2} x^a in double-double (one rounding at the end instead of one per factor), with
     * a log x split exactly by two_prod: x^a = exp(p.hi) (1 + p.lo) within 2^-106 */
    gdc_dd_t md = gdc_dd_div(gdc_dd_mul_d(gdc_dd_d(rh), stieltjes_cf(a, x / y)), gdc_dd_sqrt(gdc_dd_d(y)));
    double r = rh, yb = sy;
    for (int i = 0; i < j; i++) {
        md = gdc_dd_add_d(md, yb * a * r / (0.5 + i));
        r *= (a + 0.5 + i) / (0.5 + i);
        yb *= y;
    }
    gdc_dd_t p = gdc_dd_two_prod(a, lx);
    double v;
    if (p.hi > -700.0)
        v = gdc_dd_to_d(gdc_dd_mul_d(gdc_dd_add(md, gdc_dd_mul_d(md, p.lo)), exp(p.hi)));
    else
        v = mul_exp(md.hi, p.hi + p.lo);
    return upper ? 1.0 - v : v;
}
