/* Second-order forward jets over Arb balls (jet.h): the chain and product rules of calculus in ball arithmetic.
 * Results may alias operands (each operation builds its result in a temporary jet). */
#include <stdarg.h>
#include "core/jet.h"

#define H(j, a, b) ((j)->h + (a) * (j)->n + (b))

/* Only the entries a jet of n variables and this order uses are initialised (a jet is built in a temporary for
 * every operation: initialising all GDC_AJET_MAX^2 Hessian entries cost a quarter of a row's derivative time). */
static int hess_entries(int n, int order) { return order > 1 ? n * n : 0; }

/* the initialised entries grow to cover n variables and this order */
static void ajet_reserve(gdc_ajet_t j, int n, int order)
{
    if (n > j->an) {
        for (int i = j->an; i < n; i++)
            arb_init(j->g + i);
    }
    int had = hess_entries(j->an, j->ao), want = hess_entries(n > j->an ? n : j->an, order > j->ao ? order : j->ao);
    if (want > had) {
        /* Hessian entries are indexed a * n + b: initialise the whole new range */
        for (int i = had; i < want; i++)
            arb_init(j->h + i);
    }
    if (n > j->an)
        j->an = n;
    if (order > j->ao)
        j->ao = order;
}

void gdc_ajet_init(gdc_ajet_t j, int n, int order)
{
    j->n = n;
    j->order = order;
    j->an = 0;
    j->ao = 1;
    arb_init(&j->v);
    ajet_reserve(j, n, order);
}

void gdc_ajet_clear(gdc_ajet_t j)
{
    arb_clear(&j->v);
    for (int i = 0; i < j->an; i++)
        arb_clear(j->g + i);
    for (int i = 0; i < hess_entries(j->an, j->ao); i++)
        arb_clear(j->h + i);
}

void gdc_ajet_inits(int n, int order, gdc_ajet_struct *j, ...)
{
    va_list ap;
    va_start(ap, j);
    for (; j != NULL; j = va_arg(ap, gdc_ajet_struct *))
        gdc_ajet_init(j, n, order);
    va_end(ap);
}

void gdc_ajet_clears(gdc_ajet_struct *j, ...)
{
    va_list ap;
    va_start(ap, j);
    for (; j != NULL; j = va_arg(ap, gdc_ajet_struct *))
        gdc_ajet_clear(j);
    va_end(ap);
}

void gdc_ajet_set(gdc_ajet_t r, const gdc_ajet_t u)
{
    if (r == u)
        return;
    ajet_reserve(r, u->n, u->order);
    r->n = u->n;
    r->order = u->order;
    arb_set(&r->v, &u->v);
    for (int i = 0; i < u->n; i++)
        arb_set(r->g + i, u->g + i);
    if (u->order > 1)
        for (int i = 0; i < u->n * u->n; i++)
            arb_set(r->h + i, u->h + i);
}

/* the used entries and the bookkeeping are exchanged (not the whole fixed-size struct) */
void gdc_ajet_swap(gdc_ajet_t r, gdc_ajet_t u)
{
    int an = r->an > u->an ? r->an : u->an, ao = r->ao > u->ao ? r->ao : u->ao, t;
    ajet_reserve(r, an, ao);
    ajet_reserve(u, an, ao);
    arb_swap(&r->v, &u->v);
    for (int i = 0; i < an; i++)
        arb_swap(r->g + i, u->g + i);
    for (int i = 0; i < hess_entries(an, ao); i++)
        arb_swap(r->h + i, u->h + i);
    t = r->n, r->n = u->n, u->n = t;
    t = r->order, r->order = u->order, u->order = t;
}

static void zero_derivs(gdc_ajet_t r)
{
    for (int i = 0; i < r->n; i++)
        arb_zero(r->g + i);
    if (r->order > 1)
        for (int i = 0; i < r->n * r->n; i++)
            arb_zero(r->h + i);
}

