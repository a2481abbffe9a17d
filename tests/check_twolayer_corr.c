/* twolayer.corr (001_66813dc1ca3a5435.txt App. A.4; seed-001 C11) beyond the registry-driven suites, each
 * expectation derived in its comment:
 *  - near W* the value is (e1^2 + e2^2)/2 + O(delta^3) (the regrouped T is a product of three small factors), while
 *    the A.4 formula in double loses every digit;
 *  - corr = 0 on the saddle family (grad L = 0 there, C22);
 *  - the symmetry (w1, w2) -> (-w2, -w1) of the loss swaps (e1, p1) and (e2, p2);
 *  - Lemma 4's reduction: corr - alpha ||W - W*||^2 >= N^2 h~(theta, psi; alpha, 1/2) in the region (C12, against the
 *    independent twolayer.htilde row);
 *  - the derivative enclosure where w1 and w2 are antiparallel (beta = 0, the norm's Clarke enclosure of
 *    twolayer_corr.c): finite, and it satisfies the mean-value inclusion f(y) - f(x) in J (y - x) for points of
 *    the box; the norm enclosure itself at points of boxes around 0. */
#include <check.h>
#include <math.h>
#include "twolayer/twolayer.h"
#include "core/rng.h"
#include "mvt_inclusion.h"
#include "twolayer/twolayer_defs.h"

#define PI 3.141592653589793

/* the vectors of the arguments: a = (1, 0, 0), w1 = a + b1, w2 = -(a + b2) */
static void vectors(double *w1, double *w2, const double *x)
{
    w1[0] = 1 + x[0] * cos(x[2]);
    w1[1] = x[0] * sin(x[2]);
    w1[2] = 0;
    w2[0] = -(1 + x[1] * cos(x[3]));
    w2[1] = -x[1] * sin(x[3]) * cos(x[4]);
    w2[2] = -x[1] * sin(x[3]) * sin(x[4]);
}

/* |T|/(2 pi) <= (|n2 - n1| |P1 - P2| + D) beta + S(beta) |K| with every factor <= 4 delta near W* (delta = e1 + e2
 * <= 2e-8), so |corr - (e1^2 + e2^2)/2| <= 10 delta^3 is far below 1e-7 (e1^2 + e2^2)/2; the A.4 formula, a sum of
 * O(1) terms in double, is off by more than 1e-3 of the value */
START_TEST(test_corr_near_optimum)
{
    gdc_rng_t r;
    gdc_rng_seed(&r, 11);
    for (int i = 0; i < 200; i++) {
        double x[5] = {1e-8 * gdc_rng_uniform(&r), 1e-8 * gdc_rng_uniform(&r), gdc_rng_range(&r, 0, PI),
                       gdc_rng_range(&r, 0, PI), gdc_rng_range(&r, 0, PI)};
        double h = 0.5 * (x[0] * x[0] + x[1] * x[1]), c = gdc_twolayer_corr(x[0], x[1], x[2], x[3], x[4]);
        ck_assert_double_eq_tol(c, h, 1e-7 * h);
        double w1[3], w2[3];
        vectors(w1, w2, x);
        double n1 = sqrt(w1[0] * w1[0] + w1[1] * w1[1]), n2 = sqrt(w2[0] * w2[0] + w2[1] * w2[1] + w2[2] * w2[2]);
        double t = acos((w1[0] * w2[0] + w1[1] * w2[1]) / (n1 * n2)), st = sin(t);
        double A4 = n1 * n1 / 2 + n2 * n2 / 2 - (st + (PI - t) * cos(t)) * n1 * n2 / PI -
                    (3 * PI - st * n2 / n1 - t) * w1[0] / (2 * PI) + (3 * PI - st * n1 / n2 - t) * w2[0] / (2 * PI) + 1;
        if (i < 20 && h > 1e-18)
            ck_assert(fabs(A4 - h) > 1e-3 * h);
    }
}
END_TEST

/* the saddle family w1 = (c + 1) a, w2 = c a (c > 0): e1 = c, p1 = 0, e2 = c + 1, p2 = pi; grad L = 0 there (C22),
 * so corr = 0. The double nearest pi is 1.2e-16 below it, a configuration at distance 1.2e-16 (c + 1) from the
 * family, where |corr| <= ||W - W*|| ||grad L|| <= 2 (c + 1) * (c + 1) 1.2e-16 */
