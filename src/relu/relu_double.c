/* Double kernels of the ReLU family (seed-000 C18, C19, C22-C24; seed-001 C1-C2; seed-003 C1):
 * stable forms of h, J, step, kernel, loss, gradient, correlation and its ratio, the flow rates and the
 * Hessian eigenvalues. Cancellation is removed by
 *   - pi - t as a two-double (core/angle.h), h(t) = G3(pi - t) with the G3 series (core/series.h),
 *   - J(t) = G3(t), t - sin t = S(t), 1 - cos t = 2 sin^2(t/2),
 *   - F = Q/4 - r J/(2 pi); pi - h = 2 pi sin^2(t/2) - J; corr = Q R (seed-000 C23) with
 *     R = 1/2 - D/(2 pi Q) when D/(2 pi Q) <= 1/4, else 2 pi corr = pi r^2 - r B + C (B <= 0) or
 *     pi (r - B/(2 pi))^2 + G/(4 pi) (B > 0), B = (2 pi - t) cos t + sin t, C = (pi - t) + sin t cos t,
 *     G = 4 pi C - B^2 >= 0 (the minimum over r of 2 pi corr >= 0, seed-000 C6),
 * and double-double arithmetic (core/dd.h) where the remaining sums may cancel.
 *
 * Fast paths (issue 14): each kernel first tests the regime with a comparison or two on the inputs and sends the
 * common case to a libm-only form (one sincos, a few products, no double-double), keeping the forms above for
 * the cancellation regimes. Third round (session 5): at most one libm call per point (none where series serve:
 * 1 - cos t below pi/3, t - sin t, G3), and differences of non-negative terms that lose at most a factor 2 formed
 * from two-doubles whose high parts are summed exactly and whose low parts are added once (loss, corr, grad).
 * Error budgets below are in u = 2^-53, with libm sin/cos within 1 ulp (2u relative;
 * glibc >= 2.28 measures below 0.55 ulp); Delta is the input sensitivity of the error measure (core/accuracy.c):
 * for t in [2, pi] one ulp of t is 4u, so a kernel whose t-derivative is f' may err by |f'| 4u per unit. */
#include <math.h>
#include "relu/relu.h"
#include "relu/relu_row_double.h"
#include "relu/relu_corr_path.h"
#define GDC_DD_USE_FMA 1 /* the kernels below are built for FMA machines too (core/fastmath.h) */
#include "core/dd.h"
#include "core/series.h"
#include "core/fastmath.h"

#define HALF_PI 1.5707963267948966

/* G3(x) = sin x - x cos x = x^3 P(x^2), P(u) = sum_{k=1}^{9} (-1)^{k+1} a_k u^{k-1}, a_k = 1/((2k-1)! (2k+1)), for
 * 0 <= x <= 1 (core/series.c gives the derivation). Omitted: a_10 x^18 < 4e-19 < 2^-61 a_1. Estrin's scheme (three
 * levels instead of nine dependent steps). P >= a_1 - a_2 = 0.3 and the terms after a_1 sum to at most 0.034, so
 * P carries at most 2.2u (u for a_1 = 1/3 rounded and the last sum, 1.2u for the rest, scaled by 0.034/0.3 each);
 * x^3 = x (x x) two roundings, the product one: |error| <= 5.5u G3(x). */
static GDC_INLINE double g3_small(double x)
{
    static const double a[9] = {1.0 / 3.0, 1.0 / 30.0, 1.0 / 840.0, 1.0 / 45360.0, 1.0 / 3991680.0,
                                1.0 / 518918400.0, 1.0 / 93405312000.0, 1.0 / 22230464256000.0,
                                1.0 / 6758061133824000.0};
    double u = x * x, u2 = u * u, u4 = u2 * u2;
    double p01 = a[0] - a[1] * u, p23 = a[2] - a[3] * u, p45 = a[4] - a[5] * u, p67 = a[6] - a[7] * u;
    double hi = (p45 + u2 * p67) + u4 * a[8];
    return (x * u) * ((p01 + u2 * p23) + u4 * hi);
}

/* x^3/den + x^3 v P(v), v = x^2, P(v) = -c_0 + c_1 v - c_2 v^2 + ... - c_12 v^12 (alternating tail of core/series.c's
 * G3 and S series), with the leading x^3/den formed almost exactly as core/series.c's lead_plus_tail does (x^3 as a
 * two-double from two two-products), but q = x^3 (1/den) by a product, not a division, and its remainder x^3 - den q
 * by one fma (exact: q is within 2 ulp of x^3/den), so q + q_lo is x^3/den to about 2^-104 though q is not rounded
 * correctly; no library fma calls, and the tail by Estrin's scheme (four levels instead of twelve dependent steps):
 * the same error bound, about 1 ulp. */
static GDC_INLINE double lead_tail_acc(double x, double den, double inv_den, const double c[13])
{
    gdc_dd_t u = gdc_dd_two_prod(x, x);
    gdc_dd_t x3 = gdc_dd_two_prod(x, u.hi);
    x3.lo += x * u.lo;
    double v = u.hi, v2 = v * v, v4 = v2 * v2, v8 = v4 * v4;
    double p01 = c[1] * v - c[0], p23 = c[3] * v - c[2], p45 = c[5] * v - c[4], p67 = c[7] * v - c[6];
    double p89 = c[9] * v - c[8], pab = c[11] * v - c[10];
    double p = (p01 + v2 * p23) + v4 * (p45 + v2 * p67) + v8 * ((p89 + v2 * pab) - v4 * c[12]);
    double q = x3.hi * inv_den;
    double q_lo = (fma(-den, q, x3.hi) + x3.lo) * inv_den;
    return q + (q_lo + x3.hi * (v * p));
}

/* G3(x) for 0 <= x < pi/2 as core/series.c's gdc_g3_series computes it (the same 13 terms; c_12 = 0) */
static GDC_INLINE double g3_acc(double x)
{
    static const double a[13] = {1.0 / 30.0, 1.0 / 840.0, 1.0 / 45360.0, 1.0 / 3991680.0, 1.0 / 518918400.0,
                                 1.0 / 93405312000.0, 1.0 / 22230464256000.0, 1.0 / 6758061133824000.0,
                                 1.0 / 2554547108585472000.0, 1.0 / 1175091669949317120000.0,
                                 1.0 / 646300418472124416000000.0, 1.0 / 418802671169936621568000000.0, 0.0};
    return lead_tail_acc(x, 3.0, 1.0 / 3.0, a);
}

/* S(x) = x - sin x for 0 <= x < 2 as core/series.c's gdc_xmsin_series (the same 14 terms: omitted term below 2^-66
 * of x^3/6), inlined: no library call */
static GDC_INLINE double xmsin_acc(double x)
{
    static const double b[13] = {1.0 / 120.0, 1.0 / 5040.0, 1.0 / 362880.0, 1.0 / 39916800.0, 1.0 / 6227020800.0,
                                 1.0 / 1307674368000.0, 1.0 / 355687428096000.0, 1.0 / 121645100408832000.0,
                                 1.0 / 51090942171709440000.0, 1.0 / 25852016738884976640000.0,
                                 1.0 / 15511210043330985984000000.0, 1.0 / 10888869450418352160768000000.0,
                                 1.0 / 8841761993739701954543616000000.0};
    return lead_tail_acc(x, 6.0, 1.0 / 6.0, b);
}

