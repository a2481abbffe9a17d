/* Table specs (issue 4, section 2): a claim file with `param NAME in {EXPR, EXPR, ...}` lines and
 * `column NAME = EXPR`, `column NAME = bound min|max EXPR [tol EXPR]` or `column NAME = prove EXPR OP EXPR`
 * lines, read through the claim parser's directive hook. A column may use the parameters and, for an
 * EXPR column, the names of earlier EXPR/bound columns (their certified enclosures). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "audit/audit.h"
#include "core/input_file.h"

typedef struct {
    gdc_table_spec_t *s;
} spec_hook_t;

static int name_used(const gdc_claim_t *c, const gdc_table_spec_t *s, const char *name)
{
    for (int i = 0; i < c->nvars; i++)
        if (strcmp(c->vars[i].name, name) == 0)
            return 1;
    for (int i = 0; i < c->nlets; i++)
        if (strcmp(c->lets[i].name, name) == 0)
            return 1;
    for (int i = 0; i < s->ncols; i++)
        if (strcmp(s->cols[i].name, name) == 0)
            return 1;
    return 0;
}

/* bind name to node as a `let` of the claim, so that later lines may use it */
static int add_let(gdc_claim_t *c, const char *name, int node)
{
    if (c->nlets == c->lets_cap) {
        int cap = c->lets_cap ? 2 * c->lets_cap : 8;
        gdc_let_t *p = realloc(c->lets, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        c->lets = p;
        c->lets_cap = cap;
    }
    snprintf(c->lets[c->nlets].name, sizeof c->lets[c->nlets].name, "%s", name);
    c->lets[c->nlets].node = node;
    c->nlets++;
    return 0;
}

static char *span_dup(const gdc_lexer_t *lx, size_t a, size_t b)
{
    while (a < b && isspace((unsigned char)lx->text[a]))
        a++;
    while (b > a && isspace((unsigned char)lx->text[b - 1]))
        b--;
    char *s = malloc(b - a + 1);
    if (s) {
        memcpy(s, lx->text + a, b - a);
        s[b - a] = 0;
    }
    return s;
}

/* Appends text (owned from now on; NULL means out of memory) to p's values. */
static int push_value(gdc_table_param_t *p, char *text)
{
    if (!text)
        return -1;
    if (p->nvalues == p->cap) {
        int cap = p->cap ? 2 * p->cap : 16;
        char **v = realloc(p->values, (size_t)cap * sizeof *v);
        if (!v) {
            free(text);
            return -1;
        }
        p->values = v;
        p->cap = cap;
    }
    p->values[p->nvalues++] = text;
    return 0;
}

static int d_param(gdc_table_spec_t *s, gdc_claim_t *c, gdc_lexer_t *lx)
{
    if (s->nparams >= GDC_TABLE_MAX_PARAMS) {
        gdc_lex_error(lx, "expected at most %d param lines", GDC_TABLE_MAX_PARAMS);
        return -1;
    }
    gdc_table_param_t *p = &s->params[s->nparams];
    memset(p, 0, sizeof *p);
    if (gdc_lex_word(lx, p->name, sizeof p->name))
        return -1;
    if (strchr(p->name, '.') || name_used(c, s, p->name)) {
        gdc_lex_error(lx, "expected a new parameter name (no dots), '%s' is already used", p->name);
        return -1;
    }
    s->nparams++; /* own the values from now on (freed by gdc_table_spec_clear) */
    if (gdc_lex_accept(lx, "from")) { /* param NAME from A to B: the integers A, A+1, ..., B */
        long ab[2];
        for (int k = 0; k < 2; k++) {
            if (k == 1 && gdc_lex_expect(lx, "to"))
                return -1;
            gdc_lex_skip_space(lx);
            char *end;
            errno = 0;
            ab[k] = strtol(lx->text + lx->pos, &end, 10);
            size_t used = (size_t)(end - (lx->text + lx->pos));
            if (used == 0 || used > 9 || errno) {
                gdc_lex_error(lx, "expected an integer");
                return -1;
            }
            lx->pos += used;
            lx->col += (int)used;
        }
        if (ab[1] < ab[0] || ab[1] - ab[0] >= GDC_TABLE_MAX_VALUES) {
            gdc_lex_error(lx, "expected 'from A to B' with A <= B and at most %d values", GDC_TABLE_MAX_VALUES);
            return -1;
        }
        char num[32];
        for (long v = ab[0]; v <= ab[1]; v++) {
            snprintf(num, sizeof num, "%ld", v);
            if (push_value(p, strdup(num)))
                return -1;
        }
        char let_text[64];
        snprintf(let_text, sizeof let_text, "%ld", ab[0]);
        gdc_lexer_t sub;
        memset(&sub, 0, sizeof sub);
        sub.text = let_text;
        sub.len = strlen(let_text);
        sub.line = sub.col = 1;
        sub.file = lx->file;
        int e = gdc_parse_expr(&sub, c);
        if (e < 0 || add_let(c, p->name, e))
            return -1;
        return gdc_lex_expect_eol(lx);
    }
    if (gdc_lex_expect(lx, "in") || gdc_lex_expect(lx, "{"))
        return -1;
    int first = -1;
    for (;;) {
        if (p->nvalues >= GDC_TABLE_MAX_VALUES) {
            gdc_lex_error(lx, "expected at most %d values", GDC_TABLE_MAX_VALUES);
            return -1;
        }
        gdc_lex_skip_space(lx);
        size_t a = lx->pos;
        int e = gdc_parse_expr(lx, c);
        if (e < 0)
            return -1;
        if (c->nodes[e].deps) {
            gdc_lex_error(lx, "expected a constant value (no variables) for parameter '%s'", p->name);
            return -1;
        }
        if (push_value(p, span_dup(lx, a, lx->pos)))
            return -1;
        if (first < 0)
            first = e;
        if (gdc_lex_accept(lx, ","))
            continue;
        if (gdc_lex_expect(lx, "}"))
            return -1;
        break;
    }
    if (add_let(c, p->name, first))
        return -1;
    return gdc_lex_expect_eol(lx);
}

static int d_column(gdc_table_spec_t *s, gdc_claim_t *c, gdc_lexer_t *lx)
{
    if (s->ncols >= GDC_TABLE_MAX_COLS) {
        gdc_lex_error(lx, "expected at most %d columns", GDC_TABLE_MAX_COLS);
        return -1;
    }
    gdc_table_col_t *col = &s->cols[s->ncols];
    memset(col, 0, sizeof *col);
    col->line = lx->line;
    if (gdc_lex_word(lx, col->name, sizeof col->name))
        return -1;
    if (strchr(col->name, '.') || name_used(c, s, col->name)) {
        gdc_lex_error(lx, "expected a new column name (no dots), '%s' is already used", col->name);
        return -1;
    }
    if (gdc_lex_expect(lx, "="))
        return -1;
    int node = -1;
    col->kind = GDC_COL_EXPR;
    if (gdc_lex_accept(lx, "bound")) {
        if (gdc_lex_accept(lx, "min"))
            col->kind = GDC_COL_MIN;
        else if (gdc_lex_accept(lx, "max"))
            col->kind = GDC_COL_MAX;
        else {
            gdc_lex_error(lx, "expected 'min' or 'max' after 'bound'");
            return -1;
        }
    } else if (gdc_lex_accept(lx, "prove"))
        col->kind = GDC_COL_PROVE;
    gdc_lex_skip_space(lx);
    size_t a = lx->pos;
    s->ncols++;
    if (col->kind == GDC_COL_PROVE) {
        gdc_rel_t rel;
        if (gdc_parse_relation(lx, c, &rel))
            return -1;
    } else {
        node = gdc_parse_expr(lx, c);
        if (node < 0)
            return -1;
    }
    col->expr = span_dup(lx, a, lx->pos);
    if (!col->expr)
        return -1;
    if ((col->kind == GDC_COL_MIN || col->kind == GDC_COL_MAX) && gdc_lex_accept(lx, "tol")) {
        gdc_lex_skip_space(lx);
        size_t t0 = lx->pos;
        int t = gdc_parse_expr(lx, c);
        if (t < 0)
            return -1;
        if (c->nodes[t].deps) {
            gdc_lex_error(lx, "expected a constant tolerance");
            return -1;
        }
        col->tol = span_dup(lx, t0, lx->pos);
        if (!col->tol)
            return -1;
    }
    if (node >= 0 && add_let(c, col->name, node))
        return -1;
    return gdc_lex_expect_eol(lx);
}

static int spec_hook(void *data, gdc_claim_t *c, gdc_lexer_t *lx, const char *kw)
{
    gdc_table_spec_t *s = data;
    if (strcmp(kw, "says") == 0)
        return gdc_says_hook(&s->meta, c, lx, kw);
    if (strcmp(kw, "param") == 0)
        return d_param(s, c, lx);
    if (strcmp(kw, "column") == 0)
        return d_column(s, c, lx);
    return 1;
}

int gdc_table_spec_load(gdc_table_spec_t *s, const char *path, char *err, size_t errlen)
{
    size_t len;
    char *text = gdc_input_read(path, &len, err, errlen);
    if (!text) {
        memset(s, 0, sizeof *s);
        return -1;
    }
    int rc = gdc_table_spec_parse(s, text, len, path, err, errlen);
    free(text);
    return rc;
}

int gdc_table_spec_parse(gdc_table_spec_t *s, const char *text, size_t len, const char *path, char *err,
                         size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->text = malloc(len + 1);
    s->file = strdup(path);
    if (!s->text || !s->file) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    memcpy(s->text, text, len);
    s->text[len] = 0;
    s->len = len;
    s->claim = gdc_claim_parse_ex(s->text, s->len, path, GDC_PARSE_GOAL_OPTIONAL, spec_hook, s, err, errlen);
    if (!s->claim)
        return -1;
    gdc_claim_says(&s->meta, s->claim);
    if (s->ncols == 0) {
        snprintf(err, errlen, "%s: expected at least one 'column NAME = ...' line", path);
        return -1;
    }
    if (s->claim->goal_kind != GDC_GOAL_NONE) {
        snprintf(err, errlen, "%s:%d:1: expected no prove/bound goal in a table spec (use column NAME = bound ...)",
                 path, s->claim->goal_line);
        return -1;
    }
    return 0;
}

void gdc_table_spec_clear(gdc_table_spec_t *s)
{
    for (int i = 0; i < s->nparams; i++) {
        for (int j = 0; j < s->params[i].nvalues; j++)
            free(s->params[i].values[j]);
        free(s->params[i].values);
    }
    for (int i = 0; i < s->ncols; i++) {
        free(s->cols[i].expr);
        free(s->cols[i].tol);
    }
    gdc_claim_free(s->claim);
    free(s->text);
    free(s->file);
    memset(s, 0, sizeof *s);
}
