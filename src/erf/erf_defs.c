/* Definition checks of the erf family (002_588e28744115f015.txt, Lemma 1, Lemma 2, Lemma 5; seed-002 C13,
 * C14, C19, C20, C24, C31): rigorous integration of the defining expectations in the plane of the two vectors
 * (w = a e1, u = c (cos t e1 + sin t e2); Y1, Y2 iid N(0,1) the coordinates of x), and seeded Monte Carlo
 * with vectors in R^5.
 *
 * Reduction to one dimension: with B = c (ct Y1 + st Y2) = p + q Y2 (p = c ct Y1, q = c st), the expectation
 * over Y2 given Y1 is taken analytically by these identities for Z ~ N(0,1), real p, q, s = sqrt(1 + 2q^2):
 *  (E1) E[erf(p + qZ)] = erf(p/s).
 *       Proof: erf(x) = 2 Phi(sqrt2 x) - 1 (Phi the N(0,1) cdf), and for W ~ N(0,1) independent of Z,
 *       E[Phi(al + be Z)] = P(W - be Z <= al) = Phi(al/sqrt(1 + be^2)) since W - be Z ~ N(0, 1 + be^2).
 *       With al = sqrt2 p, be = sqrt2 q: E[erf(p + qZ)] = 2 Phi(sqrt2 p/s) - 1 = erf(p/s).
 *  (E2) E[Z erf(p + qZ)] = q E[erf'(p + qZ)] (Stein: E[Z g(Z)] = E[g'(Z)], g bounded with bounded g') and
 *       E[exp(-(p + qZ)^2)] = exp(-p^2/s^2)/s (complete the square: (p + qz)^2 + z^2/2
 *       = (s^2/2)(z + 2pq/s^2)^2 + p^2/s^2, and int exp(-(s^2/2) v^2) dv/sqrt(2 pi) = 1/s), so
 *       E[Z erf(p + qZ)] = (2q/(s sqrt(pi))) exp(-p^2/s^2) = (q/s) erf'(p/s).
 * The remaining expectation over Y1 is one acb_calc_integrate (core/normal_quad.c). Williams' formula and Lemma 5
 * integrate Y1 analytically as well (the arcsine comes from that second integration); here Y1 is integrated
 * numerically, so the check stays independent of the closed forms. */
#include <math.h>
#include "erf/erf.h"
#include "core/normal_quad.h"

/* a = |w| (coefficient of Y1 in the first factor) and kappa = c ct/s, the coefficient of Y1 after (E1);
 * qs = q/s (E2). */
typedef struct {
    arb_t a, kappa, qs;
} eplane_t;

static void ep_init(eplane_t *P, double a, double c, double t, slong prec)
{
    arb_t st, ct, s;
    arb_init(st);
    arb_init(ct);
    arb_init(s);
    arb_init(P->a);
    arb_init(P->kappa);
    arb_init(P->qs);
    arb_set_d(P->a, a);
    arb_set_d(st, t);
    arb_sin_cos(st, ct, st, prec);
    arb_set_d(s, c);
    arb_mul(P->qs, s, st, prec);    /* q = c st */
    arb_mul(P->kappa, s, ct, prec); /* c ct */
    gdc_arb_sqr(s, P->qs, prec);
    arb_mul_2exp_si(s, s, 1);
    arb_add_ui(s, s, 1, prec);
    arb_sqrt(s, s, prec); /* s = sqrt(1 + 2q^2) */
    arb_div(P->kappa, P->kappa, s, prec);
    arb_div(P->qs, P->qs, s, prec);
    arb_clear(st);
    arb_clear(ct);
    arb_clear(s);
}

static void ep_clear(eplane_t *P)
{
    arb_clear(P->a);
    arb_clear(P->kappa);
    arb_clear(P->qs);
}

/* erf'(z) = (2/sqrt(pi)) exp(-z^2) (declared in erf.h; also used by erf_ratio_defs.c) */
void gdc_erf_deriv_acb(acb_t r, const acb_t z, slong prec)
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

/* E[erf(w.x) erf(u.x) | Y1 = y] = erf(a y) erf(kappa y)   (E1); |.| <= 1 */
static void f_kernel(acb_t out, const acb_t y, int k, const void *param, slong prec)
{
    const eplane_t *P = param;
    acb_t A;
    (void)k;
    acb_init(A);
    acb_mul_arb(A, y, P->a, prec);
    acb_hypgeom_erf(A, A, prec);
    acb_mul_arb(out, y, P->kappa, prec);
    acb_hypgeom_erf(out, out, prec);
    acb_mul(out, out, A, prec);
    acb_clear(A);
}

int gdc_erf_kernel_def_arb(arb_ptr out, const double *x, slong prec)
{
    eplane_t P;
    ep_init(&P, x[0], x[1], x[2], prec);
    int r = gdc_normal_expect_arb(out, 1, f_kernel, &P, 1.0, prec);
    ep_clear(&P);
    return r;
}

/* E[erf(a y)^2]: the plane with u = w (t = 0: kappa = a) */
int gdc_erf_self_gap_def_arb(arb_ptr out, const double *x, slong prec)
{
    eplane_t P;
    ep_init(&P, x[0], x[0], 0, prec);
    int r = gdc_normal_expect_arb(out, 1, f_kernel, &P, 1.0, prec);
    arb_sub_ui(out, out, 1, prec);
    arb_neg(out, out);
    ep_clear(&P);
    return r;
}

