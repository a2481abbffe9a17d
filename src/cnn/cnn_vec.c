/* Vector forms of the CNN of 003_676a49ed0823cdd9.txt for users who hold (v, a, w*, a*) (seed-003 C6-C8, C12):
 *   loss   ell = (2 W (pi - g) a'a* + (pi - 1) ||d||^2 + (1'd)^2)/(4 pi), d = a - W a* (centred form of C6: exact 0 at
 *          the global minimum, no cancellation near it; the printed Eq. (3) is wrong, seed-003 E1),
 *   grad_v = -(a'a* (pi - phi)/(2 pi ||v||)) (w* - (v.w* / ||v||^2) v)                      (Theorem 2.2, C7),
 *   grad_a = ((pi - 1) d + (1'd) 1 + W (pi - g) a*)/(2 pi)                                 (C8, centred),
 *   a_opt  = W/(pi - 1) ((g - 1) a* + (pi - g) (1'a*)/(k + pi - 1) 1)                      (C12),
 * with W = ||w*|| and phi = angle(v, w*) by Kahan's formula (core/angle.h), never acos of a dot product. */
#include <math.h>
#include "cnn/cnn.h"
#include "core/angle.h"

#define PI 3.141592653589793
#define PI_M1 2.141592653589793

double gdc_cnn_loss_vec(const double *v, const double *a, const double *wstar, const double *astar, size_t p,
                        size_t k)
{
    double W = gdc_vec_norm(wstar, p), phi = gdc_vec_angle(v, wstar, p);
    double x = 0, d2 = 0, sd = 0;
    for (size_t i = 0; i < k; i++) {
        double d = fma(-W, astar[i], a[i]);
        x += a[i] * astar[i];
        d2 += d * d;
        sd += d;
    }
    return (2.0 * W * gdc_cnn_pmg(phi) * x + PI_M1 * d2 + sd * sd) / (4.0 * PI);
}

void gdc_cnn_grad_vec(double *gv, double *ga, const double *v, const double *a, const double *wstar,
                      const double *astar, size_t p, size_t k)
{
    double W = gdc_vec_norm(wstar, p), nv = gdc_vec_norm(v, p), elo;
    double phi = gdc_vec_angle(v, wstar, p), e = gdc_pi_minus(phi, &elo), u = gdc_cnn_pmg(phi);
    double x = 0, sd = 0, vw = 0;
    for (size_t i = 0; i < k; i++) {
        x += a[i] * astar[i];
        sd += fma(-W, astar[i], a[i]);
    }
    for (size_t i = 0; i < p; i++)
        vw += v[i] * wstar[i];
    double cf = -x * (e + elo) / (2.0 * PI * nv), pr = vw / (nv * nv);
    for (size_t i = 0; i < p; i++)
        gv[i] = cf * (wstar[i] - pr * v[i]);
    for (size_t i = 0; i < k; i++)
        ga[i] = (PI_M1 * fma(-W, astar[i], a[i]) + sd + W * u * astar[i]) / (2.0 * PI);
}

void gdc_cnn_a_opt(double *aopt, double phi, double W, const double *astar, size_t k)
{
    double S = 0, g = gdc_cnn_g(phi), u = gdc_cnn_pmg(phi);
    for (size_t i = 0; i < k; i++)
        S += astar[i];
    double c2 = u * S / ((double)k + PI_M1);
    for (size_t i = 0; i < k; i++)
        aopt[i] = W * ((g - 1.0) * astar[i] + c2) / PI_M1;
}
