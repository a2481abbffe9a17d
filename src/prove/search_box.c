/* One box of the search: its balls (range ends recomputed at the box's precision), the assumptions, and the
 * enclosure forms in order of cost -- interval (skipped where it has seldom decided lately: interval_skipped),
 * mean-value, monotone faces, second order at the centre, the boundary expansion at a corner -- until one decides
 * it (prove goals) or the best lower end is found (bound goals); counterexamples at its centre and on the root's
 * boundary; and a higher precision when rounding, not the box width, keeps the enclosures wide. */
#include <math.h>
#include <string.h>
#include "prove/search_impl.h"

double gdc_search_elapsed(const sctx_t *s)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - s->t0.tv_sec) + 1e-9 * (double)(t.tv_nsec - s->t0.tv_nsec);
}

/* the root ends at prec (recomputed from the claim once per precision; non-dyadic ends such as pi/3 get
 * tighter as the precision rises); NULL if they cannot be computed */
arb_srcptr gdc_search_root_at(sctx_t *s, slong prec)
{
    int k = 0;
    while (k < GDC_PROVE_NPREC - 1 && (s->b->prec << k) < prec)
        k++;
    if (!s->root_at[k]) {
        int n = s->n > 0 ? s->n : 1, bad;
        arb_ptr r = _arb_vec_init(2 * n);
        if (gdc_claim_root_box(s->c, r, r + n, s->b->prec << k, &bad)) {
            _arb_vec_clear(r, 2 * n);
            return NULL;
        }
        s->root_at[k] = r;
    }
    return s->root_at[k];
}

/* the box's range ends (touch bits) replaced by the range ends at prec */
void gdc_search_refresh(sctx_t *s, arb_ptr box, unsigned touch, slong prec)
{
    arb_srcptr r = touch ? gdc_search_root_at(s, prec) : NULL;
    if (!r)
        return;
    for (int i = 0; i < s->n; i++) {
        if ((touch >> (2 * i) & 1u) && !arb_is_exact(box + 2 * i))
            arb_set(box + 2 * i, r + i);
        if ((touch >> (2 * i + 1) & 1u) && !arb_is_exact(box + 2 * i + 1))
            arb_set(box + 2 * i + 1, r + s->n + i);
    }
}

void gdc_search_balls(sctx_t *s, arb_srcptr box, unsigned touch, arb_ptr x, slong prec)
{
    (void)touch;
    (void)prec;
    for (int i = 0; i < s->n; i++)
        gdc_box_ball(x + i, box + 2 * i, box + 2 * i + 1);
}

void gdc_search_centre(const sctx_t *s, arb_srcptr box, arb_ptr c)
{
    for (int i = 0; i < s->n; i++)
        gdc_box_centre(s->c, i, c + i, box + 2 * i, box + 2 * i + 1);
}

unsigned gdc_search_flat(const sctx_t *s, arb_srcptr box)
{
    unsigned f = 0;
    for (int i = 0; i < s->n; i++)
        if (arb_equal(box + 2 * i, box + 2 * i + 1))
            f |= 1u << i;
    return f;
}

void gdc_search_set_box(sctx_t *s, arb_srcptr box, unsigned touch)
{
    s->ws.touch = touch;
    s->ws.flat = gdc_search_flat(s, box);
}

/* one evaluation of a box at one precision: its outcome and what the later steps need */
enum { BOX_LIVE, BOX_DECIDED, BOX_RETRY, BOX_GO_ON };
typedef struct {
    int pok;        /* the interval form enclosed the objective */
    int allA;       /* assumptions on the box: -1 one fails, 1 all hold, 0 undecided */
    int cok;        /* the objective is defined at the centre */
    int arnd;       /* an assumption is undecided at the centre by rounding alone (assumption_rounding) */
    int cdom;       /* the centre's evaluation left a domain test undecided (ws.dom_unsure) */
    int skipped;    /* the interval form was skipped (interval_skipped): allA comes from the derivative forms */
    int unsure;     /* undefined on the box and at its centre, the domain test undecided by rounding */
    mag_t prad;     /* the narrowest radius of an enclosure over the box */
    mag_t crad;     /* the radius of the value at the centre */
} attempt_t;

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

