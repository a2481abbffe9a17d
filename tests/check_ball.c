/* tests of the ball family (004_107e0ef2f6021d42.txt, seed-004 C7, C8): ball.coord against values that follow from
 * the mathematics (d = 1: T uniform on [-1, 1]; d = 3: density (3/4)(1 - t^2); the moments at u = -1; the
 * catalogue's Remark 3.3 values), the derivative identities, and the wide-ball enclosures containing points.
 * ball.cube_norm against the box integrals B_1..B_3, two-sided bounds and (its 64-bit Gauss-Legendre path) the MPFR
 * code, and its integrand's bounds sampled inside balls. The row's accuracy, MPFR, definition and derivative checks are in tests/check_registry. */
#include <check.h>
#include <math.h>
#include <string.h>
#include "gdcert.h"
#include "ball/ball.h"
#include "ball/ball_util.h"
#include "ball/ball_cube.h"
#include "core/rng.h"

static void coord(double *out, double d, double u)
{
    double x[2] = {d, u};
    gdc_ball_coord_d(out, x);
}

static int contains_d(const arb_t b, double v)
{
    arb_t t;
    arb_init(t);
    arb_set_d(t, v);
    int r = arb_contains(b, t);
    arb_clear(t);
    return r;
}

static void near(double got, double want, double rel)
{
    ck_assert_msg(fabs(got - want) <= rel * fabs(want) + 1e-300, "got %.17g want %.17g", got, want);
}

/* d = 1: T ~ U[-1, 1], so f = 1/2, P = (1 - u)/2, E(T - u)_+ = (1 - u)^2/4, E(T - u)_+^2 = (1 - u)^3/6 */
START_TEST(test_d1_uniform)
{
    double o[4];
    for (double u = -0.875; u < 1; u += 0.25) {
        coord(o, 1, u);
        near(o[0], 0.5, 1e-15);
        near(o[1], (1 - u) / 2, 1e-15);
        near(o[2], (1 - u) * (1 - u) / 4, 1e-15);
        near(o[3], (1 - u) * (1 - u) * (1 - u) / 6, 1e-15);
    }
}
END_TEST

/* d = 3: f = (3/4)(1 - t^2); P(u) = (1 - u)^2 (2 + u)/4; E(T-u)_+ = (3/4) int_u^1 (t - u)(1 - t^2) dt
 * = (1 - u)^3 (3 + u)/16; E(T-u)_+^2 = (3/4) int_u^1 (t - u)^2 (1 - t^2) dt = (1 - u)^4 (4 + u)/40 */
START_TEST(test_d3_polynomial)
{
    double o[4];
    for (double u = -0.75; u < 1; u += 0.25) {
        double v = 1 - u;
        coord(o, 3, u);
        near(o[0], 0.75 * (1 - u * u), 1e-15);
        near(o[1], v * v * (2 + u) / 4, 1e-15);
        near(o[2], v * v * v * (3 + u) / 16, 1e-15);
        near(o[3], v * v * v * v * (4 + u) / 40, 1e-15);
    }
}
END_TEST

/* at u = -1 (and beyond): P = 1, E(T + 1) = 1, E(T + 1)^2 = 1 + E T^2 = 1 + 1/(d + 2); at u = 1: all tails 0 */
START_TEST(test_ends)
{
    double o[4];
    for (int d = 1; d <= 40; d++) {
        coord(o, d, -1);
        near(o[1], 1, 1e-15);
        near(o[2], 1, 1e-15);
        near(o[3], 1 + 1.0 / (d + 2), 1e-15);
        coord(o, d, 1);
        ck_assert(o[1] == 0 && o[2] == 0 && o[3] == 0);
    }
}
END_TEST

/* seed-004 C7 (Remark 3.3, r = 1): F(0) = E[(T - u)_+^2]/2 at u = 1 - 1/(2 d^2): 4.6871e-5 (d = 2),
 * 5.8876e-7 (3), 1.9801e-10 (5), 5.9863e-19 (10), 4.4382e-37 (20), 6.8558e-99 (50), 3.6571e-216 (100); the
 * catalogue gives 5 digits */
START_TEST(test_remark33_catalogue)
{
    static const struct {
        double d, f0;
    } cat[] = {{2, 4.6871e-5}, {3, 5.8876e-7}, {5, 1.9801e-10}, {10, 5.9863e-19},
               {20, 4.4382e-37}, {50, 6.8558e-99}, {100, 3.6571e-216}};
    double o[4];
    for (size_t i = 0; i < sizeof cat / sizeof cat[0]; i++) {
        coord(o, cat[i].d, 1 - 1 / (2 * cat[i].d * cat[i].d));
        near(o[3] / 2, cat[i].f0, 1e-4);
    }
}
END_TEST

/* the tail identity for Theorem 3.2's sphere caps (seed-004 C8): P(T >= a) for the d-ball equals the cap
 * P(u1 >= a) of the sphere S^(d+1) (density (1 - t^2)^((d-1)/2) in both); at a = 0 it is 1/2 for every d */
START_TEST(test_half)
{
    double o[4];
    for (int d = 1; d <= 10000; d = d * 3 + 1) {
        coord(o, d, 0);
        near(o[1], 0.5, 1e-15);
    }
}
END_TEST

/* derivatives: the jac's u entries against central differences of the double kernel, and the wide-ball value
 * enclosures contain the values at points of the ball */
START_TEST(test_jac_and_wide)
{
    static const double pts[][2] = {{1, 0.3}, {2, -0.7}, {3, 0.95}, {7, 0.2}, {50, 0.1}, {200, -0.05}};
    arb_ptr x = _arb_vec_init(2), out = _arb_vec_init(4), jac = _arb_vec_init(8), wide = _arb_vec_init(4);
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        double d = pts[i][0], u = pts[i][1], h = 1e-6, op[4], om[4], o[4];
        arb_set_d(x + 0, d);
        arb_set_d(x + 1, u);
        gdc_ball_coord_jac(out, jac, x, 128);
        coord(op, d, u + h);
        coord(om, d, u - h);
        for (int k = 0; k < 4; k++) {
            double fd = (op[k] - om[k]) / (2 * h), j = arf_get_d(arb_midref(jac + 2 * k + 1), ARF_RND_NEAR);
            ck_assert_msg(fabs(fd - j) <= 1e-6 * (1 + fabs(j)), "d %g u %g out %d: jac %g fd %g", d, u, k, j, fd);
            ck_assert(!arb_is_finite(jac + 2 * k)); /* no derivative in the integer d */
        }
        arb_set_d(x + 1, u);
        mag_set_d(arb_radref(x + 1), 0.01);
        gdc_ball_coord_arb(wide, x, 64);
        for (int s = -4; s <= 4; s++) {
            coord(o, d, u + 0.0025 * s);
            for (int k = 0; k < 4; k++)
                ck_assert_msg(contains_d(wide + k, o[k]), "d %g u %g output %d", d, u + 0.0025 * s, k);
        }
    }
    _arb_vec_clear(x, 2), _arb_vec_clear(out, 4), _arb_vec_clear(jac, 8), _arb_vec_clear(wide, 4);
}
END_TEST

static double disk(double s, double bw, double t, double bv, double th)
{
    double x[5] = {s, bw, t, bv, th}, o[1];
    gdc_ball_disk_cross_d(o, x);
    return o[0];
}

/* ball.disk_cross against mathematics (seed-004 C28):
 *  - bias-free: E[(y1)_+ (cos th y1 + sin th y2)_+] = E[r^2] (sin th + (pi - th) cos th)/(4 pi) with E[r^2] = 1/2 on
 *    the unit disk (the arc-cosine kernel; the Gaussian in R^2 has E r^2 = 2 and gives (sin + (pi - th) cos)/(2 pi));
 *  - t = 0: K = E[(s y1 + bw)_+] bv_+ = s ball.coord(2, -bw/s)[2] bv_+;
 *  - homogeneity: K(a s, a bw, t, bv) = a K(s, bw, t, bv) for a > 0; symmetry: swapping the neurons (theta -> theta);
 *  - both neurons always active (bw, bv > s, t): K = E[(s y1 + bw)(t cos th y1 + t sin th y2 + bv)] = s t cos th/4 + bw bv
 *    (E y1^2 = 1/4 on the unit disk). */
START_TEST(test_disk_identities)
{
    for (double th = 0.1; th < 3.1; th += 0.5) {
        double k = (sin(th) + (M_PI - th) * cos(th)) / (8 * M_PI);
        near(disk(1, 0, 1, 0, th), k, 1e-12); /* the expected value cancels near pi in double */
        near(disk(2.5, 0, 0.4, 0, th), k, 1e-12);
        near(disk(0.7, 2, 0.3, 1.5, th), 0.7 * 0.3 * cos(th) / 4 + 3, 1e-15);
        near(disk(0.8, 0.3, 1.1, -0.2, th), 2 * disk(0.4, 0.15, 1.1, -0.2, th), 1e-14);
        /* swapping the neurons: rotate so that the second is along e1 */
        near(disk(0.8, 0.3, 1.1, -0.2, th), disk(1.1, -0.2, 0.8, 0.3, th), 1e-14);
    }
    double o[4];
    coord(o, 2, -0.3 / 1.3);
    near(disk(1.3, 0.3, 0, 0.5, 1.0), 1.3 * o[2] * 0.5, 1e-15);
    ck_assert(disk(1, -1, 1, 0, 1.0) == 0); /* the first neuron is never active */
}
END_TEST

/* the disk row's jac against central differences and its wide enclosures against points */
START_TEST(test_disk_jac_wide)
{
    static const double pts[][5] = {{1, 0, 0.9, 0.43, 2.3}, {0.8, 0.3, 1.1, -0.2, 1.0}, {1, 0, 1, 0, 0.5},
                                    {2, -1.2, 0.5, 0.1, 2.9}, {1, 0, 0.2, 0.98, 0.7}};
    arb_ptr x = _arb_vec_init(5), out = _arb_vec_init(1), jac = _arb_vec_init(5), wide = _arb_vec_init(1);
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        const double *p = pts[i];
        for (int j = 0; j < 5; j++)
            arb_set_d(x + j, p[j]);
        gdc_ball_disk_cross_jac(out, jac, x, 128);
        for (int j = 0; j < 5; j++) {
            double a[5], b[5], h = 1e-6;
            memcpy(a, p, sizeof a), memcpy(b, p, sizeof b);
            a[j] += h, b[j] -= h;
            double fd = (disk(a[0], a[1], a[2], a[3], a[4]) - disk(b[0], b[1], b[2], b[3], b[4])) / (2 * h);
            double jj = arf_get_d(arb_midref(jac + j), ARF_RND_NEAR);
            ck_assert_msg(fabs(fd - jj) <= 1e-6 * (1 + fabs(jj)), "point %zu arg %d: jac %g fd %g", i, j, jj, fd);
        }
        for (int j = 0; j < 5; j++)
            mag_set_d(arb_radref(x + j), 0.01);
        gdc_ball_disk_cross_arb(wide, x, 64);
        for (int s = -2; s <= 2; s++) {
            double v = disk(p[0] + 0.004 * s, p[1] - 0.003 * s, p[2] + 0.005 * s, p[3] + 0.002 * s, p[4] - 0.004 * s);
            ck_assert_msg(contains_d(wide + 0, v), "point %zu step %d", i, s);
        }
    }
    _arb_vec_clear(x, 5), _arb_vec_clear(out, 1), _arb_vec_clear(jac, 5), _arb_vec_clear(wide, 1);
}
END_TEST

