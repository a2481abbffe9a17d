/* The prover's public API (issue 3): claim files -> gdc_claim_t (parse.c), deciding a claim by certified
 * branch and bound over boxes with Arb (search.c), certificates written by the search (cert.c) and
 * re-decided leaf by leaf by a separate small checker (checker.c).
 *
 * No global state: a claim, a budget and a result are plain values; many claims may be decided in one
 * process (one after the other or from several threads, each with its own structs). */
#ifndef GDC_PROVE_H
#define GDC_PROVE_H

#include <stddef.h>
#include "gdc_arb.h"
#include <flint/fmpq.h>
#include "core/registry.h"

#define GDC_PROVE_MAX_VARS 10 /* split dimensions are written as one digit in certificates */
#define GDC_PROVE_NAME_MAX 64

/* ---------------------------------------------------------------- expressions */

/* Node operations. Nodes of a claim form a DAG stored in creation order (children before parents). */
typedef enum {
    GDC_N_NUM, GDC_N_PI, GDC_N_E, GDC_N_VAR,
    GDC_N_NEG, GDC_N_ADD, GDC_N_SUB, GDC_N_MUL, GDC_N_DIV, GDC_N_POW,
    GDC_N_SQRT, GDC_N_EXP, GDC_N_LOG, GDC_N_LOG1P, GDC_N_EXPM1,
    GDC_N_SIN, GDC_N_COS, GDC_N_TAN, GDC_N_ASIN, GDC_N_ACOS, GDC_N_ATAN,
    GDC_N_SINH, GDC_N_COSH, GDC_N_TANH, GDC_N_ERF, GDC_N_ERFC,
    GDC_N_ASINH, GDC_N_ATANH, GDC_N_LGAMMA, GDC_N_DIGAMMA,
    GDC_N_XMSIN3, /* (x - sin x)/x^3, 1/6 at 0 */
    GDC_N_BESSELJ, GDC_N_BESSELI, GDC_N_BESSELK, GDC_N_BESSELY, /* J_n(x), I_n(x), K_n(x), Y_n(x): a = x,
                                                                    b = the order n (an integer literal >= 0) */
    GDC_N_ABS,
    GDC_N_ATAN2, GDC_N_MIN, GDC_N_MAX,
    GDC_N_REG /* a registry id called by name: row->fn_arb, output `out` */
} gdc_nop_t;

typedef struct {
    int op;
    int a, b;                  /* children (node indices), -1 if unused */
    int var;                   /* GDC_N_VAR: variable index */
    const gdc_row_t *row;      /* GDC_N_REG */
    int nargs, out;            /* GDC_N_REG: number of args, output index */
    int args[GDC_MAX_ARGS];    /* GDC_N_REG: argument nodes */
    fmpq_t q;                  /* GDC_N_NUM: the literal, exactly */
    unsigned deps;             /* bit i set: depends on variable i */
    int line, col;             /* where it was written (1-based) */
} gdc_node_t;

typedef enum { GDC_CMP_LT, GDC_CMP_LE, GDC_CMP_GT, GDC_CMP_GE } gdc_cmp_t;

/* A relation `lhs OP rhs`; `diff` is the node lhs - rhs (for >, >=) or rhs - lhs (for <, <=), so the
 * relation holds iff diff > 0 (strict) or diff >= 0. */
typedef struct {
    int lhs, rhs, diff;
    gdc_cmp_t op;
    int strict;
    int line;
} gdc_rel_t;

typedef struct {
    char name[GDC_PROVE_NAME_MAX];
    int lo, hi;                /* constant nodes */
    int lo_open, hi_open;      /* as written */
    int line;
    int integer;               /* `var NAME in [A, B] integer`: ranges over the integers in the range */
    fmpz_t ilo, ihi;           /* integer: the least and greatest integer in the range (ilo <= ihi), exact */
    char *means;               /* `var ... means TEXT`: what the variable stands for, or NULL */
} gdc_var_t;

/* An end of a variable's box is open (not quantified over): never for an integer variable, whose box ends
 * are the extreme integers of its range (both in the set). */
static inline int gdc_var_lo_open(const gdc_var_t *v) { return v->lo_open && !v->integer; }
static inline int gdc_var_hi_open(const gdc_var_t *v) { return v->hi_open && !v->integer; }

