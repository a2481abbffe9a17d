/* Elementary functions of second-order jets (jet.h): r = f(u) by the chain rule with balls enclosing f, f', f''
 * over the value ball of u:
 *   (u^2)' = 2u, (u^e)' = e u^{e-1}, exp' = expm1' = exp, sin' = cos, cos' = -sin, sin_pi' = pi cos_pi,
 *   cos_pi' = -pi sin_pi, atan' = 1/(1 + u^2), atan'' = -2u/(1 + u^2)^2, sqrt' = 1/(2 sqrt u),
 *   sqrt'' = -1/(4 u sqrt u), rsqrt' = -u^{-3/2}/2, rsqrt'' = 3u^{-5/2}/4, (1/u)' = -1/u^2, (1/u)'' = 2/u^3,
 *   S(u) = u - sin u: S' = 2 sin^2(u/2), S'' = sin u;  G3(u) = sin u - u cos u: G3' = u sin u, G3'' = sin u + u cos u.
 * Each is exact calculus evaluated in ball arithmetic on the value ball, so rigorous on every box (jet.h). */
#include "core/jet.h"
#include "core/series.h"

/* fill(f0, f1, f2, x, deriv, prec): f0 = f on the ball x, and when deriv is set f1 = f', f2 = f'' (a jet without
 * variables, a row's value by gdc_ajet_eval_value, needs only f0; f1 and f2 may be used as scratch either way) */
typedef void (*fill_fn)(arb_t f0, arb_t f1, arb_t f2, const arb_t x, int deriv, slong prec);

/* f(u) with the three balls filled by fill(f0, f1, f2, u) */
static void compose_with(gdc_ajet_t r, const gdc_ajet_t u, fill_fn fill, slong prec)
{
    arb_t f0, f1, f2;
    arb_init(f0);
    arb_init(f1);
    arb_init(f2);
    fill(f0, f1, f2, &u->v, u->n > 0, prec);
    gdc_ajet_compose(r, u, f0, f1, f2, prec);
    arb_clear(f0);
    arb_clear(f1);
    arb_clear(f2);
}

/* the exact range of x^2 over the ball x: the squares of the ends of the |x| range (arb_sqr's m^2 +- (2|m|r + r^2)
 * reaches below 0 once r > |m|/2.5, and 1/(w1^2 + y^2) would be lost on boxes away from 0); 2x; 2 */
static void fill_sqr(arb_t f0, arb_t f1, arb_t f2, const arb_t x, int deriv, slong prec)
{
    if (!arb_is_finite(x) || arb_is_exact(x))
        gdc_arb_sqr(f0, x, prec);
    else {
        gdc_arb_abs_endpoints(f1, f2, x, prec);
        arb_sqr(f1, f1, prec);
        arb_sqr(f2, f2, prec);
        arb_union(f0, f1, f2, prec);
        arb_nonnegative_part(f0, f0);
    }
    if (!deriv)
        return;
    arb_mul_2exp_si(f1, x, 1);
    arb_set_ui(f2, 2);
}

static void fill_exp(arb_t f0, arb_t f1, arb_t f2, const arb_t x, int deriv, slong prec)
{
    arb_exp(f0, x, prec);
    if (!deriv)
        return;
    arb_set(f1, f0);
    arb_set(f2, f0);
}

static void fill_expm1(arb_t f0, arb_t f1, arb_t f2, const arb_t x, int deriv, slong prec)
{
    arb_expm1(f0, x, prec);
    if (!deriv)
        return;
    arb_exp(f1, x, prec);
    arb_set(f2, f1);
}

static void fill_sin(arb_t f0, arb_t f1, arb_t f2, const arb_t x, int deriv, slong prec)
{
    arb_sin_cos(f0, f1, x, prec);
    if (!deriv)
        return;
    arb_neg(f2, f0);
}

