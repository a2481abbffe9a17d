/* Interval building blocks of the expression evaluator: a function monotone on an interval takes its
 * extremes at the ends, a product or quotient at the gdc_iv_corners, an even power across 0 is [0, max|x|^e].
 * Ends are rounded outward; an end that is 0 (or where the function is exact) stays exact, so that signs
 * such as 1 - cos X >= 0 are decided. */
#include "prove/expr_impl.h"

/* v = the interval [a, b] as a ball whose end `keep` (-1 lower, +1 upper, 0 neither) is exact:
 * mid = a + r or b - r with r a mag number >= (b - a)/2, so that e.g. 1 - cos X stays certainly >= 0. */
void gdc_iv_set_keep(arb_t v, const arf_t a, const arf_t b, int keep, slong prec)
{
    if (keep == 0) {
        arb_set_interval_arf(v, a, b, prec);
        return;
    }
    arf_t d;
    mag_t r;
    arf_init(d);
    mag_init(r);
    arf_sub(d, b, a, MAG_BITS, ARF_RND_UP);
    arf_mul_2exp_si(d, d, -1);
    arf_get_mag(r, d);
    arf_set_mag(d, r);
    /* the exact midpoint needs the bits from the kept end down to r (and r's): not when they are too many
     * (an end 1 with a radius 2^1000, or 2^-1000): then the ball of the interval, no end exact */
    const arf_struct *k = keep > 0 ? b : a;
    if (!arf_is_zero(k) && !arf_is_zero(d) && arf_is_finite(k) && arf_is_finite(d)) {
        slong gap = arf_abs_bound_lt_2exp_si(k) - arf_abs_bound_lt_2exp_si(d);
        if (gap > 4 * prec + 64 || gap < -(4 * prec + 64) || !arf_is_finite(b) || !arf_is_finite(a)) {
            arf_clear(d);
            mag_clear(r);
            arb_set_interval_arf(v, a, b, prec);
            return;
        }
    }
    if (keep > 0)
        arf_sub(arb_midref(v), b, d, ARF_PREC_EXACT, ARF_RND_DOWN);
    else
        arf_add(arb_midref(v), a, d, ARF_PREC_EXACT, ARF_RND_DOWN);
    mag_set(arb_radref(v), r);
    arf_clear(d);
    mag_clear(r);
}

/* Intersect v with [lo, hi], a range known to contain every value of the function (clamped end exact). */
void gdc_iv_clamp(arb_t v, slong lo, slong hi, slong prec)
{
    if (!arb_is_finite(v))
        return;
    arf_t L, U;
    arf_init(L);
    arf_init(U);
    arb_get_lbound_arf(L, v, prec);
    arb_get_ubound_arf(U, v, prec);
    int top = arf_cmp_si(U, hi) > 0, bot = arf_cmp_si(L, lo) < 0;
    if (top)
        arf_set_si(U, hi);
    if (bot)
        arf_set_si(L, lo);
    if ((top || bot) && arf_cmp(L, U) <= 0)
        gdc_iv_set_keep(v, L, U, top ? 1 : -1, prec);
    arf_clear(L);
    arf_clear(U);
}

/* v = f(x) for f monotone on the ball x (increasing if inc), from its values at the exact ends of x;
 * an end where f is exact (exp(0) = 1, sqrt(0) = 0, ...) stays exact. */
void gdc_iv_mono(arb_t v, const arb_t x, gdc_iv_mono_fn f, int inc, arb_t t, arb_t u, slong prec)
{
    if (arb_is_exact(x)) {
        f(v, x, prec);
        return;
    }
    arf_t L, U;
    arf_init(L);
    arf_init(U);
    arb_get_lbound_arf(L, x, 2 * prec);
    arb_get_ubound_arf(U, x, 2 * prec);
    arb_set_arf(t, L);
    f(t, t, prec);
    arb_set_arf(u, U);
    f(u, u, prec);
    if (!inc)
        arb_swap(t, u);
    if (!arb_is_finite(t) || !arb_is_finite(u))
        arb_indeterminate(v);
    else {
        arb_get_lbound_arf(L, t, prec);
        arb_get_ubound_arf(U, u, prec);
        if (arb_is_exact(t) || arb_is_exact(u))
            gdc_iv_set_keep(v, L, U, arb_is_exact(t) ? -1 : 1, prec);
        else
            gdc_iv_set_ends(v, L, U, prec);
    }
    arf_clear(L);
    arf_clear(U);
}

