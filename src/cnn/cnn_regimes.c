/* Hard-regime samplers of the CNN rows (seed-003 C1, C6, C12, C17, B2, B20): the loss near its global minimum
 * (phi -> 0, a -> W a*, where the printed Eq. (3) loses every digit), phi -> pi (g = O((pi - phi)^3)), the profile at
 * both ends, the spurious minimum at its existence threshold pi S^2 = K N, and the angle step near phi = 0, pi and
 * the kink y cos phi = 1. */
#include <math.h>
#include "cnn/cnn_defs.h"

#define PI 3.141592653589793

/* realizable scalars of a random a* in R^3 and a = W a* + eps z */
static void scalars_near_min(double *x, gdc_rng_t *rng, double phi)
{
    double as[3], a[3], eps = pow(10.0, gdc_rng_range(rng, -12, -2)), W = gdc_rng_range(rng, 0.5, 2.0);
    double N = 0, S = 0, xx = 0, s = 0, n = 0;
    for (int i = 0; i < 3; i++) {
        as[i] = gdc_rng_normal(rng);
        a[i] = W * as[i] + eps * gdc_rng_normal(rng);
        N += as[i] * as[i];
        S += as[i];
        xx += a[i] * as[i];
        s += a[i];
        n += a[i] * a[i];
    }
    x[0] = W; x[1] = N; x[2] = S; x[3] = phi; x[4] = xx; x[5] = s; x[6] = n;
}

void gdc_cnn_reg_loss_min(double *x, gdc_rng_t *rng) { scalars_near_min(x, rng, pow(10.0, gdc_rng_range(rng, -12, -2))); }
void gdc_cnn_reg_loss_phi_0(double *x, gdc_rng_t *rng)
{
    scalars_near_min(x, rng, pow(10.0, gdc_rng_range(rng, -300, -1)));
    x[4] *= gdc_rng_range(rng, -1.5, 1.5); /* away from the minimum too */
}
void gdc_cnn_reg_loss_phi_pi(double *x, gdc_rng_t *rng)
{
    scalars_near_min(x, rng, PI - pow(10.0, gdc_rng_range(rng, -15, -1)));
    x[4] *= gdc_rng_range(rng, -1.5, 1.5);
}

/* cnn.grad: k = 3 (the scalars are those of a* in R^3), then the loss's arguments */
void gdc_cnn_reg_grad_min(double *x, gdc_rng_t *rng)
{
    x[0] = 3;
    gdc_cnn_reg_loss_min(x + 1, rng);
}
void gdc_cnn_reg_grad_phi_pi(double *x, gdc_rng_t *rng)
{
    x[0] = 3;
    gdc_cnn_reg_loss_phi_pi(x + 1, rng);
}

static void profile_args(double *x, gdc_rng_t *rng, double phi)
{
    x[0] = floor(gdc_rng_range(rng, 1, 50));
    x[1] = gdc_rng_range(rng, 0.1, 3);
    x[2] = gdc_rng_range(rng, 0.1, 10);
    x[3] = gdc_rng_range(rng, -1, 1) * sqrt(x[0] * x[2]);
    x[4] = phi;
}
void gdc_cnn_reg_profile_phi_0(double *x, gdc_rng_t *rng) { profile_args(x, rng, pow(10.0, gdc_rng_range(rng, -300, -1))); }
void gdc_cnn_reg_profile_phi_pi(double *x, gdc_rng_t *rng) { profile_args(x, rng, PI - pow(10.0, gdc_rng_range(rng, -15, -1))); }

void gdc_cnn_reg_spur_threshold(double *x, gdc_rng_t *rng)
{
    profile_args(x, rng, 0);
    double K = x[0] + PI - 1, rel = pow(10.0, gdc_rng_range(rng, -14, -2)) * (gdc_rng_uniform(rng) < 0.5 ? -1 : 1);
    x[3] = sqrt(K * x[2] / PI) * (1 + rel); /* pi S^2 = K N (1 + 2 rel) */
}

void gdc_cnn_reg_angle_phi_0(double *x, gdc_rng_t *rng)
{
    x[0] = pow(10.0, gdc_rng_range(rng, -300, -1));
    x[1] = gdc_rng_range(rng, -4, 4);
}
void gdc_cnn_reg_angle_phi_pi(double *x, gdc_rng_t *rng)
{
    x[0] = PI - pow(10.0, gdc_rng_range(rng, -15, -1));
    x[1] = gdc_rng_range(rng, -4, 4);
}
void gdc_cnn_reg_angle_kink(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_range(rng, 0, 1.5);
    x[1] = (1 + pow(10.0, gdc_rng_range(rng, -15, -2)) * gdc_rng_range(rng, -1, 1)) / cos(x[0]);
}
