/* Running the audit: collect the claim files of a proofs/ tree, read them before the run (names for the
 * statement index, costs for the schedule), decide each with the prover under a deterministic box budget and
 * compare the verdict with the claim's `expect` (the parallel run is audit_parallel.c). */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>
#include "audit/audit.h"

/* copy s into buf (size n), truncating */
static void copy_str(char *buf, size_t n, const char *s)
{
    size_t k = strlen(s);
    if (k >= n)
        k = n - 1;
    memcpy(buf, s, k);
    buf[k] = 0;
}

void gdc_audit_opts_default(gdc_audit_opts_t *o)
{
    memset(o, 0, sizeof *o);
    gdc_budget_default(&o->budget);
    o->budget.time_limit = 0; /* reproducible: budgets count boxes, not seconds */
    o->budget.progress = NULL;
    o->jobs = 1;
    o->cert_dir = NULL;
    o->cert_sub = "";
    o->progress = 0;
}

/* ---------------------------------------------------------------- collecting files */

typedef struct {
    gdc_audit_item_t *items;
    int n, cap;
} itemvec_t;

static int has_suffix(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* name of the folder holding path if it is a paper folder (has a PAPER file), else "" */
static void paper_of(char *buf, size_t n, const char *path)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(dir, sizeof dir, ".");
    char pf[1100];
    snprintf(pf, sizeof pf, "%s/PAPER", dir);
    struct stat st;
    if (stat(pf, &st) != 0) {
        snprintf(buf, n, "%s", "");
        return;
    }
    /* strip trailing slashes and take the last component */
    size_t l = strlen(dir);
    while (l > 1 && dir[l - 1] == '/')
        dir[--l] = 0;
    const char *b = base_name(dir);
    if (strcmp(b, ".") == 0) {
        char cwd[1024];
        copy_str(buf, n, getcwd(cwd, sizeof cwd) ? base_name(cwd) : ".");
        return;
    }
    copy_str(buf, n, b);
}

static int push_item(itemvec_t *v, const char *path)
{
    if (v->n == v->cap) {
        int cap = v->cap ? 2 * v->cap : 32;
        gdc_audit_item_t *p = realloc(v->items, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        v->items = p;
        v->cap = cap;
    }
    gdc_audit_item_t *it = &v->items[v->n];
    memset(it, 0, sizeof *it);
    it->index = v->n;
    snprintf(it->path, sizeof it->path, "%s", path);
    paper_of(it->paper, sizeof it->paper, path);
    it->verdict = GDC_ERROR;
    it->match = GDC_MATCH_ERROR;
    snprintf(it->verdict_word, sizeof it->verdict_word, "ERROR");
    snprintf(it->detail, sizeof it->detail, "not decided");
    v->n++;
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* An ERROR row for something of the tree that cannot be decided (an unreadable folder, a dangling link, a path
 * too long): never dropped silently. gdc_audit_decide keeps the reason. */
static int push_error(itemvec_t *v, const char *path, const char *reason)
{
    if (push_item(v, path) < 0)
        return -1;
    gdc_audit_item_t *it = &v->items[v->n - 1];
    if (strlen(path) >= sizeof it->path) /* shown shortened; the reason says the length */
        memcpy(it->path + sizeof it->path - 4, "...", 4);
    it->collect_error = 1;
    copy_str(it->name, sizeof it->name, base_name(it->path));
    snprintf(it->detail, sizeof it->detail, "%.600s: %s", it->path, reason);
    return 0;
}

/* the folders from the root to the one being read: a link back to one of them is a loop */
typedef struct {
    dev_t dev[GDC_AUDIT_MAX_DEPTH + 1];
    ino_t ino[GDC_AUDIT_MAX_DEPTH + 1];
} dirstack_t;

static char *join_path(const char *dir, const char *name)
{
    size_t dl = strlen(dir), nl = strlen(name);
    char *p = malloc(dl + nl + 2);
    if (p)
        snprintf(p, dl + nl + 2, "%s%s%s", dir, dl > 0 && dir[dl - 1] == '/' ? "" : "/", name);
    return p;
}

/* the sorted names of dir (without dot files); -1 (errno set) if it cannot be read */
static int read_names(const char *dir, char ***out)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    char **names = NULL;
    int nn = 0, cap = 0;
    struct dirent *e;
    errno = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (nn == cap) {
            cap = cap ? 2 * cap : 32;
            char **p = realloc(names, (size_t)cap * sizeof *p);
            if (!p)
                break;
            names = p;
        }
        if ((names[nn] = strdup(e->d_name)) != NULL)
            nn++;
    }
    int rerr = errno;
    closedir(d);
    if (rerr) {
        for (int i = 0; i < nn; i++)
            free(names[i]);
        free(names);
        errno = rerr;
        return -1;
    }
    if (nn > 0)
        qsort(names, (size_t)nn, sizeof *names, cmp_str);
    *out = names;
    return nn;
}

