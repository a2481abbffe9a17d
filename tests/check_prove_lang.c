/* The claim language for a new paper (issue 10, section 4): let functions (expansion, scope, arity and
 * recursion errors), `include FILE` (nesting, cycles, errors naming the file and line, the claim hash and
 * certificates covering the included text), and the special functions asinh, atanh, lgamma, gamma, digamma
 * and the Bessel functions J, I, K: their enclosures, first and second derivatives over boxes contain
 * the values at sample points inside the box, computed by other formulas (DLMF 10.6.2, 10.29.2 and the
 * Bessel equations, Arb's acb_polygamma for the derivatives of lgamma and digamma). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "prove/prove.h"

static gdc_claim_t *parse(const char *text, const char *file)
{
    char err[600];
    gdc_claim_t *c = gdc_claim_parse(text, strlen(text), file, err, sizeof err);
    ck_assert_msg(c != NULL, "parse failed: %s", err);
    return c;
}

static void parse_error(const char *text, const char *file, const char *want)
{
    char err[600];
    gdc_claim_t *c = gdc_claim_parse(text, strlen(text), file, err, sizeof err);
    ck_assert_msg(c == NULL, "parsed but should fail: %s", text);
    ck_assert_msg(strstr(err, want) != NULL, "error '%s' does not contain '%s'", err, want);
    ck_assert_msg(strstr(err, "expected") != NULL, "error '%s' does not say what was expected", err);
    ck_assert_msg(strchr(err, '\n') == NULL, "error '%s' is not one line", err);
}

/* the value of the claim's first let at x = s (exact decimal), 256 bits */
static void let_at(const gdc_claim_t *c, const char *s, arb_t out)
{
    gdc_evalws_t ws;
    gdc_evalws_init(&ws, c);
    arb_ptr x = _arb_vec_init(c->nvars);
    for (int i = 0; i < c->nvars; i++)
        arb_set_str(x + i, s, 256);
    gdc_expr_eval(c, &ws, x, c->nnodes - 1, 256);
    ck_assert(ws.ok[c->lets[0].node]);
    arb_set(out, ws.val + c->lets[0].node);
    _arb_vec_clear(x, c->nvars);
    gdc_evalws_clear(&ws);
}

START_TEST(let_functions_expand)
{
    /* gelu(t) + sq(t + 1) with sq calling nothing and g calling both: the same value as written out */
    gdc_claim_t *a = parse("claim a\nlet gelu(x) = x*Phi(x)\nlet sq(u) = u*u\nlet g(p, q) = gelu(p) + sq(q)\n"
                           "var t in [-1, 1]\nlet h = g(t, t + 1)\nprove h >= -1\n", "a.claim");
    gdc_claim_t *b = parse("claim b\nvar t in [-1, 1]\nlet h = t*Phi(t) + (t + 1)*(t + 1)\nprove h >= -1\n", "b.claim");
    arb_t u, v;
    arb_init(u);
    arb_init(v);
    let_at(a, "-0.375", u);
    let_at(b, "-0.375", v);
    ck_assert(arb_overlaps(u, v));
    ck_assert(!arb_is_zero(u));
    /* a parameter shadows a variable; the argument is a node, not text: sq(t + 1) is (t + 1)^2, not t + 1*t + 1 */
    gdc_claim_t *s = parse("claim s\nvar t in [0, 1]\nlet sq(t) = t*t\nlet h = sq(t + 1)\nprove h >= 1\n", "s.claim");
    let_at(s, "1", u);
    arb_set_ui(v, 4);
    ck_assert(arb_equal(u, v));
    arb_clear(u);
    arb_clear(v);
    gdc_claim_free(a);
    gdc_claim_free(b);
    gdc_claim_free(s);
}
END_TEST

