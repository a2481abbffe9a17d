/* Definition checks of the erf family (002_588e28744115f015.txt, Lemma 1, Lemma 2, Lemma 5; seed-002 C13,
 * C14, C19, C20, C24, C31): rigorous truncated-Gaussian integration in the plane of the two vectors
 * (w = a e1, u = c (cos t e1 + sin t e2)), and seeded Monte Carlo with vectors in R^5. */
#include <math.h>
#include "erf/erf.h"
#include "cosine/gauss_quad.h"

typedef struct {
    arb_t a, b, ct, st;
} eplane_t;

static void ep_init(eplane_t *P, double a, double b, double t, slong prec)
{
    arb_init(P->a);
    arb_init(P->b);
    arb_init(P->ct);
    arb_init(P->st);
    arb_set_d(P->a, a);
    arb_set_d(P->b, b);
    arb_set_d(P->st, t);
    arb_sin_cos(P->st, P->ct, P->st, prec);
}

static void ep_clear(eplane_t *P)
{
    arb_clear(P->a);
    arb_clear(P->b);
    arb_clear(P->ct);
    arb_clear(P->st);
}

/* erf'(z) = (2/sqrt(pi)) exp(-z^2) */
static void acb_erf_deriv(acb_t r, const acb_t z, slong prec)
{
    arb_t c;
    arb_init(c);
    acb_sqr(r, z, prec);
    acb_neg(r, r);
    acb_exp(r, r, prec);
    arb_const_sqrt_pi(c, prec);
    arb_inv(c, c, prec);
    arb_mul_2exp_si(c, c, 1);
    acb_mul_arb(r, r, c, prec);
    arb_clear(c);
}

/* B = b (ct y1 + st y2) */
static void ep_B(acb_t B, const eplane_t *P, const acb_t y1, const acb_t y2, slong prec)
{
    acb_t u;
    acb_init(u);
    acb_mul_arb(B, y1, P->ct, prec);
    acb_mul_arb(u, y2, P->st, prec);
    acb_add(B, B, u, prec);
    acb_mul_arb(B, B, P->b, prec);
    acb_clear(u);
}

static void f_kernel(acb_t out, const acb_t y1, const acb_t y2, int k, const void *param, slong prec)
{
    const eplane_t *P = param;
    acb_t A;
    (void)k;
    acb_init(A);
    acb_mul_arb(A, y1, P->a, prec);
    acb_hypgeom_erf(A, A, prec);
    ep_B(out, P, y1, y2, prec);
    acb_hypgeom_erf(out, out, prec);
    acb_mul(out, out, A, prec);
    acb_clear(A);
}

int gdc_erf_kernel_def_arb(arb_ptr out, const double *x, slong prec)
{
    eplane_t P;
    ep_init(&P, x[0], x[1], x[2], prec);
    int r = gdc_gauss_expect_arb(out, 1, 2, f_kernel, &P, 1.0, prec);
    ep_clear(&P);
    return r;
}

int gdc_erf_self_gap_def_arb(arb_ptr out, const double *x, slong prec)
{
    eplane_t P;
    ep_init(&P, x[0], x[0], 0, prec);
    int r = gdc_gauss_expect_arb(out, 1, 1, f_kernel, &P, 1.0, prec); /* E[erf(a y)^2] */
    arb_sub_ui(out, out, 1, prec);
    arb_neg(out, out);
    ep_clear(&P);
    return r;
}

int gdc_erf_log_vk_def_arb(arb_ptr out, const double *x, slong prec)
{
    eplane_t P;
    arb_t k;
    arb_init(k);
    ep_init(&P, x[1], x[1], 0, prec);
    int r = gdc_gauss_expect_arb(out, 1, 1, f_kernel, &P, 1.0, prec);
    arb_log(out, out, prec);
    arb_set_d(k, x[0]);
    arb_mul(out, out, k, prec);
    arb_exp(out + 1, out, prec);
    ep_clear(&P);
    arb_clear(k);
    return r;
}

/* c1 = E[erf(a y) erf'(a y) y]/a: the integrand (erf(a y)/a) erf'(a y) y, with the limit (2/sqrt(pi)) y at a = 0 */
static void f_c1(acb_t out, const acb_t y1, const acb_t y2, int k, const void *param, slong prec)
{
    const eplane_t *P = param;
    acb_t A, d;
    (void)y2;
    (void)k;
    acb_init(A);
    acb_init(d);
    acb_mul_arb(A, y1, P->a, prec);
    acb_erf_deriv(d, A, prec);
    if (arb_is_zero(P->a)) {
        acb_mul(out, d, y1, prec);
    } else {
        acb_hypgeom_erf(out, A, prec);
        acb_div_arb(out, out, P->a, prec);
        acb_mul(out, out, d, prec);
    }
    acb_mul(out, out, y1, prec);
    acb_clear(A);
    acb_clear(d);
}

