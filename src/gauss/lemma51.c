/* gauss.lemma51: Lemma 5.1 of 000_09c7d5b8511ab65b.txt (seed-000 C15, B8, S2). For w ~ N(0, tau^2 I_d), a unit
 * v and taud = tau d in (0, 1/sqrt2]:
 *   out0 = P(||w - v||^2 <= 1 - 2 tau^2 d)                     (exact probability, C15)
 *   out1 = 1/2 - tau d/4 - 1.2^{-d}                            (the bound printed in the paper)
 *   out2 = 1/2 - erf(sqrt2 tau d)/2 - (2/e)^{d/2}              (the corrected bound of S2)
 * Exact probability: with w1 = tau g and R^2 = |w_rest|^2/tau^2 ~ chi2_k (k = d - 1), the event is the disk
 * (tau g - 1)^2 + tau^2 R^2 <= u0^2, u0^2 = 1 - 2 tau^2 d, so
 *   P = int_0^{Rmax} [Q(g-) - Q(g+)] chi_k(R) dR,  Rmax = u0/tau,  g+- = (1 +- u)/tau,  u = sqrt(u0^2 - tau^2 R^2),
 * with Q(g) = erfc(g/sqrt2)/2, chi_k(R) = R^{k-1} e^{-R^2/2}/(2^{k/2-1} Gamma(k/2)) and, without cancellation,
 * g- = tau (R^2 + 2d)/(1 + u). (For d = 1 there is no integral: R = 0.) The substitution R = Rmax sin(theta),
 * u = u0 cos(theta) makes the integrand entire (no square-root branch at Rmax).
 *  Arb: acb_calc_integrate in s = 2 theta/pi over the bulk of chi_k, with rigorous bounds of the chi_k mass
 *       outside (chi_k(R) <= chi_k(Rm) e^{-(R-Rm)^2/2}, Rm = sqrt(k-1), since log(1+y) <= y) and of Q(g+) <= erfc(d)/2.
 *  MPFR: composite Gauss-Legendre (nodes by Newton at the working precision) over the same bulk.
 *  double: composite 20-point Gauss-Legendre in double-double sums, normalised by the same quadrature of
 *       the chi_k density (so the density needs no Gamma function). */
#include <math.h>
#include <stdlib.h>
#include "gauss/gauss.h"
#include "core/arb_int.h"
#include "gauss/special.h"
#include "core/mpfr_gl.h"
#include "core/deadline.h"

/* ---------------------------------------------------------------- bounds (outputs 1 and 2) */

static gdc_dd_t pow_dd(gdc_dd_t b, long n)
{
    gdc_dd_t r = gdc_dd(1.0, 0.0);
    while (n > 0) {
        if (n & 1)
            r = gdc_dd_mul(r, b);
        b = gdc_dd_mul(b, b);
        n >>= 1;
    }
    return r;
}

static double bound_paper_d(long d, double t)
{
    gdc_dd_t pw = pow_dd(gdc_dd(0.8333333333333334, -3.700743415417188e-17), d > 5000 ? 5000 : d);
    gdc_dd_t r = gdc_dd_two_sum(0.5, -0.25 * t);
    return gdc_dd_to_d(gdc_dd_sub(r, pw));
}

static double bound_corrected_d(long d, double t)
{
    gdc_dd_t e = gdc_gauss_erfc_dd(gdc_dd_mul_d(GDC_DD_SQRT2, t));
    e = gdc_dd(0.5 * e.hi, 0.5 * e.lo);
    gdc_dd_t arg = gdc_dd_mul_d(gdc_dd_add_d(GDC_DD_LN2, -1.0), 0.5 * (double)(d > 10000 ? 10000 : d));
    gdc_dd_t pw = gdc_sdd_to_dd(gdc_gauss_exp_dd(arg));
    return gdc_dd_to_d(gdc_dd_sub(e, pw));
}

/* ---------------------------------------------------------------- exact probability, double */

static const double gl20_x[10] = {0.9931285991850949, 0.9639719272779138, 0.912234428251326, 0.8391169718222188,
                                  0.7463319064601508, 0.636053680726515, 0.5108670019508271, 0.37370608871541955,
                                  0.22778585114164507, 0.07652652113349734};
static const double gl20_w[10] = {0.017614007139152118, 0.04060142980038694, 0.06267204833410907,
                                  0.08327674157670475, 0.10193011981724044, 0.11819453196151841,
                                  0.13168863844917664, 0.14209610931838204, 0.14917298647260374,
                                  0.15275338713072584};

/* log(1+y) - y without cancellation: -y^2/(2+y) + 2 s^3 (1/3 + s^2/5 + ...), s = y/(2+y) */
static double log1pmx(double y)
{
    if (y > -0.6 && y < 1.5) {
        double s = y / (2.0 + y), s2 = s * s, p = 0.0;
        for (int j = 24; j >= 0; j--)
            p = 1.0 / (2.0 * j + 3.0) + s2 * p;
        return -y * y / (2.0 + y) + 2.0 * s * s2 * p;
    }
    return log1p(y) - y;
}

typedef struct {
    long d, k;
    double tau, u0, rmax, rm;
} l51d_t;

/* chi_k density up to its constant factor: exp((k-1)(log1p(y) - y) - (R-Rm)^2/2), y = (R-Rm)/Rm */
static double psi_d(const l51d_t *p, double r)
{
    double tt = r - p->rm;
    if (p->k == 1)
        return exp(-0.5 * r * r);
    return exp((double)(p->k - 1) * log1pmx(tt / p->rm) - 0.5 * tt * tt);
}

/* Q(g-) - Q(g+) at radius r with u = sqrt(u0^2 - tau^2 r^2) */
static double disk_h_d(const l51d_t *p, double r, double u)
{
    double gm = p->tau * (r * r + 2.0 * (double)p->d) / (1.0 + u);
    double gp = (1.0 + u) / p->tau;
    double h = gdc_gauss_normal_q_dd(gdc_dd(gm, 0.0)).hi;
    if (gp < 13.0)
        h -= gdc_gauss_normal_q_dd(gdc_dd(gp, 0.0)).hi;
    return h;
}

