/* The audit report (issue 10): per paper (its PAPER file: title, authors, venue) the statements of its index
 * in paper order, each with its verdict (derived from its claims, verdict.c) and its claim rows beneath (role,
 * claim, verdict, expectation, match, time; the reading, the witness with the meaning of its variables); the
 * claims no statement lists; the catalogue coverage; a summary. This file: the shared pieces, the text format
 * and the dispatcher; report_md_tex.c and report_data.c write the other formats. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "audit/audit.h"
#include "audit/report_internal.h"

int gdc_fmt_parse(const char *s, gdc_fmt_t *f)
{
    for (int i = 0; i < GDC_FMT_COUNT; i++)
        if (strcmp(s, gdc_fmt_name((gdc_fmt_t)i)) == 0) {
            *f = (gdc_fmt_t)i;
            return 0;
        }
    return -1;
}

const char *gdc_fmt_name(gdc_fmt_t f)
{
    static const char *const names[GDC_FMT_COUNT] = {"text", "md", "json", "csv", "tex"};
    return (unsigned)f < GDC_FMT_COUNT ? names[f] : "?";
}

void gdc_json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", f);
        else if (*p == '\t')
            fputs("\\t", f);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

const char *gdc_match_word(int m)
{
    switch (m) {
    case GDC_MATCH_OK: return "ok";
    case GDC_MATCH_MISMATCH: return "MISMATCH";
    case GDC_MATCH_OPEN: return "open";
    default: return "ERROR";
    }
}


void gdc_tally_add(gdc_tally_t *t, const gdc_audit_item_t *it)
{
    t->n++;
    t->seconds += it->seconds;
    switch (it->match) {
    case GDC_MATCH_OK: t->ok++; break;
    case GDC_MATCH_MISMATCH: t->mismatch++; break;
    case GDC_MATCH_OPEN: t->open++; break;
    default: t->error++; break;
    }
    if (it->verdict == GDC_HOLDS)
        t->holds++;
    else if (it->verdict == GDC_FAILS)
        t->fails++;
    else if (it->verdict == GDC_BOUND_MET || it->verdict == GDC_BOUND_NOT_MET)
        t->bound++;
    else if (it->verdict == GDC_UNKNOWN)
        t->unknown++;
}

void gdc_tally_text(char *buf, size_t n, const gdc_tally_t *t, int timings)
{
    int o = snprintf(buf, n,
                     "%d claim%s: %d match, %d MISMATCH, %d open, %d error%s (HOLDS %d, FAILS %d, bounds %d, UNKNOWN %d)",
                     t->n, t->n == 1 ? "" : "s", t->ok, t->mismatch, t->open, t->error, t->error == 1 ? "" : "s",
                     t->holds, t->fails, t->bound, t->unknown);
    if (timings && o > 0 && (size_t)o < n)
        snprintf(buf + o, n - (size_t)o, "; %.2f s of deciding", t->seconds);
}

/* the verdict cell: HOLDS / FAILS / UNKNOWN / the bound's enclosure */
void gdc_verdict_cell(char *buf, size_t n, const gdc_audit_item_t *it)
{
    if (it->verdict == GDC_BOUND_MET || it->verdict == GDC_BOUND_NOT_MET)
        snprintf(buf, n, "%s %s%s", it->goal_kind == GDC_GOAL_MAX ? "max" : "min", it->enclosure,
                 it->verdict == GDC_BOUND_NOT_MET ? " (tol not met)" : "");
    else
        snprintf(buf, n, "%s", it->verdict_word);
}

const char *gdc_detail(const gdc_audit_item_t *it)
{
    if (it->verdict == GDC_HOLDS)
        return "";
    if (it->verdict == GDC_BOUND_MET || it->verdict == GDC_BOUND_NOT_MET) { /* the enclosure is the verdict */
        const char *near = strstr(it->detail, "near ");
        return near ? near : strstr(it->detail, "exclude") ? it->detail : "";
    }
    return it->detail;
}

const char *gdc_report_path(char *buf, size_t n, const char *path, const gdc_report_opts_t *ro, int cert)
{
    if (!ro->relative_paths)
        return path;
    const char *b = strrchr(path, '/');
    snprintf(buf, n, "%s%s", cert ? "certs/" : "", b ? b + 1 : path);
    return buf;
}

