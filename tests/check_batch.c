/* Batch calls and Gram matrices (issue 14, section 2):
 *  - gdc_eval_n gives, for every registry row, the same bits as the per-point double kernel (it is a loop over it),
 *    and gdc_eval_n_checked stops at the first point outside the domain;
 *  - the ReLU and erf Gram matrices: the diagonal is the kernel at angle 0 exactly (|x|^2/2 for ReLU: h(0) = pi), no
 *    NaN for parallel, anti-parallel or zero rows (the ReLU kernel of anti-parallel rows is h(pi) = 0), and every
 *    entry of random Gram matrices agrees with a rigorous Arb value computed from the vectors themselves (the dot
 *    product and norms, the angle by arb_atan2: no angle formula shared with the code under test);
 *  - the same for the deep kernels relu.nngp and relu.ntk (test_gram_deep). */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include "core/batch.h"
#include "core/access.h"
#include "core/xcheck.h"
#include "core/rng.h"
#include "relu/relu.h"
#include "erf/erf.h"

#define NPTS 300

START_TEST(test_eval_n_matches_direct)
{
    double *xs = malloc(sizeof(double) * GDC_MAX_ARGS * NPTS), *ys = malloc(sizeof(double) * GDC_MAX_OUT * NPTS);
    ck_assert(xs && ys);
    for (size_t r = 0; r < gdc_registry_count(); r++) {
        const gdc_row_t *row = gdc_registry_row(r);
        if (row->check_scale > 0 && row->check_scale < 0.05)
            continue; /* rows whose kernels integrate numerically: milliseconds per point */
        long n = gdc_sample_points(row, xs, NPTS, 100, 20, 7, NULL);
        ck_assert_uint_eq(gdc_eval_n_checked(row, ys, xs, (size_t)n), (size_t)n);
        for (long i = 0; i < n; i++) {
            double y[GDC_MAX_OUT];
            row->fn_double(y, xs + i * row->nargs);
            for (int k = 0; k < row->nout; k++) {
                double b = ys[i * row->nout + k];
                ck_assert_msg(b == y[k] || (isnan(b) && isnan(y[k])), "%s point %ld out %d: batch %.17g, direct %.17g",
                              row->id, i, k, b, y[k]);
            }
        }
    }
    /* the checked batch decides the domain as gdc_arg_contains does, at and next to every endpoint */
    for (size_t r = 0; r < gdc_registry_count(); r++) {
        const gdc_row_t *row = gdc_registry_row(r);
        double p[GDC_MAX_ARGS], y[GDC_MAX_OUT];
        gdc_sample_points(row, p, 1, 1, 0, 3, NULL);
        for (int j = 0; j < row->nargs; j++) {
            double keep = p[j];
            for (int end = 0; end < 2; end++) {
                double e = gdc_qpi_double(end ? &row->args[j].hi : &row->args[j].lo, end);
                if (!isfinite(e))
                    continue; /* an infinite end: no double reaches it */
                double cand[5] = {e, nextafter(e, -INFINITY), nextafter(e, INFINITY), floor(e), ceil(e)};
                for (int c = 0; c < 5; c++) {
                    p[j] = cand[c];
                    int in = 1;
                    for (int m = 0; m < row->nargs; m++)
                        in &= gdc_arg_contains(&row->args[m], p[m]);
                    if (!in) /* only the decision is compared: no evaluation outside the domain */
                        ck_assert_msg(gdc_eval_n_checked(row, y, p, 1) == 0, "%s arg %d = %.17g accepted", row->id,
                                      j, p[j]);
                    else if (row->check_scale == 0 || row->check_scale >= 0.1)
                        ck_assert_msg(gdc_eval_n_checked(row, y, p, 1) == 1, "%s arg %d = %.17g refused", row->id,
                                      j, p[j]);
                }
            }
            p[j] = keep;
        }
    }
    /* a point outside the domain (t = 4 > pi for relu.h) is found, and out is left alone */
    const gdc_row_t *h = gdc_registry_find("relu.h");
    double x[3] = {1.0, 4.0, 2.0}, y[3] = {-1, -1, -1};
    ck_assert_uint_eq(gdc_eval_n_checked(h, y, x, 3), 1);
    ck_assert(y[0] == -1 && y[1] == -1 && y[2] == -1);
    free(xs);
    free(ys);
}
END_TEST

