/* Certifying a table spec row by row: each row instantiates the params as exact constants (the spec's
 * `param` line becomes `let NAME = (VALUE)`), and each column becomes its own claim: `bound min|max` and
 * `prove` columns are decided by the prover; EXPR columns are enclosed with Arb, earlier columns entering
 * as variables ranging over their certified enclosures (so a ratio of two enclosures is certified too). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "audit/audit.h"

#define COL_LET "gdc_table_column_value"

typedef struct {
    char *buf;
    size_t n, cap;
} sbuf_t;

static int sb_add(sbuf_t *b, const char *s, size_t k)
{
    if (b->n + k + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->n + k + 1)
            cap *= 2;
        char *p = realloc(b->buf, cap);
        if (!p)
            return -1;
        b->buf = p;
        b->cap = cap;
    }
    memcpy(b->buf + b->n, s, k);
    b->n += k;
    b->buf[b->n] = 0;
    return 0;
}

static int sb_str(sbuf_t *b, const char *s) { return sb_add(b, s, strlen(s)); }

/* first word of a line */
static size_t first_word(const char *line, size_t len, char *w, size_t wn)
{
    size_t i = 0;
    while (i < len && (line[i] == ' ' || line[i] == '\t'))
        i++;
    size_t k = 0;
    while (i + k < len && (isalnum((unsigned char)line[i + k]) || line[i + k] == '_') && k + 1 < wn) {
        w[k] = line[i + k];
        k++;
    }
    w[k] = 0;
    return i;
}

/* The claim text of one cell: the spec without its table lines, params bound to the row's values, earlier
 * columns (col_vars) declared as variables, and the column's goal. */
static char *cell_text(const gdc_table_spec_t *s, const int *vidx, int col, int col_vars)
{
    sbuf_t b = {NULL, 0, 0};
    const char *t = s->text;
    size_t len = s->len, i = 0;
    int err = 0;
    while (i < len && !err) {
        size_t e = i;
        while (e < len && t[e] != '\n')
            e++;
        char w[32];
        first_word(t + i, e - i, w, sizeof w);
        if (strcmp(w, "param") == 0) {
            for (int p = 0; p < s->nparams; p++) {
                /* which param is on this line: the name follows the keyword */
                const char *q = t + i;
                while (*q == ' ' || *q == '\t')
                    q++;
                q += 5;
                while (*q == ' ' || *q == '\t')
                    q++;
                size_t nl = strlen(s->params[p].name);
                if (strncmp(q, s->params[p].name, nl) == 0 && !isalnum((unsigned char)q[nl]) && q[nl] != '_') {
                    err |= sb_str(&b, "let ") | sb_str(&b, s->params[p].name) | sb_str(&b, " = (") |
                           sb_str(&b, s->params[p].values[vidx[p]]) | sb_str(&b, ")");
                    break;
                }
            }
        } else if (strcmp(w, "column") && strcmp(w, "says") && strcmp(w, "expect") && strcmp(w, "prove") &&
                   strcmp(w, "bound"))
            err |= sb_add(&b, t + i, e - i);
        err |= sb_str(&b, "\n");
        i = e + 1;
    }
    if (col_vars)
        for (int k = 0; k < col; k++)
            if (s->cols[k].kind != GDC_COL_PROVE)
                err |= sb_str(&b, "var ") | sb_str(&b, s->cols[k].name) | sb_str(&b, " in [0, 1]\n");
    const gdc_table_col_t *c = &s->cols[col];
    switch (c->kind) {
    case GDC_COL_EXPR:
        err |= sb_str(&b, "let " COL_LET " = ") | sb_str(&b, c->expr) | sb_str(&b, "\n");
        break;
    case GDC_COL_MIN:
    case GDC_COL_MAX:
        err |= sb_str(&b, c->kind == GDC_COL_MIN ? "bound min " : "bound max ") | sb_str(&b, c->expr);
        if (c->tol)
            err |= sb_str(&b, " tol ") | sb_str(&b, c->tol);
        err |= sb_str(&b, "\n");
        break;
    case GDC_COL_PROVE:
        err |= sb_str(&b, "prove ") | sb_str(&b, c->expr) | sb_str(&b, "\n");
        break;
    }
    if (err) {
        free(b.buf);
        return NULL;
    }
    return b.buf;
}