static double lemma51_exact_d(long d, double t)
{
    if (d == 1) {
        gdc_dd_t t2 = gdc_dd_two_prod(t, t);
        gdc_dd_t u0 = gdc_dd_sqrt(gdc_dd_add_d(gdc_dd(-2.0 * t2.hi, -2.0 * t2.lo), 1.0));
        gdc_dd_t onep = gdc_dd_add_d(u0, 1.0);
        gdc_dd_t gm = gdc_dd_div(gdc_dd(2.0 * t, 0.0), onep), gp = gdc_dd_div_d(onep, t);
        return gdc_dd_to_d(gdc_dd_sub(gdc_gauss_normal_q_dd(gm), gdc_gauss_normal_q_dd(gp)));
    }
    l51d_t p;
    p.d = d;
    p.k = d - 1;
    p.tau = t / (double)d;
    gdc_dd_t t2 = gdc_dd_two_prod(t, t);
    gdc_dd_t u0sq = gdc_dd_div_d(gdc_dd_add_d(gdc_dd(-2.0 * t2.hi, -2.0 * t2.lo), (double)d), (double)d);
    p.u0 = sqrt(u0sq.hi);
    p.rmax = p.u0 * (double)d / t;
    p.rm = sqrt((double)(p.k - 1));
    double rlo = p.rm - 9.0 > 0.0 ? p.rm - 9.0 : 0.0, rhi = p.rm + 10.5;
    int npan = (int)ceil((rhi - rlo) / 2.0);
    double wpan = (rhi - rlo) / npan;
    gdc_dd_t num = gdc_dd(0.0, 0.0), den = gdc_dd(0.0, 0.0);
    int rform = p.rmax >= rhi + 1.0;
    for (int j = 0; j < npan; j++) {
        double c = rlo + (j + 0.5) * wpan, h = 0.5 * wpan;
        for (int i = 0; i < 20; i++) {
            double r = i < 10 ? c - h * gl20_x[i] : c + h * gl20_x[i - 10];
            double w = h * gl20_w[i % 10];
            double ps = psi_d(&p, r);
            den = gdc_dd_add(den, gdc_dd_two_prod(w, ps));
            if (rform) {
                double u = sqrt((p.u0 - p.tau * r) * (p.u0 + p.tau * r));
                num = gdc_dd_add(num, gdc_dd_two_prod(w * ps, disk_h_d(&p, r, u)));
            }
        }
    }
    if (!rform) {
        /* theta form over [asin(rlo/rmax), pi/2], panels from R breakpoints of width <= 2 */
        int nth = (int)ceil((p.rmax - rlo) / 2.0);
        if (nth < 1)
            nth = 1;
        double th0 = rlo > 0.0 ? asin(rlo / p.rmax) : 0.0;
        for (int j = 0; j < nth; j++) {
            double ra = rlo + (p.rmax - rlo) * j / nth, rb = rlo + (p.rmax - rlo) * (j + 1) / nth;
            double ta = j == 0 ? th0 : asin(ra / p.rmax), tb = j == nth - 1 ? 1.5707963267948966 : asin(rb / p.rmax);
            double c = 0.5 * (ta + tb), h = 0.5 * (tb - ta);
            for (int i = 0; i < 20; i++) {
                double th = i < 10 ? c - h * gl20_x[i] : c + h * gl20_x[i - 10];
                double w = h * gl20_w[i % 10];
                double sn = sin(th), cs = cos(th), r = p.rmax * sn;
                double f = w * p.rmax * cs * psi_d(&p, r);
                num = gdc_dd_add(num, gdc_dd_two_prod(f, disk_h_d(&p, r, p.u0 * cs)));
            }
        }
    }
    return gdc_dd_to_d(gdc_dd_div(num, den));
}

void gdc_gauss_lemma51_d(double *out, const double *x)
{
    long d = (long)x[0];
    double t = x[1];
    out[0] = lemma51_exact_d(d, t);
    out[1] = bound_paper_d(d, t);
    out[2] = bound_corrected_d(d, t);
}

/* ---------------------------------------------------------------- Arb */

typedef struct {
    ulong k;
    int gplus;
    int deriv; /* 1: the integrand of dP/dtau (below) */
    double deadline; /* core/deadline.h (0: none): the integral is given up once it has passed */
    int expired;     /* set by the integrand when it saw the deadline passed: the integral is then discarded */
    arb_t tau, u0, rmax, two_d, half_pi, ck, inv_sqrt2, sqrt2;
} l51_arb_t;

/* q *= chi_k(R) = ck R^{k-1} e^{-R^2/2} (e = R^2) */
static void mul_chi_k(acb_t q, const acb_t R, const acb_t e, const l51_arb_t *p, slong prec)
{
    acb_t f;
    acb_init(f);
    acb_mul_2exp_si(f, e, -1);
    acb_neg(f, f);
    acb_exp(f, f, prec);
    acb_mul(q, q, f, prec);
    if (p->k > 1) {
        acb_pow_ui(f, R, p->k - 1, prec);
        acb_mul(q, q, f, prec);
    }
    acb_mul_arb(q, q, p->ck, prec);
    acb_clear(f);
}

/* dP/dtau (tau = taud/d): g-+ solve tau g^2 - 2g + tau c = 0 (c = R^2 + 2d), so dg-+/dtau = -+(g^2 + c)/(2u), and
 * the boundary u = 0 adds nothing (Q(g-) = Q(g+) there):
 *   dP/dtau = -int_0^Rmax [phi(g-)(g-^2 + c) + phi(g+)(g+^2 + c)]/(2u) chi_k(R) dR,   phi(g) = e^{-g^2/2}/sqrt(2 pi);
 * with R = Rmax sin(theta), u = u0 cos(theta) the 1/u cancels against dR = Rmax cos(theta) dtheta (Rmax/u0 = 1/tau):
 *   integrand in s = 2 theta/pi:  -(pi/2) [phi(g-)(g-^2 + c) + phi(g+)(g+^2 + c)] chi_k(R)/(2 tau)   (entire).
 * zm = g-/sqrt2, den = 1 + u, R and e = R^2 (the value integrand's intermediates). */
