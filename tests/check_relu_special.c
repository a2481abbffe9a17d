/* Special enclosures and the vector API of the ReLU family:
 *  - corr_ratio on boxes around its removable singularity (1, 0) and on boxes where Q's ball contains 0:
 *    the enclosure is finite and contains the MPFR value at points sampled inside the box (the proofs
 *    are in src/relu/relu_arb.c, ratio_box_bounds);
 *  - the G3 and x - sin x series with their tail bounds, on balls;
 *  - the d-dimensional vector API (Kahan angles, kernel, loss, gradient) against the (r, t) kernels. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include "relu/relu.h"
#include "relu/relu_deriv.h"
#include "core/series.h"
#include "core/rng.h"

/* MPFR value of corr_ratio at (r, t) at 200 bits, as a double-free ball check helper */
static int box_contains_mpfr(const arb_t enc, double r, double t)
{
    mpfr_t mr, mt, y;
    mpfr_init2(mr, 53);
    mpfr_init2(mt, 53);
    mpfr_init2(y, 200);
    mpfr_set_d(mr, r, MPFR_RNDN);
    mpfr_set_d(mt, t, MPFR_RNDN);
    gdc_relu_corr_ratio_mpfr(y, mr, mt);
    arb_t v;
    arb_init(v);
    arf_set_mpfr(arb_midref(v), y);
    mag_set_ui_2exp_si(arb_radref(v), 1, -190); /* MPFR's rounding error at 200 bits, |R| <= 1 */
    int ok = arb_overlaps(enc, v);
    arb_clear(v);
    mpfr_clear(mr);
    mpfr_clear(mt);
    mpfr_clear(y);
    return ok;
}

/* box [r0, r1] x [t0, t1] as balls; enclosure finite and containing sampled values */
static void check_box(gdc_rng_t *g, double r0, double r1, double t0, double t1, slong prec)
{
    arb_t r, t, enc;
    arf_t a, b;
    arb_init(r); arb_init(t); arb_init(enc);
    arf_init(a); arf_init(b);
    arf_set_d(a, r0);
    arf_set_d(b, r1);
    arb_set_interval_arf(r, a, b, prec);
    arf_set_d(a, t0);
    arf_set_d(b, t1);
    arb_set_interval_arf(t, a, b, prec);
    gdc_relu_corr_ratio_arb(enc, r, t, prec);
    ck_assert_msg(arb_is_finite(enc), "corr_ratio enclosure not finite on [%g, %g] x [%g, %g]", r0, r1, t0, t1);
    for (int s = 0; s < 60; s++) {
        double rr = s == 0 ? 1.0 : s == 1 ? r0 : s == 2 ? r1 : gdc_rng_range(g, r0, r1);
        double tt = s == 0 ? 0.0 : s == 1 ? t1 : s == 2 ? t0 : gdc_rng_range(g, t0, t1);
        if (s == 0 && !(r0 <= 1.0 && 1.0 <= r1 && t0 <= 0.0 && 0.0 <= t1))
            continue;
        if (s >= 3 && s < 10)
            tt = t0 + (t1 - t0) * gdc_rng_logu(g, -12, 0); /* close to t0 */
        ck_assert_msg(box_contains_mpfr(enc, rr, tt), "corr_ratio(%.17g, %.17g) outside the box enclosure", rr, tt);
    }
    arb_clear(r); arb_clear(t); arb_clear(enc);
    arf_clear(a); arf_clear(b);
}

START_TEST(test_ratio_boxes_at_singularity)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, 2024);
    for (int i = 0; i < 300; i++) {
        double w = gdc_rng_logu(&g, -10, -0.35);
        double r0 = 1.0 - w * gdc_rng_uniform(&g), r1 = 1.0 + w * gdc_rng_uniform(&g);
        double t1 = gdc_rng_logu(&g, -12, 0.4);
        check_box(&g, r0, r1, 0.0, t1, i & 1 ? 64 : 128);
    }
}
END_TEST

