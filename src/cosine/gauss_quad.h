/* Rigorous Gaussian expectations E[f(Y1, Y2)], Y1, Y2 iid N(0,1), by acb_calc_integrate over the square
 * [-R, R]^2 (R = 10, nested 1-D integrals) plus a proven tail bound; used by the definition checks of the
 * cosine and erf families. Also a seeded Monte Carlo helper for vectors in R^d (d = 5). */
#ifndef GDC_COSINE_GAUSS_QUAD_H
#define GDC_COSINE_GAUSS_QUAD_H
#include "core/registry.h"

/* Integrand: out = f_k(y1, y2) (component k only) for complex balls y1, y2. Must be entire in y1, y2. */
typedef void (*gdc_gq_fn)(acb_t out, const acb_t y1, const acb_t y2, int k, const void *param, slong prec);

/* out[k] = E[f_k(Y1, Y2)] for k < nout (dim 1: Y2 = 0 and only Y1 is integrated).
 * Tail bound: the caller guarantees |f_k(y)| <= bound * (1 + y1^2 + y2^2) for real y. Then the mass outside
 * the square is at most 2 (6/R + 2R) phi(R) bound (Mills ratio: P(|Y| > R) <= 2 phi(R)/R, and
 * E[Y^2 1{|Y| > R}] = 2 R phi(R) + P(|Y| > R)); it is added to the radius.
 * Returns 0 on success, 1 if an integration did not converge. */
int gdc_gauss_expect_arb(arb_ptr out, int nout, int dim, gdc_gq_fn f, const void *param, double bound, slong prec);

/* Seeded Monte Carlo over z ~ N(0, I_5) (coordinates redrawn while |z_i| >= 5, a change of the law below
 * 6e-7 per coordinate): mean and standard error of g_k(z). */
#define GDC_MC_DIM 5
typedef void (*gdc_mc_fn)(double *vals, const double *z, const void *param);
void gdc_mc_expect(double *mean, double *se, int nout, gdc_mc_fn g, const void *param, int nz, uint64_t seed,
                   long samples);
/* A random orthonormal pair e1, e2 in R^5 from the seed. */
void gdc_mc_frame(double *e1, double *e2, uint64_t seed);
#endif
