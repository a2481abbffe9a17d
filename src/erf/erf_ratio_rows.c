/* Registry rows for the Theorem 6/7 inner-product ratios of 002_588e28744115f015.txt (Sec. 4.7, App. C.4;
 * seed-002 B14, B17, C22, C30, C31): x = {k, rho, alpha}, u0 = U e2 with U^2 = 12 k^2/pi^2,
 * w0 = rho U (sin alpha, cos alpha). The domain is k in {1, ..., 1000}, rho in [0, 1), alpha in [0, pi/2]: the
 * open end rho < 1 leaves out w0 = u0, where both ratios are 0/0 with a direction-dependent limit (C31). The face
 * rho = 1, alpha > 0 goes with it; the kernels are correct there too, and by continuity an infimum over the
 * domain equals the infimum over the closed quarter ball without w0 = u0. */
#include <math.h>
#include "erf/erf_ratio.h"
#include "core/families.h"

#define ARG_K {"k", GDC_Q(1), GDC_Q(1000), 0, 0, 0, 1}
#define ARG_RHO {"rho", GDC_Q(0), GDC_Q(1), 0, 1, 0, 0}
#define ARG_ALPHA {"alpha", GDC_Q(0), {1, 2, 1}, 0, 0, 0, 0}

static double k_any(gdc_rng_t *rng) { return floor(gdc_rng_logu(rng, 0, 3)); }
static double U_of(double k) { return sqrt(12.0) * k / M_PI; }
/* a double in [0, pi/2] */
static double alpha_clamp(double a) { return a > 1.5707963267948966 ? 1.5707963267948966 : a; }

/* w0 -> u0 from every direction: 1 - rho and alpha log-uniform and independent */
static void r_corner(double *x, gdc_rng_t *rng)
{
    x[0] = k_any(rng);
    x[1] = 1.0 - gdc_rng_logu(rng, -16, -1);
    x[2] = gdc_rng_logu(rng, -16, -1);
}
/* radial approach: alpha = 0, rho -> 1 (the infimum of both ratios, B14, B17) */
static void r_radial(double *x, gdc_rng_t *rng)
{
    x[0] = k_any(rng);
    x[1] = 1.0 - gdc_rng_logu(rng, -16, -1);
    x[2] = 0.0;
}
/* tangential approach: rho at its last double below 1, alpha small */
static void r_tangent(double *x, gdc_rng_t *rng)
{
    x[0] = k_any(rng);
    x[1] = nextafter(1.0, 0.0);
    x[2] = gdc_rng_logu(rng, -12, 0);
}
/* w0 -> 0 */
static void r_origin(double *x, gdc_rng_t *rng)
{
    x[0] = k_any(rng);
    x[1] = gdc_rng_uniform(rng) < 0.1 ? 0.0 : gdc_rng_logu(rng, -16, -1);
    x[2] = gdc_rng_range(rng, 0, M_PI / 2);
}
/* alpha -> pi/2 (u0.w0 -> 0, V(u0, w0) -> 0) */
static void r_right(double *x, gdc_rng_t *rng)
{
    x[0] = k_any(rng);
    x[1] = gdc_rng_range(rng, 0, 1);
    x[2] = alpha_clamp(M_PI / 2 - gdc_rng_logu(rng, -16, -2));
}
/* the Theorem 7 region near its minimum: alpha < atan(eps/(2U)), |w0 - u0| a little above eps */
static void r_thm7(double *x, gdc_rng_t *rng)
{
    double eps = gdc_rng_uniform(rng) < 0.5 ? 0.01 : 0.1;
    x[0] = k_any(rng);
    double U = U_of(x[0]);
    x[2] = gdc_rng_range(rng, 0, atan(eps / (2 * U)));
    x[1] = 1.0 - eps / U * (1.0 + gdc_rng_range(rng, 0, 0.5));
    if (x[1] < 0)
        x[1] = 0;
}
/* large k */
static void r_large_k(double *x, gdc_rng_t *rng)
{
    x[0] = floor(gdc_rng_range(rng, 100, 1000));
    x[1] = gdc_rng_range(rng, 0, 1);
    x[2] = gdc_rng_logu(rng, -6, log10(M_PI / 2));
    if (x[1] >= 1.0)
        x[1] = 0.5;
}
/* R7 changes sign on the quarter ball for large k (rho about 0.4, alpha about 0.01 - 0.1; this audit) */
static void r_sign7(double *x, gdc_rng_t *rng)
{
    x[0] = floor(gdc_rng_range(rng, 50, 1000));
    x[1] = gdc_rng_range(rng, 0.2, 0.6);
    x[2] = gdc_rng_logu(rng, -2.5, -0.7);
}

