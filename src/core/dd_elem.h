/* Internal: double-double elementary functions for the double kernels (cosine, erf and twolayer families)
 * (seed-002 C7, C10, C31) on top of core/dd.h: exp with a separate binary exponent, sin/cos, log, atan2. Relative accuracy about 2^-100 (exp, sin, cos, log, atan2: a few 2^-100). */
#ifndef GDC_CORE_DD_ELEM_H
#define GDC_CORE_DD_ELEM_H
#include <math.h>

#include "core/dd.h"

/* ln 2, pi/2, 1/pi and log(4/pi) as double-doubles */
#define CDD_LN2_HI 0x1.62e42fefa39efp-1
#define CDD_LN2_LO 0x1.abc9e3b39803fp-56
#define CDD_PI2_HI 0x1.921fb54442d18p+0
#define CDD_PI2_LO 0x1.1a62633145c07p-54
#define CDD_INV_PI_HI 0x1.45f306dc9c883p-2
#define CDD_INV_PI_LO (-0x1.6b01ec5417056p-56)
#define CDD_LOG_4_PI_HI 0x1.eeb95b094c191p-3
#define CDD_LOG_4_PI_LO 0x1.346863f58b075p-57


/* 1/j! for j = 0..21 as double-doubles (from MPFR at 300 bits) */
static const gdc_dd_t cdd_inv_fact[22] = {
    {0x1p+0, 0x0p+0},
    {0x1p+0, 0x0p+0},
    {0x1p-1, 0x0p+0},
    {0x1.5555555555555p-3, 0x1.5555555555555p-57},
    {0x1.5555555555555p-5, 0x1.5555555555555p-59},
    {0x1.1111111111111p-7, 0x1.1111111111111p-63},
    {0x1.6c16c16c16c17p-10, -0x1.f49f49f49f49fp-65},
    {0x1.a01a01a01a01ap-13, 0x1.a01a01a01a01ap-73},
    {0x1.a01a01a01a01ap-16, 0x1.a01a01a01a01ap-76},
    {0x1.71de3a556c734p-19, -0x1.c154f8ddc6cp-73},
    {0x1.27e4fb7789f5cp-22, 0x1.cbbc05b4fa99ap-76},
    {0x1.ae64567f544e4p-26, -0x1.c062e06d1f209p-80},
    {0x1.1eed8eff8d898p-29, -0x1.2aec959e14c06p-83},
    {0x1.6124613a86d09p-33, 0x1.f28e0cc748ebep-87},
    {0x1.93974a8c07c9dp-37, 0x1.05d6f8a2efd1fp-92},
    {0x1.ae7f3e733b81fp-41, 0x1.1d8656b0ee8cbp-97},
    {0x1.ae7f3e733b81fp-45, 0x1.1d8656b0ee8cbp-101},
    {0x1.952c77030ad4ap-49, 0x1.ac981465ddc6cp-103},
    {0x1.6827863b97d97p-53, 0x1.eec01221a8b0bp-107},
    {0x1.2f49b46814157p-57, 0x1.2650f61dbdcb4p-112},
    {0x1.e542ba4020225p-62, 0x1.ea72b4afe3c2fp-120},
    {0x1.71b8ef6dcf572p-66, -0x1.d043ae40c4647p-120},
};

/* exp(x) = m 2^k with m in [0.7, 1.5] (double-double) and k returned; x < 2^40 (m = 0 below -2^40).
 * x = k ln2 + r (r in double-double, |r| <= 0.35 + tiny), r' = r/2^10, expm1(r') by its Taylor series to
 * degree 9 (remainder < (3.5e-4)^10/10! < 1e-40), then (1 + q)^2 = 1 + (2q + q^2) ten times.
 * (Scaling by 2 is exact: the error-free transformations stay valid.) */
