/* Arb enclosures of the ReLU family (seed-000 C18-C24, seed-001 C1-C2, seed-003 C1), rigorous over any
 * input balls. Points use the cancellation-free forms (G3 and x - sin x series with tail bounds, pi - t
 * with pi at raised precision); boxes use monotonicity (h decreasing, J and pi - h increasing on [0, pi],
 * F increasing in t) and, where several exact forms exist, the intersection of their enclosures.
 * No double arithmetic: only exact rationals, arb_const_pi and Arb's functions. */
#include "relu/relu.h"
#include "core/series.h"
#include "core/arccos_profile.h"

/* res = a intersected with b; a non-finite enclosure is replaced by the other one */
void gdc_relu_isect(arb_t res, const arb_t a, const arb_t b, slong prec)
{
    if (!arb_is_finite(a)) {
        arb_set(res, b);
        return;
    }
    if (!arb_is_finite(b)) {
        arb_set(res, a);
        return;
    }
    arb_t z;
    arb_init(z);
    if (arb_intersection(z, a, b, prec))
        arb_swap(res, z);
    else
        arb_set(res, a); /* disjoint enclosures cannot happen; keep one rigorous enclosure */
    arb_clear(z);
}

/* x^2, intersected with [0, inf) (arb_sqr of a ball around 0 reaches below 0) */
static void nn_sqr(arb_t res, const arb_t x, slong prec)
{
    arb_sqr(res, x, prec);
    arb_nonnegative_part(res, res);
}

/* a b as an interval product: the extremes of a bilinear function lie at the corners, so the union of the
 * four endpoint products encloses it (tighter than the midpoint-radius product on wide balls) */
void gdc_relu_iv_mul(arb_t res, const arb_t a, const arb_t b, slong prec)
{
    if (arb_is_exact(a) || arb_is_exact(b) || !arb_is_finite(a) || !arb_is_finite(b)) {
        arb_mul(res, a, b, prec);
        return;
    }
    arf_t al, ah, bl, bh;
    arb_t x, y, p, u;
    arf_init(al); arf_init(ah); arf_init(bl); arf_init(bh);
    arb_init(x); arb_init(y); arb_init(p); arb_init(u);
    arb_get_interval_arf(al, ah, a, prec);
    arb_get_interval_arf(bl, bh, b, prec);
    for (int i = 0; i < 4; i++) {
        arb_set_arf(x, (i & 1) ? ah : al);
        arb_set_arf(y, (i & 2) ? bh : bl);
        arb_mul(p, x, y, prec);
        if (i == 0)
            arb_set(u, p);
        else
            arb_union(u, u, p, prec);
    }
    arb_swap(res, u);
    arf_clear(al); arf_clear(ah); arf_clear(bl); arf_clear(bh);
    arb_clear(x); arb_clear(y); arb_clear(p); arb_clear(u);
}

/* the shared forms of core/arccos_profile.h under the family's names (relu.h) */
void gdc_relu_pi_minus_arb(arb_t res, const arb_t t, slong prec) { gdc_pi_minus_arb(res, t, prec); }
int gdc_relu_t_in_domain(const arb_t t, slong prec) { return gdc_angle_in_0_pi(t, prec); }
void gdc_relu_sin_cos_arb(arb_t s, arb_t c, const arb_t t, const arb_t e, slong prec)
{
    gdc_sin_cos_near_pi_arb(s, c, t, e, prec);
}

/* h, J and pi - h (h clamped at pi, monotone ends on boxes, cut at 0) are core/arccos_profile.h's */
void gdc_relu_pi_minus_dom_arb(arb_t res, const arb_t t, slong prec) { gdc_pi_minus_dom_arb(res, t, prec); }
void gdc_relu_h_arb(arb_t res, const arb_t t, slong prec) { gdc_arccos_h_arb(res, t, prec); }
void gdc_relu_J_arb(arb_t res, const arb_t t, slong prec) { gdc_arccos_j_arb(res, t, prec); }

static void div_2pi(arb_t res, const arb_t x, slong prec)
{
    arb_t p;
    arb_init(p);
    arb_const_pi(p, prec);
    arb_mul_2exp_si(p, p, 1);
    arb_div(res, x, p, prec);
    arb_clear(p);
}