/* assumptions on the box just evaluated: -1 one certainly fails, 1 all certainly hold, 0 otherwise */
static int box_assumptions(sctx_t *s)
{
    int all = 1;
    for (int k = 0; k < s->c->nassumes; k++) {
        const gdc_rel_t *a = &s->c->assumes[k];
        if (!s->ws.ok[a->diff]) {
            all = 0;
            continue;
        }
        if (gdc_fails(s->ws.val + a->diff, a->strict))
            return -1;
        if (!gdc_holds(s->ws.val + a->diff, a->strict))
            all = 0;
    }
    return all;
}

/* at the centre just evaluated: some assumption undecided only by rounding (its value a ball of non-zero
 * radius straddling 0, or undefined): more precision may decide it */
static int assumption_rounding(const sctx_t *s)
{
    for (int k = 0; k < s->c->nassumes; k++) {
        const gdc_rel_t *a = &s->c->assumes[k];
        arb_srcptr v = s->ws.val + a->diff;
        if (!s->ws.ok[a->diff] ||
            (!mag_is_zero(arb_radref(v)) && !gdc_holds(v, a->strict) && !gdc_fails(v, a->strict)))
            return 1;
    }
    return 0;
}

/* a leaf decided by the form `code` */
static int leaf(sctx_t *s, tnode_t *nd, char code, int kind, const char *faces)
{
    nd->code = code;
    if (faces)
        memcpy(nd->faces, faces, sizeof nd->faces);
    s->r->leaves[kind]++;
    return 1;
}

/* the form's enclosure: decides the box (prove goal) or improves its lower end (bound goal, method) */
static int use(sctx_t *s, tnode_t *nd, const arb_t enc, int strict, char code, const char *faces, slong prec,
               mag_t prad)
{
    if (!s->bound && gdc_holds(enc, strict))
        return 1;
    if (mag_cmp(arb_radref(enc), prad) < 0)
        mag_set(prad, arb_radref(enc));
    if (improve(nd->low, enc, prec)) {
        nd->method = code;
        if (faces)
            memcpy(nd->faces, faces, sizeof nd->faces);
    }
    return 0;
}

/* the second-order (k = 0) and boundary (k = 1) forms cost a Hessian over the box (n^2 entries per node,
 * about n times a box's first-order evaluation): tried on every box while they decide at least n boxes in 16
 * of their attempts (or in the first 32), otherwise on every 8th box only, and on every 64th once 128 attempts
 * decided none (deterministic: counts, not time) */
static int worth(const sctx_t *s, int k)
{
    if (s->form_try[k] < 32 || 16 * s->form_ok[k] >= s->form_try[k] * (s->n > 0 ? s->n : 1))
        return 1;
    /* (a form that has not decided one box in 128 attempts: every 64th box) */
    return s->r->boxes % (s->form_ok[k] == 0 && s->form_try[k] >= 128 ? 64 : 8) == 0;
}

/* the split hint (search_tree.c): the dimension where the objective's gradient enclosure times the box width,
 * |df/dx_i|_max w_i, is largest (the "smear"), from the gradient just computed over the box; 0 if unknown */
static void smear_hint(sctx_t *s, tnode_t *nd, slong prec)
{
    nd->smear = 0;
    if (!s->ws.gok[s->obj])
        return;
    double best = 0;
    for (int i = 0; i < s->n; i++) {
        arb_srcptr g = s->ws.grad + (slong)s->obj * s->n + i;
        if (!arb_is_finite(g))
            return;
        arb_sub(s->tmp, nd->box + 2 * i + 1, nd->box + 2 * i, prec);
        double v = mag_get_d(arb_radref(g)) + fabs(arf_get_d(arb_midref(g), ARF_RND_UP));
        v *= arf_get_d(arb_midref(s->tmp), ARF_RND_UP);
        if (v > best) {
            best = v;
            nd->smear = (signed char)(i + 1);
        }
    }
}