int gdc_erf_c1_def_arb(arb_ptr out, const double *x, slong prec)
{
    eplane_t P;
    ep_init(&P, x[0], 0, 0, prec);
    int r = gdc_gauss_expect_arb(out, 1, 1, f_c1, &P, 1.5, prec);
    ep_clear(&P);
    return r;
}

/* btilde = E[erf(u.x) erf'(w.x) x], w = a e1, u = c (ct e1 + st e2): param a = |w|, b = |u| */
static void f_btilde(acb_t out, const acb_t y1, const acb_t y2, int k, const void *param, slong prec)
{
    const eplane_t *P = param;
    acb_t A;
    acb_init(A);
    acb_mul_arb(A, y1, P->a, prec);
    acb_erf_deriv(A, A, prec);
    ep_B(out, P, y1, y2, prec);
    acb_hypgeom_erf(out, out, prec);
    acb_mul(out, out, A, prec);
    acb_mul(out, out, k == 0 ? y1 : y2, prec);
    acb_clear(A);
}

int gdc_erf_btilde_def_arb(arb_ptr out, const double *x, slong prec)
{
    eplane_t P;
    ep_init(&P, x[1], x[0], x[2], prec);
    int r = gdc_gauss_expect_arb(out, 2, 2, f_btilde, &P, 1.0, prec);
    ep_clear(&P);
    return r;
}

/* Lemma 2 thresholds from their definitions, by the paper's first inversion f(a) = sin/(1 - sin):
 * V(u,u) = 1 - 1/k  <=>  2s/(1+2s) = sin(pi (1 - 1/k)/2)  <=>  s = sigma/(2(1 - sigma)); likewise V^k = 1/4. */
int gdc_erf_lemma2_def_arb(arb_ptr out, const double *x, slong prec)
{
    arb_t k, sg, u;
    arb_init(k);
    arb_init(sg);
    arb_init(u);
    arb_set_d(k, x[0]);
    for (int j = 0; j < 2; j++) {
        arb_inv(u, k, prec);
        if (j == 0) {
            arb_sub_ui(sg, u, 1, prec);
            arb_neg(sg, sg);
        } else {
            arb_mul_si(sg, u, -2, prec);
            arb_const_log2(u, prec);
            arb_mul(sg, sg, u, prec);
            arb_exp(sg, sg, prec);
        }
        arb_mul_2exp_si(sg, sg, -1);
        arb_sin_pi(sg, sg, prec);
        arb_sub_ui(u, sg, 1, prec);
        arb_neg(u, u);
        arb_mul_2exp_si(u, u, 1);
        arb_div(out + j, sg, u, prec);
    }
    arb_clear(k);
    arb_clear(sg);
    arb_clear(u);
    return 0;
}

/* Hessian at the optimum, E[grad p grad p^T] of the WS model (independent blocks, radial y_l = uhat.x_l):
 * Q_rad = (1 + k B^{k-1}) A + k(k-1) B^{k-2} C^2, Q_trans = (1 + k B^{k-1}) A0, with the 1-D integrals
 * A = E[erf'(r y)^2 y^2], A0 = E[erf'(r y)^2], B = E[erf(r y)^2], C = E[erf(r y) erf'(r y) y]. */
static void f_hopt(acb_t out, const acb_t y1, const acb_t y2, int k, const void *param, slong prec)
{
    const eplane_t *P = param;
    acb_t A, d;
    (void)y2;
    acb_init(A);
    acb_init(d);
    acb_mul_arb(A, y1, P->a, prec);
    acb_erf_deriv(d, A, prec);
    acb_hypgeom_erf(A, A, prec);
    if (k == 0)
        acb_mul(out, d, y1, prec), acb_sqr(out, out, prec);
    else if (k == 1)
        acb_sqr(out, d, prec);
    else if (k == 2)
        acb_sqr(out, A, prec);
    else
        acb_mul(out, A, d, prec), acb_mul(out, out, y1, prec);
    acb_clear(A);
    acb_clear(d);
}

