/* Derivative enclosures of the ReLU rows (issue 9 section 1), hand-derived from the closed forms of seed-000
 * C18-C24 (000_09c7d5b8511ab65b.txt Eq. (25), Lemma D.1, D.2) and seed-001 C1-C2. With e = pi - t, s = sin t,
 * c = cos t (s and c from e when t > pi/2, so that they keep their relative accuracy near pi):
 *   h = s + e c          h' = -e s           h'' = s - e c (= sin e + e cos e)     h''' = 2c + e s
 *   J = s - t c          J' = t s            J'' = s + t c                          J''' = 2c - t s
 *   step     = e/(2 pi):            d/dt = -1/(2 pi)
 *   kernel   = a b h/(2 pi):        (b h, a h, a b h')/(2 pi); second: ab = h, at = b h', bt = a h', tt = a b h''
 *                                   (over 2 pi), aa = bb = 0
 *   loss     = r^2/4 + 1/4 - r h/(2 pi):  d/dr = r/2 - h/(2 pi) (= relu.grad out[0], with its stable form
 *              (r - 1)/2 + (pi - h)/(2 pi) near w = v), d/dt = r e s/(2 pi); rr = 1/2, rt = e s/(2 pi),
 *              tt = -r h''/(2 pi)
 *   grad     = (r/2 - h/(2 pi), -e s/(2 pi)):  out0: (1/2, e s/(2 pi)), tt = -h''/(2 pi); out1: (0, h''/(2 pi)),
 *              tt = h'''/(2 pi); the r-second derivatives vanish
 *   norm_rate  = -r^2 + r h/pi:     (-2r + h/pi, -r e s/pi); rr = -2, rt = -e s/pi, tt = r h''/pi
 *   angle_rate = -e s/(2 pi r):     (e s/(2 pi r^2), h''/(2 pi r)); rr = -e s/(pi r^3), rt = -h''/(2 pi r^2),
 *                                   tt = h'''/(2 pi r)   (indeterminate where the box reaches r = 0)
 *   hess_eig = (1/2, 1/2 - s/(pi r), 1/2 - s/(2 pi r)): out1: (s/(pi r^2), -c/(pi r)); rr = -2 s/(pi r^3),
 *              rt = c/(pi r^2), tt = s/(pi r); out2 half of out1; out0 constant
 * Each is a product of terms with no cancellation in the hard regimes (t -> 0, t -> pi: e from
 * gdc_relu_pi_minus_arb, s and c from e), so the same Arb expression serves points and boxes. Signs known on
 * [0, pi] are imposed (e, s >= 0, h' <= 0, J' >= 0, e s >= 0; the second derivatives on the ranges proved at
 * second_sign), so that the derivatives at the touching points t = pi (h) and t = 0 (J) have exact
 * signs on boxes (gdc_relu_sign_fix makes the zero end exact). On a box inside a monotone piece of h', h'', J'
 * or J'' (monotone_refine) the values at the box's ends give the range. Values out[] are the rows' own
 * enclosures. */
#include "relu/relu.h"
#include "relu/relu_deriv.h"

#define HESS(h, n, k, i, j) ((h) + ((k) * (n) + (i)) * (n) + (j))

/* x, known to have the sign `sign` (+1: x >= 0, -1: x <= 0) on the box, intersected with that half-line so that
 * the ball's end is exactly 0: the ball [0, 2 m] with m >= (upper bound)/2 a mag and the midpoint set to m
 * exactly (mid = rad), as the boxes of src/prove/box.c. Sign tests (arb_is_nonnegative) then succeed at touching
 * points. */
void gdc_relu_sign_fix(arb_t x, int sign)
{
    if (!arb_is_finite(x))
        return;
    if (sign < 0)
        arb_neg(x, x);
    if (!arb_is_nonnegative(x)) {
        arf_t u;
        arf_init(u);
        arb_get_ubound_arf(u, x, MAG_BITS);
        if (arf_sgn(u) <= 0) {
            arb_zero(x); /* only rounding can put the whole ball below 0 */
        } else {
            arf_mul_2exp_si(u, u, -1);
            arf_get_mag(arb_radref(x), u);
            arf_set_mag(arb_midref(x), arb_radref(x));
        }
        arf_clear(u);
    }
    if (sign < 0)
        arb_neg(x, x);
}

