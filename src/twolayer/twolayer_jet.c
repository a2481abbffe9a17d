/* Second-order jets over Arb balls (twolayer_jet.h): forward-mode value, gradient and Hessian, rigorous on boxes. */
#include "twolayer/twolayer_jet.h"
#include "core/series.h"

#define LEN(n) (1 + (n) + (n) * (n))

void tl_jet_init(tl_jet_t *a, int n)
{
    a->n = n;
    a->v = _arb_vec_init(LEN(n));
}

void tl_jet_clear(tl_jet_t *a) { _arb_vec_clear(a->v, LEN(a->n)); }

void tl_jet_var(tl_jet_t *a, const arb_t x, int i)
{
    _arb_vec_zero(a->v, LEN(a->n));
    arb_set(a->v, x);
    if (i >= 0)
        arb_one(a->v + 1 + i);
}

void tl_jet_add(tl_jet_t *r, const tl_jet_t *a, const tl_jet_t *b, slong prec)
{
    _arb_vec_add(r->v, a->v, b->v, LEN(a->n), prec);
}

void tl_jet_sub(tl_jet_t *r, const tl_jet_t *a, const tl_jet_t *b, slong prec)
{
    _arb_vec_sub(r->v, a->v, b->v, LEN(a->n), prec);
}

void tl_jet_scale(tl_jet_t *r, const tl_jet_t *a, const arb_t c, slong prec)
{
    _arb_vec_scalar_mul(r->v, a->v, LEN(a->n), c, prec);
}

void tl_jet_add_arb(tl_jet_t *r, const tl_jet_t *a, const arb_t c, slong prec)
{
    _arb_vec_set(r->v, a->v, LEN(a->n));
    arb_add(r->v, r->v, c, prec);
}

/* (ab)'' = a b'' + b a'' + a' b'^T + b' a'^T; r may alias a or b */
void tl_jet_mul(tl_jet_t *r, const tl_jet_t *a, const tl_jet_t *b, slong prec)
{
    int n = a->n;
    arb_ptr t = _arb_vec_init(LEN(n));
    arb_mul(t, a->v, b->v, prec);
    for (int i = 0; i < n; i++) {
        arb_mul(t + 1 + i, a->v, b->v + 1 + i, prec);
        arb_addmul(t + 1 + i, b->v, a->v + 1 + i, prec);
        for (int j = 0; j < n; j++) {
            arb_ptr h = t + 1 + n + i * n + j;
            arb_mul(h, a->v, b->v + 1 + n + i * n + j, prec);
            arb_addmul(h, b->v, a->v + 1 + n + i * n + j, prec);
            arb_addmul(h, a->v + 1 + i, b->v + 1 + j, prec);
            arb_addmul(h, b->v + 1 + i, a->v + 1 + j, prec);
        }
    }
    _arb_vec_swap(r->v, t, LEN(n));
    _arb_vec_clear(t, LEN(n));
}

void tl_jet_chain(tl_jet_t *r, const tl_jet_t *a, const arb_t f0, const arb_t f1, const arb_t f2, slong prec)
{
    int n = a->n;
    arb_ptr t = _arb_vec_init(LEN(n));
    arb_set(t, f0);
    for (int i = 0; i < n; i++) {
        arb_mul(t + 1 + i, f1, a->v + 1 + i, prec);
        for (int j = 0; j < n; j++) {
            arb_ptr h = t + 1 + n + i * n + j;
            arb_mul(h, f1, a->v + 1 + n + i * n + j, prec);
            arb_t g;
            arb_init(g);
            arb_mul(g, a->v + 1 + i, a->v + 1 + j, prec);
            arb_addmul(h, f2, g, prec);
            arb_clear(g);
        }
    }
    _arb_vec_swap(r->v, t, LEN(n));
    _arb_vec_clear(t, LEN(n));
}

typedef struct {
    arb_t f0, f1, f2;
} f3_t;

static void f3_init(f3_t *f) { arb_init(f->f0); arb_init(f->f1); arb_init(f->f2); }
static void f3_apply(tl_jet_t *r, const tl_jet_t *a, f3_t *f, slong prec)
{
    tl_jet_chain(r, a, f->f0, f->f1, f->f2, prec);
    arb_clear(f->f0); arb_clear(f->f1); arb_clear(f->f2);
}

void tl_jet_sin(tl_jet_t *r, const tl_jet_t *a, slong prec)
{
    f3_t f;
    f3_init(&f);
    arb_sin_cos(f.f0, f.f1, a->v, prec);
    arb_neg(f.f2, f.f0);
    f3_apply(r, a, &f, prec);
}

