/* Internal: hard-regime samplers of the ReLU rows (relu_regimes.c). */
#ifndef GDC_RELU_REGIMES_H
#define GDC_RELU_REGIMES_H
#include "core/rng.h"

double gdc_relu_sample_t_near_pi(gdc_rng_t *g);
double gdc_relu_sample_t_near_0(gdc_rng_t *g);
void gdc_relu_reg_t_pi(double *x, gdc_rng_t *g);
void gdc_relu_reg_t_0(double *x, gdc_rng_t *g);
void gdc_relu_reg_t_half_pi(double *x, gdc_rng_t *g);
void gdc_relu_reg_abt_pi(double *x, gdc_rng_t *g);
void gdc_relu_reg_abt_small(double *x, gdc_rng_t *g);
void gdc_relu_reg_abt_large(double *x, gdc_rng_t *g);
void gdc_relu_reg_abt_0(double *x, gdc_rng_t *g);
void gdc_relu_reg_t_pi2(double *x, gdc_rng_t *g);
void gdc_relu_reg_t_02(double *x, gdc_rng_t *g);
void gdc_relu_reg_w_v(double *x, gdc_rng_t *g);
void gdc_relu_reg_one_zero(double *x, gdc_rng_t *g);
void gdc_relu_reg_r_0(double *x, gdc_rng_t *g);
void gdc_relu_reg_r_0_pos(double *x, gdc_rng_t *g);
void gdc_relu_reg_r0_tpi(double *x, gdc_rng_t *g);
void gdc_relu_reg_r0_tpi_pos(double *x, gdc_rng_t *g);
void gdc_relu_reg_r_large(double *x, gdc_rng_t *g);
void gdc_relu_reg_r_huge(double *x, gdc_rng_t *g);
void gdc_relu_reg_stationary(double *x, gdc_rng_t *g);
void gdc_relu_reg_hess_zero(double *x, gdc_rng_t *g);

#endif