/* boxes reaching r = 0 (and below by ball rounding) through (1, 0); boxes with t slightly negative */
START_TEST(test_ratio_boxes_wide)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, 77);
    for (int i = 0; i < 200; i++) {
        double r1 = 1.0 + gdc_rng_range(&g, 0.0, 2.0);
        double t1 = gdc_rng_logu(&g, -8, 0.49);
        check_box(&g, 0.0, r1, 0.0, t1, 64);
        double w = gdc_rng_logu(&g, -8, -1);
        check_box(&g, 1.0 - w, 1.0 + w, -w * gdc_rng_uniform(&g), t1, 64);
    }
}
END_TEST

START_TEST(test_ratio_point_limit)
{
    ck_assert(gdc_relu_corr_ratio(1.0, 0.0) == 0.5);
    ck_assert(gdc_relu_corr(1.0, 0.0) == 0.0);
    arb_t r, t, y;
    arb_init(r); arb_init(t); arb_init(y);
    arb_one(r);
    arb_zero(t);
    gdc_relu_corr_ratio_arb(y, r, t, 64);
    ck_assert(arb_is_exact(y));
    arb_mul_2exp_si(y, y, 1);
    ck_assert(arb_is_one(y));
    /* R at t = pi: r/(2(1 + r)) (seed-000 C23), at r = 0: C(t)/(2 pi) */
    double rr = 0.37;
    ck_assert(fabs(gdc_relu_corr_ratio(rr, GDC_PI_HI) - rr / (2.0 * (1.0 + rr))) < 1e-15);
    arb_clear(r); arb_clear(t); arb_clear(y);
}
END_TEST

/* The algebra 000 thm42_gauss_delta_to_0 rests on (proofs/000_09c7d5b8511ab65b): at t = pi - s,
 *   2 pi Q R = pi r^2 + r ((pi + s) cos s - sin s) + (s - sin s cos s),  Q = r^2 + 2 r cos s + 1,
 * from R = 1/2 - D/(2 pi Q) (C23). The identity and the row's formulas are proven by exact expansion in
 * tests/check_relu_identities.c; this test ties the compiled row, primitive enclosures included, to it: the row's
 * Arb value at t = pi - s (s a double, t the ball pi - s) against the right side over 2 pi Q, at 300 points with s
 * from 1e-12 to pi (log-uniform) and r in [0, 2], at 256 bits: a sign or a term of the identity wrong would
 * separate them by far more than the balls' radii. */
START_TEST(test_ratio_near_pi_identity)
{
    gdc_rng_t rng;
    gdc_rng_seed(&rng, 42);
    slong prec = 256;
    arb_t r, s, t, R, F, Q, c, sn, x;
    arb_init(r); arb_init(s); arb_init(t); arb_init(R); arb_init(F); arb_init(Q); arb_init(c); arb_init(sn);
    arb_init(x);
    for (int i = 0; i < 300; i++) {
        arb_set_d(r, i % 10 == 0 ? 0.0 : gdc_rng_range(&rng, 0, 2));
        arb_set_d(s, gdc_rng_logu(&rng, -12, 0.497)); /* 1e-12 to pi */
        arb_const_pi(t, prec);
        arb_sub(t, t, s, prec);
        gdc_relu_corr_ratio_arb(R, r, t, prec);
        arb_sin_cos(sn, c, s, prec);
        arb_sqr(Q, r, prec);
        arb_addmul(Q, r, c, prec);
        arb_addmul(Q, r, c, prec);
        arb_add_ui(Q, Q, 1, prec);
        arb_const_pi(x, prec);
        arb_add(x, x, s, prec);
        arb_mul(x, x, c, prec);
        arb_sub(x, x, sn, prec);
        arb_mul(F, r, x, prec);          /* r ((pi + s) cos s - sin s) */
        arb_mul(x, sn, c, prec);
        arb_sub(x, s, x, prec);
        arb_add(F, F, x, prec);          /* + (s - sin s cos s) */
        arb_const_pi(x, prec);
        arb_mul(x, x, r, prec);
        arb_addmul(F, x, r, prec);       /* + pi r^2 */
        arb_const_pi(x, prec);
        arb_mul_2exp_si(x, x, 1);
        arb_mul(x, x, Q, prec);
        arb_div(F, F, x, prec);
        ck_assert_msg(arb_is_finite(R) && arb_overlaps(R, F), "identity at r = %g, s = %g", arf_get_d(arb_midref(r), ARF_RND_NEAR),
                      arf_get_d(arb_midref(s), ARF_RND_NEAR));
        /* the test has teeth: both balls are narrow relative to the value (R ~ s^3/(3 pi) at r = 0), so any error of
         * the identity larger than 1e-6 of R would separate them */
        arb_sub(x, R, F, prec);
        arb_mul_2exp_si(F, F, -20);
        ck_assert_msg(mag_cmp(arb_radref(x), arb_radref(F)) < 0 || arf_cmpabs_mag(arb_midref(F), arb_radref(x)) > 0,
                      "balls too wide at s = %g", arf_get_d(arb_midref(s), ARF_RND_NEAR));
    }
    arb_clear(r); arb_clear(s); arb_clear(t); arb_clear(R); arb_clear(F); arb_clear(Q); arb_clear(c); arb_clear(sn);
    arb_clear(x);
}
END_TEST

