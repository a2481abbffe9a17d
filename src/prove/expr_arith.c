/* Value and derivative factors of the arithmetic and piecewise nodes: constants, +, -, *, /, powers,
 * abs, atan2, min, max. A node is defined only where its argument lies certainly in the domain (a divisor
 * not containing 0, a base > 0 for a real exponent, ...). First- and second-order factors are the partial
 * derivatives of the operation with respect to its operands (see gdc_dfac_t); where the node is only
 * Lipschitz on the box (abs at 0, min/max at a tie) the first-order factors enclose Clarke's generalised
 * gradient (the mean-value inclusion holds for these by Lebourg's theorem) and the second order is unknown. */
#include "prove/expr_impl.h"

static void zero2(gdc_dfac_t *d)
{
    if (d->want2) {
        arb_zero(d->faa);
        arb_zero(d->fab);
        arb_zero(d->fbb);
    }
}

/* x / y, y certainly not containing 0; ydep: y depends on a variable (else the factors in y are not needed) */
static int node_div(gdc_evalws_t *ws, arb_ptr v, arb_srcptr x, arb_srcptr y, int same, int ydep, slong prec,
                    gdc_dfac_t *d)
{
    arb_ptr t = ws->tmp, u = ws->tmp + 1;
    if (arb_contains_zero(y))
        return 0;
    if (same) {
        arb_one(v);
        d->dok = GDC_D_ZERO;
        zero2(d);
        return 1;
    }
    gdc_iv_corners(v, x, y, 1, prec);
    if (d->want) {
        gdc_iv_inv(d->fa, y, prec);
        arb_zero(d->fb);
        if (ydep) {
            gdc_iv_corners(d->fb, v, y, 1, prec);
            arb_neg(d->fb, d->fb);
        }
    }
    if (d->want2 && !ydep)
        zero2(d);
    else if (d->want2) { /* d2/dx dy = -1/y^2, d2/dy2 = 2 x/y^3 = 2 v/y^2 */
        arb_ptr z = ws->tmp + 5;
        arb_zero(d->faa);
        gdc_iv_pow_si(z, y, -2, t, u, prec);
        arb_neg(d->fab, z);
        gdc_iv_corners(d->fbb, v, z, 0, prec);
        arb_mul_2exp_si(d->fbb, d->fbb, 1);
    }
    return 1;
}

/* x^e for an integer constant e */
static int node_pow_int(gdc_evalws_t *ws, arb_ptr v, arb_srcptr x, const fmpz *e, slong prec, gdc_dfac_t *d)
{
    arb_ptr t = ws->tmp, u = ws->tmp + 1;
    if (fmpz_bits(e) > 30 || !gdc_iv_pow(v, x, e, t, u, prec))
        return 0;
    slong k = fmpz_get_si(e);
    if (d->want) {
        if (k == 0)
            arb_zero(d->fa);
        else {
            gdc_iv_pow_si(d->fa, x, k - 1, t, u, prec);
            gdc_iv_mul_si(d->fa, d->fa, k, prec);
            if (!arb_is_finite(d->fa))
                d->dok = GDC_D_NONE;
        }
        arb_zero(d->fb);
    }
    if (d->want2) {
        zero2(d);
        if (k != 0 && k != 1) {
            gdc_iv_pow_si(d->faa, x, k - 2, t, u, prec);
            gdc_iv_mul_si(d->faa, d->faa, k * (k - 1), prec);
            d->d2ok = arb_is_finite(d->faa);
        }
    }
    return 1;
}

