/* Double kernels of the deep ReLU kernels (issue 14; beyond the papers): the NNGP and NTK of a bias-free fully
 * connected ReLU network with L hidden layers and weights N(0, 2/fan-in) (He scaling, c_sigma = 2), as in Arora et
 * al. 2019, "On exact computation with an infinitely wide neural net", eqs. (4)-(7), and Cho & Saul 2009 (the
 * arc-cosine kernel of degree 1 iterated):
 *   Sigma_0 = a b cos t,  Sigma_l = a b rho_l,  rho_l = kappa1(rho_{l-1}) = h(theta_{l-1})/pi,
 *   Sigma'_l = kappa0(rho_{l-1}) = (pi - theta_{l-1})/pi,  theta_l = angle of layer l (cos theta_l = rho_l),
 *   Theta_0 = Sigma_0,  Theta_l = Theta_{l-1} Sigma'_l + Sigma_l   (the NTK, tau_l = Theta_l/(a b)),
 * with h(t) = sin t + (pi - t) cos t (relu.h): rho_1 = 2 relu.kernel(1, 1, t).
 *
 * Stable form: the layer correlation rho_l tends to 1 with depth (1 - rho_l of order 1/l^2: 4.3e-5 at l = 1000),
 * where the textbook recursion theta = acos(rho) loses every digit of 1 - rho. Each layer carries
 *   m = 1 - rho = 1 - cos theta as a two-double m_hi + m_lo  (never acos near 1),
 *   m' = 1 - h(theta)/pi = m - J(theta)/pi  (pi - h = pi (1 - cos theta) - J, J(x) = sin x - x cos x = G3(x)),
 * in the STATIONARY form (session 6)
 *   m' = F(x) = m kappa0(x) + S(x)/pi,  kappa0(x) = 1 - x/pi,  S(x) = x - sin x,  x = 2 asin(sqrt(m_hi/2)) (double).
 * Proof: F(x) = m - J(x)/pi - x (m - (1 - cos x))/pi (expand), so F(theta) = m' at the exact angle theta of m, and
 * F'(x) = ((1 - cos x) - m)/pi vanishes at x = theta, F'' = sin x/pi: an angle x = theta (1 + d) gives
 * F(x) = m' + sin(xi) theta^2 d^2/(2 pi), and with |d| <= 1.3u (sqrt correctly rounded, glibc's asin within 0.55
 * ulp, m_lo neglected: u/4) that is below 2^-100 m' (m' >= (theta^2/2) kappa0 >= theta^2/4, d^2 <= 2^-105). The
 * error of asin costs nothing; both terms of F are >= 0, so nothing cancels. For l >= 1, m_l <= 1 (rho_l >= 0),
 * theta_l <= pi/2, and past layer 3 theta < 1 (theta_2 <= 1.247, theta_3 <= 1.054, then decreasing). A layer costs
 * one square root, one asin, a 10-term series (S) and a few exact two-products; the textbook recursion costs one
 * acos and one sin. Layers 0 and 1 need no libm call: 1 - cos t, S(t) and h(t) = G3(pi - t) by series
 * (first_layers).
 *
 * Precision (u = 2^-53):
 *  - Propagation: m' = m kappa0(theta) + S(theta)/pi >= m kappa0(theta) = m f'(m), so the relative condition of the
 *    layer map is <= 1: a relative error of m at layer j reaches layer L multiplied by at most 1.
 *  - What a layer adds: m kappa0(x) and S(x)/pi as two-double products (2^-104 each), their sum by one exact
 *    two-sum (2^-104), S's own error (s_dd: <= 2.5u x^4/840 of S, S/pi <= m'), the stationary error (< 2^-100):
 *    <= 0.02u at theta = pi/2 and <= 2^-99 once theta < 0.1; over any L <= 1000 below 0.1u in all.
 *  - Layers 0 and 1: 1 - cos t (omc_wide) <= 0.05u, G3(pi - t) (g3_dd) <= 0.06u, S(t) <= 0.02u, kappa0 2^-104.
 *  - The NTK: tau' = tau kappa0(theta) + rho'; tau_l > 0 for l >= 2, so tau's relative error is carried with the
 *    factor tau kappa0/tau' <= 1. Here kappa0 is needed at the exact angle (tau moves by tau d/pi): x is corrected
 *    to theta by (sin theta - sin x)/cos theta from sin^2 theta - sin^2 x = m (2 - m) - (x - S(x))^2 formed
 *    from exact two-products (kappa0_exact), leaving <= 0.05u x^3 of theta.
 *  - The products a b rho etc. (scale_ab): a two-double times two doubles with one final rounding.
 *  Measured (make bench, gdcert check): the worst error is that final rounding, as with the long-double recursion
 *  this replaces (x87 asinl, sqrtl, 11 more bits; 3.3 times the textbook recursion, now 1.2).
 *  - Tiny t (t < 2^-70): m_L = m_0 (1 + O(L theta)) with L theta 2/(3 pi) < 2^-62, tau_L = L + 1 - O(L^2 t) within
 *    2^-52 absolute of L + 1 (< 2^-60 relative): the values are t^2/2, 1 and L + 1, products taken with the exponent
 *    apart (m_0 underflows below t = 1e-154, while a b m_0 need not).
 * The Gram diagonal (t = 0 exactly) gives rho = 1 and tau = L + 1 exactly. */
