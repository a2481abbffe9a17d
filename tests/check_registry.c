/* Registry-driven Check suite: for every row of the registry,
 *  (a) double vs Arb at >= 10^4 random points plus dense points in each hard regime, against the row's target;
 *  (b) the Arb ball contains the MPFR value at higher precision, and balls at two precisions overlap;
 *  (c) wide-ball soundness: point values inside random boxes lie in the box enclosure;
 *  (d) the definition checks (rigorous integration, seeded Monte Carlo);
 *  plus the row's own contract (fields, domains, regime samplers inside the domain).
 * GDC_TEST_SCALE (default 1) scales the point counts down, e.g. 0.01 for a run under valgrind.
 * Built four times (GDC_REGISTRY_CASE = 1..4: accuracy, mpfr, wide, definitions; the row contract runs in each), so
 * that `make -j2 check` runs the four in parallel; without GDC_REGISTRY_CASE every case runs. */
#include <check.h>
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

static Suite *registry_suite(void)
{
#ifdef GDC_REGISTRY_CASE
    static const char *const names[] = {"registry", "registry-accuracy", "registry-mpfr", "registry-wide",
                                        "registry-definitions"};
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
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
#ifdef GDC_REGISTRY_CASE
        if (c != 0 && c != GDC_REGISTRY_CASE)
            continue;
#endif
        TCase *tc = tcase_create(cases[c].name);
        tcase_set_timeout(tc, 900);
        tcase_add_loop_test(tc, cases[c].test, 0, n);
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
