/* Claim files (issue 3, section 1): a line-based lexer and a recursive-descent parser for the directives
 * claim, source, let, var, assume, prove, bound, expect, include and for expressions (+ - * / ^, functions,
 * registry ids called by name). Decimal literals are kept as exact rationals. Errors are one line
 * "FILE:LINE:COL: expected ...". Unknown directives go to an optional hook (table specs reuse this).
 * The let directive and let functions (`let f(x, y) = EXPR`, expanded where they are called) are in
 * parse_let.c, `include FILE` in parse_include.c; parse_impl.h is what the three share. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/input_file.h"
#include "prove/prove.h"
#include "prove/parse_impl.h"

#define MAX_NEST 200
#define MAX_DIGITS 2000
#define MAX_EXP10 2000
/* ---------------------------------------------------------------- lexer */

void gdc_lex_advance(gdc_lexer_t *lx, size_t k)
{
    while (k-- > 0 && lx->pos < lx->len) {
        if (lx->text[lx->pos] == '\n') {
            lx->line++;
            lx->col = 1;
        } else
            lx->col++;
        lx->pos++;
    }
}

static void verror_at(gdc_lexer_t *lx, int line, int col, const char *fmt, va_list ap)
{
    if (lx->failed)
        return;
    char msg[400];
    vsnprintf(msg, sizeof msg, fmt, ap);
    snprintf(lx->err, sizeof lx->err, "%s:%d:%d: %s", lx->file, line, col, msg);
    lx->failed = 1;
}

void gdc_parse_error_at(gdc_lexer_t *lx, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror_at(lx, line, col, fmt, ap);
    va_end(ap);
}

