/* ball.disk_grad in Arb: the gradient of the loss F(w) = E[(relu(w.x) - relu(v.x))^2]/2 of 004_107e0ef2f6021d42.txt
 * (Eq. (3), seed-004 C2) for x = (y, 1), y uniform on the unit disk, w~ = s e1, v~ = t (cos th, sin th), and the
 * both-active probability P(w.x > 0, v.x > 0) of the Section 5.1 sketch (C27, B7). With
 * K(s, bw, t, bv, th) = E[relu(w.x) relu(v.x)] (ball.disk_cross, C28), grad F = E[relu(w.x) x] - E[1(w.x > 0) relu(v.x) x]
 * and the second term is the gradient of K in w:
 *   along w~/|w~|:             dK/ds,
 *   along the unit normal n to w~ towards v~: moving w~ by eps n turns it by eps/s towards v~, so -dK/dth / s,
 *   along bw:                  dK/dbw
 * (all from ball.disk_cross's rigorous derivative enclosure). The first term is one-dimensional: with T = y1 (density
 * (2/pi) sqrt(1 - T^2), ball.coord(2, .)) and u = -bw/s, (s T + bw)_+ = s (T - u)_+, so
 *   E[relu(w.x)] = s E[(T - u)_+],  E[relu(w.x) y1] = s E[(T - u)_+ T] = s E[(T - u)_+^2] - bw E[(T - u)_+],
 * and E[relu(w.x) y2] = 0 by the symmetry y2 -> -y2. Where w is flat on the whole box (s + bw <= 0: w.x <= 0 on
 * the disk, Theorem 4.2's third case) the outputs are exactly 0. Outputs: [dF along w~/|w~|, dF along n, dF/dbw, P_both].
 * Jacobian (gdc_ball_disk_grad_jac): the self term's derivatives are the moments of the cap {T > u},
 *   d/d(s, bw) E[relu(w.x) y1] = (m2, m1), d/d(s, bw) E[relu(w.x)] = (m1, m0), m_j = E[1(T > u) T^j]:
 *   m0 = P(T >= u), m1 = E[(T - u)_+] + u m0, m2 = E[(T - u)_+^2] + 2u E[(T - u)_+] + u^2 m0 (ball.coord(2, u));
 * the cross term's from ball.disk_cross's Hessian enclosure (K_th/s: d/ds gains -K_th/s^2), P's from its own
 * gradient enclosure (the indicator's jump at y1 = u included). */
#include "ball/ball.h"
#include "ball/ball_util.h"

/* jac (4 x 5) from the cap moments c = ball.coord(2, u) at u = -bw/s and K's derivatives jk, hk */
static void grad_jac(arb_ptr jac, arb_srcptr x, arb_srcptr c, arb_srcptr u, arb_srcptr jk, arb_srcptr hk, slong prec)
{
    arb_t m1, m2, t;
    arb_init(m1), arb_init(m2), arb_init(t);
    arb_mul(m1, u, c + 1, prec);
    arb_add(m1, m1, c + 2, prec);
    arb_mul(t, u, c + 1, prec);
    arb_addmul_si(t, c + 2, 2, prec);
    arb_mul(t, t, u, prec);
    arb_add(m2, t, c + 3, prec);
    for (int j = 0; j < 5; j++) {
        arb_neg(jac + 0 * 5 + j, hk + 0 * 5 + j);
        arb_div(jac + 1 * 5 + j, hk + 4 * 5 + j, x + 0, prec);
        arb_neg(jac + 2 * 5 + j, hk + 1 * 5 + j);
    }
    arb_add(jac + 0, jac + 0, m2, prec);
    arb_add(jac + 1, jac + 1, m1, prec);
    arb_sqr(t, x + 0, prec);
    arb_div(t, jk + 4, t, prec);
    arb_sub(jac + 5, jac + 5, t, prec);
    arb_add(jac + 10, jac + 10, m1, prec);
    arb_add(jac + 11, jac + 11, c + 1, prec);
    arb_clear(m1), arb_clear(m2), arb_clear(t);
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
        } else {
            slong wp = prec + 20;
            gdc_ball_disk_cross_jac_tight(K, jk, jac ? hk : NULL, x, wp);
            arb_set_ui(y + 0, 2);
            arb_div(y + 1, x + 1, x + 0, wp);
            arb_neg(y + 1, y + 1);
            gdc_ball_coord_arb(c, y, wp);
            /* E[relu(w.x) y1] - dK/ds */
            arb_mul(out + 0, x + 0, c + 3, wp);
            arb_submul(out + 0, x + 1, c + 2, wp);
            arb_sub(out + 0, out + 0, jk + 0, prec);
            /* dK/dth / s */
            if (arb_is_zero(x + 4))
                arb_zero(out + 1); /* theta = 0: K is even in theta */
            else
                arb_div(out + 1, jk + 4, x + 0, prec);
            /* E[relu(w.x)] - dK/dbw */
            arb_mul(out + 2, x + 0, c + 2, wp);
            arb_sub(out + 2, out + 2, jk + 1, prec);
            if (jac) {
                grad_jac(jac, x, c, y + 1, jk, hk, wp);
                for (int k = 0; k < 15; k++) {
                    arb_set_round(jac + k, jac + k, prec);
                    if (!arb_is_finite(jac + k))
                        arb_indeterminate(jac + k);
                }
            }
        }
        gdc_ball_disk_both_arb(out + 3, jac ? jac + 15 : NULL, x, prec);
    }
    if (jac && gdc_ball_disk_degenerate(x, prec))
        widen_degenerate(jac, x, prec);
    arb_clear(K);
    _arb_vec_clear(jk, 5), _arb_vec_clear(hk, 25), _arb_vec_clear(c, 4), _arb_vec_clear(y, 2);
}

void gdc_ball_disk_grad_arb(arb_ptr out, arb_srcptr x, slong prec) { grad_eval(out, NULL, x, prec); }

void gdc_ball_disk_grad_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec) { grad_eval(out, jac, x, prec); }