/* contains(ball, the MPFR value of ball.coord(d, u) output k at 300 bits) for a double u */
static void coord_mpfr(mpfr_t *o, double d, double u)
{
    mpfr_t x[2];
    mpfr_init2(x[0], 64), mpfr_init2(x[1], 64);
    mpfr_set_d(x[0], d, MPFR_RNDN), mpfr_set_d(x[1], u, MPFR_RNDN);
    mpfr_ptr out = (mpfr_ptr)o;
    gdc_ball_coord_mpfr(out, (mpfr_srcptr)x);
    mpfr_clear(x[0]), mpfr_clear(x[1]);
}

static int contains_mpfr(const arb_t b, const mpfr_t v)
{
    arb_t t;
    arb_init(t);
    arf_set_mpfr(arb_midref(t), v);
    mag_zero(arb_radref(t));
    /* the MPFR value's own rounding at 300 bits (a zero value has no exponent: 2^-290 absolute there) */
    arb_add_error_2exp_si(t, mpfr_zero_p(v) ? -290 : mpfr_get_exp(v) - 290);
    int r = arb_overlaps(b, t);
    arb_clear(t);
    return r;
}

/* ball.coord for d = 2 (the disk) comes from closed forms (acos), not from the incomplete beta function:
 *  - mathematics: at u = 0, f = 2/pi, P = 1/2, E[T_+] = (2/pi) int_0^1 T sqrt(1 - T^2) = 2/(3 pi), E[T_+^2] = E[T^2]/2 =
 *    1/8 (E[T^2] = 1/4 on the unit disk); at u = 1/2 the segment beyond the chord has area pi/3 - sqrt3/4 (the sector
 *    of angle 2pi/3 minus its triangle), so P = 1/3 - sqrt3/(4 pi), f = (2/pi) sqrt(3/4) = sqrt3/pi, and P(-1/2) = 1 - P(1/2);
 *  - the Arb balls at 64 and 256 bits contain the MPFR row (an independent recurrence from acos u, ball_coord_mpfr.c)
 *    at u = +-(1 - 2^-k), where the last outputs cancel, and at random u;
 *  - boxes of u contain the MPFR values at points inside. */
START_TEST(test_d2_closed_form)
{
    arb_ptr x = _arb_vec_init(2), out = _arb_vec_init(4);
    arb_t w, r3, pi;
    arb_init(w), arb_init(r3), arb_init(pi);
    arb_const_pi(pi, 128);
    arb_sqrt_ui(r3, 3, 128);
    arb_set_ui(x + 0, 2);
    arb_zero(x + 1);
    gdc_ball_coord_arb(out, x, 128);
    arb_set_ui(w, 2);
    arb_div(w, w, pi, 128);
    ck_assert(arb_overlaps(out + 0, w)); /* 2/pi */
    arb_set_d(w, 0.5);
    ck_assert(arb_overlaps(out + 1, w));
    arb_set_ui(w, 2);
    arb_div_ui(w, w, 3, 128);
    arb_div(w, w, pi, 128);
    ck_assert(arb_overlaps(out + 2, w));
    arb_set_d(w, 0.125);
    ck_assert(arb_overlaps(out + 3, w));
    for (int sg = -1; sg <= 1; sg += 2) {
        arb_set_d(x + 1, 0.5 * sg);
        gdc_ball_coord_arb(out, x, 128);
        arb_div(w, r3, pi, 128);
        arb_mul_2exp_si(w, w, -2);
        arb_set_ui(out + 3, 1);
        arb_div_ui(out + 3, out + 3, 3, 128);
        arb_sub(w, out + 3, w, 128); /* 1/3 - sqrt3/(4 pi) */
        if (sg < 0)
            arb_sub_ui(w, w, 1, 128), arb_neg(w, w);
        ck_assert_msg(arb_overlaps(out + 1, w), "P(%g)", 0.5 * sg);
        ck_assert(mag_cmp_2exp_si(arb_radref(out + 1), -100) < 0);
        arb_div(w, r3, pi, 128);
        ck_assert(arb_overlaps(out + 0, w));
    }
    mpfr_t o[4];
    for (int k = 0; k < 4; k++)
        mpfr_init2(o[k], 300);
    gdc_rng_t rng;
    gdc_rng_seed(&rng, 2026);
    for (int i = 0; i < 160; i++) {
        double u = i < 80 ? (i % 2 ? -1 : 1) * (1 - ldexp(1, -(i / 2 + 1))) : 2 * gdc_rng_uniform(&rng) - 1;
        coord_mpfr(o, 2, u);
        arb_set_d(x + 1, u);
        for (slong prec = 64; prec <= 256; prec += 192) {
            gdc_ball_coord_arb(out, x, prec);
            for (int k = 0; k < 4; k++)
                ck_assert_msg(contains_mpfr(out + k, o[k]), "u %.17g prec %ld output %d", u, (long)prec, k);
        }
        if (i < 80)
            continue;
        mag_set_d(arb_radref(x + 1), 0.01);
        gdc_ball_coord_arb(out, x, 64);
        for (int st = -4; st <= 4; st++) {
            coord_mpfr(o, 2, u + 0.0025 * st);
            for (int k = 0; k < 4; k++)
                ck_assert_msg(contains_mpfr(out + k, o[k]), "box at u %.17g step %d output %d", u, st, k);
        }
    }
    for (int k = 0; k < 4; k++)
        mpfr_clear(o[k]);
    arb_clear(w), arb_clear(r3), arb_clear(pi);
    _arb_vec_clear(x, 2), _arb_vec_clear(out, 4);
}
END_TEST

/* outside [-1, 1] the density is 0 for every d (the distribution has no mass there), so f'(u) = 0 on a box wholly
 * outside, even for d = 1, 2 whose f jumps (d = 1) or has an unbounded slope (d = 2) at +-1; a box reaching +-1 has
 * no bounded f' for d = 1, 2 (indeterminate) */
START_TEST(test_jac_outside)
{
    static const double pts[][3] = {{1, -1.2082656200114987, 0.1}, {2, 1.5, 0.4}, {1, 3, 1}, {2, -4, 2}, {5, -1.5, 0.25}};
    arb_ptr x = _arb_vec_init(2), out = _arb_vec_init(4), jac = _arb_vec_init(8);
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        arb_set_d(x + 0, pts[i][0]);
        arb_set_d(x + 1, pts[i][1]);
        mag_set_d(arb_radref(x + 1), pts[i][2]);
        gdc_ball_coord_jac(out, jac, x, 64);
        ck_assert_msg(arb_is_zero(jac + 1), "d %g u %g: f' is not 0", pts[i][0], pts[i][1]);
        mag_set_d(arb_radref(x + 1), fabs(pts[i][1])); /* now the box reaches past 0, so over +-1 */
        gdc_ball_coord_jac(out, jac, x, 64);
        if (pts[i][0] <= 2)
            ck_assert_msg(!arb_is_finite(jac + 1), "d %g: a box over +-1 has a bounded f'", pts[i][0]);
    }
    _arb_vec_clear(x, 2), _arb_vec_clear(out, 4), _arb_vec_clear(jac, 8);
}
END_TEST

/* the Arb code refuses a non-integer or inexact d */
/* ball.cube_norm: E|w| over [-1, 1]^d is the box integral B_d(1) of the unit cube (|w| has the law of |U[0,1]^d|):
 * B_1 = 1/2, B_2 = (sqrt2 + asinh 1)/3, B_3 = sqrt3/4 + log(2 + sqrt3)/2 - pi/24 (Bailey, Borwein, Crandall 2007);
 * sqrt(d/3) (1 - 2/(5d)) <= E|w| <= sqrt(d/3) (from sqrt(x) >= sqrt(m) + (x - m)/(2 sqrt m) - (x - m)^2/(2 m^(3/2))
 * for x >= 0, with E|w|^2 = m = d/3 and Var|w|^2 = 4d/45, and Jensen); a box of d encloses its integer points. */
/* ball.disk_grad at a point, rounded to doubles */
static void dgrad(double *g, double s, double bw, double t, double bv, double th)
{
    double x[5] = {s, bw, t, bv, th};
    gdc_ball_disk_grad_d(g, x);
}

/* the disk loss F(w) for w~ = (w1, w2), v~ = t (cos th, sin th): E[relu(w.x)^2]/2 - K + E[relu(v.x)^2]/2 (the last
 * term does not depend on w and is dropped), s = |w~| and the angle th - atan2(w2, w1) */
static double disk_loss(double w1, double w2, double bw, double t, double bv, double th)
{
    double s = hypot(w1, w2), o[4], a = th - atan2(w2, w1);
    coord(o, 2, -bw / s);
    return s * s * o[3] / 2 - disk(s, bw, t, bv, fabs(a));
}

START_TEST(test_disk_grad_identities)
{
    double g[4];
    /* w = v: the gradient vanishes (F has its minimum 0 there); P = P(w.x > 0) */
    dgrad(g, 1.2, 0.3, 1.2, 0.3, 0);
    for (int k = 0; k < 3; k++)
        ck_assert_msg(fabs(g[k]) <= 1e-15, "w = v: g[%d] = %g", k, g[k]);
    /* bw = bv = 0: P = (pi - th)/(2 pi), the angle between the two half-planes (any s, t > 0) */
    for (double th = 0.2; th < 3.1; th += 0.7) {
        dgrad(g, 0.7, 0, 1.9, 0, th);
        near(g[3], (M_PI - th) / (2 * M_PI), 1e-15);
    }
    /* a flat target (t + bv <= 0): grad F = E[relu(w.x) x], the bias part s E[(T - u)_+] from ball.coord */
    double o[4];
    coord(o, 2, -0.2 / 0.9);
    dgrad(g, 0.9, 0.2, 0.5, -0.6, 1.0);
    near(g[2], 0.9 * o[2], 1e-15);
    ck_assert(g[1] == 0 && g[3] == 0);
    /* a flat neuron (s + bw <= 0, Theorem 4.2's third case): exactly 0 */
    dgrad(g, 1, -1.5, 1, 0.2, 1.0);
    ck_assert(g[0] == 0 && g[1] == 0 && g[2] == 0 && g[3] == 0);
}
END_TEST

