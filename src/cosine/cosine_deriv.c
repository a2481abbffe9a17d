/* Derivative enclosures (fn_arb_jac, fn_arb_hess) of cosine.ecos, cosine.ecc, cosine.ws, cosine.grad and
 * cosine.hess_eig (002_588e28744115f015.txt App. B; seed-002 C1, C4, C6, C7, C10), by second-order jets
 * (core/jet.h) of the same stable forms as the values:
 *   ecos:  E = exp(-a^2/2):  E' = -a E, E'' = (a^2 - 1) E.
 *   ecc:   Ecc(a, b, t) in the form of cosine_jet.h (m, p by half-angle sines and cosines, the C4 core as
 *          expm1 expm1 + (e^{-b^2} expm1(-D))^2/2, D = (a-b)(a+b), mirrored when D < 0); e.g. dEcc/dt = ab sin t (e^{-m/2} -
 *          e^{-p/2}) and dEcc/da = (a - b cos t)(e^{-m/2} - e^{-p/2}) + 2a(e^{-p/2} - e^{-2a^2}) come out as sums of
 *          products that vanish at w = v, without cancellation.
 *   ws:    F = (9k/2) m + Ecc(k m, k p, k S, k D)/2 with k a real argument of the row (a variable of the jets).
 *   grad:  the stable form of cosine_grad.c (dlt = Ep - Em by expm1 of y = 2 b^2 a c cos t on the side of its sign,
 *          Ep - E2 = E2 expm1(X) with X = (b^2/2)(4a(a -+ c cos t) - |w -+ u|^2), the mirror form when cos t < 0),
 *          differentiated as a whole: the Jacobian of the gradient components, i.e. Hessian entries of G.
 *   hess_eig: h11, h22, h12 of cosine_hess.c as jets, lambda = (h11 + h22)/2 -+ sqrt(((h11 - h22)/2)^2 + h12^2)
 *          with h11 - lambda_perp, h22 - lambda_perp formed without lambda_perp (near a = +-c both are about 1/2);
 *          dlambda = (dh11 + dh22)/2 -+ ((h11 - h22)(dh11 - dh22)/4 + h12 dh12)/r, r the square root, i.e.
 *          v^T dH v for the unit eigenvector v. Where the two eigenvalues of the block may coincide on the box
 *          (r = 0 in the ball) the derivative of lambda_min, lambda_max is not bounded by this formula and comes out
 *          indeterminate (the eigenvalues are not differentiable where they cross); lambda_perp is smooth.
 * The Arb values (fn_arb) of cosine.ecc, cosine.ws, cosine.grad and cosine.hess_eig are the same jet forms evaluated
 * without variables (gdc_ajet_eval_value), so each of their formulas is written once; the double kernels
 * (double-double, in cosine_ecc.c, cosine_grad.c and cosine_hess.c) and the MPFR references stay separate
 * implementations for the cross-checks.
 * Integer arguments: none in this file (ws's k is real in [1, 100]). */
#include "cosine/cosine.h"
#include "cosine/cosine_jet.h"

/* ---- cosine.ecos */
static int ecos_jet(gdc_ajet_struct *F, const gdc_ajet_struct *X, slong prec)
{
    gdc_ajet_sqr(F, X, prec);
    gdc_cosine_exp_neg_half_jet(F, F, prec);
    return 1;
}

GDC_AJET_ROW_DERIVS(gdc_cosine_ecos, 1, 1, 0, gdc_cosine_ecos_arb, ecos_jet)

/* ---- cosine.ecc and cosine.ws: Ecc(k a^2.., ) with a scale k (a jet; constant 1 for ecc) */
static void ecc_scaled_jet(gdc_ajet_t res, gdc_ajet_t m, const gdc_ajet_t a, const gdc_ajet_t b, const gdc_ajet_t t,
                           const gdc_ajet_t k, slong prec)
{
    gdc_ajet_t p, nw, nv, D, u;
    gdc_ajet_inits(a->n, a->order, p, nw, nv, D, u, NULL);
    gdc_cosine_block_jet(m, p, NULL, NULL, NULL, NULL, a, b, t, prec);
    gdc_ajet_sqr(nw, a, prec);
    gdc_ajet_sqr(nv, b, prec);
    gdc_ajet_sub(D, a, b, prec);
    gdc_ajet_add(u, a, b, prec);
    gdc_ajet_mul(D, D, u, prec);
    gdc_ajet_mul(u, m, k, prec);
    gdc_ajet_mul(p, p, k, prec);
    gdc_ajet_mul(nw, nw, k, prec);
    gdc_ajet_mul(nv, nv, k, prec);
    gdc_ajet_mul(D, D, k, prec);
    gdc_cosine_ecc_core_jet(res, u, p, nw, nv, D, prec);
    gdc_ajet_clears(p, nw, nv, D, u, NULL);
}

