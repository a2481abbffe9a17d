/* The arc-cosine profile h(t) = sin t + (pi - t) cos t on [0, pi] and pi - h(t), as Arb enclosures over any ball:
 * the kernel g(phi) of 003_676a49ed0823cdd9.txt Theorem 2.1 (seed-003 C1) and relu.h of 000_09c7d5b8511ab65b.txt
 * (seed-000 C19), shared by the relu and cnn families. Without cancellation:
 *   h(t) = G3(pi - t) near pi (series with a tail bound, core/series.h), pi - t at a raised precision;
 *   pi - h(t) = 2 pi sin^2(t/2) - G3(t) near 0;
 * h is decreasing and pi - h increasing on [0, pi] (h' = -(pi - t) sin t <= 0): on a ball inside [0, pi] the range
 * is spanned by the values at the two ends. h is computed as h(min(t, pi)) (clamped at pi, 000's Prover II fix:
 * the ball of pi reaches past pi, where the formula continued is negative), so it is monotone on all of [0, inf).
 * No double arithmetic: exact rationals, arb_const_pi and Arb's functions. */
#include "core/arccos_profile.h"
#include "core/series.h"

/* The working precision rises until pi - t has prec bits or t's own radius dominates; a nearly exact t closer
 * to pi than pi's radius (pi - t contains 0: t within 2^-wp of pi, e.g. a box end after deep bisection) doubles
 * it, up to the bits of t plus 2 prec (enough to separate an exact t from pi by prec bits). */
void gdc_pi_minus_arb(arb_t res, const arb_t t, slong prec)
{
    arb_t p, e;
    arb_init(p);
    arb_init(e);
    slong wp = prec, cap = 2 * prec + 64;
    if (arb_is_finite(t) && !arf_is_zero(arb_midref(t))) { /* the bits of t below its leading one */
        slong below = arf_bits(arb_midref(t)) - arf_abs_bound_lt_2exp_si(arb_midref(t));
        cap += below > 0 && below < (1L << 20) ? below : 0; /* (t = 0: pi - t = pi, nothing cancels) */
    }
    for (int it = 0; it < 40; it++) {
        arb_const_pi(p, wp);
        arb_sub(e, p, t, wp);
        slong acc = arb_rel_accuracy_bits(e);
        if (acc >= prec - 4 || !arb_is_finite(e) || arb_rel_accuracy_bits(t) < prec || wp >= cap)
            break;
        if (arb_contains_zero(e)) {
            if (mag_cmp(arb_radref(p), arb_radref(t)) < 0)
                break; /* t's own width decides */
            wp *= 2;
        } else {
            wp += (prec - acc) + 16;
        }
        if (wp > cap)
            wp = cap;
    }
    arb_set_round(res, e, prec);
    arb_clear(p);
    arb_clear(e);
}

int gdc_arb_abs_le(const arb_t x, ulong num, ulong den_pow2)
{
    /* |x| <= num / 2^den_pow2 for every point */
    mag_t m, b;
    mag_init(m);
    mag_init(b);
    arb_get_mag(m, x);
    mag_set_ui_2exp_si(b, num, -(slong)den_pow2);
    int ok = mag_is_finite(m) && mag_cmp(m, b) <= 0;
    mag_clear(m);
    mag_clear(b);
    return ok;
}

/* t > pi/2 at the midpoint: 1.5707 < 3217/2048 = 1.5708 */
int gdc_arb_mid_above_half_pi(const arb_t t)
{
    arf_t q;
    arf_init(q);
    arf_set_ui_2exp_si(q, 3217, -11);
    int r = arf_cmp(arb_midref(t), q) > 0;
    arf_clear(q);
    return r;
}

/* sin t and cos t, computed from e = pi - t when t is near pi (relative accuracy) */
void gdc_sin_cos_near_pi_arb(arb_t s, arb_t c, const arb_t t, const arb_t e, slong prec)
{
    if (gdc_arb_mid_above_half_pi(t)) {
        arb_sin_cos(s, c, e, prec);
        arb_neg(c, c);
    } else {
        arb_sin_cos(s, c, t, prec);
    }
}

/* pi - t intersected with [0, inf), for t >= 0: e = pi - min(t, pi) at every point t >= 0. h and pi - h are defined
 * on t in [0, pi] only; a ball of a range end pi (or a box end rounded past it) reaches beyond pi, where this is the
 * value of the domain end pi (e = 0 exactly for a ball wholly beyond pi), not the formula continued. */
void gdc_pi_minus_dom_arb(arb_t res, const arb_t t, slong prec)
{
    gdc_pi_minus_arb(res, t, prec);
    arb_nonnegative_part(res, res);
}