void gdc_ajet_const(gdc_ajet_t r, const arb_t c)
{
    arb_set(&r->v, c);
    zero_derivs(r);
}

void gdc_ajet_const_si(gdc_ajet_t r, slong c)
{
    arb_set_si(&r->v, c);
    zero_derivs(r);
}

void gdc_ajet_var(gdc_ajet_t r, const arb_t x, int i)
{
    gdc_ajet_const(r, x);
    arb_one(r->g + i);
}

static void lin2(gdc_ajet_t r, const gdc_ajet_t u, const gdc_ajet_t v, int sub, slong prec)
{
    void (*op)(arb_t, const arb_t, const arb_t, slong) = sub ? arb_sub : arb_add;
    op(&r->v, &u->v, &v->v, prec);
    for (int i = 0; i < u->n; i++)
        op(r->g + i, u->g + i, v->g + i, prec);
    if (u->order > 1)
        for (int i = 0; i < u->n * u->n; i++)
            op(r->h + i, u->h + i, v->h + i, prec);
}

void gdc_ajet_add(gdc_ajet_t r, const gdc_ajet_t u, const gdc_ajet_t v, slong prec) { lin2(r, u, v, 0, prec); }
void gdc_ajet_sub(gdc_ajet_t r, const gdc_ajet_t u, const gdc_ajet_t v, slong prec) { lin2(r, u, v, 1, prec); }

void gdc_ajet_neg(gdc_ajet_t r, const gdc_ajet_t u)
{
    gdc_ajet_set(r, u);
    arb_neg(&r->v, &r->v);
    for (int i = 0; i < u->n; i++)
        arb_neg(r->g + i, r->g + i);
    if (u->order > 1)
        for (int i = 0; i < u->n * u->n; i++)
            arb_neg(r->h + i, r->h + i);
}

void gdc_ajet_mul_arb(gdc_ajet_t r, const gdc_ajet_t u, const arb_t c, slong prec)
{
    gdc_ajet_set(r, u);
    arb_mul(&r->v, &r->v, c, prec);
    for (int i = 0; i < u->n; i++)
        arb_mul(r->g + i, r->g + i, c, prec);
    if (u->order > 1)
        for (int i = 0; i < u->n * u->n; i++)
            arb_mul(r->h + i, r->h + i, c, prec);
}

void gdc_ajet_mul_si(gdc_ajet_t r, const gdc_ajet_t u, slong c, slong prec)
{
    arb_t b;
    arb_init(b);
    arb_set_si(b, c);
    gdc_ajet_mul_arb(r, u, b, prec);
    arb_clear(b);
}

void gdc_ajet_mul_2exp_si(gdc_ajet_t r, const gdc_ajet_t u, slong e)
{
    gdc_ajet_set(r, u);
    arb_mul_2exp_si(&r->v, &r->v, e);
    for (int i = 0; i < u->n; i++)
        arb_mul_2exp_si(r->g + i, r->g + i, e);
    if (u->order > 1)
        for (int i = 0; i < u->n * u->n; i++)
            arb_mul_2exp_si(r->h + i, r->h + i, e);
}

void gdc_ajet_add_arb(gdc_ajet_t r, const gdc_ajet_t u, const arb_t c, slong prec)
{
    gdc_ajet_set(r, u);
    arb_add(&r->v, &r->v, c, prec);
}

void gdc_ajet_mul(gdc_ajet_t r, const gdc_ajet_t u, const gdc_ajet_t v, slong prec)
{
    gdc_ajet_t t;
    int n = u->n;
    gdc_ajet_init(t, n, u->order);
    arb_mul(&t->v, &u->v, &v->v, prec);
    for (int i = 0; i < n; i++) {
        arb_mul(t->g + i, u->g + i, &v->v, prec);
        arb_addmul(t->g + i, &u->v, v->g + i, prec);
    }
    if (u->order > 1)
        for (int a = 0; a < n; a++)
            for (int b = a; b < n; b++) {
                arb_ptr e = H(t, a, b);
                arb_mul(e, H(u, a, b), &v->v, prec);
                arb_addmul(e, &u->v, H(v, a, b), prec);
                arb_addmul(e, u->g + a, v->g + b, prec);
                arb_addmul(e, u->g + b, v->g + a, prec);
                arb_set(H(t, b, a), e);
            }
    gdc_ajet_swap(r, t);
    gdc_ajet_clear(t);
}

