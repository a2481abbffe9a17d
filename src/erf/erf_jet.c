/* Second-order forward jets over Arb balls (erf_jet.h): the chain rule with the elementary derivatives
 *   (x^2)' = 2x, (x^e)' = e x^{e-1}, (1/x)' = -1/x^2, sqrt' = 1/(2 sqrt x), rsqrt' = -x^{-3/2}/2,
 *   atan' = 1/(1+x^2), atan'' = -2x/(1+x^2)^2, exp' = expm1' = exp,
 *   sin' = cos, cos' = -sin, sin_pi' = pi cos_pi, cos_pi' = -pi sin_pi,
 * each evaluated on the value ball of its argument (rigorous on the whole box; see the header). */
#include "erf/erf_jet.h"

#define NH(a) ((a)->ord > 1 ? (a)->n * (a)->n : 0)

void gdc_jet_init(gdc_jet_t a, int n, int ord)
{
    a->n = n;
    a->ord = ord;
    arb_init(a->v);
    for (int i = 0; i < GDC_JET_MAX; i++)
        arb_init(a->g[i]);
    for (int i = 0; i < GDC_JET_MAX * GDC_JET_MAX; i++)
        arb_init(a->h[i]);
}

void gdc_jet_clear(gdc_jet_t a)
{
    arb_clear(a->v);
    for (int i = 0; i < GDC_JET_MAX; i++)
        arb_clear(a->g[i]);
    for (int i = 0; i < GDC_JET_MAX * GDC_JET_MAX; i++)
        arb_clear(a->h[i]);
}

void gdc_jet_set(gdc_jet_t r, const gdc_jet_t a)
{
    if (r == a)
        return;
    arb_set(r->v, a->v);
    for (int i = 0; i < a->n; i++)
        arb_set(r->g[i], a->g[i]);
    for (int i = 0; i < NH(a); i++)
        arb_set(r->h[i], a->h[i]);
}

void gdc_jet_const(gdc_jet_t r, const arb_t c)
{
    arb_set(r->v, c);
    for (int i = 0; i < r->n; i++)
        arb_zero(r->g[i]);
    for (int i = 0; i < NH(r); i++)
        arb_zero(r->h[i]);
}

void gdc_jet_const_si(gdc_jet_t r, slong c)
{
    gdc_jet_const(r, r->v);
    arb_set_si(r->v, c);
}

void gdc_jet_var(gdc_jet_t r, const arb_t x, int i)
{
    gdc_jet_const(r, x);
    arb_one(r->g[i]);
}

void gdc_jet_add(gdc_jet_t r, const gdc_jet_t a, const gdc_jet_t b, slong prec)
{
    arb_add(r->v, a->v, b->v, prec);
    for (int i = 0; i < a->n; i++)
        arb_add(r->g[i], a->g[i], b->g[i], prec);
    for (int i = 0; i < NH(a); i++)
        arb_add(r->h[i], a->h[i], b->h[i], prec);
}

void gdc_jet_sub(gdc_jet_t r, const gdc_jet_t a, const gdc_jet_t b, slong prec)
{
    arb_sub(r->v, a->v, b->v, prec);
    for (int i = 0; i < a->n; i++)
        arb_sub(r->g[i], a->g[i], b->g[i], prec);
    for (int i = 0; i < NH(a); i++)
        arb_sub(r->h[i], a->h[i], b->h[i], prec);
}

void gdc_jet_neg(gdc_jet_t r, const gdc_jet_t a)
{
    arb_neg(r->v, a->v);
    for (int i = 0; i < a->n; i++)
        arb_neg(r->g[i], a->g[i]);
    for (int i = 0; i < NH(a); i++)
        arb_neg(r->h[i], a->h[i]);
}

void gdc_jet_add_si(gdc_jet_t r, const gdc_jet_t a, slong c, slong prec)
{
    gdc_jet_set(r, a);
    arb_add_si(r->v, a->v, c, prec);
}

void gdc_jet_mul_arb(gdc_jet_t r, const gdc_jet_t a, const arb_t c, slong prec)
{
    arb_mul(r->v, a->v, c, prec);
    for (int i = 0; i < a->n; i++)
        arb_mul(r->g[i], a->g[i], c, prec);
    for (int i = 0; i < NH(a); i++)
        arb_mul(r->h[i], a->h[i], c, prec);
}