typedef struct {
    char name[GDC_PROVE_NAME_MAX];
    int node;
} gdc_let_t;

typedef enum { GDC_GOAL_NONE, GDC_GOAL_PROVE, GDC_GOAL_MIN, GDC_GOAL_MAX } gdc_goal_kind_t;
typedef enum { GDC_EXPECT_NONE, GDC_EXPECT_HOLDS, GDC_EXPECT_FAILS, GDC_EXPECT_RANGE } gdc_expect_t;

typedef struct {
    char *file;                /* file name used in messages */
    char name[128];            /* claim NAME */
    char *source;              /* source TEXT or NULL */
    char *says;                /* says TEXT (a one-line reading of the statement) or NULL */
    gdc_node_t *nodes;
    int nnodes, nodes_cap;
    gdc_var_t vars[GDC_PROVE_MAX_VARS];
    int nvars;
    gdc_let_t *lets;
    int nlets, lets_cap;
    gdc_rel_t *assumes;
    int nassumes, assumes_cap;
    gdc_goal_kind_t goal_kind;
    gdc_rel_t goal;            /* GDC_GOAL_PROVE */
    int bound_expr;            /* GDC_GOAL_MIN/MAX: the expression */
    int objective;             /* node minimised: bound_expr (min) or -bound_expr (max); prove: goal.diff */
    int tol;                   /* constant node or -1 (default tolerance) */
    gdc_expect_t expect;
    int expect_lo, expect_hi;  /* GDC_EXPECT_RANGE: constant nodes */
    int goal_line;
    unsigned char hash[32];    /* SHA-256 of the normalised claim text and of every included text */
    struct gdc_parse_defs *defs; /* while parsing only (NULL after): functions of `let NAME(PARAMS) = EXPR`
                                  and the texts of `include FILE` (parse_include.c) */
} gdc_claim_t;

/* ---------------------------------------------------------------- parsing */

/* A lexer over one claim text; exposed so that other file formats (table specs) can add directives. */
typedef struct {
    const char *text;
    size_t len, pos;
    int line, col;             /* of pos */
    const char *file;
    char err[512];             /* "FILE:LINE:COL: expected ..." once an error happened */
    int failed;
} gdc_lexer_t;

/* Called for a directive keyword the claim format does not know, with the lexer just after the keyword.
 * Return 0 if handled (the rest of the line consumed), -1 on error (set with gdc_lex_error), 1 if the
 * directive is unknown to the hook too. */
typedef int (*gdc_directive_fn)(void *data, gdc_claim_t *c, gdc_lexer_t *lx, const char *keyword);

#define GDC_PARSE_GOAL_OPTIONAL 1  /* no goal directive required (table specs) */

/* Parse a claim. On error returns NULL and writes one line "FILE:LINE:COL: expected ..." into err. */
gdc_claim_t *gdc_claim_parse(const char *text, size_t len, const char *file, char *err, size_t errlen);
gdc_claim_t *gdc_claim_parse_file(const char *path, char *err, size_t errlen);
gdc_claim_t *gdc_claim_parse_ex(const char *text, size_t len, const char *file, int flags,
                                gdc_directive_fn hook, void *hook_data, char *err, size_t errlen);
void gdc_claim_free(gdc_claim_t *c);

/* Building blocks for directive hooks. */
void gdc_lex_error(gdc_lexer_t *lx, const char *fmt, ...);
void gdc_lex_skip_space(gdc_lexer_t *lx);
int gdc_lex_at_eol(gdc_lexer_t *lx);              /* only spaces/comment left on the line */
int gdc_lex_expect_eol(gdc_lexer_t *lx);          /* 0 ok, -1 error */
int gdc_lex_word(gdc_lexer_t *lx, char *buf, size_t n); /* identifier (letters, digits, _ and .) */
int gdc_lex_accept(gdc_lexer_t *lx, const char *tok);   /* 1 and consumed if next token is tok */
int gdc_lex_expect(gdc_lexer_t *lx, const char *tok);   /* 0 ok, -1 error "expected 'tok'" */
/* Parse an expression; returns its node or -1 (error set). */
int gdc_parse_expr(gdc_lexer_t *lx, gdc_claim_t *c);
/* Parse `EXPR OP EXPR` into rel; 0 ok, -1 error. */
int gdc_parse_relation(gdc_lexer_t *lx, gdc_claim_t *c, gdc_rel_t *rel);
/* Add a variable (range nodes set later by the caller); returns its index or -1. */
int gdc_claim_add_var(gdc_claim_t *c, const char *name);
/* Add a named constant or sub-expression (as `let`); returns its index or -1 (name taken). */
int gdc_claim_add_let(gdc_claim_t *c, const char *name, int node);
/* Create node lhs - rhs (used for relation differences). */
int gdc_claim_node_sub(gdc_claim_t *c, int a, int b);

