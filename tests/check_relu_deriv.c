/* Derivative enclosures of the ReLU rows (src/relu/relu_deriv.c, relu_deriv_corr.c) beyond the registry-driven
 * difference checks (tests/check_registry.c, case 5):
 *  - exact signs on boxes at the touching points the prover needs (h >= 0 touches 0 at t = pi, J >= 0 at t = 0,
 *    relu.loss >= 0 at (1, 0)): the signs follow from the formulas (h' = -(pi - t) sin t <= 0, J' = t sin t >= 0,
 *    h'' >= 0 on [pi - 2, pi], J'' >= 0 on [0, 2], dF/dt = r (pi - t) sin t/(2 pi) >= 0; proofs in relu_deriv.c);
 *  - relu.corr_ratio's first derivatives on boxes through (1, 0) (claim 3 of relu_deriv_corr.c): finite, and
 *    containing the point derivatives sampled inside the box;
 *  - relative accuracy at hard-regime points (t -> pi, t -> 0, w -> v) far beyond the double range, where a
 *    textbook form would lose as many bits as the regime's exponent: the stable forms keep >= 100 of 128 bits
 *    (80 for the corr_ratio quotients, whose numerators cancel by a bounded factor). */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include "core/registry.h"
#include "core/rng.h"
#include "row_hess_eval.h"

#define PREC 128

/* ball for [lo, hi] with the end `anchor_hi` exact (as the prover's boxes) */
static void box(arb_t x, double lo, double hi, int anchor_hi)
{
    arf_t a, d;
    arf_init(a);
    arf_init(d);
    arf_set_d(d, hi);
    arf_set_d(a, lo);
    arf_sub(d, d, a, ARF_PREC_EXACT, ARF_RND_UP);
    arf_mul_2exp_si(d, d, -1);
    arf_get_mag(arb_radref(x), d);
    arf_set_mag(d, arb_radref(x));
    if (anchor_hi) {
        arf_set_d(a, hi);
        arf_sub(arb_midref(x), a, d, ARF_PREC_EXACT, ARF_RND_DOWN);
    } else {
        arf_add(arb_midref(x), a, d, ARF_PREC_EXACT, ARF_RND_DOWN);
    }
    arf_clear(a);
    arf_clear(d);
}


static void ev(ev_t *e, slong prec)
{
    e->row->fn_arb_hess(e->out, e->jac, e->hess, e->x, prec);
}

START_TEST(test_touching_signs)
{
    ev_t h, J, loss;
    ev_init(&h, "relu.h");
    ev_init(&J, "relu.J");
    ev_init(&loss, "relu.loss");
    for (int k = 1; k <= 60; k++) {
        double w = ldexp(1.0, -k);
        /* h at t = pi: h' <= 0, h'' >= 0 (k >= 1: the box lies in [pi - 2, pi]) */
        box(h.x, M_PI - w, M_PI, 1);
        ev(&h, PREC);
        ck_assert_msg(arb_is_nonpositive(h.jac) && arb_is_nonnegative(h.hess), "relu.h signs, box [pi - 2^-%d, pi]", k);
        /* J at t = 0: J' >= 0, J'' >= 0 */
        box(J.x, 0, w, 0);
        ev(&J, PREC);
        ck_assert_msg(arb_is_nonnegative(J.jac) && arb_is_nonnegative(J.hess), "relu.J signs, box [0, 2^-%d]", k);
        /* the other ends: h'' <= 0 on [0, 3/4], J'' <= 0 on [2.392, pi] */
        box(h.x, 0, 0.75 * w, 0);
        ev(&h, PREC);
        ck_assert_msg(arb_is_nonpositive(h.jac) && arb_is_nonpositive(h.hess), "relu.h signs, box [0, 2^-%d 3/4]", k);
        box(J.x, M_PI - 0.7 * w, M_PI, 1);
        ev(&J, PREC);
        ck_assert_msg(arb_is_nonnegative(J.jac) && arb_is_nonpositive(J.hess), "relu.J signs near pi, k = %d", k);
        /* relu.loss at (1, 0): dF/dt >= 0; the Hessian is diag(1/2, 1/2) at (1, 0), so on small boxes
         * F_rr = 1/2 exactly and F_tt > 0 */
        box(loss.x, 1 - w, 1 + w, 0);
        box(loss.x + 1, 0, w, 0);
        ev(&loss, PREC);
        ck_assert_msg(arb_is_nonnegative(loss.jac + 1), "relu.loss dF/dt sign, k = %d", k);
        if (k >= 4)
            ck_assert_msg(arb_is_positive(loss.hess + 3) && arb_is_positive(loss.hess), "relu.loss Hessian, k = %d", k);
    }
    ev_clear(&h);
    ev_clear(&J);
    ev_clear(&loss);
}
END_TEST

START_TEST(test_corr_ratio_boxes_through_optimum)
{
    ev_t bx, pt;
    gdc_rng_t g;
    gdc_rng_seed(&g, 2026);
    ev_init(&bx, "relu.corr_ratio");
    ev_init(&pt, "relu.corr_ratio");
    for (int k = 1; k <= 40; k++) {
        double w = ldexp(1.0, -k), r0 = k == 1 ? 0 : 1 - w, r1 = 1 + w;
        box(bx.x, r0, r1, 0);
        box(bx.x + 1, 0, w, 0);
        ev(&bx, PREC);
        ck_assert_msg(arb_is_finite(bx.jac) && arb_is_finite(bx.jac + 1),
                      "corr_ratio jac not finite on [%g, %g] x [0, 2^-%d]", r0, r1, k);
        for (int s = 0; s < 40; s++) {
            double r = s == 0 ? 1 : gdc_rng_range(&g, r0, r1), t = s == 0 ? 0 : w * gdc_rng_logu(&g, -30, 0);
            arb_set_d(pt.x, r);
            arb_set_d(pt.x + 1, t);
            ev(&pt, PREC);
            for (int j = 0; j < 2; j++)
                ck_assert_msg(arb_overlaps(bx.jac + j, pt.jac + j),
                              "corr_ratio d/d%s at (%.17g, %.17g) outside the box enclosure (k = %d)", j ? "t" : "r",
                              r, t, k);
        }
    }
    ev_clear(&bx);
    ev_clear(&pt);
}
END_TEST

