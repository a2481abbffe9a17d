/* The prover's search (issue 3 section 3, issue 9 section 2): best-first branch and bound over boxes.
 *   pick a live box (lowest lower end first; every fourth pick the oldest, for counterexamples elsewhere)
 *   split it in its widest dimension (search_tree.c)
 *   decide each child by the enclosure forms, or keep it live (search_box.c)
 * until every box is decided (HOLDS), a counterexample is certified (FAILS), the bound is within tol, or a
 * budget the user set runs out: boxes, depth, time (checked on every box), precision. The bisection tree
 * is kept for the certificate (cert.c); the checker (checker.c) is separate code. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "prove/search_impl.h"
#include "core/deadline.h"

void gdc_budget_default(gdc_budget_t *b)
{
    memset(b, 0, sizeof *b);
    b->max_boxes = 200000;
    b->max_depth = 2000;
    b->time_limit = 60;
    b->prec = 64;
    b->max_prec = 1024;
    b->plain_only = 0;
    b->tol = 1e-6;
}

static void progress(sctx_t *s, int force)
{
    if (!s->b->progress)
        return;
    double t = gdc_search_elapsed(s);
    if (!force && t - s->last_progress < 0.2)
        return;
    s->last_progress = t;
    gdc_progress_t p;
    memset(&p, 0, sizeof p);
    p.boxes = s->r->boxes;
    p.depth = s->r->max_depth;
    p.seconds = t;
    for (int i = 0; i < s->nh; i++)
        if (s->t[s->heap[i]].code == 0 && s->t[s->heap[i]].box) {
            p.undecided++;
            p.undecided_frac += gdc_search_volume_frac(s, s->t[s->heap[i]].box);
        }
    s->b->progress(s->b->progress_data, &p);
}

/* checked before every split (two boxes): the box budget, the clock, the progress line */
static int out_of_budget(sctx_t *s)
{
    if (s->r->boxes >= s->b->max_boxes)
        return 1;
    if (s->b->time_limit > 0 && gdc_search_elapsed(s) > s->b->time_limit)
        return 1;
    progress(s, 0);
    return 0;
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
        int id = gdc_tree_pop(s);
        if (s->t[id].code == 0 && s->t[id].box)
            return id;
    }
    return -1;
}

/* a box that cannot be split at its precision but touches a non-dyadic range end: more precision makes
 * the end a narrower ball (and the box splittable); 1 if raised */
static int raise_for_split(sctx_t *s, tnode_t *nd)
{
    if (2 * nd->prec > s->b->max_prec || !nd->touch)
        return 0;
    for (int i = 0; i < s->n; i++)
        if (((nd->touch >> (2 * i) & 1u) && !arb_is_exact(nd->box + 2 * i)) ||
            ((nd->touch >> (2 * i + 1) & 1u) && !arb_is_exact(nd->box + 2 * i + 1))) {
            nd->prec *= 2;
            gdc_search_refresh(s, nd->box, nd->touch, nd->prec);
            return 1;
        }
    return 0;
}

/* split box id and decide its children; live children are queued. -1 on allocation failure */
static int branch(sctx_t *s, int id, int dim)
{
    if (gdc_tree_split(s, id, dim))
        return -1;
    int l = s->t[id].child;
    for (int k = l; k < l + 2 && !s->failed; k++) {
        if (gdc_search_process(s, k)) {
            gdc_tree_free_box(s, &s->t[k]);
            continue;
        }
        if (!s->failed) {
            gdc_tree_push(s, k);
            if (!s->bound)
                gdc_tree_enqueue(s, k);
        }
    }
    return 0;
}

static int choose_dim(sctx_t *s, int id)
{
    tnode_t *nd = &s->t[id];
    if (nd->depth >= s->b->max_depth || nd->undefined)
        return -1;
    int dim = gdc_tree_split_dim(s, nd);
    while (dim < 0 && raise_for_split(s, nd))
        dim = gdc_tree_split_dim(s, nd);
    return dim;
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
        int dim = choose_dim(s, id);
        if (dim < 0) {
            s->t[id].code = 'U';
            continue;
        }
        if (branch(s, id, dim))
            break;
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
        int dim = choose_dim(s, id);
        if (dim < 0) {
            s->stop = 1;
            break;
        }
        gdc_tree_pop(s);
        if (branch(s, id, dim))
            break;
    }
    arb_clear(gap);
}

