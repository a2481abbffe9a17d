/* Edge cases of the deep kernels' double recursion (src/relu/relu_deep.c), against Arb at the same inputs in the
 * error measure of src/core/xcheck.h: the exponent-apart products (a b with a, b near the double range, t so small
 * that 1 - cos t underflows while a b (1 - cos t) does not), t = 0 (the Gram diagonal: exact), t = pi (rho_1 tiny),
 * L = 0 with cos t < 0, a = 0. The registry's checks sample a, b in [0, 4] or 10^[-150, 150] and t -> 0 separately;
 * these points combine them. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include "relu/relu.h"
#include "core/registry.h"
#include "core/xcheck.h"

static void expect_accurate(const char *id, double L, double a, double b, double t, double bound)
{
    const gdc_row_t *row = gdc_registry_find(id);
    ck_assert(row != NULL);
    double x[4] = {L, a, b, t}, y[2], err[2], ex[2];
    row->fn_double(y, x);
    gdc_double_error(row, x, y, err, ex);
    for (int k = 0; k < row->nout; k++)
        ck_assert_msg(err[k] <= bound, "%s out[%d] at (%g, %g, %g, %g): %.17g vs %.17g, error %g > %g", id, k, L, a,
                      b, t, y[k], ex[k], err[k], bound);
}

static const double pts[][4] = {
    {5, 1e150, 1e150, 1e-200},  /* m_0 = 5e-401 underflows; a b m_0 = 5e-101 */
    {1000, 1e150, 1e150, 1e-160}, {3, 1e200, 1e100, 1e-155}, {1, 1e300, 1e-300, 3.141592653589793},
    {1000, 1e-150, 3, 1e-300}, {2, 1e-200, 1e-100, 1e-30}, {12, 1e-160, 1e-160, 2.5},
    {0, 2, 3, 3.0}, {0, 1e300, 1e5, 2.0}, {40, 1e307, 1e-10, 1.0}, {7, 0, 5, 1},
    {1, 1.5, 2.5, 3.141592653589793}, {2, 1, 1, 3.141592653589793}, {1000, 3, 0.5, 3.141592653589793},
    {1, 1, 1, 0x1p-70}, {50, 1, 1, 0x1.0000000000001p-70}, {50, 1, 1, 0x1.fffffffffffffp-71}};

START_TEST(test_edges)
{
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        /* the row's target is 4; the recursion's own error is far below one unit (relu_deep.c), so 1 */
        expect_accurate("relu.nngp", pts[i][0], pts[i][1], pts[i][2], pts[i][3], 1.0);
        expect_accurate("relu.ntk", pts[i][0], pts[i][1], pts[i][2], pts[i][3], 1.0);
    }
}
END_TEST

/* t = 0: rho_L = 1 and tau_L = L + 1 exactly, so Sigma_L is the double product a b and Theta_L the product
 * rounded once; parallel inputs never give NaN */
START_TEST(test_diagonal)
{
    const double ab[][2] = {{1.5, 2.25}, {1e-200, 1e-100}, {1e150, 3e150}, {0.0, 7.0}};
    for (int L = 0; L <= 1000; L += 37)
        for (size_t i = 0; i < sizeof ab / sizeof ab[0]; i++) {
            double a = ab[i][0], b = ab[i][1], o[2];
            gdc_relu_nngp(o, L, a, b, 0.0);
            ck_assert_msg(o[0] == a * b && o[1] == 0.0, "nngp(%d, %g, %g, 0) = %g, %g", L, a, b, o[0], o[1]);
            /* want = a b (L + 1) rounded twice (<= 1u relative), the kernel's once (1/2 ulp <= 1u): within 2u */
            double th = gdc_relu_ntk(L, a, b, 0.0), want = (a * b) * (L + 1.0);
            ck_assert_msg(fabs(th - want) <= 2.0 * fabs(want) * 0x1p-53, "ntk(%d, %g, %g, 0) = %.17g vs %.17g", L,
                          a, b, th, want);
        }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("relu_deep");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_edges);
    tcase_add_test(tc, test_diagonal);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
