/* ball.cube_norm(d) = E|w| for w uniform on the cube [-1, 1]^d (the box integral B_d(1)), the quantity of the exact
 * stuck probability (1 - eps E|w~|)/2 of 004_107e0ef2f6021d42.txt Theorem 3.1 (seed-004 C19). Rigorous in Arb by
 *   sqrt(x) = (1/sqrt(pi)) int_0^inf (1 - e^(-u^2 x)) u^-2 du   and   E e^(-u^2 |w|^2) = g(u)^d,
 *   g(u) = E e^(-u^2 U^2) = sqrt(pi) erf(u)/(2u) = 1 - u^2 h(u),  h(u) = 2F2(1, 3/2; 2, 5/2; -u^2)/3,
 * so E|w| = (1/sqrt(pi)) int_0^inf f(u) du with the entire integrand f = h(u) P(z), z = u^2 h = 1 - g,
 * P(z) = (1 - (1 - z)^d)/z = sum_{k<d} C(d, k+1) (-z)^k (no 0/0 and no cancellation as u -> 0).
 * [0, U]: acb_calc_integrate. [U, inf): 0 < g^d and erf(u) in [erf(U), 1] give exactly
 *   int_U^inf f = 1/U - (sqrt(pi)/2)^d [erf(U)^d, 1] U^(-d-1)/(d + 1),
 * an interval of width below d erfc(U) U^-2 < 2^-prec for the integer U = 2 + ceil(sqrt(0.7 prec)) >= 8.
 * E|w| increases with d (one more coordinate), so a box of d is enclosed by its two integer ends. */
#include <math.h>
#include "ball/ball.h"
#include "ball/ball_util.h"

#define CUBE_DMAX 100000

/* h(u) = (1 - g(u))/u^2: the hypergeometric series where |u| may be small (< 1/2), erf elsewhere */
static void cube_h(acb_t h, const acb_t u, slong prec)
{
    acb_t z, t;
    arb_t sp;
    mag_t lo;
    acb_init(z), acb_init(t), arb_init(sp), mag_init(lo);
    acb_sqr(z, u, prec);
    acb_get_mag_lower(lo, u);
    if (mag_cmp_2exp_si(lo, -1) >= 0) {
        acb_hypgeom_erf(t, u, prec);
        acb_div(t, t, u, prec);
        arb_const_sqrt_pi(sp, prec);
        acb_mul_arb(t, t, sp, prec);
        acb_mul_2exp_si(t, t, -1); /* g */
        acb_sub_ui(t, t, 1, prec);
        acb_neg(t, t);
        acb_div(h, t, z, prec);
    } else {
        acb_struct a[2], b[2];
        for (int i = 0; i < 2; i++)
            acb_init(a + i), acb_init(b + i);
        acb_one(a + 0);
        acb_set_d(a + 1, 1.5);
        acb_set_ui(b + 0, 2);
        acb_set_d(b + 1, 2.5);
        acb_neg(z, z);
        acb_hypgeom_pfq(h, a, 2, b, 2, z, 0, prec);
        acb_div_ui(h, h, 3, prec);
        for (int i = 0; i < 2; i++)
            acb_clear(a + i), acb_clear(b + i);
    }
    acb_clear(z), acb_clear(t), arb_clear(sp), mag_clear(lo);
}

/* P(z) = (1 - (1 - z)^d)/z. For d <= 64 the sum of powers of 1 - z. Where d|z| <= 2^-8 (z may be 0): sum_{k<K} C(d, k+1) (-z)^k, and for k >= K
 * |C(d, k+1) z^k| <= d (d|z|)^k/(k+1)! <= d 2^(-8k), so the tail is at most 2 d 2^(-8K). */
static void cube_p(acb_t res, const acb_t z, long d, slong prec)
{
    mag_t r, e;
    mag_init(r), mag_init(e);
    acb_get_mag(r, z);
    mag_mul_ui(e, r, (ulong)d);
    if (d <= 64) {
        /* P = sum_{j<d} g^j by Horner, g = 1 - z: no division by a wide z */
        acb_t g;
        acb_init(g);
        acb_sub_ui(g, z, 1, prec);
        acb_neg(g, g);
        acb_one(res);
        for (long j = 1; j < d; j++) {
            acb_mul(res, res, g, prec);
            acb_add_ui(res, res, 1, prec);
        }
        acb_clear(g);
    } else if (mag_cmp_2exp_si(e, -8) > 0) {
        acb_t t;
        acb_init(t);
        acb_sub_ui(t, z, 1, prec);
        acb_neg(t, t);
        acb_pow_ui(t, t, (ulong)d, prec);
        acb_sub_ui(t, t, 1, prec);
        acb_neg(t, t);
        acb_div(res, t, z, prec);
        acb_clear(t);
    } else {
        long K = prec / 8 + 2;
        acb_t term;
        arb_t c;
        acb_init(term), arb_init(c);
        acb_zero(res);
        acb_one(term);  /* (-z)^k */
        arb_set_si(c, d); /* C(d, k+1) */
        long k;
        for (k = 0; k < K && k < d; k++) {
            acb_addmul_arb(res, term, c, prec);
            acb_mul(term, term, z, prec);
            acb_neg(term, term);
            arb_mul_si(c, c, d - k - 1, prec);
            arb_div_si(c, c, k + 2, prec);
        }
        if (k < d) {
            mag_set_ui_2exp_si(e, (ulong)d, 1 - 8 * K);
            acb_add_error_mag(res, e);
        }
        acb_clear(term), arb_clear(c);
    }
    mag_clear(r), mag_clear(e);
}

static int cube_integrand(acb_ptr res, const acb_t u, void *param, slong order, slong prec)
{
    (void)order; /* entire */
    long d = *(const long *)param;
    acb_t h, z;
    acb_init(h), acb_init(z);
    cube_h(h, u, prec);
    acb_sqr(z, u, prec);
    acb_mul(z, z, h, prec);
    cube_p(res, z, d, prec);
    acb_mul(res, res, h, prec);
    acb_clear(h), acb_clear(z);
    return 0;
}

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
