/* The prover's search (issue 3, section 3): best-first branch and bound over boxes with Arb.
 * Per box: the assumptions (exclude the box?), the plain interval extension of the goal, the mean-value
 * form f(c) + grad f(X).(X - c) with forward-mode gradients, and monotonicity (a partial derivative of
 * fixed sign moves the extreme to a face). Counterexamples are sought at box centres, at root corners and
 * at centres of root faces; a witness is certified by Arb evaluation at its exact dyadic point.
 * The bisection tree is kept for the certificate (cert.c); the checker (checker.c) is separate code. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "prove/prove.h"

typedef struct {
    int child;                       /* first of two children, -1 */
    int depth;
    slong prec;
    char code;                       /* 0 pending, leaf letter, split digit, 'U' undecided */
    char method;                     /* bound goals: the leaf method of the best lower bound */
    char faces[GDC_PROVE_MAX_VARS];
    unsigned touch;                  /* bit 2i: lo is the root's lo; bit 2i+1: hi is the root's hi */
    arb_ptr box;                     /* 2n balls lo_0, hi_0, lo_1, ... while live */
    arf_t low;                       /* lower end of the best objective enclosure (-inf if undefined) */
    double key;
} tnode_t;

typedef struct {
    const gdc_claim_t *c;
    const gdc_budget_t *b;
    gdc_result_t *r;
    int n, bound, strict, obj, upto;
    gdc_evalws_t ws;
    arb_ptr root_lo, root_hi, x, cpt, fbox, fcpt, diffx;
    arb_t enc, gc, tmp;
    tnode_t *t;
    int nt, capt;
    int *heap;
    int nh, caph;
    int *fifo;                       /* prove goals: live boxes in creation order (breadth-first picks) */
    int nq, hq, capq;
    struct timespec t0;
    double last_progress;
    int stop;                        /* budget exhausted */
    int failed;                      /* witness found */
    mag_t tolq;                      /* bound: tol/8 (an enclosure this narrow needs no more precision) */
    arf_t best_hi;                   /* bound: best (smallest) upper end at a feasible point */
    int have_best;
} sctx_t;

/* ---------------------------------------------------------------- small helpers */

static double elapsed(const sctx_t *s)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - s->t0.tv_sec) + 1e-9 * (double)(t.tv_nsec - s->t0.tv_nsec);
}

static int holds(const arb_t d, int strict)
{
    return strict ? arb_is_positive(d) : arb_is_nonnegative(d);
}

static int fails(const arb_t d, int strict)
{
    return strict ? arb_is_nonpositive(d) : arb_is_negative(d);
}

static int new_tnode(sctx_t *s)
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

static void free_box(sctx_t *s, tnode_t *nd)
{
    if (nd->box) {
        _arb_vec_clear(nd->box, 2 * s->n > 0 ? 2 * s->n : 1);
        nd->box = NULL;
    }
}

/* heap of live nodes ordered by key, then by index (deterministic) */
static int hless(const sctx_t *s, int a, int b)
{
    double ka = s->t[a].key, kb = s->t[b].key;
    return ka < kb || (ka == kb && a < b);
}

static int hpush(sctx_t *s, int id)
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
        if (!hless(s, s->heap[i], s->heap[p]))
            break;
        int tmp = s->heap[i];
        s->heap[i] = s->heap[p];
        s->heap[p] = tmp;
        i = p;
    }
    return 0;
}

static int qpush(sctx_t *s, int id)
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

static int hpop(sctx_t *s)
{
    int top = s->heap[0];
    s->heap[0] = s->heap[--s->nh];
    int i = 0;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < s->nh && hless(s, s->heap[l], s->heap[m]))
            m = l;
        if (r < s->nh && hless(s, s->heap[r], s->heap[m]))
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

static void box_balls(const sctx_t *s, arb_srcptr box, arb_ptr x, slong prec)
{
    (void)prec;
    for (int i = 0; i < s->n; i++)
        gdc_box_ball(x + i, box + 2 * i, box + 2 * i + 1);
}

/* exact centre (degenerate or unsplittable dimensions: the lower end; integer dimensions: an integer) */
static void box_centre(const sctx_t *s, arb_srcptr box, arb_ptr c)
{
    for (int i = 0; i < s->n; i++)
        gdc_box_centre(s->c, i, c + i, box + 2 * i, box + 2 * i + 1);
}

/* the point is exact and lies in the claim's domain (strictly inside at an open end; an integer in an
 * integer dimension) */
