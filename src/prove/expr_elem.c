/* Value and derivative factors of the elementary functions of one argument (sqrt, exp, log, log1p, expm1,
 * sin, cos, tan, asin, acos, atan, sinh, cosh, tanh, erf, erfc) over a ball: values from the ends where the
 * function is monotone (gdc_iv_mono), clamped to the function's range; first derivative fa = f'(X) and
 * second derivative faa = f''(X), each written through f and f' where that keeps exact ends:
 *   sqrt'' = -2 f'^3, exp'' = exp, log'' = -f'^2, log1p'' = -f'^2, expm1'' = f', sin'' = -sin,
 *   cos'' = -cos, tan' = 1 + tan^2, tan'' = 2 tan tan', asin'' = acos'' = x f'^3, atan'' = -2 x f'^2,
 *   sinh'' = sinh, cosh'' = cosh, tanh' = 1 - tanh^2, tanh'' = -2 tanh tanh', erf'' = erfc'' = -2 x f',
 *   asinh' = 1/sqrt(1 + x^2), asinh'' = -x f'^3, atanh' = 1/(1 - x^2) (|x| < 1), atanh'' = 2 x f'^2.
 * lgamma, digamma and the Bessel functions: expr_special.c; xmsin3: expr_xmsin3.c. */
#include "prove/expr_impl.h"

/* faa = s * x^k1 * f'^k2 (k1 in {0, 1}), by interval products */
static void second(gdc_evalws_t *ws, gdc_dfac_t *d, slong s, arb_srcptr x, int k2, slong prec)
{
    arb_ptr t = ws->tmp, u = ws->tmp + 1, z = ws->tmp + 5;
    gdc_iv_pow_si(z, d->fa, k2, t, u, prec);
    if (x)
        gdc_iv_corners(d->faa, x, z, 0, prec);
    else
        arb_set(d->faa, z);
    gdc_iv_mul_si(d->faa, d->faa, s, prec);
}

/* w = 1 - x^2 by interval ends; 1 if w > 0 on the whole ball (t, u scratch) */
static int one_minus_sq(arb_t w, arb_srcptr x, arb_t t, arb_t u, slong prec)
{
    gdc_iv_pow_si(w, x, 2, t, u, prec);
    arb_sub_ui(w, w, 1, prec);
    arb_neg(w, w);
    return arb_is_positive(w);
}

static int elem_exp_log(int op, gdc_evalws_t *ws, arb_ptr v, arb_srcptr x, slong prec, gdc_dfac_t *d)
{
    arb_ptr t = ws->tmp, u = ws->tmp + 1, w = ws->tmp + 4;
    switch (op) {
    case GDC_N_SQRT:
        if (!arb_is_nonnegative(x))
            return 0;
        gdc_iv_mono(v, x, arb_sqrt, 1, t, u, prec);
        if (d->want) {
            if (arb_contains_zero(v))
                d->dok = GDC_D_NONE;
            else {
                arb_mul_2exp_si(t, v, 1);
                gdc_iv_inv(d->fa, t, prec);
                if (d->want2) second(ws, d, -2, NULL, 3, prec);
            }
        }
        return 1;
    case GDC_N_EXP:
        gdc_iv_mono(v, x, arb_exp, 1, t, u, prec);
        gdc_iv_clamp_below(v);
        if (d->want) arb_set(d->fa, v);
        if (d->want2) arb_set(d->faa, v);
        return 1;
    case GDC_N_LOG:
    case GDC_N_LOG1P:
        if (op == GDC_N_LOG)
            arb_set(w, x);
        else
            arb_add_ui(w, x, 1, prec);
        if (!arb_is_positive(w))
            return 0;
        gdc_iv_mono(v, x, op == GDC_N_LOG ? arb_log : arb_log1p, 1, t, u, prec);
        if (d->want) gdc_iv_inv(d->fa, w, prec);
        if (d->want2) second(ws, d, -1, NULL, 2, prec);
        return 1;
    case GDC_N_EXPM1:
        gdc_iv_mono(v, x, arb_expm1, 1, t, u, prec);
        if (d->want) arb_add_ui(d->fa, v, 1, prec);
        if (d->want2) arb_set(d->faa, d->fa);
        return 1;
    }
    return 0;
}

/* x lies in [a/2^e, b/2^e] (exact comparisons) */
static int within(const arb_t x, slong a, slong b, slong e)
{
    arf_t l, h;
    arf_init(l);
    arf_init(h);
    arb_get_lbound_arf(l, x, ARF_PREC_EXACT);
    arb_get_ubound_arf(h, x, ARF_PREC_EXACT);
    arf_mul_2exp_si(l, l, e);
    arf_mul_2exp_si(h, h, e);
    int r = arb_is_finite(x) && arf_cmp_si(l, a) >= 0 && arf_cmp_si(h, b) <= 0;
    arf_clear(l);
    arf_clear(h);
    return r;
}