/* V(u, u) = E[erf(a Y)^2] = a^2 E[(erf(a Y)/a)^2]: the scaled integrand keeps the integral's accuracy relative
 * when a (and V, about 4a^2/pi) is tiny, so that log V stays defined. |erf(a y)/a| <= (2/sqrt(pi)) |y|, so the
 * integrand is <= (4/pi) y^2 <= 1.3 (1 + y^2). */
static void f_sq_scaled(acb_t out, const acb_t y, int k, const void *param, slong prec)
{
    const eplane_t *P = param;
    (void)k;
    acb_mul_arb(out, y, P->a, prec);
    acb_hypgeom_erf(out, out, prec);
    acb_div_arb(out, out, P->a, prec);
    acb_sqr(out, out, prec);
}

int gdc_erf_log_vk_def_arb(arb_ptr out, const double *x, slong prec)
{
    eplane_t P;
    arb_t k;
    arb_init(k);
    ep_init(&P, x[1], 0, 0, prec); /* a = x[1] > 0 (the domain is open at 0) */
    int r = gdc_normal_expect_arb(out, 1, f_sq_scaled, &P, 1.3, prec);
    arb_mul(out, out, P.a, prec);
    arb_mul(out, out, P.a, prec);
    arb_log(out, out, prec);
    arb_set_d(k, x[0]);
    arb_mul(out, out, k, prec);
    arb_exp(out + 1, out, prec);
    ep_clear(&P);
    arb_clear(k);
    return r;
}

/* c1 = E[erf(a y) erf'(a y) y]/a: the integrand (erf(a y)/a) erf'(a y) y, with the limit (2/sqrt(pi)) y^2 erf'(0)
 * at a = 0; |.| <= (2/sqrt(pi))^2 y^2 <= 1.5 (1 + y^2) (|erf(a y)| <= (2/sqrt(pi)) a |y|) */
static void f_c1(acb_t out, const acb_t y, int k, const void *param, slong prec)
{
    const eplane_t *P = param;
    acb_t A, d;
    (void)k;
    acb_init(A);
    acb_init(d);
    acb_mul_arb(A, y, P->a, prec);
    gdc_erf_deriv_acb(d, A, prec);
    if (arb_is_zero(P->a)) {
        acb_mul(out, d, y, prec);
    } else {
        acb_hypgeom_erf(out, A, prec);
        acb_div_arb(out, out, P->a, prec);
        acb_mul(out, out, d, prec);
    }
    acb_mul(out, out, y, prec);
    acb_clear(A);
    acb_clear(d);
}

int gdc_erf_c1_def_arb(arb_ptr out, const double *x, slong prec)
{
    eplane_t P;
    ep_init(&P, x[0], 0, 0, prec);
    int r = gdc_normal_expect_arb(out, 1, f_c1, &P, 1.5, prec);
    ep_clear(&P);
    return r;
}

/* btilde = E[erf(u.x) erf'(w.x) x], w = a e1, u = c (ct e1 + st e2). Given Y1 = y:
 *  k = 0 (along e1): erf'(a y) y E[erf(p + q Y2)] = erf'(a y) y erf(kappa y)          (E1)
 *  k = 1 (along e2): erf'(a y) E[Y2 erf(p + q Y2)] = erf'(a y) (q/s) erf'(kappa y)     (E2)
 * Bounds for real y: |k = 0| <= (2/sqrt(pi)) |y| <= 1 + y^2; |k = 1| <= 4/pi (q/s < 1). */
static void f_btilde(acb_t out, const acb_t y, int k, const void *param, slong prec)
{
    const eplane_t *P = param;
    acb_t A;
    acb_init(A);
    acb_mul_arb(A, y, P->a, prec);
    gdc_erf_deriv_acb(A, A, prec);
    acb_mul_arb(out, y, P->kappa, prec);
    if (k == 0) {
        acb_hypgeom_erf(out, out, prec);
        acb_mul(out, out, y, prec);
    } else {
        gdc_erf_deriv_acb(out, out, prec);
        acb_mul_arb(out, out, P->qs, prec);
    }
    acb_mul(out, out, A, prec);
    acb_clear(A);
}

int gdc_erf_btilde_def_arb(arb_ptr out, const double *x, slong prec)
{
    eplane_t P;
    ep_init(&P, x[1], x[0], x[2], prec);
    int r = gdc_normal_expect_arb(out, 2, f_btilde, &P, 1.3, prec);
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
static void f_hopt(acb_t out, const acb_t y1, int k, const void *param, slong prec)
{
    const eplane_t *P = param;
    acb_t A, d;
    acb_init(A);
    acb_init(d);
    acb_mul_arb(A, y1, P->a, prec);
    gdc_erf_deriv_acb(d, A, prec);
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
    int r = gdc_normal_expect_arb(I, 4, f_hopt, &P, 1.3, prec);
    arb_set_d(k, x[0]);
    arb_sub_ui(u, k, 1, prec);
    arb_pow(f1, I + 2, u, prec);
    arb_mul(f1, f1, k, prec);
    arb_add_ui(f1, f1, 1, prec);
    arb_mul(out + 1, f1, I + 1, prec);
    arb_mul(out, f1, I, prec);
    arb_sub_ui(u, k, 2, prec);
    arb_pow(f1, I + 2, u, prec);
    gdc_arb_sqr(u, I + 3, prec);
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
