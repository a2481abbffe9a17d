/* The audit (issue 4): deciding every claim file of a proofs/ tree and reporting, per paper, what each
 * numbered statement says, what gdcert certified and whether that matches the claim's `expect`; certified
 * tables (`gdcert table`): a claim file with parameters and columns, one certified row per parameter value.
 *
 * No global state: items, options and tables are plain values owned by the caller. */
#ifndef GDC_AUDIT_H
#define GDC_AUDIT_H

#include <stdio.h>
#include "gdc_arb.h"
#include "prove/prove.h"

/* ---------------------------------------------------------------- certified decimal output */

/* Write an enclosure [lo, hi] (lo <= hi, finite) as decimal text in which every printed digit is certified:
 * "0.5" (exact), "0.22682[1,5]" meaning [0.226821, 0.226825], "1.06[0,2]e-7" meaning [1.060e-7, 1.062e-7]
 * (the bracket holds one digit each). When a carry makes the bracket form lose a digit, the explicit form
 * "[0.226819, 0.226821]" is used. An enclosure with fewer than 2 certified significant digits, or one
 * containing 0 in its interior, is printed explicitly as "[lo, hi]" with both ends rounded outward to 4
 * significant digits. maxdig bounds the significant digits shown. */
void gdc_fmt_enclosure(char *buf, size_t n, const arf_t lo, const arf_t hi, int maxdig);
void gdc_fmt_enclosure_arb(char *buf, size_t n, const arb_t x, int maxdig);
/* One number rounded down (dir < 0), up (dir > 0) or to nearest (dir == 0) to sig significant digits
 * ("-1.234e-7", "0.1234"; trailing zeros dropped). */
void gdc_fmt_round(char *buf, size_t n, const arf_t x, int sig, int dir);

/* ---------------------------------------------------------------- claim metadata */

/* What the audit reads from a claim file besides the claim itself. */
typedef struct {
    char says[512];            /* `says TEXT`: a one-line reading of the claim ("" if absent) */
    int says_line;
} gdc_claim_meta_t;

/* Directive hook accepting `says TEXT` (hook_data: a gdc_claim_meta_t). Harmless when the claim parser
 * learns `says` itself: then it is simply never called for it. */
int gdc_says_hook(void *data, gdc_claim_t *c, gdc_lexer_t *lx, const char *keyword);
/* Copy the parser's own `says` text (gdc_claim_t.says) into meta if the hook did not see it. */
void gdc_claim_says(gdc_claim_meta_t *meta, const gdc_claim_t *c);
/* Read and parse a claim file with the says hook. NULL on error (err: one line). */
gdc_claim_t *gdc_audit_load_claim(const char *path, gdc_claim_meta_t *meta, char *err, size_t errlen);
/* Read a whole file (NUL-terminated, malloc'd); NULL if unreadable. */
char *gdc_read_file(const char *path, size_t *len);
/* The paper's statement label from a source line: the text after the paper file name
 * ("000_x.txt Theorem 4.2 (Eq. 6)" -> "Theorem 4.2 (Eq. 6)"); the whole text if there is no file name. */
void gdc_source_label(char *buf, size_t n, const char *source);

/* ---------------------------------------------------------------- the audit */

typedef enum {
    GDC_MATCH_OK = 0,          /* the verdict matches the expectation */
    GDC_MATCH_MISMATCH = 1,    /* it does not (UNKNOWN never matches) */
    GDC_MATCH_OPEN = 2,        /* no expectation: an open question */
    GDC_MATCH_ERROR = 3        /* the claim file could not be read, parsed or decided */
} gdc_match_t;

/* One decided claim: fixed-size so that worker processes can send it through a pipe. */
typedef struct {
    int index;                 /* position in the run (stable output order) */
    char path[1024];
    char paper[256];           /* the paper folder's name ("" for a loose claim file) */
    char label[256];           /* the paper's own statement label */
    char name[128];            /* claim NAME */
    char says[512];
    int goal_kind;             /* gdc_goal_kind_t */
    int expect;                /* gdc_expect_t */
    char expect_text[256];     /* "holds", "fails", "[0.22, 0.23]", "" */
    int verdict;               /* gdc_verdict_t; GDC_ERROR also for unreadable files */
    char verdict_word[32];     /* HOLDS, FAILS, UNKNOWN, BOUND, ERROR */
    char detail[1024];         /* the witness, the enclosure, the undecided boxes or the error */
    char enclosure[128];       /* bound goals: the certified enclosure of the min/max */
    int match;                 /* gdc_match_t */
    long boxes;
    double seconds;
    char cert[1024];           /* path of the certificate written, "" if none */
} gdc_audit_item_t;

