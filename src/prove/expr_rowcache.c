/* One row call per evaluation for every node that reads an output of it: a claim that names several outputs
 * of one row at the same arguments (`ball.disk_grad(...)[0]`, `[1]`, `[2]` in 004's B9 claim) has one
 * registry node per output, and each called the row anew. Here the first node of a group keeps the row's
 * outputs, Jacobian and Hessian, and a later node of the same row reuses them when, in the same evaluation,
 * its arguments are the same balls exactly (arb_equal: midpoint and radius), at the same precision and
 * asked at the same order (value, first or second order: the enclosures a fresh call would give are the
 * same bits, so no form and no certificate can tell the difference). Nothing is kept from one evaluation
 * (box, point, precision) to the next: every evaluation starts a new generation (gdc_rowcache_begin). */
#include <stdlib.h>
#include "prove/expr_impl.h"

typedef struct {
    unsigned long gen;         /* generation in which the entry was filled (0: never) */
    slong prec;
    int key;                   /* 0 value only, 1 with the Jacobian, 2 with the Hessian too */
    int na, no;                /* the row's arguments and outputs (the vectors' lengths) */
    arb_ptr args, out, jac, hess;
} rc_entry_t;

struct gdc_rowcache {
    unsigned long gen;
    int n;
    int *prev;                 /* the previous registry node of the same row (-1: none) */
    char *keep;                /* a later registry node calls the same row: node i's call is kept */
    rc_entry_t *e;             /* per node (used for kept nodes only) */
};

static int same_args(arb_srcptr x, arb_srcptr y, int n)
{
    for (int k = 0; k < n; k++)
        if (!arb_equal(x + k, y + k))
            return 0;
    return 1;
}

static slong n_jac(int na, int no) { return (slong)no * na; }
static slong n_hess(int na, int no) { return (slong)no * na * na; }

void gdc_rowcache_init(gdc_evalws_t *ws, const gdc_claim_t *c)
{
    int shared = 0;
    for (int i = 0; i < c->nnodes && !shared; i++)
        for (int j = 0; j < i && !shared; j++)
            shared = c->nodes[i].op == GDC_N_REG && c->nodes[j].op == GDC_N_REG && c->nodes[i].row == c->nodes[j].row;
    ws->rcache = NULL;
    if (!shared)
        return;
    struct gdc_rowcache *rc = calloc(1, sizeof *rc);
    if (!rc)
        return;
    rc->n = c->nnodes;
    rc->prev = malloc((size_t)c->nnodes * sizeof(int));
    rc->keep = calloc((size_t)c->nnodes, 1);
    rc->e = calloc((size_t)c->nnodes, sizeof(rc_entry_t));
    if (!rc->prev || !rc->keep || !rc->e) {
        free(rc->prev);
        free(rc->keep);
        free(rc->e);
        free(rc);
        return;
    }
    for (int i = 0; i < c->nnodes; i++) {
        rc->prev[i] = -1;
        if (c->nodes[i].op != GDC_N_REG)
            continue;
        for (int j = i - 1; j >= 0; j--)
            if (c->nodes[j].op == GDC_N_REG && c->nodes[j].row == c->nodes[i].row) {
                rc->prev[i] = j;
                rc->keep[j] = 1;
                break;
            }
    }
    ws->rcache = rc;
}

void gdc_rowcache_clear(gdc_evalws_t *ws)
{
    struct gdc_rowcache *rc = ws->rcache;
    if (!rc)
        return;
    for (int i = 0; i < rc->n; i++) {
        rc_entry_t *e = rc->e + i;
        if (!e->args)
            continue;
        _arb_vec_clear(e->args, e->na);
        _arb_vec_clear(e->out, e->no);
        _arb_vec_clear(e->jac, n_jac(e->na, e->no));
        _arb_vec_clear(e->hess, n_hess(e->na, e->no));
    }
    free(rc->prev);
    free(rc->keep);
    free(rc->e);
    free(rc);
    ws->rcache = NULL;
}

void gdc_rowcache_begin(gdc_evalws_t *ws)
{
    if (ws->rcache)
        ws->rcache->gen++;
}

/* A call of node i's row at args (prec, key) kept earlier in this evaluation by a node of the same row:
 * copied into out, jac (key >= 1) and hess (key 2); 1 if found. */
int gdc_rowcache_get(gdc_evalws_t *ws, const gdc_claim_t *c, int i, arb_srcptr args, int key, arb_ptr out,
                     arb_ptr jac, arb_ptr hess, slong prec)
{
    struct gdc_rowcache *rc = ws->rcache;
    if (!rc)
        return 0;
    const gdc_row_t *r = c->nodes[i].row;
    for (int j = rc->prev[i]; j >= 0; j = rc->prev[j]) {
        const rc_entry_t *e = rc->e + j;
        if (e->gen != rc->gen || e->prec != prec || e->key != key || !same_args(e->args, args, r->nargs))
            continue;
        _arb_vec_set(out, e->out, r->nout);
        if (key >= 1)
            _arb_vec_set(jac, e->jac, n_jac(r->nargs, r->nout));
        if (key >= 2)
            _arb_vec_set(hess, e->hess, n_hess(r->nargs, r->nout));
        return 1;
    }
    return 0;
}

/* keep node i's call (when a later node of the same row may reuse it) */
void gdc_rowcache_put(gdc_evalws_t *ws, const gdc_claim_t *c, int i, arb_srcptr args, int key, arb_srcptr out,
                      arb_srcptr jac, arb_srcptr hess, slong prec)
{
    struct gdc_rowcache *rc = ws->rcache;
    if (!rc || !rc->keep[i])
        return;
    const gdc_row_t *r = c->nodes[i].row;
    rc_entry_t *e = rc->e + i;
    if (!e->args) {
        e->na = r->nargs;
        e->no = r->nout;
        e->args = _arb_vec_init(e->na);
        e->out = _arb_vec_init(e->no);
        e->jac = _arb_vec_init(n_jac(e->na, e->no));
        e->hess = _arb_vec_init(n_hess(e->na, e->no));
    }
    _arb_vec_set(e->args, args, r->nargs);
    _arb_vec_set(e->out, out, r->nout);
    if (key >= 1)
        _arb_vec_set(e->jac, jac, n_jac(e->na, e->no));
    if (key >= 2)
        _arb_vec_set(e->hess, hess, n_hess(e->na, e->no));
    e->key = key;
    e->prec = prec;
    e->gen = rc->gen;
}