void gdc_relu_step_arb(arb_t res, const arb_t t, slong prec)
{
    arb_t e;
    arb_init(e);
    gdc_relu_pi_minus_arb(e, t, prec);
    div_2pi(res, e, prec);
    arb_clear(e);
}

/* kernel from an enclosure h0 of relu.h(t) (shared with the derivative enclosure, which has h from its jet) */
void gdc_relu_kernel_from_h(arb_t res, const arb_t a, const arb_t b, const arb_t h0, slong prec)
{
    arb_t h;
    arb_init(h);
    arb_mul(h, h0, a, prec);
    arb_mul(h, h, b, prec);
    div_2pi(res, h, prec);
    arb_clear(h);
}

void gdc_relu_kernel_arb(arb_t res, const arb_t a, const arb_t b, const arb_t t, slong prec)
{
    arb_t h;
    arb_init(h);
    gdc_relu_h_arb(h, t, prec);
    gdc_relu_kernel_from_h(res, a, b, h, prec);
    arb_clear(h);
}

/* F(r, t0) at a fixed t0 = (r - h/pi)^2/4 + (pi - h)(pi + h)/(4 pi^2): both terms >= 0, r once */
static void loss_at(arb_t res, const arb_t r, const arb_t t0, slong prec)
{
    arb_t h, p, a, b;
    arb_init(h);
    arb_init(p);
    arb_init(a);
    arb_init(b);
    gdc_arccos_h_form_arb(h, t0, prec);
    gdc_arccos_pmh_form_arb(b, t0, prec);
    arb_const_pi(p, prec);
    if (gdc_arb_mid_above_half_pi(t0)) {
        arb_div(a, h, p, prec); /* r - h/pi */
        arb_sub(a, r, a, prec);
    } else {
        arb_div(a, b, p, prec); /* (r - 1) + (pi - h)/pi: exact 0 at (1, 0) */
        arb_add(a, a, r, prec);
        arb_sub_ui(a, a, 1, prec);
    }
    nn_sqr(a, a, prec);
    arb_mul_2exp_si(a, a, -2);
    arb_add(h, h, p, prec);
    arb_mul(b, b, h, prec);
    arb_sqr(p, p, prec);
    arb_div(b, b, p, prec);
    arb_mul_2exp_si(b, b, -2);
    arb_add(res, a, b, prec);
    arb_clear(h);
    arb_clear(p);
    arb_clear(a);
    arb_clear(b);
}

void gdc_relu_loss_arb(arb_t res, const arb_t r, const arb_t t, slong prec)
{
    if (arb_is_exact(t) || !arb_is_nonnegative(r) || !gdc_relu_t_in_domain(t, prec)) {
        loss_at(res, r, t, prec);
        return;
    }
    /* r >= 0: dF/dt = r (pi - t) sin t/(2 pi) >= 0, so F(r, t) lies between F(r, t_lo) and F(r, t_hi) */
    arb_t lo, hi, flo, fhi;
    arb_init(lo);
    arb_init(hi);
    arb_init(flo);
    arb_init(fhi);
    gdc_arb_endpoints(lo, hi, t, prec);
    loss_at(flo, r, lo, prec);
    loss_at(fhi, r, hi, prec);
    arb_union(res, flo, fhi, prec);
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(flo);
    arb_clear(fhi);
}

/* (pi - t) sin t/(2 pi) */
static void esin_2pi(arb_t res, const arb_t t, slong prec)
{
    arb_t e, s, c;
    arb_init(e);
    arb_init(s);
    arb_init(c);
    gdc_relu_pi_minus_arb(e, t, prec);
    gdc_relu_sin_cos_arb(s, c, t, e, prec);
    arb_mul(s, s, e, prec);
    div_2pi(res, s, prec);
    arb_clear(e);
    arb_clear(s);
    arb_clear(c);
}

