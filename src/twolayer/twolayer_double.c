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
#include "core/dd_elem.h"
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

/* S(e) = e - sin e and J(e) = sin e - e cos e in double-double, given sin e and cos e: for e < 1/4 by the series
 * S = e^3 sum_k (-1)^k e^2k/(2k+3)!, J = e^3 sum_k (-1)^k (2k+2) e^2k/(2k+3)!, k = 0..9 (the first omitted term is
 * below (1/4)^20 6/23! < 1e-33 of the first), else directly (at e >= 1/4 the cancellation costs < 7 bits of 106). */
static void dd_S_J(gdc_dd_t e, gdc_dd_t se, gdc_dd_t ce, gdc_dd_t *S, gdc_dd_t *J)
{
    if (e.hi >= 0.25) {
        *S = gdc_dd_sub(e, se);
        *J = gdc_dd_sub(se, gdc_dd_mul(e, ce));
        return;
    }
    gdc_dd_t e2 = gdc_dd_sqr(e), e3 = gdc_dd_mul(e2, e), a = gdc_dd_d(0.0), b = gdc_dd_d(0.0);
    for (int k = 9; k >= 0; k--) {
        gdc_dd_t f = cdd_inv_fact[2 * k + 3], g = gdc_dd_mul_d(f, 2.0 * k + 2.0);
        a = gdc_dd_add(gdc_dd_mul(a, e2), (k & 1) ? gdc_dd_neg(f) : f);
        b = gdc_dd_add(gdc_dd_mul(b, e2), (k & 1) ? gdc_dd_neg(g) : g);
    }
    *S = gdc_dd_mul(a, e3);
    *J = gdc_dd_mul(b, e3);
}

/* h~ in double-double throughout: e = pi - theta and d = pi/4 - psi from the two-double pi; sin and cos of e/2 from
 * theta/2 (exact) and of d by cdd_sincos_pi of core/dd_elem.h (relative ~2^-75 against the 2^-53 needed), S, J as
 * above, then the form of the file comment and the active term q max(0, ||w1 + w2||/kappa - G/(2q))^2. Every O(1)
 * term carries ~2^-75 relative error, so the cancellation of O(1) terms where theta is small (C_s = q s^2 - J/pi
 * + ..., C_d) or at the corner theta, psi -> 0 (h~ -> 3/2 - 5 alpha) costs nothing visible: measured <= 0.42 units
 * (the final rounding) at 9000 points of theta < 3/2 and the corner. */
static double htilde_dd(double theta, double psi, double alpha, double kappa)
{
    double elo, eh = gdc_pi_minus(theta, &elo), dh, dl;
    gdc_dd_t e = gdc_dd_fast_two_sum(eh, elo), s, c, sd, cd, se, ce, S, J;
    cdd_sincos_pi(0.5 * theta, &c, &s);                                       /* e/2 = pi/2 - theta/2 (exact half) */
    se = gdc_dd_scale(gdc_dd_mul(s, c), 2.0);                                 /* sin e = 2 s c */
    ce = gdc_dd_add_d(gdc_dd_scale(gdc_dd_sqr(s), -2.0), 1.0);                /* cos e = 1 - 2 s^2 */
    dd_S_J(e, se, ce, &S, &J);
    gdc_dd_t d = gdc_dd_add_d(gdc_dd(0.25 * GDC_PI_HI, 0.25 * GDC_PI_LO), -psi); /* |d| <= pi/4 */
    dh = fabs(d.hi);                                                          /* only sin^2 d, cos^2 d are used */
    dl = d.hi < 0 ? -d.lo : d.lo;
    cdd_sincos_pi(dh, &sd, &cd);
    sd = gdc_dd_add_d(sd, dl * cd.hi);                                        /* + d.lo cos d: |d.lo|^2 < 2^-106 */
    cd = gdc_dd_add_d(cd, -dl * sd.hi);
    gdc_dd_t sig2 = gdc_dd_scale(gdc_dd_sqr(cd), 2.0), del2 = gdc_dd_scale(gdc_dd_sqr(sd), 2.0);
    gdc_dd_t q = gdc_dd_two_sum(1.0, -2.0 * alpha), s2 = gdc_dd_sqr(s), c2 = gdc_dd_sqr(c);
    gdc_dd_t iq = gdc_dd_div(gdc_dd_d(1.0), q);
    gdc_dd_t ip = gdc_dd(GDC_INVPI_HI, GDC_INVPI_LO), i2p = gdc_dd(GDC_INV2PI_HI, GDC_INV2PI_LO);
    gdc_dd_t P = gdc_dd_add(q, gdc_dd_mul(S, i2p));
    gdc_dd_t M = gdc_dd_add(q, gdc_dd_mul(gdc_dd_sub(gdc_dd_scale(e, 2.0), S), i2p));
    gdc_dd_t Sc2 = gdc_dd_mul(gdc_dd_mul(S, c2), ip), Jp = gdc_dd_mul(J, ip);
    /* C_s = q s^2 - S c^2/pi - (S c^2/pi) S/(4 pi q) - J/pi,  C_d = q + J/pi - M^2 s^2/q */
    gdc_dd_t cs = gdc_dd_sub(gdc_dd_mul(q, s2), Sc2);
    cs = gdc_dd_sub(cs, gdc_dd_scale(gdc_dd_mul(gdc_dd_mul(gdc_dd_mul(Sc2, S), ip), iq), 0.25));
    cs = gdc_dd_sub(cs, Jp);
    gdc_dd_t M2 = gdc_dd_sqr(M), cdl = gdc_dd_sub(gdc_dd_add(q, Jp), gdc_dd_mul(gdc_dd_mul(M2, s2), iq));
    gdc_dd_t r = gdc_dd_scale(gdc_dd_add(gdc_dd_mul(cs, sig2), gdc_dd_mul(cdl, del2)), 0.25);
    gdc_dd_t G2 = gdc_dd_add(gdc_dd_mul(gdc_dd_mul(gdc_dd_sqr(P), sig2), c2), gdc_dd_mul(gdc_dd_mul(M2, del2), s2));
    gdc_dd_t W2 = gdc_dd_add(gdc_dd_mul(sig2, s2), gdc_dd_mul(del2, c2));
    gdc_dd_t x = gdc_dd_div_d(W2.hi > 0 ? gdc_dd_sqrt(W2) : gdc_dd_d(0.0), kappa);
    x = gdc_dd_sub(x, gdc_dd_scale(gdc_dd_mul(G2.hi > 0 ? gdc_dd_sqrt(G2) : gdc_dd_d(0.0), iq), 0.5));
    if (x.hi > 0)
        r = gdc_dd_add(r, gdc_dd_mul(q, gdc_dd_sqr(x)));
    return gdc_dd_to_d(r);
}

double gdc_twolayer_htilde(double theta, double psi, double alpha, double kappa)
{
    if (theta < 1.5)
        return htilde_dd(theta, psi, alpha, kappa);
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
     * sin, cos, S and J (one ulp each, not an input move) costs up to 11 units; there everything is computed in
     * double-double (htilde_dd). The double path serves the half theta >= 3/2, which holds W* and its quadratic
     * zero. */
    double G2 = P * P * sig2 * c2 + M * M * del2 * s2;
    double x = sqrt(sig2 * s2 + del2 * c2) / kappa - sqrt(G2) / (2.0 * q);
    if (x > -1e-6)
        return htilde_dd(theta, psi, alpha, kappa);
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
