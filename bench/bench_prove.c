/* Benchmark of the prover (issue 3, section 7): every claim file under proofs/ (recursively; or the
 * directories/files given as arguments) decided with the default budget, then with plain interval
 * bisection only; prints boxes, certificate size and time of both and the ratio of boxes and time.
 * Without claim files it runs a few built-in claims (seed-000 B5 with the registry's relu.corr_ratio). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "prove/prove.h"

#ifndef GDC_SRCDIR
#define GDC_SRCDIR "."
#endif

typedef struct {
    char **paths;
    int n, cap;
} list_t;

static void add(list_t *l, const char *p)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->paths = realloc(l->paths, (size_t)l->cap * sizeof *l->paths);
    }
    l->paths[l->n++] = strdup(p);
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void walk(list_t *l, const char *dir)
{
    struct stat st;
    if (stat(dir, &st) != 0)
        return;
    if (!S_ISDIR(st.st_mode)) {
        add(l, dir);
        return;
    }
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char p[4096];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        size_t n = strlen(e->d_name);
        if (stat(p, &st) == 0 && S_ISDIR(st.st_mode))
            walk(l, p);
        else if (n > 6 && strcmp(e->d_name + n - 6, ".claim") == 0)
            add(l, p);
    }
    closedir(d);
}

static const char *builtin[][2] = {
    {"builtin:B5.delta_pi_2", "claim B5.delta_pi_2\nvar r in [0, 2]\nvar t in [0, pi/2]\n"
                              "prove relu.corr_ratio(r, t) >= 0.0017071\n"},
    {"builtin:B5.delta_pi_4", "claim B5.delta_pi_4\nvar r in [0, 2]\nvar t in [0, 3*pi/4]\n"
                              "prove relu.corr_ratio(r, t) >= 2.26e-4\n"},
    {"builtin:B5.Rmin_pi_2", "claim B5.Rmin_pi_2\nvar r in [0, 2]\nvar t in [0, pi/2]\n"
                             "bound min relu.corr_ratio(r, t) tol 1e-3\n"},
    {"builtin:B16.corrected", "claim B16.corrected\nvar t in [0, pi]\nvar r in [0, 2]\n"
                              "assume r <= relu.h(t)/pi\nprove -r^2 + r*relu.h(t)/pi >= 0\n"},
    {"builtin:eq27", "claim eq27\nvar a in [0, pi]\nprove sin(a) - a*cos(a) >= (a/pi)^3\n"},
    {"builtin:erf", "claim erf\nvar z in (0, 1)\nprove erf(z) >= z/3\n"},
    {"builtin:poly2", "claim poly2\nvar x in [-1, 1]\nvar y in [-1, 1]\nprove exp(x) * cos(y) + x*y^2 >= 1 + x - 0.6\n"},
};

static void run(const char *name, gdc_claim_t *c)
{
    gdc_budget_t b;
    gdc_budget_default(&b);
    b.time_limit = 30;
    double t[2];
    long boxes[2];
    size_t bytes[2];
    const char *v[2];
    for (int k = 0; k < 2; k++) {
        b.plain_only = k;
        gdc_result_t r;
        gdc_result_init(&r);
        gdc_claim_decide(c, &b, &r);
        char *cert = gdc_cert_text(c, &r);
        t[k] = r.seconds;
        boxes[k] = r.boxes;
        bytes[k] = cert ? strlen(cert) : 0;
        v[k] = gdc_verdict_name(r.verdict);
        free(cert);
        gdc_result_clear(&r);
    }
    printf("%-44s %-8s %8ld %7zu %9.4f | %-8s %8ld %7zu %9.4f | %6.2f %6.2f\n", name, v[0], boxes[0], bytes[0], t[0],
           v[1], boxes[1], bytes[1], t[1], boxes[0] > 0 ? (double)boxes[1] / (double)boxes[0] : 0.0,
           t[0] > 0 ? t[1] / t[0] : 0.0);
}

int main(int argc, char **argv)
{
    list_t l = {NULL, 0, 0};
    if (argc > 1)
        for (int i = 1; i < argc; i++)
            walk(&l, argv[i]);
    else
        walk(&l, GDC_SRCDIR "/proofs");
    if (l.n > 1)
        qsort(l.paths, (size_t)l.n, sizeof *l.paths, cmp);
    printf("%-44s %-8s %8s %7s %9s | %-8s %8s %7s %9s | %6s %6s\n", "claim", "verdict", "boxes", "cert", "seconds",
           "plain", "boxes", "cert", "seconds", "boxes", "time");
    printf("%-44s %-8s %8s %7s %9s | %-8s %8s %7s %9s | %6s %6s\n", "", "(tight)", "", "bytes", "", "(only)", "",
           "bytes", "", "ratio", "ratio");
    char err[600];
    for (int i = 0; i < l.n; i++) {
        gdc_claim_t *c = gdc_claim_parse_file(l.paths[i], err, sizeof err);
        if (!c) {
            printf("%-44s parse error: %s\n", l.paths[i], err);
            continue;
        }
        const char *name = strstr(l.paths[i], "/proofs/");
        run(name ? name + 8 : l.paths[i], c);
        gdc_claim_free(c);
        free(l.paths[i]);
    }
    if (l.n == 0)
        for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++) {
            gdc_claim_t *c = gdc_claim_parse(builtin[i][1], strlen(builtin[i][1]), builtin[i][0], err, sizeof err);
            if (!c) {
                printf("%-44s parse error: %s\n", builtin[i][0], err);
                continue;
            }
            run(builtin[i][0], c);
            gdc_claim_free(c);
        }
    free(l.paths);
    return 0;
}