static void grad0(arb_t res, const arb_t r, const arb_t t, slong prec)
{
    arb_t a, b;
    arb_init(a);
    arb_init(b);
    /* r/2 - h/(2 pi) */
    gdc_relu_h_arb(a, t, prec);
    div_2pi(a, a, prec);
    arb_mul_2exp_si(b, r, -1);
    arb_sub(a, b, a, prec);
    /* (r - 1)/2 + (pi - h)/(2 pi) */
    gdc_arccos_pmh_arb(b, t, prec);
    div_2pi(b, b, prec);
    arb_t c;
    arb_init(c);
    arb_sub_ui(c, r, 1, prec);
    arb_mul_2exp_si(c, c, -1);
    arb_add(b, b, c, prec);
    gdc_relu_isect(res, a, b, prec);
    arb_clear(a);
    arb_clear(b);
    arb_clear(c);
}

void gdc_relu_grad_arb(arb_ptr res, const arb_t r, const arb_t t, slong prec)
{
    grad0(res + 0, r, t, prec);
    esin_2pi(res + 1, t, prec);
    arb_neg(res + 1, res + 1);
}

/* sin^2(t/2): even in t and increasing in |t| on [0, pi], so on a ball with |t| <= pi it is spanned by its
 * values at min |t| and max |t| */
void gdc_relu_sin2_half_arb(arb_t res, const arb_t t, slong prec)
{
    arb_t p, a, b;
    mag_t lo, hi, pim;
    arb_init(p); arb_init(a); arb_init(b);
    mag_init(lo); mag_init(hi); mag_init(pim);
    arb_const_pi(p, prec);
    arb_get_mag_lower(pim, p);
    arb_get_mag(hi, t);
    if (arb_is_exact(t) || !mag_is_finite(hi) || mag_cmp(hi, pim) > 0) {
        arb_mul_2exp_si(a, t, -1);
        arb_sin(a, a, prec);
        nn_sqr(res, a, prec);
    } else {
        if (arb_contains_zero(t))
            mag_zero(lo);
        else
            arb_get_mag_lower(lo, t);
        arf_set_mag(arb_midref(a), lo);
        mag_zero(arb_radref(a));
        arf_set_mag(arb_midref(b), hi);
        mag_zero(arb_radref(b));
        arb_mul_2exp_si(a, a, -1);
        arb_mul_2exp_si(b, b, -1);
        arb_sin(a, a, prec);
        arb_sin(b, b, prec);
        arb_sqr(a, a, prec);
        arb_sqr(b, b, prec);
        arb_union(res, a, b, prec);
        arb_nonnegative_part(res, res);
    }
    arb_clear(p); arb_clear(a); arb_clear(b);
    mag_clear(lo); mag_clear(hi); mag_clear(pim);
}

