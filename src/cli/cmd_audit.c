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
#include "cli/cli_output.h"
#include "cli/commands.h"

#ifndef GDC_PROOFS_DIR
#define GDC_PROOFS_DIR "proofs"
#endif

static void help(void)
{
    printf("Usage: gdcert audit [OPTION]... [PATH]...\n"
           "Decide every claim file (*.claim) under each PATH (a claim file, a paper folder with a PAPER file,\n"
           "or a tree of paper folders) and print, per paper, the statements of its INDEX in paper order, each\n"
           "with its verdict (CONFIRMED, CONFIRMED ON PART, REFUTED, PROOF STEP FAILS, UNDECIDED, NOT NUMERIC)\n"
           "and its claims beneath (role, verdict, expectation, match, time, reading, witness), then the claims\n"
           "no statement lists and the coverage of the paper's CATALOGUE (see gdcert-audit(1)).\n\n"
           "Without PATH: $GDCERT_PROOFS if set, else ./proofs if it is a folder, else the installed\n"
           "proofs tree (%s).\n\n"
           "  --format F        text (default), md, tex, csv or json (--json: the same as --format json)\n"
           "  --timings         show times in md and tex too (text, csv and json show them by default)\n"
           "  --no-timings      show no times in any format\n"
           "  --coverage        read the claim files and statement indexes only (no deciding) and print the\n"
           "                    catalogue coverage; exit 1 if an item is missing or a claim is unlisted\n"
           "  --jobs N          decide claims in N worker processes (default 1), longest claims first (cost:\n"
           "                    the boxes of the committed report); the output does not depend on N\n"
           "  --write-certs DIR write the certificate of every HOLDS verdict and certified bound to\n"
           "                    DIR/PAPER/NAME.cert (check them with gdcert verify)\n"
           "  --write-report DIR  write per paper DIR/PAPER/report.{txt,md,tex,csv,json} (no timings) and\n"
           "                    DIR/PAPER/certs/NAME.cert; each paper folder appears complete or not at all\n"
           "  --max-boxes N     box budget per claim (default: the prover's default)\n"
           "  --max-depth N     bisection depth budget per claim\n"
           "  --prec N          starting precision in bits\n"
           "  --max-prec N      maximum precision in bits\n"
           "  --time-limit S    also stop each claim after S seconds (makes results depend on the machine;\n"
           "                    by default budgets count boxes only, so audits are reproducible)\n"
           "  --help            display this help and exit\n\n"
           "A claim without `expect` is an open question: listed, never a failure. UNKNOWN never matches.\n"
           "Progress (one line per decided claim) goes to stderr when it is a terminal.\n"
           "Exit status: 0 every verdict matches, 1 a MISMATCH or a claim that could not be decided,\n"
           "2 usage error, a PATH that does not exist, a malformed INDEX or CATALOGUE, or an unwritable\n"
           "--write-report folder.\n",
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

/* --coverage: per paper the statements and catalogue items, without deciding; 1 if an item is missing, a
 * claim is listed by no statement or has no `says` line, or a paper folder has no INDEX or CATALOGUE */
static int report_coverage(const gdc_audit_item_t *items, const gdc_audit_paper_t *papers, int npapers)
{
    int bad = 0;
    for (int k = 0; k < npapers; k++) {
        const gdc_audit_paper_t *p = &papers[k];
        const gdc_index_t *ix = &p->ix;
        if (!p->name[0])
            continue;
        int listed = 0, nc = 0, nn = 0, nm = 0;
        for (int s = 0; s < ix->nst; s++)
            nc += ix->st[s].nclaims;
        for (int i = 0; i < ix->ncat; i++) {
            nn += ix->cat[i].status == GDC_ITEM_NOT_NUMERIC;
            nm += ix->cat[i].status == GDC_ITEM_MISSING;
        }
        printf("%s: %s, %d statements, %d claim files", p->name, ix->has_index ? "INDEX" : "no INDEX", ix->nst,
               p->count);
        if (ix->has_catalogue)
            printf("; %d catalogue items: %d covered, %d not numeric, %d missing\n", ix->ncat, ix->ncat - nn - nm, nn,
                   nm);
        else
            printf("; no CATALOGUE\n");
        bad |= !ix->has_index || !ix->has_catalogue || nm > 0;
        for (int i = 0; i < ix->ncat; i++)
            if (ix->cat[i].status == GDC_ITEM_MISSING)
                printf("  missing %s %s (%s)\n", ix->cat[i].id, ix->cat[i].title, ix->cat[i].by);
        for (int i = p->first; i < p->first + p->count; i++) {
            if (!items[i].parsed) {
                printf("  claim file %s does not parse: %s\n", items[i].path, items[i].detail);
                bad = 1;
            } else if (!items[i].says[0]) {
                printf("  claim %s (%s) has no 'says' line\n", items[i].name, items[i].path);
                bad = 1;
            }
            int found = 0;
            for (int s = 0; s < ix->nst && !found; s++)
                for (int c = 0; c < ix->st[s].nclaims && !found; c++)
                    found = ix->st[s].claims[c].item == i;
            listed += found;
            if (!found && ix->has_index) {
                printf("  unlisted claim %s (%s): no statement of INDEX lists it\n", items[i].name, items[i].path);
                bad = 1;
            }
        }
        (void)listed;
        (void)nc;
    }
    return bad;
}

int gdc_cmd_audit(int argc, char **argv)
{
    gdc_audit_opts_t o;
    gdc_audit_opts_default(&o);
    gdc_fmt_t fmt = GDC_FMT_TEXT;
    int timings = -1, coverage = 0;
    const char *report_dir = NULL;
    char **paths = calloc((size_t)argc + 1, sizeof *paths);
    int npaths = 0;
    if (!paths) {
        fprintf(stderr, "gdcert audit: out of memory\n");
        return 2;
    }
    int rc = 0, prec_given = 0, maxprec_given = 0;
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
            if (m == 2 || gdc_fmt_parse(val, &fmt)) {
                if (m != 2)
                    fprintf(stderr, "gdcert audit: unknown format '%s' (text, md, tex, csv or json)\n", val);
                rc = 2;
            }
        } else if (gdc_cli_flag(argv[i], "json"))
            fmt = GDC_FMT_JSON;
        else if (gdc_cli_flag(argv[i], "timings"))
            timings = 1;
        else if (gdc_cli_flag(argv[i], "no-timings"))
            timings = 0;
        else if (gdc_cli_flag(argv[i], "coverage"))
            coverage = 1;
        else if ((m = gdc_cli_opt_value("audit", argc, argv, &i, "write-report", &val))) {
            if (m == 2)
                rc = 2;
            else
                report_dir = val;
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
            /* the limits of gdcert prove and verify (a certificate's precision is 16..65536 bits) */
            if (m == 2 || gdc_cli_parse_long("audit", "--prec", val, 16, 65536, &l))
                rc = 2;
            else {
                o.budget.prec = l;
                prec_given = 1;
            }
        } else if ((m = gdc_cli_opt_value("audit", argc, argv, &i, "max-prec", &val))) {
            if (m == 2 || gdc_cli_parse_long("audit", "--max-prec", val, 16, 65536, &l))
                rc = 2;
            else {
                o.budget.max_prec = l;
                maxprec_given = 1;
            }
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
    if (rc == 0 && report_dir && o.cert_dir) {
        fprintf(stderr, "gdcert audit: --write-report already writes the certificates (DIR/PAPER/certs); drop --write-certs\n");
        rc = 2;
    }
    if (rc == 0 && o.cert_dir && gdc_cli_check_output_dir("audit", "--write-certs", o.cert_dir))
        rc = 2;
    if (rc == 0 && prec_given && maxprec_given && o.budget.max_prec < o.budget.prec) {
        fprintf(stderr, "gdcert audit: --prec %ld exceeds --max-prec %ld (conflicting options)\n",
                (long)o.budget.prec, (long)o.budget.max_prec);
        rc = 2;
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
    gdc_audit_preload(items, n);
    gdc_audit_paper_t *papers = NULL;
    int npapers = 0;
    if (gdc_audit_papers(items, n, &papers, &npapers, err, sizeof err)) {
        fprintf(stderr, "gdcert audit: %s\n", err);
        free(items);
        return 2;
    }
    gdc_report_opts_t ro = {fmt, timings >= 0 ? timings : fmt != GDC_FMT_MD && fmt != GDC_FMT_TEX, 0};
    if (coverage) {
        rc = report_coverage(items, papers, npapers);
        gdc_audit_papers_free(papers, npapers);
        free(items);
        return rc;
    }
    char staging[1100] = "";
    if (report_dir) {
        for (int k = 0; k < npapers; k++)
            if (!papers[k].name[0]) {
                fprintf(stderr, "gdcert audit: --write-report: %s is not in a paper folder (a folder with PAPER)\n",
                        items[papers[k].first].path);
                gdc_audit_papers_free(papers, npapers);
                free(items);
                return 2;
            }
        if (gdc_audit_report_dir_prepare(report_dir, staging, sizeof staging, err, sizeof err)) {
            fprintf(stderr, "gdcert audit: %s\n", err);
            gdc_audit_papers_free(papers, npapers);
            free(items);
            return 2;
        }
        o.cert_dir = staging;
        o.cert_sub = "/certs";
    }
    o.progress = isatty(STDERR_FILENO);
    double t0 = now_seconds();
    if (gdc_audit_run(items, n, &o, err, sizeof err)) {
        fprintf(stderr, "gdcert audit: %s\n", err);
        if (staging[0])
            gdc_audit_report_dir_done(staging);
        gdc_audit_papers_free(papers, npapers);
        free(items);
        return 2;
    }
    if (staging[0]) {
        int wr = gdc_audit_write_reports(report_dir, staging, items, n, papers, npapers, err, sizeof err);
        gdc_audit_report_dir_done(staging);
        if (wr) {
            fprintf(stderr, "gdcert audit: %s\n", err);
            gdc_audit_papers_free(papers, npapers);
            free(items);
            return 2;
        }
    }
    gdc_audit_report(stdout, items, n, papers, npapers, &ro, now_seconds() - t0);
    fflush(stdout);
    rc = gdc_audit_exit(items, n);
    for (int k = 0; k < n; k++) /* a certificate that could not be written is a failure, not a footnote */
        if (strncmp(items[k].cert, "(cannot", 7) == 0) {
            fprintf(stderr, "gdcert audit: the certificate of %s could not be written\n", items[k].path);
            rc = 2;
            break;
        }
    gdc_audit_papers_free(papers, npapers);
    free(items);
    flint_cleanup();
    return rc;
}
