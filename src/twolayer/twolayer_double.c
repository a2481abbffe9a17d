/* Double kernels of the twolayer rows (001_66813dc1ca3a5435.txt; seed-001 C2, C5, C12, C13).
 * With e = pi - theta (two-double), d = pi/4 - psi (two-double), s = sin(e/2), c = cos(e/2), q = 1 - 2 alpha,
 * S(e) = e - sin e and J(e) = sin e - e cos e = h(theta) (core/series.h), sigma^2 = (n1 + n2)^2 = 2 cos^2 d and
 * delta^2 = (n1 - n2)^2 = 2 sin^2 d, the catalogue's A1, A2 of C12 (ca = q + e/(2 pi), st = sin e/(2 pi)) give
 *   G^2 = P^2 sigma^2 c^2 + M^2 delta^2 s^2,  P = ca - st = q + S/(2 pi),  M = ca + st = q + (2e - S)/(2 pi),
 *   ||w1 + w2||^2 = sigma^2 s^2 + delta^2 c^2,
 *   g0 - G^2/(4q) = (C_s sigma^2 + C_d delta^2)/4,
 *     C_s = q s^2 - S c^2/pi - S^2 c^2/(4 pi^2 q) - J/pi,   C_d = q + J/pi - M^2 s^2/q
 * (expand A1 A2 = ((A1 + A2)^2 - (A1 - A2)^2)/4, A1 - A2 = P sigma, A1 + A2 = M delta). At W* (e = 0, d = 0) the
 * paper's grouping cancels O(1) terms to O(e^2 + d^2); here C_s = q e^2/4 + O(e^3) is led by its first term and
 * C_d ~ q, so nothing cancels. The first-order corrections for the low words of e and d are kept (the low word of
 * pi - theta is 1.2e-16, relatively large when e is small). */
#include <math.h>
#include "twolayer/twolayer.h"
#include "core/angle.h"
#include "core/dd.h"
#include "core/series.h"

#define HALF_PI 1.5707963267948966
#define INV_PI GDC_INVPI_HI

double gdc_twolayer_h(double theta)
{
    double elo, e = gdc_pi_minus(theta, &elo);
    double s = sin(theta);
    if (theta <= HALF_PI) {
        double c = cos(theta);
        return fma(e, c, fma(elo, c, s)); /* all three terms >= 0 */
    }
    return gdc_g3_series(e) + elo * e * s; /* G3(e + elo) = G3(e) + elo e sin e + ... */
}

double gdc_twolayer_loss(double e1, double e2, double n1, double n2, double theta)
{
    gdc_dd_t q = gdc_dd_add(gdc_dd_two_prod(e1, e1), gdc_dd_two_prod(e2, e2));
    gdc_dd_t k = gdc_dd_mul_d(gdc_dd_mul(gdc_dd_two_prod(n1, n2), gdc_dd(GDC_INV2PI_HI, GDC_INV2PI_LO)),
                              gdc_twolayer_h(theta));
    return gdc_dd_to_d(gdc_dd_sub(gdc_dd_scale(q, 0.25), k));
}

/* e = pi - theta with its low word: sin, cos of e/2, S(e), J(e) */
typedef struct {
    double e, s, c, S, J;
} half_t;

static half_t half_angle(double theta)
{
    half_t h;
    double elo;
    h.e = gdc_pi_minus(theta, &elo);
    double s0 = sin(0.5 * h.e), c0 = cos(0.5 * h.e);
    h.s = fma(0.5 * elo, c0, s0);
    h.c = fma(-0.5 * elo, s0, c0);
    double se = sin(h.e);
    h.S = (h.e < 2.0 ? gdc_xmsin_series(h.e) : h.e - se) + elo * 2.0 * s0 * s0; /* S' = 1 - cos e */
    h.J = gdc_g3(h.e) + elo * h.e * se;                                         /* J' = e sin e */
    h.e += elo;
    return h;
}