static int point_admissible(const sctx_t *s, arb_srcptr p)
{
    for (int i = 0; i < s->n; i++) {
        const gdc_var_t *v = &s->c->vars[i];
        if (!arb_is_exact(p + i))
            return 0;
        if (v->integer && !arf_is_int(arb_midref(p + i)))
            return 0;
        if (gdc_var_lo_open(v) ? !arb_lt(s->root_lo + i, p + i) : !arb_le(s->root_lo + i, p + i))
            return 0;
        if (gdc_var_hi_open(v) ? !arb_lt(p + i, s->root_hi + i) : !arb_le(p + i, s->root_hi + i))
            return 0;
    }
    return 1;
}

/* after an evaluation at a point: 1 all assumptions certainly hold, 0 not certain, -1 one certainly fails */
static int assumptions_at(const sctx_t *s, int *plausible)
{
    int all = 1;
    *plausible = 1;
    for (int k = 0; k < s->c->nassumes; k++) {
        const gdc_rel_t *a = &s->c->assumes[k];
        if (!s->ws.ok[a->diff]) {
            all = 0;
            *plausible = 0;
            continue;
        }
        arb_srcptr d = s->ws.val + a->diff;
        if (fails(d, a->strict)) {
            *plausible = 0;
            return -1;
        }
        if (!holds(d, a->strict)) {
            all = 0;
            if (arf_sgn(arb_midref(d)) < 0)
                *plausible = 0;
        }
    }
    return all;
}

static void record_point(sctx_t *s, arb_srcptr p)
{
    gdc_result_t *r = s->r;
    const gdc_claim_t *c = s->c;
    r->has_point = 1;
    _arb_vec_set(r->point, p, s->n);
    for (int k = 0; k < c->nassumes; k++)
        arb_set(r->point_assume + k, s->ws.val + c->assumes[k].diff);
    if (c->goal_kind == GDC_GOAL_PROVE) {
        arb_set(r->point_lhs, s->ws.val + c->goal.lhs);
        arb_set(r->point_rhs, s->ws.val + c->goal.rhs);
    }
    arb_set(r->point_value, s->ws.val + (c->goal_kind == GDC_GOAL_PROVE ? c->goal.diff : c->bound_expr));
}

/* Prove goals: try p as a counterexample, raising precision while it looks like one. 1 if certified. */
static int try_witness(sctx_t *s, arb_srcptr p, slong prec, int evaluated)
{
    if (!point_admissible(s, p))
        return 0;
    for (;;) {
        if (!evaluated)
            gdc_expr_eval(s->c, &s->ws, p, s->upto, prec);
        evaluated = 0;
        int plausible;
        int all = assumptions_at(s, &plausible);
        int gok = s->ws.ok[s->obj];
        arb_srcptr g = s->ws.val + s->obj;
        if (all == 1 && gok && fails(g, s->strict)) {
            record_point(s, p);
            if (prec > s->r->max_prec_used)
                s->r->max_prec_used = prec;
            return 1;
        }
        if (!plausible || !gok || arf_sgn(arb_midref(g)) > 0 || 2 * prec > s->b->max_prec)
            return 0;
        prec *= 2;
    }
}

/* Bound goals: the objective at a feasible exact point improves the upper end. */
static void try_feasible(sctx_t *s, arb_srcptr p, slong prec, int evaluated)
{
    if (!point_admissible(s, p))
        return;
    if (!evaluated)
        gdc_expr_eval(s->c, &s->ws, p, s->upto, prec);
    int plausible;
    if (assumptions_at(s, &plausible) != 1 || !s->ws.ok[s->obj])
        return;
    arf_t u;
    arf_init(u);
    arb_get_ubound_arf(u, s->ws.val + s->obj, prec);
    if (!s->have_best || arf_cmp(u, s->best_hi) < 0) {
        arf_set(s->best_hi, u);
        s->have_best = 1;
        record_point(s, p);
    }
    arf_clear(u);
}

/* mean-value enclosure into s->enc from s->gc (value at the centre c) and the gradient in ws (box x) */
static int meanvalue(sctx_t *s, arb_srcptr x, arb_srcptr c, slong prec)
{
    if (!s->ws.gok[s->obj])
        return 0;
    arb_set(s->enc, s->gc);
    arb_srcptr g = s->ws.grad + (slong)s->obj * s->n;
    for (int i = 0; i < s->n; i++) {
        if (!(s->c->nodes[s->obj].deps >> i & 1u))
            continue;
        arb_sub(s->tmp, x + i, c + i, prec);
        arb_addmul(s->enc, g + i, s->tmp, prec);
    }
    return arb_is_finite(s->enc);
}

/* keep the better lower end: returns 1 if enc improved *low */
static int improve(arf_t low, const arb_t enc, slong prec)
{
    arf_t l;
    arf_init(l);
    arb_get_lbound_arf(l, enc, prec);
    int better = arf_cmp(l, low) > 0;
    if (better)
        arf_set(low, l);
    arf_clear(l);
    return better;
}

