/* The audit report for papers: Markdown (renders on a code-hosting site: the statement table first, each
 * statement's claims in a collapsible <details> block, then the claims no statement lists and the catalogue
 * coverage) and LaTeX (a paste-ready appendix table: longtable with booktabs rules, one block per
 * statement). Timings only when asked for (they would make committed reports differ from run to run). */
#include <string.h>
#include "audit/audit.h"
#include "audit/report_internal.h"

static void md_cell(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '|')
            fputs("\\|", f);
        else if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '\n')
            fputc(' ', f);
        else
            fputc(*s, f);
    }
}

static void md_claim_row(FILE *f, const gdc_audit_item_t *it, const gdc_index_claim_t *ic,
                         const gdc_report_opts_t *ro)
{
    char vc[200];
    gdc_verdict_cell(vc, sizeof vc, it);
    fputs("| ", f);
    if (ic) {
        fprintf(f, "%s: **%s**", gdc_role_name(ic->role), gdc_bearing(ic->role, gdc_index_truth(gdc_claim_truth(it), ic)));
        if (ic->note[0]) {
            fputs(" (", f);
            md_cell(f, ic->note);
            fputs(")", f);
        }
    } else {
        fputs("source: ", f);
        md_cell(f, it->label);
    }
    fputs(" | `", f);
    md_cell(f, it->name);
    fputs("` | ", f);
    md_cell(f, it->says);
    fputs(" | **", f);
    md_cell(f, vc);
    fputs("**", f);
    const char *d = gdc_detail(it);
    if (d[0]) {
        fputs(": ", f);
        md_cell(f, d);
        if (it->means[0] && it->verdict != GDC_ERROR) {
            fputs(" (where ", f);
            md_cell(f, it->means);
            fputs(")", f);
        }
    }
    fputs(" | ", f);
    md_cell(f, it->expect_text[0] ? it->expect_text : "(open)");
    fprintf(f, " | %s |", gdc_match_word(it->match));
    if (ro->timings)
        fprintf(f, " %.2f s |", it->seconds);
    fputc('\n', f);
}

static void md_claim_header(FILE *f, const gdc_report_opts_t *ro)
{
    fprintf(f, "| Role: bearing | Claim | Says | Certified | Expected | Match |%s\n|---|---|---|---|---|---|%s\n",
            ro->timings ? " Time |" : "", ro->timings ? "---:|" : "");
}

void gdc_report_md(FILE *f, const gdc_audit_item_t *items, const gdc_paper_view_t *v, const gdc_report_opts_t *ro)
{
    const gdc_audit_paper_t *p = v->p;
    const gdc_index_t *ix = &p->ix;
    fprintf(f, "### %s\n\n", p->name[0] ? p->name : "(claims outside a paper folder)");
    if (p->desc[0]) {
        md_cell(f, p->desc);
        fputs("\n\n", f);
    }
    if (ix->has_index && ix->nst > 0) {
        fputs("| Statement | Reads | Verdict | Claims | Match |\n|---|---|---|---:|---|\n", f);
        for (int s = 0; s < ix->nst; s++) {
            fputs("| ", f);
            md_cell(f, ix->st[s].label);
            fputs(" | ", f);
            md_cell(f, ix->st[s].reads);
            fprintf(f, " | **%s**", gdc_sverdict_name(v->sv[s].v));
            md_cell(f, v->sv[s].text + strlen(gdc_sverdict_name(v->sv[s].v)));
            fprintf(f, " | %d | %s |\n", ix->st[s].nclaims, v->smatch[s]);
        }
        fputc('\n', f);
        for (int s = 0; s < ix->nst; s++) {
            const gdc_statement_t *st = &ix->st[s];
            if (st->nclaims == 0)
                continue;
            fputs("<details><summary>", f);
            md_cell(f, st->label);
            fputs(": ", f);
            md_cell(f, v->sv[s].text);
            fputs("</summary>\n\n", f);
            if (st->part[0]) {
                fputs("Part certified: ", f);
                md_cell(f, st->part);
                fputs("\n\n", f);
            }
            md_claim_header(f, ro);
            for (int k = 0; k < st->nclaims; k++)
                md_claim_row(f, &items[st->claims[k].item], &st->claims[k], ro);
            fputs("\n</details>\n\n", f);
        }
    }
    if (v->nunindexed) {
        fprintf(f, "%s (%d):\n\n", ix->has_index ? "Claims that no statement lists" : "Claims (no statement index)",
                v->nunindexed);
        md_claim_header(f, ro);
        for (int k = 0; k < v->nunindexed; k++) {
            md_claim_row(f, &items[v->unindexed[k]], NULL, ro);
        }
        fputc('\n', f);
    }
    char buf[600];
    if (p->name[0]) {
        gdc_coverage_text(buf, sizeof buf, v);
        fprintf(f, "Catalogue coverage: %s.\n\n", buf);
        if (ix->ncat > 0) {
            fputs("<details><summary>Catalogue items</summary>\n\n| Item | Title | Status | By |\n|---|---|---|---|\n", f);
            static const char *const st[] = {"**missing**", "covered", "not numeric", "tested"};
            for (int i = 0; i < ix->ncat; i++) {
                fprintf(f, "| %s | ", ix->cat[i].id);
                md_cell(f, ix->cat[i].title);
                fprintf(f, " | %s | ", st[ix->cat[i].status]);
                md_cell(f, ix->cat[i].by);
                fputs(" |\n", f);
            }
            fputs("\n</details>\n\n", f);
        }
    }
    gdc_statements_text(buf, sizeof buf, v);
    fprintf(f, "%s; ", buf);
    gdc_tally_text(buf, sizeof buf, &v->claims, ro->timings);
    fprintf(f, "%s.\n\n", buf);
}

