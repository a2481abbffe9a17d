/* Registry rows of the erf (arcsine-kernel) family (002_588e28744115f015.txt, Section 4, App. C;
 * seed-002 C13-C31): domains, hard-regime samplers (inside the domain) and definition checks. */
#include <math.h>
#include "erf/erf.h"
#include "core/families.h"

#define ARG_NORM(nm, hi) {nm, GDC_Q(0), GDC_INF, 0, 1, hi}
#define ARG_POS(nm, hi) {nm, GDC_Q(0), GDC_INF, 1, 1, hi}
#define ARG_ANGLE {"t", GDC_Q(0), GDC_PI, 0, 0, 0}

/* ---- erf.kernel: {a, b, t} ---- */
static void k_q1(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_range(rng, 100, 1000);
    x[1] = gdc_rng_range(rng, 100, 1000);
    x[2] = gdc_rng_logu(rng, -12, -3);
}
static void k_qm1(double *x, gdc_rng_t *rng)
{
    k_q1(x, rng);
    x[2] = M_PI - x[2];
}
static void k_small(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_logu(rng, -12, 0);
    x[1] = gdc_rng_range(rng, 0, 10);
    x[2] = gdc_rng_range(rng, 0, M_PI);
}
static void k_right(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_range(rng, 0, 10);
    x[1] = gdc_rng_range(rng, 0, 10);
    x[2] = M_PI / 2 + gdc_rng_range(rng, -1e-6, 1e-6);
}
static void k_diag(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_range(rng, 1, 1000);
    x[1] = x[0] * (1 + gdc_rng_range(rng, -1e-8, 1e-8));
    x[2] = gdc_rng_logu(rng, -12, 0);
}

/* ---- one norm ---- */
static void n_small(double *x, gdc_rng_t *rng) { x[0] = gdc_rng_logu(rng, -12, 0); }
static void n_large(double *x, gdc_rng_t *rng) { x[0] = gdc_rng_logu(rng, 1, 4); }
static void c1_cross(double *x, gdc_rng_t *rng) { x[0] = 0.257159 + gdc_rng_range(rng, -1e-4, 1e-4); }

/* ---- erf.btilde: {c, a, t} ---- */
static void b_t0(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_range(rng, 0, 20);
    x[1] = gdc_rng_range(rng, 0, 20);
    x[2] = gdc_rng_logu(rng, -12, 0);
}
static void b_tpi(double *x, gdc_rng_t *rng)
{
    b_t0(x, rng);
    x[2] = M_PI - x[2];
}
static void b_a0(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_range(rng, 0, 20);
    x[1] = gdc_rng_logu(rng, -12, 0);
    x[2] = gdc_rng_range(rng, 0, M_PI);
}
static void b_c0(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_logu(rng, -12, 0);
    x[1] = gdc_rng_range(rng, 0, 20);
    x[2] = gdc_rng_range(rng, 0, M_PI);
}
static void b_right(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_range(rng, 0, 20);
    x[1] = gdc_rng_range(rng, 0, 20);
    x[2] = M_PI / 2 + gdc_rng_range(rng, -1e-6, 1e-6);
}

/* ---- erf.log_vk, erf.hess_opt: {k, a} ---- */
static void v_lemma2(double *x, gdc_rng_t *rng)
{
    x[0] = floor(gdc_rng_logu(rng, 0, 4));
    x[1] = sqrt(12.0) / M_PI * x[0];
}
static void v_small(double *x, gdc_rng_t *rng)
{
    x[0] = floor(gdc_rng_logu(rng, 0, 4));
    x[1] = gdc_rng_logu(rng, -12, 0);
}
static void v_large(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_range(rng, 1, 10000);
    x[1] = gdc_rng_logu(rng, 2, 4.3);
}

/* ---- erf.lemma2: {k} ---- */
static void l_small(double *x, gdc_rng_t *rng) { x[0] = gdc_rng_range(rng, 1, 2); }
static void l_int(double *x, gdc_rng_t *rng) { x[0] = floor(gdc_rng_range(rng, 1, 101)); }
static void l_large(double *x, gdc_rng_t *rng) { x[0] = gdc_rng_logu(rng, 3, 6); }