/* v = x^e for an even e > 0 and a ball x touching 0: [0, max|x|^e] with the lower end exact */
static void even_pow_straddle(arb_t v, const arb_t x, const fmpz_t e, arb_t t, slong prec)
{
    arf_t z, U;
    arf_init(z);
    arf_init(U);
    arb_get_abs_ubound_arf(U, x, 2 * prec);
    arb_set_arf(t, U);
    arb_pow_fmpz(t, t, e, prec);
    arb_get_ubound_arf(U, t, prec);
    gdc_iv_set_keep(v, z, U, -1, prec);
    arf_clear(z);
    arf_clear(U);
}

/* v = cosh(x): decreasing for x <= 0, increasing for x >= 0, [1, cosh(max|x|)] across 0 */
void gdc_iv_cosh(arb_t v, const arb_t x, arb_t t, arb_t u, slong prec)
{
    if (arb_is_nonnegative(x))
        gdc_iv_mono(v, x, arb_cosh, 1, t, u, prec);
    else if (arb_is_nonpositive(x))
        gdc_iv_mono(v, x, arb_cosh, 0, t, u, prec);
    else {
        arf_t one, U;
        arf_init(one);
        arf_init(U);
        arf_one(one);
        arb_get_abs_ubound_arf(U, x, 2 * prec);
        arb_set_arf(t, U);
        arb_cosh(t, t, prec);
        arb_get_ubound_arf(U, t, prec);
        if (arb_is_finite(t))
            gdc_iv_set_keep(v, one, U, -1, prec);
        else
            arb_indeterminate(v);
        arf_clear(one);
        arf_clear(U);
    }
}

void gdc_iv_clamp_below(arb_t v)
{
    if (arb_is_finite(v) && !arb_is_nonnegative(v)) {
        arb_t z;
        arb_init(z);
        arb_nonnegative_part(z, v);
        arb_swap(v, z);
        arb_clear(z);
    }
}

/* ---------------------------------------------------------------- interval semantics
 * Ball arithmetic on a wide ball overestimates: the ball [1/1000, 3] times itself encloses negative
 * numbers, and 1/[1/1000, 3] as a ball reaches below 0. The operations below work on the ends of the
 * balls instead (interval arithmetic): a function monotone on the interval takes its extremes at the
 * ends, a product or quotient at the gdc_iv_corners. Ends are rounded outward, and an end that is 0 stays
 * exactly 0 so that signs are decided. */

/* a ball whose radius is below 2^-20 of its magnitude (so it does not contain 0) */
static int narrow(const arb_t x)
{
    return arb_rel_accuracy_bits(x) > 20;
}

/* an inexact ball with an end exactly 0 (|mid| = rad) */
static int zero_end(const arb_t x)
{
    return !mag_is_zero(arb_radref(x)) && arf_cmpabs_mag(arb_midref(x), arb_radref(x)) == 0;
}

/* *gap = the difference of the binary exponent bounds of a and b; 0 (no gap) when either is infinite or its
 * exponent lies beyond a quarter of the slong range, where arf_abs_bound_lt_2exp_si saturates at +-WORD_MAX and the
 * difference would overflow (found by fuzzing: a range end such as 11^111...1) */
static int exp_gap(slong *gap, const arf_t a, const arf_t b)
{
    if (!arf_is_finite(a) || !arf_is_finite(b))
        return 0;
    slong ea = arf_abs_bound_lt_2exp_si(a), eb = arf_abs_bound_lt_2exp_si(b);
    if (ea > WORD_MAX / 4 || ea < -(WORD_MAX / 4) || eb > WORD_MAX / 4 || eb < -(WORD_MAX / 4))
        return 0;
    *gap = ea - eb;
    return 1;
}

/* v = [L, U]. The radius of a ball has only 30 bits, so the end nearer to 0 is kept exact when it is 0
 * or tiny against the other end (else [1e-9, 27] would become a ball reaching below 0). */
