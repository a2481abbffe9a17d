/* Internal: hard-regime samplers of the bias rows (bias_regimes.c). */
#ifndef GDC_BIAS_REGIMES_H
#define GDC_BIAS_REGIMES_H
#include "core/rng.h"

#define GDC_BIAS_REGIME_LIST(X) \
    X(m_mu_neg) X(m_mu_underflow) X(m_s_small) X(m_mu_zero) X(m_mu_pos) \
    X(t_h_large) X(t_a_large) X(t_a_small) X(t_h_small) X(t_a_one) \
    X(b_rho_one) X(b_rho_mone) X(b_rho_exact) X(b_tails) X(b_antidiag) X(b_rho_zero) \
    X(c_muw_neg) X(c_muv_neg) X(c_theta_0) X(c_theta_pi) X(c_w_v) X(c_s_small) X(c_bias_free)

#define GDC_BIAS_REGIME_DECL(name) void gdc_bias_reg_##name(double *x, gdc_rng_t *g);
GDC_BIAS_REGIME_LIST(GDC_BIAS_REGIME_DECL)
#undef GDC_BIAS_REGIME_DECL

#endif