static void fill_cos(arb_t f0, arb_t f1, arb_t f2, const arb_t x, int deriv, slong prec)
{
    arb_sin_cos(f1, f0, x, prec);
    if (!deriv)
        return;
    arb_neg(f1, f1);
    arb_neg(f2, f0);
}

/* the k-th derivative of sin(pi x), cos(pi x) carries pi^k */
static void scale_pi(arb_t f1, arb_t f2, slong prec)
{
    arb_t p;
    arb_init(p);
    arb_const_pi(p, prec);
    arb_mul(f1, f1, p, prec);
    arb_mul(f2, f2, p, prec);
    arb_mul(f2, f2, p, prec);
    arb_clear(p);
}

static void fill_sin_pi(arb_t f0, arb_t f1, arb_t f2, const arb_t x, int deriv, slong prec)
{
    arb_sin_cos_pi(f0, f1, x, prec);
    if (!deriv)
        return;
    arb_neg(f2, f0);
    scale_pi(f1, f2, prec);
}

static void fill_cos_pi(arb_t f0, arb_t f1, arb_t f2, const arb_t x, int deriv, slong prec)
{
    arb_sin_cos_pi(f1, f0, x, prec);
    if (!deriv)
        return;
    arb_neg(f1, f1);
    arb_neg(f2, f0);
    scale_pi(f1, f2, prec);
}

static void fill_atan(arb_t f0, arb_t f1, arb_t f2, const arb_t x, int deriv, slong prec)
{
    arb_atan(f0, x, prec);
    if (!deriv)
        return;
    gdc_arb_sqr(f1, x, prec);
    arb_add_ui(f1, f1, 1, prec);
    arb_inv(f1, f1, prec);
    gdc_arb_sqr(f2, f1, prec);
    arb_mul(f2, f2, x, prec);
    arb_mul_si(f2, f2, -2, prec);
}

/* sqrt: f' = 1/(2 sqrt u), f'' = -1/(4 u sqrt u); not finite where u may be 0 */
static void fill_sqrt(arb_t f0, arb_t f1, arb_t f2, const arb_t x, int deriv, slong prec)
{
    arb_sqrt(f0, x, prec);
    if (!deriv)
        return;
    arb_rsqrt(f1, x, prec);
    arb_mul_2exp_si(f1, f1, -1);
    arb_div(f2, f1, x, prec);
    arb_mul_2exp_si(f2, f2, -1);
    arb_neg(f2, f2);
}

static void fill_sqrtpos(arb_t f0, arb_t f1, arb_t f2, const arb_t x, int deriv, slong prec)
{
    arb_sqrtpos(f0, x, prec);
    if (!deriv)
        return;
    if (arb_is_positive(x)) {
        arb_mul_2exp_si(f1, f0, 1);
        arb_inv(f1, f1, prec);
        arb_div(f2, f1, x, prec);
        arb_mul_2exp_si(f2, f2, -1);
        arb_neg(f2, f2);
    } else {
        arb_indeterminate(f1);
        arb_indeterminate(f2);
    }
}

/* x^{-1/2}, -x^{-3/2}/2, 3x^{-5/2}/4 */
static void fill_rsqrt(arb_t f0, arb_t f1, arb_t f2, const arb_t x, int deriv, slong prec)
{
    arb_rsqrt(f0, x, prec);
    if (!deriv)
        return;
    arb_t ix;
    arb_init(ix);
    arb_inv(ix, x, prec);
    arb_mul(f1, f0, ix, prec);
    arb_mul_2exp_si(f1, f1, -1);
    arb_neg(f1, f1);
    arb_mul(f2, f1, ix, prec);
    arb_mul_si(f2, f2, -3, prec);
    arb_mul_2exp_si(f2, f2, -1);
    arb_clear(ix);
}

/* 1/x, -1/x^2, 2/x^3 */
static void fill_inv(arb_t f0, arb_t f1, arb_t f2, const arb_t x, int deriv, slong prec)
{
    arb_inv(f0, x, prec);
    if (!deriv)
        return;
    arb_sqr(f1, f0, prec);
    arb_mul(f2, f1, f0, prec);
    arb_mul_2exp_si(f2, f2, 1);
    arb_neg(f1, f1);
}

