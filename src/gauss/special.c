/* Double-double special functions of the gauss family (seed-000 C15, C27):
 *  exp by Cody-Waite reduction and a Taylor series of expm1 at r/2^10 followed by 10 squarings;
 *  erf by its alternating Taylor series (z <= 3, about 30 of the 104 bits lost at z = 3), erfc = 1 - erf;
 *  erfcx by the Laplace continued fraction sqrt(pi) erfcx(z) = 1/(z + (1/2)/(z + 1/(z + (3/2)/(z + ...))))
 *  for z > 3; Q(a, x) for a = d/2 by positive-term sums:
 *    x <= a :  P = e^{-x} x^a/Gamma(a+1) sum_k x^k/((a+1)...(a+k)),  Q = 1 - P  (Q > 1/2 here);
 *    x > a, a = n integer : Q = e^{-x} sum_{k<n} x^k/k!;
 *    x > a, a = n + 1/2   : Q = e^{-x} [erfcx(sqrt x) + sum_{k<n} x^{k+1/2}/Gamma(k+3/2)]. */
#include "gauss/special.h"

gdc_sdd_t gdc_gauss_exp_dd(gdc_dd_t x)
{
    if (!(fabs(x.hi) < 0x1p40)) { /* out of the supported range (or NaN): 0, inf or NaN */
        gdc_sdd_t r = {gdc_dd(exp(x.hi), 0.0), 0};
        return r;
    }
    double k = nearbyint(x.hi * 1.4426950408889634);
    gdc_dd_t kl = gdc_dd_add(gdc_dd_two_prod(k, GDC_DD_LN2.hi), gdc_dd_two_prod(k, GDC_DD_LN2.lo));
    gdc_dd_t r = gdc_dd_sub(x, kl);
    gdc_dd_t s = gdc_dd(ldexp(r.hi, -10), ldexp(r.lo, -10));
    gdc_dd_t e = gdc_dd(0.0, 0.0);
    for (int n = 10; n >= 1; n--) /* e = expm1(s) by Horner: s/1 (1 + s/2 (1 + ...)) */
        e = gdc_dd_div_d(gdc_dd_mul(gdc_dd_add_d(e, 1.0), s), (double)n);
    for (int i = 0; i < 10; i++) /* expm1(2s) = expm1(s) (expm1(s) + 2) */
        e = gdc_dd_mul(e, gdc_dd_add_d(e, 2.0));
    gdc_sdd_t res = {gdc_dd_add_d(e, 1.0), (long)k};
    return gdc_sdd_norm(res);
}

/* erf(z), 0 <= z <= 3 */
static gdc_dd_t erf_taylor(gdc_dd_t z)
{
    gdc_dd_t z2 = gdc_dd_mul(z, z), t = z, sum = z;
    for (int n = 1; n < 400; n++) {
        t = gdc_dd_div_d(gdc_dd_mul(t, z2), -(double)n); /* (-1)^n z^{2n+1}/n! */
        gdc_dd_t term = gdc_dd_div_d(t, 2.0 * n + 1.0);
        sum = gdc_dd_add(sum, term);
        if (fabs(term.hi) < 1e-36 * fabs(sum.hi))
            break;
    }
    return gdc_dd_mul(sum, GDC_DD_2_SQRTPI);
}

/* sqrt(pi) erfcx(z) for z > 3 by the continued fraction (backward evaluation) */
static gdc_dd_t erfcx_cf(gdc_dd_t z)
{
    int nterms = 30 + (int)(1500.0 / (z.hi * z.hi));
    gdc_dd_t t = z;
    for (int n = nterms; n >= 1; n--)
        t = gdc_dd_add(z, gdc_dd_div(gdc_dd(0.5 * n, 0.0), t));
    return gdc_dd_div(GDC_DD_1_SQRTPI, t);
}

gdc_dd_t gdc_gauss_erfc_dd(gdc_dd_t z)
{
    if (z.hi > 40.0)
        return gdc_dd(0.0, 0.0); /* erfc(40) < 1e-697 */
    if (z.hi <= 3.0)
        return gdc_dd_add_d(gdc_dd_neg(erf_taylor(z)), 1.0);
    gdc_sdd_t e = gdc_gauss_exp_dd(gdc_dd_neg(gdc_dd_mul(z, z)));
    return gdc_sdd_to_dd(gdc_sdd_mul_dd(e, erfcx_cf(z)));
}

