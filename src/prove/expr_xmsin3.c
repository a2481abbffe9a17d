/* xmsin3(x) = (x - sin x)/x^3, with its limit 1/6 at x = 0: the cubic part of x - sin x as a function without
 * the removable singularity, so that a claim whose two sides vanish to third order at a point can be divided
 * by the cube (issue 9: Theorem 4.2 of 000_09c7d5b8511ab65b as delta -> 0, where e - sin e cos e =
 * 4 e^3 xmsin3(2e)). Series: f(x) = sum_{k >= 0} (-1)^k x^{2k}/(2k+3)!.
 *
 * Value over a ball: f is even and strictly decreasing in |x|. Proof: f'(x) = g(x)/x^4 with
 * g(x) = 3 sin x - 2x - x cos x. For x >= 3, g(x) <= 3 - 2x + x = 3 - x <= 0, and g(3) < 0 (sin 3 < 1);
 * for 0 < x < 3 < pi, g(0) = 0 and g'(x) = 2 cos x - 2 + x sin x = 2 sin(x/2) (x cos(x/2) - 2 sin(x/2)) < 0
 * (tan(x/2) > x/2 there). So g < 0 on (0, inf), and f > 0 (x - sin x > 0 for x > 0). The enclosure is
 * [f(M), f(m)] over |x| in [m, M], f at the exact ends by the series (core/series.h, |y| <= 2, its truncation
 * bounded by the first omitted term) divided by y^3, or directly for y > 2 (no cancellation there).
 *
 * Derivatives over |x| in [m, M] (f' is odd, f'' even):
 *   |y| <= 1: the series of f' and f'' alternate with terms decreasing in magnitude (term ratios at most
 *     (2k+2) y^2/(2k (2k+4)(2k+5)) <= 1/21 and (2k+2)(2k+1) y^2/(2k (2k-1)(2k+4)(2k+5)) <= 1/7 for k >= 1), so
 *     -y/60 <= f'(y) <= -y/60 + y^3/1260 and -1/60 <= f''(y) <= -1/60 + y^2/420 for 0 <= y <= 1;
 *   |y| >= 1: f'(y) = (3 sin y - 2y - y cos y)/y^4 and f''(y) = (6y cos y + 6y + (y^2 - 12) sin y)/y^5
 *     by interval arithmetic (no singularity there);
 * a range across 1 takes the union of both pieces. Tested by sampling inside boxes (tests/check_prove_lang.c). */
#include "prove/expr_impl.h"
#include "core/series.h"

/* f at a ball y0 >= 0 (used at exact points; res may be y0) */
static void xmsin3_point(arb_t res, const arb_t y0, slong prec)
{
    slong wp = prec + 16;
    arb_t c, y;
    arb_init(c);
    arb_init(y);
    arb_set(y, y0);
    if (arb_is_zero(y)) {
        arb_one(res);
        arb_div_ui(res, res, 6, prec);
    } else {
        arb_set_ui(c, 2);
        if (arb_le(y, c))
            gdc_xmsin_series_arb(res, y, wp);
        else {
            arb_sin(c, y, wp);
            arb_sub(res, y, c, wp);
        }
        arb_pow_ui(c, y, 3, wp);
        arb_div(res, res, c, prec);
    }
    arb_clear(c);
    arb_clear(y);
}

/* the range of |x| over the ball x, as a ball with exact ends */
static void abs_range(arb_t a, const arb_t x, slong prec)
{
    arf_t L, U;
    arf_init(L);
    arf_init(U);
    arb_get_lbound_arf(L, x, 2 * prec);
    arb_get_ubound_arf(U, x, 2 * prec);
    if (arf_sgn(U) <= 0) {
        arf_neg(L, L);
        arf_neg(U, U);
        arf_swap(L, U);
    } else if (arf_sgn(L) < 0) {
        arf_neg(L, L);
        arf_max(U, U, L);
        arf_zero(L);
    }
    arb_set_interval_arf(a, L, U, 2 * prec);
    arf_clear(L);
    arf_clear(U);
}

/* f'(y), f''(y) over the ball 0 <= y <= 1, by the alternating series bounds above: the hull of
 * -M/60 and -m/60 + M^3/1260, and of -1/60 and -1/60 + M^2/420 */
