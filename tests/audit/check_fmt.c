/* Unit tests of the certified decimal output (src/audit/fmt.c): every printed digit must be certified,
 * i.e. the printed decimal interval must contain the enclosure, and the bracket form must be the longest
 * one that does. Expected strings are derived by hand from the definition, not copied from output. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "audit/audit.h"

/* [lo, hi] given as exact rationals p/q (rounded outward to arf at 200 bits) */
static void fmt_q(char *buf, size_t n, long lp, long lq, long hp, long hq, int maxdig)
{
    arb_t a, b;
    arf_t lo, hi;
    arb_init(a);
    arb_init(b);
    arf_init(lo);
    arf_init(hi);
    arb_set_si(a, lp);
    arb_div_si(a, a, lq, 200);
    arb_set_si(b, hp);
    arb_div_si(b, b, hq, 200);
    arb_get_lbound_arf(lo, a, 200);
    arb_get_ubound_arf(hi, b, 200);
    gdc_fmt_enclosure(buf, n, lo, hi, maxdig);
    arb_clear(a);
    arb_clear(b);
    arf_clear(lo);
    arf_clear(hi);
}

START_TEST(exact_values)
{
    char buf[128];
    fmt_q(buf, sizeof buf, 1, 2, 1, 2, 10);
    ck_assert_str_eq(buf, "0.5");
    fmt_q(buf, sizeof buf, 210, 1, 210, 1, 10);
    ck_assert_str_eq(buf, "210");
    fmt_q(buf, sizeof buf, -3, 4, -3, 4, 10);
    ck_assert_str_eq(buf, "-0.75");
    fmt_q(buf, sizeof buf, 0, 1, 0, 1, 10);
    ck_assert_str_eq(buf, "0");
}
END_TEST

START_TEST(bracket_form)
{
    char buf[128];
    /* [0.2268215, 0.2268245]: 0.226821 <= lo and hi <= 0.226825 at 6 digits, prefix 22682 shared */
    fmt_q(buf, sizeof buf, 2268215, 10000000, 2268245, 10000000, 10);
    ck_assert_str_eq(buf, "0.22682[1,5]");
    /* a carry across the prefix: [0.2268199, 0.2268201] (ends enclosed at 200 bits, so lo is just below
     * 0.2268199): the bracket form keeps only 0.2268[1,3]; the explicit form keeps 7 digits, where the
     * outward-rounded ends 2268198 and 2268202 differ by 4 <= 9 units (8 digits: 22 units) */
    fmt_q(buf, sizeof buf, 2268199, 10000000, 2268201, 10000000, 10);
    ck_assert_str_eq(buf, "[0.2268198, 0.2268202]");
    /* a carry with a wide difference: [0.2268150, 0.2268250] -> 6 digits 226815..226825 (11 units):
     * bracket form at 5 digits, 0.2268[1,3] */
    fmt_q(buf, sizeof buf, 2268150, 10000000, 2268250, 10000000, 10);
    ck_assert_str_eq(buf, "0.2268[1,3]");
    /* an enclosure of 1/4 that is not exact: no bracket form beyond 0.2[4,6]; the explicit form keeps
     * maxdig digits: [0.2499999999, 0.2500000001] */
    fmt_q(buf, sizeof buf, 249999999999999L, 1000000000000000L, 250000000000001L, 1000000000000000L, 10);
    ck_assert_str_eq(buf, "[0.2499999999, 0.2500000001]");
    /* negative: [-0.2268245, -0.2268215] */
    fmt_q(buf, sizeof buf, -2268245, 10000000, -2268215, 10000000, 10);
    ck_assert_str_eq(buf, "-0.22682[1,5]");
    /* negative with a carry: the mirror image of the case above */
    fmt_q(buf, sizeof buf, -2268201, 10000000, -2268199, 10000000, 10);
    ck_assert_str_eq(buf, "[-0.2268202, -0.2268198]");
    /* small numbers go to scientific notation: [1.0605e-7, 1.0615e-7] */
    fmt_q(buf, sizeof buf, 10605, 100000000000L, 10615, 100000000000L, 10);
    ck_assert_str_eq(buf, "1.06[0,2]e-7");
    /* 1/3 at 200 bits with maxdig 8: 0.3333333[3,4] */
    fmt_q(buf, sizeof buf, 1, 3, 1, 3, 8);
    ck_assert_str_eq(buf, "0.3333333[3,4]");
}
END_TEST

