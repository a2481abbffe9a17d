/* Registry rows for the Section-4 FC and WS losses and gradients (002_588e28744115f015.txt eq. (1), Lemmas 3, 5,
 * Corollary 1; seed-002 C16, C17, C22): domains, hard-regime samplers (inside the domain) and definition checks.
 * Conventions (erf_fc.h): the 1/2 of eq. (1); at k = 1 the rows return the eq. (1) loss 4 F^(1) and its gradient
 * 4 grad F^(1) (C17), not F^(1) + F^(k); gradients as components along w/|w| and the normal n toward u0. */
#include <math.h>
#include "erf/erf_fc.h"
#include "core/families.h"

#define ARG_K {"k", GDC_Q(1), GDC_Q(10000), 0, 0, 0, 1}
#define ARG_NORM(nm, hi) {nm, GDC_Q(0), GDC_INF, 0, 1, hi, 0}
#define ARG_ANGLE(nm) {nm, GDC_Q(0), GDC_PI, 0, 0, 0, 0}
#define SQRT12_PI 1.1026577908435840 /* sqrt(12)/pi: |u0| = sqrt(12/pi^2) k (Lemma 2, Sec. 4.6) */

static double r_k(gdc_rng_t *r) { return floor(gdc_rng_logu(r, 0, 4)); }

/* a point at or near U: U exactly, or U (1 +- 10^-e), e in [3, 16] */
static double r_near(double U, gdc_rng_t *r)
{
    double u = gdc_rng_uniform(r);
    if (u < 0.2)
        return U;
    return U * (1 + (u < 0.6 ? 1 : -1) * gdc_rng_logu(r, -16, -3));
}

/* an angle at or near 0 */
static double r_t0(gdc_rng_t *r) { return gdc_rng_uniform(r) < 0.2 ? 0.0 : gdc_rng_logu(r, -16, -3); }
static double r_tpi(gdc_rng_t *r) { return M_PI - gdc_rng_logu(r, -15, -3); }
static double r_t(gdc_rng_t *r) { return gdc_rng_range(r, 0, M_PI); }
static double r_norm(gdc_rng_t *r) { return gdc_rng_range(r, 0, 20); }

/* ---- WS: {k, U, a, t} ---- */
static void ws_opt(double *x, gdc_rng_t *r)
{
    x[0] = r_k(r);
    x[1] = gdc_rng_logu(r, -1, 2);
    x[2] = r_near(x[1], r);
    x[3] = r_t0(r);
}
static void ws_t0(double *x, gdc_rng_t *r)
{
    x[0] = r_k(r);
    x[1] = r_norm(r);
    x[2] = gdc_rng_uniform(r) < 0.5 ? r_norm(r) : r_near(x[1], r);
    x[3] = gdc_rng_logu(r, -12, -3);
}
/* t -> 0 or t -> pi (for even k, w0 -> -u0 is a mirrored optimum of F^(k): p^(k) is even in w0) */
static void ws_tedge(double *x, gdc_rng_t *r)
{
    ws_t0(x, r);
    if (gdc_rng_uniform(r) < 0.5)
        x[3] = r_tpi(r);
}
static void ws_a0(double *x, gdc_rng_t *r)
{
    x[0] = r_k(r);
    x[1] = r_norm(r);
    x[2] = gdc_rng_logu(r, -12, -1);
    x[3] = r_t(r);
}
static void ws_lemma2(double *x, gdc_rng_t *r)
{
    x[0] = floor(gdc_rng_logu(r, 1, 4));
    x[1] = SQRT12_PI * x[0];
    int near = gdc_rng_uniform(r) < 0.5;
    x[2] = near ? r_near(x[1], r) : x[1] * gdc_rng_uniform(r);
    x[3] = near ? r_t0(r) : gdc_rng_range(r, 0, M_PI / 2);
}
static void ws_huge(double *x, gdc_rng_t *r)
{
    x[0] = r_k(r);
    x[1] = gdc_rng_logu(r, 3, 8);
    int near = gdc_rng_uniform(r) < 0.5;
    x[2] = near ? r_near(x[1], r) : x[1] * gdc_rng_range(r, 0, 2);
    x[3] = near ? r_t0(r) : r_t(r);
}

