/* Derivative enclosures of the gauss and cosine rows (src/gauss/gauss_deriv.c, src/cosine/cosine_deriv.c,
 * cosine_fc_deriv.c, jets of src/core/jet.c) beyond the registry-driven difference checks (tests/check_registry.c,
 * case 5), which compare with an absolute tolerance:
 *  - accuracy in every hard regime of the rows: the jets follow the values' stable forms, so every entry of the
 *    Jacobian and Hessian at a point keeps >= 100 of 128 bits relative to the larger of its own size and 2^-24 of
 *    the largest entry of the same output (entries that vanish by symmetry, e.g. at w = 0, are sums of O(1) terms
 *    and have only absolute accuracy). A textbook form loses as many bits as the regime's exponent (the
 *    sinh^2 form of C4 lost all 128 at large a, b; eigenvalue derivatives from h11 - h22 formed as a difference of
 *    two numbers near 1/2 kept 60). The FC rows get 80 bits: near w = ubar0 their derivatives are sums of O(|w -
 *    ubar0|) terms of both signs from the two blocks (a1 - U against R - V), which can cancel by a factor that the
 *    regime does not bound (we measured 86 bits at worst over 320 regime points);
 *  - the documented indeterminate entries: chi2_tail's c-derivative on a box reaching c = 0 is unbounded for d = 1
 *    (z^{-1/2}) and finite for d = 4 (z^1 e^{-z}/Gamma(2), whose value at the end c = 0 is 0); integer arguments;
 *  - the jet algebra itself on a function with known derivatives (f = x^2 y e^{x y} / (1 + y^2)). */
#include <check.h>
#include <string.h>
#include "core/registry.h"
#include "core/rng.h"
#include "core/jet.h"

#define PREC 128
#define GOOD_BITS 100
#define GOOD_BITS_FC 80

/* every finite entry of one output's block (n entries at step) keeps GOOD_BITS relative to max(|e|, 2^-24 M) */
static void check_block(const gdc_row_t *row, const char *regime, arb_srcptr e, int n, const double *x)
{
    int good = strncmp(row->id, "cosine.fc_", 10) == 0 ? GOOD_BITS_FC : GOOD_BITS;
    arf_t M, s;
    arf_init(M);
    arf_init(s);
    for (int j = 0; j < n; j++)
        if (arb_is_finite(e + j)) {
            arf_abs(s, arb_midref(e + j));
            if (arf_cmp(s, M) > 0)
                arf_set(M, s);
        }
    arf_mul_2exp_si(M, M, -24);
    for (int j = 0; j < n; j++) {
        if (!arb_is_finite(e + j) || arb_is_exact(e + j))
            continue;
        mag_t lim;
        mag_init(lim);
        arf_abs(s, arb_midref(e + j));
        if (arf_cmp(s, M) < 0)
            arf_set(s, M);
        arf_get_mag_lower(lim, s);
        mag_mul_2exp_si(lim, lim, -good);
        ck_assert_msg(mag_cmp(arb_radref(e + j), lim) <= 0, "%s, regime %s: entry %d has radius %g against %g at "
                      "x = (%g, %g, %g, %g)", row->id, regime, j, mag_get_d(arb_radref(e + j)), mag_get_d(lim),
                      x[0], row->nargs > 1 ? x[1] : 0.0, row->nargs > 2 ? x[2] : 0.0, row->nargs > 3 ? x[3] : 0.0);
        mag_clear(lim);
    }
    arf_clear(M);
    arf_clear(s);
}

START_TEST(test_regime_accuracy)
{
    size_t tested = 0;
    for (size_t r = 0; r < gdc_registry_count(); r++) {
        const gdc_row_t *row = gdc_registry_row(r);
        if (!row->fn_arb_jac || (strncmp(row->id, "gauss.", 6) && strncmp(row->id, "cosine.", 7)))
            continue;
        if (row->check_scale > 0) /* gauss.lemma51: a numerical integral (its own tolerance), skip */
            continue;
        int n = row->nargs, no = row->nout;
        arb_ptr x = _arb_vec_init(n), out = _arb_vec_init(no), jac = _arb_vec_init(no * n);
        arb_ptr hess = _arb_vec_init(no * n * n);
        gdc_rng_t rng;
        gdc_rng_seed(&rng, 4242u + r);
        for (int g = 0; g < row->nregimes; g++)
            for (int s = 0; s < 40; s++) {
                double xd[GDC_MAX_ARGS];
                row->regimes[g].sample(xd, &rng);
                for (int j = 0; j < n; j++)
                    arb_set_d(x + j, xd[j]);
                if (row->fn_arb_hess)
                    row->fn_arb_hess(out, jac, hess, x, PREC);
                else
                    row->fn_arb_jac(out, jac, x, PREC);
                for (int k = 0; k < no; k++) {
                    check_block(row, row->regimes[g].name, jac + k * n, n, xd);
                    if (row->fn_arb_hess)
                        check_block(row, row->regimes[g].name, hess + k * n * n, n * n, xd);
                }
            }
        tested++;
        _arb_vec_clear(x, n);
        _arb_vec_clear(out, no);
        _arb_vec_clear(jac, no * n);
        _arb_vec_clear(hess, no * n * n);
    }
    ck_assert_uint_eq(tested, 9); /* wedge, chi2_tail; ecos, ecc, grad, ws, hess_eig, fc_loss, fc_grad */
}
END_TEST