START_TEST(explicit_form)
{
    char buf[128];
    /* sign change: explicit, rounded outward to 4 digits */
    fmt_q(buf, sizeof buf, -1, 3, 1, 7, 10);
    ck_assert_str_eq(buf, "[-0.3334, 0.1429]");
    /* wide: [1/8, 7/8] (exact dyadic ends) has no shared digit */
    fmt_q(buf, sizeof buf, 1, 8, 7, 8, 10);
    ck_assert_str_eq(buf, "[0.125, 0.875]");
}
END_TEST

START_TEST(rounding)
{
    char buf[64];
    arf_t x;
    arf_init(x);
    arf_set_si(x, 2);
    arf_div_ui(x, x, 3, 200, ARF_RND_NEAR);
    gdc_fmt_round(buf, sizeof buf, x, 4, -1);
    ck_assert_str_eq(buf, "0.6666");
    gdc_fmt_round(buf, sizeof buf, x, 4, 1);
    ck_assert_str_eq(buf, "0.6667");
    arf_neg(x, x);
    gdc_fmt_round(buf, sizeof buf, x, 4, -1);
    ck_assert_str_eq(buf, "-0.6667");
    arf_set_ui(x, 9999);
    gdc_fmt_round(buf, sizeof buf, x, 3, 1);
    ck_assert_str_eq(buf, "10000");
    /* nearest: 29514790517935282585 * 2^-66 = 0.39999999999999999998... -> 0.4 at 10 digits */
    fmpz_t m, e;
    fmpz_init(m);
    fmpz_init(e);
    fmpz_set_str(m, "29514790517935282585", 10);
    fmpz_set_si(e, -66);
    arf_set_fmpz_2exp(x, m, e);
    fmpz_clear(m);
    fmpz_clear(e);
    gdc_fmt_round(buf, sizeof buf, x, 10, 0);
    ck_assert_str_eq(buf, "0.4");
    arf_clear(x);
}
END_TEST

START_TEST(source_label)
{
    char buf[128];
    gdc_source_label(buf, sizeof buf, "000_09c7d5b8511ab65b.txt Theorem 4.2 (Eq. 6)");
    ck_assert_str_eq(buf, "Theorem 4.2 (Eq. 6)");
    gdc_source_label(buf, sizeof buf, "Lemma 6.3");
    ck_assert_str_eq(buf, "Lemma 6.3");
    gdc_source_label(buf, sizeof buf, NULL);
    ck_assert_str_eq(buf, "");
}
END_TEST

START_TEST(says_directive)
{
    const char *text = "claim a\nsays x is at most one\nvar x in [0, 1]\nprove x <= 1\nexpect holds\n";
    gdc_claim_meta_t m;
    memset(&m, 0, sizeof m);
    char err[256];
    gdc_claim_t *c = gdc_claim_parse_ex(text, strlen(text), "t", 0, gdc_says_hook, &m, err, sizeof err);
    ck_assert_msg(c != NULL, "%s", err);
    gdc_claim_says(&m, c); /* the hook, or the parser itself once it knows `says` */
    ck_assert_str_eq(m.says, "x is at most one");
    gdc_claim_free(c);
    /* says without text is an error */
    const char *bad = "claim a\nsays\nvar x in [0, 1]\nprove x <= 1\n";
    c = gdc_claim_parse_ex(bad, strlen(bad), "t", 0, gdc_says_hook, &m, err, sizeof err);
    ck_assert(c == NULL);
    ck_assert(strstr(err, "t:2:") != NULL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("audit_fmt");
    TCase *tc = tcase_create("fmt");
    tcase_add_test(tc, exact_values);
    tcase_add_test(tc, bracket_form);
    tcase_add_test(tc, explicit_form);
    tcase_add_test(tc, rounding);
    tcase_add_test(tc, source_label);
    tcase_add_test(tc, says_directive);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    flint_cleanup();
    return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
