/* Evaluation of claim expressions on Arb balls: plain interval extension and forward-mode automatic
 * differentiation (value + gradient enclosures over a box). A node is "defined" only if its children are
 * and its argument lies certainly inside the function's domain (log of a ball > 0, sqrt of a ball >= 0,
 * a divisor not containing 0, asin/acos of a ball in [-1, 1], ...) and the result is finite.
 * Registry ids are evaluated by row->fn_arb (no derivative information: their gradient is unknown). */
#include <string.h>
#include <stdlib.h>
#include "prove/prove.h"

static int same_node(const gdc_claim_t *c, const int *canon, int i, int j)
{
    const gdc_node_t *p = &c->nodes[i], *q = &c->nodes[j];
    if (p->op != q->op)
        return 0;
    switch (p->op) {
    case GDC_N_NUM: return fmpq_equal(p->q, q->q);
    case GDC_N_PI: case GDC_N_E: return 1;
    case GDC_N_VAR: return p->var == q->var;
    case GDC_N_REG:
        if (p->row != q->row || p->out != q->out || p->nargs != q->nargs)
            return 0;
        for (int k = 0; k < p->nargs; k++)
            if (canon[p->args[k]] != canon[q->args[k]])
                return 0;
        return 1;
    default:
        if ((p->a >= 0) != (q->a >= 0) || (p->b >= 0) != (q->b >= 0))
            return 0;
        return (p->a < 0 || canon[p->a] == canon[q->a]) && (p->b < 0 || canon[p->b] == canon[q->b]);
    }
}

/* Static analysis, once per claim (nodes come children first):
 * canon[i]: the first node computing the same function of the variables as node i (same operation on
 *   structurally equal children), so that x - x is exactly 0 and x/x exactly 1 (pi - pi as a range end);
 * nonneg[i]: node i is >= 0 at every point where it is defined, by the rules: constants >= 0, pi, e;
 *   sqrt, exp, abs, cosh, erfc, acos (their ranges); x*x and x^n for an even integer n (squares);
 *   x^y for a non-integer exponent (defined only for a base >= 0, so the value is >= 0) and x^y with x
 *   non-negative; sums, products and quotients of non-negative nodes; max(non-negative, anything) and
 *   min(non-negative, non-negative); log1p, expm1, sinh, tanh, atan, erf, asin and atan2(y, .) of a
 *   non-negative argument (increasing through 0 at 0, atan2 in [0, pi] for y >= 0). Variables and
 *   registry outputs: unknown (their values come from the caller or from code the analysis cannot see).
 * The evaluator intersects the ball of a non-negative node with [0, inf) (as arb_sqrtpos does): the true
 * value lies in both, so e.g. sqrt(x^2 + y^2) stays defined where the sum's ball dips below 0 by
 * rounding. */
static void analyse(const gdc_claim_t *c, char *nn, int *canon)
{
    for (int i = 0; i < c->nnodes; i++) {
        const gdc_node_t *n = &c->nodes[i];
        canon[i] = i;
        if (c->nnodes <= 5000)
            for (int j = 0; j < i; j++)
                if (canon[j] == j && same_node(c, canon, i, j)) {
                    canon[i] = j;
                    break;
                }
        int a = n->a >= 0 ? nn[n->a] : 0, b = n->b >= 0 ? nn[n->b] : 0, r = 0;
        switch (n->op) {
        case GDC_N_NUM: r = fmpq_sgn(n->q) >= 0; break;
        case GDC_N_PI: case GDC_N_E: case GDC_N_SQRT: case GDC_N_EXP: case GDC_N_ABS: case GDC_N_COSH:
        case GDC_N_ERFC: case GDC_N_ACOS:
            r = 1;
            break;
        case GDC_N_ADD: case GDC_N_DIV: r = a && b; break;
        case GDC_N_MUL: r = (a && b) || canon[n->a] == canon[n->b]; break;
        case GDC_N_POW: {
            const gdc_node_t *e = &c->nodes[n->b];
            int isint = e->op == GDC_N_NUM && fmpz_is_one(fmpq_denref(e->q));
            r = !isint || a || (fmpz_is_even(fmpq_numref(e->q)));
            break;
        }
        case GDC_N_LOG1P: case GDC_N_EXPM1: case GDC_N_SINH: case GDC_N_TANH: case GDC_N_ATAN:
        case GDC_N_ERF: case GDC_N_ASIN: case GDC_N_ATAN2:
            r = a;
            break;
        case GDC_N_MIN: r = a && b; break;
        case GDC_N_MAX: r = a || b; break;
        default: r = 0;
        }
        nn[i] = (char)r;
    }
}

