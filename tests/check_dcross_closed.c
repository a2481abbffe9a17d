/* ball.dcross's closed form at points (src/ball/ball_dcross_closed.c) against independent values:
 *  - the value against the MPFR reference (src/ball/ball_dcross_mpfr.c: composite Gauss-Legendre, no shared code) at
 *    points of every case (b < 0 and > 0, theta below and above pi/2, r1 < 1 and >= 1, r2 < 1 and >= 1, r1 tiny,
 *    b = 0, theta = 0, near pi/2, 3 pi/4, near pi; t > 1) for d = 3, 4, 5, 16, 17, 50, 99, 100;
 *  - the three partial derivatives against central differences of the value at 256 bits (h = 2^-30: the truncation
 *    h^2 f'''/6 is far below the tolerance 2^-30 relative);
 *  - the value inside the quadrature's enclosure (ball_dcross_quad.c, a different rigorous method) on a small box
 *    around the point (radius 2^-20: too wide for the closed form, so the row integrates);
 *  - near-points (balls of radius 2^-60, as the prover's centres; the value at the midpoint plus the partials on the
 *    ball times the radii): the closed form applies and encloses the MPFR value;
 *    a b whose ball straddles 0 is left to the quadrature;
 *  - b <= -t: exactly 0;
 *  - values on boxes (TAIL pieces in closed form with ball parameters) hold the values at corners and random points,
 *    and the TAIL piece alone on a box holds it at the corners. */
#include <check.h>
#include <math.h>
#include "gdcert.h"
#include "ball/ball.h"
#include "ball/ball_util.h"

static const long DS[] = {3, 4, 5, 16, 17, 50, 99, 100};
#define NDS ((int)(sizeof DS / sizeof DS[0]))
/* (t, b, theta): every case of the piece table */
static const double PTS[][3] = {
    {1, -0.3, 0.4},        /* b < 0, theta < pi/2: ZERO, BOTH, TAIL (r2 < 1) */
    {1, -0.3, 0.1},        /* r2 >= 1: ZERO, BOTH to 1 */
    {1, -0.3, 2.0},        /* b < 0, theta > pi/2: ZERO, TAIL */
    {0.7, -0.6, 2.356},    /* 3 pi/4, r2 >= 1: 0 */
    {1, 0.3, 0.4},         /* b > 0, theta < pi/2: FULL, TAIL */
    {1, 0.3, 2.0},         /* b > 0, theta > pi/2: FULL, WRAP, TAIL */
    {1, 0.3, 2.9},         /* r2 >= 1: FULL, WRAP to 1 */
    {0.5, 0.7, 1.0},       /* r1 >= 1: FULL only */
    {0.8, 0.0, 1.0},       /* b = 0 */
    {0.8, 0.0, 2.2},       /* b = 0, theta > pi/2 */
    {0.8, 0.0, 0.0},       /* b = 0, theta = 0 */
    {0.9, -0.2, 0.0},      /* theta = 0, b < 0 */
    {0.9, 0.2, 0.0},       /* theta = 0, b > 0 */
    {1, 1e-6, 0.7},        /* r1 tiny */
    {1, -1e-6, 2.2},       /* r1 tiny, b < 0 */
    {1, -0.3, 1.5707},     /* theta just below pi/2: r2 near r1 */
    {1, 0.3, 1.5709},      /* just above */
    {2.5, -0.5, 1.5},      /* t > 1 */
    {2.5, 0.5, 1.6},
    {0.7, -0.69, 0.3},     /* r1 near 1: a tiny value */
    {0.96, 0.05, 2.356},   /* the Theorem 5.4 claims' corner */
    {0.3, 0.1, 3.0},       /* theta near pi */
};
#define NPTS ((int)(sizeof PTS / sizeof PTS[0]))

/* the MPFR reference at the point, as a ball of relative radius 2^-100 (its precision is 128 + 24 bits) */
static void mpfr_ref(arb_t res, long d, double t, double b, double th)
{
    mpfr_t y[5], v;
    double p[5] = {(double)d, 1, t, b, th};
    for (int j = 0; j < 5; j++)
        mpfr_init2(y[j], 53), mpfr_set_d(y[j], p[j], MPFR_RNDN);
    mpfr_init2(v, 128);
    gdc_ball_dcross_mpfr(v, (mpfr_srcptr)y[0]);
    arb_set_interval_mpfr(res, v, v, 128);
    arb_add_error_2exp_si(res, mpfr_zero_p(v) ? -1000 : mpfr_get_exp(v) - 100);
    for (int j = 0; j < 5; j++)
        mpfr_clear(y[j]);
    mpfr_clear(v);
}

