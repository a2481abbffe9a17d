/* ball.disk_cross's breakpoints in y (seed-004 C28): y0 = -bw/s, where the first factor (s y + bw)_+ starts, and the
 * roots of c0^2 = c^2 h^2 (c0 = k y + bv, k = t cos theta, c = t sin theta, h = sqrt(1 - y^2)), where G changes case,
 *   y = (-bv cos theta +- sin theta sqrt(t^2 - bv^2))/t = sin(theta - phi), -sin(theta + phi), phi = asin(bv/t),
 * as intervals enclosing them for every point of the box; and the degenerate points (a breakpoint on y = +-1, or two
 * coinciding), where K is only C^1 with Hoelder-1/2 second derivatives. */
#include "ball/ball.h"
#include "core/jet.h"
#include "ball/ball_util.h"
#include "ball/ball_disk.h"

/* The roots of c0^2 = c^2 h^2 once more, as sin(theta - phi) and -sin(theta + phi), phi = asin(bv/t) (with
 * bv/t = sin phi: (-bv cos th +- sin th sqrt(t^2 - bv^2))/t = -sin phi cos th +- sin th cos phi), which a wide box
 * encloses without the dependency of t in both places; rp, rm (the + and - root) are intersected with these.
 * bv/t is clamped to [-1, 1]: points of the box with |bv| > t have no roots (an extra breakpoint only splits a piece
 * whose case is the same on both sides). */
static void roots_sin(arb_t rp, arb_t rm, arb_srcptr x, slong prec)
{
    arb_t u, e;
    arb_init(u), arb_init(e);
    arb_div(u, x + 3, x + 2, prec);
    gdc_ball_clamp_unit(u, u, prec);
    arb_asin(u, u, prec);
    arb_sub(e, x + 4, u, prec);
    arb_sin(e, e, prec);
    if (arb_is_finite(e) && arb_overlaps(e, rp))
        arb_intersection(rp, rp, e, prec);
    arb_add(e, x + 4, u, prec);
    arb_sin(e, e, prec);
    arb_neg(e, e);
    if (arb_is_finite(e) && arb_overlaps(e, rm))
        arb_intersection(rm, rm, e, prec);
    arb_clear(u), arb_clear(e);
}

/* rp, rm := the roots (-bv cos th +- sin th sqrt(t^2 - bv^2))/t of c0^2 = c^2 h^2 (t > 0, t^2 - bv^2 not negative on
 * the box; si, co: sin and cos of theta), each intersected with roots_sin's form on a box */
static void roots(arb_t rp, arb_t rm, arb_srcptr x, const arb_t si, const arb_t co, slong prec)
{
    arb_t sq, y;
    arb_init(sq), arb_init(y);
    arb_sqr(sq, x + 2, prec);
    arb_sqr(y, x + 3, prec);
    arb_sub(sq, sq, y, prec);
    arb_sqrtpos(sq, sq, prec);
    arb_mul(sq, sq, si, prec);
    arb_mul(y, x + 3, co, prec);
    arb_neg(y, y);
    arb_add(rp, y, sq, prec);
    arb_div(rp, rp, x + 2, prec);
    arb_sub(rm, y, sq, prec);
    arb_div(rm, rm, x + 2, prec);
    if (mag_cmp_2exp_si(arb_radref(x + 2), -30) > 0 || mag_cmp_2exp_si(arb_radref(x + 3), -30) > 0 ||
        mag_cmp_2exp_si(arb_radref(x + 4), -30) > 0)
        roots_sin(rp, rm, x, prec); /* (at exact or nearly exact inputs the plain form is as tight) */
    arb_clear(sq), arb_clear(y);
}

int gdc_ball_disk_roots(arb_ptr r, arb_srcptr x, slong prec)
{
    arb_t si, co, d;
    arb_init(si), arb_init(co), arb_init(d);
    arb_sqr(d, x + 2, prec);
    arb_submul(d, x + 3, x + 3, prec);
    int ok = arb_is_positive(x + 2) && !arb_is_negative(d) && _arb_vec_is_finite(x, 5);
    if (ok) {
        arb_sin_cos(si, co, x + 4, prec);
        roots(r + 0, r + 1, x, si, co, prec);
    }
    arb_clear(si), arb_clear(co), arb_clear(d);
    return ok;
}

/* rp, rm := the roots of c0^2 = c^2 h^2 (roots), unless the case of G is the same on all of [-1, 1] for the whole
 * box; returns the number of roots set (0 or 2), or -1 if they are needed but t may vanish */