/* The rows' points satisfy 0 <= t <= pi. A ball t >= 0 that is not certainly <= pi (a ball of pi, a box end
 * rounded past it, or an exact end beyond pi used for a monotone range) is taken at min(t, pi): e = pi - t
 * intersected with [0, inf) (exactly 0 for a ball wholly beyond pi), tc = pi - e, s and c from e. Then every
 * quantity encloses its value at min(t*, pi) for every point t* of the ball: at the in-domain points their own
 * values, and at an end beyond pi the values at pi, which a monotone range over [t_lo, min(t_hi, pi)] needs. */
void gdc_relu_trig_init(gdc_relu_trig_t *tr, const arb_t t, slong prec)
{
    arb_init(tr->e);
    arb_init(tr->s);
    arb_init(tr->c);
    arb_init(tr->tc);
    tr->dom = arb_is_finite(t) && arb_is_nonnegative(t);
    if (tr->dom && !gdc_relu_t_in_domain(t, prec)) {
        gdc_relu_pi_minus_dom_arb(tr->e, t, prec);
        arb_const_pi(tr->tc, prec);
        arb_sub(tr->tc, tr->tc, tr->e, prec);
        gdc_relu_sin_cos_arb(tr->s, tr->c, tr->tc, tr->e, prec);
    } else {
        gdc_relu_pi_minus_arb(tr->e, t, prec);
        arb_set(tr->tc, t);
        gdc_relu_sin_cos_arb(tr->s, tr->c, t, tr->e, prec);
    }
    if (tr->dom) {
        gdc_relu_sign_fix(tr->e, 1);
        gdc_relu_sign_fix(tr->s, 1);
        gdc_relu_sign_fix(tr->tc, 1);
    }
}

void gdc_relu_trig_clear(gdc_relu_trig_t *tr)
{
    arb_clear(tr->e);
    arb_clear(tr->s);
    arb_clear(tr->c);
    arb_clear(tr->tc);
}

/* t >= num/den (ge = 1) or t <= num/den (ge = 0) on the whole ball */
static int t_cmp(const arb_t t, ulong num, ulong den, int ge)
{
    arb_t q;
    arb_init(q);
    arb_set_ui(q, num);
    arb_div_ui(q, q, den, 64);
    int r = ge ? arb_ge(t, q) : arb_le(t, q);
    arb_clear(q);
    return r;
}

/* Signs of the second derivatives of the profiles on [0, pi] (tr->dom); h''(t) = J''(pi - t), so by symmetry:
 *   J'' = s + t c >= 0 on [0, 2]: on [0, pi/2] both terms are >= 0; on (pi/2, 2], J'' = c (tan t + t) with c < 0
 *     and tan t + t <= tan 2 + 2 = -0.185 < 0 (tan increasing there). Hence h'' >= 0 on [pi - 2, pi] ⊂ [1.1416, pi].
 *   h'' = s - e c <= 0 on [0, 3/4]: s <= t <= 3/4 < 1.75 < (pi - 3/4) cos(3/4) <= e c (both factors decreasing and
 *     positive). Hence J'' <= 0 on [pi - 3/4, pi] ⊂ [2.392, pi]. */
static void second_sign(arb_t d2, const gdc_relu_trig_t *tr, const arb_t t, int is_h)
{
    if (!tr->dom)
        return;
    if (is_h ? t_cmp(t, 11416, 10000, 1) : t_cmp(t, 2, 1, 0))
        gdc_relu_sign_fix(d2, 1);
    else if (is_h ? t_cmp(t, 3, 4, 0) : t_cmp(t, 2392, 1000, 1))
        gdc_relu_sign_fix(d2, -1);
}

