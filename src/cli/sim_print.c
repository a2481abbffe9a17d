/* Output of `gdcert simulate` (see sim_print.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/sim_print.h"
#include "cli/cli_util.h"

int gdc_sim_format(const char *s)
{
    static const char *const names[] = {"text", "md", "csv", "json"};
    for (int i = 0; i < 4; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return GDC_SIM_TEXT; /* gdc_cli_format accepted only the four names */
}

int gdc_sim_param_given(const char *name, const char *const *settings, int n)
{
    size_t len = strlen(name);
    for (int i = 0; i < n; i++)
        if (strncmp(settings[i], name, len) == 0 && settings[i][len] == '=')
            return 1;
    return 0;
}

/* outward-rounded ends of a ball as doubles */
static void ball_ends(double *lo, double *hi, const arb_t b)
{
    arf_t f;
    arf_init(f);
    arb_get_lbound_arf(f, b, 64);
    *lo = arf_get_d(f, ARF_RND_FLOOR);
    arb_get_ubound_arf(f, b, 64);
    *hi = arf_get_d(f, ARF_RND_CEIL);
    arf_clear(f);
}

typedef struct {
    const gdc_dynamics_t *d;
    int run, fmt, first;       /* fmt: GDC_SIM_CSV or GDC_SIM_JSON */
    FILE *f;
} sink_t;

static void csv_header(FILE *f, const gdc_dynamics_t *d, int ball)
{
    fprintf(f, "run,step");
    for (int k = 0; k < d->nout; k++)
        fprintf(f, ",%s", d->outputs[k]);
    for (int k = 0; ball && k < d->nout; k++)
        fprintf(f, ",%s_lo,%s_hi", d->outputs[k], d->outputs[k]);
    fprintf(f, "\n");
}

static int sink(void *data, long t, const double *obs, arb_srcptr ball)
{
    sink_t *s = data;
    const gdc_dynamics_t *d = s->d;
    double lo, hi;
    if (s->fmt == GDC_SIM_CSV) {
        fprintf(s->f, "%d,%ld", s->run, t);
        for (int k = 0; k < d->nout; k++)
            fprintf(s->f, ",%.17g", obs[k]);
        for (int k = 0; ball && k < d->nout; k++) {
            ball_ends(&lo, &hi, ball + k);
            fprintf(s->f, ",%.17g,%.17g", lo, hi);
        }
        fprintf(s->f, "\n");
    } else {
        fprintf(s->f, "%s\n      {\"step\": %ld", s->first ? "" : ",", t);
        for (int k = 0; k < d->nout; k++) {
            fprintf(s->f, ", ");
            gdc_cli_json_str(s->f, d->outputs[k]);
            fprintf(s->f, ": ");
            gdc_cli_json_double(s->f, obs[k]);
        }
        if (ball) {
            fprintf(s->f, ", \"ball\": {");
            for (int k = 0; k < d->nout; k++) {
                ball_ends(&lo, &hi, ball + k);
                fprintf(s->f, "%s", k ? ", " : "");
                gdc_cli_json_str(s->f, d->outputs[k]);
                fprintf(s->f, ": [");
                gdc_cli_json_double(s->f, lo);
                fprintf(s->f, ", ");
                gdc_cli_json_double(s->f, hi);
                fprintf(s->f, "]");
            }
            fprintf(s->f, "}");
        }
        fprintf(s->f, "}");
        s->first = 0;
    }
    return ferror(s->f) ? 1 : 0;
}

/* two sinks at once: the --trajectory file and standard output */
typedef struct {
    sink_t *a, *b;
} sink2_t;

static int sink_both(void *data, long t, const double *obs, arb_srcptr ball)
{
    sink2_t *s = data;
    int r = 0;
    if (s->a)
        r |= sink(s->a, t, obs, ball);
    if (s->b)
        r |= sink(s->b, t, obs, ball);
    return r;
}

typedef struct {
    int run, nruns, tty;
} prog_t;

static void progress(void *data, long t, long steps)
{
    prog_t *p = data;
    if (p->tty)
        fprintf(stderr, "\rgdcert simulate: run %d/%d, step %ld/%ld", p->run, p->nruns, t, steps);
    else if (t % (steps >= 10 ? steps / 10 : 1) == 0)
        fprintf(stderr, "gdcert simulate: run %d/%d, step %ld/%ld\n", p->run, p->nruns, t, steps);
}

static void print_params(FILE *f, const gdc_dynamics_t *d, const double *p, int json)
{
    for (int i = 0; i < d->nparams; i++) {
        if (json) {
            fprintf(f, "%s", i ? ", " : "");
            gdc_cli_json_str(f, d->params[i].arg.name);
            fprintf(f, ": ");
            gdc_cli_json_double(f, p[i]);
        } else {
            fprintf(f, "%s%s = %.17g", i ? ", " : "", d->params[i].arg.name, p[i]);
        }
    }
}