/* x^y for x > 0: exp(y log x), monotone in each argument on the box (the corners) */
static int node_pow_pos(gdc_evalws_t *ws, arb_ptr v, arb_srcptr x, arb_srcptr y, slong prec, gdc_dfac_t *d)
{
    arb_ptr t = ws->tmp, u = ws->tmp + 1, w = ws->tmp + 4, z = ws->tmp + 5;
    if (arb_is_exact(x) && arb_is_exact(y))
        arb_pow(v, x, y, prec);
    else {
        gdc_iv_mono(w, x, arb_log, 1, t, u, prec);
        gdc_iv_corners(z, w, y, 0, prec);
        gdc_iv_mono(v, z, arb_exp, 1, t, u, prec);
        arb_pow(t, x, y, prec);
        if (mag_cmp(arb_radref(t), arb_radref(v)) < 0)
            arb_swap(v, t);
    }
    gdc_iv_clamp_below(v);
    if (!d->want)
        return 1;
    gdc_iv_mono(w, x, arb_log, 1, t, u, prec);  /* w = log x */
    gdc_iv_corners(d->fa, v, x, 1, prec);        /* fa = v y / x */
    gdc_iv_corners(d->fa, d->fa, y, 0, prec);
    gdc_iv_corners(d->fb, w, v, 0, prec);        /* fb = v log x */
    if (d->want2) {
        gdc_iv_corners(z, d->fa, x, 1, prec);   /* faa = (v y / x)(y - 1)/x */
        arb_sub_ui(t, y, 1, prec);
        gdc_iv_corners(d->faa, z, t, 0, prec);
        gdc_iv_corners(t, y, w, 0, prec);        /* fab = (v / x)(1 + y log x) */
        arb_add_ui(t, t, 1, prec);
        gdc_iv_corners(z, v, x, 1, prec);
        gdc_iv_corners(d->fab, z, t, 0, prec);
        gdc_iv_corners(d->fbb, d->fb, w, 0, prec); /* fbb = v log^2 x */
    }
    return 1;
}

static int node_pow(const gdc_claim_t *c, gdc_evalws_t *ws, const gdc_node_t *n, arb_ptr v, arb_srcptr x,
                    arb_srcptr y, slong prec, gdc_dfac_t *d)
{
    arb_ptr t = ws->tmp, u = ws->tmp + 1;
    if (gdc_is_int_const(c, n->b))
        return node_pow_int(ws, v, x, fmpq_numref(c->nodes[n->b].q), prec, d);
    if (arb_is_positive(x))
        return node_pow_pos(ws, v, x, y, prec, d);
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
            gdc_iv_hull(v, t, u, prec);
        }
        arf_clear(ub);
        d->dok = GDC_D_NONE;
        return 1;
    }
    return 0;
}

static int node_abs(gdc_evalws_t *ws, arb_ptr v, arb_srcptr x, slong prec, gdc_dfac_t *d)
{
    (void)ws;
    if (arb_is_nonnegative(x) || arb_is_nonpositive(x)) {
        arb_abs(v, x);
        if (d->want) {
            if (arb_is_positive(x))
                arb_one(d->fa);
            else if (arb_is_negative(x))
                arb_set_si(d->fa, -1);
            else { /* touches 0 at one end: the generalised derivative lies in [-1, 1] */
                arb_zero(d->fa);
                mag_one(arb_radref(d->fa));
                d->d2ok = 0;
            }
        }
        zero2(d);
        return 1;
    }
    arf_t zero, U;
    arf_init(zero);
    arf_init(U);
    arb_get_abs_ubound_arf(U, x, 2 * prec);
    gdc_iv_set_keep(v, zero, U, -1, prec);
    arf_clear(zero);
    arf_clear(U);
    if (d->want) {
        arb_zero(d->fa);
        mag_one(arb_radref(d->fa));
    }
    d->d2ok = 0;
    return 1;
}

