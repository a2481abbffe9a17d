/* Series for G3(x) = sin x - x cos x and S(x) = x - sin x (seed-000 C19, seed-001 C2, seed-003 C1):
 *   G3(x) = sum_{k>=1} (-1)^{k+1} a_k x^{2k+1},  a_k = 2k/(2k+1)! = 1/((2k-1)! (2k+1)),
 *   S(x)  = sum_{k>=1} (-1)^{k+1} b_k x^{2k+1},  b_k = 1/(2k+1)!. */
#include <math.h>
#include "core/series.h"
#include "core/fastmath.h"

#define G3_TERMS 13 /* enough for |x| <= pi/2: the omitted term is below 2^-66 of x^3/3 */
#define S_TERMS 14  /* enough for |x| <= 2: the omitted term is below 2^-66 of x^3/6 */

/* a_k for k = 2..G3_TERMS (index k - 2) */
static const double g3_tail[G3_TERMS - 1] = {
    1.0 / 30.0, 1.0 / 840.0, 1.0 / 45360.0, 1.0 / 3991680.0, 1.0 / 518918400.0,
    1.0 / 93405312000.0, 1.0 / 22230464256000.0, 1.0 / 6758061133824000.0,
    1.0 / 2554547108585472000.0, 1.0 / 1175091669949317120000.0,
    1.0 / 646300418472124416000000.0, 1.0 / 418802671169936621568000000.0,
};

/* b_k for k = 2..S_TERMS */
static const double s_tail[S_TERMS - 1] = {
    1.0 / 120.0, 1.0 / 5040.0, 1.0 / 362880.0, 1.0 / 39916800.0, 1.0 / 6227020800.0,
    1.0 / 1307674368000.0, 1.0 / 355687428096000.0, 1.0 / 121645100408832000.0,
    1.0 / 51090942171709440000.0, 1.0 / 25852016738884976640000.0,
    1.0 / 15511210043330985984000000.0, 1.0 / 10888869450418352160768000000.0,
    1.0 / 8841761993739701954543616000000.0,
};

/* x^3 (1/den + u * tail(u)) with u = x^2 and the leading term x^3/den formed almost exactly. */
static double lead_plus_tail(double x, double den, const double *tail, int nt)
{
    double u = x * x;
    double u_lo = fma(x, x, -u);
    double x3 = x * u;
    double x3_lo = fma(x, u, -x3) + x * u_lo;
    /* alternating tail: -c2 + c3 u - c4 u^2 + ... */
    double p = 0.0;
    for (int i = nt - 1; i >= 0; i--)
        p = ((i & 1) ? tail[i] : -tail[i]) + u * p;
    double q = x3 / den;
    double rem = fma(-den, q, x3);
    double q_lo = (rem + x3_lo) / den;
    return q + (q_lo + x3 * (u * p));
}

GDC_FMA_CLONES double gdc_g3_series(double x)
{
    return lead_plus_tail(x, 3.0, g3_tail, G3_TERMS - 1);
}

GDC_FMA_CLONES double gdc_xmsin_series(double x)
{
    return lead_plus_tail(x, 6.0, s_tail, S_TERMS - 1);
}

GDC_FMA_CLONES double gdc_g3(double x)
{
    if (x < 1.5707963267948966)
        return gdc_g3_series(x);
    /* cos x <= 0 here: a sum of two non-negative terms */
    return fma(-x, cos(x), sin(x));
}

double gdc_xmsin(double x)
{
    if (x < 2.0)
        return gdc_xmsin_series(x);
    return x - sin(x); /* sin x <= 0.91 x/2 here: at most one bit lost */
}

/* ---- Arb ---- */

/* res = sum_{k=1}^{N} (-1)^{k+1} c_k x^{2k+1} + [+- c_{N+1} |x|^{2N+3}], where c_1 = 1/den1 and
 * c_k = c_{k-1} / (ratio(k)) with ratio(k) = (2k-2)(2k+1) for G3 and (2k)(2k+1) for S.
 * Requires |x| <= 3 so that the terms decrease from k = 1 on (alternating-series remainder). */
