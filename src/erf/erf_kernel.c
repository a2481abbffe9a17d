/* Lemma 1 (Williams [22]) of 002_588e28744115f015.txt and the Lemma 5 vectors (seed-002 C13, C14, C19, C20):
 *   V(u, v) = (2/pi) asin(2ab cos t / sqrt((1+2a^2)(1+2b^2))) = (2/pi) atan2(2ab cos t, sqrt(Dk)),
 *   Dk = (1+2a^2)(1+2b^2)(1 - q^2) = 1 + 2a^2 + 2b^2 + 4a^2b^2 sin^2 t  (the Gram term of C13: never 1 - q*q);
 *   1 - V(u, u) = (4/pi) asin(1/sqrt(2(1+2a^2))) = (4/pi) atan(1/sqrt(1+4a^2));
 *   c1 = 4/(pi (1+2a^2) sqrt(1+4a^2));
 *   btilde = grad_w V(u, w): along w/|w| (4/pi) c cos t/((1+2a^2) sqrt(D)), along n (4/pi) c sin t/sqrt(D),
 *   D = 1 + 2a^2 + 2c^2 + 4a^2c^2 sin^2 t.
 * Arb on wide boxes: every function here is monotone in each argument separately (proofs at each function), so
 * the enclosure of a box is the union of the point enclosures at its corners (and at the turning points of
 * sin/cos), without the dependency of plain ball arithmetic; exact input balls keep the point path. */
#include <math.h>
#include "erf/erf.h"
#include "erf/erf_jet.h"
#include "core/fastmath.h"

/* 2/pi and 4/pi as two doubles */
#define TWO_PI_HI 0.63661977236758138
#define TWO_PI_LO (-3.9357353350364972e-17)

static double times_2_over_pi(double x) { return fma(TWO_PI_HI, x, TWO_PI_LO * x); }

void gdc_erf_two_over_pi_arb(arb_t r, slong prec)
{
    arb_const_pi(r, prec);
    arb_inv(r, r, prec);
    arb_mul_2exp_si(r, r, 1);
}

/* The range of |x| as exact balls lo <= hi (gdc_arb_abs_endpoints); 0 if x is not finite. */
static int abs_ends(arb_t lo, arb_t hi, const arb_t x, slong prec)
{
    if (!arb_is_finite(x))
        return 0;
    gdc_arb_abs_endpoints(lo, hi, x, prec);
    return 1;
}

/* res = f over a ball, f even and monotone in |x|: the union of the values at the two ends of the |x| range
 * (exact balls; no dependency). Exact or non-finite balls go to f directly. */
static void even_monotone_arb(arb_t res, const arb_t x, void (*f)(arb_t, const arb_t, slong), slong prec)
{
    arb_t lo, hi, v;
    arb_init(lo);
    arb_init(hi);
    arb_init(v);
    if (arb_is_exact(x) || !abs_ends(lo, hi, x, prec))
        f(res, x, prec);
    else {
        f(res, lo, prec);
        f(v, hi, prec);
        arb_union(res, res, v, prec);
    }
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(v);
}

/* ---- erf.kernel ---- */
GDC_FMA_CLONES void gdc_erf_kernel_d(double *out, const double *x)
{
    double a = x[0], b = x[1], t = x[2];
    double st, ct;
    gdc_sin_cos(t, &st, &ct); /* the same values as sin(t), cos(t), in one call */
    double ab = a * b, g = ab * st;
    double Dk = fma(2.0 * a, a, fma(2.0 * b, b, 1.0)) + 4.0 * (g * g);
    out[0] = times_2_over_pi(atan2(2.0 * ab * ct, sqrt(Dk)));
}

/* The point values (any input balls) are the rows' jet forms of erf_deriv.c evaluated without variables
 * (gdc_ajet_eval_value), so each stable form is written once: the Gram term D = 1 + 2a^2 + 2b^2 + 4 a^2 b^2 sin^2 t
 * of seed-002 C13 as a sum of non-negative terms (1 - q^2 = D/((1 + 2a^2)(1 + 2b^2)) never cancels) whose rsqrt is
 * taken on [max(1, lower end), upper end] (D >= 1 stays provable on every box: the sum's ball alone can reach <= 0
 * once its radii exceed its midpoint). */
