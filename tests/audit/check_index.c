/* Unit tests of the statement index (src/audit/index.c), the statement verdicts (src/audit/verdict.c) and the
 * outward rounding of printed bound ends (src/audit/audit_run.c). The expected verdicts come from the rules of
 * gdcert-audit(1) (quoted beside each case), the expected errors from the INDEX format, the expected
 * enclosure of max relu.h over [0, pi] from h(0) = sin 0 + pi cos 0 = pi (h is decreasing: h' = -(pi - t) sin t). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "audit/audit.h"

enum { U = GDC_TRUTH_UNDECIDED, T = GDC_TRUTH_TRUE, F = GDC_TRUTH_FALSE };
enum { P = GDC_ROLE_PRINTED, C = GDC_ROLE_CORRECTED, I = GDC_ROLE_INSTANCE, S = GDC_ROLE_STEP, Q = GDC_ROLE_CONSEQUENCE };

/* the verdict text of a statement with claims of roles[i] (notes[i] or "") and truths[i] */
static const char *verdict(int n, const int *roles, const int *truths, const char *part, const char *not_numeric,
                           const char *const *notes, gdc_statement_verdict_t *out)
{
    static gdc_statement_t st;
    static gdc_index_claim_t claims[8];
    gdc_truth_t tr[8];
    memset(&st, 0, sizeof st);
    memset(claims, 0, sizeof claims);
    snprintf(st.label, sizeof st.label, "Lemma 1");
    snprintf(st.reads, sizeof st.reads, "x");
    snprintf(st.part, sizeof st.part, "%s", part ? part : "");
    snprintf(st.not_numeric, sizeof st.not_numeric, "%s", not_numeric ? not_numeric : "");
    for (int i = 0; i < n; i++) {
        claims[i].role = (gdc_role_t)roles[i];
        snprintf(claims[i].note, sizeof claims[i].note, "%s", notes ? notes[i] : "");
        snprintf(claims[i].name, sizeof claims[i].name, "c%d", i);
        tr[i] = gdc_index_truth((gdc_truth_t)truths[i], &claims[i]);
    }
    st.nclaims = n;
    st.claims = claims;
    gdc_statement_verdict(&st, tr, out);
    return out->text;
}

START_TEST(verdict_rules)
{
    gdc_statement_verdict_t v;
    /* NOT NUMERIC: the index gives a reason and there are no claims */
    ck_assert_str_eq(verdict(0, NULL, NULL, NULL, "a definition", NULL, &v), "NOT NUMERIC (a definition)");
    /* REFUTED: a printed claim FALSE; corrected claims all TRUE add "corrected version certified" */
    ck_assert_str_eq(verdict(2, (int[]){P, C}, (int[]){F, T}, NULL, NULL, NULL, &v),
                     "REFUTED; corrected version certified");
    ck_assert_str_eq(verdict(3, (int[]){P, C, C}, (int[]){F, T, F}, NULL, NULL, NULL, &v),
                     "REFUTED; corrected version fails");
    ck_assert_str_eq(verdict(3, (int[]){P, C, C}, (int[]){F, T, U}, NULL, NULL, NULL, &v),
                     "REFUTED; corrected version undecided");
    /* an instance or a consequence FALSE refutes too, whatever else holds */
    ck_assert_str_eq(verdict(2, (int[]){P, I}, (int[]){T, F}, NULL, NULL, NULL, &v), "REFUTED");
    ck_assert_str_eq(verdict(2, (int[]){Q, S}, (int[]){F, F}, NULL, NULL, NULL, &v), "REFUTED");
    /* PROOF STEP FAILS: a step FALSE, nothing printed FALSE; the printed claims themselves hold */
    ck_assert_str_eq(verdict(2, (int[]){P, S}, (int[]){T, F}, NULL, NULL, NULL, &v),
                     "PROOF STEP FAILS; the statement itself is certified");
    ck_assert_int_eq(v.v, GDC_SV_STEP_FAILS);
    ck_assert_str_eq(verdict(2, (int[]){I, S}, (int[]){T, F}, NULL, NULL, NULL, &v), "PROOF STEP FAILS");
    /* a step FALSE decides before an undecided printed claim (the failure is certified) */
    ck_assert_str_eq(verdict(2, (int[]){P, S}, (int[]){U, F}, NULL, NULL, NULL, &v), "PROOF STEP FAILS");
    /* UNDECIDED: something that bears on the statement is undecided; never CONFIRMED */
    ck_assert_str_eq(verdict(1, (int[]){P}, (int[]){U}, NULL, NULL, NULL, &v), "UNDECIDED");
    ck_assert_str_eq(verdict(2, (int[]){P, S}, (int[]){T, U}, NULL, NULL, NULL, &v), "UNDECIDED");
    ck_assert_str_eq(verdict(2, (int[]){P, I}, (int[]){T, U}, "for k <= 100", NULL, NULL, &v), "UNDECIDED");
    /* only corrected claims: the printed statement is not checked */
    ck_assert_str_eq(verdict(1, (int[]){C}, (int[]){T}, NULL, NULL, NULL, &v),
                     "UNDECIDED (the printed version is not checked); corrected version certified");
    /* CONFIRMED: every printed (and step, instance) claim TRUE, no part */
    ck_assert_str_eq(verdict(2, (int[]){P, S}, (int[]){T, T}, NULL, NULL, NULL, &v), "CONFIRMED");
    ck_assert_int_eq(v.v, GDC_SV_CONFIRMED);
    /* corrected claims never decide: a failing correction of a confirmed statement is only noted */
    ck_assert_str_eq(verdict(2, (int[]){P, C}, (int[]){T, F}, NULL, NULL, NULL, &v),
                     "CONFIRMED; corrected version fails");
    /* CONFIRMED ON PART: the index names the part, or only instances hold (their notes are the part) */
    ck_assert_str_eq(verdict(1, (int[]){P}, (int[]){T}, "for k <= 100", NULL, NULL, &v),
                     "CONFIRMED ON PART (for k <= 100)");
    ck_assert_str_eq(verdict(2, (int[]){I, I}, (int[]){T, T}, NULL, NULL, (const char *[]){"d = 20", "d = 30"}, &v),
                     "CONFIRMED ON PART (d = 20; d = 30)");
    ck_assert_str_eq(verdict(1, (int[]){S}, (int[]){T}, NULL, NULL, NULL, &v), "CONFIRMED ON PART (proof steps)");
}
END_TEST