static void l51_dintegrand(acb_t out, const acb_t zm, const acb_t den, const acb_t R, const acb_t e,
                           const l51_arb_t *p, slong prec)
{
    acb_t c, g, q, r, f;
    acb_init(c);
    acb_init(g);
    acb_init(q);
    acb_init(r);
    acb_init(f);
    acb_add_arb(c, e, p->two_d, prec);
    for (int plus = 0; plus <= 1; plus++) {
        if (plus) /* g+ = (1 + u)/tau */
            acb_div_arb(g, den, p->tau, prec);
        else
            acb_mul_arb(g, zm, p->sqrt2, prec); /* g- = sqrt2 zm */
        acb_sqr(g, g, prec);
        acb_mul_2exp_si(f, g, -1);
        acb_neg(f, f);
        acb_exp(f, f, prec);
        acb_add(g, g, c, prec);
        acb_mul(f, f, g, prec);
        acb_add(q, q, f, prec);
    }
    /* 1/sqrt(2 pi) = inv_sqrt2/sqrt(pi); half_pi/(2 tau) */
    arb_const_sqrt_pi(acb_realref(r), prec);
    arb_zero(acb_imagref(r));
    acb_div(q, q, r, prec);
    acb_mul_arb(q, q, p->inv_sqrt2, prec);
    acb_mul_arb(q, q, p->half_pi, prec);
    acb_div_arb(q, q, p->tau, prec);
    acb_mul_2exp_si(q, q, -1);
    mul_chi_k(q, R, e, p, prec);
    acb_neg(out, q);
    acb_clear(c);
    acb_clear(g);
    acb_clear(q);
    acb_clear(r);
    acb_clear(f);
}

static int l51_integrand(acb_ptr out, const acb_t s, void *param, slong order, slong prec)
{
    l51_arb_t *p = param;
    acb_t th, sn, cs, r, u, num, den, z, q, e;
    (void)order; /* meromorphic: a division by a ball containing 0 gives a non-finite value */
    if (p->expired || gdc_deadline_passed(p->deadline)) {
        /* Past the deadline the integral is discarded (the caller sets it indeterminate), so the value here
         * need not enclose anything: 0 lets acb_calc_integrate close every open piece with one Gauss-Legendre
         * point each. (An indeterminate value would make it bisect until its evaluation limit, 10^5 calls.) */
        p->expired = 1;
        acb_zero(out);
        return 0;
    }
    acb_init(th);
    acb_init(sn);
    acb_init(cs);
    acb_init(r);
    acb_init(u);
    acb_init(num);
    acb_init(den);
    acb_init(z);
    acb_init(q);
    acb_init(e);
    acb_mul_arb(th, s, p->half_pi, prec);
    acb_sin_cos(sn, cs, th, prec);
    acb_mul_arb(r, sn, p->rmax, prec);
    acb_mul_arb(u, cs, p->u0, prec);
    acb_sqr(e, r, prec);
    acb_add_arb(num, e, p->two_d, prec);
    acb_mul_arb(num, num, p->tau, prec);
    acb_add_ui(den, u, 1, prec);
    acb_div(z, num, den, prec);
    acb_mul_arb(z, z, p->inv_sqrt2, prec);
    if (p->deriv) {
        l51_dintegrand(out, z, den, r, e, p, prec);
        goto done;
    }
    acb_hypgeom_erfc(q, z, prec);
    if (p->gplus) {
        acb_div_arb(z, den, p->tau, prec);
        acb_mul_arb(z, z, p->inv_sqrt2, prec);
        acb_hypgeom_erfc(z, z, prec);
        acb_sub(q, q, z, prec);
    }
    acb_mul_2exp_si(q, q, -1);
    /* density chi_k(R), times the Jacobian (pi/2) Rmax cos(theta) */
    mul_chi_k(q, r, e, p, prec);
    acb_mul(q, q, cs, prec);
    acb_mul_arb(q, q, p->rmax, prec);
    acb_mul_arb(out, q, p->half_pi, prec);
done:
    acb_clear(th);
    acb_clear(sn);
    acb_clear(cs);
    acb_clear(r);
    acb_clear(u);
    acb_clear(num);
    acb_clear(den);
    acb_clear(z);
    acb_clear(q);
    acb_clear(e);
    return 0;
}

/* Q(g) = erfc(g/sqrt2)/2 on a real ball */
static void normal_q_arb(arb_t res, const arb_t g, slong prec)
{
    arb_t c;
    arb_init(c);
    arb_sqrt_ui(c, 2, prec);
    arb_div(res, g, c, prec);
    arb_hypgeom_erfc(res, res, prec);
    arb_mul_2exp_si(res, res, -1);
    arb_clear(c);
}

/* upper bound of the chi_k mass beyond distance T from the mode: chi_k(Rm) sqrt(pi/2) erfc(T/sqrt2) */
static void chi_tail_mag(mag_t res, const arb_t chimax, const arb_t T, slong prec)
{
    arb_t b, c;
    arb_init(b);
    arb_init(c);
    arb_set(b, T);
    arb_sqrt_ui(c, 2, prec);
    arb_div(b, b, c, prec);
    arb_hypgeom_erfc(b, b, prec);
    arb_const_pi(c, prec);
    arb_mul_2exp_si(c, c, -1);
    arb_sqrt(c, c, prec);
    arb_mul(b, b, c, prec);
    arb_mul(b, b, chimax, prec);
    arb_get_mag(res, b);
    arb_clear(b);
    arb_clear(c);
}

