/* Derivative enclosures (fn_arb_jac, fn_arb_hess) of the gauss rows (000_09c7d5b8511ab65b.txt; seed-000 C13, C15,
 * C27, B1, B6, B8):
 *   wedge (alpha, phi), by jets (core/jet.h) of the stable value forms, S(phi) = phi - sin phi by its series:
 *     out0 = alpha^4 S(phi)/8:  d/dalpha = alpha^3 S(phi)/2,  d/dphi = alpha^4 (1 - cos phi)/8 = alpha^4 sin^2(phi/2)/4
 *            (S' = 2 sin^2(phi/2) and S'' = sin phi: no cancellation as phi -> 0);
 *     out1 = alpha^4 sin^3(phi/4)/(8 sqrt2):  d/dphi = 3 alpha^4 sin^2(phi/4) cos(phi/4)/(32 sqrt2).
 *   lemma51 (d, taud): out1 = 1/2 - taud/4 - 1.2^-d: d/dtaud = -1/4 (second derivative 0);
 *     out2 = erfc(sqrt2 taud)/2 - (2/e)^(d/2): d/dtaud = -sqrt(2/pi) e^{-2 taud^2}, d2 = 4 taud sqrt(2/pi) e^{-2 taud^2};
 *     out0 (the exact probability): d/dtaud = (1/d) dP/dtau by its own integral (gdc_gauss_lemma51_dexact_arb in
 *     lemma51.c); not second order (the Hessian entry is indeterminate).
 *   chi2_tail (d, c) = Q(a, z), a = d/2, z = c d/2 (DLMF 8.8.13: dQ(a, z)/dz = -z^{a-1} e^{-z}/Gamma(a)):
 *     d/dc = -(d/2) z^{a-1} e^{-z}/Gamma(a),  d2/dc2 = (d/2)^2 z^{a-2} e^{-z} (z - a + 1)/Gamma(a)
 *     (as exp((a-1) log z - z - lgamma(a)) for z > 0, no overflow of z^{a-1} or Gamma(a); by powers where the box
 *     reaches z = 0, where z^{a-1} is unbounded for d = 1 and z^{a-2} for d <= 3: those entries indeterminate).
 *   angle_tail, norm_tail, binom_fail: functions of the integer d only: no derivative (the rows' no_deriv).
 * Derivatives with respect to d (an integer argument) are indeterminate in every row. */
#include "gauss/gauss.h"
#include "core/arb_int.h"
#include "core/jet.h"

/* ---- gauss.wedge */
static int wedge_jet(gdc_ajet_struct *F, const gdc_ajet_struct *X, slong prec)
{
    gdc_ajet_t a4, u;
    arb_t f0;
    arb_init(f0);
    gdc_ajet_inits(X->n, X->order, a4, u, NULL);
    gdc_ajet_sqr(a4, X, prec);
    gdc_ajet_sqr(a4, a4, prec);
    gdc_ajet_xmsin(u, X + 1, prec);
    gdc_ajet_mul(F, a4, u, prec);
    gdc_ajet_mul_2exp_si(F, F, -3);
    gdc_ajet_mul_2exp_si(u, X + 1, -2);
    gdc_ajet_sin(u, u, prec);
    gdc_ajet_sqr(F + 1, u, prec);
    gdc_ajet_mul(F + 1, F + 1, u, prec);
    gdc_ajet_mul(F + 1, F + 1, a4, prec);
    arb_rsqrt_ui(f0, 2, prec);
    arb_mul_2exp_si(f0, f0, -3);
    gdc_ajet_mul_arb(F + 1, F + 1, f0, prec);
    gdc_ajet_clears(a4, u, NULL);
    arb_clear(f0);
    return 1;
}

GDC_AJET_ROW_DERIVS(gdc_gauss_wedge, 2, 2, 0, gdc_gauss_wedge_arb, wedge_jet)

/* ---- gauss.lemma51: x = {d, taud} */
static void lemma51_derivs(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec, double deadline)
{
    long d;
    slong wp = prec + 16;
    gdc_gauss_lemma51_arb_timed(out, x, prec, deadline);
    for (int i = 0; i < 6; i++)
        arb_indeterminate(jac + i);
    for (int i = 0; hess != NULL && i < 12; i++)
        arb_indeterminate(hess + i);
    if (!gdc_arb_get_int(&d, x, 1) || !arb_is_positive(x + 1))
        return;
    arb_t e, c;
    arb_init(e);
    arb_init(c);
    gdc_gauss_lemma51_dexact_arb(jac + 1, d, x + 1, prec, deadline);
    arb_div_si(jac + 1, jac + 1, d, prec);
    arb_set_si(jac + 3, -1);
    arb_mul_2exp_si(jac + 3, jac + 3, -2);
    /* -sqrt(2/pi) e^{-2 t^2} */
    arb_sqr(e, x + 1, wp);
    arb_mul_2exp_si(e, e, 1);
    arb_neg(e, e);
    arb_exp(e, e, wp);
    arb_const_pi(c, wp);
    arb_mul_2exp_si(c, c, -1);
    arb_rsqrt(c, c, wp);
    arb_mul(e, e, c, wp);
    arb_neg(jac + 5, e);
    arb_set_round(jac + 5, jac + 5, prec);
    if (hess != NULL) {
        arb_zero(hess + 7); /* out1: (k = 1, i = 1, j = 1) */
        arb_mul(hess + 11, e, x + 1, prec);
        arb_mul_2exp_si(hess + 11, hess + 11, 2);
    }
    arb_clear(e);
    arb_clear(c);
}