static void fill_xmsin(arb_t f0, arb_t f1, arb_t f2, const arb_t x, int deriv, slong prec)
{
    gdc_xmsin_series_arb(f0, x, prec);
    if (!deriv)
        return;
    arb_mul_2exp_si(f2, x, -1);
    arb_sin(f2, f2, prec);
    arb_sqr(f1, f2, prec);
    arb_mul_2exp_si(f1, f1, 1);
    arb_sin(f2, x, prec);
}

static void fill_g3(arb_t f0, arb_t f1, arb_t f2, const arb_t x, int deriv, slong prec)
{
    gdc_g3_series_arb(f0, x, prec);
    if (!deriv)
        return;
    arb_t c;
    arb_init(c);
    arb_sin_cos(f2, c, x, prec);
    arb_mul(f1, x, f2, prec);
    arb_mul(c, x, c, prec);
    arb_add(f2, c, f2, prec);
    arb_clear(c);
}

void gdc_ajet_sqr(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_sqr, prec); }
void gdc_ajet_exp(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_exp, prec); }
void gdc_ajet_expm1(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_expm1, prec); }
void gdc_ajet_sin(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_sin, prec); }
void gdc_ajet_cos(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_cos, prec); }
void gdc_ajet_sin_pi(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_sin_pi, prec); }
void gdc_ajet_cos_pi(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_cos_pi, prec); }
void gdc_ajet_atan(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_atan, prec); }
void gdc_ajet_sqrt(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_sqrt, prec); }
void gdc_ajet_sqrtpos(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_sqrtpos, prec); }
void gdc_ajet_rsqrt(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_rsqrt, prec); }
void gdc_ajet_inv(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_inv, prec); }
void gdc_ajet_xmsin(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_xmsin, prec); }
void gdc_ajet_g3(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_g3, prec); }

/* sin u and cos u from one arb_sin_cos (the same balls as gdc_ajet_sin and gdc_ajet_cos) */
void gdc_ajet_sin_cos(gdc_ajet_t s, gdc_ajet_t c, const gdc_ajet_t u, slong prec)
{
    arb_t sv, cv, ms, mc;
    arb_init(sv);
    arb_init(cv);
    arb_init(ms);
    arb_init(mc);
    arb_sin_cos(sv, cv, &u->v, prec);
    arb_neg(ms, sv);
    arb_neg(mc, cv);
    gdc_ajet_compose(c, u, cv, ms, mc, prec); /* c first: s may alias u */
    gdc_ajet_compose(s, u, sv, cv, ms, prec);
    arb_clear(sv);
    arb_clear(cv);
    arb_clear(ms);
    arb_clear(mc);
}

void gdc_ajet_pow_ui(gdc_ajet_t r, const gdc_ajet_t u, ulong e, slong prec)
{
    arb_t f0, f1, f2;
    arb_init(f0);
    arb_init(f1);
    arb_init(f2);
    if (e == 0)
        arb_one(f0);
    else if (u->n == 0) /* no variables: the value only */
        arb_pow_ui(f0, &u->v, e, prec);
    else {
        arb_pow_ui(f0, &u->v, e, prec);
        arb_pow_ui(f1, &u->v, e - 1, prec);
        arb_mul_ui(f1, f1, e, prec);
        if (e >= 2) {
            arb_pow_ui(f2, &u->v, e - 2, prec);
            arb_mul_ui(f2, f2, e, prec);
            arb_mul_ui(f2, f2, e - 1, prec);
        }
    }
    gdc_ajet_compose(r, u, f0, f1, f2, prec);
    arb_clear(f0);
    arb_clear(f1);
    arb_clear(f2);
}

