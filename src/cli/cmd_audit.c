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

/* the command line of gdcert audit */
typedef struct {
    gdc_audit_opts_t o;
    gdc_fmt_t fmt;
    int timings, coverage, prec_given, maxprec_given;
    const char *report_dir;
    char **paths;
    int npaths;
} audit_args_t;

/* one budget option (--max-boxes, --max-depth, --prec, --max-prec, --time-limit); 0 not one, 1 taken,
 * 2 usage error (already printed) */
static int parse_budget_opt(audit_args_t *a, int argc, char **argv, int *i)
{
    const char *val = NULL;
    long l;
    double d;
    int m;
    gdc_budget_t *b = &a->o.budget;
    if ((m = gdc_cli_opt_value("audit", argc, argv, i, "max-boxes", &val)))
        return m == 2 || gdc_cli_parse_long("audit", "--max-boxes", val, 1, 1000000000L, &l) ? 2
                                                                                          : (b->max_boxes = l, 1);
    if ((m = gdc_cli_opt_value("audit", argc, argv, i, "max-depth", &val)))
        return m == 2 || gdc_cli_parse_long("audit", "--max-depth", val, 1, 100000, &l) ? 2
                                                                                      : (b->max_depth = (int)l, 1);
    /* the precision limits of gdcert prove and verify (a certificate's precision is 16..65536 bits) */
    if ((m = gdc_cli_opt_value("audit", argc, argv, i, "prec", &val)))
        return m == 2 || gdc_cli_parse_long("audit", "--prec", val, 16, 65536, &l) ? 2
                                                                                 : (b->prec = l, a->prec_given = 1);
    if ((m = gdc_cli_opt_value("audit", argc, argv, i, "max-prec", &val)))
        return m == 2 || gdc_cli_parse_long("audit", "--max-prec", val, 16, 65536, &l)
                   ? 2
                   : (b->max_prec = l, a->maxprec_given = 1);
    if ((m = gdc_cli_opt_value("audit", argc, argv, i, "time-limit", &val))) {
        if (m == 2 || gdc_cli_parse_double("audit", "--time-limit", val, &d))
            return 2;
        if (d <= 0) {
            fprintf(stderr, "gdcert audit: --time-limit '%s': expected a positive number of seconds\n", val);
            return 2;
        }
        b->time_limit = d;
        return 1;
    }
    return 0;
}

/* one option or path; 0 on success, 2 usage error (printed), -1 --help */
static int parse_one(audit_args_t *a, int argc, char **argv, int *i)
{
    const char *val = NULL;
    const char *arg = argv[*i];
    long l;
    int m;
    if (gdc_cli_flag(arg, "help") || strcmp(arg, "-h") == 0)
        return -1;
    if ((m = gdc_cli_opt_value("audit", argc, argv, i, "format", &val))) {
        if (m == 2)
            return 2;
        if (gdc_fmt_parse(val, &a->fmt)) {
            fprintf(stderr, "gdcert audit: unknown format '%s' (text, md, tex, csv or json)\n", val);
            return 2;
        }
        return 0;
    }
    if (gdc_cli_flag(arg, "json"))
        a->fmt = GDC_FMT_JSON;
    else if (gdc_cli_flag(arg, "timings"))
        a->timings = 1;
    else if (gdc_cli_flag(arg, "no-timings"))
        a->timings = 0;
    else if (gdc_cli_flag(arg, "coverage"))
        a->coverage = 1;
    else if ((m = gdc_cli_opt_value("audit", argc, argv, i, "write-report", &val)))
        return m == 2 ? 2 : (a->report_dir = val, 0);
    else if ((m = gdc_cli_opt_value("audit", argc, argv, i, "write-certs", &val)))
        return m == 2 ? 2 : (a->o.cert_dir = val, 0);
    else if ((m = gdc_cli_opt_value("audit", argc, argv, i, "jobs", &val)))
        return m == 2 || gdc_cli_parse_long("audit", "--jobs", val, 1, 256, &l) ? 2 : (a->o.jobs = (int)l, 0);
    else if ((m = parse_budget_opt(a, argc, argv, i)))
        return m == 2 ? 2 : 0;
    else if (gdc_cli_is_option(arg))
        return gdc_cli_bad_option("audit", arg);
    else
        a->paths[a->npaths++] = (char *)arg;
    return 0;
}

