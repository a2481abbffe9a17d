/* The regularized incomplete beta I_x(a, b) and its complement I_{1-x}(b, a) as Arb balls (seed-003 C22;
 * seed-004 C19-C22): arb_hypgeom_beta_lower with regularized = 1, an implementation independent of the double
 * kernel of betainc.c. Arb's evaluation of one side can fail (an indeterminate ball, seen for the complement at
 * a = 43.5, b = 1/2, y = 0.66) or lose accuracy; then the other side is computed and subtracted from 1, and of the
 * two rigorous enclosures the narrower one is kept (both contain the value). */
#include "core/betainc.h"

static void side(arb_t res, const arb_t x, const arb_t y, const arb_t a, const arb_t b, int upper, slong prec)
{
    if (upper)
        arb_hypgeom_beta_lower(res, b, a, y, 1, prec);
    else
        arb_hypgeom_beta_lower(res, a, b, x, 1, prec);
}

void gdc_betainc_arb(arb_t res, const arb_t x, const arb_t y, const arb_t a, const arb_t b, int upper, slong prec)
{
    side(res, x, y, a, b, upper, prec);
    if (arb_is_finite(res) && arb_rel_accuracy_bits(res) >= prec - 16)
        return;
    arb_t t;
    arb_init(t);
    side(t, x, y, a, b, !upper, prec);
    arb_sub_si(t, t, 1, prec);
    arb_neg(t, t);
    if (!arb_is_finite(res) || (arb_is_finite(t) && mag_cmp(arb_radref(t), arb_radref(res)) < 0))
        arb_swap(res, t);
    arb_clear(t);
}