/* The normalised text a claim hash is computed over: comments dropped, blank lines dropped, whitespace
 * kept only between two word characters (as one space). Returns a malloc'd string. */
char *gdc_claim_normalise(const char *text, size_t len);
void gdc_sha256(unsigned char out[32], const void *data, size_t len);
void gdc_sha256_hex(char out[65], const unsigned char h[32]);

/* ---------------------------------------------------------------- evaluation */

/* Workspace for evaluating a claim's nodes on balls (plain), with forward-mode gradients (AD, order 1) or
 * with gradients and Hessians (order 2). */
typedef struct {
    int nnodes, nvars;
    arb_ptr val;               /* nnodes values */
    arb_ptr grad;              /* nnodes * nvars partial derivatives (order >= 1) */
    arb_ptr hess;              /* nnodes * nvars * nvars second partials (order 2; allocated on first use) */
    char *ok;                  /* value defined and finite */
    char *gok;                 /* gradient known and finite */
    char *hok;                 /* Hessian known and finite */
    slong const_prec;          /* precision of cached constant nodes, 0 if none */
    arb_ptr tmp;               /* scratch */
    char *nonneg;              /* static sign analysis: node i is >= 0 wherever it is defined */
    int *canon;                /* the first node structurally equal to node i (same function of the vars) */
    unsigned char *dom_end;    /* [node * GDC_MAX_ARGS + k] bit 0/1: registry argument k is a variable whose
                                  lower/upper range end lies in the row's domain (exactly; expr_analyse.c) */
    unsigned touch;            /* set by the caller before evaluating on a box: bit 2i (2i+1) set when the
                                  box's lower (upper) end in dimension i is the range end of variable i */
    unsigned flat;             /* set by the caller: bit i set when the box is one point in dimension i; the
                                  gradient seed of variable i is then 0 (no form multiplies d/dx_i by
                                  anything but 0 there, so an integer argument needs no derivative) */
    const char *dom_err;       /* after an evaluation: the first registry argument found certainly outside
                                  its domain, as "ROW argument NAME in DOMAIN" (static text in ws), or NULL */
    char dom_buf[160];
    int dom_unsure;            /* after an evaluation: some registry argument was not certainly inside its
                                  domain nor certainly outside (a ball across a domain end) */
    double deadline;           /* set by the caller (core/deadline.h; 0: none): rows with fn_arb_timed see it,
                                  and no row is called once it has passed (its outputs are indeterminate) */
    arb_ptr cval;              /* gdc_expr_centre: every node's value at the centre point (nnodes) */
    char *cok;                 /*   defined there */
    arb_ptr cdx;               /*   X - c per variable (0 in flat dimensions) */
    int centred;               /* set while a *_centred evaluation runs */
    struct gdc_rowcache *rcache; /* one row call per evaluation for nodes reading outputs of one row at the same
                                  arguments (expr_rowcache.c; NULL when no row is named twice) */
    struct gdc_rowmemo *rmemo; /* row calls at exact points kept for the workspace's life (expr_rowmemo.c) */
} gdc_evalws_t;

void gdc_evalws_init(gdc_evalws_t *ws, const gdc_claim_t *c);
void gdc_evalws_clear(gdc_evalws_t *ws);
/* Evaluate nodes 0..upto with variables x[nvars] (balls). ws->ok[i] says node i is defined: its children
 * are, and its arguments lie certainly in the function's domain (a registry row's argument in the row's
 * domain, see gdc_arg_t). */
void gdc_expr_eval(const gdc_claim_t *c, gdc_evalws_t *ws, arb_srcptr x, int upto, slong prec);
/* Same, and gradients with respect to all variables (ws->gok[i], ws->grad + i*nvars). */
void gdc_expr_eval_ad(const gdc_claim_t *c, gdc_evalws_t *ws, arb_srcptr x, int upto, slong prec);
/* Same, and Hessians (ws->hok[i], ws->hess + i*nvars*nvars): enclosures of the second partials over the
 * whole box where the node is twice differentiable there (else hok = 0). */
