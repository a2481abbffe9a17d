/* Gram matrices of kernels of two vectors that depend on the vectors only through their norms and the angle between
 * them (the NNGP kernels of one-hidden-layer networks with Gaussian weights: ReLU, erf). The angle comes from Kahan's
 * formula t = 2 atan2(|x^ - y^|, |x^ + y^|) on the unit vectors and pi - t from its mirror 2 atan2(|x^ + y^|,
 * |x^ - y^|) (seed-000 C18; never acos of a normalised dot product): t = 0 exactly on the diagonal (x^ - y^ = 0),
 * and no NaN for parallel or anti-parallel vectors. */
#ifndef GDC_CORE_GRAM_H
#define GDC_CORE_GRAM_H
#include <stddef.h>

/* value of the kernel at norms a = |x|, b = |y|, angle t and e = pi - t (both in [0, pi], computed independently) */
typedef double (*gdc_pair_kernel_fn)(double a, double b, double t, double e);

/* K[i * n2 + j] = f(|x_i|, |y_j|, angle(x_i, y_j)) for the rows x_i = X1 + i d (i < n1), y_j = X2 + j d (j < n2), all
 * row-major (C order). A zero row gives a = 0 and t = pi/2. Returns 0, or -1 (K untouched) if d == 0 or memory for
 * the (n1 + n2) d unit vectors cannot be allocated. */
int gdc_gram(double *K, const double *X1, size_t n1, const double *X2, size_t n2, size_t d, gdc_pair_kernel_fn f);
/* the same for a kernel with a parameter block (e.g. a network depth) */
typedef double (*gdc_pair_kernel_ctx_fn)(double a, double b, double t, double e, const void *ctx);
int gdc_gram_ctx(double *K, const double *X1, size_t n1, const double *X2, size_t n2, size_t d,
                 gdc_pair_kernel_ctx_fn f, const void *ctx);

#endif
