/* Arb enclosures of the Gaussian biased-ReLU quantities (seed-004 C9, C10; bias.h): m1, m2, Owen's T, Phi2 and
 * their first derivatives. Rigorous on any balls:
 *  - points: m1 = s G1(b/s), m2 = s^2 G2(b/s) from arb_hypgeom_erfc (the cancellation for b/s << 0 costs bits,
 *    which gdc_eval_arb_goal supplies); T(h, a) = exp(-h^2/2)/(2 pi) int_0^|a| exp(-h^2 x^2/2)/(1 + x^2) dx by
 *    acb_calc_integrate (poles at +-i only) for |a| <= 1, Owen's identity for |a| > 1;
 *    Phi2(h, k; rho) by Plackett's angular form Phi(h) Phi(k) + (1/2 pi) int_0^{asin rho} exp(-(q - hk sin p)/cos^2 p)
 *    dp (exp only, bvn_plackett) where |h|, |k| < 32, 1 - |rho| > 2^-20 and its cancellation for rho < 0 is
 *    moderate; else int_{h-L}^{h} phi(x) Phi((k - rho x)/r) dx (h <= k; entire integrand, acb_calc_integrate)
 *    plus the tail [0, Phi(h - L) max Phi(...)] (the inner Phi is at most 1, and increasing in x when rho < 0);
 *  - boxes: monotonicity. dm1/ds = phi(mu), dm1/db = Phi(mu), dm2/ds = 2 s Phi(mu), dm2/db = 2 m1 are >= 0;
 *    dPhi2/dh = phi(h) Phi((k - rho h)/r), dPhi2/dk likewise, dPhi2/drho = phi2 >= 0 (C10); dT/da > 0 and
 *    dT/dh = -phi(h)(Phi(a h) - 1/2) has the sign of -a h. So the values at two corners enclose the box.
 * The _timed versions take a deadline (core/deadline.h, 0: none): the integrands of acb_calc_integrate give up once
 * it has passed (they return 0 and mark the integral expired, which is then discarded: the result is indeterminate,
 * never a narrower ball). */
#include <math.h>
#include "bias/bias.h"
#include "bias/bias_grid.h"
#include "core/deadline.h"

static void nan_out(arb_t r) { arb_indeterminate(r); }

void gdc_bias_phi_arb(arb_t res, const arb_t x, slong prec)
{
    arb_t t;
    arb_init(t);
    gdc_arb_sqr(t, x, prec);
    arb_mul_2exp_si(t, t, -1);
    arb_neg(t, t);
    arb_exp(t, t, prec);
    arb_const_pi(res, prec);
    arb_mul_2exp_si(res, res, 1);
    arb_rsqrt(res, res, prec);
    arb_mul(res, res, t, prec);
    arb_clear(t);
}

/* Phi(x) = erfc(-x/sqrt 2)/2; q = 1 gives Q(x) = erfc(x/sqrt 2)/2 */
static void gauss_cdf(arb_t res, const arb_t x, int q, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_sqrt_ui(t, 2, prec);
    arb_div(t, x, t, prec);
    if (!q)
        arb_neg(t, t);
    arb_hypgeom_erfc(res, t, prec);
    arb_mul_2exp_si(res, res, -1);
    arb_clear(t);
}

void gdc_bias_Phi_arb(arb_t res, const arb_t x, slong prec) { gauss_cdf(res, x, 0, prec); }

/* G1(mu) (n = 1) or G2(mu) (n = 2) on a ball mu (plain ball arithmetic) */
static void gmom(arb_t res, const arb_t mu, int n, slong prec)
{
    arb_t P, p, t;
    arb_init(P);
    arb_init(p);
    arb_init(t);
    gauss_cdf(P, mu, 0, prec);
    gdc_bias_phi_arb(p, mu, prec);
    if (n == 1) {
        arb_mul(t, mu, P, prec);
        arb_add(res, p, t, prec);
    } else {
        gdc_arb_sqr(t, mu, prec);
        arb_add_ui(t, t, 1, prec);
        arb_mul(t, t, P, prec);
        arb_mul(p, p, mu, prec);
        arb_add(res, t, p, prec);
    }
    arb_clear(P);
    arb_clear(p);
    arb_clear(t);
}

/* s^n G_n(b/s) at exact s > 0, b */
static void mom_point(arb_t res, const arb_t s, const arb_t b, int n, slong prec)
{
    arb_t mu;
    arb_init(mu);
    arb_div(mu, b, s, prec);
    gmom(res, mu, n, prec);
    arb_mul(res, res, s, prec);
    if (n == 2)
        arb_mul(res, res, s, prec);
    arb_clear(mu);
}

/* m_n over the box s x b: increasing in both; for s reaching 0 the lower end is the limit relu(b)^n (Jensen) */
static void mom_box(arb_t res, const arb_t s, const arb_t b, int n, slong prec)
{
    /* a ball centred at s <= 0 lies mostly outside the domain s > 0 */
    if (!arb_is_finite(s) || !arb_is_finite(b) || arf_sgn(arb_midref(s)) <= 0) {
        nan_out(res);
        return;
    }
    arb_t sl, sh, bl, bh, lo;
    arb_init(sl); arb_init(sh); arb_init(bl); arb_init(bh); arb_init(lo);
    gdc_arb_endpoints(sl, sh, s, prec);
    gdc_arb_endpoints(bl, bh, b, prec);
    mom_point(res, sh, bh, n, prec);
    if (arb_is_positive(sl)) {
        if (arb_is_exact(s) && arb_is_exact(b)) {
            arb_clear(sl); arb_clear(sh); arb_clear(bl); arb_clear(bh); arb_clear(lo);
            return;
        }
        mom_point(lo, sl, bl, n, prec);
    } else {
        arb_nonnegative_part(lo, bl);
        arb_set_round(lo, lo, prec);
        if (n == 2)
            arb_sqr(lo, lo, prec);
    }
    arb_union(res, res, lo, prec);
    arb_clear(sl); arb_clear(sh); arb_clear(bl); arb_clear(bh); arb_clear(lo);
}

void gdc_bias_m1_arb(arb_t res, const arb_t s, const arb_t b, slong prec) { mom_box(res, s, b, 1, prec); }
void gdc_bias_m2_arb(arb_t res, const arb_t s, const arb_t b, slong prec) { mom_box(res, s, b, 2, prec); }

