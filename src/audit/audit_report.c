/* The audit report: per paper (its PAPER file: title, authors, venue), one row per claim with the paper's
 * statement label, the claim name, its one-line reading (`says`), the verdict (HOLDS, FAILS with the
 * witness, UNKNOWN, or the bound's certified enclosure), the expectation, match or MISMATCH and the time;
 * then a summary line per paper and overall. Formats: text, Markdown, JSON. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "audit/audit.h"

int gdc_fmt_parse(const char *s, gdc_fmt_t *f)
{
    static const struct { const char *name; gdc_fmt_t f; } names[] = {
        {"text", GDC_FMT_TEXT}, {"md", GDC_FMT_MD}, {"json", GDC_FMT_JSON}, {"csv", GDC_FMT_CSV}, {"tex", GDC_FMT_TEX},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(s, names[i].name) == 0) {
            *f = names[i].f;
            return 0;
        }
    return -1;
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

static const char *match_word(int m)
{
    switch (m) {
    case GDC_MATCH_OK: return "ok";
    case GDC_MATCH_MISMATCH: return "MISMATCH";
    case GDC_MATCH_OPEN: return "open";
    default: return "ERROR";
    }
}

/* The PAPER file next to a claim: "key: value" lines (title, authors, venue, year) or free text. */
static void paper_description(char *buf, size_t n, const char *claim_path)
{
    char dir[1024], pf[1100];
    snprintf(dir, sizeof dir, "%s", claim_path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(dir, sizeof dir, ".");
    snprintf(pf, sizeof pf, "%s/PAPER", dir);
    buf[0] = 0;
    char *text = gdc_read_file(pf, NULL);
    if (!text)
        return;
    char title[400] = "", authors[400] = "", venue[200] = "", year[40] = "", free_text[600] = "";
    int nfree = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        while (*line == ' ' || *line == '\t')
            line++;
        size_t l = strlen(line);
        while (l > 0 && isspace((unsigned char)line[l - 1]))
            line[--l] = 0;
        if (!*line || *line == '#')
            continue;
        char *colon = strchr(line, ':');
        char key[32] = "";
        if (colon && colon - line < (long)sizeof key) {
            for (int i = 0; line + i < colon; i++)
                key[i] = (char)tolower((unsigned char)line[i]);
            key[colon - line] = 0;
        }
        const char *val = colon ? colon + 1 : line;
        while (*val == ' ')
            val++;
        if (strcmp(key, "title") == 0)
            snprintf(title, sizeof title, "%s", val);
        else if (strcmp(key, "authors") == 0 || strcmp(key, "author") == 0)
            snprintf(authors, sizeof authors, "%s", val);
        else if (strcmp(key, "venue") == 0)
            snprintf(venue, sizeof venue, "%s", val);
        else if (strcmp(key, "year") == 0)
            snprintf(year, sizeof year, "%s", val);
        else if (!key[0] || strchr(key, ' ')) {
            if (nfree < 3) {
                size_t o = strlen(free_text);
                snprintf(free_text + o, sizeof free_text - o, "%s%s", nfree ? "; " : "", line);
            }
            nfree++;
        }
    }
    if (title[0]) {
        size_t o = (size_t)snprintf(buf, n, "%s", title);
        if (authors[0] && o < n)
            o += (size_t)snprintf(buf + o, n - o, " -- %s", authors);
        if ((venue[0] || year[0]) && o < n)
            snprintf(buf + o, n - o, " (%s%s%s)", venue, venue[0] && year[0] && !strstr(venue, year) ? " " : "",
                     strstr(venue, year) ? "" : year);
    } else
        snprintf(buf, n, "%s", free_text);
    free(text);
}

typedef struct {
    int n, ok, mismatch, open, error;
    int holds, fails, bound, unknown;
    double seconds;
} tally_t;

static void tally_add(tally_t *t, const gdc_audit_item_t *it)
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

static void tally_text(char *buf, size_t n, const tally_t *t)
{
    snprintf(buf, n,
             "%d claim%s: %d match, %d MISMATCH, %d open, %d error%s (HOLDS %d, FAILS %d, bounds %d, UNKNOWN %d); "
             "%.2f s of deciding",
             t->n, t->n == 1 ? "" : "s", t->ok, t->mismatch, t->open, t->error, t->error == 1 ? "" : "s", t->holds,
             t->fails, t->bound, t->unknown, t->seconds);
}

