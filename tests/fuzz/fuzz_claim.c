/* libFuzzer target for the claim parser of the prover (issue 3, sections 1 and 5): feeds arbitrary bytes to
 * gdc_claim_parse (src/prove/parse.c). Invariants checked on every input:
 *   - no crash, no leak, no out-of-bounds access (AddressSanitizer / LeakSanitizer);
 *   - a rejected input yields one message that starts with "fuzz.claim:LINE:COL: ";
 *   - an accepted claim normalises and hashes, and its variable ranges enclose without crashing.
 * Build line: tests/fuzz/README.md. With -DFUZZ_DECIDE each accepted claim is also decided on a tiny budget. */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include "prove/prove.h"

static int well_formed_error(const char *err)
{
    const char *p = "fuzz.claim:";
    if (strncmp(err, p, strlen(p)) != 0)
        return 0;
    const char *s = err + strlen(p);
    for (int field = 0; field < 2; field++) {
        if (!isdigit((unsigned char)*s))
            return 0;
        while (isdigit((unsigned char)*s))
            s++;
        if (*s++ != ':')
            return 0;
    }
    return *s == ' ' && strchr(err, '\n') == NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512];
    err[0] = 0;
    gdc_claim_t *c = gdc_claim_parse((const char *)data, size, "fuzz.claim", err, sizeof err);
    if (!c) {
        if (!well_formed_error(err))
            abort(); /* a parse error must name FILE:LINE:COL */
        return 0;
    }
    char *norm = gdc_claim_normalise((const char *)data, size);
    if (norm) {
        unsigned char h[32];
        gdc_sha256(h, norm, strlen(norm));
        free(norm);
    }
    if (c->nvars > 0 && c->nvars <= GDC_PROVE_MAX_VARS) {
        arb_ptr lo = _arb_vec_init(c->nvars), hi = _arb_vec_init(c->nvars);
        int badvar = -1;
        (void)gdc_claim_root_box(c, lo, hi, 64, &badvar);
        _arb_vec_clear(lo, c->nvars);
        _arb_vec_clear(hi, c->nvars);
    }
#ifdef FUZZ_DECIDE
    gdc_budget_t b;
    gdc_budget_default(&b);
    b.max_boxes = 50;
    b.max_depth = 12;
    b.time_limit = 0.05;
    b.max_prec = 256;
    gdc_result_t r;
    gdc_result_init(&r);
    (void)gdc_claim_decide(c, &b, &r);
    gdc_result_clear(&r);
#endif
    gdc_claim_free(c);
    flint_cleanup();
    return 0;
}