START_TEST(test_disk_grad_fd)
{
    /* central differences of the disk loss in w1 (along w~), w2 (the normal towards v~) and bw, step 1e-5 (error
     * ~1e-10 from the third derivative, ~1e-11 from rounding) */
    static const double pts[][5] = {{1.2, 0.3, 0.9, -0.2, 1.0}, {0.6, -0.1, 1.4, 0.5, 2.5}, {2, 1, 0.8, 0.1, 0.3}};
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        const double *p = pts[i];
        double g[4], h = 1e-5, fd[3];
        dgrad(g, p[0], p[1], p[2], p[3], p[4]);
        fd[0] = (disk_loss(p[0] + h, 0, p[1], p[2], p[3], p[4]) - disk_loss(p[0] - h, 0, p[1], p[2], p[3], p[4])) / (2 * h);
        fd[1] = (disk_loss(p[0], h, p[1], p[2], p[3], p[4]) - disk_loss(p[0], -h, p[1], p[2], p[3], p[4])) / (2 * h);
        fd[2] = (disk_loss(p[0], 0, p[1] + h, p[2], p[3], p[4]) - disk_loss(p[0], 0, p[1] - h, p[2], p[3], p[4])) / (2 * h);
        for (int k = 0; k < 3; k++)
            ck_assert_msg(fabs(fd[k] - g[k]) <= 1e-8, "point %zu out %d: %.15g vs fd %.15g", i, k, g[k], fd[k]);
    }
}
END_TEST

/* x = the box of the five disk arguments p[j] +- r */
static void set_box(arb_ptr x, const double *p, double r)
{
    for (int j = 0; j < 5; j++) {
        arb_set_d(x + j, p[j]);
        mag_set_d(arb_radref(x + j), r);
    }
}

/* every finite entry of the box's enclosure overlaps the point's (n entries) */
static void box_has_point(arb_srcptr box, arb_srcptr pt, int n, const char *what, size_t i, int st)
{
    for (int j = 0; j < n; j++)
        ck_assert_msg(!arb_is_finite(box + j) || arb_overlaps(box + j, pt + j), "%s[%d] at point %zu step %d", what, j, i,
                      st);
}

/* ball.disk_cross's pieces are summed once per evaluation (K pi = s U + bw V with U, V jets in (t, bv, th)) and
 * ball.disk_grad takes K and P from one sweep (gdc_ball_disk_cross_both): in the frame of the B9 claims (s = 1,
 * t = cos psi, bv = sin psi) and elsewhere, the joint call at a point overlaps the separate ones, and on boxes its
 * value, gradient and Hessian of K and value and gradient of P contain the point enclosures at points inside the box
 * (a wrong term of U, V or of their assembly moves the point values out of the box's balls) */
START_TEST(test_disk_cross_both)
{
    static const double pts[][5] = {{1, -0.45, 0.95, 0.31, 0.4}, {1, -0.2, 0.9, -0.44, 2.6}, {1, 0.5, 1, 0, 1.6},
                                    {0.8, 0.3, 1.1, -0.2, 1.0}, {1, -0.5, 0.87, 0.5, 3.0}, {1.3, 0.1, 0.6, 0.3, 0.05}};
    arb_ptr x = _arb_vec_init(5), k = _arb_vec_init(2), jk = _arb_vec_init(10), hk = _arb_vec_init(50);
    arb_ptr p = _arb_vec_init(2), jp = _arb_vec_init(10);
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        for (int st = -2; st <= 2; st++) {
            for (int j = 0; j < 5; j++)
                arb_set_d(x + j, pts[i][j] + 0.004 * st * (j % 2 ? -1 : 1) * (j > 0));
            gdc_ball_disk_cross_both(k + 1, jk + 5, hk + 25, 128, p + 1, jp + 5, x, 128);
            gdc_ball_disk_cross_jac_tight(k, jk, hk, x, 128);
            gdc_ball_disk_both_arb(p, jp, x, 128);
            box_has_point(k, k + 1, 1, "K", i, st);
            box_has_point(jk, jk + 5, 5, "jk", i, st);
            box_has_point(hk, hk + 25, 25, "hk", i, st);
            box_has_point(p, p + 1, 1, "P", i, st);
            box_has_point(jp, jp + 5, 5, "jp", i, st);
        }
        set_box(x, pts[i], 0.01);
        arb_set_d(x + 0, pts[i][0]); /* s exact, as in the claims */
        gdc_ball_disk_cross_both(k + 1, jk + 5, hk + 25, 64, p + 1, jp + 5, x, 64);
        ck_assert_msg(arb_is_finite(k + 1) && arb_is_finite(jk + 6) && arb_is_finite(hk + 25 + 4 * 5 + 4),
                      "point %zu: the box's enclosures are not finite", i);
        for (int st = -2; st <= 2; st++) {
            double q[5] = {pts[i][0], pts[i][1] - 0.009 * st / 2, pts[i][2] + 0.008 * st / 2, pts[i][3] + 0.007 * st / 2,
                           pts[i][4] - 0.0095 * st / 2};
            for (int j = 0; j < 5; j++)
                arb_set_d(x + j, q[j]);
            gdc_ball_disk_cross_jac_tight(k, jk, hk, x, 128);
            gdc_ball_disk_both_arb(p, jp, x, 128);
            box_has_point(k + 1, k, 1, "box K", i, st);
            box_has_point(jk + 5, jk, 5, "box jk", i, st);
            box_has_point(hk + 25, hk, 25, "box hk", i, st);
            box_has_point(p + 1, p, 1, "box P", i, st);
            box_has_point(jp + 5, jp, 5, "box jp", i, st);
        }
    }
    _arb_vec_clear(x, 5), _arb_vec_clear(k, 2), _arb_vec_clear(jk, 10), _arb_vec_clear(hk, 50);
    _arb_vec_clear(p, 2), _arb_vec_clear(jp, 10);
}
END_TEST

START_TEST(test_disk_grad_wide)
{
    /* enclosures of boxes contain the values at points inside them */
    static const double pts[][5] = {{1.2, 0.3, 0.9, -0.2, 1.0}, {0.6, -0.1, 1.4, 0.5, 2.5}};
    arb_ptr x = _arb_vec_init(5), out = _arb_vec_init(4);
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        const double *p = pts[i];
        set_box(x, p, 0.01);
        gdc_ball_disk_grad_arb(out, x, 64);
        for (int st = -2; st <= 2; st++) {
            double g[4];
            dgrad(g, p[0] + 0.004 * st, p[1] - 0.003 * st, p[2] + 0.005 * st, p[3] + 0.002 * st, p[4] - 0.004 * st);
            for (int k = 0; k < 4; k++)
                ck_assert_msg(contains_d(out + k, g[k]), "point %zu step %d out %d", i, st, k);
        }
        for (int k = 0; k < 4; k++)
            ck_assert_msg(arf_cmpabs_2exp_si(arb_midref(out + k), 2) < 0 && mag_cmp_2exp_si(arb_radref(out + k), 0) < 0,
                          "point %zu out %d: the enclosure is not finite and narrow", i, k);
    }
    _arb_vec_clear(x, 5), _arb_vec_clear(out, 4);
}
END_TEST

START_TEST(test_disk_grad_jac)
{
    /* a flat target (t + bv < 0): K = 0 near the point, so the Jacobian's (s, bw) block is E[1(w.x > 0) x x^T]:
     * d out0/ds = m2, d out0/dbw = d out2/ds = m1, d out2/dbw = m0, m_j = E[1(T > u) T^j] from ball.coord(2, u):
     * m0 = P, m1 = E[(T - u)_+] + u P, m2 = E[(T - u)_+^2] + 2u E[(T - u)_+] + u^2 P; and u = -bw/s < -1 (the whole
     * disk active): m = (1, 0, 1/4), out0 = s/4, out2 = bw */
    static const double pts[][2] = {{0.9, 0.2}, {1.3, -0.9}, {0.5, 0.8}};
    arb_ptr x = _arb_vec_init(5), out = _arb_vec_init(4), jac = _arb_vec_init(20);
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        double s = pts[i][0], bw = pts[i][1], u = -bw / s, o[4], m[3];
        if (u > -1) {
            coord(o, 2, u);
            m[0] = o[1], m[1] = o[2] + u * o[1], m[2] = o[3] + 2 * u * o[2] + u * u * o[1];
        } else {
            m[0] = 1, m[1] = 0, m[2] = 0.25;
        }
        const double p[5] = {s, bw, 0.5, -0.6, 1.0};
        for (int j = 0; j < 5; j++)
            arb_set_d(x + j, p[j]);
        gdc_ball_disk_grad_jac(out, jac, x, 128);
        ck_assert_msg(contains_d(jac + 0, m[2]) || fabs(arf_get_d(arb_midref(jac + 0), ARF_RND_NEAR) - m[2]) < 1e-14, "m2 %zu", i);
        ck_assert_msg(fabs(arf_get_d(arb_midref(jac + 1), ARF_RND_NEAR) - m[1]) < 1e-14, "m1 %zu", i);
        ck_assert_msg(fabs(arf_get_d(arb_midref(jac + 10), ARF_RND_NEAR) - m[1]) < 1e-14, "m1' %zu", i);
        ck_assert_msg(fabs(arf_get_d(arb_midref(jac + 11), ARF_RND_NEAR) - m[0]) < 1e-14, "m0 %zu", i);
        if (u <= -1) {
            near(arf_get_d(arb_midref(out + 0), ARF_RND_NEAR), s / 4, 1e-15);
            near(arf_get_d(arb_midref(out + 2), ARF_RND_NEAR), bw, 1e-15);
        }
    }
    _arb_vec_clear(x, 5), _arb_vec_clear(out, 4), _arb_vec_clear(jac, 20);
}
END_TEST

START_TEST(test_disk_cross_hess_wide)
{
    /* the Hessian enclosure of a box (radius 0.01) contains central differences (step 1e-6, error ~1e-11) of the
     * point gradient at points inside it (the cluster bounds of the second partials, the jump at y0 = -bw/s; the last
     * three boxes: y0's cluster alone with G full on it (t < |bv|: no other breakpoint), empty on it (bv < -t: the
     * cluster is dropped), and full beside the roots) */
    static const double pts[][5] = {{1.2, 0.3, 0.9, -0.2, 1.0}, {0.6, -0.1, 1.4, 0.5, 2.5}, {1, -0.4, 0.95, -0.3, 0.3},
                                    {1, 0.3, 0.5, 0.9, 1.0}, {1, 0.3, 0.5, -0.9, 1.0}, {1, -0.2, 0.6, 0.7, 0.2}};
    arb_ptr x = _arb_vec_init(5), out = _arb_vec_init(1), jac = _arb_vec_init(5), hess = _arb_vec_init(25);
    arb_ptr jp = _arb_vec_init(5), jm = _arb_vec_init(5);
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        const double *p = pts[i];
        set_box(x, p, 0.01);
        gdc_ball_disk_cross_hess(out, jac, hess, x, 64);
        for (int st = -2; st <= 2; st++) {
            double q[5] = {p[0] + 0.004 * st, p[1] - 0.003 * st, p[2] + 0.005 * st, p[3] + 0.002 * st, p[4] - 0.004 * st};
            for (int a = 0; a < 5; a++) {
                double h = 1e-6;
                for (int sg = -1; sg <= 1; sg += 2) {
                    for (int j = 0; j < 5; j++)
                        arb_set_d(x + j, q[j] + (j == a ? sg * h : 0));
                    gdc_ball_disk_cross_jac(out, sg > 0 ? jp : jm, x, 128);
                }
                for (int b = 0; b < 5; b++) {
                    double d = (arf_get_d(arb_midref(jp + b), ARF_RND_NEAR) - arf_get_d(arb_midref(jm + b), ARF_RND_NEAR)) / (2 * h);
                    arb_srcptr e = hess + a * 5 + b;
                    double mid = arf_get_d(arb_midref(e), ARF_RND_NEAR), rad = mag_get_d(arb_radref(e));
                    ck_assert_msg(fabs(d - mid) <= rad + 1e-6, "point %zu step %d hess[%d][%d]: fd %.12g vs [%.12g +- %.3g]", i, st, a, b, d, mid, rad);
                }
            }
        }
        set_box(x, p, 0.01);
    }
    _arb_vec_clear(x, 5), _arb_vec_clear(out, 1), _arb_vec_clear(jac, 5), _arb_vec_clear(hess, 25);
    _arb_vec_clear(jp, 5), _arb_vec_clear(jm, 5);
}
END_TEST

