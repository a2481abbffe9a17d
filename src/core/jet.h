/* Second-order forward jets over Arb balls: a value with its gradient and Hessian in n <= GDC_AJET_MAX variables,
 * for the derivative enclosures of registry rows (fn_arb_jac, fn_arb_hess) of every family. Every operation applies
 * the chain rule in ball arithmetic, so for any input box the gradient and Hessian balls contain the derivatives at
 * every point of the box (the value, gradient and Hessian balls of each operand enclose those quantities over the
 * box, and each rule below is an identity evaluated in ball arithmetic):
 *   (u v)_i = u_i v + u v_i,          (u v)_ij = u_ij v + u_i v_j + u_j v_i + u v_ij,
 *   f(u)_i = f'(u) u_i,               f(u)_ij = f''(u) u_i u_j + f'(u) u_ij,
 * with f, f', f'' evaluated on the value ball of u (u(p) lies in it for every point p of the box); the same for
 * f(u, v) with its partials on the product of the two value balls. A derivative that is unbounded on the box
 * (sqrt, rsqrt or 1/u where u may vanish) comes out non-finite; callers turn it into an indeterminate entry
 * (gdc_ajet_get). A row writes its stable form once in jets: the derivatives of an exact identity are the
 * derivatives of the function, and a product of small factors stays a product. The arithmetic is in jet.c, the
 * elementary functions in jet_elem.c, the registry driver in jet_row.c. */
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
/* r = the constant c (zero derivatives); r = variable number i with value x (i < 0: the constant x) */
void gdc_ajet_const(gdc_ajet_t r, const arb_t c);
void gdc_ajet_const_si(gdc_ajet_t r, slong c);
void gdc_ajet_var(gdc_ajet_t r, const arb_t x, int i);

void gdc_ajet_add(gdc_ajet_t r, const gdc_ajet_t u, const gdc_ajet_t v, slong prec);
void gdc_ajet_sub(gdc_ajet_t r, const gdc_ajet_t u, const gdc_ajet_t v, slong prec);
void gdc_ajet_neg(gdc_ajet_t r, const gdc_ajet_t u);
void gdc_ajet_mul(gdc_ajet_t r, const gdc_ajet_t u, const gdc_ajet_t v, slong prec);
/* u^2 by the chain rule (2u, 2) with the exact range of the squares over the value ball of u as its value (>= 0;
 * tighter than the product u u on a ball around 0, whose m^2 +- (2|m|r + r^2) reaches below 0 once r > |m|/2.5) */
