/* gdcert check: the registry-driven cross-checks of src/core/xcheck.h over random and hard-regime points:
 * double kernel against Arb (error measure of the issue, section 4), Arb against MPFR, wide-ball
 * soundness, the definition checks and the derivative enclosures (src/core/xcheck_deriv.c), for every requested
 * row. Work is spread over --jobs threads;
 * results are printed in registry order, so the output does not depend on the number of jobs. */
#include <pthread.h>
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "core/registry.h"
#include "core/xcheck.h"
#include "cli/cli_util.h"
#include "cli/commands.h"

#define POINTS_DEFAULT 4000
#define DEF_POINTS_DEFAULT 2
#define MC_SAMPLES_DEFAULT 100000
#define WIDE_SAMPLES 20
#define MAX_JOBS 64

typedef struct {
    long points, def_points, mc_samples;
    uint64_t seed;
} check_params_t;

enum { TASK_ACC, TASK_MPFR, TASK_WIDE, TASK_DERIV, TASK_DEF };
#define NTASK_FIXED 4 /* tasks of every row besides the definition checks */

typedef struct {
    const gdc_row_t *row;
    int kind, which, done;
} task_t;

typedef struct {
    gdc_acc_result_t acc;
    gdc_mpfr_result_t mpfr;
    gdc_wide_result_t wide;
    gdc_def_result_t def[GDC_MAX_DEFCHECKS];
    gdc_deriv_result_t deriv, deriv_wide;
    int pending;              /* tasks of this row not finished yet */
} row_result_t;

typedef struct {
    check_params_t par;
    const gdc_row_t **rows;
    row_result_t *res;
    size_t nrows;
    task_t *tasks;
    size_t *task_row;         /* index into rows of each task */
    size_t ntasks;
    atomic_size_t next;       /* next task to take */
    pthread_mutex_t lock;
    pthread_cond_t done;
    size_t finished;
} queue_t;

static void help(void)
{
    printf("Usage: gdcert check [OPTION]... [ID]...\n"
           "Cross-check the closed forms ID... (default: every registry row) at random and hard-regime\n"
           "points, and print one line per id and a final verdict line:\n"
           "  accuracy   the double kernel against Arb at exactly the same double inputs; the error is\n"
           "             |double - exact| / max(ulp(exact), Delta) and must not exceed the row's target\n"
           "  ball/MPFR  the Arb ball (80 and 256 bits) contains the MPFR value at 320 bits, and the two\n"
           "             balls overlap\n"
           "  wide       values at points inside random boxes lie in the Arb enclosure of the box\n"
           "  defs       definition checks: rigorous integration or seeded Monte Carlo of the defining\n"
           "             expectation (within 6 standard errors, at least (1 + |value|)/n each)\n"
           "  deriv      the derivative enclosures (first order, and second where the row has them)\n"
           "             contain MPFR finite differences at points and inside random boxes; 'none' for a\n"
           "             documented exception (gdcert list gives the reason)\n\n"
           "  --points N      random points per id for the accuracy check (default %d); each hard regime\n"
           "                  gets N/4 more; the MPFR check uses a quarter of both, the wide check N/20 boxes,\n"
           "                  the derivative check N/40 points, N/400 per regime and N/100 boxes;\n"
           "                  rows whose Arb version integrates numerically scale these down\n"
           "  --def-points N  points per definition check (default %d)\n"
           "  --mc-samples N  Monte Carlo samples per point (default %d)\n"
           "  --seed S        seed of every random choice (default 1); a run is reproducible from it\n"
           "  --jobs N        worker threads (default: number of processors, at most 8)\n"
           "  --format F      text (default: a table) or json (one JSON object); --json: --format json\n"
           "  --help          display this help and exit\n\n"
           "Exit status: 0 every check passed, 1 a check failed, 2 usage error or unknown id.\n"
           "Progress is shown on stderr when it is a terminal.\n",
           POINTS_DEFAULT, DEF_POINTS_DEFAULT, MC_SAMPLES_DEFAULT);
}