static const gdc_dd_t PI_DD = {GDC_PI_HI, GDC_PI_LO};
static const gdc_dd_t INV2PI_DD = {GDC_INV2PI_HI, GDC_INV2PI_LO};

/* h(t) with e = pi - t (two-double e_hi + e_lo):
 *  - e < 1: h = G3(e) (g3_small, <= 5.5u h) + e_lo G3'(e), G3'(e) = e sin e = e^2 (1 + O(e^2)) (the O(e^2) of a
 *    correction <= 1.5u h is below 0.3u h). Here |h'(t)| = e sin e >= 0.84 e^2 and h <= e^3/3, so
 *    Delta >= 0.84 e^2 4u >= 10u h/e >= 10u h: error <= 0.6 Delta.
 *  - e >= 1: sin t + e cos t by one sincos and two fmas: error <= u h + u s + 2u (s + e |cos t|). For t <= pi/2 the
 *    terms are >= 0 (<= 4u h; 2.1u h with glibc's sin/cos); for e in [1, pi/2], s + e |c| <= 4.6 h and
 *    Delta >= e sin e 4u... = (at e = 1) 3.4u, error <= 3.1u (at e = 1): at most 0.93 Delta. */
static GDC_INLINE double h_series(double e, double e_lo)
{
    return g3_small(e) + e_lo * e * e;
}

static GDC_INLINE double h_fast(double t, double e, double e_lo)
{
    if (e < 1.0)
        return h_series(e, e_lo);
    double s, c;
    gdc_sin_cos(t, &s, &c);
    return fma(e, c, fma(e_lo, c, s));
}

static GDC_INLINE double h_body(double t)
{
    double e_lo, e = gdc_pi_minus(t, &e_lo);
    return h_fast(t, e, e_lo);
}

/* J(t) = G3(t): the accurate series (g3_acc, about 1 ulp) for t < 1.25; beyond, sin t - t cos t by one sincos and
 * an fma: error <= u J + 2u (s + t |c|), and Delta >= t sin t 2u (one ulp of t >= 1 is >= 2u); at t = 1.25 this is
 * 3.24u against 2.37u (1.37 units), less beyond (no cancellation at all past pi/2). */
static GDC_INLINE double J_body(double t)
{
    if (t < 1.25)
        return g3_acc(t);
    double s, c;
    gdc_sin_cos(t, &s, &c);
    return fma(-t, c, s);
}

/* (pi - t)/(2 pi) = 1/2 - t (i_hi + i_lo): t i_hi = p_hi + p_lo exactly (a two-product, one fma), 1/2 - p_hi = s_hi +
 * s_lo exactly (Dekker's fast two-sum: 1/2 >= p_hi), then s_hi + (s_lo - (p_lo + t i_lo)) with one rounding that
 * matters: the inner sums err by 2^-53 of terms below 2^-54 (about 2^-107 absolute), the last by 1/2 ulp. So the error
 * is <= 1/2 ulp + 2^-107; near t = pi, where the result falls to 1.9e-17 and 2^-107 is a sizeable part of its ulp, one
 * ulp of t moves the value by ulp(t)/(2 pi) >= 7e-17 (Delta), so the measure stays <= 1/2 + 2^-52. Five flops
 * shorter than the two-double pi - t of the old form, with the same bound. */
static GDC_INLINE double step_body(double t)
{
    gdc_dd_t p = gdc_dd_two_prod(t, GDC_INV2PI_HI);
    gdc_dd_t s = gdc_dd_fast_two_sum(0.5, -p.hi);
    return s.hi + (s.lo - (p.lo + t * GDC_INV2PI_LO));
}

static GDC_INLINE double kernel_of_h(double a, double b, double h)
{
    double x = gdc_dd_mul_d(INV2PI_DD, h).hi; /* h/(2 pi) in [0, 1/2] */
    double big = a > b ? a : b, small = a > b ? b : a;
    return (big * x) * small; /* ordered so that no intermediate overflows before the result does */
}

static GDC_INLINE double kernel_body(double a, double b, double t)
{
    return kernel_of_h(a, b, h_body(t));
}

/* the kernel from t and an independently computed e = pi - t (Kahan's mirror angle of two vectors): h by the series in
 * e below 1 (accurate however close the vectors are to anti-parallel), sin t + e cos t beyond; h(0) = pi rounds to the
 * double nearest pi and h/(2 pi) to 1/2, so the kernel of a vector with itself is (|x| 1/2) |x| exactly rounded */
GDC_FMA_CLONES double gdc_relu_kernel_mirror(double a, double b, double t, double e)
{
    double h;
    if (e < 1.0) {
        h = h_series(e, 0.0);
    } else {
        double s, c;
        gdc_sin_cos(t, &s, &c);
        h = fma(e, c, s);
    }
    return kernel_of_h(a, b, h);
}

#define THIRD_PI 1.0471975511965976

/* 1 - cos t = 2 sin^2(t/2) for 0 <= t < pi/3 by its Taylor series, as a two-double (no libm call):
 * 1 - cos t = v/2 + v R(v), v = t^2 = v_hi + v_lo (a two-product), R = sum_{k=2}^{10} (-1)^{k+1} v^{k-1}/(2k)! (Estrin).
 * Omitted: v^11/22! <= 2.5e-21 (v <= (pi/3)^2 = 1.0966), below 2^-67 of the value (>= 0.45 v). R errs by about 2u
 * relative, and |v R| <= 0.1 (1 - cos t), so the value errs by at most 0.25u relative (v/2 exact, one final sum);
 * sin(t/2) squared, which this replaces, erred by 1.1u (libm's sine within 0.55 ulp). */
static GDC_INLINE gdc_dd_t omc_series(double t)
{
    static const double c[9] = {-1.0 / 24.0, 1.0 / 720.0, -1.0 / 40320.0, 1.0 / 3628800.0, -1.0 / 479001600.0,
                                1.0 / 87178291200.0, -1.0 / 20922789888000.0, 1.0 / 6402373705728000.0,
                                -1.0 / 2432902008176640000.0};
    gdc_dd_t v = gdc_dd_two_prod(t, t);
    double w = v.hi, w2 = w * w, w4 = w2 * w2, w8 = w4 * w4;
    double p01 = c[0] + c[1] * w, p23 = c[2] + c[3] * w, p45 = c[4] + c[5] * w, p67 = c[6] + c[7] * w;
    double rr = ((p01 + w2 * p23) + w4 * (p45 + w2 * p67)) + w8 * c[8];
    return gdc_dd_fast_two_sum(0.5 * v.hi, 0.5 * v.lo + v.hi * (w * rr));
}