/* phi(g)(g^2 + c) = e^{-g^2/2}(g^2 + c)/sqrt(2 pi), added to res (the d = 1 derivative) */
static void phi_g2c_add(arb_t res, const arb_t g, long c, slong prec)
{
    arb_t a, b;
    arb_init(a);
    arb_init(b);
    arb_sqr(a, g, prec);
    arb_mul_2exp_si(b, a, -1);
    arb_neg(b, b);
    arb_exp(b, b, prec);
    arb_add_si(a, a, c, prec);
    arb_mul(a, a, b, prec);
    arb_const_pi(b, prec);
    arb_mul_2exp_si(b, b, 1);
    arb_rsqrt(b, b, prec);
    arb_addmul(res, a, b, prec);
    arb_clear(a);
    arb_clear(b);
}

/* Bound of one tail of the dP/dtau integral, where chi_k(R) <= chimax e^{-T^2/2}: on the whole range
 * tau^2 c <= 1, so g- = tau c/(1 + u) <= 1/tau and g+ = (1 + u)/tau <= 2/tau, the bracket is at most
 * (2 + 5)/(sqrt(2 pi) tau^2), and the s-range is at most 1: tail <= (pi/2) 7 chimax e^{-T^2/2}/(2 sqrt(2 pi) tau^3). */
static void dtail_mag(mag_t res, const arb_t chimax, const arb_t T, const arb_t tau, slong prec)
{
    arb_t b, c;
    arb_init(b);
    arb_init(c);
    arb_sqr(b, T, prec);
    arb_mul_2exp_si(b, b, -1);
    arb_neg(b, b);
    arb_exp(b, b, prec);
    arb_mul(b, b, chimax, prec);
    arb_mul_ui(b, b, 7, prec);
    arb_pow_ui(c, tau, 3, prec);
    arb_div(b, b, c, prec);
    arb_const_pi(c, prec);
    arb_mul_2exp_si(c, c, 1);
    arb_rsqrt(c, c, prec);
    arb_mul(b, b, c, prec);
    arb_const_pi(c, prec);
    arb_mul_2exp_si(c, c, -2);
    arb_mul(b, b, c, prec);
    arb_get_mag(res, b);
    arb_clear(b);
    arb_clear(c);
}

/* err += the bound of one tail at distance T >= 0 from the mode (of the value, or of dP/dtau when tau is given);
 * res indeterminate when T is not provably >= 0 */
static void add_tail(arb_t res, mag_t err, const arb_t chimax, const arb_t T, arb_srcptr tau, slong prec)
{
    if (!arb_is_nonnegative(T)) {
        arb_indeterminate(res);
        return;
    }
    mag_t m;
    mag_init(m);
    if (tau != NULL)
        dtail_mag(m, chimax, T, tau, prec);
    else
        chi_tail_mag(m, chimax, T, prec);
    mag_add(err, err, m);
    mag_clear(m);
}

/* d = 1 (no integral): with u0 = sqrt(u0sq), g- = 2t/(1 + u0), g+ = (1 + u0)/t,
 * P = Q(g-) - Q(g+) and dP/dtau = -[phi(g-)(g-^2 + 2) + phi(g+)(g+^2 + 2)]/(2 u0) */
static void lemma51_d1_arb(arb_t res, const arb_t u0sq, const arb_t t, int deriv, slong wp)
{
    arb_t u0, gm, gp, x, y;
    arb_init(u0);
    arb_init(gm);
    arb_init(gp);
    arb_init(x);
    arb_init(y);
    arb_sqrt(u0, u0sq, wp);
    arb_add_ui(u0, u0, 1, wp);
    arb_mul_2exp_si(gm, t, 1);
    arb_div(gm, gm, u0, wp);
    arb_div(gp, u0, t, wp);
    if (deriv) {
        phi_g2c_add(x, gm, 2, wp);
        phi_g2c_add(x, gp, 2, wp);
        arb_sub_ui(u0, u0, 1, wp);
        arb_mul_2exp_si(u0, u0, 1);
        arb_div(res, x, u0, wp);
        arb_neg(res, res);
    } else {
        normal_q_arb(x, gm, wp);
        normal_q_arb(y, gp, wp);
        arb_sub(res, x, y, wp);
    }
    arb_clear(u0);
    arb_clear(gm);
    arb_clear(gp);
    arb_clear(x);
    arb_clear(y);
}

static void l51_params_init(l51_arb_t *p, long d, const arb_t t, const arb_t u0sq, int deriv, double deadline,
                            slong wp)
{
    p->k = (ulong)(d - 1);
    p->deriv = deriv;
    p->deadline = deadline;
    p->expired = 0;
    arb_init(p->sqrt2);
    arb_init(p->tau);
    arb_init(p->u0);
    arb_init(p->rmax);
    arb_init(p->two_d);
    arb_init(p->half_pi);
    arb_init(p->ck);
    arb_init(p->inv_sqrt2);
    arb_sqrt_ui(p->sqrt2, 2, wp);
    arb_div_si(p->tau, t, d, wp);
    arb_sqrt(p->u0, u0sq, wp);
    arb_div(p->rmax, p->u0, p->tau, wp);
    arb_set_si(p->two_d, 2 * d);
    arb_const_pi(p->half_pi, wp);
    arb_mul_2exp_si(p->half_pi, p->half_pi, -1);
    arb_rsqrt_ui(p->inv_sqrt2, 2, wp);
    /* ck = 1/(2^{k/2-1} Gamma(k/2)) */
    arb_t x, y;
    arb_init(x);
    arb_init(y);
    arb_set_ui(x, p->k);
    arb_mul_2exp_si(x, x, -1);
    arb_gamma(p->ck, x, wp);
    arb_set_si(y, (slong)p->k - 2);
    arb_mul_2exp_si(y, y, -1);
    arb_set_ui(x, 2);
    arb_pow(x, x, y, wp);
    arb_mul(p->ck, p->ck, x, wp);
    arb_inv(p->ck, p->ck, wp);
    arb_clear(x);
    arb_clear(y);
}

static void l51_params_clear(l51_arb_t *p)
{
    arb_clear(p->tau);
    arb_clear(p->u0);
    arb_clear(p->rmax);
    arb_clear(p->two_d);
    arb_clear(p->half_pi);
    arb_clear(p->ck);
    arb_clear(p->inv_sqrt2);
    arb_clear(p->sqrt2);
}

