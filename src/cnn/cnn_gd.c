/* The exact population gradient descent of 003_676a49ed0823cdd9.txt (Algorithm 1 with the population gradients of
 * Theorem 2.2) as the five-scalar recursion of seed-003 C20 (state: phi as its (cos, sin) pair, r = ||v||^2,
 * x = a'a*, s = 1'a, n = ||a||^2; constants k, W, N, S, eta), for `gdcert simulate` (dynamics cnn.gd):
 *   g = g(phi), lambda = W (pi - phi) x/(2 pi r), y = eta lambda, D = sqrt(1 + y^2 sin^2 phi),
 *   cos' = (cos phi + y sin^2 phi)/D, sin' = sin phi |1 - y cos phi|/D   (C17), r' = r D^2 (C16),
 *   cA = s - W S, cB = -W (g - 1),
 *   x' = x - eta/(2 pi) ((pi - 1) x + cA S + cB N)                       (C13)
 *   s' = s - eta/(2 pi) ((k + pi - 1) s - W (k + g - 1) S)               (C14)
 *   n' = n - eta/pi ((pi - 1) n + cA s + cB x) + (eta/(2 pi))^2 GG, GG = ||G||^2 =
 *        (pi-1)^2 n + k cA^2 + cB^2 N + 2 (pi-1) cA s + 2 (pi-1) cB x + 2 cA cB S   (C15, G = 2 pi grad_a)
 * The state carries the centred variables of C15 (d = a - W a*: dx = d'a*, dS = 1'd, D2 = ||d||^2) instead of
 * (x, s, n), so that near the global minimum nothing cancels and the loss (2 W (pi - g) x + (pi - 1) D2 + dS^2)/(4 pi)
 * is a sum of non-negative terms there (b = W (pi - g)):
 *   dS' = (1 - eta (k + pi - 1)/(2 pi)) dS - eta b S/(2 pi),   dx' = dx - eta/(2 pi) ((pi - 1) dx + dS S + b N),
 *   D2' = D2 - eta/pi ((pi - 1) D2 + dS^2 + b dx)
 *         + (eta/(2 pi))^2 ((pi - 1)^2 D2 + (k + 2 (pi - 1)) dS^2 + b^2 N + 2 (pi - 1) b dx + 2 b dS S),
 * x = dx + W N, s = dS + W S, n = D2 + 2 W dx + W^2 N; in double and on Arb balls. */
#include <math.h>
#include <stdio.h>
#include "core/families.h"
#include "cnn/cnn.h"
#include "core/angle.h"

enum { P_K, P_W, P_N, P_S, P_ETA, P_PHI0, P_R0, P_X0, P_S0, P_N0, NP };
enum { S_C, S_SN, S_R, S_DX, S_DS, S_D2, NS };
enum { O_PHI, O_LOSS, O_X, O_S, O_N, O_R, NO };

#define PI 3.141592653589793

/* the Gram matrix of (a, a*, 1), [[n, x, s], [x, N, S], [s, S, k]], is positive semidefinite (up to rounding) */
static int realizable(double n, double x, double s, double N, double S, double k)
{
    double sc = 1e-12 * (1 + n) * (1 + N) * (1 + k);
    double m1 = n * N - x * x, m2 = n * k - s * s, m3 = N * k - S * S;
    double det = n * (N * k - S * S) - x * (x * k - S * s) + s * (x * S - N * s);
    return m1 >= -sc && m2 >= -sc && m3 >= -sc && det >= -sc * (1 + n + N + k);
}

static int init(double *st, const double *p, char *err, size_t errlen)
{
    double W = p[P_W], N = p[P_N], S = p[P_S];
    if (!realizable(p[P_N0], p[P_X0], p[P_S0], N, S, p[P_K])) {
        snprintf(err, errlen, "cnn.gd: the start (x0, s0, n0) = (%g, %g, %g) is not realizable with N = %g, S = %g, "
                 "k = %g (the Gram matrix [[n0, x0, s0], [x0, N, S], [s0, S, k]] of a, a*, 1 is not positive "
                 "semidefinite)", p[P_X0], p[P_S0], p[P_N0], N, S, p[P_K]);
        return 2;
    }
    st[S_C] = cos(p[P_PHI0]);
    st[S_SN] = sin(p[P_PHI0]);
    st[S_R] = p[P_R0];
    st[S_DX] = fma(-W, N, p[P_X0]);
    st[S_DS] = fma(-W, S, p[P_S0]);
    st[S_D2] = p[P_N0] - 2.0 * W * p[P_X0] + W * W * N; /* ||a0 - W a*||^2 */
    return 0;
}