static void finish_prove(sctx_t *s)
{
    gdc_result_t *r = s->r;
    if (s->failed) {
        r->verdict = GDC_FAILS;
        return;
    }
    int nu = 0;
    int *ids = malloc(sizeof(int) * (size_t)(s->nt + 1));
    for (int i = 0; ids && i < s->nt; i++)
        if (s->t[i].code == 'U' || s->t[i].code == 0)
            ids[nu++] = i;
    if (nu == 0 && !s->stop) {
        r->verdict = GDC_HOLDS;
        gdc_tree_emit(s);
    } else {
        r->verdict = GDC_UNKNOWN;
        if (ids)
            gdc_search_report_live(s, ids, nu);
    }
    free(ids);
}

/* the certified lower end of a bound goal: the lowest lower end of the live boxes */
static void bound_low(sctx_t *s, arf_t lo)
{
    gdc_result_t *r = s->r;
    if (s->nh == 0) {
        r->bound_empty = !s->have_best;
        arf_set(lo, s->best_hi);
    } else
        arf_set(lo, s->t[s->heap[0]].low);
    for (int k = 0; k < s->nh; k++)
        if (arf_cmp(s->t[s->heap[k]].low, lo) < 0)
            arf_set(lo, s->t[s->heap[k]].low);
}

static void finish_bound(sctx_t *s, const arb_t tol)
{
    gdc_result_t *r = s->r;
    const gdc_claim_t *c = s->c;
    /* leaves still live carry their best method */
    for (int k = 0; k < s->nh; k++) {
        tnode_t *nd = &s->t[s->heap[k]];
        nd->code = nd->method;
    }
    memset(r->leaves, 0, sizeof r->leaves);
    for (int i = 0; i < s->nt; i++) {
        const char *kinds = "ICMATB", *p = s->t[i].code ? strchr(kinds, s->t[i].code) : NULL;
        if (p)
            r->leaves[p - kinds]++;
    }
    arf_t lo, hi;
    arf_init(lo);
    arf_init(hi);
    bound_low(s, lo);
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
        gdc_tree_emit(s);
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
        gdc_search_report_live(s, s->heap, s->nh);
    arf_clear(lo);
    arf_clear(hi);
}

/* the integer variables on which an integer argument of a row depends (e.g. k in erf.ratio6(k, ...)): the row is
 * undefined on a box until such a variable is one integer, so no form can decide the box before */
static unsigned int_row_vars(const gdc_claim_t *c)
{
    unsigned m = 0, ints = 0;
    for (int v = 0; v < c->nvars; v++)
        if (c->vars[v].integer)
            ints |= 1u << v;
    for (int i = 0; i < c->nnodes; i++) {
        const gdc_node_t *n = &c->nodes[i];
        if (n->op != GDC_N_REG)
            continue;
        for (int k = 0; k < n->nargs; k++)
            if (n->row->args[k].integer)
                m |= c->nodes[n->args[k]].deps & ints;
    }
    return m;
}

static void ctx_init(sctx_t *s, const gdc_claim_t *c, const gdc_budget_t *b, gdc_result_t *r)
{
    memset(s, 0, sizeof *s);
    int nn = c->nvars > 0 ? c->nvars : 1;
    s->c = c;
    s->b = b;
    s->r = r;
    s->n = c->nvars;
    s->int_first = int_row_vars(c);
    s->bound = c->goal_kind != GDC_GOAL_PROVE;
    s->strict = s->bound ? 0 : c->goal.strict;
    s->obj = c->objective;
    s->upto = c->nnodes - 1;
    clock_gettime(CLOCK_MONOTONIC, &s->t0);
    gdc_evalws_init(&s->ws, c);
    s->grad_blocked = s->ws.canon ? gdc_expr_grad_blocked(c, s->ws.canon, s->obj) : 0;
    s->ws.deadline = gdc_deadline_after(b->time_limit); /* rows see the time limit (fn_arb_timed) */
    s->root_lo = _arb_vec_init(nn);
    s->root_hi = _arb_vec_init(nn);
    s->x = _arb_vec_init(nn);
    s->cpt = _arb_vec_init(nn);
    s->fcpt = _arb_vec_init(nn);
    s->diffx = _arb_vec_init(nn);
    s->gp = _arb_vec_init(nn);
    s->dv = _arb_vec_init(nn);
    s->gbox = _arb_vec_init(nn);
    s->hx = _arb_vec_init(nn * nn);
    s->fbox = _arb_vec_init(2 * nn);
    arb_init(s->enc);
    arb_init(s->gc);
    arb_init(s->tmp);
    arf_init(s->best_hi);
    mag_init(s->tolq);
}