void gdc_jet_mul_si(gdc_jet_t r, const gdc_jet_t a, slong c, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_set_si(t, c);
    gdc_jet_mul_arb(r, a, t, prec);
    arb_clear(t);
}

void gdc_jet_mul_2exp(gdc_jet_t r, const gdc_jet_t a, slong e)
{
    arb_mul_2exp_si(r->v, a->v, e);
    for (int i = 0; i < a->n; i++)
        arb_mul_2exp_si(r->g[i], a->g[i], e);
    for (int i = 0; i < NH(a); i++)
        arb_mul_2exp_si(r->h[i], a->h[i], e);
}

/* Leibniz: (ab)' = a'b + ab', (ab)'' = a''b + ab'' + a'b'^T + b'a'^T; every entry of r is written after the
 * entries of a and b it reads (r may alias a or b) */
void gdc_jet_mul(gdc_jet_t r, const gdc_jet_t a, const gdc_jet_t b, slong prec)
{
    int n = a->n;
    arb_t t;
    arb_init(t);
    for (int i = 0; i < NH(a) / n; i++)
        for (int j = 0; j < n; j++) {
            arb_mul(t, a->h[i * n + j], b->v, prec);
            arb_addmul(t, a->v, b->h[i * n + j], prec);
            arb_addmul(t, a->g[i], b->g[j], prec);
            arb_addmul(t, a->g[j], b->g[i], prec);
            arb_swap(r->h[i * n + j], t);
        }
    for (int i = 0; i < n; i++) {
        arb_mul(t, a->g[i], b->v, prec);
        arb_addmul(t, a->v, b->g[i], prec);
        arb_swap(r->g[i], t);
    }
    arb_mul(r->v, a->v, b->v, prec);
    arb_clear(t);
}

void gdc_jet_div(gdc_jet_t r, const gdc_jet_t a, const gdc_jet_t b, slong prec)
{
    gdc_jet_t q;
    gdc_jet_init(q, a->n, a->ord);
    gdc_jet_inv(q, b, prec);
    gdc_jet_mul(r, a, q, prec);
    gdc_jet_clear(q);
}

void gdc_jet_chain(gdc_jet_t r, const gdc_jet_t a, const arb_t f0, const arb_t f1, const arb_t f2, slong prec)
{
    int n = a->n;
    arb_t t;
    arb_init(t);
    for (int i = 0; i < NH(a) / n; i++)
        for (int j = 0; j < n; j++) {
            arb_mul(t, a->g[i], a->g[j], prec);
            arb_mul(t, t, f2, prec);
            arb_addmul(t, f1, a->h[i * n + j], prec);
            arb_swap(r->h[i * n + j], t);
        }
    for (int i = 0; i < n; i++)
        arb_mul(r->g[i], a->g[i], f1, prec);
    arb_set(r->v, f0);
    arb_clear(t);
}

void gdc_jet_chain2(gdc_jet_t r, const gdc_jet_t a, const gdc_jet_t b, const arb_t f0, const arb_t fa,
                    const arb_t fb, const arb_t faa, const arb_t fab, const arb_t fbb, slong prec)
{
    int n = a->n;
    arb_t t, u;
    arb_init(t);
    arb_init(u);
    for (int i = 0; i < NH(a) / n; i++)
        for (int j = 0; j < n; j++) {
            arb_mul(t, fa, a->h[i * n + j], prec);
            arb_addmul(t, fb, b->h[i * n + j], prec);
            arb_mul(u, a->g[i], a->g[j], prec);
            arb_addmul(t, faa, u, prec);
            arb_mul(u, b->g[i], b->g[j], prec);
            arb_addmul(t, fbb, u, prec);
            arb_mul(u, a->g[i], b->g[j], prec);
            arb_addmul(u, a->g[j], b->g[i], prec);
            arb_addmul(t, fab, u, prec);
            arb_swap(r->h[i * n + j], t);
        }
    for (int i = 0; i < n; i++) {
        arb_mul(t, fa, a->g[i], prec);
        arb_addmul(t, fb, b->g[i], prec);
        arb_swap(r->g[i], t);
    }
    arb_set(r->v, f0);
    arb_clear(t);
    arb_clear(u);
}