/* the profiles' first and second derivatives at a ball by their formulas (used at the ends of a box) */
static void pt_deriv(arb_t res, const arb_t t, slong prec, int is_h, int order)
{
    gdc_relu_trig_t tr;
    gdc_relu_trig_init(&tr, t, prec);
    if (is_h) {
        gdc_relu_iv_mul(res, tr.e, order == 1 ? tr.s : tr.c, prec);
        if (order == 1)
            arb_neg(res, res);                   /* h' = -e s */
        else
            arb_sub(res, tr.s, res, prec);       /* h'' = s - e c */
    } else {
        gdc_relu_iv_mul(res, tr.tc, order == 1 ? tr.s : tr.c, prec);
        if (order == 2)
            arb_add(res, res, tr.s, prec);       /* J'' = s + t c (J' = t s) */
    }
    gdc_relu_trig_clear(&tr);
}

static void h1_pt(arb_t r, const arb_t t, slong prec) { pt_deriv(r, t, prec, 1, 1); }
static void h2_pt(arb_t r, const arb_t t, slong prec) { pt_deriv(r, t, prec, 1, 2); }
static void j1_pt(arb_t r, const arb_t t, slong prec) { pt_deriv(r, t, prec, 0, 1); }
static void j2_pt(arb_t r, const arb_t t, slong prec) { pt_deriv(r, t, prec, 0, 2); }

/* Monotone pieces on [0, pi] (from the signs of the next derivative: second_sign, and for the third derivative
 * h''' = 2c + e s: >= 0 on [0, pi/2] (both terms >= 0), < 0 on [5/2, pi] (2c <= 2 cos(5/2) < -1.60 and
 * e s <= e <= pi - 5/2 < 0.65); J'''(t) = -h'''(pi - t)):
 *   h' decreasing on [0, 3/4], increasing on [1.1416, pi];  J' increasing on [0, 2], decreasing on [2.392, pi];
 *   h'' increasing on [0, pi/2], decreasing on [5/2, pi];  J'' increasing on [0, 0.64], decreasing on [pi/2, pi].
 * On a box inside a piece the derivative's range is spanned by its values at the box's ends; that enclosure
 * is intersected with the formula's. */
static void monotone_refine(arb_t d, const arb_t t, const gdc_relu_trig_t *tr, int is_h, int order, slong prec)
{
    if (!tr->dom || arb_is_exact(t))
        return;
    int piece;
    if (order == 1)
        piece = is_h ? t_cmp(t, 3, 4, 0) || t_cmp(t, 11416, 10000, 1) : t_cmp(t, 2, 1, 0) || t_cmp(t, 2392, 1000, 1);
    else
        piece = is_h ? t_cmp(t, 15707, 10000, 0) || t_cmp(t, 5, 2, 1)
                     : t_cmp(t, 64, 100, 0) || t_cmp(t, 15708, 10000, 1);
    if (!piece)
        return;
    arb_t m;
    arb_init(m);
    gdc_arb_monotone_ends(m, t, is_h ? (order == 1 ? h1_pt : h2_pt) : (order == 1 ? j1_pt : j2_pt), prec);
    gdc_relu_isect(d, d, m, prec);
    arb_clear(m);
}

void gdc_relu_h_jet(arb_ptr d, const gdc_relu_trig_t *tr, const arb_t t, slong prec)
{
    gdc_relu_h_arb(d, t, prec);
    gdc_relu_iv_mul(d + 1, tr->e, tr->s, prec);
    arb_neg(d + 1, d + 1);
    monotone_refine(d + 1, t, tr, 1, 1, prec);
    if (tr->dom)
        gdc_relu_sign_fix(d + 1, -1);
    gdc_relu_iv_mul(d + 2, tr->e, tr->c, prec);
    arb_sub(d + 2, tr->s, d + 2, prec);
    monotone_refine(d + 2, t, tr, 1, 2, prec);
    second_sign(d + 2, tr, t, 1);
    gdc_relu_iv_mul(d + 3, tr->e, tr->s, prec);
    arb_addmul_si(d + 3, tr->c, 2, prec);
}

