/* Evaluation of claim expressions on Arb balls (the driver): nodes are visited children first; each node's
 * value (and derivative factors) comes from expr_arith.c, expr_elem.c or expr_reg.c, its gradient and Hessian
 * from expr_chain.c. Plain evaluation (values), order 1 (values and gradients over the box: the mean-value
 * form, monotonicity) and order 2 (also Hessians: the second-order and boundary forms).
 * A node is "defined" only if its children are and its argument lies certainly inside the function's
 * domain, and the result is finite. A variable the caller marks flat (its box is a single point) has
 * gradient 0: no form multiplies its derivative by anything but 0. */
#include <string.h>
#include <stdlib.h>
#include "prove/expr_impl.h"

/* domains: also the exact comparison of range ends with row domains (it evaluates the range ends:
 * gdc_expr_eval_const, which needs no domain analysis of its own) */
static void ws_init(gdc_evalws_t *ws, const gdc_claim_t *c, int analysed)
{
    memset(ws, 0, sizeof *ws);
    ws->nnodes = c->nnodes;
    ws->nvars = c->nvars;
    ws->val = _arb_vec_init(c->nnodes > 0 ? c->nnodes : 1);
    ws->grad = _arb_vec_init(c->nnodes * c->nvars > 0 ? c->nnodes * c->nvars : 1);
    ws->hess = NULL;
    ws->ok = calloc((size_t)c->nnodes + 1, 1);
    ws->gok = calloc((size_t)c->nnodes + 1, 1);
    ws->hok = calloc((size_t)c->nnodes + 1, 1);
    ws->nonneg = calloc((size_t)c->nnodes + 1, 1);
    ws->canon = calloc((size_t)c->nnodes + 1, sizeof(int));
    ws->dom_end = calloc((size_t)c->nnodes * GDC_MAX_ARGS + 1, 1);
    ws->tmp = _arb_vec_init(GDC_WS_NTMP);
    if (!ws->canon)
        return;
    for (int i = 0; i < c->nnodes; i++)
        ws->canon[i] = i;
    if (ws->nonneg && ws->dom_end)
        gdc_expr_analyse(c, ws, analysed);
}

void gdc_evalws_init(gdc_evalws_t *ws, const gdc_claim_t *c)
{
    ws_init(ws, c, 1);
}

void gdc_expr_ws_plain(gdc_evalws_t *ws, const gdc_claim_t *c)
{
    ws_init(ws, c, 0);
}

static slong hess_len(const gdc_evalws_t *ws)
{
    slong n = (slong)ws->nnodes * ws->nvars * ws->nvars;
    return n > 0 ? n : 1;
}

void gdc_evalws_clear(gdc_evalws_t *ws)
{
    _arb_vec_clear(ws->val, ws->nnodes > 0 ? ws->nnodes : 1);
    _arb_vec_clear(ws->grad, ws->nnodes * ws->nvars > 0 ? ws->nnodes * ws->nvars : 1);
    if (ws->hess)
        _arb_vec_clear(ws->hess, hess_len(ws));
    free(ws->ok);
    free(ws->gok);
    free(ws->hok);
    free(ws->nonneg);
    free(ws->canon);
    free(ws->dom_end);
    _arb_vec_clear(ws->tmp, GDC_WS_NTMP);
}

static int children_ok(const gdc_claim_t *c, const gdc_evalws_t *ws, int i)
{
    const gdc_node_t *n = &c->nodes[i];
    if (n->a >= 0 && !ws->ok[n->a])
        return 0;
    if (n->b >= 0 && !ws->ok[n->b])
        return 0;
    if (n->op == GDC_N_REG)
        for (int k = 0; k < n->nargs; k++)
            if (!ws->ok[n->args[k]])
                return 0;
    return 1;
}

static void eval_var(const gdc_claim_t *c, gdc_evalws_t *ws, int i, arb_srcptr x, int order)
{
    int nv = c->nvars, v = c->nodes[i].var;
    arb_set(ws->val + i, x + v);
    ws->ok[i] = arb_is_finite(x + v);
    if (order >= 1) {
        _arb_vec_zero(ws->grad + (slong)i * nv, nv);
        if (!(ws->flat >> v & 1u))
            arb_one(ws->grad + (slong)i * nv + v);
        ws->gok[i] = 1;
    }
    if (order >= 2) {
        _arb_vec_zero(ws->hess + (slong)i * nv * nv, nv * nv);
        ws->hok[i] = 1;
    }
}