typedef struct {
    gdc_budget_t budget;       /* deterministic by default: box budget, no time limit */
    int jobs;                  /* worker processes (1: decide in this process) */
    const char *cert_dir;      /* --write-certs DIR or NULL */
} gdc_audit_opts_t;

void gdc_audit_opts_default(gdc_audit_opts_t *o);

/* The claim files under PATHs (a claim file, a paper folder or a tree of paper folders), sorted within
 * each folder by file name. Returns the number of items written to *items (malloc'd, index/path/paper set),
 * or -1 with err set (a PATH does not exist). */
int gdc_audit_collect(char **paths, int npaths, gdc_audit_item_t **items, char *err, size_t errlen);
/* Decide one claim file into item (path and paper already set). */
void gdc_audit_decide(gdc_audit_item_t *item, const gdc_audit_opts_t *o);
/* Decide all items (in parallel with o->jobs worker processes); results stay in index order. 0 ok. */
int gdc_audit_run(gdc_audit_item_t *items, int n, const gdc_audit_opts_t *o, char *err, size_t errlen);

typedef enum { GDC_FMT_TEXT, GDC_FMT_MD, GDC_FMT_JSON, GDC_FMT_CSV, GDC_FMT_TEX } gdc_fmt_t;
int gdc_fmt_parse(const char *s, gdc_fmt_t *f);

/* Print the report: per paper a table and a summary line, then the overall summary.
 * paper_dirs: the folders whose PAPER file describes each paper (looked up from item paths). */
void gdc_audit_report(FILE *f, const gdc_audit_item_t *items, int n, gdc_fmt_t fmt, double wall_seconds);
/* Exit status of a run: 0 every verdict matches (open questions allowed), 1 otherwise. */
int gdc_audit_exit(const gdc_audit_item_t *items, int n);
/* Write s as a JSON string (with quotes). */
void gdc_json_str(FILE *f, const char *s);

/* ---------------------------------------------------------------- tables */

#define GDC_TABLE_MAX_PARAMS 4
#define GDC_TABLE_MAX_VALUES 100000 /* values of one param */
#define GDC_TABLE_MAX_ROWS 100000   /* rows of a table (product over the params) */
#define GDC_TABLE_MAX_COLS 12

typedef enum { GDC_COL_EXPR, GDC_COL_MIN, GDC_COL_MAX, GDC_COL_PROVE } gdc_col_kind_t;

typedef struct {
    char name[GDC_PROVE_NAME_MAX];
    int nvalues;
    int cap;
    char **values; /* nvalues expression texts, as written (heap array of cap) */
} gdc_table_param_t;

typedef struct {
    char name[GDC_PROVE_NAME_MAX];
    gdc_col_kind_t kind;
    char *expr;                /* EXPR (expr, min, max) or `EXPR OP EXPR` (prove), as written */
    char *tol;                 /* tol EXPR text or NULL */
    int line;
} gdc_table_col_t;

typedef struct {
    char *file;
    char *text;                /* the spec text */
    size_t len;
    gdc_claim_t *claim;        /* the spec parsed at the first parameter values (for name, source, vars) */
    gdc_claim_meta_t meta;
    int nparams;
    gdc_table_param_t params[GDC_TABLE_MAX_PARAMS];
    int ncols;
    gdc_table_col_t cols[GDC_TABLE_MAX_COLS];
} gdc_table_spec_t;

/* Parse a table spec file (`param NAME in {EXPR, ...}` or `param NAME from A to B` for the integers
 * A..B). 0 ok, -1 with err (one line, FILE:LINE:COL). */
int gdc_table_spec_load(gdc_table_spec_t *s, const char *path, char *err, size_t errlen);
void gdc_table_spec_clear(gdc_table_spec_t *s);

/* One certified cell. */
typedef struct {
    int ok;                    /* certified (an enclosure or a prove verdict) */
    int verdict;               /* prove columns: gdc_verdict_t */
    arf_t lo, hi;              /* enclosure (expr, min, max columns) */
    char text[160];            /* as printed */
    long boxes;
} gdc_table_cell_t;

typedef struct {
    int nrows, ncols, nparams;
    char **param_text;         /* nrows * nparams: the parameter values as written */
    gdc_table_cell_t *cells;   /* nrows * ncols */
    double seconds;
} gdc_table_t;

/* Certify every row (cartesian product of the params, in file order, the last param varying fastest).
 * Returns 0 when every cell is certified, 1 if some are not (printed as such), -1 on error (err). */
int gdc_table_run(const gdc_table_spec_t *s, const gdc_budget_t *b, gdc_table_t *t, char *err, size_t errlen);
void gdc_table_clear(gdc_table_t *t);
/* Print the table (md, csv, tex, json, text = md). Deterministic: no timings. */
void gdc_table_print(FILE *f, const gdc_table_spec_t *s, const gdc_table_t *t, gdc_fmt_t fmt);

#endif
