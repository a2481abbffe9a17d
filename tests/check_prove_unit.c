/* Unit tests of the prover's internals: SHA-256, claim parsing (errors with line and column, exact
 * decimals, the directive hook), the expression evaluator on known values, small true and false claims
 * (witnesses re-checked here), bound goals, and the checker rejecting changed certificates. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "prove/prove.h"
#include "prove/expr_impl.h"
#include "core/xcheck.h"

static gdc_claim_t *parse(const char *text)
{
    char err[600];
    gdc_claim_t *c = gdc_claim_parse(text, strlen(text), "t.claim", err, sizeof err);
    ck_assert_msg(c != NULL, "parse failed: %s", err);
    return c;
}

static void parse_error(const char *text, const char *want_prefix)
{
    char err[600];
    gdc_claim_t *c = gdc_claim_parse(text, strlen(text), "t.claim", err, sizeof err);
    ck_assert_msg(c == NULL, "parsed but should fail: %s", text);
    ck_assert_msg(strncmp(err, want_prefix, strlen(want_prefix)) == 0, "error '%s' does not start with '%s'", err,
                  want_prefix);
    ck_assert_msg(strstr(err, "expected") != NULL, "error '%s' does not say what was expected", err);
}

/* the certificate of a decided claim passes the independent checker */
static void assert_cert_checks(const gdc_claim_t *c, const gdc_result_t *r)
{
    char *cert = gdc_cert_text(c, r);
    char msg[300];
    ck_assert(cert != NULL);
    ck_assert_msg(gdc_cert_check(cert, strlen(cert), c, msg, sizeof msg, NULL) == 0, "%s", msg);
    free(cert);
}

