/* A registry row called in a claim (GDC_N_REG): its value by row->fn_arb, its gradient by the chain rule
 * through the argument nodes with the row's Jacobian enclosure (row->fn_arb_jac), and its Hessian with
 * the row's second-order enclosure (row->fn_arb_hess):
 *   grad v = sum_k J_k grad a_k,   Hess v = sum_k J_k Hess a_k + sum_{k,l} H_kl grad a_k grad a_l^T.
 * An argument whose gradient is exactly 0 on the box (a constant, or a variable whose box is one point, e.g.
 * a single integer) needs no derivative: an indeterminate J_k (integer arguments) is then never multiplied.
 * The node is defined only where every argument lies certainly in the row's domain (gdc_arg_t: exact ends,
 * open or closed); a side on which the argument stays in the domain over the claim's whole range (decided
 * exactly once per claim, expr_analyse.c) is not tested: the ball of a range end such as pi reaches past
 * the domain end pi, the points of the box do not. Calls at exact points of rows with an integer argument are
 * kept for the workspace's life (expr_rowmemo.c), and a range of an integer argument that the row encloses by
 * its two ends (row->int_ends) is evaluated as those two ends. */
#include <limits.h>
#include <stdio.h>
#include "prove/expr_impl.h"
#include "core/deadline.h"
#include "core/arb_int.h"

/* the argument ball x lies in the domain a: 1 certainly, 0 not certainly, -1 certainly not (outside) */
static int in_domain(const gdc_arg_t *a, const arb_t x, int lo_known, int hi_known, arb_t t, slong prec)
{
    int r = 1;
    if (!arb_is_finite(x))
        return 0;
    if (!lo_known && !(gdc_qpi_is_inf(&a->lo) && a->lo.num < 0)) {
        gdc_qpi_arb(t, &a->lo, prec);
        if (a->lo_open ? arb_le(x, t) : arb_lt(x, t))
            return -1;
        if (!(a->lo_open ? arb_gt(x, t) : arb_ge(x, t)))
            r = 0;
    }
    if (!hi_known && !(gdc_qpi_is_inf(&a->hi) && a->hi.num > 0)) {
        gdc_qpi_arb(t, &a->hi, prec);
        if (a->hi_open ? arb_ge(x, t) : arb_gt(x, t))
            return -1;
        if (!(a->hi_open ? arb_lt(x, t) : arb_le(x, t)))
            r = 0;
    }
    return r;
}

static int args_in_domain(const gdc_claim_t *c, gdc_evalws_t *ws, int i, slong prec)
{
    const gdc_node_t *n = &c->nodes[i];
    int ok = 1;
    for (int k = 0; k < n->nargs; k++) {
        const gdc_node_t *an = &c->nodes[n->args[k]];
        unsigned known = ws->dom_end[(size_t)i * GDC_MAX_ARGS + k];
        (void)an;
        int r = in_domain(&n->row->args[k], ws->val + n->args[k], (known & 1u) != 0, (known & 2u) != 0, ws->tmp,
                          prec);
        if (r < 0 && !ws->dom_err) {
            char dom[64];
            gdc_arg_domain_str(dom, sizeof dom, &n->row->args[k]);
            snprintf(ws->dom_buf, sizeof ws->dom_buf, "%s: argument %d (%s) lies outside its domain %s",
                     n->row->id, k + 1, n->row->args[k].name, dom);
            ws->dom_err = ws->dom_buf;
        }
        if (r == 0)
            ws->dom_unsure = 1;
        if (r <= 0)
            ok = 0;
    }
    return ok;
}

/* gradient entry j of argument k, or NULL when it is exactly 0 */
static arb_srcptr arg_grad(const gdc_claim_t *c, const gdc_evalws_t *ws, int node, int j)
{
    if (!(c->nodes[node].deps >> j & 1u))
        return NULL;
    arb_srcptr g = ws->grad + (slong)node * ws->nvars + j;
    return arb_is_zero(g) ? NULL : g;
}