/* a constant node cached at this precision: zero derivatives */
static void eval_cached(gdc_evalws_t *ws, int i, int order)
{
    int nv = ws->nvars;
    if (order >= 1 && !ws->gok[i]) {
        _arb_vec_zero(ws->grad + (slong)i * nv, nv);
        ws->gok[i] = 1;
    }
    if (order >= 2 && !ws->hok[i]) {
        _arb_vec_zero(ws->hess + (slong)i * nv * nv, nv * nv);
        ws->hok[i] = 1;
    }
}

static void eval_node(const gdc_claim_t *c, gdc_evalws_t *ws, int i, slong prec, int order)
{
    const gdc_node_t *n = &c->nodes[i];
    arb_ptr tp = ws->tmp;
    gdc_dfac_t d = {tp + GDC_WS_FA, tp + GDC_WS_FB, tp + GDC_WS_FAA, tp + GDC_WS_FAB, tp + GDC_WS_FBB,
                    order >= 1, order >= 2, GDC_D_CHAIN, 1};
    int ok = children_ok(c, ws, i);
    if (ok && n->op == GDC_N_REG)
        ok = gdc_node_reg(c, ws, i, prec, order);
    else if (ok && (n->op <= GDC_N_POW || n->op >= GDC_N_ABS))
        ok = gdc_node_arith(c, ws, i, prec, &d);
    else if (ok)
        ok = gdc_node_elem(c, ws, i, prec, &d);
    ok = ok && arb_is_finite(ws->val + i);
    if (ok && ws->nonneg[i])
        ok = gdc_iv_clip_nonneg(ws->val + i, prec);
    ws->ok[i] = (char)ok;
    if (!ok)
        arb_indeterminate(ws->val + i);
    if (n->op == GDC_N_REG) {
        if (!ok) {
            ws->gok[i] = 0;
            ws->hok[i] = 0;
        }
        return;
    }
    if (order >= 1)
        gdc_chain_grad(c, ws, i, &d, prec);
    if (order >= 2)
        gdc_chain_hess(c, ws, i, &d, prec);
}

static void eval_common(const gdc_claim_t *c, gdc_evalws_t *ws, arb_srcptr x, int upto, slong prec, int order)
{
    int use_cache = ws->const_prec == prec;
    if (order >= 2 && !ws->hess)
        ws->hess = _arb_vec_init(hess_len(ws));
    ws->dom_err = NULL;
    ws->dom_unsure = 0;
    if (upto >= c->nnodes)
        upto = c->nnodes - 1;
    for (int i = 0; i <= upto; i++) {
        const gdc_node_t *n = &c->nodes[i];
        if (n->deps == 0 && use_cache)
            eval_cached(ws, i, order);
        else if (n->op == GDC_N_VAR)
            eval_var(c, ws, i, x, order);
        else
            eval_node(c, ws, i, prec, order);
    }
    /* constants are now cached at this precision (only when every constant node was computed) */
    if (!use_cache && upto == c->nnodes - 1)
        ws->const_prec = prec;
}

void gdc_expr_eval(const gdc_claim_t *c, gdc_evalws_t *ws, arb_srcptr x, int upto, slong prec)
{
    eval_common(c, ws, x, upto, prec, 0);
}

void gdc_expr_eval_ad(const gdc_claim_t *c, gdc_evalws_t *ws, arb_srcptr x, int upto, slong prec)
{
    eval_common(c, ws, x, upto, prec, 1);
}

void gdc_expr_eval_ad2(const gdc_claim_t *c, gdc_evalws_t *ws, arb_srcptr x, int upto, slong prec)
{
    eval_common(c, ws, x, upto, prec, 2);
}

int gdc_expr_eval_const(const gdc_claim_t *c, int node, arb_t res, slong prec)
{
    gdc_evalws_t ws;
    ws_init(&ws, c, 0);
    arb_ptr x = _arb_vec_init(c->nvars > 0 ? c->nvars : 1);
    for (int i = 0; i < c->nvars; i++)
        arb_indeterminate(x + i);
    gdc_expr_eval(c, &ws, x, node, prec);
    int ok = ws.ok[node] && c->nodes[node].deps == 0;
    arb_set(res, ws.val + node);
    _arb_vec_clear(x, c->nvars > 0 ? c->nvars : 1);
    gdc_evalws_clear(&ws);
    return ok ? 0 : -1;
}

int gdc_claim_max_root(const gdc_claim_t *c)
{
    int m = c->objective;
    for (int i = 0; i < c->nassumes; i++)
        if (c->assumes[i].diff > m)
            m = c->assumes[i].diff;
    if (c->goal_kind == GDC_GOAL_PROVE) {
        if (c->goal.lhs > m) m = c->goal.lhs;
        if (c->goal.rhs > m) m = c->goal.rhs;
    }
    return m;
}
