/* Arb enclosures of the deep ReLU kernels relu.nngp and relu.ntk (relu_deep.c gives the definitions and the
 * stable form), rigorous over any balls a, b, t and an exact integer L (else indeterminate). Each layer:
 *   rho' = h(theta)/pi (gdc_relu_h_arb), m' = 2 sin^2(theta/2) - J(theta)/pi intersected with 1 - rho'
 *   (both exact identities for 1 - rho'), both intersected with [0, 1] (true at every point: 0 <= h <= pi), theta' =
 *   2 asin(sqrt(m'/2)), pi - theta' by subtraction
 *   (theta' <= pi/2), and layer 0's pi - t by gdc_relu_pi_minus_arb (relative accuracy near pi).
 * Derivatives in t (' = d/dt; fn_arb_jac and fn_arb_hess), with kappa0_l = (pi - theta_l)/pi, kappa0_l' =
 * -theta_l'/pi and kappa1' = kappa0 (so rho_{l+1}' = kappa0_l rho_l'):
 *   rho_0' = -sin t, rho_0'' = -cos t, theta_0' = 1, theta_0'' = 0, tau_0 = rho_0,
 *   rho_{l+1}'' = kappa0_l rho_l'' - theta_l' rho_l'/pi,
 *   theta_l' = -rho_l'/sin theta_l,  theta_l'' = -(rho_l'' + cos theta_l theta_l'^2)/sin theta_l
 *   (from cos theta_l = rho_l; sin theta = sqrt(m (2 - m)), cos theta = 1 - m),
 *   tau_{l+1}' = tau_l' kappa0_l + tau_l kappa0_l' + rho_{l+1}',
 *   tau_{l+1}'' = tau_l'' kappa0_l + 2 tau_l' kappa0_l' + tau_l kappa0_l'' + rho_{l+1}''.
 * theta_l' and theta_l'' are finite (theta_l = t - l t^2/(3 pi) + O(t^3): each layer maps theta to
 * theta - theta^2/(3 pi) + O(theta^3), as cos theta' = h(theta)/pi = 1 - theta^2/2 + theta^3/(3 pi) + O(theta^4)), but
 * their quotient forms are not bounded on a ball that contains t = 0: there the NTK's t-derivatives and the NNGP's
 * second t-derivative come out indeterminate; an exact t = 0 uses the limits theta_l' = 1, theta_l'' = -2 l/(3 pi).
 * Each formula is an identity at each point of the box, evaluated in ball arithmetic. a and b enter as the factor
 * a b: d/da = b v, d/db = a v, d2/da db = v, d2/da dt = b v', d2/db dt = a v', d2/dt2 = a b v''; derivatives in L
 * are indeterminate. */
#include "relu/relu.h"
#include "relu/relu_deep.h"

typedef struct {
    arb_t th, e, m, rho, tau;    /* layer angle, pi - angle, 1 - rho, rho, tau */
    arb_t drho, dth, dtau;       /* their first t-derivatives */
    arb_t d2rho, d2th, d2tau;    /* and second */
} deep_t;

static void deep_init(deep_t *d)
{
    arb_init(d->th); arb_init(d->e); arb_init(d->m); arb_init(d->rho); arb_init(d->tau);
    arb_init(d->drho); arb_init(d->dth); arb_init(d->dtau);
    arb_init(d->d2rho); arb_init(d->d2th); arb_init(d->d2tau);
}

static void deep_clear(deep_t *d)
{
    arb_clear(d->th); arb_clear(d->e); arb_clear(d->m); arb_clear(d->rho); arb_clear(d->tau);
    arb_clear(d->drho); arb_clear(d->dth); arb_clear(d->dtau);
    arb_clear(d->d2rho); arb_clear(d->d2th); arb_clear(d->d2tau);
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
        arb_neg(d->d2rho, d->rho);
        arb_set(d->d2tau, d->d2rho);
        arb_zero(d->d2th);
    }
    arb_clear(s);
}

/* the t-derivatives of rho and tau of the next layer from the values and derivatives of the layer below (called
 * before the values are updated; k0 = kappa0 of the layer below) */
