/* Angles without cancellation: a two-double pi, pi - t as a two-double, and the angle between two
 * vectors by Kahan's formula 2 atan2(|a/|a| - b/|b||, |a/|a| + b/|b||) and its mirror for pi - angle
 * (seed-000 C18 "Angle"; seed-003 C1 "Cancellation"). Never acos of a dot product. */
#ifndef GDC_ANGLE_H
#define GDC_ANGLE_H
#include <stddef.h>

/* pi = GDC_PI_HI + GDC_PI_LO to about 107 bits (GDC_PI_HI is the double nearest pi). */
#define GDC_PI_HI 3.141592653589793
#define GDC_PI_LO 1.2246467991473532e-16
/* 1/(2 pi) = GDC_INV2PI_HI + GDC_INV2PI_LO */
#define GDC_INV2PI_HI 0.15915494309189535
#define GDC_INV2PI_LO (-9.839338337591243e-18)

/* 1/pi = GDC_INVPI_HI + GDC_INVPI_LO */
#define GDC_INVPI_HI 0.3183098861837907
#define GDC_INVPI_LO (-1.9678676675182486e-17)

/* pi - t as an unevaluated sum hi + *lo (|lo| <= ulp(hi)/2), exact to about 2^-106 relative for t in
 * [0, pi]. Inline: the fast paths of the double kernels call it once per evaluation. */
static inline double gdc_pi_minus(double t, double *lo)
{
    /* TwoSum(GDC_PI_HI, -t): s + err == GDC_PI_HI - t exactly. */
    double s = GDC_PI_HI - t;
    double bb = s - GDC_PI_HI;
    double err = (GDC_PI_HI - (s - bb)) + (-t - bb);
    err += GDC_PI_LO;
    /* renormalise */
    double hi = s + err;
    *lo = err - (hi - s);
    return hi;
}

/* Angle in [0, pi] between a and b (d >= 1); 0 if either vector is zero. */
double gdc_vec_angle(const double *a, const double *b, size_t d);
/* pi - angle(a, b), computed as angle(a, -b) (the mirror form), accurate when the angle is near pi. */
double gdc_vec_pi_minus_angle(const double *a, const double *b, size_t d);
/* Euclidean norm without overflow or underflow in the intermediate squares. */
double gdc_vec_norm(const double *a, size_t d);

#endif