/* 1 - cos t as a two-double, as the kernels below form it: omc_series(t) below pi/3, else 1 - cos t exactly as a
 * two-double (fast two-sum, 1 >= |cos t|), where cos t <= 1/2 makes cos t's own error (<= 0.55 ulp(cos t)) at most
 * 1.1u of 1 - cos t, and less beyond (0.55u for t >= pi/2); one ulp of t >= 1 moves 1 - cos t by more than that
 * (sin t 2^-52). This is "1 - cos t as above" in the comments below. */

/* F = (1 - r)^2/4 + r G, G = (pi - h(t))/(2 pi) = (1 - cos t)/2 - J(t)/(2 pi) (Q/4 - r J/(2 pi) with Q = (1 - r)^2 +
 * 2 r (1 - cos t), regrouped). Both terms of F are >= 0, and G >= (1 - cos t)/4 >= J/(2 pi): J(t) <= pi (1 - cos t)/2
 * on [0, pi], equality at 0 and pi. Proof: f(t) = pi (1 - cos t)/2 - sin t + t cos t has f(0) = f(pi) = 0 and
 * f'(t) = (pi/2) sin t - cos t + cos t - t sin t = sin t (pi/2 - t), >= 0 on [0, pi/2] and <= 0 on [pi/2, pi]: f
 * rises, then falls, and so stays >= min(f(0), f(pi)) = 0 (tested in Arb at interior points, with a tightness check,
 * in tests/check_relu_bounds.c). So nothing cancels in F, and G = (1 - cos t)/2 - J/(2 pi) loses at most a factor 2.
 * The regime test is t < 1.25 alone (r only guards the range):
 *  - t < 1.25: no libm call. 1 - cos t by omc_series (its Taylor series, written for t < pi/3, holds here too: at
 *    t = 1.25, v = t^2 = 1.5625, |v R| = 0.097 <= 0.15 (1 - cos t), so R's few-u error is below 0.45u of 1 - cos t, and
 *    the omitted term v^11/22! < 1.3e-19 is below 2^-62 of 1 - cos t >= 0.68 there) and J by g3_acc (about 1 ulp,
 *    valid below pi/2);
 *  - t >= 1.25: one sincos. 1 - cos t exactly from cos t (a fast two-sum) and J = sin t - t cos t rounded once (fma):
 *    J >= J(1.25) = 0.55 against sin t + t |cos t| <= 3.2, 1.37 units of J at most at 1.25 and less beyond (J_body's
 *    bound). The errors of libm's sine and cosine enter F as r (delta_sin + (pi - t) delta_cos)/(2 pi), as in h.
 * Moving the test down would send the t -> 0 regime (w -> v, where sin t - t cos t and 1 - cos t from libm lose every
 * digit) to the second form: tests/check_relu_fast.c fails then.
 * Arithmetic: J/(2 pi) = jp + jp_lo + J i_lo exactly up to 2^-104 (a two-product); g + g_lo = G by Dekker's fast
 * two-sum (exact: (1 - cos t)/2 >= 2 J/(2 pi) orders the operands) plus the low parts (each <= 2^-52 of its term,
 * G's low part rounded once: 2^-104 G); r G = rg + rg_lo (a two-product, the low part by an fma); |1 - r| = a + a_lo
 * exactly (Dekker's fast two-sum of max(r, 1) - min(r, 1)); (a/2)^2 = a2 + a2_lo (a two-product; + a a_lo/2 by an
 * fma; a_lo^2/4 <= 2^-106 a^2/4 neglected); the two high parts summed exactly (a two-sum), the low parts (<= 2^-51 F
 * together) added once and one final rounding. So the arithmetic errs by 1/2 ulp + 2^-100 F; the rest is the error of
 * J (J/(2 pi) r <= F) and of 1 - cos t (relative, doubled at most: r (1 - cos t)/2 <= 2 r G <= 2F), as in the
 * Q/4 - r J/(2 pi) form this replaces, which needed three two-sums, four two-products and a libm call from t = pi/3
 * (1.35 times the textbook formula in bench/bench_kernels, median of 7 runs; this form 1.18, alternating with it). */
static GDC_INLINE double loss_body(double r, double t)
{
    if (r > 0x1p500) /* F = r^2/4 (1 - 2 h/(pi r) + 1/r^2): the correction is below 2^-498, (r/2)^2 rounded is F's */
        return (0.5 * r) * (0.5 * r);
    gdc_dd_t omc;
    double jt;
    if (t < 1.25) {
        omc = omc_series(t);
        jt = g3_acc(t);
    } else {
        double s, c;
        gdc_sin_cos(t, &s, &c);
        omc = gdc_dd_fast_two_sum(1.0, -c);
        jt = fma(-t, c, s);
    }
    gdc_dd_t jp = gdc_dd_two_prod(jt, GDC_INV2PI_HI);
    gdc_dd_t g = gdc_dd_fast_two_sum(0.5 * omc.hi, -jp.hi);
    double g_lo = g.lo + (0.5 * omc.lo - fma(jt, GDC_INV2PI_LO, jp.lo));
    gdc_dd_t rg = gdc_dd_two_prod(r, g.hi);
    rg.lo = fma(r, g_lo, rg.lo);
    double big = r > 1.0 ? r : 1.0, small = r > 1.0 ? 1.0 : r;
    double a = big - small, a_lo = (big - a) - small;
    gdc_dd_t a2 = gdc_dd_two_prod(0.5 * a, 0.5 * a);
    a2.lo = fma(0.5 * a, a_lo, a2.lo);
    gdc_dd_t f = gdc_dd_two_sum(a2.hi, rg.hi);
    return f.hi + (f.lo + (a2.lo + rg.lo));
}

/* sin t for e = pi - t = e_hi + e_lo < 1 without a libm call: sin t = sin(e_hi + e_lo) = (e_hi - S(e_hi)) + e_lo
 * cos e_hi (the last term below 2^-52 e, so 1 - e^2/2 for the cosine is enough), e_hi - S as a two-sum whose low part
 * is folded in: sin t errs by S's error (about 1 ulp of S <= e/6, 0.2 ulp of sin t) and one rounding, against 0.55
 * ulp for libm's sine */
static GDC_INLINE double sin_of_e(double e, double e_lo)
{
    gdc_dd_t sd = gdc_dd_two_sum(e, -xmsin_acc(e));
    return sd.hi + (sd.lo + e_lo * (1.0 - 0.5 * e * e));
}

/* (pi - t) sin t/(2 pi) from a two-product of e_hi sin t (Dekker, no library call) times the two-double 1/(2 pi):
 * error <= 2u (sin t) + u (final sum) + O(u^2) */
static GDC_INLINE double esin_over_2pi_fast(double e, double e_lo, double s)
{
    gdc_dd_t p = gdc_dd_two_prod(e, s);
    p.lo += e_lo * s;
    return p.hi * GDC_INV2PI_HI + (p.lo * GDC_INV2PI_HI + p.hi * GDC_INV2PI_LO);
}

/* Fast gradient away from the optimum (r, t) = (1, 0): r/2 - h/(2 pi) with h from h_fast and h/(2 pi) as a
 * two-double (the cancellation at r = h/pi costs only h's own error: Delta_r = ulp(r)/2 >= u h/(2 pi) there);
 * near (1, 0) the form (r - 1)/2 + (pi - h)/(2 pi) below. */