static inline gdc_dd_t cdd_exp2k(gdc_dd_t x, long *k)
{
    if (!(x.hi > -0x1p40)) { /* exp(x) < 2^(-10^12): zero at any scale used here (also x = -inf) */
        *k = -(1L << 40);
        return gdc_dd_d(0.0);
    }
    double kd = nearbyint(x.hi / CDD_LN2_HI);
    gdc_dd_t r = gdc_dd_sub(x, gdc_dd_two_prod(kd, CDD_LN2_HI));
    r = gdc_dd_sub(r, gdc_dd_two_prod(kd, CDD_LN2_LO));
    r = gdc_dd_ldexp(r, -10);
    gdc_dd_t q = cdd_inv_fact[9];
    for (int j = 8; j >= 1; j--)
        q = gdc_dd_add(gdc_dd_mul(q, r), cdd_inv_fact[j]);
    q = gdc_dd_mul(q, r); /* sum_{j=1..9} r^j/j! */
    for (int i = 0; i < 10; i++)
        q = gdc_dd_add(gdc_dd(2.0 * q.hi, 2.0 * q.lo), gdc_dd_sqr(q));
    *k = (long)kd;
    return gdc_dd_add_d(q, 1.0);
}

/* sin and cos of x, 0 <= x <= pi/4 + 2^-50: y = x/8 <= 0.0982, Taylor series of sin and cos - 1 to degrees 21
 * and 20 (remainders below 0.1^22/22! < 1e-40), then three doublings sin 2y = 2 sin y cos y,
 * cos 2y - 1 = -2 sin^2 y. */
static inline void cdd_sincos_small(gdc_dd_t x, gdc_dd_t *s, gdc_dd_t *c)
{
    gdc_dd_t y = gdc_dd_ldexp(x, -3), y2 = gdc_dd_sqr(y), sn = gdc_dd_d(0.0), cm = gdc_dd_d(0.0);
    /* sin y = y sum_{j=0..10} (-1)^j y^{2j}/(2j+1)!, cos y - 1 = y^2 sum_{j=1..10} (-1)^j y^{2j-2}/(2j)! */
    for (int j = 10; j >= 0; j--) {
        gdc_dd_t c = cdd_inv_fact[2 * j + 1];
        sn = gdc_dd_add(gdc_dd_mul(sn, y2), (j & 1) ? gdc_dd_neg(c) : c);
    }
    for (int j = 10; j >= 1; j--) {
        gdc_dd_t c = cdd_inv_fact[2 * j];
        cm = gdc_dd_add(gdc_dd_mul(cm, y2), (j & 1) ? gdc_dd_neg(c) : c);
    }
    sn = gdc_dd_mul(sn, y);
    cm = gdc_dd_mul(cm, y2);
    for (int i = 0; i < 3; i++) {
        gdc_dd_t s2 = gdc_dd_mul(sn, gdc_dd_add_d(cm, 1.0));
        gdc_dd_t sq = gdc_dd_sqr(sn);
        cm = gdc_dd(-2.0 * sq.hi, -2.0 * sq.lo);
        sn = gdc_dd(2.0 * s2.hi, 2.0 * s2.lo);
    }
    *s = sn;
    *c = gdc_dd_add_d(cm, 1.0);
}

/* sin u and cos u for a double 0 <= u <= pi/2 (+ rounding): above pi/4 through pi/2 - u in double-double */
static inline void cdd_sincos(double u, gdc_dd_t *s, gdc_dd_t *c)
{
    if (u <= 0.78539816339744828)
        cdd_sincos_small(gdc_dd_d(u), s, c);
    else {
        gdc_dd_t v = gdc_dd_add_d(gdc_dd(CDD_PI2_HI, CDD_PI2_LO), -u);
        if (v.hi < 0)
            v = gdc_dd_d(0.0); /* not reached for u = t/2, t <= the double below pi */
        cdd_sincos_small(v, c, s);
    }
}
/* log v for v > 0 (normal): L0 = log(v.hi), then one Newton step L = L0 + log(v e^{-L0}) with
 * v e^{-L0} = 1 + d, |d| < 2^-50, log(1 + d) = d - d^2/2 + O(d^3) */
static inline gdc_dd_t cdd_log(gdc_dd_t v)
{
    double L0 = log(v.hi);
    long k;
    gdc_dd_t e = cdd_exp2k(gdc_dd_d(-L0), &k);
    gdc_dd_t d = gdc_dd_add_d(gdc_dd_ldexp(gdc_dd_mul(v, e), (int)k), -1.0);
    d = gdc_dd_sub(d, gdc_dd_ldexp(gdc_dd_sqr(d), -1));
    return gdc_dd_add_d(d, L0);
}