static void ws_init(gdc_evalws_t *ws, const gdc_claim_t *c, int analysed)
{
    ws->nnodes = c->nnodes;
    ws->nvars = c->nvars;
    ws->val = _arb_vec_init(c->nnodes > 0 ? c->nnodes : 1);
    ws->grad = _arb_vec_init(c->nnodes * c->nvars > 0 ? c->nnodes * c->nvars : 1);
    ws->ok = calloc((size_t)c->nnodes + 1, 1);
    ws->gok = calloc((size_t)c->nnodes + 1, 1);
    ws->nonneg = calloc((size_t)c->nnodes + 1, 1);
    ws->canon = calloc((size_t)c->nnodes + 1, sizeof(int));
    ws->const_prec = 0;
    ws->tmp = _arb_vec_init(4 + GDC_MAX_OUT + GDC_MAX_ARGS);
    if (analysed && ws->nonneg && ws->canon)
        analyse(c, ws->nonneg, ws->canon);
    else if (ws->canon)
        for (int i = 0; i < c->nnodes; i++)
            ws->canon[i] = i;
}

void gdc_evalws_init(gdc_evalws_t *ws, const gdc_claim_t *c)
{
    ws_init(ws, c, 1);
}

void gdc_evalws_clear(gdc_evalws_t *ws)
{
    _arb_vec_clear(ws->val, ws->nnodes > 0 ? ws->nnodes : 1);
    _arb_vec_clear(ws->grad, ws->nnodes * ws->nvars > 0 ? ws->nnodes * ws->nvars : 1);
    free(ws->ok);
    free(ws->gok);
    free(ws->nonneg);
    free(ws->canon);
    _arb_vec_clear(ws->tmp, 4 + GDC_MAX_OUT + GDC_MAX_ARGS);
}

/* v = the interval [a, b] as a ball whose end `keep` (-1 lower, +1 upper, 0 neither) is exact:
 * mid = a + r or b - r with r a mag number >= (b - a)/2, so that e.g. 1 - cos X stays certainly >= 0. */
static void set_interval_keep(arb_t v, const arf_t a, const arf_t b, int keep, slong prec)
{
    if (keep == 0) {
        arb_set_interval_arf(v, a, b, prec);
        return;
    }
    arf_t d;
    mag_t r;
    arf_init(d);
    mag_init(r);
    arf_sub(d, b, a, MAG_BITS, ARF_RND_UP);
    arf_mul_2exp_si(d, d, -1);
    arf_get_mag(r, d);
    arf_set_mag(d, r);
    if (keep > 0)
        arf_sub(arb_midref(v), b, d, ARF_PREC_EXACT, ARF_RND_DOWN);
    else
        arf_add(arb_midref(v), a, d, ARF_PREC_EXACT, ARF_RND_DOWN);
    mag_set(arb_radref(v), r);
    arf_clear(d);
    mag_clear(r);
}

/* Intersect v with [lo, hi], a range known to contain every value of the function (clamped end exact). */
static void clamp(arb_t v, slong lo, slong hi, arb_t t, slong prec)
{
    (void)t;
    if (!arb_is_finite(v))
        return;
    arf_t L, U;
    arf_init(L);
    arf_init(U);
    arb_get_lbound_arf(L, v, prec);
    arb_get_ubound_arf(U, v, prec);
    int top = arf_cmp_si(U, hi) > 0, bot = arf_cmp_si(L, lo) < 0;
    if (top)
        arf_set_si(U, hi);
    if (bot)
        arf_set_si(L, lo);
    if ((top || bot) && arf_cmp(L, U) <= 0)
        set_interval_keep(v, L, U, top ? 1 : -1, prec);
    arf_clear(L);
    arf_clear(U);
}

typedef void (*mono_fn)(arb_t, const arb_t, slong);
static void set_ends(arb_t v, const arf_t L, const arf_t U, slong prec);

/* v = f(x) for f monotone on the ball x (increasing if inc), from its values at the exact ends of x;
 * an end where f is exact (exp(0) = 1, sqrt(0) = 0, ...) stays exact. */
static void mono(arb_t v, const arb_t x, mono_fn f, int inc, arb_t t, arb_t u, slong prec)
{
    if (arb_is_exact(x)) {
        f(v, x, prec);
        return;
    }
    arf_t L, U;
    arf_init(L);
    arf_init(U);
    arb_get_lbound_arf(L, x, 2 * prec);
    arb_get_ubound_arf(U, x, 2 * prec);
    arb_set_arf(t, L);
    f(t, t, prec);
    arb_set_arf(u, U);
    f(u, u, prec);
    if (!inc)
        arb_swap(t, u);
    if (!arb_is_finite(t) || !arb_is_finite(u))
        arb_indeterminate(v);
    else {
        arb_get_lbound_arf(L, t, prec);
        arb_get_ubound_arf(U, u, prec);
        if (arb_is_exact(t) || arb_is_exact(u))
            set_interval_keep(v, L, U, arb_is_exact(t) ? -1 : 1, prec);
        else
            set_ends(v, L, U, prec);
    }
    arf_clear(L);
    arf_clear(U);
}