void gdc_relu_J_jet(arb_ptr d, const gdc_relu_trig_t *tr, const arb_t t, slong prec)
{
    arb_t tp;
    arb_init(tp);
    arb_set(tp, tr->tc);
    gdc_relu_J_arb(d, t, prec);
    gdc_relu_iv_mul(d + 1, tp, tr->s, prec);
    monotone_refine(d + 1, t, tr, 0, 1, prec);
    if (tr->dom)
        gdc_relu_sign_fix(d + 1, 1);
    gdc_relu_iv_mul(d + 2, tp, tr->c, prec);
    arb_add(d + 2, d + 2, tr->s, prec);
    monotone_refine(d + 2, t, tr, 0, 2, prec);
    second_sign(d + 2, tr, t, 0);
    gdc_relu_iv_mul(d + 3, tp, tr->s, prec);
    arb_neg(d + 3, d + 3);
    arb_addmul_si(d + 3, tr->c, 2, prec);
    arb_clear(tp);
}

/* res = x/(k pi) */
static void div_kpi(arb_t res, const arb_t x, ulong k, slong prec)
{
    arb_t p;
    arb_init(p);
    arb_const_pi(p, prec);
    arb_mul_ui(p, p, k, prec);
    arb_div(res, x, p, prec);
    arb_clear(p);
}

/* the profile rows: f = h or J of the single argument t */
static void profile(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec, int is_h)
{
    gdc_relu_trig_t tr;
    arb_ptr d = _arb_vec_init(4);
    gdc_relu_trig_init(&tr, x, prec);
    (is_h ? gdc_relu_h_jet : gdc_relu_J_jet)(d, &tr, x, prec);
    arb_set(out, d);
    arb_set(jac, d + 1);
    if (hess)
        arb_set(hess, d + 2);
    _arb_vec_clear(d, 4);
    gdc_relu_trig_clear(&tr);
}

void gdc_relu_h_hess_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    profile(out, jac, hess, x, prec, 1);
}

void gdc_relu_J_hess_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    profile(out, jac, hess, x, prec, 0);
}

void gdc_relu_step_hess_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    gdc_relu_step_arb(out, x, prec);
    arb_one(jac);
    div_kpi(jac, jac, 2, prec);
    arb_neg(jac, jac);
    if (hess)
        arb_zero(hess);
}

/* x = (a, b, t) */
void gdc_relu_kernel_hess_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    gdc_relu_trig_t tr;
    arb_ptr d = _arb_vec_init(4);
    arb_t ab;
    arb_init(ab);
    gdc_relu_trig_init(&tr, x + 2, prec);
    gdc_relu_h_jet(d, &tr, x + 2, prec);
    gdc_relu_kernel_from_h(out, x, x + 1, d, prec); /* d[0] = relu.h(t), as gdc_relu_kernel_arb computes it */
    for (int k = 0; k < 3; k++)
        div_kpi(d + k, d + k, 2, prec); /* d = (h, h', h'')/(2 pi) */
    arb_mul(ab, x, x + 1, prec);
    arb_mul(jac + 0, x + 1, d, prec);
    arb_mul(jac + 1, x, d, prec);
    arb_mul(jac + 2, ab, d + 1, prec);
    if (tr.dom && arb_is_nonnegative(x) && arb_is_nonnegative(x + 1)) {
        /* a, b, h >= 0 and h' <= 0 */
        gdc_relu_sign_fix(jac + 0, 1);
        gdc_relu_sign_fix(jac + 1, 1);
        gdc_relu_sign_fix(jac + 2, -1);
    }
    if (hess) {
        arb_zero(HESS(hess, 3, 0, 0, 0));
        arb_zero(HESS(hess, 3, 0, 1, 1));
        arb_set(HESS(hess, 3, 0, 0, 1), d);
        arb_mul(HESS(hess, 3, 0, 0, 2), x + 1, d + 1, prec);
        arb_mul(HESS(hess, 3, 0, 1, 2), x, d + 1, prec);
        arb_mul(HESS(hess, 3, 0, 2, 2), ab, d + 2, prec);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < i; j++)
                arb_set(HESS(hess, 3, 0, i, j), HESS(hess, 3, 0, j, i));
    }
    arb_clear(ab);
    _arb_vec_clear(d, 4);
    gdc_relu_trig_clear(&tr);
}