static void point3_arb(arb_ptr out, const arb_t a, const arb_t b, const arb_t t, int nout, gdc_ajet_fn f, slong prec)
{
    arb_ptr x = _arb_vec_init(3);
    arb_set(x, a);
    arb_set(x + 1, b);
    arb_set(x + 2, t);
    gdc_ajet_eval_value(out, x, 3, nout, f, prec);
    _arb_vec_clear(x, 3);
}

static void kernel_arb(arb_t res, const arb_t a, const arb_t b, const arb_t t, slong prec)
{
    point3_arb(res, a, b, t, 1, gdc_erf_kernel_jet, prec);
}

/* The t range of a ball as a range [t0, t1] inside [0, pi] with the same values of cos t. V depends on t only
 * through cos t (sin^2 t = 1 - cos^2 t), and cos is even about 0 and about pi, so a ball reaching below 0 or
 * above pi (by rounding of a box end) folds back: [tl, th] with tl < 0 gives [0, max(th, -tl)], and a range
 * reaching above pi gives [min(t0, 2pi - th), pi] (t1 is then the ball pi). Returns 0 (no fold) if the ball is
 * not finite or reaches below -pi or above 2pi. */
static int fold_angle(arb_t t0, arb_t t1, const arb_t t, slong prec)
{
    arb_t pi, u;
    int ok = arb_is_finite(t);
    arb_init(pi);
    arb_init(u);
    arb_const_pi(pi, prec);
    if (ok) {
        gdc_arb_endpoints(t0, t1, t, prec);
        arb_neg(u, pi);
        arb_mul_2exp_si(pi, pi, 1);
        ok = arb_ge(t0, u) && arb_le(t1, pi);
        arb_mul_2exp_si(pi, pi, -1);
    }
    if (ok && arf_sgn(arb_midref(t0)) < 0) {
        arb_neg(t0, t0);
        if (arb_gt(t0, t1))
            arb_swap(t0, t1);
        arb_zero(t0);
    }
    if (ok && !arb_le(t1, pi)) {
        arf_t f;
        arf_init(f);
        arb_mul_2exp_si(u, pi, 1);
        arb_sub(u, u, t, prec); /* 2pi - th is the lower end of 2pi - t */
        arb_get_lbound_arf(f, u, prec);
        arb_set_arf(u, f);
        if (arb_lt(u, t0))
            arb_set(t0, u);
        arb_set(t1, pi);
        arf_clear(f);
    }
    arb_clear(pi);
    arb_clear(u);
    return ok;
}

/* On a box V = (2/pi) asin(cos t g(sqrt2 a) g(sqrt2 b)), g(y) = y/sqrt(1 + y^2) (seed-002 C25; the identity holds
 * for all real a, b since g(sqrt2 a) g(sqrt2 b) = 2ab/sqrt((1+2a^2)(1+2b^2))). g is odd and increasing on R and cos
 * is monotone on [0, pi], so the product c * ga * gb is multilinear in three factors that range independently
 * over intervals whose ends are the values at the ends of the a, b and (folded) t ranges: its extremes, and
 * those of V (asin increasing), are taken at the corners of the box. The enclosure is the union of the point
 * enclosures at the (up to 8) corners: no dependency, the exact range up to rounding. */
void gdc_erf_kernel_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    if ((arb_is_exact(x) && arb_is_exact(x + 1) && arb_is_exact(x + 2)) || !arb_is_finite(x) ||
        !arb_is_finite(x + 1)) {
        kernel_arb(out, x, x + 1, x + 2, prec);
        return;
    }
    arb_t e[6], v;
    for (int i = 0; i < 6; i++)
        arb_init(e[i]);
    arb_init(v);
    if (!fold_angle(e[4], e[5], x + 2, prec)) {
        kernel_arb(out, x, x + 1, x + 2, prec);
    } else {
        gdc_arb_endpoints(e[0], e[1], x, prec);
        gdc_arb_endpoints(e[2], e[3], x + 1, prec);
        int first = 1;
        for (int i = 0; i < 2; i++)
            for (int j = 2; j < 4; j++)
                for (int l = 4; l < 6; l++) {
                    if ((i == 1 && arb_equal(e[0], e[1])) || (j == 3 && arb_equal(e[2], e[3])) ||
                        (l == 5 && arb_equal(e[4], e[5])))
                        continue;
                    kernel_arb(v, e[i], e[j], e[l], prec);
                    if (first)
                        arb_set(out, v);
                    else
                        arb_union(out, out, v, prec);
                    first = 0;
                }
    }
    for (int i = 0; i < 6; i++)
        arb_clear(e[i]);
    arb_clear(v);
}