/* corr (seed-000 C23) by two exact forms; *ratio = corr/Q likewise (may be non-finite) */
static void corr_forms(arb_t corr, arb_t ratio, const arb_t r, const arb_t t, slong prec)
{
    arb_t e, s, c, st, q, q2, d, x, pi, b, cc, y, z;
    arb_init(e); arb_init(s); arb_init(c); arb_init(st); arb_init(q); arb_init(q2);
    arb_init(d); arb_init(x); arb_init(pi); arb_init(b); arb_init(cc); arb_init(y); arb_init(z);
    arb_const_pi(pi, prec);
    gdc_relu_pi_minus_arb(e, t, prec);
    gdc_relu_sin_cos_arb(s, c, t, e, prec);
    gdc_relu_sin2_half_arb(st, t, prec); /* sin^2(t/2) */
    /* Q = (1 - r)^2 + 4 r sin^2(t/2), and Q = (r - cos t)^2 + sin^2 t */
    arb_sub_ui(q, r, 1, prec);
    nn_sqr(q, q, prec);
    gdc_relu_iv_mul(x, r, st, prec);
    arb_mul_2exp_si(x, x, 2);
    if (arb_is_nonnegative(r))
        arb_nonnegative_part(x, x);
    arb_add(q, q, x, prec);
    arb_sub(q2, r, c, prec);
    nn_sqr(q2, q2, prec);
    nn_sqr(x, s, prec);
    arb_add(q2, q2, x, prec);
    gdc_relu_isect(q, q, q2, prec);
    /* D = (t - sin t) + 2 sin^2(t/2) sin t + r J(t) */
    gdc_xmsin_series_arb(d, t, prec);
    gdc_relu_iv_mul(x, st, s, prec);
    arb_mul_2exp_si(x, x, 1);
    arb_add(d, d, x, prec);
    gdc_relu_J_arb(x, t, prec);
    gdc_relu_iv_mul(x, x, r, prec);
    arb_add(d, d, x, prec);
    /* form A: corr = Q/2 - D/(2 pi), R = 1/2 - D/(2 pi Q) */
    div_2pi(d, d, prec);
    arb_mul_2exp_si(y, q, -1);
    arb_sub(y, y, d, prec);
    arb_div(z, d, q, prec);
    arb_one(x);
    arb_mul_2exp_si(x, x, -1);
    arb_sub(z, x, z, prec);
    /* form B: B = (pi + e) cos t + sin t, C = e + sin t cos t (= S(2e)/2) */
    arb_add(b, pi, e, prec);
    arb_mul(b, b, c, prec);
    arb_add(b, b, s, prec);
    if (gdc_arb_abs_le(e, 1, 0)) {
        arb_mul_2exp_si(cc, e, 1);
        gdc_xmsin_series_arb(cc, cc, prec);
        arb_mul_2exp_si(cc, cc, -1);
    } else {
        arb_mul(cc, s, c, prec);
        arb_add(cc, cc, e, prec);
    }
    if (arb_is_nonpositive(b)) {
        /* pi r^2 - r B + C */
        arb_mul(x, pi, r, prec);
        arb_sub(x, x, b, prec);
        gdc_relu_iv_mul(x, x, r, prec);
        arb_add(x, x, cc, prec);
    } else {
        /* pi (r - B/(2 pi))^2 + (4 pi C - B^2)/(4 pi) */
        arb_t g;
        arb_init(g);
        div_2pi(x, b, prec);
        arb_sub(x, r, x, prec);
        nn_sqr(x, x, prec);
        arb_mul(x, x, pi, prec);
        arb_mul(g, pi, cc, prec);
        arb_mul_2exp_si(g, g, 2);
        arb_submul(g, b, b, prec);
        arb_div(g, g, pi, prec);
        arb_mul_2exp_si(g, g, -2);
        arb_add(x, x, g, prec);
        arb_clear(g);
    }
    div_2pi(x, x, prec);
    gdc_relu_isect(corr, y, x, prec);
    if (arb_contains_zero(q)) {
        arb_set(ratio, z); /* non-finite, or finite if Arb managed anyway */
        if (!arb_is_finite(ratio))
            arb_indeterminate(ratio);
    } else {
        arb_div(x, x, q, prec);
        gdc_relu_isect(ratio, z, x, prec);
    }
    arb_clear(e); arb_clear(s); arb_clear(c); arb_clear(st); arb_clear(q); arb_clear(q2);
    arb_clear(d); arb_clear(x); arb_clear(pi); arb_clear(b); arb_clear(cc); arb_clear(y); arb_clear(z);
}

void gdc_relu_corr_arb(arb_t res, const arb_t r, const arb_t t, slong prec)
{
    arb_t ratio;
    arb_init(ratio);
    corr_forms(res, ratio, r, t, prec);
    arb_clear(ratio);
}

