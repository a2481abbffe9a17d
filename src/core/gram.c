/* Gram matrices from norms and Kahan angles (core/gram.h; seed-000 C18): the unit vectors are formed once per row,
 * then each pair costs two sums of squares over d coordinates and two atan2. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/gram.h"
#include "core/angle.h"

/* unit rows U[i] = X[i]/|X[i]| (zero rows stay zero), norms in nrm */
static void unit_rows(double *U, double *nrm, const double *X, size_t n, size_t d)
{
    for (size_t i = 0; i < n; i++) {
        const double *x = X + i * d;
        double *y = U + i * d;
        double a = gdc_vec_norm(x, d);
        nrm[i] = a;
        for (size_t k = 0; k < d; k++)
            y[k] = a > 0.0 ? x[k] / a : 0.0;
    }
}

/* the kernel without a parameter block, called through the form with one */
static double plain(double a, double b, double t, double e, const void *ctx)
{
    gdc_pair_kernel_fn f;
    memcpy(&f, ctx, sizeof f);
    return f(a, b, t, e);
}

int gdc_gram(double *K, const double *X1, size_t n1, const double *X2, size_t n2, size_t d, gdc_pair_kernel_fn f)
{
    return gdc_gram_ctx(K, X1, n1, X2, n2, d, plain, &f);
}

int gdc_gram_ctx(double *K, const double *X1, size_t n1, const double *X2, size_t n2, size_t d,
                 gdc_pair_kernel_ctx_fn f, const void *ctx)
{
    if (d == 0)
        return -1;
    double *U = malloc(sizeof(double) * ((n1 + n2) * d + n1 + n2));
    if (!U)
        return -1;
    double *V = U + n1 * d, *na = V + n2 * d, *nb = na + n1;
    unit_rows(U, na, X1, n1, d);
    unit_rows(V, nb, X2, n2, d);
    for (size_t i = 0; i < n1; i++) {
        const double *x = U + i * d;
        for (size_t j = 0; j < n2; j++) {
            const double *y = V + j * d;
            double sd = 0.0, ss = 0.0;
            for (size_t k = 0; k < d; k++) {
                double m = x[k] - y[k], p = x[k] + y[k];
                sd += m * m;
                ss += p * p;
            }
            double dn = sqrt(sd), sn = sqrt(ss);
            /* both zero only for two zero rows: angle pi/2 by the convention of a zero vector */
            double t = (dn == 0.0 && sn == 0.0) ? 0.5 * GDC_PI_HI : 2.0 * atan2(dn, sn);
            double e = (dn == 0.0 && sn == 0.0) ? 0.5 * GDC_PI_HI : 2.0 * atan2(sn, dn);
            K[i * n2 + j] = f(na[i], nb[j], t, e, ctx);
        }
    }
    free(U);
    return 0;
}
