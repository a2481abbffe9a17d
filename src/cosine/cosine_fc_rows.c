/* Registry rows for the Section-3 FC objective and gradient (seed-002 C5, C8; 002_588e28744115f015.txt eq. (2),
 * proof of Theorem 1 in App. B.1): domains, hard regimes (all inside the domain) and definition checks.
 * Arguments x = {k, U, a1, t1, R, beta} (cosine_fc.h); V = |uhat0| = sqrt(k-1) U. */
#include <math.h>
#include "cosine/cosine_fc.h"
#include "core/families.h"

#define FC_ARGS                                                                                                   \
    {{"k", GDC_Q(2), GDC_Q(1000), 0, 0, 0, 1}, {"U", GDC_Q(0), GDC_INF, 0, 1, 1.0, 0},                         \
     {"a1", GDC_Q(0), GDC_INF, 0, 1, 2.0, 0}, {"t1", GDC_Q(0), GDC_PI, 0, 0, 0, 0},                            \
     {"R", GDC_Q(0), GDC_INF, 0, 1, 16.0, 0}, {"beta", GDC_Q(0), GDC_PI, 0, 0, 0, 0}}

static double rint_range(gdc_rng_t *rng, double lo, double hi) { return floor(gdc_rng_range(rng, lo, hi + 1) - 1e-9); }

/* a norm b near c and an angle t near 0 (near pi when mirror), |b e^{it} - c| = r, r in [1e-12, 1] (0 with
 * probability 1/8: the exact point) */
static void near_block(double *b, double *t, double c, gdc_rng_t *rng, int mirror)
{
    double r = gdc_rng_uniform(rng) < 0.125 ? 0.0 : gdc_rng_logu(rng, -12, 0), phi = gdc_rng_range(rng, 0, M_PI);
    *b = fabs(c + r * cos(phi));
    double dt = c > 0 ? r * sin(phi) / c : 0.0;
    if (dt > 1)
        dt = 1;
    *t = mirror ? M_PI - dt : dt;
}

static void fc_near_mirror(double *x, gdc_rng_t *rng, int mirror)
{
    x[0] = rint_range(rng, 2, 60);
    x[1] = gdc_rng_range(rng, 0.05, 1.5);
    near_block(&x[2], &x[3], x[1], rng, mirror);
    near_block(&x[4], &x[5], sqrt(x[0] - 1) * x[1], rng, mirror);
}
static void fc_near(double *x, gdc_rng_t *rng) { fc_near_mirror(x, rng, 0); }
static void fc_mirror(double *x, gdc_rng_t *rng) { fc_near_mirror(x, rng, 1); }

static void fc_generic(double *x, gdc_rng_t *rng, double kmax, double umax)
{
    x[0] = rint_range(rng, 2, kmax);
    x[1] = gdc_rng_range(rng, 0, umax);
    double V = sqrt(x[0] - 1) * x[1];
    x[2] = gdc_rng_range(rng, 0, 2 * x[1] + 0.5);
    x[3] = gdc_rng_range(rng, 0, M_PI);
    x[4] = gdc_rng_range(rng, 0, 2 * V + 0.5);
    x[5] = gdc_rng_range(rng, 0, M_PI);
}

/* t1 or beta (or both) within 1e-12..1e-1 of 0 or pi */
static void fc_angles(double *x, gdc_rng_t *rng)
{
    fc_generic(x, rng, 30, 1.5);
    int which = (int)(gdc_rng_uniform(rng) * 3);
    for (int i = 0; i < 2; i++)
        if (which == 2 || which == i) {
            double s = gdc_rng_logu(rng, -12, -1);
            x[3 + 2 * i] = gdc_rng_uniform(rng) < 0.5 ? s : M_PI - s;
        }
}

/* a1 or R (or both) in 1e-12..1e-1, or exactly 0 */
static void fc_small(double *x, gdc_rng_t *rng)
{
    fc_generic(x, rng, 30, 1.5);
    int which = (int)(gdc_rng_uniform(rng) * 3);
    for (int i = 0; i < 2; i++)
        if (which == 2 || which == i)
            x[2 + 2 * i] = gdc_rng_uniform(rng) < 0.1 ? 0.0 : gdc_rng_logu(rng, -12, -1);
}

/* large k U^2 = 20..9000: every exponential term is tiny or underflows */
static void fc_large(double *x, gdc_rng_t *rng)
{
    fc_generic(x, rng, 1000, 3);
    x[0] = rint_range(rng, 20, 1000);
    x[1] = gdc_rng_range(rng, 1, 3);
    double V = sqrt(x[0] - 1) * x[1];
    x[2] = gdc_rng_range(rng, 0, 2 * x[1]);
    x[4] = gdc_rng_range(rng, 0, 2 * V);
}