/* h = G3(pi - t) (series for pi - t <= 1) or sin t + (pi - t) cos t, with e = pi - t >= 0 (above): for t >= 0
 * this is h(min(t, pi)), decreasing on [0, inf), with h = 0 exactly where the ball lies beyond pi */
void gdc_arccos_h_form_arb(arb_t res, const arb_t t, slong prec)
{
    arb_t e, s, c;
    arb_init(e);
    arb_init(s);
    arb_init(c);
    gdc_pi_minus_dom_arb(e, t, prec);
    if (gdc_arb_abs_le(e, 1, 0)) {
        /* G3 is increasing on [0, pi] (G3'(e) = e sin e): on e in [0, 1] by its ends, so that h is exactly 0 at
         * an end t >= pi (e = [0, 2^-k] from the rounding of pi); a ball away from 0 needs no ends */
        if (arb_contains_zero(e))
            gdc_arb_monotone_ends(res, e, gdc_g3_series_arb, prec);
        else
            gdc_g3_series_arb(res, e, prec);
    } else {
        gdc_sin_cos_near_pi_arb(s, c, t, e, prec);
        arb_mul(c, c, e, prec);
        arb_add(res, s, c, prec);
    }
    arb_clear(e);
    arb_clear(s);
    arb_clear(c);
}

/* pi - h = 2 pi sin^2(t/2) - J(t) */
void gdc_arccos_pmh_form_arb(arb_t res, const arb_t t, slong prec)
{
    arb_t a, j;
    arb_init(a);
    arb_init(j);
    arb_mul_2exp_si(a, t, -1);
    arb_sin(a, a, prec);
    arb_sqr(a, a, prec);
    arb_const_pi(j, prec);
    arb_mul(a, a, j, prec);
    arb_mul_2exp_si(a, a, 1);
    gdc_g3_series_arb(j, t, prec); /* J = G3(t): series for |t| <= 3 */
    arb_sub(res, a, j, prec);
    arb_clear(a);
    arb_clear(j);
}

/* 0 <= t <= pi for every point of the ball. The upper end mid + rad is formed exactly and compared with pi
 * (pi - t as a ball would round its radius up by 2^-30 of the width and lose a box ending at the double below
 * pi). */
int gdc_angle_in_0_pi(const arb_t t, slong prec)
{
    if (!arb_is_finite(t) || !arb_is_nonnegative(t))
        return 0;
    arb_t p, u;
    arb_init(p);
    arb_init(u);
    arf_set_mag(arb_midref(u), arb_radref(t));
    arf_add(arb_midref(u), arb_midref(u), arb_midref(t), ARF_PREC_EXACT, ARF_RND_UP);
    arb_const_pi(p, prec + 10);
    int ok = arb_le(u, p);
    arb_clear(p);
    arb_clear(u);
    return ok;
}

/* f monotone on [0, pi]: on a ball inside [0, pi] the range is spanned by the endpoint values */
static void mono(arb_t res, const arb_t t, slong prec, void (*f)(arb_t, const arb_t, slong))
{
    if (arb_is_exact(t) || !gdc_angle_in_0_pi(t, prec))
        f(res, t, prec);
    else
        gdc_arb_monotone_ends(res, t, f, prec);
}

/* The h form computes h(min(t, pi)), monotone on [0, inf): a ball need only be >= 0; its in-domain points
 * [t_lo, min(t_hi, pi)] give the range between h(t_lo) and h(min(t_hi, pi)), which the form at the exact end t_hi
 * encloses (points beyond pi are not in the domain; a ball of pi reaches past it by rounding). h >= 0 on [0, pi]
 * (decreasing to h(pi) = 0): the result is cut at 0, so that its lower end is exactly 0 (the union of the two ends'
 * balls rounds the lower end below 0 when one of them is the exact 0 at pi). */
void gdc_arccos_h_arb(arb_t res, const arb_t t, slong prec)
{
    if (arb_is_exact(t) || !arb_is_finite(t) || !arb_is_nonnegative(t))
        gdc_arccos_h_form_arb(res, t, prec);
    else
        gdc_arb_monotone_ends(res, t, gdc_arccos_h_form_arb, prec);
    if (arb_is_nonnegative(t))
        arb_nonnegative_part(res, res);
}
void gdc_arccos_pmh_arb(arb_t res, const arb_t t, slong prec) { mono(res, t, prec, gdc_arccos_pmh_form_arb); }
void gdc_arccos_j_arb(arb_t res, const arb_t t, slong prec)
{
    mono(res, t, prec, gdc_g3_series_arb);
    if (arb_is_nonnegative(t)) /* J >= 0 on [0, pi] (J' = t sin t >= 0, J(0) = 0): cut at 0 likewise */
        arb_nonnegative_part(res, res);
}