START_TEST(refutes_notes)
{
    gdc_statement_verdict_t v;
    /* a claim whose HOLDS shows the printed statement wrong: "refutes:" turns its TRUE into FALSE */
    ck_assert_str_eq(verdict(1, (int[]){P}, (int[]){T}, NULL, NULL, (const char *[]){"refutes: T(t) > h(t)/pi"}, &v),
                     "REFUTED");
    ck_assert_str_eq(verdict(2, (int[]){P, S}, (int[]){T, T}, NULL, NULL, (const char *[]){"", "refutes: last step"}, &v),
                     "PROOF STEP FAILS; the statement itself is certified");
    /* an undecided claim stays undecided, and a refutation that fails confirms nothing */
    ck_assert_str_eq(verdict(1, (int[]){P}, (int[]){U}, NULL, NULL, (const char *[]){"refutes: x"}, &v), "UNDECIDED");
    ck_assert_str_eq(verdict(1, (int[]){P}, (int[]){F}, NULL, NULL, (const char *[]){"refutes: x"}, &v), "UNDECIDED");
    ck_assert_str_eq(verdict(2, (int[]){P, S}, (int[]){T, F}, NULL, NULL, (const char *[]){"", "refutes: x"}, &v),
                     "UNDECIDED");
    gdc_index_claim_t c = {.role = GDC_ROLE_STEP};
    ck_assert_int_eq(gdc_index_truth(GDC_TRUTH_FALSE, &c), GDC_TRUTH_FALSE);
    ck_assert_str_eq(gdc_bearing(GDC_ROLE_STEP, GDC_TRUTH_FALSE), "fails");
    ck_assert_str_eq(gdc_bearing(GDC_ROLE_PRINTED, GDC_TRUTH_FALSE), "refutes");
    ck_assert_str_eq(gdc_bearing(GDC_ROLE_INSTANCE, GDC_TRUTH_TRUE), "confirms");
    ck_assert_str_eq(gdc_bearing(GDC_ROLE_CORRECTED, GDC_TRUTH_UNDECIDED), "undecided");
}
END_TEST

/* ---------------------------------------------------------------- the reader */

static char dir[256];

