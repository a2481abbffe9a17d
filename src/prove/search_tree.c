/* The bisection tree of the search: nodes (boxes while live), the best-first heap and the breadth-first
 * queue of live nodes, the split (the widest dimension relative to the root range, at the rule of
 * gdc_box_split), and the preorder text of the tree written into certificates (cert.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "prove/search_impl.h"

int gdc_tree_new(sctx_t *s)
{
    if (s->nt == s->capt) {
        int cap = s->capt ? 2 * s->capt : 1024;
        tnode_t *p = realloc(s->t, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        s->t = p;
        s->capt = cap;
    }
    tnode_t *nd = &s->t[s->nt];
    memset(nd, 0, sizeof *nd);
    nd->child = -1;
    arf_init(nd->low);
    arf_neg_inf(nd->low);
    nd->box = _arb_vec_init(2 * s->n > 0 ? 2 * s->n : 1);
    return s->nt++;
}

void gdc_tree_free_box(sctx_t *s, tnode_t *nd)
{
    if (nd->box) {
        _arb_vec_clear(nd->box, 2 * s->n > 0 ? 2 * s->n : 1);
        nd->box = NULL;
    }
}

/* heap of live nodes ordered by key, then by index (deterministic) */
int gdc_tree_less(const sctx_t *s, int a, int b)
{
    double ka = s->t[a].key, kb = s->t[b].key;
    return ka < kb || (ka == kb && a < b);
}

int gdc_tree_push(sctx_t *s, int id)
{
    if (s->nh == s->caph) {
        int cap = s->caph ? 2 * s->caph : 1024;
        int *p = realloc(s->heap, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        s->heap = p;
        s->caph = cap;
    }
    int i = s->nh++;
    s->heap[i] = id;
    while (i > 0) {
        int p = (i - 1) / 2;
        if (!gdc_tree_less(s, s->heap[i], s->heap[p]))
            break;
        int tmp = s->heap[i];
        s->heap[i] = s->heap[p];
        s->heap[p] = tmp;
        i = p;
    }
    return 0;
}

int gdc_tree_enqueue(sctx_t *s, int id)
{
    if (s->nq == s->capq) {
        int cap = s->capq ? 2 * s->capq : 1024;
        int *p = realloc(s->fifo, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        s->fifo = p;
        s->capq = cap;
    }
    s->fifo[s->nq++] = id;
    return 0;
}

int gdc_tree_pop(sctx_t *s)
{
    int top = s->heap[0];
    s->heap[0] = s->heap[--s->nh];
    int i = 0;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < s->nh && gdc_tree_less(s, s->heap[l], s->heap[m]))
            m = l;
        if (r < s->nh && gdc_tree_less(s, s->heap[r], s->heap[m]))
            m = r;
        if (m == i)
            break;
        int tmp = s->heap[i];
        s->heap[i] = s->heap[m];
        s->heap[m] = tmp;
        i = m;
    }
    return top;
}

/* the dimension to split: where the box has no finite value, an integer variable that feeds an integer argument of
 * a row (s->int_first: many such rows are defined only at one integer), else the widest relative to the root
 * range, where the dimension of largest smear (nd->smear: |df/dx_i| w_i, the most the objective can change along
 * it over the box, from the gradient of the derivative forms) counts 16 times its width. Splitting where f varies
 * most narrows the enclosures fastest; the factor keeps the other dimensions shrinking (pure smear ran l12 of 002
 * past 200000 boxes: a dimension of small gradient stayed wide). Measured over the six slowest audit claims and
 * the norm_rate goal: factors 2, 4, 8, 16, 32, 100 and pure smear gave 16 the fewest boxes without a blow-up.
 * -1 if none can be split */