void gdc_erf_kernel_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_t ab, s, c, Dk, u;
    mpfr_inits2(gdc_erf_mpfr_work(out, GDC_ERF_MPFR_WORK), ab, s, c, Dk, u, (mpfr_ptr)0);
    mpfr_mul(ab, x, x + 1, MPFR_RNDN);
    mpfr_sin_cos(s, c, x + 2, MPFR_RNDN);
    mpfr_mul(s, s, ab, MPFR_RNDN);
    mpfr_sqr(Dk, s, MPFR_RNDN);
    mpfr_mul_2ui(Dk, Dk, 2, MPFR_RNDN);
    mpfr_sqr(u, x, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_add(Dk, Dk, u, MPFR_RNDN);
    mpfr_sqr(u, x + 1, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_add(Dk, Dk, u, MPFR_RNDN);
    mpfr_add_ui(Dk, Dk, 1, MPFR_RNDN);
    mpfr_sqrt(Dk, Dk, MPFR_RNDN);
    mpfr_mul(u, ab, c, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_atan2(u, u, Dk, MPFR_RNDN);
    mpfr_const_pi(s, MPFR_RNDN);
    mpfr_div(u, u, s, MPFR_RNDN);
    mpfr_mul_2ui(out, u, 1, MPFR_RNDN);
    mpfr_clears(ab, s, c, Dk, u, (mpfr_ptr)0);
}

/* ---- erf.self_gap ---- */
GDC_FMA_CLONES void gdc_erf_self_gap_d(double *out, const double *x)
{
    double a = x[0];
    out[0] = 2.0 * times_2_over_pi(atan2(1.0, sqrt(fma(4.0 * a, a, 1.0))));
}

static void self_gap_arb(arb_t res, const arb_t a, slong prec)
{
    gdc_ajet_eval_value(res, a, 1, 1, gdc_erf_self_gap_jet, prec);
}

/* the gap is decreasing in |a| (atan of a decreasing argument): on a wide ball, the values at the ends */
void gdc_erf_self_gap_arb(arb_ptr out, arb_srcptr x, slong prec) { even_monotone_arb(out, x, self_gap_arb, prec); }

void gdc_erf_self_gap_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_t u, p;
    mpfr_inits2(gdc_erf_mpfr_work(out, GDC_ERF_MPFR_WORK), u, p, (mpfr_ptr)0);
    mpfr_sqr(u, x, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 2, MPFR_RNDN);
    mpfr_add_ui(u, u, 1, MPFR_RNDN);
    mpfr_rec_sqrt(u, u, MPFR_RNDN);
    mpfr_atan(u, u, MPFR_RNDN);
    mpfr_const_pi(p, MPFR_RNDN);
    mpfr_div(u, u, p, MPFR_RNDN);
    mpfr_mul_2ui(out, u, 2, MPFR_RNDN);
    mpfr_clears(u, p, (mpfr_ptr)0);
}

/* V(a, a) = (2/pi) atan(2a^2/sqrt(1 + 4a^2)) as a gdc_ajet_fn (erf_deriv.c) */
static int vself_jet(gdc_ajet_struct *out, const gdc_ajet_struct *x, slong prec)
{
    gdc_erf_jet_vself(out, x, prec);
    return 1;
}

double gdc_erf_log_vuu_d(double a)
{
    /* a < 1e-9: V = (4/pi) a^2 (1 + O(a^2)), the correction is far below an ulp of log V (|log V| > 40);
     * this also avoids the underflow of a^2 */
    if (a < 1e-9)
        return fma(2.0, log(a), 0.24156447527049044);
    double s = sqrt(fma(4.0 * a, a, 1.0));
    double g = 2.0 * times_2_over_pi(atan2(1.0, s));
    if (g < 0.5)
        return log1p(-g);
    return log(times_2_over_pi(atan2(2.0 * (a * a), s)));
}

void gdc_erf_log_vuu_arb(arb_t res, const arb_t a, slong prec)
{
    /* On a wide ball inside a > 0: V = 1 - gap is increasing in a (gap = (4/pi) asin(1/sqrt(2(1 + 2a^2))) decreases),
     * so log V over the ball lies between its values at the two ends (exact balls, evaluated below). Without this
     * the dependency in 2a^2/sqrt(1 + 4a^2) lets the atan argument reach <= 0 and the log is indeterminate. */
    if (!arb_is_exact(a) && arb_is_positive(a) && arb_is_finite(a)) {
        gdc_arb_monotone_ends(res, a, gdc_erf_log_vuu_arb, prec);
        return;
    }
    /* both branches are identities: V = 1 - gap = (2/pi) atan(2a^2/sqrt(1+4a^2)) */
    self_gap_arb(res, a, prec);
    if (arf_cmpabs_2exp_si(arb_midref(res), -1) < 0) {
        arb_neg(res, res);
        arb_log1p(res, res, prec);
    } else {
        gdc_ajet_eval_value(res, a, 1, 1, vself_jet, prec);
        arb_log(res, res, prec);
    }
}

/* ---- erf.c1 ---- */
GDC_FMA_CLONES void gdc_erf_c1_d(double *out, const double *x)
{
    double a = x[0];
    double u = fma(2.0 * a, a, 1.0), v = sqrt(fma(4.0 * a, a, 1.0));
    out[0] = 2.0 * times_2_over_pi(1.0 / (u * v));
}

static void c1_arb(arb_t res, const arb_t a, slong prec)
{
    gdc_ajet_eval_value(res, a, 1, 1, gdc_erf_c1_jet, prec);
}

/* c1 is decreasing in |a| (both denominator factors increase): on a wide ball, the values at the ends */
void gdc_erf_c1_arb(arb_ptr out, arb_srcptr x, slong prec) { even_monotone_arb(out, x, c1_arb, prec); }

void gdc_erf_c1_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_t u, v;
    mpfr_inits2(gdc_erf_mpfr_work(out, GDC_ERF_MPFR_WORK), u, v, (mpfr_ptr)0);
    mpfr_sqr(u, x, MPFR_RNDN);
    mpfr_mul_2ui(v, u, 2, MPFR_RNDN);
    mpfr_add_ui(v, v, 1, MPFR_RNDN);
    mpfr_sqrt(v, v, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_add_ui(u, u, 1, MPFR_RNDN);
    mpfr_mul(u, u, v, MPFR_RNDN);
    mpfr_const_pi(v, MPFR_RNDN);
    mpfr_mul(u, u, v, MPFR_RNDN);
    mpfr_ui_div(out, 4, u, MPFR_RNDN);
    mpfr_clears(u, v, (mpfr_ptr)0);
}

/* ---- erf.btilde: x = {c, a, t} ---- */
GDC_FMA_CLONES void gdc_erf_btilde_d(double *out, const double *x)
{
    double c = x[0], a = x[1], t = x[2];
    double g = a * c * sin(t);
    double D = fma(2.0 * a, a, fma(2.0 * c, c, 1.0)) + 4.0 * (g * g);
    double f = 2.0 * times_2_over_pi(c / sqrt(D));
    out[0] = f * cos(t) / fma(2.0 * a, a, 1.0);
    out[1] = f * sin(t);
}

static void btilde_arb(arb_ptr out, const arb_t c, const arb_t a, const arb_t t, slong prec)
{
    point3_arb(out, c, a, t, 2, gdc_erf_btilde_jet, prec);
}

/* On a box both components are monotone in each argument when the others are fixed, so their extremes are at
 * points built from the candidate values of each argument:
 *  - c: c/sqrt(alpha + beta c^2) (alpha = 1 + 2a^2 > 0, beta = 2 + 4a^2 sin^2 t) is odd and increasing on R, and
 *    the other factors do not depend on c: the ends of the c range.
 *  - a: both depend on a through a^2 only, and D (and 1 + 2a^2) increase with a^2, so both are monotone in |a|:
 *    the ends of the |a| range.
 *  - t: with gamma = 1 + 2a^2 + 2c^2 > 0 and delta = 4a^2c^2, <btilde, n> = (4/pi) c sin t/sqrt(gamma + delta
 *    sin^2 t) is monotone in sin t (y/sqrt(gamma + delta y^2) is increasing), and <btilde, w/|w|> is a multiple
 *    (4/pi) c/(1 + 2a^2) of cos t/sqrt(gamma + delta - delta cos^2 t), which is increasing in cos t (derivative
 *    (gamma + delta)/(...)^{3/2} > 0).
 *    sin t is monotone between the points pi/2 + j pi, cos t between the points j pi: the ends of the t range, and
 *    0, pi/2, pi where they lie inside (a t range reaching beyond [-pi/2, 3pi/2] keeps the plain evaluation).
 * Moving one argument at a time to its best candidate never decreases (or increases) a component, so the union
 * of the values at all candidate points (every one inside the box) is the exact range up to rounding. */
void gdc_erf_btilde_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    arb_srcptr c = x, a = x + 1, t = x + 2;
    if ((arb_is_exact(c) && arb_is_exact(a) && arb_is_exact(t)) || !arb_is_finite(c) || !arb_is_finite(t)) {
        btilde_arb(out, c, a, t, prec);
        return;
    }
    arb_t ce[2], ae[2], te[5], h;
    arb_ptr v = _arb_vec_init(2);
    int nt = 2, ok;
    for (int i = 0; i < 2; i++) {
        arb_init(ce[i]);
        arb_init(ae[i]);
    }
    for (int i = 0; i < 5; i++)
        arb_init(te[i]);
    arb_init(h);
    ok = abs_ends(ae[0], ae[1], a, prec);
    gdc_arb_endpoints(ce[0], ce[1], c, prec);
    gdc_arb_endpoints(te[0], te[1], t, prec);
    /* the points j pi/2 (balls) that may lie in the t range are candidates (one just outside only widens the
     * union); a range that may reach -pi/2 or 3pi/2 is refused */
    for (int j = -1; ok && j <= 3; j++) {
        arb_const_pi(h, prec);
        arb_mul_si(h, h, j, prec);
        arb_mul_2exp_si(h, h, -1);
        if (arb_lt(h, te[0]) || arb_gt(h, te[1]))
            continue;
        if (j == -1 || j == 3)
            ok = 0;
        else
            arb_set(te[nt++], h);
    }
    if (!ok)
        btilde_arb(out, c, a, t, prec);
    else {
        int first = 1;
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++)
                for (int l = 0; l < nt; l++) {
                    if ((i && arb_equal(ce[0], ce[1])) || (j && arb_equal(ae[0], ae[1])) ||
                        (l == 1 && arb_equal(te[0], te[1])))
                        continue;
                    btilde_arb(v, ce[i], ae[j], te[l], prec);
                    for (int k = 0; k < 2; k++) {
                        if (first)
                            arb_set(out + k, v + k);
                        else
                            arb_union(out + k, out + k, v + k, prec);
                    }
                    first = 0;
                }
    }
    for (int i = 0; i < 2; i++) {
        arb_clear(ce[i]);
        arb_clear(ae[i]);
    }
    for (int i = 0; i < 5; i++)
        arb_clear(te[i]);
    arb_clear(h);
    _arb_vec_clear(v, 2);
}