static int ecc_jet(gdc_ajet_struct *F, const gdc_ajet_struct *X, slong prec)
{
    gdc_ajet_t m, one;
    gdc_ajet_inits(X->n, X->order, m, one, NULL);
    gdc_ajet_const_si(one, 1);
    ecc_scaled_jet(F, m, X, X + 1, X + 2, one, prec);
    gdc_ajet_clears(m, one, NULL);
    return 1;
}

void gdc_cosine_ecc_arb(arb_ptr out, arb_srcptr x, slong prec) { gdc_ajet_eval_value(out, x, 3, 1, ecc_jet, prec); }
GDC_AJET_ROW_DERIVS(gdc_cosine_ecc, 3, 1, 0, gdc_cosine_ecc_arb, ecc_jet)

/* x = {k, r, a, t}: w0 has norm a, u0 norm r */
static int ws_jet(gdc_ajet_struct *F, const gdc_ajet_struct *X, slong prec)
{
    gdc_ajet_t m, u;
    gdc_ajet_inits(X->n, X->order, m, u, NULL);
    ecc_scaled_jet(F, m, X + 2, X + 1, X + 3, X, prec);
    gdc_ajet_mul_2exp_si(F, F, -1);
    gdc_ajet_mul(u, m, X, prec);
    gdc_ajet_mul_si(u, u, 9, prec);
    gdc_ajet_mul_2exp_si(u, u, -1);
    gdc_ajet_add(F, F, u, prec);
    gdc_ajet_clears(m, u, NULL);
    return 1;
}

void gdc_cosine_ws_arb(arb_ptr out, arb_srcptr x, slong prec) { gdc_ajet_eval_value(out, x, 4, 1, ws_jet, prec); }
GDC_AJET_ROW_DERIVS(gdc_cosine_ws, 4, 1, 0, gdc_cosine_ws_arb, ws_jet)

/* ---- cosine.grad: x = {beta, a, c, t} */
static int grad_jet(gdc_ajet_struct *F, const gdc_ajet_struct *X, slong prec)
{
    const gdc_ajet_struct *beta = X, *a = X + 1, *c = X + 2, *t = X + 3;
    gdc_ajet_t b2, m, p, de, se, csn, acc, Em, Ep, E2, y, dlt, u;
    gdc_ajet_inits(X->n, X->order, b2, m, p, de, se, csn, acc, Em, Ep, E2, y, dlt, u, NULL);
    gdc_ajet_sqr(b2, beta, prec);
    gdc_cosine_block_jet(m, p, de, se, csn, acc, a, c, t, prec);
    gdc_ajet_mul(u, b2, m, prec);
    gdc_cosine_exp_neg_half_jet(Em, u, prec);
    gdc_ajet_mul(u, b2, p, prec);
    gdc_cosine_exp_neg_half_jet(Ep, u, prec);
    gdc_ajet_sqr(u, a, prec);
    gdc_ajet_mul(u, u, b2, prec);
    gdc_ajet_mul_2exp_si(u, u, 2);
    gdc_cosine_exp_neg_half_jet(E2, u, prec);
    gdc_ajet_mul(y, b2, acc, prec);
    gdc_ajet_mul_2exp_si(y, y, 1); /* y = 2 b^2 a c cos t */
    gdc_cosine_ep_minus_em_jet(dlt, y, Em, Ep, prec);
    gdc_ajet_mul(F + 1, csn, dlt, prec);
    gdc_ajet_mul(F + 1, F + 1, b2, prec);
    gdc_ajet_mul_2exp_si(F + 1, F + 1, -1);
    /* the mirror form near w = -u (cos t < 0), as the value */
    arb_t ct;
    arb_init(ct);
    arb_cos(ct, &t->v, prec);
    int mirror = arf_sgn(arb_midref(ct)) < 0;
    arb_clear(ct);
    const gdc_ajet_struct *d1 = mirror ? se : de, *mp = mirror ? p : m;
    gdc_ajet_mul(u, a, d1, prec);
    gdc_ajet_mul_2exp_si(u, u, 2);
    gdc_ajet_sub(u, u, mp, prec);
    gdc_ajet_mul(u, u, b2, prec);
    gdc_ajet_mul_2exp_si(u, u, -1);
    gdc_ajet_expm1(u, u, prec);
    gdc_ajet_mul(u, u, E2, prec);
    gdc_ajet_mul(u, u, a, prec);
    gdc_ajet_mul_2exp_si(u, u, 1); /* 2a (Ep - E2), or 2a (Em - E2) mirrored */
    gdc_ajet_mul(y, dlt, d1, prec);
    if (mirror)
        gdc_ajet_add(F, u, y, prec);
    else
        gdc_ajet_sub(F, u, y, prec);
    gdc_ajet_mul(F, F, b2, prec);
    gdc_ajet_mul_2exp_si(F, F, -1);
    gdc_ajet_clears(b2, m, p, de, se, csn, acc, Em, Ep, E2, y, dlt, u, NULL);
    return 1;
}

