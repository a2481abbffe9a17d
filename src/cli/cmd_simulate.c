/* gdcert simulate: gradient descent w <- w - eta grad F(w) on F(w) = E[(relu(w.x) - relu(v.x))^2]/2 with
 * x ~ N((0, m), I_2), v = (1, 0): the experiment of Figure 1 of 000_09c7d5b8511ab65b.txt (Sec. 6.2; seed-000 S19,
 * N18), with the double kernel of relu.nc_grad (seed-000 C26). A double-precision simulation, not a certificate:
 * per-iteration CSV (iteration, w, theta(w, v), ||w - v||, F) and a summary per starting point. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "relu/relu_nc.h"
#include "cli/cli_util.h"
#include "cli/commands.h"

#define MAX_INITS 16
#define ETA_DEFAULT 1e-3
#define ITERS_DEFAULT 60000L
#define ITERS_MAX 100000000L
#define W_BOX 4.0   /* relu.nc_grad's domain: wx, wy in [-4, 4], m in [-8, 8] */
#define M_BOX 8.0
#define THETA_SMALL 0.1

enum { FMT_TEXT, FMT_MD, FMT_CSV };

static void help(void)
{
    printf("Usage: gdcert simulate [OPTION]...\n"
           "Gradient descent w <- w - eta grad F(w) on F(w) = E[(relu(w.x) - relu(v.x))^2]/2 with\n"
           "x ~ N((0, m), I_2) and v = (1, 0), the experiment of Figure 1 of 000_09c7d5b8511ab65b.txt (Sec. 6.2),\n"
           "with the double kernel of relu.nc_grad. A double-precision simulation, not a certificate.\n"
           "Defaults are the paper's: eta = 0.001, m = 1, starting points (-1, 1), (-1, 0.5), (-1, 0).\n\n"
           "  --init X,Y        a starting point (repeatable, at most %d; replaces the defaults); |X|, |Y| <= 4\n"
           "  --eta E           step size, E > 0 (default 0.001)\n"
           "  --iters N         iterations per starting point, 0 <= N <= %ld (default %ld)\n"
           "  --mu-y M          the mean (0, M) of x, |M| <= 8 (default 1)\n"
           "  --trajectory FILE write the per-iteration CSV to FILE ('-': standard output, then no summary):\n"
           "                    init,iter,wx,wy,theta,dist_to_v,F (iteration 0 is the starting point)\n"
           "  --every K         write every K-th iteration only (and the last), K >= 1 (default 1)\n"
           "  --format F        summary format: text (default), md (a Markdown table) or csv\n"
           "  --progress        progress on standard error (default: on a terminal, for runs of 20000 steps or more)\n"
           "  --quiet           no progress\n"
           "  --help            display this help and exit\n\n"
           "Summary per starting point: theta(w0, v) and theta after one step (initially increasing or not), the\n"
           "largest theta and its iteration, the first iteration where w crosses the ray -v (theta = pi; wy changes\n"
           "sign with wx < 0), the smallest ||w|| and its iteration, the first iteration with theta < 0.1, the final\n"
           "||w - v|| and F, the range of theta and its largest change in one iteration.\n"
           "Exit status: 0 success, 1 an iterate left the kernel's domain [-4, 4]^2 (divergence), 2 usage or input\n"
           "error.\n",
           MAX_INITS, ITERS_MAX, ITERS_DEFAULT);
}

typedef struct {
    double w0[2];
    double theta0, theta1;
    double max_theta, min_theta, max_step;
    long max_theta_iter, min_theta_iter;
    long cross_iter;
    double cross_w[2];
    double min_norm;
    long min_norm_iter;
    long small_iter;            /* first iteration with theta < THETA_SMALL, -1 if none */
    double final_w[2], final_dist, final_f;
    long iters;
} summary_t;

static double angle_to_v(double wx, double wy) { return atan2(fabs(wy), wx); } /* theta(w, (1, 0)) in [0, pi] */

