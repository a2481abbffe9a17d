/* The half-space Gaussian integrals of Lemma 11 (001_66813dc1ca3a5435.txt, App. E.2.3; seed-001 C17): for unit a, u
 * at angle theta and x ~ N(0, I),
 *   out[0] = E[1{a.x >= 0} relu(u.x)]   = (1 + cos theta)/(2 sqrt(2 pi)) = cos^2(theta/2)/sqrt(2 pi),
 *   out[1] = E[1{a.x >= 0} relu(u.x)^2] = (pi - theta + sin theta cos theta)/(2 pi) = S(2e)/(4 pi),
 * e = pi - theta, S(x) = x - sin x (core/series.h). Both vanish at theta = pi (to second and third order), where
 * the printed forms cancel; the forms on the right do not: cos(theta/2) of the exact half theta/2, and S by its
 * series below x = 2 with the low word of the two-double pi - theta carried (S' = 1 - cos x = 2 sin^2 e).
 * Arb: second-order jets (core/jet.h) of the same forms. MPFR: the printed forms at a raised precision.
 * Definition check: the defining expectations in polar coordinates, x = r (cos phi, sin phi) with a = (1, 0),
 * u = (cos theta, sin theta): the radial moments int_0^inf r^(k+1) e^(-r^2/2) dr = sqrt(pi/2), 2 (k = 1, 2) and the
 * angular integral over the set where both a.x >= 0 and u.x >= 0, phi - theta = s in [-pi/2, pi/2 - theta], of
 * cos^k s, by rigorous integration (acb_calc_integrate), divided by 2 pi. */
#include <math.h>
#include "twolayer/twolayer.h"
#include "twolayer/twolayer_defs.h"
#include "core/jet.h"
#include "core/angle.h"
#include "core/dd.h"
#include "core/series.h"

#define INV_SQRT2PI_HI 0.3989422804014327
#define INV_SQRT2PI_LO (-2.49232720227773e-17)
#define INV_4PI_HI 0.07957747154594767
#define INV_4PI_LO (-4.9196691687956215e-18)
#define CANCEL_BITS 200

void gdc_twolayer_halfspace(double *out, double theta)
{
    double c = cos(0.5 * theta);
    gdc_dd_t c2 = gdc_dd_two_prod(c, c);
    out[0] = gdc_dd_to_d(gdc_dd_mul(c2, gdc_dd(INV_SQRT2PI_HI, INV_SQRT2PI_LO)));
    double elo, e = gdc_pi_minus(theta, &elo), se = sin(e);
    double S = gdc_xmsin(2.0 * e) + 4.0 * elo * se * se; /* S(2e + 2 elo) = S(2e) + 2 elo (1 - cos 2e) + ... */
    out[1] = gdc_dd_to_d(gdc_dd_mul_d(gdc_dd(INV_4PI_HI, INV_4PI_LO), S));
}

void gdc_twolayer_halfspace_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr X, slong prec)
{
    gdc_ajet_struct t, c, e;
    arb_t k;
    gdc_ajet_init(&t, 1, 2);
    gdc_ajet_init(&c, 1, 2);
    gdc_ajet_init(&e, 1, 2);
    arb_init(k);
    gdc_ajet_var(&t, X, 0);
    arb_set_d(k, 0.5);                        /* cos(theta/2)^2/sqrt(2 pi) */
    gdc_ajet_mul_arb(&c, &t, k, prec);
    gdc_ajet_cos(&c, &c, prec);
    gdc_ajet_mul(&c, &c, &c, prec);
    arb_const_pi(k, prec);
    arb_mul_2exp_si(k, k, 1);
    arb_rsqrt(k, k, prec);
    gdc_ajet_mul_arb(&c, &c, k, prec);
    gdc_ajet_get_value(out, jac, hess, 0, &c);
    arb_set_si(k, -2);                        /* S(2 pi - 2 theta)/(4 pi) */
    gdc_ajet_mul_arb(&e, &t, k, prec);
    arb_const_pi(k, prec);
    arb_mul_2exp_si(k, k, 1);
    gdc_ajet_add_arb(&e, &e, k, prec);
    gdc_ajet_xmsin(&e, &e, prec);
    arb_const_pi(k, prec);
    arb_mul_2exp_si(k, k, 2);
    arb_inv(k, k, prec);
    gdc_ajet_mul_arb(&e, &e, k, prec);
    gdc_ajet_get_value(out, jac, hess, 1, &e);
    gdc_ajet_clear(&t);
    gdc_ajet_clear(&c);
    gdc_ajet_clear(&e);
    arb_clear(k);
}