/* Phi(mu) and phi(mu) on the box, mu = b/s; where s reaches 0 the ranges [0, 1] and [0, phi(0)] */
static void box_Phi_phi(arb_t P, arb_t p, const arb_t s, const arb_t b, slong prec)
{
    if (arb_is_positive(s)) {
        arb_t mu;
        arb_init(mu);
        arb_div(mu, b, s, prec);
        gauss_cdf(P, mu, 0, prec);
        gdc_bias_phi_arb(p, mu, prec);
        arb_clear(mu);
    } else {
        arb_t z;
        arb_init(z);
        arb_zero(z);
        gdc_bias_phi_arb(p, z, prec);
        arb_union(p, p, z, prec);
        arb_one(P);
        arb_union(P, P, z, prec);
        arb_clear(z);
    }
}

void gdc_bias_m1_jac_arb(arb_t res, arb_ptr jac, const arb_t s, const arb_t b, slong prec)
{
    mom_box(res, s, b, 1, prec);
    if (!arb_is_finite(res)) {
        arb_indeterminate(jac);
        arb_indeterminate(jac + 1);
        return;
    }
    box_Phi_phi(jac + 1, jac, s, b, prec);
}

void gdc_bias_m2_jac_arb(arb_t res, arb_ptr jac, const arb_t s, const arb_t b, slong prec)
{
    arb_t p;
    arb_init(p);
    mom_box(res, s, b, 2, prec);
    if (!arb_is_finite(res)) {
        arb_indeterminate(jac);
        arb_indeterminate(jac + 1);
        arb_clear(p);
        return;
    }
    box_Phi_phi(jac, p, s, b, prec);
    arb_mul(jac, jac, s, prec);
    arb_mul_2exp_si(jac, jac, 1);
    mom_box(jac + 1, s, b, 1, prec);
    arb_mul_2exp_si(jac + 1, jac + 1, 1);
    arb_clear(p);
}

/* ---- Owen's T ---- */
typedef struct {
    arb_t h2;        /* h^2/2 */
    double deadline; /* 0: none */
    int expired;     /* the integrand saw the deadline passed: the integral is discarded */
} owen_param_t;

/* Past the deadline an integrand stops: its value need not enclose anything, since the caller discards the integral
 * (indeterminate); 0 lets acb_calc_integrate close every open piece at once (an indeterminate value would make it
 * bisect to its evaluation limit). Returns 1 when the integrand must stop. */
static int integrand_expired(acb_ptr res, double deadline, int *expired)
{
    if (!*expired && !gdc_deadline_passed(deadline))
        return 0;
    *expired = 1;
    acb_zero(res);
    return 1;
}

/* Under a deadline (0: none) the degree of acb_calc_integrate's rule is capped at 60 + prec/16: its Gauss-Legendre
 * nodes for a new degree are computed in one step that no integrand call interrupts, and with the cheap integrands
 * (Owen's, Plackett's) the default cap 0.5 prec + 60 was reached at once: 2.2 s of node computation at 4096 bits,
 * so a claim over bias.bvn at --time-limit 2 ended after 12.9 s (load 9). With the cap the longest step there is
 * below 0.1 s (more, smaller pieces; the enclosure is unchanged in kind). */
static void integrate_opt_init(acb_calc_integrate_opt_t opt, slong prec, double deadline)
{
    acb_calc_integrate_opt_init(opt);
    if (deadline > 0)
        opt->deg_limit = 60 + prec / 16;
}

static int owen_integrand(acb_ptr res, const acb_t z, void *param, slong order, slong prec)
{
    owen_param_t *p = param;
    acb_t t, u;
    (void)order; /* meromorphic: the division by 1 + z^2 is non-finite on balls reaching the poles +-i */
    if (integrand_expired(res, p->deadline, &p->expired))
        return 0;
    acb_init(t);
    acb_init(u);
    acb_sqr(t, z, prec);
    acb_add_ui(u, t, 1, prec);
    acb_mul_arb(t, t, p->h2, prec);
    acb_neg(t, t);
    acb_exp(t, t, prec);
    acb_div(res, t, u, prec);
    acb_clear(t);
    acb_clear(u);
    return 0;
}

/* T(h, a) for exact h >= 0, exact 0 < a <= 1; indeterminate once the deadline (0: none) has passed */
static void owen_small_a(arb_t res, const arb_t h, const arb_t a, slong prec, double deadline)
{
    slong wp = prec + 20;
    owen_param_t p;
    acb_t lo, hi, v;
    arb_t t;
    mag_t tol;
    acb_calc_integrate_opt_t opt;
    arb_init(p.h2);
    p.deadline = deadline;
    p.expired = 0;
    acb_init(lo); acb_init(hi); acb_init(v);
    arb_init(t);
    mag_init(tol);
    integrate_opt_init(opt, wp, deadline);
    gdc_arb_sqr(p.h2, h, wp);
    arb_mul_2exp_si(p.h2, p.h2, -1);
    acb_zero(lo);
    acb_set_arb(hi, a);
    /* the integral is >= min(a, 1/(1+h)) exp(-1/2)/2 > min(a, 1/(1+h))/4: absolute tolerance 2^-wp of that */
    arb_add_ui(t, h, 1, wp);
    arb_inv(t, t, wp);
    if (arb_lt(a, t))
        arb_set(t, a);
    arb_get_mag_lower(tol, t);
    mag_mul_2exp_si(tol, tol, -wp - 2);
    acb_calc_integrate(v, owen_integrand, &p, lo, hi, wp, tol, opt, wp);
    /* times exp(-h^2/2)/(2 pi) */
    arb_neg(t, p.h2);
    arb_exp(t, t, wp);
    arb_mul(t, t, acb_realref(v), wp);
    arb_const_pi(res, wp);
    arb_mul_2exp_si(res, res, 1);
    arb_div(res, t, res, prec);
    if (p.expired)
        arb_indeterminate(res);
    arb_clear(p.h2);
    acb_clear(lo); acb_clear(hi); acb_clear(v);
    arb_clear(t);
    mag_clear(tol);
}