/* the derivative forms; 1 if one decided the box (nd->code set) */
static int derivative_forms(sctx_t *s, tnode_t *nd, attempt_t *a, slong prec)
{
    int cok = a->cok;
    mag_ptr prad = a->prad;
    char faces[GDC_PROVE_MAX_VARS];
    int strict = s->strict;
    /* the second-order form's lower end is at most f(c): for a prove goal it can decide only if f(c) does */
    int promising = s->bound || gdc_holds(s->gc, s->strict);
    int try2 = cok && promising && worth(s, 0), tryb = !s->bound && worth(s, 1);
    /* no gradient over this box (a variable wide here reaches the objective only through integer arguments
     * of rows): no form below could decide, as after an evaluation that gave no gradient (counted alike) */
    if (s->grad_blocked & ~s->ws.flat) {
        nd->smear = 0;
        s->form_try[0] += try2;
        s->form_try[1] += tryb;
        return 0;
    }
    /* derivatives over the box, once: order 2 when a second-order form follows (its gradient serves the
     * mean-value and monotone forms too), else order 1 */
    if (try2 || tryb)
        gdc_form_hessian(s, prec);
    else
        gdc_expr_eval_ad_centred(s->c, &s->ws, s->x, s->upto, prec);
    s->dv_ok = s->ws.ok[s->obj] && !s->ws.dom_err;
    if (a->skipped) { /* the assumptions on the box from this evaluation (an exclusion is left to the plain one) */
        a->allA = box_assumptions(s);
        s->dv_ok = s->dv_ok && a->allA >= 0;
    }
    int allA = a->allA == 1;
    smear_hint(s, nd, prec);
    /* every form below needs the objective's gradient over the box, and none may decide a box on which an
     * argument of a row lies certainly outside its domain (the interval stage, when skipped, did not see it) */
    if (!s->ws.gok[s->obj] || s->ws.dom_err) {
        s->form_try[0] += try2;
        s->form_try[1] += tryb;
        return 0;
    }
    _arb_vec_set(s->gbox, s->ws.grad + (slong)s->obj * s->n, s->n);
    s->gbox_ok = arb_is_finite(s->gc);
    s->gbox_flat = s->ws.flat;
    if (cok && gdc_form_meanvalue(s, nd->box, s->enc, prec) &&
        use(s, nd, s->enc, strict, 'C', NULL, prec, prad))
        return leaf(s, nd, 'C', GDC_LEAF_MEANVALUE, NULL);
    if (allA && gdc_form_monotone(s, nd, faces, &strict, s->enc, prec)) {
        if (!s->bound && gdc_holds(s->enc, strict))
            return leaf(s, nd, 'M', GDC_LEAF_MONOTONE, faces);
        if (mag_cmp(arb_radref(s->enc), prad) < 0) /* (the face is often a point: its width is rounding) */
            mag_set(prad, arb_radref(s->enc));
        if (improve(nd->low, s->enc, prec)) {
            nd->method = 'M';
            memcpy(nd->faces, faces, sizeof faces);
        }
    }
    gdc_search_set_box(s, nd->box, nd->touch);
    if (try2) {
        s->form_try[0]++;
        if (gdc_form_taylor(s, nd->box, s->enc, prec) && use(s, nd, s->enc, s->strict, 'T', NULL, prec, prad)) {
            s->form_ok[0]++;
            return leaf(s, nd, 'T', GDC_LEAF_TAYLOR, NULL);
        }
        if (s->bound && nd->method == 'T') /* a bound goal: the form gave the box's best lower end */
            s->form_ok[0]++;
    }
    gdc_search_set_box(s, nd->box, nd->touch);
    if (tryb) {
        s->form_try[1]++;
        if (gdc_form_boundary(s, nd, faces, s->enc, prec) && gdc_holds(s->enc, s->strict)) {
            s->form_ok[1]++;
            return leaf(s, nd, 'B', GDC_LEAF_BOUNDARY, faces);
        }
    }
    return 0;
}

/* the point s->fcpt, which differs from the centre s->cpt in coordinate i only and lies in the box and in the
 * range, cannot be a counterexample: the mean-value form f(c) + df/dx_i(X) (p_i - c_i), with the gradient over
 * the box kept by the derivative forms, shows the goal holds there (so no evaluation at p could show it fails) */
static int witness_excluded(sctx_t *s, int i, slong prec)
{
    if (!s->gbox_ok || (s->gbox_flat >> i & 1u) || !arb_contains(s->x + i, s->fcpt + i))
        return 0; /* (a flat dimension's gradient entry is 0 by its seed) */
    arb_sub(s->tmp, s->fcpt + i, s->cpt + i, prec);
    arb_mul(s->tmp, s->tmp, s->gbox + i, prec);
    arb_add(s->tmp, s->tmp, s->gc, prec);
    return gdc_holds(s->tmp, s->strict);
}

