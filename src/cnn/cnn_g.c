/* The kernel of 003_676a49ed0823cdd9.txt Theorem 2.1, g(phi) = cos phi (pi - phi + sin phi cos phi) + sin^3 phi
 * = (pi - phi) cos phi + sin phi (seed-003 C1), and pi - g(phi), without cancellation:
 *   g(phi) = G3(pi - phi) near pi (g = e^3/3 - ..., e = pi - phi as a two-double),
 *   pi - g(phi) = 2 pi sin^2(phi/2) - G3(phi) near 0 (= pi phi^2/2 - ...), G3(x) = sin x - x cos x (core/series.h).
 * g is decreasing on [0, pi] (g' = -(pi - phi) sin phi <= 0): over a ball inside [0, pi] the range is spanned by the
 * values at the two ends. */
#include <math.h>
#include "cnn/cnn.h"
#include "core/angle.h"
#include "core/series.h"
#include "core/arccos_profile.h"

#define HALF_PI 1.5707963267948966

double gdc_cnn_g(double phi)
{
    double elo, e = gdc_pi_minus(phi, &elo);
    double s = sin(phi);
    if (phi <= HALF_PI) {
        double c = cos(phi);
        return fma(e, c, fma(elo, c, s)); /* all three terms >= 0 */
    }
    /* G3(e + elo) = G3(e) + elo G3'(e) + ..., G3'(e) = e sin e = e sin phi */
    return gdc_g3_series(e) + elo * e * s;
}

double gdc_cnn_pmg(double phi)
{
    if (phi >= HALF_PI) /* g <= 1: pi - g >= pi - 1, no cancellation */
        return (GDC_PI_HI - gdc_cnn_g(phi)) + GDC_PI_LO;
    double h = sin(0.5 * phi);
    /* 2 pi h^2 >= pi G3(phi)... G3(phi) <= (2/(3 pi)) 2 pi h^2 on [0, pi/2]: at most ~1 bit lost */
    return fma(2.0 * GDC_PI_HI * h, h, -gdc_g3(phi));
}

/* ---- Arb ---- */

/* the shared Arb forms of core/arccos_profile.h (g is relu's h; pi - g is pi - h) */
void gdc_cnn_g_arb(arb_t res, const arb_t phi, slong prec) { gdc_arccos_h_arb(res, phi, prec); }
void gdc_cnn_pmg_arb(arb_t res, const arb_t phi, slong prec) { gdc_arccos_pmh_arb(res, phi, prec); }

void gdc_cnn_pmg_d1_arb(arb_t res, const arb_t phi, slong prec)
{
    arb_t e;
    arb_init(e);
    arb_const_pi(e, prec);
    arb_sub(e, e, phi, prec);
    arb_sin(res, phi, prec);
    arb_mul(res, res, e, prec);
    arb_clear(e);
}

void gdc_cnn_pmg_d2_arb(arb_t res, const arb_t phi, slong prec)
{
    arb_t e, s, c;
    arb_init(e);
    arb_init(s);
    arb_init(c);
    arb_const_pi(e, prec);
    arb_sub(e, e, phi, prec);
    arb_sin_cos(s, c, phi, prec);
    arb_mul(c, c, e, prec);
    arb_sub(res, c, s, prec);
    arb_clear(e);
    arb_clear(s);
    arb_clear(c);
}

/* ---- MPFR: the printed formulas at a working precision that absorbs the cancellation ---- */

/* bits lost by cancellation when the result is about |z|^pw: pw * max(0, -exponent of z) */
static mpfr_prec_t extra_bits(const mpfr_t z, int pw)
{
    if (mpfr_zero_p(z))
        return 0;
    long ex = mpfr_get_exp(z);
    return ex < 0 ? (mpfr_prec_t)(pw * -ex) : 0;
}

void gdc_cnn_g_mpfr(mpfr_t res, const mpfr_t phi)
{
    mpfr_t e, s, c;
    mpfr_prec_t wp = mpfr_get_prec(res) + 64;
    mpfr_init2(e, wp + 64);
    mpfr_const_pi(e, MPFR_RNDN);
    mpfr_sub(e, e, phi, MPFR_RNDN); /* pi - phi, |e| >= 2^-60 or exactly the rounding of pi */
    wp += extra_bits(e, 3);
    mpfr_set_prec(e, wp);
    mpfr_inits2(wp, s, c, (mpfr_ptr)0);
    mpfr_const_pi(e, MPFR_RNDN);
    mpfr_sub(e, e, phi, MPFR_RNDN);
    mpfr_sin_cos(s, c, phi, MPFR_RNDN);
    mpfr_fma(res, e, c, s, MPFR_RNDN);
    mpfr_clears(e, s, c, (mpfr_ptr)0);
}

void gdc_cnn_pmg_mpfr(mpfr_t res, const mpfr_t phi)
{
    /* pi - g loses about 2 |exponent of phi| bits to cancellation near phi = 0 */
    mpfr_prec_t wp = mpfr_get_prec(res) + 64 + extra_bits(phi, 2);
    mpfr_t g, p;
    mpfr_inits2(wp, g, p, (mpfr_ptr)0);
    gdc_cnn_g_mpfr(g, phi);
    mpfr_const_pi(p, MPFR_RNDN);
    mpfr_sub(res, p, g, MPFR_RNDN);
    mpfr_clears(g, p, (mpfr_ptr)0);
}
