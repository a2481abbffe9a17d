/* The ball family's registry rows (004_107e0ef2f6021d42.txt, Theorems 3.1, 3.2 and Remark 3.3: inputs uniform on
 * a ball; seed-004 C7, C8), with their hard regimes and definition checks. */
#include <math.h>
#include "ball/ball.h"
#include "core/registry.h"

#define PAPER "004_107e0ef2f6021d42.txt"

static double pick_int(gdc_rng_t *r, double lo, double hi) { return floor(gdc_rng_range(r, lo, hi + 0.999)); }

static void coord_tail(double *x, gdc_rng_t *r)
{
    x[0] = pick_int(r, 1, 200);
    x[1] = 1.0 - gdc_rng_logu(r, -14, -1);
}
static void coord_rem33(double *x, gdc_rng_t *r)
{
    /* Remark 3.3: u = 1 - 1/(2 d^2) and 1 - 1/(4 d^2), where E[(T - u)_+^2] cancels by d^4 */
    x[0] = pick_int(r, 2, 1000);
    x[1] = 1.0 - 1.0 / ((gdc_rng_uniform(r) < 0.5 ? 2.0 : 4.0) * x[0] * x[0]);
}
static void coord_left(double *x, gdc_rng_t *r)
{
    x[0] = pick_int(r, 1, 200);
    x[1] = -1.0 + gdc_rng_logu(r, -14, -1);
}
static void coord_low_d(double *x, gdc_rng_t *r)
{
    x[0] = pick_int(r, 1, 3);
    x[1] = gdc_rng_range(r, -1.0, 1.0);
}
static void coord_large_d(double *x, gdc_rng_t *r)
{
    x[0] = pick_int(r, 1000, 10000);
    x[1] = gdc_rng_range(r, -0.2, 0.2);
}
static void coord_centre(double *x, gdc_rng_t *r)
{
    x[0] = pick_int(r, 1, 100);
    x[1] = gdc_rng_range(r, -1e-6, 1e-6);
}

static void coord_outside(double *x, gdc_rng_t *r)
{
    x[0] = pick_int(r, 1, 50);
    x[1] = (gdc_rng_uniform(r) < 0.5 ? -1.0 : 1.0) * (1.0 + gdc_rng_logu(r, -10, 1));
}

/* ---- disk_cross: x = {s, bw, t, bv, theta} */
static void disk_generic(double *x, gdc_rng_t *r)
{
    x[0] = gdc_rng_range(r, 0.0, 3.0);
    x[1] = gdc_rng_range(r, -3.0, 3.0);
    x[2] = gdc_rng_range(r, 0.0, 3.0);
    x[3] = gdc_rng_range(r, -3.0, 3.0);
    x[4] = gdc_rng_range(r, 0.0, 3.141592653589793);
}
static void disk_theta0(double *x, gdc_rng_t *r)
{
    disk_generic(x, r);
    x[4] = gdc_rng_logu(r, -12, -1);
}
static void disk_thetapi(double *x, gdc_rng_t *r)
{
    disk_generic(x, r);
    x[4] = 3.141592653589793 - gdc_rng_logu(r, -12, -1);
}
static void disk_t_small(double *x, gdc_rng_t *r)
{
    disk_generic(x, r);
    x[2] = gdc_rng_logu(r, -12, -1);
}
static void disk_double_root(double *x, gdc_rng_t *r)
{
    /* t = |bv|: the two roots of c0^2 = c^2 h^2 meet */
    disk_generic(x, r);
    x[2] = fabs(x[3]) * (1.0 + gdc_rng_range(r, -1e-8, 1e-8));
}
static void disk_edge(double *x, gdc_rng_t *r)
{
    /* -bw/s near +-1: the first neuron's active cap is thin */
    disk_generic(x, r);
    x[0] = gdc_rng_range(r, 0.5, 3.0);
    x[1] = -x[0] * (1.0 - gdc_rng_logu(r, -10, -1));
}
static void disk_thm54(double *x, gdc_rng_t *r)
{
    /* Theorem 5.4 on the disk of radius R: w = (e1, 0), v = (cos psi (cos th, sin th), sin psi) */
    double R = gdc_rng_range(r, 0.5, 3.0), psi = gdc_rng_range(r, -0.3, 1.5707963267948966);
    x[0] = R;
    x[1] = 0;
    x[2] = R * cos(psi);
    x[3] = sin(psi);
    x[4] = gdc_rng_range(r, 0.0, 2.356194490192345);
}