/* the point s->fcpt (as for witness_excluded) is not worth an evaluation now: the first-order prediction from the
 * centre, f(c) + m (p_i - c_i) with m the midpoint of the box's df/dx_i, keeps at least half of f(c) > 0. Not a
 * proof (nothing is certified from it): it only spares the search points unlikely to be counterexamples. A box
 * holding a counterexample is never decided, so it is split, and as the boxes next to the point shrink, f(c) and
 * the prediction approach f there and the point (or one as close) is tried. */
static int witness_unpromising(sctx_t *s, int i, slong prec)
{
    if (!s->gbox_ok || (s->gbox_flat >> i & 1u) || !arb_is_positive(s->gc))
        return 0;
    arb_sub(s->tmp, s->fcpt + i, s->cpt + i, prec);
    double d = arf_get_d(arb_midref(s->tmp), ARF_RND_NEAR), g = arf_get_d(arb_midref(s->gbox + i), ARF_RND_NEAR),
           fc = arf_get_d(arb_midref(s->gc), ARF_RND_NEAR);
    return isfinite(fc) && isfinite(g * d) && fc + g * d >= fc / 2;
}

/* prove goals: counterexamples on the root's boundary next to the centre: a closed exact end itself; a
 * non-dyadic end (0.3, pi) through the dyadic point next to it inside the range (the inner end of its ball
 * at 4 times the precision: within 2^-4prec of it). A point tried already at this precision is not tried
 * again (the same point and precision give the same bits): the centre itself (the box is flat in i, as an
 * integer d at a range end), or the parent's point on a face of the dimension it was split in (nd->wtried) */
static void boundary_witnesses(sctx_t *s, tnode_t *nd, slong prec)
{
    slong wp = 4 * prec < GDC_PROVE_PREC_CEILING ? 4 * prec : GDC_PROVE_PREC_CEILING;
    arb_srcptr r = NULL;
    unsigned seen = nd->wprec == prec ? nd->wtried : 0u, tried = 0u;
    arf_t e;
    arf_init(e);
    for (int i = 0; i < s->n && !s->failed; i++)
        for (int side = 0; side < 2 && !s->failed; side++) {
            unsigned bit = 1u << (2 * i + side);
            if (!(nd->touch & bit))
                continue;
            if (seen & bit) {
                tried |= bit;
                continue;
            }
            _arb_vec_set(s->fcpt, s->cpt, s->n);
            arb_srcptr end = nd->box + 2 * i + side;
            if (arb_is_exact(end))
                arb_set(s->fcpt + i, end);
            else {
                if (!r)
                    r = gdc_search_root_at(s, wp);
                if (!r)
                    continue;
                if (side)
                    arb_get_lbound_arf(e, r + s->n + i, ARF_PREC_EXACT);
                else
                    arb_get_ubound_arf(e, r + i, ARF_PREC_EXACT);
                arb_set_arf(s->fcpt + i, e);
            }
            if (witness_unpromising(s, i, prec))
                continue;
            tried |= bit;
            if (arb_equal(s->fcpt + i, s->cpt + i)) /* the centre: its witness was tried at this precision */
                continue;
            if (!witness_excluded(s, i, prec) && gdc_point_witness(s, s->fcpt, prec, 0))
                s->failed = 1;
        }
    nd->wtried = tried;
    nd->wprec = prec;
    arf_clear(e);
}


/* a fresh evaluation of the box at prec: its balls, no enclosure yet */
static void start_attempt(sctx_t *s, tnode_t *nd, attempt_t *a, slong prec)
{
    if (prec > s->r->max_prec_used)
        s->r->max_prec_used = prec;
    s->hx_state = 0;
    s->gbox_ok = 0;
    gdc_search_balls(s, nd->box, nd->touch, s->x, prec);
    gdc_search_set_box(s, nd->box, nd->touch);
    arf_neg_inf(nd->low);
    nd->method = 'I';
    mag_inf(a->prad);
}

/* the interval form and the assumptions over the box: BOX_DECIDED (an interval leaf, or excluded by an
 * assumption), BOX_LIVE (undefined: a registry argument outside its domain on the whole box), or BOX_GO_ON */