static void print_step(long t) { if (t < 0) printf("never"); else printf("%ld", t); }

static void print_summary(const gdc_dynamics_t *d, const gdc_sim_summary_t *s, int run, const double *p, int md,
                          int ball)
{
    if (md) {
        printf("\nRun %d: ", run);
        print_params(stdout, d, p, 0);
        printf(" (%ld steps%s)\n\n| quantity | start | after one step | min (step) | max (step) | final | largest step |\n"
               "|---|---|---|---|---|---|---|\n", s->steps, s->diverged ? ", then left the domain" : "");
        for (int k = 0; k < d->nout; k++)
            printf("| %s | %.9g | %.9g | %.9g (%ld) | %.9g (%ld) | %.9g | %.3g |\n", d->outputs[k], s->first[k],
                   s->second[k], s->min[k], s->argmin[k], s->max[k], s->argmax[k], s->last[k], s->maxstep[k]);
        printf("\n");
    } else {
        printf("run %d: ", run);
        print_params(stdout, d, p, 0);
        printf("\n  %ld steps%s\n", s->steps, s->diverged ? ", then the state left the recursion's domain" : "");
        printf("  %-12s %-24s %-24s %-32s %-32s %-24s %s\n", "quantity", "start", "after one step", "min (step)",
               "max (step)", "final", "largest step");
        for (int k = 0; k < d->nout; k++)
            printf("  %-12s %-24.17g %-24.17g %-.17g (%ld)%*s %-.17g (%ld)%*s %-24.17g %.3g\n", d->outputs[k],
                   s->first[k], s->second[k], s->min[k], s->argmin[k], 4, "", s->max[k], s->argmax[k], 4, "",
                   s->last[k], s->maxstep[k]);
    }
    for (int e = 0; e < d->nevents; e++) {
        printf(md ? "- %s: step " : "  %s: step ", d->events[e].name);
        print_step(s->event_step[e]);
        if (s->event_step[e] >= 0) {
            printf(" (");
            for (int k = 0; k < d->nout; k++)
                printf("%s%s = %.9g", k ? ", " : "", d->outputs[k], s->event_obs[e][k]);
            printf(")");
        }
        printf("\n");
    }
    if (ball) {
        printf(md ? "- ball run: %ld narrow enclosures, %ld with the double value outside" :
                    "  ball run: %ld narrow enclosures, %ld with the double value outside", s->ball_narrow,
               s->ball_disagree);
        if (s->ball_disagree) {
            printf(" (first at step %ld)", s->ball_first_disagree);
        }
        printf("\n");
    }
}