void gdc_lex_skip_space(gdc_lexer_t *lx)
{
    int ch;
    while ((ch = gdc_lex_peekc(lx, 0)) == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v')
        gdc_lex_advance(lx, 1);
}

void gdc_lex_error(gdc_lexer_t *lx, const char *fmt, ...)
{
    gdc_lex_skip_space(lx);
    va_list ap;
    va_start(ap, fmt);
    verror_at(lx, lx->line, lx->col, fmt, ap);
    va_end(ap);
}

int gdc_lex_at_eol(gdc_lexer_t *lx)
{
    gdc_lex_skip_space(lx);
    int ch = gdc_lex_peekc(lx, 0);
    return ch == 0 || ch == '\n' || ch == '#';
}

void gdc_lex_skip_line(gdc_lexer_t *lx)
{
    while (lx->pos < lx->len && lx->text[lx->pos] != '\n')
        gdc_lex_advance(lx, 1);
    gdc_lex_advance(lx, 1);
}

/* what stands at the current position, for messages */
static const char *got(gdc_lexer_t *lx, char *buf, size_t n)
{
    int ch = gdc_lex_peekc(lx, 0);
    if (ch == 0)
        return "end of file";
    if (ch == '\n' || ch == '#')
        return "end of line";
    if (isprint(ch))
        snprintf(buf, n, "'%c'", ch);
    else
        snprintf(buf, n, "byte 0x%02x", ch);
    return buf;
}

int gdc_lex_expect_eol(gdc_lexer_t *lx)
{
    if (gdc_lex_at_eol(lx))
        return 0;
    char b[32];
    gdc_lex_error(lx, "expected end of line, got %s", got(lx, b, sizeof b));
    return -1;
}

int gdc_lex_word(gdc_lexer_t *lx, char *buf, size_t n)
{
    gdc_lex_skip_space(lx);
    if (!gdc_lex_is_word_start(gdc_lex_peekc(lx, 0))) {
        char b[32];
        gdc_lex_error(lx, "expected a name, got %s", got(lx, b, sizeof b));
        return -1;
    }
    size_t k = 0;
    while (gdc_lex_is_word_char(gdc_lex_peekc(lx, k)))
        k++;
    if (k >= n) {
        gdc_lex_error(lx, "expected a name of at most %zu characters", n - 1);
        return -1;
    }
    memcpy(buf, lx->text + lx->pos, k);
    buf[k] = 0;
    gdc_lex_advance(lx, k);
    return 0;
}

int gdc_lex_accept(gdc_lexer_t *lx, const char *tok)
{
    gdc_lex_skip_space(lx);
    size_t k = strlen(tok);
    if (lx->pos + k > lx->len || memcmp(lx->text + lx->pos, tok, k) != 0)
        return 0;
    if (gdc_lex_is_word_char((unsigned char)tok[k - 1]) && gdc_lex_is_word_char(gdc_lex_peekc(lx, k)))
        return 0;
    gdc_lex_advance(lx, k);
    return 1;
}

int gdc_lex_expect(gdc_lexer_t *lx, const char *tok)
{
    if (gdc_lex_accept(lx, tok))
        return 0;
    char b[32];
    gdc_lex_error(lx, "expected '%s', got %s", tok, got(lx, b, sizeof b));
    return -1;
}

/* ---------------------------------------------------------------- nodes */

static int new_node(gdc_claim_t *c, int op, int a, int b, int line, int col)
{
    if (c->nnodes == c->nodes_cap) {
        int cap = c->nodes_cap ? 2 * c->nodes_cap : 64;
        gdc_node_t *p = realloc(c->nodes, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        c->nodes = p;
        c->nodes_cap = cap;
    }
    gdc_node_t *n = &c->nodes[c->nnodes];
    memset(n, 0, sizeof *n);
    fmpq_init(n->q);
    n->op = op;
    n->a = a;
    n->b = b;
    n->var = -1;
    n->line = line;
    n->col = col;
    n->deps = (a >= 0 ? c->nodes[a].deps : 0u) | (b >= 0 ? c->nodes[b].deps : 0u);
    return c->nnodes++;
}

int gdc_claim_node_sub(gdc_claim_t *c, int a, int b)
{
    return new_node(c, GDC_N_SUB, a, b, c->nodes[a].line, c->nodes[a].col);
}

static const struct { const char *name; int op, arity; } builtins[] = {
    {"sqrt", GDC_N_SQRT, 1}, {"exp", GDC_N_EXP, 1}, {"log", GDC_N_LOG, 1}, {"log1p", GDC_N_LOG1P, 1},
    {"expm1", GDC_N_EXPM1, 1}, {"sin", GDC_N_SIN, 1}, {"cos", GDC_N_COS, 1}, {"tan", GDC_N_TAN, 1},
    {"asin", GDC_N_ASIN, 1}, {"acos", GDC_N_ACOS, 1}, {"atan", GDC_N_ATAN, 1}, {"atan2", GDC_N_ATAN2, 2},
    {"sinh", GDC_N_SINH, 1}, {"cosh", GDC_N_COSH, 1}, {"tanh", GDC_N_TANH, 1}, {"erf", GDC_N_ERF, 1},
    {"erfc", GDC_N_ERFC, 1}, {"abs", GDC_N_ABS, 1}, {"min", GDC_N_MIN, 2}, {"max", GDC_N_MAX, 2},
    {"asinh", GDC_N_ASINH, 1}, {"atanh", GDC_N_ATANH, 1}, {"lgamma", GDC_N_LGAMMA, 1},
    {"digamma", GDC_N_DIGAMMA, 1}, {"besselj", GDC_N_BESSELJ, 2}, {"besseli", GDC_N_BESSELI, 2},
    {"besselk", GDC_N_BESSELK, 2}, {"bessely", GDC_N_BESSELY, 2}, {"xmsin3", GDC_N_XMSIN3, 1},
};
#define MAX_BESSEL_ORDER 1000
#define NBUILTINS ((int)(sizeof builtins / sizeof builtins[0]))

int gdc_parse_builtin_index(const char *name)
{
    for (int i = 0; i < NBUILTINS; i++)
        if (strcmp(builtins[i].name, name) == 0)
            return i;
    return -1;
}

/* Functions defined by the builtins above (the claim's DAG holds their definitions, so every form of the search and
 * the checker handles them; the claim hash covers the text as written):
 *   log2(x) = log(x)/log(2), log10(x) = log(x)/log(10), hypot(x, y) = sqrt(x^2 + y^2),
 *   Phi(x) = erfc(-x/sqrt(2))/2 (the normal CDF, without cancellation in its left tail),
 *   phi(x) = exp(-x^2/2)/sqrt(2 pi) (the normal density),
 *   gamma(x) = exp(lgamma(x)) (x > 0), besselj0(x) = besselj(0, x), besselj1(x) = besselj(1, x). */
static const struct { const char *name; int arity; } derived[] = {
    {"log2", 1}, {"log10", 1}, {"hypot", 2}, {"Phi", 1}, {"phi", 1}, {"gamma", 1}, {"besselj0", 1}, {"besselj1", 1},
};
#define NDERIVED ((int)(sizeof derived / sizeof derived[0]))

int gdc_parse_derived_index(const char *name)
{
    for (int i = 0; i < NDERIVED; i++)
        if (strcmp(derived[i].name, name) == 0)
            return i;
    return -1;
}

int gdc_parse_int_node(gdc_claim_t *c, long v, int line, int col)
{
    int n = new_node(c, GDC_N_NUM, -1, -1, line, col);
    if (n >= 0)
        fmpq_set_si(c->nodes[n].q, v, 1);
    return n;
}

/* the definition of derived function i applied to args; -1 if out of memory */
static int derived_node(gdc_claim_t *c, int i, const int *args, int line, int col)
{
#define NODE(op, a, b) new_node(c, (op), (a), (b), line, col)
#define INT(v) gdc_parse_int_node(c, (v), line, col)
    int x = args[0], t;
    switch (i) {
    case 0: /* log2 */
    case 1: /* log10 */
        return NODE(GDC_N_DIV, NODE(GDC_N_LOG, x, -1), NODE(GDC_N_LOG, INT(i == 0 ? 2 : 10), -1));
    case 2: /* hypot */
        t = NODE(GDC_N_ADD, NODE(GDC_N_POW, x, INT(2)), NODE(GDC_N_POW, args[1], INT(2)));
        return NODE(GDC_N_SQRT, t, -1);
    case 3: /* Phi */
        t = NODE(GDC_N_DIV, NODE(GDC_N_NEG, x, -1), NODE(GDC_N_SQRT, INT(2), -1));
        return NODE(GDC_N_DIV, NODE(GDC_N_ERFC, t, -1), INT(2));
    case 4: /* phi */
        t = NODE(GDC_N_NEG, NODE(GDC_N_DIV, NODE(GDC_N_POW, x, INT(2)), INT(2)), -1);
        return NODE(GDC_N_DIV, NODE(GDC_N_EXP, t, -1), NODE(GDC_N_SQRT, NODE(GDC_N_MUL, INT(2), NODE(GDC_N_PI, -1, -1)), -1));
    case 5: /* gamma */
        return NODE(GDC_N_EXP, NODE(GDC_N_LGAMMA, x, -1), -1);
    default: /* besselj0, besselj1 */
        return NODE(GDC_N_BESSELJ, x, INT(i - 6));
    }
#undef NODE
#undef INT
}

int gdc_parse_find_var(const gdc_claim_t *c, const char *name)
{
    for (int i = 0; i < c->nvars; i++)
        if (strcmp(c->vars[i].name, name) == 0)
            return i;
    return -1;
}

int gdc_parse_find_let(const gdc_claim_t *c, const char *name)
{
    for (int i = 0; i < c->nlets; i++)
        if (strcmp(c->lets[i].name, name) == 0)
            return i;
    return -1;
}

int gdc_parse_find_fn(const gdc_claim_t *c, const char *name)
{
    for (int i = 0; c->defs && i < c->defs->nfns; i++)
        if (strcmp(c->defs->fns[i].name, name) == 0)
            return i;
    return -1;
}

int gdc_parse_name_taken(const gdc_claim_t *c, const char *name)
{
    return gdc_parse_find_var(c, name) >= 0 || gdc_parse_find_let(c, name) >= 0 || gdc_parse_find_fn(c, name) >= 0 || gdc_parse_builtin_index(name) >= 0 ||
           strcmp(name, "pi") == 0 || strcmp(name, "e") == 0 || strchr(name, '.') != NULL;
}

int gdc_claim_add_var(gdc_claim_t *c, const char *name)
{
    if (c->nvars >= GDC_PROVE_MAX_VARS || gdc_parse_name_taken(c, name) || strlen(name) >= GDC_PROVE_NAME_MAX)
        return -1;
    gdc_var_t *v = &c->vars[c->nvars];
    memset(v, 0, sizeof *v);
    strcpy(v->name, name);
    v->lo = v->hi = -1;
    int node = new_node(c, GDC_N_VAR, -1, -1, 0, 0);
    if (node < 0)
        return -1;
    c->nodes[node].var = c->nvars;
    c->nodes[node].deps = 1u << c->nvars;
    /* the variable's node is found by scanning (one per variable) */
    return c->nvars++;
}

int gdc_claim_add_let(gdc_claim_t *c, const char *name, int node)
{
    if (gdc_parse_name_taken(c, name) || strlen(name) >= GDC_PROVE_NAME_MAX || node < 0 || node >= c->nnodes)
        return -1;
    if (c->nlets == c->lets_cap) {
        int cap = c->lets_cap ? 2 * c->lets_cap : 8;
        gdc_let_t *p = realloc(c->lets, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        c->lets = p;
        c->lets_cap = cap;
    }
    strcpy(c->lets[c->nlets].name, name);
    c->lets[c->nlets].node = node;
    return c->nlets++;
}

static int var_node(const gdc_claim_t *c, int var)
{
    for (int i = 0; i < c->nnodes; i++)
        if (c->nodes[i].op == GDC_N_VAR && c->nodes[i].var == var)
            return i;
    return -1;
}

/* ---------------------------------------------------------------- expressions */

static int p_number(pstate_t *ps)
{
    gdc_lexer_t *lx = ps->lx;
    int line = lx->line, col = lx->col;
    char digits[MAX_DIGITS + 2];
    size_t nd = 0, k = 0;
    long frac = 0, e10 = 0;
    int seen_digit = 0;
    while (isdigit(gdc_lex_peekc(lx, k))) {
        if (nd < MAX_DIGITS) digits[nd++] = (char)gdc_lex_peekc(lx, k);
        else goto toolong;
        k++;
        seen_digit = 1;
    }
    if (gdc_lex_peekc(lx, k) == '.') {
        k++;
        while (isdigit(gdc_lex_peekc(lx, k))) {
            if (nd < MAX_DIGITS) digits[nd++] = (char)gdc_lex_peekc(lx, k);
            else goto toolong;
            k++;
            frac++;
            seen_digit = 1;
        }
    }
    if (!seen_digit) {
        gdc_parse_error_at(lx, line, col, "expected a number");
        return -1;
    }
    if (gdc_lex_peekc(lx, k) == 'e' || gdc_lex_peekc(lx, k) == 'E') {
        size_t k2 = k + 1;
        int sign = 1;
        if (gdc_lex_peekc(lx, k2) == '+' || gdc_lex_peekc(lx, k2) == '-') {
            sign = gdc_lex_peekc(lx, k2) == '-' ? -1 : 1;
            k2++;
        }
        if (!isdigit(gdc_lex_peekc(lx, k2))) {
            gdc_lex_advance(lx, k2);
            gdc_parse_error_at(lx, lx->line, lx->col, "expected the digits of an exponent");
            return -1;
        }
        long ev = 0;
        while (isdigit(gdc_lex_peekc(lx, k2))) {
            if (ev < 100000)
                ev = ev * 10 + (gdc_lex_peekc(lx, k2) - '0');
            k2++;
        }
        e10 = sign * ev;
        k = k2;
    }
    if (gdc_lex_is_word_char(gdc_lex_peekc(lx, k)) && gdc_lex_peekc(lx, k) != '.') {
        gdc_lex_advance(lx, k);
        gdc_parse_error_at(lx, lx->line, lx->col, "expected an operator after the number");
        return -1;
    }
    e10 -= frac;
    if (e10 > MAX_EXP10 || e10 < -MAX_EXP10) {
        gdc_parse_error_at(lx, line, col, "expected a number with a decimal exponent within +-%d", MAX_EXP10);
        return -1;
    }
    digits[nd] = 0;
    int node = new_node(ps->c, GDC_N_NUM, -1, -1, line, col);
    if (node < 0)
        return -1;
    fmpz_t num, den;
    fmpz_init(num);
    fmpz_init(den);
    fmpz_set_str(num, digits, 10);
    fmpz_one(den);
    if (e10 >= 0) {
        fmpz_t p;
        fmpz_init(p);
        fmpz_ui_pow_ui(p, 10, (ulong)e10);
        fmpz_mul(num, num, p);
        fmpz_clear(p);
    } else
        fmpz_ui_pow_ui(den, 10, (ulong)(-e10));
    fmpq_set_fmpz_frac(ps->c->nodes[node].q, num, den);
    fmpz_clear(num);
    fmpz_clear(den);
    gdc_lex_advance(lx, k);
    return node;
toolong:
    gdc_parse_error_at(lx, line, col, "expected a number of at most %d digits", MAX_DIGITS);
    return -1;
}

/* what a name before '(' calls: a let function (*fi), a builtin (*bi), a derived function (*di) or a registry row
 * (*row); returns its arity, or -1 after an error */
static int call_target(pstate_t *ps, const char *name, int line, int col, int *fi, int *bi, int *di,
                       const gdc_row_t **row)
{
    gdc_lexer_t *lx = ps->lx;
    if (ps->defining && strcmp(name, ps->defining) == 0) {
        gdc_parse_error_at(lx, line, col, "expected no recursion: the let function %s cannot call itself (a let function "
                 "may call only those defined before it)", name);
        return -1;
    }
    *fi = gdc_parse_scope_fn(ps, name);
    *bi = *fi < 0 ? gdc_parse_builtin_index(name) : -1;
    *di = *fi < 0 && *bi < 0 ? gdc_parse_derived_index(name) : -1;
    *row = NULL;
    if (*fi >= 0)
        return ps->c->defs->fns[*fi].nparams;
    if (*bi >= 0)
        return builtins[*bi].arity;
    if (*di >= 0)
        return derived[*di].arity;
    if (gdc_parse_scope_param(ps, name) >= 0 || gdc_parse_scope_var(ps, name) >= 0 || gdc_parse_scope_let(ps, name) >= 0) {
        gdc_parse_error_at(lx, line, col, "expected a function before '(', got '%s', a %s without parameters", name,
                 gdc_parse_scope_param(ps, name) >= 0 ? "parameter" : gdc_parse_scope_var(ps, name) >= 0 ? "variable" : "let");
        return -1;
    }
    *row = gdc_registry_find(name);
    if (!*row) {
        gdc_parse_error_at(lx, line, col, "expected a function or registry id, got unknown function '%s' (known: "
                 "sqrt exp log log1p expm1 log2 log10 sin cos tan asin acos atan atan2 sinh cosh tanh asinh "
                 "atanh erf erfc Phi phi lgamma gamma digamma besselj besselj0 besselj1 besseli besselk bessely "
                 "hypot abs min max, the "
                 "let functions defined above, and the registry ids of gdcert list)", name);
        return -1;
    }
    return (*row)->nargs;
}

/* the parenthesised argument list of a call to name with the given arity; the first argument's position goes to
 * (*a0l, *a0c). Returns the number of arguments read, or -1 after an error. */
static int call_args(pstate_t *ps, const char *name, int arity, int args[GDC_MAX_ARGS], int *a0l, int *a0c)
{
    gdc_lexer_t *lx = ps->lx;
    int n = 0;
    if (gdc_lex_expect(lx, "("))
        return -1;
    if (gdc_lex_accept(lx, ")"))
        return 0;
    for (;;) {
        gdc_lex_skip_space(lx);
        int al = lx->line, ac = lx->col;
        if (n == 0) {
            *a0l = al;
            *a0c = ac;
        }
        int a = gdc_parse_expr_ps(ps);
        if (a < 0)
            return -1;
        if (n >= arity) {
            gdc_parse_error_at(lx, al, ac, "expected ')': %s takes %d argument%s", name, arity, arity == 1 ? "" : "s");
            return -1;
        }
        args[n++] = a;
        if (gdc_lex_accept(lx, ","))
            continue;
        if (gdc_lex_accept(lx, ")"))
            return n;
        char b[32];
        gdc_lex_error(lx, "expected ',' or ')', got %s", got(lx, b, sizeof b));
        return -1;
    }
}

/* besselX(n, x): the order must be an integer literal */
static int bessel_node(pstate_t *ps, const char *name, int bi, const int *args, int line, int col, int a0l, int a0c)
{
    const gdc_node_t *o = &ps->c->nodes[args[0]];
    if (!(o->op == GDC_N_NUM && fmpz_is_one(fmpq_denref(o->q)) && fmpz_sgn(fmpq_numref(o->q)) >= 0 &&
          fmpz_cmp_si(fmpq_numref(o->q), MAX_BESSEL_ORDER) <= 0)) {
        gdc_parse_error_at(ps->lx, a0l, a0c, "expected the order of %s(n, x) as an integer literal 0 to %d", name,
                 MAX_BESSEL_ORDER);
        return -1;
    }
    return new_node(ps->c, builtins[bi].op, args[1], args[0], line, col);
}

/* the output index after a row call: "[k]", required when the row has several outputs; -1 after an error */
static int row_output_index(pstate_t *ps, const char *name, const gdc_row_t *row)
{
    gdc_lexer_t *lx = ps->lx;
    gdc_lex_skip_space(lx);
    int il = lx->line, ic = lx->col;
    if (!gdc_lex_accept(lx, "[")) {
        if (row->nout > 1) {
            gdc_parse_error_at(lx, il, ic, "expected '[' and an output index: %s has %d outputs", name, row->nout);
            return -1;
        }
        return 0;
    }
    gdc_lex_skip_space(lx);
    il = lx->line;
    ic = lx->col;
    if (!isdigit(gdc_lex_peekc(lx, 0))) {
        gdc_lex_error(lx, "expected an output index (0 to %d)", row->nout - 1);
        return -1;
    }
    long k = 0;
    while (isdigit(gdc_lex_peekc(lx, 0))) {
        if (k < 1000)
            k = k * 10 + (gdc_lex_peekc(lx, 0) - '0');
        gdc_lex_advance(lx, 1);
    }
    if (k >= row->nout) {
        gdc_parse_error_at(lx, il, ic, "expected an output index 0 to %d for %s", row->nout - 1, name);
        return -1;
    }
    if (gdc_lex_expect(lx, "]"))
        return -1;
    return (int)k;
}

static int row_node(pstate_t *ps, const char *name, const gdc_row_t *row, const int *args, int n, int line, int col)
{
    gdc_claim_t *c = ps->c;
    int out = row_output_index(ps, name, row);
    if (out < 0)
        return -1;
    int node = new_node(c, GDC_N_REG, -1, -1, line, col);
    if (node < 0)
        return -1;
    gdc_node_t *nd = &c->nodes[node];
    nd->row = row;
    nd->nargs = n;
    nd->out = out;
    for (int i = 0; i < n; i++) {
        nd->args[i] = args[i];
        nd->deps |= c->nodes[args[i]].deps;
    }
    return node;
}

static int p_call(pstate_t *ps, const char *name, int line, int col)
{
    int fi, bi, di;
    const gdc_row_t *row;
    int arity = call_target(ps, name, line, col, &fi, &bi, &di, &row);
    if (arity < 0)
        return -1;
    int args[GDC_MAX_ARGS] = {0};
    int a0l = line, a0c = col;
    int n = call_args(ps, name, arity, args, &a0l, &a0c);
    if (n < 0)
        return -1;
    if (n != arity) {
        gdc_parse_error_at(ps->lx, line, col, "expected %d argument%s for %s, got %d", arity, arity == 1 ? "" : "s",
                           name, n);
        return -1;
    }
    if (fi >= 0)
        return gdc_parse_let_expand(ps, &ps->c->defs->fns[fi], args, line, col);
    if (di >= 0)
        return derived_node(ps->c, di, args, line, col);
    if (row == NULL && builtins[bi].op >= GDC_N_BESSELJ && builtins[bi].op <= GDC_N_BESSELY)
        return bessel_node(ps, name, bi, args, line, col, a0l, a0c);
    if (row == NULL)
        return new_node(ps->c, builtins[bi].op, args[0], arity > 1 ? args[1] : -1, line, col);
    return row_node(ps, name, row, args, n, line, col);
}

static int p_primary(pstate_t *ps)
{
    gdc_lexer_t *lx = ps->lx;
    gdc_claim_t *c = ps->c;
    gdc_lex_skip_space(lx);
    int line = lx->line, col = lx->col;
    int ch = gdc_lex_peekc(lx, 0);
    if (isdigit(ch) || (ch == '.' && isdigit(gdc_lex_peekc(lx, 1))))
        return p_number(ps);
    if (ch == '(') {
        gdc_lex_advance(lx, 1);
        int e = gdc_parse_expr_ps(ps);
        if (e < 0 || gdc_lex_expect(lx, ")"))
            return -1;
        return e;
    }
    if (gdc_lex_is_word_start(ch)) {
        char name[GDC_PROVE_NAME_MAX];
        if (gdc_lex_word(lx, name, sizeof name))
            return -1;
        gdc_lex_skip_space(lx);
        if (gdc_lex_peekc(lx, 0) == '(')
            return p_call(ps, name, line, col);
        int p = gdc_parse_scope_param(ps, name);
        if (p >= 0)
            return p;
        int v = gdc_parse_scope_var(ps, name);
        if (v >= 0)
            return var_node(c, v);
        int l = gdc_parse_scope_let(ps, name);
        if (l >= 0)
            return c->lets[l].node;
        if (strcmp(name, "pi") == 0)
            return new_node(c, GDC_N_PI, -1, -1, line, col);
        if (strcmp(name, "e") == 0)
            return new_node(c, GDC_N_E, -1, -1, line, col);
        if (gdc_parse_builtin_index(name) >= 0 || gdc_parse_derived_index(name) >= 0 || gdc_parse_scope_fn(ps, name) >= 0 || gdc_registry_find(name))
            gdc_parse_error_at(lx, lx->line, lx->col, "expected '(' after the function %s", name);
        else
            gdc_parse_error_at(lx, line, col, "expected a variable, let name, pi or e, got unknown name '%s'", name);
        return -1;
    }
    char b[32];
    gdc_parse_error_at(lx, line, col, "expected an expression, got %s", got(lx, b, sizeof b));
    return -1;
}

static int p_unary(pstate_t *ps);

static int p_power(pstate_t *ps)
{
    int base = p_primary(ps);
    if (base < 0)
        return -1;
    gdc_lexer_t *lx = ps->lx;
    gdc_lex_skip_space(lx);
    int line = lx->line, col = lx->col;
    if (gdc_lex_accept(lx, "^")) {
        int ex = p_unary(ps); /* right associative; 2^-1 allowed */
        if (ex < 0)
            return -1;
        return new_node(ps->c, GDC_N_POW, base, ex, line, col);
    }
    return base;
}

static int p_unary(pstate_t *ps)
{
    gdc_lexer_t *lx = ps->lx;
    if (++ps->depth > MAX_NEST) {
        gdc_lex_error(lx, "expected a less deeply nested expression (at most %d levels)", MAX_NEST);
        return -1;
    }
    gdc_lex_skip_space(lx);
    int line = lx->line, col = lx->col;
    int r;
    if (gdc_lex_accept(lx, "-")) {
        int a = p_unary(ps);
        r = a < 0 ? -1 : new_node(ps->c, GDC_N_NEG, a, -1, line, col);
    } else if (gdc_lex_accept(lx, "+"))
        r = p_unary(ps);
    else
        r = p_power(ps);
    ps->depth--;
    return r;
}

static int p_term(pstate_t *ps)
{
    int a = p_unary(ps);
    gdc_lexer_t *lx = ps->lx;
    while (a >= 0) {
        gdc_lex_skip_space(lx);
        int line = lx->line, col = lx->col;
        int op;
        if (gdc_lex_accept(lx, "*"))
            op = GDC_N_MUL;
        else if (gdc_lex_accept(lx, "/"))
            op = GDC_N_DIV;
        else
            break;
        int b = p_unary(ps);
        if (b < 0)
            return -1;
        a = new_node(ps->c, op, a, b, line, col);
    }
    return a;
}

int gdc_parse_expr_ps(pstate_t *ps)
{
    gdc_lexer_t *lx = ps->lx;
    if (++ps->depth > MAX_NEST) {
        gdc_lex_error(lx, "expected a less deeply nested expression (at most %d levels)", MAX_NEST);
        return -1;
    }
    int a = p_term(ps);
    while (a >= 0) {
        gdc_lex_skip_space(lx);
        int line = lx->line, col = lx->col;
        int op;
        if (gdc_lex_accept(lx, "+"))
            op = GDC_N_ADD;
        else if (gdc_lex_accept(lx, "-"))
            op = GDC_N_SUB;
        else
            break;
        int b = p_term(ps);
        if (b < 0)
            return -1;
        a = new_node(ps->c, op, a, b, line, col);
    }
    ps->depth--;
    return a;
}

int gdc_parse_expr(gdc_lexer_t *lx, gdc_claim_t *c)
{
    pstate_t ps = {lx, c, 0, NULL, NULL, NULL};
    int r = gdc_parse_expr_ps(&ps);
    if (r < 0 && !lx->failed)
        gdc_lex_error(lx, "expected an expression (out of memory)");
    return lx->failed ? -1 : r;
}

static int parse_const_expr(gdc_lexer_t *lx, gdc_claim_t *c)
{
    gdc_lex_skip_space(lx);
    int line = lx->line, col = lx->col;
    int e = gdc_parse_expr(lx, c);
    if (e >= 0 && c->nodes[e].deps != 0) {
        gdc_parse_error_at(lx, line, col, "expected a constant expression (no variables)");
        return -1;
    }
    return e;
}

int gdc_parse_relation(gdc_lexer_t *lx, gdc_claim_t *c, gdc_rel_t *rel)
{
    gdc_lex_skip_space(lx);
    rel->line = lx->line;
    int l = gdc_parse_expr(lx, c);
    if (l < 0)
        return -1;
    gdc_cmp_t op;
    if (gdc_lex_accept(lx, "<="))
        op = GDC_CMP_LE;
    else if (gdc_lex_accept(lx, ">="))
        op = GDC_CMP_GE;
    else if (gdc_lex_accept(lx, "<"))
        op = GDC_CMP_LT;
    else if (gdc_lex_accept(lx, ">"))
        op = GDC_CMP_GT;
    else {
        char b[32];
        gdc_lex_error(lx, "expected one of < <= > >=, got %s", got(lx, b, sizeof b));
        return -1;
    }
    int r = gdc_parse_expr(lx, c);
    if (r < 0)
        return -1;
    rel->lhs = l;
    rel->rhs = r;
    rel->op = op;
    rel->strict = op == GDC_CMP_LT || op == GDC_CMP_GT;
    rel->diff = (op == GDC_CMP_GT || op == GDC_CMP_GE) ? gdc_claim_node_sub(c, l, r) : gdc_claim_node_sub(c, r, l);
    return rel->diff < 0 ? -1 : 0;
}

/* ---------------------------------------------------------------- directives */

static int d_claim(gdc_lexer_t *lx, gdc_claim_t *c)
{
    gdc_lex_skip_space(lx);
    size_t k = 0;
    int ch;
    while ((ch = gdc_lex_peekc(lx, k)) && (isalnum(ch) || strchr("._:/-", ch)))
        k++;
    if (k == 0) {
        char b[32];
        gdc_lex_error(lx, "expected a claim name (letters, digits, ._:/-), got %s", got(lx, b, sizeof b));
        return -1;
    }
    if (k >= sizeof c->name) {
        gdc_lex_error(lx, "expected a claim name of at most %d characters", (int)sizeof c->name - 1);
        return -1;
    }
    memcpy(c->name, lx->text + lx->pos, k);
    c->name[k] = 0;
    gdc_lex_advance(lx, k);
    return gdc_lex_expect_eol(lx);
}

/* source TEXT and says TEXT: the rest of the line (up to a comment) */
int gdc_parse_line_text(gdc_lexer_t *lx, char **dst, const char *what)
{
    gdc_lex_skip_space(lx);
    size_t k = 0;
    while (gdc_lex_peekc(lx, k) && gdc_lex_peekc(lx, k) != '\n' && gdc_lex_peekc(lx, k) != '#')
        k++;
    while (k > 0 && isspace((unsigned char)lx->text[lx->pos + k - 1]))
        k--;
    if (k == 0) {
        gdc_lex_error(lx, "expected the %s text", what);
        return -1;
    }
    free(*dst);
    *dst = malloc(k + 1);
    if (!*dst)
        return -1;
    memcpy(*dst, lx->text + lx->pos, k);
    (*dst)[k] = 0;
    gdc_lex_advance(lx, k);
    return gdc_lex_expect_eol(lx);
}

/* The extreme integer of a range end a (a ball enclosing the constant): the least integer >= a (> a if open)
 * for a lower end, the greatest <= a (< a if open) for an upper end. 0 ok, -1 the ball does not determine it
 * (it contains an integer in its interior, or is not finite), -2 too large (|a| > 2^1000). */
static int int_end(fmpz_t out, const arb_t a, int upper, int open)
{
    if (!arb_is_finite(a))
        return -1;
    arf_t L, U;
    fmpz_t l, u;
    arf_init(L);
    arf_init(U);
    fmpz_init(l);
    fmpz_init(u);
    arb_get_lbound_arf(L, a, ARF_PREC_EXACT);
    arb_get_ubound_arf(U, a, ARF_PREC_EXACT);
    int rc = 0;
    if (arf_cmpabs_2exp_si(L, 1000) > 0 || arf_cmpabs_2exp_si(U, 1000) > 0)
        rc = -2;
    else {
        /* lower closed: ceil; lower open: floor + 1; upper closed: floor; upper open: ceil - 1 */
        arf_rnd_t rnd = (upper == open) ? ARF_RND_CEIL : ARF_RND_FLOOR;
        arf_get_fmpz(l, L, rnd);
        arf_get_fmpz(u, U, rnd);
        if (!fmpz_equal(l, u))
            rc = -1;
        else {
            fmpz_set(out, l);
            if (!upper && open)
                fmpz_add_ui(out, out, 1);
            if (upper && open)
                fmpz_sub_ui(out, out, 1);
        }
    }
    arf_clear(L);
    arf_clear(U);
    fmpz_clear(l);
    fmpz_clear(u);
    return rc;
}

/* `integer` after a range: the least and greatest integer of the range, exactly (raising the precision
 * until the enclosures of the ends determine them); an empty set is an error naming the variable. */
static int integer_range(gdc_lexer_t *lx, gdc_claim_t *c, gdc_var_t *v, int col)
{
    arb_t a;
    arb_init(a);
    int rc = -1;
    for (int e = 0; e < 2; e++) {
        int node = e ? v->hi : v->lo, open = e ? v->hi_open : v->lo_open;
        rc = -1;
        for (slong prec = 64; prec <= 4096 && rc == -1; prec *= 4) {
            if (gdc_expr_eval_const(c, node, a, prec)) {
                rc = -3;
                break;
            }
            rc = int_end(e ? v->ihi : v->ilo, a, e, open);
        }
        if (rc) {
            gdc_parse_error_at(lx, v->line, col, "expected an integer range for '%s' (its %s end %s)", v->name,
                     e ? "upper" : "lower",
                     rc == -3   ? "is undefined"
                     : rc == -2 ? "is above 2^1000 in magnitude"
                                : "cannot be rounded to an integer exactly: it is too close to one");
            arb_clear(a);
            return -1;
        }
    }
    arb_clear(a);
    if (fmpz_cmp(v->ilo, v->ihi) > 0) {
        gdc_parse_error_at(lx, v->line, col, "expected at least one integer in the range of '%s' (its integer range is empty)",
                 v->name);
        return -1;
    }
    return 0;
}

/* is the next word (after blanks) exactly w? */
static int next_word_is(gdc_lexer_t *lx, const char *w)
{
    gdc_lex_skip_space(lx);
    size_t k = 0, n = strlen(w);
    while (gdc_lex_is_word_char(gdc_lex_peekc(lx, k)))
        k++;
    return k == n && memcmp(lx->text + lx->pos, w, n) == 0;
}

static int d_var(gdc_lexer_t *lx, gdc_claim_t *c)
{
    char name[GDC_PROVE_NAME_MAX];
    gdc_lex_skip_space(lx);
    int line = lx->line, col = lx->col;
    if (gdc_lex_word(lx, name, sizeof name))
        return -1;
    if (gdc_parse_name_taken(c, name)) {
        gdc_parse_error_at(lx, line, col, "expected a new name (no dots), '%s' is already used", name);
        return -1;
    }
    if (c->nvars >= GDC_PROVE_MAX_VARS) {
        gdc_parse_error_at(lx, line, col, "expected at most %d variables", GDC_PROVE_MAX_VARS);
        return -1;
    }
    if (gdc_lex_expect(lx, "in"))
        return -1;
    int lo_open;
    if (gdc_lex_accept(lx, "["))
        lo_open = 0;
    else if (gdc_lex_accept(lx, "("))
        lo_open = 1;
    else {
        char b[32];
        gdc_lex_error(lx, "expected '[' or '(', got %s", got(lx, b, sizeof b));
        return -1;
    }
    int lo = parse_const_expr(lx, c);
    if (lo < 0 || gdc_lex_expect(lx, ","))
        return -1;
    int hi = parse_const_expr(lx, c);
    if (hi < 0)
        return -1;
    int hi_open;
    if (gdc_lex_accept(lx, "]"))
        hi_open = 0;
    else if (gdc_lex_accept(lx, ")"))
        hi_open = 1;
    else {
        char b[32];
        gdc_lex_error(lx, "expected ']' or ')', got %s", got(lx, b, sizeof b));
        return -1;
    }
    int integer = next_word_is(lx, "integer");
    if (integer)
        gdc_lex_advance(lx, 7);
    char *means = NULL; /* `means TEXT`: what the variable stands for (shown with witnesses) */
    if (next_word_is(lx, "means")) {
        gdc_lex_advance(lx, 5);
        if (gdc_parse_line_text(lx, &means, "means")) {
            free(means);
            return -1;
        }
    } else if (!gdc_lex_at_eol(lx)) {
        gdc_parse_error_at(lx, lx->line, lx->col, "expected 'integer' or the end of the line after the range (or 'means TEXT')");
        return -1;
    }
    int v = gdc_claim_add_var(c, name);
    if (v < 0) {
        free(means);
        return -1;
    }
    c->vars[v].means = means;
    c->vars[v].lo = lo;
    c->vars[v].hi = hi;
    c->vars[v].lo_open = lo_open;
    c->vars[v].hi_open = hi_open;
    c->vars[v].line = line;
    c->vars[v].integer = integer;
    if (integer && integer_range(lx, c, &c->vars[v], col))
        return -1;
    return 0;
}

static int d_assume(gdc_lexer_t *lx, gdc_claim_t *c)
{
    gdc_rel_t rel;
    if (gdc_parse_relation(lx, c, &rel))
        return -1;
    if (c->nassumes == c->assumes_cap) {
        int cap = c->assumes_cap ? 2 * c->assumes_cap : 4;
        gdc_rel_t *p = realloc(c->assumes, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        c->assumes = p;
        c->assumes_cap = cap;
    }
    c->assumes[c->nassumes++] = rel;
    return gdc_lex_expect_eol(lx);
}

static int d_goal(gdc_lexer_t *lx, gdc_claim_t *c, const char *kw, int line, int col)
{
    if (c->goal_kind != GDC_GOAL_NONE) {
        gdc_parse_error_at(lx, line, col, "expected only one goal (prove or bound), the first is on line %d", c->goal_line);
        return -1;
    }
    c->goal_line = line;
    if (strcmp(kw, "prove") == 0) {
        if (gdc_parse_relation(lx, c, &c->goal))
            return -1;
        c->goal_kind = GDC_GOAL_PROVE;
        return gdc_lex_expect_eol(lx);
    }
    if (gdc_lex_accept(lx, "min"))
        c->goal_kind = GDC_GOAL_MIN;
    else if (gdc_lex_accept(lx, "max"))
        c->goal_kind = GDC_GOAL_MAX;
    else {
        char b[32];
        gdc_lex_error(lx, "expected 'min' or 'max', got %s", got(lx, b, sizeof b));
        return -1;
    }
    c->bound_expr = gdc_parse_expr(lx, c);
    if (c->bound_expr < 0)
        return -1;
    if (gdc_lex_accept(lx, "tol")) {
        c->tol = parse_const_expr(lx, c);
        if (c->tol < 0)
            return -1;
    }
    return gdc_lex_expect_eol(lx);
}

static int d_expect(gdc_lexer_t *lx, gdc_claim_t *c)
{
    if (c->expect != GDC_EXPECT_NONE) {
        gdc_lex_error(lx, "expected only one expect directive");
        return -1;
    }
    if (gdc_lex_accept(lx, "holds"))
        c->expect = GDC_EXPECT_HOLDS;
    else if (gdc_lex_accept(lx, "fails"))
        c->expect = GDC_EXPECT_FAILS;
    else if (gdc_lex_accept(lx, "[")) {
        c->expect_lo = parse_const_expr(lx, c);
        if (c->expect_lo < 0 || gdc_lex_expect(lx, ","))
            return -1;
        c->expect_hi = parse_const_expr(lx, c);
        if (c->expect_hi < 0 || gdc_lex_expect(lx, "]"))
            return -1;
        c->expect = GDC_EXPECT_RANGE;
    } else {
        char b[32];
        gdc_lex_error(lx, "expected 'holds', 'fails' or '[LO, HI]', got %s", got(lx, b, sizeof b));
        return -1;
    }
    return gdc_lex_expect_eol(lx);
}

/* ---------------------------------------------------------------- whole files */

static gdc_claim_t *claim_new(const char *file)
{
    gdc_claim_t *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->file = strdup(file ? file : "<claim>");
    c->tol = -1;
    c->bound_expr = -1;
    c->objective = -1;
    c->expect_lo = c->expect_hi = -1;
    c->goal.lhs = c->goal.rhs = c->goal.diff = -1;
    return c;
}

void gdc_claim_free(gdc_claim_t *c)
{
    if (!c)
        return;
    for (int i = 0; i < c->nnodes; i++)
        fmpq_clear(c->nodes[i].q);
    for (int i = 0; i < GDC_PROVE_MAX_VARS; i++) { /* zero (calloc) is a valid fmpz */
        fmpz_clear(c->vars[i].ilo);
        fmpz_clear(c->vars[i].ihi);
        free(c->vars[i].means);
    }
    gdc_parse_defs_free(c->defs);
    free(c->nodes);
    free(c->lets);
    free(c->assumes);
    free(c->source);
    free(c->says);
    free(c->file);
    free(c);
}

gdc_claim_t *gdc_claim_parse_ex(const char *text, size_t len, const char *file, int flags,
                                gdc_directive_fn hook, void *hook_data, char *err, size_t errlen)
{
    gdc_claim_t *c = claim_new(file);
    if (!c) {
        snprintf(err, errlen, "%s: out of memory", file ? file : "<claim>");
        return NULL;
    }
    c->defs = gdc_parse_defs_new(file);
    if (!c->defs) {
        snprintf(err, errlen, "%s: out of memory", c->file);
        gdc_claim_free(c);
        return NULL;
    }
    gdc_lexer_t lx;
    memset(&lx, 0, sizeof lx);
    lx.text = text;
    lx.len = len;
    lx.line = lx.col = 1;
    lx.file = c->file;
    int have_claim = 0;
    if (memchr(text, 0, len) != NULL) {
        const char *z = memchr(text, 0, len);
        /* locate the NUL for the message */
        gdc_lex_advance(&lx, (size_t)(z - text));
        gdc_lex_error(&lx, "expected text, got a NUL byte");
        goto fail;
    }
    while (lx.pos < lx.len) {
        if (gdc_lex_at_eol(&lx)) {
            gdc_lex_skip_line(&lx);
            continue;
        }
        int line = lx.line, col = lx.col;
        char kw[GDC_PROVE_NAME_MAX];
        if (!gdc_lex_is_word_start(gdc_lex_peekc(&lx, 0))) {
            char b[32];
            gdc_lex_error(&lx, "expected a directive (claim, source, says, let, include, var, assume, prove, bound, expect), got %s",
                          got(&lx, b, sizeof b));
            goto fail;
        }
        if (gdc_lex_word(&lx, kw, sizeof kw))
            goto fail;
        int rc;
        if (!have_claim && strcmp(kw, "claim") != 0) {
            gdc_parse_error_at(&lx, line, col, "expected 'claim NAME' as the first directive");
            goto fail;
        }
        if (strcmp(kw, "claim") == 0) {
            if (have_claim) {
                gdc_parse_error_at(&lx, line, col, "expected one claim per file (claim is already given)");
                goto fail;
            }
            have_claim = 1;
            rc = d_claim(&lx, c);
        } else if (strcmp(kw, "source") == 0)
            rc = gdc_parse_line_text(&lx, &c->source, "source");
        else if (strcmp(kw, "says") == 0)
            rc = gdc_parse_line_text(&lx, &c->says, "says");
        else if (strcmp(kw, "let") == 0)
            rc = gdc_parse_let_line(&lx, c);
        else if (strcmp(kw, "include") == 0)
            rc = gdc_parse_include_line(&lx, c);
        else if (strcmp(kw, "var") == 0)
            rc = d_var(&lx, c);
        else if (strcmp(kw, "assume") == 0)
            rc = d_assume(&lx, c);
        else if (strcmp(kw, "prove") == 0 || strcmp(kw, "bound") == 0)
            rc = d_goal(&lx, c, kw, line, col);
        else if (strcmp(kw, "expect") == 0)
            rc = d_expect(&lx, c);
        else {
            rc = hook ? hook(hook_data, c, &lx, kw) : 1;
            if (rc == 1) {
                gdc_parse_error_at(&lx, line, col,
                         "expected a directive (claim, source, says, let, include, var, assume, prove, bound, expect), got '%s'", kw);
                goto fail;
            }
        }
        if (rc != 0 || lx.failed) {
            if (!lx.failed)
                gdc_parse_error_at(&lx, line, col, "expected a valid '%s' line (out of memory)", kw);
            goto fail;
        }
        gdc_lex_skip_line(&lx);
    }
    if (!have_claim) {
        gdc_parse_error_at(&lx, 1, 1, "expected 'claim NAME' as the first directive");
        goto fail;
    }
    if (c->goal_kind == GDC_GOAL_NONE && !(flags & GDC_PARSE_GOAL_OPTIONAL)) {
        gdc_parse_error_at(&lx, lx.line, lx.col, "expected a goal (prove or bound) before the end of file");
        goto fail;
    }
    if ((c->expect == GDC_EXPECT_RANGE && c->goal_kind == GDC_GOAL_PROVE) ||
        ((c->expect == GDC_EXPECT_HOLDS || c->expect == GDC_EXPECT_FAILS) &&
         (c->goal_kind == GDC_GOAL_MIN || c->goal_kind == GDC_GOAL_MAX))) {
        gdc_parse_error_at(&lx, c->goal_line, 1, "expected 'expect holds|fails' with prove and 'expect [LO, HI]' with bound");
        goto fail;
    }
    if (c->goal_kind == GDC_GOAL_PROVE)
        c->objective = c->goal.diff;
    else if (c->goal_kind == GDC_GOAL_MIN)
        c->objective = c->bound_expr;
    else if (c->goal_kind == GDC_GOAL_MAX) {
        c->objective = new_node(c, GDC_N_NEG, c->bound_expr, -1, c->nodes[c->bound_expr].line,
                                c->nodes[c->bound_expr].col);
        if (c->objective < 0)
            goto fail;
    }
    {
        char *norm = gdc_claim_normalise(text, len);
        if (!norm)
            goto fail;
        size_t k = strlen(norm), h = c->defs->hlen;
        char *all = h ? realloc(norm, k + h + 1) : norm;
        if (!all) {
            free(norm);
            goto fail;
        }
        if (h)
            memcpy(all + k, c->defs->hashtext, h + 1);
        gdc_sha256(c->hash, all, k + h);
        free(all);
    }
    gdc_parse_defs_free(c->defs);
    c->defs = NULL;
    return c;
fail:
    snprintf(err, errlen, "%s", lx.failed ? lx.err : "out of memory");
    gdc_claim_free(c);
    return NULL;
}

gdc_claim_t *gdc_claim_parse(const char *text, size_t len, const char *file, char *err, size_t errlen)
{
    return gdc_claim_parse_ex(text, len, file, 0, NULL, NULL, err, errlen);
}

gdc_claim_t *gdc_claim_parse_file(const char *path, char *err, size_t errlen)
{
    size_t n;
    char *buf = gdc_input_read(path, &n, err, errlen);
    if (!buf)
        return NULL;
    gdc_claim_t *c = gdc_claim_parse(buf, n, path, err, errlen);
    free(buf);
    return c;
}

char *gdc_claim_normalise(const char *text, size_t len)
{
    char *out = malloc(len + 2);
    if (!out)
        return NULL;
    size_t o = 0, i = 0;
    while (i < len) {
        /* one line */
        size_t line_start = o;
        int pending_space = 0;
        while (i < len && text[i] != '\n') {
            unsigned char ch = (unsigned char)text[i];
            if (ch == '#') {
                while (i < len && text[i] != '\n')
                    i++;
                break;
            }
            if (isspace(ch)) {
                pending_space = 1;
                i++;
                continue;
            }
            if (pending_space && o > line_start && gdc_lex_is_word_char((unsigned char)out[o - 1]) && gdc_lex_is_word_char(ch))
                out[o++] = ' ';
            pending_space = 0;
            out[o++] = (char)ch;
            i++;
        }
        if (o > line_start)
            out[o++] = '\n';
        i++;
    }
    out[o] = 0;
    return out;
}
