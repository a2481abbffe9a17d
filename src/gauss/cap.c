/* gauss.cap (d, a): the spherical-cap probability P(u1 >= a) for u uniform on S^{d-1} (the direction of a Gaussian
 * vector), a in [0, 1]: P = I_{1-a^2}((d-1)/2, 1/2)/2 (seed-003 C22, B17, B18: P(cos phi^0 <= -tau) with p = d;
 * seed-004 C19-C22). The density of u1 is (1 - u^2)^{(d-3)/2}/B((d-1)/2, 1/2), so
 *   dP/da = -(1 - a^2)^{(d-3)/2}/B,   d^2P/da^2 = (d - 3) a (1 - a^2)^{(d-5)/2}/B,   1/B = Gamma(d/2)/(Gamma((d-1)/2) sqrt(pi)).
 * P is decreasing in a and in d, so on a box it lies between its values at two corners (exact points): claims over
 * ranges of d need no split into single integers.
 * Double: src/core/betainc.c with y = a^2 and x = 1 - a^2 (one rounding each). Arb: arb_hypgeom_beta_lower.
 * Definition check: with u1 = cos theta, P = (1/B) int_0^{acos a} sin^{d-2} theta dtheta (an entire integrand),
 * by acb_calc_integrate. */
#include <math.h>
#include "gauss/gauss.h"
#include "core/arb_int.h"
#include "core/betainc.h"

void gdc_gauss_cap_d(double *out, const double *x)
{
    double a = x[1];
    out[0] = 0.5 * gdc_betainc_d(fma(-a, a, 1.0), a * a, 0.5 * (x[0] - 1.0), 0.5, 0);
}

/* P at an exact point a of [0, 1]; exactly 1/2 at a = 0 and 0 at a = 1 (I_1 = 1, I_0 = 0) */
static void cap_point(arb_t res, long d, const arf_t a, slong prec)
{
    if (arf_is_zero(a) || arf_is_one(a)) {
        arb_set_d(res, arf_is_zero(a) ? 0.5 : 0.0);
        return;
    }
    arb_t x, y, p, q;
    arb_init(x);
    arb_init(y);
    arb_init(p);
    arb_init(q);
    arb_set_arf(y, a);
    arb_sqr(y, y, 2 * prec + 64);
    arb_sub_si(x, y, 1, 2 * prec + 64);
    arb_neg(x, x);
    arb_set_si(p, d - 1);
    arb_mul_2exp_si(p, p, -1);
    arb_one(q);
    arb_mul_2exp_si(q, q, -1);
    gdc_betainc_arb(res, x, y, p, q, 0, prec + 16);
    arb_mul_2exp_si(res, res, -1);
    arb_clear(x);
    arb_clear(y);
    arb_clear(p);
    arb_clear(q);
}

/* On a box, P lies between its values at two corners: P decreases in a (its derivative is minus a density) and in
 * d, since I_x(alpha, b) decreases in alpha (the law Beta(alpha, b) increases in alpha in the likelihood-ratio
 * order: the density ratio is a multiple of x^{alpha' - alpha}, increasing in x). The domain of d is the integers
 * of [2, 10^6] and that of a is [0, 1]: the box is narrowed to them (a box with no integer d is indeterminate). */
void gdc_gauss_cap_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    long dlo, dhi;
    if (!gdc_arb_int_range(&dlo, &dhi, x + 0, 2, 1000000) || !arb_is_finite(x + 1)) {
        arb_indeterminate(out + 0);
        return;
    }
    arf_t lo, hi;
    arb_t vlo, vhi;
    arf_init(lo);
    arf_init(hi);
    arb_init(vlo);
    arb_init(vhi);
    arb_get_lbound_arf(lo, x + 1, prec);
    arb_get_ubound_arf(hi, x + 1, prec);
    if (arf_sgn(lo) < 0)
        arf_zero(lo);
    if (arf_cmp_si(hi, 1) > 0)
        arf_one(hi);
    if (arf_cmp(lo, hi) > 0) {
        arb_indeterminate(out + 0);
    } else if (arf_equal(lo, hi) && dlo == dhi) {
        cap_point(out + 0, dlo, lo, prec);
    } else {
        cap_point(vlo, dhi, hi, prec);
        cap_point(vhi, dlo, lo, prec);
        arb_union(out + 0, vlo, vhi, prec);
    }
    arb_set_round(out + 0, out + 0, prec);
    arf_clear(lo);
    arf_clear(hi);
    arb_clear(vlo);
    arb_clear(vhi);
}

void gdc_gauss_cap_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_prec_t w = mpfr_get_prec(out + 0) + 2 * mpfr_get_prec(x + 1) + 32;
    mpfr_t xx, y, p, q;
    mpfr_inits2(w, xx, y, p, q, (mpfr_ptr)0);
    mpfr_sqr(y, x + 1, MPFR_RNDN); /* exact at this precision */
    mpfr_ui_sub(xx, 1, y, MPFR_RNDN);
    mpfr_sub_ui(p, x + 0, 1, MPFR_RNDN);
    mpfr_div_2ui(p, p, 1, MPFR_RNDN);
    mpfr_set_d(q, 0.5, MPFR_RNDN);
    gdc_betainc_mpfr(out + 0, xx, y, p, q, 0);
    mpfr_div_2ui(out + 0, out + 0, 1, MPFR_RNDN);
    mpfr_clears(xx, y, p, q, (mpfr_ptr)0);
}