/* ---- FC: {k, U, a1, t1, a, t} ---- */
/* every block at or near u0 (60%), or one group there and the other anywhere */
static void fc_opt(double *x, gdc_rng_t *r)
{
    double u = gdc_rng_uniform(r);
    ws_opt(x, r);
    x[4] = r_near(x[1], r);
    x[5] = r_t0(r);
    if (u >= 0.6) {
        x[4] = r_norm(r);
        x[5] = r_t(r);
    }
    if (u >= 0.8) {
        double a = x[2], t = x[3];
        x[2] = x[4], x[3] = x[5], x[4] = a, x[5] = t;
    }
}
static void fc_t0(double *x, gdc_rng_t *r)
{
    ws_t0(x, r);
    x[4] = gdc_rng_uniform(r) < 0.5 ? r_norm(r) : r_near(x[1], r);
    x[5] = gdc_rng_logu(r, -12, -3);
}
/* angles at 0 or pi; blocks near -u0 give the mirrored optima of F^(k) (an even number of flipped blocks) */
static void fc_tedge(double *x, gdc_rng_t *r)
{
    fc_t0(x, r);
    double u = gdc_rng_uniform(r);
    if (u < 0.6) {
        x[3] = u < 0.4 ? r_tpi(r) : r_t0(r);
        x[5] = r_tpi(r);
    }
}
static void fc_a0(double *x, gdc_rng_t *r)
{
    ws_a0(x, r);
    x[4] = gdc_rng_uniform(r) < 0.5 ? gdc_rng_logu(r, -12, -1) : r_norm(r);
    x[5] = r_t(r);
}
static void fc_lemma2(double *x, gdc_rng_t *r)
{
    ws_lemma2(x, r);
    int near = gdc_rng_uniform(r) < 0.5;
    x[4] = near ? r_near(x[1], r) : x[1] * gdc_rng_uniform(r);
    x[5] = near ? r_t0(r) : gdc_rng_range(r, 0, M_PI / 2);
}
static void fc_huge(double *x, gdc_rng_t *r)
{
    ws_huge(x, r);
    int near = gdc_rng_uniform(r) < 0.5;
    x[4] = near ? r_near(x[1], r) : x[1] * gdc_rng_range(r, 0, 2);
    x[5] = near ? r_t0(r) : r_t(r);
}

#define WS_REGIMES                                                                                              \
    .nregimes = 5,                                                                                              \
    .regimes = {{"optimum (a -> U, t -> 0)", ws_opt}, {"t -> 0 or pi", ws_tedge}, {"a -> 0", ws_a0},            \
                {"|u0|^2 = 12k^2/pi^2 (Lemma 2)", ws_lemma2}, {"huge U", ws_huge}}
#define FC_REGIMES                                                                                              \
    .nregimes = 5,                                                                                              \
    .regimes = {{"optimum (blocks -> u0)", fc_opt}, {"t1, t -> 0 or pi (mirrored optima)", fc_tedge},          \
                {"a1 or a -> 0", fc_a0}, {"|u0|^2 = 12k^2/pi^2 (Lemma 2)", fc_lemma2}, {"huge U", fc_huge}}