void gdc_cosine_grad_arb(arb_ptr out, arb_srcptr x, slong prec) { gdc_ajet_eval_value(out, x, 4, 2, grad_jet, prec); }

void gdc_cosine_grad_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec)
{
    gdc_ajet_eval_row(out, jac, NULL, x, 4, 2, 0, gdc_cosine_grad_arb, grad_jet, prec);
}

/* ---- cosine.hess_eig: x = {A, C, t} */
static int hess_jet(gdc_ajet_struct *F, const gdc_ajet_struct *X, slong prec)
{
    const gdc_ajet_struct *A = X, *C = X + 1, *t = X + 2;
    gdc_ajet_t m, p, d1, s1, cs, Em, Ep, E2, sum, h11, h22, h12, u;
    gdc_ajet_inits(X->n, X->order, m, p, d1, s1, cs, Em, Ep, E2, sum, h11, h22, h12, u, NULL);
    gdc_cosine_block_jet(m, p, d1, s1, cs, NULL, A, C, t, prec);
    gdc_cosine_exp_neg_half_jet(Em, m, prec);
    gdc_cosine_exp_neg_half_jet(Ep, p, prec);
    gdc_ajet_sqr(u, A, prec);
    gdc_ajet_mul_2exp_si(u, u, 2);
    gdc_cosine_exp_neg_half_jet(E2, u, prec);
    gdc_ajet_add(sum, Em, Ep, prec);
    gdc_ajet_mul_2exp_si(F, sum, -1);
    gdc_ajet_sub(F, F, E2, prec); /* lambda_perp */
    /* h11 - lp = 4 E2 A^2 - (Em d1^2 + Ep s1^2)/2 (without lp: near a = +-c both diagonal entries are about 1/2
     * and the eigenvalues nearly coincide, so h11 - h22 must not be a difference of two numbers near 1/2) */
    gdc_ajet_mul(h11, u, E2, prec);
    gdc_ajet_sqr(u, d1, prec);
    gdc_ajet_mul(u, u, Em, prec);
    gdc_ajet_mul_2exp_si(u, u, -1);
    gdc_ajet_sub(h11, h11, u, prec);
    gdc_ajet_sqr(u, s1, prec);
    gdc_ajet_mul(u, u, Ep, prec);
    gdc_ajet_mul_2exp_si(u, u, -1);
    gdc_ajet_sub(h11, h11, u, prec);
    /* h22 - lp = -cs^2 (Em + Ep)/2, h12 = cs (Em d1 - Ep s1)/2 */
    gdc_ajet_sqr(u, cs, prec);
    gdc_ajet_mul(u, u, sum, prec);
    gdc_ajet_mul_2exp_si(u, u, -1);
    gdc_ajet_neg(h22, u);
    gdc_ajet_mul(h12, Em, d1, prec);
    gdc_ajet_mul(u, Ep, s1, prec);
    gdc_ajet_sub(h12, h12, u, prec);
    gdc_ajet_mul(h12, h12, cs, prec);
    gdc_ajet_mul_2exp_si(h12, h12, -1);
    /* (h11 + h22)/2 -+ sqrt(((h11 - h22)/2)^2 + h12^2) */
    gdc_ajet_sub(u, h11, h22, prec);
    gdc_ajet_mul_2exp_si(u, u, -1);
    gdc_ajet_sqr(u, u, prec);
    gdc_ajet_sqr(h12, h12, prec);
    gdc_ajet_add(u, u, h12, prec);
    gdc_ajet_sqrtpos(u, u, prec); /* a sum of squares */
    gdc_ajet_add(sum, h11, h22, prec);
    gdc_ajet_mul_2exp_si(sum, sum, -1);
    gdc_ajet_add(sum, sum, F, prec); /* (h11 + h22)/2 */
    gdc_ajet_sub(F + 1, sum, u, prec);
    gdc_ajet_add(F + 2, sum, u, prec);
    gdc_ajet_clears(m, p, d1, s1, cs, Em, Ep, E2, sum, h11, h22, h12, u, NULL);
    return 1;
}

void gdc_cosine_hess_arb(arb_ptr out, arb_srcptr x, slong prec) { gdc_ajet_eval_value(out, x, 3, 3, hess_jet, prec); }

void gdc_cosine_hess_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec)
{
    gdc_ajet_eval_row(out, jac, NULL, x, 3, 3, 0, gdc_cosine_hess_arb, hess_jet, prec);
}