/* r = 1/B((d-1)/2, 1/2) = Gamma(d/2)/(Gamma((d-1)/2) sqrt(pi)) */
static void inv_beta(arb_t r, long d, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_set_si(t, d);
    arb_mul_2exp_si(t, t, -1);
    arb_gamma(r, t, prec);
    arb_set_si(t, d - 1);
    arb_mul_2exp_si(t, t, -1);
    arb_gamma(t, t, prec);
    arb_div(r, r, t, prec);
    arb_const_sqrt_pi(t, prec);
    arb_div(r, r, t, prec);
    arb_clear(t);
}

/* r = s^n for s = sqrt(1 - a^2) >= 0 on the box; indeterminate where n < 0 and s reaches 0 */
static void sqrt1m_pow(arb_t r, const arb_t a, long n, slong prec)
{
    arb_t s, t;
    arb_init(s);
    arb_init(t);
    arb_sub_si(s, a, 1, prec);
    arb_neg(s, s);
    arb_add_si(t, a, 1, prec);
    arb_mul(s, s, t, prec);
    arb_nonnegative_part(s, s);
    arb_sqrt(s, s, prec);
    if (n >= 0) {
        arb_pow_ui(r, s, (ulong)n, prec);
    } else if (arb_contains_zero(s)) {
        arb_indeterminate(r);
    } else {
        arb_pow_ui(r, s, (ulong)(-n), prec);
        arb_inv(r, r, prec);
    }
    arb_clear(s);
    arb_clear(t);
}

/* a ball for the box of a clipped to the domain [0, 1] */
static void clip_unit(arb_t a, const arb_t x, slong prec)
{
    arf_t lo, hi;
    arf_init(lo);
    arf_init(hi);
    arb_get_lbound_arf(lo, x, prec);
    arb_get_ubound_arf(hi, x, prec);
    if (arf_sgn(lo) < 0)
        arf_zero(lo);
    if (arf_cmp_si(hi, 1) > 0)
        arf_one(hi);
    arb_set_interval_arf(a, lo, hi, prec);
    arf_clear(lo);
    arf_clear(hi);
}

/* the derivatives in a over the box */
static void cap_derivs(arb_ptr jac_a, arb_ptr hess_aa, arb_srcptr x, long d, slong prec)
{
    arb_t a, ib, t;
    arb_init(a);
    arb_init(ib);
    arb_init(t);
    clip_unit(a, x + 1, prec);
    inv_beta(ib, d, prec);
    sqrt1m_pow(t, a, d - 3, prec);
    arb_mul(jac_a, t, ib, prec);
    arb_neg(jac_a, jac_a);
    if (hess_aa != NULL) {
        if (d == 3) {
            arb_zero(hess_aa);
        } else {
            sqrt1m_pow(t, a, d - 5, prec);
            arb_mul(t, t, a, prec);
            arb_mul_si(t, t, d - 3, prec);
            arb_mul(hess_aa, t, ib, prec);
        }
    }
    arb_clear(a);
    arb_clear(ib);
    arb_clear(t);
}

void gdc_gauss_cap_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec)
{
    long d;
    gdc_gauss_cap_arb(out, x, prec);
    arb_indeterminate(jac + 0); /* d is an integer argument */
    if (!gdc_arb_get_int(&d, x + 0, 2) || !arb_is_finite(x + 1)) {
        arb_indeterminate(jac + 1);
        return;
    }
    cap_derivs(jac + 1, NULL, x, d, prec);
}

void gdc_gauss_cap_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    long d;
    gdc_gauss_cap_arb(out, x, prec);
    arb_indeterminate(jac + 0);
    for (int i = 0; i < 3; i++)
        arb_indeterminate(hess + i);
    if (!gdc_arb_get_int(&d, x + 0, 2) || !arb_is_finite(x + 1)) {
        arb_indeterminate(jac + 1);
        arb_indeterminate(hess + 3);
        return;
    }
    cap_derivs(jac + 1, hess + 3, x, d, prec);
}

/* sin^n(theta), n = *(long *)param */
static int sin_pow(acb_ptr out, const acb_t th, void *param, slong order, slong prec)
{
    (void)order; /* entire integrand */
    acb_sin(out, th, prec);
    acb_pow_ui(out, out, (ulong)(*(const long *)param), prec);
    return 0;
}

int gdc_gauss_cap_def_arb(arb_ptr out, const double *x, slong prec)
{
    long d = (long)x[0], n = d - 2;
    acb_t lo, hi, res;
    arb_t ib;
    mag_t tol;
    acb_calc_integrate_opt_t opt;
    acb_init(lo);
    acb_init(hi);
    acb_init(res);
    arb_init(ib);
    mag_init(tol);
    acb_calc_integrate_opt_init(opt);
    opt->eval_limit = 1000000;
    acb_zero(lo);
    arb_set_d(acb_realref(hi), x[1]);
    arb_acos(acb_realref(hi), acb_realref(hi), prec);
    inv_beta(ib, d, prec);
    /* absolute tolerance 2^{-prec-10} of the integral's size B P, estimated from the double kernel (the result is
     * rigorous whatever the tolerance; a loose one only widens it) */
    double p;
    gdc_gauss_cap_d(&p, x);
    mag_set_d(tol, fmax(p, 1e-300) / arf_get_d(arb_midref(ib), ARF_RND_NEAR));
    mag_mul_2exp_si(tol, tol, -prec - 10);
    int status = acb_calc_integrate(res, sin_pow, &n, lo, hi, prec, tol, opt, prec) != ARB_CALC_SUCCESS;
    arb_mul(out + 0, acb_realref(res), ib, prec);
    acb_clear(lo);
    acb_clear(hi);
    acb_clear(res);
    arb_clear(ib);
    mag_clear(tol);
    return status;
}
