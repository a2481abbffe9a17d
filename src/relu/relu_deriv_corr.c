/* Derivative enclosures of relu.corr and relu.corr_ratio (seed-000 C23, B5; 000_09c7d5b8511ab65b.txt Sec. 4 and
 * Thm 4.2), hand-derived. With e = pi - t, s = sin t, c = cos t, S = sin^2(t/2) (so 1 - c = 2 S, computed as a
 * square of sin(t/2): no cancellation at t -> 0), u = r - c = (r - 1) + 2 S:
 *   Q = (1 - r)^2 + 4 r S = u^2 + s^2      Q_r = 2u, Q_t = 2 r s, Q_rr = 2, Q_rt = 2 s, Q_tt = 2 r c
 *   D = (t - s) + 2 S s + r J               D_r = J, D_t = s (2 s + r t), D_rr = 0, D_rt = J' = t s,
 *                                           D_tt = 4 s c + r J''
 *   corr C = Q/2 - D/(2 pi):   C_r = u - J/(2 pi),  C_t = s (r (pi + e) - 2 s)/(2 pi),
 *                              C_rr = 1, C_rt = s (pi + e)/(2 pi), C_tt = (r ((pi + e) c - s) - 4 s c)/(2 pi)
 *   ratio R = C/Q = 1/2 - g/(2 pi), g = D/Q:
 *     g_r = (J - 2 g u)/Q,   g_t = s (2 s + r (t - 2 g))/Q,
 *     g_ij = (D_ij - g_i Q_j - g_j Q_i - g Q_ij)/Q,   R_i = -g_i/(2 pi), R_ij = -g_ij/(2 pi).
 * These quotients are stable near w = v ((r, t) -> (1, 0)): every factor is computed without cancellation (D, J
 * by series, S as a square) and numerator and Q vanish at the same rate; on a box through (1, 0), where Q
 * reaches 0, they are replaced by the bound below. g is enclosed by D/Q intersected with pi (1 - 2 R) from the
 * value's enclosure (which carries claims 1, 2 of relu_arb.c: 0 <= g <= K |t|).
 *
 * Claim 3 (first derivatives of R on a box through (1, 0)). On a box with r >= r0 > 0 and |t| <= T <= pi,
 *   |g_r| <= pi^2 T/(12 r0) + K pi/sqrt(r0),   |g_t| <= pi^2 (2/r0 + 1)/4 + K pi^2/2,
 *   K = pi^2/(24 r0) + 1/(2 r0) + pi^2/12 (claim 2).
 * Proof at a point with t != 0: sin(|t|/2) >= |t|/pi gives Q >= 4 r t^2/pi^2, so sqrt(Q) >= 2 sqrt(r) |t|/pi;
 *   |u| <= sqrt(Q) (Q = u^2 + s^2); |J(t)| <= |t|^3/3; |s| <= |t|; 0 <= g <= K |t| (claim 2). Then
 *   |g_r| <= |J|/Q + 2 g |u|/Q <= (|t|^3/3) pi^2/(4 r0 t^2) + 2 K |t|/sqrt(Q) <= pi^2 |t|/(12 r0) + K pi/sqrt(r0),
 *   |g_t| <= |s| |2 s + r t|/Q + 2 g r |s|/Q <= t^2 (2 + r) pi^2/(4 r t^2) + 2 K |t| r |t| pi^2/(4 r t^2).
 *   At t = 0, r != 1: g = 0 along t = 0, so g_r = 0 and g_t = (D_t - g Q_t)/Q = 0. At (1, 0) itself R is not
 *   differentiable (g is homogeneous of degree 1 there: g ~ t^3/((r - 1)^2 + t^2)); its partial derivatives
 *   along the axes exist (g_r = 0, g_t = 1) and lie inside the bounds; g is Lipschitz and differentiable off
 *   that point, so mean-value enclosures over segments through it still hold with these bounds.
 *   The second derivatives are unbounded near (1, 0) (homogeneous of degree -1): indeterminate there.
 * A box reaching r <= 0 is split at r = 1/2 (as the value): below, Q >= 1/4 and the quotients apply. */
#include "relu/relu.h"
#include "relu/relu_deriv.h"
#include "core/series.h"

