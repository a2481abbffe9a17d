/* Registry rows of the Gaussian-cosine family (002_588e28744115f015.txt, Section 3, App. B; seed-002 C1-C10):
 * domains, hard-regime samplers (all inside the domain) and definition checks. */
#include <math.h>
#include "cosine/cosine.h"
#include "core/families.h"

#define ARG_NORM(nm, hi) {nm, GDC_Q(0), GDC_INF, 0, 1, hi}
#define ARG_ANGLE {"t", GDC_Q(0), GDC_PI, 0, 0, 0}

/* a pair of norms (a, b) and an angle t with |w - v| (or |w + v| when mirror) = r in [1e-12, 1] */
static void near_pair(double *a, double *b, double *t, gdc_rng_t *rng, int mirror)
{
    double r = gdc_rng_logu(rng, -12, 0), phi = gdc_rng_range(rng, 0, M_PI);
    *a = gdc_rng_range(rng, 1, 5);
    *b = *a + r * cos(phi);
    double dt = r * sin(phi) / *a;
    *t = mirror ? M_PI - dt : dt;
}

/* ---- cosine.ecos ---- */
static void ecos_small(double *x, gdc_rng_t *rng) { x[0] = gdc_rng_logu(rng, -12, 0); }
static void ecos_large(double *x, gdc_rng_t *rng) { x[0] = gdc_rng_range(rng, 30, 40); }

/* ---- cosine.ecc ---- */
static void ecc_near(double *x, gdc_rng_t *rng) { near_pair(&x[0], &x[1], &x[2], rng, 0); }
static void ecc_mirror(double *x, gdc_rng_t *rng) { near_pair(&x[0], &x[1], &x[2], rng, 1); }
static void ecc_small(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_logu(rng, -12, 0);
    x[1] = gdc_rng_logu(rng, -12, 0);
    x[2] = gdc_rng_range(rng, 0, M_PI);
}
static void ecc_small_near(double *x, gdc_rng_t *rng)
{
    near_pair(&x[0], &x[1], &x[2], rng, gdc_rng_uniform(rng) < 0.5);
    double s = gdc_rng_logu(rng, -6, 0);
    x[0] *= s, x[1] *= s;
}
static void ecc_large(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_range(rng, 6, 30);
    x[1] = gdc_rng_range(rng, 6, 30);
    x[2] = gdc_rng_range(rng, 0, M_PI);
}

/* ---- cosine.ws: x = {k, r, a, t} ---- */
static void ws_near(double *x, gdc_rng_t *rng)
{
    x[0] = floor(gdc_rng_range(rng, 1, 100));
    near_pair(&x[2], &x[1], &x[3], rng, 0);
    x[1] *= 0.5, x[2] *= 0.5;
}
static void ws_mirror(double *x, gdc_rng_t *rng)
{
    x[0] = floor(gdc_rng_range(rng, 1, 100));
    near_pair(&x[2], &x[1], &x[3], rng, 1);
    x[1] *= 0.5, x[2] *= 0.5;
}
static void ws_small(double *x, gdc_rng_t *rng)
{
    x[0] = floor(gdc_rng_range(rng, 1, 100));
    x[1] = gdc_rng_logu(rng, -12, 0);
    x[2] = gdc_rng_logu(rng, -12, 0);
    x[3] = gdc_rng_range(rng, 0, M_PI);
}
static void ws_large(double *x, gdc_rng_t *rng)
{
    x[0] = floor(gdc_rng_range(rng, 50, 100));
    x[1] = gdc_rng_range(rng, 2, 4);
    x[2] = gdc_rng_range(rng, 0, 4);
    x[3] = gdc_rng_range(rng, 0, M_PI);
}

