/* twolayer.corr_ratio (001_66813dc1ca3a5435.txt Lemma 4; seed-001 C10, C11) beyond the registry-driven suites, each
 * expectation derived in its comment:
 *  - it is twolayer.corr at e1 = rho cos alpha, e2 = rho sin alpha divided by rho^2 (its definition; two rigorous
 *    enclosures by different formulas must overlap);
 *  - the symmetry (w1, w2) -> (-w2, -w1) of the loss swaps (e1, p1) and (e2, p2): alpha -> pi/2 - alpha, p1 <-> p2;
 *  - near W* it is 1/2 - rho Q/(2 pi) with |Q| <= 8 for rho <= 1/100, and exactly 1/2 at rho = 0;
 *  - on boxes containing rho = 0 (the enclosure without division by rho, twolayer_corr_ratio.c) the value ball holds
 *    the values at points of the box, and the derivatives are indeterminate;
 *  - fn_arb_jac and fn_arb_hess take the value from the jet (gdc_ajet_eval_row without fn_arb): it holds the values
 *    at points of the box like fn_arb's enclosure;
 *  - the derivative enclosure where w1 and -w2 are parallel (v = 0, the norm's Clarke enclosure): finite, and it
 *    satisfies the mean-value inclusion f(y) - f(x) in J (y - x) for points of the box. */
#include <check.h>
#include <math.h>
#include "twolayer/twolayer.h"
#include "core/rng.h"
#include "mvt_inclusion.h"

#define PI 3.141592653589793

static void random_point(double *x, gdc_rng_t *r, double rho_lo, double rho_hi)
{
    x[0] = gdc_rng_range(r, rho_lo, rho_hi);
    x[1] = gdc_rng_range(r, 0, PI / 2);
    for (int k = 2; k < 5; k++)
        x[k] = gdc_rng_range(r, 0, PI);
}

/* corr_ratio(x) overlaps corr(rho cos alpha, rho sin alpha, p1, p2, chi)/rho^2, both at 128 bits, e1 and e2 as balls */
START_TEST(test_ratio_is_corr_over_rho2)
{
    gdc_rng_t r;
    gdc_rng_seed(&r, 21);
    arb_ptr X = _arb_vec_init(5), E = _arb_vec_init(5), a = _arb_vec_init(1), b = _arb_vec_init(1);
    arb_t q;
    arb_init(q);
    for (int i = 0; i < 200; i++) {
        double x[5];
        random_point(x, &r, 0, 0.5);
        if (i % 4 == 0)
            x[0] = ldexp(1.0, -(int)gdc_rng_range(&r, 2, 60));
        for (int k = 0; k < 5; k++) {
            arb_set_d(X + k, x[k]);
            arb_set_d(E + k, x[k]);
        }
        arb_sin_cos(E + 1, E + 0, X + 1, 256);
        arb_mul(E + 0, E + 0, X + 0, 256);
        arb_mul(E + 1, E + 1, X + 0, 256);
        gdc_twolayer_corr_ratio_arb(a, X, 128);
        gdc_twolayer_corr_arb(b, E, 128);
        arb_sqr(q, X + 0, 256);
        arb_div(b, b, q, 128);
        ck_assert_msg(arb_overlaps(a, b), "point %d: ratio and corr/rho^2 disjoint", i);
        ck_assert(arb_rel_accuracy_bits(a) > 100);
    }
    arb_clear(q);
    _arb_vec_clear(X, 5);
    _arb_vec_clear(E, 5);
    _arb_vec_clear(a, 1);
    _arb_vec_clear(b, 1);
}
END_TEST

/* L(w1, w2) = L(-w2, -w1) maps W* to itself and w1 - a to -(w2 + a): the ratio is invariant under alpha -> pi/2 -
 * alpha, p1 <-> p2 (chi, the dihedral angle, is unchanged); in double within a few ulps of values near 1/2 */
START_TEST(test_ratio_symmetry)
{
    gdc_rng_t r;
    gdc_rng_seed(&r, 22);
    for (int i = 0; i < 500; i++) {
        double x[5];
        random_point(x, &r, 0, 0.5);
        double u = gdc_twolayer_corr_ratio(x[0], x[1], x[2], x[3], x[4]);
        double v = gdc_twolayer_corr_ratio(x[0], PI / 2 - x[1], x[3], x[2], x[4]);
        ck_assert_msg(fabs(u - v) <= 1e-14, "(%g, %g, %g, %g, %g): %.17g vs %.17g", x[0], x[1], x[2], x[3], x[4], u, v);
    }
}
END_TEST

