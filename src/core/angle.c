/* Angles without cancellation (seed-000 C18): two-double pi - t, and Kahan's vector angle
 *   angle(a, b) = 2 atan2(|a/|a| - b/|b||, |a/|a| + b/|b||),  pi - angle(a, b) = angle(a, -b). */
#include <math.h>
#include "core/angle.h"

/* |a 2^-ex| with ex the binary exponent of max |a_i| (so the squares neither overflow nor underflow and the
 * result is a normal number even when |a| is subnormal); 0 (ex = 0) for a zero or non-finite vector */
static double norm_scaled(const double *a, size_t d, int *ex)
{
    double m = 0.0;
    *ex = 0;
    for (size_t i = 0; i < d; i++)
        if (fabs(a[i]) > m)
            m = fabs(a[i]);
    if (m == 0.0 || !isfinite(m))
        return m;
    frexp(m, ex);
    double sum = 0.0;
    for (size_t i = 0; i < d; i++) {
        double y = ldexp(a[i], -*ex);
        sum = fma(y, y, sum);
    }
    return sqrt(sum);
}

double gdc_vec_norm(const double *a, size_t d)
{
    int ex;
    double n = norm_scaled(a, d, &ex);
    return ldexp(n, ex);
}

/* 2 atan2(|a/|a| - sgn b/|b||, |a/|a| + sgn b/|b||) */
static double kahan_angle(const double *a, const double *b, size_t d, double sgn)
{
    /* unit vectors from the scaled vectors a 2^-ea / |a 2^-ea| (exact scalings: right for subnormal norms) */
    int ea, eb;
    double na = norm_scaled(a, d, &ea), nb = norm_scaled(b, d, &eb);
    if (na == 0.0 || nb == 0.0 || !isfinite(na) || !isfinite(nb))
        return 0.0;
    double sd = 0.0, ss = 0.0, md = 0.0, ms = 0.0;
    /* two passes: find the scale of the difference and the sum, then accumulate scaled squares */
    for (size_t i = 0; i < d; i++) {
        double x = ldexp(a[i], -ea) / na, y = sgn * ldexp(b[i], -eb) / nb;
        if (fabs(x - y) > md)
            md = fabs(x - y);
        if (fabs(x + y) > ms)
            ms = fabs(x + y);
    }
    for (size_t i = 0; i < d; i++) {
        double x = ldexp(a[i], -ea) / na, y = sgn * ldexp(b[i], -eb) / nb;
        if (md > 0.0) {
            double u = (x - y) / md;
            sd = fma(u, u, sd);
        }
        if (ms > 0.0) {
            double u = (x + y) / ms;
            ss = fma(u, u, ss);
        }
    }
    return 2.0 * atan2(md * sqrt(sd), ms * sqrt(ss));
}

double gdc_vec_angle(const double *a, const double *b, size_t d)
{
    return kahan_angle(a, b, d, 1.0);
}

double gdc_vec_pi_minus_angle(const double *a, const double *b, size_t d)
{
    double na = gdc_vec_norm(a, d), nb = gdc_vec_norm(b, d);
    if (na == 0.0 || nb == 0.0)
        return GDC_PI_HI; /* angle 0 by convention */
    return kahan_angle(a, b, d, -1.0);
}
