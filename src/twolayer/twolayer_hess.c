/* The population Hessian of the two-neuron network (001_66813dc1ca3a5435.txt, App. A.3 eq. (9); seed-001 C9, C10)
 * as a quadratic form in reduced coordinates, in double, Arb (with gradient and Hessian by jets) and MPFR.
 * With v = (1, -1), n1 = cos psi, n2 = sin psi (the Hessian depends on the norm ratio only), theta the angle, and the
 * direction d = (d1, d2), d1 = x1 w1bar + y1 e12 + z1 u, d2 = x2 w2bar + y2 e21 + z2 u (e12, e21 the unit vectors
 * of the plane orthogonal to w1bar, w2bar pointing to the other neuron, u orthogonal to the plane), eq. (9) gives
 * (diagonal blocks (1/2) I - k_l (P_l + e e^T), off-diagonal -(1/(2 pi))(sin theta (w1bar w2bar^T + e12 e21^T)
 * + (pi - theta) I), the cancellation-free form of C9)
 *   Q = x1^2/2 + (1/2 - 2 k1) y1^2 + (1/2 - k1) z1^2 + x2^2/2 + (1/2 - 2 k2) y2^2 + (1/2 - k2) z2^2
 *       - (h x1 x2 + (pi - theta) sin theta (x1 y2 + y1 x2) + m y1 y2 + (pi - theta) z1 z2)/pi,
 *   k1 = tan psi sin theta/(2 pi), k2 = sin theta/(2 pi tan psi), h = sin theta + (pi - theta) cos theta,
 *   m = sin theta - (pi - theta) cos theta.
 * Every coefficient is smooth on theta in [0, pi]: the limits at theta in {0, pi} are the values there (C10: at
 * theta = 0 Q = ((x1 - x2)^2 + (y1 + y2)^2 + (z1 - z2)^2)/2, eigenvalues 0 and 1; at theta = pi Q = |d|^2/2).
 * Cancellation: h = O((pi - theta)^3) near pi (gdc_twolayer_h, G3 series); m = sin e + e cos e, e = pi - theta,
 * has no cancellation near either end. Coefficients, monomials and the sum in double-double (from the double sin,
 * cos, tan); for theta <= pi/2 around the theta = 0 form. Measured worst error 1.34 units (gdcert check, 3500 points).
 */
#include <math.h>
#include "twolayer/twolayer.h"
#include "core/jet.h"
#include "core/angle.h"
#include "core/dd.h"
#include "core/series.h"

#define DD_INVPI gdc_dd(GDC_INVPI_HI, GDC_INVPI_LO)
#define DD_INV2PI gdc_dd(GDC_INV2PI_HI, GDC_INV2PI_LO)

/* sum of coef[i] * mon[i] in double-double */
static double dd_dot(const gdc_dd_t *coef, const gdc_dd_t *mon, int n)
{
    gdc_dd_t q = gdc_dd(0, 0);
    for (int i = 0; i < n; i++)
        q = gdc_dd_add(q, gdc_dd_mul(coef[i], mon[i]));
    return gdc_dd_to_d(q);
}

/* the monomials x1 x2, x1 y2 + y1 x2, y1 y2, z1 z2 (exact in double-double) */
static void couplings(gdc_dd_t *m, const double *d)
{
    m[0] = gdc_dd_two_prod(d[0], d[3]);
    m[1] = gdc_dd_add(gdc_dd_two_prod(d[0], d[4]), gdc_dd_two_prod(d[1], d[3]));
    m[2] = gdc_dd_two_prod(d[1], d[4]);
    m[3] = gdc_dd_two_prod(d[2], d[5]);
}

