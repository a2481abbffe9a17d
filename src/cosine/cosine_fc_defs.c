/* Definition checks of the Section-3 FC objective and gradient (002_588e28744115f015.txt, eq. (2), App. B.1;
 * seed-002 C5, C8, C11): x = {k, U, a1, t1, R, beta} (cosine_fc.h).
 *
 * The defining expectation. p_w(x) = c_k w_1.x_1 + cos(w.x), x ~ N(0, I_{dk}), v = ubar0, L = (w_1 - u0).x_1,
 * C = cos(w.x) - cos(v.x). F = E[(c_k L + C)^2]/2 = (c_k^2/2)|w_1 - u0|^2 + c_k E[L C] + E[C^2]/2, and E[L C] = 0
 * (C11: x -> -x maps L -> -L, C -> C, and x is symmetric). grad F = E[(p_w - p_v) grad p_w] with
 * grad p_w = c_k (x_1, 0) - sin(w.x) x: E[(c_k L + C) c_k x_1] = c_k^2 d_1 (E[x_1 x_1^T] = I, E[C x_1] = 0 by the
 * same symmetry), E[c_k L sin(w.x) x] = 0 (odd), so grad F = c_k^2 (d_1, 0) + grad G, G(w) = E[C^2]/2.
 *
 * (1) Rigorous: one integral over Y1 as for cosine.ecc / cosine.grad (cosine_defs.c, identities G1-G4 proved
 * there). Frame: w = |w| E1, v = pc E1 + q E2 with |w|^2 = N = a1^2 + R^2, pc = w.v/|w|, w.v = a1 U cos t1 +
 * R V cos beta, V = sqrt(k-1) U, and q^2 = (|w|^2|v|^2 - (w.v)^2)/|w|^2 written by Lagrange's identity in the
 * orthonormal coordinates w = (a1, 0, R, 0), v = (U cos t1, U sin t1, V cos beta, V sin beta) (block 1 in
 * span{f1, f2}, block hat in span{g1, g2}) as a sum of squares:
 *   q^2 N = (a1 U st1)^2 + (a1 V cb - R U ct1)^2 + (a1 V sb)^2 + (R U st1)^2 + (R V sb)^2.
 * (N = 0: E1 is any unit vector orthogonal to v, pc = 0, q^2 = k U^2.) Then with A = |w| Y1 and e1 = e^{-q^2/2}:
 *   E[C^2] = E[(cos A - cos(pc Y1) e1)^2 + (1 - e^{-q^2})(1 - cos(2 pc Y1) e^{-q^2})/2]     (G1, G4).
 * Gradient of G: grad G = -E[C sin(w.z) z]; the part of z orthogonal to E1, E2 is independent of (Y1, Y2) with
 * mean 0, so grad G = c1 E1 + c2 E2 with
 *   c1 = -E[Y1 sin A (cos A - cos(pc Y1) e1)]                                                 (G1),
 *   c2 = -E[Y2 sin A C] = E[sin A E[Y2 cos(pc Y1 + q Y2) | Y1]] = -q e1 E[sin A sin(pc Y1)]     (G2).
 * With E2 = (v - pc E1)/q (q = 0: v = pc E1 and c2 = 0, the formula below still holds):
 *   grad G = alpha w + gamma v,  gamma = -e1 E[sin A sin(pc Y1)],  alpha = (c1 - gamma pc)/|w|
 *          = E[Y1 sinc(|w| Y1) (-Y1 (cos A - cos(pc Y1) e1) + pc e1 sin(pc Y1))]   (sin A/|w| = Y1 sinc(|w| Y1);
 * at w = 0 this is the value of the closed form too, grad G(0) = 0 as G is even). The outputs are the
 * projections of c_k^2 (d_1, 0) + alpha w + gamma v on e1 = f1, n1 = f2, e_hat = g1, n_hat = g2.
 * Tail bounds for real y: |E[C^2] integrand| <= 4; |alpha integrand| <= |y| (2|y| + |pc|) <= (2 + |pc|/2)(1 + y^2)
 * with |pc| <= |v| = sqrt(k) U; |gamma integrand| <= 1.
 *
 * (2) Seeded Monte Carlo of the defining expectation with the actual predictors and the cross term, d = 2:
 * u0 = U (cos t1 f1 + sin t1 f2), w_1 = a1 f1 (f1, f2 a random orthonormal pair), what = R (cos beta uhat0/V +
 * sin beta g) with g a random unit vector orthogonal to uhat0 whose blocks 3..k are equal, so w_3 = ... = w_k and
 * sum_{i>=3} w_i.x_i = w_3.Sigma, Sigma = x_3 + ... + x_k ~ sqrt(k-2) N(0, I_2) exactly (C11): the simulated
 * vector is (x_1, x_2, Sigma) in R^6 (R^4 for k = 2; for k = 3 it is x itself). The projection directions come
 * from the vector API (gdc_cosine_fc_frame on the full k-block vectors). */
