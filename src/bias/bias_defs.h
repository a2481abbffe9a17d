/* Internal: definition checks of the bias rows (bias_defs.c: rigorous, independent closed forms and integrals;
 * bias_mc.c: seeded Monte Carlo of the defining expectations). */
#ifndef GDC_BIAS_DEFS_H
#define GDC_BIAS_DEFS_H
#include <stdint.h>
#include "gdc_arb.h"

#define GDC_BIAS_DEF_LIST(X) X(m1) X(m2) X(owen_t) X(bvn)

#define GDC_BIAS_DEF_DECL(name) \
    int gdc_bias_def_##name(arb_ptr out, const double *x, slong prec); \
    void gdc_bias_mc_##name(double *mean, double *se, const double *x, uint64_t seed, long samples);
GDC_BIAS_DEF_LIST(GDC_BIAS_DEF_DECL)
#undef GDC_BIAS_DEF_DECL

/* Monte Carlo of E[relu(a) relu(b)], E[(relu(a) - relu(b))^2]/2, E[relu(a) (relu(a)/2 - relu(b))] */
void gdc_bias_mc_cross(double *mean, double *se, const double *x, uint64_t seed, long samples);
void gdc_bias_mc_loss(double *mean, double *se, const double *x, uint64_t seed, long samples);
void gdc_bias_mc_loss_gap(double *mean, double *se, const double *x, uint64_t seed, long samples);
/* grad F and <grad F, w - v> from the Arb derivatives of the loss (C11 differentiated) */
int gdc_bias_def_grad(arb_ptr out, const double *x, slong prec);
int gdc_bias_def_corr(arb_ptr out, const double *x, slong prec);
/* Monte Carlo of grad F along (w~/|w~|, n, bias) and of <grad F(w), w - v> (C13, C15) */
void gdc_bias_mc_grad(double *mean, double *se, const double *x, uint64_t seed, long samples);
void gdc_bias_mc_corr(double *mean, double *se, const double *x, uint64_t seed, long samples);

#endif