void gdc_expr_eval_ad2(const gdc_claim_t *c, gdc_evalws_t *ws, arb_srcptr x, int upto, slong prec);
/* Centred evaluation over a box (nested mean-value form): gdc_expr_centre evaluates every node at the exact
 * point cpt of the box x (ws->flat as for the box) and keeps the values; the *_centred evaluations on the box
 * x then intersect each node's interval enclosure, as soon as its gradient over the box is known, with its
 * mean-value enclosure f_i(c) + grad f_i(X).(X - c), before its parents use it. Returns 1 if the objective
 * node `upto` is defined at cpt. */
int gdc_expr_centre(const gdc_claim_t *c, gdc_evalws_t *ws, arb_srcptr x, arb_srcptr cpt, int upto, slong prec);
void gdc_expr_eval_ad_centred(const gdc_claim_t *c, gdc_evalws_t *ws, arb_srcptr x, int upto, slong prec);
void gdc_expr_eval_ad2_centred(const gdc_claim_t *c, gdc_evalws_t *ws, arb_srcptr x, int upto, slong prec);
/* Evaluate one constant node (no variables) on its own: 0 ok, -1 undefined. */
int gdc_expr_eval_const(const gdc_claim_t *c, int node, arb_t res, slong prec);
int gdc_claim_max_root(const gdc_claim_t *c);
/* The variables in which a box must be one point for node's gradient to be known (expr_analyse.c): passed
 * straight as integer arguments of rows, or to rows without derivatives (canon: gdc_evalws_t's). */
unsigned gdc_expr_grad_blocked(const gdc_claim_t *c, const int *canon, int node);

/* ---------------------------------------------------------------- deciding */

typedef struct {
    long boxes, undecided;
    int depth;
    double seconds, undecided_frac;
} gdc_progress_t;

typedef struct {
    long max_boxes;            /* boxes evaluated */
    int max_depth;             /* bisection depth (default 2000; certificates are checked to depth 4000) */
    double time_limit;         /* seconds, <= 0: none */
    slong prec, max_prec;      /* starting and maximum working precision (bits); a counterexample may use more,
                                  up to 4096 bits (GDC_PROVE_PREC_CEILING in search_impl.h) */
    int plain_only;            /* 1: plain interval bisection only (no mean-value or monotone forms) */
    double tol;                /* bound goals without `tol`: absolute tolerance */
    void (*progress)(void *data, const gdc_progress_t *p); /* called about every 0.2 s, or NULL */
    void *progress_data;
} gdc_budget_t;

void gdc_budget_default(gdc_budget_t *b);

typedef enum {
    GDC_HOLDS = 0,             /* prove goal certified; certificate tree in result */
    GDC_FAILS = 1,             /* certified witness */
    GDC_UNKNOWN = 3,           /* budget ran out */
    GDC_BOUND_MET = 10,        /* bound goal: hi - lo <= tol */
    GDC_BOUND_NOT_MET = 11,    /* bound goal: enclosure wider than tol */
    GDC_ERROR = 2              /* claim cannot be decided (e.g. an endpoint is undefined); see message */
} gdc_verdict_t;

/* Leaf kinds of the bisection tree (also the certificate letters). */
enum { GDC_LEAF_INTERVAL, GDC_LEAF_MEANVALUE, GDC_LEAF_MONOTONE, GDC_LEAF_EXCLUDED, GDC_LEAF_TAYLOR,
       GDC_LEAF_BOUNDARY, GDC_LEAF_NKINDS };