static int collect_dir(itemvec_t *v, const char *dir, dirstack_t *anc, int depth);

/* one entry of a folder: a claim file (pass 0) or a sub-folder (pass 1); what cannot be read is an ERROR row */
static int collect_entry(itemvec_t *v, const char *path, const char *name, dirstack_t *anc, int depth, int pass)
{
    char why[200];
    struct stat st;
    if (stat(path, &st) != 0) {
        int e = errno;
        struct stat lst;
        if (pass != 0 || (!has_suffix(name, ".claim") && e == ENOENT))
            return 0; /* a dangling link that names no claim */
        if (e == ENOENT && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))
            snprintf(why, sizeof why, "a link to a missing file");
        else
            snprintf(why, sizeof why, "cannot read (%s)", strerror(e));
        return push_error(v, path, why);
    }
    if (pass == 0 && S_ISREG(st.st_mode) && has_suffix(name, ".claim")) {
        if (strlen(path) >= sizeof v->items[0].path) {
            snprintf(why, sizeof why, "path of %zu characters: longer than the limit of %zu", strlen(path),
                     sizeof v->items[0].path - 1);
            return push_error(v, path, why);
        }
        return push_item(v, path);
    }
    if (pass != 1 || !S_ISDIR(st.st_mode))
        return 0;
    for (int k = 0; k <= depth; k++)
        if (anc->dev[k] == st.st_dev && anc->ino[k] == st.st_ino)
            return push_error(v, path, "a link back to an enclosing folder (a loop): not searched");
    if (depth + 1 > GDC_AUDIT_MAX_DEPTH) {
        snprintf(why, sizeof why, "folders nested deeper than %d levels: not searched", GDC_AUDIT_MAX_DEPTH);
        return push_error(v, path, why);
    }
    anc->dev[depth + 1] = st.st_dev;
    anc->ino[depth + 1] = st.st_ino;
    return collect_dir(v, path, anc, depth + 1);
}

/* the .claim files of dir (sorted), then its sub-folders (sorted, recursively); a sub-folder that cannot be read
 * is an ERROR row. -1 only if dir itself (depth 0) cannot be read, or out of memory. */
static int collect_dir(itemvec_t *v, const char *dir, dirstack_t *anc, int depth)
{
    char **names = NULL;
    int nn = read_names(dir, &names);
    if (nn < 0) {
        if (depth == 0)
            return -1;
        char why[200];
        snprintf(why, sizeof why, "cannot read the folder (%s)", strerror(errno));
        return push_error(v, dir, why);
    }
    int rc = 0;
    for (int pass = 0; pass < 2 && rc == 0; pass++)
        for (int i = 0; i < nn && rc == 0; i++) {
            char *path = join_path(dir, names[i]);
            rc = path ? collect_entry(v, path, names[i], anc, depth, pass) : -1;
            free(path);
        }
    for (int i = 0; i < nn; i++)
        free(names[i]);
    free(names);
    return rc;
}

