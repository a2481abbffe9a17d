/* Internal: definition checks of the ReLU rows (relu_defs.c: rigorous angular integration with
 * acb_calc_integrate; relu_mc.c: seeded Monte Carlo in d = 5). */
#ifndef GDC_RELU_DEFS_H
#define GDC_RELU_DEFS_H
#include <stdint.h>
#include "gdc_arb.h"

#define GDC_RELU_DEF_LIST(X) \
    X(h) X(J) X(step) X(kernel) X(loss) X(grad) X(corr) X(corr_ratio) X(norm_rate) X(angle_rate)

#define GDC_RELU_DEF_DECL(name) \
    int gdc_relu_int_##name(arb_ptr out, const double *x, slong prec); \
    void gdc_relu_mc_##name(double *mean, double *se, const double *x, uint64_t seed, long samples);
GDC_RELU_DEF_LIST(GDC_RELU_DEF_DECL)
#undef GDC_RELU_DEF_DECL

/* relu.hess_eig: rigorous only (the Hessian carries a hyperplane integral; no Monte Carlo of a delta) */
int gdc_relu_int_hess_eig(arb_ptr out, const double *x, slong prec);

#endif
