/* Integer arguments of the Arb kernels: exact integers, and the integer range of a box (for rows monotone in d,
 * whose enclosure on a box of d comes from its two integer ends). */
#include <limits.h>
#include "core/arb_int.h"

int gdc_arb_get_int(long *d, const arb_t x, long lo)
{
    if (!arb_is_exact(x) || !arf_is_int(arb_midref(x)))
        return 0;
    if (arf_cmp_si(arb_midref(x), lo) < 0 || arf_cmp_si(arb_midref(x), LONG_MAX / 4) > 0)
        return 0;
    *d = arf_get_si(arb_midref(x), ARF_RND_DOWN);
    return 1;
}

int gdc_arb_int_range(long *lo, long *hi, const arb_t x, long min, long max)
{
    arf_t l, h;
    arf_init(l);
    arf_init(h);
    arb_get_lbound_arf(l, x, 64);
    arb_get_ubound_arf(h, x, 64);
    int ok = arf_is_finite(l) && arf_is_finite(h) && arf_cmp_si(l, max) <= 0 && arf_cmp_si(h, min) >= 0;
    if (ok) {
        *lo = arf_cmp_si(l, min) < 0 ? min : arf_get_si(l, ARF_RND_CEIL);
        *hi = arf_cmp_si(h, max) > 0 ? max : arf_get_si(h, ARF_RND_FLOOR);
        ok = *lo <= *hi;
    }
    arf_clear(l);
    arf_clear(h);
    return ok;
}

void gdc_arb_int_hull(arb_t out, const arb_t x, long min, long max, gdc_arb_int_point_fn point, slong prec)
{
    long lo, hi;
    if (!gdc_arb_int_range(&lo, &hi, x, min, max)) {
        arb_indeterminate(out);
        return;
    }
    point(out, lo, prec);
    if (hi > lo) {
        arb_t t;
        arb_init(t);
        point(t, hi, prec);
        arb_union(out, out, t, prec);
        arb_clear(t);
    }
}