/* Boxes where c = t sin theta may vanish (theta's ball meets 0 or pi): ball.disk_cross's Hessian and ball.disk_grad's
 * Jacobian are finite there (czero_term (iii), partial_share) and, by the mean-value inclusion they promise, contain
 * every difference quotient g(q + h e_a) - g(q - h e_a))/(2h) of the point enclosures (g = K's gradient, or
 * ball.disk_grad) for q +- h e_a in the box: computed in Arb at 128 bits, no tolerance. Points on both sides of
 * theta = 0 (pi) and at it; boxes straddling it and touching it (theta in [0, 2^-6], as the claims' boxes); one pair
 * with y0 = -bw/s at the kink y1 = -bv/k (edge_term's range bound of G there). Dropping partial_share's factor 2 or
 * the delta terms' share makes K_bv,bv (the kink's weight 2 l_+(y1) h(y1)/|k|) miss the quotients. */
START_TEST(test_disk_czero_box)
{
    static const double pts[][5] = {{1, -0.45, 0.955336489125606, 0.29552020666134, 0},
                                    {1, 0.3, 0.955336489125606, 0.29552020666134, 3.141592653589793},
                                    {1, 0.3094, 0.955336489125606, 0.29552020666134, 0},
                                    {1, -0.3094, 0.955336489125606, 0.29552020666134, 3.141592653589793},
                                    {0.8, 0.3, 1.1, -0.2, 0},
                                    {1, -0.2, 0.9, -0.4, 0.0078125}};
    static const double off[][5] = {{0, 0.006, -0.007, 0.005, -0.008}, {0, -0.004, 0.003, -0.006, -0.001},
                                    {0, 0.002, 0.006, 0.007, 0}, {0, -0.007, -0.005, 0.002, 0.001},
                                    {0, 0.001, -0.002, -0.003, 0.008}};
    arb_ptr x = _arb_vec_init(5), k = _arb_vec_init(1), jk = _arb_vec_init(5), hk = _arb_vec_init(25);
    arb_ptr g = _arb_vec_init(4), jg = _arb_vec_init(20), gp = _arb_vec_init(4), gm = _arb_vec_init(4);
    arb_ptr kp = _arb_vec_init(5), km = _arb_vec_init(5), d = _arb_vec_init(1);
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        set_box(x, pts[i], 0.01);
        arb_set_d(x + 0, pts[i][0]); /* s exact, as in the claims */
        if (pts[i][4] == 0.0078125)
            mag_set_d(arb_radref(x + 4), 0.0078125); /* [0, 2^-6]: touching theta = 0 */
        else if (pts[i][4] > 3)
            arb_const_pi(x + 4, 128), mag_set_d(arb_radref(x + 4), 0.01);
        gdc_ball_disk_cross_hess(k, jk, hk, x, 64);
        gdc_ball_disk_grad_jac(g, jg, x, 64);
        for (int j = 0; j < 25; j++)
            ck_assert_msg(arb_is_finite(hk + j), "box %zu: hess[%d] not finite", i, j);
        for (int j = 0; j < 20; j++)
            ck_assert_msg(arb_is_finite(jg + j) || j / 5 == 3, "box %zu: disk_grad jac[%d] not finite", i, j);
        for (size_t o = 0; o < sizeof off / sizeof off[0]; o++) {
            double q[5];
            for (int j = 0; j < 5; j++)
                q[j] = pts[i][j] + off[o][j];
            if (pts[i][4] == 0.0078125)
                q[4] = 0.0078125 + 0.9 * off[o][4]; /* inside [0, 2^-6] with its steps */
            for (int a = 1; a < 5; a++) {
                for (int sg = -1; sg <= 1; sg += 2) {
                    for (int j = 0; j < 5; j++)
                        arb_set_d(x + j, q[j]);
                    if (pts[i][4] > 3) {
                        arb_const_pi(x + 4, 128);
                        arb_set_d(d, off[o][4]);
                        arb_add(x + 4, x + 4, d, 128); /* pi + offset, both sides of pi */
                        arb_get_mid_arb(x + 4, x + 4);
                    }
                    arb_set_d(d, ldexp(sg, -12));
                    arb_add(x + a, x + a, d, 128);
                    gdc_ball_disk_cross_jac(k, sg > 0 ? kp : km, x, 128);
                    gdc_ball_disk_grad_arb(sg > 0 ? gp : gm, x, 128);
                }
                for (int b = 0; b < 5; b++) {
                    arb_sub(d, kp + b, km + b, 128);
                    arb_mul_2exp_si(d, d, 11);
                    ck_assert_msg(arb_overlaps(d, hk + a * 5 + b), "box %zu point %zu: d(K_%d)/d x%d outside hess", i, o, b, a);
                }
                for (int r = 0; r < 4; r++) {
                    arb_sub(d, gp + r, gm + r, 128);
                    arb_mul_2exp_si(d, d, 11);
                    ck_assert_msg(!arb_is_finite(jg + r * 5 + a) || arb_overlaps(d, jg + r * 5 + a),
                                  "box %zu point %zu: d out%d/d x%d outside jac", i, o, r, a);
                }
            }
        }
    }
    _arb_vec_clear(x, 5), _arb_vec_clear(k, 1), _arb_vec_clear(jk, 5), _arb_vec_clear(hk, 25);
    _arb_vec_clear(g, 4), _arb_vec_clear(jg, 20), _arb_vec_clear(gp, 4), _arb_vec_clear(gm, 4);
    _arb_vec_clear(kp, 5), _arb_vec_clear(km, 5), _arb_vec_clear(d, 1);
}
END_TEST

/* -1 if every difference quotient (K_b(q + h e_a) - K_b(q - h e_a))/(2h), h = 2^-eh, b < nb, of ball.disk_cross's point
 * Jacobians at 128 bits (q exact doubles, q +- h e_a in the box) lies in the box's Hessian row hrow (mean-value
 * theorem: no tolerance), else the first b outside it */
static int quotients_in_row(arb_srcptr hrow, const double *q, int a, int eh, int nb)
{
    arb_ptr x = _arb_vec_init(5), k = _arb_vec_init(1), kp = _arb_vec_init(5), km = _arb_vec_init(5);
    arb_ptr d = _arb_vec_init(1);
    int bad = -1;
    for (int sg = -1; sg <= 1; sg += 2) {
        for (int j = 0; j < 5; j++)
            arb_set_d(x + j, q[j]);
        arb_set_d(d, ldexp(sg, -eh));
        arb_add(x + a, x + a, d, 128);
        gdc_ball_disk_cross_jac(k, sg > 0 ? kp : km, x, 128);
    }
    for (int b = nb - 1; b >= 0; b--) {
        arb_sub(d, kp + b, km + b, 128);
        arb_mul_2exp_si(d, d, eh - 1);
        if (!(arb_is_finite(hrow + b) && arb_overlaps(d, hrow + b)))
            bad = b;
    }
    _arb_vec_clear(x, 5), _arb_vec_clear(k, 1), _arb_vec_clear(kp, 5), _arb_vec_clear(km, 5), _arb_vec_clear(d, 1);
    return bad;
}

/* The theta-theta second partial where y0 = -bw/s's cluster is alone and G full on it (bounds_full: f_th,th =
 * l_+ 2h c0_th,th, c0_th,th = -t cos th y, no delta term). Box: s = 1, t = 1, bv = 1/2 exact, bw = -0.3 +- 2^-5 (the
 * cluster [a, b] = [0.26875, 0.33125] of length 2^-4; the roots of c0^2 = c^2 h^2 are near -0.32 and -0.83, so G is
 * full on it: c0 ~ 0.79 > c h ~ 0.19), theta = 0.2 +- 2^-12. The enclosure of K_th,b is then the exact pieces' part
 * (bw V_th,b, tight: its ends are attained at the ends of bw) plus len * (the cluster's bound) [-1, 1]; at bw's upper
 * end the cluster's true part int_a^b (y - a) 2h (-t cos th y) dy/pi ~ -len^2 (2h cos th y)/(2 pi) is about 0.45
 * times the bound and pushes K_th,th outward, so a bound 16x smaller, or one with |sin th y| in place of
 * |t cos th y| (tan 0.2 = 0.2), leaves the quotient out. Checked: the difference quotients
 * (K_b(th + h) - K_b(th - h))/(2h), h = 2^-14, of the point Jacobians at 128 bits at bw's two ends and its middle lie
 * in the box's Hessian row th (mean-value theorem: the segment lies in the box; Arb, no tolerance). */
START_TEST(test_disk_full_thth)
{
    static const double p[5] = {1, -0.3, 1, 0.5, 0.2};
    arb_ptr x = _arb_vec_init(5), k = _arb_vec_init(1), jk = _arb_vec_init(5), hk = _arb_vec_init(25);
    for (int j = 0; j < 5; j++)
        arb_set_d(x + j, p[j]);
    mag_set_d(arb_radref(x + 1), ldexp(1, -5));
    mag_set_d(arb_radref(x + 4), ldexp(1, -12));
    gdc_ball_disk_cross_hess(k, jk, hk, x, 64);
    for (int e = -1; e <= 1; e++) {
        double q[5] = {p[0], p[1] + ldexp(e, -5), p[2], p[3], p[4]}; /* bw's end (e = +-1) or middle, exact */
        int b = quotients_in_row(hk + 20, q, 4, 14, 5);
        ck_assert_msg(b < 0, "bw end %d: d(K_%d)/dth outside hess", e, b);
    }
    _arb_vec_clear(x, 5), _arb_vec_clear(k, 1), _arb_vec_clear(jk, 5), _arb_vec_clear(hk, 25);
}
END_TEST