static int step(double *st, const double *p)
{
    double k = p[P_K], W = p[P_W], N = p[P_N], S = p[P_S], eta = p[P_ETA];
    double c = st[S_C], sn = st[S_SN], r = st[S_R], dx = st[S_DX], ds = st[S_DS], d2 = st[S_D2];
    double phi = atan2(sn, c), elo, e = gdc_pi_minus(phi, &elo);
    double b = W * gdc_cnn_pmg(phi), x = fma(W, N, dx), pm1 = PI - 1.0, h = eta / (2.0 * PI);
    double y = h * W * (e + elo) * x / r;
    double ys2 = y * y * sn * sn, D = sqrt(1.0 + ys2);
    double GG = pm1 * pm1 * d2 + (k + 2.0 * pm1) * ds * ds + b * b * N + 2.0 * pm1 * b * dx + 2.0 * b * ds * S;
    st[S_C] = fma(y * sn, sn, c) / D;
    st[S_SN] = sn * fabs(fma(-y, c, 1.0)) / D;
    st[S_R] = r * (1.0 + ys2);
    st[S_DS] = (1.0 - h * (k + pm1)) * ds - h * b * S;
    st[S_DX] = dx - h * (pm1 * dx + ds * S + b * N);
    st[S_D2] = d2 - 2.0 * h * (pm1 * d2 + ds * ds + b * dx) + h * h * GG;
    for (int i = 0; i < NS; i++)
        if (!isfinite(st[i]))
            return 1;
    return 0;
}

static void observe(double *o, const double *st, const double *p)
{
    double W = p[P_W], N = p[P_N], S = p[P_S];
    o[O_PHI] = atan2(st[S_SN], st[S_C]);
    o[O_X] = fma(W, N, st[S_DX]);
    o[O_S] = fma(W, S, st[S_DS]);
    o[O_N] = st[S_D2] + W * (2.0 * st[S_DX] + W * N);
    o[O_LOSS] = (2.0 * W * gdc_cnn_pmg(o[O_PHI]) * o[O_X] + (PI - 1.0) * st[S_D2] + st[S_DS] * st[S_DS]) / (4.0 * PI);
    o[O_R] = st[S_R];
}

/* ---- Arb: the same recursion on balls ---- */

typedef struct {
    arb_t k, W, N, S, h, pi, pm1;
} cparams_t;

static void cparams_init(cparams_t *q, const double *p, slong prec)
{
    arb_init(q->k); arb_init(q->W); arb_init(q->N); arb_init(q->S); arb_init(q->h); arb_init(q->pi); arb_init(q->pm1);
    arb_set_d(q->k, p[P_K]);
    arb_set_d(q->W, p[P_W]);
    arb_set_d(q->N, p[P_N]);
    arb_set_d(q->S, p[P_S]);
    arb_const_pi(q->pi, prec);
    arb_sub_ui(q->pm1, q->pi, 1, prec);
    arb_set_d(q->h, p[P_ETA]);
    arb_div(q->h, q->h, q->pi, prec);
    arb_mul_2exp_si(q->h, q->h, -1);
}

static void cparams_clear(cparams_t *q)
{
    arb_clear(q->k); arb_clear(q->W); arb_clear(q->N); arb_clear(q->S); arb_clear(q->h); arb_clear(q->pi);
    arb_clear(q->pm1);
}

static void init_arb(arb_ptr st, const double *p, slong prec)
{
    cparams_t q;
    cparams_init(&q, p, prec);
    arb_t t;
    arb_init(t);
    arb_set_d(t, p[P_PHI0]);
    arb_sin_cos(st + S_SN, st + S_C, t, prec);
    arb_set_d(st + S_R, p[P_R0]);
    arb_set_d(st + S_DX, p[P_X0]);             /* dx = x0 - W N */
    arb_submul(st + S_DX, q.W, q.N, prec);
    arb_set_d(st + S_DS, p[P_S0]);             /* dS = s0 - W S */
    arb_submul(st + S_DS, q.W, q.S, prec);
    arb_set_d(t, p[P_X0]);                     /* D2 = n0 - 2 W x0 + W^2 N */
    arb_mul_2exp_si(t, t, 1);
    arb_submul(t, q.W, q.N, prec);
    arb_mul(t, t, q.W, prec);
    arb_set_d(st + S_D2, p[P_N0]);
    arb_sub(st + S_D2, st + S_D2, t, prec);
    arb_clear(t);
    cparams_clear(&q);
}