/* the three balls of a unary chain rule */
typedef struct {
    arb_t f0, f1, f2;
} d3_t;

static void d3_init(d3_t *d)
{
    arb_init(d->f0);
    arb_init(d->f1);
    arb_init(d->f2);
}

static void d3_apply(gdc_jet_t r, const gdc_jet_t a, d3_t *d, slong prec)
{
    gdc_jet_chain(r, a, d->f0, d->f1, d->f2, prec);
    arb_clear(d->f0);
    arb_clear(d->f1);
    arb_clear(d->f2);
}

/* 1/x, -1/x^2, 2/x^3 */
static void inv_d3(d3_t *d, const arb_t x, slong prec)
{
    arb_inv(d->f0, x, prec);
    gdc_arb_sqr(d->f1, d->f0, prec);
    arb_mul(d->f2, d->f1, d->f0, prec);
    arb_mul_2exp_si(d->f2, d->f2, 1);
    arb_neg(d->f1, d->f1);
}

/* x^{-1/2}, -x^{-3/2}/2, 3x^{-5/2}/4 at an exact x > 0 (each monotone in x) */
static void rsqrt_d3(d3_t *d, const arb_t x, slong prec)
{
    arb_t ix;
    arb_init(ix);
    arb_rsqrt(d->f0, x, prec);
    arb_inv(ix, x, prec);
    arb_mul(d->f1, d->f0, ix, prec);
    arb_mul_2exp_si(d->f1, d->f1, -1);
    arb_neg(d->f1, d->f1);
    arb_mul(d->f2, d->f1, ix, prec);
    arb_mul_si(d->f2, d->f2, -3, prec);
    arb_mul_2exp_si(d->f2, d->f2, -1);
    arb_clear(ix);
}

/* the exact range of x^2 over the ball x: the squares of the ends of the |x| range (arb_sqr's m^2 +- (2|m|r + r^2)
 * reaches below 0 once r > |m|/2.5, and 1/(w1^2 + y^2) would be lost on boxes away from 0) */
static void sqr_range(arb_t r, const arb_t x, slong prec)
{
    arb_t lo, hi;
    if (!arb_is_finite(x) || arb_is_exact(x)) {
        gdc_arb_sqr(r, x, prec);
        return;
    }
    arb_init(lo);
    arb_init(hi);
    gdc_arb_abs_endpoints(lo, hi, x, prec);
    arb_sqr(lo, lo, prec);
    arb_sqr(hi, hi, prec);
    arb_union(r, lo, hi, prec);
    arb_nonnegative_part(r, r);
    arb_clear(lo);
    arb_clear(hi);
}

void gdc_jet_sqr(gdc_jet_t r, const gdc_jet_t a, slong prec)
{
    d3_t d;
    d3_init(&d);
    sqr_range(d.f0, a->v, prec);
    arb_mul_2exp_si(d.f1, a->v, 1);
    arb_set_ui(d.f2, 2);
    d3_apply(r, a, &d, prec);
}

void gdc_jet_pow_ui(gdc_jet_t r, const gdc_jet_t a, ulong e, slong prec)
{
    d3_t d;
    d3_init(&d);
    if (e == 0)
        arb_one(d.f0);
    else {
        arb_pow_ui(d.f0, a->v, e, prec);
        arb_pow_ui(d.f1, a->v, e - 1, prec);
        arb_mul_ui(d.f1, d.f1, e, prec);
        if (e >= 2) {
            arb_pow_ui(d.f2, a->v, e - 2, prec);
            arb_mul_ui(d.f2, d.f2, e, prec);
            arb_mul_ui(d.f2, d.f2, e - 1, prec);
        }
    }
    d3_apply(r, a, &d, prec);
}

void gdc_jet_inv(gdc_jet_t r, const gdc_jet_t a, slong prec)
{
    d3_t d;
    d3_init(&d);
    inv_d3(&d, a->v, prec);
    d3_apply(r, a, &d, prec);
}