void gdc_ajet_sqr(gdc_ajet_t r, const gdc_ajet_t u, slong prec)
{
    gdc_ajet_mul(r, u, u, prec);
    arb_nonnegative_part(&r->v, &r->v);
}

void gdc_ajet_compose(gdc_ajet_t r, const gdc_ajet_t u, const arb_t f0, const arb_t f1, const arb_t f2, slong prec)
{
    gdc_ajet_t t;
    int n = u->n;
    gdc_ajet_init(t, n, u->order);
    arb_set(&t->v, f0);
    for (int i = 0; i < n; i++)
        arb_mul(t->g + i, f1, u->g + i, prec);
    if (u->order > 1)
        for (int a = 0; a < n; a++)
            for (int b = a; b < n; b++) {
                arb_ptr e = H(t, a, b);
                arb_mul(e, u->g + a, u->g + b, prec);
                arb_mul(e, e, f2, prec);
                arb_addmul(e, f1, H(u, a, b), prec);
                arb_set(H(t, b, a), e);
            }
    gdc_ajet_swap(r, t);
    gdc_ajet_clear(t);
}

/* f(u) with the three balls filled by fill(f0, f1, f2, u) */
static void compose_with(gdc_ajet_t r, const gdc_ajet_t u, void (*fill)(arb_t, arb_t, arb_t, const arb_t, slong),
                         slong prec)
{
    arb_t f0, f1, f2;
    arb_init(f0);
    arb_init(f1);
    arb_init(f2);
    fill(f0, f1, f2, &u->v, prec);
    gdc_ajet_compose(r, u, f0, f1, f2, prec);
    arb_clear(f0);
    arb_clear(f1);
    arb_clear(f2);
}

static void fill_exp(arb_t f0, arb_t f1, arb_t f2, const arb_t x, slong prec)
{
    arb_exp(f0, x, prec);
    arb_set(f1, f0);
    arb_set(f2, f0);
}
static void fill_expm1(arb_t f0, arb_t f1, arb_t f2, const arb_t x, slong prec)
{
    arb_expm1(f0, x, prec);
    arb_exp(f1, x, prec);
    arb_set(f2, f1);
}
static void fill_sin(arb_t f0, arb_t f1, arb_t f2, const arb_t x, slong prec)
{
    arb_sin_cos(f0, f1, x, prec);
    arb_neg(f2, f0);
}
static void fill_cos(arb_t f0, arb_t f1, arb_t f2, const arb_t x, slong prec)
{
    arb_sin_cos(f1, f0, x, prec);
    arb_neg(f1, f1);
    arb_neg(f2, f0);
}
/* sqrt: f' = 1/(2 sqrt u), f'' = -1/(4 u sqrt u); not finite where u may be 0 */
static void fill_sqrt(arb_t f0, arb_t f1, arb_t f2, const arb_t x, slong prec)
{
    arb_sqrt(f0, x, prec);
    arb_rsqrt(f1, x, prec);
    arb_mul_2exp_si(f1, f1, -1);
    arb_div(f2, f1, x, prec);
    arb_mul_2exp_si(f2, f2, -1);
    arb_neg(f2, f2);
}
static void fill_inv(arb_t f0, arb_t f1, arb_t f2, const arb_t x, slong prec)
{
    arb_inv(f0, x, prec);
    arb_sqr(f1, f0, prec);
    arb_mul(f2, f1, f0, prec);
    arb_mul_2exp_si(f2, f2, 1);
    arb_neg(f1, f1);
}

