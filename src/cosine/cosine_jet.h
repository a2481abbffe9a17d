/* Jet forms (core/jet.h) shared by the derivative enclosures of the cosine family (cosine_deriv.c,
 * cosine_fc_deriv.c): the geometry of one block and the cancellation-free C4 core, written without |.| and min
 * so that they are differentiable (seed-002 C4):
 *   m = |w - v|^2 = (a-c)^2 + 4ac sin^2(t/2),  p = |w + v|^2 = (a-c)^2 + 4ac cos^2(t/2),
 *   de = a - c cos t = (a-c) + 2c sin^2(t/2),   se = a + c cos t = (a-c) + 2c cos^2(t/2),
 *   Ecc = expm1(-m/2) expm1(-p/2) + 2 e^{-S} sinh^2(D/2),  S = |w|^2 + |v|^2, D = |w|^2 - |v|^2
 * (e^{-S}(cosh D - 1) = 2 e^{-S} sinh^2(D/2); both terms are >= 0, so near w = +-v every derivative is a sum of
 * products of small factors, with no cancellation). */
#ifndef GDC_COSINE_JET_H
#define GDC_COSINE_JET_H
#include "core/jet.h"

/* one block: norms a (of w), c (of v), angle t -> m, p, de, se, c sin t, a c cos t (any output may be NULL) */
void gdc_cosine_block_jet(gdc_jet_t m, gdc_jet_t p, gdc_jet_t de, gdc_jet_t se, gdc_jet_t csn, gdc_jet_t acc,
                          const gdc_jet_t a, const gdc_jet_t c, const gdc_jet_t t, slong prec);
/* Ecc from m, p, S and D (the form above) */
void gdc_cosine_ecc_core_jet(gdc_jet_t res, const gdc_jet_t m, const gdc_jet_t p, const gdc_jet_t S,
                             const gdc_jet_t D, slong prec);
/* e^{-u/2} */
void gdc_cosine_exp_neg_half_jet(gdc_jet_t r, const gdc_jet_t u, slong prec);
#endif