#include <math.h>
#include "relu/relu.h"
#include "core/angle.h"
#define GDC_DD_USE_FMA 1 /* built for FMA machines too (core/fastmath.h) */
#include "core/dd.h"
#include "core/fastmath.h"

#define TINY_T 0x1p-70
static const gdc_dd_t INVPI_DD = {GDC_INVPI_HI, GDC_INVPI_LO};

/* a b x 2^xe for x = x_hi + x_lo (about 1/2 ulp: two-products, one final rounding); the exponent is taken
 * apart where an intermediate could over- or underflow before the result does; x = 1 exactly (the Gram diagonal):
 * the double product a b */
static GDC_INLINE double scale_ab(double a, double b, gdc_dd_t x, int xe)
{
    double big = a > b ? a : b, small = a > b ? b : a, sign = 1.0;
    if (x.hi < 0.0)
        sign = -1.0, x = gdc_dd_neg(x);
    if (xe == 0 && x.hi == 1.0 && x.lo == 0.0)
        return sign * (big * small);
    if (xe == 0 && big <= 0x1p500 && small >= 0x1p-500 && x.hi >= 0x1p-300) {
        gdc_dd_t p = gdc_dd_two_prod(big, x.hi), q;
        p.lo = fma(big, x.lo, p.lo);
        q = gdc_dd_two_prod(p.hi, small);
        return sign * (q.hi + fma(p.lo, small, q.lo));
    }
    if (!(small > 0.0) || !(x.hi > 0.0))
        return sign * (0.0 * big * x.hi);
    int ea, eb, ex;
    double ma = frexp(big, &ea), mb = frexp(small, &eb), mx = frexp(x.hi, &ex), mxl = ldexp(x.lo, -ex);
    gdc_dd_t p = gdc_dd_two_prod(ma, mx), q;
    p.lo = fma(ma, mxl, p.lo);
    q = gdc_dd_two_prod(p.hi, mb);
    return sign * ldexp(q.hi + fma(p.lo, mb, q.lo), ea + eb + ex + xe);
}

/* 1 - x for a two-double x <= 1 (exact two-sum of 1 and -x_hi, then -x_lo) */
static GDC_INLINE gdc_dd_t one_minus(gdc_dd_t x)
{
    gdc_dd_t r = gdc_dd_two_sum(1.0, -x.hi);
    r.lo -= x.lo;
    return gdc_dd_fast_two_sum(r.hi, r.lo);
}

/* y/den as a two-double for y = y_hi + y_lo: the quotient as a product by 1/den, its remainder by one fma (exact:
 * the quotient is within 2 ulp of y_hi/den), so q + q_lo is y/den to about 2^-104 (relu_double.c's lead_tail_acc) */
static GDC_INLINE gdc_dd_t div_small(gdc_dd_t y, double den, double inv_den)
{
    double q = y.hi * inv_den;
    return gdc_dd(q, (fma(-den, q, y.hi) + y.lo) * inv_den);
}