/* g[0..4) of the closed form (s = 1, so the value is the row's) at the point, at prec; asserts that it applies */
static void closed(arb_ptr g, long d, double t, double b, double th, slong prec)
{
    arb_t T, B, TH;
    arb_init(T), arb_init(B), arb_init(TH);
    arb_set_d(T, t), arb_set_d(B, b), arb_set_d(TH, th);
    ck_assert_msg(gdc_ball_dcross_closed(g, 4, d, T, B, TH, prec / 2, prec), "d %ld (%g, %g, %g): not applied", d, t,
                  b, th);
    /* the row's s factor is 1: g[0] is the value */
    arb_clear(T), arb_clear(B), arb_clear(TH);
}

START_TEST(test_closed_vs_mpfr)
{
    arb_ptr g = _arb_vec_init(4);
    arb_t m, row;
    arb_init(m), arb_init(row);
    arb_ptr x = _arb_vec_init(5);
    for (int i = 0; i < NDS; i++)
        for (int k = 0; k < NPTS; k++) {
            const double *p = PTS[k];
            closed(g, DS[i], p[0], p[1], p[2], 64);
            mpfr_ref(m, DS[i], p[0], p[1], p[2]);
            ck_assert_msg(arb_overlaps(g, m), "d %ld (%g, %g, %g): %s vs MPFR %s", DS[i], p[0], p[1], p[2],
                          arb_get_str(g, 20, 0), arb_get_str(m, 20, 0));
            ck_assert_msg(arb_is_zero(g) || arb_rel_accuracy_bits(g) >= 56, "d %ld point %d: %ld bits", DS[i], k,
                          (long)arb_rel_accuracy_bits(g));
            /* the row (gdc_ball_dcross_arb) at the exact point takes the same path */
            arb_set_si(x + 0, DS[i]), arb_one(x + 1);
            arb_set_d(x + 2, p[0]), arb_set_d(x + 3, p[1]), arb_set_d(x + 4, p[2]);
            gdc_ball_dcross_arb(row, x, 64);
            ck_assert(arb_overlaps(row, m) && (arb_is_zero(row) || arb_rel_accuracy_bits(row) >= 56));
        }
    _arb_vec_clear(g, 4), _arb_vec_clear(x, 5);
    arb_clear(m), arb_clear(row);
}
END_TEST

START_TEST(test_closed_partials_fd)
{
    arb_ptr g = _arb_vec_init(4), gp = _arb_vec_init(4), gm = _arb_vec_init(4);
    arb_t fd, h, tol;
    arb_init(fd), arb_init(h), arb_init(tol);
    arb_set_ui(h, 1);
    arb_mul_2exp_si(h, h, -30);
    for (int i = 0; i < NDS; i++)
        for (int k = 0; k < NPTS; k++) {
            const double *p = PTS[k];
            closed(g, DS[i], p[0], p[1], p[2], 256);
            for (int j = 0; j < 3; j++) {
                if (j == 2 && p[2] == 0)
                    continue; /* theta = 0 is the range's end: no central difference */
                double q[3] = {p[0], p[1], p[2]}, e = ldexp(1, -30);
                q[j] = p[j] + e;
                closed(gp, DS[i], q[0], q[1], q[2], 256);
                q[j] = p[j] - e;
                closed(gm, DS[i], q[0], q[1], q[2], 256);
                arb_sub(fd, gp, gm, 256);
                arb_div(fd, fd, h, 256);
                arb_mul_2exp_si(fd, fd, -1);
                /* g[1] = int r^2 q^m r Phi_A = d/dt of g[0]; g[2] = d/db, g[3] = d/dtheta */
                arb_sub(fd, fd, g + 1 + j, 256);
                arb_abs(tol, g + 1 + j);
                arb_max(tol, tol, g, 256);
                arb_mul_2exp_si(tol, tol, -30);
                arb_abs(fd, fd);
                ck_assert_msg(arb_le(fd, tol), "d %ld (%g, %g, %g), partial %d: off by %s (scale %s)", DS[i], p[0],
                              p[1], p[2], j, arb_get_str(fd, 5, 0), arb_get_str(tol, 5, 0));
            }
        }
    _arb_vec_clear(g, 4), _arb_vec_clear(gp, 4), _arb_vec_clear(gm, 4);
    arb_clear(fd), arb_clear(h), arb_clear(tol);
}
END_TEST

