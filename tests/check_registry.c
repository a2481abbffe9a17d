/* Registry-driven Check suite: for every row of the registry,
 *  (a) double vs Arb at >= 10^4 random points plus dense points in each hard regime, against the row's target;
 *  (b) the Arb ball contains the MPFR value at higher precision, and balls at two precisions overlap;
 *  (c) wide-ball soundness: point values inside random boxes lie in the box enclosure;
 *  (d) the definition checks (rigorous integration, seeded Monte Carlo);
 *  (e) derivatives (fn_arb_jac, fn_arb_hess): the Arb balls contain MPFR finite differences at random and
 *      hard-regime points, and inside random boxes (src/core/xcheck_deriv.c), and the checker itself rejects
 *      a row with a wrong derivative;
 *  (f) exact special arguments (src/core/xcheck_special.c): domain ends and their neighbours, 0, +-1, pi/2, pi, ...
 *      and their products or pairs: Arb (64, 128 bits) against MPFR, the double against the target, derivatives
 *      against MPFR differences (skipping kinks), and 2^-40 boxes around each point;
 *  plus the row's own contract (fields, domains, regime samplers inside the domain, a derivative or a
 *  documented no_deriv).
 * GDC_TEST_SCALE (default 1) scales the point counts down, e.g. 0.01 for a run under valgrind.
 * GDC_REGISTRY_ROWS=P1,P2,... runs the row checks only for the ids starting with one of the prefixes (e.g. "bias."
 * to time one family); unset, every row.
 * Built six times (GDC_REGISTRY_CASE = 1..6: accuracy, mpfr, wide, definitions, derivatives, special; the row contract runs
 * in each), so that `make -j2 check` runs them in parallel; without GDC_REGISTRY_CASE every case runs. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/xcheck.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double scale(void)
{
    const char *s = getenv("GDC_TEST_SCALE");
    double v = s ? atof(s) : 1.0;
    return v > 0 ? v : 1.0;
}

/* n points scaled by GDC_TEST_SCALE and by the row's own check_scale (expensive rows), at least min */
static long scaled_row(const gdc_row_t *row, long n, long min)
{
    long v = (long)(n * scale());
    return gdc_row_points(row, v, min);
}

static void print_x(const gdc_row_t *row, const double *x)
{
    for (int i = 0; i < row->nargs; i++)
        fprintf(stderr, "%s%s=%.17g", i ? ", " : "", row->args[i].name, x[i]);
}

/* fn_arb_timed (issue 15, section 4) at a point of the first regime: with no deadline its value and Jacobian overlap
 * fn_arb's and fn_arb_jac's; with a deadline already passed every output still overlaps (given up means
 * indeterminate, never a narrower wrong ball) and the first output, the expensive one in every row that has the
 * entry point, is indeterminate */
static void check_timed(const gdc_row_t *row)
{
    double x[GDC_MAX_ARGS];
    gdc_rng_t rng;
    gdc_rng_seed(&rng, 7);
    ck_assert_msg(row->nregimes > 0, "%s: fn_arb_timed needs a regime to test it at", row->id);
    row->regimes[0].sample(x, &rng);
    int na = row->nargs, no = row->nout;
    arb_ptr xb = _arb_vec_init(na), v = _arb_vec_init(no), w = _arb_vec_init(no), j = _arb_vec_init(no * na),
            k = _arb_vec_init(no * na);
    for (int i = 0; i < na; i++)
        arb_set_d(xb + i, x[i]);
    row->fn_arb(v, xb, 64);
    row->fn_arb_timed(w, NULL, NULL, xb, 64, 0.0);
    for (int o = 0; o < no; o++)
        ck_assert_msg(arb_is_finite(w + o) && arb_overlaps(v + o, w + o), "%s: timed output %d differs", row->id, o);
    if (row->fn_arb_jac) {
        row->fn_arb_jac(v, j, xb, 64);
        row->fn_arb_timed(w, k, NULL, xb, 64, 0.0);
        for (int e = 0; e < no * na; e++)
            ck_assert_msg(arb_overlaps(j + e, k + e), "%s: timed Jacobian entry %d differs", row->id, e);
    }
    row->fn_arb(v, xb, 64);
    row->fn_arb_timed(w, NULL, NULL, xb, 64, now() - 1.0);
    for (int o = 0; o < no; o++)
        ck_assert_msg(arb_overlaps(v + o, w + o), "%s: output %d past the deadline excludes the value", row->id, o);
    ck_assert_msg(!arb_is_finite(w), "%s: output 0 past the deadline is finite", row->id);
    _arb_vec_clear(xb, na);
    _arb_vec_clear(v, no);
    _arb_vec_clear(w, no);
    _arb_vec_clear(j, no * na);
    _arb_vec_clear(k, no * na);
}

