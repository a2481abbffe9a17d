/* gdcert eval: one closed form at one point, in double, as a rigorous Arb ball and in MPFR, with the
 * double's error in the measure of src/core/xcheck.h (|double - exact| / max(ulp(exact), Delta)). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/registry.h"
#include "core/xcheck.h"
#include "cli/cli_util.h"
#include "cli/commands.h"

#define PREC_DEFAULT 128
#define PREC_MIN 16
#define PREC_MAX 65536

static void help(void)
{
    printf("Usage: gdcert eval [--prec BITS] [--json] ID ARG...\n"
           "Evaluate the closed form ID at the double values ARG... (one per argument, parsed with strtod;\n"
           "hexadecimal floats such as 0x1.921fb54442d18p+1 are exact). For each output print the double\n"
           "kernel's value, a rigorous Arb ball and the MPFR value at exactly those double inputs, and the\n"
           "error of the double value: |double - exact| / max(ulp(exact), Delta), Delta being the largest\n"
           "change of the exact value when one input moves by one ulp.\n\n"
           "  --prec BITS  precision of the Arb ball (relative accuracy goal; the working precision is raised\n"
           "               until it is met, up to 8*BITS) and of the MPFR value; default %d, range [%d, %d]\n"
           "  --format F   text (default) or json: one JSON object {\"id\", \"args\", \"outputs\": [{\"double\",\n"
           "               \"ball_mid\", \"ball_rad\", \"mpfr\", \"error\"}]}; non-finite numbers are written as\n"
           "               null; --json: the same as --format json\n"
           "  --help       display this help and exit\n\n"
           "Arguments must be finite and inside the domain shown by 'gdcert list'; otherwise exit status 2.\n",
           PREC_DEFAULT, PREC_MIN, PREC_MAX);
}

/* Splits arb_get_str output ("[m +/- r]", "[+/- r]", "m", "nan") into decimal midpoint and radius. */
static void ball_strings(const arb_t b, slong digits, char **mid, char **rad)
{
    char *s = arb_get_str(b, digits, ARB_STR_MORE);
    size_t n = strlen(s);
    *mid = malloc(n + 2);
    *rad = malloc(n + 4);
    if (s[0] == '[' && n >= 2) {
        char *body = s + 1;
        s[n - 1] = '\0';
        char *pm = strstr(body, "+/- ");
        if (pm) {
            char *m_end = pm;
            while (m_end > body && m_end[-1] == ' ')
                m_end--;
            *m_end = '\0';
            strcpy(*mid, *body ? body : "0");
            strcpy(*rad, pm + 4);
        } else {
            strcpy(*mid, body);
            strcpy(*rad, "0");
        }
    } else {
        strcpy(*mid, s);
        strcpy(*rad, strcmp(s, "nan") == 0 ? "inf" : "0");
    }
    flint_free(s);
}

typedef struct {
    double y[GDC_MAX_OUT], err[GDC_MAX_OUT];
    int unresolved;           /* Arb did not reach the accuracy the error measure needs */
    int goal_missed;          /* the printed ball did not reach BITS bits of relative accuracy */
    char *mid[GDC_MAX_OUT], *rad[GDC_MAX_OUT], *mpfr[GDC_MAX_OUT];
} eval_out_t;

static void evaluate(const gdc_row_t *row, const double *x, long prec, eval_out_t *e)
{
    slong digits = (slong)(prec * 0.30102999566398120) + 2;
    arb_ptr ball = _arb_vec_init(row->nout);
    mpfr_t xm[GDC_MAX_ARGS], ym[GDC_MAX_OUT];

    row->fn_double(e->y, x);
    e->unresolved = gdc_double_error(row, x, e->y, e->err, NULL);

    long max_prec = 8 * prec < 4096 ? 4096 : 8 * prec;
    e->goal_missed = gdc_eval_arb_goal(row, ball, x, prec, max_prec);

    for (int i = 0; i < row->nargs; i++) {
        mpfr_init2(xm[i], 53);
        mpfr_set_d(xm[i], x[i], MPFR_RNDN); /* exact */
    }
    for (int k = 0; k < row->nout; k++)
        mpfr_init2(ym[k], prec);
    row->fn_mpfr(ym[0], xm[0]);

    for (int k = 0; k < row->nout; k++) {
        ball_strings(ball + k, digits, &e->mid[k], &e->rad[k]);
        if (mpfr_asprintf(&e->mpfr[k], "%.*Re", (int)digits - 1, ym[k]) < 0)
            e->mpfr[k] = NULL;
        mpfr_clear(ym[k]);
    }
    for (int i = 0; i < row->nargs; i++)
        mpfr_clear(xm[i]);
    _arb_vec_clear(ball, row->nout);
    mpfr_free_cache();
}

static void eval_out_clear(const gdc_row_t *row, eval_out_t *e)
{
    for (int k = 0; k < row->nout; k++) {
        free(e->mid[k]);
        free(e->rad[k]);
        if (e->mpfr[k])
            mpfr_free_str(e->mpfr[k]);
    }
}

