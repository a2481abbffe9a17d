/* Evaluation of claim expressions on Arb balls: plain interval extension and forward-mode automatic
 * differentiation (value + gradient enclosures over a box). A node is "defined" only if its children are
 * and its argument lies certainly inside the function's domain (log of a ball > 0, sqrt of a ball >= 0,
 * a divisor not containing 0, asin/acos of a ball in [-1, 1], ...) and the result is finite.
 * Registry ids are evaluated by row->fn_arb (no derivative information: their gradient is unknown). */
#include <string.h>
#include <stdlib.h>
#include "prove/prove.h"

void gdc_evalws_init(gdc_evalws_t *ws, const gdc_claim_t *c)
{
    ws->nnodes = c->nnodes;
    ws->nvars = c->nvars;
    ws->val = _arb_vec_init(c->nnodes > 0 ? c->nnodes : 1);
    ws->grad = _arb_vec_init(c->nnodes * c->nvars > 0 ? c->nnodes * c->nvars : 1);
    ws->ok = calloc((size_t)c->nnodes + 1, 1);
    ws->gok = calloc((size_t)c->nnodes + 1, 1);
    ws->const_prec = 0;
    ws->tmp = _arb_vec_init(4 + GDC_MAX_OUT + GDC_MAX_ARGS);
}