void gdc_iv_set_ends(arb_t v, const arf_t L, const arf_t U, slong prec)
{
    int keep = 0;
    if (arf_is_zero(L))
        keep = -1;
    else if (arf_is_zero(U))
        keep = 1;
    else if (arf_sgn(L) == arf_sgn(U)) {
        int lsmall = arf_cmpabs(L, U) <= 0;
        const arf_struct *sm = lsmall ? L : U, *lg = lsmall ? U : L;
        /* (not when the ends are so far apart that the exact midpoint would need more than 4 prec bits) */
        slong gap;
        if (exp_gap(&gap, lg, sm) && gap > 20 && gap < 4 * prec)
            keep = lsmall ? -1 : 1;
    }
    /* an end that is a short number (+-1, 2, 1/2: a sum of such terms may cancel exactly, as in the
     * second derivative 1 - 1/(1 + X)^2 >= 0 of log1p(x) - x + x^2/2) stays exact when the midpoint fits */
    if (keep == 0 && arf_is_finite(L) && arf_is_finite(U) && !arf_equal(L, U)) {
        int ushort = arf_bits(U) <= 4, lshort = arf_bits(L) <= 4;
        if (ushort || lshort) {
            arf_t d;
            arf_init(d);
            arf_sub(d, U, L, MAG_BITS, ARF_RND_UP);
            slong gap;
            if (exp_gap(&gap, ushort ? U : L, d) && gap < 2 * prec)
                keep = ushort ? 1 : -1;
            arf_clear(d);
        }
    }
    gdc_iv_set_keep(v, L, U, keep, prec);
}

/* v = [L, U] from the ends of x and y: L the lower end of x or of y, the smaller when lo < 0 and the larger when
 * lo > 0; U the upper end likewise by hi. The hull is (lo, hi) = (-1, 1), min(x, y) is (-1, -1), max (1, 1).
 * Indeterminate unless both are finite. */
static void combine_ends(arb_t v, const arb_t x, const arb_t y, int lo, int hi, slong prec)
{
    if (!arb_is_finite(x) || !arb_is_finite(y)) {
        arb_indeterminate(v);
        return;
    }
    arf_t L, U, a;
    arf_init(L);
    arf_init(U);
    arf_init(a);
    arb_get_lbound_arf(L, x, prec);
    arb_get_lbound_arf(a, y, prec);
    if (arf_cmp(a, L) * lo > 0)
        arf_set(L, a);
    arb_get_ubound_arf(U, x, prec);
    arb_get_ubound_arf(a, y, prec);
    if (arf_cmp(a, U) * hi > 0)
        arf_set(U, a);
    gdc_iv_set_ends(v, L, U, prec);
    arf_clear(L);
    arf_clear(U);
    arf_clear(a);
}

/* v = v intersected with e (both enclose the same set): unchanged unless e improves an end (exact ends stay) */
void gdc_iv_intersect(arb_t v, const arb_t e, slong prec)
{
    if (arb_is_finite(e) && arb_is_finite(v) && !arb_contains(e, v) && arb_overlaps(v, e))
        combine_ends(v, v, e, 1, -1, prec);
}

/* v = the hull of the balls t and u */
void gdc_iv_hull(arb_t v, const arb_t t, const arb_t u, slong prec)
{
    if (arb_is_finite(t) && arb_equal(t, u) && arb_is_exact(t))
        arb_set(v, t);
    else
        combine_ends(v, t, u, -1, 1, prec);
}

/* an exact +-1 */
static int is_pm1(const arb_t x)
{
    return arb_is_exact(x) && (arf_is_one(arb_midref(x)) || arf_equal_si(arb_midref(x), -1));
}

/* sign of an interval [e0, e1]: 1 if >= 0, -1 if <= 0, 0 across 0 */
static int ends_sign(arf_t *e)
{
    return arf_sgn(e[0]) >= 0 ? 1 : arf_sgn(e[1]) <= 0 ? -1 : 0;
}

/* Which corner (x end k & 1, y end k >> 1) gives the lower (*lo) and the upper (*hi) end of x * y (op 0) or x / y
 * (op 1, y not across 0), from the signs of the factors: the textbook case table of interval multiplication and
 * division. Directed rounding is monotone, so the rounded product at that corner is the least (greatest) of the
 * four rounded corners: the same ends as trying all four. -1 where the signs do not decide (both across 0). */
