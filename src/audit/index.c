/* The statement index of a paper folder (issue 10): INDEX lists the paper's numbered statements in paper
 * order, each with a one-line reading and the claims that check it (with the role each plays), and maps every
 * item of the research catalogue (CATALOGUE: ID TITLE per line, copied from ../shared/research/seed-NNN.md)
 * to what covers it. Format (gdcert-audit(1)):
 *
 *     statement LABEL              reads TEXT      part TEXT      not-numeric REASON
 *     claim NAME printed|corrected|instance|step|consequence [NOTE]
 *     item ID claim NAME...  |  item ID table FILE  |  item ID row ID  |  item ID not-numeric REASON
 *
 * A `#` at the start of a line or after a blank starts a comment. Every error is one line, FILE:LINE: ... */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "audit/audit.h"
#include "core/input_file.h"
#include "core/registry.h"

static const char *const role_names[] = {"printed", "corrected", "instance", "step", "consequence"};

const char *gdc_role_name(gdc_role_t r)
{
    return (unsigned)r < sizeof role_names / sizeof role_names[0] ? role_names[r] : "?";
}

typedef struct {
    const char *file;
    int line;
    char *err;
    size_t errlen;
} ictx_t;

static int fail(ictx_t *cx, const char *fmt, ...)
{
    char msg[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(cx->err, cx->errlen, "%s:%d: %s", cx->file, cx->line, msg);
    return -1;
}

/* strip a comment (`#` at the start or after a blank) and the blanks around the line, in place */
static char *trim_line(char *s)
{
    for (char *p = s; *p; p++)
        if (*p == '#' && (p == s || isspace((unsigned char)p[-1]))) {
            *p = 0;
            break;
        }
    while (isspace((unsigned char)*s))
        s++;
    size_t l = strlen(s);
    while (l > 0 && isspace((unsigned char)s[l - 1]))
        s[--l] = 0;
    return s;
}

/* split off the first word of *s (blank separated); returns it ("" at the end) and advances *s */
static char *next_word(char **s)
{
    char *w = *s;
    while (*w && !isspace((unsigned char)*w))
        w++;
    char *rest = w;
    if (*rest) {
        *rest++ = 0;
        while (isspace((unsigned char)*rest))
            rest++;
    }
    char *word = *s;
    *s = rest;
    return word;
}

/* the array arr of n elements of size bytes grown by one zeroed element (at index n); NULL and the error when
 * out of memory (arr is then unchanged) */
static void *grow_by_one(ictx_t *cx, void *arr, int n, size_t size)
{
    char *p = realloc(arr, (size_t)(n + 1) * size);
    if (!p) {
        fail(cx, "out of memory");
        return NULL;
    }
    memset(p + (size_t)n * size, 0, size);
    return p;
}

static int set_text(ictx_t *cx, char *dst, size_t n, const char *text, const char *what)
{
    if (!*text)
        return fail(cx, "expected the %s text", what);
    if (strlen(text) >= n)
        return fail(cx, "the %s text is longer than %zu characters", what, n - 1);
    if (dst[0])
        return fail(cx, "a second '%s' line for the same statement", what);
    snprintf(dst, n, "%s", text);
    return 0;
}

static int add_claim(ictx_t *cx, gdc_statement_t *st, char *rest)
{
    char *name = next_word(&rest);
    char *role = next_word(&rest);
    if (!*name || !*role)
        return fail(cx, "expected 'claim NAME ROLE [NOTE]'");
    int r = -1;
    for (int i = 0; i < (int)(sizeof role_names / sizeof role_names[0]); i++)
        if (strcmp(role, role_names[i]) == 0)
            r = i;
    if (r < 0)
        return fail(cx, "unknown role '%s' (printed, corrected, instance, step or consequence)", role);
    if ((r == GDC_ROLE_CORRECTED || r == GDC_ROLE_INSTANCE) && !*rest)
        return fail(cx, "a %s claim needs a NOTE (%s)", role,
                    r == GDC_ROLE_CORRECTED ? "the catalogue item deriving it" : "which instance");
    if (strlen(name) >= sizeof st->claims[0].name || strlen(rest) >= sizeof st->claims[0].note)
        return fail(cx, "claim name or note too long");
    for (int i = 0; i < st->nclaims; i++)
        if (strcmp(st->claims[i].name, name) == 0)
            return fail(cx, "claim '%s' is listed twice for statement '%s'", name, st->label);
    gdc_index_claim_t *p = grow_by_one(cx, st->claims, st->nclaims, sizeof *p);
    if (!p)
        return -1;
    st->claims = p;
    gdc_index_claim_t *c = &p[st->nclaims++];
    snprintf(c->name, sizeof c->name, "%s", name);
    snprintf(c->note, sizeof c->note, "%s", rest);
    c->role = (gdc_role_t)r;
    c->line = cx->line;
    c->item = -1;
    return 0;
}

static int find_cat(const gdc_index_t *ix, const char *id)
{
    for (int i = 0; i < ix->ncat; i++)
        if (strcmp(ix->cat[i].id, id) == 0)
            return i;
    return -1;
}

static int add_item(ictx_t *cx, gdc_index_t *ix, char *rest)
{
    static const char *const kinds[] = {"claim", "table", "row", "not-numeric", "test", "proof"};
    char *id = next_word(&rest);
    char *kind = next_word(&rest);
    if (!*id || !*kind || !*rest)
        return fail(cx, "expected 'item ID claim NAME...', 'item ID table FILE', 'item ID row ID' or "
                        "'item ID not-numeric REASON', 'item ID test FILE REASON' or 'item ID proof FILE REASON'");
    int k = -1;
    for (int i = 0; i < 6; i++)
        if (strcmp(kind, kinds[i]) == 0)
            k = i;
    if (k < 0)
        return fail(cx, "unknown item kind '%s' (claim, table, row, not-numeric, test or proof)", kind);
    if (strlen(id) >= sizeof ix->cover[0].id || strlen(rest) >= sizeof ix->cover[0].text)
        return fail(cx, "item id or text too long");
    if (ix->has_catalogue && find_cat(ix, id) < 0)
        return fail(cx, "item '%s' is not in the paper's CATALOGUE", id);
    if ((k == GDC_COVER_TABLE || k == GDC_COVER_ROW) && strpbrk(rest, " \t"))
        return fail(cx, "expected one %s after 'item %s %s'", k == GDC_COVER_TABLE ? "file" : "registry id", id, kind);
    if ((k == GDC_COVER_TEST || k == GDC_COVER_PROOF) && !strpbrk(rest, " \t"))
        return fail(cx, "expected a file and a reason after 'item %s %s'", id, kind);
    gdc_cover_t *p = grow_by_one(cx, ix->cover, ix->ncover, sizeof *p);
    if (!p)
        return -1;
    ix->cover = p;
    gdc_cover_t *c = &p[ix->ncover++];
    snprintf(c->id, sizeof c->id, "%s", id);
    snprintf(c->text, sizeof c->text, "%s", rest);
    c->kind = (gdc_cover_kind_t)k;
    c->line = cx->line;
    return 0;
}

/* a statement is complete: a reading, and claims or a not-numeric reason (not both) */
static int check_statement(ictx_t *cx, const gdc_statement_t *st)
{
    int line = cx->line;
    cx->line = st->line;
    int rc = 0;
    if (!st->reads[0])
        rc = fail(cx, "statement '%s' has no 'reads' line", st->label);
    else if (st->nclaims == 0 && !st->not_numeric[0])
        rc = fail(cx, "statement '%s' has neither claims nor a 'not-numeric' reason", st->label);
    else if (st->nclaims > 0 && st->not_numeric[0])
        rc = fail(cx, "statement '%s' has claims and a 'not-numeric' reason", st->label);
    cx->line = line;
    return rc;
}

static int parse_index_line(ictx_t *cx, gdc_index_t *ix, char *s)
{
    char *kw = next_word(&s);
    if (strcmp(kw, "item") == 0)
        return add_item(cx, ix, s);
    if (strcmp(kw, "statement") == 0) {
        if (!*s)
            return fail(cx, "expected the statement's label after 'statement'");
        if (strlen(s) >= sizeof ix->st[0].label)
            return fail(cx, "statement label too long");
        for (int i = 0; i < ix->nst; i++)
            if (strcmp(ix->st[i].label, s) == 0)
                return fail(cx, "statement '%s' is listed twice (first on line %d)", s, ix->st[i].line);
        if (ix->nst > 0 && check_statement(cx, &ix->st[ix->nst - 1]))
            return -1;
        gdc_statement_t *p = grow_by_one(cx, ix->st, ix->nst, sizeof *p);
        if (!p)
            return -1;
        ix->st = p;
        gdc_statement_t *st = &p[ix->nst++];
        snprintf(st->label, sizeof st->label, "%s", s);
        st->line = cx->line;
        return 0;
    }
    int known = strcmp(kw, "reads") == 0 || strcmp(kw, "part") == 0 || strcmp(kw, "claim") == 0 ||
                strcmp(kw, "not-numeric") == 0;
    if (!known)
        return fail(cx, "unknown keyword '%s' (statement, reads, part, claim, not-numeric or item)", kw);
    if (ix->nst == 0)
        return fail(cx, "'%s' before the first 'statement'", kw);
    gdc_statement_t *st = &ix->st[ix->nst - 1];
    if (strcmp(kw, "reads") == 0)
        return set_text(cx, st->reads, sizeof st->reads, s, "reads");
    if (strcmp(kw, "part") == 0)
        return set_text(cx, st->part, sizeof st->part, s, "part");
    if (strcmp(kw, "not-numeric") == 0)
        return set_text(cx, st->not_numeric, sizeof st->not_numeric, s, "not-numeric");
    return add_claim(cx, st, s);
}

/* one line of CATALOGUE: `ID TITLE` */
static int parse_catalogue_line(ictx_t *cx, gdc_index_t *ix, char *s)
{
    char *id = next_word(&s);
    if (strlen(id) >= sizeof ix->cat[0].id || !isalpha((unsigned char)id[0]))
        return fail(cx, "expected 'ID TITLE' (an item id such as C5)");
    if (find_cat(ix, id) >= 0)
        return fail(cx, "item '%s' is listed twice", id);
    gdc_cat_item_t *p = grow_by_one(cx, ix->cat, ix->ncat, sizeof *p);
    if (!p)
        return -1;
    ix->cat = p;
    gdc_cat_item_t *c = &p[ix->ncat++];
    snprintf(c->id, sizeof c->id, "%s", id);
    snprintf(c->title, sizeof c->title, "%s", s);
    return 0;
}

typedef int (*line_parser_t)(ictx_t *cx, gdc_index_t *ix, char *s);

/* read the file cx->file (*present = 1 if it could be read) and hand each line that is not blank after
 * trim_line to parse, up to the first error; -1 on an error (present but unreadable, or a line's error) */
static int parse_lines(ictx_t *cx, gdc_index_t *ix, line_parser_t parse, int *present)
{
    char *text = gdc_input_read(cx->file, NULL, cx->err, cx->errlen);
    if (!text)
        return errno == ENOENT ? 0 : -1; /* absent: nothing to read; present but unreadable: an error */
    *present = 1;
    int rc = 0;
    for (char *line = text, *next; line && rc == 0; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        cx->line++;
        char *s = trim_line(line);
        if (*s)
            rc = parse(cx, ix, s);
    }
    free(text);
    return rc;
}

int gdc_index_load(gdc_index_t *ix, const char *dir, char *err, size_t errlen)
{
    memset(ix, 0, sizeof *ix);
    snprintf(ix->dir, sizeof ix->dir, "%s", dir);
    char path[1100];
    snprintf(path, sizeof path, "%s/CATALOGUE", dir);
    ictx_t cx = {path, 0, err, errlen};
    if (parse_lines(&cx, ix, parse_catalogue_line, &ix->has_catalogue))
        return -1;
    snprintf(path, sizeof path, "%s/INDEX", dir);
    cx.line = 0;
    if (parse_lines(&cx, ix, parse_index_line, &ix->has_index))
        return -1;
    return ix->nst > 0 ? check_statement(&cx, &ix->st[ix->nst - 1]) : 0;
}

void gdc_index_clear(gdc_index_t *ix)
{
    for (int i = 0; i < ix->nst; i++)
        free(ix->st[i].claims);
    free(ix->st);
    free(ix->cover);
    free(ix->cat);
    memset(ix, 0, sizeof *ix);
}

static int find_claim(const gdc_audit_item_t *items, int a, int b, const char *name)
{
    for (int i = a; i < b; i++)
        if (strcmp(items[i].name, name) == 0)
            return i;
    return -1;
}

/* an unknown claim name: perhaps its file does not parse (then say so, it is the real problem) */
static int unknown_claim(ictx_t *cx, const char *name, const gdc_index_t *ix, const gdc_audit_item_t *items, int a,
                         int b)
{
    for (int i = a; i < b; i++)
        if (!items[i].parsed)
            return fail(cx, "unknown claim '%s' (no claim file of %s declares it; %s)", name, ix->dir, items[i].detail);
    return fail(cx, "unknown claim '%s' (no claim file of %s declares it)", name, ix->dir);
}

int gdc_index_link(gdc_index_t *ix, const gdc_audit_item_t *items, int a, int b, char *err, size_t errlen)
{
    char path[1100];
    snprintf(path, sizeof path, "%s/INDEX", ix->dir);
    ictx_t cx = {path, 0, err, errlen};
    for (int s = 0; s < ix->nst; s++)
        for (int k = 0; k < ix->st[s].nclaims; k++) {
            gdc_index_claim_t *c = &ix->st[s].claims[k];
            c->item = find_claim(items, a, b, c->name);
            cx.line = c->line;
            if (c->item < 0)
                return unknown_claim(&cx, c->name, ix, items, a, b);
        }
    for (int i = 0; i < ix->ncover; i++) {
        const gdc_cover_t *cv = &ix->cover[i];
        if (cv->kind != GDC_COVER_CLAIM)
            continue;
        char names[sizeof cv->text];
        snprintf(names, sizeof names, "%s", cv->text);
        cx.line = cv->line;
        for (char *rest = names, *w; *(w = next_word(&rest));)
            if (find_claim(items, a, b, w) < 0)
                return unknown_claim(&cx, w, ix, items, a, b);
    }
    return 0;
}

/* a table spec named relative to the repository root (the folder above proofs/) or to the paper folder */
static int table_exists(const char *dir, const char *file)
{
    char p[2300];
    struct stat st;
    snprintf(p, sizeof p, "%s/../../%s", dir, file);
    if (stat(p, &st) == 0 && S_ISREG(st.st_mode))
        return 1;
    snprintf(p, sizeof p, "%s/%s", dir, file);
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

int gdc_index_coverage(gdc_index_t *ix)
{
    int missing = 0;
    for (int i = 0; i < ix->ncat; i++) {
        gdc_cat_item_t *c = &ix->cat[i];
        c->status = GDC_ITEM_MISSING;
        snprintf(c->by, sizeof c->by, "%s", "no INDEX line");
        for (int k = 0; k < ix->ncover; k++) {
            const gdc_cover_t *cv = &ix->cover[k];
            if (strcmp(cv->id, c->id) != 0)
                continue;
            int ok = 1;
            if (cv->kind == GDC_COVER_TABLE)
                ok = table_exists(ix->dir, cv->text);
            else if (cv->kind == GDC_COVER_ROW)
                ok = gdc_registry_find(cv->text) != NULL;
            else if (cv->kind == GDC_COVER_TEST || cv->kind == GDC_COVER_PROOF) { /* the test's source: first word */
                char file[1024];
                snprintf(file, sizeof file, "%.*s", (int)strcspn(cv->text, " \t"), cv->text);
                ok = table_exists(ix->dir, file);
            }
            static const char *const kw[] = {"claim", "table", "row", "not-numeric", "test", "proof"};
            if (!ok) { /* a table or row that does not exist covers nothing */
                if (c->status == GDC_ITEM_MISSING)
                    snprintf(c->by, sizeof c->by, "%s %.400s does not exist", kw[cv->kind], cv->text);
                continue;
            }
            if (cv->kind == GDC_COVER_TEST) { /* above not-numeric, below a certificate */
                if (c->status == GDC_ITEM_MISSING || c->status == GDC_ITEM_NOT_NUMERIC) {
                    c->status = GDC_ITEM_TESTED;
                    snprintf(c->by, sizeof c->by, "test %.490s", cv->text);
                }
            } else if (cv->kind == GDC_COVER_NOT_NUMERIC) {
                if (c->status == GDC_ITEM_MISSING) {
                    c->status = GDC_ITEM_NOT_NUMERIC;
                    snprintf(c->by, sizeof c->by, "%s", cv->text);
                }
            } else if (c->status != GDC_ITEM_COVERED) {
                c->status = GDC_ITEM_COVERED;
                snprintf(c->by, sizeof c->by, "%s %.490s", kw[cv->kind], cv->text);
            }
        }
        missing += c->status == GDC_ITEM_MISSING;
    }
    return missing;
}
