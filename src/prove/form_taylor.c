/* The second-order (Taylor) form: for x in the box X and an expansion point p of it,
 *   f(x) = f(p) + grad f(p).(x - p) + (x - p)^T Hess f(xi) (x - p)/2,  xi in X,
 * with grad f(p) by forward AD at the point and Hess f(X) by second-order forward AD over the box
 * (expr_chain.c; registry rows through fn_arb_hess). The diagonal terms g_i d_i + H_ii d_i^2/2 are bounded
 * below as one-dimensional quadratics (end values and, for H_ii > 0, the vertex value -g_i^2/(2 H_ii)),
 * so that at a tight interior minimum (g ~ 0, H > 0) the enclosure's lower end is f(p) - g^2/(2 H_lo):
 * the gap closes with the cube of the width instead of its square. The cross terms H_ij d_i d_j are
 * interval products. This file: the bound (shared with the boundary form) and the form at the centre. */
#include "prove/search_impl.h"

/* lower bound of alpha d + beta d^2 over d in [u, v] (exact ends), into lo (min with lo) */
static void quad_low(arf_t lo, const arf_t alpha, const arf_t beta, const arf_t u, const arf_t v, slong prec)
{
    arb_t a, b, d, t;
    arf_t l;
    arb_init(a);
    arb_init(b);
    arb_init(d);
    arb_init(t);
    arf_init(l);
    arb_set_arf(a, alpha);
    arb_set_arf(b, beta);
    for (int k = 0; k < 3; k++) {
        if (k < 2) { /* the ends */
            arb_set_arf(d, k ? v : u);
            arb_mul(t, b, d, prec);
            arb_add(t, t, a, prec);
            arb_mul(t, t, d, prec);
        } else {     /* the vertex -alpha/(2 beta), value -alpha^2/(4 beta), when it may lie in [u, v] */
            if (arf_sgn(beta) <= 0)
                break;
            arb_div(d, a, b, prec);
            arb_mul_2exp_si(d, d, -1);
            arb_neg(d, d);
            arb_set_arf(t, u);
            int out = arb_lt(d, t);
            arb_set_arf(t, v);
            out = out || arb_gt(d, t);
            if (out)
                break;
            arb_sqr(t, a, prec);
            arb_div(t, t, b, prec);
            arb_mul_2exp_si(t, t, -2);
            arb_neg(t, t);
        }
        arb_get_lbound_arf(l, t, prec);
        if (arf_cmp(l, lo) < 0)
            arf_set(lo, l);
    }
    arb_clear(a);
    arb_clear(b);
    arb_clear(d);
    arb_clear(t);
    arf_clear(l);
}

/* [lo, hi] (added to L, U) of g d + h d^2/2 over the range dv of d */
static void diag_term(arf_t L, arf_t U, const arb_t g, const arb_t h, const arb_t dv, slong prec)
{
    arf_t a, b, al, be, z, lo;
    arb_t t;
    arf_init(a); arf_init(b); arf_init(al); arf_init(be); arf_init(z); arf_init(lo);
    arb_init(t);
    arb_get_lbound_arf(a, dv, prec);
    arb_get_ubound_arf(b, dv, prec);
    arb_get_lbound_arf(be, h, prec);
    arf_mul_2exp_si(be, be, -1);
    arf_pos_inf(lo);
    if (arf_sgn(b) > 0) {       /* d in [max(a, 0), b]: g d >= g_lo d */
        arb_get_lbound_arf(al, g, prec);
        quad_low(lo, al, be, arf_sgn(a) > 0 ? a : z, b, prec);
    }
    if (arf_sgn(a) < 0) {       /* d in [a, min(b, 0)]: g d >= g_hi d */
        arb_get_ubound_arf(al, g, prec);
        quad_low(lo, al, be, a, arf_sgn(b) < 0 ? b : z, prec);
    }
    if (arf_is_pos_inf(lo))     /* d = 0 only */
        arf_zero(lo);
    arf_add(L, L, lo, prec, ARF_RND_FLOOR);
    /* upper: g d <= ub(g D), h d^2/2 <= max(0, h_hi) max(a^2, b^2)/2 */
    arb_mul(t, g, dv, prec);
    arb_get_ubound_arf(lo, t, prec);
    arf_add(U, U, lo, prec, ARF_RND_CEIL);
    arb_get_ubound_arf(be, h, prec);
    if (arf_sgn(be) > 0) {
        arf_abs(a, a);
        arf_abs(b, b);
        if (arf_cmp(a, b) > 0)
            arf_swap(a, b);
        arf_mul(b, b, b, prec, ARF_RND_CEIL);
        arf_mul(b, b, be, prec, ARF_RND_CEIL);
        arf_mul_2exp_si(b, b, -1);
        arf_add(U, U, b, prec, ARF_RND_CEIL);
    }
    arf_clear(a); arf_clear(b); arf_clear(al); arf_clear(be); arf_clear(z); arf_clear(lo);
    arb_clear(t);
}