void gdc_ajet_sqr(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_mul_arb(gdc_ajet_t r, const gdc_ajet_t u, const arb_t c, slong prec);
void gdc_ajet_mul_si(gdc_ajet_t r, const gdc_ajet_t u, slong c, slong prec);
void gdc_ajet_mul_2exp_si(gdc_ajet_t r, const gdc_ajet_t u, slong e);
void gdc_ajet_add_arb(gdc_ajet_t r, const gdc_ajet_t u, const arb_t c, slong prec);
void gdc_ajet_add_si(gdc_ajet_t r, const gdc_ajet_t u, slong c, slong prec);
/* r = f(u) from balls f0 = f(u), f1 = f'(u), f2 = f''(u) enclosing them over the value ball of u */
void gdc_ajet_compose(gdc_ajet_t r, const gdc_ajet_t u, const arb_t f0, const arb_t f1, const arb_t f2, slong prec);
/* r = f(u, v) from balls enclosing f and its first and second partials over the product of the value balls */
void gdc_ajet_compose2(gdc_ajet_t r, const gdc_ajet_t u, const gdc_ajet_t v, const arb_t f0, const arb_t fu,
                       const arb_t fv, const arb_t fuu, const arb_t fuv, const arb_t fvv, slong prec);

/* elementary functions (jet_elem.c) */
void gdc_ajet_exp(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_expm1(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_sin(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_cos(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_sin_cos(gdc_ajet_t s, gdc_ajet_t c, const gdc_ajet_t u, slong prec); /* c must not alias u */
void gdc_ajet_sin_pi(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_cos_pi(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_atan(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_pow_ui(gdc_ajet_t r, const gdc_ajet_t u, ulong e, slong prec);
void gdc_ajet_sqrt(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
/* sqrt of a quantity >= 0 by a proof at the call: the value ball is cut at 0 (arb_sqrtpos); the derivatives are
 * indeterminate unless the value ball of u is positive */
void gdc_ajet_sqrtpos(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_rsqrt(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_inv(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_div(gdc_ajet_t r, const gdc_ajet_t u, const gdc_ajet_t v, slong prec);
/* u^{-1/2}, 1/u and v/u for a quantity u known (by a proof at the call) to be >= lo > 0 at every point of the box:
 * the three derivative balls from the ends of [max(lo, lower end), upper end] (each is monotone), so a sum such
 * as 1 + 2a^2 + ... over [1, 10^28], whose ball loses its lower end, keeps a bounded derivative */
void gdc_ajet_rsqrt_ge(gdc_ajet_t r, const gdc_ajet_t u, slong lo, slong prec);
void gdc_ajet_inv_ge(gdc_ajet_t r, const gdc_ajet_t u, slong lo, slong prec);
void gdc_ajet_div_ge(gdc_ajet_t r, const gdc_ajet_t v, const gdc_ajet_t u, slong lo, slong prec);
/* S(u) = u - sin u and G3(u) = sin u - u cos u, by the series of core/series.h near 0 (no cancellation) */
void gdc_ajet_xmsin(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
void gdc_ajet_g3(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
/* max(0, u)^2: C^1 with a Lipschitz derivative 2 max(0, u); its a.e. second derivative 2 [u > 0] is enclosed by
 * [0, 2] where u's value ball contains 0, which is what the Taylor form with integral remainder integrates */
void gdc_ajet_pos_sqr(gdc_ajet_t r, const gdc_ajet_t u, slong prec);

/* registry driver (jet_row.c). Copies the jet into row k of a registry Jacobian (jac[k * n + j]) and, when hess is
 * not NULL, Hessian (hess[(k * n + i) * n + j]); a non-finite entry becomes indeterminate. */
void gdc_ajet_get(arb_ptr jac, arb_ptr hess, int k, const gdc_ajet_t u);
/* out[k] = the value ball, and the Jacobian and Hessian rows as gdc_ajet_get (each skipped when NULL) */
void gdc_ajet_get_value(arb_ptr out, arb_ptr jac, arb_ptr hess, int k, const gdc_ajet_t u);
/* Sets the derivative entries of argument j (a column of jac, a row and column of hess) of every output
 * indeterminate: a derivative with respect to an integer argument. nout outputs, n arguments. */
void gdc_ajet_indeterminate_arg(arb_ptr jac, arb_ptr hess, int nout, int n, int j);

/* A row's derivative enclosure from its jet form: out = val(x) (the row's fn_arb), then f maps the n argument jets
 * X (variables, or constants for the arguments whose bit is set in int_mask: integer arguments) to the nout output
 * jets F (initialised by the caller with n variables, order 2 when hess is not NULL) at 20 guard bits; the
 * Jacobian (and Hessian) entries are copied out rounded to prec, those of masked arguments set indeterminate, and
 * all entries of an output indeterminate where f returns 0 (no derivative on this box) or the output is not
 * finite. */
typedef int (*gdc_ajet_fn)(gdc_ajet_struct *F, const gdc_ajet_struct *X, slong prec);
/* A row's value from the same jet form: f on the arguments as constant jets (no variables, so no derivative is
 * computed), out[k] = the value ball of output k, indeterminate where f returns 0. With it a row writes its stable
 * form once, for fn_arb and for fn_arb_jac / fn_arb_hess. */
void gdc_ajet_eval_value(arb_ptr out, arb_srcptr x, int n, int nout, gdc_ajet_fn f, slong prec);
void gdc_ajet_eval_row(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, int n, int nout, unsigned int_mask,
                      gdc_arb_fn val, gdc_ajet_fn f, slong prec);

/* Defines PREFIX_jac and PREFIX_hess, a row's fn_arb_jac and fn_arb_hess, from its value fn_arb and its jet form
 * (gdc_ajet_eval_row with n arguments, nout outputs, integer arguments int_mask). With fn_arb NULL the values are
 * the jet's own value balls (at the jet's working precision, rounded to prec), which saves the separate evaluation
 * where fn_arb is the same jet form (gdc_ajet_eval_value). */
#define GDC_AJET_ROW_DERIVS(prefix, n, nout, int_mask, fn_arb, jetfn)                                          \
    void prefix##_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec)                                    \
    {                                                                                                        \
        gdc_ajet_eval_row(out, jac, NULL, x, n, nout, int_mask, fn_arb, jetfn, prec);                        \
    }                                                                                                        \
    void prefix##_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)                     \
    {                                                                                                        \
        gdc_ajet_eval_row(out, jac, hess, x, n, nout, int_mask, fn_arb, jetfn, prec);                        \
    }

#endif
