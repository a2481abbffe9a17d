/* Internal to the erf family: second-order forward jets over Arb balls for the derivative enclosures of the
 * registry rows (fn_arb_jac, fn_arb_hess). A jet of a quantity f(x) of the n row arguments holds balls
 *   v containing f(x), g[j] containing df/dx_j, h[i n + j] containing d^2 f/dx_i dx_j, for every point x of the
 *   input box (inside the row's domain).
 * Each operation applies the chain rule with the derivatives of the elementary function evaluated on the value
 * ball of its argument: for r = phi(a), at every point p of the box
 *   dr = phi'(a(p)) da(p),  d^2 r = phi''(a(p)) da da^T + phi'(a(p)) d^2 a(p),
 * and a(p) lies in a.v, da(p) in a.g, d^2 a(p) in a.h, so ball arithmetic on those balls encloses dr and d^2 r
 * (the same argument for the binary operations, with Leibniz's rule for products). Hence every jet is rigorous
 * on wide boxes; where phi' is unbounded on a.v (sqrt, 1/x or rsqrt at a ball reaching 0) the entries come out
 * indeterminate. ord = 1 skips the Hessian. Not installed. */
#ifndef GDC_ERF_JET_H
#define GDC_ERF_JET_H
#include "core/registry.h"

#define GDC_JET_MAX 6

typedef struct {
    int n, ord;
    arb_t v;
    arb_t g[GDC_JET_MAX];
    arb_t h[GDC_JET_MAX * GDC_JET_MAX];
} gdc_jet_struct;
typedef gdc_jet_struct gdc_jet_t[1];

void gdc_jet_init(gdc_jet_t a, int n, int ord);
void gdc_jet_clear(gdc_jet_t a);
void gdc_jet_set(gdc_jet_t r, const gdc_jet_t a);
/* a constant c; the variable x_i with value ball x */
void gdc_jet_const(gdc_jet_t r, const arb_t c);
void gdc_jet_const_si(gdc_jet_t r, slong c);
void gdc_jet_var(gdc_jet_t r, const arb_t x, int i);

void gdc_jet_add(gdc_jet_t r, const gdc_jet_t a, const gdc_jet_t b, slong prec);
void gdc_jet_sub(gdc_jet_t r, const gdc_jet_t a, const gdc_jet_t b, slong prec);
void gdc_jet_neg(gdc_jet_t r, const gdc_jet_t a);
void gdc_jet_add_si(gdc_jet_t r, const gdc_jet_t a, slong c, slong prec);
void gdc_jet_mul_arb(gdc_jet_t r, const gdc_jet_t a, const arb_t c, slong prec);
void gdc_jet_mul_si(gdc_jet_t r, const gdc_jet_t a, slong c, slong prec);
void gdc_jet_mul_2exp(gdc_jet_t r, const gdc_jet_t a, slong e);
void gdc_jet_mul(gdc_jet_t r, const gdc_jet_t a, const gdc_jet_t b, slong prec);
void gdc_jet_div(gdc_jet_t r, const gdc_jet_t a, const gdc_jet_t b, slong prec);

/* r = phi(a) given balls f0, f1, f2 containing phi, phi', phi'' on the value ball a.v */
void gdc_jet_chain(gdc_jet_t r, const gdc_jet_t a, const arb_t f0, const arb_t f1, const arb_t f2, slong prec);
/* r = phi(a, b) given the value and the first and second partials of phi on a.v x b.v */
void gdc_jet_chain2(gdc_jet_t r, const gdc_jet_t a, const gdc_jet_t b, const arb_t f0, const arb_t fa,
                    const arb_t fb, const arb_t faa, const arb_t fab, const arb_t fbb, slong prec);

void gdc_jet_sqr(gdc_jet_t r, const gdc_jet_t a, slong prec);
void gdc_jet_pow_ui(gdc_jet_t r, const gdc_jet_t a, ulong e, slong prec);
void gdc_jet_inv(gdc_jet_t r, const gdc_jet_t a, slong prec);
void gdc_jet_sqrt(gdc_jet_t r, const gdc_jet_t a, slong prec);
void gdc_jet_rsqrt(gdc_jet_t r, const gdc_jet_t a, slong prec);
void gdc_jet_atan(gdc_jet_t r, const gdc_jet_t a, slong prec);
void gdc_jet_exp(gdc_jet_t r, const gdc_jet_t a, slong prec);
void gdc_jet_expm1(gdc_jet_t r, const gdc_jet_t a, slong prec);
void gdc_jet_sin(gdc_jet_t r, const gdc_jet_t a, slong prec);
void gdc_jet_cos(gdc_jet_t r, const gdc_jet_t a, slong prec);
void gdc_jet_sin_pi(gdc_jet_t r, const gdc_jet_t a, slong prec);
void gdc_jet_cos_pi(gdc_jet_t r, const gdc_jet_t a, slong prec);
/* a^{-1/2} for a quantity known (by a proof at the call) to be >= lo > 0 at every point of the box: the three
 * derivative balls from the ends of [max(lo, lower end), upper end] (each is monotone), so a sum such as
 * 1 + 2a^2 + ... over [1, 10^28], whose ball loses its lower end, keeps a bounded derivative */
void gdc_jet_rsqrt_ge(gdc_jet_t r, const gdc_jet_t a, slong lo, slong prec);
/* 1/a and b/a likewise, for a >= lo > 0 */
void gdc_jet_inv_ge(gdc_jet_t r, const gdc_jet_t a, slong lo, slong prec);
void gdc_jet_div_ge(gdc_jet_t r, const gdc_jet_t a, const gdc_jet_t b, slong lo, slong prec);

/* Writes the jet of output k into jac[k n + j] and hess[(k n + i) n + j] (hess may be NULL) */
void gdc_jet_get(arb_ptr jac, arb_ptr hess, const gdc_jet_t f, int k);
/* Sets the entries of output k with respect to argument j indeterminate (an integer argument) */
void gdc_jet_indet_col(arb_ptr jac, arb_ptr hess, int n, int k, int j);

/* erf family pieces as jets (erf_deriv.c): (2/pi) a or (4/pi) a; 1 + m x^2; the Gram term
 * D = 1 + 2a^2 + 2b^2 + 4(a b s)^2 of seed-002 C13 (D >= 1: take its rsqrt with gdc_jet_rsqrt_ge) */
void gdc_erf_jet_two_over_pi(gdc_jet_t r, const gdc_jet_t a, int twice, slong prec);
void gdc_erf_jet_one_plus(gdc_jet_t r, const gdc_jet_t x, slong m, slong prec);
void gdc_erf_jet_gram(gdc_jet_t D, const gdc_jet_t a, const gdc_jet_t b, const gdc_jet_t s, slong prec);
/* V(x, x) = (2/pi) atan(2x^2/sqrt(1 + 4x^2)) (C14) */
void gdc_erf_jet_vself(gdc_jet_t r, const gdc_jet_t x, slong prec);

/* The derivative enclosure of a registry row from its jets: out from fn_arb (the row's value enclosure), the
 * arguments as jets (argument j a variable, or a constant when bit j of int_mask marks it integer: its column is
 * then indeterminate), then fn writes the nout output jets; where fn returns 0 or an output jet is not finite,
 * the entries concerned are indeterminate. hess NULL: first order only. */
typedef int (*gdc_jet_row_fn)(gdc_jet_struct *out, const gdc_jet_struct *x, slong prec);
void gdc_jet_row(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec, int nargs, int nout,
                 unsigned int_mask, gdc_arb_fn fn_arb, gdc_jet_row_fn fn);
#endif
