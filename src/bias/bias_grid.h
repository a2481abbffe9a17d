/* Internal: the piece grid of the Phi2 integral over x <= h (double and Arb use the same rule; the grid is
 * a choice of the quadrature, not part of any enclosure). From the right end xr, the next left end: width at most
 * wmax and wscale/(|x| + 1) (the scale of phi), graded geometrically towards the kink xs = k/rho of the inner factor
 * Phi((k - rho x)/r), whose scale is delta = r/|rho|.
 * decay > 0 (rho < 0 for Phi2; decay = r/|rho|, the true scale even where delta is taken finer): left of the
 * kink the inner factor Phi(A), |A| = (xs - x)/decay, decays like exp(-A^2/2), whose logarithm changes at the rate
 * |A|/decay; the width is then also at most 4 decay/(1 + |A|), so that A^2/2 drops by about 4 per piece and a
 * 20-point Gauss-Legendre rule resolves every piece (for rho -> -1 the whole integral lives within a few
 * decay^2/(xs - h) of h: with the phi-scale width alone one piece held it and the rule lost all relative accuracy,
 * up to 1.7e8 units at h + k ~ 0). Within 2 delta right of the kink the step is still at most w (a single jump to
 * xs spanned up to 2 delta >> w of phi's decay: 46 units at h = -9.2, rho = 0.21). */
#ifndef GDC_BIAS_GRID_H
#define GDC_BIAS_GRID_H
#include <math.h>

static inline double gdc_bias_next_left(double xr, double xs, double delta, double wmax, double wscale, double decay)
{
    /* a scale far below the ulp of x (Arb ball corners with rho = 1 - 1e-647) would give pieces of width 0; the
     * doubles' own r >= 1.5e-8 never reach this floor */
    delta = fmax(delta, 0x1p-40 * (1.0 + fabs(xr)));
    double w = fmin(wmax, wscale / (fabs(xr) + 1.0));
    if (xr > xs) {
        double d = xr - xs;
        return d <= 2.0 * delta ? fmax(xs, xr - w) : xr - fmin(w, 0.5 * d);
    }
    if (decay > 0)
        w = fmin(w, 4.0 * decay * decay / (decay + (xs - xr)));
    return xr - fmin(w, fmax(delta, xs - xr));
}
#endif
