/* The gauss family's registry rows (000_09c7d5b8511ab65b.txt: Lemma B.1, Lemma 5.1, Theorem 3.1 and the
 * initialisation probabilities after Theorem 6.4), with their hard regimes and definition checks. */
#include <math.h>
#include "gauss/gauss.h"
#include "gauss/special.h"

#define PAPER "000_09c7d5b8511ab65b.txt"
#define TAUD_MAX_NUM 7071067811865475L /* 0.7071067811865475 < 1/sqrt2: the largest double below 1/sqrt2 is inside */
#define TAUD_MAX_DEN 10000000000000000L

static double pick_int(gdc_rng_t *r, double lo, double hi) { return floor(gdc_rng_range(r, lo, hi + 0.999)); }

/* ---- wedge */
static void wedge_phi_small(double *x, gdc_rng_t *r)
{
    x[0] = gdc_rng_range(r, 0.0, 4.0);
    x[1] = gdc_rng_logu(r, -300, -0.5);
}
static void wedge_phi_pi(double *x, gdc_rng_t *r)
{
    x[0] = gdc_rng_range(r, 0.0, 4.0);
    x[1] = 3.141592653589793 - gdc_rng_logu(r, -16, -1);
}
static void wedge_alpha_extreme(double *x, gdc_rng_t *r)
{
    x[0] = gdc_rng_logu(r, -70, 70);
    x[1] = gdc_rng_range(r, 0.0, 3.141592653589793);
}
static void wedge_underflow(double *x, gdc_rng_t *r)
{
    x[0] = gdc_rng_logu(r, -80, -60);
    x[1] = gdc_rng_logu(r, -10, 0);
}
static void wedge_phi2(double *x, gdc_rng_t *r)
{
    x[0] = gdc_rng_range(r, 0.5, 2.0);
    x[1] = 2.0 + gdc_rng_range(r, -1e-6, 1e-6);
}

/* ---- lemma51 */
static void l51_small_d(double *x, gdc_rng_t *r)
{
    x[0] = pick_int(r, 1, 12);
    x[1] = gdc_rng_range(r, 1e-3, 0.7071067811865474);
}
static void l51_taud_max(double *x, gdc_rng_t *r)
{
    x[0] = pick_int(r, 1, 4);
    x[1] = 0.70710678118654746 - gdc_rng_logu(r, -15, -1);
    if (x[1] <= 0)
        x[1] = 0.5;
}
static void l51_taud_small(double *x, gdc_rng_t *r)
{
    x[0] = pick_int(r, 1, 1000);
    x[1] = gdc_rng_logu(r, -12, -1);
}
static void l51_large_d(double *x, gdc_rng_t *r)
{
    x[0] = floor(gdc_rng_logu(r, 3, 4));
    x[1] = gdc_rng_range(r, 1e-3, 0.7071067811865474);
}
/* near the zero of the printed bound 1/2 - t/4 - (5/6)^d (d = 4, 5, 6) */
static void l51_paper_root(double *x, gdc_rng_t *r)
{
    double d = pick_int(r, 4, 6);
    double root = 4.0 * (0.5 - pow(5.0 / 6.0, d));
    x[0] = d;
    x[1] = root * (1.0 + gdc_rng_range(r, -1e-6, 1e-6));
}
/* near the zero of the corrected bound erfc(sqrt2 t)/2 - (2/e)^{d/2} */
static void l51_corrected_root(double *x, gdc_rng_t *r)
{
    double d = pick_int(r, 6, 60), lo = 1e-6, hi = 0.7071067811865474, target = exp(0.5 * d * (log(2.0) - 1.0));
    for (int i = 0; i < 60; i++) {
        double m = 0.5 * (lo + hi);
        if (0.5 * erfc(sqrt(2.0) * m) > target)
            lo = m;
        else
            hi = m;
    }
    x[0] = d;
    x[1] = lo * (1.0 + gdc_rng_range(r, -1e-6, 1e-6));
    if (x[1] > 0.7071067811865474)
        x[1] = 0.7071067811865474;
}

