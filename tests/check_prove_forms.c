/* Unit tests of the Prover II forms (issue 9): registry rows differentiated through fn_arb_jac/fn_arb_hess
 * (a fake row swapped into a parsed claim, so the test does not depend on any family's derivatives), integer
 * arguments without derivatives, the second-order (T) and boundary (B) leaves re-checked by the checker and
 * rejected when tampered with, row domains (undefined boxes, the input error), the time limit and the
 * progress callback. Every expectation is justified by the mathematics in a comment. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "prove/prove.h"

/* ---------------------------------------------------------------- a fake row: f(x, n) = n x^2 on x >= 0 */

static void sq_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    arb_sqr(out, x, prec);
    arb_mul(out, out, x + 1, prec);
}

static void sq_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec)
{
    sq_arb(out, x, prec);
    arb_mul(jac, x, x + 1, prec);   /* d/dx n x^2 = 2 n x */
    arb_mul_2exp_si(jac, jac, 1);
    arb_indeterminate(jac + 1);     /* n is an integer argument: no derivative */
}

static void sq_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    sq_jac(out, jac, x, prec);
    arb_mul_2exp_si(hess, x + 1, 1); /* d2/dx2 = 2 n */
    arb_indeterminate(hess + 1);
    arb_indeterminate(hess + 2);
    arb_indeterminate(hess + 3);
}

static gdc_row_t fake_row(int jac, int hess)
{
    gdc_row_t r;
    memset(&r, 0, sizeof r);
    r.id = "test.sq";
    r.nargs = 2;
    r.args[0] = (gdc_arg_t){"x", GDC_Q(0), GDC_INF, 0, 1, 2.0, 0};
    r.args[1] = (gdc_arg_t){"n", GDC_Q(1), GDC_Q(10), 0, 0, 0, 1};
    r.nout = 1;
    r.fn_arb = sq_arb;
    r.fn_arb_jac = jac ? sq_jac : NULL;
    r.fn_arb_hess = hess ? sq_hess : NULL;
    return r;
}

/* parse a claim written with gauss.chi2_tail(ARG, N) and point its registry nodes at row */
static gdc_claim_t *parse_with(const char *text, const gdc_row_t *row)
{
    char err[600];
    gdc_claim_t *c = gdc_claim_parse(text, strlen(text), "t.claim", err, sizeof err);
    ck_assert_msg(c != NULL, "parse failed: %s", err);
    for (int i = 0; i < c->nnodes; i++)
        if (c->nodes[i].op == GDC_N_REG) {
            ck_assert_int_eq(c->nodes[i].nargs, 2);
            c->nodes[i].row = row;
        }
    return c;
}

static gdc_verdict_t run(gdc_claim_t *c, long max_boxes, gdc_result_t *r)
{
    gdc_budget_t b;
    gdc_budget_default(&b);
    b.max_boxes = max_boxes;
    b.time_limit = 20;
    gdc_result_init(r);
    return gdc_claim_decide(c, &b, r);
}

static void cert_ok(const gdc_claim_t *c, const gdc_result_t *r)
{
    char *cert = gdc_cert_text(c, r);
    char msg[300];
    ck_assert(cert != NULL);
    ck_assert_msg(gdc_cert_check(cert, strlen(cert), c, msg, sizeof msg, NULL) == 0, "%s", msg);
    free(cert);
}