/* theta <= pi/2: Q around its value at theta = 0, where the coupling coefficients are -1 and the form is a sum of
 * squares with eigenvalues 0 and 1 (so that Q = O(theta) near the null directions keeps its digits):
 *   Q = ((x1 - x2)^2 + (y1 + y2)^2 + (z1 - z2)^2)/2 - k1 (2 y1^2 + z1^2) - k2 (2 y2^2 + z2^2)
 *       + (A x1 x2 - B y1 y2 + theta z1 z2 - (pi - theta) sin theta (x1 y2 + y1 x2))/pi,
 *   A = pi - h = 2 pi sin^2(theta/2) - G3(theta),  B = pi + m = 2 pi sin^2(theta/2) + sin theta + theta cos theta
 * (G3(t) = sin t - t cos t, both A, B without cancellation for theta <= pi/2). Coefficients and monomials in
 * double-double from the double sin, cos, tan. */
static double hess_form_small(double theta, gdc_dd_t k1, gdc_dd_t k2, gdc_dd_t es, const double *d)
{
    double s = sin(theta), c = cos(theta), h2 = sin(0.5 * theta);
    gdc_dd_t sq = gdc_dd_mul(gdc_dd_two_prod(h2, h2), gdc_dd(6.283185307179586, 2.4492935982947064e-16));
    gdc_dd_t A = gdc_dd_add_d(sq, -gdc_g3(theta));
    gdc_dd_t B = gdc_dd_add(gdc_dd_add_d(sq, s), gdc_dd_two_prod(theta, c));
    gdc_dd_t u = gdc_dd_two_sum(d[0], -d[3]), v = gdc_dd_two_sum(d[1], d[4]), w = gdc_dd_two_sum(d[2], -d[5]);
    gdc_dd_t coef[9] = {gdc_dd_d(0.5), gdc_dd_neg(k1), gdc_dd_neg(k2), gdc_dd_mul(A, DD_INVPI),
                        gdc_dd_neg(gdc_dd_mul(es, DD_INVPI)), gdc_dd_neg(gdc_dd_mul(B, DD_INVPI)),
                        gdc_dd_mul_d(DD_INVPI, theta)};
    gdc_dd_t mon[9];
    mon[0] = gdc_dd_add(gdc_dd_add(gdc_dd_sqr(u), gdc_dd_sqr(v)), gdc_dd_sqr(w));
    mon[1] = gdc_dd_add(gdc_dd_scale(gdc_dd_two_prod(d[1], d[1]), 2), gdc_dd_two_prod(d[2], d[2]));
    mon[2] = gdc_dd_add(gdc_dd_scale(gdc_dd_two_prod(d[4], d[4]), 2), gdc_dd_two_prod(d[5], d[5]));
    couplings(mon + 3, d);
    /* mon[3..6] = x1 x2, x1 y2 + y1 x2, y1 y2, z1 z2 match coef[3..6] = A/pi, -e s/pi, -B/pi, theta/pi */
    return dd_dot(coef, mon, 7);
}

static double hess_form_k(double theta, double s, double c, gdc_dd_t k1, gdc_dd_t k2, const double *d);

double gdc_twolayer_hess_form(double psi, double theta, const double *d)
{
    double s = sin(theta), c = cos(theta), tp = tan(psi), q2 = s / tp;
    gdc_dd_t k1 = gdc_dd_mul(gdc_dd_two_prod(tp, s), DD_INV2PI);
    if (isinf(q2)) {
        /* k2 = sin theta/(2 pi tan psi) beyond the double range (psi = 2^-1074): the double-double products gave
         * NaN. Q = R - k2 M2 with R the form at k2 = 0 and M2 = 2 y2^2 + z2^2; k2 M2 = ((s/(2 pi)) M2)/tan psi is
         * -inf in Q where it overflows (|R| <= 8 on the domain), else a large term formed in a few roundings, with
         * M2 and tan psi scaled by 2^600 (exact: |y2|, |z2| <= 1, tan psi >= 2^-1074) so that neither is subnormal */
        double y = ldexp(d[4], 300), z = ldexp(d[5], 300), M2 = 2.0 * y * y + z * z;
        double R = hess_form_k(theta, s, c, k1, gdc_dd_d(0.0), d);
        double T = M2 == 0.0 ? 0.0 : (s * GDC_INV2PI_HI * M2) / ldexp(tp, 600);
        return isinf(T) ? -INFINITY : R - T;
    }
    return hess_form_k(theta, s, c, k1, gdc_dd_mul_d(DD_INV2PI, q2), d);
}

