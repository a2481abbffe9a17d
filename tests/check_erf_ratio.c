/* The special enclosure of the Theorem 6/7 ratios at their removable singularity w0 = u0 (rho = 1, alpha = 0;
 * proof in src/erf/erf_ratio_arb.c):
 *  - boxes touching or containing (1, 0), of sizes from 1e-14 to 1e-1: the enclosure is finite and contains the
 *    MPFR value at points sampled inside the box (its corners other than (1, 0), its edges rho = 1 and alpha = 0,
 *    and points log-uniformly close to the corner from every direction);
 *  - on a tiny corner box the enclosure is the limit set: its ends match the radial and transverse eigenvalues of
 *    the Hessian at the optimum (C31, erf.hess_opt, an independent closed form): the upper end to 1e-6, the lower
 *    end to 1e-6 + 2^-29 Q_trans/Q_rad (a ball's radius carries 30 bits, so the lower end of an enclosure of width
 *    W is placed to about 2^-30 W; Q_trans/Q_rad = 1 + 4|u0|^2 is about 5e4 at k = 100);
 *  - the exact point (1, 0) is undefined (indeterminate ball). */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include "erf/erf_ratio.h"
#include "erf/erf.h"
#include "core/rng.h"

typedef void (*arb3_fn)(arb_ptr, arb_srcptr, slong);
typedef void (*mpfr3_fn)(mpfr_ptr, mpfr_srcptr);

static const arb3_fn arb_fns[2] = {gdc_erf_ratio6_arb, gdc_erf_ratio7_arb};
static const mpfr3_fn mpfr_fns[2] = {gdc_erf_ratio6_mpfr, gdc_erf_ratio7_mpfr};

/* the MPFR value at (k, rho, alpha) at 300 bits lies in enc */
static int contains_mpfr(const arb_t enc, int which, double k, double rho, double alpha)
{
    mpfr_t x[3], y;
    for (int i = 0; i < 3; i++)
        mpfr_init2(x[i], 53);
    mpfr_init2(y, 300);
    mpfr_set_d(x[0], k, MPFR_RNDN);
    mpfr_set_d(x[1], rho, MPFR_RNDN);
    mpfr_set_d(x[2], alpha, MPFR_RNDN);
    mpfr_fns[which](y, (mpfr_srcptr)x[0]);
    arb_t v;
    arb_init(v);
    arf_set_mpfr(arb_midref(v), y);
    arf_get_mag(arb_radref(v), arb_midref(v));
    mag_mul_2exp_si(arb_radref(v), arb_radref(v), -280); /* the MPFR value's own error, far below */
    int ok = mpfr_number_p(y) && arb_overlaps(enc, v);
    arb_clear(v);
    for (int i = 0; i < 3; i++)
        mpfr_clear(x[i]);
    mpfr_clear(y);
    return ok;
}

static void make_box(arb_ptr xb, double k, double r0, double r1, double a0, double a1, slong prec)
{
    arf_t a, b;
    arf_init(a);
    arf_init(b);
    arb_set_d(xb, k);
    arf_set_d(a, r0);
    arf_set_d(b, r1);
    arb_set_interval_arf(xb + 1, a, b, prec);
    arf_set_d(a, a0);
    arf_set_d(b, a1);
    arb_set_interval_arf(xb + 2, a, b, prec);
    arf_clear(a);
    arf_clear(b);
}

/* a box [1 - dr, 1 + over] x [-over, da] (the part beyond the domain is clamped away), checked at samples */
static void check_corner_box(gdc_rng_t *g, int which, double k, double dr, double da, double over, slong prec)
{
    arb_ptr xb = _arb_vec_init(3);
    arb_t enc;
    arb_init(enc);
    make_box(xb, k, 1.0 - dr, 1.0 + over, -over, da, prec);
    arb_fns[which](enc, xb, prec);
    ck_assert_msg(arb_is_finite(enc), "ratio%d: enclosure not finite, k = %g, box [1-%g, 1] x [0, %g]", 6 + which, k,
                  dr, da);
    for (int s = 0; s < 40; s++) {
        double rho, al;
        if (s == 0)
            rho = 1.0 - dr, al = 0.0;
        else if (s == 1)
            rho = 1.0 - dr, al = da;
        else if (s == 2)
            rho = 1.0, al = da;
        else if (s < 10) /* edge alpha = 0 (radial) */
            rho = 1.0 - dr * gdc_rng_logu(g, -14, 0), al = 0.0;
        else if (s < 18) /* edge rho = 1 (tangential) */
            rho = 1.0, al = da * gdc_rng_logu(g, -14, 0);
        else /* interior, log-uniform toward the corner in both coordinates */
            rho = 1.0 - dr * gdc_rng_logu(g, -14, 0), al = da * gdc_rng_logu(g, -14, 0);
        if (rho == 1.0 && al == 0.0)
            continue;
        ck_assert_msg(contains_mpfr(enc, which, k, rho, al),
                      "ratio%d(%g, %.17g, %.17g) outside the enclosure of [1-%g, 1] x [0, %g]", 6 + which, k, rho,
                      al, dr, da);
    }
    arb_clear(enc);
    _arb_vec_clear(xb, 3);
}

