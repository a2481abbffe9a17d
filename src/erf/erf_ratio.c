/* Theorems 6 and 7 of 002_588e28744115f015.txt (Sec. 4.7, App. C.4; seed-002 B14, B17, C19-C22, C30, C31):
 * the ratios R6 = <v, grad F^(1)(w)>/|v|^2 and R7 = <v, grad F^(1,k)(w)>/|v|^2, v = w - u, in cancellation-free
 * forms (double kernels, in double-double).
 *
 * Frame: u = (0, U), U^2 = 12 k^2/pi^2; w = (w1, w2) = rho U (sin a, cos a); v = (w1, -y) with
 *   y = U - w2 = U ((1 - rho) + 2 rho sin^2(a/2)) >= 0 (no cancellation), W^2 = |w|^2 = rho^2 U^2,
 *   E = 1 + 2W^2, B = 1 + 4W^2, D = 1 + 2U^2 + 2W^2 + 4U^2 w1^2 (C13: the Gram term U^2W^2 - (u.w)^2 = U^2 w1^2).
 * From C19/C20, c1(w) w = (4/pi) w/(E sqrt(B)) and, since E U - 2 (u.w) w2 = U (1 + 2 w1^2),
 *   btilde(u, w) = (4/pi) (-2 U w1 w2, U (1 + 2 w1^2)) / (E sqrt(D)),
 * so grad F^(1) = c1 w - btilde = (4/pi) T/E with
 *   T1 = w1 P1,  P1 = 1/sqrt(B) + 2 U w2/sqrt(D)                                        (>= 0)
 *   T2 = w2/sqrt(B) - U (1 + 2 w1^2)/sqrt(D).
 * Claim: T2 = -(y P2 + w1^2 P3) with Z = sqrt(B) sqrt(D) (w2 sqrt(D) + U (1 + 2w1^2) sqrt(B)),
 *   P2 = E (U + w2)/Z,  P3 = 2 E U^2 (3 + 4 w1^2)/Z                                      (>= 0).
 * Proof: multiplying by the positive conjugate, T2 = (w2^2 D - U^2 (1 + 2w1^2)^2 B)/Z, and expanding with
 *   w2 = U - y, W^2 = w1^2 + w2^2 gives the polynomial identity
 *   w2^2 D - U^2 (1 + 2w1^2)^2 B = -E (y (U + w2) + 2 U^2 w1^2 (3 + 4 w1^2))
 *   (both sides expanded in (w1, w2, U) agree term by term; the factor E = 1 + 2W^2 splits off). QED.
 * Hence <v, T> = w1^2 P1 + y (y P2 + w1^2 P3), every term >= 0, and
 *   R6 = (4/pi) [ lambda (P1/E + y P3/E) + (1 - lambda) P2/E ],   lambda = w1^2/(w1^2 + y^2) in [0, 1]   (*)
 * a convex combination of two continuous functions of w: the removable singularity at w = u is only in the
 * weight lambda (the direction of v). At w -> u, P2/E -> (1 + 4U^2)^{-3/2} and P1/E -> (1 + 4U^2)^{-1/2}: the two
 * eigenvalues of Hess F^(1)(u0) (C31), the radial one the infimum (B14).
 *
 * R7 (C22): grad F^(1,k) = (4/pi)/E [K_u T + Delta w/sqrt(B)], K_u = 1 + k Vuw^{k-1},
 *   Delta = k (Vww^{k-1} - Vuw^{k-1}), Vww = V(w, w) = (2/pi) atan(al), al = 2W^2/sqrt(B),
 *   Vuw = V(u, w) = (2/pi) atan(be), be = 2 U w2/sqrt(D) (C13 in atan form). So
 *   R7 = K_u R6 + (4/pi)/(E sqrt(B)) Delta <v, w>/|v|^2.
 * With <w, T> = W^2/sqrt(B) - U w2/sqrt(D) = (al - be)/2 and <w, T> = w1^2 Ta - y Tb (Ta = P1 - w2 P3,
 * Tb = w2 P2; from T above), atan al - atan be = atan z with z = 2 <w, T>/(1 + al be) (al, be >= 0), and
 * <v, w> = w1^2 - y w2:
 *   Delta <v, w>/|v|^2 = DQ (2/pi) (atan z/z) (2/(1 + al be)) G,
 *   DQ = k (Vww^{k-1} - Vuw^{k-1})/(Vww - Vuw)  (= k (k-1) xi^{k-2}, xi between Vww and Vuw),
 *   G = <w, T> <v, w>/|v|^2 = (1 - lambda) w2 Tb + lambda (w1^2 Ta - y (w2 Ta + Tb)).
 * For k = 1, C22 gives grad F^(1,1) = 2 grad F^(1) (Vww^0 = Vuw^0 = 1): R7 = 2 R6.
 * Arithmetic: double-double throughout (core/dd.h; sin/cos of the input angle, atan2, log and exp from
 * cosine/cosine_dd.h), V^n as exp(n log V) with log V accurate near V = 1, Vww^n - Vuw^n as M^n (1 - (m/M)^n):
 * R7 may change sign (k >= 50, |w0| ~ 0.4 |u0|, alpha ~ 0.01-0.1), where K_u R6 and the Delta term cancel. */
