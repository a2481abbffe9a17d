/* libFuzzer target for the table-spec parser (src/audit/table_spec.c, issue 15): feeds arbitrary bytes to
 * gdc_table_spec_parse. Invariants checked on every input:
 *   - no crash, no leak, no out-of-bounds access (AddressSanitizer / LeakSanitizer);
 *   - a rejected spec yields one line starting with "fuzz.table:";
 *   - an accepted spec has at least one column, at most the documented numbers of parameters and columns,
 *     every parameter has from 1 to GDC_TABLE_MAX_VALUES values, and its claim has no goal.
 * With -DFUZZ_RUN each accepted spec with at most 4 rows is also run on a tiny budget (20 boxes per cell).
 * Build line: tests/fuzz/README.md. */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "audit/audit.h"

static int well_formed_error(const char *err)
{
    const char *p = "fuzz.table:";
    return strncmp(err, p, strlen(p)) == 0 && strchr(err, '\n') == NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[600];
    err[0] = 0;
    gdc_table_spec_t s;
    if (gdc_table_spec_parse(&s, (const char *)data, size, "fuzz.table", err, sizeof err)) {
        if (!well_formed_error(err))
            abort(); /* a rejected spec must say so in one line naming the file */
        gdc_table_spec_clear(&s);
        flint_cleanup();
        return 0;
    }
    if (s.ncols < 1 || s.ncols > GDC_TABLE_MAX_COLS || s.nparams < 0 || s.nparams > GDC_TABLE_MAX_PARAMS ||
        !s.claim || s.claim->goal_kind != GDC_GOAL_NONE)
        abort();
    long rows = 1;
    for (int i = 0; i < s.nparams; i++) {
        if (s.params[i].nvalues < 1 || s.params[i].nvalues > GDC_TABLE_MAX_VALUES)
            abort();
        rows *= s.params[i].nvalues;
        if (rows > 1000000)
            rows = 1000000;
    }
#ifdef FUZZ_RUN
    if (rows <= 4) {
        gdc_budget_t b;
        gdc_budget_default(&b);
        b.max_boxes = 20;
        b.max_depth = 12;
        b.time_limit = 0.05;
        b.max_prec = 256;
        gdc_table_t t;
        if (gdc_table_run(&s, &b, &t, err, sizeof err) == 0)
            gdc_table_clear(&t);
    }
#endif
    (void)rows;
    gdc_table_spec_clear(&s);
    flint_cleanup();
    return 0;
}