/* rigorous kernels from the vectors: ReLU |x||y| h(t)/(2 pi) = (sqrt(|x|^2|y|^2 - (x.y)^2) + (pi - t) x.y)/(2 pi),
 * t = atan2(sqrt(|x|^2|y|^2 - (x.y)^2), x.y); erf (2/pi) asin(2 x.y/sqrt((1 + 2|x|^2)(1 + 2|y|^2))) */
static void exact_kernels(arb_t relu, arb_t erfk, const double *x, const double *y, size_t d, slong prec)
{
    arb_t xx, yy, xy, s, t, u;
    arb_init(xx); arb_init(yy); arb_init(xy); arb_init(s); arb_init(t); arb_init(u);
    for (size_t k = 0; k < d; k++) {
        arb_set_d(u, x[k]);
        arb_addmul(xx, u, u, prec);
        arb_set_d(t, y[k]);
        arb_addmul(yy, t, t, prec);
        arb_addmul(xy, u, t, prec);
    }
    arb_mul(s, xx, yy, prec);
    arb_submul(s, xy, xy, prec);
    arb_nonnegative_part(s, s); /* Cauchy-Schwarz: >= 0 */
    arb_sqrt(s, s, prec);
    arb_atan2(t, s, xy, prec);
    arb_const_pi(u, prec);
    arb_sub(t, u, t, prec);
    arb_mul(t, t, xy, prec);
    arb_add(t, t, s, prec);
    arb_div(t, t, u, prec);
    arb_mul_2exp_si(relu, t, -1);
    arb_mul_2exp_si(s, xx, 1);
    arb_add_ui(s, s, 1, prec);
    arb_mul_2exp_si(t, yy, 1);
    arb_add_ui(t, t, 1, prec);
    arb_mul(s, s, t, prec);
    arb_rsqrt(s, s, prec);
    arb_mul(s, s, xy, prec);
    arb_mul_2exp_si(s, s, 1);
    arb_asin(s, s, prec);
    arb_div(erfk, s, u, prec);
    arb_mul_2exp_si(erfk, erfk, 1);
    arb_clear(xx); arb_clear(yy); arb_clear(xy); arb_clear(s); arb_clear(t); arb_clear(u);
}

/* |K - exact| <= tol * scale, scale = |x||y| (ReLU) or 1 (erf, |V| <= 1) */
static void check_entry(double k, const arb_t exact, double tol, double scale, const char *what)
{
    arb_t v;
    arb_init(v);
    arb_set_d(v, k);
    arb_sub(v, v, exact, 128);
    ck_assert_msg(arb_is_finite(v) && arf_cmpabs_d(arb_midref(v), tol * scale) <= 0,
                  "%s entry %.17g off the exact value by more than %g x %g", what, k, tol, scale);
    arb_clear(v);
}

START_TEST(test_gram_random_against_arb)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, 14);
    enum { N1 = 7, N2 = 5, D = 6 };
    double X1[N1 * D], X2[N2 * D], K[N1 * N2], E[N1 * N2];
    for (int rep = 0; rep < 20; rep++) {
        double scale = gdc_rng_logu(&g, -3, 3);
        for (int i = 0; i < N1 * D; i++)
            X1[i] = scale * gdc_rng_normal(&g);
        for (int i = 0; i < N2 * D; i++)
            X2[i] = gdc_rng_normal(&g);
        ck_assert_int_eq(gdc_relu_gram(K, X1, N1, X2, N2, D), 0);
        ck_assert_int_eq(gdc_erf_gram(E, X1, N1, X2, N2, D), 0);
        arb_t r, e;
        arb_init(r);
        arb_init(e);
        for (int i = 0; i < N1; i++)
            for (int j = 0; j < N2; j++) {
                exact_kernels(r, e, X1 + i * D, X2 + j * D, D, 256);
                double ab = gdc_vec_norm(X1 + i * D, D) * gdc_vec_norm(X2 + j * D, D);
                /* a few ulps of |x||y|: the rounding of the unit vectors, the angle and the kernel */
                check_entry(K[i * N2 + j], r, 1e-14, ab, "relu");
                check_entry(E[i * N2 + j], e, 1e-14, 1.0, "erf");
            }
        arb_clear(r);
        arb_clear(e);
    }
}
END_TEST