static int interval_stage(sctx_t *s, tnode_t *nd, attempt_t *a, slong prec)
{
    a->pok = gdc_form_interval(s, s->enc, prec);
    nd->noval = (char)!a->pok;
    a->allA = box_assumptions(s);
    if (a->allA < 0)
        return leaf(s, nd, 'A', GDC_LEAF_EXCLUDED, NULL), BOX_DECIDED;
    if (s->ws.dom_err) {
        nd->undefined = 1;
        return BOX_LIVE;
    }
    int decided = a->pok && use(s, nd, s->enc, s->strict, 'I', NULL, prec, a->prad);
    if (nd->depth > 0) {
        s->iv_try++;
        s->iv_last = s->iv_last << 1 | (uint32_t)decided;
    }
    if (decided)
        return leaf(s, nd, 'I', GDC_LEAF_INTERVAL, NULL), BOX_DECIDED;
    return BOX_GO_ON;
}

/* The interval form first, or straight to the centre and the derivative forms? The derivative forms' centred
 * evaluation over the box (order 1 or 2) encloses every node about as tightly as the plain one and intersects it
 * with its mean-value form, and the mean-value form takes that enclosure where it is better (form_meanvalue.c):
 * a box the interval form decides is nearly always decided there too (as a mean-value leaf, which the checker
 * tests by the same centred evaluation), at the cost of the centre and a box evaluation with derivatives. So on a
 * prove goal where the interval form has seldom decided lately (fewer than 8 of its last 32 attempts below the
 * root), a box's interval evaluation is skipped (saved wherever it would not decide), except on every 8th box,
 * which keeps the record current (deterministic: counts, not time). Not on a box flat in every variable (its
 * interval value is its centre's), nor where the derivative forms are not tried. The assumptions on the box are
 * then read from the derivative evaluation (a rigorous enclosure: the monotone form needs them to hold, as the
 * checker's monotone test reads them from the same evaluation). Nothing is decided from it where the interval
 * stage would have stopped first: if that evaluation leaves the objective undefined, finds a row argument outside
 * its domain or an assumption that fails on the whole box, or the centre is undefined, the interval stage runs
 * after all (skipped_stage: an exclusion is certified by the plain evaluation, as the checker tests it). */
static int bits_set(uint32_t v)
{
    int k = 0;
    for (; v; v &= v - 1)
        k++;
    return k;
}

static int interval_skipped(const sctx_t *s, const tnode_t *nd)
{
    unsigned all = s->n >= 32 ? ~0u : (1u << s->n) - 1u;
    if (s->bound || s->b->plain_only || nd->depth == 0 || (s->grad_blocked & ~s->ws.flat) || s->ws.flat == all)
        return 0;
    if (s->iv_try < 32 || 4 * bits_set(s->iv_last) >= 32)
        return 0;
    return s->r->boxes % 8 != 0;
}

/* the centre: its value (for the mean-value and Taylor forms) in s->gc, and a counterexample there (prove
 * goals: s->failed) or a feasible point (bound goals) */
static void centre_stage(sctx_t *s, tnode_t *nd, attempt_t *a, slong prec)
{
    gdc_search_centre(s, nd->box, s->cpt);
    s->ws.touch = 0;
    gdc_expr_centre(s->c, &s->ws, s->x, s->cpt, s->upto, prec);
    a->arnd = assumption_rounding(s);
    a->cok = s->ws.ok[s->obj];
    /* undefined on the box and at its exact centre, where a registry argument is neither certainly
     * inside nor outside its domain: the test (a point against pi) may fail by rounding alone */
    a->cdom = s->ws.dom_unsure;
    a->unsure = !a->pok && !a->cok && a->cdom;
    arb_set(s->gc, s->ws.val + s->obj);
    mag_set(a->crad, arb_radref(s->gc));
    if (!s->bound && gdc_point_witness(s, s->cpt, prec, 1)) {
        s->failed = 1;
        return;
    }
    if (s->bound)
        gdc_point_feasible(s, s->cpt, prec, 1);
    gdc_search_set_box(s, nd->box, nd->touch);
}

/* rounding rather than box width keeps the box undecided: the value at an exact point is about as wide as on
 * the box (a bound goal whose enclosure is already well within tol gains nothing from more precision), or an
 * assumption is undecided by rounding; 1 if the box should be evaluated again at twice the precision */