/* point counts are scaled down by the row's check_scale (rows whose Arb version integrates numerically) */
static void run_task(const check_params_t *par, const task_t *t, row_result_t *r)
{
    const gdc_row_t *row = t->row;
    long n = par->points;
    switch (t->kind) {
    case TASK_ACC:
        gdc_check_accuracy(row, gdc_row_points(row, n, 1), gdc_row_points(row, n / 4, 1), par->seed, &r->acc);
        break;
    case TASK_MPFR:
        gdc_check_mpfr(row, gdc_row_points(row, n / 4, 1), gdc_row_points(row, n / 16, 1), par->seed + 1,
                       &r->mpfr);
        break;
    case TASK_WIDE:
        gdc_check_wide(row, gdc_row_points(row, n / 20, 4), WIDE_SAMPLES, par->seed + 2, &r->wide);
        break;
    case TASK_DERIV:
        gdc_check_deriv(row, gdc_row_points(row, n / 40, 4), gdc_row_points(row, n / 400, 1), par->seed + 4,
                        &r->deriv);
        gdc_check_deriv_wide(row, gdc_row_points(row, n / 100, 2), 4, par->seed + 5, &r->deriv_wide);
        break;
    default:
        gdc_check_def(row, t->which, par->def_points, par->mc_samples, par->seed + 3 + (uint64_t)t->which,
                      &r->def[t->which]);
        break;
    }
}

static void *worker(void *arg)
{
    queue_t *q = arg;
    for (;;) {
        size_t i = atomic_fetch_add(&q->next, 1);
        if (i >= q->ntasks)
            break;
        run_task(&q->par, &q->tasks[i], &q->res[q->task_row[i]]);
        pthread_mutex_lock(&q->lock);
        q->tasks[i].done = 1;
        q->res[q->task_row[i]].pending--;
        q->finished++;
        pthread_cond_signal(&q->done);
        pthread_mutex_unlock(&q->lock);
    }
    flint_cleanup();
    mpfr_free_cache();
    return NULL;
}

static int row_ok(const gdc_row_t *row, const row_result_t *r)
{
    if (r->acc.failures || r->acc.points == 0 || r->mpfr.failures || r->wide.failures)
        return 0;
    if (r->deriv.failures || r->deriv_wide.failures || (!row->fn_arb_jac && !row->no_deriv &&
                                                        !gdc_deriv_missing_allowed(row)))
        return 0;
    for (int j = 0; j < row->ndefchecks; j++)
        if (r->def[j].failures || r->def[j].unresolved)
            return 0;
    return 1;
}

static void fmt_point(char *buf, size_t n, const gdc_row_t *row, const double *x)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < row->nargs && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s=%.17g", i ? " " : "", row->args[i].name, x[i]);
}

static void print_header(void)
{
    printf("%-18s %7s %9s %6s  %-9s %-11s %-22s %-13s %-6s %s\n", "ID", "POINTS", "WORST_ERR", "TARGET",
           "BALL/MPFR", "WIDE", "DEFS", "DERIV", "RESULT", "WORST_AT");
}

/* the DERIV column: "ok jac+hess", "FAIL N", "none" (no_deriv) or "missing" */
static void fmt_deriv(char *buf, size_t n, const gdc_row_t *row, const row_result_t *r)
{
    if (r->deriv.failures || r->deriv_wide.failures)
        snprintf(buf, n, "FAIL %ld", r->deriv.failures + r->deriv_wide.failures);
    else if (row->fn_arb_jac)
        snprintf(buf, n, "ok %s", gdc_deriv_status(row));
    else
        snprintf(buf, n, "%s", gdc_deriv_status(row));
}

static void print_row_text(const gdc_row_t *row, const row_result_t *r)
{
    char mp[32], wide[32], defs[128], where[256], tmp[48], der[32];
    if (r->mpfr.failures)
        snprintf(mp, sizeof mp, "FAIL %ld", r->mpfr.failures);
    else
        snprintf(mp, sizeof mp, "ok %ld", r->mpfr.points);
    if (r->wide.failures)
        snprintf(wide, sizeof wide, "FAIL %ld", r->wide.failures);
    else
        snprintf(wide, sizeof wide, "ok %ld", r->wide.boxes);
    size_t used = 0;
    defs[0] = '\0';
    for (int j = 0; j < row->ndefchecks; j++) {
        const gdc_def_result_t *d = &r->def[j];
        const char *kind = row->defchecks[j].arb ? "quad" : "mc";
        if (d->points == 0)
            snprintf(tmp, sizeof tmp, "%s:skip", kind);
        else if (d->failures || d->unresolved)
            snprintf(tmp, sizeof tmp, "%s:FAIL %ld", kind, d->failures + (d->failures ? 0 : d->unresolved));
        else if (row->defchecks[j].mc)
            snprintf(tmp, sizeof tmp, "%s:ok %.1fsd", kind, d->worst_sigma);
        else
            snprintf(tmp, sizeof tmp, "%s:ok", kind);
        used += (size_t)snprintf(defs + used, sizeof defs - used, "%s%s", j ? "," : "", tmp);
        if (used >= sizeof defs)
            break;
    }
    if (row->ndefchecks == 0)
        snprintf(defs, sizeof defs, "-");
    fmt_point(where, sizeof where, row, r->acc.worst_x);
    size_t wl = strlen(where);
    if (row->nout > 1)
        wl += (size_t)snprintf(where + wl, sizeof where - wl, " out[%d]", r->acc.worst_out);
    snprintf(where + wl, sizeof where - wl, " (%s)",
             r->acc.worst_regime >= 0 ? row->regimes[r->acc.worst_regime].name : "random");
    fmt_deriv(der, sizeof der, row, r);
    printf("%-18s %7ld %9.3g %6g  %-9s %-11s %-22s %-13s %-6s %s\n", row->id, r->acc.points, r->acc.worst_err,
           row->max_err, mp, wide, defs, der, row_ok(row, r) ? "ok" : "FAIL", where);
}

