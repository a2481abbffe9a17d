/* Double-double arithmetic (error-free transformations with fma) and numbers with a separate binary
 * exponent, for the positive-term probability sums of the gauss family (seed-000 C15, C27, B1): a
 * double-double carries about 104 bits, so sums of hundreds of terms stay far below one double ulp. */
#ifndef GDC_GAUSS_DD_H
#define GDC_GAUSS_DD_H
#include <math.h>

typedef struct {
    double hi, lo;
} gdc_dd_t;

/* value m * 2^e, m a double-double (kept near [0.5, 1) in magnitude by gdc_sdd_norm) */
typedef struct {
    gdc_dd_t m;
    long e;
} gdc_sdd_t;

static inline gdc_dd_t gdc_dd(double hi, double lo)
{
    gdc_dd_t r = {hi, lo};
    return r;
}

static inline gdc_dd_t gdc_dd_two_sum(double a, double b)
{
    double s = a + b, bb = s - a;
    return gdc_dd(s, (a - (s - bb)) + (b - bb));
}

static inline gdc_dd_t gdc_dd_fast_two_sum(double a, double b)
{
    double s = a + b;
    return gdc_dd(s, b - (s - a));
}

static inline gdc_dd_t gdc_dd_two_prod(double a, double b)
{
    double p = a * b;
    return gdc_dd(p, fma(a, b, -p));
}

static inline gdc_dd_t gdc_dd_add(gdc_dd_t a, gdc_dd_t b)
{
    gdc_dd_t s = gdc_dd_two_sum(a.hi, b.hi), t = gdc_dd_two_sum(a.lo, b.lo);
    s.lo += t.hi;
    s = gdc_dd_fast_two_sum(s.hi, s.lo);
    s.lo += t.lo;
    return gdc_dd_fast_two_sum(s.hi, s.lo);
}

static inline gdc_dd_t gdc_dd_add_d(gdc_dd_t a, double b)
{
    gdc_dd_t s = gdc_dd_two_sum(a.hi, b);
    s.lo += a.lo;
    return gdc_dd_fast_two_sum(s.hi, s.lo);
}

static inline gdc_dd_t gdc_dd_neg(gdc_dd_t a) { return gdc_dd(-a.hi, -a.lo); }

static inline gdc_dd_t gdc_dd_sub(gdc_dd_t a, gdc_dd_t b) { return gdc_dd_add(a, gdc_dd_neg(b)); }

static inline gdc_dd_t gdc_dd_mul(gdc_dd_t a, gdc_dd_t b)
{
    gdc_dd_t p = gdc_dd_two_prod(a.hi, b.hi);
    p.lo += a.hi * b.lo + a.lo * b.hi;
    return gdc_dd_fast_two_sum(p.hi, p.lo);
}

static inline gdc_dd_t gdc_dd_mul_d(gdc_dd_t a, double b)
{
    gdc_dd_t p = gdc_dd_two_prod(a.hi, b);
    p.lo += a.lo * b;
    return gdc_dd_fast_two_sum(p.hi, p.lo);
}

static inline gdc_dd_t gdc_dd_div(gdc_dd_t a, gdc_dd_t b)
{
    double q1 = a.hi / b.hi;
    if (!isfinite(q1) || q1 == 0.0)
        return gdc_dd(q1, 0.0);
    gdc_dd_t r = gdc_dd_sub(a, gdc_dd_mul_d(b, q1));
    double q2 = r.hi / b.hi;
    r = gdc_dd_sub(r, gdc_dd_mul_d(b, q2));
    double q3 = r.hi / b.hi;
    return gdc_dd_add_d(gdc_dd_fast_two_sum(q1, q2), q3);
}

static inline gdc_dd_t gdc_dd_div_d(gdc_dd_t a, double b) { return gdc_dd_div(a, gdc_dd(b, 0.0)); }

static inline gdc_dd_t gdc_dd_sqrt(gdc_dd_t a)
{
    if (!(a.hi > 0))
        return gdc_dd(0.0, 0.0);
    double s = sqrt(a.hi);
    gdc_dd_t r = gdc_dd_sub(a, gdc_dd_two_prod(s, s));
    return gdc_dd_fast_two_sum(s, r.hi / (2.0 * s));
}

static inline double gdc_dd_to_d(gdc_dd_t a) { return a.hi + a.lo; }

static inline gdc_sdd_t gdc_sdd_norm(gdc_sdd_t x)
{
    if (x.m.hi == 0.0 || !isfinite(x.m.hi)) {
        x.e = 0;
        return x;
    }
    int k;
    frexp(x.m.hi, &k);
    x.m.hi = ldexp(x.m.hi, -k);
    x.m.lo = ldexp(x.m.lo, -k);
    x.e += k;
    return x;
}

static inline gdc_sdd_t gdc_sdd(gdc_dd_t m, long e)
{
    gdc_sdd_t r = {m, e};
    return gdc_sdd_norm(r);
}

static inline gdc_sdd_t gdc_sdd_mul(gdc_sdd_t a, gdc_sdd_t b)
{
    gdc_sdd_t r = {gdc_dd_mul(a.m, b.m), a.e + b.e};
    return gdc_sdd_norm(r);
}

static inline gdc_sdd_t gdc_sdd_mul_dd(gdc_sdd_t a, gdc_dd_t b)
{
    gdc_sdd_t r = {gdc_dd_mul(a.m, b), a.e};
    return gdc_sdd_norm(r);
}

/* 2^e as a double for |e| within range, 0 / inf outside (ldexp with a long exponent) */
static inline double gdc_ldexp_long(double x, long e)
{
    if (e > 4000)
        e = 4000;
    if (e < -4000)
        e = -4000;
    return ldexp(x, (int)e);
}

static inline gdc_dd_t gdc_sdd_to_dd(gdc_sdd_t a)
{
    return gdc_dd(gdc_ldexp_long(a.m.hi, a.e), gdc_ldexp_long(a.m.lo, a.e));
}

static inline gdc_sdd_t gdc_sdd_add(gdc_sdd_t a, gdc_sdd_t b)
{
    if (a.m.hi == 0.0)
        return b;
    if (b.m.hi == 0.0)
        return a;
    if (a.e < b.e) {
        gdc_sdd_t t = a;
        a = b;
        b = t;
    }
    long sh = b.e - a.e; /* <= 0 */
    if (sh < -300)
        return a;
    gdc_dd_t bm = gdc_dd(ldexp(b.m.hi, (int)sh), ldexp(b.m.lo, (int)sh));
    gdc_sdd_t r = {gdc_dd_add(a.m, bm), a.e};
    return gdc_sdd_norm(r);
}

/* the rounded double of a (one rounding, except a second one into the subnormal range) */
static inline double gdc_sdd_to_d(gdc_sdd_t a) { return gdc_ldexp_long(a.m.hi + a.m.lo, a.e); }

#endif