START_TEST(test_corr_saddle)
{
    for (double c = 0.125; c <= 4; c *= 2)
        for (double chi = 0; chi <= 3; chi += 1) {
            double v = gdc_twolayer_corr(c, c + 1, 0, PI, chi);
            ck_assert_msg(fabs(v) <= 3e-16 * (c + 1) * (c + 1), "c = %g: corr = %g", c, v);
        }
}
END_TEST

/* L(w1, w2) = L(-w2, -w1) (x -> -x in the expectation) maps W* to itself and w1 - a to -(w2 + a): the correlation is
 * invariant under (e1, p1) <-> (e2, p2) (the plane of b1 becomes the plane of b2, the dihedral angle is kept) */
START_TEST(test_corr_symmetry)
{
    gdc_rng_t r;
    gdc_rng_seed(&r, 12);
    for (int i = 0; i < 2000; i++) {
        double e1 = gdc_rng_range(&r, 0, 3), e2 = gdc_rng_range(&r, 0, 3), p1 = gdc_rng_range(&r, 0, PI),
               p2 = gdc_rng_range(&r, 0, PI), chi = gdc_rng_range(&r, 0, PI);
        double u = gdc_twolayer_corr(e1, e2, p1, p2, chi), v = gdc_twolayer_corr(e2, e1, p2, p1, chi);
        ck_assert_double_eq_tol(u, v, 1e-13 * (e1 * e1 + e2 * e2 + 1));
    }
}
END_TEST

/* C12: h = corr - alpha ||W - W*||^2 is 2-homogeneous in (W, a), and h~(theta, psi) is its minimum over the target
 * with ||a|| >= 2 ||w1 + w2|| for ||W|| = 1. For unit a and ||w1 + w2|| = ||b1 - b2|| <= 1/2, scaling by
 * N = ||W||_F gives corr - alpha (e1^2 + e2^2) >= N^2 h~(theta, atan(n2/n1); alpha, 1/2) */
START_TEST(test_corr_htilde_bound)
{
    gdc_rng_t r;
    gdc_rng_seed(&r, 13);
    int used = 0;
    for (int i = 0; i < 4000 && used < 1000; i++) {
        double x[5] = {gdc_rng_range(&r, 0, 2), gdc_rng_range(&r, 0, 2), gdc_rng_range(&r, 0, PI),
                       gdc_rng_range(&r, 0, PI), gdc_rng_range(&r, 0, PI)};
        double w1[3], w2[3], s[3], cr[3];
        vectors(w1, w2, x);
        for (int k = 0; k < 3; k++) {
            s[k] = w1[k] + w2[k];
            cr[k] = w1[(k + 1) % 3] * w2[(k + 2) % 3] - w1[(k + 2) % 3] * w2[(k + 1) % 3];
        }
        if (s[0] * s[0] + s[1] * s[1] + s[2] * s[2] > 0.25)
            continue;
        used++;
        double n1 = hypot(w1[0], w1[1]), n2 = hypot(hypot(w2[0], w2[1]), w2[2]);
        double th = atan2(hypot(hypot(cr[0], cr[1]), cr[2]), w1[0] * w2[0] + w1[1] * w2[1]);
        for (double al = 0.1; al < 0.31; al += 0.1) {
            double h = gdc_twolayer_corr(x[0], x[1], x[2], x[3], x[4]) - al * (x[0] * x[0] + x[1] * x[1]);
            double ht = (n1 * n1 + n2 * n2) * gdc_twolayer_htilde(th, atan2(n2, n1), al, 0.5);
            ck_assert_msg(h >= ht - 1e-12 * (1 + fabs(h)), "h = %.17g < N^2 h~ = %.17g", h, ht);
        }
    }
    ck_assert_int_ge(used, 100);
}
END_TEST

/* boxes around configurations with -w2 = l w1 (beta = 0), where the norm ||w1 x m2|| is not differentiable: the
 * Jacobian enclosure is finite, and for random x, y in the box the value difference (256-bit points) overlaps
 * J (y - x), as the mean-value theorem requires of an enclosure of the derivative on the box (corr is C^1 there) */