/* 1 - cos x = v/2 - v^2/24 + v^3 R(v), v = x^2, for 0 <= x <= pi/2 as a two-double: R = sum_{k=3}^{12} (-1)^{k+1}
 * v^{k-3}/(2k)! (Estrin); omitted v^13/26! <= 3.2e-22 (v <= 2.47), below 2^-71 of the value (>= 0.4 v). v and v^2
 * as two-doubles (two-products), v^2/24 by div_small, the two leading terms summed exactly (v^2/24 <= v/5); the
 * tail (<= v^2/360 <= 0.017 of the value) in plain double with about 2.5u of itself: the value errs by <= 0.05u
 * relative. Called once per evaluation (layer 0). */
static GDC_INLINE gdc_dd_t omc_wide(double x)
{
    static const double c[10] = {1.0 / 720.0, -1.0 / 40320.0, 1.0 / 3628800.0, -1.0 / 479001600.0,
                                 1.0 / 87178291200.0, -1.0 / 20922789888000.0, 1.0 / 6402373705728000.0,
                                 -1.0 / 2432902008176640000.0, 1.0 / 1124000727777607680000.0,
                                 -1.0 / 620448401733239439360000.0};
    gdc_dd_t v = gdc_dd_two_prod(x, x), v2 = gdc_dd_two_prod(v.hi, v.hi);
    v2.lo += 2.0 * v.hi * v.lo;
    double w = v.hi, w2 = w * w, w4 = w2 * w2, w8 = w4 * w4;
    double p01 = c[0] + c[1] * w, p23 = c[2] + c[3] * w, p45 = c[4] + c[5] * w, p67 = c[6] + c[7] * w;
    double p89 = c[8] + c[9] * w;
    double rr = ((p01 + w2 * p23) + w4 * (p45 + w2 * p67)) + w8 * p89;
    gdc_dd_t q = div_small(v2, 24.0, 1.0 / 24.0), r = gdc_dd_two_sum(0.5 * v.hi, -q.hi);
    return gdc_dd_fast_two_sum(r.hi, r.lo + ((0.5 * v.lo - q.lo) + v2.hi * (w * rr)));
}

/* sin x to 0.4 % for 0 <= x <= pi/2 (x (1 - x^2/6 (1 - x^2/20)); enough for first-order corrections of size u) */
static GDC_INLINE double sin_rough(double x)
{
    double v = x * x;
    return x * (1.0 - v * (1.0 / 6.0) * (1.0 - v * (1.0 / 20.0)));
}

/* x^3/d3 - x^5/d5 + x^7 P(x^2) + extra as a two-double, P(v) = c_0 - c_1 v + c_2 v^2 - ... + c_10 v^10 (Estrin),
 * for the odd series of S and G3 below: x^3 and x^5 as two-doubles (two-products), the two leading terms by
 * div_small and summed exactly (x^5/d5 <= x^3/(4 d3) there), the tail and extra (a correction of a few u) in
 * plain double */
static GDC_INLINE gdc_dd_t odd_series(double x, double d3, double d5, const double c[11], double extra)
{
    gdc_dd_t u = gdc_dd_two_prod(x, x), x3 = gdc_dd_two_prod(x, u.hi), x5;
    x3.lo += x * u.lo;
    x5 = gdc_dd_two_prod(x3.hi, u.hi);
    x5.lo += x3.hi * u.lo + x3.lo * u.hi;
    double v = u.hi, v2 = v * v, v4 = v2 * v2, v8 = v4 * v4;
    double p01 = c[0] - c[1] * v, p23 = c[2] - c[3] * v, p45 = c[4] - c[5] * v, p67 = c[6] - c[7] * v;
    double p89 = c[8] - c[9] * v;
    double p = (p01 + v2 * p23) + v4 * (p45 + v2 * p67) + v8 * (p89 + v2 * c[10]);
    gdc_dd_t q3 = div_small(x3, d3, 1.0 / d3), q5 = div_small(x5, d5, 1.0 / d5);
    gdc_dd_t r = gdc_dd_two_sum(q3.hi, -q5.hi);
    return gdc_dd_fast_two_sum(r.hi, r.lo + ((q3.lo - q5.lo) + (x5.hi * (v * p) + extra)));
}