START_TEST(test_row_contract)
{
    const gdc_row_t *row = gdc_registry_row((size_t)_i);
    ck_assert_ptr_nonnull(row);
    ck_assert_msg(strchr(row->id, '.') != NULL, "%s: id is not family.name", row->id);
    ck_assert_ptr_eq(gdc_registry_find(row->id), row);
    ck_assert_int_ge(row->nargs, 1);
    ck_assert_int_le(row->nargs, GDC_MAX_ARGS);
    ck_assert_int_ge(row->nout, 1);
    ck_assert_int_le(row->nout, GDC_MAX_OUT);
    ck_assert_msg(row->fn_double && row->fn_arb && row->fn_mpfr, "%s: missing implementation", row->id);
    ck_assert_msg(row->source && strstr(row->source, "seed-") && strstr(row->source, ".txt"),
                  "%s: source must name the paper file and the catalogue item", row->id);
    ck_assert_msg(row->max_err >= 1 && row->max_err <= 4, "%s: accuracy target out of [1, 4]", row->id);
    for (int k = 0; k < row->nout; k++)
        ck_assert_ptr_nonnull(row->outputs[k]);
    for (int i = 0; i < row->nargs; i++) {
        const gdc_arg_t *a = &row->args[i];
        ck_assert_ptr_nonnull(a->name);
        if (gdc_qpi_is_inf(&a->hi))
            ck_assert_msg(a->sample_hi > 0, "%s: unbounded arg %s without sample_hi", row->id, a->name);
    }
    /* a derivative, or the documented reason why none (rows of families not done yet: gdc_deriv_missing_allowed) */
    ck_assert_msg(row->fn_arb_jac || (row->no_deriv && row->no_deriv[0]) || gdc_deriv_missing_allowed(row),
                  "%s: neither fn_arb_jac nor a no_deriv reason", row->id);
    ck_assert_msg(!row->fn_arb_hess || row->fn_arb_jac, "%s: fn_arb_hess without fn_arb_jac", row->id);
    ck_assert_msg(!(row->fn_arb_jac && row->no_deriv), "%s: fn_arb_jac and no_deriv both set", row->id);
    if (row->fn_arb_timed)
        check_timed(row);
    /* every regime sampler stays inside the domain */
    gdc_rng_t rng;
    gdc_rng_seed(&rng, 99);
    for (int g = 0; g < row->nregimes; g++) {
        ck_assert_ptr_nonnull(row->regimes[g].sample);
        for (int s = 0; s < 200; s++) {
            double x[GDC_MAX_ARGS];
            row->regimes[g].sample(x, &rng);
            for (int i = 0; i < row->nargs; i++)
                ck_assert_msg(gdc_arg_contains(&row->args[i], x[i]), "%s: regime '%s' sampled %s=%.17g outside the domain",
                              row->id, row->regimes[g].name, row->args[i].name, x[i]);
        }
    }
}
END_TEST

START_TEST(test_double_vs_arb)
{
    const gdc_row_t *row = gdc_registry_row((size_t)_i);
    gdc_acc_result_t r;
    double t0 = now();
    gdc_check_accuracy(row, scaled_row(row, 10000, 50), scaled_row(row, 1500, 20), 20261122u + (uint64_t)_i, &r);
    fprintf(stderr, "accuracy %-22s %6.1fs points %6ld worst %.3g (target %g) at ", row->id, now() - t0, r.points,
            r.worst_err, row->max_err);
    print_x(row, r.worst_x);
    fprintf(stderr, " [output %d, %s]\n", r.worst_out,
            r.worst_regime < 0 ? "random" : row->regimes[r.worst_regime].name);
    ck_assert_int_ge(r.points, scaled_row(row, 10000, 50));
    ck_assert_msg(r.failures == 0, "%s: %ld points above the target %g; worst %.3g", row->id, r.failures,
                  row->max_err, r.worst_err);
}
END_TEST

START_TEST(test_arb_vs_mpfr)
{
    const gdc_row_t *row = gdc_registry_row((size_t)_i);
    gdc_mpfr_result_t r;
    double t0 = now();
    gdc_check_mpfr(row, scaled_row(row, 2000, 20), scaled_row(row, 200, 5), 777u + (uint64_t)_i, &r);
    fprintf(stderr, "mpfr     %-22s %6.1fs points %6ld failures %ld max rel diff %.2g\n", row->id, now() - t0,
            r.points, r.failures, r.max_rel_diff);
    if (r.failures) {
        fprintf(stderr, "%s: MPFR outside the ball at ", row->id);
        print_x(row, r.worst_x);
        fprintf(stderr, "\n");
    }
    ck_assert_int_gt(r.points, 0);
    ck_assert_msg(r.failures == 0, "%s: %ld points where Arb and MPFR disagree", row->id, r.failures);
}
END_TEST