static void deriv_next(deep_t *d, const arb_t k0, const arb_t pi, slong prec)
{
    arb_t dk, d2k, u;
    arb_init(dk); arb_init(d2k); arb_init(u);
    arb_div(dk, d->dth, pi, prec);
    arb_neg(dk, dk);                           /* kappa0' */
    arb_div(d2k, d->d2th, pi, prec);
    arb_neg(d2k, d2k);                         /* kappa0'' */
    arb_mul(d->d2rho, d->d2rho, k0, prec);
    arb_addmul(d->d2rho, dk, d->drho, prec);   /* rho'' */
    arb_mul(d->drho, d->drho, k0, prec);       /* rho' */
    arb_mul(d->d2tau, d->d2tau, k0, prec);
    arb_mul(u, d->dtau, dk, prec);
    arb_mul_2exp_si(u, u, 1);
    arb_add(d->d2tau, d->d2tau, u, prec);
    arb_addmul(d->d2tau, d->tau, d2k, prec);
    arb_add(d->d2tau, d->d2tau, d->d2rho, prec); /* tau'' */
    arb_mul(d->dtau, d->dtau, k0, prec);
    arb_addmul(d->dtau, d->tau, dk, prec);
    arb_add(d->dtau, d->dtau, d->drho, prec);  /* tau' */
    arb_clear(dk); arb_clear(d2k); arb_clear(u);
}

/* theta' and theta'' of the new layer (m and the rho derivatives are the new ones); layer l at t = 0: the limits */
static void theta_derivs(deep_t *d, int t0, int l, const arb_t pi, slong prec)
{
    if (t0) {
        arb_one(d->dth);
        arb_set_si(d->d2th, -2 * l);
        arb_div_ui(d->d2th, d->d2th, 3, prec);
        arb_div(d->d2th, d->d2th, pi, prec);
        return;
    }
    arb_t sn, c, u;
    arb_init(sn); arb_init(c); arb_init(u);
    arb_sub_ui(sn, d->m, 2, prec);
    arb_mul(sn, sn, d->m, prec);
    arb_neg(sn, sn);
    arb_sqrtpos(sn, sn, prec);                 /* sin theta (m (2 - m) >= 0) */
    arb_sub_ui(c, d->m, 1, prec);
    arb_neg(c, c);                             /* cos theta */
    arb_div(d->dth, d->drho, sn, prec);
    arb_neg(d->dth, d->dth);
    arb_sqr(u, d->dth, prec);
    arb_mul(u, u, c, prec);
    arb_add(u, u, d->d2rho, prec);
    arb_div(d->d2th, u, sn, prec);
    arb_neg(d->d2th, d->d2th);
    arb_clear(sn); arb_clear(c); arb_clear(u);
}

/* x intersected with [0, 1] (rho' = h/pi and m' = 1 - rho' lie in [0, 1] at every point of the box: 0 <= h <= pi on
 * [0, pi]); on wide boxes the ball arithmetic of the layers overestimates, and without this a few layers would
 * push sqrt(m'/2) beyond 1, where asin has no value */
static void clamp01(arb_t x, slong prec)
{
    if (!arb_is_finite(x))
        return;
    arf_t lo, hi;
    arf_init(lo);
    arf_init(hi);
    arb_get_interval_arf(lo, hi, x, prec);
    if (arf_sgn(lo) < 0)
        arf_zero(lo);
    if (arf_cmp_si(hi, 1) > 0)
        arf_one(hi);
    if (arf_cmp(lo, hi) <= 0)
        arb_set_interval_arf(x, lo, hi, prec);
    arf_clear(lo);
    arf_clear(hi);
}