static void corner_ends(int *lo, int *hi, arf_t *xe, arf_t *ye, int op)
{
    int sx = ends_sign(xe), sy = ends_sign(ye);
    *lo = *hi = -1;
    if (op != 0 && sy == 0)
        return;
    /* k = xi + 2 yi: 0 = (lo, lo), 1 = (hi, lo), 2 = (lo, hi), 3 = (hi, hi) */
    static const signed char mul_lo[3][3] = {{3, 2, 2}, {1, -1, 2}, {1, 1, 0}}; /* [sx + 1][sy + 1] */
    static const signed char mul_hi[3][3] = {{0, 0, 1}, {0, -1, 3}, {2, 3, 3}};
    static const signed char div_lo[3][3] = {{1, -1, 0}, {3, -1, 0}, {3, -1, 2}};
    static const signed char div_hi[3][3] = {{2, -1, 3}, {2, -1, 1}, {0, -1, 1}};
    *lo = op == 0 ? mul_lo[sx + 1][sy + 1] : div_lo[sx + 1][sy + 1];
    *hi = op == 0 ? mul_hi[sx + 1][sy + 1] : div_hi[sx + 1][sy + 1];
}

/* a factor +-1 (or a divisor +-1) leaves the other exactly as it is (arb_mul may round a radius up):
 * v = +-the other operand and 1, or 0 if neither is +-1 */
static int unit_operand(arb_t v, const arb_t x, const arb_t y, int op)
{
    if (!((op == 0 && is_pm1(x)) || is_pm1(y)))
        return 0;
    const arb_struct *o = is_pm1(y) ? x : y, *f = is_pm1(y) ? y : x;
    if (arf_sgn(arb_midref(f)) < 0)
        arb_neg(v, o);
    else
        arb_set(v, o);
    return 1;
}

/* the ball product (quotient) into v when ball arithmetic is as tight as the corners: on narrow balls, and
 * when one operand is a point or narrow (a factor or divisor whose radius is below 2^-20 of its magnitude:
 * the ball product's radius exceeds the corners' half-width by r_x r_y, at most 2^-20 of it); not finite,
 * or a divisor across 0: the ball too. Returns 0 if the ball was not tried (both wide: only the corners),
 * 2 if v is the result, 1 if the corners must still be compared with it (the product reaches 0 and an
 * operand has an end exactly 0: the ball's radius rounds up, [0, 1] * 2 would dip below 0). */
static int ball_operation(arb_t v, const arb_t x, const arb_t y, int op, slong prec)
{
    int nx = arb_is_finite(x) && narrow(x), ny = arb_is_finite(y) && narrow(y);
    if (!(ny || (op == 0 && nx) || !arb_is_finite(x) || !arb_is_finite(y) || (op && arb_contains_zero(y))))
        return 0;
    if (op == 0)
        arb_mul(v, x, y, prec);
    else
        arb_div(v, x, y, prec);
    if (!arb_is_finite(x) || !arb_is_finite(y) || !arb_is_finite(v) || (nx && ny) || !arb_contains_zero(v) ||
        (!zero_end(x) && !zero_end(y)))
        return 2;
    return 1;
}

/* [L, U] = the interval product (quotient) of x and y from their ends, rounded outward: at the corners the
 * signs select (corner_ends), or the least and greatest of all four */
static void corner_interval(arf_t L, arf_t U, const arb_t x, const arb_t y, int op, slong prec)
{
    arf_t xe[2], ye[2], q;
    for (int k = 0; k < 2; k++) {
        arf_init(xe[k]);
        arf_init(ye[k]);
    }
    arf_init(q);
    arb_get_lbound_arf(xe[0], x, prec);
    arb_get_ubound_arf(xe[1], x, prec);
    arb_get_lbound_arf(ye[0], y, prec);
    arb_get_ubound_arf(ye[1], y, prec);
    int lo_k, hi_k; /* the corners (x end k & 1, y end k >> 1) of the lower and the upper end, or -1: all four */
    corner_ends(&lo_k, &hi_k, xe, ye, op);
    for (int k = 0; k < 4; k++) {
        const arf_struct *a = xe[k & 1], *b = ye[k >> 1];
        if (lo_k < 0 || k == lo_k) {
            if (op == 0)
                arf_mul(q, a, b, prec, ARF_RND_FLOOR);
            else
                arf_div(q, a, b, prec, ARF_RND_FLOOR);
            if (lo_k >= 0 || k == 0 || arf_cmp(q, L) < 0)
                arf_set(L, q);
        }
        if (hi_k < 0 || k == hi_k) {
            if (op == 0)
                arf_mul(q, a, b, prec, ARF_RND_CEIL);
            else
                arf_div(q, a, b, prec, ARF_RND_CEIL);
            if (hi_k >= 0 || k == 0 || arf_cmp(q, U) > 0)
                arf_set(U, q);
        }
    }
    for (int k = 0; k < 2; k++) {
        arf_clear(xe[k]);
        arf_clear(ye[k]);
    }
    arf_clear(q);
}

