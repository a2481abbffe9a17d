/* Internal to the erf family: pieces of its stable forms as second-order jets (core/jet.h), shared by the
 * derivative enclosures erf_deriv.c, erf_fc_deriv.c and erf_ratio_deriv.c (implemented in erf_deriv.c). Not
 * installed. */
#ifndef GDC_ERF_JET_H
#define GDC_ERF_JET_H
#include "core/jet.h"

/* (2/pi) a (twice = 0) or (4/pi) a (twice = 1); 1 + m x^2; the Gram term D = 1 + 2a^2 + 2b^2 + 4(a b s)^2 of
 * seed-002 C13 (D >= 1: take its rsqrt with gdc_ajet_rsqrt_ge) */
void gdc_erf_jet_two_over_pi(gdc_ajet_t r, const gdc_ajet_t a, int twice, slong prec);
void gdc_erf_jet_one_plus(gdc_ajet_t r, const gdc_ajet_t x, slong m, slong prec);
void gdc_erf_jet_gram(gdc_ajet_t D, const gdc_ajet_t a, const gdc_ajet_t b, const gdc_ajet_t s, slong prec);
/* V(x, x) = (2/pi) atan(2x^2/sqrt(1 + 4x^2)) (C14) */
void gdc_erf_jet_vself(gdc_ajet_t r, const gdc_ajet_t x, slong prec);
/* the stable forms of the rows erf.kernel (x = a, b, t), erf.self_gap, erf.c1 (x = a) and erf.btilde (x = c, a, t;
 * two outputs) as jets (gdc_ajet_fn); their point values (gdc_ajet_eval_value) are the rows' Arb values at points */
int gdc_erf_kernel_jet(gdc_ajet_struct *out, const gdc_ajet_struct *x, slong prec);
int gdc_erf_self_gap_jet(gdc_ajet_struct *out, const gdc_ajet_struct *x, slong prec);
int gdc_erf_c1_jet(gdc_ajet_struct *out, const gdc_ajet_struct *x, slong prec);
int gdc_erf_btilde_jet(gdc_ajet_struct *out, const gdc_ajet_struct *x, slong prec);
#endif