START_TEST(let_function_errors)
{
    parse_error("claim e\nlet f(x) = f(x) + 1\n", "t.claim", "t.claim:2:12: expected no recursion");
    parse_error("claim e\nlet f(x) = g(x)\nlet g(x) = x\n", "t.claim", "t.claim:2:12: expected a function");
    parse_error("claim e\nlet f(x, x) = x\n", "t.claim", "t.claim:2:10: expected a new parameter name");
    parse_error("claim e\nlet f() = 1\n", "t.claim", "t.claim:2:7: expected a parameter name");
    parse_error("claim e\nlet f(x) = x\nvar t in [0, 1]\nprove f(t, t) > 0\n", "t.claim", "t.claim:4:12: expected ')'");
    parse_error("claim e\nlet f(x, y) = x\nvar t in [0, 1]\nprove f(t) > 0\n", "t.claim",
                "t.claim:4:7: expected 2 arguments for f, got 1");
    parse_error("claim e\nlet f(x) = x\nvar t in [0, 1]\nprove f > 0\n", "t.claim", "expected '(' after the function f");
    parse_error("claim e\nlet a = 1\nvar t in [0, 1]\nprove a(t) > 0\n", "t.claim", "t.claim:4:7: expected a function");
    parse_error("claim e\nlet Phi(x) = x\n", "t.claim", "t.claim:2:5: expected a new function name");
    parse_error("claim e\nlet f(x) = x\nvar f in [0, 1]\n", "t.claim", "t.claim:3:5: expected a new name");
    /* a body sees only what was defined before it */
    parse_error("claim e\nlet f(x) = x + t\nvar t in [0, 1]\nprove f(1) > 0\n", "t.claim",
                "t.claim:2:16: expected a variable, let name, pi or e, got unknown name 't'");
    /* an expansion that doubles at every level is stopped (2^20 nodes) */
    char text[2000] = "claim e\nvar t in [0, 1]\nlet f0(x) = x + 1\n";
    for (int k = 1; k <= 20; k++)
        snprintf(text + strlen(text), sizeof text - strlen(text), "let f%d(x) = f%d(x) + f%d(x)\n", k, k - 1, k - 1);
    strcat(text, "prove f20(t) > 0\n");
    parse_error(text, "t.claim", "expected a smaller claim");
}
END_TEST

/* ---------------------------------------------------------------- include */

static char dir[64];

