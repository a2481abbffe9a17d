/* gauss.wedge: the Lemma B.1 pie-slice integral of 000_09c7d5b8511ab65b.txt (seed-000 C13, B6).
 * For the wedge P = {y in R^2 : angle(y, e) <= phi/2, ||y|| <= alpha},
 *   inf_{|u|=1} int_P (u.y)^2 dy = alpha^4 (phi - sin phi)/8          (exact; smallest eigenvalue of the
 *                                                                       second-moment matrix)
 *   paper's rectangle bound       = alpha^4 sin^3(phi/4)/(8 sqrt2).
 * phi - sin phi = phi^3 sum_{k>=0} (-1)^k phi^{2k}/(2k+3)! is summed as a series for phi < 2 (no
 * cancellation); the double kernel scales alpha and phi by frexp so nothing underflows before the end. */
#include <math.h>
#include "gauss/gauss.h"
#include "gauss/dd.h"

#define NSER 13 /* phi < 2: the omitted term 4^13/29! < 2^-70 of 1/6 */

/* (phi - sin phi)/phi^3 for 0 <= phi < 2 as a double-double (leading 1/6 exact as a double-double) */
static gdc_dd_t xmsin_over_cube(double phi)
{
    double u = phi * phi, p = 0.0;
    double coef[NSER];
    /* c_k = (-1)^k / (2k+3)!, k = 1..NSER */
    double f = 6.0;
    for (int k = 1; k <= NSER; k++) {
        f *= (2.0 * k + 2.0) * (2.0 * k + 3.0);
        coef[k - 1] = ((k & 1) ? -1.0 : 1.0) / f;
    }
    for (int k = NSER; k >= 1; k--)
        p = coef[k - 1] + u * p;
    return gdc_dd_add_d(gdc_dd(0.16666666666666666, 9.25185853854297e-18), u * p);
}

void gdc_gauss_wedge_d(double *out, const double *x)
{
    double alpha = x[0], phi = x[1];
    if (alpha == 0.0 || phi == 0.0) {
        out[0] = out[1] = 0.0;
        return;
    }
    int ea, ep, es;
    double ma = frexp(alpha, &ea);
    gdc_dd_t a2 = gdc_dd_two_prod(ma, ma), a4 = gdc_dd_mul(a2, a2);
    /* output 0 */
    if (phi < 2.0) {
        double mp = frexp(phi, &ep);
        gdc_dd_t p3 = gdc_dd_mul_d(gdc_dd_two_prod(mp, mp), mp);
        gdc_dd_t v = gdc_dd_mul(gdc_dd_mul(a4, p3), xmsin_over_cube(phi));
        out[0] = ldexp(gdc_dd_to_d(v), 4 * ea + 3 * ep - 3);
    } else {
        gdc_dd_t s = gdc_dd_two_sum(phi, -sin(phi));
        out[0] = ldexp(gdc_dd_to_d(gdc_dd_mul(a4, s)), 4 * ea - 3);
    }
    /* output 1: sin(phi/4) scaled */
    double ms;
    if (phi < 0x1p-500) {
        ms = frexp(phi, &es);
        es -= 2; /* sin(phi/4) = phi/4 to far below an ulp */
    } else {
        ms = frexp(sin(0.25 * phi), &es);
    }
    gdc_dd_t s3 = gdc_dd_mul_d(gdc_dd_two_prod(ms, ms), ms);
    gdc_dd_t v1 = gdc_dd_mul(gdc_dd_mul(a4, s3), gdc_dd(0.08838834764831845, -6.042058320908071e-18));
    out[1] = ldexp(gdc_dd_to_d(v1), 4 * ea + 3 * es);
}