#include <math.h>
#include <stdlib.h>
#include "cosine/cosine.h"
#include "cosine/cosine_fc.h"
#include "core/normal_quad.h"

typedef struct {
    arb_t al, pc, e1, e2, m1;
} fcplane_t;

/* balls of the scalar geometry at the double point x */
typedef struct {
    arb_t k, U, a1, R, V, ct1, st1, cb, sb;
} fcpt_t;

static void pt_init(fcpt_t *P, const double *x, slong prec)
{
    arb_init(P->k); arb_init(P->U); arb_init(P->a1); arb_init(P->R); arb_init(P->V);
    arb_init(P->ct1); arb_init(P->st1); arb_init(P->cb); arb_init(P->sb);
    arb_set_d(P->k, x[0]);
    arb_set_d(P->U, x[1]);
    arb_set_d(P->a1, x[2]);
    arb_set_d(P->R, x[4]);
    arb_sub_ui(P->V, P->k, 1, prec);
    arb_sqrt(P->V, P->V, prec);
    arb_mul(P->V, P->V, P->U, prec);
    arb_set_d(P->st1, x[3]);
    arb_sin_cos(P->st1, P->ct1, P->st1, prec);
    arb_set_d(P->sb, x[5]);
    arb_sin_cos(P->sb, P->cb, P->sb, prec);
}

static void pt_clear(fcpt_t *P)
{
    arb_clear(P->k); arb_clear(P->U); arb_clear(P->a1); arb_clear(P->R); arb_clear(P->V);
    arb_clear(P->ct1); arb_clear(P->st1); arb_clear(P->cb); arb_clear(P->sb);
}

static void addsq(arb_t s, const arb_t t, slong prec)
{
    arb_t u;
    arb_init(u);
    gdc_arb_sqr(u, t, prec);
    arb_add(s, s, u, prec);
    arb_clear(u);
}

static void plane_init(fcplane_t *Q, const fcpt_t *P, const double *x, slong prec)
{
    arb_t q2, t, u;
    arb_init(Q->al); arb_init(Q->pc); arb_init(Q->e1); arb_init(Q->e2); arb_init(Q->m1);
    arb_init(q2); arb_init(t); arb_init(u);
    gdc_arb_sqr(Q->al, P->a1, prec);
    addsq(Q->al, P->R, prec);
    if (x[2] == 0 && x[4] == 0) {
        arb_zero(Q->pc);
        gdc_arb_sqr(q2, P->U, prec);
        arb_mul(q2, q2, P->k, prec);
    } else {
        /* Lagrange: q^2 N = sum of the five squares above */
        arb_zero(q2);
        arb_mul(t, P->a1, P->U, prec);
        arb_mul(t, t, P->st1, prec);
        addsq(q2, t, prec);
        arb_mul(t, P->a1, P->V, prec);
        arb_mul(t, t, P->cb, prec);
        arb_mul(u, P->R, P->U, prec);
        arb_mul(u, u, P->ct1, prec);
        arb_sub(t, t, u, prec);
        addsq(q2, t, prec);
        arb_mul(t, P->a1, P->V, prec);
        arb_mul(t, t, P->sb, prec);
        addsq(q2, t, prec);
        arb_mul(t, P->R, P->U, prec);
        arb_mul(t, t, P->st1, prec);
        addsq(q2, t, prec);
        arb_mul(t, P->R, P->V, prec);
        arb_mul(t, t, P->sb, prec);
        addsq(q2, t, prec);
        arb_div(q2, q2, Q->al, prec);
        /* pc = w.v / |w| */
        arb_mul(Q->pc, P->a1, P->U, prec);
        arb_mul(Q->pc, Q->pc, P->ct1, prec);
        arb_mul(t, P->R, P->V, prec);
        arb_addmul(Q->pc, t, P->cb, prec);
    }
    arb_sqrt(Q->al, Q->al, prec);
    if (!arb_is_zero(Q->al))
        arb_div(Q->pc, Q->pc, Q->al, prec);
    arb_neg(Q->e2, q2);
    arb_expm1(Q->m1, Q->e2, prec);
    arb_neg(Q->m1, Q->m1);
    arb_exp(Q->e2, Q->e2, prec);
    arb_mul_2exp_si(Q->e1, q2, -1);
    arb_neg(Q->e1, Q->e1);
    arb_exp(Q->e1, Q->e1, prec);
    arb_clear(q2); arb_clear(t); arb_clear(u);
}