/* one line per failed check, after the table, with the point where it failed */
static void print_failures_text(const gdc_row_t *row, const row_result_t *r)
{
    char where[256];
    if (r->acc.failures) {
        fmt_point(where, sizeof where, row, r->acc.worst_x);
        printf("  %s: accuracy: %ld of %ld points above the target %g; worst %.3g at %s\n", row->id,
               r->acc.failures, r->acc.points, row->max_err, r->acc.worst_err, where);
    }
    if (r->mpfr.failures) {
        fmt_point(where, sizeof where, row, r->mpfr.worst_x);
        printf("  %s: ball/MPFR: %ld of %ld points disagree; first at %s\n", row->id, r->mpfr.failures,
               r->mpfr.points, where);
    }
    if (r->wide.failures) {
        fmt_point(where, sizeof where, row, r->wide.worst_x);
        printf("  %s: wide: %ld of %ld samples outside the box enclosure; first at %s\n", row->id,
               r->wide.failures, r->wide.samples, where);
    }
    for (int w = 0; w < 2; w++) {
        const gdc_deriv_result_t *d = w ? &r->deriv_wide : &r->deriv;
        if (!d->failures)
            continue;
        fmt_point(where, sizeof where, row, d->worst_x);
        printf("  %s: deriv%s: %ld of %ld %s failed; first: %s at %s\n", row->id, w ? " (boxes)" : "", d->failures,
               d->points, w ? "box samples" : "points", d->what, where);
    }
    if (!row->fn_arb_jac && !row->no_deriv && !gdc_deriv_missing_allowed(row))
        printf("  %s: deriv: neither fn_arb_jac nor a no_deriv reason\n", row->id);
    for (int j = 0; j < row->ndefchecks; j++) {
        const gdc_def_result_t *d = &r->def[j];
        if (!d->failures && !d->unresolved)
            continue;
        fmt_point(where, sizeof where, row, d->worst_x);
        printf("  %s: definition check '%s': %ld of %ld points failed (%ld unresolved); first at %s\n", row->id,
               row->defchecks[j].name, d->failures, d->points, d->unresolved, where);
    }
}

static void json_point(const gdc_row_t *row, const double *x)
{
    printf("[");
    for (int i = 0; i < row->nargs; i++) {
        printf("%s", i ? ", " : "");
        gdc_cli_json_double(stdout, x[i]);
    }
    printf("]");
}

