/* The plain interval form: the natural interval extension of the claim over the box (expr.c), which also
 * evaluates every assumption on the box. */
#include "prove/search_impl.h"

int gdc_form_interval(sctx_t *s, arb_t enc, slong prec)
{
    gdc_expr_eval(s->c, &s->ws, s->x, s->upto, prec);
    if (!s->ws.ok[s->obj])
        return 0;
    arb_set(enc, s->ws.val + s->obj);
    return 1;
}
