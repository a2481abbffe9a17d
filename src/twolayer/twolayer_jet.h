/* Second-order jets over Arb balls for the twolayer rows: a value, its gradient and Hessian in n <= 5 variables,
 * each entry a ball enclosing the exact quantity over the whole input box (forward-mode differentiation with
 * interval arithmetic). A univariate function f enters through balls containing f, f', f'' over the range of its
 * argument (chain rule: (f o u)' = f' u', (f o u)'' = f' u'' + f'' u' u'^T). */
#ifndef GDC_TWOLAYER_JET_H
#define GDC_TWOLAYER_JET_H
#include "gdc_arb.h"

typedef struct {
    int n;
    arb_ptr v; /* v[0] value, v[1 + i] gradient, v[1 + n + i n + j] Hessian */
} tl_jet_t;

void tl_jet_init(tl_jet_t *a, int n);
void tl_jet_clear(tl_jet_t *a);
/* the i-th variable with value x (i < 0: a constant) */
void tl_jet_var(tl_jet_t *a, const arb_t x, int i);
void tl_jet_add(tl_jet_t *r, const tl_jet_t *a, const tl_jet_t *b, slong prec);
void tl_jet_sub(tl_jet_t *r, const tl_jet_t *a, const tl_jet_t *b, slong prec);
void tl_jet_mul(tl_jet_t *r, const tl_jet_t *a, const tl_jet_t *b, slong prec);
void tl_jet_scale(tl_jet_t *r, const tl_jet_t *a, const arb_t c, slong prec);
void tl_jet_add_arb(tl_jet_t *r, const tl_jet_t *a, const arb_t c, slong prec);
/* r = f(a), f0, f1, f2 enclosing f, f', f'' over the range of a's value */
void tl_jet_chain(tl_jet_t *r, const tl_jet_t *a, const arb_t f0, const arb_t f1, const arb_t f2, slong prec);
void tl_jet_sin(tl_jet_t *r, const tl_jet_t *a, slong prec);
void tl_jet_cos(tl_jet_t *r, const tl_jet_t *a, slong prec);
void tl_jet_sqrt(tl_jet_t *r, const tl_jet_t *a, slong prec);   /* a >= 0 mathematically */
void tl_jet_inv(tl_jet_t *r, const tl_jet_t *a, slong prec);
void tl_jet_xmsin(tl_jet_t *r, const tl_jet_t *a, slong prec);  /* S(x) = x - sin x */
void tl_jet_g3(tl_jet_t *r, const tl_jet_t *a, slong prec);     /* G3(x) = sin x - x cos x */
/* max(0, a)^2: C^1 with a Lipschitz derivative 2 max(0, a); its a.e. second derivative 2 [a > 0] is enclosed by
 * [0, 2] where a's range contains 0, which is what the Taylor form with integral remainder integrates */
void tl_jet_pos_sqr(tl_jet_t *r, const tl_jet_t *a, slong prec);
/* copy value, gradient and Hessian into out (and jac, hess rows when not NULL), nargs = a->n */
void tl_jet_get(arb_t out, arb_ptr jac, arb_ptr hess, const tl_jet_t *a);

#endif