START_TEST(corner_boxes)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, 6007u);
    static const double ks[] = {1, 2, 3, 10, 57, 100, 1000};
    for (int which = 0; which < 2; which++)
        for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++)
            for (int b = 0; b < 12; b++) {
                double dr = gdc_rng_logu(&g, -14, -1), da = gdc_rng_logu(&g, -14, -1);
                double over = (b % 3 == 0) ? 0.5 * dr : 0.0; /* some boxes contain (1, 0) inside */
                check_corner_box(&g, which, ks[i], dr, da, over, b & 1 ? 64 : 128);
            }
}
END_TEST

/* tiny corner box: the enclosure's ends are the C31 eigenvalues (radial below, transverse above) */
START_TEST(corner_limit_set)
{
    static const double ks[] = {1, 2, 5, 20, 100};
    slong prec = 128;
    for (int which = 0; which < 2; which++)
        for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
            double k = ks[i];
            arb_ptr xb = _arb_vec_init(3), q = _arb_vec_init(2), hx = _arb_vec_init(2);
            arb_t enc, t;
            arf_t lo, hi;
            arb_init(enc);
            arb_init(t);
            arf_init(lo);
            arf_init(hi);
            make_box(xb, k, 1.0 - 1e-13, 1.0, 0.0, 1e-13, prec);
            arb_fns[which](enc, xb, prec);
            /* eigenvalues of Hess F^(1) (k = 1 in erf.hess_opt's formula: 1 + k V^0 = 2, so halve) or of F^(1,k) */
            arb_set_d(hx, which == 0 ? 1.0 : k);
            arb_set_ui(hx + 1, 12);
            arb_sqrt(hx + 1, hx + 1, prec);
            arb_mul_ui(hx + 1, hx + 1, (ulong)k, prec);
            arb_const_pi(t, prec);
            arb_div(hx + 1, hx + 1, t, prec);
            gdc_erf_hess_opt_arb(q, hx, prec);
            if (which == 0) {
                arb_mul_2exp_si(q, q, -1);
                arb_mul_2exp_si(q + 1, q + 1, -1);
            }
            arb_get_lbound_arf(lo, enc, prec);
            arb_get_ubound_arf(hi, enc, prec);
            arb_set_arf(t, lo);
            arb_div(t, t, q, prec);
            double tol = 1e-6 + 0x1p-29 * arf_get_d(arb_midref(q + 1), ARF_RND_UP) / arf_get_d(arb_midref(q), ARF_RND_DOWN);
            ck_assert_msg(arf_cmp_d(arb_midref(t), 1 - tol) > 0 && arf_cmp_d(arb_midref(t), 1 + 1e-6) < 0,
                          "ratio%d k = %g: lower end / Q_rad = %g", 6 + which, k, arf_get_d(arb_midref(t), ARF_RND_NEAR));
            arb_set_arf(t, hi);
            arb_div(t, t, q + 1, prec);
            ck_assert_msg(arf_cmp_d(arb_midref(t), 1 - 1e-6) > 0 && arf_cmp_d(arb_midref(t), 1 + 1e-6) < 0,
                          "ratio%d k = %g: upper end / Q_trans = %g", 6 + which, k, arf_get_d(arb_midref(t), ARF_RND_NEAR));
            arb_clear(enc);
            arb_clear(t);
            arf_clear(lo);
            arf_clear(hi);
            _arb_vec_clear(xb, 3);
            _arb_vec_clear(q, 2);
            _arb_vec_clear(hx, 2);
        }
}
END_TEST

START_TEST(corner_point_undefined)
{
    arb_ptr xb = _arb_vec_init(3);
    arb_t enc;
    arb_init(enc);
    arb_set_ui(xb, 4);
    arb_one(xb + 1);
    arb_zero(xb + 2);
    for (int which = 0; which < 2; which++) {
        arb_fns[which](enc, xb, 64);
        ck_assert(!arb_is_finite(enc));
    }
    /* a non-integer k is outside the domain */
    arb_set_d(xb, 2.5);
    arb_set_d(xb + 1, 0.5);
    gdc_erf_ratio6_arb(enc, xb, 64);
    ck_assert(!arb_is_finite(enc));
    arb_clear(enc);
    _arb_vec_clear(xb, 3);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("erf_ratio");
    TCase *tc = tcase_create("special");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, corner_boxes);
    tcase_add_test(tc, corner_limit_set);
    tcase_add_test(tc, corner_point_undefined);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    flint_cleanup(); /* the constant caches (pi etc.), so that valgrind sees no memory in use at exit */
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
