/* gdcert simulate: runs a registered dynamics (core/dynamics.h; e.g. relu.nc_gd, Figure 1 of 000; cnn.gd, the exact
 * population GD of 003) in double, optionally with the rigorous Arb enclosure of every printed quantity at every
 * step (--ball), and prints a summary per run or the trajectory (CSV, JSON). Runs are parameter sets: the dynamics'
 * defaults (the paper's starting points), or --run; --param sets a parameter in every run. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core/dynamics.h"
#include "core/simulate.h"
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "cli/sim_print.h"

#define CMD "simulate"
#define MAX_RUNS 64
#define STEPS_MAX 1000000000L

static void help(void)
{
    printf("Usage: gdcert simulate --list\n"
           "       gdcert simulate ID [--param NAME=VALUE]... [--run NAME=VALUE[,NAME=VALUE]...]... [OPTION]...\n"
           "Runs the gradient-descent recursion ID (`gdcert simulate --list`) in double: a simulation, not a\n"
           "certificate; with --ball also its rigorous Arb enclosure at every step, compared with the double run.\n\n"
           "  --list             list the dynamics with their parameters, defaults and default runs\n"
           "  --param NAME=V     set parameter NAME in every run (repeatable)\n"
           "  --run NAME=V,...   one run with these parameters (repeatable, at most %d; replaces the default runs)\n"
           "  --steps T          steps per run, 0 <= T <= %ld (default: the dynamics' own)\n"
           "  --every M          record every M-th step (and the last), M >= 1 (default 1)\n"
           "  --ball             rigorous Arb enclosures beside the double run (slow: each step in Arb)\n"
           "  --prec BITS        precision of the ball run, 16..4096 (default 128)\n"
           "  --format F         text (default) or md: a summary per run; csv or json (--json): the trajectory\n"
           "  --trajectory FILE  also write the CSV trajectory to FILE (written whole or not at all)\n"
           "  --progress, --quiet  progress on standard error (default: on a terminal, for long runs)\n"
           "  --help             display this help and exit\n\n"
           "Summary per run: each printed quantity at the start, after one step, its smallest and largest value\n"
           "with their steps, its final value and largest change in one step; the first step of each event; with\n"
           "--ball, how many narrow enclosures there were and at how many the double value lies outside.\n"
           "CSV: run,step,QUANTITY... (with --ball also QUANTITY_lo,QUANTITY_hi, outward-rounded).\n"
           "Exit status: 0 success, 1 a run left the recursion's domain or a double value disagreed with its\n"
           "enclosure, 2 usage or input error.\n",
           MAX_RUNS, STEPS_MAX);
}

static void list(void)
{
    for (size_t i = 0; i < gdc_dynamics_count(); i++) {
        const gdc_dynamics_t *d = gdc_dynamics_get(i);
        printf("%s\n  %s\n  source: %s\n  default steps: %ld\n  prints:", d->id, d->summary, d->source,
               d->default_steps);
        for (int k = 0; k < d->nout; k++)
            printf(" %s", d->outputs[k]);
        printf("\n");
        for (int p = 0; p < d->nparams; p++) {
            char dom[96];
            gdc_arg_domain_str(dom, sizeof dom, &d->params[p].arg);
            printf("  --param %s=V  %s%s, default %.17g: %s\n", d->params[p].arg.name, dom,
                   d->params[p].arg.integer ? " integer" : "", d->params[p].def, d->params[p].means);
        }
        for (int r = 0; r < d->nruns; r++) {
            printf("  default run %d:", r + 1);
            for (int q = 0; q < d->nrun_params; q++)
                printf("%s %s=%.17g", q ? "," : "", d->run_params[q], d->runs[r][q]);
            printf("\n");
        }
    }
}

/* NAME=VALUE into param[]; 0 ok, 2 error (one line) */
static int set_param(const gdc_dynamics_t *d, double *param, const char *s, size_t len)
{
    char buf[256];
    if (len >= sizeof buf) {
        fprintf(stderr, "gdcert simulate: parameter setting '%.40s...' is too long\n", s);
        return 2;
    }
    memcpy(buf, s, len);
    buf[len] = 0;
    char *eq = strchr(buf, '=');
    if (!eq) {
        fprintf(stderr, "gdcert simulate: '%s' is not NAME=VALUE\n", buf);
        return 2;
    }
    *eq = 0;
    int i = gdc_dynamics_param(d, buf);
    if (i < 0) {
        fprintf(stderr, "gdcert simulate: %s has no parameter '%s' (see 'gdcert simulate --list')\n", d->id, buf);
        return 2;
    }
    char what[300];
    snprintf(what, sizeof what, "parameter %s", buf);
    if (gdc_cli_parse_double(CMD, what, eq + 1, &param[i]))
        return 2;
    const gdc_arg_t *a = &d->params[i].arg;
    if (!gdc_arg_contains(a, param[i])) {
        char dom[96];
        gdc_arg_domain_str(dom, sizeof dom, a);
        fprintf(stderr, "gdcert simulate: parameter %s = %s is outside its domain %s%s\n", buf, eq + 1, dom,
                a->integer ? " (integers)" : "");
        return 2;
    }
    return 0;
}

