/* Internal: interval arithmetic with outward rounding (two arf ends) for the ball enclosures of the Theorem 6/7
 * ratios (erf_ratio_arb.c). A ball's radius carries 30 bits, so a ball cannot hold an interval such as
 * [1, 10^12] (its lower end rounds below 0); the positive denominators of the ratios (1 + 2|w|^2, Z, ...) span
 * such ranges on wide boxes. Intervals keep both ends exactly to the working precision; only the final
 * enclosure becomes a ball. Monotone functions are evaluated at the ends (as exact balls, then their bounds). */
#ifndef GDC_ERF_RATIO_IV_H
#define GDC_ERF_RATIO_IV_H
#include "gdc_arb.h"

typedef struct {
    arf_t lo, hi;
} iv_t;

static inline void iv_init(iv_t *a)
{
    arf_init(a->lo);
    arf_init(a->hi);
}

static inline void iv_clear(iv_t *a)
{
    arf_clear(a->lo);
    arf_clear(a->hi);
}

static inline void iv_set(iv_t *r, const iv_t *a)
{
    arf_set(r->lo, a->lo);
    arf_set(r->hi, a->hi);
}

static inline void iv_set_si(iv_t *r, slong c)
{
    arf_set_si(r->lo, c);
    arf_set_si(r->hi, c);
}

/* the bounds of a ball */
static inline void iv_set_arb(iv_t *r, const arb_t x, slong prec)
{
    arb_get_lbound_arf(r->lo, x, prec);
    arb_get_ubound_arf(r->hi, x, prec);
}

/* the smallest ball containing the interval (indeterminate if an end is not finite) */
static inline void iv_get_arb(arb_t r, const iv_t *a, slong prec)
{
    if (arf_is_finite(a->lo) && arf_is_finite(a->hi) && arf_cmp(a->lo, a->hi) <= 0)
        arb_set_interval_arf(r, a->lo, a->hi, prec);
    else
        arb_indeterminate(r);
}

/* a quantity known to be >= 0: lower end at least 0 */
static inline void iv_nonneg(iv_t *a)
{
    if (arf_sgn(a->lo) < 0)
        arf_zero(a->lo);
}

static inline int iv_is_finite(const iv_t *a) { return arf_is_finite(a->lo) && arf_is_finite(a->hi); }

static inline void iv_add(iv_t *r, const iv_t *a, const iv_t *b, slong prec)
{
    arf_add(r->lo, a->lo, b->lo, prec, ARF_RND_FLOOR);
    arf_add(r->hi, a->hi, b->hi, prec, ARF_RND_CEIL);
}

static inline void iv_add_si(iv_t *r, const iv_t *a, slong c, slong prec)
{
    arf_add_si(r->lo, a->lo, c, prec, ARF_RND_FLOOR);
    arf_add_si(r->hi, a->hi, c, prec, ARF_RND_CEIL);
}

static inline void iv_sub(iv_t *r, const iv_t *a, const iv_t *b, slong prec)
{
    arf_t t;
    arf_init(t);
    arf_sub(t, a->lo, b->hi, prec, ARF_RND_FLOOR);
    arf_sub(r->hi, a->hi, b->lo, prec, ARF_RND_CEIL);
    arf_swap(r->lo, t);
    arf_clear(t);
}

static inline void iv_mul_2exp(iv_t *r, const iv_t *a, slong e)
{
    arf_mul_2exp_si(r->lo, a->lo, e);
    arf_mul_2exp_si(r->hi, a->hi, e);
}

/* general product: min and max of the four corner products */
static inline void iv_mul(iv_t *r, const iv_t *a, const iv_t *b, slong prec)
{
    arf_t lo, hi, t;
    arf_init(lo);
    arf_init(hi);
    arf_init(t);
    for (int i = 0; i < 4; i++) {
        const arf_struct *x = i & 1 ? a->hi : a->lo, *y = i & 2 ? b->hi : b->lo;
        arf_mul(t, x, y, prec, ARF_RND_FLOOR);
        if (i == 0 || arf_cmp(t, lo) < 0)
            arf_set(lo, t);
        arf_mul(t, x, y, prec, ARF_RND_CEIL);
        if (i == 0 || arf_cmp(t, hi) > 0)
            arf_set(hi, t);
    }
    arf_swap(r->lo, lo);
    arf_swap(r->hi, hi);
    arf_clear(lo);
    arf_clear(hi);
    arf_clear(t);
}

