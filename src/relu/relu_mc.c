/* Definition checks, Monte Carlo: the defining Gaussian expectations of the ReLU rows estimated in
 * dimension d = 5 with seeded N(0, I_5) samples truncated to |z_i| < 5 (the truncation changes the
 * expectations by less than 1e-5 relative, far below the standard error at 10^6 samples).
 * v = a and w = r (cos t a + sin t b) for a random orthonormal pair (a, b); n = sin t a - cos t b is the
 * unit vector orthogonal to w pointing towards v (seed-000 C18, C22). */
#include <math.h>
#include "relu/relu_defs.h"
#include "core/rng.h"
#include "core/angle.h"

#define DIM 5
#define NQ 3

enum { M_H, M_J, M_STEP, M_KERNEL, M_LOSS, M_GRAD, M_CORR, M_CORR_RATIO, M_NORM_RATE, M_ANGLE_RATE };

static double relu(double x) { return x > 0.0 ? x : 0.0; }

static double trunc_normal(gdc_rng_t *g)
{
    for (;;) {
        double z = gdc_rng_normal(g);
        if (fabs(z) < 5.0)
            return z;
    }
}

static void unit(double *a)
{
    double n = 0.0;
    for (int i = 0; i < DIM; i++)
        n += a[i] * a[i];
    n = sqrt(n);
    for (int i = 0; i < DIM; i++)
        a[i] /= n;
}

static double dot(const double *a, const double *b)
{
    double s = 0.0;
    for (int i = 0; i < DIM; i++)
        s += a[i] * b[i];
    return s;
}

/* mean and standard error of nq sample outputs; scale[k] multiplies output k */
static void run_mc(double *mean, double *se, int kind, double r, double t, double ka, double kb,
                   uint64_t seed, long samples)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, seed);
    double a[DIM], b[DIM], wb[DIM], n[DIM];
    for (int i = 0; i < DIM; i++)
        a[i] = gdc_rng_normal(&g);
    unit(a);
    for (int i = 0; i < DIM; i++)
        b[i] = gdc_rng_normal(&g);
    double ab = dot(a, b);
    for (int i = 0; i < DIM; i++)
        b[i] -= ab * a[i];
    unit(b);
    double ct = cos(t), st = sin(t);
    for (int i = 0; i < DIM; i++) {
        wb[i] = ct * a[i] + st * b[i];
        n[i] = st * a[i] - ct * b[i];
    }
    int nq = kind == M_GRAD ? 2 : 1;
    double m[NQ] = {0}, s2[NQ] = {0};
    /* corr_ratio: each sample is divided by the exact |w - v|^2 of the vectors, split as two factors of
     * 1/|w - v| so that no product overflows for huge r */
    double sq = 1.0;
    if (kind == M_CORR_RATIO) {
        double q = 0.0, big = 0.0, d[DIM];
        for (int i = 0; i < DIM; i++) {
            d[i] = r * wb[i] - a[i];
            if (fabs(d[i]) > big)
                big = fabs(d[i]);
        }
        if (big == 0.0) { /* w == v: the ratio is defined as its limit 1/2 */
            mean[0] = 0.5;
            se[0] = 1e-300;
            return;
        }
        for (int i = 0; i < DIM; i++) /* scaled: |w - v|^2 itself may overflow */
            q += (d[i] / big) * (d[i] / big);
        sq = big * sqrt(q);
    }
    double z[DIM];
    for (long k = 1; k <= samples; k++) {
        for (int i = 0; i < DIM; i++)
            z[i] = trunc_normal(&g);
        double wx = dot(wb, z), vx = dot(a, z);
        double y[NQ] = {0};
        double diff = relu(r * wx) - relu(vx);
        double on = wx > 0.0 ? 1.0 : 0.0;
        switch (kind) {
        case M_H: y[0] = 2.0 * GDC_PI_HI * relu(wx) * relu(vx); break;
        case M_J: y[0] = 2.0 * GDC_PI_HI * relu(-wx) * relu(vx); break;
        case M_STEP: y[0] = (wx > 0.0 && vx > 0.0) ? 1.0 : 0.0; break;
        case M_KERNEL: y[0] = ka * kb * relu(wx) * relu(vx); break;
        case M_LOSS: y[0] = 0.5 * diff * diff; break;
        case M_GRAD: y[0] = diff * on * wx; y[1] = diff * on * dot(n, z); break;
        case M_CORR: y[0] = diff * on * (r * wx - vx); break;
        case M_CORR_RATIO: y[0] = (diff / sq) * on * ((r * wx - vx) / sq); break;
        case M_NORM_RATE: y[0] = -2.0 * r * diff * on * wx; break;
        default: y[0] = diff * on * dot(n, z); break; /* angle_rate times r: divided by r at the end */
        }
        for (int q = 0; q < nq; q++) { /* Welford */
            double d = y[q] - m[q];
            m[q] += d / (double)k;
            s2[q] += d * (y[q] - m[q]);
        }
    }
    for (int q = 0; q < nq; q++) {
        double sd = sqrt(s2[q] / ((double)samples - 1.0) / (double)samples);
        if (sd == 0.0)
            sd = 1.0 / (double)samples; /* no variation seen: the resolution of the estimate */
        mean[q] = kind == M_ANGLE_RATE ? m[q] / r : m[q];
        se[q] = kind == M_ANGLE_RATE ? sd / r : sd;
    }
}

void gdc_relu_mc_h(double *mean, double *se, const double *x, uint64_t seed, long n)
{ run_mc(mean, se, M_H, 1.0, x[0], 0, 0, seed, n); }
void gdc_relu_mc_J(double *mean, double *se, const double *x, uint64_t seed, long n)
{ run_mc(mean, se, M_J, 1.0, x[0], 0, 0, seed, n); }
void gdc_relu_mc_step(double *mean, double *se, const double *x, uint64_t seed, long n)
{ run_mc(mean, se, M_STEP, 1.0, x[0], 0, 0, seed, n); }
void gdc_relu_mc_kernel(double *mean, double *se, const double *x, uint64_t seed, long n)
{ run_mc(mean, se, M_KERNEL, 1.0, x[2], x[0], x[1], seed, n); }
void gdc_relu_mc_loss(double *mean, double *se, const double *x, uint64_t seed, long n)
{ run_mc(mean, se, M_LOSS, x[0], x[1], 0, 0, seed, n); }
void gdc_relu_mc_grad(double *mean, double *se, const double *x, uint64_t seed, long n)
{ run_mc(mean, se, M_GRAD, x[0], x[1], 0, 0, seed, n); }
void gdc_relu_mc_corr(double *mean, double *se, const double *x, uint64_t seed, long n)
{ run_mc(mean, se, M_CORR, x[0], x[1], 0, 0, seed, n); }
void gdc_relu_mc_corr_ratio(double *mean, double *se, const double *x, uint64_t seed, long n)
{ run_mc(mean, se, M_CORR_RATIO, x[0], x[1], 0, 0, seed, n); }
void gdc_relu_mc_norm_rate(double *mean, double *se, const double *x, uint64_t seed, long n)
{ run_mc(mean, se, M_NORM_RATE, x[0], x[1], 0, 0, seed, n); }
void gdc_relu_mc_angle_rate(double *mean, double *se, const double *x, uint64_t seed, long n)
{ run_mc(mean, se, M_ANGLE_RATE, x[0], x[1], 0, 0, seed, n); }