/* the mode Rm = sqrt(k - 1) of chi_k and the density there, chimax = ck Rm^{k-1} e^{-(k-1)/2} */
static void chi_mode(arb_t rm, arb_t chimax, const l51_arb_t *p, slong wp)
{
    slong k = (slong)p->k;
    arb_t x;
    arb_init(x);
    arb_sqrt_ui(rm, (ulong)(k - 1), wp);
    arb_set_si(x, k - 1);
    arb_mul_2exp_si(x, x, -1);
    arb_neg(x, x);
    arb_exp(chimax, x, wp);
    if (k > 1) {
        arb_pow_ui(x, rm, (ulong)(k - 1), wp);
        arb_mul(chimax, chimax, x, wp);
    }
    arb_mul(chimax, chimax, p->ck, wp);
    arb_clear(x);
}

/* the bulk's end s = (2/pi) asin(R/Rmax) for R = r (a double, only where 0 < R < Rmax): set the real part of
 * the end e exactly to the midpoint of that value (the tails below are bounded from e itself, so the choice
 * needs no rigour); 1 if set */
static int bulk_end(acb_t e, double r, const l51_arb_t *p, slong wp)
{
    arb_t x;
    arb_init(x);
    arb_set_d(x, r);
    int ok = r > 0.0 && arb_lt(x, p->rmax);
    if (ok) {
        arb_div(x, x, p->rmax, wp);
        arb_asin(x, x, wp);
        arb_div(x, x, p->half_pi, wp);
        arf_set(arb_midref(acb_realref(e)), arb_midref(x));
    }
    arb_clear(x);
    return ok;
}

/* err += the tail beyond the end e of the bulk: T = sign (Rm - R(e)), R(e) = Rmax sin(pi e/2) */
static void add_tail_at(arb_t res, mag_t err, const acb_t e, int sign, const arb_t rm, const arb_t chimax,
                        const l51_arb_t *p, slong wp)
{
    arb_t x;
    arb_init(x);
    arb_set(x, acb_realref(e));
    arb_mul(x, x, p->half_pi, wp);
    arb_sin(x, x, wp);
    arb_mul(x, x, p->rmax, wp);
    arb_sub(x, rm, x, wp);
    if (sign < 0)
        arb_neg(x, x);
    add_tail(res, err, chimax, x, p->deriv ? p->tau : NULL, wp);
    arb_clear(x);
}

/* the width T of the bulk [Rm - T, Rm + T] (a double: where to cut, not a bound) */
static double bulk_halfwidth(long d, const arb_t t, int deriv, slong prec)
{
    double extra = 0.0; /* the derivative's tail bound carries 1/tau^3 */
    if (deriv) {
        double tl = arf_get_d(arb_midref(t), ARF_RND_NEAR) - mag_get_d(arb_radref(t));
        extra = tl > 0 ? 3.0 * log2((double)d / tl) + 4.0 : 0.0;
        extra = extra > 0 ? (extra < 4096 ? extra : 4096) : 0.0;
    }
    return sqrt(2.0 * ((double)(prec + 24) + extra) * 0.6931471805599453) + 1.0;
}

/* d >= 2: the integral over the bulk of chi_{d-1} (rigorous, acb_calc_integrate in s) plus the bounds of the
 * two tails and of Q(g+) where it is left out */
static void lemma51_integral_arb(arb_t res, long d, const arb_t t, const arb_t u0sq, int deriv, slong prec,
                                 double deadline, slong wp)
{
    l51_arb_t p;
    acb_t a, b, ires;
    acb_calc_integrate_opt_t opt;
    mag_t tol, err;
    arb_t rm, chimax;
    l51_params_init(&p, d, t, u0sq, deriv, deadline, wp);
    arb_init(rm);
    arb_init(chimax);
    acb_init(a);
    acb_init(b);
    acb_init(ires);
    mag_init(tol);
    mag_init(err);
    acb_calc_integrate_opt_init(opt);
    chi_mode(rm, chimax, &p, wp);
    /* Q(g+) <= erfc(d)/2 since g+ >= 1/tau >= sqrt2 d: leave it out when far below the goal */
    arb_set_si(acb_realref(ires), d);
    arb_hypgeom_erfc(acb_realref(ires), acb_realref(ires), wp);
    arb_get_mag(err, acb_realref(ires));
    p.gplus = deriv || mag_cmp_2exp_si(err, -prec - 24) > 0;
    if (!p.gplus)
        mag_mul_2exp_si(err, err, -1);
    else
        mag_zero(err);
    double T = bulk_halfwidth(d, t, deriv, prec), rmd = sqrt((double)(d - 2));
    acb_zero(a);
    acb_one(b);
    int has_lo = bulk_end(a, rmd - T, &p, wp), has_hi = bulk_end(b, rmd + T, &p, wp);
    mag_set_ui_2exp_si(tol, 1, -prec - 20);
    acb_calc_integrate(ires, l51_integrand, &p, a, b, prec + 8, tol, opt, wp);
    arb_set(res, acb_realref(ires));
    if (p.expired)
        arb_indeterminate(res); /* the integrand gave 0 past the deadline: no enclosure */
    if (has_lo)
        add_tail_at(res, err, a, 1, rm, chimax, &p, wp); /* T_lo = Rm - R_lo */
    if (has_hi)
        add_tail_at(res, err, b, -1, rm, chimax, &p, wp); /* T_hi = R_hi - Rm */
    arb_add_error_mag(res, err);
    l51_params_clear(&p);
    arb_clear(rm);
    arb_clear(chimax);
    acb_clear(a);
    acb_clear(b);
    acb_clear(ires);
    mag_clear(tol);
    mag_clear(err);
}