/* e s/(2 pi) >= 0 and the h-jet over 2 pi, shared by the (r, t) rows; d[0..3] = (h, h', h'', h''')/(2 pi);
 * h = relu.h(t) itself when not NULL */
static void rt_parts(arb_t es, arb_ptr d, arb_t h, arb_srcptr t, slong prec)
{
    gdc_relu_trig_t tr;
    gdc_relu_trig_init(&tr, t, prec);
    gdc_relu_h_jet(d, &tr, t, prec);
    if (h != NULL)
        arb_set(h, d);
    for (int k = 0; k < 4; k++)
        div_kpi(d + k, d + k, 2, prec);
    second_sign(d + 2, &tr, t, 1);
    arb_neg(es, d + 1);
    if (tr.dom)
        gdc_relu_sign_fix(es, 1);
    gdc_relu_trig_clear(&tr);
}

static void sym2(arb_ptr hess, int k)
{
    arb_set(HESS(hess, 2, k, 1, 0), HESS(hess, 2, k, 0, 1));
}

/* x = (r, t) */
void gdc_relu_loss_hess_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    arb_ptr d = _arb_vec_init(4), g = _arb_vec_init(2);
    arb_t es;
    arb_init(es);
    gdc_relu_loss_arb(out, x, x + 1, prec);
    rt_parts(es, d, NULL, x + 1, prec);
    gdc_relu_grad_arb(g, x, x + 1, prec);
    arb_set(jac, g); /* r/2 - h/(2 pi), by relu.grad's stable forms */
    gdc_relu_iv_mul(jac + 1, x, es, prec);
    if (arb_is_nonnegative(x) && arb_is_nonnegative(es))
        gdc_relu_sign_fix(jac + 1, 1); /* r e s >= 0 (es is made >= 0 where t lies in [0, pi]) */
    if (hess) {
        arb_one(HESS(hess, 2, 0, 0, 0));
        arb_mul_2exp_si(HESS(hess, 2, 0, 0, 0), HESS(hess, 2, 0, 0, 0), -1);
        arb_set(HESS(hess, 2, 0, 0, 1), es);
        gdc_relu_iv_mul(HESS(hess, 2, 0, 1, 1), x, d + 2, prec);
        arb_neg(HESS(hess, 2, 0, 1, 1), HESS(hess, 2, 0, 1, 1));
        sym2(hess, 0);
    }
    arb_clear(es);
    _arb_vec_clear(d, 4);
    _arb_vec_clear(g, 2);
}

void gdc_relu_grad_hess_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    arb_ptr d = _arb_vec_init(4);
    arb_t es;
    arb_init(es);
    gdc_relu_grad_arb(out, x, x + 1, prec);
    rt_parts(es, d, NULL, x + 1, prec);
    arb_one(jac);
    arb_mul_2exp_si(jac, jac, -1);
    arb_set(jac + 1, es);
    arb_zero(jac + 2);
    arb_set(jac + 3, d + 2);
    if (hess) {
        _arb_vec_zero(hess, 8);
        arb_neg(HESS(hess, 2, 0, 1, 1), d + 2);
        arb_set(HESS(hess, 2, 1, 1, 1), d + 3);
    }
    arb_clear(es);
    _arb_vec_clear(d, 4);
}

void gdc_relu_norm_rate_hess_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    arb_ptr d = _arb_vec_init(4);
    arb_t es;
    arb_init(es);
    rt_parts(es, d, out, x + 1, prec);
    gdc_relu_norm_rate_from_h(out, x, out, prec); /* out held relu.h(t), as gdc_relu_norm_rate_arb computes it */
    arb_mul_2exp_si(es, es, 1);          /* e s/pi */
    _arb_vec_scalar_mul_2exp_si(d, d, 4, 1); /* (h, h', h'', h''')/pi */
    arb_mul_si(jac, x, -2, prec);
    arb_add(jac, jac, d, prec);
    gdc_relu_iv_mul(jac + 1, x, es, prec);
    arb_neg(jac + 1, jac + 1);
    if (arb_is_nonnegative(x) && arb_is_nonnegative(es))
        gdc_relu_sign_fix(jac + 1, -1);
    if (hess) {
        arb_set_si(HESS(hess, 2, 0, 0, 0), -2);
        arb_neg(HESS(hess, 2, 0, 0, 1), es);
        gdc_relu_iv_mul(HESS(hess, 2, 0, 1, 1), x, d + 2, prec);
        sym2(hess, 0);
    }
    arb_clear(es);
    _arb_vec_clear(d, 4);
}

