/* gdcert prove: decide a claim file (HOLDS with a certificate checked by the independent checker, FAILS
 * with a certified witness, UNKNOWN with the undecided boxes; bound goals: a certified enclosure). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli_util.h"
#include "cli/cli_output.h"
#include "cli/commands.h"
#include "audit/audit.h"
#include "prove/prove.h"

static void usage(void)
{
    printf("Usage: gdcert prove [OPTION]... CLAIM\n"
           "Decide the claim file CLAIM (see gdcert-claim(5)) by certified branch and bound with Arb.\n\n"
           "  --max-boxes N     boxes to evaluate at most (default 200000)\n"
           "  --max-depth N     bisection depth at most (default 2000, at most 4000)\n"
           "  --time-limit SEC  seconds at most (default 60; 0: none)\n"
           "  --prec BITS       starting working precision (default 64)\n"
           "  --max-prec BITS   maximum working precision (default 1024)\n"
           "  --plain-only      plain interval bisection only (no mean-value or monotone forms)\n"
           "  --cert FILE       write the certificate to FILE (HOLDS, or a bound's certified end)\n"
           "  --format F        text (default) or json (one JSON object); --json: --format json\n"
           "  --quiet           print only the verdict line\n"
           "  --help            display this help and exit\n\n"
           "Without --cert the certificate is still built and re-checked by the independent checker, but not\n"
           "written. Verdicts: HOLDS, FAILS (with a witness point), UNKNOWN (budget ran out), and for bound\n"
           "goals BOUND [lo, hi] with whether the tolerance was met.\n"
           "Exit status: 0 HOLDS or bound within tol, 1 FAILS, 3 UNKNOWN or bound not within tol,\n"
           "2 usage or parse error.\n");
}

static void print_progress(void *data, const gdc_progress_t *p)
{
    (void)data;
    fprintf(stderr, "\r  boxes %ld  live %ld  undecided volume %.3g  depth %d  %.1f s\033[K", p->boxes, p->undecided,
            p->undecided_frac, p->depth, p->seconds);
    fflush(stderr);
}

static char *ball_str(const arb_t x)
{
    return arb_get_str(x, 17, 0);
}

/* a box dimension as the interval [lo, hi], ends rounded outward to 17 digits (a wide ball printed as a
 * ball loses its digits: "[+/- 17.6]" for [2, 33]) */
static char *interval_str(const arb_t x)
{
    arf_t e;
    arf_init(e);
    char lo[64], hi[64], buf[140];
    arb_get_lbound_arf(e, x, ARF_PREC_EXACT);
    gdc_fmt_round(lo, sizeof lo, e, 17, -1);
    arb_get_ubound_arf(e, x, ARF_PREC_EXACT);
    gdc_fmt_round(hi, sizeof hi, e, 17, 1);
    arf_clear(e);
    snprintf(buf, sizeof buf, "[%s, %s]", lo, hi);
    char *out = flint_malloc(strlen(buf) + 1);
    strcpy(out, buf);
    return out;
}

static char *point_str(const arb_t x)
{
    return arb_get_str(x, 17, ARB_STR_NO_RADIUS);
}

static void print_point(FILE *f, const gdc_claim_t *c, const gdc_result_t *r)
{
    for (int i = 0; i < c->nvars; i++) {
        if (c->vars[i].integer && arb_is_exact(r->point + i) && arf_is_int(arb_midref(r->point + i))) {
            fmpz_t z; /* an integer variable: the integer itself */
            fmpz_init(z);
            arf_get_fmpz(z, arb_midref(r->point + i), ARF_RND_DOWN);
            char *zs = fmpz_get_str(NULL, 10, z);
            fprintf(f, "%s%s = %s", i ? ", " : "", c->vars[i].name, zs);
            flint_free(zs);
            fmpz_clear(z);
            continue;
        }
        char *d = gdc_dyadic_str(arb_midref(r->point + i));
        char *s = point_str(r->point + i);
        fprintf(f, "%s%s = %s (exactly %s)", i ? ", " : "", c->vars[i].name, s, d ? d : "?");
        flint_free(s);
        free(d);
    }
}

static const char *expect_text(const gdc_claim_t *c, const gdc_result_t *r)
{
    if (c->expect == GDC_EXPECT_NONE || r->expect_ok < 0)
        return NULL;
    return r->expect_ok ? "consistent" : "NOT consistent";
}

