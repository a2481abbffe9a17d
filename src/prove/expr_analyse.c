/* Static analysis of a claim's expression DAG, once per claim (see expr_impl.h):
 *   canon: structurally equal nodes (x - x is exactly 0, x/x exactly 1);
 *   nonneg: nodes >= 0 wherever defined (their balls are intersected with [0, inf));
 *   dom_end: registry arguments whose values over the whole range lie in the row's domain (below). */
#include <stdlib.h>
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
 *   sqrt, exp, abs, cosh, erfc, acos, besselk (their ranges; K_n > 0 on x > 0); x*x and x^n for an even integer n (squares);
 *   x^y for a non-integer exponent (defined only for a base >= 0, so the value is >= 0) and x^y with x
 *   non-negative; sums, products and quotients of non-negative nodes; max(non-negative, anything) and
 *   min(non-negative, non-negative); log1p, expm1, sinh, tanh, asinh, atanh, atan, erf, asin and atan2(y, .) of a
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
        case GDC_N_ERFC: case GDC_N_ACOS: case GDC_N_BESSELK: case GDC_N_XMSIN3:
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
        case GDC_N_ERF: case GDC_N_ASIN: case GDC_N_ATAN2: case GDC_N_ASINH: case GDC_N_ATANH:
            r = a;
            break;
        case GDC_N_MIN: r = a && b; break;
        case GDC_N_MAX: r = a || b; break;
        default: r = 0;
        }
        nn[i] = (char)r;
    }
}

/* ---------------------------------------------------------------- registry arguments in their domains
 * An argument whose values over the claim's whole range lie in the row's domain on one side needs no test on
 * that side on any box. Decided exactly where possible: the argument is monotone in every variable (by the
 * structure of the expression: increasing functions of monotone sums, constant multiples, odd powers), so its
 * extreme over the range is at a corner of range ends; its value there is written exactly as q * pi^k
 * (range ends such as pi/2 and the argument pi/2 * s^3 at s = 1 both give (1/2) pi) and compared with the
 * domain end (num/den) pi^k as rationals; otherwise both are compared as Arb balls at 256 bits (strictly). */

#define MONO_UNKNOWN 2 /* per variable: 1 increasing, -1 decreasing, 0 constant */

static int mono_combine(int x, int y)
{
    if (x == MONO_UNKNOWN || y == MONO_UNKNOWN)
        return MONO_UNKNOWN;
    if (x == 0 || x == y)
        return y;
    return y == 0 ? x : MONO_UNKNOWN;
}

/* sign of a constant node: 1, -1, 0 or 2 (unknown) */
static int const_sign(const gdc_claim_t *c, int i)
{
    arb_t v;
    arb_init(v);
    int s = 2;
    if (c->nodes[i].deps == 0 && gdc_expr_eval_const(c, i, v, 128) == 0)
        s = arb_is_positive(v) ? 1 : arb_is_negative(v) ? -1 : arb_is_zero(v) ? 0 : 2;
    arb_clear(v);
    return s;
}

