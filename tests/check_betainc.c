/* The regularized incomplete beta of src/core/betainc.c and the row gauss.cap (seed-003 C22; seed-004 C19-C22):
 *  - closed forms: I_x(1, 1/2) = 1 - sqrt(1 - x) (so gauss.cap at d = 3 is the uniform law (1 - a)/2, Archimedes),
 *    I_x(1/2, 1/2) = (2/pi) asin(sqrt x) (so gauss.cap at d = 2 is acos(a)/pi), both from the beta integral;
 *  - gauss.cap at a = 1/sqrt2 equals gauss.angle_tail (same probability, two implementations);
 *  - the double kernel, for b = 1/2, 3/2, 5/2, its complement, and the MPFR value, against the Arb enclosure;
 *  - I + (1 - I) = 1 from the two outputs of the double kernel;
 *  - the enclosure of gauss.cap over a box of (d, a) contains its values at the points inside (monotone in both). */
#include <check.h>
#include <math.h>
#include "core/betainc.h"
#include "core/registry.h"
#include "core/rng.h"

/* |v - exact| <= units * ulp-scale of the exact value (relative, or absolute near 0 for complements) */
static int close_rel(double v, const arb_t e, double units)
{
    double m = arf_get_d(arb_midref(e), ARF_RND_NEAR);
    return fabs(v - m) <= units * 0x1p-52 * fabs(m) + 1e-300;
}

START_TEST(test_closed_forms)
{
    const gdc_row_t *cap = gdc_registry_find("gauss.cap");
    ck_assert(cap != NULL);
    arb_t x[2], out, ref;
    arb_init(x[0]);
    arb_init(x[1]);
    arb_init(out);
    arb_init(ref);
    for (int i = 0; i <= 64; i++) {
        double a = i / 64.0;
        arb_set_d(x[1], a);
        /* d = 3: (1 - a)/2 */
        arb_set_si(x[0], 3);
        cap->fn_arb(out, (arb_srcptr)x, 128);
        arb_set_d(ref, (1.0 - a) / 2.0); /* exact: a is a multiple of 2^-6 */
        ck_assert_msg(arb_contains(out, ref), "d = 3, a = %g", a);
        double xd[2] = {3.0, a}, v;
        cap->fn_double(&v, xd);
        ck_assert_msg(fabs(v - (1.0 - a) / 2.0) <= 4 * 0x1p-53, "d = 3 double, a = %g: %.17g", a, v);
        /* d = 2: acos(a)/pi */
        arb_set_si(x[0], 2);
        cap->fn_arb(out, (arb_srcptr)x, 128);
        arb_set_d(ref, a);
        arb_acos(ref, ref, 128);
        arb_const_pi(x[0], 128);
        arb_div(ref, ref, x[0], 128);
        ck_assert_msg(arb_overlaps(out, ref) && arb_rel_accuracy_bits(out) > 100, "d = 2, a = %g", a);
        xd[0] = 2.0;
        cap->fn_double(&v, xd);
        ck_assert_msg(close_rel(v, ref, 4), "d = 2 double, a = %g: %.17g", a, v);
    }
    arb_clear(x[0]);
    arb_clear(x[1]);
    arb_clear(out);
    arb_clear(ref);
}
END_TEST

START_TEST(test_angle_tail)
{
    const gdc_row_t *cap = gdc_registry_find("gauss.cap"), *tail = gdc_registry_find("gauss.angle_tail");
    ck_assert(cap != NULL && tail != NULL);
    arb_t x[2], out, ref;
    arb_init(x[0]);
    arb_init(x[1]);
    arb_init(out);
    arb_init(ref);
    long ds[] = {2, 3, 4, 5, 10, 11, 100, 101, 1000, 4097, 100000, 999999};
    for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++) {
        arb_set_si(x[0], ds[i]);
        arb_sqrt_ui(x[1], 2, 200);
        arb_inv(x[1], x[1], 200); /* a ball around 1/sqrt2: the cap encloses P over it */
        cap->fn_arb(out, (arb_srcptr)x, 200);
        tail->fn_arb(ref, (arb_srcptr)x, 200);
        ck_assert_msg(arb_overlaps(out, ref) && arb_rel_accuracy_bits(out) > 100, "d = %ld", ds[i]);
    }
    arb_clear(x[0]);
    arb_clear(x[1]);
    arb_clear(out);
    arb_clear(ref);
}
END_TEST

/* the enclosure over a box of (d, a) (monotone in both) contains the values at the integer points inside it, and
 * a = 0 gives exactly 1/2 for every d (P(u1 >= 0) = 1/2 by symmetry) */
