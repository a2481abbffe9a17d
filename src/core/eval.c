/* Arb evaluation of a registry row at a double point, raising precision to a relative accuracy goal. */
#include "core/registry.h"

/* 1 if every point of b lies in [-2^-1075, 2^-1075]: it rounds to 0 in double (round to nearest, ties to even) */
static int below_double_range(const arb_t b)
{
    arb_t a, one;
    arb_init(a);
    arb_init(one);
    arb_abs(a, b);
    arb_mul_2exp_si(a, a, 1075);
    arb_one(one);
    int r = arb_is_finite(b) && arb_le(a, one);
    arb_clear(a);
    arb_clear(one);
    return r;
}

static int eval_goal(const gdc_row_t *row, arb_ptr out, const double *x, slong goal_bits, slong max_prec,
                     int double_zero_ok)
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
            if (!(arb_is_zero(out + k) || arb_rel_accuracy_bits(out + k) >= goal_bits ||
                  (double_zero_ok && below_double_range(out + k))))
                ok = 0;
        if (ok || prec >= max_prec)
            break;
    }
    _arb_vec_clear(xb, row->nargs);
    return ok ? 0 : 1;
}

int gdc_eval_arb_goal(const gdc_row_t *row, arb_ptr out, const double *x, slong goal_bits, slong max_prec)
{
    return eval_goal(row, out, x, goal_bits, max_prec, 0);
}

int gdc_eval_arb_goal_double(const gdc_row_t *row, arb_ptr out, const double *x, slong goal_bits, slong max_prec)
{
    return eval_goal(row, out, x, goal_bits, max_prec, 1);
}