/* a/b for b > 0 (b->lo > 0); returns 0 (r indeterminate-wide) if the divisor is not certainly positive */
static inline int iv_div(iv_t *r, const iv_t *a, const iv_t *b, slong prec)
{
    if (arf_sgn(b->lo) <= 0 || !iv_is_finite(b)) {
        arf_neg_inf(r->lo);
        arf_pos_inf(r->hi);
        return 0;
    }
    arf_t lo, hi, t;
    arf_init(lo);
    arf_init(hi);
    arf_init(t);
    /* lo = min(a.lo/b.lo, a.lo/b.hi), hi = max(a.hi/b.lo, a.hi/b.hi) */
    arf_div(lo, a->lo, b->lo, prec, ARF_RND_FLOOR);
    arf_div(t, a->lo, b->hi, prec, ARF_RND_FLOOR);
    if (arf_cmp(t, lo) < 0)
        arf_swap(t, lo);
    arf_div(hi, a->hi, b->lo, prec, ARF_RND_CEIL);
    arf_div(t, a->hi, b->hi, prec, ARF_RND_CEIL);
    if (arf_cmp(t, hi) > 0)
        arf_swap(t, hi);
    arf_swap(r->lo, lo);
    arf_swap(r->hi, hi);
    arf_clear(lo);
    arf_clear(hi);
    arf_clear(t);
    return 1;
}

/* sqrt of a quantity known to be >= 0 */
static inline void iv_sqrt(iv_t *r, const iv_t *a, slong prec)
{
    iv_set(r, a);
    iv_nonneg(r);
    arf_sqrt(r->lo, r->lo, prec, ARF_RND_FLOOR);
    arf_sqrt(r->hi, r->hi, prec, ARF_RND_CEIL);
}

/* f(a) for f increasing (decreasing: dec = 1), evaluated on the ends as exact balls */
static inline void iv_monotone(iv_t *r, const iv_t *a, void (*f)(arb_t, const arb_t, slong), int dec, slong prec)
{
    arb_t x, y;
    arf_t lo;
    arb_init(x);
    arb_init(y);
    arf_init(lo);
    arb_set_arf(x, dec ? a->hi : a->lo);
    f(y, x, prec);
    arb_get_lbound_arf(lo, y, prec);
    arb_set_arf(x, dec ? a->lo : a->hi);
    f(y, x, prec);
    arb_get_ubound_arf(r->hi, y, prec);
    arf_swap(r->lo, lo);
    arb_clear(x);
    arb_clear(y);
    arf_clear(lo);
}

/* a^n, a >= 0 */
static inline void iv_pow_ui(iv_t *r, const iv_t *a, ulong n, slong prec)
{
    arb_t x;
    arf_t lo;
    arb_init(x);
    arf_init(lo);
    arb_set_arf(x, a->lo);
    if (arf_sgn(a->lo) < 0)
        arb_zero(x);
    arb_pow_ui(x, x, n, prec);
    arb_get_lbound_arf(lo, x, prec);
    arb_set_arf(x, a->hi);
    arb_pow_ui(x, x, n, prec);
    arb_get_ubound_arf(r->hi, x, prec);
    arf_swap(r->lo, lo);
    arb_clear(x);
    arf_clear(lo);
}

/* convex hull of two intervals */
static inline void iv_union(iv_t *r, const iv_t *a, const iv_t *b)
{
    if (arf_cmp(b->lo, a->lo) < 0)
        arf_set(r->lo, b->lo);
    else
        arf_set(r->lo, a->lo);
    if (arf_cmp(b->hi, a->hi) > 0)
        arf_set(r->hi, b->hi);
    else
        arf_set(r->hi, a->hi);
}
#endif