/* ---------------------------------------------------------------- one paper's view */

int gdc_view_init(gdc_paper_view_t *v, const gdc_audit_item_t *items, const gdc_audit_paper_t *p)
{
    memset(v, 0, sizeof *v);
    v->p = p;
    const gdc_index_t *ix = &p->ix;
    int nst = ix->has_index ? ix->nst : 0;
    v->sv = calloc((size_t)nst + 1, sizeof *v->sv);
    v->smatch = calloc((size_t)nst + 1, sizeof *v->smatch);
    v->unindexed = calloc((size_t)p->count + 1, sizeof *v->unindexed);
    char *listed = calloc((size_t)p->count + 1, 1);
    gdc_truth_t *truth = NULL;
    if (!v->sv || !v->smatch || !v->unindexed || !listed) {
        free(listed);
        gdc_view_clear(v);
        return -1;
    }
    for (int s = 0; s < nst; s++) {
        const gdc_statement_t *st = &ix->st[s];
        gdc_truth_t *t = realloc(truth, ((size_t)st->nclaims + 1) * sizeof *t);
        if (!t)
            break;
        truth = t;
        int m = GDC_MATCH_OPEN;
        for (int k = 0; k < st->nclaims; k++) {
            const gdc_audit_item_t *it = &items[st->claims[k].item];
            truth[k] = gdc_index_truth(gdc_claim_truth(it), &st->claims[k]);
            listed[st->claims[k].item - p->first] = 1;
            if (it->match == GDC_MATCH_ERROR || m == GDC_MATCH_ERROR)
                m = GDC_MATCH_ERROR;
            else if (it->match == GDC_MATCH_MISMATCH || m == GDC_MATCH_MISMATCH)
                m = GDC_MATCH_MISMATCH;
            else if (it->match == GDC_MATCH_OK)
                m = GDC_MATCH_OK;
        }
        gdc_statement_verdict(st, truth, &v->sv[s]);
        snprintf(v->smatch[s], sizeof v->smatch[s], "%s", st->nclaims ? gdc_match_word(m) : "-");
        v->nsv[v->sv[s].v]++;
    }
    free(truth);
    for (int i = 0; i < p->count; i++) {
        gdc_tally_add(&v->claims, &items[p->first + i]);
        if (!listed[i])
            v->unindexed[v->nunindexed++] = p->first + i;
    }
    free(listed);
    for (int i = 0; i < ix->ncat; i++)
        v->cov[ix->cat[i].status]++;
    return 0;
}

void gdc_view_clear(gdc_paper_view_t *v)
{
    free(v->sv);
    free(v->smatch);
    free(v->unindexed);
    memset(v, 0, sizeof *v);
}

void gdc_statements_text(char *buf, size_t n, const gdc_paper_view_t *v)
{
    int nst = v->p->ix.has_index ? v->p->ix.nst : 0;
    size_t o = (size_t)snprintf(buf, n, "%d statement%s", nst, nst == 1 ? "" : "s");
    int first = 1;
    for (int k = 0; k < 6 && o < n; k++)
        if (v->nsv[k]) {
            o += (size_t)snprintf(buf + o, n - o, "%s%d %s", first ? ": " : ", ", v->nsv[k],
                                  gdc_sverdict_name((gdc_sverdict_t)k));
            first = 0;
        }
}

void gdc_coverage_text(char *buf, size_t n, const gdc_paper_view_t *v)
{
    if (!v->p->ix.has_catalogue)
        snprintf(buf, n, "no CATALOGUE: coverage not checked");
    else if (v->cov[GDC_ITEM_TESTED] == 0)
        snprintf(buf, n, "%d catalogue items: %d covered, %d not numeric, %d missing", v->p->ix.ncat,
                 v->cov[GDC_ITEM_COVERED], v->cov[GDC_ITEM_NOT_NUMERIC], v->cov[GDC_ITEM_MISSING]);
    else /* tested items are named only where there are some (the reports without them are unchanged) */
        snprintf(buf, n, "%d catalogue items: %d covered, %d tested (not certified), %d not numeric, %d missing",
                 v->p->ix.ncat, v->cov[GDC_ITEM_COVERED], v->cov[GDC_ITEM_TESTED], v->cov[GDC_ITEM_NOT_NUMERIC],
                 v->cov[GDC_ITEM_MISSING]);
}