/* ball.disk_cross's box Hessian with the partial pieces as separated jets in theta (gamma = 1/(2 sin th), cot th,
 * q = bv^2/t) and the clusters' signed bounds (chord_range, one-sided where y, A_v, B_v or sin th have a sign, the delta
 * term >= 0 on the diagonal) contains every difference quotient (K_b(q + h e_a) - K_b(q - h e_a))/(2h), h = 2^-12, of
 * the point Jacobians at 128 bits, q +- h e_a in the box (mean-value theorem; Arb, no tolerance): boxes of radius 2^-6
 * in (bw, t, bv, th) with s exact (as in the B9 claims) and s wide, with partial pieces, y0 beside the roots, theta
 * near pi/2 (cos th changes sign) and near 0.3 and 2.8. A sign of sin th taken the wrong way fails it. */
START_TEST(test_disk_signed_boxes)
{
    static const double pts[][5] = {{1, 0.2, 0.95, 0.3, 1.2},  {1, -0.3, 0.9, -0.2, 1.5708}, {1, 0.1, 0.87, 0.45, 0.3},
                                    {1, -0.45, 0.99, 0.1, 2.8}, {0.8, 0.3, 1.1, -0.2, 0.7},   {1.2, -0.4, 0.6, 0.1, 2.2}};
    static const double off[][5] = {{0, 0.01, -0.011, 0.007, -0.012}, {0.009, -0.006, 0.004, -0.01, 0.003},
                                    {-0.01, 0.003, 0.012, 0.011, 0.008}};
    arb_ptr x = _arb_vec_init(5), k = _arb_vec_init(1), jk = _arb_vec_init(5), hk = _arb_vec_init(25);
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        set_box(x, pts[i], ldexp(1, -6));
        if (pts[i][0] == 1)
            arb_one(x + 0); /* s exact */
        gdc_ball_disk_cross_hess(k, jk, hk, x, 64);
        for (size_t o = 0; o < sizeof off / sizeof off[0]; o++)
            for (int a = pts[i][0] == 1; a < 5; a++) {
                double q[5];
                for (int j = 0; j < 5; j++)
                    q[j] = pts[i][j] + (pts[i][0] == 1 && j == 0 ? 0 : off[o][j]);
                int b = quotients_in_row(hk + a * 5, q, a, 12, 5);
                ck_assert_msg(b < 0, "box %zu point %zu: d(K_%d)/d x%d outside hess", i, o, b, a);
            }
    }
    _arb_vec_clear(x, 5), _arb_vec_clear(k, 1), _arb_vec_clear(jk, 5), _arb_vec_clear(hk, 25);
}
END_TEST

/* K's (s, bw) block on a box comes from the jump at y0 = -bw/s alone (K is linear in (s, bw) off it): G(y0)/s times
 * (y0, 1)(y0, 1)^T, with G(y0) over the box from edge_q and its centred form (edge_q_centred: G at the centre plus
 * G's partials in (y, t, bv, th) over the box times the offsets). Box: s = 1 exact, bw = -0.3, t = 0.98, bv = -0.2,
 * theta = 2.5, each +- 2^-6, and again +- 2^-8 with t +- 2^-4 (G partial at y0 = 0.3); the difference quotients
 * (K_b(q + h e_bw) - K_b(q - h e_bw))/(2h), h = 2^-12, of the point Jacobians at 128 bits at the box's corners (bw
 * inside by h) lie in the box's Hessian row bw (mean-value theorem; Arb, no tolerance). The y or t term of the centred form made 8x smaller fails it. */
START_TEST(test_disk_edge_centred)
{
    static const double p[5] = {1, -0.3, 0.98, -0.2, 2.5};
    static const double rad[2][5] = {{0, 0x1p-6, 0x1p-6, 0x1p-6, 0x1p-6}, {0, 0x1p-8, 0x1p-4, 0x1p-8, 0x1p-8}};
    const double h = ldexp(1, -12);
    arb_ptr x = _arb_vec_init(5), k = _arb_vec_init(1), jk = _arb_vec_init(5), hk = _arb_vec_init(25);
    for (int bx = 0; bx < 2; bx++) {
        const double *r = rad[bx];
        for (int j = 0; j < 5; j++)
            arb_set_d(x + j, p[j]), mag_set_d(arb_radref(x + j), r[j]);
        gdc_ball_disk_cross_hess(k, jk, hk, x, 64);
        for (int c = 0; c < 16; c++) {
            double q[5] = {1, p[1] + (c & 1 ? 1 : -1) * (r[1] - h), p[2] + (c & 2 ? r[2] : -r[2]),
                           p[3] + (c & 4 ? r[3] : -r[3]), p[4] + (c & 8 ? r[4] : -r[4])};
            int b = quotients_in_row(hk + 5, q, 1, 12, 2);
            ck_assert_msg(b < 0, "box %d corner %d: d(K_%d)/dbw outside hess", bx, c, b);
        }
    }
    _arb_vec_clear(x, 5), _arb_vec_clear(k, 1), _arb_vec_clear(jk, 5), _arb_vec_clear(hk, 25);
}
END_TEST

/* the roots of c0^2 = c^2 h^2 on a box (the plain form intersected with sin(theta -+ phi), phi = asin(bv/t)) contain the
 * roots of points inside it, computed at 128 bits from (-bv cos th +- sin th sqrt(t^2 - bv^2))/t; boxes as in the B9
 * claims (t = cos psi, bv = sin psi), with theta near 0, pi/2, pi, and |bv| near t (a root shifted by 0.02, or the
 * two roots' forms swapped, leaves these points out) */
START_TEST(test_disk_roots_box)
{
    static const double pts[][5] = {{1, 0.2, 0.9, 0.4, 0.05}, {1, -0.3, 0.87, -0.5, 1.5}, {1, 0, 0.95, 0.3, 3.1},
                                    {1, 0.1, 0.6, 0.58, 2.0}, {0.8, 0.3, 1.1, -0.2, 0.7}};
    arb_ptr x = _arb_vec_init(5), r = _arb_vec_init(2), q = _arb_vec_init(5);
    arb_t sq, y, e;
    arb_init(sq), arb_init(y), arb_init(e);
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        set_box(x, pts[i], 0.02);
        ck_assert_msg(gdc_ball_disk_roots(r, x, 64), "box %zu: no roots", i);
        for (int st = -4; st <= 4; st++) {
            for (int j = 0; j < 5; j++)
                arb_set_d(q + j, pts[i][j] + 0.0045 * st * (j % 2 ? -1 : 1) * (j > 1 ? 1 : 0) * (j == 3 && st % 2 ? -1 : 1));
            arb_sqr(sq, q + 2, 128);
            arb_submul(sq, q + 3, q + 3, 128);
            if (arb_is_negative(sq))
                continue; /* no roots at this point */
            arb_sqrtpos(sq, sq, 128);
            arb_sin(e, q + 4, 128);
            arb_mul(sq, sq, e, 128);
            arb_cos(e, q + 4, 128);
            arb_mul(y, q + 3, e, 128);
            arb_neg(y, y);
            for (int k = 0; k < 2; k++) {
                if (k == 0)
                    arb_add(e, y, sq, 128);
                else
                    arb_sub(e, y, sq, 128);
                arb_div(e, e, q + 2, 128);
                ck_assert_msg(arb_overlaps(e, r + k), "box %zu step %d: root %d outside", i, st, k);
            }
        }
    }
    arb_clear(sq), arb_clear(y), arb_clear(e);
    _arb_vec_clear(x, 5), _arb_vec_clear(r, 2), _arb_vec_clear(q, 5);
}
END_TEST

START_TEST(test_b9_hessian_moments)
{
    /* the closed forms of proofs/004_107e0ef2f6021d42/b9_hessian.lets (H = E[1(T > u) x x^T] on the unit disk):
     * m0, m1, m2 against ball.coord(2, u) as in test_disk_grad_jac, q = E[1(T > u) y2^2] = (2/(3 pi)) int_u^1 (1 - T^2)^(3/2)
     * against a midpoint rule (n = 200000, error below 1e-10) */
    for (double u = -0.9; u < 0.9; u += 0.35) {
        double a = acos(u), h = sqrt(1 - u * u), o[4];
        double m0 = (a - u * h) / M_PI, m1 = 2 * h * h * h / (3 * M_PI), m2 = (a + u * h * (1 - 2 * u * u)) / (4 * M_PI);
        double q = (a - u * (5 - 2 * u * u) * h / 3) / (4 * M_PI);
        coord(o, 2, u);
        near(m0, o[1], 1e-13);
        near(m1, o[2] + u * o[1], 1e-13);
        near(m2, o[3] + 2 * u * o[2] + u * u * o[1], 1e-13);
        int n = 200000;
        double sum = 0, dt = (1 - u) / n;
        for (int k = 0; k < n; k++) {
            double t = u + (k + 0.5) * dt, z = 1 - t * t;
            sum += z * sqrt(z);
        }
        sum *= 2 * dt / (3 * M_PI);
        ck_assert_msg(fabs(sum - q) <= 1e-9, "u = %g: q %.15g vs quadrature %.15g", u, q, sum);
    }
}
END_TEST

static void cube(arb_t res, long d, slong prec)
{
    arb_t x;
    arb_init(x);
    arb_set_si(x, d);
    gdc_ball_cube_norm_arb(res, x, prec);
    arb_clear(x);
}

/* B_1 = 1/2 and B_2 = (sqrt2 + asinh 1)/3 at prec, accurate to bits */
static void cube_b1_b2(slong prec, slong bits)
{
    arb_t v, e, t;
    arb_init(v), arb_init(e), arb_init(t);
    cube(v, 1, prec);
    arb_set_d(e, 0.5);
    ck_assert(arb_contains(v, e) && arb_rel_accuracy_bits(v) >= bits);
    cube(v, 2, prec);
    arb_sqrt_ui(e, 2, 256);
    arb_one(t);
    arb_asinh(t, t, 256);
    arb_add(e, e, t, 256);
    arb_div_ui(e, e, 3, 256);
    ck_assert(arb_overlaps(v, e) && arb_rel_accuracy_bits(v) >= bits);
    arb_clear(v), arb_clear(e), arb_clear(t);
}