/* the series enclosures contain the direct formula on random balls */
START_TEST(test_series_balls)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, 5);
    arb_t x, s, d, c;
    arb_init(x); arb_init(s); arb_init(d); arb_init(c);
    for (int i = 0; i < 500; i++) {
        double m = gdc_rng_range(&g, -3.0, 3.0) * (i % 3 == 0 ? gdc_rng_logu(&g, -30, 0) : 1.0);
        arb_set_d(x, m);
        mag_set_d(arb_radref(x), fabs(m) * gdc_rng_logu(&g, -20, -1));
        slong prec = 64 + (i % 5) * 100;
        /* G3 */
        gdc_g3_series_arb(s, x, prec);
        arb_sin_cos(d, c, x, prec + 64);
        arb_mul(c, c, x, prec + 64);
        arb_sub(d, d, c, prec + 64);
        ck_assert_msg(arb_overlaps(s, d), "G3 series at %g", m);
        /* S */
        gdc_xmsin_series_arb(s, x, prec);
        arb_sin(d, x, prec + 64);
        arb_sub(d, x, d, prec + 64);
        ck_assert_msg(arb_overlaps(s, d), "S series at %g", m);
        /* a point inside the ball lies in the enclosure */
        arb_set_d(c, m);
        gdc_g3_series_arb(d, c, prec);
        gdc_g3_series_arb(s, x, prec);
        ck_assert_msg(arb_overlaps(s, d), "G3 point outside ball at %g", m);
    }
    /* double series: relative error near 0 */
    for (int i = 0; i < 1000; i++) {
        double y = gdc_rng_logu(&g, -100, 0.19);
        arb_set_d(x, y);
        gdc_g3_series_arb(s, x, 200);
        double ref = arf_get_d(arb_midref(s), ARF_RND_NEAR);
        ck_assert_msg(fabs(gdc_g3_series(y) - ref) <= 2e-16 * ref, "G3 double at %g", y);
        gdc_xmsin_series_arb(s, x, 200);
        ref = arf_get_d(arb_midref(s), ARF_RND_NEAR);
        ck_assert_msg(fabs(gdc_xmsin_series(y) - ref) <= 2e-16 * ref, "S double at %g", y);
    }
    arb_clear(x); arb_clear(s); arb_clear(d); arb_clear(c);
}
END_TEST

#define D 5

static void random_unit(gdc_rng_t *g, double *a)
{
    double n = 0;
    for (int i = 0; i < D; i++) {
        a[i] = gdc_rng_normal(g);
        n += a[i] * a[i];
    }
    for (int i = 0; i < D; i++)
        a[i] /= sqrt(n);
}