static GDC_INLINE void grad_body(double out[2], double r, double t)
{
    double e_lo, e = gdc_pi_minus(t, &e_lo);
    if (t >= 0.75 || r <= 0.5 || r >= 1.5) {
        double s, c, h;
        if (e < 1.0) {
            /* no libm call: h by its series in e, sin t by sin_of_e */
            h = h_series(e, e_lo);
            s = sin_of_e(e, e_lo);
        } else {
            gdc_sin_cos(t, &s, &c);
            h = fma(e, c, fma(e_lo, c, s));
        }
        /* r/2 - h (i_hi + i_lo): h i_hi = hp + hp_lo exactly, r/2 - hp = f + f_lo exactly (two-sum), then one
         * rounding that matters (the low terms' roundings are 2^-105 of h/(2 pi)) */
        gdc_dd_t hp = gdc_dd_two_prod(h, GDC_INV2PI_HI);
        gdc_dd_t f = gdc_dd_two_sum(0.5 * r, -hp.hi);
        out[0] = f.hi + (f.lo - (hp.lo + h * GDC_INV2PI_LO));
        out[1] = -esin_over_2pi_fast(e, e_lo, s);
        return;
    }
    /* t < 0.75, r in (0.5, 1.5): (r - 1)/2 + (pi - h)/(2 pi), (pi - h)/(2 pi) = sin^2(t/2) - J/(2 pi), sin^2(t/2)
     * as half omc_series (0.25u) and J by its series: no libm call but the sine of out[1] */
    double s = sin(t);
    gdc_dd_t pmh = gdc_dd_sub(gdc_dd_scale(omc_series(t), 0.5), gdc_dd_mul_d(INV2PI_DD, g3_acc(t)));
    out[0] = gdc_dd_add(gdc_dd_scale(gdc_dd_two_sum(r, -1.0), 0.5), pmh).hi;
    out[1] = -esin_over_2pi_fast(e, e_lo, s);
}

/* 1/2 - (q + q_lo) for a two-double q + q_lo (|q_lo| <= ulp(q)): 1/2 - q = s + err exactly (Knuth's two-sum, no
 * branch), then s + (err - q_lo): one rounding that matters, the other (err - q_lo) errs by 2^-53 of a term below
 * ulp(q), i.e. 2^-105 q */
static GDC_INLINE double half_minus(double q, double q_lo)
{
    double s = 0.5 - q, bb = s - 0.5;
    double err = (0.5 - (s - bb)) + (-q - bb);
    return s + (err - q_lo);
}

/* The terms of corr = Q/2 - D/(2 pi) (seed-000 C23), Q = (1 - r)^2 + 2 r (1 - cos t),
 * D = (t - sin t) + (1 - cos t) sin t + r J(t) = (t - sin t cos t) + r J(t), every term >= 0, from one sincos at most
 * (1 - cos t as above). Each sum of high parts is exact (two-sums; the two-products are exact), the low parts (each
 * <= 2^-52 of its term) are summed in plain double: Q = q_hi + q_lo and D = d_hi + d_lo to about 2^-104 relative,
 * beyond the errors of 1 - cos t (<= 1.1u), sin t and cos t (0.55 ulp) and, below pi/3, of the series of t - sin t and
 * J (about 1 ulp); 2 pi Q/2 = pi Q and D are the quantities of the old double-double form.
 * The pairs are not renormalised (issue 14: three dependent additions each, on the path to every use): q_hi is the
 * rounded sum of the high parts and |q_lo| <= 2^-51 q_hi (the sum's error, at most 1/2 ulp, plus the low parts), the
 * same for D; every use below takes hi + lo, or hi alone where a relative 2^-51 does not matter (the tests). */
typedef struct {
    double s, c;     /* sin t, cos t */
    gdc_dd_t e;      /* pi - t (computed for the slow path only) */
    gdc_dd_t q, d;   /* Q and D as unnormalised two-doubles */
} corr_terms_t;

static GDC_INLINE void corr_q(corr_terms_t *k, double r, gdc_dd_t omc)
{
    gdc_dd_t a = gdc_dd_two_sum(1.0, -r);
    gdc_dd_t a2 = gdc_dd_two_prod(a.hi, a.hi);
    gdc_dd_t b = gdc_dd_two_prod(2.0 * r, omc.hi);
    k->q = gdc_dd_two_sum(a2.hi, b.hi);
    k->q.lo += (a2.lo + 2.0 * a.hi * a.lo) + (b.lo + 2.0 * r * omc.lo);
}

/* D = d1 + (1 - cos t) sin t + r J from d1 = t - sin t and J (doubles) */
static GDC_INLINE void corr_d(corr_terms_t *k, double r, gdc_dd_t omc, double d1, double jt)
{
    double s = k->s;
    gdc_dd_t d2 = gdc_dd_two_prod(omc.hi, s), d3 = gdc_dd_two_prod(r, jt);
    gdc_dd_t d12 = gdc_dd_two_sum(d1, d2.hi);
    k->d = gdc_dd_two_sum(d12.hi, d3.hi);
    k->d.lo += (d12.lo + (d2.lo + omc.lo * s)) + d3.lo;
}

static GDC_INLINE void corr_terms(corr_terms_t *k, double r, double t)
{
    gdc_dd_t omc;
    if (t < THIRD_PI) {
        /* no libm call: 1 - cos t and t - sin t by their series, sin t = t - (t - sin t) (S <= t/6 here: one
         * rounding, 0.5 ulp, plus S's error, about 2^-54 of sin t), cos t = 1 - (1 - cos t) rounded (0.5 ulp) */
        omc = omc_series(t);
        double d1 = xmsin_acc(t);
        k->s = t - d1;
        k->c = 1.0 - omc.hi;
        /* J = sin t - t cos t = t (1 - cos t) - S: t (1 - cos t) ~ t^3/2 against S ~ t^3/6, so the difference loses
         * at most a factor 1.5 (for t < pi/3); the product exact (two-product), the difference by a two-sum: J
         * errs by 1.5 x 0.25u (1 - cos t) + 0.5 S's error (about 1 ulp of S) + 1/2 ulp, the bound of g3_acc */
        gdc_dd_t p = gdc_dd_two_prod(t, omc.hi), f = gdc_dd_two_sum(p.hi, -d1);
        corr_q(k, r, omc);
        corr_d(k, r, omc, d1, f.hi + (f.lo + (p.lo + t * omc.lo)));
        return;
    }
    gdc_sin_cos(t, &k->s, &k->c);
    double s = k->s, c = k->c;
    omc = gdc_dd_fast_two_sum(1.0, -c); /* 1 - cos t as above, t >= pi/3 */
    corr_q(k, r, omc);
    if (t >= 2.0) { /* t - sin t >= 1.09 and J >= 1.74 lose nothing (their roundings: 1/2 ulp of a term of D) */
        corr_d(k, r, omc, t - s, fma(-t, c, s));
        return;
    }
    /* t in [pi/3, 2): D = (t - sin t cos t) + r J, J = sin t - t cos t: both terms >= 0, each formed exactly from libm's
     * sin t and cos t (two-products, two-sums; t - sin t cos t loses at most a factor 2 here, J a factor 2.6), then
     * their sum: D to about 2^-104 as a function of the two libm values, i.e. 2 pi corr = pi Q - D is the function
     * pi r^2 - r ((2 pi - t) c + s) + (pi - t) + s c of (s, c) that corr_bneg evaluates. Issue 14: this replaces the
     * series of t - sin t (and of J below 1.25) with libm's sine beside them, which cost two series and two
     * unpredictable branches on a third of the points; and the errors of s and c enter with the weights c - r and
     * s - r (2 pi - t) instead of c - 1 - r and s - 2 pi r: at 8833 uniform points of [pi/3, 2) the worst error fell
     * from 0.887 to 0.697 (corr) and from 0.803 to 0.614 (corr_ratio). */
    gdc_dd_t sc = gdc_dd_two_prod(s, c), u = gdc_dd_two_sum(t, -sc.hi);
    gdc_dd_t p = gdc_dd_two_prod(t, c), j = gdc_dd_two_sum(s, -p.hi);
    gdc_dd_t dj = gdc_dd_two_prod(r, j.hi);
    k->d = gdc_dd_two_sum(u.hi, dj.hi);
    k->d.lo += (u.lo - sc.lo) + (dj.lo + r * (j.lo - p.lo));
}

