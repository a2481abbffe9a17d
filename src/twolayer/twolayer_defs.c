/* Definition checks of the twolayer rows (001_66813dc1ca3a5435.txt; seed-001 C1, C4, C5, C6, C8, C12, C13), rigorous:
 *   loss: the paper's form (a) from the Gaussian expectations, L = E[(relu(w1.x) - relu(w2.x) - a.x)^2]/2
 *     = n1^2/4 + n2^2/4 - E[relu(w1.x) relu(w2.x)] - a.w1/2 + a.w2/2 + ||a||^2/2 (Stein: E[relu(w.x) x] = w/2),
 *     with E[relu relu] by the relu.kernel row's own definition check (the angular integral of its defining
 *     expectation, through the registry) and a.w1, a.w2 from e1, e2 at ||a|| = 1:
 *     a.w1 = (n1^2 + 1 - e1^2)/2, a.w2 = (e2^2 - n2^2 - 1)/2 (form (a) and (b) agree for every a);
 *   htilde: h = <W - W*, grad L> - alpha ||W - W*||^2 evaluated from vectors in R^2 (w1 = n1 (1, 0),
 *     w2 = n2 (cos t, sin t)) at the minimising target a = s* G/|G|, G = gamma_1 w1 + gamma_2 w2 (corrected sign),
 *     s* = max(s_min, |G|/(2q)), with the gradient rows of C8, grad_1 = (w1 - a)/2 - g(w1, w2),
 *     grad_2 = (w2 + a)/2 - g(w2, w1), g(u, v) = (|v| sin t u/|u| + (pi - t) v)/(2 pi) (C6): this checks the C12
 *     identity h = g0 - G.a + q ||a||^2 with the corrected gamma_1 and the minimisation over a (not the direct
 *     Gaussian integral of the correlation);
 *   sum_step: one population GD step of the vectors w1 = 2 (1, 0), w2 = (cos t, sin t) with the C8 gradients and
 *     a = (3/10, -7/10); w1' + w2' = c1 w1/|w1| + c2 w2/|w2| gives p + q = (c1 + c2)/3 and p - q = c1 - c2
 *     (C13: c1 = p n1 + q n2, c2 = p n2 + q n1 with n1 = 2, n2 = 1); undecidable at sin t = 0 (returns 1). */
#include "twolayer/twolayer.h"
#include "twolayer/twolayer_defs.h"
#include "core/registry.h"

int gdc_twolayer_def_loss(arb_ptr out, const double *x, slong prec)
{
    const gdc_row_t *kr = gdc_registry_find("relu.kernel");
    if (!kr || !kr->ndefchecks || !kr->defchecks[0].arb)
        return 1;
    double kx[3] = {x[2], x[3], x[4]};
    arb_ptr K = _arb_vec_init(1);
    int st = kr->defchecks[0].arb(K, kx, prec);
    arb_t t, u;
    arb_init(t);
    arb_init(u);
    arb_set_d(t, x[2]);                       /* n1^2/4 + n2^2/4 + 1/2 */
    arb_sqr(t, t, prec);
    arb_set_d(u, x[3]);
    arb_addmul(t, u, u, prec);
    arb_mul_2exp_si(t, t, -2);
    arb_set_d(u, 0.5);
    arb_add(t, t, u, prec);
    arb_sub(t, t, K, prec);
    arb_set_d(u, x[2]);                       /* - a.w1/2 = -(n1^2 + 1 - e1^2)/4 */
    arb_sqr(u, u, prec);
    arb_add_ui(u, u, 1, prec);
    arb_t e;
    arb_init(e);
    arb_set_d(e, x[0]);
    arb_submul(u, e, e, prec);
    arb_mul_2exp_si(u, u, -2);
    arb_sub(t, t, u, prec);
    arb_set_d(e, x[1]);                       /* + a.w2/2 = (e2^2 - n2^2 - 1)/4 */
    arb_sqr(u, e, prec);
    arb_set_d(e, x[3]);
    arb_submul(u, e, e, prec);
    arb_sub_ui(u, u, 1, prec);
    arb_mul_2exp_si(u, u, -2);
    arb_add(out, t, u, prec);
    arb_clear(e);
    arb_clear(t);
    arb_clear(u);
    _arb_vec_clear(K, 1);
    return st;
}

