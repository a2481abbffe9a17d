/* Batch evaluation (core/batch.h): one indirect call per point, no per-point dispatch on the row. */
#include "core/batch.h"

void gdc_eval_n(const gdc_row_t *row, double *out, const double *x, size_t n)
{
    const gdc_double_fn f = row->fn_double;
    const size_t na = (size_t)row->nargs, no = (size_t)row->nout;
    for (size_t i = 0; i < n; i++)
        f(out + i * no, x + i * na);
}

size_t gdc_eval_n_checked(const gdc_row_t *row, double *out, const double *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (int j = 0; j < row->nargs; j++)
            if (!gdc_arg_contains(&row->args[j], x[i * (size_t)row->nargs + (size_t)j]))
                return i;
    gdc_eval_n(row, out, x, n);
    return n;
}
