/* gdcert table: certify a parameter sweep given by a table spec (a claim file with `param` and `column`
 * lines) and print it so that every printed digit is certified (issue 4, section 2). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "audit/audit.h"
#include "cli/cli_util.h"
#include "cli/cli_output.h"
#include "cli/commands.h"

static void help(void)
{
    printf("Usage: gdcert table [OPTION]... SPEC\n"
           "Certify every row of the table spec SPEC and print the table. A spec is a claim file (claim,\n"
           "source, says, let, var, assume) without a goal, plus\n"
           "  param NAME in {EXPR, EXPR, ...}          one row per value (exact constants; several params give\n"
           "                                           their cartesian product, the last varying fastest)\n"
           "  param NAME from A to B                   one row per integer A, A+1, ..., B (at most 512)\n"
           "  column NAME = EXPR                       enclosure of a constant expression of the params and of\n"
           "                                           earlier columns (over their certified enclosures)\n"
           "  column NAME = bound min|max EXPR [tol T] certified enclosure of the min/max over the vars\n"
           "  column NAME = prove EXPR OP EXPR         the prover's verdict (HOLDS, FAILS, UNKNOWN)\n\n"
           "Enclosures are printed so that every digit is certified: 0.22682[1,5] means the value lies in\n"
           "[0.226821, 0.226825]; [lo, hi] is an enclosure rounded outward.\n\n"
           "  --format F      md (default; text is the same), csv, tex or json (csv adds certified NAME_lo,\n"
           "                  NAME_hi columns); --json: the same as --format json\n"
           "  --output FILE   write the table to FILE instead of standard output; repeatable (at most 4), the\n"
           "                  format of each FILE follows its extension (.md .csv .tex .json) unless\n"
           "                  --format is given, so one certification can write several formats\n"
           "  --max-boxes N   box budget per cell (default: the prover's default)\n"
           "  --max-depth N   bisection depth budget per cell\n"
           "  --help          display this help and exit\n\n"
           "The output depends only on SPEC and the budget (no timings), so it is reproducible.\n"
           "Exit status: 0 every cell certified, 1 some cell undecided, 2 usage, input or spec error.\n");
}

/* the command line of gdcert table */
typedef struct {
    gdc_budget_t b;
    gdc_fmt_t fmt;
    const char *spec, *outs[4];
    int nout, fmt_given;
} table_args_t;

/* one option or the spec; 0 on success, 2 usage error (printed), -1 --help */
static int parse_one(table_args_t *a, int argc, char **argv, int *i)
{
    const char *val = NULL;
    int m;
    long l;
    if (gdc_cli_flag(argv[*i], "help") || strcmp(argv[*i], "-h") == 0)
        return -1;
    if ((m = gdc_cli_format("table", argc, argv, i, "text md csv tex json", &val))) {
        if (m == 2)
            return 2;
        a->fmt_given = 1;
        if (gdc_fmt_parse(val, &a->fmt) || a->fmt == GDC_FMT_TEXT)
            a->fmt = GDC_FMT_MD; /* text: the Markdown table */
    } else if ((m = gdc_cli_opt_value("table", argc, argv, i, "output", &val))) {
        if (m == 2)
            return 2;
        if (a->nout == 4) {
            fprintf(stderr, "gdcert table: expected at most 4 --output files\n");
            return 2;
        }
        a->outs[a->nout++] = val;
    } else if ((m = gdc_cli_opt_value("table", argc, argv, i, "max-boxes", &val)))
        return m == 2 || gdc_cli_parse_long("table", "--max-boxes", val, 1, 1000000000L, &l) ? 2
                                                                                           : (a->b.max_boxes = l, 0);
    else if ((m = gdc_cli_opt_value("table", argc, argv, i, "max-depth", &val)))
        return m == 2 || gdc_cli_parse_long("table", "--max-depth", val, 1, 100000, &l) ? 2
                                                                                      : (a->b.max_depth = (int)l, 0);
    else if (gdc_cli_is_option(argv[*i]))
        return gdc_cli_bad_option("table", argv[*i]);
    else if (a->spec) {
        fprintf(stderr, "gdcert table: expected one SPEC, got a second one '%s'\n", argv[*i]);
        return 2;
    } else
        a->spec = argv[*i];
    return 0;
}

/* the format of output file `out`: --format if given, else its extension (md where none is known) */
static gdc_fmt_t output_format(const table_args_t *a, const char *out)
{
    gdc_fmt_t ff = a->fmt;
    if (out && !a->fmt_given) {
        const char *dot = strrchr(out, '.');
        if (!dot || gdc_fmt_parse(dot + 1, &ff) || ff == GDC_FMT_TEXT)
            ff = GDC_FMT_MD;
    }
    return ff;
}

/* print the table to every --output file (all or none are written) or to stdout; 0 or 2 (printed) */
static int write_outputs(const table_args_t *a, const gdc_table_spec_t *s, const gdc_table_t *t)
{
    int werr = 0, nopen = 0;
    gdc_cli_out_t files[4];
    for (int o = 0; o < (a->nout ? a->nout : 1) && !werr; o++) {
        const char *out = a->nout ? a->outs[o] : NULL;
        FILE *f = stdout;
        if (out) {
            if (gdc_cli_out_open("table", &files[nopen], out)) {
                werr = 2;
                break;
            }
            f = files[nopen++].f;
        }
        gdc_table_print(f, s, t, output_format(a, out));
        if (out)
            fflush(f);
        else if (ferror(f) || fflush(f) != 0)
            werr = 1;
    }
    /* every --output file or none */
    if (nopen && gdc_cli_out_commit("table", files, nopen, !werr))
        werr = 2;
    if (werr == 1)
        fprintf(stderr, "gdcert table: error writing the table to standard output\n");
    return werr ? 2 : 0;
}

int gdc_cmd_table(int argc, char **argv)
{
    table_args_t a = {.fmt = GDC_FMT_MD};
    gdc_budget_default(&a.b);
    a.b.time_limit = 0;
    a.b.progress = NULL;
    for (int i = 1; i < argc; i++) {
        int m = parse_one(&a, argc, argv, &i);
        if (m < 0)
            help();
        if (m)
            return m < 0 ? 0 : m;
    }
    if (!a.spec) {
        fprintf(stderr, "gdcert table: missing SPEC (try 'gdcert table --help')\n");
        return 2;
    }
    for (int o = 0; o < a.nout; o++) /* every output checked before the work */
        if (gdc_cli_check_output("table", a.outs[o]))
            return 2;
    char err[1200];
    gdc_table_spec_t s;
    if (gdc_table_spec_load(&s, a.spec, err, sizeof err)) {
        fprintf(stderr, "gdcert table: %s\n", err);
        gdc_table_spec_clear(&s);
        return 2;
    }
    gdc_table_t t;
    int rc = gdc_table_run(&s, &a.b, &t, err, sizeof err);
    if (rc < 0)
        fprintf(stderr, "gdcert table: %s\n", err);
    else if (write_outputs(&a, &s, &t))
        rc = 2;
    else if (rc == 1)
        fprintf(stderr, "gdcert table: some cells could not be certified within the budget\n");
    gdc_table_clear(&t);
    gdc_table_spec_clear(&s);
    flint_cleanup();
    return rc < 0 ? 2 : rc;
}