#define HESS(h, k, i, j) ((h) + ((k) * 2 + (i)) * 2 + (j))

/* the pieces shared by corr and corr_ratio */
typedef struct {
    gdc_relu_trig_t tr;
    arb_ptr jj;                /* J, J', J'', J''' */
    arb_t S, u, Q, D, pi, pe;  /* pe = pi + e */
} parts_t;

static void parts_init(parts_t *p, arb_srcptr x, slong prec)
{
    const arb_struct *r = x, *t = x + 1;
    gdc_relu_trig_init(&p->tr, t, prec);
    p->jj = _arb_vec_init(4);
    arb_init(p->S); arb_init(p->u); arb_init(p->Q); arb_init(p->D); arb_init(p->pi); arb_init(p->pe);
    gdc_relu_J_jet(p->jj, &p->tr, t, prec);
    arb_const_pi(p->pi, prec);
    arb_add(p->pe, p->pi, p->tr.e, prec);
    gdc_relu_sin2_half_arb(p->S, t, prec);
    arb_sub_ui(p->u, r, 1, prec);
    arb_sqr(p->Q, p->u, prec);
    arb_nonnegative_part(p->Q, p->Q);
    arb_addmul_si(p->u, p->S, 2, prec);
    arb_t x4;
    arb_init(x4);
    gdc_relu_iv_mul(x4, r, p->S, prec);
    arb_mul_2exp_si(x4, x4, 2);
    if (arb_is_nonnegative(r))
        arb_nonnegative_part(x4, x4);
    arb_add(p->Q, p->Q, x4, prec);
    gdc_xmsin_series_arb(p->D, t, prec);
    gdc_relu_iv_mul(x4, p->S, p->tr.s, prec);
    arb_addmul_si(p->D, x4, 2, prec);
    gdc_relu_iv_mul(x4, r, p->jj, prec);
    arb_add(p->D, p->D, x4, prec);
    arb_clear(x4);
}

static void parts_clear(parts_t *p)
{
    gdc_relu_trig_clear(&p->tr);
    _arb_vec_clear(p->jj, 4);
    arb_clear(p->S); arb_clear(p->u); arb_clear(p->Q); arb_clear(p->D); arb_clear(p->pi); arb_clear(p->pe);
}

/* x = (r, t) */
void gdc_relu_corr_hess_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    parts_t p;
    arb_t a, tpi;
    arb_init(a);
    arb_init(tpi);
    gdc_relu_corr_arb(out, x, x + 1, prec);
    parts_init(&p, x, prec);
    arb_mul_2exp_si(tpi, p.pi, 1);
    arb_div(a, p.jj, tpi, prec);
    arb_sub(jac, p.u, a, prec);                      /* u - J/(2 pi) */
    gdc_relu_iv_mul(a, x, p.pe, prec);
    arb_submul_si(a, p.tr.s, 2, prec);
    arb_mul(jac + 1, p.tr.s, a, prec);
    arb_div(jac + 1, jac + 1, tpi, prec);            /* s (r (pi + e) - 2 s)/(2 pi) */
    if (hess) {
        arb_one(HESS(hess, 0, 0, 0));
        arb_mul(HESS(hess, 0, 0, 1), p.tr.s, p.pe, prec);
        arb_div(HESS(hess, 0, 0, 1), HESS(hess, 0, 0, 1), tpi, prec);
        arb_set(HESS(hess, 0, 1, 0), HESS(hess, 0, 0, 1));
        arb_mul(a, p.pe, p.tr.c, prec);
        arb_sub(a, a, p.tr.s, prec);
        arb_mul(a, a, x, prec);
        arb_mul(HESS(hess, 0, 1, 1), p.tr.s, p.tr.c, prec);
        arb_submul_si(a, HESS(hess, 0, 1, 1), 4, prec);
        arb_div(HESS(hess, 0, 1, 1), a, tpi, prec);
    }
    parts_clear(&p);
    arb_clear(a);
    arb_clear(tpi);
}