START_TEST(test_gram_diagonal_and_parallel)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, 15);
    enum { N = 6, D = 9 };
    double X[N * D], K[N * N], E[N * N];
    for (int i = 0; i < N * D; i++)
        X[i] = gdc_rng_range(&g, -2, 2);
    for (int k = 0; k < D; k++) {
        X[3 * D + k] = 2.0 * X[2 * D + k];  /* row 3 parallel to row 2 */
        X[4 * D + k] = -3.0 * X[2 * D + k]; /* row 4 anti-parallel to row 2 */
        X[5 * D + k] = 0.0;                 /* row 5 zero */
    }
    ck_assert_int_eq(gdc_relu_gram(K, X, N, X, N, D), 0);
    ck_assert_int_eq(gdc_erf_gram(E, X, N, X, N, D), 0);
    for (int i = 0; i < N * N; i++)
        ck_assert_msg(isfinite(K[i]) && isfinite(E[i]), "entry %d not finite", i);
    for (int i = 0; i < N; i++) {
        double a = gdc_vec_norm(X + i * D, D), x[3] = {a, a, 0.0}, v;
        /* h(0)/(2 pi) = 1/2: the diagonal is |x|^2/2 (rounded once, as (a/2) a) */
        ck_assert_msg(K[i * N + i] == (0.5 * a) * a, "relu diagonal %d: %.17g, |x|^2/2 = %.17g", i, K[i * N + i],
                      (0.5 * a) * a);
        gdc_erf_kernel_d(&v, x);
        ck_assert_msg(E[i * N + i] == v, "erf diagonal %d: %.17g, V(x, x) = %.17g", i, E[i * N + i], v);
    }
    /* anti-parallel: h(pi) = 0; the unit vectors of x and -3x may differ in their last bits, so the mirror angle is
     * e = O(2^-52) and h(pi - e) = e^3/3 + O(e^5): below 1e-45 |x||y| */
    double a4 = gdc_vec_norm(X + 4 * D, D), a2_ = gdc_vec_norm(X + 2 * D, D);
    ck_assert(fabs(K[2 * N + 4]) <= 1e-45 * a2_ * a4 && fabs(K[4 * N + 2]) <= 1e-45 * a2_ * a4);
    for (int j = 0; j < N; j++)
        ck_assert(K[5 * N + j] == 0.0 && E[5 * N + j] == 0.0);
    /* parallel: |x||2x|/2 to a few ulps (the unit vectors of x and 2x may differ in the last bit) */
    double a2 = gdc_vec_norm(X + 2 * D, D), a3 = gdc_vec_norm(X + 3 * D, D);
    ck_assert(fabs(K[2 * N + 3] - 0.5 * a2 * a3) <= 1e-15 * a2 * a3);
}
END_TEST

/* gdc_eval_soa_checked (the Python module's call): the same bits as the direct kernel, the index of the first point
 * outside the domain (a t above pi, a NaN, a non-integer depth) with the points before it evaluated and the rest
 * untouched, across the blocks in which it checks the domain */
static void soa_case(const char *id, size_t n, size_t bad_at, double bad_value, int bad_arg)
{
    const gdc_row_t *row = gdc_registry_find(id);
    const int na = row->nargs, no = row->nout;
    double *cols[GDC_MAX_ARGS], *outs[GDC_MAX_OUT], xs[GDC_MAX_ARGS], ys[GDC_MAX_OUT];
    double *pts = malloc(sizeof(double) * GDC_MAX_ARGS * n);
    ck_assert(pts);
    long got = gdc_sample_points(row, pts, (long)n, (long)n, 0, 5, NULL);
    ck_assert_int_eq(got, (long)n);
    for (int j = 0; j < na; j++) {
        cols[j] = malloc(sizeof(double) * n);
        for (size_t i = 0; i < n; i++)
            cols[j][i] = pts[i * na + j];
    }
    for (int k = 0; k < no; k++) {
        outs[k] = malloc(sizeof(double) * n);
        for (size_t i = 0; i < n; i++)
            outs[k][i] = -7.0;
    }
    if (bad_at < n)
        cols[bad_arg][bad_at] = bad_value;
    size_t done = gdc_eval_soa_checked(row, outs, (const double *const *)cols, n);
    ck_assert_uint_eq(done, bad_at < n ? bad_at : n);
    for (size_t i = 0; i < n; i++) {
        for (int j = 0; j < na; j++)
            xs[j] = cols[j][i];
        if (i < done)
            row->fn_double(ys, xs);
        for (int k = 0; k < no; k++)
            ck_assert_msg(i < done ? outs[k][i] == ys[k] || (isnan(ys[k]) && isnan(outs[k][i])) : outs[k][i] == -7.0,
                          "%s point %zu output %d", id, i, k);
    }
    for (int j = 0; j < na; j++)
        free(cols[j]);
    for (int k = 0; k < no; k++)
        free(outs[k]);
    free(pts);
}

