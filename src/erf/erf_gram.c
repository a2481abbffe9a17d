/* Gram matrix of Williams' arcsine kernel (seed-002 C13; the NNGP kernel of a one-hidden-layer erf network):
 * K_ij = (2/pi) asin(2 x_i.y_j / sqrt((1 + 2|x_i|^2)(1 + 2|y_j|^2))), from the norms and Kahan's angle (core/gram.c)
 * through the double kernel of erf.kernel (the Gram term D keeps 1 - q^2 free of cancellation). */
#include "erf/erf.h"
#include "core/gram.h"

static double erf_pair(double a, double b, double t, double e)
{
    (void)e;
    double x[3] = {a, b, t}, k;
    gdc_erf_kernel_d(&k, x);
    return k;
}

int gdc_erf_gram(double *K, const double *X1, size_t n1, const double *X2, size_t n2, size_t d)
{
    return gdc_gram(K, X1, n1, X2, n2, d, erf_pair);
}
