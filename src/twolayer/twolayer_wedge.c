/* The population version of Lemma 11 (001_66813dc1ca3a5435.txt, App. E.2.3; seed-001 C19): for unit a, w = a + h at
 * angle tw from a and h at angle phi from a (all in one plane; a component of x orthogonal to it does not enter),
 *   V(tw, phi) = E[1{a.x >= 0} 1{w.x >= 0} (x.h)^2]/|h|^2 = (1/(2 pi)) [D + cos(chi) sin D],
 * D = pi - |tw| (the angle of the wedge), chi = hi + lo - 2 phi = tw - 2 phi, [lo, hi] the wedge's polar angles (the
 * catalogue's (hi - lo) + (sin 2(hi - phi) - sin 2(lo - phi))/2 by sin A - sin B = 2 cos((A + B)/2) sin((A - B)/2)).
 * tw in [0, pi] (tw -> -tw, phi -> -phi is a reflection). It vanishes like D (1 + cos chi) + O(D^3) as tw -> pi, where
 * D + cos chi sin D cancels when cos chi < 0; there
 *   D + cos chi sin D = 2 D cos^2(chi/2) - cos chi S(D),  S(D) = D - sin D >= 0,
 * two terms >= 0 (cos chi < 0), with cos(chi/2) of chi/2 = tw/2 - phi (exact halves, a two-sum). Arb: jets
 * (core/jet.h) of the second form (valid for every chi). MPFR: the catalogue's form at a raised precision.
 * Definition check: E in polar coordinates, radial moment int_0^inf r^3 e^(-r^2/2) dr = 2 and the angular integral
 * of cos^2(s - phi) over the wedge s in [tw - pi/2, pi/2] by acb_calc_integrate, divided by 2 pi. */
#include <math.h>
#include "twolayer/twolayer.h"
#include "twolayer/twolayer_defs.h"
#include "core/jet.h"
#include "core/angle.h"
#include "core/dd.h"
#include "core/series.h"

#define CANCEL_BITS 200

double gdc_twolayer_wedge(double tw, double phi)
{
    double dlo, D = gdc_pi_minus(tw, &dlo);
    gdc_dd_t h = gdc_dd_two_sum(0.5 * tw, -phi), x = gdc_dd_two_sum(tw, -2.0 * phi); /* chi/2, chi (exact) */
    double ch = fma(-h.lo, sin(h.hi), cos(h.hi));                                        /* cos(chi/2) */
    double cc = fma(-x.lo, sin(x.hi), cos(x.hi));                                        /* cos chi */
    double sD = fma(dlo, cos(D), sin(D));                                                /* sin(D + dlo) */
    gdc_dd_t r;
    if (cc >= 0) /* D + cos chi sin D: both terms >= 0 */
        r = gdc_dd_add(gdc_dd_two_sum(D, dlo), gdc_dd_two_prod(cc, sD));
    else {       /* 2 D cos^2(chi/2) - cos chi S(D): both terms >= 0 */
        double S = D < 2.0 ? gdc_xmsin_series(D) + dlo * (1.0 - cos(D)) : (D - sD) + dlo; /* S(D + dlo) */
        r = gdc_dd_add(gdc_dd_mul_d(gdc_dd_two_prod(ch, ch), 2.0 * (D + dlo)), gdc_dd_two_prod(-cc, S));
    }
    return gdc_dd_to_d(gdc_dd_mul(r, gdc_dd(GDC_INV2PI_HI, GDC_INV2PI_LO)));
}

void gdc_twolayer_wedge_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr X, slong prec)
{
    gdc_ajet_struct tw, ph, D, S, c, t;
    arb_t k;
    gdc_ajet_init(&tw, 2, 2); gdc_ajet_init(&ph, 2, 2); gdc_ajet_init(&D, 2, 2); gdc_ajet_init(&S, 2, 2);
    gdc_ajet_init(&c, 2, 2); gdc_ajet_init(&t, 2, 2);
    arb_init(k);
    gdc_ajet_var(&tw, X + 0, 0);
    gdc_ajet_var(&ph, X + 1, 1);
    arb_set_si(k, -1);                        /* D = pi - tw */
    gdc_ajet_mul_arb(&D, &tw, k, prec);
    arb_const_pi(k, prec);
    gdc_ajet_add_arb(&D, &D, k, prec);
    gdc_ajet_xmsin(&S, &D, prec);
    arb_set_d(k, 0.5);                        /* c = cos^2(tw/2 - phi) */
    gdc_ajet_mul_arb(&c, &tw, k, prec);
    gdc_ajet_sub(&c, &c, &ph, prec);
    gdc_ajet_cos(&c, &c, prec);
    gdc_ajet_mul(&c, &c, &c, prec);
    gdc_ajet_mul(&t, &c, &D, prec);             /* 2 D c - (2 c - 1) S */
    gdc_ajet_add(&t, &t, &t, prec);
    gdc_ajet_add(&c, &c, &c, prec);
    arb_set_si(k, -1);
    gdc_ajet_add_arb(&c, &c, k, prec);
    gdc_ajet_mul(&c, &c, &S, prec);
    gdc_ajet_sub(&t, &t, &c, prec);
    arb_const_pi(k, prec);                    /* / (2 pi) */
    arb_mul_2exp_si(k, k, 1);
    arb_inv(k, k, prec);
    gdc_ajet_mul_arb(&t, &t, k, prec);
    gdc_ajet_get_value(out, jac, hess, 0, &t);
    gdc_ajet_clear(&tw); gdc_ajet_clear(&ph); gdc_ajet_clear(&D); gdc_ajet_clear(&S);
    gdc_ajet_clear(&c); gdc_ajet_clear(&t);
    arb_clear(k);
}