/* x = D/(2 pi Q) <= 1/4 (tested on the high parts with a margin of 2^-40; the test need not be exact: any x below
 * 0.2501 keeps the forms below within a factor 2.001 of the exact sum): corr = Q/2 - D/(2 pi) with
 * D/(2 pi) <= Q/4, so the difference loses at most a factor 2; it is formed as loss_body's, exact high parts and
 * one final rounding: 1/2 ulp + the terms' errors (<= 2 of their relative errors, as the double-double form) */
static GDC_INLINE int corr_fast_ok(const corr_terms_t *k)
{
    return k->d.hi * GDC_INV2PI_HI <= 0.25 * k->q.hi * (1.0 - 0x1p-40);
}

/* Q/2 - D/(2 pi): dd_hi = RN(d_hi i_hi) is the left side of corr_fast_ok's test, so dd_hi <= Q_hi/4 <= Q_hi/2 and
 * Dekker's fast two-sum of Q_hi/2 - dd_hi is exact */
static GDC_INLINE double corr_fast(const corr_terms_t *k)
{
    gdc_dd_t dd = gdc_dd_two_prod(k->d.hi, GDC_INV2PI_HI);
    gdc_dd_t f = gdc_dd_fast_two_sum(0.5 * k->q.hi, -dd.hi);
    double lo = 0.5 * k->q.lo - ((dd.lo + k->d.lo * GDC_INV2PI_HI) + k->d.hi * GDC_INV2PI_LO);
    return f.hi + (f.lo + lo);
}

/* R = 1/2 - x, x = D/(2 pi Q) <= 1/4 (so R >= 1/4: no cancellation beyond a factor 2): D/Q as a two-double with
 * ONE division (i = 1/q_hi; x1 = d_hi i; the remainder D - x1 Q by an fma, exact up to the low parts' products;
 * x2 = remainder times i: x1 + x2 = D/Q (1 + O(2^-100)) though x1 is not rounded correctly), times the two-double
 * 1/(2 pi), then half_minus: 1/2 ulp + the terms' errors, as the double-double form with its two divisions */
static GDC_INLINE double ratio_fast(const corr_terms_t *k)
{
    if (k->q.hi < 0x1p-1000) /* 1/Q may overflow: here |1 - r| < 2^-500 and t < 2^-499, so x <= t/(2 pi) < 2^-501
                                and 1/2 - x rounds to 1/2 or the double below whatever x's error */
        return 0.5 - (k->d.hi / k->q.hi) * GDC_INV2PI_HI;
    double i = 1.0 / k->q.hi, x1 = k->d.hi * i;
    double rem = (fma(-x1, k->q.hi, k->d.hi) + k->d.lo) - x1 * k->q.lo;
    double x2 = rem * i;
    gdc_dd_t y = gdc_dd_two_prod(x1, GDC_INV2PI_HI);
    return half_minus(y.hi, y.lo + (x2 * GDC_INV2PI_HI + x1 * GDC_INV2PI_LO));
}

/* corr/Q for corr = y_hi + y_lo on the slow paths, with one division as ratio_fast; 1/Q cannot overflow, since
 * Q >= 1/4 there. Proof: let Q < 1/4. Then (1 - r)^2 < 1/4 gives 1/2 < r < 3/2, and 2 r (1 - cos t) < 1/4 gives
 * 1 - cos t < 1/4, t < acos(3/4) < 0.7228. There D = (t - sin t) + (1 - cos t) sin t + r J <= t^3/6 + t^3/2 + r t^3/3 =
 * t^3 (2 + r)/3 (alternating series with decreasing terms: t - sin t <= t^3/6, 1 - cos t <= t^2/2, sin t <= t,
 * J = G3 <= t^3/3), and 1 - cos t >= t^2/2 - t^4/24 >= 0.478 t^2, so Q >= 2 r (1 - cos t) >= 0.956 r t^2 and
 * D/Q <= t (2 + r)/(2.868 r) < 5 t/2.868 < 1.2602 (r > 1/2, t < 0.7228): x = D/(2 pi Q) < 0.2006. The fast-path test
 * (corr_fast_ok) accepts every x below 0.2499 (its operands carry a few u), so x > 1/4 on the slow paths forces
 * Q >= 1/4. (A grid scan suggests Q >= 1; 1/4 is what is proven, and enough.) Tested in Arb at points with Q < 1/4
 * in tests/check_relu_bounds.c. */
static GDC_INLINE double ratio_of_corr(const corr_terms_t *k, gdc_dd_t y)
{
    double i = 1.0 / k->q.hi, y1 = y.hi * i;
    return y1 + (((fma(-y1, k->q.hi, y.hi) + y.lo) - y1 * k->q.lo) * i);
}