/* one layer (layer number l >= 1); with deriv, the t-derivatives too (t0: t is exactly 0) */
static void layer_next(deep_t *d, int deriv, int t0, int l, slong prec)
{
    arb_t pi, k0, h, j, m2, u;
    arb_init(pi); arb_init(k0); arb_init(h); arb_init(j); arb_init(m2); arb_init(u);
    arb_const_pi(pi, prec);
    arb_div(k0, d->e, pi, prec);               /* kappa0 of the layer below */
    gdc_relu_h_arb(h, d->th, prec);
    arb_div(h, h, pi, prec);                   /* rho' */
    clamp01(h, prec);
    gdc_relu_J_arb(j, d->th, prec);
    arb_div(j, j, pi, prec);
    gdc_relu_sin2_half_arb(m2, d->th, prec);
    arb_mul_2exp_si(m2, m2, 1);
    arb_sub(m2, m2, j, prec);                  /* 2 sin^2(theta/2) - J/pi */
    arb_sub_ui(u, h, 1, prec);
    arb_neg(u, u);                             /* 1 - rho' */
    gdc_relu_isect(m2, m2, u, prec);
    clamp01(m2, prec);
    if (deriv)                                 /* from the values of the layer below */
        deriv_next(d, k0, pi, prec);
    arb_mul(d->tau, d->tau, k0, prec);
    arb_add(d->tau, d->tau, h, prec);
    arb_set(d->rho, h);
    arb_swap(d->m, m2);
    arb_mul_2exp_si(u, d->m, -1);
    arb_sqrtpos(u, u, prec);                   /* m >= 0: the negative part a rounded ball may reach is no value */
    arb_asin(d->th, u, prec);
    arb_mul_2exp_si(d->th, d->th, 1);
    arb_sub(d->e, pi, d->th, prec);
    if (deriv)
        theta_derivs(d, t0, l, pi, prec);
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
    for (int l = 1; l <= L; l++)
        layer_next(d, deriv, t0, l, prec);
    return 1;
}

/* out = a b v; the Jacobian row k (when jac) and Hessian block k (when hess) of x = (L, a, b, t) */
static void output(arb_t out, arb_ptr jac, arb_ptr hess, arb_srcptr x, const arb_t v, const arb_t dv,
                   const arb_t d2v, slong prec)
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
    if (hess) {
        for (int i = 0; i < 4; i++) {
            arb_indeterminate(hess + i);
            arb_indeterminate(hess + 4 * i);
        }
        arb_zero(hess + 5);
        arb_zero(hess + 10);
        arb_set(hess + 6, v);
        arb_set(hess + 9, v);
        arb_mul(hess + 7, x + 2, dv, prec);
        arb_set(hess + 13, hess + 7);
        arb_mul(hess + 11, x + 1, dv, prec);
        arb_set(hess + 14, hess + 11);
        arb_mul(hess + 15, ab, d2v, prec);
    }
    arb_clear(ab);
}

static void fail(arb_ptr out, arb_ptr jac, arb_ptr hess, int nout)
{
    for (int k = 0; k < nout; k++)
        arb_indeterminate(out + k);
    for (int k = 0; jac && k < 4 * nout; k++)
        arb_indeterminate(jac + k);
    for (int k = 0; hess && k < 16 * nout; k++)
        arb_indeterminate(hess + k);
}

void gdc_relu_nngp_hess_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    deep_t d;
    deep_init(&d);
    if (run(&d, x, jac != NULL || hess != NULL, prec)) {
        output(out, jac, hess, x, d.rho, d.drho, d.d2rho, prec);
        arb_neg(d.drho, d.drho);
        arb_neg(d.d2rho, d.d2rho);
        output(out + 1, jac ? jac + 4 : NULL, hess ? hess + 16 : NULL, x, d.m, d.drho, d.d2rho, prec);
    } else {
        fail(out, jac, hess, 2);
    }
    deep_clear(&d);
}

void gdc_relu_ntk_hess_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    deep_t d;
    deep_init(&d);
    if (run(&d, x, jac != NULL || hess != NULL, prec))
        output(out, jac, hess, x, d.tau, d.dtau, d.d2tau, prec);
    else
        fail(out, jac, hess, 1);
    deep_clear(&d);
}

void gdc_relu_nngp_arb(arb_ptr res, arb_srcptr x, slong prec) { gdc_relu_nngp_hess_arb(res, NULL, NULL, x, prec); }
void gdc_relu_nngp_jac_arb(arb_ptr res, arb_ptr jac, arb_srcptr x, slong prec)
{
    gdc_relu_nngp_hess_arb(res, jac, NULL, x, prec);
}
void gdc_relu_ntk_arb(arb_ptr res, arb_srcptr x, slong prec) { gdc_relu_ntk_hess_arb(res, NULL, NULL, x, prec); }
void gdc_relu_ntk_jac_arb(arb_ptr res, arb_ptr jac, arb_srcptr x, slong prec)
{
    gdc_relu_ntk_hess_arb(res, jac, NULL, x, prec);
}
