/* The papers of an audit run: the claims grouped by paper folder, each folder's PAPER description, and its
 * statement index (INDEX, CATALOGUE) read, linked to the claims by name and checked for coverage. */
#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include "audit/audit.h"

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


/* the number of claim files (*.claim) directly in dir */
static int count_claims(const char *dir)
{
    DIR *d = opendir(dir);
    int k = 0;
    if (!d)
        return -1;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t l = strlen(e->d_name);
        k += e->d_name[0] != '.' && l > 6 && strcmp(e->d_name + l - 6, ".claim") == 0;
    }
    closedir(d);
    return k;
}

int gdc_audit_papers(gdc_audit_item_t *items, int n, gdc_audit_paper_t **papers, int *npapers, char *err,
                     size_t errlen)
{
    gdc_audit_paper_t *ps = NULL;
    int np = 0;
    *papers = NULL;
    *npapers = 0;
    for (int a = 0; a < n;) {
        int b = a + 1;
        while (b < n && strcmp(items[b].paper, items[a].paper) == 0)
            b++;
        gdc_audit_paper_t *p = realloc(ps, (size_t)(np + 1) * sizeof *p);
        if (!p) {
            snprintf(err, errlen, "out of memory");
            gdc_audit_papers_free(ps, np);
            return -1;
        }
        ps = p;
        gdc_audit_paper_t *pp = &ps[np++];
        memset(pp, 0, sizeof *pp);
        snprintf(pp->name, sizeof pp->name, "%s", items[a].paper);
        snprintf(pp->dir, sizeof pp->dir, "%s", items[a].path);
        char *slash = strrchr(pp->dir, '/');
        if (slash)
            *slash = 0;
        else
            snprintf(pp->dir, sizeof pp->dir, ".");
        pp->first = a;
        pp->count = b - a;
        paper_description(pp->desc, sizeof pp->desc, items[a].path);
        int rc = 0;
        /* claim files outside a paper folder have no index; nor does a folder audited in part (a claim
         * file given alone), whose index names claims that are not in the run */
        pp->partial = pp->name[0] && count_claims(pp->dir) != b - a;
        if (pp->name[0] && !pp->partial) {
            rc = gdc_index_load(&pp->ix, pp->dir, err, errlen);
            if (rc == 0)
                rc = gdc_index_link(&pp->ix, items, a, b, err, errlen);
            if (rc == 0)
                gdc_index_coverage(&pp->ix);
        }
        if (rc) {
            gdc_audit_papers_free(ps, np);
            return -1;
        }
        a = b;
    }
    *papers = ps;
    *npapers = np;
    return 0;
}

void gdc_audit_papers_free(gdc_audit_paper_t *papers, int npapers)
{
    for (int i = 0; i < npapers; i++)
        gdc_index_clear(&papers[i].ix);
    free(papers);
}
