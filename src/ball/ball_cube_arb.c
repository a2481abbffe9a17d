/* ball.cube_norm(d) = E|w| for w uniform on the cube [-1, 1]^d (the box integral B_d(1)), the quantity of the exact
 * stuck probability (1 - eps E|w~|)/2 of 004_107e0ef2f6021d42.txt Theorem 3.1 (seed-004 C19). Rigorous in Arb by
 *   sqrt(x) = (1/sqrt(pi)) int_0^inf (1 - e^(-u^2 x)) u^-2 du   and   E e^(-u^2 |w|^2) = g(u)^d,
 *   g(u) = E e^(-u^2 U^2) = sqrt(pi) erf(u)/(2u) = 1 - u^2 h(u),  h(u) = 2F2(1, 3/2; 2, 5/2; -u^2)/3,
 * so E|w| = (1/sqrt(pi)) int_0^inf f(u) du with the entire integrand f = h(u) P(z), z = u^2 h = 1 - g,
 * P(z) = (1 - (1 - z)^d)/z = sum_{k<d} C(d, k+1) (-z)^k = sum_{j<d} g^j (no 0/0 and no cancellation as u -> 0).
 * [U, inf): 0 < g^d and erf(u) in [erf(U), 1] give exactly
 *   int_U^inf f = 1/U - (sqrt(pi)/2)^d [erf(U)^d, 1] U^(-d-1)/(d + 1);
 * the cut U is the least integer >= 1 whose computed interval is narrower than 2^-(prec + 8) (its width is at most
 * d erfc(U) (sqrt(pi)/(2U))^d/U, small at U = 2 already for large d), and at most 2 + ceil(sqrt(0.7 (prec + 20))).
 * [0, U] is integrated with the integrand f evaluated on balls u by (cube_integrand):
 *  - u a real ball with u > 0 (quadrature nodes, crude enclosures away from 0): for u > 1/2, f = (1 - g^d)/u^2
 *    directly (g <= g(1/2) < 0.93: 4 bits lost at most); for u <= 1/2, h by its series
 *    h = sum_j (-u^2)^j/((j+1)! (2j+3)) (1 - g = sum_{k>=1} (-1)^(k+1) u^(2k)/(k! (2k+1)) from erf's series), whose
 *    terms t_j = (-u^2)^j/(j+1)! shrink by u^2/(j+2) <= 1/8, so the rest after t_J is at most (8/7)|t_J| <= 2|t_J|;
 *    then z = u^2 h in (0, 1) (0 < g < 1 for u > 0) and P = -expm1(d log1p(-z))/z (relative accuracy, no cancellation).
 *  - anything else (complex balls around the quadratures' ellipses, real balls containing 0): a bound only, the ball
 *    centred at 0 of radius H B below, from g(u) = int_0^1 e^(-u^2 t^2) dt (entire; sqrt(pi) erf(u)/(2u)). With
 *    u = x + iy, |e^(-u^2 t^2)| = e^((y^2 - x^2) t^2):
 *      |g| <= max(1, e^(y^2 - x^2));
 *      h = (1 - g)/u^2 = int_0^1 t^2 phi(u^2 t^2) dt, phi(w) = (1 - e^-w)/w = int_0^1 e^(-ws) ds, |phi(w)| <=
 *      max(1, e^(-Re w)), so |h| <= max(1, e^(y^2 - x^2))/3;
 *    and where x > 0 (the ray w = u + t, t >= 0): erfc(u) = (2/sqrt(pi)) int_0^inf e^(-(u+t)^2) dt with
 *    |e^(-(u+t)^2)| = e^(y^2 - (x+t)^2), so |erfc(u)| <= e^(y^2) erfc(x), and g = sqrt(pi)(1 - erfc(u))/(2u) gives
 *      |g| <= (sqrt(pi)/2)(1 + e^(y^2) erfc(x))/|u|,   |h| <= (1 + |g|)/|u|^2.
 *    Each bound increases with max |y| and decreases with min |x| and min |u| >= sqrt(min x^2 + min y^2), so it is
 *    evaluated at those extreme values of the ball (ball arithmetic at 30 bits); G and H are the lesser bounds.
 *    P = sum_{j<d} g^j gives |P| <= B = min(d, 1/(1 - G)) for G < 1, d G^(d-1) otherwise.
 * prec <= 80 (the prover's): the vector Gauss-Legendre integrator gdc_ball_gl_integrate (ball_dcross_quad.c,
 * truncation bound from |f| on a Bernstein ellipse; f is entire, so every ellipse is allowed) on v in [0, 1], u = Uv,
 * total truncation error below 2^-(prec + 8). A result wider than 2^-(prec - 4) relative (the integrator's depth or
 * evaluation budget reached) is recomputed as for prec > 80.
 * prec > 80: acb_calc_integrate (its rules are exact to any goal; the GL table rules stop near 2^-96), with
 * U = 2 + ceil(sqrt(0.7 (prec + 20))).
 * E|w| increases with d (one more coordinate), so a box of d is enclosed by its two integer ends. */
