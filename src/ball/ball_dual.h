/* First-order dual numbers over up to 5 arguments in Arb (value and gradient), for the closed-form coefficients
 * of ball.disk_cross; rigorous on wide balls like the arb operations they are made of. */
#ifndef GDC_BALL_DUAL_H
#define GDC_BALL_DUAL_H
#include "gdc_arb.h"

#define GDC_BALL_NDUAL 5
typedef struct {
    arb_t v;
    arb_t d[GDC_BALL_NDUAL];
} gdc_ball_dual_t;

void gdc_ball_dual_init(gdc_ball_dual_t *a);
void gdc_ball_dual_clear(gdc_ball_dual_t *a);
/* a = x with derivative e_i (i < 0: a constant) */
void gdc_ball_dual_set(gdc_ball_dual_t *a, const arb_t x, int i);
void gdc_ball_dual_add(gdc_ball_dual_t *r, const gdc_ball_dual_t *a, const gdc_ball_dual_t *b, slong prec);
void gdc_ball_dual_sub(gdc_ball_dual_t *r, const gdc_ball_dual_t *a, const gdc_ball_dual_t *b, slong prec);
void gdc_ball_dual_mul(gdc_ball_dual_t *r, const gdc_ball_dual_t *a, const gdc_ball_dual_t *b, slong prec);
void gdc_ball_dual_mul_arb(gdc_ball_dual_t *r, const gdc_ball_dual_t *a, const arb_t c, slong prec);
void gdc_ball_dual_inv(gdc_ball_dual_t *r, const gdc_ball_dual_t *a, slong prec);

#endif
