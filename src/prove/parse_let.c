/* Let functions of claim files (issue 10 section 4): `let f(x, y) = EXPR` and `let NAME = EXPR` lines, the
 * names a function's body sees (its parameters and what was defined before it), and the expansion at a call:
 * the body is parsed again with its parameters bound to the argument nodes, so the prover, the checker and
 * the certificates see only the expanded DAG. */
#include <stdlib.h>
#include <string.h>
#include "core/registry.h"
#include "prove/parse_impl.h"

/* names visible from the parse state: a let function's body sees its parameters and what was defined
 * before it */
int gdc_parse_scope_var(const pstate_t *ps, const char *name)
{
    int v = gdc_parse_find_var(ps->c, name);
    return ps->scope && v >= ps->scope->nvars ? -1 : v;
}

int gdc_parse_scope_let(const pstate_t *ps, const char *name)
{
    int l = gdc_parse_find_let(ps->c, name);
    return ps->scope && l >= ps->scope->nlets ? -1 : l;
}

int gdc_parse_scope_fn(const pstate_t *ps, const char *name)
{
    int f = gdc_parse_find_fn(ps->c, name);
    return ps->scope && f >= ps->scope->nfns ? -1 : f;
}

int gdc_parse_scope_param(const pstate_t *ps, const char *name)
{
    for (int i = 0; ps->scope && i < ps->scope->nparams; i++)
        if (strcmp(ps->scope->params[i], name) == 0)
            return ps->bind[i];
    return -1;
}

/* The call of let function f with args: its body parsed again with the parameters bound to args (the
 * substitution happens in the DAG, never in the text: f(a + b) is f of the node a + b). */
int gdc_parse_let_expand(pstate_t *ps, const fn_def_t *f, const int *args, int line, int col)
{
    gdc_lexer_t sub;
    memset(&sub, 0, sizeof sub);
    sub.text = f->body;
    sub.len = f->len;
    sub.line = f->line;
    sub.col = f->col;
    sub.file = f->file;
    pstate_t inner = {&sub, ps->c, ps->depth, f, args, NULL};
    int r = gdc_parse_expr_ps(&inner);
    if (sub.failed) {
        snprintf(ps->lx->err, sizeof ps->lx->err, "%s", sub.err);
        ps->lx->failed = 1;
        return -1;
    }
    if (r >= 0 && ps->c->nnodes > MAX_EXPANDED_NODES) {
        gdc_parse_error_at(ps->lx, line, col, "expected a smaller claim: with the let functions expanded it has more than %d "
                 "nodes (at the call of %s)", MAX_EXPANDED_NODES, f->name);
        return -1;
    }
    return r;
}

/* `(P1, P2, ...)` of a let function: distinct names, not a function's, pi or e */
static int fn_params(gdc_lexer_t *lx, const gdc_claim_t *c, fn_def_t *f)
{
    gdc_lex_skip_space(lx);
    int pl = lx->line, pc = lx->col;
    if (gdc_lex_accept(lx, ")")) {
        gdc_parse_error_at(lx, pl, pc, "expected a parameter name (a let without parameters is written without '()')");
        return -1;
    }
    do {
        gdc_lex_skip_space(lx);
        int line = lx->line, col = lx->col;
        char *p = f->params[f->nparams];
        if (f->nparams == MAX_PARAMS) {
            gdc_parse_error_at(lx, line, col, "expected at most %d parameters for %s", MAX_PARAMS, f->name);
            return -1;
        }
        if (gdc_lex_word(lx, p, GDC_PROVE_NAME_MAX))
            return -1;
        int dup = 0;
        for (int i = 0; i < f->nparams; i++)
            dup |= strcmp(f->params[i], p) == 0;
        if (dup || strchr(p, '.') || gdc_parse_builtin_index(p) >= 0 || gdc_parse_derived_index(p) >= 0 || gdc_parse_find_fn(c, p) >= 0 ||
            strcmp(p, "pi") == 0 || strcmp(p, "e") == 0 || strcmp(p, f->name) == 0) {
            gdc_parse_error_at(lx, line, col, "expected a new parameter name for %s, '%s' is %s", f->name, p,
                     dup ? "already a parameter" : "a function or constant (or has a dot)");
            return -1;
        }
        f->nparams++;
    } while (gdc_lex_accept(lx, ","));
    return gdc_lex_expect(lx, ")");
}

static void rollback_nodes(gdc_claim_t *c, int n)
{
    while (c->nnodes > n)
        fmpq_clear(c->nodes[--c->nnodes].q);
}

/* `let NAME(PARAMS) = EXPR`: the body is parsed once here (parameters bound to placeholder nodes, removed
 * again) to report its errors where it is written and to find its end; every call parses it again. */
static int d_let_fn(gdc_lexer_t *lx, gdc_claim_t *c, const char *name)
{
    struct gdc_parse_defs *D = c->defs;
    fn_def_t f;
    memset(&f, 0, sizeof f);
    strcpy(f.name, name);
    if (!D || fn_params(lx, c, &f) || gdc_lex_expect(lx, "="))
        return -1;
    gdc_lex_skip_space(lx);
    size_t start = lx->pos;
    f.body = lx->text + start;
    f.file = lx->file;
    f.line = lx->line;
    f.col = lx->col;
    f.nvars = c->nvars;
    f.nlets = c->nlets;
    f.nfns = D->nfns;
    int n0 = c->nnodes, ph[MAX_PARAMS];
    for (int i = 0; i < f.nparams; i++)
        if ((ph[i] = gdc_parse_int_node(c, 0, f.line, f.col)) < 0)
            return -1;
    pstate_t ps = {lx, c, 0, &f, ph, name};
    int e = gdc_parse_expr_ps(&ps);
    rollback_nodes(c, n0);
    if (e < 0)
        return -1;
    f.len = lx->pos - start;
    if (gdc_lex_expect_eol(lx))
        return -1;
    if (D->nfns == D->fns_cap) {
        int cap = D->fns_cap ? 2 * D->fns_cap : 8;
        fn_def_t *p = realloc(D->fns, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        D->fns = p;
        D->fns_cap = cap;
    }
    D->fns[D->nfns++] = f;
    return 0;
}

int gdc_parse_let_line(gdc_lexer_t *lx, gdc_claim_t *c)
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
    if (gdc_lex_accept(lx, "(")) {
        if (gdc_parse_derived_index(name) >= 0 || gdc_registry_find(name)) {
            gdc_parse_error_at(lx, line, col, "expected a new function name, '%s' is a function of the claim language", name);
            return -1;
        }
        return d_let_fn(lx, c, name);
    }
    if (gdc_lex_expect(lx, "="))
        return -1;
    int e = gdc_parse_expr(lx, c);
    if (e < 0)
        return -1;
    if (gdc_claim_add_let(c, name, e) < 0)
        return -1;
    return gdc_lex_expect_eol(lx);
}
