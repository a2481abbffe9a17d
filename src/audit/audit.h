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
/* Read a whole file (NUL-terminated, malloc'd; gdc_input_read without a message); NULL if unreadable (errno set). */
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

/* What a decided claim says about the statement it belongs to (gdc_claim_truth): a prove goal is TRUE when
 * HOLDS and FALSE when FAILS; a bound goal with `expect [LO, HI]` is TRUE when its certified enclosure lies in
 * [LO, HI] and FALSE when it is disjoint from it; a bound without `expect` asserts nothing (UNDECIDED).
 * Everything else (UNKNOWN, an enclosure overlapping [LO, HI], an error) is UNDECIDED. */
typedef enum { GDC_TRUTH_UNDECIDED = 0, GDC_TRUTH_TRUE = 1, GDC_TRUTH_FALSE = 2 } gdc_truth_t;

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
    int truth;                 /* gdc_truth_t */
    char lo[48], hi[48];       /* bound goals: the enclosure's ends, rounded outward to 17 digits */
    char means[768];           /* the claim's variables with their `means` texts ("t: the angle ...; r: ...") */
    double cost;               /* estimated cost (boxes of the committed report), for --jobs scheduling */
    double cpu_seconds;        /* processor time of deciding it (the worker is single-threaded) */
    int parsed;                /* the claim file was read and parsed (gdc_audit_preload, gdc_audit_decide) */
    int collect_error;         /* an ERROR row of the tree walk (detail says why): not a claim to decide */
} gdc_audit_item_t;

/* The deepest folder nesting the tree walk enters; a deeper folder, a folder that cannot be read, a link back
 * to an enclosing folder, a dangling *.claim link and a claim path longer than the item's path field are each
 * an ERROR row (exit 1), never skipped. */
#define GDC_AUDIT_MAX_DEPTH 64