/* g and its derivatives by the quotient formulas; hess (4 entries) may be NULL */
static void ratio_quotients(arb_ptr gj, arb_ptr gh, const parts_t *p, const arb_t g, arb_srcptr x, slong prec)
{
    const arb_struct *r = x, *t = x + 1;
    const arb_struct *s = p->tr.s, *c = p->tr.c;
    arb_t a, b;
    arb_init(a);
    arb_init(b);
    /* g_r = (J - 2 g u)/Q */
    arb_mul(a, g, p->u, prec);
    arb_mul_2exp_si(a, a, 1);
    arb_sub(a, p->jj, a, prec);
    arb_div(gj, a, p->Q, prec);
    /* g_t = s (2 s + r (t - 2 g))/Q */
    arb_mul_2exp_si(a, g, 1);
    arb_sub(a, t, a, prec);
    arb_mul(a, a, r, prec);
    arb_addmul_si(a, s, 2, prec);
    arb_mul(a, a, s, prec);
    arb_div(gj + 1, a, p->Q, prec);
    if (gh) {
        /* rr: (-4 g_r u - 2 g)/Q */
        arb_mul(a, gj, p->u, prec);
        arb_mul_2exp_si(a, a, 2);
        arb_addmul_si(a, g, 2, prec);
        arb_neg(a, a);
        arb_div(gh, a, p->Q, prec);
        /* rt: (t s - 2 r s g_r - 2 u g_t - 2 s g)/Q */
        arb_mul(a, r, gj, prec);
        arb_add(a, a, g, prec);
        arb_mul_2exp_si(a, a, 1);
        arb_sub(a, t, a, prec);
        arb_mul(a, a, s, prec);
        arb_mul(b, p->u, gj + 1, prec);
        arb_submul_si(a, b, 2, prec);
        arb_div(gh + 1, a, p->Q, prec);
        arb_set(gh + 2, gh + 1);
        /* tt: (4 s c + r J'' - 4 r s g_t - 2 r c g)/Q */
        arb_mul(a, s, c, prec);
        arb_mul_2exp_si(a, a, 2);
        arb_mul(b, s, gj + 1, prec);
        arb_mul_2exp_si(b, b, 2);
        arb_addmul(b, c, g, prec);
        arb_addmul(b, c, g, prec);
        arb_sub(b, p->jj + 2, b, prec);
        arb_addmul(a, r, b, prec);
        arb_div(gh + 3, a, p->Q, prec);
    }
    arb_clear(a);
    arb_clear(b);
}

/* claim 3: [-B_r, B_r] x [-B_t, B_t] for (g_r, g_t) when r >= r0 > 0 and |t| <= T <= pi; else indeterminate */
static void ratio_bounds(arb_ptr gb, arb_srcptr x, slong prec)
{
    arb_t r0, T, pi, pi2, K, a, b;
    arb_init(r0); arb_init(T); arb_init(pi); arb_init(pi2); arb_init(K); arb_init(a); arb_init(b);
    arb_indeterminate(gb);
    arb_indeterminate(gb + 1);
    arf_t lo;
    arf_init(lo);
    arb_get_lbound_arf(lo, x, prec);
    arb_const_pi(pi, prec);
    arb_set_arf(r0, lo);
    if (arb_is_finite(x + 1)) /* T = max |t|, exact (a mag would round a box end at the double below pi past pi) */
        arb_get_abs_ubound_arf(arb_midref(T), x + 1, ARF_PREC_EXACT);
    if (arf_sgn(lo) > 0 && arb_is_finite(x + 1) && arb_le(T, pi)) {
        arb_sqr(pi2, pi, prec);
        /* K = pi^2/(24 r0) + 1/(2 r0) + pi^2/12 */
        arb_div_ui(a, pi2, 24, prec);
        arb_one(b);
        arb_mul_2exp_si(b, b, -1);
        arb_add(a, a, b, prec);
        arb_div(a, a, r0, prec);
        arb_div_ui(K, pi2, 12, prec);
        arb_add(K, K, a, prec);
        /* B_r = pi^2 T/(12 r0) + K pi/sqrt(r0) */
        arb_mul(a, pi2, T, prec);
        arb_div_ui(a, a, 12, prec);
        arb_div(a, a, r0, prec);
        arb_sqrt(b, r0, prec);
        arb_div(b, pi, b, prec);
        arb_addmul(a, K, b, prec);
        arb_zero(gb);
        arb_get_abs_ubound_arf(lo, a, prec);
        arb_add_error_arf(gb, lo);
        /* B_t = pi^2 (2/r0 + 1)/4 + K pi^2/2 */
        arb_set_ui(a, 2);
        arb_div(a, a, r0, prec);
        arb_add_ui(a, a, 1, prec);
        arb_mul(a, a, pi2, prec);
        arb_mul_2exp_si(a, a, -2);
        arb_mul(b, K, pi2, prec);
        arb_mul_2exp_si(b, b, -1);
        arb_add(a, a, b, prec);
        arb_zero(gb + 1);
        arb_get_abs_ubound_arf(lo, a, prec);
        arb_add_error_arf(gb + 1, lo);
    }
    arf_clear(lo);
    arb_clear(r0); arb_clear(T); arb_clear(pi); arb_clear(pi2); arb_clear(K); arb_clear(a); arb_clear(b);
}

