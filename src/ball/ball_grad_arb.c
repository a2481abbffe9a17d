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
 * the disk, Theorem 4.2's third case) the outputs are exactly 0. Outputs: [dF along w~/|w~|, dF along n, dF/dbw, P_both]. */
#include "ball/ball.h"
#include "ball/ball_util.h"

void gdc_ball_disk_grad_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    arb_t K;
    arb_ptr jac = _arb_vec_init(5), c = _arb_vec_init(4), y = _arb_vec_init(2);
    arb_init(K);
    arb_add(K, x + 0, x + 1, prec);
    if (_arb_vec_is_finite(x, 5) && arb_is_positive(x + 0) && arb_is_nonpositive(K)) {
        _arb_vec_zero(out, 4);
        arb_clear(K);
        _arb_vec_clear(jac, 5), _arb_vec_clear(c, 4), _arb_vec_clear(y, 2);
        return;
    }
    if (!arb_is_positive(x + 0) || !_arb_vec_is_finite(x, 5)) {
        for (int k = 0; k < 3; k++)
            arb_indeterminate(out + k);
    } else {
        slong wp = prec + 20;
        gdc_ball_disk_cross_jac_tight(K, jac, x, wp);
        arb_set_ui(y + 0, 2);
        arb_div(y + 1, x + 1, x + 0, wp);
        arb_neg(y + 1, y + 1);
        gdc_ball_coord_arb(c, y, wp);
        /* E[relu(w.x) y1] - dK/ds */
        arb_mul(out + 0, x + 0, c + 3, wp);
        arb_submul(out + 0, x + 1, c + 2, wp);
        arb_sub(out + 0, out + 0, jac + 0, prec);
        /* dK/dth / s */
        if (arb_is_zero(x + 4))
            arb_zero(out + 1); /* theta = 0: K is even in theta */
        else
            arb_div(out + 1, jac + 4, x + 0, prec);
        /* E[relu(w.x)] - dK/dbw */
        arb_mul(out + 2, x + 0, c + 2, wp);
        arb_sub(out + 2, out + 2, jac + 1, prec);
    }
    if (_arb_vec_is_finite(x, 5) && !arb_is_negative(x + 0) && !arb_is_negative(x + 2)) {
        gdc_ball_disk_both_arb(out + 3, x, prec);
        arb_t one;
        arb_init(one);
        arb_one(one);
        arb_min(out + 3, out + 3, one, prec); /* P <= 1 */
        arb_clear(one);
    } else {
        arb_indeterminate(out + 3);
    }
    arb_clear(K);
    _arb_vec_clear(jac, 5), _arb_vec_clear(c, 4), _arb_vec_clear(y, 2);
}
