/* Forward-mode differentiation over a box: the chain rule from a node's derivative factors (gdc_dfac_t)
 * and its children's gradients and Hessians,
 *   grad v = fa grad a + fb grad b,
 *   Hess v = fa Hess a + fb Hess b + faa ga ga^T + fab (ga gb^T + gb ga^T) + fbb gb gb^T,
 * every product by interval corners and every +-1 factor exactly (so exact ends survive). */
#include "prove/expr_impl.h"

static int depends(const gdc_claim_t *c, int node, int j)
{
    return node >= 0 && (c->nodes[node].deps >> j & 1u);
}

void gdc_chain_grad(const gdc_claim_t *c, gdc_evalws_t *ws, int i, const gdc_dfac_t *d, slong prec)
{
    const gdc_node_t *n = &c->nodes[i];
    int nv = c->nvars;
    arb_ptr g = ws->grad + (slong)i * nv;
    if (n->deps == 0 || (ws->ok[i] && d->dok == GDC_D_ZERO)) {
        _arb_vec_zero(g, nv);
        ws->gok[i] = 1;
        return;
    }
    if (!ws->ok[i] || d->dok == GDC_D_NONE || (n->a >= 0 && !ws->gok[n->a]) || (n->b >= 0 && !ws->gok[n->b])) {
        ws->gok[i] = 0;
        return;
    }
    int gok = 1;
    for (int j = 0; j < nv; j++) {
        arb_ptr gj = g + j;
        arb_zero(gj);
        if (d->dok == GDC_D_UNION) {
            /* min/max with no dominating branch: the hull of both gradients (a constant child: 0) */
            arb_ptr ga = ws->tmp, gb = ws->tmp + 1;
            arb_zero(ga);
            arb_zero(gb);
            if (depends(c, n->a, j))
                arb_set(ga, ws->grad + (slong)n->a * nv + j);
            if (depends(c, n->b, j))
                arb_set(gb, ws->grad + (slong)n->b * nv + j);
            gdc_iv_hull(gj, ga, gb, prec);
        } else {
            if (depends(c, n->a, j))
                gdc_iv_acc(gj, d->fa, ws->grad + (slong)n->a * nv + j, prec);
            if (depends(c, n->b, j))
                gdc_iv_acc(gj, d->fb, ws->grad + (slong)n->b * nv + j, prec);
        }
        if (!arb_is_finite(gj))
            gok = 0;
    }
    ws->gok[i] = (char)gok;
}

/* h += f * p * q (p, q gradient entries; NULL: 0) */
static void acc3(arb_t h, const arb_t f, arb_srcptr p, arb_srcptr q, arb_t t, slong prec)
{
    if (!p || !q || arb_is_zero(f))
        return;
    gdc_iv_corners(t, p, q, 0, prec);
    gdc_iv_acc(h, f, t, prec);
}

static arb_srcptr gent(const gdc_claim_t *c, const gdc_evalws_t *ws, int node, int j)
{
    return depends(c, node, j) ? ws->grad + (slong)node * ws->nvars + j : NULL;
}

void gdc_chain_hess(const gdc_claim_t *c, gdc_evalws_t *ws, int i, const gdc_dfac_t *d, slong prec)
{
    const gdc_node_t *n = &c->nodes[i];
    int nv = c->nvars;
    arb_ptr H = ws->hess + (slong)i * nv * nv, t = ws->tmp + 1;
    if (n->deps == 0 || (ws->ok[i] && d->dok == GDC_D_ZERO)) {
        _arb_vec_zero(H, nv * nv);
        ws->hok[i] = 1;
        return;
    }
    if (!ws->gok[i] || d->dok != GDC_D_CHAIN || !d->d2ok || (n->a >= 0 && c->nodes[n->a].deps && !ws->hok[n->a]) ||
        (n->b >= 0 && c->nodes[n->b].deps && !ws->hok[n->b])) {
        ws->hok[i] = 0;
        return;
    }
    int ok = 1;
    for (int j = 0; j < nv && ok; j++)
        for (int m = j; m < nv && ok; m++) {
            arb_ptr h = H + j * nv + m;
            arb_zero(h);
            if (depends(c, n->a, j) && depends(c, n->a, m))
                gdc_iv_acc(h, d->fa, ws->hess + (slong)n->a * nv * nv + j * nv + m, prec);
            if (depends(c, n->b, j) && depends(c, n->b, m))
                gdc_iv_acc(h, d->fb, ws->hess + (slong)n->b * nv * nv + j * nv + m, prec);
            arb_srcptr aj = gent(c, ws, n->a, j), am = gent(c, ws, n->a, m);
            arb_srcptr bj = gent(c, ws, n->b, j), bm = gent(c, ws, n->b, m);
            acc3(h, d->faa, aj, am, t, prec);
            acc3(h, d->fab, aj, bm, t, prec);
            acc3(h, d->fab, bj, am, t, prec);
            acc3(h, d->fbb, bj, bm, t, prec);
            ok = arb_is_finite(h);
            arb_set(H + m * nv + j, h);
        }
    ws->hok[i] = (char)ok;
}
