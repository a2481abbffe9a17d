/* Shared by the audit report writers (audit_report.c: text and the dispatcher; report_md_tex.c; report_data.c:
 * csv and json): what one paper's report shows, computed once. Not installed. */
#ifndef GDC_REPORT_INTERNAL_H
#define GDC_REPORT_INTERNAL_H
#include "audit/audit.h"

typedef struct {
    int n, ok, mismatch, open, error;
    int holds, fails, bound, unknown;
    double seconds;
} gdc_tally_t;

typedef struct {
    const gdc_audit_paper_t *p;
    gdc_statement_verdict_t *sv; /* one per statement */
    char (*smatch)[16];          /* per statement: ok, MISMATCH, open, ERROR (its claims together) */
    int *unindexed;              /* items of the paper that no statement lists */
    int nunindexed;
    gdc_tally_t claims;
    int nsv[6];                  /* statements per gdc_sverdict_t */
    int cov[4];                  /* catalogue items per gdc_item_status_t */
} gdc_paper_view_t;

int gdc_view_init(gdc_paper_view_t *v, const gdc_audit_item_t *items, const gdc_audit_paper_t *p);
void gdc_view_clear(gdc_paper_view_t *v);

void gdc_tally_add(gdc_tally_t *t, const gdc_audit_item_t *it);
void gdc_tally_text(char *buf, size_t n, const gdc_tally_t *t, int timings);
/* "12 statements: 3 CONFIRMED, 1 REFUTED, ..." (nonzero kinds only) */
void gdc_statements_text(char *buf, size_t n, const gdc_paper_view_t *v);
/* "89 catalogue items: 80 covered, 5 not numeric, 4 missing" or "no CATALOGUE" */
void gdc_coverage_text(char *buf, size_t n, const gdc_paper_view_t *v);
const char *gdc_match_word(int m);
/* HOLDS / FAILS / UNKNOWN / "max 3.14159[1,3]" */
void gdc_verdict_cell(char *buf, size_t n, const gdc_audit_item_t *it);
/* the file or certificate path as the report shows it (relative to the paper folder with relative_paths) */
const char *gdc_report_path(char *buf, size_t n, const char *path, const gdc_report_opts_t *ro, int cert);
/* the detail line shown under a claim (witness, undecided boxes, error), "" when the verdict says it all */
const char *gdc_detail(const gdc_audit_item_t *it);

void gdc_report_md(FILE *f, const gdc_audit_item_t *items, const gdc_paper_view_t *v, const gdc_report_opts_t *ro);
void gdc_report_tex(FILE *f, const gdc_audit_item_t *items, const gdc_paper_view_t *v, const gdc_report_opts_t *ro);
void gdc_report_csv(FILE *f, const gdc_audit_item_t *items, const gdc_paper_view_t *v, const gdc_report_opts_t *ro);
void gdc_report_json(FILE *f, const gdc_audit_item_t *items, const gdc_paper_view_t *v, const gdc_report_opts_t *ro);

#endif