START_TEST(test_vector_api)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, 99);
    double v[D], u[D], w[D], gv[D];
    for (int it = 0; it < 2000; it++) {
        random_unit(&g, v);
        random_unit(&g, u);
        /* u orthogonal to v */
        double uv = 0;
        for (int i = 0; i < D; i++)
            uv += u[i] * v[i];
        double n = 0;
        for (int i = 0; i < D; i++) {
            u[i] -= uv * v[i];
            n += u[i] * u[i];
        }
        for (int i = 0; i < D; i++)
            u[i] /= sqrt(n);
        double t = it % 4 == 0 ? gdc_rng_logu(&g, -7, 0) : gdc_rng_range(&g, 0.0, 3.1);
        double r = gdc_rng_range(&g, 0.05, 3.0);
        for (int i = 0; i < D; i++)
            w[i] = r * (cos(t) * v[i] + sin(t) * u[i]);
        /* the vectors carry rounding of order 1e-16: compare with a matching tolerance */
        double ta = gdc_vec_angle(w, v, D);
        ck_assert_msg(fabs(ta - t) <= 1e-15 * (1 + t), "angle %.17g vs %.17g", ta, t);
        double e = gdc_vec_pi_minus_angle(w, v, D);
        ck_assert(fabs(e - (GDC_PI_HI - t)) <= 1e-15 * 4);
        double rw = 0;
        for (int i = 0; i < D; i++)
            rw += w[i] * w[i];
        rw = sqrt(rw);
        ck_assert(fabs(gdc_relu_kernel_vec(w, v, D) - gdc_relu_kernel(rw, 1.0, ta)) <= 1e-14);
        ck_assert(fabs(gdc_relu_loss_vec(w, v, D) - gdc_relu_loss(rw, ta)) <= 1e-14);
        double gr[2];
        gdc_relu_grad(gr, rw, ta);
        gdc_relu_grad_vec(gv, w, v, D);
        double g0 = 0, g1 = 0, nn[D], nrm = 0;
        /* n = (v - cos t w/|w|)/sin t = sin t v - cos t u */
        for (int i = 0; i < D; i++) {
            nn[i] = sin(t) * v[i] - cos(t) * u[i];
            nrm += nn[i] * nn[i];
        }
        for (int i = 0; i < D; i++) {
            g0 += gv[i] * w[i] / rw;
            g1 += gv[i] * nn[i] / sqrt(nrm);
        }
        ck_assert_msg(fabs(g0 - gr[0]) <= 1e-14 && fabs(g1 - gr[1]) <= 1e-14, "grad at r %g t %g", r, t);
    }
    /* Kahan angles of nearly parallel and antiparallel vectors */
    double a[2] = {1.0, 0.0}, b[2] = {1.0, 1e-12}, c[2] = {-1.0, 1e-12};
    ck_assert(fabs(gdc_vec_angle(a, b, 2) - 1e-12) <= 1e-27);
    ck_assert(fabs(gdc_vec_pi_minus_angle(a, c, 2) - 1e-12) <= 1e-27);
    ck_assert(gdc_vec_angle(a, a, 2) == 0.0);
    /* non-unit v: loss scales as |v|^2 F(w/|v|) */
    double v2[2] = {2.0, 0.0}, w2[2] = {1.0, 1.0}, w1[2] = {0.5, 0.5}, v1[2] = {1.0, 0.0};
    ck_assert(fabs(gdc_relu_loss_vec(w2, v2, 2) - 4.0 * gdc_relu_loss_vec(w1, v1, 2)) <= 1e-15);
}
END_TEST

/* h, J monotone box enclosures and the MPFR point values */
START_TEST(test_h_boxes)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, 3);
    arb_t t, y;
    arf_t a, b;
    arb_init(t); arb_init(y);
    arf_init(a); arf_init(b);
    mpfr_t mt, my;
    mpfr_init2(mt, 53);
    mpfr_init2(my, 200);
    for (int i = 0; i < 300; i++) {
        double t0 = gdc_rng_range(&g, 0.0, 3.14159), t1 = t0 + (GDC_PI_HI - t0) * gdc_rng_logu(&g, -15, 0);
        arf_set_d(a, t0);
        arf_set_d(b, t1);
        arb_set_interval_arf(t, a, b, 64);
        for (int f = 0; f < 2; f++) {
            if (f == 0)
                gdc_relu_h_arb(y, t, 64);
            else
                gdc_relu_J_arb(y, t, 64);
            for (int s = 0; s < 10; s++) {
                double x = gdc_rng_range(&g, t0, t1);
                mpfr_set_d(mt, x, MPFR_RNDN);
                if (f == 0)
                    gdc_relu_h_mpfr(my, mt);
                else
                    gdc_relu_J_mpfr(my, mt);
                arb_t v;
                arb_init(v);
                arf_set_mpfr(arb_midref(v), my);
                ck_assert_msg(arb_contains(y, v), "%s(%.17g) outside [%g, %g]", f ? "J" : "h", x, t0, t1);
                arb_clear(v);
            }
        }
    }
    mpfr_clear(mt);
    mpfr_clear(my);
    arb_clear(t); arb_clear(y);
    arf_clear(a); arf_clear(b);
}
END_TEST