/* ---- disk_grad: x = {s, bw, t, bv, theta}, s > 0 */
static void grad_generic(double *x, gdc_rng_t *r)
{
    disk_generic(x, r);
    x[0] = gdc_rng_range(r, 0.05, 3.0);
}
static void grad_near_v(double *x, gdc_rng_t *r)
{
    /* w -> v: the gradient vanishes like |w - v| */
    grad_generic(x, r);
    double e = gdc_rng_logu(r, -8, -2);
    x[2] = x[0] * (1 + gdc_rng_range(r, -e, e));
    x[3] = x[1] + gdc_rng_range(r, -e, e);
    x[4] = e * gdc_rng_uniform(r);
}
static void grad_thm54(double *x, gdc_rng_t *r)
{
    disk_thm54(x, r);
    x[1] = gdc_rng_range(r, -0.5, 0.5);
}

/* ---- dcross: x = {d, s, t, bv, theta} */
static void dc_generic(double *x, gdc_rng_t *r)
{
    x[0] = pick_int(r, 2, 200);
    x[1] = gdc_rng_range(r, 0.0, 3.0);
    x[2] = gdc_rng_range(r, 0.0, 3.0);
    x[3] = gdc_rng_range(r, -3.0, 3.0);
    x[4] = gdc_rng_range(r, 0.0, 3.141592653589793);
}
static void dc_thm54(double *x, gdc_rng_t *r)
{
    /* Theorem 5.4 on the ball of radius R: w = (e1, 0), v = (cos psi (cos th, sin th), sin psi) */
    double R = gdc_rng_range(r, 0.5, 3.0), psi = gdc_rng_range(r, -0.3, 1.5707963267948966);
    x[0] = pick_int(r, 2, 1000);
    x[1] = R;
    x[2] = R * cos(psi);
    x[3] = sin(psi);
    x[4] = gdc_rng_range(r, 0.0, 2.356194490192345);
}
static void dc_edge(double *x, gdc_rng_t *r)
{
    /* t = |bv| (1 + eps): r1 = |bv|/t -> 1, the value vanishes like a power of 1 - r1 */
    dc_generic(x, r);
    x[2] = fabs(x[3]) * (1.0 + gdc_rng_logu(r, -12, -1));
}
static void dc_theta0(double *x, gdc_rng_t *r)
{
    dc_generic(x, r);
    x[4] = gdc_rng_logu(r, -12, -1);
}
static void dc_theta_half(double *x, gdc_rng_t *r)
{
    /* theta -> pi/2: r2 = r1/sin theta meets r1 */
    dc_generic(x, r);
    x[4] = 1.5707963267948966 + (gdc_rng_uniform(r) < 0.5 ? -1 : 1) * gdc_rng_logu(r, -12, -1);
}
static void dc_thetapi(double *x, gdc_rng_t *r)
{
    dc_generic(x, r);
    x[4] = 3.141592653589793 - gdc_rng_logu(r, -12, -1);
}
static void dc_bv0(double *x, gdc_rng_t *r)
{
    /* bv -> 0: r1 and r2 -> 0 */
    dc_generic(x, r);
    x[3] = (gdc_rng_uniform(r) < 0.5 ? -1 : 1) * gdc_rng_logu(r, -12, -1);
}
static void dc_large_d(double *x, gdc_rng_t *r)
{
    /* the marginal concentrates at |y| ~ 1/sqrt(d) */
    dc_generic(x, r);
    x[0] = pick_int(r, 500, 1000);
    x[3] *= 0.1;
}

/* ---- cube_norm: x = {d} */
static void cube_low_d(double *x, gdc_rng_t *r) { x[0] = pick_int(r, 1, 4); }
static void cube_large_d(double *x, gdc_rng_t *r) { x[0] = pick_int(r, 1000, 20000); }