/* sin over x: increasing on [-3/2, 3/2] (inside [-pi/2, pi/2]): from the exact ends, sin 0 = 0 exact */
static void sin_iv(arb_t v, const arb_t x, arb_t t, arb_t u, slong prec)
{
    if (within(x, -3, 3, 1))
        gdc_iv_mono(v, x, arb_sin, 1, t, u, prec);
    else {
        arb_sin(v, x, prec);
        gdc_iv_clamp(v, -1, 1, prec);
    }
}

/* cos over x: decreasing on [0, 3], increasing on [-3, 0] (inside [-pi, pi]), [min of the ends, 1] across 0 */
static void cos_iv(arb_t v, const arb_t x, arb_t t, arb_t u, slong prec)
{
    if (within(x, 0, 3, 0))
        gdc_iv_mono(v, x, arb_cos, 0, t, u, prec);
    else if (within(x, -3, 0, 0))
        gdc_iv_mono(v, x, arb_cos, 1, t, u, prec);
    else if (within(x, -3, 3, 0)) {
        arf_t l, one;
        arf_init(l);
        arf_init(one);
        arb_get_abs_ubound_arf(l, x, 2 * prec);
        arb_set_arf(t, l);
        arb_cos(t, t, prec);
        arb_get_lbound_arf(l, t, prec);
        arf_one(one);
        gdc_iv_set_keep(v, l, one, 1, prec);
        arf_clear(l);
        arf_clear(one);
    } else {
        arb_cos(v, x, prec);
        gdc_iv_clamp(v, -1, 1, prec);
    }
}

static int elem_trig(int op, gdc_evalws_t *ws, arb_ptr v, arb_srcptr x, slong prec, gdc_dfac_t *d)
{
    arb_ptr t = ws->tmp, u = ws->tmp + 1, w = ws->tmp + 4;
    switch (op) {
    case GDC_N_SIN:
        sin_iv(v, x, t, u, prec);
        if (d->want) cos_iv(d->fa, x, t, u, prec);
        if (d->want2) arb_neg(d->faa, v);
        return 1;
    case GDC_N_COS:
        cos_iv(v, x, t, u, prec);
        if (d->want) { sin_iv(d->fa, x, t, u, prec); arb_neg(d->fa, d->fa); }
        if (d->want2) arb_neg(d->faa, v);
        return 1;
    case GDC_N_TAN:
        if (within(x, -3, 3, 1))
            gdc_iv_mono(v, x, arb_tan, 1, t, u, prec);
        else {
            arb_sin_cos(t, u, x, prec);
            if (arb_contains_zero(u))
                return 0;
            arb_div(v, t, u, prec);
        }
        if (d->want) { gdc_iv_pow_si(d->fa, v, 2, t, u, prec); arb_add_ui(d->fa, d->fa, 1, prec); }
        if (d->want2) { gdc_iv_corners(d->faa, v, d->fa, 0, prec); arb_mul_2exp_si(d->faa, d->faa, 1); }
        return 1;
    case GDC_N_ASIN:
    case GDC_N_ACOS:
        arb_set_si(t, -1);
        arb_set_si(u, 1);
        if (!(arb_ge(x, t) && arb_le(x, u)))
            return 0;
        gdc_iv_mono(v, x, op == GDC_N_ASIN ? arb_asin : arb_acos, op == GDC_N_ASIN, t, u, prec);
        if (d->want) {
            if (!one_minus_sq(w, x, t, u, prec))
                d->dok = GDC_D_NONE;
            else {
                gdc_iv_mono(d->fa, w, arb_rsqrt, 0, t, u, prec);
                if (op == GDC_N_ACOS)
                    arb_neg(d->fa, d->fa);
                if (d->want2) second(ws, d, 1, x, 3, prec);
            }
        }
        return 1;
    case GDC_N_ATAN:
        gdc_iv_mono(v, x, arb_atan, 1, t, u, prec);
        if (d->want) {
            gdc_iv_pow_si(w, x, 2, t, u, prec);
            arb_add_ui(w, w, 1, prec);
            gdc_iv_inv(d->fa, w, prec);
        }
        if (d->want2) second(ws, d, -2, x, 2, prec);
        return 1;
    }
    return 0;
}

