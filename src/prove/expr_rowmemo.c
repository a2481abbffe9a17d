/* Row calls at exact points, kept for the life of one workspace (one search, or one run of the checker, each
 * with its own): a row with an integer argument (ball.cube_norm(d): a numerical integral, milliseconds a
 * call) is asked again and again at the same integers, as a range end (expr_reg.c splits a range of d into
 * its two ends where the row allows it), as a box centre, as a boundary witness and as a leaf. A call whose
 * argument balls are all exact (radius 0) is kept under the key (row, the exact arguments, precision, order
 * asked: value, Jacobian, Hessian), and a later call with the same key copies the kept outputs. A row is a
 * deterministic function of its arguments and precision (registry.h: no global mutable state), so the copy
 * is the bits a fresh call gives; calls whose outputs are not all finite (a deadline that passed, an
 * integral that did not converge) are not kept. Only calls at integer points are kept (every argument an exact
 * integer, and the row has an integer argument): they repeat on the integer grid, while a real argument's exact
 * points, box centres, rarely do (keeping those cost 002's th1_ii_fc_row twice its time). Lookups go through a
 * hash of the key; at most GDC_ROWMEMO_MAX entries (then nothing more is kept; lookups go on). */
#include <stdint.h>
#include <stdlib.h>
#include "prove/expr_impl.h"

#define GDC_ROWMEMO_MAX 4096
#define GDC_ROWMEMO_SLOTS (2 * GDC_ROWMEMO_MAX) /* a power of 2: open addressing, at most half full */

typedef struct {
    const gdc_row_t *row;
    slong prec;
    int key;                   /* 0 value only, 1 with the Jacobian, 2 with the Hessian too */
    arb_ptr args, out, jac, hess;
} rm_entry_t;

struct gdc_rowmemo {
    int n, cap;
    long hits;
    rm_entry_t *e;
    int slot[GDC_ROWMEMO_SLOTS]; /* entry index + 1, 0 empty */
};

static slong n_jac(const gdc_row_t *r) { return (slong)r->nout * r->nargs; }
static slong n_hess(const gdc_row_t *r) { return (slong)r->nout * r->nargs * r->nargs; }

void gdc_rowmemo_clear(gdc_evalws_t *ws)
{
    struct gdc_rowmemo *m = ws->rmemo;
    if (!m)
        return;
    for (int i = 0; i < m->n; i++) {
        rm_entry_t *e = m->e + i;
        _arb_vec_clear(e->args, e->row->nargs);
        _arb_vec_clear(e->out, e->row->nout);
        if (e->jac)
            _arb_vec_clear(e->jac, n_jac(e->row));
        if (e->hess)
            _arb_vec_clear(e->hess, n_hess(e->row));
    }
    free(m->e);
    free(m);
    ws->rmemo = NULL;
}

/* the call (row, args, key, prec) can be kept: the row has an integer argument and every argument is an exact
 * integer (below 2^62 in magnitude) */
int gdc_rowmemo_eligible(const gdc_row_t *row, arb_srcptr args)
{
    int integer = 0;
    for (int k = 0; k < row->nargs; k++) {
        integer |= row->args[k].integer;
        if (!arb_is_exact(args + k) || !arf_is_int(arb_midref(args + k)) ||
            arf_cmpabs_2exp_si(arb_midref(args + k), 62) >= 0)
            return 0;
    }
    return integer;
}

/* the first slot of a key: a hash of the row and the arguments (exact integers below 2^62); the same point at
 * another precision or order probes the same slots (same_key tells them apart) */
static unsigned key_slot(const gdc_row_t *row, arb_srcptr args)
{
    unsigned long long h = (unsigned long long)(uintptr_t)row;
    for (int k = 0; k < row->nargs; k++)
        h = (h ^ (unsigned long long)arf_get_si(arb_midref(args + k), ARF_RND_DOWN)) * 0x9e3779b97f4a7c15ULL;
    return (unsigned)(h >> 40) & (GDC_ROWMEMO_SLOTS - 1);
}

static int same_key(const rm_entry_t *e, const gdc_row_t *row, arb_srcptr args, int key, slong prec)
{
    if (e->row != row || e->prec != prec || e->key != key)
        return 0;
    for (int k = 0; k < row->nargs; k++)
        if (!arb_equal(e->args + k, args + k))
            return 0;
    return 1;
}

int gdc_rowmemo_get(gdc_evalws_t *ws, const gdc_row_t *row, arb_srcptr args, int key, arb_ptr out, arb_ptr jac,
                    arb_ptr hess, slong prec)
{
    struct gdc_rowmemo *m = ws->rmemo;
    if (!m)
        return 0;
    for (unsigned h = key_slot(row, args);; h = (h + 1) & (GDC_ROWMEMO_SLOTS - 1)) {
        if (!m->slot[h])
            return 0;
        const rm_entry_t *e = m->e + m->slot[h] - 1;
        if (!same_key(e, row, args, key, prec))
            continue;
        _arb_vec_set(out, e->out, row->nout);
        if (key >= 1)
            _arb_vec_set(jac, e->jac, n_jac(row));
        if (key >= 2)
            _arb_vec_set(hess, e->hess, n_hess(row));
        m->hits++;
        return 1;
    }
}

static int all_finite(arb_srcptr v, slong n)
{
    for (slong k = 0; k < n; k++)
        if (!arb_is_finite(v + k))
            return 0;
    return 1;
}

void gdc_rowmemo_put(gdc_evalws_t *ws, const gdc_row_t *row, arb_srcptr args, int key, arb_srcptr out,
                     arb_srcptr jac, arb_srcptr hess, slong prec)
{
    struct gdc_rowmemo *m = ws->rmemo;
    if (!all_finite(out, row->nout))
        return;
    if (!m) {
        m = ws->rmemo = calloc(1, sizeof *m);
        if (!m)
            return;
    }
    if (m->n == m->cap) {
        int cap = m->cap ? 2 * m->cap : 16;
        rm_entry_t *e = cap <= GDC_ROWMEMO_MAX ? realloc(m->e, (size_t)cap * sizeof *e) : NULL;
        if (!e)
            return;
        m->e = e;
        m->cap = cap;
    }
    unsigned h = key_slot(row, args);
    while (m->slot[h])
        h = (h + 1) & (GDC_ROWMEMO_SLOTS - 1);
    m->slot[h] = m->n + 1;
    rm_entry_t *e = m->e + m->n++;
    e->row = row;
    e->prec = prec;
    e->key = key;
    e->args = _arb_vec_init(row->nargs);
    e->out = _arb_vec_init(row->nout);
    e->jac = key >= 1 ? _arb_vec_init(n_jac(row)) : NULL;
    e->hess = key >= 2 ? _arb_vec_init(n_hess(row)) : NULL;
    _arb_vec_set(e->args, args, row->nargs);
    _arb_vec_set(e->out, out, row->nout);
    if (key >= 1)
        _arb_vec_set(e->jac, jac, n_jac(row));
    if (key >= 2)
        _arb_vec_set(e->hess, hess, n_hess(row));
}

long gdc_rowmemo_hits(const gdc_evalws_t *ws)
{
    return ws->rmemo ? ws->rmemo->hits : 0;
}