static int parse_init(const char *s, double *w)
{
    const char *comma = strchr(s, ',');
    if (!comma || strchr(comma + 1, ',')) {
        fprintf(stderr, "gdcert simulate: --init '%s' is not X,Y\n", s);
        return 2;
    }
    char buf[256];
    size_t n = (size_t)(comma - s);
    if (n >= sizeof buf) {
        fprintf(stderr, "gdcert simulate: --init '%s' is too long\n", s);
        return 2;
    }
    memcpy(buf, s, n);
    buf[n] = '\0';
    if (gdc_cli_parse_double("simulate", "--init x", buf, &w[0]) ||
        gdc_cli_parse_double("simulate", "--init y", comma + 1, &w[1]))
        return 2;
    if (fabs(w[0]) > W_BOX || fabs(w[1]) > W_BOX) {
        fprintf(stderr, "gdcert simulate: --init '%s' is outside [-4, 4]^2 (the domain of relu.nc_grad)\n", s);
        return 2;
    }
    return 0;
}

/* runs one starting point; returns 0, or 1 if an iterate left the domain */
static int run(summary_t *sm, int index, int ninit, const double *w0, double eta, long iters, double m, FILE *traj,
               long every, int progress, int tty)
{
    double w[2] = {w0[0], w0[1]}, out[3], prev_theta = 0.0, prev_wy = w0[1];
    memset(sm, 0, sizeof *sm);
    sm->w0[0] = w0[0];
    sm->w0[1] = w0[1];
    sm->cross_iter = sm->small_iter = -1;
    sm->iters = iters;
    long pstep = iters / 50 > 0 ? iters / 50 : 1;
    for (long t = 0; t <= iters; t++) {
        if (!(isfinite(w[0]) && isfinite(w[1]) && fabs(w[0]) <= W_BOX && fabs(w[1]) <= W_BOX)) {
            if (progress && tty)
                fprintf(stderr, "\r\033[K");
            fprintf(stderr, "gdcert simulate: init %d left the domain [-4, 4]^2 of relu.nc_grad at iteration %ld "
                    "(w = (%.6g, %.6g)); a smaller --eta may help\n", index, t, w[0], w[1]);
            return 1;
        }
        gdc_relu_nc_grad(out, w[0], w[1], m);
        double theta = angle_to_v(w[0], w[1]), norm = hypot(w[0], w[1]), dist = hypot(w[0] - 1.0, w[1]);
        if (t == 0) {
            sm->theta0 = sm->max_theta = sm->min_theta = theta;
            sm->min_norm = norm;
        } else {
            if (t == 1)
                sm->theta1 = theta;
            if (fabs(theta - prev_theta) > sm->max_step)
                sm->max_step = fabs(theta - prev_theta);
            if (theta > sm->max_theta) {
                sm->max_theta = theta;
                sm->max_theta_iter = t;
            }
            if (theta < sm->min_theta) {
                sm->min_theta = theta;
                sm->min_theta_iter = t;
            }
            if (norm < sm->min_norm) {
                sm->min_norm = norm;
                sm->min_norm_iter = t;
            }
            /* crossing the ray -v: wy changes sign (or reaches 0) while wx < 0 */
            if (sm->cross_iter < 0 && w[0] < 0.0 && ((prev_wy > 0.0 && w[1] <= 0.0) || (prev_wy < 0.0 && w[1] >= 0.0))) {
                sm->cross_iter = t;
                sm->cross_w[0] = w[0];
                sm->cross_w[1] = w[1];
            }
        }
        if (sm->small_iter < 0 && theta < THETA_SMALL)
            sm->small_iter = t;
        if (traj && (t % every == 0 || t == iters))
            fprintf(traj, "%d,%ld,%.17g,%.17g,%.17g,%.17g,%.17g\n", index, t, w[0], w[1], theta, dist, out[2]);
        if (t == iters) {
            sm->final_w[0] = w[0];
            sm->final_w[1] = w[1];
            sm->final_dist = dist;
            sm->final_f = out[2];
            break;
        }
        if (progress && t % pstep == 0) {
            if (tty)
                fprintf(stderr, "\rgdcert simulate: init %d/%d, iteration %ld/%ld", index, ninit, t, iters);
            else if (t % (pstep * 10) == 0)
                fprintf(stderr, "gdcert simulate: init %d/%d, iteration %ld/%ld\n", index, ninit, t, iters);
        }
        prev_theta = theta;
        prev_wy = w[1];
        w[0] -= eta * out[0];
        w[1] -= eta * out[1];
    }
    if (iters == 0)
        sm->theta1 = sm->theta0;
    return 0;
}

static void print_iter(long it) { if (it < 0) printf("-"); else printf("%ld", it); }