int gdc_audit_collect(char **paths, int npaths, gdc_audit_item_t **items, char *err, size_t errlen)
{
    itemvec_t v = {NULL, 0, 0};
    for (int i = 0; i < npaths; i++) {
        struct stat st;
        if (stat(paths[i], &st) != 0) {
            snprintf(err, errlen, "%s: %s", paths[i], strerror(errno));
            free(v.items);
            return -1;
        }
        if (!S_ISDIR(st.st_mode) && strlen(paths[i]) >= sizeof v.items->path) {
            snprintf(err, errlen, "%.300s...: a path longer than the limit of %zu characters", paths[i],
                     sizeof v.items->path - 1);
            free(v.items);
            return -1;
        }
        dirstack_t anc;
        anc.dev[0] = st.st_dev;
        anc.ino[0] = st.st_ino;
        int rc = S_ISDIR(st.st_mode) ? collect_dir(&v, paths[i], &anc, 0) : push_item(&v, paths[i]);
        if (rc < 0) {
            snprintf(err, errlen, "%s: cannot read (%s)", paths[i], strerror(errno));
            free(v.items);
            return -1;
        }
    }
    for (int i = 0; i < v.n; i++)
        v.items[i].index = i;
    *items = v.items;
    return v.n;
}

/* ---------------------------------------------------------------- deciding one claim */

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* the text after `expect` in the claim file (as written), or "" */
static void expect_text_of(char *buf, size_t n, const char *path)
{
    buf[0] = 0;
    size_t len;
    char *text = gdc_read_file(path, &len);
    if (!text)
        return;
    char *line = text;
    while (line && *line) {
        char *end = strchr(line, '\n');
        char *s = line;
        while (*s == ' ' || *s == '\t')
            s++;
        if (strncmp(s, "expect", 6) == 0 && (s[6] == ' ' || s[6] == '\t')) {
            s += 6;
            while (*s == ' ' || *s == '\t')
                s++;
            size_t k = 0;
            while (s[k] && s[k] != '\n' && s[k] != '#')
                k++;
            while (k > 0 && (s[k - 1] == ' ' || s[k - 1] == '\t' || s[k - 1] == '\r'))
                k--;
            snprintf(buf, n, "%.*s", (int)k, s);
            break;
        }
        line = end ? end + 1 : NULL;
    }
    free(text);
}

static void point_text(char *buf, size_t n, const gdc_claim_t *c, arb_srcptr pt)
{
    size_t o = 0;
    buf[0] = 0;
    for (int i = 0; i < c->nvars && o + 1 < n; i++) {
        char v[64];
        if (c->vars[i].integer && arb_is_exact(pt + i) && arf_is_int(arb_midref(pt + i))) {
            fmpz_t z; /* an integer variable: the integer itself, exactly */
            fmpz_init(z);
            arf_get_fmpz(z, arb_midref(pt + i), ARF_RND_DOWN);
            char *zs = fmpz_get_str(NULL, 10, z);
            o += (size_t)snprintf(buf + o, n - o, "%s%s=%s", i ? ", " : "", c->vars[i].name, zs);
            flint_free(zs);
            fmpz_clear(z);
            continue;
        }
        if (arb_is_exact(pt + i) && arf_is_finite(arb_midref(pt + i)))
            gdc_fmt_round(v, sizeof v, arb_midref(pt + i), 10, 0);
        else
            gdc_fmt_enclosure_arb(v, sizeof v, pt + i, 10);
        /* the witness is an exact dyadic point; it is shown rounded to 10 digits ("~") */
        o += (size_t)snprintf(buf + o, n - o, "%s%s~%s", i ? ", " : "", c->vars[i].name, v);
    }
}

static void box_text(char *buf, size_t n, const gdc_claim_t *c, arb_srcptr box)
{
    size_t o = 0;
    buf[0] = 0;
    for (int i = 0; i < c->nvars && o + 1 < n; i++) {
        char v[96];
        gdc_fmt_enclosure_arb(v, sizeof v, box + i, 6);
        o += (size_t)snprintf(buf + o, n - o, "%s%s in %s", i ? ", " : "", c->vars[i].name, v);
    }
}