static void plane_clear(fcplane_t *Q)
{
    arb_clear(Q->al); arb_clear(Q->pc); arb_clear(Q->e1); arb_clear(Q->e2); arb_clear(Q->m1);
}

/* E[C^2 | Y1 = y] = (cos(al y) - cos(pc y) e1)^2 + m1 (1 - cos(2 pc y) e2)/2 */
static void f_ecc(acb_t out, const acb_t y, int k, const void *param, slong prec)
{
    const fcplane_t *Q = param;
    acb_t A, p;
    (void)k;
    acb_init(A);
    acb_init(p);
    acb_mul_arb(A, y, Q->al, prec);
    acb_cos(A, A, prec);
    acb_mul_arb(p, y, Q->pc, prec);
    acb_mul_2exp_si(p, p, 1);
    acb_cos(out, p, prec);
    acb_mul_arb(out, out, Q->e2, prec);
    acb_sub_ui(out, out, 1, prec);
    acb_neg(out, out);
    acb_mul_arb(out, out, Q->m1, prec);
    acb_mul_2exp_si(out, out, -1);
    acb_mul_2exp_si(p, p, -1);
    acb_cos(p, p, prec);
    acb_mul_arb(p, p, Q->e1, prec);
    acb_sub(A, A, p, prec);
    acb_sqr(A, A, prec);
    acb_add(out, out, A, prec);
    acb_clear(A);
    acb_clear(p);
}

/* |w1 - u0|^2 = (a1 - U cos t1)^2 + (U sin t1)^2 */
static void dist1_sq(arb_t r, const fcpt_t *P, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_mul(t, P->U, P->ct1, prec);
    arb_sub(t, P->a1, t, prec);
    gdc_arb_sqr(r, t, prec);
    arb_mul(t, P->U, P->st1, prec);
    addsq(r, t, prec);
    arb_clear(t);
}

int gdc_cosine_fc_loss_def_arb(arb_ptr out, const double *x, slong prec)
{
    fcpt_t P;
    fcplane_t Q;
    arb_t A;
    arb_init(A);
    pt_init(&P, x, prec);
    plane_init(&Q, &P, x, prec);
    int r = gdc_normal_expect_arb(out, 1, f_ecc, &Q, 4.0, prec);
    arb_mul_2exp_si(out, out, -1);
    dist1_sq(A, &P, prec);
    arb_mul(A, A, P.k, prec);
    arb_mul_ui(A, A, 9, prec);
    arb_mul_2exp_si(A, A, -1);
    arb_add(out, out, A, prec);
    plane_clear(&Q);
    pt_clear(&P);
    arb_clear(A);
    return r;
}

/* k = 0: alpha integrand y sinc(al y) (-y (cos(al y) - cos(pc y) e1) + pc e1 sin(pc y));
 * k = 1: gamma integrand -e1 sin(al y) sin(pc y) */
