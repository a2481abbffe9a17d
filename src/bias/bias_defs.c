/* Definition checks (rigorous) of the bias rows, each by a route independent of the row's implementation:
 *  - m1, m2: the parabolic-cylinder form of seed-004 C9, E[(Z - x)+^n] = n! exp(-x^2/2) 2^(-(n+1)/2)
 *    U((n+1)/2, 1/2, x^2/2)/sqrt(2 pi) for x > 0 (arb_hypgeom_u), with E[(Z + mu)+] = mu + E[(Z - mu)+] and
 *    E[(Z + mu)+^2] = 1 + mu^2 - E[(Z - mu)+^2] for mu > 0 (reflection Z -> -Z);
 *  - Owen's T: the angular form T(h, a) = (1/2pi) int_0^atan(a) exp(-h^2/(2 cos^2 t)) dt (x = tan t), integrated
 *    by acb_calc_integrate (analytic on |t| < pi/2);
 *  - Phi2: Owen's formula of C10, Phi2 = (Phi(h) + Phi(k))/2 - T(h, a_h) - T(k, a_k) - beta0 with
 *    a_h = (k - rho h)/(h r), a_k = (h - rho k)/(k r) (T(0, a) = atan(a)/2pi, T(h, +-inf) = +-Q(|h|)/2 at rho = +-1),
 *    using the row bias.owen_t (itself checked above). */
#include "bias/bias.h"
#include "bias/bias_defs.h"
#include "bias/bias_cross.h"

static void pi2(arb_t r, slong prec)
{
    arb_const_pi(r, prec);
    arb_mul_2exp_si(r, r, 1);
}

/* E[(Z - x)+^n] at x > 0 by the U form */
static void pcf_moment(arb_t res, const arb_t x, int n, slong prec)
{
    arb_t a, b, z, t;
    arb_init(a); arb_init(b); arb_init(z); arb_init(t);
    arb_set_ui(a, (ulong)n + 1);
    arb_mul_2exp_si(a, a, -1);
    arb_set_ui(b, 1);
    arb_mul_2exp_si(b, b, -1);
    arb_sqr(z, x, prec);
    arb_mul_2exp_si(z, z, -1);
    arb_hypgeom_u(res, a, b, z, prec);
    arb_neg(t, z);
    arb_exp(t, t, prec);
    arb_mul(res, res, t, prec);
    arb_mul_2exp_si(res, res, -(n + 1)); /* 2^(-(n+1)/2) = 2^-(n+1) * 2^((n+1)/2) */
    arb_set_ui(t, 2);
    arb_set_ui(a, (ulong)n + 1);
    arb_mul_2exp_si(a, a, -1);
    arb_pow(t, t, a, prec);
    arb_mul(res, res, t, prec);
    if (n == 2)
        arb_mul_2exp_si(res, res, 1);
    pi2(t, prec);
    arb_rsqrt(t, t, prec);
    arb_mul(res, res, t, prec);
    arb_clear(a); arb_clear(b); arb_clear(z); arb_clear(t);
}

static int def_moment(arb_ptr out, const double *x, int n, slong prec)
{
    arb_t s, mu, t;
    arb_init(s); arb_init(mu); arb_init(t);
    arb_set_d(s, x[0]);
    arb_set_d(mu, x[1]);
    arb_div(mu, mu, s, prec);
    if (arb_is_zero(mu)) {
        /* G1(0) = 1/sqrt(2 pi), G2(0) = 1/2 */
        if (n == 1) {
            pi2(t, prec);
            arb_rsqrt(out, t, prec);
        } else {
            arb_set_d(out, 0.5);
        }
    } else if (arb_is_negative(mu)) {
        arb_neg(t, mu);
        pcf_moment(out, t, n, prec);
    } else {
        pcf_moment(t, mu, n, prec);
        if (n == 1) {
            arb_add(out, mu, t, prec);
        } else {
            arb_sqr(out, mu, prec);
            arb_add_ui(out, out, 1, prec);
            arb_sub(out, out, t, prec);
        }
    }
    arb_mul(out, out, s, prec);
    if (n == 2)
        arb_mul(out, out, s, prec);
    arb_clear(s); arb_clear(mu); arb_clear(t);
    return !arb_is_finite(out);
}

