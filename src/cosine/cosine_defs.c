/* Definition checks of the cosine family (002_588e28744115f015.txt, App. B; seed-002 C1, C4, C6, C7, C10):
 * rigorous truncated-Gaussian integration of the defining expectations in the plane of the two vectors
 * (frame w = a e1, v = b (cos t e1 + sin t e2); Y1, Y2 the coordinates of z), and seeded Monte Carlo of the
 * same expectations computed with vectors in R^5. */
#include <math.h>
#include "cosine/cosine.h"
#include "cosine/gauss_quad.h"

typedef struct {
    arb_t a, b, ct, st, beta;
} plane_t;

static void plane_init(plane_t *P, double a, double b, double t, double beta, slong prec)
{
    arb_init(P->a);
    arb_init(P->b);
    arb_init(P->ct);
    arb_init(P->st);
    arb_init(P->beta);
    arb_set_d(P->a, a);
    arb_set_d(P->b, b);
    arb_set_d(P->beta, beta);
    arb_set_d(P->st, t);
    arb_sin_cos(P->st, P->ct, P->st, prec);
}

static void plane_clear(plane_t *P)
{
    arb_clear(P->a);
    arb_clear(P->b);
    arb_clear(P->ct);
    arb_clear(P->st);
    arb_clear(P->beta);
}

/* A = a y1, B = b (ct y1 + st y2) */
static void plane_AB(acb_t A, acb_t B, const plane_t *P, const acb_t y1, const acb_t y2, slong prec)
{
    acb_t u;
    acb_init(u);
    acb_mul_arb(A, y1, P->a, prec);
    acb_mul_arb(B, y1, P->ct, prec);
    acb_mul_arb(u, y2, P->st, prec);
    acb_add(B, B, u, prec);
    acb_mul_arb(B, B, P->b, prec);
    acb_clear(u);
}

static void f_ecos(acb_t out, const acb_t y1, const acb_t y2, int k, const void *param, slong prec)
{
    const plane_t *P = param;
    (void)y2;
    (void)k;
    acb_mul_arb(out, y1, P->a, prec);
    acb_cos(out, out, prec);
}

int gdc_cosine_ecos_def_arb(arb_ptr out, const double *x, slong prec)
{
    plane_t P;
    plane_init(&P, x[0], 0, 0, 1, prec);
    int r = gdc_gauss_expect_arb(out, 1, 1, f_ecos, &P, 1.0, prec);
    plane_clear(&P);
    return r;
}

/* (cos A - cos B)^2 */
static void f_ecc(acb_t out, const acb_t y1, const acb_t y2, int k, const void *param, slong prec)
{
    acb_t A, B;
    (void)k;
    acb_init(A);
    acb_init(B);
    plane_AB(A, B, param, y1, y2, prec);
    acb_cos(A, A, prec);
    acb_cos(B, B, prec);
    acb_sub(out, A, B, prec);
    acb_sqr(out, out, prec);
    acb_clear(A);
    acb_clear(B);
}

int gdc_cosine_ecc_def_arb(arb_ptr out, const double *x, slong prec)
{
    plane_t P;
    plane_init(&P, x[0], x[1], x[2], 1, prec);
    int r = gdc_gauss_expect_arb(out, 1, 2, f_ecc, &P, 4.0, prec);
    plane_clear(&P);
    return r;
}

/* WS objective by the reduction (4): (9k/2)|w0 - u0|^2 + E[(cos(sqrt k w0.z) - cos(sqrt k u0.z))^2]/2 */
int gdc_cosine_ws_def_arb(arb_ptr out, const double *x, slong prec)
{
    plane_t P;
    arb_t sk, m, u;
    arb_init(sk);
    arb_init(m);
    arb_init(u);
    arb_set_d(sk, x[0]);
    arb_sqrt(sk, sk, prec);
    plane_init(&P, x[2], x[1], x[3], 1, prec);
    /* |w0 - u0|^2 = (a - r ct)^2 + (r st)^2 */
    arb_mul(m, P.b, P.ct, prec);
    arb_sub(m, P.a, m, prec);
    arb_sqr(m, m, prec);
    arb_mul(u, P.b, P.st, prec);
    arb_sqr(u, u, prec);
    arb_add(m, m, u, prec);
    arb_mul(P.a, P.a, sk, prec);
    arb_mul(P.b, P.b, sk, prec);
    int r = gdc_gauss_expect_arb(out, 1, 2, f_ecc, &P, 4.0, prec);
    arb_mul_2exp_si(out, out, -1);
    arb_set_d(u, x[0]);
    arb_mul(m, m, u, prec);
    arb_mul_ui(m, m, 9, prec);
    arb_mul_2exp_si(m, m, -1);
    arb_add(out, out, m, prec);
    plane_clear(&P);
    arb_clear(sk);
    arb_clear(m);
    arb_clear(u);
    return r;
}

