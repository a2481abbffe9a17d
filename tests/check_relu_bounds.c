/* The two bounds that relu_double.c's comments prove (tests of the proofs' statements, in Arb at 256 bits):
 *  - J(t) <= pi (1 - cos t)/2 on [0, pi] (loss_body: F >= Q/8), at interior points, and its tightness near pi
 *    (a bound 1 % lower fails there, so the test would see a wrong constant);
 *  - on the slow correlation path (x = D/(2 pi Q) > 1/4) Q >= 1/4 (corr_slow: 1/Q cannot overflow): at points with
 *    Q < 1/4 (r in (1/2, 3/2), t < acos(3/4)) x < 0.2006, with the proof's intermediate bounds D <= t^3 (2 + r)/3
 *    and 1 - cos t >= 0.478 t^2; and the double corr_ratio is finite and within [0, 1/2] there. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include "gdc_arb.h"
#include "relu/relu.h"
#include "core/rng.h"

#define PREC 256

/* f = pi (1 - cos t)/2 - J(t) and J(t) at the double t */
static void j_gap(arb_t f, arb_t j, double t)
{
    arb_t x, c, pi;
    arb_init(x);
    arb_init(c);
    arb_init(pi);
    arb_set_d(x, t);
    gdc_relu_J_arb(j, x, PREC);
    arb_cos(c, x, PREC);
    arb_sub_ui(c, c, 1, PREC);
    arb_neg(c, c);
    arb_const_pi(pi, PREC);
    arb_mul(f, pi, c, PREC);
    arb_mul_2exp_si(f, f, -1);
    arb_sub(f, f, j, PREC);
    arb_clear(x);
    arb_clear(c);
    arb_clear(pi);
}

START_TEST(test_J_le_half_pi_omc)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, 11);
    arb_t f, j, u;
    arb_init(f);
    arb_init(j);
    arb_init(u);
    for (int i = 0; i < 3000; i++) {
        double t;
        if (i < 40)
            t = ldexp(1.0, -(i % 20) - 1) * (i < 20 ? 1.0 : -1.0) + (i < 20 ? 0.0 : 3.141592653589793);
        else
            t = gdc_rng_range(&g, 1e-6, 3.141592653589793 - 1e-6);
        j_gap(f, j, t);
        ck_assert_msg(arb_is_positive(f), "pi (1 - cos t)/2 - J(t) not > 0 at t = %.17g", t);
    }
    /* tight near pi: J > 0.99 pi (1 - cos t)/2 at t = pi - 0.01 (the ratio tends to 1) */
    j_gap(f, j, 3.141592653589793 - 0.01);
    arb_add(u, f, j, PREC);             /* pi (1 - cos t)/2 */
    arb_mul_ui(u, u, 99, PREC);
    arb_div_ui(u, u, 100, PREC);
    ck_assert(arb_gt(j, u));
    arb_clear(f);
    arb_clear(j);
    arb_clear(u);
}
END_TEST

/* Q = (1 - r)^2 + 2 r (1 - cos t) and D = (t - sin t) + (1 - cos t) sin t + r J(t) at doubles r, t */
static void corr_qd(arb_t q, arb_t d, arb_t w, double r, double t)
{
    arb_t x, rr, s, c, j, u;
    arb_init(x);
    arb_init(rr);
    arb_init(s);
    arb_init(c);
    arb_init(j);
    arb_init(u);
    arb_set_d(x, t);
    arb_set_d(rr, r);
    arb_sin_cos(s, c, x, PREC);
    arb_sub_ui(w, c, 1, PREC);
    arb_neg(w, w); /* 1 - cos t */
    arb_sub_ui(u, rr, 1, PREC);
    arb_sqr(q, u, PREC);
    arb_mul(u, rr, w, PREC);
    arb_mul_2exp_si(u, u, 1);
    arb_add(q, q, u, PREC);
    gdc_relu_J_arb(j, x, PREC);
    arb_sub(d, x, s, PREC);
    arb_mul(u, w, s, PREC);
    arb_add(d, d, u, PREC);
    arb_mul(u, rr, j, PREC);
    arb_add(d, d, u, PREC);
    arb_clear(x);
    arb_clear(rr);
    arb_clear(s);
    arb_clear(c);
    arb_clear(j);
    arb_clear(u);
}

START_TEST(test_corr_slow_Q)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, 12);
    arb_t q, d, w, u, v, pi;
    arb_init(q);
    arb_init(d);
    arb_init(w);
    arb_init(u);
    arb_init(v);
    arb_init(pi);
    arb_const_pi(pi, PREC);
    int small_q = 0;
    double worst = 0.0;
    for (int i = 0; i < 20000; i++) {
        double r = gdc_rng_range(&g, 0.5, 1.5), t = gdc_rng_range(&g, 0.0, 0.7228);
        if (i % 4 == 0) /* near the corner (1, 0), where Q -> 0 */
            r = 1.0 + gdc_rng_range(&g, -1.0, 1.0) * gdc_rng_logu(&g, -12.0, -1.0), t = gdc_rng_logu(&g, -12.0, -0.15);
        corr_qd(q, d, w, r, t);
        arb_set_d(u, 0.25);
        if (!arb_lt(q, u))
            continue;
        small_q++;
        /* the proof's steps: D <= t^3 (2 + r)/3, 1 - cos t >= 0.478 t^2 */
        arb_set_d(u, t);
        arb_pow_ui(u, u, 3, PREC);
        arb_set_d(v, r);
        arb_add_ui(v, v, 2, PREC);
        arb_mul(u, u, v, PREC);
        arb_div_ui(u, u, 3, PREC);
        ck_assert_msg(arb_le(d, u), "D > t^3 (2 + r)/3 at r = %.17g, t = %.17g", r, t);
        arb_set_d(u, t);
        arb_sqr(u, u, PREC);
        arb_set_d(v, 0.478);
        arb_mul(u, u, v, PREC);
        ck_assert_msg(arb_ge(w, u), "1 - cos t < 0.478 t^2 at t = %.17g", t);
        /* the claim: x = D/(2 pi Q) < 0.2006 */
        arb_div(v, d, q, PREC);
        arb_div(v, v, pi, PREC);
        arb_mul_2exp_si(v, v, -1);
        arb_set_d(u, 0.2006);
        ck_assert_msg(arb_lt(v, u), "x >= 0.2006 with Q < 1/4 at r = %.17g, t = %.17g", r, t);
        worst = fmax(worst, arf_get_d(arb_midref(v), ARF_RND_NEAR));
        /* the double kernel there: finite, in [0, 1/2] (R = 1/2 - x) */
        double R = gdc_relu_corr_ratio(r, t);
        ck_assert_msg(R >= 0.0 && R <= 0.5, "corr_ratio(%.17g, %.17g) = %g", r, t, R);
    }
    ck_assert_msg(small_q > 5000, "only %d points with Q < 1/4", small_q);
    /* the largest x with Q < 1/4 is near r = 1, Q = 2 (1 - cos t) = 1/4 (t = 0.505), where D ~ t^3 and x ~ t/(2 pi)
     * = 0.08: the samples must reach that edge */
    ck_assert_msg(worst > 0.06, "largest x with Q < 1/4 only %g: the samples miss the region's edge", worst);
    arb_clear(q);
    arb_clear(d);
    arb_clear(w);
    arb_clear(u);
    arb_clear(v);
    arb_clear(pi);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("relu_bounds");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_J_le_half_pi_omc);
    tcase_add_test(tc, test_corr_slow_Q);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