/* ---------------------------------------------------------------- text */

/* one claim row: role and bearing (what it says about the statement), claim, verdict, expectation, match,
 * time; beneath: the index note (or the source label of an unlisted claim), the reading, the witness and the
 * meaning of its variables */
static void text_claim(FILE *f, const gdc_audit_item_t *it, const gdc_index_claim_t *ic, int wc,
                       const gdc_report_opts_t *ro)
{
    char vc[200], rb[64];
    gdc_verdict_cell(vc, sizeof vc, it);
    if (ic)
        snprintf(rb, sizeof rb, "%s: %s", gdc_role_name(ic->role),
                 gdc_bearing(ic->role, gdc_index_truth(gdc_claim_truth(it), ic)));
    else
        snprintf(rb, sizeof rb, "-");
    fprintf(f, "    %-22s  %-*s  %-24s  expected %-16s  ", rb, wc, it->name, vc,
            it->expect_text[0] ? it->expect_text : "(open)");
    if (ro->timings)
        fprintf(f, "%-8s  %6.2f s", gdc_match_word(it->match), it->seconds);
    else
        fputs(gdc_match_word(it->match), f); /* no trailing blanks in committed reports */
    fputc('\n', f);
    if (ic && ic->note[0])
        fprintf(f, "        note: %s\n", ic->note);
    else if (!ic)
        fprintf(f, "        source: %s\n", it->label[0] ? it->label : "(none)");
    if (it->says[0])
        fprintf(f, "        says: %s\n", it->says);
    const char *d = gdc_detail(it);
    if (d[0])
        fprintf(f, "        %s\n", d);
    if (it->means[0] && d[0] && it->verdict != GDC_ERROR)
        fprintf(f, "        where %s\n", it->means);
}

static void report_text(FILE *f, const gdc_audit_item_t *items, const gdc_paper_view_t *v, const gdc_report_opts_t *ro,
                        int npaper)
{
    const gdc_audit_paper_t *p = v->p;
    int wc = 5;
    for (int i = p->first; i < p->first + p->count; i++)
        wc = (int)strlen(items[i].name) > wc ? (int)strlen(items[i].name) : wc;
    fprintf(f, "%s%s\n", npaper ? "\n" : "", p->name[0] ? p->name : "(claims outside a paper folder)");
    if (p->desc[0])
        fprintf(f, "  %s\n", p->desc);
    const gdc_index_t *ix = &p->ix;
    for (int s = 0; ix->has_index && s < ix->nst; s++) {
        const gdc_statement_t *st = &ix->st[s];
        fprintf(f, "\n  %s: %s  [%s]\n", st->label, v->sv[s].text, v->smatch[s]);
        fprintf(f, "    reads: %s\n", st->reads);
        if (st->part[0])
            fprintf(f, "    part: %s\n", st->part);
        for (int k = 0; k < st->nclaims; k++)
            text_claim(f, &items[st->claims[k].item], &st->claims[k], wc, ro);
    }
    if (v->nunindexed) {
        if (ix->has_index)
            fprintf(f, "\n  Claims that no statement of INDEX lists (%d):\n", v->nunindexed);
        else if (p->partial)
            fprintf(f, "\n  Claim files given alone (the statement index needs the whole folder): %d by file\n",
                    v->nunindexed);
        else
            fprintf(f, "\n  No statement index (INDEX) for this folder: %d claim%s by file\n", v->nunindexed,
                    v->nunindexed == 1 ? "" : "s");
        for (int k = 0; k < v->nunindexed; k++) {
            text_claim(f, &items[v->unindexed[k]], NULL, wc, ro);
        }
    }
    char buf[600];
    if (p->name[0]) {
        gdc_coverage_text(buf, sizeof buf, v);
        fprintf(f, "\n  Coverage: %s\n", buf);
        for (int i = 0; i < ix->ncat; i++)
            if (ix->cat[i].status == GDC_ITEM_MISSING)
                fprintf(f, "    missing %s %s (%s)\n", ix->cat[i].id, ix->cat[i].title, ix->cat[i].by);
    }
    gdc_statements_text(buf, sizeof buf, v);
    fprintf(f, "\n  %s\n", buf);
    gdc_tally_text(buf, sizeof buf, &v->claims, ro->timings);
    fprintf(f, "  %s\n", buf);
}