/* v = x^e for an even e > 0 and a ball x touching 0: [0, max|x|^e] with the lower end exact */
static void even_pow_straddle(arb_t v, const arb_t x, const fmpz_t e, arb_t t, slong prec)
{
    arf_t z, U;
    arf_init(z);
    arf_init(U);
    arb_get_abs_ubound_arf(U, x, 2 * prec);
    arb_set_arf(t, U);
    arb_pow_fmpz(t, t, e, prec);
    arb_get_ubound_arf(U, t, prec);
    set_interval_keep(v, z, U, -1, prec);
    arf_clear(z);
    arf_clear(U);
}

/* v = cosh(x): decreasing for x <= 0, increasing for x >= 0, [1, cosh(max|x|)] across 0 */
static void cosh_iv(arb_t v, const arb_t x, arb_t t, arb_t u, slong prec)
{
    if (arb_is_nonnegative(x))
        mono(v, x, arb_cosh, 1, t, u, prec);
    else if (arb_is_nonpositive(x))
        mono(v, x, arb_cosh, 0, t, u, prec);
    else {
        arf_t one, U;
        arf_init(one);
        arf_init(U);
        arf_one(one);
        arb_get_abs_ubound_arf(U, x, 2 * prec);
        arb_set_arf(t, U);
        arb_cosh(t, t, prec);
        arb_get_ubound_arf(U, t, prec);
        if (arb_is_finite(t))
            set_interval_keep(v, one, U, -1, prec);
        else
            arb_indeterminate(v);
        arf_clear(one);
        arf_clear(U);
    }
}

static void clamp_below(arb_t v, slong prec)
{
    if (arb_is_finite(v) && !arb_is_nonnegative(v)) {
        arb_t z;
        arb_init(z);
        arb_nonnegative_part(z, v);
        arb_swap(v, z);
        arb_clear(z);
    }
    (void)prec;
}

static int is_int_const(const gdc_claim_t *c, int i)
{
    return c->nodes[i].op == GDC_N_NUM && fmpz_is_one(fmpq_denref(c->nodes[i].q));
}

/* ---------------------------------------------------------------- interval semantics
 * Ball arithmetic on a wide ball overestimates: the ball [1/1000, 3] times itself encloses negative
 * numbers, and 1/[1/1000, 3] as a ball reaches below 0. The operations below work on the ends of the
 * balls instead (interval arithmetic): a function monotone on the interval takes its extremes at the
 * ends, a product or quotient at the corners. Ends are rounded outward, and an end that is 0 stays
 * exactly 0 so that signs are decided. */

/* a ball whose radius is below 2^-20 of its magnitude (so it does not contain 0) */
static int narrow(const arb_t x)
{
    return arb_rel_accuracy_bits(x) > 20;
}

/* v = [L, U]. The radius of a ball has only 30 bits, so the end nearer to 0 is kept exact when it is 0
 * or tiny against the other end (else [1e-9, 27] would become a ball reaching below 0). */
static void set_ends(arb_t v, const arf_t L, const arf_t U, slong prec)
{
    int keep = 0;
    if (arf_is_zero(L))
        keep = -1;
    else if (arf_is_zero(U))
        keep = 1;
    else if (arf_sgn(L) == arf_sgn(U)) {
        int lsmall = arf_cmpabs(L, U) <= 0;
        const arf_struct *sm = lsmall ? L : U, *lg = lsmall ? U : L;
        /* (not when the ends are so far apart that the exact midpoint would need more than 4 prec bits) */
        slong gap = arf_abs_bound_lt_2exp_si(lg) - arf_abs_bound_lt_2exp_si(sm);
        if (gap > 20 && gap < 4 * prec)
            keep = lsmall ? -1 : 1;
    }
    set_interval_keep(v, L, U, keep, prec);
}

/* v = the hull of the balls t and u */
static void hull(arb_t v, const arb_t t, const arb_t u, slong prec)
{
    if (!arb_is_finite(t) || !arb_is_finite(u)) {
        arb_indeterminate(v);
        return;
    }
    if (arb_equal(t, u) && arb_is_exact(t)) {
        arb_set(v, t);
        return;
    }
    arf_t L, U, a;
    arf_init(L);
    arf_init(U);
    arf_init(a);
    arb_get_lbound_arf(L, t, prec);
    arb_get_lbound_arf(a, u, prec);
    if (arf_cmp(a, L) < 0)
        arf_set(L, a);
    arb_get_ubound_arf(U, t, prec);
    arb_get_ubound_arf(a, u, prec);
    if (arf_cmp(a, U) > 0)
        arf_set(U, a);
    set_ends(v, L, U, prec);
    arf_clear(L);
    arf_clear(U);
    arf_clear(a);
}