void gdc_ajet_exp(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_exp, prec); }
void gdc_ajet_expm1(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_expm1, prec); }
void gdc_ajet_sin(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_sin, prec); }
void gdc_ajet_cos(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_cos, prec); }
void gdc_ajet_sqrt(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_sqrt, prec); }
void gdc_ajet_inv(gdc_ajet_t r, const gdc_ajet_t u, slong prec) { compose_with(r, u, fill_inv, prec); }

void gdc_ajet_div(gdc_ajet_t r, const gdc_ajet_t u, const gdc_ajet_t v, slong prec)
{
    gdc_ajet_t w;
    gdc_ajet_init(w, v->n, v->order);
    gdc_ajet_inv(w, v, prec);
    gdc_ajet_mul(r, u, w, prec);
    gdc_ajet_clear(w);
}

static void copy_entry(arb_ptr dst, const arb_t src)
{
    if (arb_is_finite(src))
        arb_set(dst, src);
    else
        arb_indeterminate(dst);
}

void gdc_ajet_get(arb_ptr jac, arb_ptr hess, int k, const gdc_ajet_t u)
{
    int n = u->n;
    for (int j = 0; j < n; j++)
        copy_entry(jac + k * n + j, u->g + j);
    if (hess == NULL)
        return;
    for (int i = 0; i < n * n; i++)
        if (u->order > 1)
            copy_entry(hess + k * n * n + i, u->h + i);
        else
            arb_indeterminate(hess + k * n * n + i);
}

void gdc_ajet_indeterminate_arg(arb_ptr jac, arb_ptr hess, int nout, int n, int j)
{
    for (int k = 0; k < nout; k++) {
        arb_indeterminate(jac + k * n + j);
        if (hess == NULL)
            continue;
        for (int i = 0; i < n; i++) {
            arb_indeterminate(hess + (k * n + i) * n + j);
            arb_indeterminate(hess + (k * n + j) * n + i);
        }
    }
}

void gdc_ajet_eval_row(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, int n, int nout, unsigned int_mask,
                      gdc_arb_fn val, gdc_ajet_fn f, slong prec)
{
    gdc_ajet_struct X[GDC_AJET_MAX], F[GDC_MAX_OUT];
    int order = hess != NULL ? 2 : 1;
    slong wp = prec + 20;
    val(out, x, prec);
    for (int i = 0; i < n; i++) {
        gdc_ajet_init(X + i, n, order);
        if (int_mask & (1u << i))
            gdc_ajet_const(X + i, x + i);
        else
            gdc_ajet_var(X + i, x + i, i);
    }
    for (int k = 0; k < nout; k++)
        gdc_ajet_init(F + k, n, order);
    f(F, X, wp);
    for (int k = 0; k < nout; k++) {
        gdc_ajet_get(jac, hess, k, F + k);
        for (int i = 0; i < n * (hess != NULL ? n : 0); i++)
            arb_set_round(hess + k * n * n + i, hess + k * n * n + i, prec);
        for (int j = 0; j < n; j++)
            arb_set_round(jac + k * n + j, jac + k * n + j, prec);
    }
    for (int j = 0; j < n; j++)
        if (int_mask & (1u << j))
            gdc_ajet_indeterminate_arg(jac, hess, nout, n, j);
    for (int k = 0; k < nout; k++) /* outside the domain (e.g. an integer argument not an integer): no derivative */
        if (!arb_is_finite(out + k))
            for (int j = 0; j < n * (hess != NULL ? n + 1 : 1); j++)
                arb_indeterminate(j < n ? jac + k * n + j : hess + k * n * n + (j - n));
    for (int i = 0; i < n; i++)
        gdc_ajet_clear(X + i);
    for (int k = 0; k < nout; k++)
        gdc_ajet_clear(F + k);
}