/* corr/rho^2 = 1/2 - rho Q/(2 pi), Q = r Yt/(n1 n2) - rho G Kt (twolayer_corr_ratio.c); for rho <= 1/100: r <= 1.45,
 * Yt <= 2.2 r^2 + 0.1, n1 n2 >= 0.98, G <= (r/d)^3/6 <= 0.6, |Kt| <= 1.5, so |Q| <= 8 and |ratio - 1/2| <= 1.28 rho;
 * at rho = 0 the row is its limit 1/2, exactly (Arb: an exact ball) */
START_TEST(test_ratio_limit_at_wstar)
{
    gdc_rng_t r;
    gdc_rng_seed(&r, 23);
    for (int i = 0; i < 500; i++) {
        double x[5];
        random_point(x, &r, 0, 0.01);
        if (i % 2)
            x[0] = ldexp(x[0], -(int)gdc_rng_range(&r, 0, 900));
        double v = gdc_twolayer_corr_ratio(x[0], x[1], x[2], x[3], x[4]);
        ck_assert_msg(fabs(v - 0.5) <= 1.28 * x[0] + 1e-16, "rho = %g: %.17g", x[0], v);
    }
    arb_ptr X = _arb_vec_init(5), v = _arb_vec_init(1);
    for (int k = 1; k < 5; k++)
        arb_set_d(X + k, 0.7 * k);
    gdc_twolayer_corr_ratio_arb(v, X, 64);
    ck_assert(arb_is_exact(v) && arf_cmp_2exp_si(arb_midref(v), -1) == 0);
    _arb_vec_clear(X, 5);
    _arb_vec_clear(v, 1);
}
END_TEST

/* boxes [0, h] x (angle boxes): the value ball holds the 128-bit balls of random points of the box (some at rho = 0,
 * some at rho = h 2^-40), and the Jacobian is indeterminate (no derivative is claimed where rho = 0 is in the box) */
START_TEST(test_ratio_boxes_at_wstar)
{
    gdc_rng_t r;
    gdc_rng_seed(&r, 24);
    arb_ptr X = _arb_vec_init(5), P = _arb_vec_init(5), v = _arb_vec_init(1), J = _arb_vec_init(5);
    arb_ptr f = _arb_vec_init(1);
    for (int i = 0; i < 40; i++) {
        double c[5], rad[5], h = ldexp(1.0, -(int)gdc_rng_range(&r, 2, 30));
        random_point(c, &r, 0, 0);
        c[0] = h / 2;
        rad[0] = h / 2;
        for (int k = 1; k < 5; k++) {
            double hi = k == 1 ? PI / 2 : PI;
            rad[k] = fmin(ldexp(1.0, -(int)gdc_rng_range(&r, 1, 8)), fmin(c[k], hi - c[k]));
        }
        for (int k = 0; k < 5; k++) {
            arb_set_d(X + k, c[k]);
            arb_add_error_2exp_si(X + k, 0);
            mag_set_d(arb_radref(X + k), rad[k]);
        }
        gdc_twolayer_corr_ratio_jac(v, J, X, 64);
        ck_assert(arb_is_finite(v));
        ck_assert(!arb_is_finite(J + 0));
        for (int m = 0; m < 25; m++) {
            for (int k = 0; k < 5; k++)
                arb_set_d(P + k, c[k] + rad[k] * gdc_rng_range(&r, -1, 1));
            if (m == 0)
                arb_zero(P + 0);
            if (m == 1)
                arb_set_d(P + 0, ldexp(h, -40));
            gdc_twolayer_corr_ratio_arb(f, P, 128);
            ck_assert_msg(arb_contains(v, f), "box %d (h = %g), point %d outside the enclosure", i, h, m);
        }
    }
    _arb_vec_clear(X, 5);
    _arb_vec_clear(P, 5);
    _arb_vec_clear(v, 1);
    _arb_vec_clear(J, 5);
    _arb_vec_clear(f, 1);
}
END_TEST

/* random boxes with rho > 0: the value balls of fn_arb_jac and fn_arb_hess (the jet's own value, core/jet_row.c with
 * no fn_arb) hold the 128-bit values at random points of the box, and the derivatives are finite (rho > 0, d > 0) */