/* ---- cosine.grad: x = {beta, a, c, t} ---- */
static void grad_near(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_range(rng, 0.1, 2);
    near_pair(&x[1], &x[2], &x[3], rng, 0);
}
static void grad_mirror(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_range(rng, 0.1, 2);
    near_pair(&x[1], &x[2], &x[3], rng, 1);
}
static void grad_a0(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_range(rng, 0.1, 4);
    x[1] = gdc_rng_logu(rng, -12, 0);
    x[2] = gdc_rng_range(rng, 0, 6);
    x[3] = gdc_rng_range(rng, 0, M_PI);
}
static void grad_beta0(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_logu(rng, -8, 0);
    x[1] = gdc_rng_range(rng, 0, 6);
    x[2] = gdc_rng_range(rng, 0, 6);
    x[3] = gdc_rng_range(rng, 0, M_PI);
}
static void grad_large(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_range(rng, 2, 4);
    x[1] = gdc_rng_range(rng, 4, 6);
    x[2] = gdc_rng_range(rng, 4, 6);
    x[3] = gdc_rng_range(rng, 0, M_PI);
}
static void grad_right(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_range(rng, 0.1, 2);
    x[1] = gdc_rng_range(rng, 0, 3);
    x[2] = gdc_rng_range(rng, 0, 3);
    x[3] = M_PI / 2 + gdc_rng_range(rng, -1e-6, 1e-6);
}

/* ---- cosine.hess_eig: x = {A, C, t} ---- */
/* A in [0, 4] where output `which` (1: lambda_min, 2: lambda_max) of the double kernel changes sign at fixed
 * C, t (grid scan, then bisection to adjacent doubles); a random point when there is no sign change */
static void hess_zero(double *x, gdc_rng_t *rng, int which)
{
    double lam[3];
    for (int tries = 0; tries < 8; tries++) {
        x[1] = gdc_rng_range(rng, 0.2, 3);
        x[2] = gdc_rng_range(rng, 0, M_PI);
        double lo = 0, flo;
        x[0] = lo;
        gdc_cosine_hess_d(lam, x);
        flo = lam[which];
        for (int i = 1; i <= 64; i++) {
            double hi = 4.0 * i / 64;
            x[0] = hi;
            gdc_cosine_hess_d(lam, x);
            if ((lam[which] > 0) != (flo > 0)) {
                for (int j = 0; j < 80 && nextafter(lo, hi) < hi; j++) {
                    x[0] = 0.5 * (lo + hi);
                    gdc_cosine_hess_d(lam, x);
                    if ((lam[which] > 0) == (flo > 0))
                        lo = x[0];
                    else
                        hi = x[0];
                }
                x[0] = gdc_rng_uniform(rng) < 0.5 ? lo : hi;
                return;
            }
            lo = hi;
            flo = lam[which];
        }
    }
    x[0] = gdc_rng_range(rng, 0, 4);
}
static void hess_min0(double *x, gdc_rng_t *rng) { hess_zero(x, rng, 1); }
static void hess_max0(double *x, gdc_rng_t *rng) { hess_zero(x, rng, 2); }
static void hess_near(double *x, gdc_rng_t *rng) { near_pair(&x[0], &x[1], &x[2], rng, 0); }
static void hess_mirror(double *x, gdc_rng_t *rng) { near_pair(&x[0], &x[1], &x[2], rng, 1); }
static void hess_small(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_logu(rng, -12, 0);
    x[1] = gdc_rng_range(rng, 0, 4);
    x[2] = gdc_rng_range(rng, 0, M_PI);
}
static void hess_t0(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_range(rng, 0, 4);
    x[1] = gdc_rng_range(rng, 0, 4);
    x[2] = gdc_rng_logu(rng, -12, 0);
    if (gdc_rng_uniform(rng) < 0.5)
        x[2] = M_PI - x[2];
}
static void hess_large(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_range(rng, 8, 30);
    x[1] = gdc_rng_range(rng, 0, 30);
    x[2] = gdc_rng_range(rng, 0, M_PI);
}