static void reg_grad(const gdc_claim_t *c, gdc_evalws_t *ws, int i, arb_srcptr jac, slong prec)
{
    const gdc_node_t *n = &c->nodes[i];
    int nv = ws->nvars, ok = 1;
    arb_ptr g = ws->grad + (slong)i * nv;
    for (int k = 0; k < n->nargs; k++)
        if ((c->nodes[n->args[k]].deps) && !ws->gok[n->args[k]])
            ok = 0;
    for (int j = 0; j < nv && ok; j++) {
        arb_zero(g + j);
        for (int k = 0; k < n->nargs; k++) {
            arb_srcptr ga = arg_grad(c, ws, n->args[k], j);
            if (!ga)
                continue;
            arb_srcptr J = jac + (slong)n->out * n->nargs + k;
            if (!arb_is_finite(J)) {
                ok = 0;
                break;
            }
            gdc_iv_acc(g + j, J, ga, prec);
        }
        ok = ok && arb_is_finite(g + j);
    }
    ws->gok[i] = (char)ok;
}

static void reg_hess(const gdc_claim_t *c, gdc_evalws_t *ws, int i, arb_srcptr jac, arb_srcptr hess, slong prec)
{
    const gdc_node_t *n = &c->nodes[i];
    int nv = ws->nvars, na = n->nargs, ok = ws->gok[i];
    arb_ptr H = ws->hess + (slong)i * nv * nv, p = ws->tmp + 1;
    for (int k = 0; k < na && ok; k++)
        if (c->nodes[n->args[k]].deps && !ws->hok[n->args[k]])
            ok = 0;
    for (int j = 0; j < nv && ok; j++)
        for (int m = 0; m < nv && ok; m++) {
            arb_ptr h = H + j * nv + m;
            arb_zero(h);
            for (int k = 0; k < na && ok; k++) {
                int ak = n->args[k];
                arb_srcptr Hk = ws->hess + (slong)ak * nv * nv + j * nv + m;
                if ((c->nodes[ak].deps >> j & 1u) && (c->nodes[ak].deps >> m & 1u) && !arb_is_zero(Hk)) {
                    arb_srcptr J = jac + (slong)n->out * na + k;
                    ok = arb_is_finite(J);
                    if (ok)
                        gdc_iv_acc(h, J, Hk, prec);
                }
                arb_srcptr gk = arg_grad(c, ws, ak, j);
                for (int l = 0; l < na && ok && gk; l++) {
                    arb_srcptr gl = arg_grad(c, ws, n->args[l], m);
                    if (!gl)
                        continue;
                    ok = hess != NULL && arb_is_finite(hess + ((slong)n->out * na + k) * na + l);
                    if (ok) {
                        gdc_iv_corners(p, gk, gl, 0, prec);
                        gdc_iv_acc(h, hess + ((slong)n->out * na + k) * na + l, p, prec);
                    }
                }
            }
            ok = ok && arb_is_finite(h);
        }
    ws->hok[i] = (char)ok;
}

/* What a row is asked at an evaluation of order `order`: 2 value, Jacobian and Hessian (where the row has a
 * Hessian), 1 value and Jacobian (where it has one), 0 the value only. */
static int call_key(const gdc_row_t *row, int order)
{
    if (order >= 2 && row->fn_arb_hess)
        return 2;
    return order >= 1 && row->fn_arb_jac ? 1 : 0;
}

/* The row's enclosures for call_key `key` (jac, hess set NULL where not asked): under the workspace's
 * deadline through fn_arb_timed when the row has it; once the deadline has passed no row is called and every
 * output and derivative is indeterminate. */
static void call_row(const gdc_row_t *row, arb_ptr out, arb_ptr *jac, arb_ptr *hess, arb_srcptr args, int key,
                     double deadline, slong prec)
{
    slong nj = (slong)row->nout * row->nargs, nh = nj * row->nargs;
    if (key < 2)
        *hess = NULL;
    if (key < 1)
        *jac = NULL;
    if (*jac)
        _arb_vec_zero(*jac, nj);
    if (*hess)
        _arb_vec_zero(*hess, nh);
    if (gdc_deadline_passed(deadline)) {
        for (slong k = 0; k < row->nout; k++)
            arb_indeterminate(out + k);
        for (slong k = 0; *jac && k < nj; k++)
            arb_indeterminate(*jac + k);
        for (slong k = 0; *hess && k < nh; k++)
            arb_indeterminate(*hess + k);
    } else if (row->fn_arb_timed)
        row->fn_arb_timed(out, *jac, *hess, args, prec, deadline);
    else if (*hess)
        row->fn_arb_hess(out, *jac, *hess, args, prec);
    else if (*jac)
        row->fn_arb_jac(out, *jac, args, prec);
    else
        row->fn_arb(out, args, prec);
}

/* call_row, through the workspace's calls at exact points (expr_rowmemo.c) where the row has an integer argument
 * and every argument ball is exact: a kept call is copied (the same bits), a new one is kept */