/* T at exact h, a */
static void owen_point(arb_t res, const arb_t h0, const arb_t a0, slong prec, double deadline)
{
    arb_t h, a, t, qh, qa;
    arb_init(h); arb_init(a); arb_init(t); arb_init(qh); arb_init(qa);
    int neg = arf_sgn(arb_midref(a0)) < 0;
    arb_abs(h, h0);
    arb_abs(a, a0);
    if (arb_is_zero(a)) {
        arb_zero(res);
    } else if (arb_is_zero(h)) {
        arb_atan(t, a, prec + 10);
        arb_const_pi(res, prec + 10);
        arb_mul_2exp_si(res, res, 1);
        arb_div(res, t, res, prec);
    } else if (arf_cmp_si(arb_midref(a), 1) <= 0) {
        owen_small_a(res, h, a, prec, deadline);
    } else {
        slong wp = prec + 20;
        arb_mul(t, a, h, wp); /* exact product of exact balls is rounded; the identity holds on the ball */
        gauss_cdf(qh, h, 1, wp);
        gauss_cdf(qa, t, 1, wp);
        arb_add(res, qh, qa, wp);
        arb_mul_2exp_si(res, res, -1);
        arb_mul(qh, qh, qa, wp);
        arb_sub(res, res, qh, wp);
        arb_inv(qa, a, wp);
        if (arb_is_exact(t)) {
            owen_small_a(qh, t, qa, wp, deadline);
        } else {
            /* T(a h, 1/a) over the balls a h, 1/a: decreasing in a h >= 0, increasing in 1/a */
            arb_t l1, h1, l2, h2, u;
            arb_init(l1); arb_init(h1); arb_init(l2); arb_init(h2); arb_init(u);
            gdc_arb_endpoints(l1, h1, t, wp);
            gdc_arb_endpoints(l2, h2, qa, wp);
            if (arf_cmp_si(arb_midref(h2), 1) > 0)
                arb_one(h2);
            owen_small_a(qh, l1, h2, wp, deadline);
            owen_small_a(u, h1, l2, wp, deadline);
            arb_union(qh, qh, u, wp);
            arb_clear(l1); arb_clear(h1); arb_clear(l2); arb_clear(h2); arb_clear(u);
        }
        arb_sub(res, res, qh, prec);
    }
    if (neg)
        arb_neg(res, res);
    arb_clear(h); arb_clear(a); arb_clear(t); arb_clear(qh); arb_clear(qa);
}

void gdc_bias_owen_t_arb_timed(arb_t res, const arb_t h, const arb_t a, slong prec, double deadline)
{
    if (!arb_is_finite(h) || !arb_is_finite(a) || gdc_deadline_passed(deadline)) {
        nan_out(res);
        return;
    }
    if (arb_is_exact(h) && arb_is_exact(a)) {
        owen_point(res, h, a, prec, deadline);
        return;
    }
    /* T increasing in a; in |h| decreasing where a > 0, increasing where a < 0 */
    arb_t hl, hh, al, ah, lo;
    arb_init(hl); arb_init(hh); arb_init(al); arb_init(ah); arb_init(lo);
    gdc_arb_abs_endpoints(hl, hh, h, prec);
    gdc_arb_endpoints(al, ah, a, prec);
    owen_point(res, arf_sgn(arb_midref(ah)) >= 0 ? hl : hh, ah, prec, deadline);
    owen_point(lo, arf_sgn(arb_midref(al)) <= 0 ? hl : hh, al, prec, deadline);
    arb_union(res, res, lo, prec);
    arb_clear(hl); arb_clear(hh); arb_clear(al); arb_clear(ah); arb_clear(lo);
}

void gdc_bias_owen_t_arb(arb_t res, const arb_t h, const arb_t a, slong prec)
{
    gdc_bias_owen_t_arb_timed(res, h, a, prec, 0.0);
}

void gdc_bias_owen_t_jac_arb_timed(arb_t res, arb_ptr jac, const arb_t h, const arb_t a, slong prec, double deadline)
{
    arb_t t, u;
    arb_init(t);
    arb_init(u);
    gdc_bias_owen_t_arb_timed(res, h, a, prec, deadline);
    if (!arb_is_finite(res)) {
        arb_indeterminate(jac);
        arb_indeterminate(jac + 1);
    } else {
        /* dT/dh = -phi(h) (Phi(a h) - 1/2) = -phi(h) erf(a h/sqrt 2)/2 */
        gdc_bias_phi_arb(t, h, prec);
        arb_mul(u, a, h, prec);
        arb_sqrt_ui(jac, 2, prec);
        arb_div(jac, u, jac, prec);
        arb_hypgeom_erf(jac, jac, prec);
        arb_mul(jac, jac, t, prec);
        arb_mul_2exp_si(jac, jac, -1);
        arb_neg(jac, jac);
        /* dT/da = phi(h) phi(a h)/(1 + a^2) */
        gdc_bias_phi_arb(jac + 1, u, prec);
        arb_mul(jac + 1, jac + 1, t, prec);
        gdc_arb_sqr(u, a, prec);
        arb_add_ui(u, u, 1, prec);
        arb_div(jac + 1, jac + 1, u, prec);
    }
    arb_clear(t);
    arb_clear(u);
}

void gdc_bias_owen_t_jac_arb(arb_t res, arb_ptr jac, const arb_t h, const arb_t a, slong prec)
{
    gdc_bias_owen_t_jac_arb_timed(res, jac, h, a, prec, 0.0);
}

/* ---- bivariate normal ---- */
typedef struct {
    arb_t k, rho, rs2, acc; /* rs2 = r sqrt 2; acc the running integral */
    double deadline;        /* 0: none */
    int expired;            /* as owen_param_t */
} bvn_param_t;

/* phi(z) Phi((k - rho z)/r) = exp(-z^2/2)/sqrt(2 pi) erfc(-(k - rho z)/(r sqrt 2))/2: entire */
static int bvn_integrand(acb_ptr res, const acb_t z, void *param, slong order, slong prec)
{
    bvn_param_t *p = param;
    acb_t t, u;
    arb_t c;
    (void)order;
    if (integrand_expired(res, p->deadline, &p->expired))
        return 0;
    acb_init(t);
    acb_init(u);
    arb_init(c);
    acb_mul_arb(t, z, p->rho, prec);
    acb_sub_arb(t, t, p->k, prec);
    acb_div_arb(t, t, p->rs2, prec);
    acb_hypgeom_erfc(u, t, prec);
    acb_sqr(t, z, prec);
    acb_mul_2exp_si(t, t, -1);
    acb_neg(t, t);
    acb_exp(t, t, prec);
    acb_mul(res, t, u, prec);
    arb_const_pi(c, prec);
    arb_mul_2exp_si(c, c, 3);
    arb_rsqrt(c, c, prec); /* 1/sqrt(8 pi) = (1/sqrt(2 pi))/2 */
    acb_mul_arb(res, res, c, prec);
    acb_clear(t);
    acb_clear(u);
    arb_clear(c);
    return 0;
}