static int find_let(const gdc_claim_t *c, const char *name)
{
    for (int i = c->nlets - 1; i >= 0; i--)
        if (strcmp(c->lets[i].name, name) == 0)
            return c->lets[i].node;
    return -1;
}

static int find_var(const gdc_claim_t *c, const char *name)
{
    for (int i = 0; i < c->nvars; i++)
        if (strcmp(c->vars[i].name, name) == 0)
            return i;
    return -1;
}

static int says_ignore(void *data, gdc_claim_t *c, gdc_lexer_t *lx, const char *kw)
{
    return gdc_says_hook(data, c, lx, kw);
}

/* EXPR column: enclosure of the expression with earlier columns as variables over their enclosures */
static int eval_expr_cell(const gdc_table_spec_t *s, gdc_table_cell_t *row, int col, const char *text, char *err,
                          size_t errlen)
{
    gdc_claim_meta_t meta;
    memset(&meta, 0, sizeof meta);
    gdc_claim_t *c = gdc_claim_parse_ex(text, strlen(text), s->file, GDC_PARSE_GOAL_OPTIONAL, says_ignore, &meta,
                                        err, errlen);
    if (!c)
        return -1;
    int node = find_let(c, COL_LET);
    int rc = 0;
    unsigned colmask = 0;
    for (int k = 0; k < col; k++) {
        int v = s->cols[k].kind != GDC_COL_PROVE ? find_var(c, s->cols[k].name) : -1;
        if (v >= 0)
            colmask |= 1u << v;
    }
    if (node < 0 || (c->nodes[node].deps & ~colmask)) {
        snprintf(err, errlen, "%s:%d:1: column '%s' depends on a variable (use 'bound min|max')", s->file,
                 s->cols[col].line, s->cols[col].name);
        gdc_claim_free(c);
        return -1;
    }
    for (int k = 0; k < col; k++) /* every column used must be certified */
        if (s->cols[k].kind != GDC_COL_PROVE) {
            int v = find_var(c, s->cols[k].name);
            if (v >= 0 && (c->nodes[node].deps & (1u << v)) && !row[k].ok) {
                gdc_claim_free(c);
                snprintf(row[col].text, sizeof row[col].text, "(needs %s)", s->cols[k].name);
                return 0;
            }
        }
    gdc_evalws_t ws;
    gdc_evalws_init(&ws, c);
    arb_ptr x = _arb_vec_init(c->nvars > 0 ? c->nvars : 1);
    for (int k = 0; k < col; k++)
        if (s->cols[k].kind != GDC_COL_PROVE && row[k].ok) {
            int v = find_var(c, s->cols[k].name);
            if (v >= 0)
                arb_set_interval_arf(x + v, row[k].lo, row[k].hi, 4 * 64 + 1024);
        }
    int done = 0;
    for (slong prec = 128; prec <= 1024 && !done; prec *= 2) {
        gdc_expr_eval(c, &ws, x, node, prec);
        if (!ws.ok[node] || !arb_is_finite(ws.val + node))
            continue;
        if (c->nodes[node].deps || arb_rel_accuracy_bits(ws.val + node) >= 64 || arb_is_exact(ws.val + node) ||
            prec == 1024) {
            arb_get_lbound_arf(row[col].lo, ws.val + node, ARF_PREC_EXACT);
            arb_get_ubound_arf(row[col].hi, ws.val + node, ARF_PREC_EXACT);
            row[col].ok = 1;
            done = 1;
        }
    }
    if (!done)
        snprintf(row[col].text, sizeof row[col].text, "(undefined)");
    _arb_vec_clear(x, c->nvars > 0 ? c->nvars : 1);
    gdc_evalws_clear(&ws);
    gdc_claim_free(c);
    return rc;
}