/* -beta (cos(beta w.z) - cos(beta u.z)) sin(beta w.z) y_{k+1} */
static void f_grad(acb_t out, const acb_t y1, const acb_t y2, int k, const void *param, slong prec)
{
    const plane_t *P = param;
    acb_t A, B, s;
    acb_init(A);
    acb_init(B);
    acb_init(s);
    plane_AB(A, B, P, y1, y2, prec);
    acb_mul_arb(A, A, P->beta, prec);
    acb_mul_arb(B, B, P->beta, prec);
    acb_sin_cos(s, A, A, prec);
    acb_cos(B, B, prec);
    acb_sub(out, A, B, prec);
    acb_mul(out, out, s, prec);
    acb_mul(out, out, k == 0 ? y1 : y2, prec);
    acb_mul_arb(out, out, P->beta, prec);
    acb_neg(out, out);
    acb_clear(A);
    acb_clear(B);
    acb_clear(s);
}

int gdc_cosine_grad_def_arb(arb_ptr out, const double *x, slong prec)
{
    plane_t P;
    plane_init(&P, x[1], x[2], x[3], x[0], prec);
    int r = gdc_gauss_expect_arb(out, 2, 2, f_grad, &P, x[0], prec);
    plane_clear(&P);
    return r;
}

/* Hessian of G_1: E[(sin^2 A - (cos A - cos B) cos A) z z^T]; k = 0: E[g], 1: E[g y1^2], 2: E[g y2^2],
 * 3: E[g y1 y2] */
static void f_hess(acb_t out, const acb_t y1, const acb_t y2, int k, const void *param, slong prec)
{
    acb_t A, B, s;
    acb_init(A);
    acb_init(B);
    acb_init(s);
    plane_AB(A, B, param, y1, y2, prec);
    acb_sin_cos(s, A, A, prec);
    acb_cos(B, B, prec);
    acb_sub(B, A, B, prec);
    acb_mul(B, B, A, prec);
    acb_sqr(s, s, prec);
    acb_sub(out, s, B, prec);
    if (k == 1)
        acb_mul(out, out, y1, prec), acb_mul(out, out, y1, prec);
    else if (k == 2)
        acb_mul(out, out, y2, prec), acb_mul(out, out, y2, prec);
    else if (k == 3)
        acb_mul(out, out, y1, prec), acb_mul(out, out, y2, prec);
    acb_clear(A);
    acb_clear(B);
    acb_clear(s);
}

int gdc_cosine_hess_def_arb(arb_ptr out, const double *x, slong prec)
{
    plane_t P;
    arb_ptr h = _arb_vec_init(4);
    arb_t u, mean;
    arb_init(u);
    arb_init(mean);
    plane_init(&P, x[0], x[1], x[2], 1, prec);
    int r = gdc_gauss_expect_arb(h, 4, 2, f_hess, &P, 3.0, prec);
    arb_set(out, h);
    arb_sub(u, h + 1, h + 2, prec);
    arb_mul_2exp_si(u, u, -1);
    arb_hypot(u, u, h + 3, prec);
    arb_add(mean, h + 1, h + 2, prec);
    arb_mul_2exp_si(mean, mean, -1);
    arb_sub(out + 1, mean, u, prec);
    arb_add(out + 2, mean, u, prec);
    plane_clear(&P);
    _arb_vec_clear(h, 4);
    arb_clear(u);
    arb_clear(mean);
    return r;
}

/* ---------------- Monte Carlo in R^5 ---------------- */
typedef struct {
    double w[GDC_MC_DIM], v[GDC_MC_DIM], d[GDC_MC_DIM], e1[GDC_MC_DIM], e2[GDC_MC_DIM];
    double beta, k, ck;
} mcp_t;

/* w = a e1, v = b (cos t e1 + sin t e2), d = w - v with a - b cos t = (a - b) + 2b sin^2(t/2) */
static void mc_setup(mcp_t *P, double a, double b, double t, uint64_t seed)
{
    double s = sin(0.5 * t), ct = cos(t), st = sin(t);
    gdc_mc_frame(P->e1, P->e2, seed);
    for (int i = 0; i < GDC_MC_DIM; i++) {
        P->w[i] = a * P->e1[i];
        P->v[i] = b * (ct * P->e1[i] + st * P->e2[i]);
        P->d[i] = ((a - b) + 2 * b * s * s) * P->e1[i] - b * st * P->e2[i];
    }
}

static double dot(const double *x, const double *z)
{
    double s = 0;
    for (int i = 0; i < GDC_MC_DIM; i++)
        s += x[i] * z[i];
    return s;
}

/* cos(A) - cos(B) = -2 sin((A+B)/2) sin((A-B)/2), with A - B = d.z computed from the vector d */
static double cos_diff(double A, double B, double AmB) { return -2.0 * sin(0.5 * (A + B)) * sin(0.5 * AmB); }

