/* Gram matrix of the ReLU arc-cosine kernel (seed-001 C1, seed-000 C19; the NNGP kernel of a one-hidden-layer ReLU
 * network): K_ij = |x_i| |y_j| h(t_ij)/(2 pi) with t_ij from Kahan's formula (core/gram.c). */
#include "relu/relu.h"
#include "core/gram.h"

int gdc_relu_gram(double *K, const double *X1, size_t n1, const double *X2, size_t n2, size_t d)
{
    return gdc_gram(K, X1, n1, X2, n2, d, gdc_relu_kernel_mirror);
}

/* Gram matrices of the deep kernels (relu_deep.c), from t and its mirror e = pi - t as gdc_relu_gram */
static double nngp_of(double a, double b, double t, double e, const void *ctx)
{
    double out[2];
    gdc_relu_nngp_mirror(out, *(const int *)ctx, a, b, t, e);
    return out[0];
}

static double ntk_of(double a, double b, double t, double e, const void *ctx)
{
    return gdc_relu_ntk_mirror(*(const int *)ctx, a, b, t, e);
}

int gdc_relu_nngp_gram(double *K, const double *X1, size_t n1, const double *X2, size_t n2, size_t d, int L)
{
    if (L < 0 || L > 1000)
        return -1;
    return gdc_gram_ctx(K, X1, n1, X2, n2, d, nngp_of, &L);
}

int gdc_relu_ntk_gram(double *K, const double *X1, size_t n1, const double *X2, size_t n2, size_t d, int L)
{
    if (L < 0 || L > 1000)
        return -1;
    return gdc_gram_ctx(K, X1, n1, X2, n2, d, ntk_of, &L);
}