static const gdc_row_t rows[] = {
    {
        .id = "cosine.ecos",
        .summary = "Gaussian characteristic function E[cos(w.z)], z ~ N(0, I), a = |w|",
        .nargs = 1,
        .args = {ARG_NORM("a", 40)},
        .nout = 1,
        .outputs = {"E[cos(w.z)] = exp(-a^2/2)"},
        .source = "002_588e28744115f015.txt, App. B.1, proof of Lemma 10 (Spiegel [21] eq. 15.73); seed-002 C1",
        .fn_double = gdc_cosine_ecos_d,
        .fn_arb = gdc_cosine_ecos_arb,
        .fn_mpfr = gdc_cosine_ecos_mpfr,
        .fn_arb_jac = gdc_cosine_ecos_jac,
        .fn_arb_hess = gdc_cosine_ecos_hess,
        .max_err = 2,
        .nregimes = 2,
        .regimes = {{"a -> 0", ecos_small}, {"large a (underflow)", ecos_large}},
        .ndefchecks = 2,
        .defchecks = {{"integral of cos(a y) phi(y)", gdc_cosine_ecos_def_arb, NULL},
                      {"Monte Carlo in R^5", NULL, gdc_cosine_ecos_def_mc}},
    },
    {
        .id = "cosine.ecc",
        .summary = "E[(cos(w.z) - cos(v.z))^2], a = |w|, b = |v|, t = angle(w, v) (Lemma 10 identity)",
        .nargs = 3,
        .args = {ARG_NORM("a", 30), ARG_NORM("b", 30), ARG_ANGLE},
        .nout = 1,
        .outputs = {"1 + exp(-2a^2)/2 + exp(-2b^2)/2 - exp(-m/2) - exp(-p/2), m = |w-v|^2, p = |w+v|^2"},
        .source = "002_588e28744115f015.txt, Lemma 10 (App. B.1); seed-002 C4 (cancellation-free form)",
        .fn_double = gdc_cosine_ecc_d,
        .fn_arb = gdc_cosine_ecc_arb,
        .fn_mpfr = gdc_cosine_ecc_mpfr,
        .fn_arb_jac = gdc_cosine_ecc_jac,
        .fn_arb_hess = gdc_cosine_ecc_hess,
        .max_err = 4,
        .nregimes = 5,
        .regimes = {{"w -> v (|w-v| 1e-12..1)", ecc_near},
                    {"w -> -v (|w+v| 1e-12..1)", ecc_mirror},
                    {"a, b -> 0", ecc_small},
                    {"w -> +-v with small norms", ecc_small_near},
                    {"large a, b (underflow)", ecc_large}},
        .ndefchecks = 2,
        .defchecks = {{"integral over Y1 (Y2 exact)", gdc_cosine_ecc_def_arb, NULL},
                      {"Monte Carlo in R^5", NULL, gdc_cosine_ecc_def_mc}},
    },
    {
        .id = "cosine.grad",
        .summary = "corrected Lemma 9 gradient of G(w) = E[(cos(beta w.z) - cos(beta u.z))^2]/2",
        .nargs = 4,
        .args = {{"beta", GDC_Q(0), GDC_Q(4), 1, 0, 0}, ARG_NORM("a", 6), ARG_NORM("c", 6), ARG_ANGLE},
        .nout = 2,
        .outputs = {"<grad G, w/|w|>, grad G = -beta^2 e^{-2beta^2 a^2} w + (beta^2/2) e^{-beta^2|w-u|^2/2}(w-u)"
                    " + (beta^2/2) e^{-beta^2|w+u|^2/2}(w+u)",
                    "<grad G, n>, n = (u/|u| - cos t w/|w|)/sin t"},
        .source = "002_588e28744115f015.txt, Lemma 9 (App. B.1), sign corrected; seed-002 C7 (E1)",
        .fn_double = gdc_cosine_grad_d,
        .fn_arb = gdc_cosine_grad_arb,
        .fn_mpfr = gdc_cosine_grad_mpfr,
        .fn_arb_jac = gdc_cosine_grad_jac,
        .max_err = 4,
        .nregimes = 6,
        .regimes = {{"w -> u", grad_near},
                    {"w -> -u", grad_mirror},
                    {"a -> 0", grad_a0},
                    {"beta -> 0", grad_beta0},
                    {"large beta a, beta c (underflow)", grad_large},
                    {"t -> pi/2", grad_right}},
        .ndefchecks = 2,
        .defchecks = {{"integral over Y1 (Y2 exact)", gdc_cosine_grad_def_arb, NULL},
                      {"Monte Carlo in R^5", NULL, gdc_cosine_grad_def_mc}},
    },
    {
        .id = "cosine.ws",
        .summary = "Section-3 WS objective F(w0) with c_k = 3 sqrt(k), r = |u0|, a = |w0|, t = angle(w0, u0)",
        .nargs = 4,
        .args = {{"k", GDC_Q(1), GDC_Q(100), 0, 0, 0}, ARG_NORM("r", 4), ARG_NORM("a", 4), ARG_ANGLE},
        .nout = 1,
        .outputs = {"(9k/2)|w0-u0|^2 + (1 + e^{-2k a^2}/2 + e^{-2k r^2}/2 - e^{-k|w0-u0|^2/2}"
                    " - e^{-k|w0+u0|^2/2})/2"},
        .source = "002_588e28744115f015.txt, eq. (4) (App. B.2, proof of Theorem 2); seed-002 C6",
        .fn_double = gdc_cosine_ws_d,
        .fn_arb = gdc_cosine_ws_arb,
        .fn_mpfr = gdc_cosine_ws_mpfr,
        .fn_arb_jac = gdc_cosine_ws_jac,
        .fn_arb_hess = gdc_cosine_ws_hess,
        .max_err = 4,
        .nregimes = 4,
        .regimes = {{"w0 -> u0", ws_near},
                    {"w0 -> -u0", ws_mirror},
                    {"a, r -> 0", ws_small},
                    {"large k r^2 (underflow)", ws_large}},
        .ndefchecks = 2,
        .defchecks = {{"reduction (4), Y1 integral", gdc_cosine_ws_def_arb, NULL},
                      {"Monte Carlo of the WS model, x in R^(5k)", NULL, gdc_cosine_ws_def_mc}},
    },
    {
        .id = "cosine.hess_eig",
        .summary = "spectrum of the corrected Lemma 11 Hessian H(a, c), A = |a|, C = |c|, t = angle(a, c)",
        .nargs = 3,
        .args = {ARG_NORM("A", 8), ARG_NORM("C", 8), ARG_ANGLE},
        .nout = 3,
        .outputs = {"lambda_perp = -e^{-2A^2} + e^{-|a-c|^2/2}/2 + e^{-|a+c|^2/2}/2 (on span{a, c}^perp)",
                    "lambda_min of the 2x2 block of H on span{a, c}",
                    "lambda_max of the 2x2 block of H on span{a, c}"},
        .source = "002_588e28744115f015.txt, Lemma 11 (App. B.2), corrected Hessian; seed-002 C10 (B4, B5)",
        .fn_double = gdc_cosine_hess_d,
        .fn_arb = gdc_cosine_hess_arb,
        .fn_mpfr = gdc_cosine_hess_mpfr,
        .fn_arb_jac = gdc_cosine_hess_jac,
        .max_err = 4,
        .nregimes = 7,
        .regimes = {{"lambda_min crosses 0", hess_min0},
                    {"lambda_max crosses 0", hess_max0},
                    {"a -> c", hess_near},
                    {"a -> -c", hess_mirror},
                    {"A -> 0", hess_small},
                    {"t -> 0, pi", hess_t0},
                    {"large A (underflow)", hess_large}},
        .ndefchecks = 2,
        .defchecks = {{"integral over Y1 (Y2 exact)", gdc_cosine_hess_def_arb, NULL},
                      {"Monte Carlo in R^5", NULL, gdc_cosine_hess_def_mc}},
    },
};

const gdc_family_t gdc_family_cosine = {"cosine", rows, sizeof rows / sizeof rows[0]};