#include <math.h>
#include "erf/erf_ratio.h"
#include "core/dd.h"
#include "core/dd_elem.h" /* double-double sin/cos, atan2, log, exp (header-only) */

#define TWELVE_PI2_HI 1.2158542037080533
#define TWELVE_PI2_LO (-4.75954785532733e-17)
#define FOUR_PI_HI 1.2732395447351628
#define FOUR_PI_LO (-7.871470670072994e-17)
#define TWO_PI_HI 0.6366197723675814
#define TWO_PI_LO (-3.935735335036497e-17)

typedef struct {
    gdc_dd_t U, U2, w1, w2, y, W2, w1s, E, sB, sD, P1, P2, P3;
    gdc_dd_t l1, l2; /* weights lambda and 1 - lambda, unnormalised: lambda = l1/(l1 + l2) */
} geo_t;

static gdc_dd_t dd_inv(gdc_dd_t a) { return gdc_dd_div(gdc_dd_d(1.0), a); }

/* returns 0 at w = u (rho = 1, alpha = 0), where the ratios are undefined */
static int geo(geo_t *g, double k, double rho, double a)
{
    gdc_dd_t s, c, h, hc;
    cdd_sincos(a, &s, &c);
    cdd_sincos(0.5 * a, &h, &hc);
    g->U2 = gdc_dd_mul_d(gdc_dd(TWELVE_PI2_HI, TWELVE_PI2_LO), k * k);
    g->U = gdc_dd_sqrt(g->U2);
    gdc_dd_t rU = gdc_dd_mul_d(g->U, rho);
    g->w1 = gdc_dd_mul(rU, s);
    g->w2 = gdc_dd_mul(rU, c);
    /* (1 - rho) + 2 rho h^2, 1 - rho exact */
    gdc_dd_t t = gdc_dd_add(gdc_dd_two_sum(1.0, -rho), gdc_dd_mul_d(gdc_dd_sqr(h), 2.0 * rho));
    g->y = gdc_dd_mul(g->U, t);
    gdc_dd_t W2 = gdc_dd_mul(rU, rU);
    g->W2 = W2;
    g->w1s = gdc_dd_sqr(g->w1);
    g->E = gdc_dd_add_d(gdc_dd_scale(W2, 2.0), 1.0);
    gdc_dd_t B = gdc_dd_add_d(gdc_dd_scale(W2, 4.0), 1.0);
    gdc_dd_t D = gdc_dd_add(gdc_dd_scale(gdc_dd_add(g->U2, W2), 2.0), gdc_dd_scale(gdc_dd_mul(g->U2, g->w1s), 4.0));
    D = gdc_dd_add_d(D, 1.0);
    g->sB = gdc_dd_sqrt(B);
    g->sD = gdc_dd_sqrt(D);
    gdc_dd_t one2 = gdc_dd_add_d(gdc_dd_scale(g->w1s, 2.0), 1.0); /* 1 + 2 w1^2 */
    gdc_dd_t Z = gdc_dd_add(gdc_dd_mul(g->w2, g->sD), gdc_dd_mul(gdc_dd_mul(g->U, one2), g->sB));
    Z = gdc_dd_mul(Z, gdc_dd_mul(g->sB, g->sD));
    g->P1 = gdc_dd_add(dd_inv(g->sB), gdc_dd_div(gdc_dd_scale(gdc_dd_mul(g->U, g->w2), 2.0), g->sD));
    g->P2 = gdc_dd_div(gdc_dd_mul(g->E, gdc_dd_add(g->U, g->w2)), Z);
    gdc_dd_t f = gdc_dd_add_d(gdc_dd_scale(g->w1s, 4.0), 3.0);
    g->P3 = gdc_dd_div(gdc_dd_scale(gdc_dd_mul(gdc_dd_mul(g->E, g->U2), f), 2.0), Z);
    /* lambda = w1^2/(w1^2 + y^2), scaled by max(w1, y) against underflow */
    double m = fmax(g->w1.hi, g->y.hi);
    if (!(m > 0))
        return 0;
    g->l1 = gdc_dd_sqr(gdc_dd_div_d(g->w1, m));
    g->l2 = gdc_dd_sqr(gdc_dd_div_d(g->y, m));
    return 1;
}

