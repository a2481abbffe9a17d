/* include FILE in claim files (issue 10 section 4): an included file holds `let` lines (with or without
 * parameters) and further includes, read as if written at the include line; its path is relative to the
 * folder of the including file (parse_file.c). A file included a second time (not through a cycle) is
 * skipped; a cycle and nesting deeper than MAX_INCLUDE_DEPTH are errors. The claim hash covers each included
 * text (normalised, in the order read), so a certificate no longer checks when an included file changes.
 * Also the parse's definitions (struct gdc_parse_defs): let functions and included texts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/input_file.h"
#include "prove/parse_file.h"
#include "prove/parse_impl.h"

static int parse_included(gdc_lexer_t *lx, gdc_claim_t *c);

static int grow_texts(struct gdc_parse_defs *D)
{
    if (D->ntexts < D->texts_cap)
        return 0;
    int cap = D->texts_cap ? 2 * D->texts_cap : 4;
    char **t = realloc(D->texts, (size_t)cap * sizeof *t);
    if (t) D->texts = t;
    char **nm = realloc(D->names, (size_t)cap * sizeof *nm);
    if (nm) D->names = nm;
    char **r = realloc(D->real, (size_t)cap * sizeof *r);
    if (r) D->real = r;
    if (!t || !nm || !r)
        return -1;
    D->texts_cap = cap;
    return 0;
}

static int hash_append(struct gdc_parse_defs *D, const char *text, size_t n)
{
    char *norm = gdc_claim_normalise(text, n);
    if (!norm)
        return -1;
    size_t k = strlen(norm);
    char *h = realloc(D->hashtext, D->hlen + k + 10);
    if (!h) {
        free(norm);
        return -1;
    }
    memcpy(h + D->hlen, "#include\n", 9);
    memcpy(h + D->hlen + 9, norm, k + 1);
    D->hashtext = h;
    D->hlen += 9 + k;
    free(norm);
    return 0;
}

/* read and parse the file at path (canonical path real) */
static int include_file(gdc_lexer_t *lx, gdc_claim_t *c, const char *path, const char *real, int line, int col)
{
    struct gdc_parse_defs *D = c->defs;
    char err[400];
    size_t n = 0;
    if (grow_texts(D))
        return -1;
    char *text = gdc_input_read(path, &n, err, sizeof err);
    if (!text) {
        gdc_parse_error_at(lx, line, col, "expected a file to include: %s", err);
        return -1;
    }
    int k = D->ntexts++;
    D->texts[k] = text;
    D->names[k] = strdup(path);
    D->real[k] = strdup(real);
    if (!D->names[k] || !D->real[k] || hash_append(D, text, n))
        return -1;
    gdc_lexer_t sub;
    memset(&sub, 0, sizeof sub);
    sub.text = text;
    sub.len = n;
    sub.line = sub.col = 1;
    sub.file = D->names[k];
    const char *z = memchr(text, 0, n);
    if (z) {
        gdc_lex_advance(&sub, (size_t)(z - text));
        gdc_lex_error(&sub, "expected text, got a NUL byte");
    } else {
        D->stack[D->depth++] = D->real[k];
        parse_included(&sub, c);
        D->depth--;
    }
    if (sub.failed) {
        snprintf(lx->err, sizeof lx->err, "%s", sub.err);
        lx->failed = 1;
        return -1;
    }
    return 0;
}

int gdc_parse_include_line(gdc_lexer_t *lx, gdc_claim_t *c)
{
    struct gdc_parse_defs *D = c->defs;
    gdc_lex_skip_space(lx);
    int line = lx->line, col = lx->col;
    char *rel = NULL;
    if (!D || gdc_parse_line_text(lx, &rel, "include file name")) {
        free(rel);
        return -1;
    }
    char *path = gdc_path_beside(lx->file, rel);
    free(rel);
    if (!path)
        return -1;
    char *real = realpath(path, NULL);
    int rc = -1, seen = 0;
    for (int i = 0; real && i < D->ntexts; i++)
        seen |= strcmp(D->real[i], real) == 0;
    int cycle = 0;
    for (int i = 0; real && i < D->depth; i++)
        cycle |= strcmp(D->stack[i], real) == 0;
    if (!real)
        gdc_parse_error_at(lx, line, col, "expected a file to include: %s: cannot open", path);
    else if (cycle)
        gdc_parse_error_at(lx, line, col, "expected no include cycle: '%s' is already being read (it includes itself)", path);
    else if (D->depth > MAX_INCLUDE_DEPTH)
        gdc_parse_error_at(lx, line, col, "expected includes nested at most %d deep ('%s')", MAX_INCLUDE_DEPTH, path);
    else
        rc = seen ? 0 : include_file(lx, c, path, real, line, col);
    free(real);
    free(path);
    return rc;
}

/* the lines of an included file: let and include */
static int parse_included(gdc_lexer_t *lx, gdc_claim_t *c)
{
    while (lx->pos < lx->len && !lx->failed) {
        if (gdc_lex_at_eol(lx)) {
            gdc_lex_skip_line(lx);
            continue;
        }
        int line = lx->line, col = lx->col, rc = -1;
        char kw[GDC_PROVE_NAME_MAX];
        if (!gdc_lex_is_word_start(gdc_lex_peekc(lx, 0)) || gdc_lex_word(lx, kw, sizeof kw))
            kw[0] = 0;
        if (strcmp(kw, "let") == 0)
            rc = gdc_parse_let_line(lx, c);
        else if (strcmp(kw, "include") == 0)
            rc = gdc_parse_include_line(lx, c);
        else {
            lx->failed = 0;
            gdc_parse_error_at(lx, line, col, "expected 'let' or 'include' in an included file, got %s%s%s",
                     kw[0] ? "'" : "a line not starting with a directive", kw, kw[0] ? "'" : "");
        }
        if (rc != 0 && !lx->failed)
            gdc_parse_error_at(lx, line, col, "expected a valid '%s' line (out of memory)", kw);
        gdc_lex_skip_line(lx);
    }
    return lx->failed ? -1 : 0;
}

struct gdc_parse_defs *gdc_parse_defs_new(const char *file)
{
    struct gdc_parse_defs *D = calloc(1, sizeof *D);
    if (!D || grow_texts(D)) {
        free(D);
        return NULL;
    }
    /* the claim file itself at the bottom of the include stack (an include of it is a cycle) */
    char *real = file ? realpath(file, NULL) : NULL;
    if (real) {
        D->texts[0] = NULL;
        D->names[0] = NULL;
        D->real[0] = real;
        D->ntexts = 1;
        D->stack[D->depth++] = real;
    }
    return D;
}

void gdc_parse_defs_free(struct gdc_parse_defs *D)
{
    if (!D)
        return;
    for (int i = 0; i < D->ntexts; i++) {
        free(D->texts[i]);
        free(D->names[i]);
        free(D->real[i]);
    }
    free(D->texts);
    free(D->names);
    free(D->real);
    free(D->fns);
    free(D->hashtext);
    free(D);
}
