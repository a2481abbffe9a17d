/* Points of the search: counterexamples of prove goals (certified by Arb evaluation at an exact dyadic
 * point of the claim's domain, raising the precision while the point still looks like one, up to
 * GDC_PROVE_PREC_CEILING even above the budget's max_prec) and feasible points of bound goals (their
 * objective improves the certified upper end). */
#include <stdlib.h>
#include <string.h>
#include "prove/search_impl.h"

/* the point is exact and lies in the claim's domain (strictly inside at an open end; an integer in an
 * integer dimension) */
static int inside(const gdc_var_t *v, arb_srcptr lo, arb_srcptr hi, arb_srcptr p)
{
    if (gdc_var_lo_open(v) ? !arb_lt(lo, p) : !arb_le(lo, p))
        return 0;
    return gdc_var_hi_open(v) ? arb_lt(p, hi) : arb_le(p, hi);
}

/* the point is exact and lies in the claim's domain (strictly inside at an open end; an integer in an
 * integer dimension); near a non-dyadic range end decided with the end at the ceiling precision */
static int point_admissible(sctx_t *s, arb_srcptr p)
{
    arb_srcptr r = NULL;
    for (int i = 0; i < s->n; i++) {
        const gdc_var_t *v = &s->c->vars[i];
        if (!arb_is_exact(p + i))
            return 0;
        if (v->integer && !arf_is_int(arb_midref(p + i)))
            return 0;
        if (inside(v, s->root_lo + i, s->root_hi + i, p + i))
            continue;
        if (!r)
            r = gdc_search_root_at(s, GDC_PROVE_PREC_CEILING);
        if (!r || !inside(v, r + i, r + s->n + i, p + i))
            return 0;
    }
    return 1;
}

/* after an evaluation at a point: 1 all assumptions certainly hold, 0 not certain, -1 one certainly fails */
int gdc_point_assumptions(const sctx_t *s, int *plausible)
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
        if (gdc_fails(d, a->strict)) {
            *plausible = 0;
            return -1;
        }
        if (!gdc_holds(d, a->strict)) {
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
int gdc_point_witness(sctx_t *s, arb_srcptr p, slong prec, int evaluated)
{
    if (!point_admissible(s, p))
        return 0;
    slong ceiling = s->b->max_prec > GDC_PROVE_PREC_CEILING ? s->b->max_prec : GDC_PROVE_PREC_CEILING;
    for (;;) {
        if (!evaluated) {
            s->ws.touch = 0;
            s->ws.flat = 0;
            gdc_expr_eval(s->c, &s->ws, p, s->upto, prec);
        }
        evaluated = 0;
        int plausible;
        int all = gdc_point_assumptions(s, &plausible);
        int gok = s->ws.ok[s->obj];
        arb_srcptr g = s->ws.val + s->obj;
        if (all == 1 && gok && gdc_fails(g, s->strict)) {
            record_point(s, p);
            if (prec > s->r->max_prec_used)
                s->r->max_prec_used = prec;
            return 1;
        }
        if (!plausible || !gok || arf_sgn(arb_midref(g)) > 0 || 2 * prec > ceiling)
            return 0;
        prec *= 2;
    }
}

/* Bound goals: the objective at a feasible exact point improves the upper end. */
void gdc_point_feasible(sctx_t *s, arb_srcptr p, slong prec, int evaluated)
{
    if (!point_admissible(s, p))
        return;
    if (!evaluated) {
        s->ws.touch = 0;
        s->ws.flat = 0;
        gdc_expr_eval(s->c, &s->ws, p, s->upto, prec);
    }
    int plausible;
    if (gdc_point_assumptions(s, &plausible) != 1 || !s->ws.ok[s->obj])
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
