/* First-order dual numbers in Arb (see ball_dual.h): (a b)' = a' b + a b', (1/a)' = -a'/a^2. */
#include "ball/ball_dual.h"

void gdc_ball_dual_init(gdc_ball_dual_t *a)
{
    arb_init(a->v);
    for (int i = 0; i < GDC_BALL_NDUAL; i++)
        arb_init(a->d[i]);
}

void gdc_ball_dual_clear(gdc_ball_dual_t *a)
{
    arb_clear(a->v);
    for (int i = 0; i < GDC_BALL_NDUAL; i++)
        arb_clear(a->d[i]);
}

void gdc_ball_dual_set(gdc_ball_dual_t *a, const arb_t x, int i)
{
    arb_set(a->v, x);
    for (int j = 0; j < GDC_BALL_NDUAL; j++)
        arb_set_si(a->d[j], j == i);
}

void gdc_ball_dual_add(gdc_ball_dual_t *r, const gdc_ball_dual_t *a, const gdc_ball_dual_t *b, slong prec)
{
    arb_add(r->v, a->v, b->v, prec);
    for (int i = 0; i < GDC_BALL_NDUAL; i++)
        arb_add(r->d[i], a->d[i], b->d[i], prec);
}

void gdc_ball_dual_sub(gdc_ball_dual_t *r, const gdc_ball_dual_t *a, const gdc_ball_dual_t *b, slong prec)
{
    arb_sub(r->v, a->v, b->v, prec);
    for (int i = 0; i < GDC_BALL_NDUAL; i++)
        arb_sub(r->d[i], a->d[i], b->d[i], prec);
}

void gdc_ball_dual_mul(gdc_ball_dual_t *r, const gdc_ball_dual_t *a, const gdc_ball_dual_t *b, slong prec)
{
    arb_t t, u;
    arb_init(t), arb_init(u);
    for (int i = 0; i < GDC_BALL_NDUAL; i++) {
        arb_mul(t, a->d[i], b->v, prec);
        arb_mul(u, a->v, b->d[i], prec);
        arb_add(r->d[i], t, u, prec); /* r may alias a or b: the values are read before r->v is written */
    }
    arb_mul(r->v, a->v, b->v, prec);
    arb_clear(t), arb_clear(u);
}

void gdc_ball_dual_mul_arb(gdc_ball_dual_t *r, const gdc_ball_dual_t *a, const arb_t c, slong prec)
{
    arb_mul(r->v, a->v, c, prec);
    for (int i = 0; i < GDC_BALL_NDUAL; i++)
        arb_mul(r->d[i], a->d[i], c, prec);
}

void gdc_ball_dual_inv(gdc_ball_dual_t *r, const gdc_ball_dual_t *a, slong prec)
{
    arb_t q;
    arb_init(q);
    arb_inv(q, a->v, prec);
    arb_set(r->v, q);
    arb_sqr(q, q, prec);
    arb_neg(q, q);
    for (int i = 0; i < GDC_BALL_NDUAL; i++)
        arb_mul(r->d[i], a->d[i], q, prec);
    arb_clear(q);
}