static void call_row_kept(gdc_evalws_t *ws, const gdc_row_t *row, arb_ptr out, arb_ptr *jac, arb_ptr *hess,
                          arb_srcptr args, int key, slong prec)
{
    int keep = gdc_rowmemo_eligible(row, args);
    if (keep && gdc_rowmemo_get(ws, row, args, key, out, *jac, *hess, prec)) {
        if (key < 2)
            *hess = NULL;
        if (key < 1)
            *jac = NULL;
        return;
    }
    call_row(row, out, jac, hess, args, key, ws->deadline, prec);
    if (keep)
        gdc_rowmemo_put(ws, row, args, key, out, *jac, *hess, prec);
}

/* The value of a row over a range of one integer argument k that the row encloses by its two integer ends
 * (row->int_ends, registry.h: the outputs are monotone in it): the same hull, arb_union at prec, of the calls
 * at the two ends, which are exact points (kept, call_row_kept) when the other arguments are exact. Returns 0
 * (nothing done) unless exactly one such argument is a wide ball. */
static int call_row_ends(gdc_evalws_t *ws, const gdc_row_t *row, arb_ptr out, arb_srcptr args, slong prec)
{
    int k = -1;
    long lo, hi;
    for (int j = 0; j < row->nargs; j++)
        if ((row->int_ends >> j & 1u) && !arb_is_exact(args + j)) {
            if (k >= 0)
                return 0;
            k = j;
        }
    if (k < 0 || !gdc_arb_int_range(&lo, &hi, args + k, LONG_MIN / 2, LONG_MAX / 2))
        return 0;
    arb_ptr a = _arb_vec_init(row->nargs), t = _arb_vec_init(row->nout), jac = NULL, hess = NULL;
    _arb_vec_set(a, args, row->nargs);
    arb_set_si(a + k, lo);
    call_row_kept(ws, row, out, &jac, &hess, a, 0, prec);
    if (hi > lo) {
        arb_set_si(a + k, hi);
        call_row_kept(ws, row, t, &jac, &hess, a, 0, prec);
        for (int o = 0; o < row->nout; o++)
            arb_union(out + o, out + o, t + o, prec);
    }
    _arb_vec_clear(a, row->nargs);
    _arb_vec_clear(t, row->nout);
    return 1;
}

int gdc_node_reg(const gdc_claim_t *c, gdc_evalws_t *ws, int i, slong prec, int order)
{
    const gdc_node_t *n = &c->nodes[i];
    const gdc_row_t *row = n->row;
    arb_ptr args = ws->tmp + GDC_WS_ARGS, out = ws->tmp + GDC_WS_OUT, jac = ws->tmp + GDC_WS_JAC,
            hess = ws->tmp + GDC_WS_HESS;
    if (!args_in_domain(c, ws, i, prec))
        return 0;
    for (int k = 0; k < n->nargs; k++)
        arb_set(args + k, ws->val + n->args[k]);
    _arb_vec_zero(out, row->nout);
    if (order > 0 && n->deps == 0)
        order = 0;
    arb_ptr jac_used = jac, hess_used = hess;
    int key = call_key(row, order);
    /* another output of the same row at the same arguments, called earlier in this evaluation */
    if (gdc_rowcache_get(ws, c, i, args, key, out, jac, hess, prec)) {
        if (key < 2)
            hess_used = NULL;
        if (key < 1)
            jac_used = NULL;
    } else {
        if (key == 0 && row->int_ends && call_row_ends(ws, row, out, args, prec))
            jac_used = hess_used = NULL;
        else
            call_row_kept(ws, row, out, &jac_used, &hess_used, args, key, prec);
        gdc_rowcache_put(ws, c, i, args, key, out, jac, hess, prec);
    }
    arb_set(ws->val + i, out + n->out);
    if (order >= 1) {
        ws->gok[i] = 0;
        if (!jac_used) {
            /* no derivative enclosure: known only if no argument varies on the box */
            _arb_vec_zero(jac, row->nout * n->nargs);
            for (int k = 0; k < n->nargs; k++)
                arb_indeterminate(jac + (slong)n->out * n->nargs + k);
        }
        reg_grad(c, ws, i, jac, prec);
    }
    if (order >= 2) {
        ws->hok[i] = 0;
        if (ws->gok[i])
            reg_hess(c, ws, i, jac, hess_used, prec);
    }
    return 1;
}