/* the ring of Theorem 1: |what| in [V/3, V/2], where grad_what F is exponentially small in k U^2 */
static void fc_ring(double *x, gdc_rng_t *rng)
{
    fc_generic(x, rng, 200, 3);
    x[1] = gdc_rng_range(rng, 0.3, 3);
    if (gdc_rng_uniform(rng) < 0.5) {
        x[2] = x[1];
        x[3] = 0;
    }
    double V = sqrt(x[0] - 1) * x[1];
    x[4] = gdc_rng_range(rng, V / 3, V / 2);
}

/* k large with k U^2 moderate */
static void fc_bigk(double *x, gdc_rng_t *rng)
{
    fc_generic(x, rng, 1000, 0.15);
    x[0] = rint_range(rng, 500, 1000);
}

/* small k and moderate norms: every term of the same size */
static void fc_small_k(double *x, gdc_rng_t *rng) { fc_generic(x, rng, 6, 1.5); }

#define FC_REGIMES                                                                                                \
    {{"w -> ubar0 (|w - ubar0| 1e-12..1)", fc_near},                                                          \
     {"w -> -ubar0", fc_mirror},                                                                              \
     {"t1 or beta -> 0, pi", fc_angles},                                                                      \
     {"a1 or R -> 0", fc_small},                                                                              \
     {"large k U^2 (underflow)", fc_large},                                                                   \
     {"ring |what| in [V/3, V/2]", fc_ring},                                                                  \
     {"k = 500..1000", fc_bigk},                                                                              \
     {"k <= 6, moderate norms", fc_small_k}}

static const gdc_row_t rows[] = {
    {
        .id = "cosine.fc_loss",
        .summary = "Section-3 FC objective F(w), c_k = 3 sqrt(k); U = |u0|, a1 = |w_1|, t1 = angle(w_1, u0), "
                   "R = |what|, beta = angle(what, uhat0)",
        .nargs = 6,
        .args = FC_ARGS,
        .nout = 1,
        .outputs = {"(9k/2)|w_1-u0|^2 + (1 + e^{-2|w|^2}/2 + e^{-2kU^2}/2 - e^{-|w-ubar0|^2/2}"
                    " - e^{-|w+ubar0|^2/2})/2"},
        .source = "002_588e28744115f015.txt, eq. (2) (App. B.1, proof of Theorem 1); seed-002 C5, C4 (stable form)",
        .fn_double = gdc_cosine_fc_loss_d,
        .fn_arb = gdc_cosine_fc_loss_arb,
        .fn_mpfr = gdc_cosine_fc_loss_mpfr,
        .fn_arb_jac = gdc_cosine_fc_loss_jac,
        .fn_arb_hess = gdc_cosine_fc_loss_hess,
        .max_err = 4,
        .nregimes = 8,
        .regimes = FC_REGIMES,
        .ndefchecks = 2,
        .defchecks = {{"C5 reduction, Y1 integral", gdc_cosine_fc_loss_def_arb, NULL},
                      {"Monte Carlo of p_w - p_u, d = 2", NULL, gdc_cosine_fc_loss_def_mc}},
    },
    {
        .id = "cosine.fc_grad",
        .summary = "corrected Section-3 FC gradient: blocks w_1 and what along e = w_b/|w_b| and the normal n",
        .nargs = 6,
        .args = FC_ARGS,
        .nout = 4,
        .outputs = {"<grad_{w_1} F, e1>, grad_{w_1} F = 9k(w_1-u0) - e^{-2|w|^2} w_1 + e^{-|w-ubar0|^2/2}(w_1-u0)/2"
                    " + e^{-|w+ubar0|^2/2}(w_1+u0)/2, e1 = w_1/|w_1|",
                    "<grad_{w_1} F, n1>, n1 = (u0/|u0| - cos t1 e1)/sin t1",
                    "<grad_what F, e>, grad_what F = -e^{-2|w|^2} what + e^{-|w-ubar0|^2/2}(what-uhat0)/2"
                    " + e^{-|w+ubar0|^2/2}(what+uhat0)/2, e = what/|what|",
                    "<grad_what F, n>, n = (uhat0/|uhat0| - cos beta e)/sin beta"},
        .source = "002_588e28744115f015.txt, proof of Theorem 1 (App. B.1), grad_what display corrected (three "
                  "typos, E3); grad_{w_1} derived; seed-002 C8",
        .fn_double = gdc_cosine_fc_grad_d,
        .fn_arb = gdc_cosine_fc_grad_arb,
        .fn_mpfr = gdc_cosine_fc_grad_mpfr,
        .fn_arb_jac = gdc_cosine_fc_grad_jac,
        .max_err = 4,
        .nregimes = 8,
        .regimes = FC_REGIMES,
        .ndefchecks = 2,
        .defchecks = {{"grad G = alpha w + gamma v, Y1 integrals", gdc_cosine_fc_grad_def_arb, NULL},
                      {"Monte Carlo of p_w - p_u, d = 2", NULL, gdc_cosine_fc_grad_def_mc}},
    },
};

const gdc_family_t gdc_family_cosine_fc = {"cosine", rows, sizeof rows / sizeof rows[0]};