/* deriv = 0: P(tau), tau = t/d; deriv = 1: dP/dtau; indeterminate once the deadline (0: none) has passed */
static void lemma51_exact_arb(arb_t res, long d, const arb_t t, int deriv, slong prec, double deadline)
{
    slong wp = prec + 24 + (slong)log2((double)d + 1.0);
    arb_t u0sq;
    arb_init(u0sq);
    /* u0^2 = 1 - 2 t^2/d */
    arb_sqr(u0sq, t, wp);
    arb_mul_2exp_si(u0sq, u0sq, 1);
    arb_div_si(u0sq, u0sq, d, wp);
    arb_sub_ui(u0sq, u0sq, 1, wp);
    arb_neg(u0sq, u0sq);
    if (gdc_deadline_passed(deadline) || !arb_is_positive(u0sq) || !arb_is_positive(t))
        arb_indeterminate(res);
    else {
        if (d == 1)
            lemma51_d1_arb(res, u0sq, t, deriv, wp);
        else
            lemma51_integral_arb(res, d, t, u0sq, deriv, prec, deadline, wp);
        arb_set_round(res, res, prec);
    }
    arb_clear(u0sq);
}

void gdc_gauss_lemma51_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    gdc_gauss_lemma51_arb_timed(out, x, prec, 0.0);
}

void gdc_gauss_lemma51_arb_timed(arb_ptr out, arb_srcptr x, slong prec, double deadline)
{
    long d;
    if (!gdc_arb_get_int(&d, x + 0, 1) || !arb_is_positive(x + 1)) {
        arb_indeterminate(out + 0);
        arb_indeterminate(out + 1);
        arb_indeterminate(out + 2);
        return;
    }
    slong wp = prec + 16;
    arb_t a, b;
    arb_init(a);
    arb_init(b);
    lemma51_exact_arb(out + 0, d, x + 1, 0, prec, deadline);
    /* 1/2 - t/4 - (5/6)^d */
    arb_set_ui(a, 5);
    arb_div_ui(a, a, 6, wp);
    arb_pow_ui(a, a, (ulong)d, wp);
    arb_mul_2exp_si(b, x + 1, -2);
    arb_add(a, a, b, wp);
    arb_one(b);
    arb_mul_2exp_si(b, b, -1);
    arb_sub(out + 1, b, a, wp);
    arb_set_round(out + 1, out + 1, prec);
    /* erfc(sqrt2 t)/2 - exp((d/2)(log 2 - 1)) */
    arb_sqrt_ui(a, 2, wp);
    arb_mul(a, a, x + 1, wp);
    arb_hypgeom_erfc(a, a, wp);
    arb_mul_2exp_si(a, a, -1);
    arb_const_log2(b, wp);
    arb_sub_ui(b, b, 1, wp);
    arb_mul_si(b, b, d, wp);
    arb_mul_2exp_si(b, b, -1);
    arb_exp(b, b, wp);
    arb_sub(out + 2, a, b, wp);
    arb_set_round(out + 2, out + 2, prec);
    arb_clear(a);
    arb_clear(b);
}

void gdc_gauss_lemma51_dexact_arb(arb_t res, long d, const arb_t t, slong prec, double deadline)
{
    lemma51_exact_arb(res, d, t, 1, prec, deadline);
}

/* ---------------------------------------------------------------- MPFR */

/* Q(g) = erfc(g/sqrt2)/2 */
static void normal_q_mpfr(mpfr_t res, const mpfr_t g, const mpfr_t sqrt2)
{
    mpfr_div(res, g, sqrt2, MPFR_RNDN);
    mpfr_erfc(res, res, MPFR_RNDN);
    mpfr_div_2ui(res, res, 1, MPFR_RNDN);
}

/* d = 1: Q(g-) - Q(g+), g- = 2t/(1 + u0), g+ = (1 + u0)/t, cancelling as u0 -> 0: about log2(1/u0) more bits */
static void lemma51_d1_mpfr(mpfr_t res, const mpfr_t tm, const mpfr_t u0sq, mpfr_prec_t w)
{
    mpfr_prec_t extra = mpfr_get_exp(u0sq) < 0 ? -mpfr_get_exp(u0sq) : 0;
    mpfr_t a, b, u0, x, y, sqrt2;
    mpfr_inits2(w + 32 + extra, a, b, u0, x, y, sqrt2, (mpfr_ptr)0);
    mpfr_sqrt_ui(sqrt2, 2, MPFR_RNDN);
    mpfr_sqr(a, tm, MPFR_RNDN);
    mpfr_mul_2ui(a, a, 1, MPFR_RNDN);
    mpfr_ui_sub(a, 1, a, MPFR_RNDN);
    mpfr_sqrt(u0, a, MPFR_RNDN);
    mpfr_add_ui(u0, u0, 1, MPFR_RNDN);
    mpfr_mul_2ui(a, tm, 1, MPFR_RNDN);
    mpfr_div(a, a, u0, MPFR_RNDN);
    mpfr_div(b, u0, tm, MPFR_RNDN);
    normal_q_mpfr(x, a, sqrt2);
    normal_q_mpfr(y, b, sqrt2);
    mpfr_sub(res, x, y, MPFR_RNDN);
    mpfr_clears(a, b, u0, x, y, sqrt2, (mpfr_ptr)0);
}

/* the integral over R = Rmax sin(theta) of chi_k(R) (Q(g-) - Q(g+)) without the constant ck */
typedef struct {
    long d, k;
    mpfr_t rmax, u0, tau, sqrt2;
} l51_mpfr_t;

/* the integrand in theta: R^{k-1} e^{-R^2/2} (Q(g-) - Q(g+)) R'(theta)/Rmax, g- = tau (R^2 + 2d)/(1 + u),
 * g+ = (1 + u)/tau, R = Rmax sin theta, u = u0 cos theta */