/* v = x * y (op 0) or x / y (op 1, y not containing 0) from the four corners of the intervals; the
 * narrower of this and the ball result */
static void corners(arb_t v, const arb_t x, const arb_t y, int op, slong prec)
{
    if (op == 0)
        arb_mul(v, x, y, prec);
    else
        arb_div(v, x, y, prec);
    if (!arb_is_finite(x) || !arb_is_finite(y) || !arb_is_finite(v))
        return;
    /* ball arithmetic is as tight as the corners on narrow balls and when one operand is a point */
    if ((narrow(x) && narrow(y)) || arb_is_exact(y) || (op == 0 && arb_is_exact(x)))
        return;
    arf_t xe[2], ye[2], q, L, U;
    for (int k = 0; k < 2; k++) {
        arf_init(xe[k]);
        arf_init(ye[k]);
    }
    arf_init(q);
    arf_init(L);
    arf_init(U);
    arb_get_lbound_arf(xe[0], x, prec);
    arb_get_ubound_arf(xe[1], x, prec);
    arb_get_lbound_arf(ye[0], y, prec);
    arb_get_ubound_arf(ye[1], y, prec);
    for (int k = 0; k < 4; k++) {
        const arf_struct *a = xe[k & 1], *b = ye[k >> 1];
        if (op == 0)
            arf_mul(q, a, b, prec, ARF_RND_FLOOR);
        else
            arf_div(q, a, b, prec, ARF_RND_FLOOR);
        if (k == 0 || arf_cmp(q, L) < 0)
            arf_set(L, q);
        if (op == 0)
            arf_mul(q, a, b, prec, ARF_RND_CEIL);
        else
            arf_div(q, a, b, prec, ARF_RND_CEIL);
        if (k == 0 || arf_cmp(q, U) > 0)
            arf_set(U, q);
    }
    arb_t w;
    arb_init(w);
    set_ends(w, L, U, prec);
    if (mag_cmp(arb_radref(w), arb_radref(v)) < 0 || (arf_is_zero(L) && !arb_is_nonnegative(v)) ||
        (arf_is_zero(U) && !arb_is_nonpositive(v)))
        arb_swap(v, w);
    arb_clear(w);
    for (int k = 0; k < 2; k++) {
        arf_clear(xe[k]);
        arf_clear(ye[k]);
    }
    arf_clear(q);
    arf_clear(L);
    arf_clear(U);
}

/* v = 1/y for y not containing 0 */
static void inv_iv(arb_t v, const arb_t y, slong prec)
{
    arb_t one;
    arb_init(one);
    arb_one(one);
    corners(v, one, y, 1, prec);
    arb_clear(one);
}

/* v = x^e for an integer e (|e| < 2^30). Returns 0 if undefined (e < 0 and x contains 0).
 * x^e is monotone on an interval not containing 0, and for odd e > 0 everywhere; for even e > 0 on an
 * interval straddling 0 the values are [0, max|x|^e]. t, u: scratch. */
static int pow_iv(arb_t v, const arb_t x, const fmpz_t e, arb_t t, arb_t u, slong prec)
{
    if (fmpz_is_zero(e)) {
        arb_one(v);
        return 1;
    }
    if (fmpz_sgn(e) < 0 && arb_contains_zero(x))
        return 0;
    if (arb_is_exact(x) || !arb_is_finite(x) || narrow(x)) {
        arb_pow_fmpz(v, x, e, prec);
        return 1;
    }
    if (fmpz_is_even(e) && fmpz_sgn(e) > 0 && !arb_is_nonnegative(x) && !arb_is_nonpositive(x)) {
        even_pow_straddle(v, x, e, t, prec);
        return 1;
    }
    arf_t L;
    arf_init(L);
    arb_get_lbound_arf(L, x, prec);
    arb_set_arf(t, L);
    arb_get_ubound_arf(L, x, prec);
    arb_set_arf(u, L);
    arf_clear(L);
    arb_pow_fmpz(t, t, e, prec);
    arb_pow_fmpz(u, u, e, prec);
    hull(v, t, u, prec);
    return 1;
}

