/* libFuzzer target for the certificate reader and checker (gdc_cert_check, src/prove/checker.c: the code behind
 * `gdcert verify`, issue 15). The first input byte chooses the mode and one of three fixed claims (a one-variable
 * prove goal, a two-variable goal with an integer variable and a row, a min bound):
 *   raw       (even first byte): the rest of the input is the whole certificate text;
 *   envelope  (odd first byte): the rest is the bisection tree, wrapped in a valid envelope (the claim's name and
 *             hash, goal, number of variables, a precision and level chosen by the second byte, the tree length,
 *             `end` and the right check sum), so that inputs get past the parser into the leaf checker.
 * Invariants: no crash, no leak, no out-of-bounds access; the result is 0, 1 or 2 with a one-line message; and,
 * in envelope mode, a tree accepted for the first claim (sin x <= x on [0, 2]) or the integer claim is re-checked
 * as a certificate of a FALSE claim over the same box (0 <= x - 2 and d*x >= 3*x) and must be rejected there:
 * a certificate the checker accepts for a false claim is a soundness bug.
 * Build line: tests/fuzz/README.md. */
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "prove/prove.h"

static const char *const claims[] = {
    "claim fz.sin\nvar x in [0, 2]\nprove sin(x) <= x\n",
    "claim fz.int\nvar d in [1, 9] integer\nvar x in [0, 1]\nprove d*x + relu.h(x) >= 0\n",
    "claim fz.min\nvar x in [0, 1]\nbound min x^2 - x tol 1e-3\n",
};
/* false claims with the same variables and goal kind as claims[0] and claims[1] */
static const char *const false_claims[] = {
    "claim fz.sin\nvar x in [0, 2]\nprove x - 2 >= 0\n",
    "claim fz.int\nvar d in [1, 9] integer\nvar x in [0, 1]\nprove d*x >= 3*x\n",
};
#define NCLAIMS 3

static gdc_claim_t *parse(const char *text)
{
    char err[512];
    gdc_claim_t *c = gdc_claim_parse(text, strlen(text), "fuzz.claim", err, sizeof err);
    if (!c)
        abort(); /* the fixed claims parse */
    return c;
}

/* the certificate text of claim c around tree (len bytes), or NULL */
static char *envelope(const gdc_claim_t *c, const char *tree, size_t len, int sel, size_t *outlen)
{
    static const long precs[] = {64, 8, 128, 4096};
    static const char *const levels[] = {"-1", "-257p-10", "0", "-1p-2"};
    char hex[65], head[512];
    gdc_sha256_hex(hex, c->hash);
    const char *goal = c->goal_kind == GDC_GOAL_PROVE ? "prove" : c->goal_kind == GDC_GOAL_MIN ? "min" : "max";
    int h = snprintf(head, sizeof head, "gdcert-certificate 1\nclaim %s\nclaim-sha256 %s\ngoal %s\nvars %d\nprec %ld\n",
                     c->name, hex, goal, c->nvars, precs[sel & 3]);
    if (c->goal_kind != GDC_GOAL_PROVE)
        h += snprintf(head + h, sizeof head - (size_t)h, "level %s\n", levels[(sel >> 2) & 3]);
    size_t tl = 0; /* the tree's bytes without newlines */
    for (size_t i = 0; i < len; i++)
        tl += tree[i] != '\n';
    h += snprintf(head + h, sizeof head - (size_t)h, "tree %zu\n", tl);
    size_t cap = (size_t)h + len + 100;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    memcpy(out, head, (size_t)h);
    size_t o = (size_t)h;
    memcpy(out + o, tree, len);
    o += len;
    if (len > 0 && tree[len - 1] != '\n')
        out[o++] = '\n';
    memcpy(out + o, "end\n", 4);
    o += 4;
    unsigned char sum[32];
    gdc_sha256(sum, out, o);
    gdc_sha256_hex(hex, sum);
    o += (size_t)snprintf(out + o, cap - o, "check %s\n", hex);
    *outlen = o;
    return out;
}

static int check(const char *cert, size_t len, const gdc_claim_t *c)
{
    char msg[400];
    msg[0] = 0;
    gdc_check_stats_t st = {0, 0, 0};
    int rc = gdc_cert_check(cert, len, c, msg, sizeof msg, &st);
    if (rc < 0 || rc > 2 || strchr(msg, '\n'))
        abort();
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    int mode = data[0] & 1, k = (data[0] >> 1) % NCLAIMS, sel = data[1];
    gdc_claim_t *c = parse(claims[k]);
    const char *body = (const char *)data + 2;
    size_t blen = size - 2;
    if (mode == 0)
        (void)check(body, blen, c);
    else if (memchr(body, 0, blen) == NULL) {
        size_t len;
        char *cert = envelope(c, body, blen, sel, &len);
        if (cert && check(cert, len, c) == 0 && k < 2) {
            gdc_claim_t *f = parse(false_claims[k]);
            char *fcert = envelope(f, body, blen, sel, &len);
            if (fcert && check(fcert, len, f) == 0)
                abort(); /* a certificate accepted for a false claim */
            free(fcert);
            gdc_claim_free(f);
        }
        free(cert);
    }
    gdc_claim_free(c);
    flint_cleanup();
    return 0;
}