void gdc_ajet_div(gdc_ajet_t r, const gdc_ajet_t u, const gdc_ajet_t v, slong prec)
{
    gdc_ajet_t w;
    gdc_ajet_init(w, v->n, v->order);
    gdc_ajet_inv(w, v, prec);
    gdc_ajet_mul(r, u, w, prec);
    gdc_ajet_clear(w);
}

/* f(u) for u >= lo, with f, f', f'' monotone: the union of fill at the two ends of the value ball cut below at lo
 * (a value without variables on a narrow ball wholly >= lo: f on the ball, which encloses the same range) */
static void compose_ends(gdc_ajet_t r, const gdc_ajet_t u, slong lo, fill_fn fill, slong prec)
{
    arb_t f[3], e[3], x;
    arf_t l, h;
    for (int i = 0; i < 3; i++) {
        arb_init(f[i]);
        arb_init(e[i]);
    }
    arb_init(x);
    arf_init(l);
    arf_init(h);
    arb_get_lbound_arf(l, &u->v, prec);
    arb_get_ubound_arf(h, &u->v, prec);
    int cut = arf_cmp_si(l, lo) < 0;
    if (cut)
        arf_set_si(l, lo);
    if (!arf_is_finite(h) || arf_cmp(h, l) < 0)
        for (int i = 0; i < 3; i++)
            arb_indeterminate(f[i]);
    else if (u->n == 0 && !cut && arb_rel_accuracy_bits(&u->v) >= 32) {
        /* a value only, on a narrow ball wholly >= lo: f on the ball itself (the two ends give the same width) */
        fill(f[0], f[1], f[2], &u->v, 0, prec);
    } else {
        arb_set_arf(x, l);
        fill(f[0], f[1], f[2], x, u->n > 0, prec);
        arb_set_arf(x, h);
        fill(e[0], e[1], e[2], x, u->n > 0, prec);
        for (int i = 0; i < 3; i++)
            arb_union(f[i], f[i], e[i], prec);
    }
    gdc_ajet_compose(r, u, f[0], f[1], f[2], prec);
    for (int i = 0; i < 3; i++) {
        arb_clear(f[i]);
        arb_clear(e[i]);
    }
    arb_clear(x);
    arf_clear(l);
    arf_clear(h);
}

void gdc_ajet_rsqrt_ge(gdc_ajet_t r, const gdc_ajet_t u, slong lo, slong prec)
{
    compose_ends(r, u, lo, fill_rsqrt, prec);
}

void gdc_ajet_inv_ge(gdc_ajet_t r, const gdc_ajet_t u, slong lo, slong prec) { compose_ends(r, u, lo, fill_inv, prec); }

void gdc_ajet_div_ge(gdc_ajet_t r, const gdc_ajet_t v, const gdc_ajet_t u, slong lo, slong prec)
{
    gdc_ajet_t w;
    gdc_ajet_init(w, u->n, u->order);
    gdc_ajet_inv_ge(w, u, lo, prec);
    gdc_ajet_mul(r, v, w, prec);
    gdc_ajet_clear(w);
}

void gdc_ajet_pos_sqr(gdc_ajet_t r, const gdc_ajet_t u, slong prec)
{
    if (arb_is_nonpositive(&u->v)) {
        gdc_ajet_set(r, u);
        gdc_ajet_const_si(r, 0);
    } else if (arb_is_positive(&u->v))
        gdc_ajet_mul(r, u, u, prec);
    else {
        arb_t m, f1, f2;
        arb_init(m);
        arb_init(f1);
        arb_init(f2);
        arb_nonnegative_part(m, &u->v); /* [0, max(0, hi)] */
        arb_mul_2exp_si(f1, m, 1);
        arb_sqr(m, m, prec);
        arb_zero(f2); /* [0, 2] */
        mag_one(arb_radref(f2));
        arb_add_ui(f2, f2, 1, prec);
        gdc_ajet_compose(r, u, m, f1, f2, prec);
        arb_clear(m);
        arb_clear(f1);
        arb_clear(f2);
    }
}