/* the angle part (C16, C17): cos', sin', r' from y */
static void angle_arb(arb_ptr st, const arb_t y, slong prec)
{
    arb_t s2, d, t, u;
    arb_init(s2); arb_init(d); arb_init(t); arb_init(u);
    gdc_arb_sqr(s2, st + S_SN, prec);
    gdc_arb_sqr(d, y, prec);
    arb_mul(d, d, s2, prec);
    arb_add_ui(d, d, 1, prec);               /* D^2 = 1 + y^2 sin^2 */
    arb_mul(st + S_R, st + S_R, d, prec);
    arb_sqrt(d, d, prec);
    arb_one(t);                              /* |1 - y c| */
    arb_submul(t, y, st + S_C, prec);
    arb_abs(t, t);
    arb_mul(u, y, s2, prec);
    arb_add(u, u, st + S_C, prec);
    arb_div(st + S_C, u, d, prec);
    arb_mul(t, t, st + S_SN, prec);
    arb_div(st + S_SN, t, d, prec);
    arb_clear(s2); arb_clear(d); arb_clear(t); arb_clear(u);
}

/* D2' from the old state (b = W (pi - g)) */
static void d2_arb(arb_t res, arb_srcptr st, const arb_t b, const cparams_t *q, slong prec)
{
    arb_srcptr dx = st + S_DX, ds = st + S_DS, d2 = st + S_D2;
    arb_t t, gg, u;
    arb_init(t); arb_init(gg); arb_init(u);
    arb_sqr(gg, q->pm1, prec);               /* GG */
    arb_mul(gg, gg, d2, prec);
    arb_mul_2exp_si(u, q->pm1, 1);
    arb_add(u, u, q->k, prec);
    arb_sqr(t, ds, prec);
    arb_addmul(gg, u, t, prec);
    arb_sqr(t, b, prec);
    arb_addmul(gg, t, q->N, prec);
    arb_mul(t, q->pm1, dx, prec);
    arb_addmul(t, ds, q->S, prec);
    arb_mul(t, t, b, prec);
    arb_mul_2exp_si(t, t, 1);
    arb_add(gg, gg, t, prec);
    arb_mul(t, q->pm1, d2, prec);            /* (pi - 1) D2 + dS^2 + b dx */
    arb_addmul(t, ds, ds, prec);
    arb_addmul(t, b, dx, prec);
    arb_mul(t, t, q->h, prec);
    arb_mul_2exp_si(t, t, 1);
    arb_sub(res, d2, t, prec);
    arb_sqr(t, q->h, prec);
    arb_addmul(res, t, gg, prec);
    arb_clear(t); arb_clear(gg); arb_clear(u);
}

static void step_arb(arb_ptr st, const double *p, slong prec)
{
    cparams_t q;
    cparams_init(&q, p, prec);
    arb_t phi, b, y, t, dx1, ds1, d21;
    arb_init(phi); arb_init(b); arb_init(y); arb_init(t); arb_init(dx1); arb_init(ds1); arb_init(d21);
    arb_atan2(phi, st + S_SN, st + S_C, prec);
    gdc_cnn_pmg_arb(b, phi, prec);
    arb_mul(b, b, q.W, prec);
    arb_sub(y, q.pi, phi, prec);              /* y = eta W (pi - phi) x/(2 pi r) = h W (pi - phi) x/r */
    arb_mul(y, y, q.W, prec);
    arb_set(t, st + S_DX);                    /* x = dx + W N */
    arb_addmul(t, q.W, q.N, prec);
    arb_mul(y, y, t, prec);
    arb_div(y, y, st + S_R, prec);
    arb_mul(y, y, q.h, prec);
    d2_arb(d21, st, b, &q, prec);
    arb_add(t, q.k, q.pm1, prec);             /* dS' = (1 - h K) dS - h b S */
    arb_mul(t, t, q.h, prec);
    arb_sub_ui(t, t, 1, prec);
    arb_neg(t, t);
    arb_mul(ds1, t, st + S_DS, prec);
    arb_mul(t, q.h, b, prec);
    arb_submul(ds1, t, q.S, prec);
    arb_mul(t, q.pm1, st + S_DX, prec);       /* dx' = dx - h ((pi - 1) dx + dS S + b N) */
    arb_addmul(t, st + S_DS, q.S, prec);
    arb_addmul(t, b, q.N, prec);
    arb_set(dx1, st + S_DX);
    arb_submul(dx1, q.h, t, prec);
    arb_swap(st + S_DX, dx1);
    arb_swap(st + S_DS, ds1);
    arb_swap(st + S_D2, d21);
    angle_arb(st, y, prec);
    arb_clear(phi); arb_clear(b); arb_clear(y); arb_clear(t); arb_clear(dx1); arb_clear(ds1); arb_clear(d21);
    cparams_clear(&q);
}

