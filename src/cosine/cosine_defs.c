/* Definition checks of the cosine family (002_588e28744115f015.txt, App. B; seed-002 C1, C4, C6, C7, C10):
 * rigorous integration of the defining expectations in the plane of the two vectors (frame w = a e1,
 * v = b (cos t e1 + sin t e2); Y1, Y2 iid N(0,1) the coordinates of z), and seeded Monte Carlo of the same
 * expectations computed with vectors in R^5.
 *
 * Reduction to one dimension. With A = beta a Y1 and B = beta b (ct Y1 + st Y2) = p + q Y2, where
 * p = beta b ct Y1 and q = beta b st, the expectation over Y2 (given Y1) is taken analytically by these
 * identities for Z ~ N(0,1) and real p, q:
 *  (G1) E[cos(p + qZ)] = cos(p) e^{-q^2/2},  E[sin(p + qZ)] = sin(p) e^{-q^2/2}.
 *       Proof: E[e^{i(p + qZ)}] = e^{ip} E[e^{iqZ}] = e^{ip} e^{-q^2/2} (characteristic function of N(0,1));
 *       take real and imaginary parts.
 *  (G2) Stein: E[Z g(Z)] = E[g'(Z)] for g in C^1 with g, g' of polynomial growth (integrate by parts against
 *       phi, phi'(z) = -z phi(z)). Hence E[Z cos(p + qZ)] = -q E[sin(p + qZ)] = -q sin(p) e^{-q^2/2}.
 *  (G3) E[Z^2 g(Z)] = E[Z (Z g(Z))] = E[g(Z) + Z g'(Z)] = E[g(Z)] + E[g''(Z)] (G2 twice); with
 *       g = cos(p + q.): E[Z^2 cos(p + qZ)] = (1 - q^2) cos(p) e^{-q^2/2}.
 *  (G4) E[cos^2(p + qZ)] = (1 + E[cos(2p + 2qZ)])/2 = (1 + cos(2p) e^{-2q^2})/2 (G1), so
 *       Var(cos(p + qZ)) = (1 + cos(2p) e^{-2q^2})/2 - cos^2(p) e^{-q^2}
 *                        = (1 - e^{-q^2}) (1 - cos(2p) e^{-q^2})/2  (expand cos^2 p = (1 + cos 2p)/2).
 * The remaining expectation over Y1 is one acb_calc_integrate (core/normal_quad.c). The closed forms under test
 * integrate Y1 analytically as well; here Y1 is integrated numerically, so the check stays independent of them. */
#include <math.h>
#include "cosine/cosine.h"
#include "core/normal_quad.h"

/* The reduced plane: A = al y, p = pc y; q = beta b st is a constant, e1 = e^{-q^2/2}, e2 = e^{-q^2},
 * m1 = 1 - e^{-q^2} = -expm1(-q^2) (all exact balls from the double inputs). */
typedef struct {
    arb_t al, pc, q, e1, e2, m1, beta;
} plane_t;

static void plane_init(plane_t *P, double a, double b, double t, double beta, slong prec)
{
    arb_t st, ct;
    arb_init(st);
    arb_init(ct);
    arb_init(P->al);
    arb_init(P->pc);
    arb_init(P->q);
    arb_init(P->e1);
    arb_init(P->e2);
    arb_init(P->m1);
    arb_init(P->beta);
    arb_set_d(P->beta, beta);
    arb_set_d(st, t);
    arb_sin_cos(st, ct, st, prec);
    arb_set_d(P->al, a);
    arb_mul(P->al, P->al, P->beta, prec);
    arb_set_d(P->pc, b);
    arb_mul(P->pc, P->pc, P->beta, prec); /* beta b */
    arb_mul(P->q, P->pc, st, prec);
    arb_mul(P->pc, P->pc, ct, prec);
    gdc_arb_sqr(P->e2, P->q, prec);
    arb_neg(P->e2, P->e2);
    arb_expm1(P->m1, P->e2, prec);
    arb_neg(P->m1, P->m1);
    arb_exp(P->e2, P->e2, prec);
    gdc_arb_sqr(P->e1, P->q, prec);
    arb_mul_2exp_si(P->e1, P->e1, -1);
    arb_neg(P->e1, P->e1);
    arb_exp(P->e1, P->e1, prec);
    arb_clear(st);
    arb_clear(ct);
}

static void plane_clear(plane_t *P)
{
    arb_clear(P->al);
    arb_clear(P->pc);
    arb_clear(P->q);
    arb_clear(P->e1);
    arb_clear(P->e2);
    arb_clear(P->m1);
    arb_clear(P->beta);
}

static void f_ecos(acb_t out, const acb_t y, int k, const void *param, slong prec)
{
    const plane_t *P = param;
    (void)k;
    acb_mul_arb(out, y, P->al, prec);
    acb_cos(out, out, prec);
}

