/* ball.disk_grad in Arb: the gradient of the loss F(w) = E[(relu(w.x) - relu(v.x))^2]/2 of 004_107e0ef2f6021d42.txt
 * (Eq. (3), seed-004 C2) for x = (y, 1), y uniform on the unit disk, w~ = s e1, v~ = t (cos th, sin th), and the
 * both-active probability P(w.x > 0, v.x > 0) of the Section 5.1 sketch (C27, B7). With
 * K(s, bw, t, bv, th) = E[relu(w.x) relu(v.x)] (ball.disk_cross, C28), grad F = E[relu(w.x) x] - E[1(w.x > 0) relu(v.x) x]
 * and the second term is the gradient of K in w:
 *   along w~/|w~|:             dK/ds,
 *   along the unit normal n to w~ towards v~: moving w~ by eps n turns it by eps/s towards v~, so -dK/dth / s,
 *   along bw:                  dK/dbw
 * (all from ball.disk_cross's rigorous derivative enclosure). The first term is one-dimensional: with T = y1 (density
 * (2/pi) sqrt(1 - T^2)), u = -bw/s and the cap moments m_j = E[1(T > u) T^j] (closed forms below),
 * (s T + bw)_+ = s (T - u)_+, so
 *   E[relu(w.x)] = s (m1 - u m0) = s m1 + bw m0,  E[relu(w.x) y1] = s (m2 - u m1) = s m2 + bw m1,
 * and E[relu(w.x) y2] = 0 by the symmetry y2 -> -y2. Where w is flat on the whole box (s + bw <= 0: w.x <= 0 on
 * the disk, Theorem 4.2's third case) the outputs are exactly 0. Outputs: [dF along w~/|w~|, dF along n, dF/dbw, P_both].
 * Jacobian (gdc_ball_disk_grad_jac): the self term's derivatives are E[1(w.x > 0) x x^T],
 *   d/d(s, bw) E[relu(w.x) y1] = (m2, m1), d/d(s, bw) E[relu(w.x)] = (m1, m0);
 * the cross term's from ball.disk_cross's Hessian enclosure (K_th/s: d/ds gains -K_th/s^2), P's from its own
 * gradient enclosure (the indicator's jump at y1 = u included). */
#include "ball/ball.h"
#include "ball/ball_util.h"

/* The moments m_j = E[1(T > u) T^j], j = 0, 1, 2, of T = y1 (density (2/pi) sqrt(1 - T^2) on [-1, 1]) in closed
 * form: with a = acos u, h = sqrt(1 - u^2) = sin a,
 *   m0 = (a - u h)/pi,  m1 = 2 h^3/(3 pi),  m2 = (a + u h (1 - 2u^2))/(4 pi)
 * (int sqrt(1 - T^2) = (T h + asin T)/2, int T sqrt(1 - T^2) = -h^3/3, int T^2 sqrt(1 - T^2) = (asin T - T h (1 - 2T^2))/8).
 * u is clamped to [-1, 1]: the moments are constant outside (the whole disk or nothing). */
static void cap_moments(arb_ptr m, const arb_t u, slong prec)
{
    arb_t uc, a, h, t, pi;
    arb_init(uc), arb_init(a), arb_init(h), arb_init(t), arb_init(pi);
    gdc_ball_clamp_unit(uc, u, prec);
    {
        /* acos is decreasing: from the two ends (exact points of [-1, 1]; the ball of the interval may reach
         * past +-1 by rounding) */
        arf_t lo, hi;
        arf_init(lo), arf_init(hi);
        arb_get_lbound_arf(lo, uc, prec);
        arb_get_ubound_arf(hi, uc, prec);
        if (arf_cmp_si(lo, -1) < 0)
            arf_set_si(lo, -1);
        if (arf_cmp_si(hi, 1) > 0)
            arf_set_si(hi, 1);
        arb_set_arf(t, lo);
        arb_acos(a, t, prec);
        arb_set_arf(t, hi);
        arb_acos(t, t, prec);
        arb_union(a, a, t, prec);
        arf_clear(lo), arf_clear(hi);
    }
    arb_sqr(h, uc, prec);
    arb_sub_ui(h, h, 1, prec);
    arb_neg(h, h);
    arb_sqrtpos(h, h, prec);
    arb_const_pi(pi, prec);
    arb_mul(t, uc, h, prec); /* u h */
    arb_sub(m + 0, a, t, prec);
    arb_div(m + 0, m + 0, pi, prec);
    arb_pow_ui(m + 1, h, 3, prec);
    arb_mul_2exp_si(m + 1, m + 1, 1);
    arb_div_ui(m + 1, m + 1, 3, prec);
    arb_div(m + 1, m + 1, pi, prec);
    arb_sqr(m + 2, uc, prec);
    arb_mul_2exp_si(m + 2, m + 2, 1);
    arb_sub_ui(m + 2, m + 2, 1, prec);
    arb_neg(m + 2, m + 2); /* 1 - 2u^2 */
    arb_mul(m + 2, m + 2, t, prec);
    arb_add(m + 2, m + 2, a, prec);
    arb_div(m + 2, m + 2, pi, prec);
    arb_mul_2exp_si(m + 2, m + 2, -2);
    arb_clear(uc), arb_clear(a), arb_clear(h), arb_clear(t), arb_clear(pi);
}

