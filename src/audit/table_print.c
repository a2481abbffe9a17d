/* Printing certified tables: Markdown, CSV (with certified lower/upper ends for plotting), LaTeX and JSON.
 * The output depends only on the spec and the budget (no timings), so committed tables can be compared
 * byte for byte with freshly generated ones. */
#include <stdlib.h>
#include <string.h>
#include "audit/audit.h"

static const char *kind_text(gdc_col_kind_t k)
{
    switch (k) {
    case GDC_COL_MIN: return "certified min of ";
    case GDC_COL_MAX: return "certified max of ";
    case GDC_COL_PROVE: return "verdict of ";
    default: return "enclosure of ";
    }
}

/* the variables' ranges as written in the spec's var lines ("r in [0, 2], t in [0, pi - delta]") */
static void ranges_text(char *buf, size_t n, const gdc_table_spec_t *s)
{
    size_t o = 0;
    buf[0] = 0;
    const char *t = s->text;
    for (const char *line = t; line && *line;) {
        const char *e = strchr(line, '\n');
        size_t len = e ? (size_t)(e - line) : strlen(line);
        const char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (strncmp(p, "var ", 4) == 0 || strncmp(p, "var\t", 4) == 0) {
            p += 4;
            size_t k = len - (size_t)(p - line);
            const char *hash = memchr(p, '#', k);
            if (hash)
                k = (size_t)(hash - p);
            while (k > 0 && (p[k - 1] == ' ' || p[k - 1] == '\t' || p[k - 1] == '\r'))
                k--;
            while (*p == ' ')
                p++, k--;
            if (o < n)
                o += (size_t)snprintf(buf + o, n - o, "%s%.*s", o ? ", " : "", (int)k, p);
        }
        line = e ? e + 1 : NULL;
    }
}

static void tex_escape(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '_' || *s == '&' || *s == '%' || *s == '#')
            fprintf(f, "\\%c", *s);
        else if (*s == '[' || *s == ']')
            fputc(*s, f);
        else
            fputc(*s, f);
    }
}

/* "d = 13" or "d = 20, taud = 1/5" */
static void print_row_label(FILE *f, const gdc_table_spec_t *s, const gdc_table_t *t, int r)
{
    if (s->nparams == 1) {
        fprintf(f, "%s", t->param_text[r]);
        return;
    }
    fputc('(', f);
    for (int p = 0; p < s->nparams; p++)
        fprintf(f, "%s%s = %s", p ? ", " : "", s->params[p].name, t->param_text[r * s->nparams + p]);
    fputc(')', f);
}

/* a and b are decimal integers with b = a + 1 */
static int consecutive(const char *a, const char *b)
{
    char *ea, *eb;
    long x = strtol(a, &ea, 10), y = strtol(b, &eb, 10);
    return *a && *b && !*ea && !*eb && y == x + 1;
}

/* JSON: the spec, then per row each parameter as written and each column's text and certified ends */
static void print_json(FILE *f, const gdc_table_spec_t *s, const gdc_table_t *t, const char *ranges)
{
    const gdc_claim_t *c = s->claim;
    fprintf(f, "{\n  \"table\": ");
    gdc_json_str(f, c->name);
    fprintf(f, ",\n  \"source\": ");
    gdc_json_str(f, c->source ? c->source : "");
    fprintf(f, ",\n  \"says\": ");
    gdc_json_str(f, s->meta.says);
    fprintf(f, ",\n  \"variables\": ");
    gdc_json_str(f, ranges);
    fprintf(f, ",\n  \"params\": [");
    for (int p = 0; p < s->nparams; p++) {
        fprintf(f, "%s", p ? ", " : "");
        gdc_json_str(f, s->params[p].name);
    }
    fprintf(f, "],\n  \"columns\": [");
    for (int k = 0; k < s->ncols; k++) {
        fprintf(f, "%s\n    {\"name\": ", k ? "," : "");
        gdc_json_str(f, s->cols[k].name);
        fprintf(f, ", \"kind\": \"%s\", \"expr\": ",
                s->cols[k].kind == GDC_COL_MIN ? "min" : s->cols[k].kind == GDC_COL_MAX ? "max"
                                                     : s->cols[k].kind == GDC_COL_PROVE ? "prove" : "expr");
        gdc_json_str(f, s->cols[k].expr);
        fprintf(f, "}");
    }
    fprintf(f, "\n  ],\n  \"rows\": [");
    for (int r = 0; r < t->nrows; r++) {
        fprintf(f, "%s\n    {", r ? "," : "");
        for (int p = 0; p < s->nparams; p++) {
            fprintf(f, "%s", p ? ", " : "");
            gdc_json_str(f, s->params[p].name);
            fprintf(f, ": ");
            gdc_json_str(f, t->param_text[r * s->nparams + p]);
        }
        for (int k = 0; k < s->ncols; k++) {
            const gdc_table_cell_t *cell = &t->cells[r * t->ncols + k];
            fprintf(f, "%s", s->nparams || k ? ", " : "");
            gdc_json_str(f, s->cols[k].name);
            fprintf(f, ": {\"text\": ");
            gdc_json_str(f, cell->text);
            if (cell->ok && s->cols[k].kind != GDC_COL_PROVE) {
                char lo[64], hi[64];
                gdc_fmt_round(lo, sizeof lo, cell->lo, 17, -1);
                gdc_fmt_round(hi, sizeof hi, cell->hi, 17, 1);
                fprintf(f, ", \"lo\": \"%s\", \"hi\": \"%s\"", lo, hi);
            }
            fprintf(f, ", \"certified\": %s}", cell->ok ? "true" : "false");
        }
        fprintf(f, "}");
    }
    fprintf(f, "\n  ]\n}\n");
}