static void ratio_box(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    parts_t p;
    arb_t g, q;
    arb_ptr gb = _arb_vec_init(2);
    arb_init(g);
    arb_init(q);
    gdc_relu_corr_ratio_arb(out, x, x + 1, prec);
    parts_init(&p, x, prec);
    /* g = D/Q intersected with pi (1 - 2 R) */
    arb_div(g, p.D, p.Q, prec);
    arb_mul_2exp_si(q, out, 1);
    arb_sub_ui(q, q, 1, prec);
    arb_neg(q, q);
    arb_mul(q, q, p.pi, prec);
    gdc_relu_isect(g, g, q, prec);
    ratio_quotients(jac, hess, &p, g, x, prec);
    ratio_bounds(gb, x, prec);
    gdc_relu_isect(jac, jac, gb, prec);
    gdc_relu_isect(jac + 1, jac + 1, gb + 1, prec);
    arb_mul_2exp_si(q, p.pi, 1);
    for (int i = 0; i < 2; i++) {
        arb_div(jac + i, jac + i, q, prec);
        arb_neg(jac + i, jac + i);
    }
    for (int i = 0; hess && i < 4; i++) {
        arb_div(hess + i, hess + i, q, prec);
        arb_neg(hess + i, hess + i);
    }
    parts_clear(&p);
    _arb_vec_clear(gb, 2);
    arb_clear(g);
    arb_clear(q);
}

/* the union of two enclosures of a vector */
static void vec_union(arb_ptr a, arb_srcptr b, slong n, slong prec)
{
    for (slong i = 0; i < n; i++)
        arb_union(a + i, a + i, b + i, prec);
}

void gdc_relu_corr_ratio_hess_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    ratio_box(out, jac, hess, x, prec);
    if (arb_is_finite(jac) && arb_is_finite(jac + 1))
        return;
    /* a box through (1, 0) reaching r <= 0: split r at 1/2 (as the value) */
    arf_t lo, hi, m;
    arf_init(lo);
    arf_init(hi);
    arf_init(m);
    arb_get_lbound_arf(lo, x, prec);
    arb_get_ubound_arf(hi, x, prec);
    arf_one(m);
    arf_mul_2exp_si(m, m, -1);
    if (arf_cmp(lo, m) < 0 && arf_cmp(m, hi) < 0) {
        arb_ptr y = _arb_vec_init(2), o2 = _arb_vec_init(1), j2 = _arb_vec_init(2), h2 = _arb_vec_init(4);
        arb_set(y + 1, x + 1);
        arb_set_interval_arf(y, lo, m, prec);
        ratio_box(o2, jac, hess ? hess : NULL, y, prec);
        arb_set_interval_arf(y, m, hi, prec);
        ratio_box(o2, j2, hess ? h2 : NULL, y, prec);
        vec_union(jac, j2, 2, prec);
        if (hess)
            vec_union(hess, h2, 4, prec);
        _arb_vec_clear(y, 2);
        _arb_vec_clear(o2, 1);
        _arb_vec_clear(j2, 2);
        _arb_vec_clear(h2, 4);
    }
    arf_clear(lo);
    arf_clear(hi);
    arf_clear(m);
}
