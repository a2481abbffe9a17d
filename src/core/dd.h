/* Double-double arithmetic for the double kernels (internal, header-only): error-free transformations
 * (Knuth's two-sum, Dekker's two-product), and +, -, *, /, sqrt of unevaluated sums hi + lo carrying about
 * 104 bits. Used where a kernel must combine terms that a plain double would round too often (the ReLU
 * corr/loss near the optimum, the gauss probability sums, the cosine/erf Hessians and gradients).
 * Not part of the Arb path: the ball implementations never use it. */
#ifndef GDC_CORE_DD_H
#define GDC_CORE_DD_H
#include <math.h>

typedef struct {
    double hi, lo;
} gdc_dd_t;

static inline gdc_dd_t gdc_dd(double hi, double lo)
{
    gdc_dd_t r = {hi, lo};
    return r;
}

static inline gdc_dd_t gdc_dd_d(double a) { return gdc_dd(a, 0.0); }

static inline gdc_dd_t gdc_dd_two_sum(double a, double b)
{
    double s = a + b, bb = s - a;
    return gdc_dd(s, (a - (s - bb)) + (b - bb));
}

/* exact when |a| >= |b| (or a == 0) */
static inline gdc_dd_t gdc_dd_fast_two_sum(double a, double b)
{
    double s = a + b;
    return gdc_dd(s, b - (s - a));
}

/* Inexact multiply-add of low parts: fma where the hardware has it, else a plain a*b + c (the difference is one
 * rounding of a low part, about 2^-106 relative). */
/* A file whose functions are built for FMA machines (core/fastmath.h, target_clones) defines GDC_DD_USE_FMA before
 * including this header: fma() is then one instruction there (and a correctly rounded library call elsewhere). */
#if defined(FP_FAST_FMA) || defined(GDC_DD_USE_FMA)
#define GDC_DD_FMA(a, b, c) fma(a, b, c)
#else
#define GDC_DD_FMA(a, b, c) ((a) * (b) + (c))
#endif

/* a*b = hi + lo exactly. Without a hardware fma (FP_FAST_FMA undefined, e.g. a plain x86-64 build, where fma()
 * is a slow library call) Dekker's splitting, exact for |a|, |b| <= 2^995 away from underflow; fma beyond. */
static inline gdc_dd_t gdc_dd_two_prod(double a, double b)
{
    double p = a * b;
#if !defined(FP_FAST_FMA) && !defined(GDC_DD_USE_FMA)
    if (fabs(a) <= 0x1p995 && fabs(b) <= 0x1p995) {
        double ca = 134217729.0 * a, cb = 134217729.0 * b;
        double ah = ca - (ca - a), al = a - ah, bh = cb - (cb - b), bl = b - bh;
        return gdc_dd(p, ((ah * bh - p) + ah * bl + al * bh) + al * bl);
    }
#endif
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
    p.lo = GDC_DD_FMA(a.hi, b.lo, GDC_DD_FMA(a.lo, b.hi, p.lo));
    return gdc_dd_fast_two_sum(p.hi, p.lo);
}

static inline gdc_dd_t gdc_dd_mul_d(gdc_dd_t a, double b)
{
    gdc_dd_t p = gdc_dd_two_prod(a.hi, b);
    p.lo = GDC_DD_FMA(a.lo, b, p.lo);
    return gdc_dd_fast_two_sum(p.hi, p.lo);
}

static inline gdc_dd_t gdc_dd_sqr(gdc_dd_t a) { return gdc_dd_mul(a, a); }

/* multiplication by a power of two (exact unless it under- or overflows) */
static inline gdc_dd_t gdc_dd_scale(gdc_dd_t a, double pow2) { return gdc_dd(a.hi * pow2, a.lo * pow2); }
static inline gdc_dd_t gdc_dd_ldexp(gdc_dd_t a, int e) { return gdc_dd(ldexp(a.hi, e), ldexp(a.lo, e)); }

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

#endif