static void small_derivs(arb_t d1, arb_t d2, const arb_t y, arb_t t, slong prec)
{
    arf_t m, M;
    arf_init(m);
    arf_init(M);
    arb_get_lbound_arf(m, y, prec);
    arb_get_ubound_arf(M, y, prec);
    arb_set_arf(t, M);
    arb_pow_ui(t, t, 3, prec);
    arb_div_ui(t, t, 1260, prec);
    arb_set_arf(d1, m);
    arb_div_ui(d1, d1, 60, prec);
    arb_sub(t, t, d1, prec);
    arb_set_arf(d1, M);
    arb_div_si(d1, d1, -60, prec);
    arb_union(d1, d1, t, prec);
    arb_set_arf(t, M);
    arb_sqr(t, t, prec);
    arb_div_ui(t, t, 420, prec);
    arb_set_si(d2, -1);
    arb_div_ui(d2, d2, 60, prec);
    arb_add(t, t, d2, prec);
    arb_union(d2, d2, t, prec);
    arf_clear(m);
    arf_clear(M);
}

/* f'(y), f''(y) over the ball y with y >= 1 by the closed forms (the powers of y by their ends: a ball power of
 * a wide ball can reach 0) */
static void large_derivs(arb_t d1, arb_t d2, const arb_t y, arb_t s, arb_t c, slong prec)
{
    arb_t w, p, q;
    arb_init(w);
    arb_init(p);
    arb_init(q);
    arb_sin_cos(s, c, y, prec);
    /* d1 = (3 sin y - 2 y - y cos y)/y^4 */
    arb_mul_ui(d1, s, 3, prec);
    arb_submul_ui(d1, y, 2, prec);
    arb_submul(d1, y, c, prec);
    gdc_iv_pow_si(w, y, 4, p, q, prec);
    arb_div(d1, d1, w, prec);
    /* d2 = (6 y cos y + 6 y + (y^2 - 12) sin y)/y^5 */
    arb_mul(d2, y, c, prec);
    arb_add(d2, d2, y, prec);
    arb_mul_ui(d2, d2, 6, prec);
    arb_sqr(w, y, prec);
    arb_sub_ui(w, w, 12, prec);
    arb_addmul(d2, w, s, prec);
    gdc_iv_pow_si(w, y, 5, p, q, prec);
    arb_div(d2, d2, w, prec);
    arb_clear(w);
    arb_clear(p);
    arb_clear(q);
}

/* f'(|x|) and f''(|x|) over a = |x| in [m, M], the union of the pieces below and above 1 */
static void abs_derivs(arb_t d1, arb_t d2, const arb_t a, arb_ptr t, slong prec)
{
    arf_t m, M, one;
    arf_init(m);
    arf_init(M);
    arf_init(one);
    arf_one(one);
    arb_get_lbound_arf(m, a, prec);
    arb_get_ubound_arf(M, a, prec);
    int lo = arf_cmp(m, one) <= 0, hi = arf_cmp(M, one) >= 0;
    if (lo) {
        arb_set_interval_arf(t, m, hi ? one : M, prec);
        small_derivs(d1, d2, t, t + 1, prec);
    }
    if (hi) {
        arb_set_interval_arf(t, lo ? one : m, M, prec);
        large_derivs(t + 1, t + 2, t, t + 3, t + 4, prec);
        if (lo) {
            arb_union(d1, d1, t + 1, prec);
            arb_union(d2, d2, t + 2, prec);
        } else {
            arb_set(d1, t + 1);
            arb_set(d2, t + 2);
        }
    }
    arf_clear(m);
    arf_clear(M);
    arf_clear(one);
}

int gdc_node_xmsin3(gdc_evalws_t *ws, arb_ptr v, arb_srcptr x, slong prec, gdc_dfac_t *d)
{
    arb_ptr t = ws->tmp, u = ws->tmp + 1, a = ws->tmp + 4;
    if (!arb_is_finite(x))
        return 0;
    abs_range(a, x, prec);
    gdc_iv_mono(v, a, xmsin3_point, 0, t, u, prec);
    if (!d->want)
        return 1;
    arb_ptr sc = _arb_vec_init(5);
    arb_t d2;
    arb_init(d2);
    abs_derivs(d->fa, d2, a, sc, prec);
    /* f' is odd: f'(x) = sign(x) f'(|x|) */
    if (arb_is_nonpositive(x) && !arb_is_zero(x))
        arb_neg(d->fa, d->fa);
    else if (!arb_is_nonnegative(x)) {
        arb_neg(t, d->fa);
        arb_union(d->fa, d->fa, t, prec);
    }
    if (d->want2)
        arb_set(d->faa, d2);
    if (!arb_is_finite(d->fa) || !arb_is_finite(d2))
        d->dok = GDC_D_NONE;
    arb_clear(d2);
    _arb_vec_clear(sc, 5);
    return 1;
}