/* CSV: params as written and (approximately) as numbers for plotting; every column's text and its
 * certified ends (rounded outward to 17 digits) */
static void print_csv(FILE *f, const gdc_table_spec_t *s, const gdc_table_t *t)
{
    for (int p = 0; p < s->nparams; p++)
        fprintf(f, "%s%s", p ? "," : "", s->params[p].name);
    for (int k = 0; k < s->ncols; k++) {
        if (s->cols[k].kind == GDC_COL_PROVE)
            fprintf(f, "%s%s", s->nparams || k ? "," : "", s->cols[k].name);
        else
            fprintf(f, "%s%s,%s_lo,%s_hi", s->nparams || k ? "," : "", s->cols[k].name, s->cols[k].name,
                    s->cols[k].name);
    }
    fputc('\n', f);
    for (int r = 0; r < t->nrows; r++) {
        for (int p = 0; p < s->nparams; p++)
            fprintf(f, "%s\"%s\"", p ? "," : "", t->param_text[r * s->nparams + p]);
        for (int k = 0; k < s->ncols; k++) {
            const gdc_table_cell_t *cell = &t->cells[r * t->ncols + k];
            fprintf(f, "%s\"%s\"", s->nparams || k ? "," : "", cell->text);
            if (s->cols[k].kind != GDC_COL_PROVE) {
                char lo[64] = "", hi[64] = "";
                if (cell->ok) {
                    gdc_fmt_round(lo, sizeof lo, cell->lo, 17, -1);
                    gdc_fmt_round(hi, sizeof hi, cell->hi, 17, 1);
                }
                fprintf(f, ",%s,%s", lo, hi);
            }
        }
        fputc('\n', f);
    }
}

/* LaTeX tabular */
static void print_tex(FILE *f, const gdc_table_spec_t *s, const gdc_table_t *t)
{
    const gdc_claim_t *c = s->claim;
    fprintf(f, "%% certified table %s", c->name);
    if (c->source)
        fprintf(f, " (%s)", c->source);
    fprintf(f, "\n%% x.yz[a,b] means the value lies in [x.yza, x.yzb]; every printed digit is certified.\n");
    fprintf(f, "\\begin{tabular}{");
    for (int i = 0; i < s->nparams + s->ncols; i++)
        fputc(i < s->nparams ? 'l' : 'r', f);
    fprintf(f, "}\n\\hline\n");
    for (int p = 0; p < s->nparams; p++) {
        fprintf(f, "%s", p ? " & " : "");
        tex_escape(f, s->params[p].name);
    }
    for (int k = 0; k < s->ncols; k++) {
        fprintf(f, "%s", s->nparams || k ? " & " : "");
        tex_escape(f, s->cols[k].name);
    }
    fprintf(f, " \\\\\n\\hline\n");
    for (int r = 0; r < t->nrows; r++) {
        for (int p = 0; p < s->nparams; p++) {
            fprintf(f, "%s\\texttt{", p ? " & " : "");
            tex_escape(f, t->param_text[r * s->nparams + p]);
            fputc('}', f);
        }
        for (int k = 0; k < s->ncols; k++) {
            fprintf(f, "%s\\texttt{", s->nparams || k ? " & " : "");
            tex_escape(f, t->cells[r * t->ncols + k].text);
            fputc('}', f);
        }
        fprintf(f, " \\\\\n");
    }
    fprintf(f, "\\hline\n\\end{tabular}\n");
}