static int rounding_limits(const sctx_t *s, const attempt_t *a, slong prec)
{
    const gdc_budget_t *b = s->b;
    int abump = (!a->allA && a->arnd) || a->unsure;
    if (!((abump || (a->cok && mag_is_finite(a->prad))) && 2 * prec <= b->max_prec &&
          !(s->bound && !abump && mag_cmp(a->prad, s->tolq) <= 0)))
        return 0;
    mag_t lim;
    mag_init(lim);
    mag_mul_2exp_si(lim, a->prad, -3);
    /* or (prove goals) rounding leaves the value at the centre without a sign: the derivative forms
     * are bounded by it, none can decide before it is certain */
    int csign = !s->bound && a->cok && !mag_is_zero(a->crad) && arb_rel_accuracy_bits(s->gc) < 4 &&
                prec < 4 * b->prec; /* (at most twice: an exact zero at the centre never gets a sign) */
    int bump = abump || csign || (mag_cmp(a->crad, lim) > 0 && !mag_is_zero(a->crad));
    mag_clear(lim);
    return bump;
}

/* the interval stage after all, on a box whose interval form was skipped and that the derivative forms did not
 * decide (interval_skipped says when): as interval_stage, then the centre's undecided domain test as centre_stage
 * would have read it */
static int skipped_stage(sctx_t *s, tnode_t *nd, attempt_t *a, slong prec)
{
    int r = interval_stage(s, nd, a, prec);
    if (r != BOX_GO_ON)
        return r;
    a->unsure = !a->pok && !a->cok && a->cdom;
    return BOX_GO_ON;
}

/* the box at prec, the forms in order of cost: BOX_DECIDED, BOX_LIVE (undecided, undefined, or a
 * counterexample found: s->failed) or BOX_RETRY (more precision may decide it) */
static int attempt(sctx_t *s, tnode_t *nd, attempt_t *a, slong prec)
{
    start_attempt(s, nd, a, prec);
    a->skipped = interval_skipped(s, nd);
    if (a->skipped) { /* as if the interval form gave an enclosure that did not decide; the assumptions unknown */
        a->pok = 1;
        a->allA = 0;
        nd->noval = 0;
    } else {
        int r = interval_stage(s, nd, a, prec);
        if (r != BOX_GO_ON)
            return r;
    }
    centre_stage(s, nd, a, prec);
    if (s->failed)
        return BOX_LIVE;
    s->dv_ok = 0;
    if (!s->b->plain_only && derivative_forms(s, nd, a, prec))
        return BOX_DECIDED;
    if (a->skipped && (!s->dv_ok || !a->cok)) {
        int r = skipped_stage(s, nd, a, prec);
        if (r != BOX_GO_ON)
            return r;
    }
    if (rounding_limits(s, a, prec))
        return BOX_RETRY;
    /* undefined on the box and at its centre at the highest precision: nothing finer can decide it */
    if (a->unsure && 2 * prec > s->b->max_prec)
        nd->undefined = 1;
    if (!s->bound && nd->touch)
        boundary_witnesses(s, nd, prec);
    return BOX_LIVE;
}

/* Bound goals are best-first on the lower end: the box with the lowest lower end is refined next, and
 * a box where the objective is undefined somewhere (low = -inf) is the lowest of all, so it is
 * refined first (otherwise its certified lower end would stay -inf). Prove goals: boxes where the
 * goal is undefined somewhere go last (they must not starve the search for counterexamples among the
 * others; every box must be decided anyway). */
static void queue_key(const sctx_t *s, tnode_t *nd)
{
    if (s->bound)
        nd->key = arf_is_finite(nd->low) ? arf_get_d(nd->low, ARF_RND_DOWN) : -INFINITY;
    else
        nd->key = arf_is_finite(nd->low) ? arf_get_d(nd->low, ARF_RND_DOWN) : INFINITY;
}

/* Evaluate node id. Sets its code to a leaf letter if decided (prove) or excluded; fills low/key.
 * Returns 1 if the node is decided (a leaf), 0 if it stays live. */
int gdc_search_process(sctx_t *s, int id)
{
    tnode_t *nd = &s->t[id];
    s->r->boxes++;
    if (nd->depth > s->r->max_depth)
        s->r->max_depth = nd->depth;
    attempt_t a;
    mag_init(a.prad);
    mag_init(a.crad);
    int r;
    while ((r = attempt(s, nd, &a, nd->prec)) == BOX_RETRY) {
        nd->prec *= 2;
        gdc_search_refresh(s, nd->box, nd->touch, nd->prec);
    }
    mag_clear(a.prad);
    mag_clear(a.crad);
    if (r == BOX_DECIDED || s->failed)
        return r == BOX_DECIDED;
    queue_key(s, nd);
    return 0;
}