static void print_json(const gdc_row_t *row, const double *x, const eval_out_t *e)
{
    printf("{\"id\": ");
    gdc_cli_json_str(stdout, row->id);
    printf(", \"args\": [");
    for (int i = 0; i < row->nargs; i++) {
        printf("%s", i ? ", " : "");
        gdc_cli_json_double(stdout, x[i]);
    }
    printf("], \"outputs\": [");
    for (int k = 0; k < row->nout; k++) {
        printf("%s{\"double\": ", k ? ", " : "");
        gdc_cli_json_double(stdout, e->y[k]);
        printf(", \"ball_mid\": ");
        gdc_cli_json_str(stdout, e->mid[k]);
        printf(", \"ball_rad\": ");
        gdc_cli_json_str(stdout, e->rad[k]);
        printf(", \"mpfr\": ");
        gdc_cli_json_str(stdout, e->mpfr[k] ? e->mpfr[k] : "");
        printf(", \"error\": ");
        if (isfinite(e->err[k]))
            printf("%.6g", e->err[k]);
        else
            printf("null");
        printf("}");
    }
    printf("]}\n");
}

static void print_text(const gdc_row_t *row, const double *x, long prec, const eval_out_t *e)
{
    printf("%s(", row->id);
    for (int i = 0; i < row->nargs; i++)
        printf("%s%s = %.17g", i ? ", " : "", row->args[i].name, x[i]);
    printf(")\n");
    for (int k = 0; k < row->nout; k++) {
        printf("out[%d]  %s\n", k, row->outputs[k]);
        printf("  double  %.17g\n", e->y[k]);
        if (strcmp(e->rad[k], "0") == 0)
            printf("  arb     %s  (exact)\n", e->mid[k]);
        else
            printf("  arb     [%s +/- %s]%s\n", e->mid[k], e->rad[k],
                   e->goal_missed ? "  (accuracy goal not reached)" : "");
        printf("  mpfr    %s  (%ld bits)\n", e->mpfr[k] ? e->mpfr[k] : "?", prec);
        if (isinf(e->y[k]) && e->err[k] == 0)
            printf("  error   0  (overflow: the exact value lies beyond the double range, and %s is its correctly "
                   "rounded double)\n", e->y[k] > 0 ? "inf" : "-inf");
        else
            printf("  error   %.3g  (target %g%s)\n", e->err[k], row->max_err,
                   e->unresolved ? "; upper bound, Arb did not reach full accuracy" : "");
    }
}

int gdc_cmd_eval(int argc, char **argv)
{
    int json = 0, r;
    long prec = PREC_DEFAULT;
    const char *val, *fmt;
    const char *pos[GDC_MAX_ARGS + 2];
    int npos = 0, only_pos = 0;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!only_pos && gdc_cli_is_option(a)) {
            if (gdc_cli_flag(a, "help") || strcmp(a, "-h") == 0) {
                help();
                return 0;
            } else if ((r = gdc_cli_format("eval", argc, argv, &i, "text json", &fmt)) != 0) {
                if (r == 2)
                    return 2;
                json = strcmp(fmt, "json") == 0;
            } else if (strcmp(a, "--") == 0) {
                only_pos = 1;
            } else if ((r = gdc_cli_opt_value("eval", argc, argv, &i, "prec", &val)) != 0) {
                if (r == 2 || gdc_cli_parse_long("eval", "--prec", val, PREC_MIN, PREC_MAX, &prec))
                    return 2;
            } else {
                return gdc_cli_bad_option("eval", a);
            }
            continue;
        }
        if (npos < GDC_MAX_ARGS + 1) /* extra arguments are only counted */
            pos[npos] = a;
        npos++;
    }
    if (npos == 0) {
        fprintf(stderr, "gdcert eval: missing ID (try 'gdcert eval --help')\n");
        return 2;
    }
    const gdc_row_t *row = gdc_registry_find(pos[0]);
    if (!row) {
        fprintf(stderr, "gdcert eval: unknown id '%s' (see 'gdcert list')\n", pos[0]);
        return 2;
    }
    if (npos - 1 != row->nargs) {
        fprintf(stderr, "gdcert eval: %s takes %d argument%s (", row->id, row->nargs, row->nargs == 1 ? "" : "s");
        for (int i = 0; i < row->nargs; i++)
            fprintf(stderr, "%s%s", i ? ", " : "", row->args[i].name);
        fprintf(stderr, "), got %d\n", npos - 1);
        return 2;
    }
    double x[GDC_MAX_ARGS];
    for (int i = 0; i < row->nargs; i++) {
        char what[64];
        snprintf(what, sizeof what, "argument %s", row->args[i].name);
        if (gdc_cli_parse_double("eval", what, pos[i + 1], &x[i]))
            return 2;
        if (row->args[i].integer && x[i] != floor(x[i])) {
            fprintf(stderr, "gdcert eval: argument %s = %s is not an integer\n", row->args[i].name, pos[i + 1]);
            return 2;
        }
        if (!gdc_arg_contains(&row->args[i], x[i])) {
            char dom[96];
            gdc_arg_domain_str(dom, sizeof dom, &row->args[i]);
            fprintf(stderr, "gdcert eval: argument %s = %s is outside its domain %s\n", row->args[i].name,
                    pos[i + 1], dom);
            return 2;
        }
    }

    eval_out_t e;
    memset(&e, 0, sizeof e);
    evaluate(row, x, prec, &e);
    if (json)
        print_json(row, x, &e);
    else
        print_text(row, x, prec, &e);
    eval_out_clear(row, &e);
    flint_cleanup();
    return 0;
}
