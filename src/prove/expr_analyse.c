/* Static analysis of a claim's expression DAG, once per claim (see expr_impl.h):
 *   canon: structurally equal nodes (x - x is exactly 0, x/x exactly 1);
 *   nonneg: nodes >= 0 wherever defined (their balls are intersected with [0, inf));
 *   dom_end: a registry argument that is a variable whose range end lies inside the row's domain end,
 *   decided exactly (the range end written as q * pi^k is compared with the domain end (num/den) pi^k
 *   as rationals; otherwise by a strict Arb comparison). Where the box reaches that range end, the box's
 *   points lie in the domain although the ball of the end (pi rounded up) reaches past it. */
#include <string.h>
#include "prove/expr_impl.h"

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

/* node i is q * pi^k exactly (k = 0 or 1): 1 and (q, k) set, else 0 */
static int as_qpi(const gdc_claim_t *c, int i, fmpq_t q, int *k)
{
    const gdc_node_t *n = &c->nodes[i];
    fmpq_t r;
    int kr, ok = 0;
    switch (n->op) {
    case GDC_N_NUM: fmpq_set(q, n->q); *k = 0; return 1;
    case GDC_N_PI: fmpq_one(q); *k = 1; return 1;
    case GDC_N_NEG:
        if (!as_qpi(c, n->a, q, k))
            return 0;
        fmpq_neg(q, q);
        return 1;
    case GDC_N_ADD: case GDC_N_SUB: case GDC_N_MUL: case GDC_N_DIV:
        break;
    default:
        return 0;
    }
    fmpq_init(r);
    if (as_qpi(c, n->a, q, k) && as_qpi(c, n->b, r, &kr)) {
        if (n->op == GDC_N_ADD || n->op == GDC_N_SUB) {
            ok = *k == kr || fmpq_is_zero(q) || fmpq_is_zero(r);
            if (fmpq_is_zero(q))
                *k = kr;
            if (n->op == GDC_N_ADD)
                fmpq_add(q, q, r);
            else
                fmpq_sub(q, q, r);
        } else if (n->op == GDC_N_MUL) {
            fmpq_mul(q, q, r);
            *k += kr;
            ok = *k <= 1;
        } else if (!fmpq_is_zero(r) && kr == 0) {
            fmpq_div(q, q, r);
            ok = 1;
        }
    }
    fmpq_clear(r);
    return ok;
}

/* sign of (range end node) - (domain end q): -1, 0, 1 exactly, or 2 if undecided */
static int cmp_end(const gdc_claim_t *c, int node, const gdc_qpi_t *e)
{
    fmpq_t q, d;
    int k, r = 2;
    fmpq_init(q);
    fmpq_init(d);
    if (e->pi_pow <= 1 && as_qpi(c, node, q, &k) && (k == e->pi_pow || fmpq_is_zero(q) || e->num == 0)) {
        fmpq_set_si(d, e->num, (ulong)e->den);
        r = fmpq_cmp(q, d);
        r = r < 0 ? -1 : r > 0;
    }
    if (r == 2) {
        arb_t a, b;
        arb_init(a);
        arb_init(b);
        gdc_qpi_arb(b, e, 256);
        if (gdc_expr_eval_const(c, node, a, 256) == 0)
            r = arb_lt(a, b) ? -1 : arb_gt(a, b) ? 1 : 2;
        arb_clear(a);
        arb_clear(b);
    }
    fmpq_clear(q);
    fmpq_clear(d);
    return r;
}

/* bit 0: the variable's lower range end lies in the domain (above its lower end); bit 1: upper */
static int var_in_domain(const gdc_claim_t *c, const gdc_var_t *v, const gdc_arg_t *a)
{
    int bits = 0;
    if (v->integer)
        return 0; /* integer boxes have exact integer ends: the ball comparison decides */
    if (gdc_qpi_is_inf(&a->lo) && a->lo.num < 0)
        bits |= 1;
    else {
        int s = cmp_end(c, v->lo, &a->lo);
        if (s == 1 || (s == 0 && (!a->lo_open || v->lo_open)))
            bits |= 1;
    }
    if (gdc_qpi_is_inf(&a->hi) && a->hi.num > 0)
        bits |= 2;
    else {
        int s = cmp_end(c, v->hi, &a->hi);
        if (s == -1 || (s == 0 && (!a->hi_open || v->hi_open)))
            bits |= 2;
    }
    return bits;
}

void gdc_expr_analyse(const gdc_claim_t *c, gdc_evalws_t *ws, int domains)
{
    analyse(c, ws->nonneg, ws->canon);
    for (int i = 0; i < c->nnodes && domains; i++) {
        const gdc_node_t *n = &c->nodes[i];
        if (n->op != GDC_N_REG)
            continue;
        for (int k = 0; k < n->nargs; k++) {
            const gdc_node_t *a = &c->nodes[n->args[k]];
            if (a->op == GDC_N_VAR)
                ws->dom_end[(size_t)i * GDC_MAX_ARGS + k] =
                    (unsigned char)var_in_domain(c, &c->vars[a->var], &n->row->args[k]);
        }
    }
}
