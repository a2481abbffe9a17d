/* Definition checks and hard-regime samplers of the CNN rows (cnn_defs.c, cnn_regimes.c). */
#ifndef GDC_CNN_DEFS_H
#define GDC_CNN_DEFS_H
#include "gdc_arb.h"
#include "core/rng.h"

int gdc_cnn_def_loss(arb_ptr out, const double *x, slong prec);
int gdc_cnn_def_profile(arb_ptr out, const double *x, slong prec);
int gdc_cnn_def_spurious(arb_ptr out, const double *x, slong prec);
int gdc_cnn_def_angle(arb_ptr out, const double *x, slong prec);
int gdc_cnn_def_grad(arb_ptr out, const double *x, slong prec);

void gdc_cnn_reg_loss_min(double *x, gdc_rng_t *rng);
void gdc_cnn_reg_loss_phi_pi(double *x, gdc_rng_t *rng);
void gdc_cnn_reg_loss_phi_0(double *x, gdc_rng_t *rng);
void gdc_cnn_reg_profile_phi_0(double *x, gdc_rng_t *rng);
void gdc_cnn_reg_profile_phi_pi(double *x, gdc_rng_t *rng);
void gdc_cnn_reg_spur_threshold(double *x, gdc_rng_t *rng);
void gdc_cnn_reg_angle_phi_0(double *x, gdc_rng_t *rng);
void gdc_cnn_reg_angle_phi_pi(double *x, gdc_rng_t *rng);
void gdc_cnn_reg_angle_kink(double *x, gdc_rng_t *rng);
void gdc_cnn_reg_grad_min(double *x, gdc_rng_t *rng);
void gdc_cnn_reg_grad_phi_pi(double *x, gdc_rng_t *rng);
#endif