START_TEST(test_wide_balls)
{
    const gdc_row_t *row = gdc_registry_row((size_t)_i);
    gdc_wide_result_t r;
    double t0 = now();
    gdc_check_wide(row, scaled_row(row, 600, 20), scaled_row(row, 12, 3), 4242u + (uint64_t)_i, &r);
    fprintf(stderr, "wide     %-22s %6.1fs boxes %5ld samples %6ld non-finite enclosures %ld\n", row->id, now() - t0,
            r.boxes, r.samples, r.infinite);
    if (r.failures) {
        fprintf(stderr, "%s: point outside its box enclosure at ", row->id);
        print_x(row, r.worst_x);
        fprintf(stderr, "\n");
    }
    ck_assert_int_gt(r.samples, 0);
    ck_assert_msg(r.failures == 0, "%s: %ld point values outside the box enclosure", row->id, r.failures);
}
END_TEST

START_TEST(test_definitions)
{
    const gdc_row_t *row = gdc_registry_row((size_t)_i);
    for (int d = 0; d < row->ndefchecks; d++) {
        const gdc_defcheck_t *dc = &row->defchecks[d];
        gdc_def_result_t r;
        long points = dc->mc ? scaled_row(row, 4, 2) : scaled_row(row, 40, 3);
        long samples = dc->mc ? (scale() < 1 ? 20000 + (long)(980000 * scale()) : 1000000) : 0;
        double t0 = now();
        gdc_check_def(row, d, points, samples, 31337u + (uint64_t)_i, &r);
        fprintf(stderr, "def      %-22s %6.1fs %-28s points %3ld failures %ld%s", row->id, now() - t0, dc->name,
                r.points, r.failures, dc->mc ? "" : "\n");
        if (dc->mc)
            fprintf(stderr, " worst %.2f sigma\n", r.worst_sigma);
        ck_assert_int_gt(r.points, 0);
        ck_assert_msg(r.failures == 0, "%s: definition check '%s' failed at %ld points (%ld unresolved)", row->id,
                      dc->name, r.failures, r.unresolved);
    }
}
END_TEST

START_TEST(test_derivatives)
{
    const gdc_row_t *row = gdc_registry_row((size_t)_i);
    if (!row->fn_arb_jac) {
        fprintf(stderr, "deriv    %-22s none: %s\n", row->id,
                row->no_deriv ? row->no_deriv : "missing (allowed for now)");
        return;
    }
    gdc_deriv_result_t p, w;
    double t0 = now();
    gdc_check_deriv(row, scaled_row(row, 300, 10), scaled_row(row, 30, 3), 1789u + (uint64_t)_i, &p);
    double t1 = now();
    gdc_check_deriv_wide(row, scaled_row(row, 60, 6), scaled_row(row, 4, 1), 2718u + (uint64_t)_i, &w);
    fprintf(stderr, "deriv    %-22s %6.1fs points %5ld entries %6ld hess %6ld indet %ld skipped %ld loose %ld | wide "
            "%5.1fs boxes %4ld samples %5ld entries %6ld hess %6ld indet %ld\n", row->id, t1 - t0, p.points,
            p.entries, p.hess_entries, p.indeterminate, p.skipped, p.loose, now() - t1, w.boxes, w.points, w.entries,
            w.hess_entries, w.indeterminate);
    if (p.failures || w.failures) {
        fprintf(stderr, "%s: %s at ", row->id, p.failures ? p.what : w.what);
        print_x(row, p.failures ? p.worst_x : w.worst_x);
        fprintf(stderr, "\n");
    }
    ck_assert_int_gt(p.entries, 0);
    ck_assert_int_gt(w.points, 0);
    ck_assert_msg(!row->fn_arb_hess || p.hess_entries > 0, "%s: no second-order entry compared", row->id);
    ck_assert_msg(p.failures == 0, "%s: derivative check failed at %ld points: %s", row->id, p.failures, p.what);
    ck_assert_msg(w.failures == 0, "%s: wide derivative check failed at %ld samples: %s", row->id, w.failures,
                  w.what);
}
END_TEST