static void l51_integrand_mpfr(mpfr_t f, const mpfr_t th, const l51_mpfr_t *p)
{
    mpfr_t sn, cs, r, u, x, y, g, q, z;
    mpfr_inits2(mpfr_get_prec(f), sn, cs, r, u, x, y, g, q, z, (mpfr_ptr)0);
    mpfr_sin_cos(sn, cs, th, MPFR_RNDN);
    mpfr_mul(r, p->rmax, sn, MPFR_RNDN);
    mpfr_mul(u, p->u0, cs, MPFR_RNDN);
    mpfr_sqr(x, r, MPFR_RNDN);
    mpfr_add_si(g, x, 2 * p->d, MPFR_RNDN);
    mpfr_mul(g, g, p->tau, MPFR_RNDN);
    mpfr_add_ui(y, u, 1, MPFR_RNDN);
    mpfr_div(g, g, y, MPFR_RNDN);
    normal_q_mpfr(q, g, p->sqrt2);
    mpfr_div(g, y, p->tau, MPFR_RNDN); /* g+ */
    normal_q_mpfr(z, g, p->sqrt2);
    mpfr_sub(q, q, z, MPFR_RNDN);
    mpfr_div_2ui(x, x, 1, MPFR_RNDN);
    mpfr_neg(x, x, MPFR_RNDN);
    mpfr_exp(f, x, MPFR_RNDN);
    if (p->k > 1) {
        mpfr_pow_ui(x, r, (unsigned long)(p->k - 1), MPFR_RNDN);
        mpfr_mul(f, f, x, MPFR_RNDN);
    }
    mpfr_mul(f, f, cs, MPFR_RNDN);
    mpfr_mul(f, f, q, MPFR_RNDN);
    mpfr_clears(sn, cs, r, u, x, y, g, q, z, (mpfr_ptr)0);
}

/* sum += the n-node Gauss-Legendre rule (nodes xs, weights ws: the n/2 nonnegative ones) on [ta, tb] */
static void l51_panel_mpfr(mpfr_t sum, const mpfr_t ta, const mpfr_t tb, mpfr_t *xs, mpfr_t *ws, int n,
                           const l51_mpfr_t *p)
{
    mpfr_t c, h, th, f;
    mpfr_inits2(mpfr_get_prec(sum), c, h, th, f, (mpfr_ptr)0);
    mpfr_add(c, ta, tb, MPFR_RNDN);
    mpfr_div_2ui(c, c, 1, MPFR_RNDN);
    mpfr_sub(h, tb, ta, MPFR_RNDN);
    mpfr_div_2ui(h, h, 1, MPFR_RNDN);
    for (int i = 0; i < n; i++) {
        mpfr_mul(th, h, xs[i % (n / 2)], MPFR_RNDN);
        if (i < n / 2)
            mpfr_sub(th, c, th, MPFR_RNDN);
        else
            mpfr_add(th, c, th, MPFR_RNDN);
        l51_integrand_mpfr(f, th, p);
        mpfr_mul(f, f, ws[i % (n / 2)], MPFR_RNDN);
        mpfr_mul(f, f, h, MPFR_RNDN);
        mpfr_add(sum, sum, f, MPFR_RNDN);
    }
    mpfr_clears(c, h, th, f, (mpfr_ptr)0);
}

/* theta = asin(r/Rmax) */
static void theta_of(mpfr_t th, double r, const mpfr_t rmax)
{
    mpfr_set_d(th, r, MPFR_RNDN);
    mpfr_div(th, th, rmax, MPFR_RNDN);
    mpfr_asin(th, th, MPFR_RNDN);
}

/* the bulk [Rm - T, Rm + T] (chi_k(R) <= chi_k(Rm) e^{-(R-Rm)^2/2}, T for w + 16 bits) in panels of width 2 */
static void l51_bulk_mpfr(mpfr_t sum, mpfr_t *xs, mpfr_t *ws, int n, const l51_mpfr_t *p, mpfr_prec_t w)
{
    mpfr_t ta, tb;
    mpfr_inits2(w, ta, tb, (mpfr_ptr)0);
    double T = sqrt(2.0 * (double)(w + 16) * 0.6931471805599453) + 1.0;
    double rmd = sqrt((double)(p->k - 1)), rmaxd = mpfr_get_d(p->rmax, MPFR_RNDN);
    double rlo = rmd - T > 0.0 ? rmd - T : 0.0, rhi = rmd + T < rmaxd ? rmd + T : rmaxd;
    int npan = (int)ceil((rhi - rlo) / 2.0);
    if (npan < 1)
        npan = 1;
    mpfr_set_ui(sum, 0, MPFR_RNDN);
    for (int j = 0; j < npan; j++) {
        theta_of(ta, rlo + (rhi - rlo) * j / npan, p->rmax);
        if (j == npan - 1 && rhi >= rmaxd) {
            mpfr_const_pi(tb, MPFR_RNDN);
            mpfr_div_2ui(tb, tb, 1, MPFR_RNDN);
        } else
            theta_of(tb, rlo + (rhi - rlo) * (j + 1) / npan, p->rmax);
        l51_panel_mpfr(sum, ta, tb, xs, ws, n, p);
    }
    mpfr_clears(ta, tb, (mpfr_ptr)0);
}

/* ck = 1/(2^{k/2-1} Gamma(k/2)) */
static void chi_const_mpfr(mpfr_t ck, long k)
{
    mpfr_t x, y;
    mpfr_inits2(mpfr_get_prec(ck), x, y, (mpfr_ptr)0);
    mpfr_set_si(x, k, MPFR_RNDN);
    mpfr_div_2ui(x, x, 1, MPFR_RNDN);
    mpfr_gamma(y, x, MPFR_RNDN);
    mpfr_set_si(x, k - 2, MPFR_RNDN);
    mpfr_div_2ui(x, x, 1, MPFR_RNDN);
    mpfr_ui_pow(x, 2, x, MPFR_RNDN);
    mpfr_mul(y, y, x, MPFR_RNDN);
    mpfr_ui_div(ck, 1, y, MPFR_RNDN);
    mpfr_clears(x, y, (mpfr_ptr)0);
}