/* R6 / (4/pi) = [l1 (P1 + y P3) + l2 P2] / ((l1 + l2) E)   (*) */
static gdc_dd_t r6_core(const geo_t *g)
{
    gdc_dd_t X = gdc_dd_add(g->P1, gdc_dd_mul(g->y, g->P3));
    gdc_dd_t num = gdc_dd_add(gdc_dd_mul(g->l1, X), gdc_dd_mul(g->l2, g->P2));
    return gdc_dd_div(num, gdc_dd_mul(gdc_dd_add(g->l1, g->l2), g->E));
}

void gdc_erf_ratio6_d(double *out, const double *x)
{
    geo_t g;
    if (!geo(&g, x[0], x[1], x[2])) {
        out[0] = NAN; /* outside the domain (w = u); the registry never calls it there */
        return;
    }
    out[0] = gdc_dd_to_d(gdc_dd_mul(r6_core(&g), gdc_dd(FOUR_PI_HI, FOUR_PI_LO)));
}

/* exp of a double-double (0 far below the double range) */
static gdc_dd_t dd_exp(gdc_dd_t x)
{
    long e;
    gdc_dd_t m = cdd_exp2k(x, &e);
    return e < -2000 ? gdc_dd_d(0.0) : gdc_dd_ldexp(m, (int)e);
}

/* V^n for a double-double V in [0, 1], n >= 0 (V^0 = 1) */
static gdc_dd_t dd_pow(gdc_dd_t V, double n)
{
    if (n == 0)
        return gdc_dd_d(1.0);
    if (!(V.hi > 0))
        return gdc_dd_d(0.0);
    return dd_exp(gdc_dd_mul_d(cdd_log(V), n));
}

/* atan z, odd: Newton-refined atan2(|z|, 1) */
static gdc_dd_t dd_atan(gdc_dd_t z)
{
    if (z.hi == 0)
        return gdc_dd_d(0.0);
    gdc_dd_t r = cdd_atan2(z.hi < 0 ? gdc_dd_neg(z) : z, gdc_dd_d(1.0));
    return z.hi < 0 ? gdc_dd_neg(r) : r;
}