static void json_ball(const char *key, const arb_t x, int comma)
{
    char *s = ball_str(x);
    printf("\"%s\":", key);
    gdc_cli_json_str(stdout, s);
    if (comma)
        printf(",");
    flint_free(s);
}

/* a bound's end: the decimal rounded outward (dir < 0 down, > 0 up) to 17 digits, and the exact dyadic */
static void json_arf(const char *key, const arf_t x, int dir)
{
    char s[64];
    gdc_fmt_round(s, sizeof s, x, 17, dir);
    char *d = gdc_dyadic_str(x);
    printf("\"%s\":", key);
    gdc_cli_json_str(stdout, s);
    printf(",\"%s_exact\":", key);
    gdc_cli_json_str(stdout, d ? d : "");
    printf(",");
    free(d);
}

static void print_json(const gdc_claim_t *c, const gdc_result_t *r, const char *certmsg, int cert_ok, size_t cert_bytes,
                       const char *cert_file)
{
    printf("{\"claim\":");
    gdc_cli_json_str(stdout, c->name);
    printf(",\"file\":");
    gdc_cli_json_str(stdout, c->file);
    printf(",\"verdict\":");
    gdc_cli_json_str(stdout, gdc_verdict_name(r->verdict));
    printf(",\"exit\":%d,\"boxes\":%ld,\"max_depth\":%d,\"seconds\":", gdc_verdict_exit(r->verdict), r->boxes, r->max_depth);
    gdc_cli_json_double(stdout, r->seconds);
    printf(",\"prec\":%ld,\"max_prec_used\":%ld", (long)r->prec, (long)r->max_prec_used);
    printf(",\"leaves\":{\"interval\":%ld,\"meanvalue\":%ld,\"monotone\":%ld,\"excluded\":%ld,"
           "\"second_order\":%ld,\"boundary\":%ld}",
           r->leaves[GDC_LEAF_INTERVAL], r->leaves[GDC_LEAF_MEANVALUE], r->leaves[GDC_LEAF_MONOTONE],
           r->leaves[GDC_LEAF_EXCLUDED], r->leaves[GDC_LEAF_TAYLOR], r->leaves[GDC_LEAF_BOUNDARY]);
    if (r->verdict == GDC_ERROR) {
        printf(",\"error\":");
        gdc_cli_json_str(stdout, r->message);
    }
    if (r->has_point && (r->verdict == GDC_FAILS || c->goal_kind != GDC_GOAL_PROVE)) {
        printf(",\"point\":{");
        for (int i = 0; i < c->nvars; i++) {
            char *d = gdc_dyadic_str(arb_midref(r->point + i));
            char *s = point_str(r->point + i);
            printf("%s", i ? "," : "");
            gdc_cli_json_str(stdout, c->vars[i].name);
            printf(":{\"value\":");
            gdc_cli_json_str(stdout, s);
            printf(",\"exact\":");
            gdc_cli_json_str(stdout, d ? d : "");
            printf("}");
            free(d);
            flint_free(s);
        }
        printf("},\"at_point\":{");
        if (c->goal_kind == GDC_GOAL_PROVE) {
            json_ball("lhs", r->point_lhs, 1);
            json_ball("rhs", r->point_rhs, 1);
        }
        json_ball("goal_value", r->point_value, 0);
        printf(",\"assumptions\":[");
        for (int k = 0; k < c->nassumes; k++) {
            char *s = ball_str(r->point_assume + k);
            printf("%s", k ? "," : "");
            gdc_cli_json_str(stdout, s);
            flint_free(s);
        }
        printf("]}");
    }
    if (r->verdict == GDC_UNKNOWN || r->verdict == GDC_BOUND_NOT_MET) {
        printf(",\"undecided\":%ld,\"undecided_volume_fraction\":", r->undecided);
        gdc_cli_json_double(stdout, r->undecided_frac);
        if (r->undecided > 0) {
            printf(",\"worst_box\":{");
            for (int i = 0; i < c->nvars; i++) {
                char *s = interval_str(r->worst_box + i);
                printf("%s", i ? "," : "");
                gdc_cli_json_str(stdout, c->vars[i].name);
                printf(":");
                gdc_cli_json_str(stdout, s);
                flint_free(s);
            }
            printf("},");
            json_ball("worst_value", r->worst_value, 0);
        }
    }
    if (c->goal_kind != GDC_GOAL_PROVE) {
        printf(",\"bound\":{\"kind\":\"%s\",", c->goal_kind == GDC_GOAL_MIN ? "min" : "max");
        json_arf("lo", r->bound_lo, -1);
        json_arf("hi", r->bound_hi, 1);
        json_ball("tol", r->tol, 1);
        printf("\"met\":%s,\"empty\":%s}", r->verdict == GDC_BOUND_MET ? "true" : "false",
               r->bound_empty ? "true" : "false");
    }
    if (c->expect != GDC_EXPECT_NONE)
        printf(",\"expect_ok\":%s", r->expect_ok == 1 ? "true" : "false");
    printf(",\"certificate\":{\"bytes\":%zu,\"checked\":%s,\"message\":", cert_bytes, cert_ok ? "true" : "false");
    gdc_cli_json_str(stdout, certmsg);
    printf(",\"file\":");
    if (cert_file)
        gdc_cli_json_str(stdout, cert_file);
    else
        printf("null");
    printf("}}\n");
}

