/* Second-order forward jets over Arb balls (jet.h): the arithmetic, and the chain rule of calculus for f(u) and
 * f(u, v) in ball arithmetic. Results may alias operands (each operation builds its result in a temporary jet). */
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
    if (i >= 0)
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

void gdc_ajet_add_si(gdc_ajet_t r, const gdc_ajet_t u, slong c, slong prec)
{
    gdc_ajet_set(r, u);
    arb_add_si(&r->v, &r->v, c, prec);
}

void gdc_ajet_mul(gdc_ajet_t r, const gdc_ajet_t u, const gdc_ajet_t v, slong prec)
{
    gdc_ajet_t t;
    int n = u->n;
    if (n == 0 && r->n == 0) { /* no variables (a value, gdc_ajet_eval_value): no temporary needed */
        arb_mul(&r->v, &u->v, &v->v, prec);
        return;
    }
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

void gdc_ajet_compose(gdc_ajet_t r, const gdc_ajet_t u, const arb_t f0, const arb_t f1, const arb_t f2, slong prec)
{
    gdc_ajet_t t;
    int n = u->n;
    if (n == 0 && r->n == 0) {
        arb_set(&r->v, f0);
        return;
    }
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

/* (f(u, v))_i = f_u u_i + f_v v_i,
 * (f(u, v))_ij = f_u u_ij + f_v v_ij + f_uu u_i u_j + f_vv v_i v_j + f_uv (u_i v_j + u_j v_i) */
void gdc_ajet_compose2(gdc_ajet_t r, const gdc_ajet_t u, const gdc_ajet_t v, const arb_t f0, const arb_t fu,
                       const arb_t fv, const arb_t fuu, const arb_t fuv, const arb_t fvv, slong prec)
{
    gdc_ajet_t t;
    arb_t w;
    int n = u->n;
    gdc_ajet_init(t, n, u->order);
    arb_init(w);
    arb_set(&t->v, f0);
    for (int i = 0; i < n; i++) {
        arb_mul(t->g + i, fu, u->g + i, prec);
        arb_addmul(t->g + i, fv, v->g + i, prec);
    }
    if (u->order > 1)
        for (int a = 0; a < n; a++)
            for (int b = a; b < n; b++) {
                arb_ptr e = H(t, a, b);
                arb_mul(e, fu, H(u, a, b), prec);
                arb_addmul(e, fv, H(v, a, b), prec);
                arb_mul(w, u->g + a, u->g + b, prec);
                arb_addmul(e, fuu, w, prec);
                arb_mul(w, v->g + a, v->g + b, prec);
                arb_addmul(e, fvv, w, prec);
                arb_mul(w, u->g + a, v->g + b, prec);
                arb_addmul(w, u->g + b, v->g + a, prec);
                arb_addmul(e, fuv, w, prec);
                arb_set(H(t, b, a), e);
            }
    gdc_ajet_swap(r, t);
    gdc_ajet_clear(t);
    arb_clear(w);
}
