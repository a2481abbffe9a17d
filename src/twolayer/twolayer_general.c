/* The population loss and gradient of a one-hidden-layer ReLU network with k neurons and r outputs fitting a
 * linear map, Gaussian inputs (001_66813dc1ca3a5435.txt App. A.1 eq. (6), A.2 eq. (8); seed-001 C1, C4, C6, C7):
 *   L = (1/(4 pi)) sum_{i,j} <v_i, v_j> |w_i| |w_j| h(theta_ij) - (1/2) sum_i v_i^T A w_i + (1/2) ||A||_F^2,
 *   grad_{w_i} L = sum_j <v_i, v_j> g(w_i, w_j) - (1/2) A^T v_i,
 *   g(a, b) = (|b| sin theta a/|a| + (pi - theta) b)/(2 pi), g(a, a) = a/2,
 * W (k x d, rows w_i), V (k x r, rows v_i), A (r x d), all row-major. theta_ij by Kahan's atan2 form on the unit
 * rows, h = gdc_twolayer_h (cancellation-free near pi). This is the paper's form (a): near a zero of the loss it
 * cancels O(||A||^2) terms (seed-001 C5: use twolayer.loss for k = 2, r = 1 there). */
#include <math.h>
#include <stdlib.h>
#include "twolayer/twolayer.h"

static double norm(const double *x, int d)
{
    double s = 0;
    for (int i = 0; i < d; i++)
        s = hypot(s, x[i]);
    return s;
}

/* angle between nonzero a and b: 2 atan2(|a/|a| - b/|b||, |a/|a| + b/|b||) */
static double angle(const double *a, double na, const double *b, double nb, int d)
{
    double m = 0, p = 0;
    for (int i = 0; i < d; i++) {
        double u = a[i] / na, v = b[i] / nb;
        m = hypot(m, u - v);
        p = hypot(p, u + v);
    }
    return 2 * atan2(m, p);
}

static double dot(const double *a, const double *b, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s = fma(a[i], b[i], s);
    return s;
}

double gdc_twolayer_loss_general(int k, int r, int d, const double *W, const double *V, const double *A)
{
    const double inv4pi = 0.079577471545947673;
    double *n = malloc(sizeof(double) * (size_t)(k > 0 ? k : 1));
    double s = 0, lin = 0, fro = 0;
    for (int i = 0; i < k; i++)
        n[i] = norm(W + (size_t)i * d, d);
    for (int i = 0; i < k; i++) {
        s += dot(V + (size_t)i * r, V + (size_t)i * r, r) * n[i] * n[i] / 4; /* h(0) = pi */
        for (int j = i + 1; j < k; j++) {
            if (n[i] == 0 || n[j] == 0)
                continue;
            double t = angle(W + (size_t)i * d, n[i], W + (size_t)j * d, n[j], d);
            s += 2 * inv4pi * dot(V + (size_t)i * r, V + (size_t)j * r, r) * n[i] * n[j] * gdc_twolayer_h(t);
        }
        for (int l = 0; l < r; l++) /* v_i^T A w_i */
            lin += V[(size_t)i * r + l] * dot(A + (size_t)l * d, W + (size_t)i * d, d);
    }
    for (int l = 0; l < r * d; l++)
        fro = fma(A[l], A[l], fro);
    free(n);
    return s - lin / 2 + fro / 2;
}

int gdc_twolayer_grad_general(double *G, int k, int r, int d, const double *W, const double *V, const double *A)
{
    const double inv2pi = 0.15915494309189535, pi = 3.141592653589793;
    double *n = malloc(sizeof(double) * (size_t)(k > 0 ? k : 1));
    int st = 0;
    for (int i = 0; i < k; i++) {
        n[i] = norm(W + (size_t)i * d, d);
        st |= n[i] == 0;
    }
    for (int i = 0; i < k && !st; i++) {
        const double *wi = W + (size_t)i * d, *vi = V + (size_t)i * r;
        double *gi = G + (size_t)i * d;
        double cii = dot(vi, vi, r) / 2;
        for (int m = 0; m < d; m++) {         /* <v_i, v_i> w_i/2 - A^T v_i/2 */
            double at = 0;
            for (int l = 0; l < r; l++)
                at = fma(A[(size_t)l * d + m], vi[l], at);
            gi[m] = cii * wi[m] - at / 2;
        }
        for (int j = 0; j < k; j++) {
            if (j == i)
                continue;
            const double *wj = W + (size_t)j * d;
            double t = angle(wi, n[i], wj, n[j], d), c = dot(vi, V + (size_t)j * r, r) * inv2pi;
            double a = c * n[j] * sin(t) / n[i], b = c * (pi - t);
            for (int m = 0; m < d; m++)
                gi[m] += a * wi[m] + b * wj[m];
        }
    }
    free(n);
    return st ? -1 : 0;
}