START_TEST(test_ratio_jac_value)
{
    gdc_rng_t r;
    gdc_rng_seed(&r, 26);
    arb_ptr X = _arb_vec_init(5), P = _arb_vec_init(5), v = _arb_vec_init(1), w = _arb_vec_init(1);
    arb_ptr J = _arb_vec_init(5), H = _arb_vec_init(25), f = _arb_vec_init(1);
    for (int i = 0; i < 30; i++) {
        double c[5], rad = ldexp(1.0, -(int)gdc_rng_range(&r, 4, 30));
        random_point(c, &r, 0.1, 0.45);                  /* rho - rad >= 0.1 - 2^-4 > 0 */
        for (int k = 0; k < 5; k++) {
            arb_set_d(X + k, c[k]);
            arb_add_error_2exp_si(X + k, 0);
            mag_set_d(arb_radref(X + k), rad);
        }
        gdc_twolayer_corr_ratio_jac(v, J, X, 64);
        gdc_twolayer_corr_ratio_hess(w, J, H, X, 64);
        ck_assert(arb_is_finite(J + 0) && arb_is_finite(J + 4));
        for (int m = 0; m < 10; m++) {
            for (int k = 0; k < 5; k++)
                arb_set_d(P + k, c[k] + rad * gdc_rng_range(&r, -1, 1));
            gdc_twolayer_corr_ratio_arb(f, P, 128);
            ck_assert_msg(arb_contains(v, f) && arb_contains(w, f), "box %d, point %d outside the value ball", i, m);
        }
    }
    _arb_vec_clear(X, 5);
    _arb_vec_clear(P, 5);
    _arb_vec_clear(v, 1);
    _arb_vec_clear(w, 1);
    _arb_vec_clear(J, 5);
    _arb_vec_clear(H, 25);
    _arb_vec_clear(f, 1);
}
END_TEST

/* the centre of a box with -w2 = l w1 (b2 = l w1 - a, so v = 0 and beta = 0 there), |b1| <= 1/4 and l in [0.95, 1.05]
 * (rho <= 1/2); chi is 0 or pi (b2 in the plane of a and b1), so the box stays in [0, pi] only on one side */
static void parallel_centre(double *c, gdc_rng_t *r)
{
    double e1 = gdc_rng_range(r, 0.01, 0.25), p1 = gdc_rng_range(r, 0.2, 3), l = gdc_rng_range(r, 0.95, 1.05);
    double w1[2] = {1 + e1 * cos(p1), e1 * sin(p1)}, b2[2] = {l * w1[0] - 1, l * w1[1]};
    double e2 = hypot(b2[0], b2[1]);
    c[0] = hypot(e1, e2);
    c[1] = atan2(e2, e1);
    c[2] = p1;
    c[3] = atan2(fabs(b2[1]), b2[0]);
    c[4] = b2[1] >= 0 ? 0 : PI;
}

/* boxes around v = 0, where r = ||v|| is not differentiable: the Jacobian enclosure is finite, and for random x, y in
 * the box f(y) - f(x) (256-bit points) overlaps J (y - x), as the mean-value theorem requires (the ratio is C^1 there:
 * r enters multiplied by Yt = 0 and through S(beta), S'(0) = 0) */
START_TEST(test_ratio_jac_parallel)
{
    gdc_rng_t r;
    gdc_rng_seed(&r, 25);
    arb_ptr X = _arb_vec_init(5), v = _arb_vec_init(1), J = _arb_vec_init(5);
    for (int i = 0; i < 40; i++) {
        double c[5], h = ldexp(1.0, -10 - 10 * (i >= 20));
        parallel_centre(c, &r);
        for (int k = 0; k < 5; k++) {
            arb_set_d(X + k, c[k]);
            if (k != 4 || c[4] == 0)
                arb_add_error_2exp_si(X + k, -10 - 10 * (i >= 20));
        }
        gdc_twolayer_corr_ratio_jac(v, J, X, 128);
        for (int k = 0; k < 5; k++)
            ck_assert_msg(arb_is_finite(J + k), "jac %d not finite at box %d", k, i);
        for (int m = 0; m < 5; m++) {
            double x[5], y[5];
            for (int k = 0; k < 5; k++) {
                double w = (k == 4 && c[4] != 0) ? 0 : h;
                x[k] = fmax(c[k] + w * gdc_rng_range(&r, -1, 1), 0);
                y[k] = fmax(c[k] + w * gdc_rng_range(&r, -1, 1), 0);
            }
            ck_assert_msg(mvt_inclusion_holds(gdc_twolayer_corr_ratio_arb, J, x, y, 5), "box %d: f(y) - f(x) outside J (y - x)",
                          i);
        }
    }
    _arb_vec_clear(X, 5);
    _arb_vec_clear(v, 1);
    _arb_vec_clear(J, 5);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("twolayer_corr_ratio");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_ratio_is_corr_over_rho2);
    tcase_add_test(tc, test_ratio_symmetry);
    tcase_add_test(tc, test_ratio_limit_at_wstar);
    tcase_add_test(tc, test_ratio_boxes_at_wstar);
    tcase_add_test(tc, test_ratio_jac_value);
    tcase_add_test(tc, test_ratio_jac_parallel);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf ? 1 : 0;
}
