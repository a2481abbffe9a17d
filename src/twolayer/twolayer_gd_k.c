/* Exact population gradient descent of the four-neuron network of 001_66813dc1ca3a5435.txt section 4.1, Figure 2:
 * x -> sum_i v_i relu(w_i.x) with v = (+1, +1, -1, -1) fixed, target a.x (a = e1), for `gdcert simulate` (dynamics
 * twolayer.gd_k; seed-001 C4, C7, N21, issue 15b). The gradient is C7 (gdc_twolayer_grad_general, k = 4, r = 1).
 * The rows stay in span(a, w_1(0), ..., w_4(0)), so the state is W in (R^5)^4: the start is a seeded draw
 * alpha N(0, I_d) of the four rows in R^d, written in the orthonormal basis (a, q_1, ..., q_4) of that span found
 * by Gram-Schmidt (twice, for orthogonality in double). Observed: the loss (C4, the paper's form (a): absolute
 * rounding about 1e-16, so values below about 1e-14 are noise), the errors of the group sums ||w1 + w2 - a|| and
 * ||w3 + w4 + a|| (the paper: they recover +-a), and the smallest sine of the angle of a row to a (> 0: no single
 * row aligns with +-a), and the smallest distance between a + row and a - row (0: the pair cancels in the
 * network, and a global optimum with w1 = w3 = c, w2 = a, w4 = -a has group-sum errors ||c||: issue 15b). Double only: there is no Arb enclosure of the k-neuron step yet (no --ball). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/families.h"
#include "twolayer/twolayer.h"

enum { K = 4, D = K + 1 };
enum { P_MU, P_ALPHA, P_SEED, P_DIM, NP };
enum { O_LOSS, O_PLUS, O_MINUS, O_SINMIN, O_GAP, NO };

static const double V4[K] = {1, 1, -1, -1}, A5[D] = {1, 0, 0, 0, 0};

/* splitmix64 (Steele, Lea, Flood 2014): a seeded stream of 64-bit words; a uniform in (0, 1) from the top 53 bits */
static double uniform(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return ((double)(z >> 11) + 0.5) * 0x1p-53;
}