int gdc_bias_def_m1(arb_ptr out, const double *x, slong prec) { return def_moment(out, x, 1, prec); }
int gdc_bias_def_m2(arb_ptr out, const double *x, slong prec) { return def_moment(out, x, 2, prec); }

/* exp(-h2/cos^2 z), h2 = h^2/2: analytic where cos z != 0 */
static int owen_angle(acb_ptr res, const acb_t z, void *param, slong order, slong prec)
{
    const arb_struct *h2 = param;
    acb_t c;
    (void)order;
    acb_init(c);
    acb_cos(c, z, prec);
    acb_sqr(c, c, prec);
    acb_inv(c, c, prec);
    acb_mul_arb(c, c, h2, prec);
    acb_neg(c, c);
    acb_exp(res, c, prec);
    acb_clear(c);
    return 0;
}

int gdc_bias_def_owen_t(arb_ptr out, const double *x, slong prec)
{
    arb_t h2, t;
    acb_t lo, hi, v;
    mag_t tol;
    acb_calc_integrate_opt_t opt;
    arb_init(h2); arb_init(t);
    acb_init(lo); acb_init(hi); acb_init(v);
    mag_init(tol);
    acb_calc_integrate_opt_init(opt);
    arb_set_d(h2, x[0]);
    arb_sqr(h2, h2, prec);
    arb_mul_2exp_si(h2, h2, -1);
    arb_set_d(t, x[1]);
    arb_atan(t, t, prec);
    acb_set_arb(hi, t);
    acb_zero(lo);
    mag_set_ui_2exp_si(tol, 1, -prec - 2000); /* the relative goal decides (the integral is >= 0) */
    int st = acb_calc_integrate(v, owen_angle, h2, lo, hi, prec, tol, opt, prec);
    pi2(t, prec);
    arb_div(out, acb_realref(v), t, prec);
    arb_clear(h2); arb_clear(t);
    acb_clear(lo); acb_clear(hi); acb_clear(v);
    mag_clear(tol);
    return st != ARB_CALC_SUCCESS || !arb_is_finite(out);
}

/* T(h, a) for a = num/(h r) with the limits at r = 0 (num != 0) */
static void owen_term(arb_t res, const arb_t h, const arb_t num, const arb_t r, slong prec)
{
    arb_t a;
    arb_init(a);
    if (arb_is_zero(h)) {
        /* a -> sgn(num) inf: T(0, +-inf) = +-1/4 */
        arb_set_si(res, arb_is_positive(num) ? 1 : arb_is_negative(num) ? -1 : 0);
        arb_mul_2exp_si(res, res, -2);
    } else if (arb_is_zero(r)) {
        /* T(h, +-inf) = +-Q(|h|)/2, sign of num/h */
        arb_abs(a, h);
        arb_neg(a, a);
        gdc_bias_Phi_arb(res, a, prec);
        arb_mul_2exp_si(res, res, -1);
        if ((arf_sgn(arb_midref(num)) > 0) != (arf_sgn(arb_midref(h)) > 0))
            arb_neg(res, res);
    } else {
        arb_mul(a, h, r, prec);
        arb_div(a, num, a, prec);
        gdc_bias_owen_t_arb(res, h, a, prec);
    }
    arb_clear(a);
}