static void ctx_clear(sctx_t *s)
{
    int nn = s->n > 0 ? s->n : 1;
    for (int i = 0; i < s->nt; i++) {
        gdc_tree_free_box(s, &s->t[i]);
        arf_clear(s->t[i].low);
    }
    for (int k = 0; k < GDC_PROVE_NPREC; k++)
        if (s->root_at[k])
            _arb_vec_clear(s->root_at[k], 2 * nn);
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
    _arb_vec_clear(s->gp, nn);
    _arb_vec_clear(s->dv, nn);
    _arb_vec_clear(s->gbox, nn);
    _arb_vec_clear(s->hx, nn * nn);
    _arb_vec_clear(s->fbox, 2 * nn);
    arb_clear(s->enc);
    arb_clear(s->gc);
    arb_clear(s->tmp);
    arf_clear(s->best_hi);
    mag_clear(s->tolq);
}

/* the claim can be decided at all: ranges, tolerance, and no registry argument outside its row's domain on
 * the whole root box (an input error naming the row, the argument and the domain). 0 ok */
static int check_input(sctx_t *s, arb_t tol)
{
    const gdc_claim_t *c = s->c;
    gdc_result_t *r = s->r;
    int badvar = 0;
    int rc = gdc_claim_root_box(c, s->root_lo, s->root_hi, s->b->prec, &badvar);
    if (rc) {
        snprintf(r->message, sizeof r->message, "%s:%d: the range of %s is %s", c->file, c->vars[badvar].line,
                 c->vars[badvar].name, rc == -1 ? "undefined (an endpoint cannot be evaluated)" : "empty");
        return -1;
    }
    unsigned touch = s->n > 0 ? (2u << (2 * s->n - 1)) - 1u : 0u;
    for (int i = 0; i < s->n; i++)
        gdc_box_ball(s->x + i, s->root_lo + i, s->root_hi + i);
    s->ws.touch = touch;
    s->ws.flat = 0;
    gdc_expr_eval(c, &s->ws, s->x, s->upto, s->b->prec);
    if (s->ws.dom_err) {
        snprintf(r->message, sizeof r->message, "%s: %s on the whole range of the claim's variables", c->file,
                 s->ws.dom_err);
        return -1;
    }
    if (!s->bound)
        return 0;
    if (c->tol >= 0) {
        if (gdc_expr_eval_const(c, c->tol, tol, s->b->prec) || !arb_is_nonnegative(tol)) {
            snprintf(r->message, sizeof r->message, "%s:%d: the tolerance is not a number >= 0", c->file, c->goal_line);
            return -1;
        }
    } else
        arb_set_d(tol, s->b->tol);
    arb_set(r->tol, tol);
    arb_get_mag_lower(s->tolq, tol);
    mag_mul_2exp_si(s->tolq, s->tolq, -4);
    return 0;
}

/* the root box; prove goals: its corners tried as counterexamples first */
static void start(sctx_t *s)
{
    int root = gdc_tree_new(s), n = s->n;
    if (root < 0)
        return;
    for (int i = 0; i < n; i++) {
        arb_set(s->t[root].box + 2 * i, s->root_lo + i);
        arb_set(s->t[root].box + 2 * i + 1, s->root_hi + i);
        s->t[root].touch |= 3u << (2 * i);
    }
    s->t[root].prec = s->b->prec;
    if (!s->bound && n <= GDC_PROVE_MAX_VARS)
        for (unsigned mask = 0; mask < (1u << n) && !s->failed; mask++) {
            for (int i = 0; i < n; i++)
                arb_set(s->cpt + i, (mask >> i & 1u) ? s->root_hi + i : s->root_lo + i);
            s->failed = gdc_point_witness(s, s->cpt, s->b->prec, 0);
        }
    if (s->failed)
        return;
    if (gdc_search_process(s, root))
        gdc_tree_free_box(s, &s->t[root]);
    else if (!s->failed) {
        gdc_tree_push(s, root);
        if (!s->bound)
            gdc_tree_enqueue(s, root);
    }
}

gdc_verdict_t gdc_claim_decide(const gdc_claim_t *c, const gdc_budget_t *b, gdc_result_t *r)
{
    sctx_t S, *s = &S;
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
    ctx_init(s, c, b, r);
    arb_t tol;
    arb_init(tol);
    if (check_input(s, tol)) {
        r->verdict = GDC_ERROR;
    } else {
        start(s);
        if (s->bound) {
            run_bound(s, tol);
            finish_bound(s, tol);
        } else {
            if (!s->failed)
                run_prove(s);
            finish_prove(s);
        }
        gdc_search_check_expect(c, r, b->prec);
        progress(s, 1);
    }
    r->seconds = gdc_search_elapsed(s);
    ctx_clear(s);
    arb_clear(tol);
    return r->verdict;
}