START_TEST(test_special_args)
{
    const gdc_row_t *row = gdc_registry_row((size_t)_i);
    gdc_special_result_t r;
    double t0 = now();
    /* rows that integrate numerically (check_scale < 1) pay more than their check_scale says: their points cost
     * milliseconds to a second each (gauss.lemma51 0.5 s, a bias.* derivative point 3 s), so the counts scale by
     * check_scale^1.5 (values) and check_scale^2 (derivatives); a cheap row gets its whole product (or pair) set up
     * to 1000 points, derivatives at 80 of them; at least 16 points per row (20 s in all for the integrating rows) */
    double cs = row->check_scale > 0 && row->check_scale < 1 ? row->check_scale : 1.0;
    gdc_check_special(row, scaled_row(row, (long)(1000 * sqrt(cs)), 16), scaled_row(row, (long)(80 * cs), 0), &r);
    fprintf(stderr, "special  %-22s %6.1fs points %5ld value %ld acc %ld (unresolved %ld, overflow %ld) box %ld (non-finite %ld) | "
            "deriv points %ld entries %ld hess %ld kinks %ld indet %ld failures %ld\n", row->id, now() - t0, r.points,
            r.value_fail, r.acc_fail, r.acc_unresolved, r.acc_overflow, r.box_fail, r.box_infinite, r.deriv.points, r.deriv.entries,
            r.deriv.hess_entries, r.deriv.kinks, r.deriv.indeterminate, r.deriv.failures);
    for (int f = 0; f < r.nfail; f++) {
        fprintf(stderr, "%s: %s at ", row->id, r.what[f]);
        print_x(row, r.x[f]);
        fprintf(stderr, "\n");
    }
    if (r.deriv.failures)
        fprintf(stderr, "%s: derivative %s\n", row->id, r.deriv.what);
    ck_assert_int_gt(r.points, 0);
    ck_assert_msg(r.value_fail + r.acc_fail + r.box_fail + r.deriv.failures == 0,
                  "%s: special arguments: %ld value, %ld accuracy, %ld box, %ld derivative failures", row->id,
                  r.value_fail, r.acc_fail, r.box_fail, r.deriv.failures);
}
END_TEST

/* The points where the special-argument check found a bug (session 9), each checked as the check does it: the MPFR
 * value in the Arb balls, the double within the row's target, the derivative balls against MPFR differences. Each
 * failed before its fix (what failed in the comment); after it, the Arb balls (rigorous) must contain the MPFR values
 * and differences (MPFR's contract: 2^-(p-20) relative), and the double must meet its row's target. */
static const struct {
    const char *id;
    double x[GDC_MAX_ARGS];
} special_found[] = {
    {"erf.ws_loss", {1, 0, 0x1p-1074, 3.1415926535897927}},            /* MPFR NaN: asin of a zero kernel's unset num/den */
    {"erf.ws_grad", {3, 20, 0x1p-1074, 2.3561944901923448}},           /* MPFR NaN: log1p(d/th) with th1 << th2 */
    {"erf.fc_loss", {1, 2.3561944901923448, 2.3561944901923448, 0x1p-1074, 20, 2.3561944901923448}}, /* MPFR ~512 bits
                                                                                   near a1 = U: d2/dU dt1 missed */
    {"cosine.hess_eig", {0x1p-1074, 0, 0x1p-30}},                      /* MPFR lambda_perp = 0 (exp, not expm1) */
    {"cosine.hess_eig", {22.140284514084101, 29.236155750630417, 1.3523262857941307}}, /* expm1 + 1 lost exp(-2A^2) */
    {"bias.cross", {0.062500000931322575, 0x1p-30, 2.3561944901923448, 0.5, 0x1p-1074}}, /* double NaN (phi(inf)) */
    {"bias.grad", {0.062500000931322575, 0x1p-30, 2.3561944901923448, 0.5, 0x1p-1074}},  /* the same */
    {"relu.nc_grad", {-0.99999999906867743, 0x1p-30, 0}},               /* double 5.4e6 units (out[1]) */
    {"twolayer.hess_form", {0x1p-1074, 1, -0x1p-30, 0.5, -1, 1, -0.99999999999999989, 0.99999999999999989}}, /* NaN */
    {"twolayer.corr", {1, 0.99999999906867743, 3.1415926506639571, 3.1415926535897931, 2}}, /* double 1.4e6 units */
    {"ball.disk_grad", {2.9999999972060323, 0, 2.9999999999999996, -0x1p-30, 0x1p-1074}}, /* MPFR out[1] 0 (tiny theta) */
    {"ball.disk_grad", {0x1p-1074, 0.5, 2, 2.9999999999999996, 0x1p-30}}, /* MPFR out[1] 0 (tiny s) */
    {"ball.disk_cross", {0, 0, 0.5, 0.5, 1}}, /* Arb d/ds = 0 at w = 0 (one-sided 0.1399; kink in bw) */
    {"ball.disk_cross", {0, 0, 0x1p-1074, 0x1p-30, 0x1p-30}}, /* the same (one-sided slope about 1.5e-10) */
    {"gauss.chi2_tail", {3, 0}}, /* the checker: a one-sided difference of 1 - C c^(3/2) is no test of d/dc = 0 */
};