/* phi - sin phi over a ball: series with the alternating tail bound when |phi| <= 2, else direct */
static void xmsin_arb(arb_t res, const arb_t phi, slong prec)
{
    arb_t u, t, s;
    mag_t m, tail;
    arb_init(u);
    arb_init(t);
    arb_init(s);
    mag_init(m);
    mag_init(tail);
    arb_get_mag(m, phi);
    if (mag_cmp_2exp_si(m, 1) > 0) {
        arb_sin(t, phi, prec);
        arb_sub(res, phi, t, prec);
    } else {
        /* S = sum_{k=1}^{N} (-1)^{k+1} phi^{2k+1}/(2k+1)!; for |phi| <= 2 the terms decrease in magnitude
         * from k = 1 on (ratio phi^2/((2k+2)(2k+3)) <= 4/20), so |remainder| <= |phi|^{2N+3}/(2N+3)! */
        slong N = 4;
        while (N < 2 * prec && (double)(2 * N + 3) * (log2((double)(2 * N + 3)) - 1.45) < prec + 10.0 + 3.0 * (2 * N + 3))
            N++;
        arb_mul(u, phi, phi, prec);
        arb_pow_ui(t, phi, 3, prec);
        arb_div_ui(t, t, 6, prec); /* term k = 1 */
        arb_set(s, t);
        for (slong k = 2; k <= N; k++) {
            arb_mul(t, t, u, prec);
            arb_div_ui(t, t, (ulong)((2 * k) * (2 * k + 1)), prec);
            arb_neg(t, t);
            arb_add(s, s, t, prec);
        }
        /* tail bound |phi|^{2N+3}/(2N+3)! = |t| * |phi|^2/((2N+2)(2N+3)) */
        arb_get_mag(tail, t);
        mag_mul(tail, tail, m);
        mag_mul(tail, tail, m);
        mag_div_ui(tail, tail, (ulong)((2 * N + 2) * (2 * N + 3)));
        arb_add_error_mag(s, tail);
        arb_set(res, s);
    }
    arb_clear(u);
    arb_clear(t);
    arb_clear(s);
    mag_clear(m);
    mag_clear(tail);
}

void gdc_gauss_wedge_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    arb_t a4, t, c;
    arb_init(a4);
    arb_init(t);
    arb_init(c);
    slong wp = prec + 10;
    arb_pow_ui(a4, x + 0, 4, wp);
    xmsin_arb(t, x + 1, wp);
    arb_mul(t, t, a4, wp);
    arb_mul_2exp_si(out + 0, t, -3);
    arb_mul_2exp_si(t, x + 1, -2);
    arb_sin(t, t, wp);
    arb_pow_ui(t, t, 3, wp);
    arb_mul(t, t, a4, wp);
    arb_sqrt_ui(c, 2, wp);
    arb_div(t, t, c, wp);
    arb_mul_2exp_si(out + 1, t, -3);
    arb_set_round(out + 0, out + 0, prec);
    arb_set_round(out + 1, out + 1, prec);
    arb_clear(a4);
    arb_clear(t);
    arb_clear(c);
}

void gdc_gauss_wedge_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_prec_t p = mpfr_get_prec(out + 0) > mpfr_get_prec(out + 1) ? mpfr_get_prec(out + 0) : mpfr_get_prec(out + 1);
    if (mpfr_zero_p(x + 0) || mpfr_zero_p(x + 1)) {
        mpfr_set_zero(out + 0, 1);
        mpfr_set_zero(out + 1, 1);
        return;
    }
    /* phi - sin phi cancels about 2*log2(1/phi) + 3 bits: add them to the working precision */
    mpfr_exp_t ex = mpfr_get_exp(x + 1);
    mpfr_prec_t w = p + 64 + (ex < 0 ? -2 * ex : 0);
    mpfr_t a4, s, t;
    mpfr_inits2(w, a4, s, t, (mpfr_ptr)0);
    mpfr_pow_ui(a4, x + 0, 4, MPFR_RNDN);
    mpfr_sin(s, x + 1, MPFR_RNDN);
    mpfr_sub(s, x + 1, s, MPFR_RNDN);
    mpfr_mul(s, s, a4, MPFR_RNDN);
    mpfr_div_2ui(out + 0, s, 3, MPFR_RNDN);
    mpfr_div_2ui(t, x + 1, 2, MPFR_RNDN);
    mpfr_sin(t, t, MPFR_RNDN);
    mpfr_pow_ui(t, t, 3, MPFR_RNDN);
    mpfr_mul(t, t, a4, MPFR_RNDN);
    mpfr_sqrt_ui(s, 2, MPFR_RNDN);
    mpfr_div(t, t, s, MPFR_RNDN);
    mpfr_div_2ui(out + 1, t, 3, MPFR_RNDN);
    mpfr_clears(a4, s, t, (mpfr_ptr)0);
}

/* ---- definition check: the second-moment matrix of the wedge by rigorous integration in polar
 * coordinates, M = int_{-phi/2}^{phi/2} int_0^alpha r^3 [cos^2, cos sin; cos sin, sin^2](psi) dr dpsi, whose
 * smallest eigenvalue is the infimum over unit u; and the paper's rectangle chain for the bound. ---- */

typedef struct {
    int which; /* 0: cos^2, 1: cos sin, 2: sin^2 */
} wedge_param_t;

