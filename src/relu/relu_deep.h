/* Internal: the deep ReLU kernels' Arb derivative forms, depth check, hard-regime samplers and definition checks
 * (relu_deep_arb.c, relu_deep_regimes.c, relu_deep_defs.c). Arguments x = (L, a, b, t). */
#ifndef GDC_RELU_DEEP_H
#define GDC_RELU_DEEP_H
#include <stdint.h>
#include "gdc_arb.h"
#include "core/rng.h"

#define GDC_RELU_DEEP_LMAX 1000

/* L from its ball: an exact integer in [0, GDC_RELU_DEEP_LMAX], else -1 */
int gdc_relu_deep_depth(const arb_t x);

void gdc_relu_deep_reg_t_0(double *x, gdc_rng_t *g);
void gdc_relu_deep_reg_t_pi(double *x, gdc_rng_t *g);
void gdc_relu_deep_reg_deep(double *x, gdc_rng_t *g);
void gdc_relu_deep_reg_deep_t_0(double *x, gdc_rng_t *g);
void gdc_relu_deep_reg_ab_small(double *x, gdc_rng_t *g);
void gdc_relu_deep_reg_ab_large(double *x, gdc_rng_t *g);
void gdc_relu_deep_reg_ntk_zero(double *x, gdc_rng_t *g);

/* the textbook recursion with relu.kernel and relu.step in Arb (theta = acos rho at raised precision), the NTK by
 * Arora et al.'s sum of products; and the Monte Carlo of the last layer's Gaussian expectations */
int gdc_relu_deep_def_nngp(arb_ptr out, const double *x, slong prec);
int gdc_relu_deep_def_ntk(arb_ptr out, const double *x, slong prec);
void gdc_relu_deep_mc_nngp(double *mean, double *se, const double *x, uint64_t seed, long samples);
void gdc_relu_deep_mc_ntk(double *mean, double *se, const double *x, uint64_t seed, long samples);

#endif
