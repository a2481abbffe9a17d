/* Evaluation budgets of the gauss rows whose one Arb call cannot be interrupted (issue 15, section 4):
 * gauss.chi2_tail and gauss.norm_tail (arb_hypgeom_gamma_upper, gamma.c) and gauss.angle_tail
 * (arb_hypgeom_beta_lower, angle_tail.c), 000_09c7d5b8511ab65b.txt Lemma 5.1 and after Theorem 6.4.
 * Their fn_arb_timed entry points refuse to START a call they cannot finish before the deadline: when the time
 * left is below the predicted cost, the outputs are set indeterminate without calling Arb. Refusing only ever
 * yields indeterminate balls (UNKNOWN), never a narrower or wrong enclosure, so the model decides speed, not
 * soundness; with no deadline (0) nothing is refused.
 *
 * The cost model is MEASURED, not derived: one call at d = 10^3, 10^4, 10^5, 10^6, c in {0.5, 1, 1.001, 2, 8},
 * working precision prec + 16, on this machine (2 cores shared by 8 jobs, so under load), worst over c:
 *   exact argument z:            64/256 bits <= 0.04 s; 1024: 0.22 s; 2048: 0.89 s; 4096 to 65536: <= 0.24 s
 *                                (angle_tail's beta call <= 0.13 s everywhere)
 *   z a ball (radius 1e-3 * z):  64: 0.002 s; 256: 0.014 s; 1024: 0.55 s; 2048: 0.94 s; 4096: 8.1 s;
 *                                8192: over 8 s (not finished in 40 s for five values of c)
 * with no growth in d over [10^3, 10^6] beyond the noise (the worst cases fall at d = 10^3 as often as at 10^6),
 * so the envelope below is a function of prec alone, taken 1.8x to 8x above the worst measurement: exact z
 * 0.1 s up to 256 bits, 0.5 s up to 1024, 2 s above; a ball 0.05 s up to 256 bits, 1 s up to 1024 and
 * (prec/1024)^3/2 s above (4 s at 2048, 32 s at 4096, 256 s at 8192). d is an argument so that a later
 * measurement can refine it. The price of a generous envelope: a claim whose last second of --time-limit would
 * still have finished a call now ends UNKNOWN a little earlier. */
#include "gauss/gauss.h"
#include "core/deadline.h"
#include "core/arb_int.h"

static double predicted_cost(slong prec, long d, int exact)
{
    (void)d; /* measured: no growth in d over the documented range [1, 10^6] */
    if (exact)
        return prec <= 256 ? 0.1 : prec <= 1024 ? 0.5 : 2.0;
    if (prec <= 256)
        return 0.05;
    if (prec <= 1024)
        return 1.0;
    double r = (double)prec / 1024.0;
    return 0.5 * r * r * r;
}

int gdc_gauss_affordable(double deadline, slong prec, long d, int exact)
{
    if (deadline <= 0.0)
        return 1;
    return deadline - gdc_clock_now() >= predicted_cost(prec, d, exact);
}

void gdc_gauss_give_up(arb_ptr v, slong n)
{
    for (slong i = 0; v != NULL && i < n; i++)
        arb_indeterminate(v + i);
}

/* gauss.norm_tail: Q(d/2, 2d), z = 2d exact */
void gdc_gauss_norm_tail_timed(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec, double deadline)
{
    long d = 0;
    gdc_gauss_give_up(jac, 1); /* a function of the integer d alone */
    gdc_gauss_give_up(hess, 1);
    if (gdc_arb_get_int(&d, x, 1) && !gdc_gauss_affordable(deadline, prec, d, 1))
        gdc_gauss_give_up(out, 1);
    else
        gdc_gauss_norm_tail_arb(out, x, prec);
}

/* gauss.angle_tail: I_{1/2}((d-1)/2, 1/2)/2, exact arguments (a range of d: its two ends, each within the
 * envelope of one exact call) */
void gdc_gauss_angle_tail_timed(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec, double deadline)
{
    long d = 0, hi = 0;
    gdc_gauss_give_up(jac, 1);
    gdc_gauss_give_up(hess, 1);
    if (gdc_arb_int_range(&d, &hi, x, 2, 1000000) && !gdc_gauss_affordable(deadline, prec, d, 1))
        gdc_gauss_give_up(out, 1);
    else
        gdc_gauss_angle_tail_arb(out, x, prec);
}
