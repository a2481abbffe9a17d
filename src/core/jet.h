/* Second-order forward jets over Arb balls: a value with its gradient and Hessian in n <= GDC_AJET_MAX variables,
 * for the derivative enclosures of registry rows (fn_arb_jac, fn_arb_hess). Every operation applies the chain rule
 * in ball arithmetic, so for any input box the gradient and Hessian balls contain the derivatives at every point
 * of the box (the value, gradient and Hessian balls of each operand enclose those quantities over the box, and
 * each rule below is an identity evaluated in ball arithmetic):
 *   (u v)_i = u_i v + u v_i,          (u v)_ij = u_ij v + u_i v_j + u_j v_i + u v_ij,
 *   f(u)_i = f'(u) u_i,               f(u)_ij = f''(u) u_i u_j + f'(u) u_ij.
 * A derivative that is unbounded on the box (sqrt or 1/u where u may vanish) comes out non-finite; callers turn it
 * into an indeterminate entry (gdc_ajet_get). A row writes its stable form once in jets: the derivatives of an
 * exact identity are the derivatives of the function, and a product of small factors stays a product. */
#ifndef GDC_AJET_H
#define GDC_AJET_H
#include "gdc_arb.h"
#include "core/registry.h"

#define GDC_AJET_MAX GDC_MAX_ARGS

typedef struct {
    int n;     /* number of variables */
    int order; /* 1: value and gradient; 2: also the Hessian */
    int an, ao; /* the entries initialised: g[0..an), and h[0..an*an) when ao > 1 (init, clear, set) */
    arb_struct v;
    arb_struct g[GDC_AJET_MAX];
    arb_struct h[GDC_AJET_MAX * GDC_AJET_MAX]; /* h[i * n + j], symmetric */
} gdc_ajet_struct;
typedef gdc_ajet_struct gdc_ajet_t[1];

void gdc_ajet_init(gdc_ajet_t j, int n, int order);
void gdc_ajet_clear(gdc_ajet_t j);
/* init / clear a NULL-terminated list of jets */
void gdc_ajet_inits(int n, int order, gdc_ajet_struct *j, ...);
void gdc_ajet_clears(gdc_ajet_struct *j, ...);
void gdc_ajet_set(gdc_ajet_t r, const gdc_ajet_t u);
void gdc_ajet_swap(gdc_ajet_t r, gdc_ajet_t u);
/* r = the constant c (zero derivatives); r = variable number i with value x */
void gdc_ajet_const(gdc_ajet_t r, const arb_t c);
void gdc_ajet_const_si(gdc_ajet_t r, slong c);
void gdc_ajet_var(gdc_ajet_t r, const arb_t x, int i);

void gdc_ajet_add(gdc_ajet_t r, const gdc_ajet_t u, const gdc_ajet_t v, slong prec);
void gdc_ajet_sub(gdc_ajet_t r, const gdc_ajet_t u, const gdc_ajet_t v, slong prec);
void gdc_ajet_neg(gdc_ajet_t r, const gdc_ajet_t u);
void gdc_ajet_mul(gdc_ajet_t r, const gdc_ajet_t u, const gdc_ajet_t v, slong prec);
/* u^2 (the value ball keeps only its non-negative part) */
void gdc_ajet_sqr(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_mul_arb(gdc_ajet_t r, const gdc_ajet_t u, const arb_t c, slong prec);
void gdc_ajet_mul_si(gdc_ajet_t r, const gdc_ajet_t u, slong c, slong prec);
void gdc_ajet_mul_2exp_si(gdc_ajet_t r, const gdc_ajet_t u, slong e);
void gdc_ajet_add_arb(gdc_ajet_t r, const gdc_ajet_t u, const arb_t c, slong prec);
/* r = f(u) from balls f0 = f(u), f1 = f'(u), f2 = f''(u) enclosing them over the value ball of u */
void gdc_ajet_compose(gdc_ajet_t r, const gdc_ajet_t u, const arb_t f0, const arb_t f1, const arb_t f2, slong prec);
void gdc_ajet_exp(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_expm1(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_sin(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_cos(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_sqrt(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_inv(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_div(gdc_ajet_t r, const gdc_ajet_t u, const gdc_ajet_t v, slong prec);

/* Copies the jet into row k of a registry Jacobian (jac[k * n + j]) and, when hess is not NULL, Hessian
 * (hess[(k * n + i) * n + j]); a non-finite entry becomes indeterminate. */
void gdc_ajet_get(arb_ptr jac, arb_ptr hess, int k, const gdc_ajet_t u);
/* Sets the derivative entries of argument j (a column of jac, a row and column of hess) of every output
 * indeterminate: a derivative with respect to an integer argument. nout outputs, n arguments. */
void gdc_ajet_indeterminate_arg(arb_ptr jac, arb_ptr hess, int nout, int n, int j);

/* A row's derivative enclosure from its jet form: out = val(x) (the row's fn_arb), then f maps the n argument jets
 * X (variables, or constants for the arguments whose bit is set in int_mask: integer arguments) to the nout output
 * jets F (initialised by the caller with n variables, order 2 when hess is not NULL); the Jacobian (and Hessian)
 * entries are copied out, those of masked arguments set indeterminate. */
typedef void (*gdc_ajet_fn)(gdc_ajet_struct *F, const gdc_ajet_struct *X, slong prec);
void gdc_ajet_eval_row(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, int n, int nout, unsigned int_mask,
                      gdc_arb_fn val, gdc_ajet_fn f, slong prec);

#endif