/* monotonicity of node i in variable v over the whole range */
static int mono(const gdc_claim_t *c, int i, int v)
{
    const gdc_node_t *n = &c->nodes[i];
    if (!(n->deps >> v & 1u))
        return 0;
    switch (n->op) {
    case GDC_N_VAR: return 1;
    case GDC_N_NEG: { int m = mono(c, n->a, v); return m == MONO_UNKNOWN ? m : -m; }
    case GDC_N_ADD: return mono_combine(mono(c, n->a, v), mono(c, n->b, v));
    case GDC_N_SUB: {
        int m = mono(c, n->b, v);
        return mono_combine(mono(c, n->a, v), m == MONO_UNKNOWN ? m : -m);
    }
    case GDC_N_MUL: case GDC_N_DIV: {
        int ca = c->nodes[n->a].deps == 0, cb = c->nodes[n->b].deps == 0;
        if (!(cb || (ca && n->op == GDC_N_MUL)))
            return MONO_UNKNOWN;
        int s = const_sign(c, cb ? n->b : n->a), m = mono(c, cb ? n->a : n->b, v);
        if (s == 2 || s == 0 || m == MONO_UNKNOWN)
            return MONO_UNKNOWN;
        return s * m;
    }
    case GDC_N_POW:
        if (gdc_is_int_const(c, n->b) && fmpz_is_odd(fmpq_numref(c->nodes[n->b].q)) &&
            fmpz_sgn(fmpq_numref(c->nodes[n->b].q)) > 0)
            return mono(c, n->a, v);
        return MONO_UNKNOWN;
    case GDC_N_SQRT: case GDC_N_EXP: case GDC_N_LOG: case GDC_N_LOG1P: case GDC_N_EXPM1: case GDC_N_ATAN:
    case GDC_N_SINH: case GDC_N_TANH: case GDC_N_ERF: case GDC_N_ASIN: case GDC_N_ASINH: case GDC_N_ATANH:
    case GDC_N_DIGAMMA:
        return mono(c, n->a, v);
    case GDC_N_ACOS: case GDC_N_ERFC: {
        int m = mono(c, n->a, v);
        return m == MONO_UNKNOWN ? m : -m;
    }
    }
    return MONO_UNKNOWN;
}

/* node i at the corner (variable v at its upper range end if bit v of hi) exactly as q * pi^k: 1 if so */
static int as_qpi(const gdc_claim_t *c, int i, unsigned hi, fmpq_t q, int *k)
{
    const gdc_node_t *n = &c->nodes[i];
    fmpq_t r;
    int kr, ok = 0;
    switch (n->op) {
    case GDC_N_NUM: fmpq_set(q, n->q); *k = 0; return 1;
    case GDC_N_PI: fmpq_one(q); *k = 1; return 1;
    case GDC_N_VAR: {
        const gdc_var_t *var = &c->vars[n->var];
        return !var->integer && as_qpi(c, (hi >> n->var & 1u) ? var->hi : var->lo, 0, q, k);
    }
    case GDC_N_NEG:
        if (!as_qpi(c, n->a, hi, q, k))
            return 0;
        fmpq_neg(q, q);
        return 1;
    case GDC_N_POW:
        if (!gdc_is_int_const(c, n->b) || fmpz_bits(fmpq_numref(c->nodes[n->b].q)) > 4 ||
            !as_qpi(c, n->a, hi, q, k))
            return 0;
        {
            slong e = fmpz_get_si(fmpq_numref(c->nodes[n->b].q));
            if (e < 0 && fmpq_is_zero(q))
                return 0;
            fmpq_pow_si(q, q, e);
            *k *= (int)e;
        }
        return 1;
    case GDC_N_ADD: case GDC_N_SUB: case GDC_N_MUL: case GDC_N_DIV:
        break;
    default:
        return 0;
    }
    fmpq_init(r);
    if (as_qpi(c, n->a, hi, q, k) && as_qpi(c, n->b, hi, r, &kr)) {
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
            ok = 1;
        } else if (!fmpq_is_zero(r)) {
            fmpq_div(q, q, r);
            *k -= kr;
            ok = 1;
        }
    }
    fmpq_clear(r);
    return ok;
}