static void print_text(const gdc_claim_t *c, const gdc_result_t *r, int quiet, const char *certmsg)
{
    if (r->verdict == GDC_ERROR) {
        printf("%s: ERROR: %s\n", c->name, r->message);
        return;
    }
    if (c->goal_kind == GDC_GOAL_PROVE)
        printf("%s: %s\n", c->name, gdc_verdict_name(r->verdict));
    else {
        char lo[64], hi[64]; /* the certified ends rounded outward: the printed interval contains the bound */
        gdc_fmt_round(lo, sizeof lo, r->bound_lo, 12, -1);
        gdc_fmt_round(hi, sizeof hi, r->bound_hi, 12, 1);
        char *tol = arb_get_str(r->tol, 6, ARB_STR_NO_RADIUS);
        printf("%s: BOUND %s in [%s, %s] (tol %s %s)\n", c->name, c->goal_kind == GDC_GOAL_MIN ? "min" : "max",
               r->bound_empty ? "+inf" : lo, r->bound_empty ? "+inf" : hi, tol,
               r->verdict == GDC_BOUND_MET ? "met" : "NOT met");
        flint_free(tol);
    }
    if (quiet)
        return;
    printf("  boxes %ld, max depth %d, time %.3f s, precision %ld bits (max used %ld)\n", r->boxes, r->max_depth,
           r->seconds, (long)r->prec, (long)r->max_prec_used);
    printf("  leaves: %ld interval, %ld mean-value, %ld monotone, %ld second-order, %ld boundary, "
           "%ld excluded by assumptions\n",
           r->leaves[GDC_LEAF_INTERVAL], r->leaves[GDC_LEAF_MEANVALUE], r->leaves[GDC_LEAF_MONOTONE],
           r->leaves[GDC_LEAF_TAYLOR], r->leaves[GDC_LEAF_BOUNDARY], r->leaves[GDC_LEAF_EXCLUDED]);
    if (r->verdict == GDC_FAILS) {
        printf("  witness: ");
        print_point(stdout, c, r);
        printf("\n");
        char *l = ball_str(r->point_lhs), *rr = ball_str(r->point_rhs);
        static const char *ops[] = {"<", "<=", ">", ">="};
        printf("  goal (line %d) is false there: lhs = %s, rhs = %s, not lhs %s rhs\n", c->goal.line, l, rr,
               ops[c->goal.op]);
        flint_free(l);
        flint_free(rr);
        for (int k = 0; k < c->nassumes; k++) {
            char *s = ball_str(r->point_assume + k);
            printf("  assumption (line %d) holds there: difference %s %s 0\n", c->assumes[k].line, s,
                   c->assumes[k].strict ? ">" : ">=");
            flint_free(s);
        }
    }
    if (c->goal_kind != GDC_GOAL_PROVE && r->has_point) {
        char *v = ball_str(r->point_value);
        printf("  %s end attained at ", c->goal_kind == GDC_GOAL_MIN ? "upper" : "lower");
        print_point(stdout, c, r);
        printf(": value %s\n", v);
        flint_free(v);
    }
    if ((r->verdict == GDC_UNKNOWN || r->verdict == GDC_BOUND_NOT_MET) && r->undecided > 0) {
        printf("  undecided: %ld boxes, volume fraction %.3g\n  worst box: ", r->undecided, r->undecided_frac);
        for (int i = 0; i < c->nvars; i++) {
            char *s = interval_str(r->worst_box + i);
            printf("%s%s in %s", i ? ", " : "", c->vars[i].name, s);
            flint_free(s);
        }
        char *v = ball_str(r->worst_value);
        printf("; %s there: %s\n", c->goal_kind == GDC_GOAL_PROVE ? "goal difference" : "objective", v);
        flint_free(v);
    }
    const char *e = expect_text(c, r);
    if (e)
        printf("  expect: %s\n", e);
    if (certmsg[0])
        printf("  certificate: %s\n", certmsg);
}

