/* Arb compat: one include for FLINT >= 3 (<flint/arb.h>) and Arb 2.x (<arb.h>). */
#ifndef GDC_ARB_H
#define GDC_ARB_H
#include "gdc_config.h"
#if GDC_ARB_FLINT3
#include <flint/arb.h>
#include <flint/acb.h>
#include <flint/arb_hypgeom.h>
#include <flint/acb_hypgeom.h>
#include <flint/acb_calc.h>
#include <flint/arf.h>
#include <flint/mag.h>
#else
#include <arb.h>
#include <acb.h>
#include <arb_hypgeom.h>
#include <acb_hypgeom.h>
#include <acb_calc.h>
#include <arf.h>
#include <mag.h>
#endif
#include <mpfr.h>

/* x^2 of a real ball, keeping only the non-negative part: arb_sqr of a ball straddling 0 may reach below 0,
 * but a real square is >= 0, so discarding the negative part is rigorous and keeps sums of squares provably
 * non-negative on wide boxes (sqrt, log and division stay defined). */
static inline void gdc_arb_sqr(arb_t r, const arb_t x, slong prec)
{
    arb_sqr(r, x, prec);
    arb_nonnegative_part(r, r);
}
/* The two ends of a ball as exact (radius 0) balls: lo <= every point of x <= hi. For functions monotone on a
 * ball, the values at lo and hi enclose the range without the dependency of plain ball arithmetic. The ends are
 * mid -+ rad formed exactly (prec is not used for them): ends rounded outward to prec bits could cross a domain
 * end (a box ending within 2^-prec of pi), beyond which the function need not be monotone. */
static inline void gdc_arb_endpoints(arb_t lo, arb_t hi, const arb_t x, slong prec)
{
    arf_t f;
    (void)prec;
    arf_init(f);
    arb_get_lbound_arf(f, x, ARF_PREC_EXACT);
    arb_set_arf(lo, f);
    arb_get_ubound_arf(f, x, ARF_PREC_EXACT);
    arb_set_arf(hi, f);
    arf_clear(f);
}
/* f monotone (either way) on the ball x: res = the union of f at the two ends (f(x) itself for an exact x), which
 * encloses f over x without the dependency of plain ball arithmetic. The caller proves the monotonicity. */
static inline void gdc_arb_monotone_ends(arb_t res, const arb_t x, void (*f)(arb_t, const arb_t, slong), slong prec)
{
    if (arb_is_exact(x)) {
        f(res, x, prec);
        return;
    }
    arb_t lo, hi, flo;
    arb_init(lo);
    arb_init(hi);
    arb_init(flo);
    gdc_arb_endpoints(lo, hi, x, prec);
    f(flo, lo, prec);
    f(res, hi, prec);
    arb_union(res, res, flo, prec);
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(flo);
}

/* The range [lo, hi] of |y| over the finite ball x as exact balls, 0 <= lo <= hi (formulas that depend on a norm
 * only through its square are even in it). Returns 1 if the range reaches 0 (lo is then 0), 0 otherwise. */
static inline int gdc_arb_abs_endpoints(arb_t lo, arb_t hi, const arb_t x, slong prec)
{
    gdc_arb_endpoints(lo, hi, x, prec);
    if (arf_sgn(arb_midref(lo)) > 0)
        return 0;
    if (arf_sgn(arb_midref(hi)) < 0) {
        arb_neg(lo, lo);
        arb_neg(hi, hi);
        arb_swap(lo, hi);
        return 0;
    }
    arb_neg(lo, lo);
    if (arb_gt(lo, hi))
        arb_swap(lo, hi);
    arb_zero(lo);
    return 1;
}
/* sqrt(a^2 + b^2) of real balls, with the squares kept non-negative (gdc_arb_sqr): never NaN for finite balls */
static inline void gdc_arb_hypot(arb_t r, const arb_t a, const arb_t b, slong prec)
{
    arb_t t;
    arb_init(t);
    gdc_arb_sqr(r, a, prec);
    gdc_arb_sqr(t, b, prec);
    arb_add(r, r, t, prec);
    arb_sqrt(r, r, prec);
    arb_clear(t);
}
#endif