/* The slow path where B <= 0 (issue 14): x > 1/4 and t >= 1.8. B(t) = (2 pi - t) cos t + sin t decreases on [0, pi]
 * (B' = -(2 pi - t) sin t <= 0) and B(1.8) < -0.0447 (tested in Arb in tests/check_relu_corr_paths.c, with the zero of
 * B at 1.78978), so 2 pi corr = pi r^2 + r (-B) + C is a sum of three terms >= 0 (C = e - sin e cos e = S(2e)/2 >= 0,
 * e = pi - t): nothing cancels between them. Each term is a two-double from exact two-products and two-sums (-B =
 * (2 pi - t)|cos t| - sin t from 2 pi - t = pi + e as a two-double; C = e + sin t cos t for e >= 3/4 (e > 1/2 >=
 * |sin t cos t|: a fast two-sum), and S(2e)/2 + 2 e_lo sin^2 t by the series below), low parts in plain double; the
 * three high parts summed exactly, then times the two-double 1/(2 pi). Neglected: the low parts' roundings and
 * products of two low parts, each <= 2^-100 of a term; -B's absolute error (<= 2^-100, |(2 pi - t) c| <= 4.5 and
 * sin t <= 1) is <= 2^-95 of r |B| <= f, as |B| >= 0.0447. So corr = y_hi + y_lo to about 2^-94 relative beyond the
 * errors of sin t, cos t and the series: the expression and the error bound of corr_slow's double-double form (ten
 * double-double operations, 1.7 times slower at these points), without its cost.
 * C's switch at e = 3/4 (corr_slow's was e = 1): C >= (3/2 - sin(3/2))/2 = 0.251 there, so e + sin t cos t loses at
 * most a factor 3 to libm's sin t cos t, while the series of S(2e) nears the end of its range (2e -> 2) and errs by
 * about 1 ulp: at 4000 points (r < 0.9) per interval the worst error went from 0.846, 0.904, 0.991 to 0.815, 0.775,
 * 0.736 on e in [0.75, 0.8], [0.8, 0.9], [0.9, 1]; below 3/4 the libm form is worse (1.02 against 0.78 at e in
 * [0.5, 0.6]) and the series stays. */
#define CORR_T_BNEG 1.8

static GDC_INLINE gdc_dd_t corr_bneg(const corr_terms_t *k, double r, double t)
{
    double s = k->s, c = k->c, e_lo, e = gdc_pi_minus(t, &e_lo);
    gdc_dd_t w = gdc_dd_fast_two_sum(GDC_PI_HI, e); /* 2 pi - t = pi + e, pi_hi >= e */
    w.lo += GDC_PI_LO + e_lo;
    gdc_dd_t p = gdc_dd_two_prod(w.hi, c); /* (2 pi - t) cos t <= 0 */
    gdc_dd_t nb = gdc_dd_two_sum(-p.hi, -s); /* -B */
    nb.lo -= p.lo + w.lo * c;
    gdc_dd_t t2 = gdc_dd_two_prod(r, nb.hi); /* r (-B) */
    t2.lo += r * nb.lo;
    gdc_dd_t r2 = gdc_dd_two_prod(r, r);
    gdc_dd_t t1 = gdc_dd_two_prod(GDC_PI_HI, r2.hi); /* pi r^2 */
    t1.lo += GDC_PI_HI * r2.lo + GDC_PI_LO * r2.hi;
    gdc_dd_t t3; /* C */
    if (e < 0.75) {
        t3.hi = 0.5 * xmsin_acc(2.0 * e);
        t3.lo = 2.0 * e_lo * s * s;
    } else {
        gdc_dd_t sc = gdc_dd_two_prod(s, c);
        t3 = gdc_dd_fast_two_sum(e, sc.hi);
        t3.lo += e_lo + sc.lo;
    }
    gdc_dd_t f = gdc_dd_two_sum(t1.hi, t2.hi), g = gdc_dd_two_sum(f.hi, t3.hi);
    double lo = ((t1.lo + t2.lo) + (f.lo + t3.lo)) + g.lo;
    gdc_dd_t y = gdc_dd_two_prod(g.hi, GDC_INV2PI_HI);
    y.lo += lo * GDC_INV2PI_HI + g.hi * GDC_INV2PI_LO;
    return y;
}

/* x > 1/4 and t < 1.8 (small r, t in (pi/2, 1.8): 1.6% of uniform points): 2 pi corr = pi r^2 - r B + C (B <= 0) or
 * pi (r - B/(2 pi))^2 + G/(4 pi) (B > 0), in double-double; returns corr as a two-double. Given the
 * values rather than the terms' address (which would keep the terms in memory on the fast paths). */
static GDC_INLINE gdc_dd_t corr_slow(double s, double cs, gdc_dd_t e, double r)
{
    /* B = (2 pi - t) cos t + sin t = (pi + e) cos t + sin t */
    gdc_dd_t b = gdc_dd_add(gdc_dd_mul_d(gdc_dd_add(PI_DD, e), cs), gdc_dd_d(s));
    /* C = e + sin t cos t; here t < 1.8, so e = pi - t > 1.34 and C = e - sin(2e)/2 >= 0.84 has no cancellation (its series form
     * for small e is in corr_bneg, the only path reaching e < 3/4) */
    gdc_dd_t c = gdc_dd_add(e, gdc_dd_two_prod(s, cs));
    gdc_dd_t twopicorr;
    if (b.hi <= 0.0) {
        /* pi r^2 - r B + C, all terms >= 0 */
        twopicorr = gdc_dd_add(gdc_dd_mul_d(gdc_dd_mul_d(PI_DD, r), r), gdc_dd_sub(c, gdc_dd_mul_d(b, r)));
    } else {
        /* pi (r - B/(2 pi))^2 + (4 pi C - B^2)/(4 pi) */
        gdc_dd_t m = gdc_dd_sub(gdc_dd_d(r), gdc_dd_mul(b, INV2PI_DD));
        gdc_dd_t gq = gdc_dd_sub(gdc_dd_scale(gdc_dd_mul(PI_DD, c), 4.0), gdc_dd_mul(b, b));
        twopicorr = gdc_dd_add(gdc_dd_mul(PI_DD, gdc_dd_mul(m, m)), gdc_dd_scale(gdc_dd_mul(gq, INV2PI_DD), 0.5));
    }
    return gdc_dd_mul(twopicorr, INV2PI_DD);
}

/* the path of (r, t) (tests/check_relu_corr_paths.c): which form corr_body and corr_ratio_body use; the terms are
 * valid when the path is not GDC_RELU_CORR_EDGE */
static GDC_INLINE int corr_path(corr_terms_t *k, double r, double t)
{
    corr_terms(k, r, t);
    if (k->q.hi == 0.0) /* r == 1, t == 0: the limit */
        return GDC_RELU_CORR_EDGE;
    if (__builtin_expect(corr_fast_ok(k), 1))
        return GDC_RELU_CORR_FAST;
    if (t >= CORR_T_BNEG)
        return GDC_RELU_CORR_BNEG;
    k->e.hi = gdc_pi_minus(t, &k->e.lo);
    return GDC_RELU_CORR_SLOW;
}

static GDC_INLINE double corr_body(double r, double t)
{
    if (r > 0x1p500) /* corr = r^2/2 (1 + O(1/r)): the correction is below 2^-497 */
        return (0.5 * r) * r;
    corr_terms_t k;
    gdc_dd_t y;
    switch (corr_path(&k, r, t)) {
    case GDC_RELU_CORR_FAST:
        return corr_fast(&k);
    case GDC_RELU_CORR_BNEG:
        y = corr_bneg(&k, r, t);
        return y.hi + y.lo;
    case GDC_RELU_CORR_SLOW:
        return corr_slow(k.s, k.c, k.e, r).hi;
    default:
        return 0.0;
    }
}

