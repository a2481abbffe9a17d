/* Gram matrix of the ReLU arc-cosine kernel (seed-001 C1, seed-000 C19; the NNGP kernel of a one-hidden-layer ReLU
 * network): K_ij = |x_i| |y_j| h(t_ij)/(2 pi) with t_ij from Kahan's formula (core/gram.c). */
#include "relu/relu.h"
#include "core/gram.h"

int gdc_relu_gram(double *K, const double *X1, size_t n1, const double *X2, size_t n2, size_t d)
{
    return gdc_gram(K, X1, n1, X2, n2, d, gdc_relu_kernel_mirror);
}