static double hess_form_k(double theta, double s, double c, gdc_dd_t k1, gdc_dd_t k2, const double *d)
{
    double elo, e = gdc_pi_minus(theta, &elo);
    gdc_dd_t es = gdc_dd_mul_d(gdc_dd_two_sum(e, elo), s);
    if (theta <= 1.5707963267948966)
        return hess_form_small(theta, k1, k2, es, d);
    gdc_dd_t h = gdc_dd_d(gdc_twolayer_h(theta));
    gdc_dd_t m = gdc_dd_sub(gdc_dd_d(s), gdc_dd_mul_d(gdc_dd_two_sum(e, elo), c));
    gdc_dd_t half = gdc_dd_d(0.5);
    gdc_dd_t coef[8] = {half, gdc_dd_sub(half, gdc_dd_scale(k1, 2)), gdc_dd_sub(half, k1),
                        gdc_dd_sub(half, gdc_dd_scale(k2, 2)), gdc_dd_sub(half, k2)};
    gdc_dd_t mon[8];
    mon[0] = gdc_dd_add(gdc_dd_two_prod(d[0], d[0]), gdc_dd_two_prod(d[3], d[3]));
    mon[1] = gdc_dd_two_prod(d[1], d[1]);
    mon[2] = gdc_dd_two_prod(d[2], d[2]);
    mon[3] = gdc_dd_two_prod(d[4], d[4]);
    mon[4] = gdc_dd_two_prod(d[5], d[5]);
    /* the couplings -(h x1 x2 + e s (x1 y2 + y1 x2) + m y1 y2 + e z1 z2)/pi, summed first */
    gdc_dd_t cm[4], cc[4] = {h, es, m, gdc_dd_two_sum(e, elo)};
    couplings(cm, d);
    gdc_dd_t t = gdc_dd(0, 0);
    for (int i = 0; i < 4; i++)
        t = gdc_dd_add(t, gdc_dd_mul(cc[i], cm[i]));
    coef[5] = gdc_dd_neg(DD_INVPI);
    mon[5] = t;
    return dd_dot(coef, mon, 6);
}

/* jets in HF variables when derivatives are asked for, else values only (n = 0: the accuracy checks call the value
 * millions of times) */
enum { HF = 8 };

/* variable i of n (a constant when n = 0) */
static void jvar(gdc_ajet_struct *a, const arb_t x, int i, int n) { gdc_ajet_var(a, x, n ? i : -1); }