/* atan2(y, x) for x > 0, y >= 0: th0 = atan2 in double (in [0, pi/2]), then one Newton step on
 * f(th) = x sin th - y cos th (f' = x cos th + y sin th > 0 on [0, pi/2]) */
static inline gdc_dd_t cdd_atan2(gdc_dd_t y, gdc_dd_t x)
{
    double th0 = atan2(y.hi, x.hi);
    gdc_dd_t s, c;
    cdd_sincos(th0, &s, &c);
    gdc_dd_t num = gdc_dd_sub(gdc_dd_mul(x, s), gdc_dd_mul(y, c));
    gdc_dd_t den = gdc_dd_add(gdc_dd_mul(x, c), gdc_dd_mul(y, s));
    return gdc_dd_sub(gdc_dd_d(th0), gdc_dd_div(num, den));
}
/* ---- faster, less accurate helpers (relative accuracy about 2^-75) for the double kernels ---- */

/* sin(j pi/64), j = 0..32, as double-doubles (from MPFR at 400 bits) */
static const gdc_dd_t cdd_sin_pi64[33] = {
    {0x0p+0, 0x0p+0},
    {0x1.91f65f10dd814p-5, -0x1.912bd0d569a9p-61},
    {0x1.917a6bc29b42cp-4, -0x1.e2718d26ed688p-60},
    {0x1.2c8106e8e613ap-3, 0x1.13000a89a11ep-58},
    {0x1.8f8b83c69a60bp-3, -0x1.26d19b9ff8d82p-57},
    {0x1.f19f97b215f1bp-3, -0x1.42deef11da2c4p-57},
    {0x1.294062ed59f06p-2, -0x1.5d28da2c4612dp-56},
    {0x1.58f9a75ab1fddp-2, -0x1.efdc0d58cf62p-62},
    {0x1.87de2a6aea963p-2, -0x1.72cedd3d5a61p-57},
    {0x1.b5d1009e15ccp-2, 0x1.5b362cb974183p-57},
    {0x1.e2b5d3806f63bp-2, 0x1.e0d891d3c6841p-58},
    {0x1.073879922ffeep-1, -0x1.a5a014347406cp-55},
    {0x1.1c73b39ae68c8p-1, 0x1.b25dd267f66p-55},
    {0x1.30ff7fce17035p-1, -0x1.efcc626f74a6fp-57},
    {0x1.44cf325091dd6p-1, 0x1.8076a2cfdc6b3p-57},
    {0x1.57d69348cecap-1, -0x1.75720992bfbb2p-55},
    {0x1.6a09e667f3bcdp-1, -0x1.bdd3413b26456p-55},
    {0x1.7b5df226aafafp-1, -0x1.0f537acdf0ad7p-56},
    {0x1.8bc806b151741p-1, -0x1.2c5e12ed1336dp-55},
    {0x1.9b3e047f38741p-1, -0x1.30ee286712474p-55},
    {0x1.a9b66290ea1a3p-1, 0x1.9f630e8b6dac8p-60},
    {0x1.b728345196e3ep-1, -0x1.bc69f324e6d61p-55},
    {0x1.c38b2f180bdb1p-1, -0x1.6e0b1757c8d07p-56},
    {0x1.ced7af43cc773p-1, -0x1.e7b6bb5ab58aep-58},
    {0x1.d906bcf328d46p-1, 0x1.457e610231ac2p-56},
    {0x1.e212104f686e5p-1, -0x1.014c76c126527p-55},
    {0x1.e9f4156c62ddap-1, 0x1.760b1e2e3f81ep-55},
    {0x1.f0a7efb9230d7p-1, 0x1.52c7adc6b4989p-56},
    {0x1.f6297cff75cbp-1, 0x1.562172a361fd3p-56},
    {0x1.fa7557f08a517p-1, -0x1.7a0a8ca13571fp-55},
    {0x1.fd88da3d12526p-1, -0x1.87df6378811c7p-55},
    {0x1.ff621e3796d7ep-1, -0x1.c57bc2e24aa15p-57},
    {0x1p+0, 0x0p+0},
};