START_TEST(test_eval_soa_checked)
{
    soa_case("relu.loss", 1000, 1000, 0.0, 0);     /* all inside */
    soa_case("relu.loss", 1000, 700, 4.0, 1);      /* t = 4 > pi in the third block */
    soa_case("relu.loss", 1000, 3, NAN, 0);        /* r = NaN */
    soa_case("relu.loss", 1000, 256, -1e-300, 0);  /* r < 0 at a block's first point */
    soa_case("relu.grad", 600, 511, INFINITY, 1);  /* two outputs; t = inf at a block's last point */
    soa_case("relu.nngp", 600, 300, 2.5, 0);       /* depth not an integer */
    soa_case("relu.angle_rate", 600, 10, 0.0, 0);  /* r in (0, inf): r = 0 is outside */
}
END_TEST

/* the deep kernels' Gram matrices (relu.nngp, relu.ntk; relu_deep.c): every entry of random Gram matrices agrees with
 * the Arb value at the norms and the angle computed from the vectors (arb_atan2 of sqrt(|x|^2|y|^2 - (x.y)^2) and
 * x.y); the diagonal is |x|^2 exactly (rho = 1 in every layer at angle 0) and (L + 1) |x|^2 for the NTK (tau_l =
 * tau_{l-1} + 1); anti-parallel rows give 0 at depth 1 (h(pi) = 0) and |x||y|/pi at depth 2 (kappa1(0) = 1/pi); no
 * NaN anywhere */
static void exact_deep(arb_ptr out, const double *x, const double *y, size_t d, int L, slong prec)
{
    arb_ptr a = _arb_vec_init(4);
    arb_t xx, yy, xy, s, u;
    arb_init(xx); arb_init(yy); arb_init(xy); arb_init(s); arb_init(u);
    for (size_t k = 0; k < d; k++) {
        arb_set_d(u, x[k]);
        arb_addmul(xx, u, u, prec);
        arb_set_d(s, y[k]);
        arb_addmul(yy, s, s, prec);
        arb_addmul(xy, u, s, prec);
    }
    arb_mul(s, xx, yy, prec);
    arb_submul(s, xy, xy, prec);
    arb_nonnegative_part(s, s);
    arb_sqrt(s, s, prec);
    arb_set_si(a + 0, L);
    arb_sqrt(a + 1, xx, prec);
    arb_sqrt(a + 2, yy, prec);
    arb_atan2(a + 3, s, xy, prec);
    gdc_relu_nngp_arb(out, a, prec);
    gdc_relu_ntk_arb(out + 2, a, prec);
    _arb_vec_clear(a, 4);
    arb_clear(xx); arb_clear(yy); arb_clear(xy); arb_clear(s); arb_clear(u);
}