/* jac (4 x 5) from the cap moments m and K's derivatives jk, hk */
static void grad_jac(arb_ptr jac, arb_srcptr x, arb_srcptr m, arb_srcptr jk, arb_srcptr hk, slong prec)
{
    arb_t t;
    arb_init(t);
    for (int j = 0; j < 5; j++) {
        arb_neg(jac + 0 * 5 + j, hk + 0 * 5 + j);
        arb_div(jac + 1 * 5 + j, hk + 4 * 5 + j, x + 0, prec);
        arb_neg(jac + 2 * 5 + j, hk + 1 * 5 + j);
    }
    arb_add(jac + 0, jac + 0, m + 2, prec);
    arb_add(jac + 1, jac + 1, m + 1, prec);
    arb_sqr(t, x + 0, prec);
    arb_div(t, jk + 4, t, prec);
    arb_sub(jac + 5, jac + 5, t, prec);
    arb_add(jac + 10, jac + 10, m + 1, prec);
    arb_add(jac + 11, jac + 11, m + 0, prec);
    arb_clear(t);
}

/* At an exact degenerate point (a breakpoint of the disk pieces on y = +-1, e.g. the cap edge s + bw = 0, or two
 * meeting) the outputs are only Hoelder-1/2 in the arguments (they vanish like d^(3/2) at a cap's edge): the
 * derivative is still what the enclosure says, but a finite difference of step h is off by ~ h^(1/2), so the entries
 * are widened by 2^-20 2 (s + |bw| + 1)(t + |bv| + 1) (a wider enclosure is still rigorous; boxes are not affected) */
static void widen_degenerate(arb_ptr jac, arb_srcptr x, slong prec)
{
    arb_t p, q;
    mag_t r;
    arb_init(p), arb_init(q), mag_init(r);
    arb_abs(p, x + 1);
    arb_add(p, p, x + 0, prec);
    arb_add_ui(p, p, 1, prec);
    arb_abs(q, x + 3);
    arb_add(q, q, x + 2, prec);
    arb_add_ui(q, q, 1, prec);
    arb_mul(p, p, q, prec);
    arb_get_mag(r, p);
    mag_mul_2exp_si(r, r, -19);
    for (int k = 0; k < 20; k++)
        arb_add_error_mag(jac + k, r);
    arb_clear(p), arb_clear(q), mag_clear(r);
}

static void grad_eval(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec)
{
    arb_t K;
    arb_ptr jk = _arb_vec_init(5), hk = _arb_vec_init(25), c = _arb_vec_init(4), y = _arb_vec_init(2);
    arb_init(K);
    arb_add(K, x + 0, x + 1, prec);
    if (_arb_vec_is_finite(x, 5) && arb_is_positive(x + 0) && arb_is_nonpositive(K)) {
        /* w is flat on the whole box: every output is 0 there, so is every derivative */
        _arb_vec_zero(out, 4);
        if (jac)
            _arb_vec_zero(jac, 20);
    } else if (!_arb_vec_is_finite(x, 5) || arb_is_negative(x + 0) || arb_is_negative(x + 2)) {
        for (int k = 0; k < 4; k++)
            arb_indeterminate(out + k);
        for (int k = 0; jac && k < 20; k++)
            arb_indeterminate(jac + k);
    } else {
        if (!arb_is_positive(x + 0)) {
            for (int k = 0; k < 3; k++)
                arb_indeterminate(out + k);
            for (int k = 0; jac && k < 15; k++)
                arb_indeterminate(jac + k);
            gdc_ball_disk_both_arb(out + 3, jac ? jac + 15 : NULL, x, prec);
        } else {
            /* K with its derivatives and P from one sweep of the disk pieces; guard bits at exact points (the
             * cancellations of the outputs), none on boxes (their enclosure is set by their width) */
            int exact = 1;
            for (int k = 0; k < 5; k++)
                exact = exact && arb_is_exact(x + k);
            slong wp = exact ? prec + 20 : prec;
            gdc_ball_disk_cross_both(K, jk, jac ? hk : NULL, wp, out + 3, jac ? jac + 15 : NULL, x, prec);
            arb_div(y + 1, x + 1, x + 0, wp);
            arb_neg(y + 1, y + 1);
            cap_moments(c, y + 1, wp);
            /* E[relu(w.x) y1] - dK/ds, E[relu(w.x) y1] = s (m2 - u m1) = s m2 + bw m1 */
            arb_mul(out + 0, x + 0, c + 2, wp);
            arb_addmul(out + 0, x + 1, c + 1, wp);
            arb_sub(out + 0, out + 0, jk + 0, prec);
            /* dK/dth / s */
            if (arb_is_zero(x + 4))
                arb_zero(out + 1); /* theta = 0: K is even in theta */
            else
                arb_div(out + 1, jk + 4, x + 0, prec);
            /* E[relu(w.x)] - dK/dbw, E[relu(w.x)] = s (m1 - u m0) = s m1 + bw m0 */
            arb_mul(out + 2, x + 0, c + 1, wp);
            arb_addmul(out + 2, x + 1, c + 0, wp);
            arb_sub(out + 2, out + 2, jk + 1, prec);
            if (jac) {
                grad_jac(jac, x, c, jk, hk, wp);
                for (int k = 0; k < 15; k++) {
                    arb_set_round(jac + k, jac + k, prec);
                    if (!arb_is_finite(jac + k))
                        arb_indeterminate(jac + k);
                }
            }
        }
    }
    if (jac && gdc_ball_disk_degenerate(x, prec))
        widen_degenerate(jac, x, prec);
    arb_clear(K);
    _arb_vec_clear(jk, 5), _arb_vec_clear(hk, 25), _arb_vec_clear(c, 4), _arb_vec_clear(y, 2);
}

void gdc_ball_disk_grad_arb(arb_ptr out, arb_srcptr x, slong prec) { grad_eval(out, NULL, x, prec); }

void gdc_ball_disk_grad_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec) { grad_eval(out, jac, x, prec); }