/* the quadrature (a box of radius 2^-20 around the point, the value and the Jacobian) holds the closed-form point
 * values, and the row's point Jacobian (closed form) its partials */
START_TEST(test_closed_in_quadrature_box)
{
    arb_ptr x = _arb_vec_init(5), jb = _arb_vec_init(5), jp = _arb_vec_init(5);
    arb_t vb, vp, vj;
    arb_init(vb), arb_init(vp), arb_init(vj);
    const long ds[] = {3, 16, 100};
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < NPTS; k++) {
            const double *p = PTS[k];
            arb_set_si(x + 0, ds[i]), arb_set_d(x + 1, 1.25);
            for (int j = 0; j < 3; j++)
                arb_set_d(x + 2 + j, p[j]);
            gdc_ball_dcross_jac(vp, jp, x, 64);
            for (int j = 2; j < 5; j++)
                if (!(j == 4 && p[2] == 0) && !(j == 3 && p[1] == 0))
                    mag_set_ui_2exp_si(arb_radref(x + j), 1, -20);
            gdc_ball_dcross_arb(vb, x, 64);
            gdc_ball_dcross_jac(vj, jb, x, 64);
            ck_assert_msg(arb_is_finite(vb) && arb_contains(vb, vp) && arb_contains(vj, vp), "d %ld point %d: %s, %s, %s",
                          ds[i], k, arb_get_str(vp, 20, 0), arb_get_str(vb, 20, 0), arb_get_str(vj, 20, 0));
            for (int j = 1; j < 5; j++)
                ck_assert_msg(arb_contains(jb + j, jp + j), "d %ld point %d partial %d: %s not in %s", ds[i], k, j,
                              arb_get_str(jp + j, 10, 0), arb_get_str(jb + j, 10, 0));
        }
    _arb_vec_clear(x, 5), _arb_vec_clear(jb, 5), _arb_vec_clear(jp, 5);
    arb_clear(vb), arb_clear(vp), arb_clear(vj);
}
END_TEST

START_TEST(test_closed_near_points)
{
    arb_ptr g = _arb_vec_init(4);
    arb_t T, B, TH, m;
    arb_init(T), arb_init(B), arb_init(TH), arb_init(m);
    for (int i = 0; i < NDS; i += 3)
        for (int k = 0; k < NPTS; k++) {
            const double *p = PTS[k];
            if (p[1] == 0 || p[2] == 0)
                continue;
            arb_set_d(T, p[0]), arb_set_d(B, p[1]), arb_set_d(TH, p[2]);
            mag_set_ui_2exp_si(arb_radref(T), 1, -60);
            mag_set_ui_2exp_si(arb_radref(B), 1, -60);
            mag_set_ui_2exp_si(arb_radref(TH), 1, -60);
            int ok = gdc_ball_dcross_closed(g, 1, DS[i], T, B, TH, 32, 64);
            /* r1 = 0.986 at d >= 50: the value (1e-84) is far below the partials' ball width, which the cancelling
             * O(1) terms of the closed form set at 2^-64 of their size, so the row falls back to the quadrature there;
             * everywhere else the closed form applies */
            ck_assert_msg(ok || (p[1] == -0.69 && DS[i] >= 50), "d %ld point %d: not applied", DS[i], k);
            if (!ok)
                continue;
            mpfr_ref(m, DS[i], p[0], p[1], p[2]);
            ck_assert_msg(arb_overlaps(g, m), "d %ld point %d", DS[i], k);
        }
    /* b straddling 0: the sign (and so the case table) is undecided: not applied; the row integrates */
    arb_set_d(T, 0.8), arb_set_d(TH, 1.0), arb_zero(B);
    mag_set_ui_2exp_si(arb_radref(B), 1, -60);
    ck_assert(!gdc_ball_dcross_closed(g, 1, 50, T, B, TH, 32, 64));
    /* b <= -t: no piece, exactly 0 */
    arb_set_d(B, -0.8);
    ck_assert(gdc_ball_dcross_closed(g, 4, 50, T, B, TH, 32, 64) && arb_is_zero(g) && arb_is_zero(g + 3));
    _arb_vec_clear(g, 4);
    arb_clear(T), arb_clear(B), arb_clear(TH), arb_clear(m);
}
END_TEST