static void write_file(const char *name, const char *text)
{
    char path[200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    ck_assert(f != NULL);
    fputs(text, f);
    fclose(f);
}

static gdc_claim_t *parse_path(const char *name, char *err, size_t n)
{
    char path[200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return gdc_claim_parse_file(path, err, n);
}

static void setup_dir(void)
{
    strcpy(dir, "/tmp/gdc_lang_XXXXXX");
    ck_assert(mkdtemp(dir) != NULL);
    char sub[100];
    snprintf(sub, sizeof sub, "%s/defs", dir);
    ck_assert(mkdir(sub, 0700) == 0);
}

static void remove_dir(void)
{
    char cmd[100];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
}

START_TEST(include_files)
{
    char err[600];
    write_file("defs/act.inc", "# shared\nlet gelu(x) = x*Phi(x)\ninclude sq.inc\nlet c0 = 1/8\n");
    write_file("defs/sq.inc", "let sq(u) = u*u\n");
    write_file("main.claim", "claim m\ninclude defs/act.inc\ninclude defs/sq.inc\nvar t in [-1, 1]\n"
                             "prove gelu(t) + sq(t) + c0 >= -0.1\nexpect holds\n");
    gdc_claim_t *c = parse_path("main.claim", err, sizeof err);
    ck_assert_msg(c != NULL, "%s", err);
    ck_assert(c->defs == NULL);
    gdc_budget_t b;
    gdc_budget_default(&b);
    b.time_limit = 20;
    gdc_result_t r;
    gdc_result_init(&r);
    ck_assert_int_eq(gdc_claim_decide(c, &b, &r), GDC_HOLDS);
    char *cert = gdc_cert_text(c, &r);
    ck_assert(cert != NULL);
    char msg[300];
    ck_assert_msg(gdc_cert_check(cert, strlen(cert), c, msg, sizeof msg, NULL) == 0, "%s", msg);
    /* the same claim after an included file changes (a comment only: the same claim) and then its text */
    write_file("defs/sq.inc", "# squares\nlet sq(u) = u*u\n");
    gdc_claim_t *same = parse_path("main.claim", err, sizeof err);
    ck_assert_msg(same != NULL, "%s", err);
    ck_assert(memcmp(same->hash, c->hash, 32) == 0);
    ck_assert(gdc_cert_check(cert, strlen(cert), same, msg, sizeof msg, NULL) == 0);
    write_file("defs/sq.inc", "let sq(u) = u*u*1\n");
    gdc_claim_t *changed = parse_path("main.claim", err, sizeof err);
    ck_assert_msg(changed != NULL, "%s", err);
    ck_assert(memcmp(changed->hash, c->hash, 32) != 0);
    ck_assert_msg(gdc_cert_check(cert, strlen(cert), changed, msg, sizeof msg, NULL) == 1,
                  "a certificate must not check once an included file changed");
    free(cert);
    gdc_result_clear(&r);
    gdc_claim_free(c);
    gdc_claim_free(same);
    gdc_claim_free(changed);
}
END_TEST

static void include_error(const char *want)
{
    char err[600];
    gdc_claim_t *c = parse_path("main.claim", err, sizeof err);
    ck_assert_msg(c == NULL, "parsed but should fail (%s)", want);
    ck_assert_msg(strstr(err, want) != NULL, "error '%s' does not contain '%s'", err, want);
    ck_assert(strchr(err, '\n') == NULL);
}

START_TEST(include_errors)
{
    write_file("main.claim", "claim m\ninclude defs/a.inc\nvar t in [0, 1]\nprove t >= 0\n");
    write_file("defs/a.inc", "let a = 1\ninclude b.inc\n");
    write_file("defs/b.inc", "\nlet b = 2\ninclude a.inc\n");
    include_error("defs/b.inc:3:9: expected no include cycle: '");
    include_error("defs/a.inc' is already being read");
    write_file("defs/b.inc", "include ../main.claim\n");
    include_error("defs/b.inc:1:9: expected no include cycle");
    write_file("defs/b.inc", "let b = 2\nvar z in [0, 1]\n");
    include_error("defs/b.inc:2:1: expected 'let' or 'include' in an included file, got 'var'");
    write_file("defs/b.inc", "let b(x) = x +\n");
    include_error("defs/b.inc:1:15: expected an expression");
    write_file("defs/b.inc", "include missing.inc\n");
    include_error("defs/b.inc:1:9: expected a file to include: ");
    include_error("/defs/missing.inc: cannot open");
    /* nesting deeper than 8 */
    for (int k = 0; k < 12; k++) {
        char name[40], text[80];
        snprintf(name, sizeof name, "defs/n%d.inc", k);
        snprintf(text, sizeof text, "let v%d = %d\ninclude n%d.inc\n", k, k, k + 1);
        write_file(name, text);
    }
    write_file("defs/b.inc", "include n0.inc\n");
    include_error("expected includes nested at most 8 deep");
    /* a file included twice (not a cycle) is read once: its lets are defined once */
    write_file("defs/b.inc", "let b = 2\n");
    write_file("main.claim", "claim m\ninclude defs/b.inc\ninclude defs/b.inc\nvar t in [0, 1]\nprove t + b >= 0\n");
    char err[600];
    gdc_claim_t *c = parse_path("main.claim", err, sizeof err);
    ck_assert_msg(c != NULL, "%s", err);
    gdc_claim_free(c);
}
END_TEST

/* a claim without include keeps the hash of its normalised text (certificates written before stay valid) */
START_TEST(hash_without_include_unchanged)
{
    const char *text = "claim h\nvar t in [0, 1]  # x\nlet f(x) = x*x\nprove f(t) >= 0\n";
    gdc_claim_t *c = parse(text, "h.claim");
    char *norm = gdc_claim_normalise(text, strlen(text));
    unsigned char h[32];
    gdc_sha256(h, norm, strlen(norm));
    ck_assert(memcmp(h, c->hash, 32) == 0);
    free(norm);
    gdc_claim_free(c);
}
END_TEST

/* ---------------------------------------------------------------- special functions on boxes */

/* node values over the box [lo, hi] (orders 0..2) and reference values at points inside */
typedef void (*ref_fn)(arb_t f, arb_t d1, arb_t d2, const arb_t x, slong prec);

static void ref_asinh(arb_t f, arb_t d1, arb_t d2, const arb_t x, slong prec)
{
    arb_t w;
    arb_init(w);
    arb_asinh(f, x, prec);
    arb_sqr(w, x, prec);
    arb_add_ui(w, w, 1, prec);
    arb_rsqrt(d1, w, prec);                 /* 1/sqrt(1 + x^2) */
    arb_pow_ui(d2, d1, 3, prec);
    arb_mul(d2, d2, x, prec);
    arb_neg(d2, d2);                        /* -x/(1 + x^2)^(3/2) */
    arb_clear(w);
}

/* xmsin3(x) = (x - sin x)/x^3 and its two derivatives at a point x != 0, by Arb's power series (independent of the
 * series bounds and closed forms in expr_xmsin3.c): (X - sin X)/X^3 with X = x + t, to order t^2 */
static void ref_xmsin3(arb_t f, arb_t d1, arb_t d2, const arb_t x, slong prec)
{
    arb_poly_t X, S, D, Q;
    arb_poly_init(X);
    arb_poly_init(S);
    arb_poly_init(D);
    arb_poly_init(Q);
    arb_poly_set_coeff_arb(X, 0, x);
    arb_poly_set_coeff_si(X, 1, 1);
    arb_poly_sin_series(S, X, 3, prec);
    arb_poly_sub(S, X, S, prec);
    arb_poly_pow_ui(D, X, 3, prec);
    arb_poly_div_series(Q, S, D, 3, prec);
    arb_poly_get_coeff_arb(f, Q, 0);
    arb_poly_get_coeff_arb(d1, Q, 1);
    arb_poly_get_coeff_arb(d2, Q, 2);
    arb_mul_2exp_si(d2, d2, 1);
    arb_poly_clear(X);
    arb_poly_clear(S);
    arb_poly_clear(D);
    arb_poly_clear(Q);
}

static void ref_atanh(arb_t f, arb_t d1, arb_t d2, const arb_t x, slong prec)
{
    arb_t w;
    arb_init(w);
    arb_atanh(f, x, prec);
    arb_sqr(w, x, prec);
    arb_sub_ui(w, w, 1, prec);
    arb_neg(w, w);
    arb_inv(d1, w, prec);                   /* 1/(1 - x^2) */
    arb_sqr(d2, d1, prec);
    arb_mul(d2, d2, x, prec);
    arb_mul_2exp_si(d2, d2, 1);             /* 2x/(1 - x^2)^2 */
    arb_clear(w);
}

static void polygamma(arb_t r, slong s, const arb_t x, slong prec)
{
    acb_t a, z;
    acb_init(a);
    acb_init(z);
    acb_set_si(a, s);
    acb_set_arb(z, x);
    acb_polygamma(z, a, z, prec);
    arb_set(r, acb_realref(z));
    acb_clear(a);
    acb_clear(z);
}

static void ref_lgamma(arb_t f, arb_t d1, arb_t d2, const arb_t x, slong prec)
{
    arb_lgamma(f, x, prec);
    polygamma(d1, 0, x, prec);
    polygamma(d2, 1, x, prec);
}

static void ref_gamma(arb_t f, arb_t d1, arb_t d2, const arb_t x, slong prec)
{
    arb_t p0, p1;
    arb_init(p0);
    arb_init(p1);
    arb_gamma(f, x, prec);
    polygamma(p0, 0, x, prec);
    polygamma(p1, 1, x, prec);
    arb_mul(d1, f, p0, prec);               /* Gamma' = Gamma psi */
    arb_sqr(d2, p0, prec);
    arb_add(d2, d2, p1, prec);
    arb_mul(d2, d2, f, prec);               /* Gamma'' = Gamma (psi^2 + psi_1) */
    arb_clear(p0);
    arb_clear(p1);
}

static void ref_digamma(arb_t f, arb_t d1, arb_t d2, const arb_t x, slong prec)
{
    polygamma(f, 0, x, prec);
    polygamma(d1, 1, x, prec);
    polygamma(d2, 2, x, prec);
}

static slong bessel_n;
static char bessel_kind; /* 'j', 'i', 'k' or 'y' */

static void bessel_at(arb_t r, slong n, const arb_t x, slong prec)
{
    arb_t nu;
    arb_init(nu);
    arb_set_si(nu, n); /* Arb's own negative orders, not the reflection formulas of expr_special.c */
    switch (bessel_kind) {
    case 'j': arb_hypgeom_bessel_j(r, nu, x, prec); break;
    case 'i': arb_hypgeom_bessel_i(r, nu, x, prec); break;
    case 'y': arb_hypgeom_bessel_y(r, nu, x, prec); break;
    default: arb_hypgeom_bessel_k(r, nu, x, prec); break;
    }
    arb_clear(nu);
}

/* at x != 0 (the samples avoid 0), with the other identities (DLMF 10.6.2, 10.29.2) and the equations:
 *   J, Y: C_n' = C_{n-1} - (n/x) C_n,   C_n'' = -C_n'/x - (1 - n^2/x^2) C_n;
 *   I:    I_n' = I_{n-1} - (n/x) I_n,   K_n' = -K_{n-1} - (n/x) K_n,   C_n'' = -C_n'/x + (1 + n^2/x^2) C_n. */
static void ref_bessel(arb_t f, arb_t d1, arb_t d2, const arb_t x, slong prec)
{
    arb_t cm, w;
    arb_init(cm);
    arb_init(w);
    int modified = bessel_kind == 'i' || bessel_kind == 'k';
    bessel_at(f, bessel_n, x, prec);
    bessel_at(cm, bessel_n - 1, x, prec);
    if (bessel_kind == 'k')
        arb_neg(cm, cm);
    arb_div(w, f, x, prec);
    arb_mul_si(w, w, bessel_n, prec);
    arb_sub(d1, cm, w, prec);
    arb_div(d2, d1, x, prec);
    arb_neg(d2, d2);
    arb_sqr(w, x, prec);
    arb_ui_div(w, (ulong)(bessel_n * bessel_n), w, prec);
    if (modified)
        arb_add_ui(w, w, 1, prec);
    else
        arb_sub_ui(w, w, 1, prec);
    arb_mul(w, w, f, prec);
    arb_add(d2, d2, w, prec);
    arb_clear(cm);
    arb_clear(w);
}

/* the enclosures of expr over [lo, hi] (value, gradient, Hessian) contain the reference at 9 points inside */
static void check_box(const char *expr, ref_fn ref, double lo, double hi)
{
    char text[300];
    snprintf(text, sizeof text, "claim a\nvar x in [-100, 100]\nlet f = %s\nprove x <= 100\n", expr);
    gdc_claim_t *c = parse(text, "t.claim");
    gdc_evalws_t ws;
    gdc_evalws_init(&ws, c);
    arb_ptr x = _arb_vec_init(1);
    arb_t l, h, p, f, d1, d2;
    arb_init(l);
    arb_init(h);
    arb_init(p);
    arb_init(f);
    arb_init(d1);
    arb_init(d2);
    arb_set_d(l, lo);
    arb_set_d(h, hi);
    arb_union(x, l, h, 64);
    gdc_expr_eval_ad2(c, &ws, x, c->nnodes - 1, 64);
    int n = c->lets[0].node;
    ck_assert_msg(ws.ok[n] && ws.gok[n] && ws.hok[n], "%s undefined on [%g, %g]", expr, lo, hi);
    for (int k = 0; k <= 8; k++) {
        arb_set_d(p, lo + (hi - lo) * (0.01 + 0.98 * k / 8.0)); /* exact doubles inside the box */
        ref(f, d1, d2, p, 128);
        ck_assert_msg(arb_overlaps(ws.val + n, f), "%s value on [%g, %g] at sample %d", expr, lo, hi, k);
        ck_assert_msg(arb_overlaps(ws.grad + n, d1), "%s derivative on [%g, %g] at sample %d", expr, lo, hi, k);
        ck_assert_msg(arb_overlaps(ws.hess + n, d2), "%s second derivative on [%g, %g] at sample %d", expr, lo, hi, k);
    }
    /* the box enclosures are enclosures, not wild: finite */
    ck_assert(arb_is_finite(ws.val + n) && arb_is_finite(ws.grad + n) && arb_is_finite(ws.hess + n));
    _arb_vec_clear(x, 1);
    arb_clear(l);
    arb_clear(h);
    arb_clear(p);
    arb_clear(f);
    arb_clear(d1);
    arb_clear(d2);
    gdc_evalws_clear(&ws);
    gdc_claim_free(c);
}

static const double boxes[][2] = {
    {0.001, 0.01}, {0.1, 1}, {0.9, 1.3}, {1.2, 1.7}, {1.45, 1.47}, {1.46, 2}, {1.5, 3}, {2.9, 8}, {7, 40},
};
#define NBOXES ((int)(sizeof boxes / sizeof boxes[0]))

START_TEST(special_enclosures_contain_samples)
{
    for (int i = 0; i < NBOXES; i++) {
        double a = boxes[i][0], b = boxes[i][1];
        check_box("lgamma(x)", ref_lgamma, a, b);
        check_box("digamma(x)", ref_digamma, a, b);
        if (b <= 10)
            check_box("gamma(x)", ref_gamma, a, b);
        check_box("asinh(x)", ref_asinh, a, b);
        check_box("asinh(x)", ref_asinh, -b, -a);
        check_box("asinh(x)", ref_asinh, -a, b);
        check_box("xmsin3(x)", ref_xmsin3, a, b); /* boxes below, across and above 1 and 2 */
        check_box("xmsin3(x)", ref_xmsin3, -b, -a);
        check_box("xmsin3(x)", ref_xmsin3, -a, b);  /* across 0 */
        if (b < 1) {
            check_box("atanh(x)", ref_atanh, a, b);
            check_box("atanh(x)", ref_atanh, -b, a);
        }
        for (bessel_n = 0; bessel_n <= 3; bessel_n++)
            for (const char *k = "jiky"; *k; k++) {
                char e[40];
                bessel_kind = *k;
                snprintf(e, sizeof e, "bessel%c(%ld, x)", *k, (long)bessel_n);
                if (b <= 20 || *k == 'j' || *k == 'y')
                    check_box(e, ref_bessel, a, b);
                if (*k == 'j' || (*k == 'i' && b <= 20))
                    check_box(e, ref_bessel, -b, a);
            }
    }
    /* the minimum of lgamma lies in [187/128, 47/32] (gdc_iv_lgamma): digamma changes sign there */
    arb_t x, y;
    arb_init(x);
    arb_init(y);
    arb_set_si(x, 187);
    arb_mul_2exp_si(x, x, -7);
    arb_digamma(y, x, 128);
    ck_assert(arb_is_negative(y));
    arb_set_si(x, 47);
    arb_mul_2exp_si(x, x, -5);
    arb_digamma(y, x, 128);
    ck_assert(arb_is_positive(y));
    arb_clear(x);
    arb_clear(y);
}
END_TEST

/* domains: lgamma, digamma, gamma need x > 0 and atanh |x| < 1 on the whole box */
START_TEST(special_domains)
{
    const char *bad[][3] = {
        {"lgamma(x)", "0", "1"}, {"lgamma(x)", "-0.5", "-0.25"}, {"digamma(x)", "-1", "1"}, {"gamma(x)", "0", "2"},
        {"atanh(x)", "0.5", "1"}, {"atanh(x)", "-1", "0"}, {"atanh(x)", "-2", "2"},
        {"besselk(0, x)", "0", "1"}, {"besselk(1, x)", "-1", "1"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[300];
        snprintf(text, sizeof text, "claim a\nvar x in [-10, 10]\nlet f = %s\nprove x <= 10\n", bad[i][0]);
        gdc_claim_t *c = parse(text, "t.claim");
        gdc_evalws_t ws;
        gdc_evalws_init(&ws, c);
        arb_ptr x = _arb_vec_init(1);
        arb_t l, h;
        arb_init(l);
        arb_init(h);
        arb_set_str(l, bad[i][1], 64);
        arb_set_str(h, bad[i][2], 64);
        arb_union(x, l, h, 64);
        gdc_expr_eval(c, &ws, x, c->nnodes - 1, 64);
        ck_assert_msg(!ws.ok[c->lets[0].node], "%s defined on [%s, %s]", bad[i][0], bad[i][1], bad[i][2]);
        arb_clear(l);
        arb_clear(h);
        _arb_vec_clear(x, 1);
        gdc_evalws_clear(&ws);
        gdc_claim_free(c);
    }
    parse_error("claim a\nvar x in [0, 1]\nprove besselj(x, x) <= 1\n", "t.claim",
                "t.claim:3:15: expected the order of besselj(n, x) as an integer literal");
    parse_error("claim a\nvar x in [0, 1]\nprove besselj(1.5, x) <= 1\n", "t.claim", "t.claim:3:15: expected the order");
    parse_error("claim a\nvar x in [0, 1]\nprove foo(x) <= 1\n", "t.claim", "lgamma gamma digamma besselj");
}
END_TEST

static Suite *lang_suite(void)
{
    Suite *s = suite_create("prove_lang");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup_dir, remove_dir);
    tcase_add_test(tc, let_functions_expand);
    tcase_add_test(tc, let_function_errors);
    tcase_add_test(tc, include_files);
    tcase_add_test(tc, include_errors);
    tcase_add_test(tc, hash_without_include_unchanged);
    tcase_add_test(tc, special_enclosures_contain_samples);
    tcase_add_test(tc, special_domains);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(lang_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