static void lemma51_exact_mpfr(mpfr_t res, long d, const mpfr_t tm)
{
    mpfr_prec_t w = mpfr_get_prec(res) + 32 + 2 * (mpfr_prec_t)log2((double)d + 1.0);
    mpfr_t u0sq;
    mpfr_init2(u0sq, w);
    mpfr_sqr(u0sq, tm, MPFR_RNDN);
    mpfr_mul_2ui(u0sq, u0sq, 1, MPFR_RNDN);
    mpfr_div_si(u0sq, u0sq, d, MPFR_RNDN);
    mpfr_ui_sub(u0sq, 1, u0sq, MPFR_RNDN);
    if (d == 1) {
        lemma51_d1_mpfr(res, tm, u0sq, w);
        mpfr_clear(u0sq);
        return;
    }
    int n = 16 * (int)((w / 5 + 15) / 16);
    mpfr_t *xs = malloc(sizeof(mpfr_t) * (size_t)(n / 2)), *ws = malloc(sizeof(mpfr_t) * (size_t)(n / 2));
    if (!xs || !ws) {
        free(xs);
        free(ws);
        mpfr_set_nan(res);
        mpfr_clear(u0sq);
        return;
    }
    for (int i = 0; i < n / 2; i++) {
        mpfr_init2(xs[i], w);
        mpfr_init2(ws[i], w);
    }
    gdc_mpfr_gl_nodes(xs, ws, n, w);
    l51_mpfr_t p = {.d = d, .k = d - 1};
    mpfr_t ck, sum;
    mpfr_inits2(w, p.rmax, p.u0, p.tau, p.sqrt2, ck, sum, (mpfr_ptr)0);
    mpfr_sqrt_ui(p.sqrt2, 2, MPFR_RNDN);
    mpfr_sqrt(p.u0, u0sq, MPFR_RNDN);
    mpfr_div_si(p.tau, tm, d, MPFR_RNDN);
    mpfr_div(p.rmax, p.u0, p.tau, MPFR_RNDN);
    chi_const_mpfr(ck, p.k);
    l51_bulk_mpfr(sum, xs, ws, n, &p, w);
    mpfr_mul(sum, sum, p.rmax, MPFR_RNDN);
    mpfr_mul(res, sum, ck, MPFR_RNDN);
    for (int i = 0; i < n / 2; i++) {
        mpfr_clear(xs[i]);
        mpfr_clear(ws[i]);
    }
    free(xs);
    free(ws);
    mpfr_clears(p.rmax, p.u0, p.tau, p.sqrt2, ck, sum, (mpfr_ptr)0);
    mpfr_clear(u0sq);
}

void gdc_gauss_lemma51_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    long d = mpfr_get_si(x + 0, MPFR_RNDN);
    lemma51_exact_mpfr(out + 0, d, x + 1);
    /* the bounds: differences of terms; redo with more bits while the cancellation eats the guard bits */
    for (int which = 1; which <= 2; which++) {
        mpfr_prec_t p = mpfr_get_prec(out + which);
        for (mpfr_prec_t w = p + 64;; w *= 2) {
            mpfr_t a, b;
            mpfr_inits2(w, a, b, (mpfr_ptr)0);
            if (which == 1) {
                mpfr_set_ui(a, 5, MPFR_RNDN);
                mpfr_div_ui(a, a, 6, MPFR_RNDN);
                mpfr_pow_ui(a, a, (unsigned long)d, MPFR_RNDN);
                mpfr_div_2ui(b, x + 1, 2, MPFR_RNDN);
                mpfr_add(a, a, b, MPFR_RNDN);
                mpfr_d_sub(b, 0.5, a, MPFR_RNDN);
            } else {
                mpfr_sqrt_ui(a, 2, MPFR_RNDN);
                mpfr_mul(a, a, x + 1, MPFR_RNDN);
                mpfr_erfc(a, a, MPFR_RNDN);
                mpfr_div_2ui(a, a, 1, MPFR_RNDN);
                mpfr_const_log2(b, MPFR_RNDN);
                mpfr_sub_ui(b, b, 1, MPFR_RNDN);
                mpfr_mul_si(b, b, d, MPFR_RNDN);
                mpfr_div_2ui(b, b, 1, MPFR_RNDN);
                mpfr_exp(b, b, MPFR_RNDN);
                mpfr_sub(b, a, b, MPFR_RNDN);
            }
            int ok = !mpfr_zero_p(b) && mpfr_get_exp(b) > -(mpfr_exp_t)(w - p - 40);
            if (ok || w > 16 * p)
                mpfr_set(out + which, b, MPFR_RNDN);
            mpfr_clears(a, b, (mpfr_ptr)0);
            if (ok || w > 16 * p)
                break;
        }
    }
}

/* ---------------------------------------------------------------- Monte Carlo of the defining events:
 * w ~ N(0, tau^2 I_d), v = e1: out0 counts ||w - v||^2 <= 1 - 2 tau^2 d; out2 is the corrected bound with its
 * erf term replaced by the frequency of w1 >= 2 tau^2 d (the event of Eq. (7)); out1 has no random part. */
void gdc_gauss_lemma51_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    long d = (long)x[0], hits = 0, hits1 = 0;
    double tau = x[1] / (double)d;
    gdc_rng_t rng;
    gdc_rng_seed(&rng, seed);
    for (long i = 0; i < samples; i++) {
        double w1 = tau * gdc_rng_normal(&rng);
        double rest = tau * tau * gdc_gauss_sumsq_normals(&rng, d - 1);
        /* ||w - v||^2 <= 1 - 2 tau^2 d, written without the cancellation of (w1 - 1)^2 against 1 */
        hits += (2.0 * w1 - (w1 * w1 + rest) >= 2.0 * tau * tau * (double)d);
        hits1 += (w1 >= 2.0 * tau * tau * (double)d);
    }
    double p = (double)hits / (double)samples, p1 = (double)hits1 / (double)samples;
    mean[0] = p;
    se[0] = gdc_gauss_mc_se(hits, samples);
    mean[1] = bound_paper_d(d, x[1]);
    se[1] = 0.0;
    mean[2] = p1 - exp(0.5 * (double)d * (log(2.0) - 1.0));
    se[2] = gdc_gauss_mc_se(hits1, samples);
}