int gdc_cosine_ecos_def_arb(arb_ptr out, const double *x, slong prec)
{
    plane_t P;
    plane_init(&P, x[0], 0, 0, 1, prec);
    int r = gdc_normal_expect_arb(out, 1, f_ecos, &P, 1.0, prec);
    plane_clear(&P);
    return r;
}

/* E[(cos A - cos B)^2 | Y1 = y] = (cos A - E[cos B | y])^2 + Var(cos B | y)
 *                               = (cos(al y) - cos(pc y) e1)^2 + m1 (1 - cos(2 pc y) e2)/2   (G1, G4);
 * both terms are >= 0 for real y (no cancellation where w -> v). |.| <= 4 <= 4 (1 + y^2). */
static void f_ecc(acb_t out, const acb_t y, int k, const void *param, slong prec)
{
    const plane_t *P = param;
    acb_t A, p;
    (void)k;
    acb_init(A);
    acb_init(p);
    acb_mul_arb(A, y, P->al, prec);
    acb_cos(A, A, prec);
    acb_mul_arb(p, y, P->pc, prec);
    acb_mul_2exp_si(p, p, 1);
    acb_cos(out, p, prec); /* cos(2p) */
    acb_mul_arb(out, out, P->e2, prec);
    acb_sub_ui(out, out, 1, prec);
    acb_neg(out, out);
    acb_mul_arb(out, out, P->m1, prec);
    acb_mul_2exp_si(out, out, -1);
    acb_mul_2exp_si(p, p, -1);
    acb_cos(p, p, prec);
    acb_mul_arb(p, p, P->e1, prec);
    acb_sub(A, A, p, prec);
    acb_sqr(A, A, prec);
    acb_add(out, out, A, prec);
    acb_clear(A);
    acb_clear(p);
}

int gdc_cosine_ecc_def_arb(arb_ptr out, const double *x, slong prec)
{
    plane_t P;
    plane_init(&P, x[0], x[1], x[2], 1, prec);
    int r = gdc_normal_expect_arb(out, 1, f_ecc, &P, 4.0, prec);
    plane_clear(&P);
    return r;
}

/* WS objective by the reduction (4): (9k/2)|w0 - u0|^2 + E[(cos(sqrt k w0.z) - cos(sqrt k u0.z))^2]/2; the
 * expectation is that of cosine.ecc with both norms scaled by sqrt(k) (beta = sqrt(k) is not a double, so the
 * plane is built with beta = 1 and the reduced coefficients are scaled afterwards). */
int gdc_cosine_ws_def_arb(arb_ptr out, const double *x, slong prec)
{
    plane_t P;
    arb_t sk, m, u, st, ct;
    arb_init(sk);
    arb_init(m);
    arb_init(u);
    arb_init(st);
    arb_init(ct);
    arb_set_d(sk, x[0]);
    arb_sqrt(sk, sk, prec);
    /* |w0 - u0|^2 = (a - r ct)^2 + (r st)^2, a = x[2], r = x[1] */
    arb_set_d(st, x[3]);
    arb_sin_cos(st, ct, st, prec);
    arb_set_d(u, x[1]);
    arb_mul(m, u, ct, prec);
    arb_set_d(ct, x[2]);
    arb_sub(m, ct, m, prec);
    gdc_arb_sqr(m, m, prec);
    arb_mul(u, u, st, prec);
    gdc_arb_sqr(u, u, prec);
    arb_add(m, m, u, prec);
    /* the plane with beta = sqrt(k): al, pc, q scale by sqrt(k), then e1, e2, m1 from the scaled q */
    plane_init(&P, x[2], x[1], x[3], 1, prec);
    arb_mul(P.al, P.al, sk, prec);
    arb_mul(P.pc, P.pc, sk, prec);
    arb_mul(P.q, P.q, sk, prec);
    gdc_arb_sqr(P.e2, P.q, prec);
    arb_neg(P.e2, P.e2);
    arb_expm1(P.m1, P.e2, prec);
    arb_neg(P.m1, P.m1);
    arb_exp(P.e2, P.e2, prec);
    gdc_arb_sqr(P.e1, P.q, prec);
    arb_mul_2exp_si(P.e1, P.e1, -1);
    arb_neg(P.e1, P.e1);
    arb_exp(P.e1, P.e1, prec);
    int r = gdc_normal_expect_arb(out, 1, f_ecc, &P, 4.0, prec);
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
    arb_clear(st);
    arb_clear(ct);
    return r;
}