START_TEST(row_derivatives_used)
{
    /* n x^2 >= n x - n/4 is n (x - 1/2)^2 >= 0: tight at the dyadic point x = 1/2 for every n. With the row's
     * Jacobian and Hessian the boundary/second-order forms close it at the split point 1/2 (f = 0, f' = 0,
     * f'' = 2n >= 0); without derivatives the row is a black box and intervals can never certify a value
     * that is exactly 0 on a box around 1/2 (the budget runs out). */
    const char *text = "claim a\nvar x in [0, 1]\nvar n in [1, 3] integer\n"
                       "prove gauss.chi2_tail(x, n) >= n*x - n/4\n";
    gdc_row_t full = fake_row(1, 1), none = fake_row(0, 0), jac_only = fake_row(1, 0);
    gdc_result_t r;
    gdc_claim_t *c = parse_with(text, &full);
    ck_assert_int_eq(run(c, 2000, &r), GDC_HOLDS);
    ck_assert_msg(r.boxes < 200, "%ld boxes", r.boxes);
    ck_assert(r.leaves[GDC_LEAF_BOUNDARY] + r.leaves[GDC_LEAF_TAYLOR] > 0);
    cert_ok(c, &r);
    gdc_result_clear(&r);
    gdc_claim_free(c);
    c = parse_with(text, &none);
    ck_assert_int_eq(run(c, 2000, &r), GDC_UNKNOWN);
    gdc_result_clear(&r);
    gdc_claim_free(c);
    /* first order only: n x^2 <= n x + n/100 is not tight (n(x^2 - x) <= 0 on [0, 1]) and the mean-value
     * form uses the row's Jacobian (with none, only interval leaves can appear) */
    const char *t2 = "claim a\nvar x in [0, 1]\nvar n in [1, 3] integer\nprove gauss.chi2_tail(x, n) <= n*x + n/100\n";
    c = parse_with(t2, &jac_only);
    ck_assert_int_eq(run(c, 20000, &r), GDC_HOLDS);
    long with = r.boxes;
    ck_assert(r.leaves[GDC_LEAF_MEANVALUE] + r.leaves[GDC_LEAF_MONOTONE] > 0);
    cert_ok(c, &r);
    gdc_result_clear(&r);
    gdc_claim_free(c);
    c = parse_with(t2, &none);
    ck_assert_int_eq(run(c, 200000, &r), GDC_HOLDS);
    ck_assert_msg(r.boxes > with, "without derivatives %ld boxes, with %ld", r.boxes, with);
    ck_assert_int_eq(r.leaves[GDC_LEAF_MEANVALUE] + r.leaves[GDC_LEAF_MONOTONE], 0);
    gdc_result_clear(&r);
    gdc_claim_free(c);
    /* soundness: moved by 1e-9 the tight claim is false at x = 1/2 (n/4 - n/4 - 1e-9 < 0): FAILS */
    c = parse_with("claim a\nvar x in [0, 1]\nvar n in [1, 3] integer\n"
                   "prove gauss.chi2_tail(x, n) >= n*x - n/4 + 1e-9\n", &full);
    ck_assert_int_eq(run(c, 20000, &r), GDC_FAILS);
    gdc_result_clear(&r);
    gdc_claim_free(c);
}
END_TEST

static char *retree(const gdc_claim_t *c, const gdc_result_t *r0, const char *tree)
{
    gdc_result_t r = *r0;
    r.tree = (char *)tree;
    r.tree_len = strlen(tree);
    return gdc_cert_text(c, &r);
}

static gdc_claim_t *parse(const char *text)
{
    char err[600];
    gdc_claim_t *c = gdc_claim_parse(text, strlen(text), "t.claim", err, sizeof err);
    ck_assert_msg(c != NULL, "parse failed: %s", err);
    return c;
}

static void reject(const gdc_claim_t *c, const gdc_result_t *r, const char *tree)
{
    char msg[300];
    char *cert = retree(c, r, tree);
    int rc = gdc_cert_check(cert, strlen(cert), c, msg, sizeof msg, NULL);
    ck_assert_msg(rc == 1, "tree '%s' accepted for %s (rc %d: %s)", tree, c->name, rc, msg);
    free(cert);
}