#include <math.h>
#include "ball/ball.h"
#include "ball/ball_util.h"
#include "ball/ball_cube.h"

#define CUBE_DMAX 100000

/* int_U^inf f = 1/U - (sqrt(pi)/2)^d [erf(U)^d, 1] U^(-d-1)/(d + 1) */
static void cube_tail(arb_t res, long d, ulong cut, slong prec)
{
    arb_t a, e;
    arb_init(a), arb_init(e);
    arb_const_sqrt_pi(a, prec);
    arb_div_ui(a, a, 2 * cut, prec);
    arb_pow_ui(a, a, (ulong)d, prec);
    arb_div_ui(a, a, (ulong)cut * (ulong)(d + 1), prec); /* (sqrt(pi)/2)^d U^(-d-1)/(d + 1) */
    arb_set_ui(e, cut);
    arb_hypgeom_erf(e, e, prec);
    arb_pow_ui(e, e, (ulong)d, prec);
    arb_set_ui(res, 1);
    arb_union(e, e, res, prec);
    arb_mul(a, a, e, prec);
    arb_set_ui(res, 1);
    arb_div_ui(res, res, cut, prec);
    arb_sub(res, res, a, prec);
    arb_clear(a), arb_clear(e);
}

/* h(u) for a real ball 0 < u <= 1/2 by its series, the rest after the first term below 2^-(prec + 10) bounded by
 * twice that term (top comment) */
static void cube_h_series(arb_t h, const arb_t u, slong prec)
{
    arb_t x, t, q;
    mag_t m, eps;
    arb_init(x), arb_init(t), arb_init(q), mag_init(m), mag_init(eps);
    mag_set_ui_2exp_si(eps, 1, -prec - 10);
    arb_sqr(x, u, prec);
    arb_neg(x, x);
    arb_one(t); /* t_j = (-u^2)^j/(j+1)! */
    arb_zero(h);
    for (ulong j = 0;; j++) {
        arb_get_mag(m, t);
        if (mag_cmp(m, eps) < 0) {
            mag_mul_2exp_si(m, m, 1);
            arb_add_error_mag(h, m);
            break;
        }
        arb_div_ui(q, t, 2 * j + 3, prec);
        arb_add(h, h, q, prec);
        arb_mul(t, t, x, prec);
        arb_div_ui(t, t, j + 2, prec);
    }
    arb_clear(x), arb_clear(t), arb_clear(q), mag_clear(m), mag_clear(eps);
}

/* f(u) for a real ball u > 0 (top comment): the series where u <= 1/2, erf elsewhere (valid for every u > 0) */
void gdc_ball_cube_f_real(arb_t f, const arb_t u, long d, slong prec)
{
    arb_t g, t;
    arb_init(g), arb_init(t);
    arb_set_d(t, 0.5);
    if (!arb_le(u, t)) {
        arb_hypgeom_erf(g, u, prec);
        arb_div(g, g, u, prec);
        arb_const_sqrt_pi(t, prec);
        arb_mul(g, g, t, prec);
        arb_mul_2exp_si(g, g, -1);
        arb_pow_ui(g, g, (ulong)d, prec);
        arb_sub_ui(g, g, 1, prec);
        arb_neg(g, g);
        arb_sqr(t, u, prec);
        arb_div(f, g, t, prec);
    } else {
        cube_h_series(g, u, prec); /* h */
        arb_sqr(t, u, prec);
        arb_mul(t, t, g, prec); /* z */
        arb_neg(f, t);
        arb_log1p(f, f, prec);
        arb_mul_si(f, f, d, prec);
        arb_expm1(f, f, prec);
        arb_neg(f, f);
        arb_div(f, f, t, prec);
        arb_mul(f, f, g, prec);
    }
    arb_clear(g), arb_clear(t);
}

/* G = the least of the bounds of |g| on the complex ball u = X + iY, and H of |h| (top comment), from the extreme
 * values xl = min |x|, yl = min |y|, yh = max |y| over the ball (exact): |g|, 3|h| <= max(1, e^(yh^2 - xl^2)), and
 * where X > 0 also |g| <= (sqrt(pi)/2)(1 + e^(yh^2) erfc(xl))/|u|, |u| >= sqrt(xl^2 + yl^2), |h| <= (1 + |g|)/|u|^2 */