START_TEST(test_cube_norm)
{
    arb_t v, e, t;
    arb_init(v), arb_init(e), arb_init(t);
    cube_b1_b2(128, 101);
    cube(v, 3, 128);
    arb_sqrt_ui(e, 3, 256);
    arb_add_ui(t, e, 2, 256);
    arb_log(t, t, 256);
    arb_mul_2exp_si(t, t, -1);
    arb_mul_2exp_si(e, e, -2);
    arb_add(e, e, t, 256);
    arb_const_pi(t, 256);
    arb_div_ui(t, t, 24, 256);
    arb_sub(e, e, t, 256);
    ck_assert(arb_overlaps(v, e) && arb_rel_accuracy_bits(v) > 100);
    long ds[] = {4, 65, 1000, 10000};
    for (int i = 0; i < 4; i++) {
        long d = ds[i];
        cube(v, d, 64);
        arb_set_si(e, d);
        arb_div_ui(e, e, 3, 64);
        arb_sqrt(e, e, 64);
        ck_assert_msg(arb_lt(v, e), "d = %ld: E|w| above sqrt(d/3)", d);
        arb_set_si(t, 2);
        arb_div_si(t, t, 5 * d, 64);
        arb_sub_ui(t, t, 1, 64);
        arb_neg(t, t);
        arb_mul(e, e, t, 64);
        ck_assert_msg(arb_gt(v, e), "d = %ld: E|w| below sqrt(d/3) (1 - 2/(5d))", d);
    }
    /* the box [9.5, 12.25] holds d = 10, 11, 12 */
    arb_set_d(t, 10.875);
    mag_set_d(arb_radref(t), 1.375);
    gdc_ball_cube_norm_arb(v, t, 64);
    for (long d = 10; d <= 12; d++) {
        cube(e, d, 64);
        ck_assert(arb_contains(v, e));
    }
    arb_set_d(t, 0.25); /* no integer d >= 1 */
    mag_set_d(arb_radref(t), 0.5);
    gdc_ball_cube_norm_arb(v, t, 64);
    ck_assert(!arb_is_finite(v));
    arb_clear(v), arb_clear(e), arb_clear(t);
}
END_TEST

/* ball.cube_norm at the prover's precision (64 bits: the Gauss-Legendre path of ball_cube_arb.c) against the MPFR
 * exp-sinh quadrature of ball_cube_mpfr.c (an independent code: no shared integrand, no shared tail), at 96 bits,
 * for every d in 1..100 and at large d: the ball must overlap the MPFR value widened by 2^-80 relative (the MPFR
 * quadrature's error is far below that), and be accurate to 56 bits. Also the closed forms B_1 = 1/2 and
 * B_2 = (sqrt2 + asinh 1)/3 at 64 bits (the 128-bit checks above take the acb_calc_integrate path). An enclosure
 * moved by 2^-70 relative, or 1e-12 at one d, fails it. */
static int cube_matches_mpfr(const arb_t v, long d)
{
    mpfr_t x, y;
    arb_t t;
    mpfr_init2(x, 64), mpfr_init2(y, 96), arb_init(t);
    mpfr_set_si(x, d, MPFR_RNDN);
    gdc_ball_cube_norm_mpfr(y, x);
    arf_set_mpfr(arb_midref(t), y);
    arb_add_error_2exp_si(t, mpfr_get_exp(y) - 80);
    int r = arb_overlaps(v, t) && arb_rel_accuracy_bits(v) >= 56;
    mpfr_clear(x), mpfr_clear(y), arb_clear(t);
    return r;
}

START_TEST(test_cube_norm_gl)
{
    arb_t v;
    arb_init(v);
    for (long d = 1; d <= 100; d++) {
        cube(v, d, 64);
        ck_assert_msg(cube_matches_mpfr(v, d), "d = %ld: the 64-bit enclosure misses the MPFR value", d);
    }
    long ds[] = {1000, 12345, 100000};
    for (int i = 0; i < 3; i++) {
        cube(v, ds[i], 64);
        ck_assert_msg(cube_matches_mpfr(v, ds[i]), "d = %ld: the 64-bit enclosure misses the MPFR value", ds[i]);
    }
    cube_b1_b2(64, 56);
    arb_clear(v);
}
END_TEST

/* the integrand of ball.cube_norm at a point p by its definition f = (1 - g^d)/p^2, g = sqrt(pi) erf(p)/(2p), at
 * 256 bits (|p| >= 1/1000 keeps the cancellation in 1 - g^d below 30 bits) */
static void cube_f_def(acb_t f, const acb_t p, long d)
{
    acb_t g, q;
    arb_t sp;
    acb_init(g), acb_init(q), arb_init(sp);
    acb_hypgeom_erf(g, p, 256);
    acb_div(g, g, p, 256);
    arb_const_sqrt_pi(sp, 256);
    acb_mul_arb(g, g, sp, 256);
    acb_mul_2exp_si(g, g, -1);
    acb_pow_ui(g, g, (ulong)d, 256);
    acb_sub_ui(g, g, 1, 256);
    acb_neg(g, g);
    acb_sqr(q, p, 256);
    acb_div(f, g, q, 256);
    acb_clear(g), acb_clear(q), arb_clear(sp);
}

/* the enclosures of the Gauss-Legendre integrand (ball_cube_arb.c's top comment) contain f at points sampled in
 * their balls: the complex bounds on the integrator's ellipse rectangles (centre c, half-length h, rho = 4, 2, 3/2)
 * and the real enclosures on real balls u > 0 below, across and above u = 1/2 */
START_TEST(test_cube_integrand_boxes)
{
    static const double cs[] = {0.03, 0.1, 0.4, 0.875, 1.75, 2.625, 5.25}, rhos[] = {4, 2, 1.5}, hf[] = {1, 0.5, 0.1};
    static const long ds[] = {1, 2, 10, 100, 1000};
    gdc_rng_t rng;
    gdc_rng_seed(&rng, 9);
    acb_t u, p, f, b;
    arb_t ur, fr;
    int finite = 0;
    acb_init(u), acb_init(p), acb_init(f), acb_init(b), arb_init(ur), arb_init(fr);
    for (int ci = 0; ci < 7; ci++)
        for (int ri = 0; ri < 3; ri++)
            for (int hi = 0; hi < 3; hi++)
                for (int di = 0; di < 5; di++) {
                    double c = cs[ci], h = c * hf[hi], rho = rhos[ri], d = (double)ds[di];
                    double re = h * (rho + 1 / rho) / 2, im = h * (rho - 1 / rho) / 2;
                    acb_set_d(u, c);
                    mag_set_d(arb_radref(acb_realref(u)), re);
                    mag_set_d(arb_radref(acb_imagref(u)), im);
                    gdc_ball_cube_f_bound(b, u, ds[di]);
                    finite += acb_is_finite(b);
                    for (int k = 0; k < 30; k++) {
                        double sx = k < 25 ? (k % 5) / 2.0 - 1 : 2 * gdc_rng_uniform(&rng) - 1;
                        double sy = k < 25 ? (k / 5) / 2.0 - 1 : 2 * gdc_rng_uniform(&rng) - 1;
                        double px = c + sx * re, py = sy * im;
                        if (px * px + py * py < 1e-6)
                            continue;
                        acb_set_d_d(p, px, py);
                        cube_f_def(f, p, ds[di]);
                        ck_assert_msg(!acb_is_finite(b) || acb_contains(b, f),
                                      "d = %g, c = %g, rho = %g, h = %g: f(%g + %gi) outside the bound", d, c, rho, h,
                                      px, py);
                    }
                    /* the real ball [c - h, c + h] where it lies in u > 0, and points of it */
                    if (hf[hi] < 1) {
                        arb_set_d(ur, c);
                        mag_set_d(arb_radref(ur), h);
                        gdc_ball_cube_f_real(fr, ur, ds[di], 64);
                        for (int k = 0; k <= 8; k++) {
                            acb_set_d(p, c + h * (k / 4.0 - 1));
                            cube_f_def(f, p, ds[di]);
                            ck_assert_msg(arb_contains(fr, acb_realref(f)), "d = %g: f on [%g +- %g] misses a point",
                                          d, c, h);
                            gdc_ball_cube_f_real(fr, acb_realref(p), ds[di], 64);
                            ck_assert_msg(arb_overlaps(fr, acb_realref(f)) && arb_rel_accuracy_bits(fr) >= 56,
                                          "d = %g: f(%g) wrong or wide", d, c + h * (k / 4.0 - 1));
                            gdc_ball_cube_f_real(fr, ur, ds[di], 64);
                        }
                    }
                }
    ck_assert_int_ge(finite, 250); /* of the 315 balls (280 today): the bounds the integrator uses are tested */
    acb_clear(u), acb_clear(p), acb_clear(f), acb_clear(b), arb_clear(ur), arb_clear(fr);
}
END_TEST

/* the bounds G >= |g| and H >= |h| of ball_cube_arb.c (the segment bound max(1, e^(y^2 - x^2)) and, for x > 0, the
 * ray bound (sqrt(pi)/2)(1 + e^(y^2) erfc(x))/|u|) hold at points sampled in small and large balls, and are within
 * 1.25 of |g| somewhere (where the ray bound is nearly tight, e.g. near 3 + 3i): a constant of either bound moved
 * by 16x fails it */
START_TEST(test_cube_gh_bound)
{
    static const double xs[] = {-0.5, 0, 0.2, 0.5, 1, 2, 3, 5}, ys[] = {0, 0.5, 1, 2, 3, 5}, rs[] = {0.01, 0.3};
    acb_t u, p, g, q;
    arb_t sp;
    mag_t G, H, m;
    double tightest = 0;
    acb_init(u), acb_init(p), acb_init(g), acb_init(q), arb_init(sp), mag_init(G), mag_init(H), mag_init(m);
    arb_const_sqrt_pi(sp, 256);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 6; j++)
            for (int k = 0; k < 2; k++) {
                double r = rs[k];
                acb_set_d_d(u, xs[i], ys[j]);
                mag_set_d(arb_radref(acb_realref(u)), r);
                mag_set_d(arb_radref(acb_imagref(u)), r);
                gdc_ball_cube_gh_bound(G, H, u, 30);
                for (int a = -2; a <= 2; a++)
                    for (int b = -2; b <= 2; b++) {
                        double px = xs[i] + r * a / 2, py = ys[j] + r * b / 2;
                        if (px * px + py * py < 1e-4)
                            continue;
                        acb_set_d_d(p, px, py);
                        acb_hypgeom_erf(g, p, 256);
                        acb_div(g, g, p, 256);
                        acb_mul_arb(g, g, sp, 256);
                        acb_mul_2exp_si(g, g, -1); /* g */
                        acb_sub_ui(q, g, 1, 256);
                        acb_neg(q, q);
                        acb_div(q, q, p, 256);
                        acb_div(q, q, p, 256); /* h */
                        acb_get_mag_lower(m, g);
                        ck_assert_msg(mag_cmp(m, G) <= 0, "|g(%g + %gi)| above its bound", px, py);
                        double ratio = mag_get_d(m) / mag_get_d(G);
                        if (px >= 2 && py >= 2) /* where the ray bound is the lesser */
                            tightest = ratio > tightest ? ratio : tightest;
                        acb_get_mag_lower(m, q);
                        ck_assert_msg(mag_cmp(m, H) <= 0, "|h(%g + %gi)| above its bound", px, py);
                    }
            }
    ck_assert_msg(tightest > 0.8, "the ray bound of |g| is nowhere within 1.25 of |g| (%g)", tightest);
    acb_clear(u), acb_clear(p), acb_clear(g), acb_clear(q), arb_clear(sp), mag_clear(G), mag_clear(H), mag_clear(m);
}
END_TEST

