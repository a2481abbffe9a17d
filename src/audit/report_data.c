/* The audit report as data: CSV (RFC 4180, one row per claim under each statement that lists it, a row
 * with an empty claim for a not-numeric statement, then the claims no statement lists) and JSON (per paper:
 * statements with their verdicts and claims, all claims, the unlisted ones, the catalogue coverage, a
 * summary). Bound ends (`lo`, `hi`) are rounded outward to 17 significant digits. */
#include <string.h>
#include "audit/audit.h"
#include "audit/report_internal.h"

static void csv_str(FILE *f, const char *s, int last)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s == '\n' ? ' ' : *s, f);
    }
    fputc('"', f);
    fputc(last ? '\n' : ',', f);
}

static void csv_row(FILE *f, const gdc_audit_paper_t *p, const char *label, const char *sverdict,
                    const gdc_index_claim_t *ic, const gdc_audit_item_t *it, const gdc_report_opts_t *ro)
{
    char buf[1100], vc[200];
    csv_str(f, p->name, 0);
    csv_str(f, label, 0);
    csv_str(f, sverdict, 0);
    csv_str(f, ic ? gdc_role_name(ic->role) : "", 0);
    csv_str(f, ic && it ? gdc_bearing(ic->role, gdc_index_truth(gdc_claim_truth(it), ic)) : "", 0);
    csv_str(f, ic ? ic->note : "", 0);
    if (!it) {
        for (int k = 0; k < 9; k++) /* claim .. match: empty */
            fputs("\"\",", f);
        fputs(ro->timings ? ",,\n" : "\n", f); /* boxes (, seconds, cpu_seconds) */
        return;
    }
    gdc_verdict_cell(vc, sizeof vc, it);
    csv_str(f, it->name, 0);
    csv_str(f, gdc_report_path(buf, sizeof buf, it->path, ro, 0), 0);
    csv_str(f, it->says, 0);
    csv_str(f, vc, 0);
    csv_str(f, gdc_detail(it), 0);
    csv_str(f, it->lo, 0);
    csv_str(f, it->hi, 0);
    csv_str(f, it->expect_text, 0);
    csv_str(f, gdc_match_word(it->match), 0);
    if (ro->timings)
        fprintf(f, "%ld,%.3f,%.3f\n", it->boxes, it->seconds, it->cpu_seconds);
    else
        fprintf(f, "%ld\n", it->boxes);
}

void gdc_report_csv(FILE *f, const gdc_audit_item_t *items, const gdc_paper_view_t *v, const gdc_report_opts_t *ro)
{
    const gdc_index_t *ix = &v->p->ix;
    for (int s = 0; ix->has_index && s < ix->nst; s++) {
        const gdc_statement_t *st = &ix->st[s];
        if (st->nclaims == 0)
            csv_row(f, v->p, st->label, v->sv[s].text, NULL, NULL, ro);
        for (int k = 0; k < st->nclaims; k++)
            csv_row(f, v->p, st->label, v->sv[s].text, &st->claims[k], &items[st->claims[k].item], ro);
    }
    for (int k = 0; k < v->nunindexed; k++)
        csv_row(f, v->p, "", "", NULL, &items[v->unindexed[k]], ro);
}

/* ---------------------------------------------------------------- JSON */

static void json_kv(FILE *f, const char *key, const char *val, int comma)
{
    fprintf(f, "%s\"%s\": ", comma ? ", " : "", key);
    gdc_json_str(f, val);
}

static void json_claim(FILE *f, const gdc_audit_item_t *it, const gdc_report_opts_t *ro)
{
    char buf[1100];
    fputs("{", f);
    json_kv(f, "claim", it->name, 0);
    json_kv(f, "file", gdc_report_path(buf, sizeof buf, it->path, ro, 0), 1);
    json_kv(f, "statement", it->label, 1);
    json_kv(f, "says", it->says, 1);
    json_kv(f, "verdict", it->verdict_word, 1);
    static const char *const truth[] = {"undecided", "true", "false"};
    json_kv(f, "truth", truth[gdc_claim_truth(it)], 1);
    if (it->enclosure[0]) {
        json_kv(f, "enclosure", it->enclosure, 1);
        json_kv(f, "lo", it->lo, 1);
        json_kv(f, "hi", it->hi, 1);
    }
    json_kv(f, "detail", it->detail, 1);
    json_kv(f, "where", it->means, 1);
    json_kv(f, "expect", it->expect_text, 1);
    json_kv(f, "match", gdc_match_word(it->match), 1);
    fprintf(f, ", \"boxes\": %ld", it->boxes);
    if (ro->timings)
        fprintf(f, ", \"seconds\": %.3f, \"cpu_seconds\": %.3f", it->seconds, it->cpu_seconds);
    if (it->cert[0])
        json_kv(f, "certificate", gdc_report_path(buf, sizeof buf, it->cert, ro, 1), 1);
    fputs("}", f);
}

