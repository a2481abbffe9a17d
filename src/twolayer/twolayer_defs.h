/* Definition checks and hard-regime samplers of the twolayer rows (twolayer_defs.c, twolayer_regimes.c,
 * twolayer_hess_def.c, twolayer_halfspace.c,
 * twolayer_wedge.c, twolayer_tent.c, twolayer_corr_defs.c). */
#ifndef GDC_TWOLAYER_DEFS_H
#define GDC_TWOLAYER_DEFS_H
#include "gdc_arb.h"
#include "core/rng.h"
#include "core/jet.h"

/* twolayer_corr.c: the jet of ||(u[0], u[1], u[2])|| with a bounded gradient enclosure where u may vanish */
void gdc_twolayer_corr_norm3(gdc_ajet_struct *r, const gdc_ajet_struct *u, slong prec);

int gdc_twolayer_def_loss(arb_ptr out, const double *x, slong prec);
int gdc_twolayer_def_htilde(arb_ptr out, const double *x, slong prec);
int gdc_twolayer_def_sum_step(arb_ptr out, const double *x, slong prec);
int gdc_twolayer_def_hess_form(arb_ptr out, const double *x, slong prec);
int gdc_twolayer_def_halfspace(arb_ptr out, const double *x, slong prec);
int gdc_twolayer_def_wedge(arb_ptr out, const double *x, slong prec);
void gdc_twolayer_def_tent_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
int gdc_twolayer_def_corr(arb_ptr out, const double *x, slong prec);
void gdc_twolayer_def_corr_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
int gdc_twolayer_def_corr_ratio(arb_ptr out, const double *x, slong prec);
void gdc_twolayer_def_corr_ratio_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);

void gdc_twolayer_reg_loss_opt(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_loss_saddle(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_loss_scale(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_ht_wstar(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_ht_corner(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_ht_edges(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_step_0(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_step_pi(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_hess_saddle(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_hess_wstar(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_hess_ratio(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_half_pi(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_half_0(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_wedge_pi(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_wedge_0(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_tent_pi(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_tent_eps0(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_tent_kinks(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_corr_wstar(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_corr_saddle(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_corr_anti(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_corr_dead(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_corr_scale(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_ratio_wstar(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_ratio_edge(double *x, gdc_rng_t *rng);
void gdc_twolayer_reg_ratio_parallel(double *x, gdc_rng_t *rng);
#endif