static void f_grad(acb_t out, const acb_t y, int k, const void *param, slong prec)
{
    const fcplane_t *Q = param;
    acb_t A, s, p, c;
    acb_init(A); acb_init(s); acb_init(p); acb_init(c);
    acb_mul_arb(A, y, Q->al, prec);
    acb_mul_arb(p, y, Q->pc, prec);
    acb_sin_cos(s, c, p, prec);
    if (k == 0) {
        acb_sinc(out, A, prec);
        acb_mul(out, out, y, prec);
        acb_cos(A, A, prec);
        acb_mul_arb(c, c, Q->e1, prec);
        acb_sub(A, A, c, prec);
        acb_mul(A, A, y, prec); /* y (cos A - cos(p) e1) */
        acb_mul_arb(s, s, Q->e1, prec);
        acb_mul_arb(s, s, Q->pc, prec);
        acb_sub(s, s, A, prec);
        acb_mul(out, out, s, prec);
    } else {
        acb_sin(A, A, prec);
        acb_mul(out, A, s, prec);
        acb_mul_arb(out, out, Q->e1, prec);
        acb_neg(out, out);
    }
    acb_clear(A); acb_clear(s); acb_clear(p); acb_clear(c);
}

int gdc_cosine_fc_grad_def_arb(arb_ptr out, const double *x, slong prec)
{
    fcpt_t P;
    fcplane_t Q;
    arb_ptr ag = _arb_vec_init(2);
    arb_t k9, t;
    arb_init(k9);
    arb_init(t);
    pt_init(&P, x, prec);
    plane_init(&Q, &P, x, prec);
    int r = gdc_normal_expect_arb(ag, 2, f_grad, &Q, 2.0 + sqrt(x[0]) * x[1], prec);
    arb_srcptr alpha = ag, gamma = ag + 1;
    arb_mul_ui(k9, P.k, 9, prec);
    /* g1e = 9k (a1 - U ct1) + alpha a1 + gamma U ct1 */
    arb_mul(t, P.U, P.ct1, prec);
    arb_sub(out, P.a1, t, prec);
    arb_mul(out, out, k9, prec);
    arb_addmul(out, alpha, P.a1, prec);
    arb_addmul(out, gamma, t, prec);
    /* g1n = (gamma - 9k) U st1 */
    arb_sub(t, gamma, k9, prec);
    arb_mul(t, t, P.U, prec);
    arb_mul(out + 1, t, P.st1, prec);
    /* ghe = alpha R + gamma V cb, ghn = gamma V sb */
    arb_mul(out + 2, alpha, P.R, prec);
    arb_mul(t, gamma, P.V, prec);
    arb_addmul(out + 2, t, P.cb, prec);
    arb_mul(out + 3, t, P.sb, prec);
    plane_clear(&Q);
    pt_clear(&P);
    _arb_vec_clear(ag, 2);
    arb_clear(k9);
    arb_clear(t);
    return r;
}

/* ---------------- Monte Carlo, d = 2 ---------------- */
typedef struct {
    int k;
    double ck, sk2;
    double w[3][2], d[3][2], u[2];
    double e1[2], n1[2], eh[2][2], nh[2][2]; /* frame: block 1; what blocks 2 and 3 (= 4 = ... = k) */
} fcmc_t;

