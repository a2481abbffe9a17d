/* Jet forms (core/jet.h) shared by the derivative enclosures of the cosine family (cosine_deriv.c,
 * cosine_fc_deriv.c): the geometry of one block and the cancellation-free C4 core, written without |.| and min
 * so that they are differentiable (seed-002 C4):
 *   m = |w - v|^2 = (a-c)^2 + 4ac sin^2(t/2),  p = |w + v|^2 = (a-c)^2 + 4ac cos^2(t/2),
 *   de = a - c cos t = (a-c) + 2c sin^2(t/2),   se = a + c cos t = (a-c) + 2c cos^2(t/2),
 *   Ecc = expm1(-m/2) expm1(-p/2) + (e^{-|w|^2} - e^{-|v|^2})^2/2,
 *   e^{-|w|^2} - e^{-|v|^2} = e^{-|v|^2} expm1(-D) = -e^{-|w|^2} expm1(D),  D = |w|^2 - |v|^2 = (a-c)(a+c)
 * (e^{-S}(cosh D - 1) with S = |w|^2 + |v|^2 is that square over 2; both forms of the difference are identities,
 * the first is taken when D >= 0 at the box centre, so the exponential factor is the larger norm's and expm1 has a
 * non-positive argument: no cancellation when D is large, where e^{-S} sinh^2(D/2) would differentiate into two
 * huge terms that cancel; both terms of Ecc are >= 0, so near w = +-v every derivative is a sum of products of
 * small factors). */
#ifndef GDC_COSINE_JET_H
#define GDC_COSINE_JET_H
#include "core/jet.h"

/* one block: norms a (of w), c (of v), angle t -> m, p, de, se, c sin t, a c cos t (any output may be NULL) */
void gdc_cosine_block_jet(gdc_ajet_t m, gdc_ajet_t p, gdc_ajet_t de, gdc_ajet_t se, gdc_ajet_t csn, gdc_ajet_t acc,
                          const gdc_ajet_t a, const gdc_ajet_t c, const gdc_ajet_t t, slong prec);
/* Ecc from m, p, the squared norms nw = |w|^2, nv = |v|^2 and D = nw - nv (computed stably by the caller) */
void gdc_cosine_ecc_core_jet(gdc_ajet_t res, const gdc_ajet_t m, const gdc_ajet_t p, const gdc_ajet_t nw,
                             const gdc_ajet_t nv, const gdc_ajet_t D, slong prec);
/* Ep - Em = Em expm1(-y) = -Ep expm1(y) (Em = e^{-m/2}, Ep = e^{-p/2}, y = (m - p)/2 = 2 a c cos t), the form
 * on the side of the sign of y at the centre, so that expm1 has a non-positive argument (both are identities) */
void gdc_cosine_ep_minus_em_jet(gdc_ajet_t r, const gdc_ajet_t y, const gdc_ajet_t Em, const gdc_ajet_t Ep,
                                slong prec);
/* e^{-u/2} */
void gdc_cosine_exp_neg_half_jet(gdc_ajet_t r, const gdc_ajet_t u, slong prec);
#endif
