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
    gdc_rowcache_init(ws, c);
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
    gdc_rowcache_clear(ws);
    gdc_rowmemo_clear(ws);
    if (ws->cval) {
        _arb_vec_clear(ws->cval, ws->nnodes > 0 ? ws->nnodes : 1);
        _arb_vec_clear(ws->cdx, ws->nvars > 0 ? ws->nvars : 1);
        free(ws->cok);
    }
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

/* centred evaluation: node i's value intersected with f_i(c) + grad f_i(X).(X - c) (sound where node i is
 * defined on the whole box with a known gradient there: the mean-value theorem, or Lebourg's for the
 * generalised gradients of abs, min and max); an end that does not improve stays as it was (exact ends) */
static void centre_node(const gdc_claim_t *c, gdc_evalws_t *ws, int i, slong prec)
{
    int nv = c->nvars;
    unsigned deps = c->nodes[i].deps;
    if (!ws->ok[i] || !ws->gok[i] || !ws->cok[i] || deps == 0)
        return;
    arb_ptr e = ws->tmp + 4, v = ws->val + i;
    arb_set(e, ws->cval + i);
    for (int j = 0; j < nv; j++)
        if ((deps >> j & 1u) && !(ws->flat >> j & 1u))
            arb_addmul(e, ws->grad + (slong)i * nv + j, ws->cdx + j, prec);
    gdc_iv_intersect(v, e, prec);
}

/* the nodes where centring can tighten: a registry row, or an operation of two children that depend on a
 * common variable (their enclosures lose that correlation). A function of one child, or of children with no
 * variable in common, gets nothing from it that its children's centred enclosures did not already give. */
static int centre_worth(const gdc_claim_t *c, const gdc_node_t *n)
{
    if (n->op == GDC_N_REG)
        return 1;
    return n->a >= 0 && n->b >= 0 && (c->nodes[n->a].deps & c->nodes[n->b].deps) != 0;
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
    } else {
        if (order >= 1)
            gdc_chain_grad(c, ws, i, &d, prec);
        if (order >= 2)
            gdc_chain_hess(c, ws, i, &d, prec);
    }
    if (ws->centred && order >= 1 && centre_worth(c, n))
        centre_node(c, ws, i, prec);
}

/* Node i computes the same function as the earlier node j = canon[i] (the same operation on children that are,
 * recursively, the same functions: expr_analyse.c), and the evaluation of a node other than a registry row
 * reads nothing but its children's values, gradients, Hessians and flags, the precision, and static facts that
 * are equal for equal nodes (nonneg, canon). So in one evaluation node i would compute exactly the bits node j
 * did, centred or not (its centre value is node j's too): they are copied. A claim's `let` definitions repeat
 * such subexpressions (cos(t) in four places of 002's Lemma 11 claims: 46 of 126 nodes). Registry nodes are
 * still evaluated (their domain tests report per node; the row call itself is shared, expr_rowcache.c). */
static int copies_node(const gdc_claim_t *c, const gdc_evalws_t *ws, int i)
{
    int j = ws->canon ? ws->canon[i] : i;
    return j != i && c->nodes[i].op != GDC_N_REG && ws->nonneg[i] == ws->nonneg[j];
}

static void copy_node(gdc_evalws_t *ws, int i, int j, int order)
{
    int nv = ws->nvars;
    arb_set(ws->val + i, ws->val + j);
    ws->ok[i] = ws->ok[j];
    if (order >= 1) {
        _arb_vec_set(ws->grad + (slong)i * nv, ws->grad + (slong)j * nv, nv);
        ws->gok[i] = ws->gok[j];
    }
    if (order >= 2) {
        _arb_vec_set(ws->hess + (slong)i * nv * nv, ws->hess + (slong)j * nv * nv, nv * nv);
        ws->hok[i] = ws->hok[j];
    }
}

static void eval_common(const gdc_claim_t *c, gdc_evalws_t *ws, arb_srcptr x, int upto, slong prec, int order)
{
    int use_cache = ws->const_prec == prec;
    if (order >= 2 && !ws->hess)
        ws->hess = _arb_vec_init(hess_len(ws));
    ws->dom_err = NULL;
    ws->dom_unsure = 0;
    gdc_rowcache_begin(ws);
    if (upto >= c->nnodes)
        upto = c->nnodes - 1;
    for (int i = 0; i <= upto; i++) {
        const gdc_node_t *n = &c->nodes[i];
        if (n->deps == 0 && use_cache)
            eval_cached(ws, i, order);
        else if (copies_node(c, ws, i))
            copy_node(ws, i, ws->canon[i], order);
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

int gdc_expr_centre(const gdc_claim_t *c, gdc_evalws_t *ws, arb_srcptr x, arb_srcptr cpt, int upto, slong prec)
{
    int nn = c->nnodes > 0 ? c->nnodes : 1, nv = c->nvars > 0 ? c->nvars : 1;
    if (!ws->cval) {
        ws->cval = _arb_vec_init(nn);
        ws->cdx = _arb_vec_init(nv);
        ws->cok = calloc((size_t)nn, 1);
    }
    if (upto >= c->nnodes)
        upto = c->nnodes - 1;
    unsigned touch = ws->touch;
    ws->touch = 0;
    ws->centred = 0;
    eval_common(c, ws, cpt, upto, prec, 0);
    ws->touch = touch;
    _arb_vec_set(ws->cval, ws->val, upto + 1);
    memcpy(ws->cok, ws->ok, (size_t)upto + 1);
    for (int j = upto + 1; j < c->nnodes; j++)
        ws->cok[j] = 0;
    for (int j = 0; j < c->nvars; j++) {
        if (ws->flat >> j & 1u)
            arb_zero(ws->cdx + j);
        else
            arb_sub(ws->cdx + j, x + j, cpt + j, prec);
    }
    return upto >= 0 && ws->ok[upto];
}

void gdc_expr_eval_ad_centred(const gdc_claim_t *c, gdc_evalws_t *ws, arb_srcptr x, int upto, slong prec)
{
    ws->centred = ws->cval != NULL;
    eval_common(c, ws, x, upto, prec, 1);
    ws->centred = 0;
}

void gdc_expr_eval_ad2_centred(const gdc_claim_t *c, gdc_evalws_t *ws, arb_srcptr x, int upto, slong prec)
{
    ws->centred = ws->cval != NULL;
    eval_common(c, ws, x, upto, prec, 2);
    ws->centred = 0;
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
