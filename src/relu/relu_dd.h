/* Internal: double-double helpers (error-free transformations with fma) for the ReLU double kernels. */
#ifndef GDC_RELU_DD_H
#define GDC_RELU_DD_H
#include <math.h>

typedef struct {
    double hi, lo;
} gdc_dd_t;

static inline gdc_dd_t dd_fast_two_sum(double a, double b)
{
    double s = a + b;
    return (gdc_dd_t){s, b - (s - a)};
}

static inline gdc_dd_t dd_two_sum(double a, double b)
{
    double s = a + b;
    double bb = s - a;
    return (gdc_dd_t){s, (a - (s - bb)) + (b - bb)};
}

static inline gdc_dd_t dd_two_prod(double a, double b)
{
    double p = a * b;
    return (gdc_dd_t){p, fma(a, b, -p)};
}

static inline gdc_dd_t dd_d(double a) { return (gdc_dd_t){a, 0.0}; }

static inline gdc_dd_t dd_add(gdc_dd_t a, gdc_dd_t b)
{
    gdc_dd_t s = dd_two_sum(a.hi, b.hi);
    gdc_dd_t t = dd_two_sum(a.lo, b.lo);
    s.lo += t.hi;
    s = dd_fast_two_sum(s.hi, s.lo);
    s.lo += t.lo;
    return dd_fast_two_sum(s.hi, s.lo);
}

static inline gdc_dd_t dd_neg(gdc_dd_t a) { return (gdc_dd_t){-a.hi, -a.lo}; }
static inline gdc_dd_t dd_sub(gdc_dd_t a, gdc_dd_t b) { return dd_add(a, dd_neg(b)); }

static inline gdc_dd_t dd_mul(gdc_dd_t a, gdc_dd_t b)
{
    gdc_dd_t p = dd_two_prod(a.hi, b.hi);
    p.lo += a.hi * b.lo + a.lo * b.hi;
    return dd_fast_two_sum(p.hi, p.lo);
}

static inline gdc_dd_t dd_mul_d(gdc_dd_t a, double b)
{
    gdc_dd_t p = dd_two_prod(a.hi, b);
    p.lo += a.lo * b;
    return dd_fast_two_sum(p.hi, p.lo);
}

static inline gdc_dd_t dd_scale(gdc_dd_t a, double pow2) { return (gdc_dd_t){a.hi * pow2, a.lo * pow2}; }

static inline gdc_dd_t dd_div(gdc_dd_t a, gdc_dd_t b)
{
    double q = a.hi / b.hi;
    gdc_dd_t r = dd_sub(a, dd_mul_d(b, q));
    double q2 = r.hi / b.hi;
    r = dd_sub(r, dd_mul_d(b, q2));
    double q3 = r.hi / b.hi;
    gdc_dd_t s = dd_fast_two_sum(q, q2);
    s.lo += q3;
    return dd_fast_two_sum(s.hi, s.lo);
}

#endif