/* atan2(x, y): x is the ordinate, as in C */
static int node_atan2(gdc_evalws_t *ws, arb_ptr v, arb_srcptr x, arb_srcptr y, slong prec, gdc_dfac_t *d)
{
    arb_ptr t = ws->tmp, u = ws->tmp + 1;
    if (arb_contains_zero(x) && arb_contains_zero(y))
        return 0;
    arb_atan2(v, x, y, prec);
    if (!d->want)
        return 1;
    /* the branch cut is y < 0, x = 0; off it d/dx = y/r2, d/dy = -x/r2 (r2 = x^2 + y^2), and
     * d2/dx2 = -2xy/r2^2, d2/dxdy = (x^2 - y^2)/r2^2, d2/dy2 = 2xy/r2^2 */
    if (arb_contains_zero(x) && !arb_is_positive(y)) {
        d->dok = GDC_D_NONE;
        return 1;
    }
    arb_sqr(t, x, prec);
    arb_addmul(t, y, y, prec);
    arb_div(d->fa, y, t, prec);
    arb_div(d->fb, x, t, prec);
    arb_neg(d->fb, d->fb);
    if (d->want2) {
        arb_sqr(t, t, prec);
        arb_mul(u, x, y, prec);
        arb_div(u, u, t, prec);
        arb_mul_2exp_si(d->fbb, u, 1);
        arb_neg(d->faa, d->fbb);
        arb_sqr(u, x, prec);
        arb_submul(u, y, y, prec);
        arb_div(d->fab, u, t, prec);
    }
    return 1;
}

static int node_minmax(const gdc_node_t *n, arb_ptr v, arb_srcptr x, arb_srcptr y, slong prec, gdc_dfac_t *d)
{
    int op = n->op == GDC_N_MAX;
    /* a branch that is <= (min) or >= (max) the other on the whole box is the node there */
    int pick_a = op ? arb_ge(x, y) : arb_le(x, y);
    int pick_b = !pick_a && (op ? arb_ge(y, x) : arb_le(y, x));
    gdc_iv_minmax(v, x, y, op, prec);
    if (d->want) {
        if (pick_a || pick_b) {
            arb_set_ui(d->fa, pick_a ? 1 : 0);
            arb_set_ui(d->fb, pick_b ? 1 : 0);
            zero2(d);
        } else {
            d->dok = GDC_D_UNION;
            d->d2ok = 0;
        }
    }
    return 1;
}

int gdc_node_arith(const gdc_claim_t *c, gdc_evalws_t *ws, int i, slong prec, gdc_dfac_t *d)
{
    const gdc_node_t *n = &c->nodes[i];
    arb_ptr v = ws->val + i;
    arb_srcptr x = n->a >= 0 ? ws->val + n->a : NULL;
    arb_srcptr y = n->b >= 0 ? ws->val + n->b : NULL;
    int same = n->a >= 0 && n->b >= 0 && ws->canon[n->a] == ws->canon[n->b];

    switch (n->op) {
    case GDC_N_NUM: arb_set_fmpq(v, n->q, prec); return 1;
    case GDC_N_PI: arb_const_pi(v, prec); return 1;
    case GDC_N_E: arb_const_e(v, prec); return 1;
    case GDC_N_NEG:
        arb_neg(v, x);
        if (d->want) arb_set_si(d->fa, -1);
        zero2(d);
        return 1;
    case GDC_N_ADD:
    case GDC_N_SUB:
        if (n->op == GDC_N_SUB && same) { /* the same function of the variables: exactly 0 where defined */
            arb_zero(v);
            d->dok = GDC_D_ZERO;
            zero2(d);
            return 1;
        }
        gdc_iv_add(v, x, y, n->op == GDC_N_SUB, prec);
        if (d->want) { arb_one(d->fa); arb_set_si(d->fb, n->op == GDC_N_ADD ? 1 : -1); }
        zero2(d);
        return 1;
    case GDC_N_MUL:
        if (same)
            gdc_iv_pow_si(v, x, 2, ws->tmp, ws->tmp + 1, prec);
        else
            gdc_iv_corners(v, x, y, 0, prec);
        if (d->want) { arb_set(d->fa, y); arb_set(d->fb, x); }
        zero2(d);
        if (d->want2) arb_one(d->fab);
        return 1;
    case GDC_N_DIV: return node_div(ws, v, x, y, same, c->nodes[n->b].deps != 0, prec, d);
    case GDC_N_POW: return node_pow(c, ws, n, v, x, y, prec, d);
    case GDC_N_ABS: return node_abs(ws, v, x, prec, d);
    case GDC_N_ATAN2: return node_atan2(ws, v, x, y, prec, d);
    case GDC_N_MIN: case GDC_N_MAX: return node_minmax(n, v, x, y, prec, d);
    }
    return 0;
}