static int write_cert(gdc_audit_item_t *it, const gdc_audit_opts_t *o, const gdc_claim_t *c, const gdc_result_t *r)
{
    char *cert = gdc_cert_text(c, r);
    if (!cert)
        return 0;
    char dir[1400], path[2000];
    snprintf(dir, sizeof dir, "%.1000s%s%.256s", o->cert_dir, it->paper[0] ? "/" : "", it->paper);
    mkdir(o->cert_dir, 0777);
    mkdir(dir, 0777);
    if (o->cert_sub[0]) {
        size_t l = strlen(dir);
        snprintf(dir + l, sizeof dir - l, "%.32s", o->cert_sub);
        mkdir(dir, 0777);
    }
    char base[512];
    copy_str(base, sizeof base, base_name(it->path));
    if (has_suffix(base, ".claim"))
        base[strlen(base) - 6] = 0;
    snprintf(path, sizeof path, "%s/%s.cert", dir, base);
    FILE *f = fopen(path, "wb");
    int ok = f && fputs(cert, f) >= 0;
    if (f && fclose(f) != 0)
        ok = 0;
    free(cert);
    if (!ok) {
        copy_str(it->cert, sizeof it->cert, "(cannot write the certificate)");
        return -1;
    }
    copy_str(it->cert, sizeof it->cert, path);
    return 0;
}

/* does the certified enclosure [blo, bhi] lie inside the expected range? 1 yes, 0 not certainly */
static int range_contains(const gdc_claim_t *c, const gdc_result_t *r)
{
    arb_t lo, hi, b;
    arb_init(lo);
    arb_init(hi);
    arb_init(b);
    int ok = 0;
    for (slong prec = 128; prec <= 1024 && !ok; prec *= 2) {
        if (gdc_expr_eval_const(c, c->expect_lo, lo, prec) || gdc_expr_eval_const(c, c->expect_hi, hi, prec))
            break;
        arb_set_arf(b, r->bound_lo);
        int a1 = arb_le(lo, b);
        arb_set_arf(b, r->bound_hi);
        int a2 = arb_le(b, hi);
        ok = a1 && a2 && arf_is_finite(r->bound_lo) && arf_is_finite(r->bound_hi);
    }
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(b);
    return ok;
}

/* is the certified enclosure [blo, bhi] certainly outside the expected range? */
static int range_disjoint(const gdc_claim_t *c, const gdc_result_t *r)
{
    arb_t lo, hi, b;
    arb_init(lo);
    arb_init(hi);
    arb_init(b);
    int out = 0;
    if (!gdc_expr_eval_const(c, c->expect_lo, lo, 256) && !gdc_expr_eval_const(c, c->expect_hi, hi, 256)) {
        arb_set_arf(b, r->bound_hi);
        out = arf_is_finite(r->bound_hi) && arb_lt(b, lo);
        arb_set_arf(b, r->bound_lo);
        out = out || (arf_is_finite(r->bound_lo) && arb_gt(b, hi));
    }
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(b);
    return out;
}

static gdc_truth_t truth_of(const gdc_claim_t *c, const gdc_result_t *r, gdc_verdict_t v, int contained)
{
    if (v == GDC_HOLDS)
        return GDC_TRUTH_TRUE;
    if (v == GDC_FAILS)
        return GDC_TRUTH_FALSE;
    if ((v != GDC_BOUND_MET && v != GDC_BOUND_NOT_MET) || r->bound_empty)
        return GDC_TRUTH_UNDECIDED;
    if (c->expect != GDC_EXPECT_RANGE)
        return GDC_TRUTH_UNDECIDED; /* a measurement: it asserts nothing about the statement */
    if (contained)
        return GDC_TRUTH_TRUE;
    return range_disjoint(c, r) ? GDC_TRUTH_FALSE : GDC_TRUTH_UNDECIDED;
}

gdc_truth_t gdc_claim_truth(const gdc_audit_item_t *it)
{
    return it->verdict == GDC_ERROR ? GDC_TRUTH_UNDECIDED : (gdc_truth_t)it->truth;
}

/* "t: the angle between w and v; r: (meaning not given)": every variable, with its `means` text */
static void means_text(char *buf, size_t n, const gdc_claim_t *c)
{
    size_t o = 0;
    buf[0] = 0;
    for (int i = 0; i < c->nvars && o + 1 < n; i++)
        o += (size_t)snprintf(buf + o, n - o, "%s%s: %s", o ? "; " : "", c->vars[i].name,
                              c->vars[i].means ? c->vars[i].means : "(meaning not given)");
}