void gdc_erf_ratio7_d(double *out, const double *x)
{
    geo_t g;
    double k = x[0];
    if (!geo(&g, k, x[1], x[2])) {
        out[0] = NAN;
        return;
    }
    gdc_dd_t r6 = gdc_dd_mul(r6_core(&g), gdc_dd(FOUR_PI_HI, FOUR_PI_LO));
    if (k == 1.0) {
        out[0] = 2.0 * gdc_dd_to_d(r6);
        return;
    }
    double n = k - 1.0;
    gdc_dd_t two_pi = gdc_dd(TWO_PI_HI, TWO_PI_LO);
    gdc_dd_t W2s = gdc_dd_scale(g.W2, 2.0);
    gdc_dd_t Uw2 = gdc_dd_scale(gdc_dd_mul(g.U, g.w2), 2.0);
    gdc_dd_t al = gdc_dd_div(W2s, g.sB); /* 2W^2/sqrt(B) */
    gdc_dd_t be = gdc_dd_div(Uw2, g.sD); /* 2 U w2/sqrt(D) */
    gdc_dd_t Vww = gdc_dd_mul(two_pi, cdd_atan2(W2s, g.sB)), Vuw = gdc_dd_mul(two_pi, cdd_atan2(Uw2, g.sD));
    gdc_dd_t Ta = gdc_dd_sub(g.P1, gdc_dd_mul(g.w2, g.P3));
    gdc_dd_t Tb = gdc_dd_mul(g.w2, g.P2);
    gdc_dd_t wT = gdc_dd_sub(gdc_dd_mul(g.w1s, Ta), gdc_dd_mul(g.y, Tb));
    gdc_dd_t oab = gdc_dd_add_d(gdc_dd_mul(al, be), 1.0);
    gdc_dd_t z = gdc_dd_div(gdc_dd_scale(wT, 2.0), oab);
    gdc_dd_t Gl2 = gdc_dd_mul(g.l2, gdc_dd_mul(g.w2, Tb));
    gdc_dd_t Gl1 = gdc_dd_mul(g.l1, gdc_dd_sub(gdc_dd_mul(g.w1s, Ta),
                                               gdc_dd_mul(g.y, gdc_dd_add(gdc_dd_mul(g.w2, Ta), Tb))));
    gdc_dd_t G = gdc_dd_div(gdc_dd_add(Gl1, Gl2), gdc_dd_add(g.l1, g.l2));
    gdc_dd_t at = dd_atan(z);
    gdc_dd_t S = z.hi == 0 ? gdc_dd_d(1.0) : gdc_dd_div(at, z); /* atan z/z */
    gdc_dd_t d = gdc_dd_mul(two_pi, at);                          /* Vww - Vuw */
    gdc_dd_t Ku = gdc_dd_add_d(gdc_dd_mul_d(dd_pow(Vuw, n), k), 1.0);
    /* DQ = k (Vww^n - Vuw^n)/(Vww - Vuw) = k M^n (1 - (1 - r)^n)/|d|, M the larger, r = |d|/M */
    gdc_dd_t DQ;
    if (n == 1.0) {
        DQ = gdc_dd_d(k);
    } else if (d.hi == 0) {
        DQ = gdc_dd_mul_d(dd_pow(Vww, n - 1.0), k * n);
    } else {
        gdc_dd_t M = d.hi > 0 ? Vww : Vuw, ad = d.hi > 0 ? d : gdc_dd_neg(d);
        gdc_dd_t q = gdc_dd_sub(gdc_dd_d(1.0), gdc_dd_div(ad, M)); /* 1 - r = m/M in [0, 1] */
        gdc_dd_t f = gdc_dd_sub(gdc_dd_d(1.0), dd_pow(q, n));
        DQ = gdc_dd_div(gdc_dd_mul(gdc_dd_mul_d(dd_pow(M, n), k), f), ad);
    }
    /* C = (4/pi)(2/pi) 2 DQ S/(E sqrt(B) (1 + al be)) */
    gdc_dd_t C = gdc_dd_mul(gdc_dd_mul(two_pi, gdc_dd(FOUR_PI_HI, FOUR_PI_LO)), gdc_dd_scale(gdc_dd_mul(DQ, S), 2.0));
    C = gdc_dd_div(C, gdc_dd_mul(gdc_dd_mul(g.E, g.sB), oab));
    out[0] = gdc_dd_to_d(gdc_dd_add(gdc_dd_mul(Ku, r6), gdc_dd_mul(C, G)));
}