/* v = [min, max] of the ends (op 0: min(x, y), 1: max(x, y)), exactly as intervals */
static void minmax_iv(arb_t v, const arb_t x, const arb_t y, int op, slong prec)
{
    if (!arb_is_finite(x) || !arb_is_finite(y)) {
        arb_indeterminate(v);
        return;
    }
    if (op == 0 ? arb_le(x, y) : arb_ge(x, y)) {
        arb_set(v, x);
        return;
    }
    if (op == 0 ? arb_le(y, x) : arb_ge(y, x)) {
        arb_set(v, y);
        return;
    }
    arf_t L, U, a;
    arf_init(L);
    arf_init(U);
    arf_init(a);
    arb_get_lbound_arf(L, x, prec);
    arb_get_lbound_arf(a, y, prec);
    if (op == 0 ? arf_cmp(a, L) < 0 : arf_cmp(a, L) > 0)
        arf_set(L, a);
    arb_get_ubound_arf(U, x, prec);
    arb_get_ubound_arf(a, y, prec);
    if (op == 0 ? arf_cmp(a, U) < 0 : arf_cmp(a, U) > 0)
        arf_set(U, a);
    set_ends(v, L, U, prec);
    arf_clear(L);
    arf_clear(U);
    arf_clear(a);
}

/* derivative kinds reported by node_value through *dok */
enum { D_NONE = 0, D_CHAIN = 1, D_UNION = 2, D_ZERO = 3 };

/* Value of node i from its children's values. Returns 1 if defined. fa, fb (may be NULL): partial
 * derivatives with respect to children a and b over the ball; *dok says how the gradient follows:
 * D_CHAIN (fa, fb by the chain rule), D_UNION (the hull of the children's gradients: min/max where
 * neither branch dominates on the box), D_ZERO (the node is constant: x - x), D_NONE (unknown).
 * Gradients are enclosures of Clarke's generalised gradient where the node is only Lipschitz (abs at 0,
 * min/max at a tie): the mean-value inclusion f(x) - f(c) in <grad f(X), x - c> (Lebourg's theorem) and
 * the monotonicity test hold for these as for smooth nodes. */