/* the verdict cell: HOLDS / FAILS / UNKNOWN / the bound's enclosure */
static void verdict_cell(char *buf, size_t n, const gdc_audit_item_t *it)
{
    if (it->verdict == GDC_BOUND_MET || it->verdict == GDC_BOUND_NOT_MET)
        snprintf(buf, n, "%s %s%s", it->goal_kind == GDC_GOAL_MAX ? "max" : "min", it->enclosure,
                 it->verdict == GDC_BOUND_NOT_MET ? " (tol not met)" : "");
    else
        snprintf(buf, n, "%s", it->verdict_word);
}

static void md_cell(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '|')
            fputs("\\|", f);
        else if (*s == '\n')
            fputc(' ', f);
        else
            fputc(*s, f);
    }
}

static void report_text_paper(FILE *f, const gdc_audit_item_t *items, int a, int b)
{
    int wl = 9, wc = 5;
    for (int i = a; i < b; i++) {
        int l = (int)strlen(items[i].label), c = (int)strlen(items[i].name);
        wl = l > wl ? l : wl;
        wc = c > wc ? c : wc;
    }
    if (wl > 34)
        wl = 34;
    if (wc > 40)
        wc = 40;
    fprintf(f, "  %-*s  %-*s  %-26s  %-16s  %-8s  %7s\n", wl, "Statement", wc, "Claim", "Verdict", "Expected", "Match",
            "Time");
    for (int i = a; i < b; i++) {
        const gdc_audit_item_t *it = &items[i];
        char vc[200];
        verdict_cell(vc, sizeof vc, it);
        fprintf(f, "  %-*.*s  %-*s  %-26s  %-16s  %-8s  %6.2fs\n", wl, wl, it->label[0] ? it->label : "-", wc, it->name,
                vc, it->expect_text[0] ? it->expect_text : "(open)", match_word(it->match), it->seconds);
        if (it->says[0])
            fprintf(f, "      says: %s\n", it->says);
        if (it->verdict != GDC_BOUND_MET && it->verdict != GDC_BOUND_NOT_MET)
            fprintf(f, "      %s\n", it->detail);
        else if (strstr(it->detail, "near"))
            fprintf(f, "      %s\n", it->detail);
    }
}