START_TEST(sha256_vectors)
{
    unsigned char h[32];
    char hex[65];
    gdc_sha256(h, "abc", 3);
    gdc_sha256_hex(hex, h);
    ck_assert_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    gdc_sha256(h, "", 0);
    gdc_sha256_hex(hex, h);
    ck_assert_str_eq(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    const char *m = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"; /* 56 bytes: two blocks */
    gdc_sha256(h, m, strlen(m));
    gdc_sha256_hex(hex, h);
    ck_assert_str_eq(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}
END_TEST

START_TEST(parse_errors_have_positions)
{
    parse_error("var x in [0, 1]\n", "t.claim:1:1: expected 'claim NAME'");
    parse_error("claim a\nvar x in [0, 1]\nprove x <= y\n", "t.claim:3:12: expected");
    parse_error("claim a\nvar x in [0, 1\nprove x <= 1\n", "t.claim:2:15: expected ']' or ')'");
    parse_error("claim a\nvar x in [0, 1]\nfrobnicate 3\nprove x <= 1\n", "t.claim:3:1: expected a directive");
    parse_error("claim a\nvar x in [0, 1]\nprove x <= 1\nprove x <= 2\n", "t.claim:4:1: expected only one goal");
    parse_error("claim a\nvar x in [0, 1]\n", "t.claim:3:1: expected a goal");
    parse_error("claim a\nvar x in [0, 1]\nprove x = 1\n", "t.claim:3:9: expected one of");
    parse_error("claim a\nvar x in [0, 1]\nprove sin(x, x) <= 1\n", "t.claim:3:");
    parse_error("claim a\nvar x in [0, x]\nprove x <= 1\n", "t.claim:");
    parse_error("claim a\nvar x in [0, 1]\nprove relu.no_such_id(x) <= 1\n", "t.claim:3:7: expected a function");
    parse_error("claim a\nvar x in [0, 1]\nprove (x <= 1\n", "t.claim:3:");
    parse_error("claim a\nvar x in [0, 1]\nbound min x tol x\n", "t.claim:3:17: expected a constant");
    parse_error("claim a\nvar x in [0, 1]\nprove x <= 1\nexpect [0, 1]\n", "t.claim:");
    parse_error("claim a\nvar pi in [0, 1]\nprove 1 <= 1\n", "t.claim:2:5: expected a new name");
    parse_error("", "t.claim:1:1: expected 'claim NAME'");
    parse_error("claim a\nvar x in [0, 1]\nprove x <= 1e99999\n", "t.claim:3:12: expected a number");
}
END_TEST

START_TEST(decimals_are_exact)
{
    gdc_claim_t *c = parse("claim a # comment\nlet k = 0.1\nlet m = 2.5e-3\nvar x in [0, 1]\nprove x >= 0\n");
    fmpq_t q;
    fmpq_init(q);
    fmpq_set_si(q, 1, 10);
    ck_assert(fmpq_equal(c->nodes[c->lets[0].node].q, q));
    fmpq_set_si(q, 1, 400);
    ck_assert(fmpq_equal(c->nodes[c->lets[1].node].q, q));
    arb_t v;
    arb_init(v);
    ck_assert_int_eq(gdc_expr_eval_const(c, c->lets[0].node, v, 64), 0);
    ck_assert(arb_contains_fmpq(v, c->nodes[c->lets[0].node].q));
    fmpq_set_si(q, 1, 10);
    ck_assert(arb_contains_fmpq(v, q));
    arb_clear(v);
    fmpq_clear(q);
    gdc_claim_free(c);
}
END_TEST

static void eval_contains(const char *expr, const char *want, int defined)
{
    char text[400];
    snprintf(text, sizeof text, "claim a\nlet v = %s\nvar x in [0, 1]\nprove x >= 0\n", expr);
    gdc_claim_t *c = parse(text);
    arb_t v, w;
    arb_init(v);
    arb_init(w);
    int rc = gdc_expr_eval_const(c, c->lets[0].node, v, 128);
    ck_assert_msg((rc == 0) == defined, "%s: defined = %d", expr, rc == 0);
    if (defined) {
        arb_set_str(w, want, 128);
        ck_assert_msg(arb_overlaps(v, w), "%s: value does not contain %s", expr, want);
        ck_assert_msg(arb_rel_accuracy_bits(v) > 100 || mag_cmp_2exp_si(arb_radref(v), -100) < 0, "%s: not accurate", expr);
    }
    arb_clear(v);
    arb_clear(w);
    gdc_claim_free(c);
}

START_TEST(evaluator_known_values)
{
    eval_contains("sqrt(2)^2", "2", 1);
    eval_contains("atan2(1, 1) * 4 - pi", "0", 1);
    eval_contains("atan2(1, -1) - 3*pi/4", "0", 1);
    eval_contains("log(e)", "1", 1);
    eval_contains("exp(1) - e", "0", 1);
    eval_contains("2^-1 + 3*4 - 10/4", "10", 1);
    eval_contains("-2^2", "-4", 1);
    eval_contains("2^3^2", "512", 1);
    eval_contains("erf(0.5) + erfc(0.5)", "1", 1);
    eval_contains("log1p(expm1(0.25))", "0.25", 1);
    eval_contains("asin(1) - pi/2", "0", 1);
    eval_contains("acos(-1) - pi", "0", 1);
    eval_contains("min(3, 2) + max(3, 2) + abs(-1)", "6", 1);
    eval_contains("tanh(0.5) - sinh(0.5)/cosh(0.5)", "0", 1);
    eval_contains("tan(pi/4)", "1", 1);
    eval_contains("4^0.5", "2", 1);
    /* undefined points */
    eval_contains("log(0)", "0", 0);
    eval_contains("sqrt(-1)", "0", 0);
    eval_contains("1/(1 - 1)", "0", 0);
    eval_contains("asin(1.0000001)", "0", 0);
    eval_contains("atan2(0, 0)", "0", 0);
    eval_contains("(-2)^0.5", "0", 0);
    eval_contains("0 * log(-1)", "0", 0);
}
END_TEST

START_TEST(gradients)
{
    gdc_claim_t *c = parse("claim a\nvar x in [0, 1]\nvar y in [0, 1]\nlet f = x^2*y + sin(x*y)\nprove f >= 0\n");
    gdc_evalws_t ws;
    gdc_evalws_init(&ws, c);
    arb_ptr p = _arb_vec_init(2);
    arb_set_str(p + 0, "0.5", 64);
    arb_set_str(p + 1, "0.25", 64);
    gdc_expr_eval_ad(c, &ws, p, c->nnodes - 1, 128);
    int f = c->lets[0].node;
    ck_assert(ws.gok[f]);
    /* df/dx = 2xy + y cos(xy), df/dy = x^2 + x cos(xy) at (1/2, 1/4) */
    arb_t w;
    arb_init(w);
    arb_set_str(w, "0.498049416807332", 60);
    arb_add_error_2exp_si(w, -50);
    ck_assert(arb_overlaps(ws.grad + f * 2 + 0, w));
    arb_set_str(w, "0.746098833614665", 60);
    arb_add_error_2exp_si(w, -50);
    ck_assert(arb_overlaps(ws.grad + f * 2 + 1, w));
    arb_clear(w);
    _arb_vec_clear(p, 2);
    gdc_evalws_clear(&ws);
    gdc_claim_free(c);
}
END_TEST

static gdc_verdict_t decide(const char *text, gdc_result_t *r, gdc_claim_t **out)
{
    gdc_claim_t *c = parse(text);
    gdc_budget_t b;
    gdc_budget_default(&b);
    b.max_boxes = 50000;
    b.time_limit = 20;
    gdc_result_init(r);
    gdc_verdict_t v = gdc_claim_decide(c, &b, r);
    if (out)
        *out = c;
    else
        gdc_claim_free(c);
    return v;
}

static void expect_holds(const char *text)
{
    gdc_result_t r;
    gdc_claim_t *c;
    gdc_verdict_t v = decide(text, &r, &c);
    ck_assert_msg(v == GDC_HOLDS, "expected HOLDS, got %s for:\n%s", gdc_verdict_name(v), text);
    char *cert = gdc_cert_text(c, &r);
    ck_assert(cert != NULL);
    char msg[300];
    ck_assert_msg(gdc_cert_check(cert, strlen(cert), c, msg, sizeof msg, NULL) == 0, "%s", msg);
    free(cert);
    gdc_result_clear(&r);
    gdc_claim_free(c);
}

/* the witness is re-checked here: exact point inside the box, assumptions hold, goal false */
static void expect_fails(const char *text)
{
    gdc_result_t r;
    gdc_claim_t *c;
    gdc_verdict_t v = decide(text, &r, &c);
    ck_assert_msg(v == GDC_FAILS, "expected FAILS, got %s for:\n%s", gdc_verdict_name(v), text);
    ck_assert(r.has_point);
    gdc_evalws_t ws;
    gdc_evalws_init(&ws, c);
    gdc_expr_eval(c, &ws, r.point, c->nnodes - 1, 256);
    for (int i = 0; i < c->nvars; i++) {
        arb_t lo, hi;
        arb_init(lo);
        arb_init(hi);
        ck_assert(arb_is_exact(r.point + i));
        if (c->vars[i].integer)
            ck_assert(arf_is_int(arb_midref(r.point + i)));
        ck_assert(gdc_expr_eval_const(c, c->vars[i].lo, lo, 256) == 0);
        ck_assert(gdc_expr_eval_const(c, c->vars[i].hi, hi, 256) == 0);
        ck_assert(c->vars[i].lo_open ? arb_lt(lo, r.point + i) : arb_le(lo, r.point + i));
        ck_assert(c->vars[i].hi_open ? arb_lt(r.point + i, hi) : arb_le(r.point + i, hi));
        arb_clear(lo);
        arb_clear(hi);
    }
    for (int k = 0; k < c->nassumes; k++) {
        arb_srcptr d = ws.val + c->assumes[k].diff;
        ck_assert(ws.ok[c->assumes[k].diff]);
        ck_assert(c->assumes[k].strict ? arb_is_positive(d) : arb_is_nonnegative(d));
    }
    arb_srcptr g = ws.val + c->goal.diff;
    ck_assert(ws.ok[c->goal.diff]);
    ck_assert(c->goal.strict ? arb_is_nonpositive(g) : arb_is_negative(g));
    gdc_evalws_clear(&ws);
    gdc_result_clear(&r);
    gdc_claim_free(c);
}

static void expect_not_holds(const char *text)
{
    gdc_result_t r;
    gdc_verdict_t v = decide(text, &r, NULL);
    ck_assert_msg(v != GDC_HOLDS, "HOLDS for a claim that must not hold:\n%s", text);
    gdc_result_clear(&r);
}

START_TEST(true_claims_hold)
{
    expect_holds("claim a\nvar x in [0, pi/2]\nprove sin(x) <= x\n");
    expect_holds("claim a\nvar x in [0, 1)\nprove x < 1\n");
    expect_holds("claim a\nvar x in (0, 1]\nprove x > 0\n");
    expect_holds("claim a\nvar x in [-2, 2]\nvar y in [-2, 2]\nprove x^2 + y^2 >= 2*x*y - 0.01\n");
    expect_holds("claim a\nvar x in [-2, 2]\nvar y in [-2, 2]\nprove x^2 + y^2 >= 0\n");
    expect_holds("claim a\nvar x in [0, 3]\nprove exp(x) >= 1 + x\n");
    expect_holds("claim a\nvar x in [0, 3]\nprove exp(x) >= 1 + x + x^2/2 - 0.001\n");
    expect_holds("claim a\nvar t in [0, 0.5]\nprove sin(t) + cos(t) >= 1\n");
    expect_holds("claim a\nvar x in [-1, 1]\nassume x >= 0.5\nprove log(x) > -0.7\n");
    expect_holds("claim a\nvar x in [0, 2]\nvar y in [0, 2]\nassume x + y <= 1\nprove x*y <= 0.251\n");
    expect_holds("claim a\nlet k = 8*sqrt(2)/sin(pi/8)^3\nprove k <= 210\n");
    expect_holds("claim a\nvar z in (0, 1)\nprove erf(z) >= z/3\n");
}
END_TEST

START_TEST(false_claims_fail)
{
    expect_fails("claim a\nvar x in [0, 1]\nprove x < 1\n");
    expect_fails("claim a\nvar x in [0, 1]\nvar y in [0, 1]\nprove x*y <= 0.999999\n");
    expect_fails("claim a\nvar x in [0, 3]\nprove sin(x) <= 0.9999999\n");
    expect_fails("claim a\nvar x in [0, pi/2]\nprove sin(x) >= x\n");
    expect_fails("claim a\nvar x in [0, 3]\nprove exp(x) >= 1 + x + x^2/2 + x^3/6 + 0.01\n");
    expect_fails("claim a\nvar x in [-1, 1]\nassume x > 0.25\nprove x < 0.9999\n");
    expect_fails("claim a\nlet k = 8*sqrt(2)/sin(pi/8)^3\nprove k <= 201.8\n");
    expect_not_holds("claim a\nvar x in [-1, 1]\nprove 1/x^2 > 0\n");
    expect_not_holds("claim a\nvar x in [-1, 1]\nprove log(x) < 10\n");
    expect_not_holds("claim a\nvar x in [0, 1]\nprove x < 1\n");
    expect_not_holds("claim a\nvar x in (0, 1]\nprove x < 1\n");
}
END_TEST

START_TEST(bound_goals)
{
    gdc_result_t r;
    gdc_claim_t *c;
    gdc_verdict_t v = decide("claim a\nvar x in [0, 2]\nvar y in [-1, 1]\n"
                             "bound min (x - 0.7)^2 + cos(3*y) + x*y tol 1e-6\nexpect [-1.95, -1.93]\n", &r, &c);
    ck_assert_int_eq(v, GDC_BOUND_MET);
    ck_assert_int_eq(r.expect_ok, 1);
    /* the minimum is at y = -1, x = 1.2: 0.25 - 1.2 + cos(3) */
    arb_t m, b;
    arb_init(m);
    arb_init(b);
    arb_set_si(m, 3);
    arb_cos(m, m, 128);
    arb_set_str(b, "-0.95", 128);
    arb_add(m, m, b, 128);
    arb_set_interval_arf(b, r.bound_lo, r.bound_hi, 128);
    ck_assert(arb_contains(b, m));
    assert_cert_checks(c, &r);
    arb_clear(m);
    arb_clear(b);
    gdc_result_clear(&r);
    gdc_claim_free(c);
    /* max of sin on [0, 3] is 1 */
    v = decide("claim a\nvar x in [0, 3]\nbound max sin(x) tol 1e-8\n", &r, NULL);
    ck_assert_int_eq(v, GDC_BOUND_MET);
    arb_init(b);
    arb_set_interval_arf(b, r.bound_lo, r.bound_hi, 128);
    arb_init(m);
    arb_one(m);
    ck_assert(arb_contains(b, m));
    arb_clear(m);
    arb_clear(b);
    gdc_result_clear(&r);
}
END_TEST


/* ---- regressions of the lead's review (issue 3): one test per fix ---- */

/* evaluate let 0 of a one-variable claim on the interval [lo, hi] (decimal strings); returns ok */
static int eval_on(const char *expr, const char *lo, const char *hi, arb_t out, int ad)
{
    char text[512];
    snprintf(text, sizeof text, "claim a\nvar x in [-10, 10]\nlet f = %s\nprove x <= 10\n", expr);
    gdc_claim_t *c = parse(text);
    gdc_evalws_t ws;
    gdc_evalws_init(&ws, c);
    arb_t l, h;
    arb_init(l);
    arb_init(h);
    arb_set_str(l, lo, 128);
    arb_set_str(h, hi, 128);
    arb_ptr x = _arb_vec_init(1);
    arb_union(x, l, h, 128);
    if (ad)
        gdc_expr_eval_ad(c, &ws, x, c->nnodes - 1, 64);
    else
        gdc_expr_eval(c, &ws, x, c->nnodes - 1, 64);
    int f = c->lets[0].node;
    int ok = ws.ok[f];
    if (ad)
        ok = ok && ws.gok[f];
    arb_set(out, ad ? ws.grad + f : ws.val + f);
    _arb_vec_clear(x, 1);
    arb_clear(l);
    arb_clear(h);
    gdc_evalws_clear(&ws);
    gdc_claim_free(c);
    return ok;
}

/* fix 1: a bound whose objective is undefined on the wide root box is refined there first (best-first on
 * the lowest lower end, -inf the lowest) and its certified enclosure contains the true minimum */
START_TEST(bound_refines_undefined_boxes)
{
    gdc_result_t r;
    gdc_claim_t *c;
    gdc_verdict_t v = decide("claim a\nvar a in [1/1000, 3]\nbound min 1/(a^3 - a/2 + 1) tol 1e-9\n", &r, &c);
    ck_assert_int_eq(v, GDC_BOUND_MET);
    ck_assert(arf_is_finite(r.bound_lo));
    /* min of 1/(a^3 - a/2 + 1) on [1/1000, 3] is at a = 3: 1/26.5 */
    arb_t m, b;
    arb_init(m);
    arb_init(b);
    arb_set_si(m, 2);
    arb_div_ui(m, m, 53, 128);
    arb_set_interval_arf(b, r.bound_lo, r.bound_hi, 128);
    ck_assert(arb_contains(b, m));
    assert_cert_checks(c, &r);
    gdc_result_clear(&r);
    gdc_claim_free(c);
    /* and a max over an objective undefined near an end of the box */
    v = decide("claim a\nvar x in [0, 1]\nbound max log(x + 1/1000000) - x^2 tol 1e-8\n", &r, NULL);
    ck_assert_int_eq(v, GDC_BOUND_MET);
    gdc_result_clear(&r);
    arb_clear(m);
    arb_clear(b);
}
END_TEST

/* fix 2: monotone operations by their ends (interval semantics), undefinedness kept exact */
START_TEST(interval_semantics_on_wide_balls)
{
    arb_t v, w;
    arb_init(v);
    arb_init(w);
    ck_assert(eval_on("x^3", "0.001", "3", v, 0));
    ck_assert(arb_is_positive(v));
    ck_assert(eval_on("1/x^3", "0.001", "3", v, 0));
    arb_set_ui(w, 27);
    arb_inv(w, w, 128);
    ck_assert(arb_contains(v, w)); /* 1/27 at x = 3 */
    arb_set_ui(w, 1000000000);
    ck_assert(arb_contains(v, w)); /* 10^9 at x = 1/1000 */
    arb_set_ui(w, 2000000000);
    ck_assert(!arb_contains(v, w)); /* and not much more */
    ck_assert(eval_on("1/x^2", "-3", "-0.5", v, 0));
    ck_assert(arb_is_positive(v));
    ck_assert(!eval_on("1/x^2", "-3", "0.5", v, 0));
    ck_assert(eval_on("x^2", "-1", "3", v, 0));
    ck_assert(arb_is_nonnegative(v));
    ck_assert(eval_on("x^3", "-1", "3", v, 0));
    ck_assert(!arb_is_nonnegative(v));
    ck_assert(eval_on("abs(x)", "-1", "3", v, 0));
    ck_assert(arb_is_nonnegative(v));
    ck_assert(eval_on("cosh(x)", "-1", "2", v, 0));
    arb_one(w);
    ck_assert(arb_ge(v, w));
    ck_assert(eval_on("x*x - 1/2", "0.8", "2", v, 0));
    ck_assert(arb_is_positive(v));
    ck_assert(eval_on("(x + 1)*(x + 2)", "0.001", "3", v, 0));
    ck_assert(arb_is_positive(v));
    ck_assert(eval_on("min(x, 2) - max(x, 1/2)", "1", "3", v, 0));
    ck_assert(eval_on("x^(1/2)", "0.25", "4", v, 0)); /* real power: exp(y log x) at the corners */
    arb_set_str(w, "0.5", 64);
    ck_assert(arb_contains(v, w));
    ck_assert(!arb_is_negative(v));
    /* undefined stays undefined */
    ck_assert(!eval_on("log(x)", "0", "3", v, 0));
    ck_assert(!eval_on("sqrt(x)", "-0.001", "3", v, 0));
    ck_assert(!eval_on("1/x", "-1", "3", v, 0));
    /* derivatives over the ball: d/dx 1/x^3 = -3/x^4 < 0 */
    ck_assert(eval_on("1/x^3", "0.001", "3", v, 1));
    ck_assert(arb_is_negative(v));
    arb_clear(v);
    arb_clear(w);
}
END_TEST

/* gdc_iv_corners takes the lower and upper end from the corner the signs of the factors select (expr_iv.c,
 * corner_ends): over every sign pattern (ends among -3, -1/2, 0, 1/3 (rounded), 2, 5), the product and the quotient
 * contain all four exact corner values. A wrong entry of the case table picks a corner that is not the extreme
 * one, and the extreme corner then lies outside (the ends are the rounded picked corners). */
START_TEST(interval_corners_by_sign)
{
    static const double ends[] = {-3, -0.5, 0, 1.0 / 3, 2, 5};
    int ne = (int)(sizeof ends / sizeof ends[0]);
    arb_t x, y, v, c, hi;
    arb_init(x); arb_init(y); arb_init(v); arb_init(c); arb_init(hi);
    arf_t a, b;
    arf_init(a);
    arf_init(b);
    for (int i = 0; i < ne; i++)
        for (int j = i + 1; j < ne; j++)
            for (int k = 0; k < ne; k++)
                for (int l = k + 1; l < ne; l++)
                    for (int op = 0; op < 2; op++) {
                        if (op == 1 && ends[k] < 0 && ends[l] > 0)
                            continue;
                        if (op == 1 && (ends[k] == 0 || ends[l] == 0))
                            continue;
                        arf_set_d(a, ends[i]);
                        arf_set_d(b, ends[j]);
                        arb_set_interval_arf(x, a, b, 64);
                        arf_set_d(a, ends[k]);
                        arf_set_d(b, ends[l]);
                        arb_set_interval_arf(y, a, b, 64);
                        gdc_iv_corners(v, x, y, op, 64);
                        for (int q = 0; q < 4; q++) {
                            arb_set_d(c, (q & 1) ? ends[j] : ends[i]);
                            arb_set_d(hi, (q & 2) ? ends[l] : ends[k]);
                            if (op == 0)
                                arb_mul(c, c, hi, 256);
                            else
                                arb_div(c, c, hi, 256);
                            ck_assert_msg(arb_contains(v, c), "corner %d of [%g, %g] %c [%g, %g]", q, ends[i], ends[j],
                                          op ? '/' : '*', ends[k], ends[l]);
                        }
                    }
    arf_clear(a);
    arf_clear(b);
    arb_clear(x); arb_clear(y); arb_clear(v); arb_clear(c); arb_clear(hi);
}
END_TEST

/* gdc_iv_add: the exact ball sum (midpoints and radii add without rounding) and the ends (otherwise) both contain
 * every corner sum x_end +- y_end, and a sum whose exact end is 0 keeps that end exactly 0 (so its sign is
 * decided); the grid has dyadic ends (exact ball sums), 1/3 and 1 + 2^-70 (the midpoint or the radius rounds) */
/* c = (x's end xi) +- (y's end yi) exactly (end 0 lower, 1 upper) */
static void corner_sum(arb_t c, const arb_t x, const arb_t y, int xi, int yi, int sub)
{
    arf_t a, b;
    arf_init(a);
    arf_init(b);
    if (xi)
        arb_get_ubound_arf(a, x, ARF_PREC_EXACT);
    else
        arb_get_lbound_arf(a, x, ARF_PREC_EXACT);
    if (yi)
        arb_get_ubound_arf(b, y, ARF_PREC_EXACT);
    else
        arb_get_lbound_arf(b, y, ARF_PREC_EXACT);
    arb_set_arf(c, a);
    if (sub)
        arb_sub_arf(c, c, b, ARF_PREC_EXACT);
    else
        arb_add_arf(c, c, b, ARF_PREC_EXACT);
    arf_clear(a);
    arf_clear(b);
}

START_TEST(interval_sum_exact_and_ends)
{
    arf_t a, b;
    arf_init(a);
    arf_init(b);
    arb_ptr e = _arb_vec_init(7);
    arb_set_si(e + 0, -3);
    arb_set_d(e + 1, -0.5);
    arb_zero(e + 2);
    arb_set_ui(e + 3, 1);
    arb_div_ui(e + 3, e + 3, 3, 64); /* a ball around 1/3: its ends are not dyadic with few bits */
    arb_set_ui(e + 4, 2);
    arb_set_ui(e + 5, 5);
    arb_one(e + 6);
    arb_mul_2exp_si(e + 6, e + 6, -70);
    arb_add_ui(e + 6, e + 6, 1, 128); /* 1 + 2^-70 exactly: more bits than the 64 of the working precision */
    arb_t x, y, v, c;
    arb_init(x); arb_init(y); arb_init(v); arb_init(c);
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 7; j++)
            for (int k = 0; k < 7; k++)
                for (int l = 0; l < 7; l++)
                    for (int sub = 0; sub < 2; sub++) {
                        if (!arb_lt(e + i, e + j) || !arb_lt(e + k, e + l))
                            continue;
                        arb_get_lbound_arf(a, e + i, ARF_PREC_EXACT);
                        arb_get_ubound_arf(b, e + j, ARF_PREC_EXACT);
                        arb_set_interval_arf(x, a, b, 64);
                        arb_get_lbound_arf(a, e + k, ARF_PREC_EXACT);
                        arb_get_ubound_arf(b, e + l, ARF_PREC_EXACT);
                        arb_set_interval_arf(y, a, b, 64);
                        gdc_iv_add(v, x, y, sub, 64);
                        for (int q = 0; q < 4; q++) {
                            corner_sum(c, x, y, q & 1, q >> 1, sub);
                            ck_assert_msg(arb_contains(v, c), "corner %d of x %c y (ends %d %d, %d %d)", q,
                                          sub ? '-' : '+', i, j, k, l);
                        }
                        /* an exact lower end 0 of the exact sum stays exactly 0 */
                        corner_sum(c, x, y, 0, sub, sub);
                        if (arb_is_zero(c))
                            ck_assert_msg(arb_is_nonnegative(v), "lower end 0 lost (ends %d %d, %d %d, %c)", i, j, k, l,
                                          sub ? '-' : '+');
                    }
    /* [0, 1] + [1, 2] = [1, 3] and [0, 1] - [1, 2] = [-2, 0] as exact balls (1/2 +- 1/2, 3/2 +- 1/2; the ball
     * sum is exact): the ends stay exactly 1, 3 and -2, 0 */
    arb_set_d(x, 0.5);
    mag_set_ui_2exp_si(arb_radref(x), 1, -1);
    arb_set_d(y, 1.5);
    mag_set_ui_2exp_si(arb_radref(y), 1, -1);
    gdc_iv_add(v, x, y, 0, 64);
    arb_get_lbound_arf(a, v, ARF_PREC_EXACT);
    arb_get_ubound_arf(b, v, ARF_PREC_EXACT);
    ck_assert(arf_is_one(a) && arf_equal_si(b, 3));
    gdc_iv_add(v, x, y, 1, 64);
    arb_get_lbound_arf(a, v, ARF_PREC_EXACT);
    arb_get_ubound_arf(b, v, ARF_PREC_EXACT);
    ck_assert(arf_equal_si(a, -2) && arf_is_zero(b));
    arb_clear(x); arb_clear(y); arb_clear(v); arb_clear(c);
    _arb_vec_clear(e, 7);
    arf_clear(a);
    arf_clear(b);
}
END_TEST

/* fix 3: nodes known >= 0 wherever defined are clipped at 0, so sqrt stays defined at 0 */
START_TEST(sign_analysis_sqrt_at_zero)
{
    expect_holds("claim a\nvar x in [-1, 1]\nvar y in [-1, 1]\nprove sqrt(x^2 + y^2) >= 0\n");
    expect_holds("claim a\nvar x in [-1, 1]\nprove sqrt(max(0, x)) <= 1\n");
    expect_holds("claim a\nvar x in [-1, 1]\nvar y in [-1, 1]\nprove sqrt(x*x + abs(y)) <= 2\n");
    arb_t v;
    arb_init(v);
    ck_assert(eval_on("sqrt(x^2 + x^4)", "-0.5", "0.5", v, 0));
    ck_assert(eval_on("sqrt(exp(x) - 1 + abs(x))", "-0.5", "0.5", v, 0) == 0); /* exp(x) - 1: no sign */
    arb_clear(v);
    /* and false claims stay false */
    gdc_result_t r;
    ck_assert_int_eq(decide("claim a\nvar x in [-1, 1]\nvar y in [-1, 1]\nprove sqrt(x^2 + y^2) > 0\n", &r, NULL),
                     GDC_FAILS);
    gdc_result_clear(&r);
    ck_assert_int_ne(decide("claim a\nvar x in [-1, 1]\nprove sqrt(max(0, x)) < 1\n", &r, NULL), GDC_HOLDS);
    gdc_result_clear(&r);
}
END_TEST

/* fix 4: a bound whose objective does not depend on the variables meets its tolerance at the starting
 * precision and its certificate (with a short level) is accepted */
START_TEST(bound_of_a_constant)
{
    gdc_result_t r;
    gdc_claim_t *c;
    gdc_verdict_t v = decide("claim a\nvar x in [0, 1]\nbound min pi^3 tol 1e-9\n", &r, &c);
    ck_assert_int_eq(v, GDC_BOUND_MET);
    arb_t p, b;
    arb_init(p);
    arb_init(b);
    arb_const_pi(p, 128);
    arb_pow_ui(p, p, 3, 128);
    arb_set_interval_arf(b, r.bound_lo, r.bound_hi, 128);
    ck_assert(arb_contains(b, p));
    assert_cert_checks(c, &r);
    arb_clear(p);
    arb_clear(b);
    gdc_result_clear(&r);
    gdc_claim_free(c);
}
END_TEST

/* fix 5: a range end written as pi - pi is exactly 0 (structurally equal operands), so the root box has
 * no negative points */
START_TEST(range_end_pi_minus_pi)
{
    expect_holds("claim a\nvar t in [pi - pi, 1]\nprove sqrt(t) >= 0\n");
    expect_holds("claim a\nvar t in [0, pi/pi]\nprove log(2 - t) >= 0\n");
    gdc_result_t r;
    ck_assert_int_eq(decide("claim a\nvar t in [pi - pi, 1]\nprove sqrt(t) > 0\n", &r, NULL), GDC_FAILS);
    gdc_result_clear(&r);
    ck_assert_int_ne(decide("claim a\nvar t in [pi - 355/113, 1]\nprove sqrt(t) >= 0\n", &r, NULL), GDC_HOLDS);
    gdc_result_clear(&r);
}
END_TEST

/* fix 7: min/max keep the mean-value form: a dominating branch, or the hull of both gradients */
START_TEST(minmax_gradients)
{
    arb_t g, w;
    arb_init(g);
    arb_init(w);
    ck_assert(eval_on("max(x, 1 - x)", "0.4", "0.6", g, 1)); /* tie on the box: hull of 1 and -1 */
    arb_one(w);
    ck_assert(arb_contains(g, w));
    arb_neg(w, w);
    ck_assert(arb_contains(g, w));
    ck_assert(eval_on("max(x, 1 - x)", "0.6", "0.9", g, 1)); /* x dominates */
    arb_one(w);
    ck_assert(arb_equal(g, w));
    ck_assert(eval_on("min(x^2, 4)", "-1", "1", g, 1));
    arb_set_si(w, 2);
    ck_assert(arb_contains(g, w));
    ck_assert(eval_on("abs(x)", "-1", "1", g, 1)); /* generalised derivative [-1, 1] */
    ck_assert(arb_contains_si(g, 1) && arb_contains_si(g, -1));
    arb_clear(g);
    arb_clear(w);
    /* a goal with min decided with mean-value or monotone leaves */
    gdc_result_t r;
    ck_assert_int_eq(decide("claim a\nvar x in [0, 1]\nvar y in [0, 1]\n"
                            "prove min(x + y, 2 - x*y) >= x*y*(x + y)/2 - 1/100\n", &r, NULL), GDC_HOLDS);
    ck_assert(r.leaves[GDC_LEAF_MEANVALUE] + r.leaves[GDC_LEAF_MONOTONE] > 0);
    gdc_result_clear(&r);
    ck_assert_int_eq(decide("claim a\nvar x in [0, 1]\nvar y in [0, 1]\n"
                            "prove max(x - y, y - x) >= 1/1000000\n", &r, NULL), GDC_FAILS);
    gdc_result_clear(&r);
}
END_TEST

/* a copy of the certificate with the tree replaced and the check line recomputed */
static char *retree(const char *cert, const char *tree)
{
    const char *t = strstr(cert, "\ntree ");
    ck_assert(t != NULL);
    size_t head = (size_t)(t - cert) + 1;
    size_t n = head + strlen(tree) + 200;
    char *out = malloc(n);
    memcpy(out, cert, head);
    size_t len = head + (size_t)snprintf(out + head, n - head, "tree %zu\n%s\nend\n", strlen(tree), tree);
    unsigned char h[32];
    char hex[65];
    gdc_sha256(h, out, len);
    gdc_sha256_hex(hex, h);
    snprintf(out + len, n - len, "check %s\n", hex);
    return out;
}

START_TEST(tampered_certificates_rejected)
{
    const char *text = "claim a\nvar x in [0, 2]\nvar y in [0, 1]\nprove exp(x*y) >= 1 + x*y - 0.01\n";
    gdc_result_t r;
    gdc_claim_t *c;
    ck_assert_int_eq(decide(text, &r, &c), GDC_HOLDS);
    char *cert = gdc_cert_text(c, &r);
    char msg[300];
    ck_assert_int_eq(gdc_cert_check(cert, strlen(cert), c, msg, sizeof msg, NULL), 0);
    /* any change of the body: check sum */
    char *bad = strdup(cert);
    char *p = strstr(bad, "prec 64");
    ck_assert(p != NULL);
    p[5] = '9';
    ck_assert_int_eq(gdc_cert_check(bad, strlen(bad), c, msg, sizeof msg, NULL), 1);
    free(bad);
    /* re-decided leaves: a tree that does not decide, even with a correct check sum */
    const char *trees[] = {"I", "C", "A", "0II", "1II", "0I", "0III", "2II", "M..", "+I", "01IIC"};
    for (size_t i = 0; i < sizeof trees / sizeof trees[0]; i++) {
        bad = retree(cert, trees[i]);
        int rc = gdc_cert_check(bad, strlen(bad), c, msg, sizeof msg, NULL);
        ck_assert_msg(rc == 1, "tree '%s' accepted (rc %d: %s)", trees[i], rc, msg);
        free(bad);
    }
    /* the same tree re-written is accepted (the checker re-decides it) */
    bad = retree(cert, r.tree);
    ck_assert_int_eq(gdc_cert_check(bad, strlen(bad), c, msg, sizeof msg, NULL), 0);
    free(bad);
    /* another claim */
    gdc_claim_t *c2 = parse("claim a\nvar x in [0, 2]\nvar y in [0, 1.5]\nprove exp(x*y) >= 1 + x*y - 0.01\n");
    ck_assert_int_eq(gdc_cert_check(cert, strlen(cert), c2, msg, sizeof msg, NULL), 1);
    gdc_claim_free(c2);
    /* truncations: never valid */
    for (size_t k = 0; k < strlen(cert); k += 7) {
        int rc = gdc_cert_check(cert, k, c, msg, sizeof msg, NULL);
        ck_assert_msg(rc != 0, "truncated certificate accepted at %zu", k);
    }
    free(cert);
    gdc_result_clear(&r);
    gdc_claim_free(c);
}
END_TEST

START_TEST(hash_ignores_comments_and_spacing)
{
    gdc_claim_t *a = parse("claim a\nvar x in [0, 1]\nprove x >= 0\n");
    gdc_claim_t *b = parse("# header\nclaim   a   # name\n\n  var x in [0,1]\nprove x>=0   \n");
    gdc_claim_t *d = parse("claim a\nvar x in [0, 1]\nprove x >= 0.0\n");
    ck_assert(memcmp(a->hash, b->hash, 32) == 0);
    ck_assert(memcmp(a->hash, d->hash, 32) != 0);
    gdc_claim_free(a);
    gdc_claim_free(b);
    gdc_claim_free(d);
}
END_TEST

static int hook(void *data, gdc_claim_t *c, gdc_lexer_t *lx, const char *kw)
{
    int *count = data;
    if (strcmp(kw, "param") != 0)
        return 1;
    char name[64];
    if (gdc_lex_word(lx, name, sizeof name) || gdc_lex_expect(lx, "in") || gdc_lex_expect(lx, "{"))
        return -1;
    int first = -1;
    do {
        int e = gdc_parse_expr(lx, c);
        if (e < 0)
            return -1;
        if (first < 0)
            first = e;
        (*count)++;
    } while (gdc_lex_accept(lx, ","));
    if (gdc_claim_add_let(c, name, first) < 0) {
        gdc_lex_error(lx, "expected a new parameter name");
        return -1;
    }
    if (gdc_lex_expect(lx, "}"))
        return -1;
    return gdc_lex_expect_eol(lx);
}

START_TEST(directive_hook)
{
    const char *text = "claim tab\nparam d in {pi/2, pi/4}\nvar x in [0, d]\nprove sin(x) <= x\n";
    char err[600];
    int count = 0;
    gdc_claim_t *c = gdc_claim_parse_ex(text, strlen(text), "t.tab", 0, hook, &count, err, sizeof err);
    ck_assert_msg(c != NULL, "%s", err);
    ck_assert_int_eq(count, 2);
    ck_assert_int_eq(c->nvars, 1);
    ck_assert_int_eq(c->nlets, 1);
    gdc_claim_free(c);
    c = gdc_claim_parse_ex(text, strlen(text), "t.tab", 0, NULL, NULL, err, sizeof err);
    ck_assert(c == NULL);
    ck_assert(strncmp(err, "t.tab:2:1: expected a directive", 31) == 0);
    const char *t2 = "claim tab\nparam d in {pi/2 pi/4}\n";
    c = gdc_claim_parse_ex(t2, strlen(t2), "t.tab", GDC_PARSE_GOAL_OPTIONAL, hook, &count, err, sizeof err);
    ck_assert(c == NULL);
    ck_assert_msg(strncmp(err, "t.tab:2:18: expected '}'", 24) == 0, "%s", err);
}
END_TEST

START_TEST(deterministic_and_reentrant)
{
    const char *text = "claim a\nvar x in [0, 2]\nvar y in [-1, 1]\nprove exp(x) + y^2 >= 1 + x\n";
    gdc_result_t r1, r2;
    ck_assert_int_eq(decide(text, &r1, NULL), GDC_HOLDS);
    ck_assert_int_eq(decide(text, &r2, NULL), GDC_HOLDS);
    ck_assert_str_eq(r1.tree, r2.tree);
    gdc_result_clear(&r1);
    gdc_result_clear(&r2);
}
END_TEST

START_TEST(garbage_is_a_parse_error)
{
    unsigned char buf[512];
    unsigned long s = 12345;
    char err[600];
    for (int round = 0; round < 300; round++) {
        size_t n = (size_t)(s % sizeof buf);
        for (size_t i = 0; i < n; i++) {
            s = s * 6364136223846793005UL + 1442695040888963407UL;
            buf[i] = round % 2 ? (unsigned char)"claim var prove x[]() 0.5,+-*/^<=>\n#e"[(s >> 33) % 38] : (unsigned char)(s >> 56);
        }
        gdc_claim_t *c = gdc_claim_parse((const char *)buf, n, "r", err, sizeof err);
        if (c)
            gdc_claim_free(c);
        else
            ck_assert(strncmp(err, "r:", 2) == 0);
    }
}
END_TEST


/* ---------------------------------------------------------------- integer variables */

static void set_q(arb_t x, slong p, ulong q)
{
    arb_set_si(x, p);
    arb_div_ui(x, x, q, 64);
}

/* gdc_box_split on dimension i of [lo, hi] gives (l, r) as exact numbers p/2 (want_rc -1: cannot split) */
static void split_is(const gdc_claim_t *c, int i, slong lo2, slong hi2, int want_rc, slong l2, slong r2)
{
    arb_t lo, hi, a;
    arf_t l, r, w;
    arb_init(lo); arb_init(hi); arb_init(a);
    arf_init(l); arf_init(r); arf_init(w);
    set_q(lo, lo2, 2);
    set_q(hi, hi2, 2);
    int rc = gdc_box_split(c, i, lo, hi, l, r);
    ck_assert_msg(rc == want_rc, "split of [%ld/2, %ld/2] in dimension %d: rc %d, want %d", (long)lo2, (long)hi2, i,
                  rc, want_rc);
    if (rc == 0) {
        arf_set_si_2exp_si(w, l2, -1);
        ck_assert_msg(arf_equal(l, w), "left end of the split of [%ld/2, %ld/2]", (long)lo2, (long)hi2);
        arf_set_si_2exp_si(w, r2, -1);
        ck_assert_msg(arf_equal(r, w), "right start of the split of [%ld/2, %ld/2]", (long)lo2, (long)hi2);
        /* the centre is the left end of the split, a point of the box */
        gdc_box_centre(c, i, a, lo, hi);
        ck_assert(arb_is_exact(a) && arf_equal(arb_midref(a), l));
    } else {
        gdc_box_centre(c, i, a, lo, hi);
        ck_assert(arb_equal(a, lo));
    }
    arb_clear(lo); arb_clear(hi); arb_clear(a);
    arf_clear(l); arf_clear(r); arf_clear(w);
}

START_TEST(integer_split_rule)
{
    gdc_claim_t *c = parse("claim a\nvar n in [-100, 100] integer\nvar x in [0, 1]\nprove n*x >= -100\n");
    ck_assert(c->vars[0].integer && !c->vars[1].integer);
    /* integer dimension: [lo, m] and [m + 1, hi], m = floor((lo + hi)/2) (arguments are twice the ends) */
    split_is(c, 0, -10, 12, 0, 0, 2);      /* [-5, 6]: m = floor(1/2) = 0 */
    split_is(c, 0, -12, -6, 0, -10, -8);   /* [-6, -3]: m = floor(-9/2) = -5 */
    split_is(c, 0, -10, -8, 0, -10, -8);   /* [-5, -4]: two single integers */
    split_is(c, 0, 204, 228, 0, 216, 218); /* [102, 114]: m = 108 */
    split_is(c, 0, 6, 6, -1, 0, 0);        /* a single integer is exact: no split */
    split_is(c, 0, 1, 6, -1, 0, 0);        /* a non-integer end is never split as an integer box */
    split_is(c, 0, 6, 2, -1, 0, 0);        /* an empty box */
    /* a real dimension: the exact dyadic midpoint, shared by both children */
    split_is(c, 1, 0, 2, 0, 1, 1);         /* [0, 1]: 1/2 */
    split_is(c, 1, -10, 12, 0, 1, 1);      /* [-5, 6]: 1/2 */
    gdc_claim_free(c);
    /* the root box: the exact extreme integers */
    int bad;
    c = parse("claim a\nvar n in (-pi, 2*pi) integer\nvar m in [0.5, 7/2] integer\nprove n + m >= -10\n");
    arb_ptr rlo = _arb_vec_init(2), rhi = _arb_vec_init(2);
    ck_assert_int_eq(gdc_claim_root_box(c, rlo, rhi, 64, &bad), 0);
    ck_assert(arb_is_exact(rlo) && arf_cmp_si(arb_midref(rlo), -3) == 0);
    ck_assert(arb_is_exact(rhi) && arf_cmp_si(arb_midref(rhi), 6) == 0);
    ck_assert(arb_is_exact(rlo + 1) && arf_cmp_si(arb_midref(rlo + 1), 1) == 0);
    ck_assert(arb_is_exact(rhi + 1) && arf_cmp_si(arb_midref(rhi + 1), 3) == 0);
    ck_assert(fmpz_equal_si(c->vars[0].ilo, -3) && fmpz_equal_si(c->vars[0].ihi, 6));
    _arb_vec_clear(rlo, 2);
    _arb_vec_clear(rhi, 2);
    gdc_claim_free(c);
}
END_TEST

START_TEST(integer_parse)
{
    /* open ends exclude an integer end; the same range closed includes it */
    gdc_claim_t *c = parse("claim a\nvar n in (2, 5) integer\nprove n >= 3\n");
    ck_assert(fmpz_equal_si(c->vars[0].ilo, 3) && fmpz_equal_si(c->vars[0].ihi, 4));
    gdc_claim_t *d = parse("claim a\nvar n in [2, 5] integer\nprove n >= 3\n");
    ck_assert(fmpz_equal_si(d->vars[0].ilo, 2) && fmpz_equal_si(d->vars[0].ihi, 5));
    gdc_claim_t *e = parse("claim a\nvar n in [2, 5]\nprove n >= 3\n");
    ck_assert(!e->vars[0].integer);
    /* `integer` is part of the claim text: certificates of one are not certificates of the other */
    ck_assert(memcmp(d->hash, e->hash, 32) != 0);
    gdc_claim_free(c);
    gdc_claim_free(d);
    gdc_claim_free(e);
    c = parse("claim a\nvar n in [3, 3] integer   # one integer\nprove n >= 3\n");
    ck_assert(fmpz_equal_si(c->vars[0].ilo, 3) && fmpz_equal_si(c->vars[0].ihi, 3));
    gdc_claim_free(c);
    /* an empty set of integers is a parse error naming the variable */
    parse_error("claim a\nvar n in (2, 3) integer\nprove n >= 3\n", "t.claim:2:5: expected at least one integer in the range of 'n'");
    parse_error("claim a\nvar k in [0.2, 0.8] integer\nprove k >= 3\n", "t.claim:2:5: expected at least one integer in the range of 'k'");
    parse_error("claim a\nvar k in [3, 3) integer\nprove k >= 3\n", "t.claim:2:5: expected at least one integer in the range of 'k'");
    parse_error("claim a\nvar k in [5, 2] integer\nprove k >= 3\n", "t.claim:2:5: expected at least one integer in the range of 'k'");
    /* anything else after the range */
    parse_error("claim a\nvar n in [0, 3] int\nprove n >= 0\n", "t.claim:2:17: expected 'integer' or the end of the line");
    parse_error("claim a\nvar n in [0, 3] integers\nprove n >= 0\n", "t.claim:2:17: expected 'integer' or the end");
    parse_error("claim a\nvar n in [0, 3] integer integer\nprove n >= 0\n", "t.claim:2:");
    parse_error("claim a\nvar n in [0, 3] real\nprove n >= 0\n", "t.claim:2:17: expected 'integer'");
    parse_error("claim a\nvar n in [0, log(0)] integer\nprove n >= 0\n", "t.claim:2:5: expected an integer range for 'n'");
    parse_error("claim a\nvar n in [0, 2^2000] integer\nprove n >= 0\n", "t.claim:2:5: expected an integer range for 'n'");
}
END_TEST

START_TEST(integer_claims)
{
    /* >= 0 on the integers, negative between them: HOLDS over the integers, FAILS over the reals */
    expect_holds("claim a\nvar n in [-5, 5] integer\nprove (n - 1/2)^2 >= 1/4\n");
    expect_fails("claim a\nvar n in [-5, 5]\nprove (n - 1/2)^2 >= 1/4\n");
    expect_fails("claim a\nvar n in [-5, 5] integer\nprove (n - 1/2)^2 >= 1/4 + 1e-9\n");
    expect_holds("claim a\nvar n in [-5, 5] integer\nvar x in [0, 1]\nprove (n - x/2 - 1/4)^2 >= 1/16\n");
    expect_fails("claim a\nvar n in [-5, 5] integer\nvar x in [0, 1]\nprove (n - x/2 - 1/4)^2 >= 1/16 + 1e-9\n");
    /* an open end excludes the integer end (7) where the goal fails; closed, 7 is a counterexample */
    expect_holds("claim a\nvar n in (0, 7) integer\nprove abs(n - 7) >= 1\n");
    expect_fails("claim a\nvar n in (0, 7] integer\nprove abs(n - 7) >= 1\n");
    /* a registry row that is defined only at integer arguments: chi2_2 is exponential, P(chi2_2 >= 4) = e^-2,
     * and P(chi2_d >= 2d) decreases in d (the maximum e^-2 is attained at d = 2) */
    expect_holds("claim a\nvar d in [2, 9] integer\nprove gauss.chi2_tail(d, 2) <= exp(-2)*(1 + 1e-9)\n");
    expect_fails("claim a\nvar d in [2, 9] integer\nprove gauss.chi2_tail(d, 2) <= exp(-2)*(1 - 1e-9)\n");

    /* the checker splits integer dimensions by the claim: the same certificate replayed with the variable
     * taken as real (the tree 0MhMl then covers 1/2, where the goal fails) is rejected */
    gdc_result_t r;
    gdc_claim_t *c;
    ck_assert_int_eq(decide("claim a\nvar n in [-5, 5] integer\nprove (n - 1/2)^2 >= 1/4\n", &r, &c), GDC_HOLDS);
    char *cert = gdc_cert_text(c, &r);
    char msg[300];
    ck_assert_int_eq(gdc_cert_check(cert, strlen(cert), c, msg, sizeof msg, NULL), 0);
    c->vars[0].integer = 0;
    ck_assert_msg(gdc_cert_check(cert, strlen(cert), c, msg, sizeof msg, NULL) == 1, "replayed as real: %s", msg);
    c->vars[0].integer = 1;
    /* leaves changed or the tree shortened: rejected */
    /* ("0II" is a valid certificate: (n - 1/2)^2 on [-5, 0] and [1, 5] is >= 1/4 by intervals, 1/4 exact) */
    const char *trees[] = {"I", "C", "MlMh", "0MlMh", "0MhMl0II", "00MhMlMl"};
    for (size_t i = 0; i < sizeof trees / sizeof trees[0]; i++) {
        char *bad = retree(cert, trees[i]);
        int rc = gdc_cert_check(bad, strlen(bad), c, msg, sizeof msg, NULL);
        ck_assert_msg(rc == 1, "tree '%s' accepted (rc %d: %s)", trees[i], rc, msg);
        free(bad);
    }
    free(cert);
    gdc_result_clear(&r);
    gdc_claim_free(c);
    /* splits down to single integers: a single integer cannot be split again */
    ck_assert_int_eq(decide("claim a\nvar n in [0, 1] integer\nprove gauss.chi2_tail(n + 1, 2) > 0\n", &r, &c),
                     GDC_HOLDS);
    cert = gdc_cert_text(c, &r);
    ck_assert_int_eq(gdc_cert_check(cert, strlen(cert), c, msg, sizeof msg, NULL), 0);
    char *bad = retree(cert, "00III");
    ck_assert_int_eq(gdc_cert_check(bad, strlen(bad), c, msg, sizeof msg, NULL), 1);
    ck_assert_msg(strstr(msg, "too narrow") != NULL, "%s", msg);
    free(bad);
    free(cert);
    gdc_result_clear(&r);
    gdc_claim_free(c);

    /* bound goals: the extremum over the integers (over the reals the minimum would be 0) */
    ck_assert_int_eq(decide("claim a\nvar n in [-5, 5] integer\nbound min (n - 1/2)^2 tol 1e-12\n", &r, &c),
                     GDC_BOUND_MET);
    arb_t q;
    arb_init(q);
    arb_set_d(q, 0.25);
    ck_assert(arf_cmp(r.bound_lo, arb_midref(q)) <= 0 && arf_cmp(r.bound_hi, arb_midref(q)) >= 0);
    arb_set_d(q, 0.25 - 1e-12);
    ck_assert(arf_cmp(r.bound_lo, arb_midref(q)) >= 0);
    ck_assert(r.has_point && arf_is_int(arb_midref(r.point)));
    arb_clear(q);
    gdc_result_clear(&r);
    gdc_claim_free(c);
}
END_TEST

/* the first registry node of a claim */
static int first_reg(const gdc_claim_t *c)
{
    for (int i = 0; i < c->nnodes; i++)
        if (c->nodes[i].op == GDC_N_REG)
            return i;
    ck_abort_msg("no registry node");
    return -1;
}

/* node i of c evaluated (order 0 or 1) at x: the same bits as a fresh call of its row at the same arguments,
 * value (and Jacobian at order 1, when the row has one) */
static void assert_fresh_bits(const gdc_claim_t *c, gdc_evalws_t *ws, int i, arb_srcptr x, int order, slong prec)
{
    const gdc_row_t *row = c->nodes[i].row;
    arb_ptr a = _arb_vec_init(row->nargs), out = _arb_vec_init(row->nout);
    arb_ptr jac = _arb_vec_init(row->nout * row->nargs);
    if (order)
        gdc_expr_eval_ad(c, ws, x, i, prec);
    else
        gdc_expr_eval(c, ws, x, i, prec);
    for (int k = 0; k < row->nargs; k++)
        arb_set(a + k, ws->val + c->nodes[i].args[k]);
    if (order && row->fn_arb_jac)
        row->fn_arb_jac(out, jac, a, prec);
    else
        row->fn_arb(out, a, prec);
    ck_assert_msg(ws->ok[i] && arb_equal(ws->val + i, out + c->nodes[i].out), "value bits differ at prec %ld",
                  (long)prec);
    /* d/dx of chi2_tail(d, x): the gradient entry of the real variable (index 1) is the Jacobian's entry 1 */
    if (order && row->fn_arb_jac && c->nvars == 2)
        ck_assert_msg(ws->gok[i] && arb_equal(ws->grad + (slong)i * c->nvars + 1, jac + 1), "Jacobian bits differ");
    _arb_vec_clear(a, row->nargs);
    _arb_vec_clear(out, row->nout);
    _arb_vec_clear(jac, row->nout * row->nargs);
}

/* Row calls at exact points are kept for the workspace's life (expr_rowmemo.c): a call copied from the memo is
 * the bits a fresh call gives, for the same point at the same precision and order only; a range of d that
 * ball.cube_norm encloses by its two ends (int_ends) is evaluated as those ends, with the bits of the row's own
 * call on the range. */
START_TEST(row_memo_same_bits)
{
    gdc_claim_t *c = parse("claim a\nvar d in [1, 12] integer\nprove ball.cube_norm(d) >= 0\n");
    gdc_evalws_t ws;
    gdc_evalws_init(&ws, c);
    int i = first_reg(c);
    arb_t x, lo, hi;
    arb_init(x), arb_init(lo), arb_init(hi);
    const long ds[] = {3, 7, 3, 12, 7, 3};
    const long want_hits[] = {0, 0, 1, 1, 2, 3}; /* the hits after each evaluation at 64 bits */
    for (int j = 0; j < 6; j++) {
        arb_set_si(x, ds[j]);
        assert_fresh_bits(c, &ws, i, x, 0, 64);
        ck_assert_int_eq(gdc_rowmemo_hits(&ws), want_hits[j]);
    }
    /* another precision is another key: a fresh call (no hit), then a hit */
    arb_set_si(x, 7);
    assert_fresh_bits(c, &ws, i, x, 0, 96);
    ck_assert_int_eq(gdc_rowmemo_hits(&ws), 3);
    assert_fresh_bits(c, &ws, i, x, 0, 96);
    ck_assert_int_eq(gdc_rowmemo_hits(&ws), 4);
    /* the range [2, 9]: its ends 2 (new) and 9 (new), the row's own bits; again: two hits; [3, 12]: two hits */
    arb_set_si(lo, 2), arb_set_si(hi, 9);
    gdc_box_ball(x, lo, hi);
    assert_fresh_bits(c, &ws, i, x, 0, 64);
    ck_assert_int_eq(gdc_rowmemo_hits(&ws), 4);
    assert_fresh_bits(c, &ws, i, x, 0, 64);
    ck_assert_int_eq(gdc_rowmemo_hits(&ws), 6);
    arb_set(x, ws.val + i);
    arb_set_si(lo, 3), arb_set_si(hi, 12);
    gdc_box_ball(lo, lo, hi);
    assert_fresh_bits(c, &ws, i, lo, 0, 64);
    ck_assert_int_eq(gdc_rowmemo_hits(&ws), 8);
    /* E|w| increases with d: the range [2, 9] contains the value at 5 */
    arb_set_si(hi, 5);
    gdc_expr_eval(c, &ws, hi, i, 64);
    ck_assert(arb_contains(x, ws.val + i));
    gdc_evalws_clear(&ws);
    gdc_claim_free(c);

    /* a row with an integer and a real argument (no int_ends): the key is both arguments, kept at integer points
     * only; order 1 is its own key (the Jacobian is kept too); a real argument at a non-integer point (a box
     * centre) or a wide one is not kept */
    c = parse("claim a\nvar d in [1, 9] integer\nvar y in [0, 4]\nprove gauss.chi2_tail(d, y) >= 0\n");
    gdc_evalws_init(&ws, c);
    i = first_reg(c);
    arb_ptr p = _arb_vec_init(2);
    const double ys[] = {1, 2, 1, 2, 1};
    const long want2[] = {0, 0, 1, 2, 3};
    for (int j = 0; j < 5; j++) {
        arb_set_si(p + 0, 4);
        arb_set_d(p + 1, ys[j]);
        assert_fresh_bits(c, &ws, i, p, 0, 64);
        ck_assert_int_eq(gdc_rowmemo_hits(&ws), want2[j]);
    }
    arb_set_d(p + 1, 1);
    ws.flat = 1u; /* d is one point: its gradient seed is 0 (the Jacobian in d is indeterminate) */
    assert_fresh_bits(c, &ws, i, p, 1, 64);
    ck_assert_int_eq(gdc_rowmemo_hits(&ws), 3);
    assert_fresh_bits(c, &ws, i, p, 1, 64);
    ck_assert_int_eq(gdc_rowmemo_hits(&ws), 4);
    arb_set_si(p + 0, 5); /* d = 5, y = 1: not the key of d = 4 */
    assert_fresh_bits(c, &ws, i, p, 0, 64);
    ck_assert_int_eq(gdc_rowmemo_hits(&ws), 4);
    arb_set_d(p + 1, 0.5); /* y = 1/2: exact, not an integer */
    assert_fresh_bits(c, &ws, i, p, 0, 64);
    assert_fresh_bits(c, &ws, i, p, 0, 64);
    ck_assert_int_eq(gdc_rowmemo_hits(&ws), 4);
    arb_set_d(lo, 0.5), arb_set_d(hi, 0.75);
    gdc_box_ball(p + 1, lo, hi);
    assert_fresh_bits(c, &ws, i, p, 0, 64);
    assert_fresh_bits(c, &ws, i, p, 0, 64);
    ck_assert_int_eq(gdc_rowmemo_hits(&ws), 4);
    _arb_vec_clear(p, 2);
    gdc_evalws_clear(&ws);
    gdc_claim_free(c);

    /* many keys (600 distinct points d = 1 + 1237 k mod 4999 in the table's 8192 slots: some share a first slot,
     * so the arguments are compared): each point's kept call is its own */
    c = parse("claim a\nvar d in [1, 5000] integer\nprove gauss.chi2_tail(d, 2) >= 0\n");
    gdc_evalws_init(&ws, c);
    i = first_reg(c);
    for (int pass = 0; pass < 2; pass++)
        for (long k = 0; k < 600; k++) {
            arb_set_si(x, 1 + 1237 * k % 4999);
            assert_fresh_bits(c, &ws, i, x, 0, 64);
        }
    ck_assert_int_eq(gdc_rowmemo_hits(&ws), 600);
    gdc_evalws_clear(&ws);
    gdc_claim_free(c);
    arb_clear(x), arb_clear(lo), arb_clear(hi);
}
END_TEST

/* A row with int_ends (registry.h) encloses a range of its integer argument by arb_union of its two ends, and its
 * outputs are monotone in it: on ranges [lo, hi] of the argument (the other arguments at exact sample points of
 * their domains, within the sampling range), fn_arb on the range is bit for bit the union of fn_arb at lo and hi,
 * and contains fn_arb at interior integers (a sample of the monotonicity the prover relies on). */
START_TEST(int_ends_rows_are_hulls)
{
    const long ranges[][2] = {{1, 2}, {2, 9}, {3, 40}, {17, 100}};
    int seen = 0;
    for (size_t r = 0; r < gdc_registry_count(); r++) {
        const gdc_row_t *row = gdc_registry_row(r);
        for (int k = 0; k < row->nargs; k++) {
            if (!(row->int_ends >> k & 1u))
                continue;
            ck_assert_msg(row->args[k].integer, "%s: int_ends on a real argument", row->id);
            seen++;
            arb_ptr x = _arb_vec_init(row->nargs), a = _arb_vec_init(row->nout), b = _arb_vec_init(row->nout),
                    m = _arb_vec_init(row->nout), w = _arb_vec_init(row->nout);
            arb_t lo, hi;
            arb_init(lo), arb_init(hi);
            for (int j = 0; j < row->nargs; j++) /* other arguments: the midpoint of the sampling range */
                if (j != k) {
                    double l, h;
                    gdc_arg_sample_range(&row->args[j], &l, &h);
                    arb_set_d(x + j, l + (h - l) / 3);
                }
            for (size_t q = 0; q < sizeof ranges / sizeof ranges[0]; q++) {
                long l = ranges[q][0], h = ranges[q][1];
                if (!gdc_arg_contains(&row->args[k], (double)l) || !gdc_arg_contains(&row->args[k], (double)h))
                    continue;
                arb_set_si(x + k, l);
                row->fn_arb(a, x, 64);
                arb_set_si(x + k, h);
                row->fn_arb(b, x, 64);
                arb_set_si(x + k, (l + h) / 2);
                row->fn_arb(m, x, 64);
                arb_set_si(lo, l), arb_set_si(hi, h);
                gdc_box_ball(x + k, lo, hi);
                row->fn_arb(w, x, 64);
                for (int o = 0; o < row->nout; o++) {
                    arb_union(a + o, a + o, b + o, 64);
                    ck_assert_msg(arb_is_finite(w + o) && arb_equal(w + o, a + o), "%s on [%ld, %ld]: not the hull",
                                  row->id, l, h);
                    ck_assert_msg(arb_contains(w + o, m + o), "%s: the value at %ld outside the hull", row->id,
                                  (l + h) / 2);
                }
            }
            _arb_vec_clear(x, row->nargs), _arb_vec_clear(a, row->nout), _arb_vec_clear(b, row->nout);
            _arb_vec_clear(m, row->nout), _arb_vec_clear(w, row->nout);
            arb_clear(lo), arb_clear(hi);
        }
    }
    ck_assert_int_ge(seen, 2); /* ball.cube_norm and gauss.angle_tail */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("prove");
    TCase *tc = tcase_create("unit");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, sha256_vectors);
    tcase_add_test(tc, parse_errors_have_positions);
    tcase_add_test(tc, decimals_are_exact);
    tcase_add_test(tc, evaluator_known_values);
    tcase_add_test(tc, gradients);
    tcase_add_test(tc, true_claims_hold);
    tcase_add_test(tc, false_claims_fail);
    tcase_add_test(tc, bound_goals);
    tcase_add_test(tc, tampered_certificates_rejected);
    tcase_add_test(tc, hash_ignores_comments_and_spacing);
    tcase_add_test(tc, directive_hook);
    tcase_add_test(tc, deterministic_and_reentrant);
    tcase_add_test(tc, garbage_is_a_parse_error);
    tcase_add_test(tc, bound_refines_undefined_boxes);
    tcase_add_test(tc, interval_semantics_on_wide_balls);
    tcase_add_test(tc, interval_corners_by_sign);
    tcase_add_test(tc, interval_sum_exact_and_ends);
    tcase_add_test(tc, sign_analysis_sqrt_at_zero);
    tcase_add_test(tc, bound_of_a_constant);
    tcase_add_test(tc, range_end_pi_minus_pi);
    tcase_add_test(tc, minmax_gradients);
    tcase_add_test(tc, integer_split_rule);
    tcase_add_test(tc, integer_parse);
    tcase_add_test(tc, integer_claims);
    tcase_add_test(tc, row_memo_same_bits);
    tcase_add_test(tc, int_ends_rows_are_hulls);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    flint_cleanup();
    return nf == 0 ? 0 : 1;
}
