/* What the audit reads from a claim file besides the claim: the `says TEXT` line (a one-line reading of
 * the statement, accepted through the claim parser's directive hook) and the paper's own statement label,
 * taken from `source` (the text after the paper file name). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "audit/audit.h"
#include "core/input_file.h"

char *gdc_read_file(const char *path, size_t *len)
{
    return gdc_input_read(path, len, NULL, 0);
}

int gdc_says_hook(void *data, gdc_claim_t *c, gdc_lexer_t *lx, const char *keyword)
{
    (void)c;
    if (strcmp(keyword, "says") != 0)
        return 1;
    gdc_claim_meta_t *m = data;
    gdc_lex_skip_space(lx);
    size_t k = 0;
    while (lx->pos + k < lx->len && lx->text[lx->pos + k] != '\n' && lx->text[lx->pos + k] != '#')
        k++;
    size_t e = k;
    while (e > 0 && isspace((unsigned char)lx->text[lx->pos + e - 1]))
        e--;
    if (e == 0) {
        gdc_lex_error(lx, "expected the text of 'says'");
        return -1;
    }
    if (m) {
        size_t w = e < sizeof m->says ? e : sizeof m->says - 1;
        memcpy(m->says, lx->text + lx->pos, w);
        m->says[w] = 0;
        m->says_line = lx->line;
    }
    /* consume the text (it holds no newline) */
    lx->pos += k;
    lx->col += (int)k;
    return 0;
}

void gdc_claim_says(gdc_claim_meta_t *meta, const gdc_claim_t *c)
{
    if (c && c->says && !meta->says[0]) {
        size_t k = strlen(c->says);
        if (k >= sizeof meta->says)
            k = sizeof meta->says - 1;
        memcpy(meta->says, c->says, k);
        meta->says[k] = 0;
    }
}

gdc_claim_t *gdc_audit_load_claim(const char *path, gdc_claim_meta_t *meta, char *err, size_t errlen)
{
    size_t len;
    char *text = gdc_input_read(path, &len, err, errlen);
    if (!text)
        return NULL;
    memset(meta, 0, sizeof *meta);
    gdc_claim_t *c = gdc_claim_parse_ex(text, len, path, 0, gdc_says_hook, meta, err, errlen);
    free(text);
    gdc_claim_says(meta, c);
    return c;
}

void gdc_source_label(char *buf, size_t n, const char *source)
{
    if (!source) {
        snprintf(buf, n, "%s", "");
        return;
    }
    const char *s = source;
    while (*s && isspace((unsigned char)*s))
        s++;
    const char *w = s;
    while (*w && !isspace((unsigned char)*w))
        w++;
    size_t wl = (size_t)(w - s);
    if (wl > 4 && memcmp(w - 4, ".txt", 4) == 0) {
        while (*w && isspace((unsigned char)*w))
            w++;
        if (*w)
            s = w;
    }
    snprintf(buf, n, "%s", s);
}