void gdc_audit_report(FILE *f, const gdc_audit_item_t *items, int n, gdc_fmt_t fmt, double wall_seconds)
{
    tally_t all;
    memset(&all, 0, sizeof all);
    if (fmt == GDC_FMT_JSON)
        fprintf(f, "{\n  \"papers\": [");
    int npapers = 0;
    for (int a = 0; a < n;) {
        int b = a + 1;
        while (b < n && strcmp(items[b].paper, items[a].paper) == 0)
            b++;
        tally_t t;
        memset(&t, 0, sizeof t);
        for (int i = a; i < b; i++)
            tally_add(&t, &items[i]), tally_add(&all, &items[i]);
        char desc[1200], sum[400];
        paper_description(desc, sizeof desc, items[a].path);
        tally_text(sum, sizeof sum, &t);
        const char *pname = items[a].paper[0] ? items[a].paper : "(claims outside a paper folder)";
        if (fmt == GDC_FMT_JSON) {
            fprintf(f, "%s\n    {\"paper\": ", npapers ? "," : "");
            gdc_json_str(f, items[a].paper);
            fprintf(f, ", \"description\": ");
            gdc_json_str(f, desc);
            fprintf(f, ",\n     \"claims\": [");
            for (int i = a; i < b; i++) {
                const gdc_audit_item_t *it = &items[i];
                fprintf(f, "%s\n      {\"file\": ", i > a ? "," : "");
                gdc_json_str(f, it->path);
                fprintf(f, ", \"statement\": ");
                gdc_json_str(f, it->label);
                fprintf(f, ", \"claim\": ");
                gdc_json_str(f, it->name);
                fprintf(f, ", \"says\": ");
                gdc_json_str(f, it->says);
                fprintf(f, ", \"verdict\": ");
                gdc_json_str(f, it->verdict_word);
                if (it->enclosure[0]) {
                    fprintf(f, ", \"enclosure\": ");
                    gdc_json_str(f, it->enclosure);
                }
                fprintf(f, ", \"detail\": ");
                gdc_json_str(f, it->detail);
                fprintf(f, ", \"expect\": ");
                gdc_json_str(f, it->expect_text);
                fprintf(f, ", \"match\": ");
                gdc_json_str(f, match_word(it->match));
                fprintf(f, ", \"boxes\": %ld, \"seconds\": %.3f", it->boxes, it->seconds);
                if (it->cert[0]) {
                    fprintf(f, ", \"certificate\": ");
                    gdc_json_str(f, it->cert);
                }
                fprintf(f, "}");
            }
            fprintf(f, "\n     ],\n     \"summary\": {\"claims\": %d, \"match\": %d, \"mismatch\": %d, \"open\": %d, "
                       "\"errors\": %d, \"holds\": %d, \"fails\": %d, \"bounds\": %d, \"unknown\": %d, "
                       "\"seconds\": %.3f}}",
                    t.n, t.ok, t.mismatch, t.open, t.error, t.holds, t.fails, t.bound, t.unknown, t.seconds);
        } else if (fmt == GDC_FMT_MD) {
            fprintf(f, "### %s\n\n", pname);
            if (desc[0])
                fprintf(f, "%s\n\n", desc);
            fprintf(f, "| Statement | Claim | Says | Verdict | Expected | Match | Time |\n"
                       "|---|---|---|---|---|---|---:|\n");
            for (int i = a; i < b; i++) {
                const gdc_audit_item_t *it = &items[i];
                char vc[200];
                verdict_cell(vc, sizeof vc, it);
                fputs("| ", f);
                md_cell(f, it->label);
                fputs(" | `", f);
                md_cell(f, it->name);
                fputs("` | ", f);
                md_cell(f, it->says);
                fputs(" | ", f);
                if (it->verdict == GDC_BOUND_MET || it->verdict == GDC_BOUND_NOT_MET)
                    md_cell(f, vc);
                else {
                    fprintf(f, "**%s**", it->verdict_word);
                    if (it->verdict != GDC_HOLDS) {
                        fputs(": ", f);
                        md_cell(f, it->detail);
                    }
                }
                fputs(" | ", f);
                md_cell(f, it->expect_text[0] ? it->expect_text : "(open)");
                fprintf(f, " | %s | %.2f s |\n", match_word(it->match), it->seconds);
            }
            fprintf(f, "\n%s\n\n", sum);
        } else {
            fprintf(f, "%s%s\n", npapers ? "\n" : "", pname);
            if (desc[0])
                fprintf(f, "  %s\n", desc);
            fputc('\n', f);
            report_text_paper(f, items, a, b);
            fprintf(f, "\n  %s\n", sum);
        }
        npapers++;
        a = b;
    }
    char sum[400];
    tally_text(sum, sizeof sum, &all);
    if (fmt == GDC_FMT_JSON)
        fprintf(f, "\n  ],\n  \"summary\": {\"papers\": %d, \"claims\": %d, \"match\": %d, \"mismatch\": %d, "
                   "\"open\": %d, \"errors\": %d, \"holds\": %d, \"fails\": %d, \"bounds\": %d, \"unknown\": %d, "
                   "\"seconds\": %.3f, \"wall_seconds\": %.3f, \"status\": \"%s\"}\n}\n",
                npapers, all.n, all.ok, all.mismatch, all.open, all.error, all.holds, all.fails, all.bound,
                all.unknown, all.seconds, wall_seconds, gdc_audit_exit(items, n) == 0 ? "pass" : "fail");
    else if (fmt == GDC_FMT_MD)
        fprintf(f, "**Overall** (%d paper%s): %s; %.2f s wall clock. %s\n", npapers, npapers == 1 ? "" : "s", sum,
                wall_seconds, gdc_audit_exit(items, n) == 0 ? "Every verdict matches." : "**Some verdicts do not match.**");
    else
        fprintf(f, "\nOverall (%d paper%s): %s; %.2f s wall clock\n%s\n", npapers, npapers == 1 ? "" : "s", sum,
                wall_seconds,
                gdc_audit_exit(items, n) == 0 ? "PASS: every verdict matches its expectation"
                                               : "FAIL: some verdicts do not match their expectation");
}

int gdc_audit_exit(const gdc_audit_item_t *items, int n)
{
    for (int i = 0; i < n; i++)
        if (items[i].match == GDC_MATCH_MISMATCH || items[i].match == GDC_MATCH_ERROR)
            return 1;
    return 0;
}