static void print_row_json(const gdc_row_t *row, const row_result_t *r)
{
    printf("{\"id\": ");
    gdc_cli_json_str(stdout, row->id);
    printf(", \"ok\": %s, \"accuracy\": {\"points\": %ld, \"failures\": %ld, \"unresolved\": %ld, \"max_err\": ",
           row_ok(row, r) ? "true" : "false", r->acc.points, r->acc.failures, r->acc.unresolved);
    gdc_cli_json_double(stdout, row->max_err);
    printf(", \"worst_err\": ");
    gdc_cli_json_double(stdout, r->acc.worst_err);
    printf(", \"worst_at\": ");
    json_point(row, r->acc.worst_x);
    printf(", \"worst_out\": %d, \"worst_regime\": ", r->acc.worst_out);
    if (r->acc.worst_regime >= 0)
        gdc_cli_json_str(stdout, row->regimes[r->acc.worst_regime].name);
    else
        printf("null");
    printf("}, \"mpfr\": {\"points\": %ld, \"failures\": %ld, \"max_rel_diff\": ", r->mpfr.points,
           r->mpfr.failures);
    gdc_cli_json_double(stdout, r->mpfr.max_rel_diff);
    printf("}, \"wide\": {\"boxes\": %ld, \"samples\": %ld, \"failures\": %ld, \"infinite\": %ld}",
           r->wide.boxes, r->wide.samples, r->wide.failures, r->wide.infinite);
    printf(", \"deriv\": {\"status\": \"%s\", \"points\": %ld, \"entries\": %ld, \"hess_entries\": %ld, "
           "\"failures\": %ld, \"indeterminate\": %ld, \"boxes\": %ld, \"box_samples\": %ld, \"box_failures\": %ld",
           gdc_deriv_status(row), r->deriv.points, r->deriv.entries, r->deriv.hess_entries, r->deriv.failures,
           r->deriv.indeterminate, r->deriv_wide.boxes, r->deriv_wide.points, r->deriv_wide.failures);
    printf(", \"first_failure\": ");
    if (r->deriv.failures || r->deriv_wide.failures)
        gdc_cli_json_str(stdout, r->deriv.failures ? r->deriv.what : r->deriv_wide.what);
    else
        printf("null");
    printf("}, \"defs\": [");
    for (int j = 0; j < row->ndefchecks; j++) {
        const gdc_def_result_t *d = &r->def[j];
        printf("%s{\"name\": ", j ? ", " : "");
        gdc_cli_json_str(stdout, row->defchecks[j].name);
        printf(", \"kind\": \"%s\", \"points\": %ld, \"failures\": %ld, \"unresolved\": %ld, \"worst_sigma\": ",
               row->defchecks[j].arb ? "arb" : "mc", d->points, d->failures, d->unresolved);
        gdc_cli_json_double(stdout, d->worst_sigma);
        printf("}");
    }
    printf("]}");
}

static long default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        n = 2;
    return n > 8 ? 8 : n;
}

/* Builds the task list, runs it on `jobs` threads and prints rows in order as they complete.
 * Returns the number of rows that failed, or -1 if threads could not be started. */
static long run_checks(queue_t *q, long jobs, int json, int progress)
{
    pthread_t th[MAX_JOBS];
    long started = 0, failed = 0;
    size_t printed = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);

    for (; started < jobs; started++)
        if (pthread_create(&th[started], NULL, worker, q) != 0)
            break;
    if (started == 0) {
        fprintf(stderr, "gdcert check: cannot start a worker thread\n");
        return -1;
    }
    if (json)
        printf("{\"seed\": %llu, \"points\": %ld, \"rows\": [", (unsigned long long)q->par.seed, q->par.points);
    else
        print_header();
    fflush(stdout);

    pthread_mutex_lock(&q->lock);
    while (printed < q->nrows) {
        while (printed < q->nrows && q->res[printed].pending == 0) {
            const gdc_row_t *row = q->rows[printed];
            row_result_t *r = &q->res[printed];
            if (progress)
                fprintf(stderr, "\r\033[K");
            if (json) {
                printf("%s\n  ", printed ? "," : "");
                print_row_json(row, r);
            } else {
                print_row_text(row, r);
            }
            fflush(stdout);
            failed += !row_ok(row, r);
            printed++;
        }
        if (printed == q->nrows)
            break;
        if (progress) {
            clock_gettime(CLOCK_MONOTONIC, &t1);
            fprintf(stderr, "\r\033[K[%zu/%zu tasks, %.0fs] %s ...", q->finished, q->ntasks,
                    (double)(t1.tv_sec - t0.tv_sec), q->rows[printed]->id);
        }
        pthread_cond_wait(&q->done, &q->lock);
    }
    pthread_mutex_unlock(&q->lock);
    for (long j = 0; j < started; j++)
        pthread_join(th[j], NULL);
    if (progress)
        fprintf(stderr, "\r\033[K");

    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    if (json) {
        printf("\n], \"failed\": %ld, \"seconds\": %.1f}\n", failed, secs);
    } else {
        for (size_t i = 0; i < q->nrows; i++)
            if (!row_ok(q->rows[i], &q->res[i]))
                print_failures_text(q->rows[i], &q->res[i]);
        if (failed)
            printf("gdcert check: %ld of %zu ids FAILED (seed %llu, %.1f s)\n", failed, q->nrows,
                   (unsigned long long)q->par.seed, secs);
        else
            printf("gdcert check: all %zu ids passed (seed %llu, %.1f s)\n", q->nrows,
                   (unsigned long long)q->par.seed, secs);
    }
    return failed;
}