/* the options that conflict; 0 or 2 (printed) */
static int check_args(audit_args_t *a)
{
    if (a->report_dir && a->o.cert_dir) {
        fprintf(stderr, "gdcert audit: --write-report already writes the certificates (DIR/PAPER/certs); drop --write-certs\n");
        return 2;
    }
    if (a->o.cert_dir && gdc_cli_check_output_dir("audit", "--write-certs", a->o.cert_dir))
        return 2;
    if (a->prec_given && a->maxprec_given && a->o.budget.max_prec < a->o.budget.prec) {
        fprintf(stderr, "gdcert audit: --prec %ld exceeds --max-prec %ld (conflicting options)\n",
                (long)a->o.budget.prec, (long)a->o.budget.max_prec);
        return 2;
    }
    if (a->o.budget.max_prec < a->o.budget.prec)
        a->o.budget.max_prec = a->o.budget.prec;
    if (a->npaths == 0) {
        const char *env = getenv("GDCERT_PROOFS");
        a->paths[a->npaths++] = env && *env ? (char *)env : is_dir("proofs") ? "proofs" : GDC_PROOFS_DIR;
    }
    return 0;
}

/* the paper folders of --write-report, staged in `staging`; 0 or 2 (printed) */
static int prepare_report_dir(audit_args_t *a, const gdc_audit_item_t *items, const gdc_audit_paper_t *papers,
                              int npapers, char *staging, size_t ns)
{
    char err[1200];
    for (int k = 0; k < npapers; k++)
        if (!papers[k].name[0]) {
            fprintf(stderr, "gdcert audit: --write-report: %s is not in a paper folder (a folder with PAPER)\n",
                    items[papers[k].first].path);
            return 2;
        }
    if (gdc_audit_report_dir_prepare(a->report_dir, staging, ns, err, sizeof err)) {
        fprintf(stderr, "gdcert audit: %s\n", err);
        return 2;
    }
    a->o.cert_dir = staging;
    a->o.cert_sub = "/certs";
    return 0;
}

/* decide, write the report folders, print; the exit status */
static int decide_and_report(audit_args_t *a, gdc_audit_item_t *items, int n, gdc_audit_paper_t *papers,
                             int npapers)
{
    char err[1200], staging[1100] = "";
    if (a->report_dir && prepare_report_dir(a, items, papers, npapers, staging, sizeof staging))
        return 2;
    a->o.progress = isatty(STDERR_FILENO);
    double t0 = now_seconds();
    int bad = gdc_audit_run(items, n, &a->o, err, sizeof err) != 0;
    if (!bad && staging[0])
        bad = gdc_audit_write_reports(a->report_dir, staging, items, n, papers, npapers, err, sizeof err) != 0;
    if (staging[0])
        gdc_audit_report_dir_done(staging);
    if (bad) {
        fprintf(stderr, "gdcert audit: %s\n", err);
        return 2;
    }
    gdc_report_opts_t ro = {a->fmt, a->timings >= 0 ? a->timings : a->fmt != GDC_FMT_MD && a->fmt != GDC_FMT_TEX, 0};
    gdc_audit_report(stdout, items, n, papers, npapers, &ro, now_seconds() - t0);
    fflush(stdout);
    int rc = gdc_audit_exit(items, n);
    for (int k = 0; k < n; k++) /* a certificate that could not be written is a failure, not a footnote */
        if (strncmp(items[k].cert, "(cannot", 7) == 0) {
            fprintf(stderr, "gdcert audit: the certificate of %s could not be written\n", items[k].path);
            return 2;
        }
    return rc;
}

/* collect the claim files and papers of the paths; then --coverage or decide; the exit status */
static int audit_paths(audit_args_t *a)
{
    char err[1200];
    gdc_audit_item_t *items = NULL;
    int n = gdc_audit_collect(a->paths, a->npaths, &items, err, sizeof err);
    if (n <= 0) {
        fprintf(stderr, "gdcert audit: %s\n", n < 0 ? err : "no claim files (*.claim) found");
        free(items);
        return 2;
    }
    gdc_audit_preload(items, n);
    gdc_audit_paper_t *papers = NULL;
    int npapers = 0, rc;
    if (gdc_audit_papers(items, n, &papers, &npapers, err, sizeof err)) {
        fprintf(stderr, "gdcert audit: %s\n", err);
        free(items);
        return 2;
    }
    if (a->coverage)
        rc = report_coverage(items, papers, npapers);
    else
        rc = decide_and_report(a, items, n, papers, npapers);
    gdc_audit_papers_free(papers, npapers);
    free(items);
    return rc;
}

int gdc_cmd_audit(int argc, char **argv)
{
    audit_args_t a = {.fmt = GDC_FMT_TEXT, .timings = -1};
    gdc_audit_opts_default(&a.o);
    a.paths = calloc((size_t)argc + 1, sizeof *a.paths);
    if (!a.paths) {
        fprintf(stderr, "gdcert audit: out of memory\n");
        return 2;
    }
    int rc = 0;
    for (int i = 1; i < argc && rc == 0; i++)
        rc = parse_one(&a, argc, argv, &i);
    if (rc < 0)
        help();
    else if (rc == 0 && (rc = check_args(&a)) == 0)
        rc = audit_paths(&a);
    free(a.paths);
    flint_cleanup();
    return rc < 0 ? 0 : rc;
}