/* Enclosures of R = corr/Q on boxes (seed-000 C23, C6).
 *
 * Claim 1: 0 <= R <= 1/2 on r >= 0, t in [0, pi]. corr >= 0 for every w (seed-000 C6: the integrand
 *   (relu(w.x) - relu(v.x)) 1(w.x > 0) (w.x - v.x) is >= 0 pointwise), and R = 1/2 - D/(2 pi Q) with
 *   D = (t - sin t) + (1 - cos t) sin t + r J(t) >= 0 (each term >= 0 for t in [0, pi], r >= 0; J' = t sin t).
 *   At (1, 0), where Q = 0, R is defined as its limit 1/2.
 * Claim 2: if r >= r0 > 0 and |t| <= T <= pi on the box, then |R - 1/2| <= T K/(2 pi),
 *   K = pi^2/(24 r0) + 1/(2 r0) + pi^2/12, and R <= 1/2 where moreover t >= 0.
 *   Proof for t in (0, pi]: sin(t/2) >= t/pi (concavity of sin on [0, pi/2]), so Q >= 4 r sin^2(t/2)
 *   >= 4 r t^2/pi^2 > 0. Then
 *     (t - sin t)/Q <= (t^3/6)/(4 r t^2/pi^2) = pi^2 t/(24 r)            (t - sin t <= t^3/6),
 *     (1 - cos t) sin t/Q <= 2 sin^2(t/2) sin t/(4 r sin^2(t/2)) = sin t/(2 r) <= t/(2 r),
 *     r J(t)/Q <= r (t^3/3)/(4 r t^2/pi^2) = pi^2 t/12      (J(t) = int_0^t u sin u du <= t^3/3),
 *   so 0 <= D/Q <= t K <= T K. For t in [-pi, 0): Q is even in t and D is odd (each of its three terms
 *   is), so |D/Q| <= |t| K again. At t = 0, D = 0 and R = 1/2 (also at (1, 0) by definition).
 * Both claims are tested by sampling points inside such boxes (tests/check_relu_special.c). */
static void ratio_box_bounds(arb_t res, const arb_t r, const arb_t t, slong prec)
{
    arb_t half, k, x, pi;
    arb_init(half); arb_init(k); arb_init(x); arb_init(pi);
    arb_one(half);
    arb_mul_2exp_si(half, half, -1);
    arb_indeterminate(res);
    arf_t r0, tm;
    arf_init(r0);
    arf_init(tm);
    arb_get_lbound_arf(r0, r, prec);
    arb_const_pi(pi, prec);
    /* T = max |t| exactly (a mag rounds up by 2^-30: a box ending at the double below pi would pass pi) */
    if (arb_is_finite(t))
        arb_get_abs_ubound_arf(tm, t, ARF_PREC_EXACT);
    arb_set_arf(x, tm);
    if (arf_sgn(r0) > 0 && arb_is_finite(t) && arb_le(x, pi)) {
        /* K = pi^2/(24 r0) + 1/(2 r0) + pi^2/12 */
        arb_sqr(x, pi, prec);
        arb_div_ui(k, x, 12, prec);
        arb_div_ui(x, x, 24, prec);
        arb_add(x, x, half, prec);
        arb_set_arf(res, r0);
        arb_div(x, x, res, prec);
        arb_add(k, k, x, prec);
        /* T K/(2 pi), T = max |t| */
        arb_set_arf(x, tm);
        arb_mul(k, k, x, prec);
        div_2pi(k, k, prec);
        /* res = 1/2 + [-1, 1] T K/(2 pi) */
        arb_get_abs_ubound_arf(r0, k, prec);
        arb_set(res, half);
        arb_add_error_arf(res, r0);
    }
    if (arb_is_nonnegative(r) && gdc_relu_t_in_domain(t, prec)) {
        /* claim 1: [0, 1/2] */
        arf_t z, h;
        arf_init(z);
        arf_init(h);
        arf_one(h);
        arf_mul_2exp_si(h, h, -1);
        arb_set_interval_arf(x, z, h, prec);
        gdc_relu_isect(res, res, x, prec);
        arf_clear(z);
        arf_clear(h);
    }
    arf_clear(r0);
    arf_clear(tm);
    arb_clear(half); arb_clear(k); arb_clear(x); arb_clear(pi);
}