/* ---------------------------------------------------------------- LaTeX */

static void tex_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '\\': fputs("\\textbackslash{}", f); break;
        case '~': fputs("\\textasciitilde{}", f); break;
        case '^': fputs("\\textasciicircum{}", f); break;
        case '<': fputs("\\textless{}", f); break;
        case '>': fputs("\\textgreater{}", f); break;
        case '|': fputs("\\textbar{}", f); break;
        case '_': case '%': case '&': case '#': case '$': case '{': case '}':
            fputc('\\', f);
            fputc(*s, f);
            break;
        default: fputc(*s, f);
        }
    }
}

static void tex_claim(FILE *f, const gdc_audit_item_t *it, const char *role, const gdc_report_opts_t *ro)
{
    char vc[200];
    gdc_verdict_cell(vc, sizeof vc, it);
    fputs(" & \\texttt{", f);
    tex_text(f, it->name);
    fputs("} & ", f);
    tex_text(f, role);
    fputs(" & ", f);
    tex_text(f, vc);
    fputs(" & ", f);
    tex_text(f, it->expect_text[0] ? it->expect_text : "(open)");
    fputs(" & ", f);
    tex_text(f, gdc_match_word(it->match));
    if (ro->timings)
        fprintf(f, " & %.2f", it->seconds);
    fputs(" \\\\\n", f);
}

void gdc_report_tex(FILE *f, const gdc_audit_item_t *items, const gdc_paper_view_t *v, const gdc_report_opts_t *ro)
{
    const gdc_audit_paper_t *p = v->p;
    const gdc_index_t *ix = &p->ix;
    fputs("\n% ", f);
    tex_text(f, p->name[0] ? p->name : "(claims outside a paper folder)");
    fputs(ro->timings ? "\n\\begin{longtable}{@{}p{0.2\\linewidth}p{0.26\\linewidth}llllr@{}}\n"
                      : "\n\\begin{longtable}{@{}p{0.2\\linewidth}p{0.26\\linewidth}llll@{}}\n",
          f);
    fputs("\\caption{", f);
    tex_text(f, p->desc[0] ? p->desc : p->name);
    fprintf(f, "}\\\\\n\\toprule\nStatement & Claim & Role & Certified & Expected & Match%s \\\\\n\\midrule\n"
               "\\endhead\n\\bottomrule\n\\endlastfoot\n",
            ro->timings ? " & s" : "");
    for (int s = 0; ix->has_index && s < ix->nst; s++) {
        const gdc_statement_t *st = &ix->st[s];
        if (s)
            fputs("\\addlinespace\n", f);
        fprintf(f, "\\multicolumn{%d}{@{}p{0.95\\linewidth}@{}}{\\textbf{", ro->timings ? 7 : 6);
        tex_text(f, st->label);
        fputs("}: ", f);
        tex_text(f, v->sv[s].text);
        fputs(". \\emph{", f);
        tex_text(f, st->reads);
        fputs("}} \\\\\n", f);
        for (int k = 0; k < st->nclaims; k++) {
            const gdc_index_claim_t *ic = &st->claims[k];
            const gdc_audit_item_t *it = &items[ic->item];
            char rb[64];
            snprintf(rb, sizeof rb, "%s: %s", gdc_role_name(ic->role),
                     gdc_bearing(ic->role, gdc_index_truth(gdc_claim_truth(it), ic)));
            tex_claim(f, it, rb, ro);
        }
    }
    if (v->nunindexed) {
        if (ix->has_index)
            fputs("\\addlinespace\n", f);
        fprintf(f, "\\multicolumn{%d}{@{}l}{\\textbf{%s}} \\\\\n", ro->timings ? 7 : 6,
                ix->has_index ? "Claims that no statement lists" : "Claims (no statement index)");
        for (int k = 0; k < v->nunindexed; k++) {
            const gdc_audit_item_t *it = &items[v->unindexed[k]];
            fputs("{}", f); /* a row may not begin with '[' (it would be the optional argument of \\) */
            tex_text(f, it->label);
            tex_claim(f, it, "", ro);
        }
    }
    fputs("\\end{longtable}\n", f);
    char buf[600];
    if (p->name[0]) {
        gdc_coverage_text(buf, sizeof buf, v);
        fputs("% Catalogue coverage: ", f);
        tex_text(f, buf);
        fputc('\n', f);
    }
}