/* ---------------------------------------------------------------- the whole report */

static const char *csv_header(int timings)
{
    return timings ? "paper,statement,statement_verdict,role,bearing,note,claim,file,says,verdict,detail,lo,hi,expect,match,"
                     "boxes,seconds,cpu_seconds\n"
                   : "paper,statement,statement_verdict,role,bearing,note,claim,file,says,verdict,detail,lo,hi,expect,match,"
                     "boxes\n";
}

void gdc_audit_report(FILE *f, const gdc_audit_item_t *items, int n, const gdc_audit_paper_t *papers, int npapers,
                      const gdc_report_opts_t *ro, double wall_seconds)
{
    gdc_tally_t all;
    memset(&all, 0, sizeof all);
    int status = 0; /* over the papers reported (a paper's own report, or the whole run) */
    for (int k = 0; k < npapers; k++)
        status |= gdc_audit_exit(items + papers[k].first, papers[k].count);
    (void)n;
    if (ro->fmt == GDC_FMT_JSON)
        fprintf(f, "{\n  \"papers\": [");
    else if (ro->fmt == GDC_FMT_CSV)
        fputs(csv_header(ro->timings), f);
    else if (ro->fmt == GDC_FMT_TEX)
        fputs("% gdcert audit: paste-ready tables (\\usepackage{booktabs,longtable})\n", f);
    for (int k = 0; k < npapers; k++) {
        gdc_paper_view_t v;
        if (gdc_view_init(&v, items, &papers[k]))
            continue;
        for (int i = 0; i < papers[k].count; i++)
            gdc_tally_add(&all, &items[papers[k].first + i]);
        switch (ro->fmt) {
        case GDC_FMT_JSON:
            fputs(k ? ",\n" : "\n", f);
            gdc_report_json(f, items, &v, ro);
            break;
        case GDC_FMT_CSV: gdc_report_csv(f, items, &v, ro); break;
        case GDC_FMT_MD: gdc_report_md(f, items, &v, ro); break;
        case GDC_FMT_TEX: gdc_report_tex(f, items, &v, ro); break;
        default: report_text(f, items, &v, ro, k); break;
        }
        gdc_view_clear(&v);
    }
    char sum[400];
    gdc_tally_text(sum, sizeof sum, &all, ro->timings);
    char wall[64] = "";
    if (ro->timings)
        snprintf(wall, sizeof wall, "; %.2f s wall clock", wall_seconds);
    if (ro->fmt == GDC_FMT_JSON) {
        fprintf(f, "\n  ],\n  \"summary\": {\"papers\": %d, \"claims\": %d, \"match\": %d, \"mismatch\": %d, "
                   "\"open\": %d, \"errors\": %d, \"holds\": %d, \"fails\": %d, \"bounds\": %d, \"unknown\": %d, ",
                npapers, all.n, all.ok, all.mismatch, all.open, all.error, all.holds, all.fails, all.bound, all.unknown);
        if (ro->timings)
            fprintf(f, "\"seconds\": %.3f, \"wall_seconds\": %.3f, ", all.seconds, wall_seconds);
        fprintf(f, "\"status\": \"%s\"}\n}\n", status == 0 ? "pass" : "fail");
    } else if (ro->fmt == GDC_FMT_MD)
        fprintf(f, "**Overall** (%d paper%s): %s%s. %s\n", npapers, npapers == 1 ? "" : "s", sum, wall,
                status == 0 ? "Every verdict matches." : "**Some verdicts do not match.**");
    else if (ro->fmt == GDC_FMT_TEX)
        fprintf(f, "%% Overall (%d paper%s): %s\n", npapers, npapers == 1 ? "" : "s", sum);
    else if (ro->fmt == GDC_FMT_TEXT)
        fprintf(f, "\nOverall (%d paper%s): %s%s\n%s\n", npapers, npapers == 1 ? "" : "s", sum, wall,
                status == 0 ? "PASS: every verdict matches its expectation"
                            : "FAIL: some verdicts do not match their expectation");
}

int gdc_audit_exit(const gdc_audit_item_t *items, int n)
{
    for (int i = 0; i < n; i++)
        if (items[i].match == GDC_MATCH_MISMATCH || items[i].match == GDC_MATCH_ERROR)
            return 1;
    return 0;
}