static GDC_INLINE double corr_ratio_body(double r, double t)
{
    if (r > 0x1p200) {
        /* Q and D divided by r: Q/r = (r - 2 cos t) + 1/r, D/r = J + ((t - sin t) + (1 - cos t) sin t)/r;
         * here D/(2 pi Q) < 2^-190, so R = 1/2 - D/(2 pi Q) has no cancellation */
        double st = sin(0.5 * t);
        double qr = (r - 2.0 * cos(t)) + 1.0 / r;
        double dr = gdc_g3(t) + (gdc_xmsin(t) + 2.0 * st * st * sin(t)) / r;
        return 0.5 - gdc_dd_mul_d(INV2PI_DD, dr / qr).hi;
    }
    corr_terms_t k;
    switch (corr_path(&k, r, t)) {
    case GDC_RELU_CORR_FAST:
        return ratio_fast(&k);
    case GDC_RELU_CORR_BNEG:
        return ratio_of_corr(&k, corr_bneg(&k, r, t));
    case GDC_RELU_CORR_SLOW:
        return ratio_of_corr(&k, corr_slow(k.s, k.c, k.e, r));
    default:
        return 0.5;
    }
}

static GDC_INLINE double norm_rate_body(double r, double t)
{
    /* r (h/pi - r) */
    double h = h_body(t), p = h * GDC_INVPI_HI;
    double p_lo = fma(h, GDC_INVPI_HI, -p) + h * GDC_INVPI_LO; /* h/pi = p + p_lo to about 2^-104 */
    /* p - r is exact where it cancels (Sterbenz: r in [p/2, 2p]); elsewhere it loses nothing that matters */
    return r * ((p - r) + p_lo);
}

/* -(pi - t) sin t/(2 pi r): (e_hi + e_lo) sin t as a two-double p (a two-product and an fma), times the two-double
 * 1/(2 pi) (a two-product and two low products: y = p/(2 pi) to about 2^-104), then y/r by the reciprocal i = 1/r
 * (computed first: the division overlaps the sine), q = y_hi i and the remainder y_hi - q r by an fma (rounded once,
 * a term about 2u y: its rounding is 2^-105 y), q + (remainder + y_lo) i: error 1/2 ulp + sin's (<= 0.55 ulp), as
 * the form with two dependent divisions it replaces. r outside [2^-1000, 2^1000] (1/r or q could leave the range):
 * the two divisions. The far ends of angle_rate_body: r outside [2^-1000, 2^800] or t < 2^-80. */
static GDC_INLINE double angle_rate_wide(double r, double t)
{
    int mid = r >= 0x1p-1000 && r <= 0x1p1000;
    double i = mid ? 1.0 / r : 0.0;
    double e_lo, e = gdc_pi_minus(t, &e_lo), s = sin(t);
    gdc_dd_t p = gdc_dd_two_prod(e, s);
    p.lo = fma(e_lo, s, p.lo);
    gdc_dd_t y = gdc_dd_two_prod(p.hi, GDC_INV2PI_HI);
    y.lo += p.lo * GDC_INV2PI_HI + p.hi * GDC_INV2PI_LO;
    if (mid) {
        double q = y.hi * i;
        return -(q + (fma(-q, r, y.hi) + y.lo) * i);
    }
    double q = y.hi / r;
    if (isinf(q)) /* subnormal r: the value overflows (NaN from inf - inf before); -inf is the exact value rounded */
        return -q;
    return -(q + (fma(-q, r, y.hi) + y.lo) / r);
}

/* -(pi - t) sin t/(2 pi r) for r in [2^-1000, 2^800] and t >= 2^-80 (two comparisons on the inputs; beyond,
 * angle_rate_wide). Everything but one product waits for no sine (so the division overlaps the libm call):
 *  - C = -1/(2 pi r) = c + c_lo: i = 1/r, c = -i_hi i (c = C (1 + eps), |eps| <= 2.2u), c_lo = (-(c r + i_hi) - i_lo) i
 *    (the bracket by an fma, |c r + i_hi| <= 2.2u i_hi, rounded: u^2-sized; then relative error 3u on a term
 *    <= 2.2u |c|): c + c_lo = C (1 + O(10u^2));
 *  - pi - t = e + e_lo: e = pi_hi - t, e_lo = ((pi_hi - e) - t) + pi_lo (Dekker's fast two-sum, pi_hi >= t: the
 *    bracket is e's rounding error exactly; for t >= pi/2, e is exact and e_lo = pi_lo; below, adding pi_lo rounds by
 *    u |e_lo| <= 2u^2 e);
 *  - (pi - t) C = k + k_lo: k = e c rounded, k_lo = (e c - k) + e_lo c + e c_lo (the first exact by an fma, two
 *    roundings of fmas: a few u of k_lo, which is <= 5.3u |k| where e >= 1); e_lo c_lo is left out: it is <= 2.2u of
 *    the value times e_lo/(pi - t), which is <= 2.1u where e >= 1 and <= pi_lo/(pi - t) below, where t > 2 and one ulp
 *    of t (2^-51) moves the value by Delta >= ulp(t)/(pi - t) of it (the t-derivative of log((pi - t) sin t) is
 *    -1/(pi - t) + cot t, both terms negative there), so it stays below 2^-53 Delta.
 * After the sine: m = k s rounded, the result m + ((k s - m) + k_lo s) (exact by an fma, then one fma and one sum):
 * error 1/2 ulp + sin's (<= 0.55 ulp) + O(2^-99) relative (near t = pi, where k_lo is not small against k, its
 * roundings are as small against Delta), the bound of angle_rate_wide, with no dependent division after the sine.
 * The ranges keep underflow away: |c| >= 2^-803 and (pi - t) sin t >= 2^-106 (t >= 2^-80; near pi, pi - t >= pi_lo
 * and sin t >= sin(pi_hi)), so the value is >= 2^-909 and e |c| >= 2^-854 where e != 0 (e >= 2^-51 then): the
 * remainders taken by fmas are exact, and the roundings of c_lo and k_lo, below 2^-1075 even where they fall under
 * 2^-1022, are below 2^-160 of the value. */
static GDC_INLINE double angle_rate_body(double r, double t)
{
    if (!(r >= 0x1p-1000 && r <= 0x1p800 && t >= 0x1p-80))
        return angle_rate_wide(r, t);
    double i = 1.0 / r, c = -GDC_INV2PI_HI * i;
    double c_lo = (fma(-c, r, -GDC_INV2PI_HI) - GDC_INV2PI_LO) * i;
    double e = GDC_PI_HI - t, e_lo = ((GDC_PI_HI - e) - t) + GDC_PI_LO;
    double k = e * c, k_lo = fma(e, c_lo, fma(e_lo, c, fma(e, c, -k)));
    double s = sin(t), m = k * s;
    return m + fma(k_lo, s, fma(k, s, -m));
}

