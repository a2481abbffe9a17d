/* Test helper shared by check_twolayer_corr.c and check_twolayer_corr_ratio.c: the mean-value inclusion that a
 * derivative enclosure J of f over a box must satisfy for points x, y of the box, f(y) - f(x) in J (y - x) (the
 * values as 256-bit balls, so only an enclosure that misses the true difference fails). */
#ifndef GDC_TEST_MVT_INCLUSION_H
#define GDC_TEST_MVT_INCLUSION_H
#include "gdc_arb.h"

static inline int mvt_inclusion_holds(void (*f)(arb_ptr, arb_srcptr, slong), arb_srcptr J, const double *x,
                                      const double *y, int n)
{
    arb_ptr P = _arb_vec_init(n), fx = _arb_vec_init(1), fy = _arb_vec_init(1);
    arb_t s, t;
    arb_init(s);
    arb_init(t);
    for (int k = 0; k < n; k++)
        arb_set_d(P + k, x[k]);
    f(fx, P, 256);
    for (int k = 0; k < n; k++)
        arb_set_d(P + k, y[k]);
    f(fy, P, 256);
    arb_sub(s, fy, fx, 256);
    arb_zero(t);
    for (int k = 0; k < n; k++) {
        arb_set_d(P + k, y[k] - x[k]);
        arb_addmul(t, J + k, P + k, 256);
    }
    int ok = arb_overlaps(s, t);
    arb_clear(s);
    arb_clear(t);
    _arb_vec_clear(P, n);
    _arb_vec_clear(fx, 1);
    _arb_vec_clear(fy, 1);
    return ok;
}

#endif
