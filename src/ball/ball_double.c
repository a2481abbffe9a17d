/* The double kernels of the ball family (seed-004 C8, C28): the Arb enclosure at the double inputs, raised in
 * precision until every output is known to 60 bits (or is exactly 0), then rounded to nearest. ball.coord's
 * outputs are incomplete beta functions whose last two cancel as u -> 1 (seed-004 C7 warns of it), and
 * ball.disk_cross is a sum of piecewise closed forms with cancellation between its breakpoints; pure double
 * kernels with the target accuracy in every regime are future work. */
#include <math.h>
#include "ball/ball.h"

static void double_by_arb(double *out, const double *x, int nargs, int nout,
                          void (*fn)(arb_ptr, arb_srcptr, slong))
{
    arb_ptr xa = _arb_vec_init(nargs), o = _arb_vec_init(nout);
    for (int i = 0; i < nargs; i++)
        arb_set_d(xa + i, x[i]);
    for (slong prec = 96; prec <= 8192; prec *= 2) {
        fn(o, xa, prec);
        int ok = 1;
        for (int k = 0; k < nout; k++)
            if (!arb_is_zero(o + k) && arb_rel_accuracy_bits(o + k) < 60 &&
                mag_cmp_2exp_si(arb_radref(o + k), -1100) >= 0) /* below every double's half-ulp: done */
                ok = 0;
        if (ok)
            break;
    }
    for (int k = 0; k < nout; k++)
        out[k] = arf_get_d(arb_midref(o + k), ARF_RND_NEAR);
    _arb_vec_clear(xa, nargs);
    _arb_vec_clear(o, nout);
}

void gdc_ball_coord_d(double *out, const double *x) { double_by_arb(out, x, 2, 4, gdc_ball_coord_arb); }

void gdc_ball_disk_cross_d(double *out, const double *x) { double_by_arb(out, x, 5, 1, gdc_ball_disk_cross_arb); }

void gdc_ball_cube_norm_d(double *out, const double *x) { double_by_arb(out, x, 1, 1, gdc_ball_cube_norm_arb); }

void gdc_ball_disk_grad_d(double *out, const double *x) { double_by_arb(out, x, 5, 4, gdc_ball_disk_grad_arb); }

void gdc_ball_dcross_d(double *out, const double *x) { double_by_arb(out, x, 5, 1, gdc_ball_dcross_arb); }