/* the catalogue's form: lo = tw - pi/2, hi = pi/2 (tw >= 0), ((hi - lo) + (sin 2(hi - phi) - sin 2(lo - phi))/2)/(2 pi) */
void gdc_twolayer_wedge_mpfr(mpfr_ptr out, mpfr_srcptr X)
{
    mpfr_prec_t wp = mpfr_get_prec(out) + CANCEL_BITS;
    mpfr_t pi, lo, hi, u, v;
    mpfr_inits2(wp, pi, lo, hi, u, v, (mpfr_ptr)0);
    mpfr_const_pi(pi, MPFR_RNDN);
    mpfr_div_2ui(hi, pi, 1, MPFR_RNDN);
    mpfr_sub(lo, X, hi, MPFR_RNDN);
    mpfr_sub(u, hi, X + 1, MPFR_RNDN);        /* sin 2(hi - phi) */
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_sin(u, u, MPFR_RNDN);
    mpfr_sub(v, lo, X + 1, MPFR_RNDN);        /* - sin 2(lo - phi) */
    mpfr_mul_2ui(v, v, 1, MPFR_RNDN);
    mpfr_sin(v, v, MPFR_RNDN);
    mpfr_sub(u, u, v, MPFR_RNDN);
    mpfr_div_2ui(u, u, 1, MPFR_RNDN);
    mpfr_add(u, u, hi, MPFR_RNDN);
    mpfr_sub(u, u, lo, MPFR_RNDN);
    mpfr_mul_2ui(pi, pi, 1, MPFR_RNDN);
    mpfr_div(out, u, pi, MPFR_RNDN);
    mpfr_clears(pi, lo, hi, u, v, (mpfr_ptr)0);
}

static int cos_sq_shifted(acb_ptr res, const acb_t s, void *param, slong order, slong prec)
{
    (void)order; /* entire integrand */
    acb_sub(res, s, (const acb_struct *)param, prec);
    acb_cos(res, res, prec);
    acb_sqr(res, res, prec);
    return 0;
}

int gdc_twolayer_def_wedge(arb_ptr out, const double *x, slong prec)
{
    acb_t a, b, r, ph;
    arb_t pi;
    mag_t tol;
    acb_calc_integrate_opt_t opt;
    int status = 0;
    acb_init(a); acb_init(b); acb_init(r); acb_init(ph);
    arb_init(pi);
    mag_init(tol);
    acb_calc_integrate_opt_init(opt);
    arb_const_pi(pi, prec);
    acb_set_arb(b, pi);                       /* the wedge s in [tw - pi/2, pi/2] */
    acb_mul_2exp_si(b, b, -1);
    acb_set_d(a, x[0]);
    acb_sub(a, a, b, prec);
    acb_set_d(ph, x[1]);
    /* the value is about D^3/(3 pi) at worst (D = pi - tw, cos chi = -1): tolerance 2^-prec (pi - tw)^3/16 */
    mag_set_d(tol, GDC_PI_HI - x[0] + 1e-300);
    mag_pow_ui(tol, tol, 3);
    mag_mul_2exp_si(tol, tol, -prec - 4);
    if (acb_calc_integrate(r, cos_sq_shifted, ph, a, b, prec, tol, opt, prec) != ARB_CALC_SUCCESS)
        status = 1;
    arb_div(out, acb_realref(r), pi, prec);   /* 2/(2 pi) */
    acb_clear(a); acb_clear(b); acb_clear(r); acb_clear(ph);
    arb_clear(pi);
    mag_clear(tol);
    return status;
}

/* tw -> pi (the wedge closes: V -> 0, cancelling where cos chi < 0) and tw -> 0: tw as theta of the halfspace row's
 * regimes, phi uniform */
void gdc_twolayer_reg_wedge_pi(double *x, gdc_rng_t *rng)
{
    gdc_twolayer_reg_half_pi(x, rng);
    x[1] = gdc_rng_range(rng, -GDC_PI_HI, GDC_PI_HI);
}

void gdc_twolayer_reg_wedge_0(double *x, gdc_rng_t *rng)
{
    gdc_twolayer_reg_half_0(x, rng);
    x[1] = gdc_rng_range(rng, -GDC_PI_HI, GDC_PI_HI);
}