static void observe_arb(arb_ptr o, arb_srcptr st, const double *p, slong prec)
{
    cparams_t q;
    cparams_init(&q, p, prec);
    arb_t u, t;
    arb_init(u);
    arb_init(t);
    arb_atan2(o + O_PHI, st + S_SN, st + S_C, prec);
    arb_set(o + O_X, st + S_DX);
    arb_addmul(o + O_X, q.W, q.N, prec);
    arb_set(o + O_S, st + S_DS);
    arb_addmul(o + O_S, q.W, q.S, prec);
    arb_mul(t, q.W, q.N, prec);               /* n = D2 + W (2 dx + W N) */
    arb_addmul_ui(t, st + S_DX, 2, prec);
    arb_mul(t, t, q.W, prec);
    arb_add(o + O_N, st + S_D2, t, prec);
    gdc_cnn_pmg_arb(u, o + O_PHI, prec);      /* loss */
    arb_mul(u, u, q.W, prec);
    arb_mul(u, u, o + O_X, prec);
    arb_mul_2exp_si(u, u, 1);
    arb_addmul(u, q.pm1, st + S_D2, prec);
    gdc_arb_sqr(t, st + S_DS, prec);
    arb_add(u, u, t, prec);
    arb_mul_2exp_si(t, q.pi, 2);
    arb_div(o + O_LOSS, u, t, prec);
    arb_set(o + O_R, st + S_R);
    arb_clear(u);
    arb_clear(t);
    cparams_clear(&q);
}

static int phi_increases(const double *prev, const double *o, const double *p)
{
    (void)p;
    return o[O_PHI] > prev[O_PHI];
}

static int phi_small(const double *prev, const double *o, const double *p)
{
    (void)prev;
    (void)p;
    return o[O_PHI] < 1e-3;
}

#define REAL(n) {.name = n, .lo = {-1, 0, 0}, .hi = GDC_INF, .lo_open = 1, .hi_open = 1}
#define POS(n) {.name = n, .lo = GDC_Q(0), .hi = GDC_INF, .lo_open = 1, .hi_open = 1}
#define NONNEG(n) {.name = n, .lo = GDC_Q(0), .hi = GDC_INF, .hi_open = 1}

const gdc_dynamics_t gdc_dynamics_cnn_gd = {
    .id = "cnn.gd",
    .summary = "exact population GD of the non-overlapping CNN (Algorithm 1) as the five-scalar recursion",
    .source = "003_676a49ed0823cdd9.txt Algorithm 1, Theorem 2.2, Figure 1(b); seed-003 C13-C17, C20",
    .nparams = NP,
    .params = {{{.name = "k", .lo = GDC_Q(1), .hi = GDC_Q(10000), .integer = 1}, 25, "number of patches and hidden units"},
               {NONNEG("W"), 1, "||w*||"},
               {NONNEG("N"), 25, "||a*||^2"},
               {REAL("S"), 5, "1'a*"},
               {POS("eta"), 0.05, "step size"},
               {{.name = "phi0", .lo = GDC_Q(0), .hi = GDC_PI}, 1.4, "initial angle between v and w*"},
               {POS("r0"), 1, "initial ||v||^2"},
               {REAL("x0"), 0, "initial a'a*"},
               {REAL("s0"), 0, "initial 1'a"},
               {NONNEG("n0"), 1, "initial ||a||^2"}},
    .nstate = NS,
    .nout = NO,
    .outputs = {"phi", "loss", "x", "s", "n", "r"},
    .default_steps = 2000,
    .nruns = 2,                 /* a0 = +-0.2 a* with v and -v: the sign pairs of Theorems 3.1 and 3.3 */
    .nrun_params = 3,
    .run_params = {"phi0", "x0", "s0"},
    .runs = {{1.4, 5, 1}, {1.7415926535897931, -5, -1}},
    .nevents = 2,
    .events = {{"phi increases", phi_increases}, {"phi < 0.001", phi_small}},
    .init = init, .step = step, .observe = observe,
    .init_arb = init_arb, .step_arb = step_arb, .observe_arb = observe_arb,
};
