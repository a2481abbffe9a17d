/* Registry derivative enclosures from jets (jet.h): the Jacobian and Hessian rows of a registry fn_arb_jac /
 * fn_arb_hess filled from output jets, indeterminate where a derivative is unbounded on the box, with respect to
 * an integer argument, or where the row has no derivative on the box. */
#include "core/jet.h"

static void copy_entry(arb_ptr dst, const arb_t src)
{
    if (arb_is_finite(src))
        arb_set(dst, src);
    else
        arb_indeterminate(dst);
}

void gdc_ajet_get(arb_ptr jac, arb_ptr hess, int k, const gdc_ajet_t u)
{
    int n = u->n;
    for (int j = 0; jac != NULL && j < n; j++)
        copy_entry(jac + k * n + j, u->g + j);
    if (hess == NULL)
        return;
    for (int i = 0; i < n * n; i++)
        if (u->order > 1)
            copy_entry(hess + k * n * n + i, u->h + i);
        else
            arb_indeterminate(hess + k * n * n + i);
}

void gdc_ajet_get_value(arb_ptr out, arb_ptr jac, arb_ptr hess, int k, const gdc_ajet_t u)
{
    arb_set(out + k, &u->v);
    gdc_ajet_get(jac, hess, k, u);
}

void gdc_ajet_indeterminate_arg(arb_ptr jac, arb_ptr hess, int nout, int n, int j)
{
    for (int k = 0; k < nout; k++) {
        arb_indeterminate(jac + k * n + j);
        if (hess == NULL)
            continue;
        for (int i = 0; i < n; i++) {
            arb_indeterminate(hess + (k * n + i) * n + j);
            arb_indeterminate(hess + (k * n + j) * n + i);
        }
    }
}

void gdc_ajet_eval_row(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, int n, int nout, unsigned int_mask,
                      gdc_arb_fn val, gdc_ajet_fn f, slong prec)
{
    gdc_ajet_struct X[GDC_AJET_MAX], F[GDC_MAX_OUT];
    int order = hess != NULL ? 2 : 1;
    slong wp = prec + 20;
    if (val != NULL)
        val(out, x, prec);
    for (int i = 0; i < n; i++) {
        gdc_ajet_init(X + i, n, order);
        if (int_mask & (1u << i))
            gdc_ajet_const(X + i, x + i);
        else
            gdc_ajet_var(X + i, x + i, i);
    }
    for (int k = 0; k < nout; k++)
        gdc_ajet_init(F + k, n, order);
    int ok = f(F, X, wp);
    for (int k = 0; k < nout; k++) {
        if (val == NULL && ok) /* the value from the jet (computed there anyway), rounded to prec */
            arb_set_round(out + k, &F[k].v, prec);
        else if (val == NULL)
            arb_indeterminate(out + k);
        gdc_ajet_get(jac, hess, k, F + k);
        for (int i = 0; i < n * (hess != NULL ? n : 0); i++)
            arb_set_round(hess + k * n * n + i, hess + k * n * n + i, prec);
        for (int j = 0; j < n; j++)
            arb_set_round(jac + k * n + j, jac + k * n + j, prec);
    }
    for (int j = 0; j < n; j++)
        if (int_mask & (1u << j))
            gdc_ajet_indeterminate_arg(jac, hess, nout, n, j);
    for (int k = 0; k < nout; k++) /* outside the domain (e.g. an integer argument not an integer): no derivative */
        if (!ok || !arb_is_finite(out + k))
            for (int j = 0; j < n * (hess != NULL ? n + 1 : 1); j++)
                arb_indeterminate(j < n ? jac + k * n + j : hess + k * n * n + (j - n));
    for (int i = 0; i < n; i++)
        gdc_ajet_clear(X + i);
    for (int k = 0; k < nout; k++)
        gdc_ajet_clear(F + k);
}

void gdc_ajet_eval_value(arb_ptr out, arb_srcptr x, int n, int nout, gdc_ajet_fn f, slong prec)
{
    gdc_ajet_struct X[GDC_AJET_MAX], F[GDC_MAX_OUT];
    for (int i = 0; i < n; i++) {
        gdc_ajet_init(X + i, 0, 1);
        gdc_ajet_const(X + i, x + i);
    }
    for (int k = 0; k < nout; k++)
        gdc_ajet_init(F + k, 0, 1);
    int ok = f(F, X, prec);
    for (int k = 0; k < nout; k++) {
        if (ok)
            arb_set(out + k, &F[k].v);
        else
            arb_indeterminate(out + k);
        gdc_ajet_clear(F + k);
    }
    for (int i = 0; i < n; i++)
        gdc_ajet_clear(X + i);
}