static const gdc_row_t rows[] = {
    {
        .id = "ball.coord",
        .summary = "a coordinate T of the uniform distribution on the unit ball of R^d: density, tail, ReLU moments",
        .nargs = 2,
        .args = {{"d", GDC_Q(1), GDC_Q(100000), 0, 0, 200.0, 1}, {"u", {-1, 0, 0}, GDC_INF, 1, 1, 1.5, 0}},
        .nout = 4,
        .outputs = {"f(u) = C_d (1 - u^2)^((d-1)/2)", "P(T >= u) = I_{1-u^2}((d+1)/2, 1/2)/2 (u >= 0)",
                    "E[(T - u)_+]", "E[(T - u)_+^2]"},
        .source = PAPER " Theorems 3.1, 3.2, Remark 3.3 (uniform-ball inputs); seed-004 C7, C8 (the ball, not the "
                        "sphere: a cap P(u1 >= a) of the sphere S^(d-1) is gauss.cap(d, a), equal to output 1 at "
                        "d - 2; this row adds the ball's density and ReLU moments; the double kernel "
                        "rounds the Arb enclosure; the Arb and MPFR values are incomplete beta functions and a "
                        "recurrence of d/2 steps: the cross-checks use 1/5 of the usual points)",
        .fn_double = gdc_ball_coord_d,
        .fn_arb = gdc_ball_coord_arb,
        .fn_mpfr = gdc_ball_coord_mpfr,
        .fn_arb_jac = gdc_ball_coord_jac,
        .max_err = 2, /* correctly rounded from a 60-bit enclosure; the error measure gives 1 on subnormal results */
        .nregimes = 7,
        .regimes = {{"u -> 1 (tail, the moments cancel)", coord_tail},
                    {"Remark 3.3 thresholds u = 1 - 1/(2d^2), 1 - 1/(4d^2)", coord_rem33},
                    {"u -> -1", coord_left},
                    {"d = 1, 2, 3 (density exponent 0, 1/2, 1)", coord_low_d},
                    {"large d", coord_large_d},
                    {"u near 0", coord_centre},
                    {"u outside [-1, 1] (the flat neurons of Theorem 4.2)", coord_outside}},
        .ndefchecks = 2,
        .defchecks = {{"rigorous integration of (t - u)^n (1 - t^2)^m", gdc_ball_coord_def_arb, NULL},
                      {"Monte Carlo of the uniform d-ball (Rao-Blackwellised in x1)", NULL, gdc_ball_coord_mc}},
        .check_scale = 0.2,
    },
    {
        .id = "ball.disk_cross",
        .summary = "E[(s y1 + bw)_+ (t (cos th y1 + sin th y2) + bv)_+] for y uniform on the unit disk",
        .nargs = 5,
        .args = {{"s", GDC_Q(0), GDC_INF, 0, 1, 3.0, 0},
                 {"bw", {-1, 0, 0}, GDC_INF, 1, 1, 3.0, 0},
                 {"t", GDC_Q(0), GDC_INF, 0, 1, 3.0, 0},
                 {"bv", {-1, 0, 0}, GDC_INF, 1, 1, 3.0, 0},
                 {"theta", GDC_Q(0), GDC_PI, 0, 0, 0, 0}},
        .nout = 1,
        .outputs = {"(1/pi) int_{-1}^{1} (s y + bw)_+ G(y) dy, G the inner ReLU integral (piecewise closed form)"},
        .source = PAPER " Theorem 5.4 (its core inequality on the uniform disk, d = 2; the disk of radius R: s R, t R); "
                        "seed-004 C28 (the double kernel rounds the Arb enclosure)",
        .fn_double = gdc_ball_disk_cross_d,
        .fn_arb = gdc_ball_disk_cross_arb,
        .fn_mpfr = gdc_ball_disk_cross_mpfr,
        .fn_arb_jac = gdc_ball_disk_cross_jac,
        .fn_arb_hess = gdc_ball_disk_cross_hess,
        .max_err = 1,
        .nregimes = 6,
        .regimes = {{"theta -> 0", disk_theta0},
                    {"theta -> pi", disk_thetapi},
                    {"t -> 0", disk_t_small},
                    {"t = |bv| (double root)", disk_double_root},
                    {"-bw/s -> 1 (thin cap)", disk_edge},
                    {"Theorem 5.4 (bw = 0, |v| = 1)", disk_thm54}},
        .ndefchecks = 1,
        .defchecks = {{"Monte Carlo of the uniform disk", NULL, gdc_ball_disk_cross_mc}},
    },
    {
        .id = "ball.disk_grad",
        .summary = "grad F and P(both active) for the loss F(w) = E[(relu(w.x) - relu(v.x))^2]/2 on the unit disk",
        .nargs = 5,
        .args = {{"s", GDC_Q(0), GDC_INF, 1, 1, 3.0, 0},
                 {"bw", {-1, 0, 0}, GDC_INF, 1, 1, 3.0, 0},
                 {"t", GDC_Q(0), GDC_INF, 0, 1, 3.0, 0},
                 {"bv", {-1, 0, 0}, GDC_INF, 1, 1, 3.0, 0},
                 {"theta", GDC_Q(0), GDC_PI, 0, 0, 0, 0}},
        .nout = 4,
        .outputs = {"E[(relu(w.x) - relu(v.x)) 1(w.x > 0) y1] (along w~/|w~|)",
                    "E[(relu(w.x) - relu(v.x)) 1(w.x > 0) y2] (along the unit normal to w~ towards v~)",
                    "E[(relu(w.x) - relu(v.x)) 1(w.x > 0)] (dF/dbw)", "P(w.x > 0, v.x > 0)"},
        .source = PAPER " Eq. (3), Theorem 4.2 and the Section 5.1 sketch (B7, B8, B9) on the uniform disk (d = 2); "
                        "seed-004 C2, C27, C28: the cross term's gradient from ball.disk_cross's derivative enclosure, "
                        "the self term from ball.coord(2, -bw/s), P by the disk pieces with the indicator; the MPFR "
                        "values are central differences of the MPFR ball.disk_cross (P its mixed bias derivative); "
                        "the double kernel rounds the Arb enclosure (each MPFR value is 9 disk evaluations at 3p + 192 bits: the "
                        "cross-checks use 1/20 of the usual points)",
        .fn_double = gdc_ball_disk_grad_d,
        .fn_arb = gdc_ball_disk_grad_arb,
        .fn_mpfr = gdc_ball_disk_grad_mpfr,
        .fn_arb_jac = gdc_ball_disk_grad_jac,
        .max_err = 1,
        .nregimes = 6,
        .regimes = {{"generic", grad_generic},
                    {"w -> v (the gradient vanishes)", grad_near_v},
                    {"theta -> 0", disk_theta0},
                    {"t = |bv| (double root)", disk_double_root},
                    {"-bw/s -> 1 (thin cap)", disk_edge},
                    {"Theorem 5.4's configurations, |bw| <= 1/2", grad_thm54}},
        .ndefchecks = 1,
        .defchecks = {{"Monte Carlo of the uniform disk", NULL, gdc_ball_disk_grad_mc}},
        .check_scale = 0.05,
    },
    {
        .id = "ball.dcross",
        .summary = "E[(s y1)_+ (t (cos th y1 + sin th y2) + bv)_+] for y the 2-D marginal of the uniform unit d-ball",
        .nargs = 5,
        .args = {{"d", GDC_Q(2), GDC_Q(1000), 0, 0, 200.0, 1},
                 {"s", GDC_Q(0), GDC_INF, 0, 1, 3.0, 0},
                 {"t", GDC_Q(0), GDC_INF, 0, 1, 3.0, 0},
                 {"bv", {-1, 0, 0}, GDC_INF, 1, 1, 3.0, 0},
                 {"theta", GDC_Q(0), GDC_PI, 0, 0, 0, 0}},
        .nout = 1,
        .outputs = {"s (d/(2 pi)) int_0^1 r^2 (1 - r^2)^((d-2)/2) Phi(t r) dr, Phi(A) = int_{-pi/2}^{pi/2} cos phi "
                    "(A cos(phi - th) + bv)_+ dphi (closed form by arcs)"},
        .source = PAPER " Theorem 5.4 (its core inequality with b_w = 0 on the uniform ball of R^d, through the 2-D "
                        "marginal on span(w~, v~), density (d/(2 pi)) (1 - |y|^2)^((d-2)/2); the ball of radius R: s R, "
                        "t R); seed-004 C8, C28 (d = 2 is ball.disk_cross(s, 0, t, bv, theta)); the Arb value is the "
                        "radial integral in closed form at points (ball_dcross_closed.c) and on boxes a "
                        "rigorous integral per piece (Gauss-Legendre with a proven truncation bound, ball_dcross_quad.c; "
                        "acb_calc_integrate beyond 80 bits), the double kernel rounds it, the MPFR value "
                        "is composite Gauss-Legendre at 384 bits (0.05-1.6 s a value): the cross-checks use 1/100 of the usual points",
        .fn_double = gdc_ball_dcross_d,
        .fn_arb = gdc_ball_dcross_arb,
        .fn_mpfr = gdc_ball_dcross_mpfr,
        .fn_arb_jac = gdc_ball_dcross_jac,
        .max_err = 1,
        .nregimes = 8,
        .regimes = {{"generic", dc_generic},
                    {"Theorem 5.4 (bw = 0, |v| = 1, d up to 1000)", dc_thm54},
                    {"t = |bv| (1 + eps): the value vanishes", dc_edge},
                    {"theta -> 0", dc_theta0},
                    {"theta -> pi/2 (r2 meets r1)", dc_theta_half},
                    {"theta -> pi", dc_thetapi},
                    {"bv -> 0", dc_bv0},
                    {"large d (500..1000)", dc_large_d}},
        .ndefchecks = 2,
        .defchecks = {{"mixture of uniform disks (rigorous, coarse)", gdc_ball_dcross_def_arb, NULL},
                      {"Monte Carlo of the 2-D marginal", NULL, gdc_ball_dcross_mc}},
        .check_scale = 0.01,
    },
    {
        .id = "ball.cube_norm",
        .summary = "E|w| for w uniform on the cube [-1, 1]^d (the box integral B_d(1))",
        .nargs = 1,
        .args = {{"d", GDC_Q(1), GDC_Q(100000), 0, 0, 50.0, 1}},
        .nout = 1,
        .outputs = {"(1/sqrt(pi)) int_0^inf (1 - g(u)^d) u^-2 du, g(u) = sqrt(pi) erf(u)/(2u)"},
        .source = PAPER " Theorem 3.1 (the exact stuck probability (1 - eps E|w~|)/2, eps sqrt(d) <= 1); seed-004 "
                        "C19 (the double kernel rounds the Arb enclosure, a rigorous integral; the MPFR value is an "
                        "exp-sinh quadrature of the same integral: the cross-checks use 3/100 of the usual points)",
        .fn_double = gdc_ball_cube_norm_d,
        .fn_arb = gdc_ball_cube_norm_arb,
        .fn_mpfr = gdc_ball_cube_norm_mpfr,
        .max_err = 1,
        .nregimes = 2,
        .regimes = {{"d = 1..4 (closed forms: 1/2, (sqrt2 + asinh 1)/3, ...)", cube_low_d},
                    {"large d (the integrand's peak d/3 at u ~ 1/sqrt(d))", cube_large_d}},
        .ndefchecks = 1,
        .defchecks = {{"Monte Carlo of the uniform cube", NULL, gdc_ball_cube_norm_mc}},
        .check_scale = 0.03,
        .no_deriv = "a function of the integer d alone (no real argument to differentiate in)",
        .int_ends = 1, /* increasing in d; a range of d is the hull of its two ends (ball_cube_arb.c) */
    },
};

const gdc_family_t gdc_family_ball = {"ball", rows, sizeof rows / sizeof rows[0]};