void gdc_ball_cube_gh_bound(mag_t G, mag_t H, const acb_t u, slong lp)
{
    arb_t xl, yl, yh, a, b;
    arf_t t;
    mag_t m;
    arb_init(xl), arb_init(yl), arb_init(yh), arb_init(a), arb_init(b), arf_init(t), mag_init(m);
    arb_get_abs_lbound_arf(arb_midref(xl), acb_realref(u), ARF_PREC_EXACT);
    arb_get_abs_lbound_arf(arb_midref(yl), acb_imagref(u), ARF_PREC_EXACT);
    arb_get_abs_ubound_arf(arb_midref(yh), acb_imagref(u), ARF_PREC_EXACT);
    arb_sqr(yh, yh, lp);
    arb_sqr(xl, xl, lp);
    arb_sub(a, yh, xl, lp); /* yh^2 - xl^2 */
    arb_get_ubound_arf(t, a, lp);
    mag_one(G);
    if (arf_sgn(t) > 0) {
        arf_get_mag(m, t);
        mag_exp(G, m);
    }
    mag_div_ui(H, G, 3);
    if (arb_is_positive(acb_realref(u))) {
        arb_sqr(yl, yl, lp);
        arb_add(b, xl, yl, lp); /* a lower bound of |u|^2 */
        arb_get_abs_lbound_arf(arb_midref(a), acb_realref(u), ARF_PREC_EXACT);
        mag_zero(arb_radref(a));
        arb_hypgeom_erfc(a, a, lp);
        arb_exp(yh, yh, lp);
        arb_mul(a, a, yh, lp);
        arb_add_ui(a, a, 1, lp);
        arb_const_sqrt_pi(yh, lp);
        arb_mul(a, a, yh, lp);
        arb_mul_2exp_si(a, a, -1);
        arb_sqrt(yh, b, lp);
        arb_div(a, a, yh, lp); /* the bound of |g| */
        arb_get_mag(m, a);
        mag_min(G, G, m);
        arb_add_ui(a, a, 1, lp);
        arb_div(a, a, b, lp); /* (1 + |g|)/|u|^2 */
        arb_get_mag(m, a);
        mag_min(H, H, m);
    }
    arb_clear(xl), arb_clear(yl), arb_clear(yh), arb_clear(a), arb_clear(b), arf_clear(t), mag_clear(m);
}

/* f on any complex ball u enclosed by the ball centred at 0 of radius H B, B = min(d, 1/(1 - G)) for G < 1 and
 * d G^(d-1) otherwise (|P| <= sum_{j<d} |g|^j) */
void gdc_ball_cube_f_bound(acb_t f, const acb_t u, long d)
{
    const slong lp = 30;
    mag_t G, H, B;
    mag_init(G), mag_init(H), mag_init(B);
    gdc_ball_cube_gh_bound(G, H, u, lp);
    mag_set_ui(B, (ulong)d);
    if (mag_cmp_2exp_si(G, 0) < 0) {
        arb_t a;
        arb_init(a);
        arf_set_mag(arb_midref(a), G);
        arb_sub_ui(a, a, 1, lp);
        arb_neg(a, a);
        arb_inv(a, a, lp); /* 1/(1 - G) */
        arb_get_mag(G, a);
        mag_min(B, B, G);
        arb_clear(a);
    } else {
        mag_pow_ui(G, G, (ulong)(d - 1));
        mag_mul(B, B, G);
    }
    acb_zero(f);
    mag_mul(B, B, H);
    mag_set(arb_radref(acb_realref(f)), B);
    mag_set(arb_radref(acb_imagref(f)), B);
    mag_clear(G), mag_clear(H), mag_clear(B);
}

/* f(u) on a ball u: the real path where u is a real ball > 0, else the bound (top comment); entire, so order is moot */
static int cube_integrand(acb_ptr res, const acb_t u, void *param, slong order, slong prec)
{
    (void)order;
    long d = *(const long *)param;
    if (arb_is_zero(acb_imagref(u)) && arb_is_positive(acb_realref(u))) {
        arb_zero(acb_imagref(res));
        gdc_ball_cube_f_real(acb_realref(res), acb_realref(u), d, prec);
    } else {
        gdc_ball_cube_f_bound(res, u, d);
    }
    return 0;
}

typedef struct {
    long d;
    ulong cut;
} cube_param_t;