void gdc_evalws_clear(gdc_evalws_t *ws)
{
    _arb_vec_clear(ws->val, ws->nnodes > 0 ? ws->nnodes : 1);
    _arb_vec_clear(ws->grad, ws->nnodes * ws->nvars > 0 ? ws->nnodes * ws->nvars : 1);
    free(ws->ok);
    free(ws->gok);
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
        set_interval_keep(v, L, U, arb_is_exact(t) ? -1 : arb_is_exact(u) ? 1 : 0, prec);
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

/* Value of node i from its children's values. Returns 1 if defined. fa, fb (may be NULL): partial
 * derivatives with respect to children a and b at the ball; *dok is cleared when they are unknown. */
static int node_value(const gdc_claim_t *c, gdc_evalws_t *ws, int i, slong prec, arb_ptr fa, arb_ptr fb,
                      int *dok)
{
    const gdc_node_t *n = &c->nodes[i];
    arb_ptr v = ws->val + i;
    arb_srcptr x = n->a >= 0 ? ws->val + n->a : NULL;
    arb_srcptr y = n->b >= 0 ? ws->val + n->b : NULL;
    arb_ptr t = ws->tmp, u = ws->tmp + 1;
    int want = fa != NULL;

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
        arb_sub(v, x, y, prec);
        if (want) { arb_one(fa); arb_set_si(fb, -1); }
        return 1;
    case GDC_N_MUL:
        if (n->a == n->b && arb_contains_zero(x) && !arb_is_exact(x)) {
            fmpz_t two;
            fmpz_init_set_ui(two, 2);
            even_pow_straddle(v, x, two, t, prec);
            fmpz_clear(two);
        } else
            arb_mul(v, x, y, prec);
        if (want) { arb_set(fa, y); arb_set(fb, x); }
        return 1;
    case GDC_N_DIV:
        if (arb_contains_zero(y))
            return 0;
        arb_div(v, x, y, prec);
        if (want) { arb_inv(fa, y, prec); arb_div(fb, v, y, prec); arb_neg(fb, fb); }
        return 1;
    case GDC_N_POW:
        if (is_int_const(c, n->b)) {
            const fmpz *e = fmpq_numref(c->nodes[n->b].q);
            if (fmpz_sgn(e) < 0 && arb_contains_zero(x))
                return 0;
            if (fmpz_bits(e) > 30)
                return 0;
            if (fmpz_sgn(e) > 0 && fmpz_is_even(e) && arb_contains_zero(x) && !arb_is_exact(x))
                even_pow_straddle(v, x, e, t, prec);
            else
                arb_pow_fmpz(v, x, e, prec);
            if (want) {
                fmpz_t e1;
                fmpz_init(e1);
                fmpz_sub_ui(e1, e, 1);
                if (fmpz_is_zero(e))
                    arb_zero(fa);
                else {
                    arb_pow_fmpz(fa, x, e1, prec);
                    arb_mul_fmpz(fa, fa, e, prec);
                }
                arb_zero(fb);
                fmpz_clear(e1);
            }
            return 1;
        }
        if (arb_is_positive(x)) {
            arb_pow(v, x, y, prec);
            if (want) {
                arb_div(fa, v, x, prec);
                arb_mul(fa, fa, y, prec);
                arb_log(fb, x, prec);
                arb_mul(fb, fb, v, prec);
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
                arb_union(v, t, u, prec);
            }
            arf_clear(ub);
            *dok = 0;
            return 1;
        }
        return 0;
    case GDC_N_SQRT:
        if (!arb_is_nonnegative(x))
            return 0;
        mono(v, x, arb_sqrt, 1, t, u, prec);
        if (want) { arb_mul_2exp_si(t, v, 1); arb_inv(fa, t, prec); }
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
        if (want) arb_inv(fa, x, prec);
        return 1;
    case GDC_N_LOG1P:
        arb_add_ui(t, x, 1, prec);
        if (!arb_is_positive(t))
            return 0;
        mono(v, x, arb_log1p, 1, ws->tmp + 2 + 2, u, prec);
        if (want) arb_inv(fa, t, prec);
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
            arb_sqr(t, x, prec);
            arb_sub_ui(t, t, 1, prec);
            arb_neg(t, t);
            arb_rsqrt(fa, t, prec);
            if (n->op == GDC_N_ACOS)
                arb_neg(fa, fa);
        }
        return 1;
    case GDC_N_ATAN:
        mono(v, x, arb_atan, 1, t, u, prec);
        if (want) { arb_sqr(t, x, prec); arb_add_ui(t, t, 1, prec); arb_inv(fa, t, prec); }
        return 1;
    case GDC_N_SINH:
    case GDC_N_COSH:
        if (n->op == GDC_N_SINH)
            arb_sinh_cosh(v, t, x, prec);
        else
            arb_sinh_cosh(t, v, x, prec);
        if (want) arb_set(fa, t);
        return 1;
    case GDC_N_TANH:
        mono(v, x, arb_tanh, 1, t, u, prec);
        clamp(v, -1, 1, t, prec);
        if (want) { arb_sqr(t, v, prec); arb_sub_ui(t, t, 1, prec); arb_neg(fa, t); }
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
            arb_sqr(t, x, prec);
            arb_neg(t, t);
            arb_exp(t, t, prec);
            clamp(t, 0, 1, u, prec);
            arb_const_sqrt_pi(u, prec);
            arb_div(fa, t, u, prec);
            arb_mul_2exp_si(fa, fa, 1);
            if (n->op == GDC_N_ERFC)
                arb_neg(fa, fa);
        }
        return 1;
    case GDC_N_ABS:
        arb_abs(v, x);
        if (want) {
            if (arb_is_positive(x))
                arb_one(fa);
            else if (arb_is_negative(x))
                arb_set_si(fa, -1);
            else
                *dok = 0;
        }
        return 1;
    case GDC_N_ATAN2: /* atan2(x, y): x is the ordinate, as in C */
        if (arb_contains_zero(x) && arb_contains_zero(y))
            return 0;
        arb_atan2(v, x, y, prec);
        if (want) {
            /* the branch cut is y < 0, x = 0; off it d/dx = y/(x^2+y^2), d/dy = -x/(x^2+y^2) */
            if (arb_contains_zero(x) && !arb_is_positive(y))
                *dok = 0;
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
        int amin = arb_le(x, y), bmin = arb_le(y, x) && !amin;
        if (n->op == GDC_N_MIN)
            arb_min(v, x, y, prec);
        else
            arb_max(v, x, y, prec);
        if (want) {
            int pick_a = n->op == GDC_N_MIN ? amin : bmin;
            int pick_b = n->op == GDC_N_MIN ? bmin : amin;
            if (arb_lt(x, y) || arb_lt(y, x)) {
                arb_set_ui(fa, pick_a ? 1 : 0);
                arb_set_ui(fb, pick_b ? 1 : 0);
            } else
                *dok = 0;
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
            *dok = 0;
        return 1;
    }
    }
    return 0;
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
    else
        arb_addmul(g, f, d, prec);
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
        int dok = 1;
        int ok = children_ok(c, ws, i) && node_value(c, ws, i, prec, ad ? fa : NULL, ad ? fb : NULL, &dok);
        ok = ok && arb_is_finite(ws->val + i);
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
        if (!ok || !dok || (n->a >= 0 && !ws->gok[n->a]) || (n->b >= 0 && !ws->gok[n->b])) {
            ws->gok[i] = 0;
            continue;
        }
        int gok = 1;
        for (int j = 0; j < nv; j++) {
            arb_ptr gj = g + j;
            arb_zero(gj);
            if (n->a >= 0 && (c->nodes[n->a].deps >> j & 1u))
                acc(gj, fa, ws->grad + (slong)n->a * nv + j, prec);
            if (n->b >= 0 && (c->nodes[n->b].deps >> j & 1u))
                acc(gj, fb, ws->grad + (slong)n->b * nv + j, prec);
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