static const gdc_row_t rows[] = {
    {
        .id = "erf.ws_loss",
        .summary = "WS loss F^(1,k)(w0) of eq. (1) with its parts F^(1), F^(k); U = |u0|, a = |w0|, t = angle(w0, u0)",
        .nargs = 4,
        .args = {ARG_K, ARG_NORM("U", 20), ARG_NORM("a", 20), ARG_ANGLE("t")},
        .nout = 3,
        .outputs = {"F^(1,k) = F^(1) + F^(k) for k >= 2; 4 F^(1) for k = 1 (p^(1,1) = 2 erf(w0.x1))",
                    "F^(1) = (1/2)(Vww - 2 Vuw + Vuu), V = Williams' arcsine kernel",
                    "F^(k) = (1/2)(Vww^k - 2 Vuw^k + Vuu^k)"},
        .source = "002_588e28744115f015.txt, eq. (1), Lemma 3 (Sec. 4.3), Lemma 8 proof; seed-002 C16, C17, E14",
        .fn_double = gdc_erf_ws_loss_d,
        .fn_arb = gdc_erf_ws_loss_arb,
        .fn_mpfr = gdc_erf_ws_loss_mpfr,
        .fn_arb_jac = gdc_erf_ws_loss_jac,
        .fn_arb_hess = gdc_erf_ws_loss_hess,
        .max_err = 4,
        WS_REGIMES,
        .ndefchecks = 2,
        .defchecks = {{"product of integrated kernels", gdc_erf_ws_loss_def_arb, NULL},
                      {"Monte Carlo in R^{2m}, m = min(k,3)", NULL, gdc_erf_ws_loss_def_mc}},
    },
    {
        .id = "erf.ws_grad",
        .summary = "WS gradient of F^(1,k) at w0: components along w0/|w0| and along n (toward u0), and its norm",
        .nargs = 4,
        .args = {ARG_K, ARG_NORM("U", 20), ARG_NORM("a", 20), ARG_ANGLE("t")},
        .nout = 3,
        .outputs = {"<grad, w0/|w0|> = (1 + k Vww^{k-1}) c1 a - (1 + k Vuw^{k-1}) <bt, w0/|w0|> (k = 1: 4 (c1 a - <bt, w0/|w0|>))",
                    "<grad, n> = -(1 + k Vuw^{k-1}) (4/pi) U sin t / sqrt(D) (k = 1: factor 4)",
                    "|grad F^(1,k)(w0)|"},
        .source = "002_588e28744115f015.txt, Corollary 1, Theorems 5, 7, 8 (Sec. 4.5-4.7); seed-002 C21, C22, C23, B18",
        .fn_double = gdc_erf_ws_grad_d,
        .fn_arb = gdc_erf_ws_grad_arb,
        .fn_mpfr = gdc_erf_ws_grad_mpfr,
        .fn_arb_jac = gdc_erf_ws_grad_jac,
        .fn_arb_hess = gdc_erf_ws_grad_hess,
        .max_err = 4,
        WS_REGIMES,
        .ndefchecks = 2,
        .defchecks = {{"Taylor jet of the C16 loss", gdc_erf_ws_grad_def_arb, NULL},
                      {"Monte Carlo in R^{2m}, m = min(k,3)", NULL, gdc_erf_ws_grad_def_mc}},
    },
    {
        .id = "erf.fc_loss",
        .summary = "FC loss F^(1,k)(w) of eq. (1) and its parts; block 1 = (a1, t1), blocks 2..k all (a, t), U = |u0|",
        .nargs = 6,
        .args = {ARG_K, ARG_NORM("U", 20), ARG_NORM("a1", 20), ARG_ANGLE("t1"), ARG_NORM("a", 20), ARG_ANGLE("t")},
        .nout = 3,
        .outputs = {"F^(1,k) = F^(1) + F^(k) for k >= 2; 4 F^(1) for k = 1",
                    "F^(1) = (1/2)(V(w1,w1) - 2 V(w1,u0) + Vuu)",
                    "F^(k) = (1/2)(V(w1,w1) Vww^{k-1} - 2 V(w1,u0) Vuw^{k-1} + Vuu^k)"},
        .source = "002_588e28744115f015.txt, eq. (1), Lemma 3 (Sec. 4.3), Lemma 8, Theorem 3 (Sec. 4.4); seed-002 C15, C16, C17",
        .fn_double = gdc_erf_fc_loss_d,
        .fn_arb = gdc_erf_fc_loss_arb,
        .fn_mpfr = gdc_erf_fc_loss_mpfr,
        .fn_arb_jac = gdc_erf_fc_loss_jac,
        .fn_arb_hess = gdc_erf_fc_loss_hess,
        .max_err = 4,
        FC_REGIMES,
        .ndefchecks = 2,
        .defchecks = {{"product of integrated kernels", gdc_erf_fc_loss_def_arb, NULL},
                      {"Monte Carlo in R^{2m}, m = min(k,3)", NULL, gdc_erf_fc_loss_def_mc}},
    },
    {
        .id = "erf.fc_grad",
        .summary = "FC gradient of F^(1,k): block 1 and block 2 (= any of the equal blocks 2..k) along w_l/|w_l| and n_l",
        .nargs = 6,
        .args = {ARG_K, ARG_NORM("U", 20), ARG_NORM("a1", 20), ARG_ANGLE("t1"), ARG_NORM("a", 20), ARG_ANGLE("t")},
        .nout = 4,
        .outputs = {"block 1 along w1/|w1|: c1 a1 - <bt1, w1hat> + Vww^{k-1} c1 a1 - Vuw^{k-1} <bt1, w1hat> (k = 1: 4 (c1 a1 - <bt1, w1hat>))",
                    "block 1 along n1: -(1 + Vuw^{k-1}) <bt1, n1> (k = 1: factor 4)",
                    "block 2 along w2/|w2|: V(w1,w1) Vww^{k-2} c1 a - V(w1,u0) Vuw^{k-2} <bt, w2hat> (0 if k = 1)",
                    "block 2 along n2: -V(w1,u0) Vuw^{k-2} <bt, n2> (0 if k = 1)"},
        .source = "002_588e28744115f015.txt, Lemma 5 (Sec. 4.3), Theorem 3 proof (App. C.3); seed-002 C19, C20, C22",
        .fn_double = gdc_erf_fc_grad_d,
        .fn_arb = gdc_erf_fc_grad_arb,
        .fn_mpfr = gdc_erf_fc_grad_mpfr,
        .fn_arb_jac = gdc_erf_fc_grad_jac,
        .fn_arb_hess = gdc_erf_fc_grad_hess,
        .max_err = 4,
        FC_REGIMES,
        .ndefchecks = 2,
        .defchecks = {{"Taylor jet of the C16 loss", gdc_erf_fc_grad_def_arb, NULL},
                      {"Monte Carlo in R^{2m}, m = min(k,3)", NULL, gdc_erf_fc_grad_def_mc}},
    },
};

const gdc_family_t gdc_family_erf_fc = {"erf", rows, sizeof rows / sizeof rows[0]};