/* U f(U v): the integrand of gdc_ball_gl_integrate over v in [0, 1] (analytic: v is a complex ball, so the bound) */
static int cube_gl_integrand(acb_ptr res, const acb_t v, void *param, int analytic, slong prec)
{
    const cube_param_t *p = param;
    long d = p->d;
    acb_t u;
    acb_init(u);
    acb_mul_ui(u, v, p->cut, prec);
    cube_integrand(res, u, &d, analytic, prec);
    acb_mul_ui(res, res, p->cut, prec);
    acb_clear(u);
    return 0;
}

/* the least integer cut U in [1, cmax] (cmax if none) whose tail interval has a width bound below 2^-goal, and that
 * interval in t: the width is (sqrt(pi)/(2U))^d (1 - erf(U)^d)/(U (d + 1)), and 1 - erf(U)^d <= min(1, d erfc(U)),
 * erfc(U) <= e^(-U^2)/(U sqrt(pi)) (1 - x^d <= d (1 - x) on [0, 1]; the standard bound of erfc for U > 0) */
static ulong cube_cut(arb_t t, long d, ulong cmax, slong goal, slong prec)
{
    const slong lp = 30;
    ulong cut = 1;
    arb_t w, e, s;
    mag_t m;
    arb_init(w), arb_init(e), arb_init(s), mag_init(m);
    arb_const_sqrt_pi(s, lp);
    for (; cut < cmax; cut++) {
        arb_div_ui(w, s, 2 * cut, lp);
        arb_pow_ui(w, w, (ulong)d, lp);
        arb_div_ui(w, w, cut * (ulong)(d + 1), lp); /* (sqrt(pi)/(2U))^d/(U (d + 1)) */
        arb_set_ui(e, cut * cut);
        arb_neg(e, e);
        arb_exp(e, e, lp);
        arb_mul_ui(e, e, (ulong)d, lp);
        arb_div_ui(e, e, cut, lp);
        arb_div(e, e, s, lp); /* d e^(-U^2)/(U sqrt(pi)) */
        arb_get_mag(m, e);
        if (mag_cmp_2exp_si(m, 0) < 0)
            arb_mul(w, w, e, lp);
        arb_get_mag(m, w);
        if (mag_cmp_2exp_si(m, -goal) <= 0)
            break;
    }
    arb_clear(w), arb_clear(e), arb_clear(s), mag_clear(m);
    cube_tail(t, d, cut, prec);
    return cut;
}

/* int_0^inf f by Gauss-Legendre on [0, U]; 0 if the result is not accurate to 2^-(prec - 4) */
static int cube_integral_gl(arb_t res, long d, ulong cmax, slong prec)
{
    slong wp = prec + 16;
    arb_t t;
    arb_init(t);
    cube_param_t p = {d, cube_cut(t, d, cmax, prec + 8, wp)};
    gdc_ball_gl_integrate(res, cube_gl_integrand, &p, 1, 0, prec + 8, wp);
    arb_add(res, res, t, wp);
    arb_clear(t);
    return arb_rel_accuracy_bits(res) >= prec - 4;
}

/* E|w| at an integer d >= 1 */
static void cube_norm_point(arb_t res, long d, slong prec)
{
    acb_t lo, hi, v;
    mag_t tol;
    acb_calc_integrate_opt_t opt;
    slong wp = prec + 20;
    ulong cut = 2 + (ulong)ceil(sqrt(0.7 * (double)wp)); /* a double estimate only chooses the cut */
    if (cut < 8)
        cut = 8;
    if (prec <= 80 && cube_integral_gl(res, d, cut, prec)) {
        arb_t t;
        arb_init(t);
        arb_const_sqrt_pi(t, wp);
        arb_div(res, res, t, prec);
        arb_clear(t);
        return;
    }
    acb_init(lo), acb_init(hi), acb_init(v), mag_init(tol);
    acb_calc_integrate_opt_init(opt);
    opt->eval_limit = 1000000;
    acb_zero(lo);
    acb_set_ui(hi, cut);
    mag_set_ui_2exp_si(tol, 1, -wp); /* the integral is at least 1/8 (int_8^inf alone is near 1/8) */
    if (acb_calc_integrate(v, cube_integrand, &d, lo, hi, wp, tol, opt, wp) != ARB_CALC_SUCCESS) {
        arb_indeterminate(res);
    } else {
        arb_t t;
        arb_init(t);
        cube_tail(t, d, cut, wp);
        arb_add(res, acb_realref(v), t, wp);
        arb_const_sqrt_pi(t, wp);
        arb_div(res, res, t, prec);
        arb_clear(t);
    }
    acb_clear(lo), acb_clear(hi), acb_clear(v), mag_clear(tol);
}

void gdc_ball_cube_norm_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    gdc_arb_int_hull(out + 0, x + 0, 1, CUBE_DMAX, cube_norm_point, prec);
}