START_TEST(test_special_found)
{
    const gdc_row_t *row = gdc_registry_find(special_found[_i].id);
    const double *x = special_found[_i].x;
    ck_assert_ptr_nonnull(row);
    ck_assert_msg(gdc_point_in_domain(row, x), "%s: point outside the domain", row->id);
    ck_assert_msg(!gdc_mpfr_point_bad(row, x, 64, 128, NULL) && !gdc_mpfr_point_bad(row, x, 80, 256, NULL),
                  "%s: MPFR outside the Arb ball", row->id);
    double y[GDC_MAX_OUT], err[GDC_MAX_OUT];
    row->fn_double(y, x);
    gdc_double_error_check(row, x, y, err, NULL);
    for (int k = 0; k < row->nout; k++)
        ck_assert_msg(err[k] <= row->max_err, "%s: double out[%d] error %g above %g", row->id, k, err[k], row->max_err);
    gdc_deriv_result_t d;
    gdc_check_deriv_at(row, x, 1, &d);
    ck_assert_msg(d.failures == 0, "%s: derivative %s", row->id, d.what);
}
END_TEST

/* ---- the checker against rows with known derivatives: f(x, y) = x^3 y + exp(y) on [0, 2] x [-1, 1] ---- */
static void cub_d(double *o, const double *x) { o[0] = x[0] * x[0] * x[0] * x[1] + exp(x[1]); }
static void cub_arb(arb_ptr o, arb_srcptr x, slong prec)
{
    arb_t e;
    arb_init(e);
    arb_pow_ui(o, x, 3, prec);
    arb_mul(o, o, x + 1, prec);
    arb_exp(e, x + 1, prec);
    arb_add(o, o, e, prec);
    arb_clear(e);
}
static void cub_mpfr(mpfr_ptr o, mpfr_srcptr x)
{
    mpfr_t e;
    mpfr_init2(e, mpfr_get_prec(o) + 64);
    mpfr_pow_ui(e, x, 3, MPFR_RNDN);
    mpfr_mul(e, e, x + 1, MPFR_RNDN);
    mpfr_exp(o, x + 1, MPFR_RNDN); /* exp(y) rounded, then the sum: a relative error below 2^-(p-2) */
    mpfr_add(o, o, e, MPFR_RNDN);
    mpfr_clear(e);
}
/* d/dx = 3 x^2 y (a wrong version: 2 x^2 y), d/dy = x^3 + exp(y); second order 6xy, 3x^2, exp(y) */
static void cub_jac_gen(arb_ptr o, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec, int wrong, int wrong2)
{
    arb_t t;
    arb_init(t);
    cub_arb(o, x, prec);
    arb_sqr(t, x, prec);
    arb_mul_si(jac, t, wrong == 1 ? 2 : 3, prec);
    arb_mul(jac, jac, x + 1, prec);
    arb_pow_ui(jac + 1, x, 3, prec);
    arb_exp(t, x + 1, prec);
    arb_add(jac + 1, jac + 1, t, prec);
    if (wrong == 2) /* a relative error of 2^-60 in d/dy: far above the difference's tolerance */
        arb_mul_2exp_si(t, jac + 1, -60), arb_add(jac + 1, jac + 1, t, prec);
    if (hess) {
        arb_mul(hess, x, x + 1, prec);
        arb_mul_si(hess, hess, 6, prec);
        arb_sqr(hess + 1, x, prec);
        arb_mul_si(hess + 1, hess + 1, wrong2 ? 2 : 3, prec);
        arb_set(hess + 2, hess + 1);
        arb_exp(hess + 3, x + 1, prec);
    }
    arb_clear(t);
}
static void cub_jac(arb_ptr o, arb_ptr j, arb_srcptr x, slong p) { cub_jac_gen(o, j, NULL, x, p, 0, 0); }
static void cub_jac_bad1(arb_ptr o, arb_ptr j, arb_srcptr x, slong p) { cub_jac_gen(o, j, NULL, x, p, 1, 0); }
static void cub_jac_bad2(arb_ptr o, arb_ptr j, arb_srcptr x, slong p) { cub_jac_gen(o, j, NULL, x, p, 2, 0); }
static void cub_hess(arb_ptr o, arb_ptr j, arb_ptr h, arb_srcptr x, slong p) { cub_jac_gen(o, j, h, x, p, 0, 0); }
static void cub_hess_bad(arb_ptr o, arb_ptr j, arb_ptr h, arb_srcptr x, slong p) { cub_jac_gen(o, j, h, x, p, 0, 1); }
/* a point enclosure that is exact at the midpoint but too narrow on a box (the midpoint's derivative only) */
static void cub_jac_narrow(arb_ptr o, arb_ptr j, arb_srcptr x, slong p)
{
    arb_ptr m = _arb_vec_init(2);
    arb_set_arf(m, arb_midref(x));
    arb_set_arf(m + 1, arb_midref(x + 1));
    cub_jac_gen(o, j, NULL, m, p, 0, 0);
    cub_arb(o, x, p);
    _arb_vec_clear(m, 2);
}