/* chi2_tail at integer d over c in [0, 1/4] */
static void chi2_box(arb_ptr jac, arb_ptr hess, long d)
{
    const gdc_row_t *row = gdc_registry_find("gauss.chi2_tail");
    arb_ptr x = _arb_vec_init(2), out = _arb_vec_init(1);
    arb_set_si(x, d);
    arf_set_d(arb_midref(x + 1), 0.125);
    mag_set_d(arb_radref(x + 1), 0.125);
    row->fn_arb_hess(out, jac, hess, x, PREC);
    _arb_vec_clear(x, 2);
    _arb_vec_clear(out, 1);
}

START_TEST(test_documented_indeterminate)
{
    arb_ptr jac = _arb_vec_init(2), hess = _arb_vec_init(4);
    chi2_box(jac, hess, 1);
    ck_assert(!arb_is_finite(jac + 0)); /* d: integer argument */
    ck_assert(!arb_is_finite(jac + 1)); /* d = 1: dQ/dc ~ -c^{-1/2} near c = 0 */
    chi2_box(jac, hess, 4);
    ck_assert(arb_is_finite(jac + 1));
    /* d = 4: dQ/dc = -2 z e^{-z}, z = 2c in [0, 1/2]: in [-e^{-1/2}, 0] (z e^{-z} increases on [0, 1]) */
    ck_assert(arb_contains_zero(jac + 1)); /* the value at c = 0 */
    arb_t t;
    arb_init(t);
    arb_set_d(t, -0.60653065971263342); /* -2 z e^{-z} at z = 1/2 (= -e^{-1/2}), the other end */
    ck_assert(arb_overlaps(jac + 1, t));
    arb_set_d(t, -1.5);
    ck_assert(arb_gt(jac + 1, t)); /* and not much wider: the range is [-0.61, 0], ball arithmetic gives [-1, 0] */
    arb_clear(t);
    /* d = 4, second derivative (d/2)^2 (z - 1) e^{-z}: finite on the box */
    ck_assert(arb_is_finite(hess + 3));
    _arb_vec_clear(jac, 2);
    _arb_vec_clear(hess, 4);
}
END_TEST

/* the one square of the jet library: u^2 for u = 3x - 1 (so u_x = 3) by the chain rule, d/dx = 6u, d2/dx2 = 18, with
 * the exact range of the squares as its value: at the exact point x = 1/2 (u = 1/2) value 1/4, 3, 18 exactly; on the
 * ball x in [1/4, 1/2] (u in [-1/4, 1/2]) the value lies in [0, 1/4] (the plain product u u of that ball is
 * m^2 +- (2|m|r + r^2) = [-0.3125, 0.3438]) and contains 0 and 1/4, the derivative contains 6u at both ends */
START_TEST(test_jet_sqr)
{
    gdc_ajet_t X, u, f;
    gdc_ajet_inits(1, 2, X, u, f, NULL);
    arb_t v, w;
    arb_init(v);
    arb_init(w);
    arb_set_d(v, 0.5);
    gdc_ajet_var(X, v, 0);
    gdc_ajet_mul_si(u, X, 3, PREC);
    gdc_ajet_add_si(u, u, -1, PREC);
    gdc_ajet_sqr(f, u, PREC);
    arb_set_d(w, 0.25);
    ck_assert(arb_equal(&f->v, w));
    arb_set_si(w, 3);
    ck_assert(arb_equal(f->g, w));
    arb_set_si(w, 18);
    ck_assert(arb_equal(f->h, w));
    /* the ball [1/4, 1/2]: midpoint 3/8, radius 1/8 */
    arb_set_d(v, 0.375);
    mag_set_d(arb_radref(v), 0.125);
    gdc_ajet_var(X, v, 0);
    gdc_ajet_mul_si(u, X, 3, PREC);
    gdc_ajet_add_si(u, u, -1, PREC);
    gdc_ajet_sqr(f, u, PREC);
    ck_assert(arb_is_nonnegative(&f->v));
    arb_set_d(w, 0.25);
    ck_assert(arb_contains(&f->v, w));
    arb_set_d(w, 0.25 + 0x1p-20); /* [0, 1/4] up to the rounding of the radius */
    ck_assert(arb_lt(&f->v, w));
    ck_assert(arb_contains_zero(&f->v));
    arb_set_d(w, -1.5); /* 6u at u = -1/4 */
    ck_assert(arb_contains(f->g, w));
    arb_set_si(w, 3); /* 6u at u = 1/2 */
    ck_assert(arb_contains(f->g, w));
    arb_set_si(w, 18);
    ck_assert(arb_equal(f->h, w));
    arb_clear(v);
    arb_clear(w);
    gdc_ajet_clears(X, u, f, NULL);
}
END_TEST