/* Gradient of G(w) = E[(cos(beta w.z) - cos(beta u.z))^2]/2: -beta E[(cos A - cos B) sin A z]; components
 * along e1 (k = 0) and e2 (k = 1). Given Y1 = y (p = pc y):
 *  k = 0: -beta y sin A (cos A - E[cos B | y]) = -beta y sin A (cos A - cos(p) e1)          (G1)
 *  k = 1: -beta sin A E[Y2 (cos A - cos B) | y] = beta sin A E[Y2 cos(p + q Y2)]
 *         = -beta q sin A sin(p) e1                                                          (G2)
 * Bounds for real y: |k=0| <= 2 beta |y| <= beta (1 + y^2); |k=1| <= beta q e^{-q^2/2} <= beta e^{-1/2}. */
static void f_grad(acb_t out, const acb_t y, int k, const void *param, slong prec)
{
    const plane_t *P = param;
    acb_t A, s, p;
    acb_init(A);
    acb_init(s);
    acb_init(p);
    acb_mul_arb(A, y, P->al, prec);
    acb_mul_arb(p, y, P->pc, prec);
    acb_sin_cos(s, A, A, prec);
    if (k == 0) {
        acb_cos(p, p, prec);
        acb_mul_arb(p, p, P->e1, prec);
        acb_sub(out, A, p, prec);
        acb_mul(out, out, s, prec);
        acb_mul(out, out, y, prec);
        acb_mul_arb(out, out, P->beta, prec);
        acb_neg(out, out);
    } else {
        acb_sin(p, p, prec);
        acb_mul(out, s, p, prec);
        acb_mul_arb(out, out, P->e1, prec);
        acb_mul_arb(out, out, P->q, prec);
        acb_mul_arb(out, out, P->beta, prec);
        acb_neg(out, out);
    }
    acb_clear(A);
    acb_clear(s);
    acb_clear(p);
}

int gdc_cosine_grad_def_arb(arb_ptr out, const double *x, slong prec)
{
    plane_t P;
    plane_init(&P, x[1], x[2], x[3], x[0], prec);
    int r = gdc_normal_expect_arb(out, 2, f_grad, &P, x[0], prec);
    plane_clear(&P);
    return r;
}

/* Hessian of G_1: E[g z z^T], g = sin^2 A - (cos A - cos B) cos A = cos A cos B - cos 2A (beta = 1).
 * k = 0: E[g], 1: E[g Y1^2], 2: E[g Y2^2], 3: E[g Y1 Y2]. Given Y1 = y (p = pc y, c = cos(p) e1):
 *  E[g | y] = cos A c - cos 2A                                   (G1)
 *  E[g Y2^2 | y] = cos A (1 - q^2) c - cos 2A                    (G3, E[Y2^2] = 1)
 *  E[g Y1 Y2 | y] = -y cos A q sin(p) e1                         (G2)
 * Bounds for real y: |E[g | y]| <= 2, times y^2 for k = 1; |(1 - q^2) e^{-q^2/2}| <= 1 so |k = 2| <= 2;
 * |k = 3| <= |y| q e^{-q^2/2} <= |y|. All <= 2 (1 + y^2). */
static void f_hess(acb_t out, const acb_t y, int k, const void *param, slong prec)
{
    const plane_t *P = param;
    acb_t A, c2, p;
    arb_t u;
    acb_init(A);
    acb_init(c2);
    acb_init(p);
    arb_init(u);
    acb_mul_arb(A, y, P->al, prec);
    acb_mul_2exp_si(c2, A, 1);
    acb_cos(c2, c2, prec);
    acb_cos(A, A, prec);
    acb_mul_arb(p, y, P->pc, prec);
    if (k == 3) {
        acb_sin(p, p, prec);
        acb_mul(out, A, p, prec);
        acb_mul(out, out, y, prec);
        acb_mul_arb(out, out, P->e1, prec);
        acb_mul_arb(out, out, P->q, prec);
        acb_neg(out, out);
    } else {
        acb_cos(p, p, prec);
        acb_mul_arb(p, p, P->e1, prec);
        if (k == 2) {
            gdc_arb_sqr(u, P->q, prec);
            arb_sub_ui(u, u, 1, prec);
            arb_neg(u, u);
            acb_mul_arb(p, p, u, prec);
        }
        acb_mul(out, A, p, prec);
        acb_sub(out, out, c2, prec);
        if (k == 1)
            acb_mul(out, out, y, prec), acb_mul(out, out, y, prec);
    }
    acb_clear(A);
    acb_clear(c2);
    acb_clear(p);
    arb_clear(u);
}

int gdc_cosine_hess_def_arb(arb_ptr out, const double *x, slong prec)
{
    plane_t P;
    arb_ptr h = _arb_vec_init(4);
    arb_t u, mean;
    arb_init(u);
    arb_init(mean);
    plane_init(&P, x[0], x[1], x[2], 1, prec);
    int r = gdc_normal_expect_arb(h, 4, f_hess, &P, 2.0, prec);
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
