/* Small Arb helpers of the ball family (rigorous on wide balls): the normaliser C_d of the uniform-ball marginal
 * (seed-004 C8) and half-integer powers of a base known to be non-negative. */
#include <limits.h>
#include "ball/ball_util.h"

void gdc_ball_cd(arb_t res, long d, slong prec)
{
    arb_t a, b;
    arb_init(a), arb_init(b);
    arb_set_si(a, d + 2);
    arb_mul_2exp_si(a, a, -1);
    arb_set_si(b, d + 1);
    arb_mul_2exp_si(b, b, -1);
    arb_gamma(a, a, prec);
    arb_rgamma(b, b, prec);
    arb_mul(res, a, b, prec);
    arb_const_sqrt_pi(a, prec);
    arb_div(res, res, a, prec);
    arb_clear(a), arb_clear(b);
}

void gdc_ball_clamp_nonneg(arb_t x)
{
    if (!arb_contains_negative(x))
        return;
    arf_t hi, zero;
    arf_init(hi), arf_init(zero);
    arb_get_ubound_arf(hi, x, ARF_PREC_EXACT);
    if (arf_sgn(hi) < 0)
        arf_zero(hi);
    arb_set_interval_arf(x, zero, hi, 2 * arf_bits(hi) + 64);
    arf_clear(hi), arf_clear(zero);
}

void gdc_ball_clamp_unit(arb_t res, const arb_t x, slong prec)
{
    arf_t lo, hi;
    arf_init(lo), arf_init(hi);
    arb_get_lbound_arf(lo, x, prec);
    arb_get_ubound_arf(hi, x, prec);
    /* the image of [lo, hi] under y -> max(-1, min(1, y)) */
    if (arf_cmp_si(lo, -1) < 0)
        arf_set_si(lo, -1);
    if (arf_cmp_si(lo, 1) > 0)
        arf_set_si(lo, 1);
    if (arf_cmp_si(hi, 1) > 0)
        arf_set_si(hi, 1);
    if (arf_cmp_si(hi, -1) < 0)
        arf_set_si(hi, -1);
    arb_set_interval_arf(res, lo, hi, prec);
    arf_clear(lo), arf_clear(hi);
}

void gdc_ball_pow_half(arb_t res, const arb_t z, long e, slong prec)
{
    arb_t zc, s;
    arb_init(zc), arb_init(s);
    arb_set(zc, z);
    gdc_ball_clamp_nonneg(zc);
    arb_pow_ui(s, zc, (ulong)(e / 2), prec);
    if (e % 2) {
        arb_sqrtpos(zc, zc, prec);
        arb_mul(s, s, zc, prec);
    }
    arb_swap(res, s);
    arb_clear(zc), arb_clear(s);
}
