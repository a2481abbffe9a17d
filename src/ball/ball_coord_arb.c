/* ball.coord in Arb (seed-004 C8): for T a coordinate of the uniform distribution on the unit ball of R^d,
 * m = (d - 1)/2, C_d = Gamma(d/2 + 1)/(sqrt(pi) Gamma((d + 1)/2)), z = 1 - u^2, and u >= 0:
 *   f(u)   = C_d z^m,
 *   P(u)   = P(T >= u)        = I_z(m + 1, 1/2)/2,
 *   E1(u)  = E[T 1(T >= u)]   = C_d z^(m + 1)/(d + 1),
 *   E2(u)  = E[T^2 1(T >= u)] = P(u) - (d + 1)/(d + 2) I_z(m + 2, 1/2)/2
 * (K_p(u) = int_u^1 (1 - t^2)^p dt = B(1/2, p + 1) I_z(p + 1, 1/2)/2, C_d = 1/B(1/2, m + 1), and
 * B(1/2, m + 2)/B(1/2, m + 1) = (d + 1)/(d + 2)); for u < 0 the complements 1 - I/2. Then
 *   E[(T - u)_+] = E1 - u P,  E[(T - u)_+^2] = E2 - 2 u E1 + u^2 P
 * (these cancel as u -> 1: the precision is raised until the last output has the accuracy asked for).
 * I_z is arb_hypgeom_beta_lower (regularised); for d = 2 the closed forms of disk_point (no series). Outside [-1, 1]: f = 0, and for u >= 1 all zero, for u <= -1
 * P = 1, E[(T - u)_+] = -u, E[(T - u)_+^2] = 1/(d + 2) + u^2 (E T = 0, E T^2 = 1/(d + 2)).
 * Wide u: outputs 1-3 decrease in u (derivatives -f, -P, -2 E[(T - u)_+]), so the hull of the end values encloses
 * them; f increases on (-inf, 0] and decreases on [0, inf), so the hull of the ends and, when 0 is inside, f(0). */
#include "ball/ball.h"
#include "ball/ball_util.h"

/* d = 2 (the disk) in closed form, for u in (-1, 1) with z = 1 - u^2: with h = sqrt(z), a = acos u and C_2 = 2/pi,
 *   f = 2h/pi,  P = (a - u h)/pi,  E1 = 2 h^3/(3 pi),  E2 = (a + u h (1 - 2u^2))/(4 pi)
 * (int sqrt(1 - T^2) = (T h + asin T)/2, int T sqrt(1 - T^2) = -h^3/3, int T^2 sqrt(1 - T^2) = (asin T - T h (1 - 2T^2))/8
 * over [u, 1], times 2/pi; the same as the general formulas with I_z(3/2, 1/2) and I_z(5/2, 1/2), without their
 * hypergeometric series). out[0], out[1], e1 = E1 and e2 = E2. */
static void disk_point(arb_ptr out, arb_t e1, arb_t e2, const arb_t u, const arb_t z, slong wp)
{
    arb_t h, a, pi, t;
    arb_init(h), arb_init(a), arb_init(pi), arb_init(t);
    arb_sqrtpos(h, z, wp);
    arb_acos(a, u, wp);
    arb_const_pi(pi, wp);
    arb_mul_2exp_si(out + 0, h, 1);
    arb_div(out + 0, out + 0, pi, wp);
    arb_mul(t, u, h, wp); /* u h */
    arb_sub(out + 1, a, t, wp);
    arb_div(out + 1, out + 1, pi, wp);
    arb_mul(e1, z, h, wp);
    arb_mul_2exp_si(e1, e1, 1);
    arb_div_ui(e1, e1, 3, wp);
    arb_div(e1, e1, pi, wp);
    arb_mul_2exp_si(e2, z, 1);
    arb_sub_ui(e2, e2, 1, wp); /* 1 - 2u^2 = 2z - 1 */
    arb_mul(e2, e2, t, wp);
    arb_add(e2, e2, a, wp);
    arb_div(e2, e2, pi, wp);
    arb_mul_2exp_si(e2, e2, -2);
    arb_clear(h), arb_clear(a), arb_clear(pi), arb_clear(t);
}

/* any d, u in (-1, 1) (neg: u < 0), z = 1 - u^2: f, P (out[0], out[1]), e1 = E1 and e2 = E2 by the incomplete beta
 * function (the header's formulas) */
