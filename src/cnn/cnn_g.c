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

/* 0 <= every point of x <= pi (decided rigorously) */
static int in_0_pi(const arb_t x, slong prec)
{
    arb_t p;
    arb_init(p);
    arb_const_pi(p, prec);
    int r = arb_is_nonnegative(x) && arb_le(x, p);
    arb_clear(p);
    return r;
}

/* g on any ball: G3(pi - phi) by its series when |pi - phi| <= 1, else the direct formula */
static void g_form(arb_t res, const arb_t phi, slong prec)
{
    arb_t e, s, c;
    arb_init(e);
    arb_init(s);
    arb_init(c);
    arb_const_pi(e, prec);
    arb_sub(e, e, phi, prec);
    mag_t m;
    mag_init(m);
    arb_get_mag(m, e);
    if (mag_cmp_2exp_si(m, 0) <= 0) {
        gdc_g3_series_arb(res, e, prec);
    } else {
        arb_sin_cos(s, c, phi, prec);
        arb_mul(c, c, e, prec);
        arb_add(res, s, c, prec);
    }
    mag_clear(m);
    arb_clear(e);
    arb_clear(s);
    arb_clear(c);
}

/* pi - g on any ball: 2 pi sin^2(phi/2) - G3(phi) */
static void pmg_form(arb_t res, const arb_t phi, slong prec)
{
    arb_t h, p;
    arb_init(h);
    arb_init(p);
    arb_mul_2exp_si(h, phi, -1);
    arb_sin(h, h, prec);
    arb_sqr(h, h, prec);
    arb_const_pi(p, prec);
    arb_mul(h, h, p, prec);
    arb_mul_2exp_si(h, h, 1);
    gdc_g3_series_arb(p, phi, prec); /* series for |phi| <= 3, else the direct formula */
    arb_sub(res, h, p, prec);
    arb_clear(h);
    arb_clear(p);
}

static void mono(arb_t res, const arb_t phi, slong prec, void (*f)(arb_t, const arb_t, slong))
{
    if (arb_is_exact(phi) || !in_0_pi(phi, prec))
        f(res, phi, prec);
    else
        gdc_arb_monotone_ends(res, phi, f, prec);
}

void gdc_cnn_g_arb(arb_t res, const arb_t phi, slong prec) { mono(res, phi, prec, g_form); }
void gdc_cnn_pmg_arb(arb_t res, const arb_t phi, slong prec) { mono(res, phi, prec, pmg_form); }

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