/* ---- angle / norm / chi2 / binom */
static void int_small(double *x, gdc_rng_t *r) { x[0] = pick_int(r, 2, 40); }
static void angle_large(double *x, gdc_rng_t *r) { x[0] = pick_int(r, 1000, 3000); }
static void norm_small(double *x, gdc_rng_t *r) { x[0] = pick_int(r, 1, 40); }
static void norm_subnormal(double *x, gdc_rng_t *r) { x[0] = pick_int(r, 850, 940); }
static void chi2_median(double *x, gdc_rng_t *r)
{
    x[0] = pick_int(r, 1, 1000);
    x[1] = 1.0 + gdc_rng_range(r, -0.05, 0.05);
}
static void chi2_c_small(double *x, gdc_rng_t *r)
{
    x[0] = pick_int(r, 1, 200);
    x[1] = gdc_rng_logu(r, -300, -1);
}
static void chi2_c2(double *x, gdc_rng_t *r)
{
    x[0] = pick_int(r, 1, 400);
    x[1] = 2.0;
}
static void chi2_small_d(double *x, gdc_rng_t *r)
{
    x[0] = pick_int(r, 1, 4);
    x[1] = gdc_rng_range(r, 0.0, 60.0);
}
static void chi2_deep(double *x, gdc_rng_t *r)
{
    x[0] = pick_int(r, 1, 60);
    x[1] = gdc_rng_logu(r, 0.9, 3.0);
}
static void binom_small(double *x, gdc_rng_t *r) { x[0] = pick_int(r, 1, 60); }
static void binom_edge(double *x, gdc_rng_t *r) { x[0] = pick_int(r, 5000, 6500); }
static void binom_series(double *x, gdc_rng_t *r) { x[0] = pick_int(r, 20001, 60000); }

/* ---- cap */
static void cap_small_d(double *x, gdc_rng_t *r)
{
    x[0] = pick_int(r, 2, 12);
    x[1] = gdc_rng_range(r, 0.0, 1.0);
}
static void cap_a_small(double *x, gdc_rng_t *r)
{
    x[0] = floor(gdc_rng_logu(r, 0.3, 6));
    x[1] = gdc_rng_logu(r, -20, -0.5) / sqrt(x[0]);
}
static void cap_a_one(double *x, gdc_rng_t *r)
{
    x[0] = pick_int(r, 2, 200);
    x[1] = 1.0 - gdc_rng_logu(r, -16, -1);
}
static void cap_large_d(double *x, gdc_rng_t *r)
{
    x[0] = floor(gdc_rng_logu(r, 4, 6));
    x[1] = gdc_rng_range(r, 0.0, 40.0) / sqrt(x[0]); /* from P ~ 1/2 down to underflow */
}
static void cap_sqrt_half(double *x, gdc_rng_t *r)
{
    x[0] = floor(gdc_rng_logu(r, 0.3, 3));
    x[1] = 0.7071067811865476 + gdc_rng_range(r, -1e-9, 1e-9);
}