START_TEST(test_integer_d)
{
    arb_ptr x = _arb_vec_init(2), out = _arb_vec_init(4);
    arb_set_d(x + 0, 2.5);
    arb_set_d(x + 1, 0.1);
    gdc_ball_coord_arb(out, x, 64);
    ck_assert(!arb_is_finite(out + 1));
    arb_set_d(x + 0, 3);
    mag_set_d(arb_radref(x + 0), 0.5);
    gdc_ball_coord_arb(out, x, 64);
    ck_assert(!arb_is_finite(out + 1));
    _arb_vec_clear(x, 2), _arb_vec_clear(out, 4);
}
END_TEST

/* ---- ball.dcross (Theorem 5.4's cross moment on the d-ball, b_w = 0) ---- */
static void dcross_arb(arb_t res, double d, double s, double t, double bv, double th, slong prec)
{
    arb_ptr x = _arb_vec_init(5);
    double p[5] = {d, s, t, bv, th};
    for (int i = 0; i < 5; i++)
        arb_set_d(x + i, p[i]);
    gdc_ball_dcross_arb(res, x, prec);
    _arb_vec_clear(x, 5);
}

/* d = 2 is the disk: ball.dcross(2, s, t, bv, th) = ball.disk_cross(s, 0, t, bv, th), an independent piecewise closed
 * form (seed-004 C28), at points of every case of the arc table (bv < 0, = 0, > 0; theta below and above pi/2) */
START_TEST(test_dcross_d2_is_disk)
{
    const double pts[][4] = {{1, 1.3, -0.4, 2.0}, {0.7, 0.9, 0.3, 0.7}, {2, 2.1, 0.6, 2.5}, {1, 2.1, -0.6, 0.5},
                             {1.5, 0.8, 0.0, 1.2}, {1, 0.5, 0.7, 2.9}, {1, 1.0, -0.999, 0.01}, {3, 0.4, 0.1, 3.1}};
    arb_t a, b;
    arb_init(a), arb_init(b);
    arb_ptr x = _arb_vec_init(5);
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        dcross_arb(a, 2, pts[i][0], pts[i][1], pts[i][2], pts[i][3], 256);
        double p[5] = {pts[i][0], 0, pts[i][1], pts[i][2], pts[i][3]};
        for (int j = 0; j < 5; j++)
            arb_set_d(x + j, p[j]);
        gdc_ball_disk_cross_arb(b, x, 128);
        ck_assert_msg(arb_overlaps(a, b), "point %zu: the d = 2 value is not the disk's", i);
        ck_assert_msg(arb_rel_accuracy_bits(a) > 60, "point %zu: %ld bits", i, (long)arb_rel_accuracy_bits(a));
    }
    _arb_vec_clear(x, 5);
    arb_clear(a), arb_clear(b);
}
END_TEST

static void arb_mul_d_compat(arb_t x, double c)
{
    arb_t t;
    arb_init(t);
    arb_set_d(t, c); /* 0.6/(d + 2): rounded, so the expectation is widened below */
    mag_set_d(arb_radref(t), 1e-15 * c);
    arb_mul(x, x, t, 128);
    arb_clear(t);
}

/* bv = 0: Phi(A) = A h(theta)/2 with h = sin th + (pi - th) cos th (the arc-cosine kernel, every theta in [0, pi]) and
 * int_0^1 r^3 (1 - r^2)^m dr = 1/(2 (m + 1)(m + 2)), so K = s t h(theta)/(2 pi (d + 2)) (E|y|^2 = 2/(d + 2) for the 2-D
 * marginal of the unit d-ball) */
START_TEST(test_dcross_bias_free)
{
    const double ds[] = {2, 3, 10, 101};
    arb_t a, e;
    arb_init(a), arb_init(e);
    for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++)
        for (double th = 0.05; th < 3.14; th += 0.7) {
            double d = ds[i];
            /* k = 1.5 * 0.8 h(th)/(2 pi (d + 2)) in Arb (h cancels near pi in double) */
            arb_t u, v;
            arb_init(u), arb_init(v);
            arb_set_d(u, th);
            arb_sin_cos(e, v, u, 128);
            arb_const_pi(a, 128);
            arb_sub(u, a, u, 128);
            arb_addmul(e, u, v, 128);
            arb_mul_d_compat(e, 1.5 * 0.8 / (2 * (d + 2)));
            arb_div(e, e, a, 128);
            dcross_arb(a, d, 1.5, 0.8, 0.0, th, 64);
            arb_clear(u), arb_clear(v);
            ck_assert_msg(arb_overlaps(a, e), "d = %g, theta = %g", d, th);
        }
    arb_clear(a), arb_clear(e);
}
END_TEST

/* Monte Carlo of the definition in R^d itself (x uniform in the d-ball: g/|g| U^(1/d), g ~ N(0, I_d); y = (x1, x2)),
 * independent of the 2-D marginal's density, at d = 3 and 5, within 5 standard errors */
START_TEST(test_dcross_mc_full_ball)
{
    const double pts[][5] = {{3, 1, 1.3, -0.4, 2.0}, {5, 1, 0.9, 0.3, 0.7}, {3, 2, 2.1, 0.6, 2.5}, {5, 1, 2.1, -0.6, 0.5}};
    gdc_rng_t rng;
    gdc_rng_seed(&rng, 2024);
    arb_t a;
    arb_init(a);
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        const double *p = pts[i];
        int d = (int)p[0];
        long n = 200000;
        double acc = 0, acc2 = 0, co = cos(p[4]), si = sin(p[4]);
        for (long k = 0; k < n; k++) {
            double g[8], q = 0;
            for (int j = 0; j < d; j++)
                g[j] = gdc_rng_normal(&rng), q += g[j] * g[j];
            double sc = pow(gdc_rng_uniform(&rng), 1.0 / d) / sqrt(q), y1 = g[0] * sc, y2 = g[1] * sc;
            double b = p[2] * (co * y1 + si * y2) + p[3], v = (y1 > 0 && b > 0) ? p[1] * y1 * b : 0;
            acc += v, acc2 += v * v;
        }
        double m = acc / n, se = sqrt((acc2 / n - m * m) / n);
        dcross_arb(a, p[0], p[1], p[2], p[3], p[4], 64);
        double ex = arf_get_d(arb_midref(a), ARF_RND_NEAR);
        ck_assert_msg(fabs(m - ex) <= 5 * se, "point %zu: Monte Carlo %g +- %g, row %g", i, m, se, ex);
    }
    arb_clear(a);
}
END_TEST

/* a rigorous 2-D integration at one point: the mixture of uniform disks (the density (1 - |y|^2)^m is a mixture of
 * disk indicators; ball.dcross's Arb definition check, 512 rho-intervals times ball.disk_cross's enclosure) encloses
 * the row's value at d = 4 and 7 and is narrow enough (2 %) to test it */
START_TEST(test_dcross_mixture)
{
    const double pts[][5] = {{4, 1, 1.3, -0.4, 2.0}, {7, 1, 0.9, 0.3, 0.7}};
    arb_t a, b;
    arb_init(a), arb_init(b);
    for (int i = 0; i < 2; i++) {
        dcross_arb(a, pts[i][0], pts[i][1], pts[i][2], pts[i][3], pts[i][4], 128);
        ck_assert_int_eq(gdc_ball_dcross_def_arb(b, pts[i], 64), 0);
        ck_assert(arb_overlaps(a, b));
        ck_assert_msg(arb_rel_accuracy_bits(b) >= 6, "the mixture enclosure is too wide to test anything");
    }
    arb_clear(a), arb_clear(b);
}
END_TEST

/* wide boxes: the value and jac enclosures contain the point values and the central differences inside; a box of
 * d holding two integers is indeterminate */
START_TEST(test_dcross_wide)
{
    const double c[][5] = {{3, 1, 0.95, 0.3, 2.1}, {10, 1, 0.99, -0.05, 0.4}, {2, 1, 1.2, 0.0, 1.5707963267948966}};
    const double r[] = {0.02, 0.02, 0.05};
    arb_ptr x = _arb_vec_init(5), jac = _arb_vec_init(5);
    arb_t out, pt;
    arb_init(out), arb_init(pt);
    gdc_rng_t rng;
    gdc_rng_seed(&rng, 77);
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 5; j++) {
            arb_set_d(x + j, c[i][j]);
            if (j >= 2)
                mag_set_d(arb_radref(x + j), r[i]);
        }
        gdc_ball_dcross_jac(out, jac, x, 64);
        ck_assert(arb_is_finite(out) && arb_is_finite(jac + 2) && arb_is_finite(jac + 3) && arb_is_finite(jac + 4));
        for (int k = 0; k < 8; k++) {
            double p[5] = {c[i][0], c[i][1], 0, 0, 0};
            for (int j = 2; j < 5; j++)
                p[j] = c[i][j] + r[i] * gdc_rng_range(&rng, -1, 1);
            dcross_arb(pt, p[0], p[1], p[2], p[3], p[4], 64);
            ck_assert(arb_overlaps(out, pt));
            for (int j = 2; j < 5; j++) {
                double h = 1e-6, pp[5], pm[5];
                memcpy(pp, p, sizeof pp), memcpy(pm, p, sizeof pm);
                pp[j] += h, pm[j] -= h;
                arb_t f1, f0;
                arb_init(f1), arb_init(f0);
                dcross_arb(f1, pp[0], pp[1], pp[2], pp[3], pp[4], 64);
                dcross_arb(f0, pm[0], pm[1], pm[2], pm[3], pm[4], 64);
                double fd = (arf_get_d(arb_midref(f1), ARF_RND_NEAR) - arf_get_d(arb_midref(f0), ARF_RND_NEAR)) / (2 * h);
                arb_set_d(f1, fd);
                mag_set_d(arb_radref(f1), 1e-6);
                ck_assert_msg(arb_overlaps(jac + j, f1), "box %d, derivative %d", i, j);
                arb_clear(f1), arb_clear(f0);
            }
        }
    }
    arb_set_d(x + 0, 3);
    mag_set_d(arb_radref(x + 0), 0.6);
    gdc_ball_dcross_arb(out, x, 64);
    ck_assert(!arb_is_finite(out));
    _arb_vec_clear(x, 5), _arb_vec_clear(jac, 5);
    arb_clear(out), arb_clear(pt);
}
END_TEST


/* the quadrature rules of ball_dcross_quad.c (the proof of its error bound): for every Chebyshev polynomial T_k,
 * k < 2n, |sum_j w_j T_k(x_j) - int_{-1}^1 T_k| <= 2^GL_DEFECT_LOG (int T_k = 0 for odd k, 2/(1 - k^2) for even k),
 * computed exactly (the nodes and weights are dyadic, 1024 bits hold every product); the weights are positive and
 * sum to at most 2.001 */