void gdc_taylor_bound(arb_t enc, const arb_t fp, arb_srcptr g, arb_srcptr H, arb_srcptr dv, int n, slong prec)
{
    arf_t L, U, e;
    arb_t t;
    arf_init(L); arf_init(U); arf_init(e);
    arb_init(t);
    arb_get_lbound_arf(L, fp, prec);
    arb_get_ubound_arf(U, fp, prec);
    for (int i = 0; i < n; i++) {
        if (arb_is_zero(dv + i))
            continue;
        diag_term(L, U, g + i, H + i * n + i, dv + i, prec);
        for (int j = i + 1; j < n; j++) {
            if (arb_is_zero(dv + j))
                continue;
            arb_mul(t, dv + i, dv + j, prec);
            arb_mul(t, t, H + i * n + j, prec);
            arb_get_lbound_arf(e, t, prec);
            arf_add(L, L, e, prec, ARF_RND_FLOOR);
            arb_get_ubound_arf(e, t, prec);
            arf_add(U, U, e, prec, ARF_RND_CEIL);
        }
    }
    if (!arf_is_finite(L) || !arf_is_finite(U) || arf_cmp(L, U) > 0)
        arb_indeterminate(enc);
    else { /* the ball [L, L + 2r] with L exact (a lower end 0 stays 0) */
        mag_t r;
        mag_init(r);
        arf_sub(e, U, L, MAG_BITS, ARF_RND_UP);
        arf_mul_2exp_si(e, e, -1);
        arf_get_mag(r, e);
        arf_set_mag(e, r);
        arf_add(arb_midref(enc), L, e, ARF_PREC_EXACT, ARF_RND_DOWN);
        mag_set(arb_radref(enc), r);
        mag_clear(r);
    }
    arf_clear(L); arf_clear(U); arf_clear(e);
    arb_clear(t);
}

/* the Hessian of the objective over the box into s->hx (once per box and precision) */
int gdc_form_hessian(sctx_t *s, slong prec)
{
    if (s->hx_state == 0) {
        gdc_expr_eval_ad2_centred(s->c, &s->ws, s->x, s->upto, prec);
        s->hx_state = s->ws.ok[s->obj] && s->ws.hok[s->obj] ? 1 : -1;
        if (s->hx_state > 0)
            _arb_vec_set(s->hx, s->ws.hess + (slong)s->obj * s->n * s->n, s->n * s->n);
    }
    return s->hx_state > 0;
}

int gdc_form_taylor(sctx_t *s, arb_srcptr box, arb_t enc, slong prec)
{
    (void)box;
    if (!gdc_form_hessian(s, prec))
        return 0;
    unsigned touch = s->ws.touch;
    s->ws.touch = 0;
    gdc_expr_eval_ad(s->c, &s->ws, s->cpt, s->upto, prec);
    s->ws.touch = touch;
    if (!s->ws.ok[s->obj] || !s->ws.gok[s->obj])
        return 0;
    for (int i = 0; i < s->n; i++) {
        if (s->ws.flat >> i & 1u)
            arb_zero(s->dv + i);
        else
            arb_sub(s->dv + i, s->x + i, s->cpt + i, prec);
    }
    gdc_taylor_bound(enc, s->ws.val + s->obj, s->ws.grad + (slong)s->obj * s->n, s->hx, s->dv, s->n, prec);
    return arb_is_finite(enc);
}