static int wedge_angular(acb_ptr out, const acb_t psi, void *param, slong order, slong prec)
{
    const wedge_param_t *p = param;
    acb_t s, c;
    (void)order; /* entire integrand */
    acb_init(s);
    acb_init(c);
    acb_sin_cos(s, c, psi, prec);
    if (p->which == 0)
        acb_mul(out, c, c, prec);
    else if (p->which == 1)
        acb_mul(out, c, s, prec);
    else
        acb_mul(out, s, s, prec);
    acb_clear(s);
    acb_clear(c);
    return 0;
}

/* int_0^alpha r^3 dr, also by rigorous integration (the integrand is a polynomial) */
static int radial(acb_ptr out, const acb_t r, void *param, slong order, slong prec)
{
    (void)param;
    (void)order;
    acb_pow_ui(out, r, 3, prec);
    return 0;
}

int gdc_gauss_wedge_def_arb(arb_ptr out, const double *x, slong prec)
{
    acb_t a, b, res;
    arb_t m[3], rad, t, u;
    acb_calc_integrate_opt_t opt;
    mag_t tol;
    int status = 0;
    acb_init(a);
    acb_init(b);
    acb_init(res);
    arb_init(rad);
    arb_init(t);
    arb_init(u);
    mag_init(tol);
    acb_calc_integrate_opt_init(opt);
    for (int i = 0; i < 3; i++)
        arb_init(m[i]);
    /* radial factor */
    acb_zero(a);
    acb_set_d(b, x[0]);
    mag_set_d(tol, x[0]);
    mag_pow_ui(tol, tol, 4);
    mag_mul_2exp_si(tol, tol, -prec - 10);
    if (acb_calc_integrate(res, radial, NULL, a, b, prec, tol, opt, prec) != ARB_CALC_SUCCESS)
        status = 1;
    arb_set(rad, acb_realref(res));
    /* angular factors over [-phi/2, phi/2]; abs tolerance far below phi^3/12 (the smallest of them) */
    acb_set_d(a, -0.5 * x[1]);
    acb_set_d(b, 0.5 * x[1]);
    mag_set_d(tol, x[1]);
    mag_pow_ui(tol, tol, 3);
    mag_mul_2exp_si(tol, tol, -prec - 12); /* phi^3/12 is the smallest of the three */
    for (int i = 0; i < 3; i++) {
        wedge_param_t p = {i};
        if (acb_calc_integrate(res, wedge_angular, &p, a, b, prec, tol, opt, prec) != ARB_CALC_SUCCESS)
            status = 1;
        arb_mul(m[i], acb_realref(res), rad, prec);
    }
    /* B = int cos sin = 0 by the symmetry psi -> -psi (checked: its enclosure must contain 0), so the
     * smallest eigenvalue of [[A, B], [B, C]] is min(A, C) */
    if (!arb_contains_zero(m[1]))
        status = 1;
    arb_min(out + 0, m[0], m[2], prec);
    /* the rectangle chain: area(P1' u P2') = 2 (alpha/2 cos(phi/4)) (alpha/2 sin(phi/4)); min{y1^2, y2^2}
     * >= (alpha/2 sin(phi/4))^2 there; the printed bound then uses cos(phi/4) >= 1/sqrt2, i.e. it equals
     * the rectangle value times 1/(sqrt2 cos(phi/4)) */
    {
        arb_t s, c, al;
        arb_init(s);
        arb_init(c);
        arb_init(al);
        arb_set_d(al, x[0]);
        arb_set_d(t, x[1]);
        arb_mul_2exp_si(t, t, -2);
        arb_sin_cos(s, c, t, prec);
        arb_mul(t, al, c, prec);
        arb_mul(u, al, s, prec);
        arb_mul(t, t, u, prec);
        arb_mul_2exp_si(t, t, -1); /* area */
        arb_mul(u, al, s, prec);
        arb_mul_2exp_si(u, u, -1);
        arb_sqr(u, u, prec);      /* min of y^2 */
        arb_mul(t, t, u, prec);   /* rectangle value alpha^4 sin^3 cos/8 */
        arb_sqrt_ui(u, 2, prec);
        arb_mul(u, u, c, prec);
        arb_div(out + 1, t, u, prec);
        arb_clear(s);
        arb_clear(c);
        arb_clear(al);
    }
    for (int i = 0; i < 3; i++)
        arb_clear(m[i]);
    acb_clear(a);
    acb_clear(b);
    acb_clear(res);
    arb_clear(rad);
    arb_clear(t);
    arb_clear(u);
    mag_clear(tol);
    return status;
}