/* the corners w = [L, U], a hair wider than the ball v (by rounding) but with an exact short end the ball
 * lacks (1/[1, 2] keeps its end 1: sums such as 1 - 1/(1 + X)^2 then stay certainly >= 0): w's short end is
 * inside v's, and w's other end beyond v's by at most 2^-20 of v's radius */
static int short_end_kept(const arb_t v, const arb_t w, const arf_t L, const arf_t U, slong prec)
{
    if (!(arf_bits(L) <= 4 || arf_bits(U) <= 4))
        return 0;
    int short_end = 0;
    arf_t a, b, e;
    arf_init(a);
    arf_init(b);
    arf_init(e);
    arf_set_mag(e, arb_radref(v));
    arf_mul_2exp_si(e, e, -20);
    int up = arf_bits(U) <= 4;
    arb_get_ubound_arf(a, v, prec);
    arb_get_ubound_arf(b, w, prec);
    int end_in = up ? arf_cmp(b, a) <= 0 : 0;
    arb_get_lbound_arf(a, v, prec);
    arb_get_lbound_arf(b, w, prec);
    if (up) {
        arf_sub(a, a, e, prec, ARF_RND_FLOOR);
        short_end = end_in && arf_cmp(b, a) >= 0;
    } else if (arf_cmp(b, a) >= 0) {
        arb_get_ubound_arf(a, v, prec);
        arb_get_ubound_arf(b, w, prec);
        arf_add(a, a, e, prec, ARF_RND_CEIL);
        short_end = arf_cmp(b, a) <= 0;
    }
    arf_clear(a);
    arf_clear(b);
    arf_clear(e);
    return short_end;
}

/* the corners w = [L, U] rather than the ball v: narrower, or an end exactly 0 that v reaches past, or a
 * short exact end (short_end_kept) */
static int corners_better(const arb_t v, const arb_t w, const arf_t L, const arf_t U, slong prec)
{
    int narrower = mag_cmp(arb_radref(w), arb_radref(v)) < 0;
    int short_end = short_end_kept(v, w, L, U, prec);
    return narrower || (arf_is_zero(L) && !arb_is_nonnegative(v)) || (arf_is_zero(U) && !arb_is_nonpositive(v)) ||
           short_end;
}

/* v = x * y (op 0) or x / y (op 1, y not containing 0) from the four corners of the intervals; the
 * narrower of this and the ball result */
void gdc_iv_corners(arb_t v, const arb_t x, const arb_t y, int op, slong prec)
{
    if (unit_operand(v, x, y, op))
        return;
    int ball = ball_operation(v, x, y, op, prec);
    if (ball == 2)
        return;
    /* else (both wide) only the corners: the interval product is contained in the ball product, which can be
     * narrower only by the rounding of the corners' ends (measured: the ball kept 3 times in 10^4) */
    arf_t L, U;
    arf_init(L);
    arf_init(U);
    corner_interval(L, U, x, y, op, prec);
    arb_t w;
    arb_init(w);
    gdc_iv_set_ends(w, L, U, prec);
    if (!ball || corners_better(v, w, L, U, prec))
        arb_swap(v, w);
    arb_clear(w);
    arf_clear(L);
    arf_clear(U);
}

/* v = 1/y for y not containing 0 */
void gdc_iv_inv(arb_t v, const arb_t y, slong prec)
{
    arb_t one;
    arb_init(one);
    arb_one(one);
    gdc_iv_corners(v, one, y, 1, prec);
    arb_clear(one);
}