static void put(const char *name, const char *text)
{
    char p[400];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static void setup(void)
{
    snprintf(dir, sizeof dir, "%s/gdcert-index-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    put("CATALOGUE", "# items\nC1 First closed form\nC2 Second\nB1 An inequality\nS1 An error\nN1 A number\nN2 Two\nE1 An identity\n");
}

static void teardown(void)
{
    char p[400];
    snprintf(p, sizeof p, "%s/INDEX", dir);
    unlink(p);
    snprintf(p, sizeof p, "%s/CATALOGUE", dir);
    unlink(p);
    rmdir(dir);
}

/* load INDEX text; returns the error ("" if none) */
static const char *load(const char *index, gdc_index_t *ix)
{
    static char err[800];
    err[0] = 0;
    put("INDEX", index);
    if (gdc_index_load(ix, dir, err, sizeof err) == 0)
        return "";
    return err;
}

/* the error must name INDEX and the line, then the problem */
static void expect_error(const char *index, int line, const char *problem)
{
    gdc_index_t ix;
    const char *err = load(index, &ix);
    char want[400];
    snprintf(want, sizeof want, "%s/INDEX:%d: ", dir, line);
    ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "error '%s' does not start with '%s'", err, want);
    ck_assert_msg(strstr(err, problem) != NULL, "error '%s' does not say '%s'", err, problem);
    ck_assert_ptr_null(strchr(err, '\n'));
    gdc_index_clear(&ix);
}

static const char *good =
    "# a test index\n"
    "statement Lemma 5.1 (App. C)   # the label as printed\n"
    "  reads the probability exceeds 1/2 - tau d/4 - 1.2^-d\n"
    "  part for d <= 100\n"
    "  claim t.printed printed\n"
    "  claim t.fix corrected S1: erf in place of z/3\n"
    "statement Remark 5.4\n"
    "  reads a remark\n"
    "  not-numeric says which assumptions a proof needs\n"
    "item C1 claim t.printed t.fix\n"
    "item C2 row relu.h\n"
    "item B1 table tables/does-not-exist.table\n"
    "item S1 not-numeric a typo\n"
    "item N1 row no.such_row\n"
    "item N2 not-numeric no constant\n"
    "item N2 claim t.fix\n"
    "item N1 test INDEX checked by a test program (here: the INDEX file itself exists)\n"
    "item S1 test no/such_test.c a test file that does not exist covers nothing\n"
    "item S1 proof no/such_proof.c a proof file that does not exist covers nothing\n"
    "item E1 test INDEX tested\n"
    "item E1 proof INDEX proven by exact computation (here: the INDEX file itself exists)\n";

START_TEST(reader_good)
{
    gdc_index_t ix;
    ck_assert_str_eq(load(good, &ix), "");
    ck_assert_int_eq(ix.has_index, 1);
    ck_assert_int_eq(ix.has_catalogue, 1);
    ck_assert_int_eq(ix.ncat, 7);
    ck_assert_int_eq(ix.nst, 2);
    ck_assert_str_eq(ix.st[0].label, "Lemma 5.1 (App. C)");
    ck_assert_str_eq(ix.st[0].part, "for d <= 100");
    ck_assert_int_eq(ix.st[0].nclaims, 2);
    ck_assert_int_eq(ix.st[0].claims[1].role, GDC_ROLE_CORRECTED);
    ck_assert_str_eq(ix.st[0].claims[1].note, "S1: erf in place of z/3");
    ck_assert_str_eq(ix.st[1].not_numeric, "says which assumptions a proof needs");

    /* linking: every claim name must be declared by a claim file of the folder */
    gdc_audit_item_t items[2];
    memset(items, 0, sizeof items);
    snprintf(items[0].name, sizeof items[0].name, "t.printed");
    snprintf(items[1].name, sizeof items[1].name, "t.fix");
    char err[800];
    ck_assert_int_eq(gdc_index_link(&ix, items, 0, 2, err, sizeof err), 0);
    ck_assert_int_eq(ix.st[0].claims[1].item, 1);
    /* coverage: C1 claims, C2 an existing row: covered; B1 a table that does not exist and N1 an unknown row:
     * missing (saying why); S1 not numeric (its test file does not exist); N1 tested (an unknown row, but a test
     * file that exists); N2 covered although also explained (covered wins) */
    ck_assert_int_eq(gdc_index_coverage(&ix), 1);
    ck_assert_int_eq(ix.cat[0].status, GDC_ITEM_COVERED);
    ck_assert_int_eq(ix.cat[1].status, GDC_ITEM_COVERED);
    ck_assert_int_eq(ix.cat[2].status, GDC_ITEM_MISSING);
    ck_assert_ptr_nonnull(strstr(ix.cat[2].by, "does not exist"));
    ck_assert_int_eq(ix.cat[3].status, GDC_ITEM_NOT_NUMERIC);
    ck_assert_int_eq(ix.cat[4].status, GDC_ITEM_TESTED);
    ck_assert_ptr_nonnull(strstr(ix.cat[4].by, "test INDEX checked"));
    ck_assert_int_eq(ix.cat[5].status, GDC_ITEM_COVERED);
    /* E1: a proof by exact computation in a file that exists covers (and wins over a test) */
    ck_assert_int_eq(ix.cat[6].status, GDC_ITEM_COVERED);
    ck_assert_ptr_nonnull(strstr(ix.cat[6].by, "proof INDEX proven"));

    /* an unknown claim name is an error naming INDEX and the line */
    snprintf(items[1].name, sizeof items[1].name, "t.other");
    ck_assert_int_eq(gdc_index_link(&ix, items, 0, 2, err, sizeof err), -1);
    char want[400];
    snprintf(want, sizeof want, "%s/INDEX:6: unknown claim 't.fix'", dir);
    ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s", err);
    gdc_index_clear(&ix);
}
END_TEST

START_TEST(reader_errors)
{
    expect_error("statement A\n  reads x\n  claim n printed\nbogus line\n", 4, "unknown keyword 'bogus'");
    expect_error("  claim n printed\n", 1, "before the first 'statement'");
    expect_error("statement A\n  reads x\n  claim n believed\n", 3, "unknown role 'believed'");
    expect_error("statement A\n  reads x\n  claim n corrected\n", 3, "needs a NOTE");
    expect_error("statement A\n  reads x\n  claim n instance\n", 3, "needs a NOTE");
    expect_error("statement A\n  claim n printed\nstatement B\n  reads y\n  claim m printed\n", 1, "no 'reads' line");
    expect_error("statement A\n  reads x\n", 1, "neither claims nor a 'not-numeric' reason");
    expect_error("statement A\n  reads x\n  not-numeric why\n  claim n printed\n", 1, "claims and a 'not-numeric'");
    expect_error("statement A\n  reads x\n  claim n printed\nstatement A\n", 4, "listed twice");
    expect_error("statement A\n  reads x\n  claim n printed\n  claim n step\n", 4, "listed twice");
    expect_error("statement A\n  reads x\n  reads y\n", 3, "a second 'reads'");
    expect_error("statement A\n  reads x\n  claim n printed\nitem C9 claim n\n", 4, "not in the paper's CATALOGUE");
    expect_error("statement A\n  reads x\n  claim n printed\nitem C1 proved n\n", 4, "unknown item kind 'proved'");
    expect_error("statement A\n  reads x\n  claim n printed\nitem C1 claim\n", 4, "expected 'item ID claim NAME");
    expect_error("statement A\n  reads x\n  claim n printed\nitem C1 row a.b c.d\n", 4, "expected one registry id");
    expect_error("statement A\n  reads x\n  claim n printed\nitem C1 test tests/x.c\n", 4, "expected a file and a reason");
    expect_error("statement A\n  reads x\n  claim n printed\nitem C1 proof tests/x.c\n", 4,
                 "expected a file and a reason after 'item C1 proof'");
    expect_error("statement\n", 1, "expected the statement's label");
}
END_TEST

START_TEST(catalogue_errors)
{
    put("CATALOGUE", "C1 one\nC1 again\n");
    gdc_index_t ix;
    char err[800];
    ck_assert_int_eq(gdc_index_load(&ix, dir, err, sizeof err), -1);
    char want[400];
    snprintf(want, sizeof want, "%s/CATALOGUE:2: item 'C1' is listed twice", dir);
    ck_assert_str_eq(err, want);
    gdc_index_clear(&ix);
    /* no INDEX and no CATALOGUE: nothing to read, not an error */
    char p[400];
    snprintf(p, sizeof p, "%s/CATALOGUE", dir);
    unlink(p);
    ck_assert_int_eq(gdc_index_load(&ix, dir, err, sizeof err), 0);
    ck_assert_int_eq(ix.has_index, 0);
    ck_assert_int_eq(ix.has_catalogue, 0);
    gdc_index_clear(&ix);
}
END_TEST

/* ---------------------------------------------------------------- the `means` clause of a variable */

static gdc_claim_t *parse(const char *text, char *err, size_t n)
{
    return gdc_claim_parse(text, strlen(text), "m.claim", err, n);
}

START_TEST(var_means)
{
    char err[600];
    gdc_claim_t *c = parse("claim m\nvar t in [0, pi] means the angle between w and v  # comment\n"
                           "var d in [1, 3] integer means the dimension\nvar r in [0, 1]\nprove t + d + r >= 0\n",
                           err, sizeof err);
    ck_assert_msg(c != NULL, "%s", err);
    ck_assert_str_eq(c->vars[0].means, "the angle between w and v"); /* to the comment, blanks trimmed */
    ck_assert_str_eq(c->vars[1].means, "the dimension");
    ck_assert_int_eq(c->vars[1].integer, 1);
    ck_assert_ptr_null(c->vars[2].means);
    gdc_claim_free(c);
    /* an empty meaning, or a clause in the wrong place, is a parse error at its line */
    c = parse("claim m\nvar t in [0, 1] means\nprove t >= 0\n", err, sizeof err);
    ck_assert_ptr_null(c);
    ck_assert_msg(strncmp(err, "m.claim:2:", 10) == 0 && strstr(err, "means"), "%s", err);
    c = parse("claim m\nvar t in [0, 1] means x integer\nprove t >= 0\n", err, sizeof err);
    ck_assert_ptr_nonnull(c); /* "x integer" is the meaning: the clause runs to the end of the line */
    ck_assert_int_eq(c->vars[0].integer, 0);
    gdc_claim_free(c);
    c = parse("claim m\nvar t in [0, 1] meaning x\nprove t >= 0\n", err, sizeof err);
    ck_assert_ptr_null(c);
    ck_assert_msg(strncmp(err, "m.claim:2:", 10) == 0, "%s", err);
}
END_TEST

/* ---------------------------------------------------------------- outward rounding of a certified bound */

START_TEST(bound_ends_outward)
{
    /* max relu.h over [0, pi] is h(0) = pi; with tol 1e-18 both ends lie within 1e-17 of pi, where rounding
     * the 17-digit decimals to nearest could exclude pi */
    char path[400];
    snprintf(path, sizeof path, "%s/hmax.claim", dir);
    put("hmax.claim", "claim t.hmax\nvar t in [0, pi] means the angle\nbound max relu.h(t) tol 1e-18\n");
    gdc_audit_item_t it;
    memset(&it, 0, sizeof it);
    snprintf(it.path, sizeof it.path, "%s", path);
    gdc_audit_opts_t o;
    gdc_audit_opts_default(&o);
    gdc_audit_decide(&it, &o);
    unlink(path);
    ck_assert_str_eq(it.verdict_word, "BOUND");
    ck_assert_int_eq(it.truth, GDC_TRUTH_UNDECIDED); /* a bound without expect asserts nothing */
    ck_assert_str_eq(it.means, "t: the angle");
    arb_t lo, hi, pi;
    arb_init(lo);
    arb_init(hi);
    arb_init(pi);
    arb_const_pi(pi, 256);
    ck_assert_int_eq(arb_set_str(lo, it.lo, 256), 0);
    ck_assert_int_eq(arb_set_str(hi, it.hi, 256), 0);
    ck_assert_msg(arb_le(lo, pi) && arb_ge(hi, pi), "[%s, %s] does not contain pi", it.lo, it.hi);
    ck_assert_int_ge((int)strlen(it.hi), 17); /* 17 significant digits: the ends are pi to 1e-16 */
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(pi);
    flint_cleanup();
}
END_TEST

int main(void)
{
    Suite *s = suite_create("audit_index");
    TCase *tv = tcase_create("verdicts");
    tcase_add_test(tv, verdict_rules);
    tcase_add_test(tv, refutes_notes);
    tcase_add_test(tv, var_means);
    suite_add_tcase(s, tv);
    TCase *tr = tcase_create("reader");
    tcase_add_checked_fixture(tr, setup, teardown);
    tcase_add_test(tr, reader_good);
    tcase_add_test(tr, reader_errors);
    tcase_add_test(tr, catalogue_errors);
    tcase_add_test(tr, bound_ends_outward);
    suite_add_tcase(s, tr);
    SRunner *r = srunner_create(s);
    srunner_run_all(r, CK_NORMAL);
    int nf = srunner_ntests_failed(r);
    srunner_free(r);
    return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