static void print_summary(const summary_t *sm, int n, int fmt, double eta, long iters, double m)
{
    if (fmt == FMT_CSV) {
        printf("init,w0x,w0y,theta0,theta1,initially_increasing,max_theta,max_theta_iter,cross_iter,cross_wx,"
               "cross_wy,min_norm,min_norm_iter,first_theta_below_0.1,final_dist,final_F,min_theta,max_theta_step\n");
        for (int i = 0; i < n; i++) {
            const summary_t *s = &sm[i];
            printf("%d,%.17g,%.17g,%.17g,%.17g,%d,%.17g,%ld,", i + 1, s->w0[0], s->w0[1], s->theta0, s->theta1,
                   s->theta1 > s->theta0, s->max_theta, s->max_theta_iter);
            print_iter(s->cross_iter);
            if (s->cross_iter >= 0)
                printf(",%.17g,%.17g", s->cross_w[0], s->cross_w[1]);
            else
                printf(",,");
            printf(",%.17g,%ld,", s->min_norm, s->min_norm_iter);
            print_iter(s->small_iter);
            printf(",%.17g,%.17g,%.17g,%.17g\n", s->final_dist, s->final_f, s->min_theta, s->max_step);
        }
        return;
    }
    if (fmt == FMT_MD) {
        printf("| init | theta(w0, v) | after one step | max theta (iteration) | crosses the ray -v at | w there | "
               "min norm of w (iteration) | first theta < 0.1 | dist(w, v) at %ld | F at %ld | theta range (largest step) |\n",
               iters, iters);
        printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (int i = 0; i < n; i++) {
            const summary_t *s = &sm[i];
            printf("| (%g, %g) | %.6f | %.6f (%s) | %.6f (%ld) | ", s->w0[0], s->w0[1], s->theta0, s->theta1,
                   s->theta1 > s->theta0 ? "increasing" : "not increasing", s->max_theta, s->max_theta_iter);
            if (s->cross_iter >= 0)
                printf("%ld | (%.4f, %.2g) | ", s->cross_iter, s->cross_w[0], s->cross_w[1]);
            else
                printf("- | - | ");
            printf("%.4f (%ld) | ", s->min_norm, s->min_norm_iter);
            print_iter(s->small_iter);
            printf(" | %.2g | %.2g | [%.2g, %.6f] (%.2g) |\n", s->final_dist, s->final_f, s->min_theta, s->max_theta,
                   s->max_step);
        }
        return;
    }
    printf("gdcert simulate: gradient descent, eta = %g, %ld iterations, x ~ N((0, %g), I_2), v = (1, 0)\n"
           "(a double-precision simulation with the double kernel of relu.nc_grad, not a certificate)\n",
           eta, iters, m);
    for (int i = 0; i < n; i++) {
        const summary_t *s = &sm[i];
        printf("init %d: w0 = (%.17g, %.17g)\n", i + 1, s->w0[0], s->w0[1]);
        printf("  theta(w0, v)            %.9f, after one step %.9f (%s)\n", s->theta0, s->theta1,
               s->theta1 > s->theta0 ? "increasing" : "not increasing");
        printf("  max theta               %.9f at iteration %ld\n", s->max_theta, s->max_theta_iter);
        if (s->cross_iter >= 0)
            printf("  crosses the ray -v      at iteration %ld, w = (%.9g, %.3g)\n", s->cross_iter, s->cross_w[0],
                   s->cross_w[1]);
        else
            printf("  crosses the ray -v      never (within the run, iterations 1..%ld)\n", s->iters);
        printf("  min ||w||               %.9f at iteration %ld\n", s->min_norm, s->min_norm_iter);
        if (s->small_iter >= 0)
            printf("  first theta < 0.1       iteration %ld\n", s->small_iter);
        else
            printf("  first theta < 0.1       never\n");
        printf("  final ||w - v||         %.3g (F = %.3g, w = (%.17g, %.17g))\n", s->final_dist, s->final_f,
               s->final_w[0], s->final_w[1]);
        printf("  theta range             [%.3g, %.9f], largest change in one iteration %.3g\n", s->min_theta,
               s->max_theta, s->max_step);
    }
}