/* h and its derivatives on boxes that end at the domain end pi (issue 9: relu.h(t) >= 0 on [0, pi]). The box
 * [lo, pi] as a ball reaches past pi by the rounding of pi; its points are those of [lo, pi], where, with
 * e = pi - t in [0, 1]: 0 <= e^3/3 - e^5/30 <= h <= e^3/3 (the series of G3 alternates with decreasing terms),
 * h' = -e sin e in [-e^2, 0] and h'' = sin e + e cos e >= 0. So the enclosure must be >= 0 with its lower end
 * exactly 0 (h(pi) = 0 is a value of the box), reach h(lo) >= e^3/3 - e^5/30, contain the values at exact
 * points sampled inside (Arb at 4096 bits), and h' and h'' must contain 0 with signs <= 0 and >= 0. */
START_TEST(test_h_at_pi)
{
    static const slong precs[] = {64, 128, 256, 1024};
    static const slong ks[] = {2, 10, 40, 100, 300, 1000};
    arb_t t, y, p, v, ts, lb;
    arb_ptr jac = _arb_vec_init(1), hess = _arb_vec_init(1);
    arf_t lo, hi;
    arb_init(t); arb_init(y); arb_init(p); arb_init(v); arb_init(ts); arb_init(lb);
    arf_init(lo); arf_init(hi);
    for (size_t i = 0; i < sizeof precs / sizeof precs[0]; i++)
        for (size_t j = 0; j < sizeof ks / sizeof ks[0]; j++) {
            slong prec = precs[i], k = ks[j];
            if (k > prec - 4)
                continue;
            arb_const_pi(p, prec);
            arb_get_lbound_arf(lo, p, prec);
            arf_set_ui_2exp_si(hi, 1, -k);
            arf_sub(lo, lo, hi, prec, ARF_RND_DOWN); /* lo = pi_lo - 2^-k, exact at prec bits */
            arb_get_ubound_arf(hi, p, prec);
            arb_set_interval_arf(t, lo, hi, prec);
            gdc_relu_h_arb(y, t, prec);
            ck_assert_msg(arb_is_nonnegative(y) && arb_contains_zero(y), "h on [pi - 2^-%ld, pi] at %ld bits", k,
                          prec);
            /* e^3/3 - e^5/30 at e = pi - lo (>= 2^-k), a lower bound of h(lo) */
            arb_set_arf(ts, lo);
            arb_const_pi(v, 4 * prec);
            arb_sub(v, v, ts, 4 * prec);
            arb_pow_ui(lb, v, 3, 4 * prec);
            arb_div_ui(lb, lb, 3, 4 * prec);
            arb_pow_ui(v, v, 5, 4 * prec);
            arb_div_ui(v, v, 30, 4 * prec);
            arb_sub(lb, lb, v, 4 * prec);
            arb_get_ubound_arf(hi, y, prec);
            arb_set_arf(v, hi);
            ck_assert_msg(arb_ge(v, lb), "h(lo) above the enclosure (k = %ld)", k);
            for (int s = 1; s < 8; s++) { /* exact points lo + (s/8) 2^-k inside the box (below pi) */
                arf_set_ui_2exp_si(hi, (ulong)s, -k - 3);
                arf_add(arb_midref(ts), lo, hi, ARF_PREC_EXACT, ARF_RND_DOWN);
                mag_zero(arb_radref(ts));
                gdc_relu_h_arb(v, ts, 4096);
                ck_assert_msg(arb_is_positive(v) && arb_overlaps(y, v), "h(lo + %d/8 2^-%ld)", s, k);
            }
            gdc_relu_h_hess_arb(v, jac, hess, t, prec);
            ck_assert_msg(arb_contains_zero(jac) && arb_is_nonpositive(jac), "h' at pi (k = %ld)", k);
            ck_assert_msg(arb_contains_zero(hess) && arb_is_nonnegative(hess), "h'' at pi (k = %ld)", k);
            ck_assert(arb_is_nonnegative(v) && arb_contains_zero(v));
        }
    /* an exact point beyond pi is taken at pi (the rows' points lie in [0, pi]): h = 0 exactly */
    arb_set_d(t, 3.2);
    gdc_relu_h_arb(y, t, 64);
    ck_assert(arb_is_zero(y));
    _arb_vec_clear(jac, 1);
    _arb_vec_clear(hess, 1);
    arb_clear(t); arb_clear(y); arb_clear(p); arb_clear(v); arb_clear(ts); arb_clear(lb);
    arf_clear(lo); arf_clear(hi);
}
END_TEST

