/* Certificates (issue 4): the text written for a HOLDS verdict (or the certified lower end of a bound).
 *   gdcert-certificate 1
 *   claim NAME
 *   claim-sha256 HEX        (of the normalised claim text)
 *   goal prove|min|max
 *   vars N
 *   prec BITS               (starting precision; '+' in the tree doubles it for a subtree)
 *   level DYADIC            (bound goals: every leaf has objective >= level)
 *   tree LENGTH
 *   <the bisection tree in preorder, 76 characters a line>
 *   end
 *   check HEX               (SHA-256 of every line above)
 * A bound certificate carries only the certified lower end (level); the upper end is certified by the
 * Arb value at the exact feasible point the prover prints, not by this certificate.
 * Tree: a digit d = split dimension d at the exact midpoint, then the left and right subtrees;
 * I = interval leaf, C = mean-value leaf, A = excluded by an assumption, M + one of '.lh' per variable =
 * monotone leaf decided on the face (l: lower end, h: upper end, .: free). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "prove/prove.h"

char *gdc_cert_text(const gdc_claim_t *c, const gdc_result_t *r)
{
    if (!r->tree)
        return NULL;
    const char *goal = c->goal_kind == GDC_GOAL_PROVE ? "prove" : c->goal_kind == GDC_GOAL_MIN ? "min" : "max";
    char hex[65];
    gdc_sha256_hex(hex, c->hash);
    char *level = NULL;
    if (c->goal_kind != GDC_GOAL_PROVE) {
        level = gdc_dyadic_str(r->cert_level);
        if (!level)
            return NULL;
    }
    size_t cap = 512 + strlen(c->name) + (level ? strlen(level) : 0) + r->tree_len + r->tree_len / 76 + 2;
    char *out = malloc(cap);
    if (!out) {
        free(level);
        return NULL;
    }
    int k = snprintf(out, cap, "gdcert-certificate 1\nclaim %s\nclaim-sha256 %s\ngoal %s\nvars %d\nprec %ld\n",
                     c->name, hex, goal, c->nvars, (long)r->prec);
    size_t len = (size_t)k;
    if (level)
        len += (size_t)snprintf(out + len, cap - len, "level %s\n", level);
    free(level);
    len += (size_t)snprintf(out + len, cap - len, "tree %zu\n", r->tree_len);
    for (size_t i = 0; i < r->tree_len; i += 76) {
        size_t m = r->tree_len - i < 76 ? r->tree_len - i : 76;
        memcpy(out + len, r->tree + i, m);
        len += m;
        out[len++] = '\n';
    }
    len += (size_t)snprintf(out + len, cap - len, "end\n");
    unsigned char h[32];
    gdc_sha256(h, out, len);
    gdc_sha256_hex(hex, h);
    snprintf(out + len, cap - len, "check %s\n", hex);
    return out;
}