/* the coefficients' jets: k1, k2, h/pi, e sin e/pi, m/pi, e/pi (e = pi - theta) */
static void hf_coefs(gdc_ajet_struct *k, arb_srcptr X, int n, slong prec)
{
    gdc_ajet_struct p, th, e, se, ce, t;
    arb_t c, ipi;
    gdc_ajet_inits(n, 2, &p, &th, &e, &se, &ce, NULL);
    gdc_ajet_init(&t, n, 2);
    arb_init(c);
    arb_init(ipi);
    arb_const_pi(ipi, prec);
    jvar(&th, X + 1, 1, n);
    arb_set_si(c, -1);
    gdc_ajet_mul_arb(&e, &th, c, prec);
    gdc_ajet_add_arb(&e, &e, ipi, prec);       /* e = pi - theta */
    arb_inv(ipi, ipi, prec);
    gdc_ajet_sin(&se, &e, prec);               /* sin theta = sin e */
    gdc_ajet_cos(&ce, &e, prec);               /* cos theta = -cos e */
    jvar(&p, X + 0, 0, n);
    gdc_ajet_sin(&t, &p, prec);
    gdc_ajet_cos(&p, &p, prec);
    gdc_ajet_inv(&p, &p, prec);
    gdc_ajet_mul(&t, &t, &p, prec);            /* tan psi */
    arb_mul_2exp_si(c, ipi, -1);             /* 1/(2 pi) */
    gdc_ajet_mul(&k[0], &t, &se, prec);
    gdc_ajet_mul_arb(&k[0], &k[0], c, prec);
    gdc_ajet_inv(&t, &t, prec);
    gdc_ajet_mul(&k[1], &t, &se, prec);
    gdc_ajet_mul_arb(&k[1], &k[1], c, prec);
    gdc_ajet_g3(&k[2], &e, prec);              /* h(theta) = G3(e) */
    gdc_ajet_mul_arb(&k[2], &k[2], ipi, prec);
    gdc_ajet_mul(&k[3], &e, &se, prec);
    gdc_ajet_mul_arb(&k[3], &k[3], ipi, prec);
    gdc_ajet_mul(&t, &e, &ce, prec);           /* m = sin e + e cos e */
    gdc_ajet_add(&k[4], &se, &t, prec);
    gdc_ajet_mul_arb(&k[4], &k[4], ipi, prec);
    gdc_ajet_mul_arb(&k[5], &e, ipi, prec);
    arb_clear(c);
    arb_clear(ipi);
    gdc_ajet_clears(&p, &th, &e, &se, &ce, &t, NULL);
}

/* r += f * a * b (f a jet or NULL for 1), with the scalar c */
static void acc(gdc_ajet_struct *r, const gdc_ajet_struct *f, const gdc_ajet_struct *a, const gdc_ajet_struct *b,
                const arb_t c, slong prec)
{
    gdc_ajet_struct t;
    gdc_ajet_init(&t, a->n, 2);
    gdc_ajet_mul(&t, a, b, prec);
    if (f)
        gdc_ajet_mul(&t, &t, f, prec);
    gdc_ajet_mul_arb(&t, &t, c, prec);
    gdc_ajet_add(r, r, &t, prec);
    gdc_ajet_clear(&t);
}

void gdc_twolayer_hess_form_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr X, slong prec)
{
    gdc_ajet_struct k[6], d[6], r;
    arb_t c;
    int n = jac || hess ? HF : 0;
    arb_init(c);
    for (int i = 0; i < 6; i++) {
        gdc_ajet_init(&k[i], n, 2);
        gdc_ajet_init(&d[i], n, 2);
        jvar(&d[i], X + 2 + i, 2 + i, n);
    }
    gdc_ajet_init(&r, n, 2);
    hf_coefs(k, X, n, prec);
    arb_set_d(c, 0.5);
    for (int i = 0; i < 6; i++)              /* |d|^2/2 */
        acc(&r, NULL, &d[i], &d[i], c, prec);
    arb_set_si(c, -2);                       /* - 2 k1 y1^2 - k1 z1^2 - 2 k2 y2^2 - k2 z2^2 */
    acc(&r, &k[0], &d[1], &d[1], c, prec);
    acc(&r, &k[1], &d[4], &d[4], c, prec);
    arb_set_si(c, -1);
    acc(&r, &k[0], &d[2], &d[2], c, prec);
    acc(&r, &k[1], &d[5], &d[5], c, prec);
    acc(&r, &k[2], &d[0], &d[3], c, prec);   /* - (h x1 x2 + e s (x1 y2 + y1 x2) + m y1 y2 + e z1 z2)/pi */
    acc(&r, &k[3], &d[0], &d[4], c, prec);
    acc(&r, &k[3], &d[1], &d[3], c, prec);
    acc(&r, &k[4], &d[1], &d[4], c, prec);
    acc(&r, &k[5], &d[2], &d[5], c, prec);
    gdc_ajet_get_value(out, jac, hess, 0, &r);
    for (int i = 0; i < 6; i++) {
        gdc_ajet_clear(&k[i]);
        gdc_ajet_clear(&d[i]);
    }
    gdc_ajet_clear(&r);
    arb_clear(c);
}

