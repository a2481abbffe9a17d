/* The arc-cosine profile h(t) = sin t + (pi - t) cos t and pi - h(t) on [0, pi] as Arb enclosures (the kernel g of
 * 003_676a49ed0823cdd9.txt, seed-003 C1; relu.h of 000_09c7d5b8511ab65b.txt, seed-000 C19), shared by the relu
 * and cnn families, with the helpers they rest on. */
#ifndef GDC_CORE_ARCCOS_PROFILE_H
#define GDC_CORE_ARCCOS_PROFILE_H
#include "gdc_arb.h"

/* pi - t with a relative accuracy of about prec bits even when t is close to pi (the working precision rises) */
void gdc_pi_minus_arb(arb_t res, const arb_t t, slong prec);
/* 1 if 0 <= t <= pi for every point of the ball (decided rigorously) */
int gdc_angle_in_0_pi(const arb_t t, slong prec);
/* sin t and cos t, from e = pi - t when t is above pi/2 (relative accuracy near pi) */
void gdc_sin_cos_near_pi_arb(arb_t s, arb_t c, const arb_t t, const arb_t e, slong prec);
/* |x| <= num/2^den_pow2 for every point of the ball; the midpoint of t above pi/2 (3217/2048 = 1.5708) */
int gdc_arb_abs_le(const arb_t x, ulong num, ulong den_pow2);
int gdc_arb_mid_above_half_pi(const arb_t t);
/* pi - t cut at 0 (= pi - min(t, pi) for t >= 0: the domain end pi's value beyond pi) */
void gdc_pi_minus_dom_arb(arb_t res, const arb_t t, slong prec);
/* h (as h(min(t, pi)), clamped at pi) and pi - h by their cancellation-free forms, valid over any ball */
void gdc_arccos_h_form_arb(arb_t res, const arb_t t, slong prec);
void gdc_arccos_pmh_form_arb(arb_t res, const arb_t t, slong prec);
/* the same, by the values at the two ends on a wide ball inside [0, pi] (h decreasing, pi - h increasing; h on any
 * ball >= 0, as it is clamped at pi), h cut at 0; J(t) = sin t - t cos t = G3(t) (increasing, cut at 0) likewise */
void gdc_arccos_h_arb(arb_t res, const arb_t t, slong prec);
void gdc_arccos_pmh_arb(arb_t res, const arb_t t, slong prec);
void gdc_arccos_j_arb(arb_t res, const arb_t t, slong prec);

#endif