START_TEST(test_corr_jac_antiparallel)
{
    gdc_rng_t r;
    gdc_rng_seed(&r, 14);
    arb_ptr X = _arb_vec_init(5), v = _arb_vec_init(1), J = _arb_vec_init(5);
    for (int i = 0; i < 40; i++) {
        double e1 = gdc_rng_range(&r, 0.1, 2), p1 = gdc_rng_range(&r, 0.2, 3), l = gdc_rng_range(&r, 0.3, 2.5);
        double w1[2] = {1 + e1 * cos(p1), e1 * sin(p1)}, b2[2] = {l * w1[0] - 1, l * w1[1]};
        double c[5] = {e1, hypot(b2[0], b2[1]), p1, atan2(fabs(b2[1]), b2[0]), b2[1] >= 0 ? 0 : PI};
        for (int k = 0; k < 5; k++) {
            arb_set_d(X + k, c[k]);
            if (k != 4 || c[4] == 0)     /* chi stays in [0, pi] */
                arb_add_error_2exp_si(X + k, -10 - 10 * (i >= 20));
        }
        gdc_twolayer_corr_jac(v, J, X, 128);
        for (int k = 0; k < 5; k++)
            ck_assert_msg(arb_is_finite(J + k), "jac %d not finite at box %d", k, i);
        for (int m = 0; m < 5; m++) {
            double x[5], y[5];
            for (int k = 0; k < 5; k++) {
                double h = (k == 4 && c[4] != 0) ? 0 : ldexp(1.0, -10 - 10 * (i >= 20));
                x[k] = fmax(c[k] + h * gdc_rng_range(&r, -1, 1), 0);
                y[k] = fmax(c[k] + h * gdc_rng_range(&r, -1, 1), 0);
                if (k >= 2) {
                    x[k] = fmin(x[k], PI);
                    y[k] = fmin(y[k], PI);
                }
            }
            ck_assert_msg(mvt_inclusion_holds(gdc_twolayer_corr_arb, J, x, y, 5), "box %d: f(y) - f(x) outside J (y - x)",
                          i);
        }
    }
    _arb_vec_clear(X, 5);
    _arb_vec_clear(v, 1);
    _arb_vec_clear(J, 5);
}
END_TEST

/* the norm jet of twolayer_corr.c on boxes around u = 0, u = (X0, X1, X0 - X1): at random points of the box with
 * u != 0 the gradient u^T du/||u|| lies in the enclosure (the enclosure [-B_j, B_j] with B_j >= ||d_j u||), and the
 * value lies in the value ball */
START_TEST(test_corr_norm_enclosure)
{
    gdc_rng_t r;
    gdc_rng_seed(&r, 15);
    for (int i = 0; i < 50; i++) {
        double c0 = gdc_rng_range(&r, -1e-3, 1e-3), c1 = gdc_rng_range(&r, -1e-3, 1e-3), rad = 1.9e-3;
        gdc_ajet_struct X[2], u[3], n;
        arb_t x;
        arb_init(x);
        for (int k = 0; k < 2; k++) {
            gdc_ajet_init(X + k, 2, 2);
            arb_set_d(x, k ? c1 : c0);
            arb_add_error_2exp_si(x, -9);               /* radius 2^-9 > rad, |c|: the box holds u = 0 */
            gdc_ajet_var(X + k, x, k);
        }
        for (int k = 0; k < 3; k++)
            gdc_ajet_init(u + k, 2, 2);
        gdc_ajet_init(&n, 2, 2);
        gdc_ajet_set(u + 0, X + 0);
        gdc_ajet_set(u + 1, X + 1);
        gdc_ajet_sub(u + 2, X + 0, X + 1, 128);
        gdc_twolayer_corr_norm3(&n, u, 128);
        for (int m = 0; m < 20; m++) {
            double p0 = c0 + rad * gdc_rng_range(&r, -1, 1), p1 = c1 + rad * gdc_rng_range(&r, -1, 1);
            double v[3] = {p0, p1, p0 - p1}, nv = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
            double g0 = (v[0] + v[2]) / nv, g1 = (v[1] - v[2]) / nv;
            arb_set_d(x, g0);
            ck_assert(arb_overlaps(x, n.g + 0));
            arb_set_d(x, g1);
            ck_assert(arb_overlaps(x, n.g + 1));
            arb_set_d(x, nv);
            ck_assert(arb_overlaps(x, &n.v));
        }
        arb_clear(x);
        for (int k = 0; k < 2; k++)
            gdc_ajet_clear(X + k);
        for (int k = 0; k < 3; k++)
            gdc_ajet_clear(u + k);
        gdc_ajet_clear(&n);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("twolayer_corr");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_corr_near_optimum);
    tcase_add_test(tc, test_corr_saddle);
    tcase_add_test(tc, test_corr_symmetry);
    tcase_add_test(tc, test_corr_htilde_bound);
    tcase_add_test(tc, test_corr_jac_antiparallel);
    tcase_add_test(tc, test_corr_norm_enclosure);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf ? 1 : 0;
}