#define CANCEL_BITS 400

/* the direct formula of eq. (9) in these coordinates, pi - theta and h(theta) at a precision that absorbs the
 * O((pi - theta)^3) cancellation of h */
void gdc_twolayer_hess_form_mpfr(mpfr_ptr out, mpfr_srcptr X)
{
    mpfr_prec_t wp = mpfr_get_prec(out) + CANCEL_BITS;
    mpfr_t pi, s, c, e, tp, k1, k2, h, m, q, u;
    mpfr_inits2(wp, pi, s, c, e, tp, k1, k2, h, m, q, u, (mpfr_ptr)0);
    mpfr_srcptr x1 = X + 2, y1 = X + 3, z1 = X + 4, x2 = X + 5, y2 = X + 6, z2 = X + 7;
    mpfr_const_pi(pi, MPFR_RNDN);
    mpfr_sin_cos(s, c, X + 1, MPFR_RNDN);
    mpfr_sub(e, pi, X + 1, MPFR_RNDN);
    mpfr_tan(tp, X + 0, MPFR_RNDN);
    mpfr_mul(k1, tp, s, MPFR_RNDN);           /* 2 pi k1, 2 pi k2 */
    mpfr_div(k2, s, tp, MPFR_RNDN);
    mpfr_mul(u, e, c, MPFR_RNDN);
    mpfr_add(h, s, u, MPFR_RNDN);
    mpfr_sub(m, s, u, MPFR_RNDN);
    /* 2 pi Q = pi |d|^2 - 2 k1' y1^2 - k1' z1^2 - 2 k2' y2^2 - k2' z2^2 - 2 (h x1 x2 + e s (x1 y2 + y1 x2) + m y1 y2
     * + e z1 z2), k' = 2 pi k */
    mpfr_set_zero(q, 1);
    for (int i = 2; i < 8; i++) {
        mpfr_sqr(u, X + i, MPFR_RNDN);
        mpfr_add(q, q, u, MPFR_RNDN);
    }
    mpfr_mul(q, q, pi, MPFR_RNDN);
    mpfr_sqr(u, y1, MPFR_RNDN);               /* k1' (2 y1^2 + z1^2) */
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_fma(u, z1, z1, u, MPFR_RNDN);
    mpfr_mul(u, u, k1, MPFR_RNDN);
    mpfr_sub(q, q, u, MPFR_RNDN);
    mpfr_sqr(u, y2, MPFR_RNDN);               /* k2' (2 y2^2 + z2^2) */
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_fma(u, z2, z2, u, MPFR_RNDN);
    mpfr_mul(u, u, k2, MPFR_RNDN);
    mpfr_sub(q, q, u, MPFR_RNDN);
    mpfr_mul(u, x1, x2, MPFR_RNDN);           /* the coupling */
    mpfr_mul(h, h, u, MPFR_RNDN);
    mpfr_mul(u, x1, y2, MPFR_RNDN);
    mpfr_fma(u, y1, x2, u, MPFR_RNDN);
    mpfr_mul(u, u, s, MPFR_RNDN);
    mpfr_mul(u, u, e, MPFR_RNDN);
    mpfr_add(h, h, u, MPFR_RNDN);
    mpfr_mul(u, y1, y2, MPFR_RNDN);
    mpfr_fma(h, m, u, h, MPFR_RNDN);
    mpfr_mul(u, z1, z2, MPFR_RNDN);
    mpfr_fma(h, e, u, h, MPFR_RNDN);
    mpfr_mul_2ui(h, h, 1, MPFR_RNDN);
    mpfr_sub(q, q, h, MPFR_RNDN);
    mpfr_mul_2ui(pi, pi, 1, MPFR_RNDN);
    mpfr_div(out, q, pi, MPFR_RNDN);
    mpfr_clears(pi, s, c, e, tp, k1, k2, h, m, q, u, (mpfr_ptr)0);
}
