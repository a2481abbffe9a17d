/* Vector API of the ReLU family (seed-000 C18, C19; seed-001 C1): kernel, loss and gradient of two
 * d-dimensional vectors, any ||v||, with the angle from Kahan's formula and pi - angle from its mirror
 * form (core/angle.c), so that h = G3(pi - t) is accurate near t = pi. */
#include <math.h>
#include "relu/relu.h"
#include "core/series.h"

#define HALF_PI 1.5707963267948966

/* h at the angle of (w, v): G3 of the mirror angle when the angle is above pi/2 */
static double h_of_vectors(const double *w, const double *v, size_t d, double *t_out, double *e_out)
{
    double t = gdc_vec_angle(w, v, d);
    double e = gdc_vec_pi_minus_angle(w, v, d);
    *t_out = t;
    *e_out = e;
    if (t <= HALF_PI)
        return sin(t) + e * cos(t);
    return gdc_g3(e);
}

double gdc_relu_kernel_vec(const double *w, const double *v, size_t d)
{
    double nw = gdc_vec_norm(w, d), nv = gdc_vec_norm(v, d);
    if (nw == 0.0 || nv == 0.0)
        return 0.0;
    double t, e;
    double h = h_of_vectors(w, v, d, &t, &e);
    double x = h / (2.0 * GDC_PI_HI);
    return nw > nv ? (nw * x) * nv : (nv * x) * nw;
}

double gdc_relu_loss_vec(const double *w, const double *v, size_t d)
{
    /* F = ||w - v||^2/4 - |w| |v| J(t)/(2 pi)   (= |w|^2/4 + |v|^2/4 - |w| |v| h/(2 pi), h = pi cos t + J) */
    double q = 0.0, m = 0.0;
    for (size_t i = 0; i < d; i++)
        if (fabs(w[i] - v[i]) > m)
            m = fabs(w[i] - v[i]);
    if (m > 0.0)
        for (size_t i = 0; i < d; i++) {
            double u = (w[i] - v[i]) / m;
            q = fma(u, u, q);
        }
    q = m * m * q;
    double nw = gdc_vec_norm(w, d), nv = gdc_vec_norm(v, d);
    if (nw == 0.0 || nv == 0.0)
        return 0.25 * q;
    double t = gdc_vec_angle(w, v, d);
    return 0.25 * q - nw * nv * gdc_g3(t) / (2.0 * GDC_PI_HI);
}

void gdc_relu_grad_vec(double *g, const double *w, const double *v, size_t d)
{
    double nw = gdc_vec_norm(w, d), nv = gdc_vec_norm(v, d);
    if (nw == 0.0) {
        /* convention of seed-000 C5: grad F(0) = -v/2 */
        for (size_t i = 0; i < d; i++)
            g[i] = -0.5 * v[i];
        return;
    }
    if (nv == 0.0) {
        for (size_t i = 0; i < d; i++)
            g[i] = 0.5 * w[i];
        return;
    }
    double t = gdc_vec_angle(w, v, d);
    double e = gdc_vec_pi_minus_angle(w, v, d);
    double s = sin(t);
    double k = 1.0 / (2.0 * GDC_PI_HI);
    if (t <= HALF_PI) {
        /* (w - v)/2 + (t v - |v| sin t w/|w|)/(2 pi): no cancellation near w = v */
        for (size_t i = 0; i < d; i++)
            g[i] = 0.5 * (w[i] - v[i]) + k * (t * v[i] - nv * s * (w[i] / nw));
    } else {
        /* w/2 - (|v| sin t w/|w| + (pi - t) v)/(2 pi) */
        for (size_t i = 0; i < d; i++)
            g[i] = 0.5 * w[i] - k * (nv * s * (w[i] / nw) + e * v[i]);
    }
}