int gdc_cmd_simulate(int argc, char **argv)
{
    double inits[MAX_INITS][2], eta = ETA_DEFAULT, m = 1.0;
    int ninit = 0, fmt = FMT_TEXT, progress = -1, r;
    long iters = ITERS_DEFAULT, every = 1;
    const char *traj_path = NULL, *val;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (gdc_cli_flag(a, "help") || strcmp(a, "-h") == 0) {
            help();
            return 0;
        } else if (gdc_cli_flag(a, "progress")) {
            progress = 1;
        } else if (gdc_cli_flag(a, "quiet")) {
            progress = 0;
        } else if ((r = gdc_cli_opt_value("simulate", argc, argv, &i, "init", &val)) != 0) {
            if (r == 2)
                return 2;
            if (ninit == MAX_INITS) {
                fprintf(stderr, "gdcert simulate: more than %d --init points\n", MAX_INITS);
                return 2;
            }
            if (parse_init(val, inits[ninit]))
                return 2;
            ninit++;
        } else if ((r = gdc_cli_opt_value("simulate", argc, argv, &i, "eta", &val)) != 0) {
            if (r == 2 || gdc_cli_parse_double("simulate", "--eta", val, &eta))
                return 2;
            if (!(eta > 0.0)) {
                fprintf(stderr, "gdcert simulate: --eta '%s' must be positive\n", val);
                return 2;
            }
        } else if ((r = gdc_cli_opt_value("simulate", argc, argv, &i, "iters", &val)) != 0) {
            if (r == 2 || gdc_cli_parse_long("simulate", "--iters", val, 0, ITERS_MAX, &iters))
                return 2;
        } else if ((r = gdc_cli_opt_value("simulate", argc, argv, &i, "every", &val)) != 0) {
            if (r == 2 || gdc_cli_parse_long("simulate", "--every", val, 1, ITERS_MAX, &every))
                return 2;
        } else if ((r = gdc_cli_opt_value("simulate", argc, argv, &i, "mu-y", &val)) != 0) {
            if (r == 2 || gdc_cli_parse_double("simulate", "--mu-y", val, &m))
                return 2;
            if (fabs(m) > M_BOX) {
                fprintf(stderr, "gdcert simulate: --mu-y '%s' is outside [-8, 8] (the domain of relu.nc_grad)\n", val);
                return 2;
            }
        } else if ((r = gdc_cli_opt_value("simulate", argc, argv, &i, "trajectory", &val)) != 0) {
            if (r == 2)
                return 2;
            traj_path = val;
        } else if ((r = gdc_cli_format("simulate", argc, argv, &i, "text md csv", &val)) != 0) {
            if (r == 2)
                return 2;
            fmt = strcmp(val, "md") == 0 ? FMT_MD : strcmp(val, "csv") == 0 ? FMT_CSV : FMT_TEXT;
        } else if (gdc_cli_is_option(a)) {
            return gdc_cli_bad_option("simulate", a);
        } else {
            fprintf(stderr, "gdcert simulate: unexpected argument '%s' (try 'gdcert simulate --help')\n", a);
            return 2;
        }
    }
    if (ninit == 0) { /* Figure 1: w1, w2, w3 */
        static const double paper[3][2] = {{-1.0, 1.0}, {-1.0, 0.5}, {-1.0, 0.0}};
        for (ninit = 0; ninit < 3; ninit++) {
            inits[ninit][0] = paper[ninit][0];
            inits[ninit][1] = paper[ninit][1];
        }
    }
    FILE *traj = NULL;
    int to_stdout = traj_path && strcmp(traj_path, "-") == 0;
    if (traj_path) {
        traj = to_stdout ? stdout : fopen(traj_path, "w");
        if (!traj) {
            fprintf(stderr, "gdcert simulate: cannot write '%s'\n", traj_path);
            return 2;
        }
        fprintf(traj, "init,iter,wx,wy,theta,dist_to_v,F\n");
    }
    int tty = isatty(STDERR_FILENO);
    if (progress < 0)
        progress = tty && (double)iters * ninit >= 20000.0;
    summary_t sm[MAX_INITS];
    int status = 0;
    for (int i = 0; i < ninit && !status; i++)
        status = run(&sm[i], i + 1, ninit, inits[i], eta, iters, m, traj, every, progress, tty);
    if (progress && tty && !status)
        fprintf(stderr, "\r\033[K");
    if (traj && !to_stdout && fclose(traj) != 0) {
        fprintf(stderr, "gdcert simulate: error writing '%s'\n", traj_path);
        return 2;
    }
    if (status)
        return status;
    if (!to_stdout)
        print_summary(sm, ninit, fmt, eta, iters, m);
    return 0;
}
