/* The family tables known to the registry (each defined in its family folder). */
#ifndef GDC_FAMILIES_H
#define GDC_FAMILIES_H
#include "core/registry.h"
#include "core/dynamics.h"
extern const gdc_family_t gdc_family_relu;
extern const gdc_family_t gdc_family_gauss;
extern const gdc_family_t gdc_family_cosine;
extern const gdc_family_t gdc_family_erf;
extern const gdc_family_t gdc_family_cosine_fc;
extern const gdc_family_t gdc_family_erf_fc;
extern const gdc_family_t gdc_family_erf_ratio;
extern const gdc_family_t gdc_family_relu_nc;
extern const gdc_family_t gdc_family_bias;
extern const gdc_family_t gdc_family_ball;
extern const gdc_family_t gdc_family_cnn;
extern const gdc_family_t gdc_family_twolayer;
/* dynamics (core/dynamics.c) */
extern const gdc_dynamics_t gdc_dynamics_relu_nc_gd;
extern const gdc_dynamics_t gdc_dynamics_cnn_gd;
extern const gdc_dynamics_t gdc_dynamics_twolayer_gd;
extern const gdc_dynamics_t gdc_dynamics_twolayer_gd_k;
#endif