/* sign of (node at the corner hi) - (domain end e): -1, 0, 1 exactly, or 2 if undecided */
static int cmp_end(const gdc_claim_t *c, int node, unsigned hi, const gdc_qpi_t *e)
{
    fmpq_t q, d;
    int k, r = 2;
    fmpq_init(q);
    fmpq_init(d);
    if (as_qpi(c, node, hi, q, &k)) {
        fmpq_set_si(d, e->num, (ulong)e->den);
        if (k == e->pi_pow || fmpq_is_zero(q) || e->num == 0) {
            r = fmpq_cmp(q, d);
            r = r < 0 ? -1 : r > 0;
        } else { /* q pi^k = d pi^j with k != j only if both are 0: Arb decides */
            arb_t a, b;
            arb_init(a);
            arb_init(b);
            arb_const_pi(a, 256);
            arb_pow_ui(b, a, (ulong)(e->pi_pow), 256);
            arb_mul_fmpz(b, b, fmpq_numref(d), 256);
            arb_div_fmpz(b, b, fmpq_denref(d), 256);
            arb_pow_ui(a, a, (ulong)(k < 0 ? -k : k), 256);
            if (k < 0)
                arb_inv(a, a, 256);
            arb_mul_fmpz(a, a, fmpq_numref(q), 256);
            arb_div_fmpz(a, a, fmpq_denref(q), 256);
            r = arb_lt(a, b) ? -1 : arb_gt(a, b) ? 1 : 2;
            arb_clear(a);
            arb_clear(b);
        }
    }
    fmpq_clear(q);
    fmpq_clear(d);
    return r;
}

/* the argument node's extreme corner (upper: its maximum, else its minimum): 0 ok, -1 not monotone.
 * *attained: every variable it moves with has a closed end there */
static int extreme_corner(const gdc_claim_t *c, int node, int upper, unsigned *hi, int *attained)
{
    *hi = 0;
    *attained = 1;
    for (int v = 0; v < c->nvars; v++) {
        int m = mono(c, node, v);
        if (m == MONO_UNKNOWN || (m != 0 && c->vars[v].integer))
            return -1;
        int at_hi = upper ? m > 0 : m < 0;
        if (at_hi)
            *hi |= 1u << v;
        if (m != 0 && (at_hi ? c->vars[v].hi_open : c->vars[v].lo_open))
            *attained = 0;
    }
    return 0;
}

/* bit 0: the argument stays above the domain's lower end on the whole range; bit 1: below the upper end */
static int arg_in_domain(const gdc_claim_t *c, int node, const gdc_arg_t *a)
{
    int bits = 0;
    for (int side = 0; side < 2; side++) {
        const gdc_qpi_t *e = side ? &a->hi : &a->lo;
        int open = side ? a->hi_open : a->lo_open;
        if (gdc_qpi_is_inf(e) && (side ? e->num > 0 : e->num < 0)) {
            bits |= 1 << side;
            continue;
        }
        unsigned hi;
        int attained;
        if (gdc_qpi_is_inf(e) || extreme_corner(c, node, side, &hi, &attained))
            continue;
        int s = cmp_end(c, node, hi, e);
        if (side ? (s == -1 || (s == 0 && (!open || !attained))) : (s == 1 || (s == 0 && (!open || !attained))))
            bits |= 1 << side;
    }
    return bits;
}

/* the sides not decided exactly: the argument's interval enclosure over the whole range at 256 bits, strictly
 * inside (closed domain end: >=) */
static int arg_in_domain_box(const arb_t x, const gdc_arg_t *a, int bits)
{
    arb_t e;
    arb_init(e);
    for (int side = 0; side < 2 && arb_is_finite(x); side++) {
        const gdc_qpi_t *q = side ? &a->hi : &a->lo;
        int open = side ? a->hi_open : a->lo_open;
        if ((bits >> side & 1) || gdc_qpi_is_inf(q))
            continue;
        gdc_qpi_arb(e, q, 256);
        if (side ? (open ? arb_lt(x, e) : arb_le(x, e)) : (open ? arb_gt(x, e) : arb_ge(x, e)))
            bits |= 1 << side;
    }
    arb_clear(e);
    return bits;
}

/* the whole range's balls at 256 bits, evaluated with a workspace without domain knowledge up to node upto
 * (the last registry argument asked about: nodes are evaluated children first, so nothing after it is needed,
 * and a row above it, which may be an integral costing 20 times more at 256 bits, is not called): 0 ok */