/* boxes that end at the double below pi (anchored there, as the prover's boxes at a domain end): every relu row
 * with an (r, t) signature has a finite value and finite first derivatives on [r0, r1] x [t0, pi], r0 > 0 (the
 * formulas are bounded there; a box end rounded past pi used to lose the domain facts) */
START_TEST(test_boxes_ending_at_pi)
{
    static const char *const ids[] = {"relu.loss", "relu.grad", "relu.corr", "relu.corr_ratio", "relu.norm_rate",
                                      "relu.angle_rate", "relu.hess_eig"};
    static const double r_lo[] = {0.5, 0.5, 1e-3}, r_hi[] = {2, 0.75, 1e3}, t_lo[] = {0.5, 3.0, 1e-300};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        ev_t e;
        ev_init(&e, ids[i]);
        for (int b = 0; b < 3; b++) {
            box(e.x, r_lo[b], r_hi[b], 0);
            box(e.x + 1, t_lo[b], M_PI, 1);
            ev(&e, PREC);
            for (int k = 0; k < e.row->nout; k++)
                ck_assert_msg(arb_is_finite(e.out + k) && arb_is_finite(e.jac + 2 * k) &&
                                  arb_is_finite(e.jac + 2 * k + 1),
                              "%s: not finite on [%g, %g] x [%g, pi] (output %d)", ids[i], r_lo[b], r_hi[b], t_lo[b], k);
        }
        ev_clear(&e);
    }
}
END_TEST

/* smallest relative accuracy of the finite non-zero jac and hess entries */
static slong min_rel_bits(const ev_t *e)
{
    int n = e->row->nargs, m = e->row->nout;
    slong b = WORD_MAX;
    for (int i = 0; i < m * n + m * n * n; i++) {
        arb_srcptr v = i < m * n ? e->jac + i : e->hess + (i - m * n);
        ck_assert_msg(arb_is_finite(v), "%s: entry %d not finite at a point", e->row->id, i);
        if (!arb_is_zero(v) && arb_rel_accuracy_bits(v) < b)
            b = arb_rel_accuracy_bits(v);
    }
    return b;
}

/* x = a + sign 2^-k exactly */
static void add_2exp(arb_t x, const arf_t a, int sign, int k)
{
    arb_t d;
    arb_init(d);
    arb_set_si(d, sign);
    arb_mul_2exp_si(d, d, -k);
    arb_add_arf(x, d, a, ARF_PREC_EXACT);
    arb_clear(d);
}

/* t = pi - 2^-k as an exact ball (pi rounded down to k + 80 bits, then shifted: pi - t = 2^-k (1 + O(2^-78))) */
static void t_near_pi(arb_t t, int k)
{
    arf_t p;
    arf_init(p);
    arb_const_pi(t, k + 90);
    arb_get_lbound_arf(p, t, k + 80);
    add_2exp(t, p, -1, k);
    arf_clear(p);
}

START_TEST(test_hard_regime_accuracy)
{
    static const char *const ids[] = {"relu.h", "relu.J", "relu.kernel", "relu.loss", "relu.grad", "relu.corr",
                                      "relu.norm_rate", "relu.angle_rate", "relu.hess_eig", "relu.corr_ratio"};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        ev_t e;
        ev_init(&e, ids[i]);
        int n = e.row->nargs, ratio = i == 9;
        slong need = ratio ? 80 : 100;
        for (int k = 20; k <= 1000; k += 49) {
            for (int regime = 0; regime < 2; regime++) {
                /* regime 0: t -> pi; regime 1: t -> 0 (and w -> v for the (r, t) rows: r = 1 + 2^-k) */
                arb_ptr t = e.x + n - 1;
                for (int a = 0; a < n - 1; a++)
                    arb_set_d(e.x + a, 0.75);
                if (regime == 0) {
                    t_near_pi(t, k);
                } else {
                    arf_t one;
                    arf_init(one);
                    arf_one(one);
                    arb_one(t);
                    arb_mul_2exp_si(t, t, -k);
                    if (n == 2)
                        add_2exp(e.x, one, 1, k);
                    arf_clear(one);
                }
                ev(&e, PREC);
                slong b = min_rel_bits(&e);
                ck_assert_msg(b >= need, "%s: %ld relative bits at %s (k = %d), need %ld", ids[i], (long)b,
                              regime ? "t = 2^-k" : "t = pi - 2^-k", k, (long)need);
            }
        }
        ev_clear(&e);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("relu_deriv");
    TCase *tc = tcase_create("relu_deriv");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_touching_signs);
    tcase_add_test(tc, test_corr_ratio_boxes_through_optimum);
    tcase_add_test(tc, test_hard_regime_accuracy);
    tcase_add_test(tc, test_boxes_ending_at_pi);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    flint_cleanup();
    return failed ? 1 : 0;
}