void gdc_report_json(FILE *f, const gdc_audit_item_t *items, const gdc_paper_view_t *v, const gdc_report_opts_t *ro)
{
    const gdc_audit_paper_t *p = v->p;
    const gdc_index_t *ix = &p->ix;
    fputs("    {", f);
    json_kv(f, "paper", p->name, 0);
    json_kv(f, "description", p->desc, 1);
    fprintf(f, ", \"index\": %s,\n     \"statements\": [", ix->has_index ? "true" : "false");
    for (int s = 0; ix->has_index && s < ix->nst; s++) {
        const gdc_statement_t *st = &ix->st[s];
        fprintf(f, "%s\n      {", s ? "," : "");
        json_kv(f, "statement", st->label, 0);
        json_kv(f, "reads", st->reads, 1);
        json_kv(f, "part", st->part, 1);
        json_kv(f, "not_numeric", st->not_numeric, 1);
        json_kv(f, "verdict", gdc_sverdict_name(v->sv[s].v), 1);
        json_kv(f, "verdict_text", v->sv[s].text, 1);
        json_kv(f, "match", v->smatch[s], 1);
        fputs(", \"claims\": [", f);
        for (int k = 0; k < st->nclaims; k++) {
            fprintf(f, "%s{", k ? ", " : "");
            json_kv(f, "claim", st->claims[k].name, 0);
            json_kv(f, "role", gdc_role_name(st->claims[k].role), 1);
            json_kv(f, "note", st->claims[k].note, 1);
            json_kv(f, "bearing",
                    gdc_bearing(st->claims[k].role,
                                gdc_index_truth(gdc_claim_truth(&items[st->claims[k].item]), &st->claims[k])),
                    1);
            fputs("}", f);
        }
        fputs("]}", f);
    }
    fputs("\n     ],\n     \"claims\": [", f);
    for (int i = p->first; i < p->first + p->count; i++) {
        fprintf(f, "%s\n      ", i > p->first ? "," : "");
        json_claim(f, &items[i], ro);
    }
    fputs("\n     ],\n     \"unlisted\": [", f);
    for (int k = 0; k < v->nunindexed; k++) {
        fputs(k ? ", " : "", f);
        gdc_json_str(f, items[v->unindexed[k]].name);
    }
    fprintf(f, "],\n     \"coverage\": {\"catalogue\": %s, \"items\": %d, \"covered\": %d, \"not_numeric\": %d, "
               "\"missing\": %d, ",
            ix->has_catalogue ? "true" : "false", ix->ncat, v->cov[GDC_ITEM_COVERED], v->cov[GDC_ITEM_NOT_NUMERIC],
            v->cov[GDC_ITEM_MISSING]);
    if (v->cov[GDC_ITEM_TESTED] > 0) /* only where there are some: the reports without them are unchanged */
        fprintf(f, "\"tested\": %d, ", v->cov[GDC_ITEM_TESTED]);
    fputs("\"list\": [", f);
    static const char *const st[] = {"missing", "covered", "not-numeric", "tested"};
    for (int i = 0; i < ix->ncat; i++) {
        fprintf(f, "%s\n       {", i ? "," : "");
        json_kv(f, "id", ix->cat[i].id, 0);
        json_kv(f, "title", ix->cat[i].title, 1);
        json_kv(f, "status", st[ix->cat[i].status], 1);
        json_kv(f, "by", ix->cat[i].by, 1);
        fputs("}", f);
    }
    const gdc_tally_t *t = &v->claims;
    fprintf(f, "]},\n     \"summary\": {\"statements\": %d, \"claims\": %d, \"match\": %d, \"mismatch\": %d, "
               "\"open\": %d, \"errors\": %d, \"holds\": %d, \"fails\": %d, \"bounds\": %d, \"unknown\": %d",
            ix->has_index ? ix->nst : 0, t->n, t->ok, t->mismatch, t->open, t->error, t->holds, t->fails, t->bound,
            t->unknown);
    if (ro->timings)
        fprintf(f, ", \"seconds\": %.3f", t->seconds);
    fputs("}}", f);
}
