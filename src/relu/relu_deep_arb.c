/* Arb enclosures of the deep ReLU kernels relu.nngp and relu.ntk (relu_deep.c gives the definitions and the
 * stable form), rigorous over any balls a, b, t and an exact integer L (else indeterminate). Each layer:
 *   rho' = h(theta)/pi (gdc_relu_h_arb), m' = 2 sin^2(theta/2) - J(theta)/pi intersected with 1 - rho'
 *   (both exact identities for 1 - rho'), theta' = 2 asin(sqrt(m'/2)) on the non-negative part of m' (m' >= 0 holds
 *   for every point of the box, so dropping the negative part keeps the enclosure), pi - theta' by subtraction
 *   (theta' <= pi/2), and layer 0's pi - t by gdc_relu_pi_minus_arb (relative accuracy near pi).
 * Derivatives (fn_arb_jac): with kappa0_l = (pi - theta_l)/pi, kappa1' = kappa0 gives
 *   d rho_L/dt = -sin t prod_{l<L} kappa0_l,   d theta_l/dt = -(d rho_l/dt)/sin theta_l  (sin theta = sqrt(m (2 - m))),
 *   d tau_l/dt = (d tau_{l-1}/dt) kappa0_{l-1} - tau_{l-1} (d theta_{l-1}/dt)/pi + d rho_l/dt,  d theta_0/dt = 1;
 * d theta_l/dt is finite (it tends to 1 as t -> 0) but its quotient form is not bounded on a ball that contains
 * t = 0, where the NTK's t-derivative comes out indeterminate (an exact t = 0 uses the limit 1). Every formula is
 * an identity at each point of the box, evaluated in ball arithmetic. */
#include "relu/relu.h"
#include "relu/relu_deep.h"

typedef struct {
    arb_t th, e, m, rho, tau;    /* layer angle, pi - angle, 1 - rho, rho, tau */
    arb_t drho, dth, dtau;       /* their t-derivatives */
} deep_t;

static void deep_init(deep_t *d)
{
    arb_init(d->th); arb_init(d->e); arb_init(d->m); arb_init(d->rho); arb_init(d->tau);
    arb_init(d->drho); arb_init(d->dth); arb_init(d->dtau);
}

static void deep_clear(deep_t *d)
{
    arb_clear(d->th); arb_clear(d->e); arb_clear(d->m); arb_clear(d->rho); arb_clear(d->tau);
    arb_clear(d->drho); arb_clear(d->dth); arb_clear(d->dtau);
}

/* L from its ball: an exact integer in [0, LMAX], else -1 */
int gdc_relu_deep_depth(const arb_t x)
{
    if (!arb_is_int(x) || arf_cmp_si(arb_midref(x), 0) < 0 || arf_cmp_si(arb_midref(x), GDC_RELU_DEEP_LMAX) > 0)
        return -1;
    return (int)arf_get_si(arb_midref(x), ARF_RND_NEAR);
}

static void layer0(deep_t *d, const arb_t t, int deriv, slong prec)
{
    arb_t s;
    arb_init(s);
    arb_set(d->th, t);
    gdc_relu_pi_minus_arb(d->e, t, prec);
    gdc_relu_sin_cos_arb(s, d->rho, t, d->e, prec);
    gdc_relu_sin2_half_arb(d->m, t, prec);
    arb_mul_2exp_si(d->m, d->m, 1);
    arb_set(d->tau, d->rho);
    if (deriv) {
        arb_neg(d->drho, s);
        arb_set(d->dtau, d->drho);
        arb_one(d->dth);
    }
    arb_clear(s);
}