/* v = x^e for an integer e (|e| < 2^30). Returns 0 if undefined (e < 0 and x contains 0).
 * x^e is monotone on an interval not containing 0, and for odd e > 0 everywhere; for even e > 0 on an
 * interval straddling 0 the values are [0, max|x|^e]. t, u: scratch. */
int gdc_iv_pow(arb_t v, const arb_t x, const fmpz_t e, arb_t t, arb_t u, slong prec)
{
    if (fmpz_is_zero(e)) {
        arb_one(v);
        return 1;
    }
    if (fmpz_sgn(e) < 0 && arb_contains_zero(x))
        return 0;
    if (arb_is_exact(x) || !arb_is_finite(x) || narrow(x)) {
        arb_pow_fmpz(v, x, e, prec);
        return 1;
    }
    if (fmpz_is_even(e) && fmpz_sgn(e) > 0 && !arb_is_nonnegative(x) && !arb_is_nonpositive(x)) {
        even_pow_straddle(v, x, e, t, prec);
        return 1;
    }
    arf_t L;
    arf_init(L);
    arb_get_lbound_arf(L, x, prec);
    arb_set_arf(t, L);
    arb_get_ubound_arf(L, x, prec);
    arb_set_arf(u, L);
    arf_clear(L);
    arb_pow_fmpz(t, t, e, prec);
    arb_pow_fmpz(u, u, e, prec);
    gdc_iv_hull(v, t, u, prec);
    return 1;
}

/* v = [min, max] of the ends (op 0: min(x, y), 1: max(x, y)), exactly as intervals */
void gdc_iv_minmax(arb_t v, const arb_t x, const arb_t y, int op, slong prec)
{
    if (arb_is_finite(x) && arb_is_finite(y) && (op == 0 ? arb_le(x, y) : arb_ge(x, y)))
        arb_set(v, x);
    else if (arb_is_finite(x) && arb_is_finite(y) && (op == 0 ? arb_le(y, x) : arb_ge(y, x)))
        arb_set(v, y);
    else
        combine_ends(v, x, y, op == 0 ? -1 : 1, op == 0 ? -1 : 1, prec);
}

/* v (a node known to be >= 0 wherever defined, see expr_analyse.c) = v intersected with [0, inf), the lower end
 * exactly 0 when it was below. Returns 0 if v lies below 0 entirely (impossible for a correct enclosure:
 * treated as undefined, which is always safe). */
int gdc_iv_clip_nonneg(arb_t v, slong prec)
{
    if (arb_is_nonnegative(v))
        return 1;
    arf_t zero, U;
    arf_init(zero);
    arf_init(U);
    arb_get_ubound_arf(U, v, prec);
    int ok = arf_sgn(U) >= 0;
    if (ok)
        gdc_iv_set_keep(v, zero, U, -1, prec);
    arf_clear(zero);
    arf_clear(U);
    return ok;
}

/* z = x + y when that sum is a mag number exactly (1), else 0 (z unchanged) */
static int mag_add_exact(mag_t z, const mag_t x, const mag_t y)
{
    if (mag_is_zero(x) || mag_is_zero(y)) {
        mag_add(z, x, y); /* (exact: one term is 0) */
        return 1;
    }
    if (!MAG_IS_LAGOM(x) || !MAG_IS_LAGOM(y))
        return 0;
    const mag_struct *a = x, *b = y; /* a the one with the larger exponent */
    if (MAG_EXP(x) < MAG_EXP(y)) {
        a = y;
        b = x;
    }
    slong e = MAG_EXP(a), s = e - MAG_EXP(b);
    /* a = ma 2^(e - MAG_BITS), b = (mb 2^-s) 2^(e - MAG_BITS): exact when mb's low s bits are 0 */
    if (s >= MAG_BITS || (MAG_MAN(b) & ((UWORD(1) << s) - 1)) != 0)
        return 0;
    ulong m = MAG_MAN(a) + (MAG_MAN(b) >> s);
    if (m >> MAG_BITS) {
        if (m & 1)
            return 0;
        m >>= 1;
        e++;
    }
    MAG_MAN(z) = m;
    fmpz_set_si(MAG_EXPREF(z), e);
    return 1;
}