/* the verdict v is the kind listed: want 0 FAILS, want 1 undecided */
static int is_wanted(int v, int want)
{
    return want == 0 ? v == GDC_FAILS : v != GDC_FAILS && v != GDC_HOLDS;
}

/* the rows where prove column k FAILS (want 0) or is undecided (want 1), runs of consecutive integer values
 * compressed; the number of rows listed */
static int print_md_rows_where(FILE *f, const gdc_table_spec_t *s, const gdc_table_t *t, int k, int want)
{
    int count = 0;
    for (int r = 0; r < t->nrows; r++) {
        if (!is_wanted(t->cells[r * t->ncols + k].verdict, want))
            continue;
        if (count++ == 0)
            fprintf(f, "\n`%s` %s for ", s->cols[k].name, want == 0 ? "FAILS" : "is undecided");
        else
            fprintf(f, ", ");
        print_row_label(f, s, t, r);
        /* a run of rows whose single integer param increases by one */
        int e = r;
        while (s->nparams == 1 && e + 1 < t->nrows && consecutive(t->param_text[e], t->param_text[e + 1]) &&
               is_wanted(t->cells[(e + 1) * t->ncols + k].verdict, want))
            e++;
        if (e > r + 1) {
            fprintf(f, "..");
            print_row_label(f, s, t, e);
            r = e;
        }
    }
    if (count)
        fprintf(f, ".\n");
    return count;
}

/* where each prove column is not HOLDS */
static void print_md_verdicts(FILE *f, const gdc_table_spec_t *s, const gdc_table_t *t)
{
    for (int k = 0; k < s->ncols; k++) {
        if (s->cols[k].kind != GDC_COL_PROVE)
            continue;
        if (!print_md_rows_where(f, s, t, k, 0))
            fprintf(f, "\n`%s` HOLDS in every row.\n", s->cols[k].name);
        print_md_rows_where(f, s, t, k, 1);
    }
}

/* Markdown (also the text format) */
static void print_md(FILE *f, const gdc_table_spec_t *s, const gdc_table_t *t, const char *ranges)
{
    const gdc_claim_t *c = s->claim;
    const char *base = strrchr(s->file, '/');
    fprintf(f, "<!-- generated by gdcert table %s: do not edit -->\n", base ? base + 1 : s->file);
    fprintf(f, "**%s**", c->name);
    if (c->source)
        fprintf(f, " (%s)", c->source);
    fprintf(f, "\n\n");
    if (s->meta.says[0])
        fprintf(f, "%s\n\n", s->meta.says);
    if (ranges[0])
        fprintf(f, "Over %s.\n\n", ranges);
    for (int p = 0; p < s->nparams; p++)
        fprintf(f, "%s| %s ", p ? "" : "", s->params[p].name);
    for (int k = 0; k < s->ncols; k++)
        fprintf(f, "| %s ", s->cols[k].name);
    fprintf(f, "|\n");
    for (int i = 0; i < s->nparams + s->ncols; i++)
        fprintf(f, "|%s", i < s->nparams ? "---" : "---:");
    fprintf(f, "|\n");
    for (int r = 0; r < t->nrows; r++) {
        for (int p = 0; p < s->nparams; p++)
            fprintf(f, "| %s ", t->param_text[r * s->nparams + p]);
        for (int k = 0; k < s->ncols; k++) {
            const gdc_table_cell_t *cell = &t->cells[r * t->ncols + k];
            fprintf(f, "| %s ", cell->text);
        }
        fprintf(f, "|\n");
    }
    print_md_verdicts(f, s, t);
    fprintf(f, "\nColumns:\n\n");
    for (int k = 0; k < s->ncols; k++)
        fprintf(f, "- `%s`: %s`%s`%s%s%s\n", s->cols[k].name, kind_text(s->cols[k].kind), s->cols[k].expr,
                s->cols[k].tol ? " (tol " : "", s->cols[k].tol ? s->cols[k].tol : "", s->cols[k].tol ? ")" : "");
    fprintf(f, "\nx.yz[a,b] means the value lies in [x.yza, x.yzb]; [lo, hi] is an enclosure rounded outward. "
               "Every printed digit is certified (Arb ball arithmetic, branch and bound).\n");
}

void gdc_table_print(FILE *f, const gdc_table_spec_t *s, const gdc_table_t *t, gdc_fmt_t fmt)
{
    char ranges[600];
    ranges_text(ranges, sizeof ranges, s);
    if (fmt == GDC_FMT_JSON)
        print_json(f, s, t, ranges);
    else if (fmt == GDC_FMT_CSV)
        print_csv(f, s, t);
    else if (fmt == GDC_FMT_TEX)
        print_tex(f, s, t);
    else
        print_md(f, s, t, ranges);
}