void gdc_jet_sqrt(gdc_jet_t r, const gdc_jet_t a, slong prec)
{
    d3_t d;
    d3_init(&d);
    arb_sqrt(d.f0, a->v, prec);
    arb_inv(d.f1, d.f0, prec);
    arb_mul_2exp_si(d.f1, d.f1, -1);  /* 1/(2 sqrt x) */
    arb_div(d.f2, d.f1, a->v, prec);
    arb_mul_2exp_si(d.f2, d.f2, -1);
    arb_neg(d.f2, d.f2);              /* -1/(4 x^{3/2}) */
    d3_apply(r, a, &d, prec);
}

void gdc_jet_rsqrt(gdc_jet_t r, const gdc_jet_t a, slong prec)
{
    d3_t d;
    d3_init(&d);
    rsqrt_d3(&d, a->v, prec);
    d3_apply(r, a, &d, prec);
}

void gdc_jet_atan(gdc_jet_t r, const gdc_jet_t a, slong prec)
{
    d3_t d;
    d3_init(&d);
    arb_atan(d.f0, a->v, prec);
    gdc_arb_sqr(d.f1, a->v, prec);
    arb_add_ui(d.f1, d.f1, 1, prec);
    arb_inv(d.f1, d.f1, prec);
    gdc_arb_sqr(d.f2, d.f1, prec);
    arb_mul(d.f2, d.f2, a->v, prec);
    arb_mul_si(d.f2, d.f2, -2, prec);
    d3_apply(r, a, &d, prec);
}

void gdc_jet_exp(gdc_jet_t r, const gdc_jet_t a, slong prec)
{
    d3_t d;
    d3_init(&d);
    arb_exp(d.f0, a->v, prec);
    arb_set(d.f1, d.f0);
    arb_set(d.f2, d.f0);
    d3_apply(r, a, &d, prec);
}

void gdc_jet_expm1(gdc_jet_t r, const gdc_jet_t a, slong prec)
{
    d3_t d;
    d3_init(&d);
    arb_expm1(d.f0, a->v, prec);
    arb_exp(d.f1, a->v, prec);
    arb_set(d.f2, d.f1);
    d3_apply(r, a, &d, prec);
}

/* sin (cosine = 0) or cos (cosine = 1), with the argument scaled by pi when pi_scaled */
static void trig(gdc_jet_t r, const gdc_jet_t a, int cosine, int pi_scaled, slong prec)
{
    d3_t d;
    arb_t s, c, p;
    d3_init(&d);
    arb_init(s);
    arb_init(c);
    arb_init(p);
    if (pi_scaled) {
        arb_sin_cos_pi(s, c, a->v, prec);
        arb_const_pi(p, prec);
    } else {
        arb_sin_cos(s, c, a->v, prec);
        arb_one(p);
    }
    /* sin: (s, c, -s); cos: (c, -s, -c); the k-th derivative carries p^k */
    arb_set(d.f0, cosine ? c : s);
    if (cosine)
        arb_neg(d.f1, s);
    else
        arb_set(d.f1, c);
    arb_mul(d.f1, d.f1, p, prec);
    arb_neg(d.f2, d.f0);
    arb_mul(d.f2, d.f2, p, prec);
    arb_mul(d.f2, d.f2, p, prec);
    arb_clear(s);
    arb_clear(c);
    arb_clear(p);
    d3_apply(r, a, &d, prec);
}

void gdc_jet_sin(gdc_jet_t r, const gdc_jet_t a, slong prec) { trig(r, a, 0, 0, prec); }
void gdc_jet_cos(gdc_jet_t r, const gdc_jet_t a, slong prec) { trig(r, a, 1, 0, prec); }
void gdc_jet_sin_pi(gdc_jet_t r, const gdc_jet_t a, slong prec) { trig(r, a, 0, 1, prec); }
void gdc_jet_cos_pi(gdc_jet_t r, const gdc_jet_t a, slong prec) { trig(r, a, 1, 1, prec); }