static gdc_row_t cub_row(gdc_arb_jac_fn jac, gdc_arb_hess_fn hess)
{
    gdc_row_t r = {.id = "test.cubic", .nargs = 2,
                   .args = {{.name = "x", .lo = GDC_Q(0), .hi = GDC_Q(2)},
                            {.name = "y", .lo = GDC_Q(-1), .hi = GDC_Q(1)}},
                   .nout = 1, .fn_double = cub_d, .fn_arb = cub_arb, .fn_mpfr = cub_mpfr, .max_err = 4,
                   .fn_arb_jac = jac, .fn_arb_hess = hess};
    return r;
}

/* an integer argument: f(d, x) = d x^2, d in [1, 50] integer; d/dd must be indeterminate */
static void ix_d(double *o, const double *x) { o[0] = x[0] * x[1] * x[1]; }
static void ix_arb(arb_ptr o, arb_srcptr x, slong prec)
{
    arb_sqr(o, x + 1, prec);
    arb_mul(o, o, x, prec);
}
static void ix_mpfr(mpfr_ptr o, mpfr_srcptr x)
{
    mpfr_sqr(o, x + 1, MPFR_RNDN);
    mpfr_mul(o, o, x, MPFR_RNDN); /* d <= 50 exact: two roundings, relative error < 2^-(p-1) */
}
static void ix_hess_gen(arb_ptr o, arb_ptr j, arb_ptr h, arb_srcptr x, slong prec, int finite_d)
{
    ix_arb(o, x, prec);
    if (finite_d)
        arb_sqr(j, x + 1, prec); /* the derivative of the continuation: not wanted for an integer argument */
    else
        arb_indeterminate(j);
    arb_mul(j + 1, x, x + 1, prec);
    arb_mul_2exp_si(j + 1, j + 1, 1);
    if (h) {
        arb_indeterminate(h);
        arb_indeterminate(h + 1);
        arb_indeterminate(h + 2);
        arb_mul_2exp_si(h + 3, x, 1);
    }
}
static void ix_hess(arb_ptr o, arb_ptr j, arb_ptr h, arb_srcptr x, slong p) { ix_hess_gen(o, j, h, x, p, 0); }
static void ix_jac(arb_ptr o, arb_ptr j, arb_srcptr x, slong p) { ix_hess_gen(o, j, NULL, x, p, 0); }
static void ix_jac_bad(arb_ptr o, arb_ptr j, arb_srcptr x, slong p) { ix_hess_gen(o, j, NULL, x, p, 1); }

static gdc_row_t ix_row(gdc_arb_jac_fn jac, gdc_arb_hess_fn hess)
{
    gdc_row_t r = {.id = "test.integer", .nargs = 2,
                   .args = {{.name = "d", .lo = GDC_Q(1), .hi = GDC_Q(50), .integer = 1},
                            {.name = "x", .lo = GDC_Q(-3), .hi = GDC_Q(3)}},
                   .nout = 1, .fn_double = ix_d, .fn_arb = ix_arb, .fn_mpfr = ix_mpfr, .max_err = 4,
                   .fn_arb_jac = jac, .fn_arb_hess = hess};
    return r;
}

/* f(x) = exp(-2^40 (1 + x^2)) on [-1, 1]: below MPFR's smallest 2^(emin - 1) = 2^(-2^30) (exp(-2^40) = 2^(-1.6e12)),
 * so MPFR returns 0 with the underflow flag, while Arb encloses the positive value and the derivative
 * -2^41 x f(x). The checker must accept (an underflowed 0 stands for [0, 2^emin]) but must reject a 0 returned
 * without underflow (that is a claim that the value is exactly 0). */
static void uf_d(double *o, const double *x) { o[0] = exp(-0x1p40 * (1 + x[0] * x[0])); }
static void uf_arb(arb_ptr o, arb_srcptr x, slong prec)
{
    arb_sqr(o, x, prec);
    arb_add_ui(o, o, 1, prec);
    arb_mul_2exp_si(o, o, 40);
    arb_neg(o, o);
    arb_exp(o, o, prec);
}
static void uf_mpfr(mpfr_ptr o, mpfr_srcptr x)
{
    mpfr_sqr(o, x, MPFR_RNDN);
    mpfr_add_ui(o, o, 1, MPFR_RNDN);
    mpfr_mul_2si(o, o, 40, MPFR_RNDN);
    mpfr_neg(o, o, MPFR_RNDN);
    mpfr_exp(o, o, MPFR_RNDN); /* underflows: 0 and the flag */
}
static void uf_mpfr_zero(mpfr_ptr o, mpfr_srcptr x) { (void)x; mpfr_set_zero(o, 1); }
static void uf_jac(arb_ptr o, arb_ptr j, arb_srcptr x, slong prec)
{
    uf_arb(o, x, prec);
    arb_mul(j, o, x, prec);
    arb_mul_2exp_si(j, j, 41);
    arb_neg(j, j);
}
static gdc_row_t uf_row(gdc_mpfr_fn mp)
{
    gdc_row_t r = {.id = "test.underflow", .nargs = 1, .args = {{.name = "x", .lo = GDC_Q(-1), .hi = GDC_Q(1)}},
                   .nout = 1, .fn_double = uf_d, .fn_arb = uf_arb, .fn_mpfr = mp, .max_err = 4,
                   .fn_arb_jac = uf_jac};
    return r;
}