typedef struct {
    gdc_verdict_t verdict;
    char message[256];         /* GDC_ERROR: why */
    /* statistics */
    long boxes;                /* boxes evaluated */
    int max_depth;
    double seconds;
    slong prec, max_prec_used;
    long leaves[GDC_LEAF_NKINDS];
    /* FAILS (and the bound's best point): exact coordinates and enclosures at the point */
    int has_point;
    arb_ptr point;             /* nvars exact dyadic coordinates */
    arb_ptr point_assume;      /* nassumes enclosures of the assumption differences (> 0 or >= 0 hold) */
    arb_t point_lhs, point_rhs; /* FAILS: both sides of the goal at the point */
    arb_t point_value;         /* bound: the objective at the point */
    /* UNKNOWN: undecided boxes */
    long undecided;
    double undecided_frac;     /* volume fraction (non-degenerate dimensions), approximate */
    arb_ptr worst_box;         /* nvars balls: the undecided box with the lowest goal enclosure */
    arb_t worst_value;         /* the goal difference (prove) or objective enclosure on it */
    /* bound goals: certified enclosure [lo, hi] of the inf (min) or sup (max) */
    arb_t bound;               /* as a ball [lo, hi] */
    arf_t bound_lo, bound_hi;  /* exact ends (for max: already negated back) */
    arb_t tol;
    int bound_empty;           /* the assumptions exclude every point */
    int expect_ok;             /* -1 no expect, 0 outside, 1 consistent */
    /* certificate (HOLDS and certified bound lower ends): preorder tree text */
    char *tree;
    size_t tree_len;
    arf_t cert_level;          /* bound goals: every leaf has objective >= cert_level */
    int nvars, nassumes;
} gdc_result_t;

void gdc_result_init(gdc_result_t *r);
void gdc_result_clear(gdc_result_t *r);

/* Decide a claim within the budget. Returns r->verdict. */
gdc_verdict_t gdc_claim_decide(const gdc_claim_t *c, const gdc_budget_t *b, gdc_result_t *r);
const char *gdc_verdict_name(gdc_verdict_t v);
/* Exit status of a verdict: 0 HOLDS / bound met, 1 FAILS, 3 UNKNOWN / bound not met, 2 error. */
int gdc_verdict_exit(gdc_verdict_t v);

/* ---------------------------------------------------------------- certificates */

/* The certificate text of a HOLDS verdict or a bound verdict with a finite lower end (malloc'd), or NULL. */
char *gdc_cert_text(const gdc_claim_t *c, const gdc_result_t *r);

/* The independent checker: re-decides every leaf of the certificate's tree for the claim.
 * Returns 0 valid, 1 rejected (msg says why), 2 the certificate cannot be parsed.
 * stats (optional): leaves checked, nodes. */
typedef struct { long nodes, leaves; int max_depth; } gdc_check_stats_t;
int gdc_cert_check(const char *cert, size_t len, const gdc_claim_t *c, char *msg, size_t msglen,
                   gdc_check_stats_t *stats);

/* Ends of the variables' ranges: enclosures of the constant endpoint expressions at prec. Returns 0 ok,
 * -1 an endpoint is undefined, -2 a range is empty; *badvar names the variable. Shared by search and checker. */
int gdc_claim_root_box(const gdc_claim_t *c, arb_ptr lo, arb_ptr hi, slong prec, int *badvar);
/* Exact dyadic numbers as text "M" or "MpE" (M * 2^E, decimal integers): write (malloc'd), read (0 ok). */
char *gdc_dyadic_str(const arf_t x);
int gdc_dyadic_set_str(arf_t x, const char *s);
/* The ball of the box interval [lo, hi] (exact mid and radius when the ends are short dyadics). */
void gdc_box_ball(arb_t x, const arb_t lo, const arb_t hi);
/* The split point of [lo, hi]: an exact dyadic strictly inside; 0 ok, -1 the interval is too narrow. */
int gdc_split_point(arf_t m, const arb_t lo, const arb_t hi);
/* THE split rule of dimension i of a box whose dimension i is [lo, hi] (shared by the search and the checker):
 * the children are [lo, left_hi] and [right_lo, hi]. A real variable: left_hi = right_lo = gdc_split_point.
 * An integer variable (ends exact integers): left_hi = m = floor((lo + hi)/2), right_lo = m + 1, exactly;
 * a single integer (lo = hi) cannot be split. 0 ok, -1 the dimension cannot be split. */
int gdc_box_split(const gdc_claim_t *c, int i, const arb_t lo, const arb_t hi, arf_t left_hi, arf_t right_lo);
/* The centre used in dimension i (counterexamples, feasible points, mean-value forms): left_hi of
 * gdc_box_split (an integer for an integer variable), or lo where the dimension cannot be split. Exact. */
void gdc_box_centre(const gdc_claim_t *c, int i, arb_t x, const arb_t lo, const arb_t hi);

#endif