static void beta_point(arb_ptr out, arb_t e1, arb_t e2, long d, int neg, const arb_t z, slong wp)
{
    arb_t a, b, I, cd;
    arb_init(a), arb_init(b), arb_init(I), arb_init(cd);
    gdc_ball_cd(cd, d, wp);
    /* f = C_d z^m */
    gdc_ball_pow_half(out + 0, z, d - 1, wp);
    arb_mul(out + 0, out + 0, cd, wp);
    /* P */
    arb_set_ui(a, (ulong)d + 1);
    arb_mul_2exp_si(a, a, -1);
    arb_set_d(b, 0.5);
    arb_hypgeom_beta_lower(I, a, b, z, 1, wp);
    arb_mul_2exp_si(I, I, -1);
    if (neg)
        arb_sub_ui(out + 1, I, 1, wp), arb_neg(out + 1, out + 1);
    else
        arb_set(out + 1, I);
    /* E1 = C_d z^(m+1)/(d+1) */
    gdc_ball_pow_half(e1, z, d + 1, wp);
    arb_mul(e1, e1, cd, wp);
    arb_div_ui(e1, e1, (ulong)d + 1, wp);
    /* E2 = P - (d+1)/(d+2) (I_z(m+2, 1/2)/2 or its complement) */
    arb_add_ui(a, a, 1, wp);
    arb_hypgeom_beta_lower(I, a, b, z, 1, wp);
    arb_mul_2exp_si(I, I, -1);
    if (neg)
        arb_sub_ui(I, I, 1, wp), arb_neg(I, I);
    arb_mul_ui(I, I, (ulong)d + 1, wp);
    arb_div_ui(I, I, (ulong)d + 2, wp);
    arb_sub(e2, out + 1, I, wp);
    arb_clear(a), arb_clear(b), arb_clear(I), arb_clear(cd);
}

/* the four outputs at an exact point u */
static void coord_point_prec(arb_ptr out, long d, const arf_t u, slong wp)
{
    if (arf_cmp_si(u, 1) >= 0) {
        for (int k = 0; k < 4; k++)
            arb_zero(out + k);
        if (arf_cmp_si(u, 1) == 0 && d == 1)
            arb_set_d(out + 0, 0.5); /* f(1) = C_1 (1 - 1)^0 = 1/2 */
        return;
    }
    if (arf_cmp_si(u, -1) <= 0) {
        arb_set_arf(out + 2, u);
        arb_neg(out + 2, out + 2);
        arb_sqr(out + 3, out + 2, wp);
        arb_set_ui(out + 1, 1);
        arb_div_ui(out + 0, out + 1, (ulong)d + 2, wp);
        arb_add(out + 3, out + 3, out + 0, wp);
        arb_zero(out + 0);
        if (arf_cmp_si(u, -1) == 0 && d == 1)
            arb_set_d(out + 0, 0.5);
        return;
    }
    arb_t uu, z, e1, e2, t;
    arb_init(uu), arb_init(z), arb_init(e1), arb_init(e2), arb_init(t);
    arb_set_arf(uu, u);
    arb_sqr(z, uu, wp);
    arb_sub_ui(z, z, 1, wp);
    arb_neg(z, z);
    if (d == 2)
        disk_point(out, e1, e2, uu, z, wp);
    else
        beta_point(out, e1, e2, d, arf_sgn(u) < 0, z, wp);
    /* E[(T-u)_+] = E1 - u P */
    arb_mul(t, uu, out + 1, wp);
    arb_sub(out + 2, e1, t, wp);
    /* E[(T-u)_+^2] = E2 - 2 u E1 + u^2 P = E2 - u (E1 + E[(T-u)_+]) */
    arb_add(t, e1, out + 2, wp);
    arb_mul(t, t, uu, wp);
    arb_sub(out + 3, e2, t, wp);
    /* the tails are >= 0 */
    for (int k = 1; k < 4; k++)
        gdc_ball_clamp_nonneg(out + k);
    arb_clear(uu), arb_clear(z), arb_clear(e1), arb_clear(e2), arb_clear(t);
}