/* what the report needs from the claim file itself */
static void claim_fields(gdc_audit_item_t *it, const gdc_claim_t *c, const gdc_claim_meta_t *meta)
{
    it->parsed = 1;
    snprintf(it->name, sizeof it->name, "%s", c->name);
    snprintf(it->says, sizeof it->says, "%s", meta->says);
    gdc_source_label(it->label, sizeof it->label, c->source);
    it->goal_kind = c->goal_kind;
    it->expect = c->expect;
    expect_text_of(it->expect_text, sizeof it->expect_text, it->path);
    means_text(it->means, sizeof it->means, c);
}

void gdc_audit_decide(gdc_audit_item_t *it, const gdc_audit_opts_t *o)
{
    if (it->collect_error)
        return; /* an ERROR row of the tree walk: its reason stays */
    double t0 = now_seconds(), c0 = cpu_seconds();
    char err[600];
    gdc_claim_meta_t meta;
    gdc_claim_t *c = gdc_audit_load_claim(it->path, &meta, err, sizeof err);
    if (!c) {
        it->verdict = GDC_ERROR;
        it->match = GDC_MATCH_ERROR;
        snprintf(it->verdict_word, sizeof it->verdict_word, "ERROR");
        copy_str(it->detail, sizeof it->detail, err);
        copy_str(it->name, sizeof it->name, base_name(it->path));
        it->seconds = now_seconds() - t0;
        it->cpu_seconds = cpu_seconds() - c0;
        return;
    }
    claim_fields(it, c, &meta);

    gdc_result_t r;
    gdc_result_init(&r);
    gdc_verdict_t v = gdc_claim_decide(c, &o->budget, &r);
    it->verdict = v;
    it->boxes = r.boxes;
    char a[160], b[160], p[400];
    switch (v) {
    case GDC_HOLDS:
        snprintf(it->verdict_word, sizeof it->verdict_word, "HOLDS");
        snprintf(it->detail, sizeof it->detail, "certified on %ld boxes (depth %d)", r.boxes, r.max_depth);
        break;
    case GDC_FAILS:
        snprintf(it->verdict_word, sizeof it->verdict_word, "FAILS");
        point_text(p, sizeof p, c, r.point);
        gdc_fmt_enclosure_arb(a, sizeof a, r.point_lhs, 8);
        gdc_fmt_enclosure_arb(b, sizeof b, r.point_rhs, 8);
        snprintf(it->detail, sizeof it->detail, "witness %s%s: lhs %s, rhs %s", c->nvars ? "" : "(no variables)", p,
                 a, b);
        break;
    case GDC_BOUND_MET:
    case GDC_BOUND_NOT_MET:
        snprintf(it->verdict_word, sizeof it->verdict_word, "BOUND");
        if (r.bound_empty) {
            snprintf(it->enclosure, sizeof it->enclosure, "(empty)");
            snprintf(it->detail, sizeof it->detail, "the assumptions exclude every point");
        } else {
            gdc_fmt_enclosure(it->enclosure, sizeof it->enclosure, r.bound_lo, r.bound_hi, 12);
            gdc_fmt_round(it->lo, sizeof it->lo, r.bound_lo, 17, -1);
            gdc_fmt_round(it->hi, sizeof it->hi, r.bound_hi, 17, 1);
            p[0] = 0;
            if (r.has_point)
                point_text(p, sizeof p, c, r.point);
            snprintf(it->detail, sizeof it->detail, "%s %s%s%s%s", c->goal_kind == GDC_GOAL_MAX ? "max" : "min",
                     it->enclosure, v == GDC_BOUND_MET ? "" : " (tol not met)", p[0] ? ", near " : "", p);
        }
        break;
    case GDC_UNKNOWN:
        snprintf(it->verdict_word, sizeof it->verdict_word, "UNKNOWN");
        box_text(p, sizeof p, c, r.worst_box);
        gdc_fmt_enclosure_arb(a, sizeof a, r.worst_value, 6);
        snprintf(it->detail, sizeof it->detail, "%ld boxes undecided (volume fraction %.3g); worst %s: %s",
                 r.undecided, r.undecided_frac, p, a);
        break;
    default:
        snprintf(it->verdict_word, sizeof it->verdict_word, "ERROR");
        snprintf(it->detail, sizeof it->detail, "%s", r.message);
        break;
    }
    /* the expectation */
    if (v == GDC_ERROR)
        it->match = GDC_MATCH_ERROR;
    else if (c->expect == GDC_EXPECT_NONE)
        it->match = GDC_MATCH_OPEN;
    else if (c->expect == GDC_EXPECT_HOLDS)
        it->match = v == GDC_HOLDS ? GDC_MATCH_OK : GDC_MATCH_MISMATCH;
    else if (c->expect == GDC_EXPECT_FAILS)
        it->match = v == GDC_FAILS ? GDC_MATCH_OK : GDC_MATCH_MISMATCH;
    else
        it->match = (v == GDC_BOUND_MET || v == GDC_BOUND_NOT_MET) && !r.bound_empty && range_contains(c, &r)
                        ? GDC_MATCH_OK
                        : GDC_MATCH_MISMATCH;
    it->truth = truth_of(c, &r, v, c->expect == GDC_EXPECT_RANGE && it->match == GDC_MATCH_OK);
    if (o->cert_dir && (v == GDC_HOLDS || v == GDC_BOUND_MET || v == GDC_BOUND_NOT_MET))
        write_cert(it, o, c, &r);
    gdc_result_clear(&r);
    gdc_claim_free(c);
    it->seconds = now_seconds() - t0;
    it->cpu_seconds = cpu_seconds() - c0;
}