static void series_arb(arb_t res, const arb_t x, slong prec, int is_g3)
{
    mag_t m, tb, lim;
    arb_t u, p;
    mag_init(m);
    mag_init(tb);
    mag_init(lim);
    arb_init(u);
    arb_init(p);
    arb_get_mag(m, x);
    /* choose N: the first omitted term bound c_{N+1} m^{2N+3} below 2^-(prec+8) * m^3 * c_1 / 64;
     * track c_k m^{2k-2} as an upper bound (mag arithmetic rounds up) */
    mag_one(tb); /* c_1 m^0 relative to c_1 */
    slong N = 1;
    mag_t m2;
    mag_init(m2);
    mag_mul(m2, m, m);
    for (;;) {
        ulong k = (ulong)N + 1;
        ulong ratio = is_g3 ? (2 * k - 2) * (2 * k + 1) : (2 * k) * (2 * k + 1);
        mag_mul(tb, tb, m2);
        mag_div_ui(tb, tb, ratio);
        if (mag_cmp_2exp_si(tb, -prec - 14) < 0 || N >= 4 * prec + 10)
            break;
        N++;
    }
    /* coefficients c_1..c_{N+1} as balls (exact rationals, rounded at prec) */
    arb_ptr cs = _arb_vec_init(N + 2);
    arb_one(cs + 1);
    arb_div_ui(cs + 1, cs + 1, is_g3 ? 3 : 6, prec);
    for (slong k = 2; k <= N + 1; k++) {
        ulong ratio = is_g3 ? (ulong)(2 * k - 2) * (ulong)(2 * k + 1) : (ulong)(2 * k) * (ulong)(2 * k + 1);
        arb_div_ui(cs + k, cs + k - 1, ratio, prec);
    }
    arb_mul(u, x, x, prec);
    /* Horner: P = c_1 - u (c_2 - u (c_3 - ...)) */
    arb_set(p, cs + N);
    for (slong k = N - 1; k >= 1; k--) {
        arb_mul(p, p, u, prec);
        arb_sub(p, cs + k, p, prec);
    }
    arb_mul(p, p, u, prec);
    arb_mul(p, p, x, prec);
    /* tail bound: c_{N+1} m^{2N+3} */
    arb_get_mag(tb, cs + N + 1);
    mag_pow_ui(lim, m, (ulong)(2 * N + 3));
    mag_mul(tb, tb, lim);
    arb_add_error_mag(p, tb);
    arb_swap(res, p);
    _arb_vec_clear(cs, N + 2);
    mag_clear(m2);
    mag_clear(m);
    mag_clear(tb);
    mag_clear(lim);
    arb_clear(u);
    arb_clear(p);
}

/* direct formulas, rigorous over any ball */
static void g3_direct_arb(arb_t res, const arb_t x, slong prec)
{
    arb_t s, c;
    arb_init(s);
    arb_init(c);
    arb_sin_cos(s, c, x, prec);
    arb_mul(c, c, x, prec);
    arb_sub(res, s, c, prec);
    arb_clear(s);
    arb_clear(c);
}

static void xmsin_direct_arb(arb_t res, const arb_t x, slong prec)
{
    arb_t s;
    arb_init(s);
    arb_sin(s, x, prec);
    arb_sub(res, x, s, prec);
    arb_clear(s);
}

/* |x| <= 3 for every point of the ball */
static int within_three(const arb_t x)
{
    mag_t m, three;
    mag_init(m);
    mag_init(three);
    arb_get_mag(m, x);
    mag_set_ui(three, 3);
    int ok = mag_is_finite(m) && mag_cmp(m, three) <= 0;
    mag_clear(m);
    mag_clear(three);
    return ok;
}

void gdc_g3_series_arb(arb_t res, const arb_t x, slong prec)
{
    if (within_three(x))
        series_arb(res, x, prec, 1);
    else
        g3_direct_arb(res, x, prec);
}

void gdc_xmsin_series_arb(arb_t res, const arb_t x, slong prec)
{
    if (within_three(x))
        series_arb(res, x, prec, 0);
    else
        xmsin_direct_arb(res, x, prec);
}
