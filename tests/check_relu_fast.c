/* The regime tests of the fast paths of relu.loss, relu.angle_rate and relu.hess_eig (src/relu/relu_double.c, issue
 * 14): the double kernels against Arb (the error measure of src/core/accuracy.c) at the points where the regime tests
 * decide (each threshold and its neighbouring doubles) and in the cancellation regimes next to them. The bounds come
 * from the error proofs in relu_double.c's comments, not from program output:
 *  - relu.angle_rate, relu.hess_eig: 1/2 ulp (the final rounding) + libm's sine (0.55 ulp of sin t, at most 1.1 ulp
 *    of the value, or of Delta where an eigenvalue vanishes: one ulp of r moves it by q ulp(r)/r >= u q) + 2^-99
 *    relative: 1.6. Values below 2^-1022 are rounded on the subnormal grid in several steps: the row's target, 4.
 *  - relu.loss (loss_body's budget, with F >= r G >= r J/(2 pi), G = (pi - h)/(2 pi) >= G(1.25) = 0.254 for t >= 1.25,
 *    and one unit >= u F): for t >= 1.25, 1/2 ulp + J rounded once (u J r/(2 pi) <= u F: 1) + libm's sine and cosine,
 *    which enter F as r (delta_sin + (pi - t) delta_cos)/(2 pi) (1 - cos t is exact from cos t) with delta_sin <=
 *    0.55u and (pi - t) delta_cos <= 0.58u: 0.18 r u against 0.254 r u, 0.71; total 2.21. Below 1.25 the series:
 *    J within one ulp and r J/(2 pi) <= 0.35 F: 0.70; 1 - cos t within 0.45u and r (1 - cos t)/2 <= 1.35 F: 0.61;
 *    total 1.81. Bound 2.3.
 * Each test fails when its regime test is moved into the regime it guards (tried by editing the thresholds; the
 * results are given at each test). */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/registry.h"
#include "core/xcheck.h"
#include "gdc_arb.h"

#define PI_HI 3.141592653589793116

/* the worst error of the row's double kernel over the grid r[] x t[] (every output), with the bound for normal
 * values and 4 (the row's target) for values below 2^-1022; reports the first point over its bound */