/* the command line of gdcert prove */
typedef struct {
    gdc_budget_t b;
    int json, quiet, prec_given, maxprec_given;
    const char *cert_file, *claim_file;
} prove_args_t;

/* one budget option; 0 not one, 1 taken, 2 usage error (printed) */
static int parse_budget_opt(prove_args_t *a, int argc, char **argv, int *i)
{
    const char *cmd = "prove", *val;
    long lv;
    double dv;
    int rc;
    if ((rc = gdc_cli_opt_value(cmd, argc, argv, i, "max-boxes", &val)))
        return rc == 2 || gdc_cli_parse_long(cmd, "--max-boxes", val, 1, 1000000000L, &lv) ? 2
                                                                                         : (a->b.max_boxes = lv, 1);
    if ((rc = gdc_cli_opt_value(cmd, argc, argv, i, "max-depth", &val)))
        return rc == 2 || gdc_cli_parse_long(cmd, "--max-depth", val, 1, 4000, &lv) ? 2 : (a->b.max_depth = (int)lv, 1);
    if ((rc = gdc_cli_opt_value(cmd, argc, argv, i, "time-limit", &val))) {
        if (rc == 2 || gdc_cli_parse_double(cmd, "--time-limit", val, &dv))
            return 2;
        if (dv < 0) {
            fprintf(stderr, "gdcert prove: --time-limit '%s' is negative\n", val);
            return 2;
        }
        a->b.time_limit = dv;
        return 1;
    }
    if ((rc = gdc_cli_opt_value(cmd, argc, argv, i, "prec", &val)))
        return rc == 2 || gdc_cli_parse_long(cmd, "--prec", val, 16, 65536, &lv) ? 2
                                                                                 : (a->b.prec = lv, a->prec_given = 1);
    if ((rc = gdc_cli_opt_value(cmd, argc, argv, i, "max-prec", &val)))
        return rc == 2 || gdc_cli_parse_long(cmd, "--max-prec", val, 16, 65536, &lv)
                   ? 2
                   : (a->b.max_prec = lv, a->maxprec_given = 1);
    return 0;
}

/* one option or the claim file; 0 on success, 2 usage error (printed), -1 --help */
static int parse_one(prove_args_t *a, int argc, char **argv, int *i)
{
    const char *cmd = "prove", *val, *fmt;
    int rc;
    if (gdc_cli_flag(argv[*i], "help"))
        return -1;
    if ((rc = gdc_cli_format(cmd, argc, argv, i, "text json", &fmt)))
        return rc == 2 ? 2 : (a->json = strcmp(fmt, "json") == 0, 0);
    if (gdc_cli_flag(argv[*i], "quiet"))
        a->quiet = 1;
    else if (gdc_cli_flag(argv[*i], "plain-only"))
        a->b.plain_only = 1;
    else if ((rc = parse_budget_opt(a, argc, argv, i)))
        return rc == 2 ? 2 : 0;
    else if ((rc = gdc_cli_opt_value(cmd, argc, argv, i, "cert", &val)))
        return rc == 2 ? 2 : (a->cert_file = val, 0);
    else if (gdc_cli_is_option(argv[*i]) && strcmp(argv[*i], "-") != 0)
        return gdc_cli_bad_option(cmd, argv[*i]);
    else if (a->claim_file) {
        fprintf(stderr, "gdcert prove: more than one claim file ('%s' and '%s')\n", a->claim_file, argv[*i]);
        return 2;
    } else
        a->claim_file = argv[*i];
    return 0;
}

