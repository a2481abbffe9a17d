/* Numbers with a separate binary exponent on top of the double-doubles of core/dd.h, for the positive-term probability sums of the gauss family (seed-000 C15, C27, B1): a
 * double-double carries about 104 bits, so sums of hundreds of terms stay far below one double ulp. */
#ifndef GDC_GAUSS_DD_H
#define GDC_GAUSS_DD_H
#include <math.h>

#include "core/dd.h"


/* value m * 2^e, m a double-double (kept near [0.5, 1) in magnitude by gdc_sdd_norm) */
typedef struct {
    gdc_dd_t m;
    long e;
} gdc_sdd_t;


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
