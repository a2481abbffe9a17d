/* Rigorous Gaussian expectations E[f(Y)], Y ~ N(0,1), by acb_calc_integrate over [-R, R] (R = 10, 20) plus a
 * proven tail bound; used by the definition checks of the cosine and erf families, whose 2-D expectations are
 * first reduced to one dimension by integrating the second coordinate analytically (identities proved in
 * cosine_defs.c and erf_defs.c). Also a seeded Monte Carlo helper for vectors in R^d (d = 5). */
#ifndef GDC_CORE_NORMAL_QUAD_H
#define GDC_CORE_NORMAL_QUAD_H
#include "core/registry.h"

/* Integrand: out = f_k(y) (component k only) for a complex ball y. Must be entire in y. */
typedef void (*gdc_gq_fn)(acb_t out, const acb_t y, int k, const void *param, slong prec);

/* out[k] = E[f_k(Y)] for k < nout. Tail bound: the caller guarantees |f_k(y)| <= bound * (1 + y^2) for real y;
 * the mass outside [-R, R] is then at most bound (4/R + 2R) phi(R) (proof in normal_quad.c), added to the radius.
 * Absolute accuracy about 2^-60; values below 2^-20 are refined toward 2^-53 relative where the integral
 * converges (R = 20). Returns 0 on success, 1 if an integration did not converge (out is then still a rigorous,
 * wider ball). */
int gdc_normal_expect_arb(arb_ptr out, int nout, gdc_gq_fn f, const void *param, double bound, slong prec);

/* Seeded Monte Carlo over z ~ N(0, I_5) (coordinates redrawn while |z_i| >= 5, a change of the law below
 * 6e-7 per coordinate): mean and standard error of g_k(z). */
#define GDC_MC_DIM 5
typedef void (*gdc_mc_fn)(double *vals, const double *z, const void *param);
void gdc_mc_expect(double *mean, double *se, int nout, gdc_mc_fn g, const void *param, int nz, uint64_t seed,
                   long samples);
/* A random orthonormal pair e1, e2 in R^5 from the seed. */
void gdc_mc_frame(double *e1, double *e2, uint64_t seed);
#endif