/* the whole command line; 0, 2 usage error (printed), -1 --help */
static int parse_args(prove_args_t *a, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        int rc = parse_one(a, argc, argv, &i);
        if (rc)
            return rc;
    }
    if (!a->claim_file) {
        fprintf(stderr, "gdcert prove: missing claim file (try 'gdcert prove --help')\n");
        return 2;
    }
    if (a->prec_given && a->maxprec_given && a->b.max_prec < a->b.prec) {
        fprintf(stderr, "gdcert prove: --prec %ld exceeds --max-prec %ld (conflicting options)\n", (long)a->b.prec,
                (long)a->b.max_prec);
        return 2;
    }
    if (a->b.max_prec < a->b.prec)
        a->b.max_prec = a->b.prec;
    if (a->cert_file && gdc_cli_check_output("prove", a->cert_file)) /* before the search, not after it */
        return 2;
    return 0;
}

/* what happened to the certificate */
typedef struct {
    char msg[400];
    int ok;
    size_t bytes;
    const char *written;
} cert_outcome_t;

/* check the result's certificate with the independent checker (a rejection withdraws the verdict) and
 * write it to cert_file if asked; the exit status, updated */
static int settle_certificate(const gdc_claim_t *c, gdc_result_t *r, const char *cert_file, int status,
                              cert_outcome_t *o)
{
    char *cert = gdc_cert_text(c, r);
    if (!cert) {
        if (cert_file)
            snprintf(o->msg, sizeof o->msg, "none written (no certificate for this verdict)");
        return status;
    }
    char cmsg[300];
    o->bytes = strlen(cert);
    o->ok = gdc_cert_check(cert, o->bytes, c, cmsg, sizeof cmsg, NULL) == 0;
    if (!o->ok) {
        /* never happens unless search and checker disagree: do not claim anything */
        snprintf(o->msg, sizeof o->msg, "the independent checker REJECTED it (%s); verdict withdrawn", cmsg);
        if (r->verdict == GDC_HOLDS || r->verdict == GDC_BOUND_MET || r->verdict == GDC_BOUND_NOT_MET) {
            r->verdict = GDC_UNKNOWN;
            status = 3;
        }
    } else if (!cert_file)
        snprintf(o->msg, sizeof o->msg,
                 "%zu bytes (%zu tree nodes), checked by the independent checker, not written (use --cert FILE)",
                 o->bytes, r->tree_len);
    else if (gdc_cli_write_file("prove", cert_file, cert, o->bytes)) { /* nothing left behind; one line said why */
        status = 2;
        snprintf(o->msg, sizeof o->msg, "%zu bytes, checked by the independent checker, NOT written to %s", o->bytes,
                 cert_file);
    } else {
        o->written = cert_file;
        snprintf(o->msg, sizeof o->msg,
                 "%zu bytes (%zu tree nodes), checked by the independent checker, written to %s", o->bytes,
                 r->tree_len, cert_file);
    }
    free(cert);
    return status;
}

int gdc_cmd_prove(int argc, char **argv)
{
    prove_args_t a = {0};
    gdc_budget_default(&a.b);
    int rc = parse_args(&a, argc, argv);
    if (rc < 0)
        usage();
    if (rc)
        return rc < 0 ? 0 : rc;
    char err[600];
    gdc_claim_t *c = gdc_claim_parse_file(a.claim_file, err, sizeof err);
    if (!c) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    int tty = !a.quiet && !a.json && isatty(2);
    if (tty) {
        a.b.progress = print_progress;
        a.b.progress_data = NULL;
    }
    gdc_result_t r;
    gdc_result_init(&r);
    gdc_claim_decide(c, &a.b, &r);
    if (tty)
        fprintf(stderr, "\r\033[K");
    cert_outcome_t co = {"", 0, 0, NULL};
    int status = settle_certificate(c, &r, a.cert_file, gdc_verdict_exit(r.verdict), &co);
    if (a.json)
        print_json(c, &r, co.msg, co.ok, co.bytes, co.written);
    else
        print_text(c, &r, a.quiet, co.msg);
    if (r.verdict == GDC_ERROR)
        fprintf(stderr, "gdcert prove: %s\n", r.message);
    gdc_result_clear(&r);
    gdc_claim_free(c);
    flint_cleanup(); /* FLINT's integer and constant caches, so that valgrind sees no leak */
    return status;
}