static int range_values(const gdc_claim_t *c, gdc_evalws_t *rw, int upto)
{
    int nn = c->nvars > 0 ? c->nvars : 1, bad, rc;
    arb_ptr lo = _arb_vec_init(nn), hi = _arb_vec_init(nn), x = _arb_vec_init(nn);
    rc = gdc_claim_root_box(c, lo, hi, 256, &bad);
    for (int v = 0; v < c->nvars && rc == 0; v++)
        gdc_box_ball(x + v, lo + v, hi + v);
    if (rc == 0)
        gdc_expr_eval(c, rw, x, upto, 256);
    _arb_vec_clear(lo, nn);
    _arb_vec_clear(hi, nn);
    _arb_vec_clear(x, nn);
    return rc;
}

void gdc_expr_analyse(const gdc_claim_t *c, gdc_evalws_t *ws, int domains)
{
    analyse(c, ws->nonneg, ws->canon);
    if (!domains)
        return;
    gdc_evalws_t rw;
    int have_rw = -1, upto = -1;
    for (int i = 0; i < c->nnodes; i++)
        for (int k = 0; c->nodes[i].op == GDC_N_REG && k < c->nodes[i].nargs; k++)
            if (c->nodes[i].args[k] > upto)
                upto = c->nodes[i].args[k];
    for (int i = 0; i < c->nnodes; i++) {
        const gdc_node_t *n = &c->nodes[i];
        if (n->op != GDC_N_REG)
            continue;
        for (int k = 0; k < n->nargs; k++) {
            int ak = n->args[k];
            int bits = arg_in_domain(c, ak, &n->row->args[k]);
            if (bits != 3 && have_rw < 0) {
                gdc_expr_ws_plain(&rw, c);
                have_rw = range_values(c, &rw, upto) == 0;
            }
            if (bits != 3 && have_rw && rw.ok[ak])
                bits = arg_in_domain_box(rw.val + ak, &n->row->args[k], bits);
            ws->dom_end[(size_t)i * GDC_MAX_ARGS + k] = (unsigned char)bits;
        }
    }
    if (have_rw >= 0)
        gdc_evalws_clear(&rw);
}

/* The variables whose partial derivative the evaluator can never give at node `node` while the box is wider
 * than one point in them: a variable passed straight as an integer argument of a row (the registry sets those
 * Jacobian entries indeterminate, registry.h) or as any argument of a row without derivative enclosures,
 * and everything below such a node (a node's gradient is known only where its children's are; x - x and x/x,
 * whose gradient is exactly 0, excepted). The search skips the derivative forms on boxes wide in one of
 * them (their evaluation would come out with no gradient, so no form could use it). */
unsigned gdc_expr_grad_blocked(const gdc_claim_t *c, const int *canon, int node)
{
    unsigned *m = calloc((size_t)c->nnodes + 1, sizeof(unsigned)), r;
    if (!m)
        return 0;
    for (int i = 0; i <= node && i < c->nnodes; i++) {
        const gdc_node_t *n = &c->nodes[i];
        if (n->deps == 0)
            continue;
        if (n->op == GDC_N_REG) {
            int noderiv = !n->row->fn_arb_jac && !n->row->fn_arb_hess;
            for (int k = 0; k < n->nargs; k++) {
                const gdc_node_t *a = &c->nodes[n->args[k]];
                if (a->deps == 0)
                    continue;
                m[i] |= m[n->args[k]];
                if (a->op == GDC_N_VAR && (noderiv || n->row->args[k].integer))
                    m[i] |= 1u << a->var;
            }
        } else if ((n->op == GDC_N_SUB || n->op == GDC_N_DIV) && canon[n->a] == canon[n->b])
            m[i] = 0;
        else
            m[i] = (n->a >= 0 ? m[n->a] : 0) | (n->b >= 0 ? m[n->b] : 0);
    }
    r = node >= 0 && node < c->nnodes ? m[node] : 0;
    free(m);
    return r;
}