/* ---------------------------------------------------------------- one box */

/* Evaluate node id. Sets its code to a leaf letter if decided (prove) or excluded; fills low/key.
 * Returns 1 if the node is decided (a leaf), 0 if it stays live. */
static int process(sctx_t *s, int id)
{
    const gdc_claim_t *c = s->c;
    const gdc_budget_t *b = s->b;
    tnode_t *nd = &s->t[id];
    int n = s->n;
    slong prec = nd->prec;
    s->r->boxes++;
    if (nd->depth > s->r->max_depth)
        s->r->max_depth = nd->depth;
again:
    if (prec > s->r->max_prec_used)
        s->r->max_prec_used = prec;
    box_balls(s, nd->box, s->x, prec);
    gdc_expr_eval(c, &s->ws, s->x, s->upto, prec);
    int allA = 1;
    for (int k = 0; k < c->nassumes; k++) {
        const gdc_rel_t *a = &c->assumes[k];
        if (!s->ws.ok[a->diff]) {
            allA = 0;
            continue;
        }
        if (fails(s->ws.val + a->diff, a->strict)) {
            nd->code = 'A';
            s->r->leaves[GDC_LEAF_EXCLUDED]++;
            return 1;
        }
        if (!holds(s->ws.val + a->diff, a->strict))
            allA = 0;
    }
    arf_neg_inf(nd->low);
    nd->method = 'I';
    int pok = s->ws.ok[s->obj];
    arb_set(s->enc, s->ws.val + s->obj);
    mag_t prad;
    mag_init(prad);
    mag_inf(prad);
    if (pok) {
        mag_set(prad, arb_radref(s->enc));
        if (!s->bound && holds(s->enc, s->strict)) {
            nd->code = 'I';
            s->r->leaves[GDC_LEAF_INTERVAL]++;
            mag_clear(prad);
            return 1;
        }
        improve(nd->low, s->enc, prec);
    }
    /* the centre: counterexample search, upper ends of bounds, and the mean-value form */
    box_centre(s, nd->box, s->cpt);
    gdc_expr_eval(c, &s->ws, s->cpt, s->upto, prec);
    /* an assumption undecided on the box and still undecided at the exact centre (its value there is a
     * ball of non-zero radius straddling 0, or not finite, e.g. a huge power of a number near 1 at 64 bits):
     * rounding, not the box width, may keep it open, so raise the precision (bounded by max_prec; an
     * assumption that is really undefined at the centre costs a few evaluations more, no soundness risk) */
    int abump = 0;
    for (int k = 0; k < c->nassumes && !allA; k++) {
        const gdc_rel_t *a = &c->assumes[k];
        arb_srcptr v = s->ws.val + a->diff;
        if (!s->ws.ok[a->diff] ||
            (!mag_is_zero(arb_radref(v)) && !holds(v, a->strict) && !fails(v, a->strict)))
            abump = 1;
    }
    int cok = s->ws.ok[s->obj];
    arb_set(s->gc, s->ws.val + s->obj);
    mag_t crad;
    mag_init(crad);
    mag_set(crad, arb_radref(s->gc));
    if (!s->bound) {
        if (try_witness(s, s->cpt, prec, 1)) {
            s->failed = 1;
            mag_clear(prad);
            mag_clear(crad);
            return 0;
        }
    } else
        try_feasible(s, s->cpt, prec, 1);

    if (!b->plain_only) {
        gdc_expr_eval_ad(c, &s->ws, s->x, s->upto, prec);
        if (cok && meanvalue(s, s->x, s->cpt, prec)) {
            if (!s->bound && holds(s->enc, s->strict)) {
                nd->code = 'C';
                s->r->leaves[GDC_LEAF_MEANVALUE]++;
                mag_clear(prad);
                mag_clear(crad);
                return 1;
            }
            if (mag_cmp(arb_radref(s->enc), prad) < 0)
                mag_set(prad, arb_radref(s->enc));
            if (improve(nd->low, s->enc, prec))
                nd->method = 'C';
        }
        /* monotonicity: only where every assumption holds on the whole box */
        if (allA && s->ws.gok[s->obj]) {
            char faces[GDC_PROVE_MAX_VARS];
            int nf = 0, relaxed = 0;
            arb_srcptr g = s->ws.grad + (slong)s->obj * n;
            for (int i = 0; i < n; i++) {
                faces[i] = '.';
                arb_set(s->fbox + 2 * i, nd->box + 2 * i);
                arb_set(s->fbox + 2 * i + 1, nd->box + 2 * i + 1);
                if (arb_equal(nd->box + 2 * i, nd->box + 2 * i + 1))
                    continue;
                if (arb_is_nonnegative(g + i)) {
                    faces[i] = 'l';
                    arb_set(s->fbox + 2 * i + 1, nd->box + 2 * i);
                    if ((nd->touch >> (2 * i) & 1u) && gdc_var_lo_open(&c->vars[i]) && arb_is_positive(g + i))
                        relaxed = 1;
                } else if (arb_is_nonpositive(g + i)) {
                    faces[i] = 'h';
                    arb_set(s->fbox + 2 * i, nd->box + 2 * i + 1);
                    if ((nd->touch >> (2 * i + 1) & 1u) && gdc_var_hi_open(&c->vars[i]) && arb_is_negative(g + i))
                        relaxed = 1;
                } else
                    continue;
                nf++;
            }
            if (nf > 0) {
                int strict = s->strict && !relaxed;
                int decided = 0;
                arb_ptr fx = s->diffx;
                box_balls(s, s->fbox, fx, prec);
                gdc_expr_eval(c, &s->ws, fx, s->upto, prec);
                if (s->ws.ok[s->obj]) {
                    arb_set(s->enc, s->ws.val + s->obj);
                    if (!s->bound && holds(s->enc, strict))
                        decided = 1;
                    else if (improve(nd->low, s->enc, prec)) {
                        nd->method = 'M';
                        memcpy(nd->faces, faces, sizeof faces);
                    }
                }
                if (!decided) {
                    box_centre(s, s->fbox, s->fcpt);
                    gdc_expr_eval(c, &s->ws, s->fcpt, s->upto, prec);
                    if (s->bound)
                        try_feasible(s, s->fcpt, prec, 1);
                    int fcok = s->ws.ok[s->obj];
                    arb_set(s->gc, s->ws.val + s->obj);
                    gdc_expr_eval_ad(c, &s->ws, fx, s->upto, prec);
                    if (fcok && meanvalue(s, fx, s->fcpt, prec)) {
                        if (!s->bound && holds(s->enc, strict))
                            decided = 1;
                        else if (improve(nd->low, s->enc, prec)) {
                            nd->method = 'M';
                            memcpy(nd->faces, faces, sizeof faces);
                        }
                    }
                }
                if (decided) {
                    nd->code = 'M';
                    memcpy(nd->faces, faces, sizeof faces);
                    s->r->leaves[GDC_LEAF_MONOTONE]++;
                    mag_clear(prad);
                    mag_clear(crad);
                    return 1;
                }
            }
        }
    }
    /* rounding rather than box width: the value at an exact point is about as wide as on the box */
    /* (a bound goal whose enclosure is already well within tol gains nothing from more precision: e.g.
     * an objective that does not depend on the variables is as wide at the centre as on the box) */
    if ((abump || (cok && mag_is_finite(prad))) && 2 * prec <= b->max_prec &&
        !(s->bound && !abump && mag_cmp(prad, s->tolq) <= 0)) {
        mag_t lim;
        mag_init(lim);
        mag_mul_2exp_si(lim, prad, -3);
        int bump = abump || (mag_cmp(crad, lim) > 0 && !mag_is_zero(crad));
        mag_clear(lim);
        if (bump) {
            mag_clear(crad);
            prec *= 2;
            nd->prec = prec;
            goto again;
        }
    }
    mag_clear(prad);
    mag_clear(crad);
    /* prove goals: counterexamples on the root's boundary (closed exact ends) */
    if (!s->bound && nd->touch) {
        for (int i = 0; i < n && !s->failed; i++)
            for (int side = 0; side < 2 && !s->failed; side++) {
                if (!(nd->touch >> (2 * i + side) & 1u))
                    continue;
                _arb_vec_set(s->fcpt, s->cpt, n);
                arb_set(s->fcpt + i, nd->box + 2 * i + side);
                if (try_witness(s, s->fcpt, prec, 0))
                    s->failed = 1;
            }
        if (s->failed)
            return 0;
    }
    /* Bound goals are best-first on the lower end: the box with the lowest lower end is refined next, and
     * a box where the objective is undefined somewhere (low = -inf) is the lowest of all, so it is
     * refined first (otherwise it would never be refined and the certified lower end would stay -inf).
     * Prove goals: boxes where the goal is undefined somewhere go last (they must not starve the search
     * for counterexamples among the others; every box must be decided anyway). */
    if (s->bound)
        nd->key = arf_is_finite(nd->low) ? arf_get_d(nd->low, ARF_RND_DOWN) : -INFINITY;
    else
        nd->key = arf_is_finite(nd->low) ? arf_get_d(nd->low, ARF_RND_DOWN) : INFINITY;
    return 0;
}