/* Phi2 at exact h <= k and exact -1 < rho < 1; indeterminate once the deadline (0: none) has passed */
static void bvn_inner(arb_t res, const arb_t h, const arb_t k, const arb_t rho, slong prec, double deadline)
{
    slong wp = prec + 30;
    bvn_param_t p;
    acb_t lo, hi, v;
    arb_t x, tb, t;
    mag_t tol;
    acb_calc_integrate_opt_t opt;
    arb_init(p.k); arb_init(p.rho); arb_init(p.rs2); arb_init(p.acc);
    p.deadline = deadline;
    p.expired = 0;
    acb_init(lo); acb_init(hi); acb_init(v);
    arb_init(x); arb_init(tb); arb_init(t);
    mag_init(tol);
    acb_calc_integrate_opt_init(opt);
    arb_set(p.k, k);
    arb_set(p.rho, rho);
    /* r sqrt 2 = sqrt(2 (1 - rho)(1 + rho)) */
    arb_sub_ui(t, rho, 1, wp);
    arb_neg(t, t);
    arb_add_ui(x, rho, 1, wp);
    arb_mul(t, t, x, wp);
    arb_mul_2exp_si(t, t, 1);
    arb_sqrt(p.rs2, t, wp);
    /* pieces from h down to h - L (the grid is a choice, not part of the enclosure): width at most 1/2 and
     * 4/(|x| + 1), graded geometrically towards the kink x* = k/rho of the inner factor (scale r/|rho|), so that
     * acb_calc_integrate meets no complex growth of erfc((rho z - k)/(r sqrt 2)) across a piece; pieces are added
     * until the rigorous tail bound is below 2^-prec of the integral */
    double hd = arf_get_d(arb_midref(h), ARF_RND_NEAR), kd = arf_get_d(arb_midref(k), ARF_RND_NEAR);
    /* 1 - rho and 1 + rho exactly from the input (a corner of a ball need not be a double: rho = -1 + 3e-17 rounded
     * to -1 gave r = 0, a grid that never passed the kink and a valid but 0.025-wide enclosure) */
    double rd = arf_get_d(arb_midref(rho), ARF_RND_NEAR), r;
    {
        arf_t om, op;
        arf_init(om);
        arf_init(op);
        arf_sub_si(om, arb_midref(rho), 1, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_add_si(op, arb_midref(rho), 1, ARF_PREC_EXACT, ARF_RND_DOWN);
        r = sqrt(-arf_get_d(om, ARF_RND_NEAR) * arf_get_d(op, ARF_RND_NEAR));
        r = fmax(r, 0x1p-500); /* |rho| = 1 - 1e-647 (theta = 2^-1074): still a positive grid scale */
        arf_clear(om);
        arf_clear(op);
    }
    double delta = r / fabs(rd), xs = kd / rd;
    double L = 0, xr = hd;
    mag_set_ui_2exp_si(tol, 1, -wp - 1000000); /* tiny: the relative goal wp decides (the integrand is > 0) */
    arb_zero(res);
    arb_zero(p.acc);
    acb_set_arb(hi, h);
    for (int it = 0; it < 4000; it++) {
        double xl = gdc_bias_next_left(xr, xs, delta, 0.5, 4.0, rd < 0 ? delta : 0.0);
        arb_set_d(x, xl); /* exact */
        acb_set_arb(lo, x);
        /* absolute tolerance 2^-wp of the integral so far (pieces far out in the tail need no relative accuracy) */
        if (arb_is_positive(p.acc)) {
            arb_get_mag_lower(tol, p.acc);
            mag_mul_2exp_si(tol, tol, -wp - 8);
        }
        acb_calc_integrate(v, bvn_integrand, &p, lo, hi, wp, tol, opt, wp);
        if (p.expired) {
            arb_indeterminate(res);
            break;
        }
        arb_add(p.acc, p.acc, acb_realref(v), wp);
        acb_set(hi, lo);
        xr = xl;
        (void)L;
        /* tail over (-inf, x]: Phi(x) times (rho < 0 ? Phi((k - rho x)/r) : 1) */
        gauss_cdf(tb, x, 0, wp);
        if (arf_sgn(arb_midref(rho)) < 0) {
            arb_mul(t, rho, x, wp);
            arb_sub(t, k, t, wp);
            arb_div(t, t, p.rs2, wp);
            arb_sqrt_ui(x, 2, wp);
            arb_mul(t, t, x, wp); /* (k - rho x)/r */
            gauss_cdf(x, t, 0, wp);
            arb_mul(tb, tb, x, wp);
        }
        arb_zero(x);
        arb_union(t, tb, x, wp); /* [0, tail] */
        arb_add(res, p.acc, t, prec);
        if (arb_rel_accuracy_bits(res) >= prec - 4 || !arb_is_finite(res))
            break;
        /* more range cannot help once the tail is below the integral's own radius */
        mag_t m1;
        mag_init(m1);
        arb_get_mag(m1, tb);
        int done = mag_cmp(m1, arb_radref(p.acc)) < 0;
        mag_clear(m1);
        if (done)
            break;
    }
    arb_clear(p.k); arb_clear(p.rho); arb_clear(p.rs2); arb_clear(p.acc);
    acb_clear(lo); acb_clear(hi); acb_clear(v);
    arb_clear(x); arb_clear(tb); arb_clear(t);
    mag_clear(tol);
}

/* ---- Phi2 by Plackett's angular form ----
 * Plackett (1954, Biometrika 41, eq. (3)): dPhi2/drho = phi2(h, k; rho) = exp(-(h^2 - 2 rho h k + k^2)/(2 (1 - rho^2)))
 * /(2 pi sqrt(1 - rho^2)), and Phi2(h, k; 0) = Phi(h) Phi(k). With rho = sin p (dp = drho/cos p, cos p =
 * sqrt(1 - rho^2) > 0 for |p| < pi/2):
 *   Phi2(h, k; rho) = Phi(h) Phi(k) + (1/2 pi) int_0^{asin rho} f(p) dp,  f(p) = exp(-(q - hk sin p)/cos^2 p),
 *   q = (h^2 + k^2)/2.
 * f is holomorphic off the zeros of cos (p = pi/2 + n pi); on a complex ball reaching one the division by cos^2 is
 * non-finite (acb_div of a ball containing 0), so acb_calc_integrate never trusts a ball there (the contract of its
 * integrand for order 1, as for Owen's 1/(1 + z^2)). No erfc in the integrand: about 30x cheaper than bvn_inner at
 * 128 bits. On the real path 0 < f <= 1 (q - hk sin p >= (1 - |sin p|) q >= 0), which bounds the piece between the
 * exact midpoint m of the ball asin(rho) and asin(rho) itself by its radius. For rho < 0 the integral is negative
 * and cancels against Phi(h) Phi(k) when Phi2 << Phi(h) Phi(k): one more pass with the bits lost, else 0 is
 * returned and the caller integrates the positive form (bvn_inner). */
typedef struct {
    arb_t q, hk;     /* (h^2 + k^2)/2, h k */
    double deadline; /* 0: none */
    int expired;     /* as owen_param_t */
} plackett_param_t;

static int plackett_integrand(acb_ptr res, const acb_t z, void *param, slong order, slong prec)
{
    plackett_param_t *p = param;
    acb_t s, c;
    (void)order; /* meromorphic inside exp: non-finite on balls reaching a zero of cos (see above) */
    if (integrand_expired(res, p->deadline, &p->expired))
        return 0;
    acb_init(s);
    acb_init(c);
    acb_sin_cos(s, c, z, prec);
    acb_mul_arb(s, s, p->hk, prec);
    acb_sub_arb(s, s, p->q, prec); /* hk sin z - q */
    acb_sqr(c, c, prec);
    acb_div(s, s, c, prec);
    acb_exp(res, s, prec);
    acb_clear(s);
    acb_clear(c);
    return 0;
}

/* one pass at working precision wp: res = Phi(h) Phi(k) + (1/2 pi) int_0^{asin rho} f */
static void plackett_pass(arb_t res, plackett_param_t *p, const arb_t h, const arb_t k, const arb_t rho, slong wp)
{
    acb_t lo, hi, v;
    arb_t t, u;
    mag_t tol;
    acb_calc_integrate_opt_t opt;
    acb_init(lo); acb_init(hi); acb_init(v);
    arb_init(t); arb_init(u);
    mag_init(tol);
    integrate_opt_init(opt, wp, p->deadline);
    gdc_arb_sqr(t, h, wp);
    gdc_arb_sqr(u, k, wp);
    arb_add(p->q, t, u, wp);
    arb_mul_2exp_si(p->q, p->q, -1);
    arb_mul(p->hk, h, k, wp);
    arb_asin(t, rho, wp);
    acb_zero(lo);
    arb_set_arf(acb_realref(hi), arb_midref(t)); /* exact upper end m; [m, asin rho] within [-rad, rad] (f <= 1) */
    mag_set_ui_2exp_si(tol, 1, -wp - 1000000);   /* tiny: the relative goal wp decides */
    acb_calc_integrate(v, plackett_integrand, p, lo, hi, wp, tol, opt, wp);
    arb_add_error_mag(acb_realref(v), arb_radref(t));
    arb_const_pi(t, wp);
    arb_mul_2exp_si(t, t, 1);
    arb_div(t, acb_realref(v), t, wp);
    gauss_cdf(u, h, 0, wp);
    gauss_cdf(res, k, 0, wp);
    arb_mul(u, u, res, wp);
    arb_add(res, u, t, wp);
    acb_clear(lo); acb_clear(hi); acb_clear(v);
    arb_clear(t); arb_clear(u);
    mag_clear(tol);
}

/* The bits the sum Phi(h) Phi(k) + integral loses for rho < 0, h + k < 0 (a choice of method, in doubles, not part
 * of any enclosure): Phi2 <= U = Phi((h + k)/sqrt(2 (1 + rho))) (the event lies in {Z1 + Z2 <= h + k}, see
 * bvn_antidiag_tiny) and log Phi(x) ~ -min(x, 0)^2/2, so about (z^2 - h-^2 - k-^2)/(2 ln 2) bits, z the argument of
 * U and x- = min(x, 0). 0 elsewhere (for rho >= 0 both terms are >= 0). */
static double plackett_loss_estimate(const arb_t h, const arb_t k, const arb_t rho)
{
    double hd = arf_get_d(arb_midref(h), ARF_RND_NEAR), kd = arf_get_d(arb_midref(k), ARF_RND_NEAR);
    double rd = arf_get_d(arb_midref(rho), ARF_RND_NEAR);
    if (rd >= 0 || hd + kd >= 0)
        return 0.0;
    double z2 = (hd + kd) * (hd + kd) / (2.0 * (1.0 + rd)), hm = fmin(hd, 0.0), km = fmin(kd, 0.0);
    return (z2 - hm * hm - km * km) / (2.0 * M_LN2);
}

/* Phi2 at exact h, k with |h|, |k| < 32 and exact |rho| < 1 (not near 1: the path would pass close to the
 * essential singularity at pi/2). Returns 0 unless res meets the relative accuracy prec - 4 (res undefined then) or the deadline passed
 * (res indeterminate, 1 returned) */
static int bvn_plackett(arb_t res, const arb_t h, const arb_t k, const arb_t rho, slong prec, double deadline)
{
    slong e = FLINT_MAX(arf_abs_bound_lt_2exp_si(arb_midref(h)), arf_abs_bound_lt_2exp_si(arb_midref(k)));
    slong wp = prec + 30 + 2 * FLINT_MAX(e, 0);
    int ok = 0;
    plackett_param_t p;
    if (e > 5)
        return 0; /* |h| or |k| >= 32: exp(-q/cos^2 z) varies too fast on complex balls (400 ms at |h| ~ 800 against
                   * bvn_inner's 28 ms; comparable at |h| ~ 40) */
    if (plackett_loss_estimate(h, k, rho) > 2 * prec)
        return 0; /* the passes would lose every bit (5.8 s a pass at 3000 bits for h = -21.4, k = 11.9, rho = 1 -
                   * 3.3e-5, where the wide check of bias.grad asked for ever more precision) */
    arb_init(p.q);
    arb_init(p.hk);
    p.deadline = deadline;
    p.expired = 0;
    /* a second pass with the bits the first lost to cancellation (rho < 0), if that stays below 3 prec + 128 */
    for (int pass = 0; pass < 2 && !ok && !p.expired; pass++) {
        if (pass > 0) {
            slong acc = arb_rel_accuracy_bits(res);
            if (!arb_is_finite(res) || acc <= 0 || wp + (prec - acc) + 20 > 3 * prec + 128)
                break;
            wp += (prec - acc) + 20;
        }
        plackett_pass(res, &p, h, k, rho, wp);
        ok = arb_rel_accuracy_bits(res) >= prec - 4;
    }
    if (p.expired) {
        arb_indeterminate(res);
        ok = 1;
    } else if (ok) {
        arb_set_round(res, res, prec);
    }
    arb_clear(p.q);
    arb_clear(p.hk);
    return ok;
}

/* Phi2 at exact h <= k and exact 0 < |rho| < 1 with r = sqrt(1 - rho^2) tiny, without quadrature (the integrand
 * is then a step of width ~r, which acb_calc_integrate cannot resolve: theta = 2^-1074 gives r ~ 5e-324).
 * Returns 0 (res undefined) unless res meets the relative accuracy prec - 4, or (other != NULL: the value at the
 * opposite corner of a box in rho) its radius is at most 64 times a proven lower bound of the distance between the
 * two corners' values (the distance of the balls, not of their midpoints) (at a
 * corner rho = 1 - 2^-p of a ball cos(theta) of radius 2^-p the box's own spread and E both scale like r; the
 * union then loses at most 7 bits to the box's spread); the caller then integrates.
 * Proof. Write x* = k/rho, a = |rho|/r. The inner factor is Phi((k - rho x)/r) = Phi(a (x* - x)) for rho > 0 and
 * Phi(a (x - x*)) for rho < 0; since |Phi(u) - [u >= 0]| = Q(|u|), Phi2 differs from
 *   L = int_{-inf}^h phi(x) [x <= x*] dx = Phi(min(h, x*))                    (rho > 0),
 *   L = int_{-inf}^h phi(x) [x >= x*] dx = max(0, Phi(h) - Phi(x*))           (rho < 0)
 * by at most E = int_R phi(x) Q(a |x - x*|) dx. With x = x* + y, phi(x) = phi(x*) exp(-x* y - y^2/2)
 * <= phi(x*) exp(|x*| |y|), and with u = a |y|, c = |x*|/a:
 *   E <= phi(x*) (2/a) int_0^inf exp(c u) Q(u) du <= phi(x*) (2/a) int_0^inf exp(u) Q(u) du   if c <= 1,
 * and by parts int_0^inf exp(u) Q(u) du = [(e^u - 1) Q(u)]_0^inf + int_0^inf (e^u - 1) phi(u) du
 * = e^(1/2) Phi(1) - 1/2 < 2. So (A): |Phi2 - L| <= 4 phi(x*) r/|rho| whenever |x*| r <= |rho|.
 * (B), rho > 0 and h <= x*: Phi2 = Phi(h) - int_{-inf}^h phi(x) Q(a (x* - x)) dx, and Q(a (x* - x)) <=
 * Q(a (x* - h)) there, so Phi2 lies in Phi(h) [1 - Q(a (x* - h)), 1] (needed where h << x*: Phi(h) << phi(x*)). */
static int bvn_near_degenerate(arb_t res, const arb_t h, const arb_t k, const arb_t rho, const arb_t other,
                               slong prec)
{
    /* |h|, |k| < 2^e: an argument error eps of Phi(x) costs |x| eps relative, x* carries |k| 2^-wp */
    slong e = FLINT_MAX(arf_abs_bound_lt_2exp_si(arb_midref(h)), arf_abs_bound_lt_2exp_si(arb_midref(k)));
    slong wp = prec + 30 + 2 * FLINT_MAX(e, 0);
    int ok = 0;
    arb_t r, xs, t, u, L, E;
    arb_init(r); arb_init(xs); arb_init(t); arb_init(u); arb_init(L); arb_init(E);
    arb_sub_ui(t, rho, 1, wp); /* exact inputs: 1 - rho and 1 + rho are formed with relative error 2^-wp */
    arb_neg(t, t);
    arb_add_ui(u, rho, 1, wp);
    arb_mul(t, t, u, wp);
    arb_sqrt(r, t, wp);
    arb_div(xs, k, rho, wp);
    arb_abs(u, rho);
    if (arf_sgn(arb_midref(rho)) > 0 && arb_le(h, xs)) {
        /* (B) */
        arb_sub(t, xs, h, wp);
        arb_mul(t, t, u, wp);
        arb_div(t, t, r, wp);
        gauss_cdf(t, t, 1, wp);
        arb_sub_ui(t, t, 1, wp);
        arb_neg(t, t);
        arb_one(E);
        arb_union(t, t, E, wp);
        gauss_cdf(res, h, 0, wp);
        arb_mul(res, res, t, prec);
        ok = arb_rel_accuracy_bits(res) >= prec - 4;
    }
    arb_abs(t, xs);
    arb_mul(t, t, r, wp);
    if (!ok && arb_le(t, u)) {
        /* (A) */
        if (arf_sgn(arb_midref(rho)) > 0) {
            arb_min(t, h, xs, wp);
            gauss_cdf(L, t, 0, wp);
        } else {
            /* max(0, Phi(h) - Phi(x*)), also where the balls h and x* overlap */
            gauss_cdf(L, h, 0, wp);
            gauss_cdf(t, xs, 0, wp);
            arb_sub(L, L, t, wp);
            arb_zero(t);
            arb_max(L, L, t, wp);
        }
        gdc_bias_phi_arb(E, xs, wp);
        arb_mul(E, E, r, wp);
        arb_div(E, E, u, wp);
        arb_mul_2exp_si(E, E, 2);
        arb_get_mag(arb_radref(t), E);
        arf_zero(arb_midref(t)); /* [-E, E] */
        arb_add(res, L, t, prec);
        ok = arb_rel_accuracy_bits(res) >= prec - 4;
        if (!ok && other != NULL && arb_is_finite(res) && arb_is_finite(other)) {
            /* a proven lower bound of the box's spread |Phi2(this corner) - Phi2(other corner)|: the distance of
             * the midpoints less both radii (the midpoint L may be off by up to E: with the bare distance a thin
             * box at rho = 0.365 took L +- 4 because |L - Phi2| = 0.16 > 4/64, and every precision gave the same) */
            arb_sub(t, res, other, wp);
            arb_get_abs_lbound_arf(arb_midref(u), t, wp); /* 0 where t contains 0 */
            arf_mul_2exp_si(arb_midref(u), arb_midref(u), 6);
            ok = arf_cmpabs_mag(arb_midref(u), arb_radref(res)) >= 0;
        }
    }
    arb_clear(r); arb_clear(xs); arb_clear(t); arb_clear(u); arb_clear(L); arb_clear(E);
    return ok;
}

/* T(x, a_x) for a_x = num/(x r) at x != 0; at x = 0 the limit x -> 0+ of T(x, a_x), sgn(num)/4 (T(0+, +-inf)) */
static void owen_term(arb_t res, const arb_t x, const arb_t num, const arb_t r, slong prec, double deadline)
{
    if (arb_is_zero(x)) {
        arb_set_si(res, arb_is_positive(num) ? 1 : arb_is_negative(num) ? -1 : 0);
        if (!arb_is_positive(num) && !arb_is_negative(num))
            arb_indeterminate(res);
        arb_mul_2exp_si(res, res, -2);
        return;
    }
    arb_t a;
    arb_init(a);
    arb_mul(a, x, r, prec);
    arb_div(a, num, a, prec);
    gdc_bias_owen_t_arb_timed(res, x, a, prec, deadline);
    arb_clear(a);
}

/* Phi2 at exact h, k, exact |rho| < 1 by Owen's identity (Owen 1956, Ann. Math. Statist. 27, eq. (2.1)):
 *   Phi2(h, k; rho) = (Phi(h) + Phi(k))/2 - T(h, a_h) - T(k, a_k) - beta,
 *   a_h = (k - rho h)/(h r), a_k = (h - rho k)/(k r), beta = 1/2 if h k < 0 (h k = 0: the limit h -> 0+, i.e.
 *   beta = 1/2 iff the other argument is < 0, and T(0+, a) -> sgn(k)/4 for |a| -> inf), both zero: 1/4 +
 *   asin(rho)/(2 pi). Every term is smooth in rho up to r -> 0 (T is a bounded-integrand integral over [0, 1]
 *   after Owen's |a| > 1 identity), so no step of width r is integrated; k - rho h = (k - h) + (1 - rho) h with
 *   1 - rho exact. Returns 0 unless the relative accuracy prec - 4 is met (cancellation when Phi2 << 1/2). */
static int bvn_owen(arb_t res, const arb_t h, const arb_t k, const arb_t rho, slong prec, double deadline)
{
    slong e = FLINT_MAX(arf_abs_bound_lt_2exp_si(arb_midref(h)), arf_abs_bound_lt_2exp_si(arb_midref(k)));
    slong wp = prec + 40 + 2 * FLINT_MAX(e, 0);
    int ok = 0;
    arb_t om, r, nh, nk, t, u;
    arb_init(om); arb_init(r); arb_init(nh); arb_init(nk); arb_init(t); arb_init(u);
    /* a second pass with the bits the first lost to cancellation (up to 4 prec + 4096); where it lost all (h = k
     * = -8192 with rho = 1 - 2^-12 loses about 6000, with rho -> -1 all: Phi2 -> 0) the caller integrates */
    for (int pass = 0; pass < 2 && !ok; pass++) {
        if (pass > 0) {
            slong acc = arb_rel_accuracy_bits(res); /* < 0: all bits lost, Phi2 below 2^-wp of Phi(h) */
            if (!arb_is_finite(res) || acc <= 0 || 2 * wp - acc + 20 > 4 * prec + 4096)
                break;
            wp += wp - acc + 20;
        }
        arb_sub_ui(om, rho, 1, wp);
        arb_neg(om, om); /* 1 - rho */
        arb_add_ui(t, rho, 1, wp);
        arb_mul(t, t, om, wp);
        arb_sqrt(r, t, wp);
        if (arb_is_zero(h) && arb_is_zero(k)) {
            arb_asin(t, rho, wp);
            arb_const_pi(u, wp);
            arb_mul_2exp_si(u, u, 1);
            arb_div(t, t, u, wp);
            arb_set_d(u, 0.25);
            arb_add(res, t, u, prec);
        } else {
            arb_sub(nh, k, h, wp);
            arb_addmul(nh, om, h, wp); /* k - rho h */
            arb_sub(nk, h, k, wp);
            arb_addmul(nk, om, k, wp); /* h - rho k */
            gauss_cdf(t, h, 0, wp);
            gauss_cdf(u, k, 0, wp);
            arb_add(res, t, u, wp);
            arb_mul_2exp_si(res, res, -1);
            owen_term(t, h, nh, r, wp, deadline);
            arb_sub(res, res, t, wp);
            owen_term(t, k, nk, r, wp, deadline);
            arb_sub(res, res, t, wp);
            int sh = arb_is_zero(h) ? 1 : arf_sgn(arb_midref(h)), sk = arb_is_zero(k) ? 1 : arf_sgn(arb_midref(k));
            if (sh * sk < 0) {
                arb_set_d(t, 0.5);
                arb_sub(res, res, t, wp);
            }
            arb_set_round(res, res, prec);
        }
        ok = arb_rel_accuracy_bits(res) >= prec - 4;
    }
    arb_clear(om); arb_clear(r); arb_clear(nh); arb_clear(nk); arb_clear(t); arb_clear(u);
    return ok;
}

/* 1 - |rho| <= 2^-20 (r < 2^-9.5): where the quadrature meets a step of width r; elsewhere it is cheaper and
 * Owen's identity may cancel badly */
static int near_one(const arb_t rho)
{
    arb_t t;
    arb_init(t);
    arb_abs(t, rho);
    arb_sub_ui(t, t, 1, ARF_PREC_EXACT);
    arb_mul_2exp_si(t, t, 20);
    int r = arf_cmp_si(arb_midref(t), -1) >= 0;
    arb_clear(t);
    return r;
}

/* rho < 0, h + k < 0: Phi2 <= U = Phi((h + k)/sqrt(2 (1 + rho))), since {Z1 <= h, Z2 <= k} lies in
 * {Z1 + Z2 <= h + k} and Z1 + Z2 ~ N(0, 2 + 2 rho). Where U < 2^-(2^20) (rho within 1e-4 of -1 with |h + k| ~ 20,
 * or rho = -1 + 2^-53 at the domain corners, Phi2 ~ exp(-9e17)) res = [0, U] and 1 is returned: far below every
 * double, and the quadrature, which must resolve a step of width r at an argument of erfc near 1e9, took seconds
 * per precision there without gaining relative accuracy (the accuracy check's one-ulp moves of rho = -1 stalled).
 * Else 0, res undefined. */
static int bvn_antidiag_tiny(arb_t res, const arb_t h, const arb_t k, const arb_t rho, slong prec)
{
    int ok = 0;
    arb_t t, u;
    arb_init(t);
    arb_init(u);
    arb_add(t, h, k, prec);
    if (arf_sgn(arb_midref(rho)) < 0 && arb_is_negative(t)) {
        arb_add_ui(u, rho, 1, prec);
        arb_mul_2exp_si(u, u, 1);
        arb_rsqrt(u, u, prec);
        arb_mul(t, t, u, prec);
        gauss_cdf(u, t, 0, prec);
        arb_get_ubound_arf(arb_midref(t), u, prec);
        if (arf_is_finite(arb_midref(t)) && arf_cmp_2exp_si(arb_midref(t), -(WORD(1) << 20)) < 0) {
            arb_zero(res);
            arb_union(res, res, u, prec);
            ok = 1;
        }
    }
    arb_clear(t);
    arb_clear(u);
    return ok;
}

/* Phi2 at exact h, k, rho (other: NULL or the value at the opposite corner of a box, see bvn_near_degenerate) */
static void bvn_point(arb_t res, const arb_t h0, const arb_t k0, const arb_t rho, const arb_t other, slong prec,
                      double deadline)
{
    const arb_struct *h = h0, *k = k0;
    if (arb_gt(h0, k0)) {
        h = k0;
        k = h0;
    }
    if (arf_cmp_si(arb_midref(rho), 1) >= 0) {
        gauss_cdf(res, h, 0, prec);
    } else if (arf_cmp_si(arb_midref(rho), -1) <= 0) {
        /* max(0, Phi(h) + Phi(k) - 1) = max(0, Phi(h) - Q(k)) */
        arb_t t, u;
        arb_init(t);
        arb_init(u);
        arb_add(t, h, k, prec);
        if (arb_is_nonpositive(t)) {
            arb_zero(res);
        } else {
            gauss_cdf(t, h, 0, prec + 20);
            gauss_cdf(u, k, 1, prec + 20);
            arb_sub(res, t, u, prec);
        }
        arb_clear(t);
        arb_clear(u);
    } else if (arf_cmp_si(arb_midref(h), 1 + (slong)sqrt(1.4 * (double)(prec + 20))) > 0) {
        /* min(h, k) large: Phi2 = 1 - Q(h) - Q(k) + P(Z1 > h, Z2 > k), the last in [0, Q(k)] (k >= h), below
         * 2^-prec of the value; saves integrating phi over [-30, h] */
        arb_t t, u;
        arb_init(t);
        arb_init(u);
        gauss_cdf(t, h, 1, prec + 20);
        gauss_cdf(u, k, 1, prec + 20);
        arb_add(res, t, u, prec + 20);
        arb_neg(res, res);
        arb_add_ui(res, res, 1, prec + 20);
        arb_zero(t);
        arb_union(u, u, t, prec + 20);
        arb_add(res, res, u, prec);
        arb_clear(t);
        arb_clear(u);
    } else if (arb_is_zero(rho)) {
        arb_t t;
        arb_init(t);
        gauss_cdf(t, h, 0, prec + 10);
        gauss_cdf(res, k, 0, prec + 10);
        arb_mul(res, res, t, prec);
        arb_clear(t);
    } else if (bvn_antidiag_tiny(res, h, k, rho, prec) || bvn_near_degenerate(res, h, k, rho, other, prec)) {
        return;
    } else if (near_one(rho) ? !bvn_owen(res, h, k, rho, prec, deadline)
                             : !bvn_plackett(res, h, k, rho, prec, deadline)) {
        bvn_inner(res, h, k, rho, prec, deadline);
    }
}

void gdc_bias_bvn_arb_timed(arb_t res, const arb_t h, const arb_t k, const arb_t rho, slong prec, double deadline)
{
    if (!arb_is_finite(h) || !arb_is_finite(k) || !arb_is_finite(rho) || gdc_deadline_passed(deadline)) {
        nan_out(res);
        return;
    }
    if (arb_is_exact(h) && arb_is_exact(k) && arb_is_exact(rho)) {
        bvn_point(res, h, k, rho, NULL, prec, deadline);
        return;
    }
    /* increasing in h, k and rho: the two extreme corners (rho clamped to the domain [-1, 1]) */
    arb_t hl, hh, kl, kh, rl, rh, lo;
    arb_init(hl); arb_init(hh); arb_init(kl); arb_init(kh); arb_init(rl); arb_init(rh); arb_init(lo);
    gdc_arb_endpoints(hl, hh, h, prec);
    gdc_arb_endpoints(kl, kh, k, prec);
    gdc_arb_endpoints(rl, rh, rho, prec);
    if (arf_cmp_si(arb_midref(rl), -1) < 0)
        arb_set_si(rl, -1);
    if (arf_cmp_si(arb_midref(rh), 1) > 0)
        arb_one(rh);
    bvn_point(res, hh, kh, rh, NULL, prec, deadline);
    bvn_point(lo, hl, kl, rl, res, prec, deadline);
    arb_union(res, res, lo, prec);
    arb_clear(hl); arb_clear(hh); arb_clear(kl); arb_clear(kh); arb_clear(rl); arb_clear(rh); arb_clear(lo);
}

void gdc_bias_bvn_arb(arb_t res, const arb_t h, const arb_t k, const arb_t rho, slong prec)
{
    gdc_bias_bvn_arb_timed(res, h, k, rho, prec, 0.0);
}

/* phi(h) Phi((k - rho h)/r) on the box; [0, phi(h)] where r reaches 0 */
static void bvn_dh(arb_t res, const arb_t h, const arb_t k, const arb_t rho, const arb_t r, slong prec)
{
    arb_t t;
    arb_init(t);
    gdc_bias_phi_arb(res, h, prec);
    if (arb_is_positive(r)) {
        arb_mul(t, rho, h, prec);
        arb_sub(t, k, t, prec);
        arb_div(t, t, r, prec);
        gauss_cdf(t, t, 0, prec);
    } else {
        arb_unit_interval(t);
    }
    arb_mul(res, res, t, prec);
    arb_clear(t);
}

void gdc_bias_bvn_jac_arb_timed(arb_t res, arb_ptr jac, const arb_t h, const arb_t k, const arb_t rho, slong prec,
                                double deadline)
{
    arb_t r, t, u;
    arb_init(r); arb_init(t); arb_init(u);
    gdc_bias_bvn_arb_timed(res, h, k, rho, prec, deadline);
    if (!arb_is_finite(res)) {
        for (int j = 0; j < 3; j++)
            arb_indeterminate(jac + j);
        goto out;
    }
    /* r = sqrt((1 - rho)(1 + rho)), the ball's part inside [0, 1] */
    arb_sub_ui(t, rho, 1, prec);
    arb_neg(t, t);
    arb_add_ui(u, rho, 1, prec);
    arb_mul(t, t, u, prec);
    arb_nonnegative_part(t, t);
    arb_sqrt(r, t, prec);
    bvn_dh(jac, h, k, rho, r, prec);
    bvn_dh(jac + 1, k, h, rho, r, prec);
    if (arb_is_positive(r)) {
        /* phi2 = exp(-(h^2 - 2 rho h k + k^2)/(2 r^2))/(2 pi r) */
        gdc_arb_sqr(t, h, prec);
        gdc_arb_sqr(u, k, prec);
        arb_add(t, t, u, prec);
        arb_mul(u, h, k, prec);
        arb_mul(u, u, rho, prec);
        arb_mul_2exp_si(u, u, 1);
        arb_sub(t, t, u, prec);
        arb_nonnegative_part(t, t); /* a positive-semidefinite form */
        gdc_arb_sqr(u, r, prec);
        arb_mul_2exp_si(u, u, 1);
        arb_div(t, t, u, prec);
        arb_neg(t, t);
        arb_exp(t, t, prec);
        arb_const_pi(u, prec);
        arb_mul_2exp_si(u, u, 1);
        arb_mul(u, u, r, prec);
        arb_div(jac + 2, t, u, prec);
    } else {
        arb_indeterminate(jac + 2);
    }
out:
    arb_clear(r); arb_clear(t); arb_clear(u);
}

void gdc_bias_bvn_jac_arb(arb_t res, arb_ptr jac, const arb_t h, const arb_t k, const arb_t rho, slong prec)
{
    gdc_bias_bvn_jac_arb_timed(res, jac, h, k, rho, prec, 0.0);
}