static int root_breaks(arb_t rp, arb_t rm, arb_srcptr x, const arb_t si, const arb_t co, slong prec)
{
    arb_t y, c0, a, sq;
    int n = 0;
    arb_init(y), arb_init(c0), arb_init(a), arb_init(sq);
    arb_zero(y);
    mag_one(arb_radref(y)); /* y = [-1, 1] */
    arb_mul(c0, co, x + 2, prec);
    arb_mul(c0, c0, y, prec);
    arb_add(c0, c0, x + 3, prec);
    arb_mul(a, si, x + 2, prec);
    arb_abs(a, a);
    {
        arb_t z;
        arb_init(z);
        arb_zero(z);
        arb_union(a, a, z, prec); /* a(Y) = c h(Y) in [0, |c|] */
        arb_clear(z);
    }
    arb_sub(y, c0, a, prec);
    arb_add(sq, c0, a, prec);
    if (!(arb_is_positive(y) || arb_is_nonpositive(sq))) {
        if (!arb_is_positive(x + 2)) {
            n = -1;
        } else {
            arb_sqr(sq, x + 2, prec);
            arb_sqr(y, x + 3, prec);
            arb_sub(sq, sq, y, prec);
            if (!arb_is_negative(sq)) {
                roots(rp, rm, x, si, co, prec);
                n = 2;
            }
        }
    }
    arb_clear(y), arb_clear(c0), arb_clear(a), arb_clear(sq);
    return n;
}

/* the breakpoints as intervals [lo[i], hi[i]] inside [-1, 1]; returns their number, or -1 if one is unbounded; *y0_at
 * (if not NULL) := the index of y0 = -bw/s's interval, -1 if none */
int gdc_ball_disk_breakpoints(arf_struct *lo, arf_struct *hi, int *y0_at, int *degenerate, arb_srcptr x,
                              const arb_t si, const arb_t co, slong prec)
{
    arb_t b[3];
    int n = 0, fail = 0;
    for (int i = 0; i < 3; i++)
        arb_init(b[i]);
    /* y = -bw/s (s = 0 exactly: no breakpoint, the first factor is the constant bw_+) */
    if (!arb_is_zero(x + 0)) {
        if (!arb_is_positive(x + 0))
            fail = 1;
        arb_div(b[n], x + 1, x + 0, prec);
        arb_neg(b[n], b[n]);
        n++;
    }
    int r = root_breaks(b[n], b[n + 1], x, si, co, prec);
    if (r < 0)
        fail = 1;
    else
        n += r;
    int m = 0, has_y0 = !arb_is_zero(x + 0);
    if (y0_at)
        *y0_at = -1;
    for (int i = 0; i < n && !fail; i++) {
        if (!arb_is_finite(b[i])) {
            fail = 1;
            break;
        }
        arb_get_lbound_arf(lo + m, b[i], prec);
        arb_get_ubound_arf(hi + m, b[i], prec);
        if ((arf_cmp_si(lo + m, -1) <= 0 && arf_cmp_si(hi + m, -1) >= 0) ||
            (arf_cmp_si(lo + m, 1) <= 0 && arf_cmp_si(hi + m, 1) >= 0))
            *degenerate = 1;
        if (arf_cmp_si(hi + m, -1) <= 0 || arf_cmp_si(lo + m, 1) >= 0)
            continue; /* outside the open interval (-1, 1): the ends are breakpoints already */
        if (arf_cmp_si(lo + m, -1) < 0)
            arf_set_si(lo + m, -1);
        if (arf_cmp_si(hi + m, 1) > 0)
            arf_set_si(hi + m, 1);
        if (y0_at && has_y0 && i == 0)
            *y0_at = m;
        m++;
    }
    for (int i = 0; i < 3; i++)
        arb_clear(b[i]);
    return fail ? -1 : m;
}

/* 1 if x is exact and a breakpoint of the disk pieces lies on y = +-1 or two of them coincide (there the pieces'
 * derivatives are only Hoelder-1/2 in the arguments: see disk_finish) */
int gdc_ball_disk_degenerate(arb_srcptr x, slong prec)
{
    for (int i = 0; i < 5; i++)
        if (!arb_is_exact(x + i))
            return 0;
    if (!_arb_vec_is_finite(x, 5) || arb_is_negative(x + 0) || arb_is_negative(x + 2))
        return 0;
    arf_struct lo[3], hi[3];
    arb_t si, co;
    arb_init(si), arb_init(co);
    for (int i = 0; i < 3; i++)
        arf_init(lo + i), arf_init(hi + i);
    arb_sin_cos(si, co, x + 4, prec);
    int degenerate = 0, n = gdc_ball_disk_breakpoints(lo, hi, NULL, &degenerate, x, si, co, prec);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            if (arf_cmp(lo + i, hi + j) <= 0 && arf_cmp(lo + j, hi + i) <= 0)
                degenerate = 1;
    for (int i = 0; i < 3; i++)
        arf_clear(lo + i), arf_clear(hi + i);
    arb_clear(si), arb_clear(co);
    return degenerate;
}
