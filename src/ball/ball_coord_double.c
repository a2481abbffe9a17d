/* ball.coord in double (seed-004 C8): the Arb enclosure of ball_coord_arb.c at the double inputs, raised in
 * precision until every output is known to 60 bits (or is exactly 0), then rounded to nearest. The outputs are
 * incomplete beta functions whose last two cancel as u -> 1 (seed-004 C7 warns of it); a pure double kernel with
 * the target accuracy in every regime (incomplete beta continued fraction and tail series with cancellation-free
 * forms of E[(T - u)_+^n]) is future work. The cost is tens of microseconds a point (measured in make bench). */
#include <math.h>
#include "ball/ball.h"

void gdc_ball_coord_d(double *out, const double *x)
{
    arb_ptr xa = _arb_vec_init(2), o = _arb_vec_init(4);
    arb_set_d(xa + 0, x[0]);
    arb_set_d(xa + 1, x[1]);
    for (slong prec = 96; prec <= 8192; prec *= 2) {
        gdc_ball_coord_arb(o, xa, prec);
        int ok = 1;
        for (int k = 0; k < 4; k++)
            if (!arb_is_zero(o + k) && arb_rel_accuracy_bits(o + k) < 60)
                ok = 0;
        if (ok)
            break;
    }
    for (int k = 0; k < 4; k++)
        out[k] = arf_get_d(arb_midref(o + k), ARF_RND_NEAR);
    _arb_vec_clear(xa, 2);
    _arb_vec_clear(o, 4);
}