static void check_grid(const char *id, const double *rs, size_t nr, const double *ts, size_t nt, double bound)
{
    const gdc_row_t *row = gdc_registry_find(id);
    ck_assert_ptr_nonnull(row);
    for (size_t i = 0; i < nr; i++)
        for (size_t j = 0; j < nt; j++) {
            double x[2] = {rs[i], ts[j]}, y[GDC_MAX_OUT], err[GDC_MAX_OUT], ex[GDC_MAX_OUT];
            row->fn_double(y, x);
            gdc_double_error(row, x, y, err, ex);
            for (int k = 0; k < row->nout; k++) {
                double b = fabs(ex[k]) >= DBL_MIN || ex[k] == 0.0 ? bound : 4.0;
                ck_assert_msg(err[k] <= b, "%s out[%d] at r = %a, t = %a: error %g > %g (value %a, exact %a)", id,
                              k, x[0], x[1], err[k], b, y[k], ex[k]);
            }
        }
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* relu.loss: the regime test is t < 1.25 (both series, no libm call) against t >= 1.25 (one sincos). Moved down,
 * the sincos form reaches the t -> 0 regime (w -> v), where 1 - cos t and sin t - t cos t from libm lose every digit:
 * with the threshold at 0 the error at r = 1, t = 2^-40 is 1.7e7 units (F = 0 returned), at 0.05 it is 39 units at
 * t = 0.1, at 0.2 it is 3.0 units at t = 0.3. (At 0.35 to 1.0 the sincos form stays within 2 at these points, the
 * input sensitivity of t absorbing its loss; the threshold is 1.25 because the series are the faster form there, and
 * the more accurate one.) */
START_TEST(test_loss_regimes)
{
    static const double rs[] = {1.0, 0x1.0000001p0, 0x1.fffffp-1, 0.5, 2.0, 3.9, 0x1p-30};
    static const double ts[] = {0x1p-40, 1e-8, 1e-4, 0.01, 0.1, 0.3, 0.6, 0.9, 1.1, 1.2, 0x1.3ffffffffffffp0, 1.25,
                                0x1.4000000000001p0, 1.3, 2.0, 3.0, 0x1.921fb54442d17p1, PI_HI};
    check_grid("relu.loss", rs, N(rs), ts, N(ts), 2.3);
}
END_TEST

/* relu.angle_rate: the regime test is r in [2^-1000, 2^800] and t >= 2^-80 (beyond, the wide form); it guards the
 * range (1/r finite, every intermediate normal), not a cancellation: near t = pi (pi - t cancelling) the fast form
 * carries pi - t as a two-double. With the test removed (the fast form everywhere) the value at r = 1e-310 is NaN
 * (1/r = inf); lowered to r >= 2^-1060, the same. (Raised to r <= 2^1023 or t >= 0 the errors at these points stay
 * within the bound: the limits keep a margin.) The wide form returned NaN where the value overflows (subnormal r)
 * before this test; it returns -inf now. */
START_TEST(test_angle_rate_regimes)
{
    static const double rs[] = {0x1p-1000, 0x1.fffffffffffffp-1001, 0x1p800, 0x1.0000000000001p800, 1e-310, 1.0, 3.0,
                                0x1p1000, 0x1p1023, 0x1.fffffffffffffp1023};
    static const double ts[] = {0x1p-80, 0x1.fffffffffffffp-81, 1e-300, 5e-324, 1e-5, 1.0, 2.0, PI_HI - 0x1p-40,
                                0x1.921fb54442d17p1, PI_HI};
    check_grid("relu.angle_rate", rs, N(rs), ts, N(ts), 1.6);
}
END_TEST

/* relu.hess_eig: the regime test is r in [2^-40, 2^1000]; the cancellation regime (an eigenvalue near 0, q =
 * sin t/(pi r) near 1/2 or 1) is inside it and needs no test, at r = 2 sin t/pi and sin t/pi and their neighbours.
 * With the test removed the values at r = 1e-310 are NaN (1/(pi r) = inf, inf - inf). (Lowered to 2^-60 or raised to
 * 2^1023 the errors at these points stay within the bound: the fast two-sum of 1/2 - q loses the 1/2 only where q >
 * 2^52, under half an ulp of q.) */
START_TEST(test_hess_eig_regimes)
{
    static const double rs[] = {0x1p-40, 0x1.fffffffffffffp-41, 0x1p-60, 1e-300, 1e-310, 0x1p1000,
                                0x1.0000000000001p1000, 1e300, 0.3, 1.0, 2.0};
    static const double ts[] = {0.0, 1e-300, 1e-8, 0.1, 0.5, 1.0, 1.5707963267948966, 2.0, 3.0, PI_HI};
    check_grid("relu.hess_eig", rs, N(rs), ts, N(ts), 1.6);
    /* the zeros of out[1] (r = 2 sin t/pi) and out[2] (r = sin t/pi), and the doubles next to them */
    for (size_t j = 0; j < N(ts); j++) {
        double s = sin(ts[j]);
        if (s == 0.0)
            continue;
        for (int m = 1; m <= 2; m++) {
            double r0 = m * s / 3.141592653589793;
            double rz[3] = {nextafter(r0, 0.0), r0, nextafter(r0, INFINITY)}, tz[1] = {ts[j]};
            check_grid("relu.hess_eig", rz, 3, tz, 1, 1.6);
        }
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("relu_fast");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_loss_regimes);
    tcase_add_test(tc, test_angle_rate_regimes);
    tcase_add_test(tc, test_hess_eig_regimes);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    flint_cleanup();
    return nf == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