/* S(x) = x - sin x = x^3/6 - x^5/120 + x^7 P(x^2) for 0 <= x <= pi/2 as a two-double: P = sum_{k=3}^{11}
 * (-1)^{k+1} x^{2k-6}/(2k+1)!, omitted x^25/25! <= 8e-21 x^3/6 (x^2 <= 2.47); x^5/120 <= x^2/20 <= 0.124 of x^3/6,
 * the tail (<= x^4/840 <= 0.0073 of S) in plain double with about 2.5u of itself: S errs by <= 0.02u. */
static GDC_INLINE gdc_dd_t s_dd(double x)
{
    static const double b[11] = {1.0 / 5040.0, 1.0 / 362880.0, 1.0 / 39916800.0, 1.0 / 6227020800.0,
                                 1.0 / 1307674368000.0, 1.0 / 355687428096000.0, 1.0 / 121645100408832000.0,
                                 1.0 / 51090942171709440000.0, 1.0 / 25852016738884976640000.0, 0.0, 0.0};
    return odd_series(x, 6.0, 120.0, b, 0.0);
}

/* kappa0(x) = 1 - x/pi as a two-double (x <= pi/2: in [1/2, 1]; x (1/pi) a two-product, to 2^-104) */
static GDC_INLINE gdc_dd_t kappa0(double x)
{
    gdc_dd_t q = gdc_dd_two_prod(x, GDC_INVPI_HI);
    q.lo = fma(x, GDC_INVPI_LO, q.lo);
    return one_minus(q);
}

/* a two-double sum without cancellation (both >= 0): one two-sum, the low parts added once */
static GDC_INLINE gdc_dd_t add_pos(gdc_dd_t x, gdc_dd_t y)
{
    gdc_dd_t r = gdc_dd_two_sum(x.hi, y.hi);
    return gdc_dd_fast_two_sum(r.hi, r.lo + (x.lo + y.lo));
}

/* the angle of a layer with m = 1 - cos theta <= 1 (theta <= pi/2): a double within 1.3u of theta (sqrt correctly
 * rounded, asin within 0.55 ulp, m_lo neglected); only the stationary form and kappa0_exact use it */
static GDC_INLINE double theta_of(gdc_dd_t m) { return 2.0 * asin(sqrt(0.5 * m.hi)); }

/* the next layer's m' = m - J(theta)/pi in the stationary form m' = m kappa0(x) + S(x)/pi at x = theta_of(m), with
 * k0x = kappa0(x) and S = S(x) (the file's head comment gives the proof and the error: <= 0.02u + 2^-100) */
static GDC_INLINE gdc_dd_t layer_next(gdc_dd_t m, gdc_dd_t k0x, gdc_dd_t S)
{
    return add_pos(gdc_dd_mul(m, k0x), gdc_dd_mul(S, INVPI_DD));
}

/* kappa0 = 1 - theta/pi at the exact angle theta of m, given x = theta_of(m) (within 1.3u), kappa0(x) and S(x)
 * (the NTK needs kappa0 itself, not a stationary form: an error d of theta moves tau by tau d/pi). The correction
 * theta - x = (sin theta - sin x)/cos(.) to first order (it is <= 1.3u theta: a relative error of a few per cent
 * of it does not count), sin^2 theta - sin^2 x = D = 2m - m^2 - (x - S)^2 exactly enough: with m = m_hi + m_lo and
 * sin x = x - S = s_hi + s_lo, D = ((2 m_hi - m_hi^2) - s_hi^2) + the low terms, the two squares as exact
 * two-products, 2 m_hi - p1 an exact two-sum, its high part minus p2 exact (Sterbenz: both within 3u of
 * sin^2); the rest (each <= 2^-52 of sin^2, D about u sin^2) summed in double. S's own error (<= 0.31u S) moves
 * D by <= 0.62u x S: theta's correction errs by <= 0.05u x^3. Divided by 2 sin x cos theta, cos theta = 1 - m
 * (rounded). For cos theta < 1/4 (theta > 1.318: layer 1 only) the division loses digits and theta = pi/2 -
 * asin(rho), rho = 1 - m <= 1/4, is used instead (asin within 0.55 ulp of <= 0.253: <= 0.14u absolute, 0.11u of
 * theta; rho_lo added, its factor 1/sqrt(1 - rho^2) <= 1.04 ignored: 2^-107). */
