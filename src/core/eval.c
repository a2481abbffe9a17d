/* Arb evaluation of a registry row at a double point, raising precision to a relative accuracy goal. */
#include "core/registry.h"

int gdc_eval_arb_goal(const gdc_row_t *row, arb_ptr out, const double *x, slong goal_bits, slong max_prec)
{
    arb_ptr xb = _arb_vec_init(row->nargs);
    int ok = 0;
    for (int i = 0; i < row->nargs; i++)
        arb_set_d(xb + i, x[i]);
    for (slong prec = goal_bits + 32; ; prec *= 2) {
        if (prec > max_prec)
            prec = max_prec;
        row->fn_arb(out, xb, prec);
        ok = 1;
        for (int k = 0; k < row->nout; k++)
            if (!(arb_is_zero(out + k) || arb_rel_accuracy_bits(out + k) >= goal_bits))
                ok = 0;
        if (ok || prec >= max_prec)
            break;
    }
    _arb_vec_clear(xb, row->nargs);
    return ok ? 0 : 1;
}
