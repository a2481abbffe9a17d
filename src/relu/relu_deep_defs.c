/* Definition checks of relu.nngp and relu.ntk, x = (L, a, b, t):
 *  - rigorous: the textbook recursion from the one-layer rows, rho_l = 2 relu.kernel(1, 1, theta_{l-1}) and
 *    kappa0 = 2 relu.step(theta_{l-1}) in Arb with theta_l = acos rho_l (at raised precision: acos near 1 halves the
 *    bits), and the NTK by the sum of products of Arora et al. 2019 Thm 3.1,
 *    Theta_L = sum_{h=0}^{L} Sigma_h prod_{h'=h+1}^{L} Sigma'_{h'} (no shared code with relu_deep_arb.c's form);
 *  - Monte Carlo: the last layer's defining Gaussian expectations, Sigma_L = 2 a b E[relu(u) relu(v)] and
 *    Sigma'_L = 2 E[1(u > 0) 1(v > 0)] for (u, v) standard normal with correlation rho_{L-1} (taken from the double
 *    kernel at depth L - 1), Theta_L = Theta_{L-1} Sigma'_L + Sigma_L. L = 0 is no expectation (a b cos t). */
#include <math.h>
#include <stdlib.h>
#include "relu/relu.h"
#include "relu/relu_deep.h"

/* rho clipped to [-1, 1] (every point of the ball is a correlation), then acos */
static void acos_clip(arb_t th, const arb_t rho, slong prec)
{
    arf_t lo, hi;
    arf_init(lo);
    arf_init(hi);
    arb_get_interval_arf(lo, hi, rho, prec);
    if (arf_cmp_si(hi, 1) > 0)
        arf_one(hi);
    if (arf_cmp_si(lo, -1) < 0)
        arf_set_si(lo, -1);
    arb_set_interval_arf(th, lo, hi, prec);
    arb_acos(th, th, prec);
    arf_clear(lo);
    arf_clear(hi);
}

/* out[0] = a b rho_L, out[1] = a b (1 - rho_L), out[2] = a b Theta_L/(a b) */
/* out = out * y for a double y (a two-step product: exact y as a ball) */
static void arb_mul_d_exact(arb_t out, double y, slong prec)
{
    arb_t u;
    arb_init(u);
    arb_set_d(u, y);
    arb_mul(out, out, u, prec);
    arb_clear(u);
}

static int textbook(arb_ptr out, const double *x, slong prec)
{
    int L = (int)x[0];
    if (x[3] == 0.0) {
        /* parallel inputs: rho_l = kappa1(1) = h(0)/pi = 1 and kappa0(1) = 1 in every layer, so Sigma_L = a b and
         * Theta_L = (L + 1) a b (the definition at the point itself: Arb's acos of a ball [1 - eps, 1] reaches
         * angles below 0, which relu.kernel's domain check refuses) */
        arb_set_d(out + 0, x[1]);
        arb_mul_d_exact(out, x[2], prec);
        arb_zero(out + 1);
        arb_mul_si(out + 2, out + 0, L + 1, prec);
        return 0;
    }
    /* acos(rho) near 1 gives theta to half the bits of 1 - rho ~ t^2/2: four times the bits of 1/t more */
    slong wp = 4 * prec + (x[3] > 0.0 && x[3] < 1.0 ? 4 * (slong)(-ilogb(x[3])) : 0);
    arb_ptr sig = _arb_vec_init(L + 1), dot = _arb_vec_init(L + 1);
    arb_t th, one, ab;
    arb_init(th);
    arb_init(one);
    arb_init(ab);
    arb_one(one);
    arb_set_d(th, x[3]);
    arb_cos(sig + 0, th, wp);
    for (int l = 1; l <= L; l++) {
        gdc_relu_kernel_arb(sig + l, one, one, th, wp);
        arb_mul_2exp_si(sig + l, sig + l, 1);
        gdc_relu_step_arb(dot + l, th, wp);
        arb_mul_2exp_si(dot + l, dot + l, 1);
        acos_clip(th, sig + l, wp);
    }
    arb_t p, s, u;
    arb_init(p);
    arb_init(s);
    arb_init(u);
    arb_one(p);
    for (int h = L; h >= 0; h--) { /* s = sum_h Sigma_h prod_{h' > h} Sigma'_{h'} */
        arb_mul(u, sig + h, p, wp);
        arb_add(s, s, u, wp);
        if (h > 0)
            arb_mul(p, p, dot + h, wp);
    }
    arb_set_d(ab, x[1]);
    arb_set_d(u, x[2]);
    arb_mul(ab, ab, u, wp);
    arb_mul(out + 0, ab, sig + L, prec);
    arb_sub(u, one, sig + L, wp);
    arb_mul(out + 1, ab, u, prec);
    arb_mul(out + 2, ab, s, prec);
    int bad = !arb_is_finite(out + 0) || !arb_is_finite(out + 1) || !arb_is_finite(out + 2);
    arb_clear(p); arb_clear(s); arb_clear(u); arb_clear(th); arb_clear(one); arb_clear(ab);
    _arb_vec_clear(sig, L + 1);
    _arb_vec_clear(dot, L + 1);
    return bad;
}