gdc_dd_t gdc_gauss_erfcx_dd(gdc_dd_t z)
{
    if (z.hi > 1e8) /* erfcx(z) = (1 - 1/(2z^2) + ...)/(z sqrt(pi)) */
        return gdc_dd_div(GDC_DD_1_SQRTPI, z);
    if (z.hi > 3.0)
        return erfcx_cf(z);
    gdc_sdd_t e = gdc_gauss_exp_dd(gdc_dd_mul(z, z));
    gdc_dd_t c = gdc_dd_add_d(gdc_dd_neg(erf_taylor(z)), 1.0);
    return gdc_sdd_to_dd(gdc_sdd_mul_dd(e, c));
}

gdc_dd_t gdc_gauss_normal_q_dd(gdc_dd_t g)
{
    if (g.hi > 60.0)
        return gdc_dd(0.0, 0.0); /* Q(60) < 1e-780 */
    gdc_dd_t c = gdc_gauss_erfc_dd(gdc_dd_mul(g, GDC_DD_1_SQRT2));
    return gdc_dd(0.5 * c.hi, 0.5 * c.lo);
}

double gdc_gauss_gamma_q(long d, gdc_dd_t x)
{
    if (!(x.hi > 0.0))
        return 1.0;
    long n = d / 2;
    int half = (int)(d & 1);
    double a = 0.5 * (double)d;
    gdc_sdd_t one = {gdc_dd(1.0, 0.0), 0};
    gdc_sdd_t emx = gdc_gauss_exp_dd(gdc_dd_neg(x));
    if (x.hi <= a) {
        /* F = x^a / Gamma(a+1) */
        gdc_sdd_t f = one;
        if (half) {
            f.m = gdc_dd_mul(gdc_dd_sqrt(x), GDC_DD_2_SQRTPI);
            f = gdc_sdd_norm(f);
            for (long j = 1; j <= n; j++)
                f = gdc_sdd_mul_dd(f, gdc_dd_div_d(x, (double)j + 0.5));
        } else {
            for (long j = 1; j <= n; j++)
                f = gdc_sdd_mul_dd(f, gdc_dd_div_d(x, (double)j));
        }
        gdc_dd_t m = gdc_dd(1.0, 0.0), t = m;
        for (long k = 1; k < 100000000L; k++) {
            t = gdc_dd_mul(t, gdc_dd_div_d(x, a + (double)k));
            m = gdc_dd_add(m, t);
            if (t.hi < 1e-34 * m.hi)
                break;
        }
        gdc_dd_t p = gdc_sdd_to_dd(gdc_sdd_mul_dd(gdc_sdd_mul(f, emx), m));
        return gdc_dd_to_d(gdc_dd_add_d(gdc_dd_neg(p), 1.0));
    }
    gdc_sdd_t sum = {gdc_dd(0.0, 0.0), 0};
    if (n >= 1) {
        /* top term T of the finite sum, then the sum backward relative to it */
        gdc_sdd_t top = one;
        double off = half ? 0.5 : 0.0;
        if (half) {
            top.m = gdc_dd_mul(gdc_dd_sqrt(x), GDC_DD_2_SQRTPI);
            top = gdc_sdd_norm(top);
        }
        for (long j = 1; j <= n - 1; j++)
            top = gdc_sdd_mul_dd(top, gdc_dd_div_d(x, (double)j + off));
        gdc_dd_t s = gdc_dd(1.0, 0.0), t = s;
        for (long j = n - 1; j >= 1; j--) {
            t = gdc_dd_mul(t, gdc_dd_div(gdc_dd((double)j + off, 0.0), x));
            s = gdc_dd_add(s, t);
            if (t.hi < 1e-34 * s.hi)
                break;
        }
        sum = gdc_sdd_mul_dd(top, s);
    }
    if (half) {
        gdc_sdd_t c = {gdc_gauss_erfcx_dd(gdc_dd_sqrt(x)), 0};
        sum = gdc_sdd_add(sum, gdc_sdd_norm(c));
    }
    return gdc_sdd_to_d(gdc_sdd_mul(emx, sum));
}