/* values on boxes (the TAIL pieces in closed form with ball parameters, ball_dcross_arb.c's piece_add): the row's
 * enclosure on a box holds its values at the box's corners and at random points inside (exact points: the closed
 * form checked against MPFR above); and the TAIL piece alone, on [lo, 1] with lo above every point's r2, holds the
 * piece at sampled points */
START_TEST(test_closed_tail_boxes)
{
    const long ds[] = {3, 16, 17, 100};
    arb_ptr x = _arb_vec_init(5), y = _arb_vec_init(5), acc = _arb_vec_init(1), pacc = _arb_vec_init(1);
    arb_t box, pt, sn, cs, lo, one;
    arb_init(box), arb_init(pt), arb_init(sn), arb_init(cs), arb_init(lo), arb_init(one);
    arb_one(one);
    unsigned long seed = 9;
    long used = 0;
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < NPTS; k++)
            for (int w = 6; w <= 10; w += 4) {
                const double *p = PTS[k];
                double r = ldexp(1, -w), c[3] = {p[0], p[1], p[2] < r ? r : p[2]};
                arb_set_si(x + 0, ds[i]), arb_one(x + 1);
                for (int j = 0; j < 3; j++) {
                    arb_set_d(x + 2 + j, c[j]);
                    mag_set_d(arb_radref(x + 2 + j), r);
                }
                gdc_ball_dcross_arb(box, x, 64);
                ck_assert(arb_is_finite(box));
                for (int s = 0; s < 10; s++) {
                    arb_set(y + 0, x + 0), arb_one(y + 1);
                    for (int j = 0; j < 3; j++) {
                        seed = seed * 6364136223846793005ul + 1442695040888963407ul;
                        double f = s < 8 ? ((s >> j) & 1 ? 1 : -1) : (double)(seed >> 11) / 9007199254740992.0 * 2 - 1;
                        arb_set_d(y + 2 + j, c[j] + f * r);
                    }
                    gdc_ball_dcross_arb(pt, y, 64);
                    ck_assert_msg(arb_overlaps(box, pt), "d %ld point %d, 2^-%d: %s not in %s", ds[i], k, w,
                                  arb_get_str(pt, 10, 0), arb_get_str(box, 10, 0));
                }
                /* the TAIL piece's closed form alone on [0.999, 1] where r2 = |bv|/(t sin theta) < 0.999 on the
                 * whole box (the piece's domain): its ball evaluation holds its values at the corners */
                arb_set_d(lo, 0.999);
                arb_sin_cos(sn, cs, x + 4, 64);
                arb_nonnegative_part(sn, sn);
                if (arb_contains_zero(x + 3) || arb_contains_zero(sn))
                    continue;
                arb_abs(pt, x + 3);
                arb_div(pt, pt, x + 2, 64);
                arb_div(pt, pt, sn, 64);
                if (!arb_lt(pt, lo))
                    continue;
                arb_zero(acc);
                if (!gdc_ball_dcross_tail_add(acc, 1, ds[i], lo, one, x + 2, x + 3, x + 4, sn, cs,
                                              arb_is_negative(x + 3), 64))
                    continue;
                used++;
                for (int s = 0; s < 8; s++) {
                    for (int j = 0; j < 3; j++)
                        arb_set_d(y + 2 + j, c[j] + ((s >> j) & 1 ? r : -r));
                    arb_sin_cos(sn, cs, y + 4, 64);
                    arb_zero(pacc);
                    ck_assert(gdc_ball_dcross_tail_add(pacc, 1, ds[i], lo, one, y + 2, y + 3, y + 4, sn, cs,
                                                       arb_is_negative(y + 3), 128));
                    ck_assert_msg(arb_overlaps(acc, pacc), "d %ld point %d: TAIL piece", ds[i], k);
                }
            }
    ck_assert_msg(used >= 40, "%ld boxes used the TAIL piece's closed form", used);
    _arb_vec_clear(x, 5), _arb_vec_clear(y, 5), _arb_vec_clear(acc, 1), _arb_vec_clear(pacc, 1);
    arb_clear(box), arb_clear(pt), arb_clear(sn), arb_clear(cs), arb_clear(lo), arb_clear(one);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("dcross_closed");
    TCase *tc = tcase_create("closed");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_closed_vs_mpfr);
    tcase_add_test(tc, test_closed_partials_fd);
    tcase_add_test(tc, test_closed_in_quadrature_box);
    tcase_add_test(tc, test_closed_near_points);
    tcase_add_test(tc, test_closed_tail_boxes);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    flint_cleanup();
    return failed ? 1 : 0;
}