int gdc_relu_deep_def_nngp(arb_ptr out, const double *x, slong prec)
{
    arb_ptr y = _arb_vec_init(3);
    int r = textbook(y, x, prec);
    arb_set(out, y);
    arb_set(out + 1, y + 1);
    _arb_vec_clear(y, 3);
    return r;
}

int gdc_relu_deep_def_ntk(arb_ptr out, const double *x, slong prec)
{
    arb_ptr y = _arb_vec_init(3);
    int r = textbook(y, x, prec);
    arb_set(out, y + 2);
    _arb_vec_clear(y, 3);
    return r;
}

/* mean and standard error of the last layer's samples: k = 0: 2 a b relu(u) relu(v), 1: a b (1 - 2 relu(u)
 * relu(v)), 2: a b (tau_{L-1} 2 1(u > 0) 1(v > 0) + 2 relu(u) relu(v)) */
static void mc(double *mean, double *se, int kind, const double *x, uint64_t seed, long n)
{
    int L = (int)x[0];
    double a = x[1], b = x[2], t = x[3];
    if (L == 0) { /* no expectation: the value itself, exactly */
        double s = sin(0.5 * t);
        mean[0] = kind == 0 ? a * b * cos(t) : kind == 1 ? a * b * 2.0 * s * s : a * b * cos(t);
        se[0] = 0.0;
        return;
    }
    double prev[2];
    gdc_relu_nngp(prev, L - 1, 1.0, 1.0, t); /* rho_{L-1}, 1 - rho_{L-1} */
    double rho = prev[0], m = prev[1], sn = sqrt(m * (2.0 - m));
    double tau = kind == 2 ? gdc_relu_ntk(L - 1, 1.0, 1.0, t) : 0.0;
    gdc_rng_t g;
    gdc_rng_seed(&g, seed);
    double mu = 0.0, s2 = 0.0;
    for (long k = 1; k <= n; k++) {
        double z1 = gdc_rng_normal(&g), z2 = gdc_rng_normal(&g);
        double u = z1, v = rho * z1 + sn * z2;
        double rr = (u > 0.0 && v > 0.0) ? 2.0 * u * v : 0.0;
        double y = kind == 0 ? rr : kind == 1 ? 1.0 - rr : tau * ((u > 0.0 && v > 0.0) ? 2.0 : 0.0) + rr;
        double d = y - mu;
        mu += d / (double)k;
        s2 += d * (y - mu);
    }
    mean[0] = a * b * mu;
    se[0] = a * b * sqrt(s2 / ((double)n - 1.0) / (double)n);
}

void gdc_relu_deep_mc_nngp(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    mc(mean, se, 0, x, seed, samples);
    mc(mean + 1, se + 1, 1, x, seed, samples);
}

void gdc_relu_deep_mc_ntk(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    mc(mean, se, 2, x, seed, samples);
}