START_TEST(test_box_enclosure)
{
    const gdc_row_t *cap = gdc_registry_find("gauss.cap");
    arb_t x[2], box, pt;
    arb_init(x[0]);
    arb_init(x[1]);
    arb_init(box);
    arb_init(pt);
    gdc_rng_t rng;
    gdc_rng_seed(&rng, 5);
    for (int i = 0; i < 40; i++) {
        double d0 = floor(gdc_rng_logu(&rng, 0.4, 5.5)), d1 = d0 + floor(gdc_rng_range(&rng, 0, 50));
        double a0 = gdc_rng_range(&rng, 0, 0.9), a1 = a0 + gdc_rng_range(&rng, 0, 0.1);
        arf_set_d(arb_midref(x[0]), 0.5 * (d0 + d1));
        mag_set_d(arb_radref(x[0]), 0.5 * (d1 - d0) + 0.3); /* non-integer ends: the row narrows to the integers */
        arb_set_d(pt, a0);
        arb_set_d(box, a1);
        arb_union(x[1], pt, box, 64);
        cap->fn_arb(box, (arb_srcptr)x, 96);
        ck_assert(arb_is_finite(box));
        for (int j = 0; j < 5; j++) {
            double p[2] = {floor(gdc_rng_range(&rng, d0, d1 + 0.999)), gdc_rng_range(&rng, a0, a1)};
            arb_set_d(x[0], p[0]);
            arb_t y;
            arb_init(y);
            arb_set_d(y, p[1]);
            arb_swap(y, x[1]);
            cap->fn_arb(pt, (arb_srcptr)x, 96);
            arb_swap(y, x[1]);
            arb_clear(y);
            ck_assert_msg(arb_contains(box, pt), "d = %g, a = %g in box [%g, %g] x [%g, %g]", p[0], p[1], d0, d1, a0, a1);
        }
    }
    arb_set_si(pt, 2);
    arb_set_si(box, 1000000);
    arb_union(x[0], pt, box, 64);
    arb_zero(x[1]);
    cap->fn_arb(box, (arb_srcptr)x, 64);
    arb_set_d(pt, 0.5);
    ck_assert(arb_equal(box, pt));
    arb_clear(x[0]);
    arb_clear(x[1]);
    arb_clear(box);
    arb_clear(pt);
}
END_TEST

/* double and MPFR against Arb at random (a, h) with x = 1 - h^2, y = h^2 exactly representable pairs:
 * h = k/2^13 so that h^2 and 1 - h^2 are exact doubles */
START_TEST(test_kernel_vs_arb)
{
    gdc_rng_t rng;
    gdc_rng_seed(&rng, 12);
    arb_t X, Y, A, B, R;
    mpfr_t mx, my, ma, mb, mr;
    arb_init(X);
    arb_init(Y);
    arb_init(A);
    arb_init(B);
    arb_init(R);
    mpfr_inits2(128, mx, my, ma, mb, mr, (mpfr_ptr)0);
    for (int i = 0; i < 400; i++) {
        double a = 0.5 * floor(gdc_rng_logu(&rng, 0, 6.3)); /* a = (d - 1)/2 up to 10^6 */
        if (a < 0.5)
            a = 0.5;
        double h = floor(gdc_rng_range(&rng, 1.0, 8192.0)) / 8192.0;
        if (i % 2) /* near the bulk of Beta(a, 1/2): 1 - x ~ 1/a */
            h = floor(8192.0 * fmin(1.0, gdc_rng_range(&rng, 0.0, 3.0) / sqrt(a))) / 8192.0;
        double y = h * h, x = 1.0 - y, b = 0.5 + (i % 3);
        arb_set_d(X, x);
        arb_set_d(Y, y);
        arb_set_d(A, a);
        arb_set_d(B, b);
        mpfr_set_d(mx, x, MPFR_RNDN);
        mpfr_set_d(my, y, MPFR_RNDN);
        mpfr_set_d(ma, a, MPFR_RNDN);
        mpfr_set_d(mb, b, MPFR_RNDN);
        for (int upper = 0; upper <= 1; upper++) {
            gdc_betainc_arb(R, X, Y, A, B, upper, 128);
            double v = gdc_betainc_d(x, y, a, b, upper);
            double m = arf_get_d(arb_midref(R), ARF_RND_NEAR);
            /* the small side is accurate relatively, to 8 ulp times its condition 1 + 2a max(|log x|, y) (the
             * rounding of a log x is |a log x| ulp, and the change under a one-ulp move of x is 2 a |log x| ulp or
             * more: src/core/betainc.c); the side near 1 absolutely (it is 1 minus the small one) */
            double cond = 1.0 + 2.0 * a * fmax(fabs(log(x)), y);
            double tol = (m < 0.5 ? 8 * 0x1p-53 * m * cond : 4 * 0x1p-53) + 1e-300;
            if (m < 1e-300) /* underflow: the kernel returns 0 or a subnormal */
                tol = 1e-300;
            ck_assert_msg(fabs(v - m) <= tol,
                          "a = %g b = %g h = %.17g upper %d: double %.17g, arb %.17g", a, b, h, upper, v, m);
            gdc_betainc_mpfr(mr, mx, my, ma, mb, upper);
            arb_t t;
            arb_init(t);
            arf_set_mpfr(arb_midref(t), mr);
            mag_set_d(arb_radref(t), fabs(mpfr_get_d(mr, MPFR_RNDN)) * 0x1p-120 + 1e-300);
            ck_assert_msg(arb_overlaps(t, R), "MPFR a = %g b = %g h = %.17g upper %d", a, b, h, upper);
            arb_clear(t);
        }
        double s = gdc_betainc_d(x, y, a, b, 0) + gdc_betainc_d(x, y, a, b, 1);
        ck_assert_msg(fabs(s - 1.0) <= 4 * 0x1p-53, "I + (1 - I) = %.17g at a = %g b = %g h = %g", s, a, b, h);
    }
    arb_clear(X);
    arb_clear(Y);
    arb_clear(A);
    arb_clear(B);
    arb_clear(R);
    mpfr_clears(mx, my, ma, mb, mr, (mpfr_ptr)0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("betainc");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_closed_forms);
    tcase_add_test(tc, test_angle_tail);
    tcase_add_test(tc, test_kernel_vs_arb);
    tcase_add_test(tc, test_box_enclosure);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    flint_cleanup();
    return nf == 0 ? 0 : 1;
}