void gdc_relu_corr_ratio_arb(arb_t res, const arb_t r, const arb_t t, slong prec)
{
    arb_t corr, ratio, bnd;
    arb_init(corr);
    arb_init(ratio);
    arb_init(bnd);
    corr_forms(corr, ratio, r, t, prec);
    ratio_box_bounds(bnd, r, t, prec);
    gdc_relu_isect(res, ratio, bnd, prec);
    if (!arb_is_finite(res)) {
        /* a box through (1, 0) that reaches r <= 0: split r at 1/2 (below 1/2, Q >= 1/4 - 4|r| stays away
         * from 0 for small |r|; above, claim 2 applies with r0 = 1/2) */
        arf_t lo, hi, m;
        arf_init(lo);
        arf_init(hi);
        arf_init(m);
        arb_get_lbound_arf(lo, r, prec);
        arb_get_ubound_arf(hi, r, prec);
        arf_one(m);
        arf_mul_2exp_si(m, m, -1);
        if (arf_cmp(lo, m) < 0 && arf_cmp(m, hi) < 0) {
            arb_t r1, r2, y1, y2;
            arb_init(r1); arb_init(r2); arb_init(y1); arb_init(y2);
            arb_set_interval_arf(r1, lo, m, prec);
            arb_set_interval_arf(r2, m, hi, prec);
            corr_forms(corr, y1, r1, t, prec);
            ratio_box_bounds(bnd, r1, t, prec);
            gdc_relu_isect(y1, y1, bnd, prec);
            corr_forms(corr, y2, r2, t, prec);
            ratio_box_bounds(bnd, r2, t, prec);
            gdc_relu_isect(y2, y2, bnd, prec);
            if (arb_is_finite(y1) && arb_is_finite(y2))
                arb_union(res, y1, y2, prec);
            arb_clear(r1); arb_clear(r2); arb_clear(y1); arb_clear(y2);
        }
        arf_clear(lo);
        arf_clear(hi);
        arf_clear(m);
    }
    arb_clear(corr);
    arb_clear(ratio);
    arb_clear(bnd);
}

/* norm_rate from h = relu.h(t) (shared with the derivative enclosure, which has h from its jet) */
void gdc_relu_norm_rate_from_h(arb_t res, const arb_t r, const arb_t h0, slong prec)
{
    arb_t h, p, a, b;
    arb_init(h);
    arb_init(p);
    arb_init(a);
    arb_init(b);
    arb_set(h, h0);
    arb_const_pi(p, prec);
    arb_div(h, h, p, prec); /* h/pi */
    /* r (h/pi - r) */
    arb_sub(a, h, r, prec);
    arb_mul(a, a, r, prec);
    /* (h/(2 pi))^2 - (r - h/(2 pi))^2 */
    arb_mul_2exp_si(h, h, -1);
    arb_sub(b, r, h, prec);
    nn_sqr(b, b, prec);
    nn_sqr(h, h, prec);
    arb_sub(b, h, b, prec);
    gdc_relu_isect(res, a, b, prec);
    arb_clear(h);
    arb_clear(p);
    arb_clear(a);
    arb_clear(b);
}

void gdc_relu_norm_rate_arb(arb_t res, const arb_t r, const arb_t t, slong prec)
{
    arb_t h;
    arb_init(h);
    gdc_relu_h_arb(h, t, prec);
    gdc_relu_norm_rate_from_h(res, r, h, prec);
    arb_clear(h);
}

void gdc_relu_angle_rate_arb(arb_t res, const arb_t r, const arb_t t, slong prec)
{
    if (arb_contains_zero(r)) {
        arb_indeterminate(res);
        return;
    }
    esin_2pi(res, t, prec);
    arb_div(res, res, r, prec);
    arb_neg(res, res);
}

void gdc_relu_hess_eig_arb(arb_ptr res, const arb_t r, const arb_t t, slong prec)
{
    arb_one(res + 0);
    arb_mul_2exp_si(res + 0, res + 0, -1);
    if (arb_contains_zero(r)) {
        arb_indeterminate(res + 1);
        arb_indeterminate(res + 2);
        return;
    }
    arb_t e, s, c, p;
    arb_init(e);
    arb_init(s);
    arb_init(c);
    arb_init(p);
    gdc_relu_pi_minus_arb(e, t, prec);
    gdc_relu_sin_cos_arb(s, c, t, e, prec);
    arb_const_pi(p, prec);
    arb_mul(p, p, r, prec);
    arb_div(s, s, p, prec); /* sin t/(pi r) */
    arb_sub(res + 1, res + 0, s, prec);
    arb_mul_2exp_si(s, s, -1);
    arb_sub(res + 2, res + 0, s, prec);
    arb_clear(e);
    arb_clear(s);
    arb_clear(c);
    arb_clear(p);
}
