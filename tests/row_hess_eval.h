/* Test helper shared by the derivative suites (check_erf_deriv.c, check_relu_deriv.c): a registry row with its
 * second-order enclosure and the balls to call it with (arguments x, values out, Jacobian, Hessian). */
#ifndef GDC_TEST_ROW_HESS_EVAL_H
#define GDC_TEST_ROW_HESS_EVAL_H
#include <check.h>
#include "core/registry.h"

typedef struct {
    const gdc_row_t *row;
    arb_ptr x, out, jac, hess;
} ev_t;

/* the row `id`, which must exist and have fn_arb_hess */
static inline void ev_init(ev_t *e, const char *id)
{
    e->row = gdc_registry_find(id);
    ck_assert_msg(e->row != NULL && e->row->fn_arb_hess != NULL, "%s: no row or no Hessian", id);
    int n = e->row->nargs, m = e->row->nout;
    e->x = _arb_vec_init(n);
    e->out = _arb_vec_init(m);
    e->jac = _arb_vec_init(n * m);
    e->hess = _arb_vec_init(n * n * m);
}

static inline void ev_clear(ev_t *e)
{
    int n = e->row->nargs, m = e->row->nout;
    _arb_vec_clear(e->x, n);
    _arb_vec_clear(e->out, m);
    _arb_vec_clear(e->jac, n * m);
    _arb_vec_clear(e->hess, n * n * m);
}

#endif