#define REGIMES_COMMON \
    {"w0 -> u0 (any direction)", r_corner}, {"radial: alpha = 0, rho -> 1", r_radial}, \
    {"tangential: rho = 1 - 2^-53", r_tangent}, {"w0 -> 0", r_origin}, {"alpha -> pi/2", r_right}, \
    {"Theorem 7 region, |w0 - u0| ~ eps", r_thm7}, {"large k", r_large_k}

static const gdc_row_t rows[] = {
    {
        .id = "erf.ratio6",
        .summary = "Theorem 6 ratio <w0 - u0, grad F^(1)(w0)>/|w0 - u0|^2 (WS, |u0|^2 = 12k^2/pi^2)",
        .nargs = 3,
        .args = {ARG_K, ARG_RHO, ARG_ALPHA},
        .nout = 1,
        .outputs = {"(4/pi)[lambda (P1 + y P3) + (1 - lambda) P2]/(1 + 2|w0|^2), lambda = w1^2/|w0 - u0|^2 "
                    "(erf_ratio.c)"},
        .source = "002_588e28744115f015.txt, Theorem 6 (Sec. 4.7, App. C.4); seed-002 B14, C30, C31 (E16)",
        .fn_double = gdc_erf_ratio6_d,
        .fn_arb = gdc_erf_ratio6_arb,
        .fn_mpfr = gdc_erf_ratio6_mpfr,
        .fn_arb_jac = gdc_erf_ratio6_jac,
        .fn_arb_hess = gdc_erf_ratio6_hess,
        .max_err = 4,
        .nregimes = 7,
        .regimes = {REGIMES_COMMON},
        .ndefchecks = 2,
        .defchecks = {{"integral over Y1 of the C30 integrand", gdc_erf_ratio6_def_arb, NULL},
                      {"Monte Carlo in R^5", NULL, gdc_erf_ratio6_def_mc}},
    },
    {
        .id = "erf.ratio7",
        .summary = "Theorem 7 ratio <w0 - u0, grad F^(1,k)(w0)>/|w0 - u0|^2 (WS gradient C22, |u0|^2 = 12k^2/pi^2)",
        .nargs = 3,
        .args = {ARG_K, ARG_RHO, ARG_ALPHA},
        .nout = 1,
        .outputs = {"(1 + k V(u0,w0)^{k-1}) R6 + (4/pi) k (V(w0,w0)^{k-1} - V(u0,w0)^{k-1}) <w0 - u0, w0>/"
                    "((1 + 2|w0|^2) sqrt(1 + 4|w0|^2) |w0 - u0|^2)"},
        .source = "002_588e28744115f015.txt, Theorem 7 (Sec. 4.7, App. C.4.1); seed-002 B17, C22, C29, C31 (E18)",
        .fn_double = gdc_erf_ratio7_d,
        .fn_arb = gdc_erf_ratio7_arb,
        .fn_mpfr = gdc_erf_ratio7_mpfr,
        .fn_arb_jac = gdc_erf_ratio7_jac,
        .fn_arb_hess = gdc_erf_ratio7_hess,
        .max_err = 4,
        .nregimes = 8,
        .regimes = {REGIMES_COMMON, {"R7 sign change (k >= 50)", r_sign7}},
        .ndefchecks = 2,
        .defchecks = {{"integrals over Y1 (N6, Ia, V(w,w), V(u,w))", gdc_erf_ratio7_def_arb, NULL},
                      {"Monte Carlo in R^5 (delta method)", NULL, gdc_erf_ratio7_def_mc}},
    },
};

const gdc_family_t gdc_family_erf_ratio = {"erf", rows, sizeof rows / sizeof rows[0]};
