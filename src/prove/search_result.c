/* Results of the search: the result struct, verdict names and exit codes, the report on undecided boxes
 * (count, volume fraction, the worst box) and the check of a claim's `expect` line. */
#include <stdlib.h>
#include <string.h>
#include "prove/search_impl.h"

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

double gdc_search_volume_frac(const sctx_t *s, arb_srcptr box)
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

/* the live (undecided) boxes: count, volume, worst */
void gdc_search_report_live(sctx_t *s, const int *ids, int nids)
{
    gdc_result_t *r = s->r;
    int worst = -1;
    for (int k = 0; k < nids; k++) {
        tnode_t *nd = &s->t[ids[k]];
        r->undecided++;
        r->undecided_frac += gdc_search_volume_frac(s, nd->box);
        if (worst < 0 || gdc_tree_less(s, ids[k], worst))
            worst = ids[k];
    }
    if (worst >= 0) {
        tnode_t *nd = &s->t[worst];
        gdc_search_balls(s, nd->box, nd->touch, r->worst_box, nd->prec);
        gdc_search_set_box(s, nd->box, nd->touch);
        gdc_expr_eval(s->c, &s->ws, r->worst_box, s->upto, nd->prec);
        arb_set(r->worst_value, s->ws.val + s->obj);
    }
}

void gdc_search_check_expect(const gdc_claim_t *c, gdc_result_t *r, slong prec)
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
