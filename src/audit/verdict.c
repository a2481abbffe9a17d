/* One verdict per numbered statement (issue 10, section 1), derived from the truths of its claims
 * (gdc_claim_truth: TRUE, FALSE, UNDECIDED) and the role each plays. The first rule that applies wins:
 *
 *   NOT NUMERIC        the index gives a not-numeric reason (no claims);
 *   REFUTED            a printed, instance or consequence claim is FALSE (a certified counterexample to what
 *                      the paper prints, to a special case of it, or to a consequence the paper draws);
 *   PROOF STEP FAILS   a step claim is FALSE (the statement may stand; "statement certified" is added when
 *                      every printed claim is TRUE);
 *   UNDECIDED          a printed, instance, consequence or step claim is UNDECIDED, or the statement has
 *                      only corrected claims (the printed version is not checked);
 *   CONFIRMED ON PART  every claim TRUE and the index names a `part`, or no printed claim (only instances,
 *                      consequences or steps: the part is their notes);
 *   CONFIRMED          every printed, instance, consequence and step claim TRUE, at least one printed claim,
 *                      and no `part`.
 *
 * A claim's truth counts for its statement as it is, except when its INDEX note begins with "refutes:" (a
 * claim whose HOLDS shows the printed statement or step wrong, e.g. "the printed threshold exceeds the true
 * one"): then TRUE counts as FALSE, and FALSE as UNDECIDED (a refutation that fails confirms nothing;
 * gdc_index_truth). Each claim row shows its bearing (gdc_bearing).
 *
 * Corrected claims never decide the verdict: they add "corrected version certified" (all TRUE), "corrected
 * version fails" (one FALSE) or "corrected version undecided". Expectations (`expect`) never enter: they are
 * checked claim by claim, and a mismatch fails the audit whatever the statement's verdict. */
#include <string.h>
#include "audit/audit.h"

gdc_truth_t gdc_index_truth(gdc_truth_t t, const gdc_index_claim_t *c)
{
    if (strncmp(c->note, "refutes:", 8) != 0)
        return t;
    /* a refutation that holds refutes; one that fails confirms nothing */
    return t == GDC_TRUTH_TRUE ? GDC_TRUTH_FALSE : GDC_TRUTH_UNDECIDED;
}

const char *gdc_bearing(gdc_role_t role, gdc_truth_t t)
{
    if (t == GDC_TRUTH_UNDECIDED)
        return "undecided";
    if (role == GDC_ROLE_STEP || role == GDC_ROLE_CORRECTED)
        return t == GDC_TRUTH_TRUE ? "holds" : "fails";
    return t == GDC_TRUTH_TRUE ? "confirms" : "refutes";
}

const char *gdc_sverdict_name(gdc_sverdict_t v)
{
    switch (v) {
    case GDC_SV_CONFIRMED: return "CONFIRMED";
    case GDC_SV_CONFIRMED_PART: return "CONFIRMED ON PART";
    case GDC_SV_REFUTED: return "REFUTED";
    case GDC_SV_STEP_FAILS: return "PROOF STEP FAILS";
    case GDC_SV_UNDECIDED: return "UNDECIDED";
    default: return "NOT NUMERIC";
    }
}

/* counts[role][truth] */
static void count(const gdc_statement_t *s, const gdc_truth_t *truth, int counts[5][3])
{
    memset(counts, 0, 5 * 3 * sizeof counts[0][0]);
    for (int i = 0; i < s->nclaims; i++)
        counts[s->claims[i].role][truth[i]]++;
}

/* the notes of the instance / consequence / step claims, as the part certified */
static void notes_part(char *buf, size_t n, const gdc_statement_t *s)
{
    size_t o = 0;
    buf[0] = 0;
    for (int i = 0; i < s->nclaims && o + 1 < n; i++) {
        const gdc_index_claim_t *c = &s->claims[i];
        if (c->role == GDC_ROLE_CORRECTED || c->role == GDC_ROLE_PRINTED)
            continue;
        const char *t = c->note[0] ? c->note : c->role == GDC_ROLE_STEP ? "proof steps" : c->name;
        if (strstr(buf, t))
            continue;
        o += (size_t)snprintf(buf + o, n - o, "%s%s", o ? "; " : "", t);
    }
}

void gdc_statement_verdict(const gdc_statement_t *s, const gdc_truth_t *truth, gdc_statement_verdict_t *out)
{
    int c[5][3];
    memset(out, 0, sizeof *out);
    count(s, truth, c);
    enum { U = GDC_TRUTH_UNDECIDED, T = GDC_TRUTH_TRUE, F = GDC_TRUTH_FALSE };
    enum { P = GDC_ROLE_PRINTED, C = GDC_ROLE_CORRECTED, I = GDC_ROLE_INSTANCE, S = GDC_ROLE_STEP,
           Q = GDC_ROLE_CONSEQUENCE };
    int ncorr = c[C][T] + c[C][F] + c[C][U];
    out->corrected = ncorr == 0 ? GDC_CORR_NONE
                     : c[C][F] ? GDC_CORR_FAILS
                     : c[C][U] ? GDC_CORR_UNDECIDED
                               : GDC_CORR_CERTIFIED;
    int nprinted = c[P][T] + c[P][F] + c[P][U];
    int nother = c[I][T] + c[I][F] + c[I][U] + c[Q][T] + c[Q][F] + c[Q][U] + c[S][T] + c[S][F] + c[S][U];
    char part[600] = "";
    if (s->not_numeric[0] && s->nclaims == 0)
        out->v = GDC_SV_NOT_NUMERIC;
    else if (c[P][F] + c[I][F] + c[Q][F] > 0)
        out->v = GDC_SV_REFUTED;
    else if (c[S][F] > 0) {
        out->v = GDC_SV_STEP_FAILS;
        out->statement_certified = nprinted > 0 && c[P][T] == nprinted;
    } else if (c[P][U] + c[I][U] + c[Q][U] + c[S][U] > 0 || nprinted + nother == 0)
        out->v = GDC_SV_UNDECIDED;
    else if (s->part[0]) {
        out->v = GDC_SV_CONFIRMED_PART;
        snprintf(part, sizeof part, "%s", s->part);
    } else if (nprinted == 0) {
        out->v = GDC_SV_CONFIRMED_PART;
        notes_part(part, sizeof part, s);
    } else
        out->v = GDC_SV_CONFIRMED;

    size_t o = (size_t)snprintf(out->text, sizeof out->text, "%s", gdc_sverdict_name(out->v));
    if (out->v == GDC_SV_NOT_NUMERIC)
        snprintf(out->text + o, sizeof out->text - o, " (%s)", s->not_numeric);
    else if (out->v == GDC_SV_CONFIRMED_PART)
        o += (size_t)snprintf(out->text + o, sizeof out->text - o, " (%s)", part);
    else if (out->v == GDC_SV_UNDECIDED && nprinted + nother == 0)
        o += (size_t)snprintf(out->text + o, sizeof out->text - o, " (the printed version is not checked)");
    if (out->statement_certified && o < sizeof out->text)
        o += (size_t)snprintf(out->text + o, sizeof out->text - o, "; the statement itself is certified");
    static const char *const corr[] = {"", "; corrected version certified", "; corrected version fails",
                                       "; corrected version undecided"};
    if (out->v != GDC_SV_NOT_NUMERIC && o < sizeof out->text)
        snprintf(out->text + o, sizeof out->text - o, "%s", corr[out->corrected]);
}