void gdc_gauss_lemma51_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec)
{
    lemma51_derivs(out, jac, NULL, x, prec, 0.0);
}

void gdc_gauss_lemma51_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    lemma51_derivs(out, jac, hess, x, prec, 0.0);
}

void gdc_gauss_lemma51_timed(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec, double deadline)
{
    if (jac == NULL)
        gdc_gauss_lemma51_arb_timed(out, x, prec, deadline);
    else
        lemma51_derivs(out, jac, hess, x, prec, deadline);
}

/* ---- gauss.chi2_tail: x = {d, c} */
/* z^(a - 1 - j) e^{-z}/Gamma(a) over z >= 0 (a = d/2, j = 0 or 1) */
static void chi2_density(arb_t res, long d, long j, const arb_t z, slong prec)
{
    arb_t a, l;
    arb_init(a);
    arb_init(l);
    arb_set_si(a, d);
    arb_mul_2exp_si(a, a, -1);
    if (arb_is_positive(z)) {
        arb_log(l, z, prec);
        arb_sub_si(res, a, 1 + j, prec);
        arb_mul(l, l, res, prec);
        arb_sub(l, l, z, prec);
        arb_lgamma(res, a, prec);
        arb_sub(l, l, res, prec);
        arb_exp(res, l, prec);
    } else if (d - 2 - 2 * j < 0) {
        arb_indeterminate(res); /* z^(a-1-j) unbounded at z = 0 */
    } else {
        /* z^(a-1-j) = z^m (sqrt z)^(d mod 2), m = floor((d - 2 - 2j)/2) */
        arb_nonnegative_part(l, z);
        arb_pow_ui(res, l, (ulong)((d - 2 - 2 * j) / 2), prec);
        if (d % 2) {
            arb_sqrt(l, l, prec);
            arb_mul(res, res, l, prec);
        }
        arb_neg(l, z);
        arb_exp(l, l, prec);
        arb_mul(res, res, l, prec);
        arb_gamma(l, a, prec);
        arb_div(res, res, l, prec);
    }
    arb_clear(a);
    arb_clear(l);
}

static void chi2_derivs(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    long d;
    slong wp = prec + 16;
    gdc_gauss_chi2_tail_arb(out, x, prec);
    for (int i = 0; i < 2; i++)
        arb_indeterminate(jac + i);
    for (int i = 0; hess != NULL && i < 4; i++)
        arb_indeterminate(hess + i);
    if (!gdc_arb_get_int(&d, x, 1) || !arb_is_finite(x + 1))
        return;
    arb_t z, h, u;
    arb_init(z);
    arb_init(h);
    arb_init(u);
    arb_set_si(h, d);
    arb_mul_2exp_si(h, h, -1); /* d/2 = dz/dc */
    arb_mul(z, x + 1, h, wp);
    arb_nonnegative_part(z, z);
    chi2_density(u, d, 0, z, wp);
    arb_mul(jac + 1, u, h, prec);
    arb_neg(jac + 1, jac + 1);
    if (hess != NULL) {
        /* (d/2)^2 z^{a-2} e^{-z} (z - a + 1)/Gamma(a) */
        chi2_density(u, d, 1, z, wp);
        arb_sub(z, z, h, wp);
        arb_add_ui(z, z, 1, wp);
        arb_mul(u, u, z, wp);
        arb_mul(u, u, h, wp);
        arb_mul(hess + 3, u, h, prec);
    }
    if (!arb_is_finite(jac + 1))
        arb_indeterminate(jac + 1);
    if (hess != NULL && !arb_is_finite(hess + 3))
        arb_indeterminate(hess + 3);
    arb_clear(z);
    arb_clear(h);
    arb_clear(u);
}

void gdc_gauss_chi2_tail_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec)
{
    chi2_derivs(out, jac, NULL, x, prec);
}

void gdc_gauss_chi2_tail_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    chi2_derivs(out, jac, hess, x, prec);
}

/* the cost of one call is that of arb_hypgeom_gamma_upper (budget.c); the derivatives are a few elementary calls */
void gdc_gauss_chi2_tail_timed(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec, double deadline)
{
    long d = 0;
    if (gdc_arb_get_int(&d, x, 1) && !gdc_gauss_affordable(deadline, prec, d, arb_is_exact(x + 1))) {
        gdc_gauss_give_up(out, 1);
        gdc_gauss_give_up(jac, 2);
        gdc_gauss_give_up(hess, 4);
    } else if (jac == NULL)
        gdc_gauss_chi2_tail_arb(out, x, prec);
    else
        chi2_derivs(out, jac, hess, x, prec);
}