/* a standard normal by Box-Muller (one of the pair) */
static double normal(uint64_t *s)
{
    double u = uniform(s), v = uniform(s);
    return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

static double dotd(const double *x, const double *y, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s = fma(x[i], y[i], s);
    return s;
}

/* the rows w (K x d) in the orthonormal basis q (D x d) of span(e1, w_1, ..., w_K); 2 when they are dependent */
static int to_span(double *st, const double *w, int d, char *err, size_t errlen)
{
    double *q = calloc((size_t)D * d, sizeof *q);
    if (!q) {
        snprintf(err, errlen, "twolayer.gd_k: out of memory");
        return 2;
    }
    q[0] = 1;
    for (int b = 1; b < D; b++) {
        double *qb = q + (size_t)b * d;
        memcpy(qb, w + (size_t)(b - 1) * d, sizeof *qb * (size_t)d);
        for (int pass = 0; pass < 2; pass++)
            for (int c = 0; c < b; c++) {
                double t = dotd(qb, q + (size_t)c * d, d);
                for (int m = 0; m < d; m++)
                    qb[m] -= t * q[(size_t)c * d + m];
            }
        double nb = sqrt(dotd(qb, qb, d));
        if (!(nb > 1e-12 * sqrt(dotd(w + (size_t)(b - 1) * d, w + (size_t)(b - 1) * d, d)))) {
            free(q);
            snprintf(err, errlen, "twolayer.gd_k: the drawn rows and a are linearly dependent (choose another seed)");
            return 2;
        }
        for (int m = 0; m < d; m++)
            qb[m] /= nb;
    }
    for (int i = 0; i < K; i++)
        for (int b = 0; b < D; b++)
            st[i * D + b] = dotd(w + (size_t)i * d, q + (size_t)b * d, d);
    free(q);
    return 0;
}

static int init(double *st, const double *p, char *err, size_t errlen)
{
    int d = (int)p[P_DIM];
    uint64_t s = (uint64_t)p[P_SEED];
    double *w = malloc(sizeof *w * (size_t)K * d);
    if (!w) {
        snprintf(err, errlen, "twolayer.gd_k: out of memory");
        return 2;
    }
    for (int m = 0; m < K * d; m++)
        w[m] = p[P_ALPHA] * normal(&s);
    int r = to_span(st, w, d, err, errlen);
    free(w);
    return r;
}

static int step(double *st, const double *p)
{
    double g[K * D];
    if (gdc_twolayer_grad_general(g, K, 1, D, st, V4, A5) != 0)
        return 1;
    for (int m = 0; m < K * D; m++) {
        st[m] -= p[P_MU] * g[m];
        if (!isfinite(st[m]))
            return 1;
    }
    return 0;
}

static void observe(double *o, const double *st, const double *p)
{
    (void)p;
    double ep[D], em[D], sinmin = 1;
    for (int b = 0; b < D; b++) {
        ep[b] = st[b] + st[D + b] - A5[b];
        em[b] = st[2 * D + b] + st[3 * D + b] + A5[b];
    }
    for (int i = 0; i < K; i++) {
        double perp = 0, n = 0;
        for (int b = 0; b < D; b++) {
            n = hypot(n, st[i * D + b]);
            if (b > 0)
                perp = hypot(perp, st[i * D + b]);
        }
        if (n > 0 && perp / n < sinmin)
            sinmin = perp / n;
    }
    o[O_LOSS] = gdc_twolayer_loss_general(K, 1, D, st, V4, A5);
    o[O_PLUS] = sqrt(dotd(ep, ep, D));
    o[O_MINUS] = sqrt(dotd(em, em, D));
    o[O_SINMIN] = sinmin;
    o[O_GAP] = INFINITY; /* min over a + row i and a - row j of ||w_i - w_j||: 0 when the pair cancels in f */
    for (int i = 0; i < 2; i++)
        for (int j = 2; j < K; j++) {
            double g = 0;
            for (int b = 0; b < D; b++)
                g = hypot(g, st[i * D + b] - st[j * D + b]);
            o[O_GAP] = fmin(o[O_GAP], g);
        }
}

static int loss_small(const double *prev, const double *o, const double *p)
{
    (void)prev;
    (void)p;
    return o[O_LOSS] < 1e-5;
}

static int sums_recovered(const double *prev, const double *o, const double *p)
{
    (void)prev;
    (void)p;
    return o[O_PLUS] < 1e-3 && o[O_MINUS] < 1e-3;
}

#define POS(n) {.name = n, .lo = GDC_Q(0), .hi = GDC_INF, .lo_open = 1, .hi_open = 1}

const gdc_dynamics_t gdc_dynamics_twolayer_gd_k = {
    .id = "twolayer.gd_k",
    .summary = "exact population GD of x -> sum_i v_i relu(w_i.x), v = (1, 1, -1, -1) fixed, towards a.x (a = e1), "
               "double only (no --ball)",
    .source = "001_66813dc1ca3a5435.txt section 4.1, Figure 2 (k = 4); seed-001 C4, C7, N21, issue 15b",
    .nparams = NP,
    .params = {{POS("mu"), 0.1, "step size"},
               {POS("alpha"), 1e-3, "start scale: the rows are alpha N(0, I_d)"},
               {{.name = "seed", .lo = GDC_Q(0), .hi = GDC_Q(1000000000), .integer = 1}, 1,
                "seed of the draw (splitmix64, Box-Muller)"},
               {{.name = "d", .lo = GDC_Q(5), .hi = GDC_Q(10000), .integer = 1}, 100, "input dimension"}},
    .nstate = K * D,
    .nout = NO,
    .outputs = {"loss", "plus_err", "minus_err", "sin_min", "pair_gap"},
    .default_steps = 2000,
    .nruns = 1,
    .nrun_params = 4,
    .run_params = {"mu", "alpha", "seed", "d"},
    .runs = {{0.1, 1e-3, 1, 100}},
    .nevents = 2,
    .events = {{"loss < 1e-5", loss_small}, {"both group sums within 1e-3 of +-a", sums_recovered}},
    .init = init, .step = step, .observe = observe,
};