/* ---------------------------------------------------------------- splitting */

/* the dimension to split: widest relative to the root range; -1 if none can be split */
static int split_dim(const sctx_t *s, const tnode_t *nd, arf_t m)
{
    int best = -1;
    double bw = 0;
    arf_t m2;
    arf_init(m2);
    for (int i = 0; i < s->n; i++) {
        if (gdc_box_split(s->c, i, nd->box + 2 * i, nd->box + 2 * i + 1, m, m2))
            continue;
        double w = arf_get_d(arb_midref(nd->box + 2 * i + 1), ARF_RND_NEAR) -
                   arf_get_d(arb_midref(nd->box + 2 * i), ARF_RND_NEAR);
        double rw = arf_get_d(arb_midref(s->root_hi + i), ARF_RND_NEAR) -
                    arf_get_d(arb_midref(s->root_lo + i), ARF_RND_NEAR);
        double rel = rw > 0 ? w / rw : w;
        if (best < 0 || rel > bw) {
            best = i;
            bw = rel;
        }
    }
    arf_clear(m2);
    return best;
}

static int do_split(sctx_t *s, int id, int dim)
{
    int l = new_tnode(s), r = new_tnode(s);
    if (l < 0 || r < 0)
        return -1;
    tnode_t *nd = &s->t[id], *L = &s->t[l], *R = &s->t[r];
    arf_t m, m2;
    arf_init(m);
    arf_init(m2);
    if (gdc_box_split(s->c, dim, nd->box + 2 * dim, nd->box + 2 * dim + 1, m, m2)) {
        arf_clear(m);
        arf_clear(m2);
        return -1; /* split_dim chose a dimension that can be split: not reached */
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
    nd->child = l;
    nd->code = (char)('0' + dim);
    free_box(s, nd);
    return 0;
}

/* ---------------------------------------------------------------- tree text */

static int emit_tree(sctx_t *s)
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
        if (code == 'M')
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

void gdc_budget_default(gdc_budget_t *b)
{
    memset(b, 0, sizeof *b);
    b->max_boxes = 200000;
    b->max_depth = 120;
    b->time_limit = 60;
    b->prec = 64;
    b->max_prec = 1024;
    b->plain_only = 0;
    b->tol = 1e-6;
}

void gdc_result_init(gdc_result_t *r)
{
    memset(r, 0, sizeof *r);
    arb_init(r->point_lhs);
    arb_init(r->point_rhs);
    arb_init(r->point_value);
    arb_init(r->worst_value);
    arb_init(r->bound);
    arf_init(r->bound_lo);
    arf_init(r->bound_hi);
    arb_init(r->tol);
    arf_init(r->cert_level);
    r->expect_ok = -1;
}

void gdc_result_clear(gdc_result_t *r)
{
    if (r->point)
        _arb_vec_clear(r->point, r->nvars > 0 ? r->nvars : 1);
    if (r->point_assume)
        _arb_vec_clear(r->point_assume, r->nassumes > 0 ? r->nassumes : 1);
    if (r->worst_box)
        _arb_vec_clear(r->worst_box, r->nvars > 0 ? r->nvars : 1);
    arb_clear(r->point_lhs);
    arb_clear(r->point_rhs);
    arb_clear(r->point_value);
    arb_clear(r->worst_value);
    arb_clear(r->bound);
    arf_clear(r->bound_lo);
    arf_clear(r->bound_hi);
    arb_clear(r->tol);
    arf_clear(r->cert_level);
    free(r->tree);
    memset(r, 0, sizeof *r);
}

const char *gdc_verdict_name(gdc_verdict_t v)
{
    switch (v) {
    case GDC_HOLDS: return "HOLDS";
    case GDC_FAILS: return "FAILS";
    case GDC_UNKNOWN: return "UNKNOWN";
    case GDC_BOUND_MET: return "BOUND";
    case GDC_BOUND_NOT_MET: return "BOUND-NOT-MET";
    case GDC_ERROR: return "ERROR";
    }
    return "?";
}

int gdc_verdict_exit(gdc_verdict_t v)
{
    switch (v) {
    case GDC_HOLDS: case GDC_BOUND_MET: return 0;
    case GDC_FAILS: return 1;
    case GDC_UNKNOWN: case GDC_BOUND_NOT_MET: return 3;
    default: return 2;
    }
}

static double box_volume_frac(const sctx_t *s, arb_srcptr box)
{
    double f = 1;
    for (int i = 0; i < s->n; i++) {
        double rw = arf_get_d(arb_midref(s->root_hi + i), ARF_RND_NEAR) - arf_get_d(arb_midref(s->root_lo + i), ARF_RND_NEAR);
        if (!(rw > 0))
            continue;
        double w = arf_get_d(arb_midref(box + 2 * i + 1), ARF_RND_NEAR) - arf_get_d(arb_midref(box + 2 * i), ARF_RND_NEAR);
        if (s->c->vars[i].integer) { /* the fraction of the integers */
            w += 1;
            rw += 1;
        }
        f *= w / rw;
    }
    return f;
}

static void progress(sctx_t *s, int force)
{
    if (!s->b->progress)
        return;
    double t = elapsed(s);
    if (!force && t - s->last_progress < 0.2)
        return;
    s->last_progress = t;
    gdc_progress_t p;
    p.boxes = s->r->boxes;
    p.undecided = s->nh;
    p.depth = s->r->max_depth;
    p.seconds = t;
    p.undecided_frac = 0;
    p.undecided = 0;
    for (int i = 0; i < s->nh; i++)
        if (s->t[s->heap[i]].code == 0 && s->t[s->heap[i]].box) {
            p.undecided++;
            p.undecided_frac += box_volume_frac(s, s->t[s->heap[i]].box);
        }
    s->b->progress(s->b->progress_data, &p);
}

static int out_of_budget(sctx_t *s)
{
    if (s->r->boxes >= s->b->max_boxes)
        return 1;
    if ((s->r->boxes & 63) == 0) {
        if (s->b->time_limit > 0 && elapsed(s) > s->b->time_limit)
            return 1;
        progress(s, 0);
    }
    return 0;
}

/* the live (undecided) boxes: count, volume, worst */
static void report_live(sctx_t *s, const int *ids, int nids)
{
    gdc_result_t *r = s->r;
    int worst = -1;
    for (int k = 0; k < nids; k++) {
        tnode_t *nd = &s->t[ids[k]];
        r->undecided++;
        r->undecided_frac += box_volume_frac(s, nd->box);
        if (worst < 0 || hless(s, ids[k], worst))
            worst = ids[k];
    }
    if (worst >= 0) {
        tnode_t *nd = &s->t[worst];
        box_balls(s, nd->box, r->worst_box, nd->prec);
        gdc_expr_eval(s->c, &s->ws, r->worst_box, s->upto, nd->prec);
        arb_set(r->worst_value, s->ws.val + s->obj);
    }
}

static void check_expect(const gdc_claim_t *c, gdc_result_t *r, slong prec)
{
    if (c->expect == GDC_EXPECT_NONE)
        return;
    if (c->expect == GDC_EXPECT_HOLDS)
        r->expect_ok = r->verdict == GDC_HOLDS;
    else if (c->expect == GDC_EXPECT_FAILS)
        r->expect_ok = r->verdict == GDC_FAILS;
    else {
        arb_t lo, hi, b;
        arb_init(lo);
        arb_init(hi);
        arb_init(b);
        r->expect_ok = 0;
        if (!r->bound_empty && arf_is_finite(r->bound_lo) && arf_is_finite(r->bound_hi) &&
            gdc_expr_eval_const(c, c->expect_lo, lo, prec) == 0 && gdc_expr_eval_const(c, c->expect_hi, hi, prec) == 0) {
            arb_set_arf(b, r->bound_lo);
            int ok = arb_le(lo, b);
            arb_set_arf(b, r->bound_hi);
            r->expect_ok = ok && arb_le(b, hi);
        }
        arb_clear(lo);
        arb_clear(hi);
        arb_clear(b);
    }
}

/* The next live box of a prove goal: mostly best-first (lowest lower end of the goal), but every fourth
 * pick is the oldest live box (breadth-first), so that a counterexample away from the region where the
 * enclosures are worst is still found early. Entries taken through the other order are skipped. */
static int next_live(sctx_t *s, long iter)
{
    if (iter % 4 == 3)
        while (s->hq < s->nq) {
            int id = s->fifo[s->hq++];
            if (s->t[id].code == 0 && s->t[id].box)
                return id;
        }
    while (s->nh > 0) {
        int id = hpop(s);
        if (s->t[id].code == 0 && s->t[id].box)
            return id;
    }
    return -1;
}

static void run_prove(sctx_t *s)
{
    for (long iter = 0; !s->failed; iter++) {
        if (out_of_budget(s)) {
            s->stop = 1;
            break;
        }
        int id = next_live(s, iter);
        if (id < 0)
            break;
        arf_t m;
        arf_init(m);
        int dim = s->t[id].depth < s->b->max_depth ? split_dim(s, &s->t[id], m) : -1;
        arf_clear(m);
        if (dim < 0) {
            s->t[id].code = 'U';
            continue;
        }
        if (do_split(s, id, dim))
            break;
        int l = s->t[id].child;
        for (int k = l; k < l + 2 && !s->failed; k++) {
            if (process(s, k)) {
                free_box(s, &s->t[k]);
                continue;
            }
            if (!s->failed) {
                hpush(s, k);
                qpush(s, k);
            }
        }
    }
}

static void run_bound(sctx_t *s, const arb_t tol)
{
    arb_t gap;
    arb_init(gap);
    while (s->nh > 0) {
        int id = s->heap[0];
        tnode_t *nd = &s->t[id];
        if (s->have_best && arf_is_finite(nd->low)) {
            arb_set_arf(gap, s->best_hi);
            arb_sub_arf(gap, gap, nd->low, ARF_PREC_EXACT);
            if (arb_le(gap, tol))
                break;
        }
        if (out_of_budget(s)) {
            s->stop = 1;
            break;
        }
        arf_t m;
        arf_init(m);
        int dim = nd->depth < s->b->max_depth ? split_dim(s, nd, m) : -1;
        arf_clear(m);
        if (dim < 0) {
            s->stop = 1;
            break;
        }
        hpop(s);
        if (do_split(s, id, dim))
            break;
        int l = s->t[id].child;
        for (int k = l; k < l + 2; k++) {
            if (process(s, k))
                free_box(s, &s->t[k]);
            else
                hpush(s, k);
        }
    }
    arb_clear(gap);
}

gdc_verdict_t gdc_claim_decide(const gdc_claim_t *c, const gdc_budget_t *b, gdc_result_t *r)
{
    sctx_t S, *s = &S;
    memset(s, 0, sizeof S);
    gdc_result_clear(r);
    gdc_result_init(r);
    int n = c->nvars;
    r->nvars = n;
    r->nassumes = c->nassumes;
    r->prec = b->prec;
    r->max_prec_used = b->prec;
    r->point = _arb_vec_init(n > 0 ? n : 1);
    r->point_assume = _arb_vec_init(c->nassumes > 0 ? c->nassumes : 1);
    r->worst_box = _arb_vec_init(n > 0 ? n : 1);
    if (c->goal_kind == GDC_GOAL_NONE) {
        r->verdict = GDC_ERROR;
        snprintf(r->message, sizeof r->message, "the claim has no goal");
        return r->verdict;
    }
    s->c = c;
    s->b = b;
    s->r = r;
    s->n = n;
    s->bound = c->goal_kind != GDC_GOAL_PROVE;
    s->strict = s->bound ? 0 : c->goal.strict;
    s->obj = c->objective;
    s->upto = c->nnodes - 1;
    clock_gettime(CLOCK_MONOTONIC, &s->t0);
    gdc_evalws_init(&s->ws, c);
    int nn = n > 0 ? n : 1;
    s->root_lo = _arb_vec_init(nn);
    s->root_hi = _arb_vec_init(nn);
    s->x = _arb_vec_init(nn);
    s->cpt = _arb_vec_init(nn);
    s->fcpt = _arb_vec_init(nn);
    s->diffx = _arb_vec_init(nn);
    s->fbox = _arb_vec_init(2 * nn);
    arb_init(s->enc);
    arb_init(s->gc);
    arb_init(s->tmp);
    arf_init(s->best_hi);
    mag_init(s->tolq);
    arb_t tol;
    arb_init(tol);
    int badvar = 0;
    int rc = gdc_claim_root_box(c, s->root_lo, s->root_hi, b->prec, &badvar);
    if (rc) {
        r->verdict = GDC_ERROR;
        snprintf(r->message, sizeof r->message, "%s:%d: the range of %s is %s", c->file, c->vars[badvar].line,
                 c->vars[badvar].name, rc == -1 ? "undefined (an endpoint cannot be evaluated)" : "empty");
        goto done;
    }
    if (s->bound) {
        if (c->tol >= 0) {
            if (gdc_expr_eval_const(c, c->tol, tol, b->prec) || !arb_is_nonnegative(tol)) {
                r->verdict = GDC_ERROR;
                snprintf(r->message, sizeof r->message, "%s:%d: the tolerance is not a number >= 0", c->file, c->goal_line);
                goto done;
            }
        } else
            arb_set_d(tol, b->tol);
        arb_set(r->tol, tol);
        arb_get_mag_lower(s->tolq, tol);
        mag_mul_2exp_si(s->tolq, s->tolq, -4);
    }
    int root = new_tnode(s);
    if (root < 0)
        goto done;
    for (int i = 0; i < n; i++) {
        arb_set(s->t[root].box + 2 * i, s->root_lo + i);
        arb_set(s->t[root].box + 2 * i + 1, s->root_hi + i);
        s->t[root].touch |= 3u << (2 * i);
    }
    s->t[root].prec = b->prec;
    if (!s->bound && n <= GDC_PROVE_MAX_VARS) {
        /* the corners of the root box */
        for (unsigned mask = 0; mask < (1u << n) && !s->failed; mask++) {
            for (int i = 0; i < n; i++)
                arb_set(s->cpt + i, (mask >> i & 1u) ? s->root_hi + i : s->root_lo + i);
            s->failed = try_witness(s, s->cpt, b->prec, 0);
        }
    }
    if (!s->failed) {
        if (process(s, root))
            free_box(s, &s->t[root]);
        else if (!s->failed) {
            hpush(s, root);
            if (!s->bound)
                qpush(s, root);
        }
    }
    if (s->failed) {
        r->verdict = GDC_FAILS;
    } else if (!s->bound) {
        run_prove(s);
        if (s->failed)
            r->verdict = GDC_FAILS;
        else {
            int nu = 0;
            int *ids = malloc(sizeof(int) * (size_t)(s->nt + 1));
            for (int i = 0; ids && i < s->nt; i++)
                if (s->t[i].code == 'U' || s->t[i].code == 0)
                    ids[nu++] = i;
            if (nu == 0 && !s->stop) {
                r->verdict = GDC_HOLDS;
                emit_tree(s);
            } else {
                r->verdict = GDC_UNKNOWN;
                if (ids)
                    report_live(s, ids, nu);
            }
            free(ids);
        }
    } else {
        run_bound(s, tol);
        /* leaves still live carry their best method */
        for (int k = 0; k < s->nh; k++) {
            tnode_t *nd = &s->t[s->heap[k]];
            nd->code = nd->method;
        }
        memset(r->leaves, 0, sizeof r->leaves);
        for (int i = 0; i < s->nt; i++) {
            const char *kinds = "ICMA", *p = s->t[i].code ? strchr(kinds, s->t[i].code) : NULL;
            if (p)
                r->leaves[p - kinds]++;
        }
        arf_t lo;
        arf_init(lo);
        if (s->nh == 0) {
            r->bound_empty = !s->have_best;
            arf_set(lo, s->best_hi);
        } else
            arf_set(lo, s->t[s->heap[0]].low);
        for (int k = 0; k < s->nh; k++)
            if (arf_cmp(s->t[s->heap[k]].low, lo) < 0)
                arf_set(lo, s->t[s->heap[k]].low);
        arf_t hi;
        arf_init(hi);
        if (s->have_best)
            arf_set(hi, s->best_hi);
        else
            arf_pos_inf(hi);
        if (r->bound_empty) {
            arf_pos_inf(lo);
            arf_pos_inf(hi);
        }
        /* a short level (rounded down, still below every leaf): certificates stay compact and readable */
        arf_set_round(lo, lo, 80, ARF_RND_FLOOR);
        arf_set(r->cert_level, lo);
        /* a certified lower end: the tree proves objective >= lo on every leaf */
        if (arf_is_finite(lo))
            emit_tree(s);
        if (c->goal_kind == GDC_GOAL_MIN) {
            arf_set(r->bound_lo, lo);
            arf_set(r->bound_hi, hi);
        } else {
            arf_neg(r->bound_lo, hi);
            arf_neg(r->bound_hi, lo);
        }
        if (arf_is_finite(r->bound_lo) && arf_is_finite(r->bound_hi))
            arb_set_interval_arf(r->bound, r->bound_lo, r->bound_hi, ARF_PREC_EXACT);
        else
            arb_indeterminate(r->bound);
        int met = 0;
        if (arf_is_finite(lo) && arf_is_finite(hi)) {
            arb_t gap;
            arb_init(gap);
            arb_set_arf(gap, hi);
            arb_sub_arf(gap, gap, lo, ARF_PREC_EXACT);
            met = arb_le(gap, tol);
            arb_clear(gap);
        }
        r->verdict = met ? GDC_BOUND_MET : GDC_BOUND_NOT_MET;
        if (!met && s->nh > 0)
            report_live(s, s->heap, s->nh);
        arf_clear(lo);
        arf_clear(hi);
    }
    check_expect(c, r, b->prec);
    progress(s, 1);
done:
    r->seconds = elapsed(s);
    for (int i = 0; i < s->nt; i++) {
        free_box(s, &s->t[i]);
        arf_clear(s->t[i].low);
    }
    free(s->t);
    free(s->heap);
    free(s->fifo);
    gdc_evalws_clear(&s->ws);
    _arb_vec_clear(s->root_lo, nn);
    _arb_vec_clear(s->root_hi, nn);
    _arb_vec_clear(s->x, nn);
    _arb_vec_clear(s->cpt, nn);
    _arb_vec_clear(s->fcpt, nn);
    _arb_vec_clear(s->diffx, nn);
    _arb_vec_clear(s->fbox, 2 * nn);
    arb_clear(s->enc);
    arb_clear(s->gc);
    arb_clear(s->tmp);
    arf_clear(s->best_hi);
    mag_clear(s->tolq);
    arb_clear(tol);
    return r->verdict;
}