static const gdc_row_t rows[] = {
    {
        .id = "gauss.wedge",
        .summary = "Lemma B.1 pie slice: exact inf_u int_P (u.y)^2 dy and the paper's rectangle bound",
        .nargs = 2,
        .args = {{"alpha", GDC_Q(0), GDC_INF, 0, 1, 4.0, 0}, {"phi", GDC_Q(0), GDC_PI, 0, 0, 0, 0}},
        .nout = 2,
        .outputs = {"alpha^4 (phi - sin phi)/8", "alpha^4 sin^3(phi/4)/(8 sqrt2)"},
        .source = PAPER " Lemma B.1 (Appendix B); seed-000 C13, B6",
        .fn_double = gdc_gauss_wedge_d,
        .fn_arb = gdc_gauss_wedge_arb,
        .fn_mpfr = gdc_gauss_wedge_mpfr,
        .fn_arb_jac = gdc_gauss_wedge_jac,
        .fn_arb_hess = gdc_gauss_wedge_hess,
        .max_err = 4,
        .nregimes = 5,
        .regimes = {{"phi -> 0", wedge_phi_small},
                    {"phi -> pi", wedge_phi_pi},
                    {"alpha tiny or huge", wedge_alpha_extreme},
                    {"subnormal results", wedge_underflow},
                    {"phi near the series switch 2", wedge_phi2}},
        .ndefchecks = 1,
        .defchecks = {{"polar second moments", gdc_gauss_wedge_def_arb, NULL}},
    },
    {
        .id = "gauss.lemma51",
        .summary = "Lemma 5.1: exact P(|w-v|^2 <= 1 - 2 tau^2 d), printed bound, corrected bound",
        .nargs = 2,
        .args = {{"d", GDC_Q(1), GDC_Q(1000000), 0, 0, 1000.0, 1},
                 {"taud", GDC_Q(0), GDC_QD(TAUD_MAX_NUM, TAUD_MAX_DEN), 1, 0, 0, 0}},
        .nout = 3,
        .outputs = {"P(|w - v|^2 <= 1 - 2 tau^2 d), w ~ N(0, tau^2 I_d)", "1/2 - tau d/4 - 1.2^-d",
                    "1/2 - erf(sqrt2 tau d)/2 - (2/e)^(d/2)"},
        .source = PAPER " Lemma 5.1 (Appendix C); seed-000 C15, B8, S2 (output 0 is a 1-D integral, milliseconds per Arb or MPFR evaluation: the cross-checks use 1/50 of the usual points)",
        .fn_double = gdc_gauss_lemma51_d,
        .fn_arb = gdc_gauss_lemma51_arb,
        .fn_mpfr = gdc_gauss_lemma51_mpfr,
        .fn_arb_jac = gdc_gauss_lemma51_jac,
        .fn_arb_timed = gdc_gauss_lemma51_timed, /* one integral takes seconds at d near 10^6 */
        .max_err = 4,
        .nregimes = 6,
        .regimes = {{"small d", l51_small_d},
                    {"taud -> 1/sqrt2", l51_taud_max},
                    {"taud -> 0", l51_taud_small},
                    {"large d", l51_large_d},
                    {"zero of the printed bound", l51_paper_root},
                    {"zero of the corrected bound", l51_corrected_root}},
        .ndefchecks = 1,
        .defchecks = {{"Monte Carlo of the event", NULL, gdc_gauss_lemma51_mc}},
        /* the Arb and MPFR values of output 0 are numerical integrals (milliseconds per evaluation): 200 random
         * points + 30 per regime for the accuracy check keep the row's checks near 30 s on one core */
        .check_scale = 0.02,
    },
    {
        .id = "gauss.angle_tail",
        .summary = "P(theta(w, v) > 3pi/4) for w ~ N(0, I/d): I_{1/2}((d-1)/2, 1/2)/2",
        .nargs = 1,
        .args = {{"d", GDC_Q(2), GDC_Q(1000000), 0, 0, 1000.0, 1}},
        .nout = 1,
        .outputs = {"I_{1/2}((d-1)/2, 1/2)/2"},
        .source = PAPER " discussion after Theorem 6.4; seed-000 C27, B19",
        .fn_double = gdc_gauss_angle_tail_d,
        .fn_arb = gdc_gauss_angle_tail_arb,
        .fn_mpfr = gdc_gauss_angle_tail_mpfr,
        .fn_arb_timed = gdc_gauss_angle_tail_timed, /* one Arb call; refused when it cannot finish in time */
        .no_deriv = "a function of the integer d alone (no real argument to differentiate in)",
        .int_ends = 1, /* decreasing in d; a range of d is the hull of its two ends (angle_tail.c) */
        .max_err = 4,
        .nregimes = 2,
        .regimes = {{"small d", int_small}, {"large d (results down to subnormal)", angle_large}},
        .ndefchecks = 1,
        .defchecks = {{"Monte Carlo of the angle", NULL, gdc_gauss_angle_tail_mc}},
    },
    {
        .id = "gauss.cap",
        .summary = "spherical cap P(u1 >= a) for u uniform on S^{d-1}: I_{1-a^2}((d-1)/2, 1/2)/2",
        .nargs = 2,
        .args = {{"d", GDC_Q(2), GDC_Q(1000000), 0, 0, 1000.0, 1}, {"a", GDC_Q(0), GDC_Q(1), 0, 0, 0.0, 0}},
        .nout = 1,
        .outputs = {"I_{1-a^2}((d-1)/2, 1/2)/2"},
        .source = "003_676a49ed0823cdd9.txt Theorems 3.2, 3.3 (P(cos phi^0 <= -tau), p = d); seed-003 C22, B17, B18; "
                  "seed-004 C19-C22",
        .fn_double = gdc_gauss_cap_d,
        .fn_arb = gdc_gauss_cap_arb,
        .fn_mpfr = gdc_gauss_cap_mpfr,
        .fn_arb_jac = gdc_gauss_cap_jac,
        .fn_arb_hess = gdc_gauss_cap_hess,
        .max_err = 4,
        .nregimes = 5,
        .regimes = {{"small d", cap_small_d},
                    {"a -> 0 (P -> 1/2, complement series)", cap_a_small},
                    {"a -> 1", cap_a_one},
                    {"large d (results down to underflow)", cap_large_d},
                    {"a near 1/sqrt2 (gauss.angle_tail)", cap_sqrt_half}},
        .ndefchecks = 1,
        .defchecks = {{"integral of sin^{d-2} over [0, acos a]", gdc_gauss_cap_def_arb, NULL}},
        .check_scale = 0.25, /* the definition check integrates (the row's own kernels cost microseconds) */
    },
    {
        .id = "gauss.norm_tail",
        .summary = "P(||w|| > 2) for w ~ N(0, I/d): Q(d/2, 2d)",
        .nargs = 1,
        .args = {{"d", GDC_Q(1), GDC_Q(1000000), 0, 0, 1000.0, 1}},
        .nout = 1,
        .outputs = {"Q(d/2, 2d) = P(chi2_d > 4d)"},
        .source = PAPER " discussion after Theorem 6.4; seed-000 C27, B19",
        .fn_double = gdc_gauss_norm_tail_d,
        .fn_arb = gdc_gauss_norm_tail_arb,
        .fn_mpfr = gdc_gauss_norm_tail_mpfr,
        .fn_arb_timed = gdc_gauss_norm_tail_timed, /* one Arb call; refused when it cannot finish in time */
        .no_deriv = "a function of the integer d alone (no real argument to differentiate in)",
        .max_err = 4,
        .nregimes = 2,
        .regimes = {{"small d", norm_small}, {"subnormal results", norm_subnormal}},
        .ndefchecks = 1,
        .defchecks = {{"Monte Carlo of the norm", NULL, gdc_gauss_norm_tail_mc}},
    },
    {
        .id = "gauss.chi2_tail",
        .summary = "P(chi2_d >= c d) = Q(d/2, c d/2) (the Lemma 5.1 chi-square step)",
        .nargs = 2,
        .args = {{"d", GDC_Q(1), GDC_Q(1000000), 0, 0, 1000.0, 1}, {"c", GDC_Q(0), GDC_INF, 0, 1, 8.0, 0}},
        .nout = 1,
        .outputs = {"Q(d/2, c d/2)"},
        .source = PAPER " Lemma 5.1 proof (Appendix C); seed-000 C15, B8, S2",
        .fn_double = gdc_gauss_chi2_tail_d,
        .fn_arb = gdc_gauss_chi2_tail_arb,
        .fn_mpfr = gdc_gauss_chi2_tail_mpfr,
        .fn_arb_jac = gdc_gauss_chi2_tail_jac,
        .fn_arb_hess = gdc_gauss_chi2_tail_hess,
        .fn_arb_timed = gdc_gauss_chi2_tail_timed, /* one Arb call, seconds at 4096 bits over a c ball */
        .max_err = 4,
        .nregimes = 5,
        .regimes = {{"c near the mean 1", chi2_median},
                    {"c -> 0", chi2_c_small},
                    {"c = 2 (Lemma 5.1)", chi2_c2},
                    {"d <= 4", chi2_small_d},
                    {"deep tail", chi2_deep}},
        .ndefchecks = 1,
        .defchecks = {{"Monte Carlo of chi2_d", NULL, gdc_gauss_chi2_tail_mc}},
    },
    {
        .id = "gauss.binom_fail",
        .summary = "Theorem 3.1 failure probability P(Bin(d, 1/2) < d/4)",
        .nargs = 1,
        .args = {{"d", GDC_Q(1), GDC_Q(1000000), 0, 0, 1000.0, 1}},
        .nout = 1,
        .outputs = {"sum_{k < d/4} C(d, k)/2^d"},
        .source = PAPER " Theorem 3.1 (Section 3.1, Appendix A); seed-000 B1, B2, S3",
        .fn_double = gdc_gauss_binom_fail_d,
        .fn_arb = gdc_gauss_binom_fail_arb,
        .fn_mpfr = gdc_gauss_binom_fail_mpfr,
        .no_deriv = "a function of the integer d alone (no real argument to differentiate in)",
        .max_err = 4,
        .nregimes = 3,
        .regimes = {{"small d", binom_small},
                    {"d near the underflow edge", binom_edge},
                    {"d > 20000 (series path)", binom_series}},
        .ndefchecks = 1,
        .defchecks = {{"Monte Carlo of the coin signs", NULL, gdc_gauss_binom_fail_mc}},
    },
};

const gdc_family_t gdc_family_gauss = {"gauss", rows, sizeof rows / sizeof rows[0]};