START_TEST(boundary_and_taylor_leaves)
{
    /* log1p(x) - x + x^2/2 on [0, 1]: 0 at x = 0 with f'(0) = 0 and f'' = 1 - 1/(1+x)^2 >= 0: one B leaf */
    gdc_result_t r;
    gdc_claim_t *c = parse("claim a\nvar x in [0, 1]\nprove log1p(x) >= x - x^2/2\n");
    ck_assert_int_eq(run(c, 1000, &r), GDC_HOLDS);
    ck_assert_int_eq(r.leaves[GDC_LEAF_BOUNDARY], 1);
    ck_assert_str_eq(r.tree, "Bl");
    cert_ok(c, &r);
    /* tampered: the upper corner (f(1) > 0 but f'(1) d < 0 into the box), a corner code for a flat
     * dimension, a second-order leaf at the centre (f(1/2) - f'(1/2)/2 + ... < 0), an interval leaf */
    reject(c, &r, "Bh");
    reject(c, &r, "Bc");
    reject(c, &r, "Bx");
    reject(c, &r, "T");
    reject(c, &r, "I");
    reject(c, &r, "B");
    /* the same tree for claims that are false near 0: log1p(x) - x + x^2/2 = x^3/3 - x^4/4 + ... is below
     * x^3/2 (and below 1e-12) for small x > 0 */
    gdc_claim_t *f1 = parse("claim a\nvar x in [0, 1]\nprove log1p(x) >= x - x^2/2 + x^3/2\n");
    reject(f1, &r, "Bl");
    gdc_claim_t *f2 = parse("claim a\nvar x in [0, 1]\nprove log1p(x) >= x - x^2/2 + 1e-12\n");
    reject(f2, &r, "Bl");
    /* and expanding at 0 a function with a wrong-sign derivative there on a sliver: x^2 - x/1000 < 0 on
     * (0, 1/1000) although it is 0 at 0 and its second derivative is 2 */
    gdc_claim_t *f3 = parse("claim a\nvar x in [0, 1]\nprove x^2 >= x/1000\n");
    reject(f3, &r, "Bl");
    gdc_result_clear(&r); /* run() initialises r afresh: the first result is freed here (LeakSanitizer) */
    ck_assert_int_eq(run(f3, 20000, &r), GDC_FAILS);
    gdc_result_clear(&r);
    gdc_claim_free(c);
    gdc_claim_free(f1);
    gdc_claim_free(f2);
    gdc_claim_free(f3);

    /* a tight interior minimum off the split points: x^2 - 2x/3 + 1/9 + 1e-8 = (x - 1/3)^2 + 1e-8 has its
     * minimum 1e-8 at 1/3; the second-order form at the centre gives f(c) - f'(c)^2/(2 f'') = 1e-8 exactly
     * for a quadratic, so it closes the root box (a T leaf) where intervals and first-order forms cannot */
    c = parse("claim a\nvar x in [0, 1]\nprove x^2 - 2*x/3 + 1/9 + 1e-8 > 0\n");
    ck_assert_int_eq(run(c, 20000, &r), GDC_HOLDS);
    ck_assert_msg(r.leaves[GDC_LEAF_TAYLOR] > 0, "no second-order leaf");
    cert_ok(c, &r);
    /* the same tree for the claim moved below its minimum (false at 1/3 where it is -1e-8 < 0) */
    f1 = parse("claim a\nvar x in [0, 1]\nprove x^2 - 2*x/3 + 1/9 - 1e-8 > 0\n");
    char *t = strdup(r.tree);
    reject(f1, &r, t);
    free(t);
    gdc_result_clear(&r);
    gdc_claim_free(c);
    gdc_claim_free(f1);
}
END_TEST