/* The double kernels' far ends, where the fast forms of issue 14 guard their arithmetic (expected values from the
 * formulas, not from program output):
 *  - F = (1 + r^2)/4 - r h(t)/(2 pi) >= (r - 1)^2/4 (h <= pi) and corr = Q/2 - D/(2 pi) >= (r - 1)^2/2 - (pi r + 6)/(2 pi)
 *    (D = (t - sin t) + (1 - cos t) sin t + r J <= pi + 2 + pi r) exceed DBL_MAX for r >= 1e160 ((1e160 - 1)^2/4 >
 *    2.4e319): the correctly rounded value is +inf (the square overflowed to a NaN before);
 *  - r = 2^501: F = 2^1000 (1 - delta) with 0 <= delta <= 2^-499 (r h/(2 pi) <= r/2, 1/4 below that), which rounds
 *    to 2^1000 (the double below is 2^-53 of it away); corr = r^2/2 - r (cos t + J/(2 pi)) + (t - sin t + (1 -
 *    cos t) sin t)/(2 pi) + 1/2, within 2^-498 of 2^1001 relative: 2^1001;
 *  - r = 1, t = 1e-300: Q = 2 (1 - cos t) ~ 1e-600 underflows to 0 or a subnormal, and R = 1/2 - D/(2 pi Q) with
 *    0 <= D/(2 pi Q) <= t/(2 pi) (D <= t^3 + t^3/2, Q = 2(1 - cos t) >= 0.99 t^2) rounds to 1/2. */
START_TEST(test_double_far_ends)
{
    static const double ts[] = {0.0, 1e-3, 0.5, 1.0, 2.0, 3.0, 3.141592653589793};
    for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++) {
        double t = ts[i];
        ck_assert_msg(gdc_relu_loss(1e160, t) == INFINITY, "loss(1e160, %g)", t);
        ck_assert_msg(gdc_relu_loss(1.7976931348623157e308, t) == INFINITY, "loss(DBL_MAX, %g)", t);
        ck_assert_msg(gdc_relu_corr(1e160, t) == INFINITY, "corr(1e160, %g)", t);
        ck_assert_msg(gdc_relu_loss(0x1p501, t) == 0x1p1000, "loss(2^501, %g) = %a", t, gdc_relu_loss(0x1p501, t));
        ck_assert_msg(gdc_relu_corr(0x1p501, t) == 0x1p1001, "corr(2^501, %g) = %a", t, gdc_relu_corr(0x1p501, t));
    }
    ck_assert(gdc_relu_corr_ratio(1.0, 1e-300) == 0.5);
    ck_assert(gdc_relu_corr_ratio(1.0, 5e-324) == 0.5);
    ck_assert(gdc_relu_corr(1.0, 0.0) == 0.0 && gdc_relu_corr_ratio(1.0, 0.0) == 0.5 && gdc_relu_loss(1.0, 0.0) == 0.0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("relu_special");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_ratio_boxes_at_singularity);
    tcase_add_test(tc, test_ratio_boxes_wide);
    tcase_add_test(tc, test_ratio_point_limit);
    tcase_add_test(tc, test_ratio_near_pi_identity);
    tcase_add_test(tc, test_series_balls);
    tcase_add_test(tc, test_vector_api);
    tcase_add_test(tc, test_h_boxes);
    tcase_add_test(tc, test_h_at_pi);
    tcase_add_test(tc, test_double_far_ends);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