int gdc_cmd_check(int argc, char **argv)
{
    check_params_t par = {POINTS_DEFAULT, DEF_POINTS_DEFAULT, MC_SAMPLES_DEFAULT, 1};
    long jobs = default_jobs();
    int json = 0, only_ids = 0, r;
    const char *val, *fmt;
    size_t total = gdc_registry_count(), nrows = 0;
    const gdc_row_t **rows = malloc(sizeof *rows * (size_t)(argc + (int)total));

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!only_ids && a[0] == '-') {
            if (gdc_cli_flag(a, "help") || strcmp(a, "-h") == 0) {
                help();
                free(rows);
                return 0;
            } else if (strcmp(a, "--") == 0) {
                only_ids = 1;
                continue;
            } else if ((r = gdc_cli_format("check", argc, argv, &i, "text json", &fmt)) != 0) {
                if (r == 2) {
                    free(rows);
                    return 2;
                }
                json = strcmp(fmt, "json") == 0;
                continue;
            }
            r = gdc_cli_opt_value("check", argc, argv, &i, "points", &val);
            if (r == 1)
                r = 2 * !!gdc_cli_parse_long("check", "--points", val, 1, 100000000, &par.points);
            else if (r == 0 && (r = gdc_cli_opt_value("check", argc, argv, &i, "def-points", &val)) == 1)
                r = 2 * !!gdc_cli_parse_long("check", "--def-points", val, 0, 1000000, &par.def_points);
            else if (r == 0 && (r = gdc_cli_opt_value("check", argc, argv, &i, "mc-samples", &val)) == 1)
                r = 2 * !!gdc_cli_parse_long("check", "--mc-samples", val, 2, 1000000000, &par.mc_samples);
            else if (r == 0 && (r = gdc_cli_opt_value("check", argc, argv, &i, "seed", &val)) == 1)
                r = 2 * !!gdc_cli_parse_u64("check", "--seed", val, &par.seed);
            else if (r == 0 && (r = gdc_cli_opt_value("check", argc, argv, &i, "jobs", &val)) == 1)
                r = 2 * !!gdc_cli_parse_long("check", "--jobs", val, 1, MAX_JOBS, &jobs);
            else if (r == 0)
                r = gdc_cli_bad_option("check", a);
            if (r == 2) {
                free(rows);
                return 2;
            }
            continue;
        }
        const gdc_row_t *row = gdc_registry_find(a);
        if (!row) {
            fprintf(stderr, "gdcert check: unknown id '%s' (see 'gdcert list')\n", a);
            free(rows);
            return 2;
        }
        rows[nrows++] = row;
    }
    if (nrows == 0)
        for (size_t i = 0; i < total; i++)
            rows[nrows++] = gdc_registry_row(i);

    queue_t q;
    memset(&q, 0, sizeof q);
    q.par = par;
    q.rows = rows;
    q.nrows = nrows;
    q.res = calloc(nrows, sizeof *q.res);
    q.tasks = calloc(nrows * (NTASK_FIXED + GDC_MAX_DEFCHECKS), sizeof *q.tasks);
    q.task_row = calloc(nrows * (NTASK_FIXED + GDC_MAX_DEFCHECKS), sizeof *q.task_row);
    /* the slow definition checks first, so that the threads stay busy to the end */
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < nrows; i++) {
            int nt = pass == 0 ? rows[i]->ndefchecks : NTASK_FIXED;
            for (int j = 0; j < nt; j++) {
                task_t *t = &q.tasks[q.ntasks];
                t->row = rows[i];
                t->kind = pass == 0 ? TASK_DEF : j;
                t->which = j;
                if (pass == 0 && par.def_points == 0)
                    continue;
                q.task_row[q.ntasks++] = i;
                q.res[i].pending++;
            }
        }
    }
    atomic_init(&q.next, 0);
    pthread_mutex_init(&q.lock, NULL);
    pthread_cond_init(&q.done, NULL);

    long failed = run_checks(&q, jobs, json, isatty(STDERR_FILENO));

    pthread_mutex_destroy(&q.lock);
    pthread_cond_destroy(&q.done);
    free(q.tasks);
    free(q.task_row);
    free(q.res);
    free(rows);
    flint_cleanup();
    if (failed < 0)
        return 2;
    return failed ? 1 : 0;
}