int gdc_erf_hess_opt_def_arb(arb_ptr out, const double *x, slong prec)
{
    eplane_t P;
    arb_ptr I = _arb_vec_init(4);
    arb_t k, u, f1;
    arb_init(k);
    arb_init(u);
    arb_init(f1);
    ep_init(&P, x[1], 0, 0, prec);
    int r = gdc_gauss_expect_arb(I, 4, 1, f_hopt, &P, 1.3, prec);
    arb_set_d(k, x[0]);
    arb_sub_ui(u, k, 1, prec);
    arb_pow(f1, I + 2, u, prec);
    arb_mul(f1, f1, k, prec);
    arb_add_ui(f1, f1, 1, prec);
    arb_mul(out + 1, f1, I + 1, prec);
    arb_mul(out, f1, I, prec);
    arb_sub_ui(u, k, 2, prec);
    arb_pow(f1, I + 2, u, prec);
    arb_sqr(u, I + 3, prec);
    arb_mul(f1, f1, u, prec);
    arb_sub_ui(u, k, 1, prec);
    arb_mul(u, u, k, prec);
    arb_mul(f1, f1, u, prec);
    arb_add(out, out, f1, prec);
    ep_clear(&P);
    _arb_vec_clear(I, 4);
    arb_clear(k);
    arb_clear(u);
    arb_clear(f1);
    return r;
}

/* ---------------- Monte Carlo in R^5 ---------------- */
typedef struct {
    double w[GDC_MC_DIM], u[GDC_MC_DIM], e1[GDC_MC_DIM], e2[GDC_MC_DIM], a;
} emc_t;

static double dot5(const double *x, const double *z)
{
    double s = 0;
    for (int i = 0; i < GDC_MC_DIM; i++)
        s += x[i] * z[i];
    return s;
}

/* w = a e1, u = c (cos t e1 + sin t e2) */
static void emc_setup(emc_t *P, double a, double c, double t, uint64_t seed)
{
    gdc_mc_frame(P->e1, P->e2, seed);
    for (int i = 0; i < GDC_MC_DIM; i++) {
        P->w[i] = a * P->e1[i];
        P->u[i] = c * (cos(t) * P->e1[i] + sin(t) * P->e2[i]);
    }
    P->a = a;
}

static double erf_deriv(double z) { return 1.1283791670955126 * exp(-z * z); }

static void g_kernel(double *v, const double *z, const void *param)
{
    const emc_t *P = param;
    v[0] = erf(dot5(P->w, z)) * erf(dot5(P->u, z));
}

void gdc_erf_kernel_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    emc_t P;
    emc_setup(&P, x[0], x[1], x[2], seed);
    gdc_mc_expect(mean, se, 1, g_kernel, &P, GDC_MC_DIM, seed, samples);
}

static void g_gap(double *v, const double *z, const void *param)
{
    const emc_t *P = param;
    double e = erf(dot5(P->w, z));
    v[0] = 1.0 - e * e;
}

void gdc_erf_self_gap_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    emc_t P;
    emc_setup(&P, x[0], 0, 0, seed);
    gdc_mc_expect(mean, se, 1, g_gap, &P, GDC_MC_DIM, seed, samples);
}

void gdc_erf_log_vk_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    emc_t P;
    double m, s, k = x[0];
    emc_setup(&P, x[1], x[1], 0, seed);
    gdc_mc_expect(&m, &s, 1, g_kernel, &P, GDC_MC_DIM, seed, samples); /* E[erf(u.x)^2] */
    /* delta method for log(m^k) and m^k */
    mean[0] = k * log(m);
    se[0] = k * s / m;
    mean[1] = exp(mean[0]);
    se[1] = mean[1] * se[0];
}

static void g_c1(double *v, const double *z, const void *param)
{
    const emc_t *P = param;
    double y = dot5(P->e1, z);
    v[0] = P->a > 0 ? erf(P->a * y) / P->a * erf_deriv(P->a * y) * y : 1.1283791670955126 * y * 1.1283791670955126 * y;
}

void gdc_erf_c1_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    emc_t P;
    emc_setup(&P, x[0], 0, 0, seed);
    gdc_mc_expect(mean, se, 1, g_c1, &P, GDC_MC_DIM, seed, samples);
}

static void g_btilde(double *v, const double *z, const void *param)
{
    const emc_t *P = param;
    double f = erf(dot5(P->u, z)) * erf_deriv(dot5(P->w, z));
    v[0] = f * dot5(P->e1, z);
    v[1] = f * dot5(P->e2, z);
}

void gdc_erf_btilde_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    emc_t P;
    emc_setup(&P, x[1], x[0], x[2], seed);
    gdc_mc_expect(mean, se, 2, g_btilde, &P, GDC_MC_DIM, seed, samples);
}