/* NAME=V,NAME=V,... */
static int set_run(const gdc_dynamics_t *d, double *param, const char *s)
{
    while (*s) {
        const char *c = strchr(s, ',');
        size_t len = c ? (size_t)(c - s) : strlen(s);
        if (set_param(d, param, s, len))
            return 2;
        s += len + (c ? 1 : 0);
    }
    return 0;
}

typedef struct {
    const gdc_dynamics_t *d;
    int nruns;
    double runs[MAX_RUNS][GDC_DYN_MAX_PARAMS];
    gdc_sim_opts_t o;
    int fmt, progress;
    const char *traj;
} sim_args_t;

/* the command line as given, before the dynamics is known */
typedef struct {
    const char *id, *params[64], *runs[MAX_RUNS];
    int nparams, nruns;
    long steps, prec;
} sim_raw_t;

/* a repeated option's value appended to list (at most max) */
static int add_value(const char **list, int *n, int max, const char *val, const char *what)
{
    if (*n == max) {
        fprintf(stderr, "gdcert simulate: more than %d %s\n", max, what);
        return 2;
    }
    list[(*n)++] = val;
    return 0;
}

/* one option with a value at argv[*i]; 1 if it was one, 2 after an error, 0 if argv[*i] is no such option */
static int value_option(int argc, char **argv, int *i, sim_args_t *a, sim_raw_t *w)
{
    const char *val;
    int r;
    if ((r = gdc_cli_opt_value(CMD, argc, argv, i, "param", &val)) != 0)
        return r == 2 ? 2 : add_value(w->params, &w->nparams, 64, val, "--param settings") ? 2 : 1;
    if ((r = gdc_cli_opt_value(CMD, argc, argv, i, "run", &val)) != 0)
        return r == 2 ? 2 : add_value(w->runs, &w->nruns, MAX_RUNS, val, "--run sets") ? 2 : 1;
    if ((r = gdc_cli_opt_value(CMD, argc, argv, i, "steps", &val)) != 0)
        return r == 2 || gdc_cli_parse_long(CMD, "--steps", val, 0, STEPS_MAX, &w->steps) ? 2 : 1;
    if ((r = gdc_cli_opt_value(CMD, argc, argv, i, "every", &val)) != 0)
        return r == 2 || gdc_cli_parse_long(CMD, "--every", val, 1, STEPS_MAX, &a->o.every) ? 2 : 1;
    if ((r = gdc_cli_opt_value(CMD, argc, argv, i, "prec", &val)) != 0)
        return r == 2 || gdc_cli_parse_long(CMD, "--prec", val, 16, 4096, &w->prec) ? 2 : 1;
    if ((r = gdc_cli_format(CMD, argc, argv, i, "text md csv json", &val)) != 0) {
        if (r != 2)
            a->fmt = gdc_sim_format(val);
        return r == 2 ? 2 : 1;
    }
    if ((r = gdc_cli_opt_value(CMD, argc, argv, i, "trajectory", &val)) != 0) {
        if (r != 2)
            a->traj = val;
        return r == 2 ? 2 : 1;
    }
    return 0;
}