START_TEST(row_domains)
{
    /* relu.h is defined on [0, pi]: on [3, 4] the claim is undefined on (pi, 4], never HOLDS there */
    gdc_result_t r;
    gdc_claim_t *c = parse("claim a\nvar t in [3, 4]\nprove relu.h(t) <= 0.2\n");
    gdc_verdict_t v = run(c, 20000, &r);
    ck_assert_msg(v != GDC_HOLDS, "HOLDS outside the domain");
    gdc_result_clear(&r);
    gdc_claim_free(c);
    /* on [4, 5] every point is outside: an input error naming the row, the argument and the domain */
    c = parse("claim a\nvar t in [4, 5]\nprove relu.h(t) <= 0.2\n");
    ck_assert_int_eq(run(c, 20000, &r), GDC_ERROR);
    ck_assert_msg(strstr(r.message, "relu.h") && strstr(r.message, "[0, pi]") && strstr(r.message, "(t)"), "%s",
                  r.message);
    gdc_result_clear(&r);
    gdc_claim_free(c);
    /* the range end pi is the domain end pi exactly (the ball of pi reaches past it, the points do not):
     * h(t) = sin t + (pi - t) cos t <= 4 (|h| <= sin t + (pi - t) <= pi since sin t <= t) */
    c = parse("claim a\nvar t in [0, pi]\nprove relu.h(t) <= 4\n");
    ck_assert_int_eq(run(c, 20000, &r), GDC_HOLDS);
    cert_ok(c, &r);
    gdc_result_clear(&r);
    gdc_claim_free(c);
    /* an argument expression reaching the domain end exactly: pi*s at s = 1 is pi */
    c = parse("claim a\nvar s in [0, 1]\nprove relu.h(pi*s) <= 4\n");
    ck_assert_int_eq(run(c, 20000, &r), GDC_HOLDS);
    gdc_result_clear(&r);
    gdc_claim_free(c);
    /* constant arguments: pi is the domain end exactly (h(pi) = 0 >= -1); pi + 1/1000 is outside */
    c = parse("claim a\nprove relu.h(pi) >= -1\n");
    ck_assert_int_eq(run(c, 100, &r), GDC_HOLDS);
    gdc_result_clear(&r);
    gdc_claim_free(c);
    c = parse("claim a\nprove relu.h(pi + 1/1000) >= -1\n");
    ck_assert_int_eq(run(c, 100, &r), GDC_ERROR);
    gdc_result_clear(&r);
    gdc_claim_free(c);
    /* ... and just past it: pi*s at s = 1 + 2^-40 is outside [0, pi]: not HOLDS */
    c = parse("claim a\nvar s in [0, 1 + 2^-40]\nprove relu.h(pi*s) <= 4\n");
    ck_assert_msg(run(c, 20000, &r) != GDC_HOLDS, "HOLDS with an argument past the domain end");
    gdc_result_clear(&r);
    gdc_claim_free(c);
}
END_TEST

typedef struct { int calls; } prog_t;

static void on_progress(void *data, const gdc_progress_t *p)
{
    (void)p;
    ((prog_t *)data)->calls++;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

START_TEST(time_limit_and_progress)
{
    /* sin(x + y) - sin x cos y - cos x sin y is identically 0: no enclosure is ever >= 0 on a box (rounding)
     * and no point is a certified counterexample, so only a budget ends the search */
    gdc_claim_t *c = parse("claim a\nvar x in [0, 1]\nvar y in [0, 1]\n"
                           "prove sin(x + y) - sin(x)*cos(y) - cos(x)*sin(y) >= 0\n");
    gdc_budget_t b;
    gdc_budget_default(&b);
    b.max_boxes = 1L << 40;
    b.time_limit = 1.0;
    prog_t pr = {0};
    b.progress = on_progress;
    b.progress_data = &pr;
    gdc_result_t r;
    gdc_result_init(&r);
    double t0 = now();
    ck_assert_int_eq(gdc_claim_decide(c, &b, &r), GDC_UNKNOWN);
    double dt = now() - t0;
    ck_assert_msg(dt >= 1.0 && dt <= 1.1, "stopped after %.3f s (limit 1 s)", dt);
    ck_assert_msg(pr.calls >= 3, "progress called %d times in 1 s", pr.calls);
    gdc_result_clear(&r);
    gdc_claim_free(c);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("prove-forms");
    TCase *tc = tcase_create("forms");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, row_derivatives_used);
    tcase_add_test(tc, boundary_and_taylor_leaves);
    tcase_add_test(tc, row_domains);
    tcase_add_test(tc, time_limit_and_progress);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