int gdc_bias_def_bvn(arb_ptr out, const double *x, slong prec)
{
    double h = x[0], k = x[1], rho = x[2];
    arb_t H, K, R, r, n, t, u;
    arb_init(H); arb_init(K); arb_init(R); arb_init(r); arb_init(n); arb_init(t); arb_init(u);
    arb_set_d(H, h);
    arb_set_d(K, k);
    arb_set_d(R, rho);
    if (h == 0 && k == 0) {
        /* 1/4 + asin(rho)/(2 pi) */
        arb_asin(t, R, prec);
        pi2(u, prec);
        arb_div(out, t, u, prec);
        arb_set_d(t, 0.25);
        arb_add(out, out, t, prec);
    } else if ((rho == 1.0 && h == k) || (rho == -1.0 && h == -k)) {
        /* a_h = 0/0: the degenerate values of C10 at the diagonal */
        if (rho == 1.0)
            gdc_bias_Phi_arb(out, H, prec);
        else
            arb_zero(out);
    } else {
        arb_sub_ui(t, R, 1, prec);
        arb_neg(t, t);
        arb_add_ui(u, R, 1, prec);
        arb_mul(t, t, u, prec);
        arb_sqrt(r, t, prec);
        gdc_bias_Phi_arb(t, H, prec);
        gdc_bias_Phi_arb(u, K, prec);
        arb_add(out, t, u, prec);
        arb_mul_2exp_si(out, out, -1);
        arb_mul(n, R, H, prec);
        arb_sub(n, K, n, prec);
        owen_term(t, H, n, r, prec);
        arb_sub(out, out, t, prec);
        arb_mul(n, R, K, prec);
        arb_sub(n, H, n, prec);
        owen_term(t, K, n, r, prec);
        arb_sub(out, out, t, prec);
        if (h * k < 0 || (h * k == 0 && h + k < 0)) {
            arb_set_d(t, 0.5); /* beta0 */
            arb_sub(out, out, t, prec);
        }
    }
    int bad = !arb_is_finite(out);
    arb_clear(H); arb_clear(K); arb_clear(R); arb_clear(r); arb_clear(n); arb_clear(t); arb_clear(u);
    return bad;
}

/* grad F and <grad F, w - v> from the Arb derivative enclosure of bias.loss (bias_cross_arb.c: C11 differentiated
 * through homogeneity and Price's identity, an independent route to C13): along w~/|w~| dF/ds, along the normal
 * towards v~ -(1/s) dF/dtheta, dF/dbw; corr = gs (s - t rho) - gn t r + gb (bw - bv) (C15) */
static int grad_from_loss(arb_ptr out, const double *x, int corr, slong prec)
{
    arb_ptr xb = _arb_vec_init(5), jac = _arb_vec_init(5);
    arb_t F, t, u;
    arb_init(F); arb_init(t); arb_init(u);
    for (int i = 0; i < 5; i++)
        arb_set_d(xb + i, x[i]);
    gdc_bias_cross_kind_arb(GDC_BIAS_F, F, jac, xb, prec);
    arb_div(jac + 4, jac + 4, xb, prec);
    arb_neg(jac + 4, jac + 4);
    if (!corr) {
        arb_set(out, jac);
        arb_set(out + 1, jac + 4);
        arb_set(out + 2, jac + 1);
    } else {
        arb_cos(t, xb + 4, prec);
        arb_mul(t, t, xb + 2, prec);
        arb_sub(t, xb, t, prec);
        arb_mul(out, jac, t, prec);
        arb_sin(t, xb + 4, prec);
        arb_mul(t, t, xb + 2, prec);
        arb_submul(out, jac + 4, t, prec);
        arb_sub(u, xb + 1, xb + 3, prec);
        arb_addmul(out, jac + 1, u, prec);
    }
    int ok = arb_is_finite(out);
    _arb_vec_clear(xb, 5);
    _arb_vec_clear(jac, 5);
    arb_clear(F); arb_clear(t); arb_clear(u);
    return ok ? 0 : 1;
}

int gdc_bias_def_grad(arb_ptr out, const double *x, slong prec) { return grad_from_loss(out, x, 0, prec); }
int gdc_bias_def_corr(arb_ptr out, const double *x, slong prec) { return grad_from_loss(out, x, 1, prec); }
