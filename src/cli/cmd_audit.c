/* gdcert audit: decide every claim file of a proofs/ tree (or of the given paths) and report, paper by
 * paper, each statement's label, its reading, the certified verdict, the expectation and whether they
 * match (issue 4, section 1). Exit 0 iff every verdict matches its expectation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "audit/audit.h"
#include "cli/cli_util.h"
#include "cli/commands.h"

#ifndef GDC_PROOFS_DIR
#define GDC_PROOFS_DIR "proofs"
#endif

static void help(void)
{
    printf("Usage: gdcert audit [OPTION]... [PATH]...\n"
           "Decide every claim file (*.claim) under each PATH (a claim file, a paper folder with a PAPER file,\n"
           "or a tree of paper folders) and print, per paper, the paper's statement label, the claim, its\n"
           "reading (`says`), the verdict (HOLDS, FAILS with the witness, UNKNOWN, or the certified enclosure\n"
           "of a bound), the expectation (`expect`), match or MISMATCH, and the time.\n\n"
           "Without PATH: $GDCERT_PROOFS if set, else ./proofs if it is a folder, else the installed\n"
           "proofs tree (%s).\n\n"
           "  --format F        text (default), md or json\n"
           "  --jobs N          decide claims in N worker processes (default 1); output order is stable\n"
           "  --write-certs DIR write the certificate of every HOLDS verdict and certified bound to\n"
           "                    DIR/PAPER/NAME.cert (check them with gdcert verify)\n"
           "  --max-boxes N     box budget per claim (default: the prover's default)\n"
           "  --max-depth N     bisection depth budget per claim\n"
           "  --prec N          starting precision in bits\n"
           "  --max-prec N      maximum precision in bits\n"
           "  --time-limit S    also stop each claim after S seconds (makes results depend on the machine;\n"
           "                    by default budgets count boxes only, so audits are reproducible)\n"
           "  --help            display this help and exit\n\n"
           "A claim without `expect` is an open question: listed, never a failure. UNKNOWN never matches.\n"
           "Exit status: 0 every verdict matches, 1 a MISMATCH or a claim that could not be decided,\n"
           "2 usage error or a PATH that does not exist.\n",
           GDC_PROOFS_DIR);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

int gdc_cmd_audit(int argc, char **argv)
{
    gdc_audit_opts_t o;
    gdc_audit_opts_default(&o);
    gdc_fmt_t fmt = GDC_FMT_TEXT;
    char **paths = calloc((size_t)argc + 1, sizeof *paths);
    int npaths = 0;
    if (!paths) {
        fprintf(stderr, "gdcert audit: out of memory\n");
        return 2;
    }
    int rc = 0;
    for (int i = 1; i < argc && rc == 0; i++) {
        const char *val = NULL;
        int m;
        long l;
        double d;
        if (gdc_cli_flag(argv[i], "help") || strcmp(argv[i], "-h") == 0) {
            help();
            free(paths);
            return 0;
        } else if ((m = gdc_cli_opt_value("audit", argc, argv, &i, "format", &val))) {
            if (m == 2 || gdc_fmt_parse(val, &fmt) || fmt == GDC_FMT_CSV || fmt == GDC_FMT_TEX) {
                if (m != 2)
                    fprintf(stderr, "gdcert audit: unknown format '%s' (text, md or json)\n", val);
                rc = 2;
            }
        } else if ((m = gdc_cli_opt_value("audit", argc, argv, &i, "jobs", &val))) {
            if (m == 2 || gdc_cli_parse_long("audit", "--jobs", val, 1, 256, &l))
                rc = 2;
            else
                o.jobs = (int)l;
        } else if ((m = gdc_cli_opt_value("audit", argc, argv, &i, "write-certs", &val))) {
            if (m == 2)
                rc = 2;
            else
                o.cert_dir = val;
        } else if ((m = gdc_cli_opt_value("audit", argc, argv, &i, "max-boxes", &val))) {
            if (m == 2 || gdc_cli_parse_long("audit", "--max-boxes", val, 1, 1000000000L, &l))
                rc = 2;
            else
                o.budget.max_boxes = l;
        } else if ((m = gdc_cli_opt_value("audit", argc, argv, &i, "max-depth", &val))) {
            if (m == 2 || gdc_cli_parse_long("audit", "--max-depth", val, 1, 100000, &l))
                rc = 2;
            else
                o.budget.max_depth = (int)l;
        } else if ((m = gdc_cli_opt_value("audit", argc, argv, &i, "prec", &val))) {
            if (m == 2 || gdc_cli_parse_long("audit", "--prec", val, 16, 1000000, &l))
                rc = 2;
            else
                o.budget.prec = l;
        } else if ((m = gdc_cli_opt_value("audit", argc, argv, &i, "max-prec", &val))) {
            if (m == 2 || gdc_cli_parse_long("audit", "--max-prec", val, 16, 1000000, &l))
                rc = 2;
            else
                o.budget.max_prec = l;
        } else if ((m = gdc_cli_opt_value("audit", argc, argv, &i, "time-limit", &val))) {
            if (m == 2 || gdc_cli_parse_double("audit", "--time-limit", val, &d))
                rc = 2;
            else if (d <= 0) {
                fprintf(stderr, "gdcert audit: --time-limit '%s': expected a positive number of seconds\n", val);
                rc = 2;
            } else
                o.budget.time_limit = d;
        } else if (gdc_cli_is_option(argv[i]))
            rc = gdc_cli_bad_option("audit", argv[i]);
        else
            paths[npaths++] = argv[i];
    }
    if (rc) {
        free(paths);
        return rc;
    }
    if (o.budget.max_prec < o.budget.prec)
        o.budget.max_prec = o.budget.prec;
    if (npaths == 0) {
        const char *env = getenv("GDCERT_PROOFS");
        if (env && *env)
            paths[npaths++] = (char *)env;
        else if (is_dir("proofs"))
            paths[npaths++] = "proofs";
        else
            paths[npaths++] = GDC_PROOFS_DIR;
    }
    char err[1200];
    gdc_audit_item_t *items = NULL;
    int n = gdc_audit_collect(paths, npaths, &items, err, sizeof err);
    free(paths);
    if (n < 0) {
        fprintf(stderr, "gdcert audit: %s\n", err);
        return 2;
    }
    if (n == 0) {
        fprintf(stderr, "gdcert audit: no claim files (*.claim) found\n");
        free(items);
        return 2;
    }
    if (isatty(STDERR_FILENO))
        fprintf(stderr, "gdcert audit: deciding %d claim%s with %d worker%s...\n", n, n == 1 ? "" : "s", o.jobs,
                o.jobs == 1 ? "" : "s");
    double t0 = now_seconds();
    if (gdc_audit_run(items, n, &o, err, sizeof err)) {
        fprintf(stderr, "gdcert audit: %s\n", err);
        free(items);
        return 2;
    }
    gdc_audit_report(stdout, items, n, fmt, now_seconds() - t0);
    fflush(stdout);
    rc = gdc_audit_exit(items, n);
    free(items);
    flint_cleanup();
    return rc;
}
