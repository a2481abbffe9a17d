/* The claim parser's private interface (not installed), shared by parse.c (lexer, expressions, directives,
 * whole files), parse_let.c (let functions with parameters) and parse_include.c (include FILE). */
#ifndef GDC_PROVE_PARSE_IMPL_H
#define GDC_PROVE_PARSE_IMPL_H

#include <ctype.h>
#include <stddef.h>
#include "prove/prove.h"

#define MAX_PARAMS 8             /* parameters of a let function */
#define MAX_INCLUDE_DEPTH 8      /* nested includes */
#define MAX_EXPANDED_NODES 50000 /* nodes of a claim after the let functions are expanded */

/* A let function: its body is kept as text and parsed again at every call. */
typedef struct {
    char name[GDC_PROVE_NAME_MAX];
    int nparams;
    char params[MAX_PARAMS][GDC_PROVE_NAME_MAX];
    const char *body;          /* [body, body + len) in a text alive until the end of the parse */
    size_t len;
    const char *file;          /* where the body starts */
    int line, col;
    int nvars, nlets, nfns;    /* the variables, lets and functions defined before it: all it may use */
} fn_def_t;

struct gdc_parse_defs {
    fn_def_t *fns;
    int nfns, fns_cap;
    char **texts, **names;     /* included texts and the names of their files (owned) */
    char **real;               /* their canonical paths (a second include of a file is skipped) */
    int ntexts, texts_cap;
    const char *stack[MAX_INCLUDE_DEPTH + 2]; /* canonical paths of the files being read (cycles) */
    int depth;
    char *hashtext;            /* for each included file: "#include\n" and its normalised text */
    size_t hlen;
};

typedef struct {
    gdc_lexer_t *lx;
    gdc_claim_t *c;
    int depth;
    const fn_def_t *scope;     /* the let function whose body is parsed (its definition or a call), or NULL */
    const int *bind;           /* scope: the nodes its parameters stand for */
    const char *defining;      /* the let function being defined (a call to it is recursion) */
} pstate_t;

/* ---------------------------------------------------------------- lexer (parse.c) */

static inline int gdc_lex_peekc(const gdc_lexer_t *lx, size_t k)
{
    return lx->pos + k < lx->len ? (unsigned char)lx->text[lx->pos + k] : 0;
}

static inline int gdc_lex_is_word_start(int ch) { return isalpha(ch) || ch == '_'; }
static inline int gdc_lex_is_word_char(int ch) { return isalnum(ch) || ch == '_' || ch == '.'; }
void gdc_lex_advance(gdc_lexer_t *lx, size_t k);
void gdc_lex_skip_line(gdc_lexer_t *lx);
/* a one-line error "FILE:LINE:COL: ..." at line, col (the first error of a lexer is kept) */
void gdc_parse_error_at(gdc_lexer_t *lx, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* ---------------------------------------------------------------- names and expressions (parse.c) */

int gdc_parse_builtin_index(const char *name);
int gdc_parse_derived_index(const char *name);
int gdc_parse_find_var(const gdc_claim_t *c, const char *name);
int gdc_parse_find_let(const gdc_claim_t *c, const char *name);
int gdc_parse_find_fn(const gdc_claim_t *c, const char *name);
int gdc_parse_name_taken(const gdc_claim_t *c, const char *name);
int gdc_parse_int_node(gdc_claim_t *c, long v, int line, int col);
int gdc_parse_expr_ps(pstate_t *ps);
/* the rest of the line (up to a comment) into *dst (malloc'd) */
int gdc_parse_line_text(gdc_lexer_t *lx, char **dst, const char *what);

/* ---------------------------------------------------------------- let functions (parse_let.c) */

int gdc_parse_scope_var(const pstate_t *ps, const char *name);
int gdc_parse_scope_let(const pstate_t *ps, const char *name);
int gdc_parse_scope_fn(const pstate_t *ps, const char *name);
int gdc_parse_scope_param(const pstate_t *ps, const char *name);
int gdc_parse_let_expand(pstate_t *ps, const fn_def_t *f, const int *args, int line, int col);
int gdc_parse_let_line(gdc_lexer_t *lx, gdc_claim_t *c);

/* ---------------------------------------------------------------- include FILE (parse_include.c) */

int gdc_parse_include_line(gdc_lexer_t *lx, gdc_claim_t *c);
struct gdc_parse_defs *gdc_parse_defs_new(const char *file);
void gdc_parse_defs_free(struct gdc_parse_defs *D);

#endif
