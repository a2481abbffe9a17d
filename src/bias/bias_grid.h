/* Internal: the piece grid of the Phi2 integral over x <= h (double, Arb and MPFR use the same rule; the grid is
 * a choice of the quadrature, not part of any enclosure). From the right end xr, the next left end: width at most
 * wmax and wscale/(|x| + 1) (the scale of phi), graded geometrically towards the kink xs = k/rho of the inner factor
 * Phi((k - rho x)/r), whose scale is delta = r/|rho|. */
#ifndef GDC_BIAS_GRID_H
#define GDC_BIAS_GRID_H
#include <math.h>

static inline double gdc_bias_next_left(double xr, double xs, double delta, double wmax, double wscale)
{
    double w = fmin(wmax, wscale / (fabs(xr) + 1.0));
    if (xr > xs) {
        double d = xr - xs;
        return d <= 2.0 * delta ? xs : xr - fmin(w, 0.5 * d);
    }
    return xr - fmin(w, fmax(delta, xs - xr));
}
#endif