/* the options; 0 on success, -1 after --help, 2 after an error */
static int parse_options(int argc, char **argv, sim_args_t *a, sim_raw_t *w, int *list_only)
{
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        int r;
        if (gdc_cli_flag(s, "help") || strcmp(s, "-h") == 0) {
            help();
            return -1;
        } else if (gdc_cli_flag(s, "list")) {
            *list_only = 1;
        } else if (gdc_cli_flag(s, "ball")) {
            a->o.ball = 1;
        } else if (gdc_cli_flag(s, "progress")) {
            a->progress = 1;
        } else if (gdc_cli_flag(s, "quiet")) {
            a->progress = 0;
        } else if ((r = value_option(argc, argv, &i, a, w)) != 0) {
            if (r == 2)
                return 2;
        } else if (gdc_cli_is_option(s)) {
            return gdc_cli_bad_option(CMD, s);
        } else if (!w->id) {
            w->id = s;
        } else {
            fprintf(stderr, "gdcert simulate: one dynamics id only ('%s' and '%s')\n", w->id, s);
            return 2;
        }
    }
    return 0;
}

/* the runs: the dynamics' defaults with every --param, then each --run (or the dynamics' default runs) */
static int build_runs(sim_args_t *a, const sim_raw_t *w)
{
    const gdc_dynamics_t *d = a->d;
    double base[GDC_DYN_MAX_PARAMS];
    for (int p = 0; p < d->nparams; p++)
        base[p] = d->params[p].def;
    for (int p = 0; p < w->nparams; p++)
        if (set_param(d, base, w->params[p], strlen(w->params[p])))
            return 2;
    a->nruns = w->nruns ? w->nruns : (d->nruns ? d->nruns : 1);
    for (int k = 0; k < a->nruns; k++) {
        memcpy(a->runs[k], base, sizeof base);
        if (w->nruns) {
            if (set_run(d, a->runs[k], w->runs[k]))
                return 2;
        } else if (d->nruns) {
            for (int q = 0; q < d->nrun_params; q++) /* a --param of a run parameter overrides the default runs */
                if (!gdc_sim_param_given(d->run_params[q], w->params, w->nparams))
                    a->runs[k][gdc_dynamics_param(d, d->run_params[q])] = d->runs[k][q];
        }
    }
    return 0;
}

static int parse_args(int argc, char **argv, sim_args_t *a, int *list_only)
{
    sim_raw_t w = {.steps = -1, .prec = 128};
    memset(a, 0, sizeof *a);
    a->o.every = 1;
    a->progress = -1;
    a->fmt = GDC_SIM_TEXT;
    *list_only = 0;
    int r = parse_options(argc, argv, a, &w, list_only);
    if (r != 0 || *list_only)
        return r;
    if (!w.id) {
        fprintf(stderr, "gdcert simulate: no dynamics id (see 'gdcert simulate --list')\n");
        return 2;
    }
    if (!(a->d = gdc_dynamics_find(w.id))) {
        fprintf(stderr, "gdcert simulate: unknown dynamics '%s' (see 'gdcert simulate --list')\n", w.id);
        return 2;
    }
    if (a->o.ball && !a->d->init_arb) {
        fprintf(stderr, "gdcert simulate: %s has no Arb enclosure (double only): drop --ball\n", w.id);
        return 2;
    }
    if (build_runs(a, &w))
        return 2;
    a->o.steps = w.steps >= 0 ? w.steps : a->d->default_steps;
    a->o.prec = w.prec;
    return 0;
}

int gdc_cmd_simulate(int argc, char **argv)
{
    sim_args_t a;
    int list_only, st = parse_args(argc, argv, &a, &list_only);
    if (st < 0)
        return 0;
    if (st)
        return st;
    if (list_only) {
        list();
        return 0;
    }
    int tty = isatty(STDERR_FILENO);
    if (a.progress < 0)
        a.progress = tty && (double)a.o.steps * a.nruns * (a.o.ball ? 1000 : 1) >= 20000.0;
    return gdc_sim_print_runs(a.d, a.runs, a.nruns, &a.o, a.fmt, a.traj, a.progress, tty);
}