static void all_indeterminate(arb_ptr v, slong n)
{
    for (slong i = 0; i < n; i++)
        arb_indeterminate(v + i);
}

void gdc_relu_angle_rate_hess_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    gdc_relu_angle_rate_arb(out, x, x + 1, prec);
    if (arb_contains_zero(x)) {
        all_indeterminate(jac, 2);
        if (hess)
            all_indeterminate(hess, 4);
        return;
    }
    arb_ptr d = _arb_vec_init(4);
    arb_t es, ir;
    arb_init(es);
    arb_init(ir);
    rt_parts(es, d, NULL, x + 1, prec);
    arb_inv(ir, x, prec);
    arb_mul(jac, es, ir, prec);
    arb_mul(jac, jac, ir, prec);          /* e s/(2 pi r^2) */
    arb_mul(jac + 1, d + 2, ir, prec);    /* h''/(2 pi r) */
    if (hess) {
        arb_mul(HESS(hess, 2, 0, 0, 0), jac, ir, prec);
        arb_mul_si(HESS(hess, 2, 0, 0, 0), HESS(hess, 2, 0, 0, 0), -2, prec);
        arb_mul(HESS(hess, 2, 0, 0, 1), jac + 1, ir, prec);
        arb_neg(HESS(hess, 2, 0, 0, 1), HESS(hess, 2, 0, 0, 1));
        arb_mul(HESS(hess, 2, 0, 1, 1), d + 3, ir, prec);
        sym2(hess, 0);
    }
    arb_clear(es);
    arb_clear(ir);
    _arb_vec_clear(d, 4);
}

void gdc_relu_hess_eig_hess_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    gdc_relu_hess_eig_arb(out, x, x + 1, prec);
    _arb_vec_zero(jac, 6);
    if (hess)
        _arb_vec_zero(hess, 12);
    if (arb_contains_zero(x)) {
        all_indeterminate(jac + 2, 4);
        if (hess)
            all_indeterminate(hess + 4, 8);
        return;
    }
    gdc_relu_trig_t tr;
    arb_t ir;
    arb_init(ir);
    gdc_relu_trig_init(&tr, x + 1, prec);
    arb_const_pi(ir, prec);
    arb_mul(ir, ir, x, prec);
    arb_inv(ir, ir, prec);                /* 1/(pi r) */
    arb_mul(jac + 2, tr.s, ir, prec);
    arb_div(jac + 2, jac + 2, x, prec);   /* s/(pi r^2) */
    arb_mul(jac + 3, tr.c, ir, prec);
    arb_neg(jac + 3, jac + 3);            /* -c/(pi r) */
    if (hess) {
        arb_div(HESS(hess, 2, 1, 0, 0), jac + 2, x, prec);
        arb_mul_si(HESS(hess, 2, 1, 0, 0), HESS(hess, 2, 1, 0, 0), -2, prec);
        arb_div(HESS(hess, 2, 1, 0, 1), jac + 3, x, prec);
        arb_neg(HESS(hess, 2, 1, 0, 1), HESS(hess, 2, 1, 0, 1));
        arb_mul(HESS(hess, 2, 1, 1, 1), tr.s, ir, prec);
        sym2(hess, 1);
        _arb_vec_scalar_mul_2exp_si(HESS(hess, 2, 2, 0, 0), HESS(hess, 2, 1, 0, 0), 4, -1);
    }
    _arb_vec_scalar_mul_2exp_si(jac + 4, jac + 2, 2, -1);
    arb_clear(ir);
    gdc_relu_trig_clear(&tr);
}
