/* make bench: time per evaluation of every registry row's double kernel, against a naive transcription of
 * the same closed form (the formula as printed in the paper / issue 2, section 3) and against the libm
 * calls the formula needs; then the worst error (gdc_double_error, the measure of src/core/xcheck.h) of
 * the naive formula next to ours, at uniform random points and at the rows' hard-regime points.
 * Usage: bench_kernels [ID-or-prefix...] (default: every row). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/registry.h"
#include "core/xcheck.h"

#define PI 3.14159265358979323846
#define TIME_POINTS 4096
#define ERR_RANDOM 1000
#define ERR_PER_REGIME 400
#define MIN_SECONDS 0.04
#define ROUNDS 5
#define ERR_SECONDS 3.0

/* ---- naive transcriptions (deliberately the textbook forms) ---- */
static double naive_h(double t) { return sin(t) + (PI - t) * cos(t); }

static void n_h(double *o, const double *x) { o[0] = naive_h(x[0]); }
static void n_J(double *o, const double *x) { o[0] = sin(x[0]) - x[0] * cos(x[0]); }
static void n_step(double *o, const double *x) { o[0] = (PI - x[0]) / (2 * PI); }
static void n_kernel(double *o, const double *x) { o[0] = x[0] * x[1] * naive_h(x[2]) / (2 * PI); }
static void n_loss(double *o, const double *x)
{
    double r = x[0];
    o[0] = r * r / 4 + 0.25 - r * naive_h(x[1]) / (2 * PI);
}
static void n_grad(double *o, const double *x)
{
    double r = x[0], t = x[1];
    o[0] = r / 2 - naive_h(t) / (2 * PI);
    o[1] = -(PI - t) * sin(t) / (2 * PI);
}
/* corr = Q/2 - D/(2 pi) with the law of cosines Q = 1 + r^2 - 2 r cos t and 2 sin^2(t/2) = 1 - cos t */
static double naive_corr(double r, double t)
{
    double q = 1 + r * r - 2 * r * cos(t);
    double d = (1 - r) * (t - sin(t)) + (1 - cos(t)) * (r * t + sin(t));
    return q / 2 - d / (2 * PI);
}
static void n_corr(double *o, const double *x) { o[0] = naive_corr(x[0], x[1]); }
static void n_corr_ratio(double *o, const double *x)
{
    double r = x[0], t = x[1];
    o[0] = naive_corr(r, t) / (1 + r * r - 2 * r * cos(t));
}
static void n_norm_rate(double *o, const double *x) { o[0] = -x[0] * x[0] + x[0] * naive_h(x[1]) / PI; }
static void n_angle_rate(double *o, const double *x) { o[0] = -(PI - x[1]) * sin(x[1]) / (2 * PI * x[0]); }
static void n_hess_eig(double *o, const double *x)
{
    double r = x[0], s = sin(x[1]);
    o[0] = 0.5;
    o[1] = 0.5 - s / (PI * r);
    o[2] = 0.5 - s / (2 * PI * r);
}

/* ---- the libm calls each formula needs ---- */
static void l_sincos(double *o, const double *x) { o[0] = sin(x[0]) + cos(x[0]); }
static void l_sincos2(double *o, const double *x) { o[0] = sin(x[1]) + cos(x[1]); }
static void l_sincos3(double *o, const double *x) { o[0] = sin(x[2]) + cos(x[2]); }
static void l_sin2(double *o, const double *x) { o[0] = sin(x[1]); }
static void l_none(double *o, const double *x) { o[0] = x[0]; }

typedef struct {
    const char *id;
    gdc_double_fn naive;
    gdc_double_fn libm;
    const char *calls;
} naive_t;

static const naive_t naives[] = {
    {"relu.h", n_h, l_sincos, "sin,cos"},
    {"relu.J", n_J, l_sincos, "sin,cos"},
    {"relu.step", n_step, l_none, "none"},
    {"relu.kernel", n_kernel, l_sincos3, "sin,cos"},
    {"relu.loss", n_loss, l_sincos2, "sin,cos"},
    {"relu.grad", n_grad, l_sincos2, "sin,cos"},
    {"relu.corr", n_corr, l_sincos2, "sin,cos"},
    {"relu.corr_ratio", n_corr_ratio, l_sincos2, "sin,cos"},
    {"relu.norm_rate", n_norm_rate, l_sincos2, "sin,cos"},
    {"relu.angle_rate", n_angle_rate, l_sin2, "sin"},
    {"relu.hess_eig", n_hess_eig, l_sin2, "sin"},
};