/* raises the working precision until every output is exact, zero or accurate to prec bits (at most 8 doublings) */
static void coord_point(arb_ptr out, long d, const arf_t u, slong prec)
{
    for (slong wp = prec + 32, k = 0; k < 8; wp *= 2, k++) {
        coord_point_prec(out, d, u, wp);
        int ok = 1;
        for (int j = 0; j < 4; j++)
            if (!arb_is_zero(out + j) && arb_rel_accuracy_bits(out + j) < prec)
                ok = 0;
        if (ok)
            break;
    }
    for (int j = 0; j < 4; j++)
        arb_set_round(out + j, out + j, prec);
}

void gdc_ball_coord_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    long d;
    if (!gdc_arb_get_int(&d, x + 0, 1) || !arb_is_finite(x + 1)) {
        for (int k = 0; k < 4; k++)
            arb_indeterminate(out + k);
        return;
    }
    if (arb_is_exact(x + 1)) {
        coord_point(out, d, arb_midref(x + 1), prec);
        return;
    }
    arb_ptr lo = _arb_vec_init(4), hi = _arb_vec_init(4);
    arf_t l, h;
    arf_init(l), arf_init(h);
    arb_get_lbound_arf(l, x + 1, prec);
    arb_get_ubound_arf(h, x + 1, prec);
    coord_point(lo, d, l, prec);
    coord_point(hi, d, h, prec);
    for (int k = 0; k < 4; k++)
        arb_union(out + k, lo + k, hi + k, prec);
    if (arf_sgn(l) < 0 && arf_sgn(h) > 0) {
        arf_zero(l);
        coord_point(lo, d, l, prec);
        arb_union(out + 0, out + 0, lo + 0, prec);
    }
    arf_clear(l), arf_clear(h);
    _arb_vec_clear(lo, 4), _arb_vec_clear(hi, 4);
}

/* d/du [f, P, E(T-u)_+, E(T-u)_+^2] = [f'(u), -f, -P, -2 E(T-u)_+]; f'(u) = -2 m C_d u z^(m-1) inside (-1, 1), 0
 * outside (a box wholly outside [-1, 1] gets f' = 0 for every d). d = 1: f' = 0 inside, f jumps at +-1; d = 2: f' unbounded at +-1 (indeterminate if the box reaches
 * them); d >= 3: f' is bounded and the hull with 0 covers a box that crosses +-1. The derivative in d (an
 * integer) is indeterminate. */
void gdc_ball_coord_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec)
{
    gdc_ball_coord_arb(out, x, prec);
    for (int k = 0; k < 4; k++)
        arb_indeterminate(jac + 2 * k);
    long d;
    if (!gdc_arb_get_int(&d, x + 0, 1) || !arb_is_finite(x + 1)) {
        for (int k = 0; k < 4; k++)
            arb_indeterminate(jac + 2 * k + 1);
        return;
    }
    arb_neg(jac + 3, out + 0);
    arb_neg(jac + 5, out + 1);
    arb_mul_2exp_si(jac + 7, out + 2, 1);
    arb_neg(jac + 7, jac + 7);
    arb_t one;
    arb_init(one);
    arb_one(one);
    int inside = arb_lt(x + 1, one), outside = arb_gt(x + 1, one);
    arb_neg(one, one);
    inside = inside && arb_gt(x + 1, one);
    outside = outside || arb_lt(x + 1, one);
    arb_clear(one);
    if (outside) {
        arb_zero(jac + 1); /* f = 0 on the whole box */
        return;
    }
    if (d == 1) {
        if (inside)
            arb_zero(jac + 1);
        else
            arb_indeterminate(jac + 1);
        return;
    }
    if (d == 2 && !inside) {
        arb_indeterminate(jac + 1);
        return;
    }
    arb_t u, z, c;
    arb_init(u), arb_init(z), arb_init(c);
    gdc_ball_clamp_unit(u, x + 1, prec);
    arb_sqr(z, u, prec);
    arb_sub_ui(z, z, 1, prec);
    arb_neg(z, z);
    gdc_ball_clamp_nonneg(z);
    if (d == 2) {
        arb_rsqrt(z, z, prec); /* z > 0 on the box (inside) */
    } else {
        gdc_ball_pow_half(z, z, d - 3, prec);
    }
    gdc_ball_cd(c, d, prec);
    arb_mul(z, z, c, prec);
    arb_mul(z, z, u, prec);
    arb_mul_si(jac + 1, z, -(d - 1), prec); /* 2 m = d - 1 */
    if (!inside) {
        arb_zero(c);
        arb_union(jac + 1, jac + 1, c, prec);
    }
    arb_clear(u), arb_clear(z), arb_clear(c);
}