/* v = x + y (sub: x - y) when the ball sum is exact: its midpoint needs no rounding and its radius is the sum of
 * the radii exactly. That ball is the exact interval sum [x_lo + y_lo, x_hi + y_hi] (inside what the ends would
 * give after rounding outward, and with the same exact ends: an end 0 stays 0) at a fraction of the cost. */
static int add_exact(arb_t v, const arb_t x, const arb_t y, int sub, slong prec)
{
    arf_t m;
    mag_t r;
    arf_init(m);
    mag_init(r);
    int inexact = sub ? arf_sub(m, arb_midref(x), arb_midref(y), prec, ARF_RND_DOWN)
                      : arf_add(m, arb_midref(x), arb_midref(y), prec, ARF_RND_DOWN);
    int ok = !inexact && mag_add_exact(r, arb_radref(x), arb_radref(y));
    if (ok) {
        arf_swap(arb_midref(v), m);
        mag_swap(arb_radref(v), r);
    }
    arf_clear(m);
    mag_clear(r);
    return ok;
}

/* g += f * d, exactly when f is exactly +-1 (keeps exact ends such as 1 - cos X >= 0) */
void gdc_iv_add(arb_t v, const arb_t x, const arb_t y, int sub, slong prec)
{
    if (arb_is_zero(y) || arb_is_zero(x) || (arb_is_exact(x) && arb_is_exact(y)) || !arb_is_finite(x) ||
        !arb_is_finite(y)) {
        if (sub)
            arb_sub(v, x, y, prec);
        else
            arb_add(v, x, y, prec);
        return;
    }
    if (add_exact(v, x, y, sub, prec))
        return;
    arf_t L, U, t;
    arf_init(L);
    arf_init(U);
    arf_init(t);
    arb_get_lbound_arf(L, x, prec);
    arb_get_ubound_arf(U, x, prec);
    if (sub) {
        arb_get_ubound_arf(t, y, prec);
        arf_sub(L, L, t, prec, ARF_RND_FLOOR);
        arb_get_lbound_arf(t, y, prec);
        arf_sub(U, U, t, prec, ARF_RND_CEIL);
    } else {
        arb_get_lbound_arf(t, y, prec);
        arf_add(L, L, t, prec, ARF_RND_FLOOR);
        arb_get_ubound_arf(t, y, prec);
        arf_add(U, U, t, prec, ARF_RND_CEIL);
    }
    gdc_iv_set_ends(v, L, U, prec);
    arf_clear(L);
    arf_clear(U);
    arf_clear(t);
}

void gdc_iv_acc(arb_t g, const arb_t f, const arb_t d, slong prec)
{
    if (arb_is_exact(f) && arf_is_one(arb_midref(f)))
        gdc_iv_add(g, g, d, 0, prec);
    else if (arb_is_exact(f) && arf_equal_si(arb_midref(f), -1))
        gdc_iv_add(g, g, d, 1, prec);
    else if (arb_is_exact(d) && arf_is_one(arb_midref(d)))
        gdc_iv_add(g, g, f, 0, prec);
    else if (arb_is_exact(d) && arf_equal_si(arb_midref(d), -1))
        gdc_iv_add(g, g, f, 1, prec);
    else if (arb_is_zero(g)) {
        gdc_iv_corners(g, f, d, 0, prec);
    } else {
        arb_t p;
        arb_init(p);
        gdc_iv_corners(p, f, d, 0, prec);
        gdc_iv_add(g, g, p, 0, prec);
        arb_clear(p);
    }
}


void gdc_iv_pow_si(arb_t v, const arb_t x, slong e, arb_t t, arb_t u, slong prec)
{
    fmpz_t f;
    fmpz_init_set_si(f, e);
    if (!gdc_iv_pow(v, x, f, t, u, prec))
        arb_indeterminate(v);
    fmpz_clear(f);
}

void gdc_iv_mul_si(arb_t v, const arb_t x, slong s, slong prec)
{
    ulong a = s < 0 ? -(ulong)s : (ulong)s;
    if (a != 0 && (a & (a - 1)) == 0) { /* +-2^k: exact (arb_mul_si may round the radius up) */
        slong k = 0;
        while (!(a >> k & 1u))
            k++;
        arb_mul_2exp_si(v, x, k);
        if (s < 0)
            arb_neg(v, v);
    } else
        arb_mul_si(v, x, s, prec);
}