static const gdc_row_t rows[] = {
    {
        .id = "erf.kernel",
        .summary = "Williams' arcsine kernel E[erf(u.x) erf(v.x)], a = |u|, b = |v|, t = angle(u, v)",
        .nargs = 3,
        .args = {ARG_NORM("a", 1000), ARG_NORM("b", 1000), ARG_ANGLE},
        .nout = 1,
        .outputs = {"(2/pi) asin(2ab cos t / sqrt((1 + 2a^2)(1 + 2b^2)))"},
        .source = "002_588e28744115f015.txt, Lemma 1 (Williams [22]); seed-002 C13",
        .fn_double = gdc_erf_kernel_d,
        .fn_arb = gdc_erf_kernel_arb,
        .fn_mpfr = gdc_erf_kernel_mpfr,
        .fn_arb_jac = gdc_erf_kernel_jac,
        .fn_arb_hess = gdc_erf_kernel_hess,
        .max_err = 4,
        .nregimes = 5,
        .regimes = {{"q -> 1 (large norms, t -> 0)", k_q1}, {"q -> -1 (t -> pi)", k_qm1}, {"a -> 0", k_small},
                    {"t -> pi/2", k_right}, {"u -> v", k_diag}},
        .ndefchecks = 2,
        .defchecks = {{"integral over Y1 (Y2 exact)", gdc_erf_kernel_def_arb, NULL},
                      {"Monte Carlo in R^5", NULL, gdc_erf_kernel_def_mc}},
    },
    {
        .id = "erf.self_gap",
        .summary = "gap of the self-kernel 1 - E[erf(u.x)^2], a = |u|",
        .nargs = 1,
        .args = {ARG_NORM("a", 10000)},
        .nout = 1,
        .outputs = {"(4/pi) asin(1/sqrt(2(1 + 2a^2)))"},
        .source = "002_588e28744115f015.txt, Lemma 2 (App. C.1) with Lemma 1; seed-002 C14",
        .fn_double = gdc_erf_self_gap_d,
        .fn_arb = gdc_erf_self_gap_arb,
        .fn_mpfr = gdc_erf_self_gap_mpfr,
        .fn_arb_jac = gdc_erf_self_gap_jac,
        .fn_arb_hess = gdc_erf_self_gap_hess,
        .max_err = 4,
        .nregimes = 2,
        .regimes = {{"a -> 0", n_small}, {"large a (V -> 1)", n_large}},
        .ndefchecks = 2,
        .defchecks = {{"integral of 1 - erf(a y)^2", gdc_erf_self_gap_def_arb, NULL},
                      {"Monte Carlo in R^5", NULL, gdc_erf_self_gap_def_mc}},
    },
    {
        .id = "erf.c1",
        .summary = "Lemma 5 scalar c1(w): E[erf(w.x) erf'(w.x) x] = c1 w, a = |w|",
        .nargs = 1,
        .args = {ARG_NORM("a", 10)},
        .nout = 1,
        .outputs = {"4/(pi (1 + 2a^2) sqrt(1 + 4a^2))"},
        .source = "002_588e28744115f015.txt, Lemma 5 (App. C.2), c1 explicit; seed-002 C19 (E9: c1(0) = 4/pi > 1)",
        .fn_double = gdc_erf_c1_d,
        .fn_arb = gdc_erf_c1_arb,
        .fn_mpfr = gdc_erf_c1_mpfr,
        .fn_arb_jac = gdc_erf_c1_jac,
        .fn_arb_hess = gdc_erf_c1_hess,
        .max_err = 4,
        .nregimes = 3,
        .regimes = {{"a -> 0", n_small}, {"large a", n_large}, {"c1 -> 1 (a -> 0.257159)", c1_cross}},
        .ndefchecks = 2,
        .defchecks = {{"integral of (erf(ay)/a) erf'(ay) y", gdc_erf_c1_def_arb, NULL},
                      {"Monte Carlo in R^5", NULL, gdc_erf_c1_def_mc}},
    },
    {
        .id = "erf.btilde",
        .summary = "Lemma 5 vector btilde = grad_w E[erf(u.x) erf(w.x)] = E[erf(u.x) erf'(w.x) x]",
        .nargs = 3,
        .args = {ARG_NORM("c", 20), ARG_NORM("a", 20), ARG_ANGLE},
        .nout = 2,
        .outputs = {"<btilde, w/|w|> = (4/pi) c cos t / ((1 + 2a^2) sqrt(D)), D = 1 + 2a^2 + 2c^2 + 4a^2c^2 sin^2 t",
                    "<btilde, n> = (4/pi) c sin t / sqrt(D)"},
        .source = "002_588e28744115f015.txt, Lemma 5 (App. C.2) and Theorem 5; seed-002 C20, C23",
        .fn_double = gdc_erf_btilde_d,
        .fn_arb = gdc_erf_btilde_arb,
        .fn_mpfr = gdc_erf_btilde_mpfr,
        .fn_arb_jac = gdc_erf_btilde_jac,
        .fn_arb_hess = gdc_erf_btilde_hess,
        .max_err = 4,
        .nregimes = 5,
        .regimes = {{"t -> 0", b_t0}, {"t -> pi", b_tpi}, {"a -> 0", b_a0}, {"c -> 0", b_c0},
                    {"t -> pi/2", b_right}},
        .ndefchecks = 2,
        .defchecks = {{"integral over Y1 (Y2 exact)", gdc_erf_btilde_def_arb, NULL},
                      {"Monte Carlo in R^5", NULL, gdc_erf_btilde_def_mc}},
    },
    {
        .id = "erf.log_vk",
        .summary = "E[p_u^(k)^2] = V(u,u)^k in the log domain (k real >= 1), a = |u|",
        .nargs = 2,
        .args = {{"k", GDC_Q(1), GDC_Q(10000), 0, 0, 0}, ARG_POS("a", 20000)},
        .nout = 2,
        .outputs = {"k log V(u,u) = k log1p(-(4/pi) asin(1/sqrt(2(1+2a^2))))", "V(u,u)^k"},
        .source = "002_588e28744115f015.txt, Lemma 2 (App. C.1); seed-002 C14, C15, B6",
        .fn_double = gdc_erf_log_vk_d,
        .fn_arb = gdc_erf_log_vk_arb,
        .fn_mpfr = gdc_erf_log_vk_mpfr,
        .fn_arb_jac = gdc_erf_log_vk_jac,
        .fn_arb_hess = gdc_erf_log_vk_hess,
        .max_err = 4,
        .nregimes = 3,
        .regimes = {{"|u|^2 = 12k^2/pi^2 (Lemma 2)", v_lemma2}, {"a -> 0 (underflow)", v_small},
                    {"large a (V -> 1)", v_large}},
        .ndefchecks = 2,
        .defchecks = {{"integral of erf(a y)^2, then k log", gdc_erf_log_vk_def_arb, NULL},
                      {"Monte Carlo in R^5 (delta method)", NULL, gdc_erf_log_vk_def_mc}},
    },
    {
        .id = "erf.lemma2",
        .summary = "Lemma 2 thresholds: V(u,u) > 1 - 1/k iff |u|^2 > s*(k); V(u,u)^k > 1/4 iff |u|^2 > s_d(k)",
        .nargs = 1,
        .args = {{"k", GDC_Q(1), GDC_Q(1000000), 0, 0, 0}},
        .nout = 2,
        .outputs = {"s*(k) = cos(pi/(2k)) / (4 sin^2(pi/(4k)))",
                    "s_d(k) = cos(pi x/2) / (4 sin^2(pi x/4)), x = 1 - 4^(-1/k)"},
        .source = "002_588e28744115f015.txt, Lemma 2 (App. C.1), exact thresholds; seed-002 C24 (E13)",
        .fn_double = gdc_erf_lemma2_d,
        .fn_arb = gdc_erf_lemma2_arb,
        .fn_mpfr = gdc_erf_lemma2_mpfr,
        .fn_arb_jac = gdc_erf_lemma2_jac,
        .fn_arb_hess = gdc_erf_lemma2_hess,
        .max_err = 4,
        .nregimes = 3,
        .regimes = {{"k in [1, 2]", l_small}, {"integer k <= 100", l_int}, {"large k", l_large}},
        .ndefchecks = 1,
        .defchecks = {{"inversion s = sigma/(2(1 - sigma))", gdc_erf_lemma2_def_arb, NULL}},
    },
    {
        .id = "erf.hess_opt",
        .summary = "Hessian eigenvalues of the WS loss F^(1,k) at the optimum u0, r = |u0| (radial, transverse)",
        .nargs = 2,
        .args = {{"k", GDC_Q(1), GDC_Q(10000), 0, 0, 0}, ARG_POS("r", 20000)},
        .nout = 2,
        .outputs = {"Q_rad = (1 + k V^{k-1}) (4/pi)(1+4s)^{-3/2} + k(k-1) V^{k-2} 16 s/(pi^2 (1+2s)^2 (1+4s)), s = r^2",
                    "Q_trans = (1 + k V^{k-1}) (4/pi)(1+4s)^{-1/2}, V = V(u0, u0)"},
        .source = "002_588e28744115f015.txt, Theorems 6, 7 (App. C.3), Hessian at the optimum; seed-002 C31 (B14, B17)",
        .fn_double = gdc_erf_hess_opt_d,
        .fn_arb = gdc_erf_hess_opt_arb,
        .fn_mpfr = gdc_erf_hess_opt_mpfr,
        .fn_arb_jac = gdc_erf_hess_opt_jac,
        .fn_arb_hess = gdc_erf_hess_opt_hess,
        .max_err = 4,
        .nregimes = 3,
        .regimes = {{"|u0|^2 = 12k^2/pi^2 (Lemma 2)", v_lemma2}, {"r -> 0", v_small}, {"large r (V -> 1)", v_large}},
        .ndefchecks = 1,
        .defchecks = {{"integrals A, A0, B, C over Y", gdc_erf_hess_opt_def_arb, NULL}},
    },
};

const gdc_family_t gdc_family_erf = {"erf", rows, sizeof rows / sizeof rows[0]};