static void fcmc_setup(fcmc_t *P, const double *x, uint64_t seed)
{
    int k = (int)x[0];
    double U = x[1], a1 = x[2], t1 = x[3], R = x[4], be = x[5];
    gdc_rng_t rng;
    gdc_rng_seed(&rng, seed ^ 0x9E3779B97F4A7C15ULL);
    double phi = gdc_rng_range(&rng, 0, 2 * M_PI), sg = gdc_rng_uniform(&rng) < 0.5 ? -1.0 : 1.0;
    double f1[2] = {cos(phi), sin(phi)}, f2[2] = {-sg * sin(phi), sg * cos(phi)};
    double uh[2], g2[2], g3[2] = {0, 0}, sk1 = sqrt(k - 1.0);
    P->k = k;
    P->ck = 3.0 * sqrt((double)k);
    P->sk2 = sqrt(k - 2.0);
    for (int j = 0; j < 2; j++) {
        uh[j] = cos(t1) * f1[j] + sin(t1) * f2[j];
        P->u[j] = U * uh[j];
        P->w[0][j] = a1 * f1[j];
    }
    if (k == 2) {
        g2[0] = -sg * uh[1];
        g2[1] = sg * uh[0];
    } else {
        for (int j = 0; j < 2; j++) {
            g2[j] = gdc_rng_normal(&rng);
            g3[j] = gdc_rng_normal(&rng);
        }
        double c = (g2[0] * uh[0] + g2[1] * uh[1] + (k - 2) * (g3[0] * uh[0] + g3[1] * uh[1])) / sk1;
        double nn = 0;
        for (int j = 0; j < 2; j++) {
            g2[j] -= c * uh[j] / sk1;
            g3[j] -= c * uh[j] / sk1;
            nn += g2[j] * g2[j] + (k - 2) * g3[j] * g3[j];
        }
        nn = sqrt(nn);
        for (int j = 0; j < 2; j++)
            g2[j] /= nn, g3[j] /= nn;
    }
    for (int j = 0; j < 2; j++) {
        P->w[1][j] = R * (cos(be) * uh[j] / sk1 + sin(be) * g2[j]);
        P->w[2][j] = R * (cos(be) * uh[j] / sk1 + sin(be) * g3[j]);
    }
    /* the full k-block vector for the vector API, and its frame */
    double *W = malloc(sizeof(double) * 2 * (size_t)k), *EH = malloc(sizeof(double) * 2 * (size_t)(k - 1)),
           *NH = malloc(sizeof(double) * 2 * (size_t)(k - 1));
    for (int i = 0; i < k; i++)
        for (int j = 0; j < 2; j++)
            W[2 * i + j] = P->w[i < 2 ? i : 2][j];
    gdc_cosine_fc_frame(P->e1, P->n1, EH, NH, 2, k, W, P->u);
    for (int b = 0; b < 2; b++)
        for (int j = 0; j < 2; j++) {
            int i = k == 2 ? 0 : b; /* block 2 (index 0 of what) and block 3 (index 1) */
            P->eh[b][j] = EH[2 * i + j];
            P->nh[b][j] = NH[2 * i + j];
        }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 2; j++)
            P->d[i][j] = P->w[i][j] - P->u[j];
    free(W);
    free(EH);
    free(NH);
}

static double dot2(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1]; }

/* r = p_w(x) - p_u(x) and sin(w.x); z = (x_1, x_2, Sigma/sqrt(k-2)) */
static double fcmc_resid(const fcmc_t *P, const double *z, double *sw, double *sig)
{
    sig[0] = P->k > 2 ? P->sk2 * z[4] : 0.0;
    sig[1] = P->k > 2 ? P->sk2 * z[5] : 0.0;
    double A = dot2(P->w[0], z) + dot2(P->w[1], z + 2) + dot2(P->w[2], sig);
    double D = dot2(P->d[0], z) + dot2(P->d[1], z + 2) + dot2(P->d[2], sig); /* (w - v).x */
    double B = A - D;
    *sw = sin(A);
    /* cos A - cos B = -2 sin((A+B)/2) sin((A-B)/2) */
    return P->ck * dot2(P->d[0], z) - 2.0 * sin(0.5 * (A + B)) * sin(0.5 * D);
}

static void g_loss(double *v, const double *z, const void *param)
{
    double sw, sig[2], r = fcmc_resid(param, z, &sw, sig);
    v[0] = 0.5 * r * r;
}

static void g_grad(double *v, const double *z, const void *param)
{
    const fcmc_t *P = param;
    double sw, sig[2], r = fcmc_resid(P, z, &sw, sig);
    double f1 = r * (P->ck - sw), fh = -r * sw;
    v[0] = f1 * dot2(z, P->e1);
    v[1] = f1 * dot2(z, P->n1);
    v[2] = fh * (dot2(z + 2, P->eh[0]) + dot2(sig, P->eh[1]));
    v[3] = fh * (dot2(z + 2, P->nh[0]) + dot2(sig, P->nh[1]));
}

void gdc_cosine_fc_loss_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    fcmc_t P;
    fcmc_setup(&P, x, seed);
    gdc_mc_expect(mean, se, 1, g_loss, &P, P.k > 2 ? 6 : 4, seed, samples);
}

void gdc_cosine_fc_grad_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    fcmc_t P;
    fcmc_setup(&P, x, seed);
    gdc_mc_expect(mean, se, 4, g_grad, &P, P.k > 2 ? 6 : 4, seed, samples);
}