/* the d3 of f (monotone derivatives) over the value ball v cut below at lo: the union of its values at the ends */
static void ends_d3(d3_t *d, const arb_t v, slong lo, void (*f)(d3_t *, const arb_t, slong), slong prec)
{
    d3_t e;
    arf_t l, h;
    d3_init(&e);
    arf_init(l);
    arf_init(h);
    arb_get_lbound_arf(l, v, prec);
    arb_get_ubound_arf(h, v, prec);
    if (arf_cmp_si(l, lo) < 0)
        arf_set_si(l, lo);
    if (!arf_is_finite(h) || arf_cmp(h, l) < 0) {
        arb_indeterminate(d->f0);
        arb_indeterminate(d->f1);
        arb_indeterminate(d->f2);
    } else {
        arb_t x;
        arb_init(x);
        arb_set_arf(x, l);
        f(d, x, prec);
        arb_set_arf(x, h);
        f(&e, x, prec);
        arb_union(d->f0, d->f0, e.f0, prec);
        arb_union(d->f1, d->f1, e.f1, prec);
        arb_union(d->f2, d->f2, e.f2, prec);
        arb_clear(x);
    }
    arb_clear(e.f0);
    arb_clear(e.f1);
    arb_clear(e.f2);
    arf_clear(l);
    arf_clear(h);
}

void gdc_jet_rsqrt_ge(gdc_jet_t r, const gdc_jet_t a, slong lo, slong prec)
{
    d3_t d;
    d3_init(&d);
    ends_d3(&d, a->v, lo, rsqrt_d3, prec);
    d3_apply(r, a, &d, prec);
}

void gdc_jet_inv_ge(gdc_jet_t r, const gdc_jet_t a, slong lo, slong prec)
{
    d3_t d;
    d3_init(&d);
    ends_d3(&d, a->v, lo, inv_d3, prec);
    d3_apply(r, a, &d, prec);
}

void gdc_jet_div_ge(gdc_jet_t r, const gdc_jet_t a, const gdc_jet_t b, slong lo, slong prec)
{
    gdc_jet_t q;
    gdc_jet_init(q, a->n, a->ord);
    gdc_jet_inv_ge(q, b, lo, prec);
    gdc_jet_mul(r, a, q, prec);
    gdc_jet_clear(q);
}

void gdc_jet_get(arb_ptr jac, arb_ptr hess, const gdc_jet_t f, int k)
{
    int n = f->n;
    for (int j = 0; j < n; j++)
        arb_set(jac + k * n + j, f->g[j]);
    if (hess != NULL)
        for (int i = 0; i < n * n; i++)
            arb_set(hess + k * n * n + i, f->h[i]);
}

void gdc_jet_indet_col(arb_ptr jac, arb_ptr hess, int n, int k, int j)
{
    arb_indeterminate(jac + k * n + j);
    if (hess != NULL)
        for (int i = 0; i < n; i++) {
            arb_indeterminate(hess + (k * n + i) * n + j);
            arb_indeterminate(hess + (k * n + j) * n + i);
        }
}

void gdc_jet_row(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec, int nargs, int nout,
                 unsigned int_mask, gdc_arb_fn fn_arb, gdc_jet_row_fn fn)
{
    int ord = hess != NULL ? 2 : 1, ok;
    gdc_jet_struct xj[GDC_JET_MAX], oj[GDC_MAX_OUT];
    fn_arb(out, x, prec);
    for (int j = 0; j < nargs; j++) {
        gdc_jet_init(xj + j, nargs, ord);
        if (int_mask & (1u << j))
            gdc_jet_const(xj + j, x + j);
        else
            gdc_jet_var(xj + j, x + j, j);
    }
    for (int k = 0; k < nout; k++)
        gdc_jet_init(oj + k, nargs, ord);
    ok = fn(oj, xj, prec);
    for (int k = 0; k < nout; k++) {
        gdc_jet_get(jac, hess, oj + k, k);
        for (int j = 0; j < nargs; j++) {
            if (!ok || (int_mask & (1u << j)))
                gdc_jet_indet_col(jac, hess, nargs, k, j);
            if (!arb_is_finite(jac + k * nargs + j))
                arb_indeterminate(jac + k * nargs + j);
            for (int i = 0; hess != NULL && i < nargs; i++)
                if (!arb_is_finite(hess + (k * nargs + i) * nargs + j))
                    arb_indeterminate(hess + (k * nargs + i) * nargs + j);
        }
        gdc_jet_clear(oj + k);
    }
    for (int j = 0; j < nargs; j++)
        gdc_jet_clear(xj + j);
}