typedef struct {
    gdc_budget_t budget;       /* deterministic by default: box budget, no time limit */
    int jobs;                  /* worker processes (1: decide in this process) */
    const char *cert_dir;      /* --write-certs DIR or NULL: certificates go to DIR/PAPER[cert_sub]/NAME.cert */
    const char *cert_sub;      /* "" or "/certs" (--write-report) */
    int progress;              /* one progress line per decided claim on stderr */
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

/* Parse each collected claim file (name, says, label, expectation, variables) without deciding it, so that
 * the statement index can be checked before the work starts; a file that does not parse stays an ERROR item.
 * Sets item->cost from the committed report of its paper (PAPERDIR/report/report.csv, column boxes). */
void gdc_audit_preload(gdc_audit_item_t *items, int n);
/* The truth of a decided claim (see gdc_truth_t). */
gdc_truth_t gdc_claim_truth(const gdc_audit_item_t *it);

typedef enum { GDC_FMT_TEXT, GDC_FMT_MD, GDC_FMT_JSON, GDC_FMT_CSV, GDC_FMT_TEX } gdc_fmt_t;
#define GDC_FMT_COUNT 5
int gdc_fmt_parse(const char *s, gdc_fmt_t *f);
const char *gdc_fmt_name(gdc_fmt_t f);

/* ---------------------------------------------------------------- the statement index (src/audit/index.c) */

/* The role a claim plays for its statement (INDEX: `claim NAME ROLE [NOTE]`). */
typedef enum { GDC_ROLE_PRINTED, GDC_ROLE_CORRECTED, GDC_ROLE_INSTANCE, GDC_ROLE_STEP, GDC_ROLE_CONSEQUENCE } gdc_role_t;
const char *gdc_role_name(gdc_role_t r);

typedef struct {
    char name[128];            /* claim NAME */
    gdc_role_t role;
    char note[512];            /* corrected: the catalogue item deriving it; instance: which one ("" if none) */
    int line;
    int item;                  /* the audit item of the claim (index into the run's items), -1 until linked */
} gdc_index_claim_t;

typedef struct {
    char label[256];           /* as the paper prints it */
    char reads[512];           /* one-line plain reading */
    char part[512];            /* the part certified ("" if the whole statement) */
    char not_numeric[512];     /* the reason nothing is checked numerically ("" if there are claims) */
    int line;
    int nclaims;
    gdc_index_claim_t *claims;
} gdc_statement_t;

/* GDC_COVER_TEST: "item ID test FILE REASON", numeric and checked by the test program FILE (a Check suite or script
 * run by make check) but certified by no claim, table or row: reported as "tested", between covered and not numeric */
/* GDC_COVER_PROOF: "item ID proof FILE REASON", an exact identity proven by exact computation (polynomial arithmetic
 * over Q, no rounding) in the test program FILE run by make check: a certification, reported as covered */
typedef enum { GDC_COVER_CLAIM, GDC_COVER_TABLE, GDC_COVER_ROW, GDC_COVER_NOT_NUMERIC, GDC_COVER_TEST,
               GDC_COVER_PROOF } gdc_cover_kind_t;
typedef enum { GDC_ITEM_MISSING, GDC_ITEM_COVERED, GDC_ITEM_NOT_NUMERIC, GDC_ITEM_TESTED } gdc_item_status_t;

typedef struct {
    char id[24];               /* C5, B16, N3, S2, E15 */
    char title[256];           /* from CATALOGUE */
    int status;                /* gdc_item_status_t (gdc_index_coverage) */
    char by[512];              /* what covers it, the not-numeric reason, or why it counts as missing */
} gdc_cat_item_t;

typedef struct {
    char id[24];
    gdc_cover_kind_t kind;
    char text[512];            /* claim names (space separated), the table file, the row id or the reason */
    int line;
} gdc_cover_t;

typedef struct {
    char dir[1024];            /* the paper folder */
    int has_index, has_catalogue;
    int nst;
    gdc_statement_t *st;       /* in paper order */
    int ncover;
    gdc_cover_t *cover;
    int ncat;
    gdc_cat_item_t *cat;       /* CATALOGUE order */
} gdc_index_t;

/* Read DIR/INDEX and DIR/CATALOGUE (either may be absent: has_index / has_catalogue say). 0 ok, -1 with err
 * "FILE:LINE: problem" (one line) on a malformed file or an item id that CATALOGUE does not list. */
int gdc_index_load(gdc_index_t *ix, const char *dir, char *err, size_t errlen);
void gdc_index_clear(gdc_index_t *ix);
/* Link the index to the claims items[a..b) of its folder (by claim name). -1 with err "INDEX:LINE: unknown
 * claim 'NAME' ..." when a name is not declared by any claim file of the folder. */
int gdc_index_link(gdc_index_t *ix, const gdc_audit_item_t *items, int a, int b, char *err, size_t errlen);
/* Decide the status of every catalogue item: covered (a claim of the folder, a table spec that exists, a
 * registry row), not numeric (a reason), or missing. Returns the number of missing items. */
int gdc_index_coverage(gdc_index_t *ix);

/* ---------------------------------------------------------------- statement verdicts (src/audit/verdict.c) */

typedef enum {
    GDC_SV_CONFIRMED, GDC_SV_CONFIRMED_PART, GDC_SV_REFUTED, GDC_SV_STEP_FAILS, GDC_SV_UNDECIDED, GDC_SV_NOT_NUMERIC
} gdc_sverdict_t;
typedef enum { GDC_CORR_NONE, GDC_CORR_CERTIFIED, GDC_CORR_FAILS, GDC_CORR_UNDECIDED } gdc_corr_t;

typedef struct {
    gdc_sverdict_t v;
    gdc_corr_t corrected;      /* the corrected claims together */
    int statement_certified;   /* PROOF STEP FAILS: the printed claims themselves hold */
    char text[768];            /* "REFUTED; corrected version certified", "CONFIRMED ON PART (for k <= 100)" */
} gdc_statement_verdict_t;

const char *gdc_sverdict_name(gdc_sverdict_t v);
/* The truth of claim c for its statement: t itself; when c's note begins with "refutes:", FALSE if t is TRUE
 * and UNDECIDED otherwise (a refutation that fails confirms nothing). */
gdc_truth_t gdc_index_truth(gdc_truth_t t, const gdc_index_claim_t *c);
/* What a claim row says about its statement: printed, instance, consequence: "confirms" or "refutes"; step,
 * corrected: "holds" or "fails"; "undecided". t is the truth for the statement (gdc_index_truth). */
const char *gdc_bearing(gdc_role_t role, gdc_truth_t t);
/* The verdict of statement s from the truths of its claims (truth[i] for s->claims[i]); rules in
 * gdcert-audit(1). */
void gdc_statement_verdict(const gdc_statement_t *s, const gdc_truth_t *truth, gdc_statement_verdict_t *out);

/* ---------------------------------------------------------------- the report */

/* One paper of a run: its claims items[first .. first + count) and its statement index. */
typedef struct {
    char name[256];            /* folder name ("" for claim files outside a paper folder) */
    char dir[1024];
    char desc[1200];           /* from PAPER: title -- authors (venue) */
    int first, count;
    int partial;               /* only some claim files of the folder were given: no statement index */
    gdc_index_t ix;
} gdc_audit_paper_t;

/* Group items by paper and read each paper's INDEX and CATALOGUE; -1 with err (one line) on a malformed
 * index or an unknown claim name. */
int gdc_audit_papers(gdc_audit_item_t *items, int n, gdc_audit_paper_t **papers, int *npapers, char *err,
                     size_t errlen);
void gdc_audit_papers_free(gdc_audit_paper_t *papers, int npapers);

typedef struct {
    gdc_fmt_t fmt;
    int timings;               /* print times (default: text, csv and json yes; md and tex no) */
    int relative_paths;        /* files and certificates relative to the paper folder (--write-report) */
} gdc_report_opts_t;

/* Print the report: per paper its statements in paper order with their claims beneath, the claims no
 * statement lists, the catalogue coverage and a summary; then the overall summary. */
void gdc_audit_report(FILE *f, const gdc_audit_item_t *items, int n, const gdc_audit_paper_t *papers, int npapers,
                      const gdc_report_opts_t *ro, double wall_seconds);
/* Exit status of a run: 0 every verdict matches (open questions allowed), 1 otherwise. */
int gdc_audit_exit(const gdc_audit_item_t *items, int n);
/* Write s as a JSON string (with quotes). */
void gdc_json_str(FILE *f, const char *s);
/* Write each paper's report in every format plus its certificates to DIR/PAPER/ (report.txt, report.md,
 * report.tex, report.csv, report.json, certs/NAME.cert): each paper folder is built under a temporary name
 * and renamed into place. staging: the folder the certificates were written to during the run. */
/* Create DIR (and parents) and a staging folder DIR/.gdcert-report-PID (into which the run writes its
 * certificates): -1 with err (one line) when DIR cannot be written. _done removes the staging folder. */
int gdc_audit_report_dir_prepare(const char *dir, char *staging, size_t n, char *err, size_t errlen);
void gdc_audit_report_dir_done(const char *staging);
int gdc_audit_write_reports(const char *dir, const char *staging, const gdc_audit_item_t *items, int n,
                            const gdc_audit_paper_t *papers, int npapers, char *err, size_t errlen);

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
/* The same from the text (len bytes, copied) of a spec named path in messages. */
int gdc_table_spec_parse(gdc_table_spec_t *s, const char *text, size_t len, const char *path, char *err,
                         size_t errlen);
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