static int node_value(const gdc_claim_t *c, gdc_evalws_t *ws, int i, slong prec, arb_ptr fa, arb_ptr fb,
                      int *dok)
{
    const gdc_node_t *n = &c->nodes[i];
    arb_ptr v = ws->val + i;
    arb_srcptr x = n->a >= 0 ? ws->val + n->a : NULL;
    arb_srcptr y = n->b >= 0 ? ws->val + n->b : NULL;
    arb_ptr t = ws->tmp, u = ws->tmp + 1, w = ws->tmp + 4, z = ws->tmp + 5;
    int want = fa != NULL;
    int same = n->a >= 0 && n->b >= 0 && ws->canon[n->a] == ws->canon[n->b];

    switch (n->op) {
    case GDC_N_NUM: arb_set_fmpq(v, n->q, prec); return 1;
    case GDC_N_PI: arb_const_pi(v, prec); return 1;
    case GDC_N_E: arb_const_e(v, prec); return 1;
    case GDC_N_VAR: return 1; /* set by the caller */
    case GDC_N_NEG:
        arb_neg(v, x);
        if (want) arb_set_si(fa, -1);
        return 1;
    case GDC_N_ADD:
        arb_add(v, x, y, prec);
        if (want) { arb_one(fa); arb_one(fb); }
        return 1;
    case GDC_N_SUB:
        if (same) { /* the same function of the variables: exactly 0 where defined */
            arb_zero(v);
            *dok = D_ZERO;
            return 1;
        }
        arb_sub(v, x, y, prec);
        if (want) { arb_one(fa); arb_set_si(fb, -1); }
        return 1;
    case GDC_N_MUL:
        if (same) {
            fmpz_t two;
            fmpz_init_set_ui(two, 2);
            pow_iv(v, x, two, t, u, prec);
            fmpz_clear(two);
        } else
            corners(v, x, y, 0, prec);
        if (want) { arb_set(fa, y); arb_set(fb, x); }
        return 1;
    case GDC_N_DIV:
        if (arb_contains_zero(y))
            return 0;
        if (same) {
            arb_one(v);
            *dok = D_ZERO;
            return 1;
        }
        corners(v, x, y, 1, prec);
        if (want) { inv_iv(fa, y, prec); corners(fb, v, y, 1, prec); arb_neg(fb, fb); }
        return 1;
    case GDC_N_POW:
        if (is_int_const(c, n->b)) {
            const fmpz *e = fmpq_numref(c->nodes[n->b].q);
            if (fmpz_bits(e) > 30)
                return 0;
            if (!pow_iv(v, x, e, t, u, prec))
                return 0;
            if (want) {
                fmpz_t e1;
                fmpz_init(e1);
                fmpz_sub_ui(e1, e, 1);
                if (fmpz_is_zero(e))
                    arb_zero(fa);
                else if (!pow_iv(fa, x, e1, t, u, prec))
                    *dok = D_NONE;
                else
                    arb_mul_fmpz(fa, fa, e, prec);
                arb_zero(fb);
                fmpz_clear(e1);
            }
            return 1;
        }
        if (arb_is_positive(x)) {
            /* x^y = exp(y log x), monotone in each argument on the box: the corners */
            if (arb_is_exact(x) && arb_is_exact(y))
                arb_pow(v, x, y, prec);
            else {
                mono(w, x, arb_log, 1, t, u, prec);
                corners(z, w, y, 0, prec);
                mono(v, z, arb_exp, 1, t, u, prec);
                arb_pow(t, x, y, prec);
                if (mag_cmp(arb_radref(t), arb_radref(v)) < 0)
                    arb_swap(v, t);
            }
            clamp_below(v, prec);
            if (want) {
                corners(fa, v, x, 1, prec);
                corners(fa, fa, y, 0, prec);
                mono(w, x, arb_log, 1, t, u, prec);
                corners(fb, w, v, 0, prec);
            }
            return 1;
        }
        if (arb_is_nonnegative(x) && arb_is_positive(y)) {
            /* x^y with y > 0 is increasing in x >= 0: the values lie in [0, ub(x)^y] */
            arf_t ub;
            arf_init(ub);
            arb_get_ubound_arf(ub, x, prec);
            if (arf_is_zero(ub))
                arb_zero(v);
            else {
                arb_set_arf(t, ub);
                arb_pow(t, t, y, prec);
                arb_zero(u);
                hull(v, t, u, prec);
            }
            arf_clear(ub);
            *dok = D_NONE;
            return 1;
        }
        return 0;
    case GDC_N_SQRT:
        if (!arb_is_nonnegative(x))
            return 0;
        mono(v, x, arb_sqrt, 1, t, u, prec);
        if (want) {
            if (arb_contains_zero(v))
                *dok = D_NONE;
            else {
                arb_mul_2exp_si(t, v, 1);
                inv_iv(fa, t, prec);
            }
        }
        return 1;
    case GDC_N_EXP:
        mono(v, x, arb_exp, 1, t, u, prec);
        clamp_below(v, prec);
        if (want) arb_set(fa, v);
        return 1;
    case GDC_N_LOG:
        if (!arb_is_positive(x))
            return 0;
        mono(v, x, arb_log, 1, t, u, prec);
        if (want) inv_iv(fa, x, prec);
        return 1;
    case GDC_N_LOG1P:
        arb_add_ui(w, x, 1, prec);
        if (!arb_is_positive(w))
            return 0;
        mono(v, x, arb_log1p, 1, t, u, prec);
        if (want) inv_iv(fa, w, prec);
        return 1;
    case GDC_N_EXPM1:
        mono(v, x, arb_expm1, 1, t, u, prec);
        if (want) arb_add_ui(fa, v, 1, prec);
        return 1;
    case GDC_N_SIN:
        arb_sin_cos(v, t, x, prec);
        clamp(v, -1, 1, u, prec);
        if (want) { clamp(t, -1, 1, u, prec); arb_set(fa, t); }
        return 1;
    case GDC_N_COS:
        arb_sin_cos(t, v, x, prec);
        clamp(v, -1, 1, u, prec);
        if (want) { clamp(t, -1, 1, u, prec); arb_neg(fa, t); }
        return 1;
    case GDC_N_TAN:
        arb_sin_cos(t, u, x, prec);
        if (arb_contains_zero(u))
            return 0;
        arb_div(v, t, u, prec);
        if (want) { arb_sqr(fa, v, prec); arb_add_ui(fa, fa, 1, prec); }
        return 1;
    case GDC_N_ASIN:
    case GDC_N_ACOS:
        arb_set_si(t, -1);
        arb_set_si(u, 1);
        if (!(arb_ge(x, t) && arb_le(x, u)))
            return 0;
        if (n->op == GDC_N_ASIN)
            mono(v, x, arb_asin, 1, t, u, prec);
        else
            mono(v, x, arb_acos, 0, t, u, prec);
        if (want) {
            fmpz_t two;
            fmpz_init_set_ui(two, 2);
            pow_iv(w, x, two, t, u, prec);
            fmpz_clear(two);
            arb_sub_ui(w, w, 1, prec);
            arb_neg(w, w);
            if (!arb_is_positive(w))
                *dok = D_NONE;
            else {
                mono(fa, w, arb_rsqrt, 0, t, u, prec);
                if (n->op == GDC_N_ACOS)
                    arb_neg(fa, fa);
            }
        }
        return 1;
    case GDC_N_ATAN:
        mono(v, x, arb_atan, 1, t, u, prec);
        if (want) {
            fmpz_t two;
            fmpz_init_set_ui(two, 2);
            pow_iv(w, x, two, t, u, prec);
            fmpz_clear(two);
            arb_add_ui(w, w, 1, prec);
            inv_iv(fa, w, prec);
        }
        return 1;
    case GDC_N_SINH:
        mono(v, x, arb_sinh, 1, t, u, prec);
        if (want) cosh_iv(fa, x, t, u, prec);
        return 1;
    case GDC_N_COSH:
        cosh_iv(v, x, t, u, prec);
        if (want) mono(fa, x, arb_sinh, 1, t, u, prec);
        return 1;
    case GDC_N_TANH:
        mono(v, x, arb_tanh, 1, t, u, prec);
        clamp(v, -1, 1, t, prec);
        if (want) {
            fmpz_t two;
            fmpz_init_set_ui(two, 2);
            pow_iv(w, v, two, t, u, prec);
            fmpz_clear(two);
            arb_sub_ui(fa, w, 1, prec);
            arb_neg(fa, fa);
        }
        return 1;
    case GDC_N_ERF:
    case GDC_N_ERFC:
        if (n->op == GDC_N_ERF) {
            mono(v, x, arb_hypgeom_erf, 1, t, u, prec);
            clamp(v, -1, 1, t, prec);
        } else {
            mono(v, x, arb_hypgeom_erfc, 0, t, u, prec);
            clamp(v, 0, 2, t, prec);
        }
        if (want) {
            fmpz_t two;
            fmpz_init_set_ui(two, 2);
            pow_iv(w, x, two, t, u, prec);
            fmpz_clear(two);
            arb_neg(w, w);
            mono(z, w, arb_exp, 1, t, u, prec);
            clamp(z, 0, 1, u, prec);
            arb_const_sqrt_pi(u, prec);
            arb_div(fa, z, u, prec);
            arb_mul_2exp_si(fa, fa, 1);
            if (n->op == GDC_N_ERFC)
                arb_neg(fa, fa);
        }
        return 1;
    case GDC_N_ABS:
        if (arb_is_nonnegative(x) || arb_is_nonpositive(x)) {
            arb_abs(v, x);
            if (want) {
                if (arb_is_positive(x))
                    arb_one(fa);
                else if (arb_is_negative(x))
                    arb_set_si(fa, -1);
                else { /* touches 0 at one end: the generalised derivative lies in [-1, 1] */
                    arb_zero(fa);
                    mag_one(arb_radref(fa));
                }
            }
        } else {
            arf_t zero, U;
            arf_init(zero);
            arf_init(U);
            arb_get_abs_ubound_arf(U, x, 2 * prec);
            set_interval_keep(v, zero, U, -1, prec);
            arf_clear(zero);
            arf_clear(U);
            if (want) {
                arb_zero(fa);
                mag_one(arb_radref(fa));
            }
        }
        return 1;
    case GDC_N_ATAN2: /* atan2(x, y): x is the ordinate, as in C */
        if (arb_contains_zero(x) && arb_contains_zero(y))
            return 0;
        arb_atan2(v, x, y, prec);
        if (want) {
            /* the branch cut is y < 0, x = 0; off it d/dx = y/(x^2+y^2), d/dy = -x/(x^2+y^2) */
            if (arb_contains_zero(x) && !arb_is_positive(y))
                *dok = D_NONE;
            else {
                arb_sqr(t, x, prec);
                arb_addmul(t, y, y, prec);
                arb_div(fa, y, t, prec);
                arb_div(fb, x, t, prec);
                arb_neg(fb, fb);
            }
        }
        return 1;
    case GDC_N_MIN:
    case GDC_N_MAX: {
        int op = n->op == GDC_N_MAX;
        /* a branch that is <= (min) or >= (max) the other on the whole box is the node there */
        int pick_a = op ? arb_ge(x, y) : arb_le(x, y);
        int pick_b = !pick_a && (op ? arb_ge(y, x) : arb_le(y, x));
        minmax_iv(v, x, y, op, prec);
        if (want) {
            if (pick_a || pick_b) {
                arb_set_ui(fa, pick_a ? 1 : 0);
                arb_set_ui(fb, pick_b ? 1 : 0);
            } else
                *dok = D_UNION;
        }
        return 1;
    }
    case GDC_N_REG: {
        arb_ptr args = ws->tmp + 4, out = ws->tmp + 4 + GDC_MAX_ARGS;
        for (int k = 0; k < n->nargs; k++)
            arb_set(args + k, ws->val + n->args[k]);
        for (int k = 0; k < n->row->nout; k++)
            arb_zero(out + k);
        n->row->fn_arb(out, args, prec);
        arb_set(v, out + n->out);
        if (n->deps)
            *dok = D_NONE;
        return 1;
    }
    }
    return 0;
}