/* sin x and cos x for a double 0 <= x <= pi (+ rounding): x = k pi/64 + r, |r| <= pi/128 (+ tiny), r in
 * double-double (k pi/64 as a two-double product, the subtraction x - k h_hi exact by Sterbenz); Taylor series of
 * sin r to r^11 and cos r to r^12 (remainders below 1e-25 relative), their leading terms r, r^3/6, r^2/2, r^4/24
 * in double-double and the rest (relative size < 5e-6) in double; then the addition formulas with the table
 * (sin(k h), cos(k h) from sin(j h), j <= 32, by symmetry). */
static inline void cdd_sincos_pi(double x, gdc_dd_t *s, gdc_dd_t *c)
{
    double kd = nearbyint(x * 0x1.45f306dc9c883p+4);
    if (kd < 0)
        kd = 0;
    if (kd > 64)
        kd = 64;
    int k = (int)kd;
    gdc_dd_t P = gdc_dd_two_prod(kd, 0x1.921fb54442d18p-5);
    gdc_dd_t r = gdc_dd_two_sum(x - P.hi, -GDC_DD_FMA(kd, 0x1.1a62633145c07p-59, P.lo));
    double r2d = r.hi * r.hi;
    gdc_dd_t R2 = gdc_dd_sqr(r);
    /* sin r = r + r R2 (-1/6 + es), cos r = 1 + R2 (-1/2 + R2 (1/24 + ec)) */
    double es = r2d * (0x1.1111111111111p-7 + r2d * (-0x1.a01a01a01a01ap-13 + r2d * (0x1.71de3a556c734p-19
                - r2d * 0x1.ae64567f544e4p-26)));
    double ec = r2d * (-0x1.6c16c16c16c17p-10 + r2d * (0x1.a01a01a01a01ap-16 - r2d * 0x1.27e4fb7789f5cp-22));
    gdc_dd_t Ps = gdc_dd_add_d(gdc_dd(-0x1.5555555555555p-3, -0x1.5555555555555p-57), es);
    gdc_dd_t Pc = gdc_dd_add_d(gdc_dd(0x1.5555555555555p-5, 0x1.5555555555555p-59), ec);
    gdc_dd_t sr = gdc_dd_add(r, gdc_dd_mul(gdc_dd_mul(r, R2), Ps));
    gdc_dd_t cm = gdc_dd_mul(R2, gdc_dd_add_d(gdc_dd_mul(R2, Pc), -0.5)); /* cos r - 1 */
    gdc_dd_t sk, ck;
    if (k <= 32) {
        sk = cdd_sin_pi64[k];
        ck = cdd_sin_pi64[32 - k];
    } else {
        sk = cdd_sin_pi64[64 - k];
        ck = gdc_dd_neg(cdd_sin_pi64[k - 32]);
    }
    /* sin(kh + r) = sk + sk (cos r - 1) + ck sin r, cos(kh + r) = ck + ck (cos r - 1) - sk sin r */
    *s = gdc_dd_add(sk, gdc_dd_add(gdc_dd_mul(sk, cm), gdc_dd_mul(ck, sr)));
    *c = gdc_dd_add(ck, gdc_dd_sub(gdc_dd_mul(ck, cm), gdc_dd_mul(sk, sr)));
}

/* exp(x) for a double-double x, x.hi finite: exp(x.hi) (libm, about half an ulp) times 1 + x.lo
 * (|x.lo| <= ulp(x.hi)/2, so the neglected x.lo^2/2 is below 2^-100 relative) */
static inline gdc_dd_t cdd_exp_fast(gdc_dd_t x)
{
    double e = exp(x.hi);
    return gdc_dd_fast_two_sum(e, e * x.lo);
}

/* expm1(x) for a double-double x: expm1(x.hi) + exp(x.hi) x.lo, exp(x.hi) = 1 + expm1(x.hi) */
static inline gdc_dd_t cdd_expm1_fast(gdc_dd_t x)
{
    double e = expm1(x.hi);
    return gdc_dd_two_sum(e, GDC_DD_FMA(e, x.lo, x.lo));
}
#endif