/* one layer; with deriv, the t-derivatives too (t0: t is exactly 0, where d theta/dt = 1 in the limit) */
static void layer_next(deep_t *d, int deriv, int t0, slong prec)
{
    arb_t pi, k0, h, j, m2, u;
    arb_init(pi); arb_init(k0); arb_init(h); arb_init(j); arb_init(m2); arb_init(u);
    arb_const_pi(pi, prec);
    arb_div(k0, d->e, pi, prec);               /* kappa0 of the layer below */
    gdc_relu_h_arb(h, d->th, prec);
    arb_div(h, h, pi, prec);                   /* rho' */
    gdc_relu_J_arb(j, d->th, prec);
    arb_div(j, j, pi, prec);
    gdc_relu_sin2_half_arb(m2, d->th, prec);
    arb_mul_2exp_si(m2, m2, 1);
    arb_sub(m2, m2, j, prec);                  /* 2 sin^2(theta/2) - J/pi */
    arb_sub_ui(u, h, 1, prec);
    arb_neg(u, u);                             /* 1 - rho' */
    gdc_relu_isect(m2, m2, u, prec);
    arb_nonnegative_part(m2, m2);
    if (deriv) {                               /* from the values of the layer below */
        arb_mul(d->drho, d->drho, k0, prec);
        arb_mul(d->dtau, d->dtau, k0, prec);
        arb_mul(u, d->tau, d->dth, prec);
        arb_div(u, u, pi, prec);
        arb_sub(d->dtau, d->dtau, u, prec);
        arb_add(d->dtau, d->dtau, d->drho, prec);
    }
    arb_mul(d->tau, d->tau, k0, prec);
    arb_add(d->tau, d->tau, h, prec);
    arb_set(d->rho, h);
    arb_swap(d->m, m2);
    arb_mul_2exp_si(u, d->m, -1);
    arb_sqrt(u, u, prec);
    arb_asin(d->th, u, prec);
    arb_mul_2exp_si(d->th, d->th, 1);
    arb_sub(d->e, pi, d->th, prec);
    if (deriv) {
        if (t0) {
            arb_one(d->dth);
        } else {                               /* sin theta' = sqrt(m' (2 - m')) */
            arb_sub_ui(u, d->m, 2, prec);
            arb_mul(u, u, d->m, prec);
            arb_neg(u, u);
            arb_nonnegative_part(u, u);
            arb_sqrt(u, u, prec);
            arb_div(d->dth, d->drho, u, prec);
            arb_neg(d->dth, d->dth);
        }
    }
    arb_clear(pi); arb_clear(k0); arb_clear(h); arb_clear(j); arb_clear(m2); arb_clear(u);
}

/* the state after L layers, or 0 if the inputs are outside the domain */
static int run(deep_t *d, arb_srcptr x, int deriv, slong prec)
{
    int L = gdc_relu_deep_depth(x);
    if (L < 0 || !gdc_relu_t_in_domain(x + 3, prec))
        return 0;
    int t0 = arb_is_zero(x + 3);
    layer0(d, x + 3, deriv, prec);
    for (int l = 0; l < L; l++)
        layer_next(d, deriv, t0, prec);
    return 1;
}

/* out = a b v; jac row (when jac): d/dL indeterminate, b v, a v, a b dv */
static void output(arb_t out, arb_ptr jac, arb_srcptr x, const arb_t v, const arb_t dv, slong prec)
{
    arb_t ab;
    arb_init(ab);
    gdc_relu_iv_mul(ab, x + 1, x + 2, prec);
    arb_mul(out, ab, v, prec);
    if (jac) {
        arb_indeterminate(jac + 0);
        arb_mul(jac + 1, x + 2, v, prec);
        arb_mul(jac + 2, x + 1, v, prec);
        arb_mul(jac + 3, ab, dv, prec);
    }
    arb_clear(ab);
}

static void nngp_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec)
{
    deep_t d;
    deep_init(&d);
    if (run(&d, x, jac != NULL, prec)) {
        output(out, jac, x, d.rho, d.drho, prec);
        arb_neg(d.drho, d.drho);
        output(out + 1, jac ? jac + 4 : NULL, x, d.m, d.drho, prec);
    } else {
        arb_indeterminate(out);
        arb_indeterminate(out + 1);
        for (int k = 0; jac && k < 8; k++)
            arb_indeterminate(jac + k);
    }
    deep_clear(&d);
}

static void ntk_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec)
{
    deep_t d;
    deep_init(&d);
    if (run(&d, x, jac != NULL, prec)) {
        output(out, jac, x, d.tau, d.dtau, prec);
    } else {
        arb_indeterminate(out);
        for (int k = 0; jac && k < 4; k++)
            arb_indeterminate(jac + k);
    }
    deep_clear(&d);
}

void gdc_relu_nngp_arb(arb_ptr res, arb_srcptr x, slong prec) { nngp_jac(res, NULL, x, prec); }
void gdc_relu_nngp_jac_arb(arb_ptr res, arb_ptr jac, arb_srcptr x, slong prec) { nngp_jac(res, jac, x, prec); }
void gdc_relu_ntk_arb(arb_ptr res, arb_srcptr x, slong prec) { ntk_jac(res, NULL, x, prec); }
void gdc_relu_ntk_jac_arb(arb_ptr res, arb_ptr jac, arb_srcptr x, slong prec) { ntk_jac(res, jac, x, prec); }