/* ---------------------------------------------------------------- before the run: names and costs */

/* field k (0-based) of a CSV line (RFC 4180 quotes) into buf; the line ends at '\n' outside quotes */
static void csv_field(char *buf, size_t n, const char *line, int k)
{
    size_t o = 0;
    int f = 0, q = 0;
    for (const char *p = line; *p && !(*p == '\n' && !q); p++) {
        if (q && *p == '"' && p[1] == '"') {
            if (f == k && o + 1 < n)
                buf[o++] = '"';
            p++;
        } else if (*p == '"')
            q = !q;
        else if (*p == ',' && !q)
            f++;
        else if (f == k && o + 1 < n)
            buf[o++] = *p;
    }
    buf[o] = 0;
}

static int csv_column(const char *header, const char *name)
{
    char b[64];
    for (int k = 0; k < 64; k++) {
        csv_field(b, sizeof b, header, k);
        if (strcmp(b, name) == 0)
            return k;
    }
    return -1;
}

/* the boxes of claim NAME in the committed report text (report.csv), or -1 */
static double committed_boxes(const char *csv, const char *name)
{
    int kc = csv_column(csv, "claim"), kb = csv_column(csv, "boxes");
    if (kc < 0 || kb < 0)
        return -1;
    char b[160];
    for (const char *line = strchr(csv, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
        csv_field(b, sizeof b, line + 1, kc);
        if (strcmp(b, name) == 0) {
            csv_field(b, sizeof b, line + 1, kb);
            return atof(b);
        }
    }
    return -1;
}

void gdc_audit_preload(gdc_audit_item_t *items, int n)
{
    char dir[1024] = "", d[1024];
    char *csv = NULL;
    for (int i = 0; i < n; i++) {
        gdc_audit_item_t *it = &items[i];
        if (it->collect_error)
            continue;
        char err[600];
        gdc_claim_meta_t meta;
        gdc_claim_t *c = gdc_audit_load_claim(it->path, &meta, err, sizeof err);
        if (!c) {
            copy_str(it->name, sizeof it->name, base_name(it->path));
            copy_str(it->detail, sizeof it->detail, err);
            continue;
        }
        claim_fields(it, c, &meta);
        gdc_claim_free(c);
        snprintf(d, sizeof d, "%s", it->path);
        char *slash = strrchr(d, '/');
        snprintf(slash ? slash : d, sizeof d - (size_t)(slash ? slash - d : 0), "%s", slash ? "" : ".");
        if (strcmp(d, dir) != 0) {
            free(csv);
            char p[1100];
            snprintf(p, sizeof p, "%s/report/report.csv", d);
            csv = gdc_read_file(p, NULL);
            snprintf(dir, sizeof dir, "%s", d);
        }
        it->cost = csv ? committed_boxes(csv, it->name) : -1;
    }
    free(csv);
}