/* h~ from its Arb enclosure at 128 bits, rounded to the nearest double */
static double htilde_arb_round(double theta, double psi, double alpha, double kappa)
{
    arb_ptr x = _arb_vec_init(4);
    arb_t r;
    arb_init(r);
    arb_set_d(x + 0, theta);
    arb_set_d(x + 1, psi);
    arb_set_d(x + 2, alpha);
    arb_set_d(x + 3, kappa);
    gdc_twolayer_htilde_arb(r, NULL, NULL, x, 128);
    double v = arf_get_d(arb_midref(r), ARF_RND_NEAR);
    arb_clear(r);
    _arb_vec_clear(x, 4);
    return v;
}

double gdc_twolayer_htilde(double theta, double psi, double alpha, double kappa)
{
    half_t a = half_angle(theta);
    gdc_dd_t dd = gdc_dd_two_sum(0.25 * GDC_PI_HI, -psi); /* d = pi/4 - psi with pi's low word */
    double d = dd.hi, dlo = dd.lo + 0.25 * GDC_PI_LO;
    double sd = sin(d), cd = cos(d);
    sd = fma(dlo, cd, sd);
    cd = fma(-dlo, sd, cd);
    double sig2 = 2.0 * cd * cd, del2 = 2.0 * sd * sd;
    gdc_dd_t qd = gdc_dd_two_sum(1.0, -2.0 * alpha);
    double q = qd.hi, s2 = a.s * a.s, c2 = a.c * a.c;
    double P = q + (a.S * GDC_INV2PI_HI + qd.lo), M = q + ((2.0 * a.e - a.S) * GDC_INV2PI_HI + qd.lo);
    /* C_s: q s^2 leads near W*; the rest is O(e^3) */
    gdc_dd_t cs = gdc_dd_mul_d(qd, s2);
    double rest = a.S * c2 * INV_PI + a.S * a.S * c2 * (0.25 * INV_PI * INV_PI) / q + a.J * INV_PI;
    cs = gdc_dd_add_d(cs, -rest);
    gdc_dd_t cdl = gdc_dd_add_d(qd, a.J * INV_PI - M * M * s2 / q);
    gdc_dd_t base = gdc_dd_add(gdc_dd_mul_d(cs, sig2), gdc_dd_mul_d(cdl, del2));
    base = gdc_dd_scale(base, 0.25);
    /* where theta < 3/2 (J(e) = O(1): C_s = q s^2 - J/pi + ... and C_d cancel O(1) terms) or the active term is on
     * (s_min > G/(2q), the corner theta, psi -> 0: g0 - G s_min + q s_min^2, a sum of O(1) terms) the rounding of
     * sin, cos, S and J (one ulp each, not an input move) costs up to 11 units; there the value is taken from the
     * Arb enclosure at 128 bits (rounded to nearest, < 1 unit; tens of microseconds). The double path serves the
     * half theta >= 3/2, which holds W* and its quadratic zero. */
    double G2 = P * P * sig2 * c2 + M * M * del2 * s2;
    double x = sqrt(sig2 * s2 + del2 * c2) / kappa - sqrt(G2) / (2.0 * q);
    if (x > -1e-6 || theta < 1.5)
        return htilde_arb_round(theta, psi, alpha, kappa);
    return gdc_dd_to_d(base);
}

void gdc_twolayer_sum_step(double *out, double theta, double mu)
{
    double S = gdc_xmsin(theta);                  /* theta - sin theta >= 0, no cancellation */
    double T = fma(2.0, theta, -S);               /* theta + sin theta */
    gdc_dd_t m = gdc_dd_mul_d(gdc_dd(GDC_INV2PI_HI, GDC_INV2PI_LO), mu);
    out[0] = gdc_dd_to_d(gdc_dd_add_d(gdc_dd_neg(gdc_dd_mul_d(m, S)), 1.0));
    out[1] = gdc_dd_to_d(gdc_dd_add_d(gdc_dd_neg(gdc_dd_mul_d(m, T)), 1.0));
}