/* q = sin t/(pi r) as a two-double q + q_lo = sin t/(pi r) (1 + O(2^-104)), then 1/2 - q and 1/2 - q/2 by half_minus:
 * the only error beyond 1/2 ulp is sin's, as in the double-double form this replaces. With r scaled by a power of 2
 * into [2^-1000, 2^1000] (exact; q and q_lo scaled back): pi r = d + d_lo (a two-product of pi_hi r plus pi_lo r),
 * i = 1/d (the one division, independent of sin t, so it overlaps the sine), q = s i and the remainder s - q d - q d_lo
 * (fma: exact up to the q d_lo term), q_lo = remainder times i (relative error 2^-52 of a term below 2^-51 q).
 * q = inf (r below about 1e-308 sin t): the output is -inf, the exact value rounded (q/2 is scaled separately).
 * The far ends of hess_eig_body: r outside [2^-40, 2^1000]. */
static GDC_INLINE void hess_eig_wide(double out[3], double r, double t)
{
    double s = sin(t), c = 1.0;
    if (r < 0x1p-1000) {
        r *= 0x1p1000;
        c = 0x1p1000;
    } else if (r > 0x1p1000) {
        r *= 0x1p-1000;
        c = 0x1p-1000;
    }
    double d = GDC_PI_HI * r, i = 1.0 / d;
    double d_lo = fma(GDC_PI_HI, r, -d) + GDC_PI_LO * r;
    double q = s * i;
    double q_lo = (fma(-q, d, s) - q * d_lo) * i;
    double h = (0.5 * q) * c, h_lo = (0.5 * q_lo) * c;
    q *= c;
    q_lo *= c;
    out[0] = 0.5;
    out[1] = isinf(q) ? -INFINITY : half_minus(q, q_lo);
    out[2] = isinf(h) ? -INFINITY : half_minus(h, h_lo);
}

/* 1/2, 1/2 - q, 1/2 - q/2 with q = sin t/(pi r), for r in [2^-40, 2^1000] (one comparison pair on r; beyond,
 * hess_eig_wide). Before the sine, and independent of it: pi r = d + d_lo (a two-product of pi_hi r plus pi_lo r, 2u^2
 * relative) and i = 1/d. After it: q = s i rounded (q d = s (1 + O(2.1u))), the remainder s - q d by an fma (|.| <=
 * 2.1u s: rounded at most by u of itself), minus q d_lo by a second fma (rounded: u of a term <= 2.1u s), times i
 * (relative error 2u of a term <= 2.1u q): q + q_lo = sin t/(pi r) (1 + O(9u^2)). Then 1/2 - q by Dekker's fast
 * two-sum, o = 1/2 - q and its error (1/2 - o) - q: exact for q <= 1/2 (|1/2| >= |q|), and for q in [1/4, 2^52] o
 * itself is exact (q >= 1/2: 1/2 - q is a multiple of ulp(q) below q; Sterbenz below), so the bracket is 0 as it
 * should be; r >= 2^-40 keeps q <= 2^40/pi inside. Result o + (err - q_lo): one rounding that matters (the bracket's
 * is 2^-53 of a term <= ulp(o) + 2u q). Near the zero of an eigenvalue (q near 1/2 or 1) the O(9u^2) q of q_lo's error
 * is 2^-49 of Delta (one ulp of r moves the value by q ulp(r)/r >= u q). Error: 1/2 ulp + sin's, the bound of
 * hess_eig_wide, without its scaling, its Knuth two-sums and its overflow tests. */
static GDC_INLINE void hess_eig_body(double out[3], double r, double t)
{
    if (!(r >= 0x1p-40 && r <= 0x1p1000)) {
        hess_eig_wide(out, r, t);
        return;
    }
    double d = GDC_PI_HI * r, i = 1.0 / d;
    double d_lo = fma(GDC_PI_HI, r, -d) + GDC_PI_LO * r;
    double s = sin(t);
    double q = s * i, q_lo = fma(-q, d_lo, fma(-q, d, s)) * i;
    double h = 0.5 * q, h_lo = 0.5 * q_lo;
    double o1 = 0.5 - q, o2 = 0.5 - h;
    out[0] = 0.5;
    out[1] = o1 + (((0.5 - o1) - q) - q_lo);
    out[2] = o2 + (((0.5 - o2) - h) - h_lo);
}

/* ---- the public kernels and the registry's entry points (out[], x[]: the calling convention of gdc_double_fn),
 * each built for FMA machines too; the entry points call the bodies inlined, not the exported functions (no PLT
 * or ifunc hop per call: about 2 ns, a third of relu.step's cost) ---- */
GDC_FMA_CLONES double gdc_relu_h(double t) { return h_body(t); }
GDC_FMA_CLONES double gdc_relu_J(double t) { return J_body(t); }
GDC_FMA_CLONES double gdc_relu_step(double t) { return step_body(t); }
GDC_FMA_CLONES double gdc_relu_kernel(double a, double b, double t) { return kernel_body(a, b, t); }
GDC_FMA_CLONES double gdc_relu_loss(double r, double t) { return loss_body(r, t); }
GDC_FMA_CLONES void gdc_relu_grad(double out[2], double r, double t) { grad_body(out, r, t); }
GDC_FMA_CLONES double gdc_relu_corr(double r, double t) { return corr_body(r, t); }
GDC_FMA_CLONES double gdc_relu_corr_ratio(double r, double t) { return corr_ratio_body(r, t); }
int gdc_relu_corr_path(double r, double t)
{
    corr_terms_t k;
    return corr_path(&k, r, t);
}
GDC_FMA_CLONES double gdc_relu_norm_rate(double r, double t) { return norm_rate_body(r, t); }
GDC_FMA_CLONES double gdc_relu_angle_rate(double r, double t) { return angle_rate_body(r, t); }
GDC_FMA_CLONES void gdc_relu_hess_eig(double out[3], double r, double t) { hess_eig_body(out, r, t); }
GDC_FMA_CLONES void gdc_relu_row_h(double *o, const double *x) { o[0] = h_body(x[0]); }
GDC_FMA_CLONES void gdc_relu_row_J(double *o, const double *x) { o[0] = J_body(x[0]); }
GDC_FMA_CLONES void gdc_relu_row_step(double *o, const double *x) { o[0] = step_body(x[0]); }
GDC_FMA_CLONES void gdc_relu_row_kernel(double *o, const double *x) { o[0] = kernel_body(x[0], x[1], x[2]); }
GDC_FMA_CLONES void gdc_relu_row_loss(double *o, const double *x) { o[0] = loss_body(x[0], x[1]); }
GDC_FMA_CLONES void gdc_relu_row_grad(double *o, const double *x) { grad_body(o, x[0], x[1]); }
GDC_FMA_CLONES void gdc_relu_row_corr(double *o, const double *x) { o[0] = corr_body(x[0], x[1]); }
GDC_FMA_CLONES void gdc_relu_row_corr_ratio(double *o, const double *x) { o[0] = corr_ratio_body(x[0], x[1]); }
GDC_FMA_CLONES void gdc_relu_row_norm_rate(double *o, const double *x) { o[0] = norm_rate_body(x[0], x[1]); }
GDC_FMA_CLONES void gdc_relu_row_angle_rate(double *o, const double *x) { o[0] = angle_rate_body(x[0], x[1]); }
GDC_FMA_CLONES void gdc_relu_row_hess_eig(double *o, const double *x) { hess_eig_body(o, x[0], x[1]); }