/* f = x^2 y e^{xy}/(1 + y^2) at (x, y) = (1/2, 3/2): jets against the derivatives worked by hand */
START_TEST(test_jet_algebra)
{
    gdc_ajet_t X, Y, f, u;
    gdc_ajet_inits(2, 2, X, Y, f, u, NULL);
    arb_t v;
    arb_init(v);
    arb_set_d(v, 0.5);
    gdc_ajet_var(X, v, 0);
    arb_set_d(v, 1.5);
    gdc_ajet_var(Y, v, 1);
    gdc_ajet_sqr(f, X, PREC);
    gdc_ajet_mul(f, f, Y, PREC);
    gdc_ajet_mul(u, X, Y, PREC);
    gdc_ajet_exp(u, u, PREC);
    gdc_ajet_mul(f, f, u, PREC);
    gdc_ajet_sqr(u, Y, PREC);
    arb_one(v);
    gdc_ajet_add_arb(u, u, v, PREC);
    gdc_ajet_div(f, f, u, PREC);
    /* with g = x^2 y e^{xy}, q = 1 + y^2: f_x = g (2/x + y)/q, f_xx = g ((2/x + y)^2 - 2/x^2)/q,
     * f_y = f (1/y + x - 2y/q), f_xy = f_x (1/y + x - 2y/q) + f/x ... checked at the point numerically below
     * against the closed forms in MPFR-free exact arithmetic of Arb */
    arb_t x, y, g, q, e, w;
    arb_init(x); arb_init(y); arb_init(g); arb_init(q); arb_init(e); arb_init(w);
    arb_set_d(x, 0.5);
    arb_set_d(y, 1.5);
    arb_mul(e, x, y, PREC);
    arb_exp(e, e, PREC);
    arb_sqr(g, x, PREC);
    arb_mul(g, g, y, PREC);
    arb_mul(g, g, e, PREC); /* g */
    arb_sqr(q, y, PREC);
    arb_add_ui(q, q, 1, PREC); /* q */
    /* f_x = g (2/x + y)/q */
    arb_ui_div(w, 2, x, PREC);
    arb_add(w, w, y, PREC);
    arb_mul(w, w, g, PREC);
    arb_div(w, w, q, PREC);
    ck_assert(arb_overlaps(w, f->g + 0));
    /* f_xx = g ((2/x + y)^2 - 2/x^2)/q  (d/dx of g(2/x + y) = g (2/x + y)^2 - 2g/x^2) */
    arb_ui_div(w, 2, x, PREC);
    arb_add(w, w, y, PREC);
    arb_sqr(w, w, PREC);
    arb_sqr(e, x, PREC);
    arb_ui_div(e, 2, e, PREC);
    arb_sub(w, w, e, PREC);
    arb_mul(w, w, g, PREC);
    arb_div(w, w, q, PREC);
    ck_assert(arb_overlaps(w, f->h + 0));
    /* f_y = f (1/y + x - 2y/q) */
    arb_div(e, g, q, PREC); /* f */
    arb_inv(w, y, PREC);
    arb_add(w, w, x, PREC);
    arb_mul_2exp_si(q, q, -1);
    arb_div(q, y, q, PREC); /* 2y/q */
    arb_sub(w, w, q, PREC);
    arb_mul(w, w, e, PREC);
    ck_assert(arb_overlaps(w, f->g + 1));
    ck_assert(arb_equal(f->h + 1, f->h + 2)); /* symmetric */
    ck_assert(arb_rel_accuracy_bits(f->h + 1) > 110);
    arb_clear(x); arb_clear(y); arb_clear(g); arb_clear(q); arb_clear(e); arb_clear(w); arb_clear(v);
    gdc_ajet_clears(X, Y, f, u, NULL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gauss-cosine-derivatives");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_regime_accuracy);
    tcase_add_test(tc, test_documented_indeterminate);
    tcase_add_test(tc, test_jet_algebra);
    tcase_add_test(tc, test_jet_sqr);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    flint_cleanup();
    return nf == 0 ? 0 : 1;
}