static GDC_INLINE gdc_dd_t kappa0_exact(gdc_dd_t m, double x, gdc_dd_t k0x, gdc_dd_t S)
{
    double c = 1.0 - m.hi;
    if (c < 0.25) {
        gdc_dd_t rho = one_minus(m), th = gdc_dd_two_sum(0x1.921fb54442d18p0, -asin(rho.hi));
        th.lo += 6.123233995736766e-17 - rho.lo;
        return one_minus(gdc_dd_mul(th, INVPI_DD));
    }
    gdc_dd_t sn = gdc_dd_two_sum(x, -S.hi);
    sn.lo -= S.lo;
    if (!(sn.hi > 0.0))
        return k0x;
    gdc_dd_t p1 = gdc_dd_two_prod(m.hi, m.hi), p2 = gdc_dd_two_prod(sn.hi, sn.hi);
    gdc_dd_t a = gdc_dd_two_sum(2.0 * m.hi, -p1.hi);
    double d = (a.hi - p2.hi) + ((a.lo - p1.lo - p2.lo) + (2.0 * m.lo * (1.0 - m.hi) - 2.0 * sn.hi * sn.lo));
    k0x.lo -= d / (2.0 * sn.hi * c) * GDC_INVPI_HI;
    return k0x;
}

/* G3(x) = sin x - x cos x = x^3/3 - x^5/30 + x^7 P(x^2) for x = x_hi + x_lo <= pi/2 as a two-double: P = sum_{k=3}
 * ^{13} (-1)^{k+1} a_k x^{2k-6} (core/series.c's G3 series, a_k = 2k/(2k+1)!) by odd_series (x^5/30 <= x^2/10 <=
 * 0.25 of x^3/3), the tail (<= x^4/280 <=
 * 0.022 of the value) in plain double, x_lo by G3' = x sin x (sin x to 0.4 %: a correction <= 2u of the value);
 * errs by <= 0.06u. Called once per evaluation (layer 1, t >= pi/2, x = pi - t). */
static GDC_INLINE gdc_dd_t g3_dd(gdc_dd_t x)
{
    static const double a[11] = {1.0 / 840.0, 1.0 / 45360.0, 1.0 / 3991680.0, 1.0 / 518918400.0,
                                 1.0 / 93405312000.0, 1.0 / 22230464256000.0, 1.0 / 6758061133824000.0,
                                 1.0 / 2554547108585472000.0, 1.0 / 1175091669949317120000.0,
                                 1.0 / 646300418472124416000000.0, 1.0 / 418802671169936621568000000.0};
    return odd_series(x.hi, 3.0, 30.0, a, x.lo * x.hi * sin_rough(x.hi));
}

/* layers 0 and 1 from t and e = pi - t (two-doubles; no libm call): cos t, m_0 = 1 - cos t, kappa0(t), m_1 and
 * rho_1 = h(t)/pi (accurate also where it is tiny, t -> pi).
 *  - t < pi/2: m_0 by omc_wide, cos t = 1 - m_0 exactly, m_1 = m_0 kappa0(t) + S(t)/pi (layer_next at the exact
 *    angle t: two terms >= 0), rho_1 = 1 - m_1 >= 1/pi;
 *  - t >= pi/2: e <= pi/2, cos t = -(1 - omc(e)), m_0 = 2 - omc(e), rho_1 = G3(e)/pi (h(t) = G3(pi - t)),
 *    m_1 = 1 - rho_1 >= 1 - 1/pi; kappa0 = e/pi. */
typedef struct {
    gdc_dd_t c, m0, k0, m1, rho1;
} first_t;