/* g(u, v) of C6 for 2-vectors: (|v| sin t u/|u| + (pi - t) v)/(2 pi), ubar given */
static void kernel_grad(arb_ptr r, arb_srcptr ubar, arb_srcptr v, const arb_t nv, const arb_t st, const arb_t pmt,
                        const arb_t twopi, slong prec)
{
    for (int i = 0; i < 2; i++) {
        arb_mul(r + i, nv, st, prec);
        arb_mul(r + i, r + i, ubar + i, prec);
        arb_addmul(r + i, pmt, v + i, prec);
        arb_div(r + i, r + i, twopi, prec);
    }
}

typedef struct {
    arb_ptr w1b, w2b, w1, w2; /* unit vectors and the vectors */
    arb_t n1, n2, s, c, pmt, twopi;
} geom_t;

static void geom_init(geom_t *g, const arb_t t, const arb_t n1, const arb_t n2, slong prec)
{
    g->w1b = _arb_vec_init(2); g->w2b = _arb_vec_init(2); g->w1 = _arb_vec_init(2); g->w2 = _arb_vec_init(2);
    arb_init(g->n1); arb_init(g->n2); arb_init(g->s); arb_init(g->c); arb_init(g->pmt); arb_init(g->twopi);
    arb_set(g->n1, n1);
    arb_set(g->n2, n2);
    arb_sin_cos(g->s, g->c, t, prec);
    arb_const_pi(g->pmt, prec);
    arb_mul_2exp_si(g->twopi, g->pmt, 1);
    arb_sub(g->pmt, g->pmt, t, prec);
    arb_one(g->w1b);
    arb_set(g->w2b, g->c);
    arb_set(g->w2b + 1, g->s);
    _arb_vec_scalar_mul(g->w1, g->w1b, 2, n1, prec);
    _arb_vec_scalar_mul(g->w2, g->w2b, 2, n2, prec);
}

static void geom_clear(geom_t *g)
{
    _arb_vec_clear(g->w1b, 2); _arb_vec_clear(g->w2b, 2); _arb_vec_clear(g->w1, 2); _arb_vec_clear(g->w2, 2);
    arb_clear(g->n1); arb_clear(g->n2); arb_clear(g->s); arb_clear(g->c); arb_clear(g->pmt); arb_clear(g->twopi);
}

/* the C8 gradient rows at target a: d1 = (w1 - a)/2 - g(w1, w2), d2 = (w2 + a)/2 - g(w2, w1) */
static void grads(arb_ptr d1, arb_ptr d2, const geom_t *g, arb_srcptr a, slong prec)
{
    arb_ptr k = _arb_vec_init(2);
    kernel_grad(k, g->w1b, g->w2, g->n2, g->s, g->pmt, g->twopi, prec);
    _arb_vec_sub(d1, g->w1, a, 2, prec);
    _arb_vec_scalar_mul_2exp_si(d1, d1, 2, -1);
    _arb_vec_sub(d1, d1, k, 2, prec);
    kernel_grad(k, g->w2b, g->w1, g->n1, g->s, g->pmt, g->twopi, prec);
    _arb_vec_add(d2, g->w2, a, 2, prec);
    _arb_vec_scalar_mul_2exp_si(d2, d2, 2, -1);
    _arb_vec_sub(d2, d2, k, 2, prec);
    _arb_vec_clear(k, 2);
}

