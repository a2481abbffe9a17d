/* The mean-value form f(c) + grad f(X).(X - c): c the exact centre of the box (s->cpt, the objective's value
 * there in s->gc), grad f(X) the forward-mode gradient over the box (registry rows through their Jacobian
 * enclosures), left in s->ws by the caller's centred derivative evaluation on the box (search_box.c: order
 * 1, or order 2 when the second-order forms follow). Flat dimensions contribute nothing (X_i - c_i = 0).
 * The objective's centred enclosure (every node intersected with its own mean-value form, expr.c) is used
 * where its lower end is higher. */
#include "prove/search_impl.h"

int gdc_form_meanvalue(sctx_t *s, arb_srcptr box, arb_t enc, slong prec)
{
    (void)box;
    if (!s->ws.gok[s->obj] || !arb_is_finite(s->gc))
        return 0;
    arb_set(enc, s->gc);
    arb_srcptr g = s->ws.grad + (slong)s->obj * s->n;
    for (int i = 0; i < s->n; i++) {
        if (!(s->c->nodes[s->obj].deps >> i & 1u) || (s->ws.flat >> i & 1u))
            continue;
        arb_sub(s->tmp, s->x + i, s->cpt + i, prec);
        arb_addmul(enc, g + i, s->tmp, prec);
    }
    arb_srcptr v = s->ws.val + s->obj;
    if (s->ws.ok[s->obj] && arb_is_finite(v)) {
        arf_t a, b;
        arf_init(a);
        arf_init(b);
        arb_get_lbound_arf(a, v, prec);
        arb_get_lbound_arf(b, enc, prec);
        if (!arb_is_finite(enc) || arf_cmp(a, b) > 0)
            arb_set(enc, v);
        arf_clear(a);
        arf_clear(b);
    }
    return arb_is_finite(enc);
}
