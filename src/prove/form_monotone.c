/* The monotone form: where a partial derivative has a fixed sign on the whole box (the gradient left in
 * s->ws by the caller's derivative evaluation on the box), the minimum over the box lies on the face where that variable is lowest
 * (d/dx_i >= 0: lower face 'l') or highest ('h'); the objective is then enclosed on that face by the plain
 * and the mean-value forms. Valid only where every assumption holds on the whole box (the caller checks).
 * A strict goal may be decided non-strictly on a face lying on an open end of the range when that partial
 * is strictly signed (points there are not quantified over; the goal increases strictly away from it).
 * The returned enclosure's lower end is a lower bound of the objective on the box. For bound goals the
 * face's centre is also tried as a feasible point. */
#include <string.h>
#include "prove/search_impl.h"

/* the face box: returns the number of fixed-sign partials (0: the form does not apply) */
static int choose_faces(sctx_t *s, const tnode_t *nd, char *faces, unsigned *ftouch, int *relaxed)
{
    const gdc_claim_t *c = s->c;
    arb_srcptr g = s->ws.grad + (slong)s->obj * s->n;
    int nf = 0;
    *relaxed = 0;
    *ftouch = nd->touch;
    _arb_vec_set(s->fbox, nd->box, 2 * s->n);
    for (int i = 0; i < s->n; i++) {
        faces[i] = '.';
        if (arb_equal(nd->box + 2 * i, nd->box + 2 * i + 1))
            continue;
        if (arb_is_nonnegative(g + i)) {
            faces[i] = 'l';
            arb_set(s->fbox + 2 * i + 1, nd->box + 2 * i);
            *ftouch &= ~(2u << (2 * i));
            if ((nd->touch >> (2 * i) & 1u) && gdc_var_lo_open(&c->vars[i]) && arb_is_positive(g + i))
                *relaxed = 1;
        } else if (arb_is_nonpositive(g + i)) {
            faces[i] = 'h';
            arb_set(s->fbox + 2 * i, nd->box + 2 * i + 1);
            *ftouch &= ~(1u << (2 * i));
            if ((nd->touch >> (2 * i + 1) & 1u) && gdc_var_hi_open(&c->vars[i]) && arb_is_negative(g + i))
                *relaxed = 1;
        } else
            continue;
        nf++;
    }
    return nf;
}

/* the lower end of a is above that of b */
static int lower_above(const arb_t a, const arb_t b, slong prec)
{
    arf_t x, y;
    arf_init(x);
    arf_init(y);
    arb_get_lbound_arf(x, a, prec);
    arb_get_lbound_arf(y, b, prec);
    int r = arf_cmp(x, y) > 0;
    arf_clear(x);
    arf_clear(y);
    return r;
}

/* enc = fc + sum_i g_i (x_i - c_i) over the face fx (centre s->fcpt; flat dimensions and those the objective does
 * not depend on contribute nothing) */
static void face_meanvalue(sctx_t *s, arb_t enc, const arb_t fc, arb_srcptr g, arb_srcptr fx, slong prec)
{
    arb_t d;
    arb_init(d);
    arb_set(enc, fc);
    for (int i = 0; i < s->n; i++) {
        if (!(s->c->nodes[s->obj].deps >> i & 1u) || (s->ws.flat >> i & 1u))
            continue;
        arb_sub(d, fx + i, s->fcpt + i, prec);
        arb_addmul(enc, g + i, d, prec);
    }
    arb_clear(d);
}

/* the forms on the face s->fbox (touch ftouch); gb: the gradient over the whole box (prove goals), else NULL */
static int face_forms(sctx_t *s, unsigned ftouch, int strict, arb_srcptr gb, arb_t enc, slong prec)
{
    int have = 0;
    arb_ptr fx = s->diffx;
    gdc_search_balls(s, s->fbox, ftouch, fx, prec);
    gdc_search_set_box(s, s->fbox, ftouch);
    gdc_expr_eval(s->c, &s->ws, fx, s->upto, prec);
    if (s->ws.ok[s->obj]) {
        arb_set(enc, s->ws.val + s->obj);
        have = 1;
        if (!s->bound && gdc_holds(enc, strict))
            return 1;
    }
    gdc_search_centre(s, s->fbox, s->fcpt);
    gdc_expr_centre(s->c, &s->ws, fx, s->fcpt, s->upto, prec);
    if (s->bound)
        gdc_point_feasible(s, s->fcpt, prec, 1);
    if (s->ws.flat == (s->n >= 32 ? ~0u : (1u << s->n) - 1u))
        return have; /* the face is one point: the mean-value form on it is the value there */
    if (!s->ws.ok[s->obj])
        return have;
    arb_t fc;
    arb_init(fc);
    arb_set(fc, s->ws.val + s->obj); /* f at the face's centre */
    /* the box's gradient encloses the face's: its mean-value form on the face costs no evaluation, and where it
     * decides, so would the face's own (the checker tries both) */
    if (gb) {
        face_meanvalue(s, s->tmp, fc, gb, fx, prec);
        if (arb_is_finite(s->tmp) && gdc_holds(s->tmp, strict)) {
            arb_swap(enc, s->tmp);
            arb_clear(fc);
            return 1;
        }
    }
    gdc_expr_eval_ad_centred(s->c, &s->ws, fx, s->upto, prec);
    if (s->ws.gok[s->obj]) {
        arb_srcptr fv = s->ws.ok[s->obj] ? s->ws.val + s->obj : NULL; /* the face's centred enclosure */
        face_meanvalue(s, s->tmp, fc, s->ws.grad + (slong)s->obj * s->n, fx, prec);
        if (fv && arb_is_finite(fv) && (!arb_is_finite(s->tmp) || lower_above(fv, s->tmp, prec)))
            arb_set(s->tmp, fv);
        if (arb_is_finite(s->tmp) && (!have || lower_above(s->tmp, enc, prec))) {
            arb_set(enc, s->tmp);
            have = 1;
        }
    }
    arb_clear(fc);
    return have;
}

int gdc_form_monotone(sctx_t *s, const tnode_t *nd, char *faces, int *strict, arb_t enc, slong prec)
{
    unsigned ftouch;
    int relaxed;
    if (!s->ws.gok[s->obj] || choose_faces(s, nd, faces, &ftouch, &relaxed) == 0)
        return 0;
    *strict = s->strict && !relaxed;
    arb_ptr gb = NULL;
    if (!s->bound) {
        gb = _arb_vec_init(s->n);
        _arb_vec_set(gb, s->ws.grad + (slong)s->obj * s->n, s->n);
    }
    int have = face_forms(s, ftouch, *strict, gb, enc, prec);
    if (gb)
        _arb_vec_clear(gb, s->n);
    return have;
}