void tl_jet_cos(tl_jet_t *r, const tl_jet_t *a, slong prec)
{
    f3_t f;
    f3_init(&f);
    arb_sin_cos(f.f1, f.f0, a->v, prec);
    arb_neg(f.f1, f.f1);
    arb_neg(f.f2, f.f0);
    f3_apply(r, a, &f, prec);
}

/* sqrt: f' = 1/(2 sqrt a), f'' = -1/(4 a sqrt a); both unbounded (indeterminate) where a's range reaches 0 */
void tl_jet_sqrt(tl_jet_t *r, const tl_jet_t *a, slong prec)
{
    f3_t f;
    f3_init(&f);
    arb_sqrtpos(f.f0, a->v, prec);
    if (arb_is_positive(a->v)) {
        arb_mul_2exp_si(f.f1, f.f0, 1);
        arb_inv(f.f1, f.f1, prec);
        arb_div(f.f2, f.f1, a->v, prec);
        arb_mul_2exp_si(f.f2, f.f2, -1);
        arb_neg(f.f2, f.f2);
    } else {
        arb_indeterminate(f.f1);
        arb_indeterminate(f.f2);
    }
    f3_apply(r, a, &f, prec);
}

void tl_jet_inv(tl_jet_t *r, const tl_jet_t *a, slong prec)
{
    f3_t f;
    f3_init(&f);
    arb_inv(f.f0, a->v, prec);
    arb_sqr(f.f1, f.f0, prec);
    arb_mul(f.f2, f.f1, f.f0, prec);
    arb_neg(f.f1, f.f1);
    arb_mul_2exp_si(f.f2, f.f2, 1);
    f3_apply(r, a, &f, prec);
}

/* S = x - sin x (series with a proven tail near 0), S' = 1 - cos x = 2 sin^2(x/2), S'' = sin x */
void tl_jet_xmsin(tl_jet_t *r, const tl_jet_t *a, slong prec)
{
    f3_t f;
    arb_t h;
    f3_init(&f);
    arb_init(h);
    gdc_xmsin_series_arb(f.f0, a->v, prec);
    arb_mul_2exp_si(h, a->v, -1);
    arb_sin(h, h, prec);
    arb_sqr(f.f1, h, prec);
    arb_mul_2exp_si(f.f1, f.f1, 1);
    arb_sin(f.f2, a->v, prec);
    arb_clear(h);
    f3_apply(r, a, &f, prec);
}

/* G3 = sin x - x cos x (series near 0), G3' = x sin x, G3'' = sin x + x cos x */
void tl_jet_g3(tl_jet_t *r, const tl_jet_t *a, slong prec)
{
    f3_t f;
    arb_t s, c;
    f3_init(&f);
    arb_init(s);
    arb_init(c);
    gdc_g3_series_arb(f.f0, a->v, prec);
    arb_sin_cos(s, c, a->v, prec);
    arb_mul(f.f1, a->v, s, prec);
    arb_mul(f.f2, a->v, c, prec);
    arb_add(f.f2, f.f2, s, prec);
    arb_clear(s);
    arb_clear(c);
    f3_apply(r, a, &f, prec);
}

void tl_jet_pos_sqr(tl_jet_t *r, const tl_jet_t *a, slong prec)
{
    if (arb_is_nonpositive(a->v)) {
        _arb_vec_zero(r->v, LEN(a->n));
        return;
    }
    if (arb_is_positive(a->v)) {
        tl_jet_mul(r, a, a, prec);
        return;
    }
    f3_t f;
    f3_init(&f);
    arb_t m;
    arb_init(m);
    arb_nonnegative_part(m, a->v);          /* [0, max(0, hi)] */
    arb_sqr(f.f0, m, prec);
    arb_mul_2exp_si(f.f1, m, 1);
    arb_zero(f.f2);                         /* [0, 2] */
    mag_one(arb_radref(f.f2));
    arb_add_ui(f.f2, f.f2, 1, prec);
    arb_clear(m);
    f3_apply(r, a, &f, prec);
}

void tl_jet_get(arb_t out, arb_ptr jac, arb_ptr hess, const tl_jet_t *a)
{
    int n = a->n;
    arb_set(out, a->v);
    if (jac)
        _arb_vec_set(jac, a->v + 1, n);
    if (hess)
        _arb_vec_set(hess, a->v + 1 + n, n * n);
}