START_TEST(test_gram_deep)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, 16);
    enum { N = 6, D = 5 };
    const int depths[] = {0, 1, 2, 7, 60};
    double X[N * D], K[N * N], T[N * N];
    for (int i = 0; i < N * D; i++)
        X[i] = gdc_rng_normal(&g);
    for (int k = 0; k < D; k++) {
        X[4 * D + k] = -3.0 * X[2 * D + k]; /* row 4 anti-parallel to row 2 */
        X[5 * D + k] = 0.5 * X[1 * D + k];  /* row 5 parallel to row 1 */
    }
    arb_ptr ex = _arb_vec_init(3);
    for (int q = 0; q < 5; q++) {
        int L = depths[q];
        ck_assert_int_eq(gdc_relu_nngp_gram(K, X, N, X, N, D, L), 0);
        ck_assert_int_eq(gdc_relu_ntk_gram(T, X, N, X, N, D, L), 0);
        for (int i = 0; i < N; i++) {
            double a = gdc_vec_norm(X + i * D, D);
            ck_assert_msg(K[i * N + i] == a * a, "nngp L=%d diagonal %d: %.17g, |x|^2 = %.17g", L, i, K[i * N + i],
                          a * a);
            ck_assert(fabs(T[i * N + i] - (L + 1) * a * a) <= 2.3e-16 * (L + 1) * a * a);
            for (int j = 0; j < N; j++) {
                double ab = a * gdc_vec_norm(X + j * D, D);
                ck_assert(isfinite(K[i * N + j]) && isfinite(T[i * N + j]));
                if (j == i || (i == 4 && j == 2) || (i == 2 && j == 4) || (i == 1 && j == 5) || (i == 5 && j == 1))
                    continue; /* degenerate pairs: the angle's rounding is larger than the input's (below) */
                exact_deep(ex, X + i * D, X + j * D, D, L, 256);
                /* a few ulps of |x||y| times the depth: unit vectors, angle, the layers */
                check_entry(K[i * N + j], ex + 0, 1e-14, ab, "relu.nngp");
                check_entry(T[i * N + j], ex + 2, 1e-14 * (L + 1), ab, "relu.ntk");
            }
        }
        double a2 = gdc_vec_norm(X + 2 * D, D), a4 = gdc_vec_norm(X + 4 * D, D);
        if (L == 1)
            ck_assert(fabs(K[2 * N + 4]) <= 1e-45 * a2 * a4);
        if (L == 2)
            ck_assert(fabs(K[2 * N + 4] - a2 * a4 / M_PI) <= 1e-15 * a2 * a4);
    }
    _arb_vec_clear(ex, 3);
    ck_assert_int_eq(gdc_relu_nngp_gram(K, X, N, X, N, D, 1001), -1);
}
END_TEST

/* gdc_eval_ball: the decimal mid +- rad, read back by Arb, contains the row's value at 512 bits (a separate
 * evaluation), [lo, hi] contains it too, and a point outside the domain returns 2 */
START_TEST(test_eval_ball_strings)
{
    const char *ids[] = {"relu.h", "relu.grad", "erf.kernel", "cosine.ecc"};
    double pts[4][3] = {{3.141592653589793}, {0.7, 3.0}, {1.5, 0.25, 2.0}, {0.5, 2.0, 1e-9}};
    char mid[3 * 96], rad[3 * 96];
    double lo[3], hi[3];
    arb_t v, b, r;
    arb_init(v);
    arb_init(b);
    arb_init(r);
    for (int i = 0; i < 4; i++) {
        const gdc_row_t *row = gdc_registry_find(ids[i]);
        ck_assert_int_le(gdc_eval_ball(row, pts[i], 25, mid, rad, 96, lo, hi), 1);
        arb_ptr ex = _arb_vec_init(row->nout);
        gdc_eval_arb_goal(row, ex, pts[i], 400, 4096);
        for (int k = 0; k < row->nout; k++) {
            ck_assert_msg(arb_set_str(b, mid + 96 * k, 512) == 0, "mid '%s'", mid + 96 * k);
            ck_assert_msg(arb_set_str(r, rad + 96 * k, 512) == 0, "rad '%s'", rad + 96 * k);
            arb_add_error(b, r);
            ck_assert_msg(arb_contains(b, ex + k), "%s out %d: %s +- %s misses the value", ids[i], k, mid + 96 * k,
                          rad + 96 * k);
            arb_set_d(v, lo[k]);
            ck_assert(arb_le(v, ex + k) || arb_contains(v, ex + k));
            arb_set_d(v, hi[k]);
            ck_assert(arb_ge(v, ex + k) || arb_contains(v, ex + k));
        }
        _arb_vec_clear(ex, row->nout);
    }
    double bad = 4.0;
    ck_assert_int_eq(gdc_eval_ball(gdc_registry_find("relu.h"), &bad, 25, mid, rad, 96, lo, hi), 2);
    arb_clear(v);
    arb_clear(b);
    arb_clear(r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("batch");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_eval_n_matches_direct);
    tcase_add_test(tc, test_gram_random_against_arb);
    tcase_add_test(tc, test_gram_diagonal_and_parallel);
    tcase_add_test(tc, test_gram_deep);
    tcase_add_test(tc, test_eval_soa_checked);
    tcase_add_test(tc, test_eval_ball_strings);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    flint_cleanup();
    return nf == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