/* an Arb enclosure that never reaches relative accuracy: [+-2^-2000] (a value known only to be below the double
 * range). The accuracy measure must stop raising precision (status 0) and bound the error of the double 0 by
 * 1 (2^-2000/ulp(0), the numerator rounded up to a double: 2^-1074/2^-1074), and must still charge a double 1e-300 with an error far above any target. */
static void tiny_d(double *o, const double *x) { (void)x; o[0] = 0.0; }
static void tiny_arb(arb_ptr o, arb_srcptr x, slong prec)
{
    (void)x;
    (void)prec;
    arb_zero(o);
    mag_set_ui_2exp_si(arb_radref(o), 1, -2000);
}

START_TEST(test_accuracy_below_double)
{
    gdc_row_t r = {.id = "test.tiny", .nargs = 1, .args = {{.name = "x", .lo = GDC_Q(-1), .hi = GDC_Q(1)}},
                   .nout = 1, .fn_double = tiny_d, .fn_arb = tiny_arb, .fn_mpfr = uf_mpfr, .max_err = 4};
    double x = 0.5, y = 0.0, err, ex;
    ck_assert_int_eq(gdc_double_error(&r, &x, &y, &err, &ex), 0);
    ck_assert(err <= 1.0);
    y = 1e-300;
    gdc_double_error(&r, &x, &y, &err, &ex);
    ck_assert(err > 1e10);
    arb_t o;
    arb_init(o);
    ck_assert_int_eq(gdc_eval_arb_goal(&r, o, &x, 64, 256), 1); /* the plain goal is still missed */
    arb_clear(o);
}
END_TEST

START_TEST(test_deriv_underflow)
{
    gdc_deriv_result_t p;
    gdc_row_t good = uf_row(uf_mpfr), bad = uf_row(uf_mpfr_zero);
    gdc_check_deriv(&good, 40, 0, 5, &p);
    ck_assert_msg(p.failures == 0, "an underflowed MPFR 0 was not taken as [0, 2^emin]: %s", p.what);
    ck_assert_int_ge(p.entries, 1);
    gdc_check_deriv(&bad, 40, 0, 5, &p);
    ck_assert_msg(p.failures > 0, "an exact MPFR 0 (no underflow) accepted against a positive Arb value");
}
END_TEST

START_TEST(test_deriv_checker)
{
    gdc_deriv_result_t p, w;
    gdc_row_t good = cub_row(cub_jac, cub_hess);
    gdc_check_deriv(&good, 40, 0, 5, &p);
    gdc_check_deriv_wide(&good, 10, 3, 6, &w);
    ck_assert_msg(p.failures == 0 && w.failures == 0, "correct derivatives rejected: %s%s", p.what, w.what);
    ck_assert_int_ge(p.entries, 80);
    ck_assert_int_ge(p.hess_entries, 80);
    /* each wrong enclosure must be caught (the expected verdicts follow from the formulas above) */
    gdc_row_t bad[4] = {cub_row(cub_jac_bad1, NULL), cub_row(cub_jac_bad2, NULL), cub_row(cub_jac, cub_hess_bad),
                        cub_row(cub_jac_narrow, NULL)};
    for (int b = 0; b < 3; b++) {
        gdc_check_deriv(&bad[b], 40, 0, 5, &p);
        ck_assert_msg(p.failures > 0, "wrong derivative %d accepted at points", b);
    }
    gdc_check_deriv(&bad[3], 40, 0, 5, &p);
    ck_assert_msg(p.failures == 0, "midpoint derivative rejected at points: %s", p.what);
    gdc_check_deriv_wide(&bad[3], 20, 3, 6, &w);
    ck_assert_msg(w.failures > 0, "a box enclosure holding the midpoint derivative only was accepted");
    /* integer arguments: skipped, and their entries must be indeterminate */
    gdc_row_t igood = ix_row(ix_jac, ix_hess), ibad = ix_row(ix_jac_bad, NULL);
    gdc_check_deriv(&igood, 40, 0, 7, &p);
    gdc_check_deriv_wide(&igood, 10, 3, 8, &w);
    ck_assert_msg(p.failures == 0 && w.failures == 0, "integer row rejected: %s%s", p.what, w.what);
    ck_assert_int_ge(p.entries, 40);
    ck_assert_int_ge(p.hess_entries, 40);
    gdc_check_deriv(&ibad, 40, 0, 7, &p);
    ck_assert_msg(p.failures > 0, "a finite derivative with respect to an integer argument was accepted");
}
END_TEST