static int decide_cell(const gdc_table_spec_t *s, gdc_table_cell_t *cell, int col, const char *text,
                       const gdc_budget_t *b, char *err, size_t errlen)
{
    gdc_claim_meta_t meta;
    memset(&meta, 0, sizeof meta);
    gdc_claim_t *c = gdc_claim_parse_ex(text, strlen(text), s->file, 0, says_ignore, &meta, err, errlen);
    if (!c)
        return -1;
    gdc_result_t r;
    gdc_result_init(&r);
    gdc_verdict_t v = gdc_claim_decide(c, b, &r);
    cell->verdict = v;
    cell->boxes = r.boxes;
    if (s->cols[col].kind == GDC_COL_PROVE) {
        cell->ok = v == GDC_HOLDS || v == GDC_FAILS;
        snprintf(cell->text, sizeof cell->text, "%s", gdc_verdict_name(v));
    } else if ((v == GDC_BOUND_MET || v == GDC_BOUND_NOT_MET) && !r.bound_empty && arf_is_finite(r.bound_lo) &&
               arf_is_finite(r.bound_hi)) {
        arf_set(cell->lo, r.bound_lo);
        arf_set(cell->hi, r.bound_hi);
        cell->ok = 1;
    } else
        snprintf(cell->text, sizeof cell->text, "%s", v == GDC_ERROR ? "(error)" : gdc_verdict_name(v));
    if (v == GDC_ERROR)
        snprintf(err, errlen, "%s: column %s: %s", s->file, s->cols[col].name, r.message);
    gdc_result_clear(&r);
    gdc_claim_free(c);
    return v == GDC_ERROR ? -1 : 0;
}

int gdc_table_run(const gdc_table_spec_t *s, const gdc_budget_t *b, gdc_table_t *t, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    long rows = 1;
    for (int p = 0; p < s->nparams; p++) {
        rows *= s->params[p].nvalues;
        if (rows > GDC_TABLE_MAX_ROWS) {
            snprintf(err, errlen, "the parameters give more than %d rows", GDC_TABLE_MAX_ROWS);
            return -1;
        }
    }
    int nrows = (int)rows;
    t->nrows = nrows;
    t->ncols = s->ncols;
    t->nparams = s->nparams;
    t->param_text = calloc((size_t)nrows * (size_t)(s->nparams ? s->nparams : 1), sizeof *t->param_text);
    t->cells = calloc((size_t)nrows * (size_t)s->ncols, sizeof *t->cells);
    if (!t->param_text || !t->cells) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int i = 0; i < nrows * s->ncols; i++) {
        arf_init(t->cells[i].lo);
        arf_init(t->cells[i].hi);
    }
    int all_ok = 1;
    for (int row = 0; row < nrows; row++) {
        int vidx[GDC_TABLE_MAX_PARAMS] = {0};
        for (int p = s->nparams - 1, q = row; p >= 0; p--) {
            vidx[p] = q % s->params[p].nvalues;
            q /= s->params[p].nvalues;
        }
        for (int p = 0; p < s->nparams; p++)
            t->param_text[row * s->nparams + p] = s->params[p].values[vidx[p]];
        gdc_table_cell_t *cells = t->cells + (size_t)row * (size_t)s->ncols;
        for (int col = 0; col < s->ncols; col++) {
            int expr = s->cols[col].kind == GDC_COL_EXPR;
            char *text = cell_text(s, vidx, col, expr);
            if (!text) {
                snprintf(err, errlen, "out of memory");
                return -1;
            }
            int rc = expr ? eval_expr_cell(s, cells, col, text, err, errlen)
                          : decide_cell(s, &cells[col], col, text, b, err, errlen);
            free(text);
            if (rc < 0)
                return -1;
            if (cells[col].ok && s->cols[col].kind != GDC_COL_PROVE)
                gdc_fmt_enclosure(cells[col].text, sizeof cells[col].text, cells[col].lo, cells[col].hi, 10);
            if (!cells[col].ok)
                all_ok = 0;
        }
    }
    return all_ok ? 0 : 1;
}

void gdc_table_clear(gdc_table_t *t)
{
    if (t->cells)
        for (int i = 0; i < t->nrows * t->ncols; i++) {
            arf_clear(t->cells[i].lo);
            arf_clear(t->cells[i].hi);
        }
    free(t->cells);
    free(t->param_text);
    memset(t, 0, sizeof *t);
}