START_TEST(test_dcross_gl_rules)
{
    const int ns[] = {8, 12, 16, 24, 32};
    arb_t q, t, e;
    arb_init(q), arb_init(t), arb_init(e);
    mag_t m, bound;
    mag_init(m), mag_init(bound);
    mag_set_ui_2exp_si(bound, 1, GL_DEFECT_LOG);
    for (int i = 0; i < 5; i++) {
        int n = ns[i];
        arb_ptr x = _arb_vec_init(n), w = _arb_vec_init(n);
        ck_assert(gdc_ball_gl_rule(x, w, n, 1024));
        arb_zero(q);
        for (int j = 0; j < n; j++) {
            ck_assert(arb_is_exact(x + j) && arb_is_exact(w + j) && arb_is_positive(w + j));
            arb_add(q, q, w + j, 1024);
        }
        arb_set_d(t, 2.001);
        ck_assert(arb_lt(q, t));
        for (int k = 0; k < 2 * n; k++) {
            arb_zero(q);
            for (int j = 0; j < n; j++) {
                arb_chebyshev_t_ui(t, (ulong)k, x + j, 1024);
                arb_addmul(q, w + j, t, 1024);
            }
            if (k % 2 == 0) {
                arb_set_si(e, 2);
                arb_div_si(e, e, 1 - (slong)k * k, 1024);
                arb_sub(q, q, e, 1024);
            }
            arb_get_mag(m, q);
            ck_assert_msg(mag_cmp(m, bound) <= 0, "n = %d, k = %d: defect %g", n, k, mag_get_d(m));
        }
        ck_assert(!gdc_ball_gl_rule(x, w, n + 1, 64));
        _arb_vec_clear(x, n), _arb_vec_clear(w, n);
    }
    arb_clear(q), arb_clear(t), arb_clear(e);
    mag_clear(m), mag_clear(bound);
}
END_TEST

/* the integrator on integrals known in closed form, with the features of the row's pieces: an entire integrand,
 * poles near the interval (Runge's 1/(1 + 25 (v - 1/2)^2), poles at 1/2 +- i/5, forcing subdivision), a branch point
 * just outside an end (sqrt(v + 1/100)) and a wide parameter (exp(p v), p in [0.9, 1.1]): every enclosure holds the
 * exact value, to the goal when the parameter is exact (without the truncation bound it would not: checked by
 * deleting it) */
static int known_integrands(acb_ptr res, const acb_t v, void *param, int analytic, slong prec)
{
    const arb_struct *p = param;
    acb_t u;
    acb_init(u);
    acb_exp(res + 0, v, prec);
    acb_sub_ui(u, v, 1, prec);
    acb_mul_2exp_si(u, u, 1);
    acb_add_ui(u, u, 1, prec); /* 2v - 1 */
    acb_sqr(u, u, prec);
    acb_mul_ui(u, u, 25, prec);
    acb_mul_2exp_si(u, u, -2);
    acb_add_ui(u, u, 1, prec);
    acb_inv(res + 1, u, prec);
    acb_set_ui(u, 100);
    acb_inv(u, u, prec);
    acb_add(u, u, v, prec);
    acb_sqrt_analytic(res + 2, u, analytic, prec);
    acb_mul_arb(u, v, p, prec);
    acb_exp(res + 3, u, prec);
    acb_clear(u);
    return 0;
}

START_TEST(test_dcross_gl_known)
{
    const slong goals[] = {6, 10, 16, 40, 72}; /* the low goals take rules whose truncation error shows */
    arb_t p, e, c;
    arb_init(p), arb_init(e), arb_init(c);
    arb_ptr res = _arb_vec_init(4), ex = _arb_vec_init(3);
    /* e - 1, (2/5) atan(5/2), (2/3) ((101/100)^(3/2) - (1/100)^(3/2)) */
    arb_const_e(ex + 0, 256);
    arb_sub_ui(ex + 0, ex + 0, 1, 256);
    arb_set_d(e, 2.5);
    arb_atan(ex + 1, e, 256);
    arb_mul_2exp_si(ex + 1, ex + 1, 1);
    arb_div_ui(ex + 1, ex + 1, 5, 256);
    arb_set_ui(e, 101);
    arb_div_ui(e, e, 100, 256);
    arb_sqrt(c, e, 256);
    arb_mul(e, e, c, 256);
    arb_set_ui(c, 1);
    arb_div_ui(c, c, 1000, 256);
    arb_sub(e, e, c, 256);
    arb_mul_2exp_si(e, e, 1);
    arb_div_ui(ex + 2, e, 3, 256);
    for (int g = 0; g < 5; g++)
        for (int wide = 0; wide < 2; wide++) {
            arb_one(p);
            if (wide)
                mag_set_d(arb_radref(p), 0.1);
            /* at 128 bits the rounding is far below the truncation error the bound must cover */
            gdc_ball_gl_integrate(res, known_integrands, p, 4, wide, goals[g], 128);
            for (int k = 0; k < 3; k++) {
                ck_assert_msg(arb_contains(res + k, ex + k), "goal %ld, integral %d", (long)goals[g], k);
                ck_assert_msg(mag_cmp_2exp_si(arb_radref(res + k), 2 - goals[g]) <= 0, "goal %ld, integral %d: %g",
                              (long)goals[g], k, mag_get_d(arb_radref(res + k)));
            }
            /* int_0^1 exp(p v) dv = (e^p - 1)/p at p = 0.9, 1, 1.1 (p = 1 alone when exact) */
            for (int i = -wide; i <= wide; i++) {
                arb_set_si(c, 10 + i);
                arb_div_ui(c, c, 10, 256);
                arb_exp(e, c, 256);
                arb_sub_ui(e, e, 1, 256);
                arb_div(e, e, c, 256);
                ck_assert_msg(arb_contains(res + 3, e), "goal %ld, p = %g", (long)goals[g], 1 + 0.1 * i);
            }
            if (!wide)
                ck_assert(mag_cmp_2exp_si(arb_radref(res + 3), 2 - goals[g]) <= 0);
        }
    _arb_vec_clear(res, 4), _arb_vec_clear(ex, 3);
    arb_clear(p), arb_clear(e), arb_clear(c);
}
END_TEST

/* the row's Arb enclosures at the prover's precision (64 bits: the table rules of ball_dcross_quad.c) against the
 * independent MPFR reference (composite Gauss-Legendre at 88 bits, no shared code but the case table's idea): at
 * points, and at points sampled inside wide boxes of the Theorem 5.4 claims' shape (value and jac calls) */
START_TEST(test_dcross_fast_vs_mpfr)
{
    const double c[][5] = {{3, 1, 0.97, -0.01, 2.2}, {4, 1, 0.8, 0.55, 1.0}, {7, 1, 0.999, 0.03, 0.3},
                           {50, 1, 0.99, -0.02, 2.3}, {100, 1, 0.6, 0.8, 1.5}};
    const double r[] = {0.02, 0.03, 0.01, 0.01, 0.04};
    arb_ptr x = _arb_vec_init(5), jac = _arb_vec_init(5);
    arb_t box, boxj, pt, m;
    arb_init(box), arb_init(boxj), arb_init(pt), arb_init(m);
    mpfr_t y[5], v;
    for (int j = 0; j < 5; j++)
        mpfr_init2(y[j], 53);
    mpfr_init2(v, 64);
    gdc_rng_t rng;
    gdc_rng_seed(&rng, 54);
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        for (int j = 0; j < 5; j++) {
            arb_set_d(x + j, c[i][j]);
            if (j >= 2)
                mag_set_d(arb_radref(x + j), r[i]);
        }
        gdc_ball_dcross_arb(box, x, 64);
        gdc_ball_dcross_jac(boxj, jac, x, 64);
        ck_assert(arb_is_finite(box) && arb_is_finite(boxj));
        for (int k = 0; k < 3; k++) {
            double p[5] = {c[i][0], c[i][1], 0, 0, 0};
            for (int j = 2; j < 5; j++)
                p[j] = k == 0 ? c[i][j] : c[i][j] + r[i] * gdc_rng_range(&rng, -1, 1);
            for (int j = 0; j < 5; j++)
                mpfr_set_d(y[j], p[j], MPFR_RNDN);
            gdc_ball_dcross_mpfr(v, (mpfr_srcptr)y[0]);
            arb_set_interval_mpfr(m, v, v, 64);
            mag_set_d(arb_radref(m), 1e-15 * fabs(mpfr_get_d(v, MPFR_RNDN))); /* the reference's own rounding */
            dcross_arb(pt, p[0], p[1], p[2], p[3], p[4], 64);
            ck_assert_msg(arb_overlaps(pt, m), "box %zu, point %d: the point enclosure misses MPFR", i, k);
            /* the goal at 64 bits is 2^-40 absolute: at least 24 bits relative for values above 2^-16 */
            ck_assert_msg(arb_rel_accuracy_bits(pt) >= 24, "box %zu, point %d: %ld bits", i, k,
                          (long)arb_rel_accuracy_bits(pt));
            ck_assert_msg(arb_overlaps(box, m) && arb_overlaps(boxj, m), "box %zu, point %d: the box misses MPFR", i,
                          k);
        }
    }
    for (int j = 0; j < 5; j++)
        mpfr_clear(y[j]);
    mpfr_clear(v);
    _arb_vec_clear(x, 5), _arb_vec_clear(jac, 5);
    arb_clear(box), arb_clear(boxj), arb_clear(pt), arb_clear(m);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ball");
    TCase *tc = tcase_create("coord");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_d1_uniform);
    tcase_add_test(tc, test_d3_polynomial);
    tcase_add_test(tc, test_ends);
    tcase_add_test(tc, test_remark33_catalogue);
    tcase_add_test(tc, test_half);
    tcase_add_test(tc, test_jac_and_wide);
    tcase_add_test(tc, test_integer_d);
    tcase_add_test(tc, test_d2_closed_form);
    tcase_add_test(tc, test_jac_outside);
    tcase_add_test(tc, test_disk_identities);
    tcase_add_test(tc, test_disk_jac_wide);
    tcase_add_test(tc, test_disk_grad_identities);
    tcase_add_test(tc, test_disk_grad_fd);
    tcase_add_test(tc, test_disk_grad_wide);
    tcase_add_test(tc, test_disk_grad_jac);
    tcase_add_test(tc, test_disk_cross_hess_wide);
    tcase_add_test(tc, test_disk_cross_both);
    tcase_add_test(tc, test_disk_czero_box);
    tcase_add_test(tc, test_disk_full_thth);
    tcase_add_test(tc, test_disk_signed_boxes);
    tcase_add_test(tc, test_disk_edge_centred);
    tcase_add_test(tc, test_disk_roots_box);
    tcase_add_test(tc, test_b9_hessian_moments);
    tcase_add_test(tc, test_cube_norm);
    tcase_add_test(tc, test_cube_norm_gl);
    tcase_add_test(tc, test_cube_integrand_boxes);
    tcase_add_test(tc, test_cube_gh_bound);
    tcase_add_test(tc, test_dcross_d2_is_disk);
    tcase_add_test(tc, test_dcross_bias_free);
    tcase_add_test(tc, test_dcross_mc_full_ball);
    tcase_add_test(tc, test_dcross_mixture);
    tcase_add_test(tc, test_dcross_wide);
    tcase_add_test(tc, test_dcross_gl_rules);
    tcase_add_test(tc, test_dcross_gl_known);
    tcase_add_test(tc, test_dcross_fast_vs_mpfr);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    flint_cleanup();
    return failed ? 1 : 0;
}