static GDC_INLINE void first_layers(first_t *f, double t, gdc_dd_t e)
{
    if (t < 1.5707963267948966) {
        f->m0 = omc_wide(t);
        f->c = one_minus(f->m0);
        f->k0 = kappa0(t);
        f->m1 = layer_next(f->m0, f->k0, s_dd(t));
        f->rho1 = one_minus(f->m1);
        return;
    }
    gdc_dd_t oe = omc_wide(e.hi);
    oe = gdc_dd_fast_two_sum(oe.hi, oe.lo + e.lo * sin_rough(e.hi)); /* 1 - cos e, e_lo by (1 - cos)' = sin */
    f->c = gdc_dd_neg(one_minus(oe));
    f->m0 = gdc_dd_two_sum(2.0, -oe.hi);
    f->m0 = gdc_dd_fast_two_sum(f->m0.hi, f->m0.lo - oe.lo);
    f->k0 = gdc_dd_mul(e, INVPI_DD);
    f->rho1 = gdc_dd_mul(g3_dd(e), INVPI_DD);
    f->m1 = one_minus(f->rho1);
}

static GDC_INLINE void nngp_te(double out[2], int L, double a, double b, double t, gdc_dd_t e)
{
    if (t < TINY_T) { /* rho_L = 1 - t^2/2 (1 + O(2^-62)) */
        int et;
        double mt = frexp(t, &et);
        out[0] = scale_ab(a, b, gdc_dd_d(1.0), 0);
        out[1] = scale_ab(a, b, gdc_dd_two_prod(0.5 * mt, mt), 2 * et);
        return;
    }
    first_t f;
    first_layers(&f, t, e);
    if (L == 0) {
        out[0] = scale_ab(a, b, f.c, 0);
        out[1] = scale_ab(a, b, f.m0, 0);
        return;
    }
    gdc_dd_t m = f.m1;
    for (int l = 1; l < L; l++) {
        double th = theta_of(m);
        m = layer_next(m, kappa0(th), s_dd(th));
    }
    out[0] = scale_ab(a, b, L == 1 ? f.rho1 : one_minus(m), 0);
    out[1] = scale_ab(a, b, m, 0);
}

/* tau_1 = cos t kappa0(t) + rho_1 (cancels near tan e = 2 e: two-doubles throughout); tau_l > 0 for l >= 2
 * (tau_1 >= -0.14, rho_2 >= 1/pi), so the later sums do not cancel */
static GDC_INLINE double ntk_te(int L, double a, double b, double t, gdc_dd_t e)
{
    if (t < TINY_T)
        return scale_ab(a, b, gdc_dd_d((double)L + 1.0), 0);
    first_t f;
    first_layers(&f, t, e);
    if (L == 0)
        return scale_ab(a, b, f.c, 0);
    gdc_dd_t m = f.m1, tau = gdc_dd_add(gdc_dd_mul(f.c, f.k0), f.rho1);
    for (int l = 1; l < L; l++) {
        double th = theta_of(m);
        gdc_dd_t S = s_dd(th), k0x = kappa0(th), k0 = kappa0_exact(m, th, k0x, S); /* kappa0 of layer l */
        m = layer_next(m, k0x, S);
        tau = add_pos(gdc_dd_mul(tau, k0), one_minus(m));
    }
    return scale_ab(a, b, tau, 0);
}

GDC_FMA_CLONES void gdc_relu_nngp(double out[2], int L, double a, double b, double t)
{
    double e_lo, e = gdc_pi_minus(t, &e_lo);
    nngp_te(out, L, a, b, t, gdc_dd(e, e_lo));
}

GDC_FMA_CLONES double gdc_relu_ntk(int L, double a, double b, double t)
{
    double e_lo, e = gdc_pi_minus(t, &e_lo);
    return ntk_te(L, a, b, t, gdc_dd(e, e_lo));
}

GDC_FMA_CLONES void gdc_relu_nngp_mirror(double out[2], int L, double a, double b, double t, double e)
{
    nngp_te(out, L, a, b, t, gdc_dd_d(e));
}

GDC_FMA_CLONES double gdc_relu_ntk_mirror(int L, double a, double b, double t, double e)
{
    return ntk_te(L, a, b, t, gdc_dd_d(e));
}
