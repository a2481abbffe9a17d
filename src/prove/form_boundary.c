/* The boundary form (tight boundary points): where f - g vanishes at a point p of a face, no enclosure over
 * a box around p can be > 0 (or certainly >= 0) from values alone; instead expand at p itself, a corner of
 * the box: with d = x - p of fixed sign in every dimension (x_i - p_i in [0, w_i] at a lower corner,
 * [-w_i, 0] at an upper one),
 *   f(x) >= f(p) + sum_i g_i(p) d_i + (1/2) d^T Hess f(X) d,
 * so the box is decided when f(p) >= 0, the derivative into the box g_i(p) d_i >= 0, and the second
 * derivative along the box >= 0: the first-order condition "f' >= 0 on the box" proven one order higher
 * (f'(x) = f'(p) + f''(X)(x - p)). E.g. log1p(x) - x + x^2/2 on [0, w]: f(0) = 0, f'(0) = 0,
 * f'' = 1 - 1/(1 + X)^2 >= 0. The corner is the one where f is lowest (up to 3 varying dimensions: every
 * corner is tried by value; more: the lower corner). A corner coordinate may
 * be a non-dyadic range end (pi): its ball encloses the true corner, and d_i is enclosed from the balls. */
#include "prove/search_impl.h"

/* the corner given by code[i] ('l', 'h', 'c' flat) into p, its touch bits (range ends) */
static unsigned corner_point(sctx_t *s, const tnode_t *nd, const char *code, arb_ptr p)
{
    unsigned t = 0;
    for (int i = 0; i < s->n; i++) {
        int hi = code[i] == 'h';
        arb_set(p + i, nd->box + 2 * i + hi);
        if (nd->touch >> (2 * i + hi) & 1u)
            t |= 3u << (2 * i); /* the point is that range end: inside the domain on both sides */
    }
    return t;
}

/* the range of x_i - p_i: [0, U] (lower corner) or [-U, 0] (upper), U >= hi - lo, the 0 end exact */
static void corner_range(arb_t dv, const arb_t lo, const arb_t hi, int upper, slong prec)
{
    arb_t w;
    arf_t u;
    mag_t r;
    arb_init(w);
    arf_init(u);
    mag_init(r);
    arb_sub(w, hi, lo, prec);
    arb_get_ubound_arf(u, w, prec);
    arf_mul_2exp_si(u, u, -1);
    arf_get_mag(r, u);
    arf_set_mag(arb_midref(dv), r);
    mag_set(arb_radref(dv), r);
    if (upper)
        arb_neg(dv, dv);
    arb_clear(w);
    arf_clear(u);
    mag_clear(r);
}

/* the corner code with the lowest value of f (or against the centre gradient): 0 ok */
static int pick_corner(sctx_t *s, const tnode_t *nd, char *code, slong prec)
{
    int n = s->n, nv = 0, dims[GDC_PROVE_MAX_VARS];
    for (int i = 0; i < n; i++) {
        code[i] = 'c';
        if (!(s->ws.flat >> i & 1u))
            dims[nv++] = i;
    }
    if (nv > 3) {
        for (int k = 0; k < nv; k++)
            code[dims[k]] = 'l';
        s->corner_low = 0;
        return 0;
    }
    unsigned flat = s->ws.flat;
    int best = -1;
    arf_t lb, bl;
    arf_init(lb);
    arf_init(bl);
    for (unsigned m = 0; m < (1u << nv); m++) {
        char cc[GDC_PROVE_MAX_VARS];
        for (int i = 0; i < n; i++)
            cc[i] = 'c';
        for (int k = 0; k < nv; k++)
            cc[dims[k]] = (m >> k & 1u) ? 'h' : 'l';
        s->ws.touch = corner_point(s, nd, cc, s->fcpt);
        gdc_expr_eval(s->c, &s->ws, s->fcpt, s->upto, prec);
        if (!s->ws.ok[s->obj])
            continue;
        arb_get_lbound_arf(lb, s->ws.val + s->obj, prec);
        if (best < 0 || arf_cmp(lb, bl) < 0) {
            best = (int)m;
            arf_set(bl, lb);
        }
    }
    for (int k = 0; k < nv && best >= 0; k++)
        code[dims[k]] = (best >> k & 1) ? 'h' : 'l';
    s->corner_low = best >= 0 ? arf_sgn(bl) : -1;
    s->ws.flat = flat;
    arf_clear(lb);
    arf_clear(bl);
    return best >= 0 ? 0 : -1;
}

int gdc_form_boundary(sctx_t *s, const tnode_t *nd, char *corner, arb_t enc, slong prec)
{
    unsigned touch = s->ws.touch;
    /* the Hessian over the box, computed before this form (search_box.c), has no enclosure (a registry row
     * without second derivatives): the form cannot decide, and the corners' values would be spent for nothing */
    if (s->hx_state < 0)
        return 0;
    /* the bound is at most f(p): the lowest corner must satisfy the goal (non-strictly) before the Hessian
     * is worth computing */
    if (pick_corner(s, nd, corner, prec) || s->corner_low < 0)
        return 0;
    s->ws.touch = touch;
    if (!gdc_form_hessian(s, prec))
        return 0;
    s->ws.touch = corner_point(s, nd, corner, s->fcpt);
    gdc_expr_eval_ad(s->c, &s->ws, s->fcpt, s->upto, prec);
    s->ws.touch = touch;
    if (!s->ws.ok[s->obj] || !s->ws.gok[s->obj])
        return 0;
    for (int i = 0; i < s->n; i++) {
        if (corner[i] == 'c')
            arb_zero(s->dv + i);
        else
            corner_range(s->dv + i, nd->box + 2 * i, nd->box + 2 * i + 1, corner[i] == 'h', prec);
    }
    gdc_taylor_bound(enc, s->ws.val + s->obj, s->ws.grad + (slong)s->obj * s->n, s->hx, s->dv, s->n, prec);
    return arb_is_finite(enc);
}