int gdc_twolayer_def_htilde(arb_ptr out, const double *x, slong prec)
{
    arb_t t, n1, n2, al, q, u, v, sm;
    arb_init(t); arb_init(n1); arb_init(n2); arb_init(al); arb_init(q); arb_init(u); arb_init(v); arb_init(sm);
    arb_set_d(t, x[0]);
    arb_set_d(u, x[1]);
    arb_sin_cos(n2, n1, u, prec);
    arb_set_d(al, x[2]);
    arb_mul_2exp_si(q, al, 1);
    arb_sub_ui(q, q, 1, prec);
    arb_neg(q, q);
    geom_t g;
    geom_init(&g, t, n1, n2, prec);
    arb_ptr G = _arb_vec_init(2), a = _arb_vec_init(2), d1 = _arb_vec_init(2), d2 = _arb_vec_init(2);
    arb_ptr r1 = _arb_vec_init(2), r2 = _arb_vec_init(2);
    /* G = gamma_1 w1 + gamma_2 w2 = c_a (w1 - w2) + sin t (n1 w2b - n2 w1b)/(2 pi), c_a = (3 pi - t)/(2 pi) - 2 alpha */
    arb_const_pi(u, prec);
    arb_mul_ui(u, u, 3, prec);
    arb_sub(u, u, t, prec);
    arb_div(u, u, g.twopi, prec);
    arb_submul_ui(u, al, 2, prec);
    _arb_vec_sub(G, g.w1, g.w2, 2, prec);
    _arb_vec_scalar_mul(G, G, 2, u, prec);
    arb_div(v, g.s, g.twopi, prec);
    for (int i = 0; i < 2; i++) {
        arb_mul(u, n1, g.w2b + i, prec);
        arb_submul(u, n2, g.w1b + i, prec);
        arb_addmul(G + i, v, u, prec);
    }
    /* s* = max(s_min, |G|/(2q)), a = s* G/|G| */
    _arb_vec_add(a, g.w1, g.w2, 2, prec);
    arb_dot(sm, NULL, 0, a, 1, a, 1, 2, prec);
    arb_sqrtpos(sm, sm, prec);
    arb_set_d(u, x[3]);
    arb_div(sm, sm, u, prec);
    arb_dot(u, NULL, 0, G, 1, G, 1, 2, prec);
    arb_sqrtpos(u, u, prec);
    arb_div(v, u, q, prec);
    arb_mul_2exp_si(v, v, -1);
    arb_max(v, v, sm, prec);
    arb_div(v, v, u, prec);
    _arb_vec_scalar_mul(a, G, 2, v, prec);
    /* h = <w1 - a, d1> + <w2 + a, d2> - alpha (|w1 - a|^2 + |w2 + a|^2) */
    grads(d1, d2, &g, a, prec);
    _arb_vec_sub(r1, g.w1, a, 2, prec);
    _arb_vec_add(r2, g.w2, a, 2, prec);
    arb_dot(u, NULL, 0, r1, 1, d1, 1, 2, prec);
    arb_dot(u, u, 0, r2, 1, d2, 1, 2, prec);
    arb_dot(v, NULL, 0, r1, 1, r1, 1, 2, prec);
    arb_dot(v, v, 0, r2, 1, r2, 1, 2, prec);
    arb_submul(u, al, v, prec);
    arb_set(out, u);
    int st = !arb_is_finite(out);
    _arb_vec_clear(G, 2); _arb_vec_clear(a, 2); _arb_vec_clear(d1, 2); _arb_vec_clear(d2, 2);
    _arb_vec_clear(r1, 2); _arb_vec_clear(r2, 2);
    geom_clear(&g);
    arb_clear(t); arb_clear(n1); arb_clear(n2); arb_clear(al); arb_clear(q); arb_clear(u); arb_clear(v); arb_clear(sm);
    return st;
}

int gdc_twolayer_def_sum_step(arb_ptr out, const double *x, slong prec)
{
    arb_t t, n1, n2, mu, c1, c2;
    arb_init(t); arb_init(n1); arb_init(n2); arb_init(mu); arb_init(c1); arb_init(c2);
    arb_set_d(t, x[0]);
    arb_set_ui(n1, 2);
    arb_one(n2);
    arb_set_d(mu, x[1]);
    geom_t g;
    geom_init(&g, t, n1, n2, prec);
    arb_ptr a = _arb_vec_init(2), d1 = _arb_vec_init(2), d2 = _arb_vec_init(2), S = _arb_vec_init(2);
    arb_set_d(a, 0.3);
    arb_set_d(a + 1, -0.7);
    grads(d1, d2, &g, a, prec);
    _arb_vec_add(S, g.w1, g.w2, 2, prec);     /* w1' + w2' = w1 + w2 - mu (d1 + d2) */
    _arb_vec_add(d1, d1, d2, 2, prec);
    for (int i = 0; i < 2; i++)
        arb_submul(S + i, d1 + i, mu, prec);
    arb_div(c2, S + 1, g.s, prec);            /* S = c1 (1, 0) + c2 (cos t, sin t) */
    arb_set(c1, S);
    arb_submul(c1, c2, g.c, prec);
    arb_add(out, c1, c2, prec);
    arb_div_ui(out, out, 3, prec);
    arb_sub(out + 1, c1, c2, prec);
    int st = !arb_is_finite(out) || !arb_is_finite(out + 1);
    _arb_vec_clear(a, 2); _arb_vec_clear(d1, 2); _arb_vec_clear(d2, 2); _arb_vec_clear(S, 2);
    geom_clear(&g);
    arb_clear(t); arb_clear(n1); arb_clear(n2); arb_clear(mu); arb_clear(c1); arb_clear(c2);
    return st;
}