/* The Monte Carlo standard-error floor (1 + |ex|)/n (xcheck.c): an all-agreeing sample (se 0) of n = 1e5 draws
 * accepts a value within 6 (1 + |ex|)/n = 1.2e-4 of ex = 1 (Phi2 = 1 - 1e-7 where every draw gives 1.0) and rejects
 * one 1e-3 off; a sample se above the floor is used unchanged. */
START_TEST(test_mc_floor)
{
    long n = 100000;
    ck_assert(1e-7 / gdc_mc_se_floor(0.0, 1.0 - 1e-7, n) <= 6.0);
    ck_assert(1e-3 / gdc_mc_se_floor(0.0, 1.0, n) > 6.0);
    ck_assert(gdc_mc_se_floor(0.0, 1.0, n) == 2.0 / (double)n);
    ck_assert(gdc_mc_se_floor(3e-3, 1.0, n) == 3e-3);
    ck_assert(gdc_mc_se_floor(0.0, -3.0, 0) == 4.0);
}
END_TEST

/* the row is selected by GDC_REGISTRY_ROWS (comma-separated id prefixes; unset or empty: every row) */
static int row_selected(size_t i)
{
    const char *sel = getenv("GDC_REGISTRY_ROWS");
    if (!sel || !*sel)
        return 1;
    const char *id = gdc_registry_row(i)->id;
    for (const char *p = sel; *p;) {
        size_t len = strcspn(p, ",");
        if (len > 0 && strncmp(id, p, len) == 0)
            return 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

static Suite *registry_suite(void)
{
#ifdef GDC_REGISTRY_CASE
    static const char *const names[] = {"registry", "registry-accuracy", "registry-mpfr", "registry-wide",
                                        "registry-definitions", "registry-derivatives", "registry-special"};
    Suite *s = suite_create(names[GDC_REGISTRY_CASE]);
#else
    Suite *s = suite_create("registry");
#endif
    int n = (int)gdc_registry_count();
    struct {
        const char *name;
        const TTest *test;
    } cases[] = {
        {"contract", test_row_contract},
        {"double_vs_arb", test_double_vs_arb},
        {"arb_vs_mpfr", test_arb_vs_mpfr},
        {"wide_balls", test_wide_balls},
        {"definitions", test_definitions},
        {"derivatives", test_derivatives},
        {"special", test_special_args},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
#ifdef GDC_REGISTRY_CASE
        if (c != 0 && c != GDC_REGISTRY_CASE)
            continue;
#endif
        TCase *tc = tcase_create(cases[c].name);
        tcase_set_timeout(tc, 900);
        for (int i = 0; i < n; i++)
            if (row_selected((size_t)i))
                tcase_add_loop_test(tc, cases[c].test, i, i + 1);
        suite_add_tcase(s, tc);
    }
#ifdef GDC_REGISTRY_CASE
    if (GDC_REGISTRY_CASE == 4)
#endif
    {
        TCase *tc = tcase_create("mc_floor");
        tcase_add_test(tc, test_mc_floor);
        suite_add_tcase(s, tc);
    }
#ifdef GDC_REGISTRY_CASE
    if (GDC_REGISTRY_CASE == 6)
#endif
    {
        TCase *tc = tcase_create("special_found");
        tcase_set_timeout(tc, 300);
        tcase_add_loop_test(tc, test_special_found, 0, (int)(sizeof special_found / sizeof special_found[0]));
        suite_add_tcase(s, tc);
    }
#ifdef GDC_REGISTRY_CASE
    if (GDC_REGISTRY_CASE == 5)
#endif
    {
        TCase *tc = tcase_create("deriv_checker");
        tcase_set_timeout(tc, 120);
        tcase_add_test(tc, test_deriv_checker);
        tcase_add_test(tc, test_deriv_underflow);
        tcase_add_test(tc, test_accuracy_below_double);
        suite_add_tcase(s, tc);
    }
    return s;
}

int main(void)
{
    if (gdc_registry_count() == 0) {
        fprintf(stderr, "registry is empty\n");
        return 1;
    }
    SRunner *sr = srunner_create(registry_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    flint_cleanup();
    return failed ? 1 : 0;
}