static void g_ecos(double *v, const double *z, const void *param)
{
    const mcp_t *P = param;
    v[0] = cos(dot(P->w, z));
}

void gdc_cosine_ecos_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    mcp_t P;
    mc_setup(&P, x[0], 0, 0, seed);
    gdc_mc_expect(mean, se, 1, g_ecos, &P, GDC_MC_DIM, seed, samples);
}

static void g_ecc(double *v, const double *z, const void *param)
{
    const mcp_t *P = param;
    double c = cos_diff(dot(P->w, z), dot(P->v, z), dot(P->d, z));
    v[0] = c * c;
}

void gdc_cosine_ecc_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    mcp_t P;
    mc_setup(&P, x[0], x[1], x[2], seed);
    gdc_mc_expect(mean, se, 1, g_ecc, &P, GDC_MC_DIM, seed, samples);
}

/* the WS model of Section 3: x = (x_1, ..., x_k), x_1 = z[0..4], sum_{i>=2} x_i = sqrt(k-1) z[5..9];
 * p_w(x) = c_k w0.x_1 + cos(w0.(x_1 + ... + x_k)), loss (p_w - p_u)^2/2 */
static void g_ws(double *v, const double *z, const void *param)
{
    const mcp_t *P = param;
    double sum[GDC_MC_DIM], sk1 = sqrt(P->k - 1.0);
    for (int i = 0; i < GDC_MC_DIM; i++)
        sum[i] = z[i] + sk1 * z[GDC_MC_DIM + i];
    double r = P->ck * dot(P->d, z) + cos_diff(dot(P->w, sum), dot(P->v, sum), dot(P->d, sum));
    v[0] = 0.5 * r * r;
}

void gdc_cosine_ws_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    mcp_t P;
    mc_setup(&P, x[2], x[1], x[3], seed);
    P.k = x[0];
    P.ck = 3.0 * sqrt(x[0]);
    gdc_mc_expect(mean, se, 1, g_ws, &P, 2 * GDC_MC_DIM, seed, samples);
}

static void g_grad(double *v, const double *z, const void *param)
{
    const mcp_t *P = param;
    double A = P->beta * dot(P->w, z), B = P->beta * dot(P->v, z), AmB = P->beta * dot(P->d, z);
    double f = -P->beta * cos_diff(A, B, AmB) * sin(A);
    v[0] = f * dot(P->e1, z);
    v[1] = f * dot(P->e2, z);
}

void gdc_cosine_grad_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    mcp_t P;
    mc_setup(&P, x[1], x[2], x[3], seed);
    P.beta = x[0];
    gdc_mc_expect(mean, se, 2, g_grad, &P, GDC_MC_DIM, seed, samples);
}

/* Rayleigh quotients E[g (z.q)^2] along the eigenvectors q of the closed-form 2x2 block; E[g] for the
 * eigenvalue on the orthogonal complement (z there is independent of w.z and v.z). */
typedef struct {
    mcp_t P;
    double q1[GDC_MC_DIM], q2[GDC_MC_DIM];
} mch_t;

static void g_hess(double *v, const double *z, const void *param)
{
    const mch_t *H = param;
    double A = dot(H->P.w, z), B = dot(H->P.v, z), s = sin(A), c = cos(A);
    double g = s * s - cos_diff(A, B, dot(H->P.d, z)) * c;
    double p1 = dot(H->q1, z), p2 = dot(H->q2, z);
    v[0] = g;
    v[1] = g * p1 * p1;
    v[2] = g * p2 * p2;
}

static void eigvec(double *q, double h11, double h22, double h12, double lam)
{
    double a1 = h12, a2 = lam - h11, b1 = lam - h22, b2 = h12;
    double na = hypot(a1, a2), nb = hypot(b1, b2);
    if (na >= nb && na > 0) {
        q[0] = a1 / na;
        q[1] = a2 / na;
    } else if (nb > 0) {
        q[0] = b1 / nb;
        q[1] = b2 / nb;
    } else {
        q[0] = 1;
        q[1] = 0;
    }
}

void gdc_cosine_hess_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    mch_t H;
    double h[4], lam[3], q[2], r[2];
    mc_setup(&H.P, x[0], x[1], x[2], seed);
    gdc_cosine_hess_block_d(h, x);
    gdc_cosine_hess_d(lam, x);
    eigvec(q, h[1], h[2], h[3], lam[1]);
    r[0] = -q[1]; /* the other eigenvector is orthogonal */
    r[1] = q[0];
    for (int i = 0; i < GDC_MC_DIM; i++) {
        H.q1[i] = q[0] * H.P.e1[i] + q[1] * H.P.e2[i];
        H.q2[i] = r[0] * H.P.e1[i] + r[1] * H.P.e2[i];
    }
    gdc_mc_expect(mean, se, 3, g_hess, &H, GDC_MC_DIM, seed, samples);
}