int gdc_tree_split_dim(const sctx_t *s, const tnode_t *nd)
{
    int best = -1;
    double bw = 0;
    arf_t m, m2;
    arf_init(m);
    arf_init(m2);
    for (int i = 0; i < s->n; i++) {
        if (gdc_box_split(s->c, i, nd->box + 2 * i, nd->box + 2 * i + 1, m, m2))
            continue;
        double w = arf_get_d(arb_midref(nd->box + 2 * i + 1), ARF_RND_NEAR) -
                   arf_get_d(arb_midref(nd->box + 2 * i), ARF_RND_NEAR);
        double rw = arf_get_d(arb_midref(s->root_hi + i), ARF_RND_NEAR) -
                    arf_get_d(arb_midref(s->root_lo + i), ARF_RND_NEAR);
        double rel = rw > 0 ? w / rw : w;
        if ((s->int_first >> i & 1u) && nd->noval)
            rel += 100; /* before every other dimension (rel <= 16 otherwise) */
        else if (nd->smear == i + 1)
            rel *= 16; /* the dimension of largest smear, unless another is 16 times as wide (relative) */
        if (best < 0 || rel > bw) {
            best = i;
            bw = rel;
        }
    }
    arf_clear(m);
    arf_clear(m2);
    return best;
}

int gdc_tree_split(sctx_t *s, int id, int dim)
{
    int l = gdc_tree_new(s), r = gdc_tree_new(s);
    if (l < 0 || r < 0)
        return -1;
    tnode_t *nd = &s->t[id], *L = &s->t[l], *R = &s->t[r];
    arf_t m, m2;
    arf_init(m);
    arf_init(m2);
    if (gdc_box_split(s->c, dim, nd->box + 2 * dim, nd->box + 2 * dim + 1, m, m2)) {
        arf_clear(m);
        arf_clear(m2);
        return -1; /* gdc_tree_split_dim chose a dimension that can be split: not reached */
    }
    _arb_vec_set(L->box, nd->box, 2 * s->n);
    _arb_vec_set(R->box, nd->box, 2 * s->n);
    arb_set_arf(L->box + 2 * dim + 1, m);
    arb_set_arf(R->box + 2 * dim, m2);
    arf_clear(m);
    arf_clear(m2);
    L->depth = R->depth = nd->depth + 1;
    L->prec = R->prec = nd->prec;
    L->touch = nd->touch & ~(1u << (2 * dim + 1));
    R->touch = nd->touch & ~(1u << (2 * dim));
    /* a face of the split dimension keeps its witness point (the centre's other coordinates are the parent's) */
    L->wtried = nd->wtried & L->touch & (3u << (2 * dim));
    R->wtried = nd->wtried & R->touch & (3u << (2 * dim));
    L->wprec = R->wprec = nd->wprec;
    nd->child = l;
    nd->code = (char)('0' + dim);
    gdc_tree_free_box(s, nd);
    return 0;
}

/* ---------------------------------------------------------------- tree text */

int gdc_tree_emit(sctx_t *s)
{
    size_t cap = 1024, len = 0;
    char *out = malloc(cap);
    int *stack = malloc(sizeof(int) * (size_t)(s->nt + 1));
    slong *pprec = malloc(sizeof(slong) * (size_t)(s->nt + 1));
    if (!out || !stack || !pprec) {
        free(out); free(stack); free(pprec);
        return -1;
    }
    int sp = 0;
    stack[sp] = 0;
    pprec[sp++] = s->b->prec;
    while (sp > 0) {
        sp--;
        int id = stack[sp];
        slong pp = pprec[sp];
        tnode_t *nd = &s->t[id];
        if (len + 8 + (size_t)s->n >= cap) {
            cap *= 2;
            char *p = realloc(out, cap);
            if (!p) {
                free(out); free(stack); free(pprec);
                return -1;
            }
            out = p;
        }
        for (slong p = pp; p < nd->prec; p *= 2)
            out[len++] = '+';
        char code = nd->code;
        out[len++] = code;
        if (code == 'M' || code == 'B')
            for (int i = 0; i < s->n; i++)
                out[len++] = nd->faces[i];
        if (code >= '0' && code <= '9') {
            stack[sp] = nd->child + 1;
            pprec[sp++] = nd->prec;
            stack[sp] = nd->child;
            pprec[sp++] = nd->prec;
        }
    }
    out[len] = 0;
    free(stack);
    free(pprec);
    s->r->tree = out;
    s->r->tree_len = len;
    return 0;
}

/* ---------------------------------------------------------------- the driver */