void gdc_erf_btilde_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_srcptr c = x, a = x + 1, t = x + 2;
    mpfr_t s, co, D, u, f;
    mpfr_inits2(gdc_erf_mpfr_work(out, GDC_ERF_MPFR_WORK), s, co, D, u, f, (mpfr_ptr)0);
    mpfr_sin_cos(s, co, t, MPFR_RNDN);
    mpfr_mul(u, a, c, MPFR_RNDN);
    mpfr_mul(u, u, s, MPFR_RNDN);
    mpfr_sqr(D, u, MPFR_RNDN);
    mpfr_mul_2ui(D, D, 2, MPFR_RNDN);
    mpfr_sqr(u, c, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_add(D, D, u, MPFR_RNDN);
    mpfr_sqr(u, a, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_add_ui(u, u, 1, MPFR_RNDN);
    mpfr_add(D, D, u, MPFR_RNDN);
    mpfr_sqrt(D, D, MPFR_RNDN);
    mpfr_const_pi(f, MPFR_RNDN);
    mpfr_mul(D, D, f, MPFR_RNDN);
    mpfr_mul_2ui(f, c, 2, MPFR_RNDN);
    mpfr_div(f, f, D, MPFR_RNDN);
    mpfr_mul(D, f, co, MPFR_RNDN);
    mpfr_div(out, D, u, MPFR_RNDN);
    mpfr_mul(out + 1, f, s, MPFR_RNDN);
    mpfr_clears(s, co, D, u, f, (mpfr_ptr)0);
}