/* the temporary name of a trajectory file: PATH.tmp.PID */
static FILE *open_tmp(const char *path, char *tmp, size_t n)
{
    snprintf(tmp, n, "%s.tmp.%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f)
        fprintf(stderr, "gdcert simulate: cannot write '%s': %s\n", path, strerror(errno));
    return f;
}

static int close_tmp(FILE *f, const char *tmp, const char *path, int ok)
{
    int err = ferror(f) || fclose(f) != 0;
    if (ok && !err && rename(tmp, path) == 0)
        return 0;
    if (ok)
        fprintf(stderr, "gdcert simulate: cannot write '%s': %s\n", path, strerror(errno ? errno : EIO));
    remove(tmp);
    return 2;
}

static void json_obs(const gdc_dynamics_t *d, const double *obs)
{
    for (int k = 0; k < d->nout; k++) {
        printf(", ");
        gdc_cli_json_str(stdout, d->outputs[k]);
        printf(": ");
        gdc_cli_json_double(stdout, obs[k]);
    }
}

/* one line: steps, status, per quantity its summary, per event its step and the observation there */
static void json_summary(const gdc_dynamics_t *d, const gdc_sim_summary_t *s, int status, int ball)
{
    printf("\n    ], \"steps\": %ld, \"status\": \"%s\", \"quantities\": {", s->steps,
           status == 1 ? "left the domain" : "done");
    for (int k = 0; k < d->nout; k++) {
        const double v[] = {s->first[k], s->second[k], s->min[k], s->max[k], s->last[k], s->maxstep[k]};
        static const char *const nm[] = {"start", "after_one_step", "min", "max", "final", "largest_step"};
        printf("%s", k ? ", " : "");
        gdc_cli_json_str(stdout, d->outputs[k]);
        printf(": {");
        for (int j = 0; j < 6; j++) {
            printf("%s\"%s\": ", j ? ", " : "", nm[j]);
            gdc_cli_json_double(stdout, v[j]);
        }
        printf(", \"argmin\": %ld, \"argmax\": %ld}", s->argmin[k], s->argmax[k]);
    }
    printf("}, \"events\": {");
    for (int e = 0; e < d->nevents; e++) {
        printf("%s", e ? ", " : "");
        gdc_cli_json_str(stdout, d->events[e].name);
        if (s->event_step[e] >= 0) {
            printf(": {\"step\": %ld", s->event_step[e]);
            json_obs(d, s->event_obs[e]);
            printf("}");
        } else {
            printf(": null");
        }
    }
    printf("}");
    if (ball)
        printf(", \"ball_narrow\": %ld, \"ball_disagree\": %ld", s->ball_narrow, s->ball_disagree);
    printf("}");
}

int gdc_sim_print_runs(const gdc_dynamics_t *d, double (*runs)[GDC_DYN_MAX_PARAMS], int nruns,
                       const gdc_sim_opts_t *o, int fmt, const char *traj, int prog, int tty)
{
    char tmp[4200], err[512];
    for (int r = 0; r < nruns; r++) { /* every start checked before anything is printed or written */
        double st[GDC_DYN_MAX_STATE];
        if (d->init(st, runs[r], err, sizeof err)) {
            fprintf(stderr, "gdcert simulate: run %d: %s\n", r + 1, err);
            return 2;
        }
    }
    sink_t ft = {d, 0, GDC_SIM_CSV, 1, NULL}, fo = {d, 0, fmt, 1, stdout};
    sink2_t both = {traj ? &ft : NULL, (fmt == GDC_SIM_CSV || fmt == GDC_SIM_JSON) ? &fo : NULL};
    if (traj && strcmp(traj, "-") == 0) { /* '-': the CSV on standard output */
        both.a = NULL;
        fo.fmt = fmt = GDC_SIM_CSV;
        both.b = &fo;
    } else if (traj && !(ft.f = open_tmp(traj, tmp, sizeof tmp))) {
        return 2;
    }
    if (ft.f)
        csv_header(ft.f, d, o->ball);
    if (fmt == GDC_SIM_CSV)
        csv_header(stdout, d, o->ball);
    else if (fmt == GDC_SIM_JSON)
        printf("{\"id\": \"%s\", \"ball\": %s, \"runs\": [", d->id, o->ball ? "true" : "false");
    else
        printf("%sgdcert simulate %s: %s\n(a double-precision simulation, not a certificate%s)\n",
               fmt == GDC_SIM_MD ? "" : "", d->id, d->summary, o->ball ? "; with rigorous Arb enclosures" : "");
    int status = 0;
    gdc_sim_opts_t oo = *o;
    oo.sink = sink_both;
    oo.sink_data = &both;
    prog_t pg = {0, nruns, tty};
    oo.progress = prog ? progress : NULL;
    oo.progress_data = &pg;
    for (int r = 0; r < nruns && status != 2; r++) {
        gdc_sim_summary_t sm;
        ft.run = fo.run = pg.run = r + 1;
        fo.first = 1;
        if (fmt == GDC_SIM_JSON) {
            printf("%s\n  {\"run\": %d, \"params\": {", r ? "," : "", r + 1);
            print_params(stdout, d, runs[r], 1);
            printf("}, \"trajectory\": [");
        }
        int st = gdc_sim_run(d, runs[r], &oo, &sm, err, sizeof err);
        if (prog && tty)
            fprintf(stderr, "\r\033[K");
        if (st == 2) {
            fprintf(stderr, "gdcert simulate: run %d: %s\n", r + 1, err);
            status = 2;
            break;
        }
        if (st == 3) {
            fprintf(stderr, "gdcert simulate: cannot write '%s': %s\n", ft.f && ferror(ft.f) ? traj : "standard output",
                    strerror(errno ? errno : EIO));
            status = 2;
            break;
        }
        if (st == 1) {
            fprintf(stderr, "gdcert simulate: run %d left the domain of %s at step %ld\n", r + 1, d->id,
                    sm.steps + 1);
            status = 1;
        }
        if (o->ball && sm.ball_disagree) {
            fprintf(stderr, "gdcert simulate: run %d: the double value lies outside its enclosure at %ld of %ld "
                    "narrow enclosures (first at step %ld)\n", r + 1, sm.ball_disagree, sm.ball_narrow,
                    sm.ball_first_disagree);
            status = status ? status : 1;
        }
        if (fmt == GDC_SIM_JSON)
            json_summary(d, &sm, st, o->ball);
        else if (fmt != GDC_SIM_CSV)
            print_summary(d, &sm, r + 1, runs[r], fmt == GDC_SIM_MD, o->ball);
    }
    if (fmt == GDC_SIM_JSON && status != 2)
        printf("\n]}\n");
    if (ft.f && close_tmp(ft.f, tmp, traj, status != 2))
        status = 2; /* the temporary file is removed either way */
    if (fflush(stdout) != 0)
        status = 2;
    return status;
}