static int elem_hyp_erf(int op, gdc_evalws_t *ws, arb_ptr v, arb_srcptr x, slong prec, gdc_dfac_t *d)
{
    arb_ptr t = ws->tmp, u = ws->tmp + 1, w = ws->tmp + 4, z = ws->tmp + 5;
    switch (op) {
    case GDC_N_SINH:
        gdc_iv_mono(v, x, arb_sinh, 1, t, u, prec);
        if (d->want) gdc_iv_cosh(d->fa, x, t, u, prec);
        if (d->want2) arb_set(d->faa, v);
        return 1;
    case GDC_N_COSH:
        gdc_iv_cosh(v, x, t, u, prec);
        if (d->want) gdc_iv_mono(d->fa, x, arb_sinh, 1, t, u, prec);
        if (d->want2) arb_set(d->faa, v);
        return 1;
    case GDC_N_TANH:
        gdc_iv_mono(v, x, arb_tanh, 1, t, u, prec);
        gdc_iv_clamp(v, -1, 1, prec);
        if (d->want) {
            gdc_iv_pow_si(w, v, 2, t, u, prec);
            arb_sub_ui(d->fa, w, 1, prec);
            arb_neg(d->fa, d->fa);
        }
        if (d->want2) { gdc_iv_corners(d->faa, v, d->fa, 0, prec); gdc_iv_mul_si(d->faa, d->faa, -2, prec); }
        return 1;
    case GDC_N_ERF:
    case GDC_N_ERFC:
        if (op == GDC_N_ERF) {
            gdc_iv_mono(v, x, arb_hypgeom_erf, 1, t, u, prec);
            gdc_iv_clamp(v, -1, 1, prec);
        } else {
            gdc_iv_mono(v, x, arb_hypgeom_erfc, 0, t, u, prec);
            gdc_iv_clamp(v, 0, 2, prec);
        }
        if (d->want) {
            gdc_iv_pow_si(w, x, 2, t, u, prec);
            arb_neg(w, w);
            gdc_iv_mono(z, w, arb_exp, 1, t, u, prec);
            gdc_iv_clamp(z, 0, 1, prec);
            arb_const_sqrt_pi(u, prec);
            arb_div(d->fa, z, u, prec);
            arb_mul_2exp_si(d->fa, d->fa, 1);
            if (op == GDC_N_ERFC)
                arb_neg(d->fa, d->fa);
        }
        if (d->want2) second(ws, d, -2, x, 1, prec);
        return 1;
    case GDC_N_ASINH:
        gdc_iv_mono(v, x, arb_asinh, 1, t, u, prec);
        if (d->want) {
            gdc_iv_pow_si(w, x, 2, t, u, prec);
            arb_add_ui(w, w, 1, prec);
            gdc_iv_mono(d->fa, w, arb_rsqrt, 0, t, u, prec);
        }
        if (d->want2) second(ws, d, -1, x, 3, prec);
        return 1;
    case GDC_N_ATANH:
        arb_set_si(t, -1);
        arb_set_si(u, 1);
        if (!(arb_gt(x, t) && arb_lt(x, u)))
            return 0;
        gdc_iv_mono(v, x, arb_atanh, 1, t, u, prec);
        if (d->want) {
            if (!one_minus_sq(w, x, t, u, prec))
                d->dok = GDC_D_NONE;
            else {
                gdc_iv_inv(d->fa, w, prec);
                if (d->want2) second(ws, d, 2, x, 2, prec);
            }
        }
        return 1;
    }
    return 0;
}

int gdc_node_elem(const gdc_claim_t *c, gdc_evalws_t *ws, int i, slong prec, gdc_dfac_t *d)
{
    const gdc_node_t *n = &c->nodes[i];
    arb_ptr v = ws->val + i;
    arb_srcptr x = ws->val + n->a;
    switch (n->op) {
    case GDC_N_SQRT: case GDC_N_EXP: case GDC_N_LOG: case GDC_N_LOG1P: case GDC_N_EXPM1:
        return elem_exp_log(n->op, ws, v, x, prec, d);
    case GDC_N_SIN: case GDC_N_COS: case GDC_N_TAN: case GDC_N_ASIN: case GDC_N_ACOS: case GDC_N_ATAN:
        return elem_trig(n->op, ws, v, x, prec, d);
    case GDC_N_LGAMMA: case GDC_N_DIGAMMA: case GDC_N_BESSELJ: case GDC_N_BESSELI: case GDC_N_BESSELK:
    case GDC_N_BESSELY:
        return gdc_node_special(c, ws, i, prec, d);
    case GDC_N_XMSIN3:
        return gdc_node_xmsin3(ws, v, x, prec, d);
    default:
        return elem_hyp_erf(n->op, ws, v, x, prec, d);
    }
}