/* the printed forms (1 + cos t)/(2 sqrt(2 pi)) and (pi - t + sin t cos t)/(2 pi) at the output's precision plus
 * CANCEL_BITS (inputs are doubles: pi - t >= 2^-53, so the cancellation costs at most 3 * 53 bits) */
void gdc_twolayer_halfspace_mpfr(mpfr_ptr out, mpfr_srcptr X)
{
    mpfr_prec_t wp = mpfr_get_prec(out) + CANCEL_BITS;
    mpfr_t pi, s, c, u;
    mpfr_inits2(wp, pi, s, c, u, (mpfr_ptr)0);
    mpfr_const_pi(pi, MPFR_RNDN);
    mpfr_sin_cos(s, c, X, MPFR_RNDN);
    mpfr_add_ui(u, c, 1, MPFR_RNDN);
    mpfr_div_2ui(u, u, 1, MPFR_RNDN);
    mpfr_mul_2ui(pi, pi, 1, MPFR_RNDN);       /* 2 pi */
    mpfr_rec_sqrt(out + 0, pi, MPFR_RNDN);
    mpfr_mul(out + 0, out + 0, u, MPFR_RNDN);
    mpfr_mul(u, s, c, MPFR_RNDN);
    mpfr_sub(u, u, X, MPFR_RNDN);
    mpfr_div_2ui(s, pi, 1, MPFR_RNDN);        /* + pi */
    mpfr_add(u, u, s, MPFR_RNDN);
    mpfr_div(out + 1, u, pi, MPFR_RNDN);
    mpfr_clears(pi, s, c, u, (mpfr_ptr)0);
}

static int cos_power(acb_ptr res, const acb_t s, void *param, slong order, slong prec)
{
    (void)order; /* entire integrand */
    acb_cos(res, s, prec);
    acb_pow_ui(res, res, (ulong)*(const int *)param, prec);
    return 0;
}

int gdc_twolayer_def_halfspace(arb_ptr out, const double *x, slong prec)
{
    acb_t a, b, r;
    arb_t rad, pi;
    mag_t tol;
    acb_calc_integrate_opt_t opt;
    int status = 0;
    acb_init(a); acb_init(b); acb_init(r);
    arb_init(rad); arb_init(pi);
    mag_init(tol);
    acb_calc_integrate_opt_init(opt);
    arb_const_pi(pi, prec);
    acb_set_arb(a, pi);                       /* s from -pi/2 to pi/2 - theta */
    acb_mul_2exp_si(a, a, -1);
    acb_neg(a, a);
    acb_neg(b, a);
    arb_set_d(rad, x[0]);                     /* theta exact: a double */
    arb_sub(acb_realref(b), acb_realref(b), rad, prec);
    for (int k = 1; k <= 2; k++) {
        /* the integral is about e^(k+1)/(k+1), e = pi - theta (cos s ~ s + pi/2 at the lower end): an absolute
         * tolerance of 2^-prec e^3/64 (relative goal prec as well) */
        mag_set_d(tol, GDC_PI_HI - x[0] + 1e-300);
        mag_pow_ui(tol, tol, 3);
        mag_mul_2exp_si(tol, tol, -prec - 6);
        if (acb_calc_integrate(r, cos_power, &k, a, b, prec, tol, opt, prec) != ARB_CALC_SUCCESS)
            status = 1;
        if (k == 1) {                         /* sqrt(pi/2) */
            arb_mul_2exp_si(rad, pi, -1);
            arb_sqrt(rad, rad, prec);
        } else
            arb_set_ui(rad, 2);
        arb_mul(out + k - 1, acb_realref(r), rad, prec);
        arb_div(out + k - 1, out + k - 1, pi, prec);
        arb_mul_2exp_si(out + k - 1, out + k - 1, -1);
    }
    acb_clear(a); acb_clear(b); acb_clear(r);
    arb_clear(rad); arb_clear(pi);
    mag_clear(tol);
    return status;
}

/* theta -> pi (both outputs vanish, the printed forms cancel) and theta -> 0 */
void gdc_twolayer_reg_half_pi(double *x, gdc_rng_t *rng)
{
    x[0] = GDC_PI_HI - gdc_rng_logu(rng, -16, -1);
    if (x[0] > GDC_PI_HI)
        x[0] = GDC_PI_HI;
}

void gdc_twolayer_reg_half_0(double *x, gdc_rng_t *rng) { x[0] = gdc_rng_logu(rng, -300, 0); }