static const naive_t *find_naive(const char *id)
{
    for (size_t i = 0; i < sizeof naives / sizeof naives[0]; i++)
        if (strcmp(naives[i].id, id) == 0)
            return &naives[i];
    return NULL;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* nanoseconds per call of fn, cycling over the points in batches that double in size until MIN_SECONDS
 * have passed (so that slow kernels stop early); the function pointer goes through a volatile so that the
 * compiler cannot inline or specialise the call */
static double time_fn(gdc_double_fn fn, int nargs, const double *xs, long npts)
{
    gdc_double_fn volatile fv = fn;
    volatile double sink = 0;
    double out[GDC_MAX_OUT] = {0}, acc = 0, t0, t1;
    long calls = 0, batch = 1, p = 0;
    gdc_double_fn f = fv;
    t0 = now();
    do {
        for (long b = 0; b < batch; b++) {
            f(out, xs + p * nargs);
            acc += out[0];
            if (++p == npts)
                p = 0;
        }
        calls += batch;
        if (batch < 65536)
            batch *= 2;
        t1 = now();
    } while (t1 - t0 < MIN_SECONDS);
    sink = acc;
    (void)sink;
    return 1e9 * (t1 - t0) / (double)calls;
}

/* worst error of fn over the points (every output); stops after ERR_SECONDS, *used = points examined */
static double worst_error(const gdc_row_t *row, gdc_double_fn fn, const double *xs, long npts, long *used)
{
    double worst = 0, y[GDC_MAX_OUT], err[GDC_MAX_OUT], t0 = now();
    long p;
    for (p = 0; p < npts && (p < 16 || now() - t0 < ERR_SECONDS); p++) {
        const double *x = xs + p * row->nargs;
        fn(y, x);
        gdc_double_error(row, x, y, err, NULL);
        for (int k = 0; k < row->nout; k++)
            if (!(err[k] <= worst))
                worst = isnan(err[k]) ? INFINITY : err[k];
    }
    if (used)
        *used = p;
    return worst;
}

static void print_err(double e)
{
    if (isinf(e))
        printf(" %9s", "inf");
    else
        printf(" %9.3g", e);
}

int main(int argc, char **argv)
{
    size_t n = gdc_registry_count();
    double *xs = malloc(sizeof(double) * GDC_MAX_ARGS * TIME_POINTS);
    long cap = ERR_PER_REGIME * GDC_MAX_REGIMES + ERR_RANDOM;
    double *es = malloc(sizeof(double) * GDC_MAX_ARGS * (size_t)cap);
    if (!xs || !es)
        return 1;

    printf("time per evaluation (ns) at uniform random points; worst error |y - exact| / max(ulp, Delta) at up\n"
           "to %d uniform random points and %d points per hard regime (at most %.0f s of Arb per column:\n"
           "the last column gives the points used); naive = the textbook formula; ratio = ours/naive; libm = its libm\n"
           "calls; times are the minimum of %d alternating rounds\n\n",
           ERR_RANDOM, ERR_PER_REGIME, ERR_SECONDS, ROUNDS);
    printf("%-16s %8s %8s %6s %8s %-13s %9s %9s %9s %9s %s\n", "", "ours", "naive", "ratio", "libm", "(calls)", "ours",
           "naive", "ours", "naive", "error points");
    printf("%-16s %8s %8s %6s %8s %-13s %9s %9s %9s %9s %s\n", "id", "ns", "ns", "", "ns", "", "err rand", "err rand",
           "err hard", "err hard", "rand/hard");
    for (size_t i = 0; i < n; i++) {
        const gdc_row_t *row = gdc_registry_row(i);
        const naive_t *nv = find_naive(row->id);
        int wanted = argc < 2;
        for (int a = 1; a < argc; a++)
            wanted |= strcmp(argv[a], row->id) == 0 || strncmp(argv[a], row->id, strlen(argv[a])) == 0;
        if (!wanted)
            continue;
        long npts = gdc_sample_points(row, xs, TIME_POINTS, TIME_POINTS, 0, 1, NULL);
        /* ours, naive and libm timed in alternation, ROUNDS times each; the minimum of each (the machine is shared:
         * the minimum is the figure least disturbed by other load, and the alternation exposes all three to it) */
        double t_ours = INFINITY, t_naive = INFINITY, t_libm = INFINITY;
        for (int round = 0; round < ROUNDS; round++) {
            t_ours = fmin(t_ours, time_fn(row->fn_double, row->nargs, xs, npts));
            if (nv) {
                t_naive = fmin(t_naive, time_fn(nv->naive, row->nargs, xs, npts));
                t_libm = fmin(t_libm, time_fn(nv->libm, row->nargs, xs, npts));
            }
        }
        printf("%-16s %8.1f", row->id, t_ours);
        if (nv)
            printf(" %8.1f %6.2f %8.1f %-13s", t_naive, t_ours / t_naive, t_libm, nv->calls);
        else
            printf(" %8s %6s %8s %-13s", "-", "-", "-", "");
        fflush(stdout);

        long nr = gdc_sample_points(row, es, cap, ERR_RANDOM, 0, 2, NULL), ur = 0, uh = 0;
        print_err(worst_error(row, row->fn_double, es, nr, &ur));
        if (nv)
            print_err(worst_error(row, nv->naive, es, ur, NULL));
        else
            printf(" %9s", "-");
        /* hard-regime points only: the random part of gdc_sample_points is empty */
        long nh = gdc_sample_points(row, es, cap, 0, ERR_PER_REGIME, 3, NULL);
        if (nh > 0) {
            print_err(worst_error(row, row->fn_double, es, nh, &uh));
            if (nv)
                print_err(worst_error(row, nv->naive, es, uh, NULL));
            else
                printf(" %9s", "-");
        } else {
            printf(" %9s %9s", "-", "-");
        }
        printf(" %5ld/%-5ld", ur, uh);
        printf("\n");
        fflush(stdout);
    }
    free(xs);
    free(es);
    flint_cleanup();
    return 0;
}