/* v (a node known to be >= 0 wherever defined, see analyse) = v intersected with [0, inf), the lower end
 * exactly 0 when it was below. Returns 0 if v lies below 0 entirely (impossible for a correct enclosure:
 * treated as undefined, which is always safe). */
static int clip_nonneg(arb_t v, slong prec)
{
    if (arb_is_nonnegative(v))
        return 1;
    arf_t zero, U;
    arf_init(zero);
    arf_init(U);
    arb_get_ubound_arf(U, v, prec);
    int ok = arf_sgn(U) >= 0;
    if (ok)
        set_interval_keep(v, zero, U, -1, prec);
    arf_clear(zero);
    arf_clear(U);
    return ok;
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

/* g += f * d, exactly when f is exactly +-1 (keeps exact ends such as 1 - cos X >= 0) */
static void acc(arb_t g, const arb_t f, const arb_t d, slong prec)
{
    if (arb_is_exact(f) && arf_is_one(arb_midref(f)))
        arb_add(g, g, d, prec);
    else if (arb_is_exact(f) && arf_equal_si(arb_midref(f), -1))
        arb_sub(g, g, d, prec);
    else if (arb_is_exact(d) && arf_is_one(arb_midref(d)))
        arb_add(g, g, f, prec);
    else if (arb_is_exact(d) && arf_equal_si(arb_midref(d), -1))
        arb_sub(g, g, f, prec);
    else if (arb_is_zero(g)) {
        corners(g, f, d, 0, prec);
    } else {
        arb_t p;
        arb_init(p);
        corners(p, f, d, 0, prec);
        arb_add(g, g, p, prec);
        arb_clear(p);
    }
}

static void eval_common(const gdc_claim_t *c, gdc_evalws_t *ws, arb_srcptr x, int upto, slong prec, int ad)
{
    int nv = c->nvars;
    int use_cache = ws->const_prec == prec;
    arb_ptr fa = ws->tmp + 2, fb = ws->tmp + 3;
    if (upto >= c->nnodes)
        upto = c->nnodes - 1;
    for (int i = 0; i <= upto; i++) {
        const gdc_node_t *n = &c->nodes[i];
        if (n->deps == 0 && use_cache) {
            if (ad && ws->gok[i] == 0) {
                _arb_vec_zero(ws->grad + (slong)i * nv, nv);
                ws->gok[i] = 1;
            }
            continue;
        }
        if (n->op == GDC_N_VAR) {
            arb_set(ws->val + i, x + n->var);
            ws->ok[i] = arb_is_finite(x + n->var);
            if (ad) {
                _arb_vec_zero(ws->grad + (slong)i * nv, nv);
                arb_one(ws->grad + (slong)i * nv + n->var);
                ws->gok[i] = 1;
            }
            continue;
        }
        int dok = D_CHAIN;
        int ok = children_ok(c, ws, i) && node_value(c, ws, i, prec, ad ? fa : NULL, ad ? fb : NULL, &dok);
        ok = ok && arb_is_finite(ws->val + i);
        if (ok && ws->nonneg[i])
            ok = clip_nonneg(ws->val + i, prec);
        ws->ok[i] = (char)ok;
        if (!ok)
            arb_indeterminate(ws->val + i);
        if (!ad)
            continue;
        arb_ptr g = ws->grad + (slong)i * nv;
        if (n->deps == 0) {
            _arb_vec_zero(g, nv);
            ws->gok[i] = 1;
            continue;
        }
        if (ok && dok == D_ZERO) {
            _arb_vec_zero(g, nv);
            ws->gok[i] = 1;
            continue;
        }
        if (!ok || dok == D_NONE || (n->a >= 0 && !ws->gok[n->a]) || (n->b >= 0 && !ws->gok[n->b])) {
            ws->gok[i] = 0;
            continue;
        }
        int gok = 1;
        for (int j = 0; j < nv; j++) {
            arb_ptr gj = g + j;
            arb_zero(gj);
            if (dok == D_UNION) {
                /* min/max with no dominating branch: the hull of both gradients (a constant child: 0) */
                arb_ptr ga = ws->tmp, gb = ws->tmp + 1;
                arb_zero(ga);
                arb_zero(gb);
                if (c->nodes[n->a].deps >> j & 1u)
                    arb_set(ga, ws->grad + (slong)n->a * nv + j);
                if (c->nodes[n->b].deps >> j & 1u)
                    arb_set(gb, ws->grad + (slong)n->b * nv + j);
                hull(gj, ga, gb, prec);
            } else {
                if (n->a >= 0 && (c->nodes[n->a].deps >> j & 1u))
                    acc(gj, fa, ws->grad + (slong)n->a * nv + j, prec);
                if (n->b >= 0 && (c->nodes[n->b].deps >> j & 1u))
                    acc(gj, fb, ws->grad + (slong)n->b * nv + j, prec);
            }
            if (!arb_is_finite(gj))
                gok = 0;
        }
        ws->gok[i] = (char)gok;
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

int gdc_expr_eval_const(const gdc_claim_t *c, int node, arb_t res, slong prec)
{
    gdc_evalws_t ws;
    gdc_evalws_init(&ws, c);
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
