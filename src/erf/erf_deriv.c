/* Derivative enclosures (registry fn_arb_jac, fn_arb_hess) of the erf rows of erf_rows.c
 * (002_588e28744115f015.txt Lemma 1, 2, 5, App. C.1, C.3; seed-002 C13, C14, C19, C20, C24, C31), by second-order
 * jets (core/jet.h) of the same stable forms as the values:
 *   kernel   V = (2/pi) atan(2ab cos t / sqrt(Dk)), Dk = 1 + 2a^2 + 2b^2 + 4(ab sin t)^2 >= 1 (C13 Gram term, never
 *            1 - q^2; smooth on all of R^3 since Dk >= 1);
 *   self_gap (4/pi) atan((1 + 4a^2)^{-1/2});  c1 = (4/pi)(1 + 4a^2)^{-1/2}/(1 + 2a^2);
 *   btilde   f = (4/pi) c D^{-1/2}, D = 1 + 2a^2 + 2c^2 + 4(a c sin t)^2 >= 1: (f cos t/(1 + 2a^2), f sin t);
 *   log_vk   L = log V(u,u) = log1p(-gap) (gap < 1/2) or log((2/pi) atan(2a^2/sqrt(1 + 4a^2))), outputs k L and
 *            exp(k L); dL/da ~ 2/a as a -> 0 (V ~ (4/pi) a^2): unbounded at the open end a = 0, where the jet of
 *            log is indeterminate (both outputs then: exp(k L) is differentiated through L);
 *   lemma2   s* = cos_pi(1/(2k))/(4 sin_pi(1/(4k))^2), s_d = sin_pi(q/2)/(4 sin_pi(x/4)^2), q = exp(-2 ln2/k),
 *            x = -expm1(-2 ln2/k) (no cancellation for large k);
 *   hess_opt Q_trans = (1 + k e^{(k-1)L}) A, A = (4/pi)(1 + 4r^2)^{-1/2};
 *            Q_rad = Q_trans/(1 + 4r^2) + k(k-1) e^{(k-2)L} (A r/(1 + 2r^2))^2 (the value code's log form).
 * d/dk of these rows is defined (k is real on their domains). Rigour: see core/jet.h (chain rule on value balls);
 * the clamp Dk >= 1 is the identity above. The point values of kernel, self_gap, c1, btilde and V(x, x) in
 * erf_kernel.c are these jet forms evaluated without variables (gdc_ajet_eval_value), so each formula is written
 * once; erf_kernel.c adds the box enclosures (corners, monotone ends), the double kernels and MPFR references. */
#include "erf/erf.h"
#include "erf/erf_jet.h"

typedef gdc_ajet_struct jet;

/* r = (2/pi) a (twice = 0) or (4/pi) a (twice = 1) */
void gdc_erf_jet_two_over_pi(gdc_ajet_t r, const gdc_ajet_t a, int twice, slong prec)
{
    arb_t c;
    arb_init(c);
    gdc_erf_two_over_pi_arb(c, prec);
    arb_mul_2exp_si(c, c, twice);
    gdc_ajet_mul_arb(r, a, c, prec);
    arb_clear(c);
}

/* 1 + m x^2 */
void gdc_erf_jet_one_plus(gdc_ajet_t r, const gdc_ajet_t x, slong m, slong prec)
{
    gdc_ajet_sqr(r, x, prec);
    gdc_ajet_mul_si(r, r, m, prec);
    gdc_ajet_add_si(r, r, 1, prec);
}

/* D = 1 + 2a^2 + 2b^2 + 4(a b s)^2, D >= 1 (rsqrt by gdc_ajet_rsqrt_ge) */
void gdc_erf_jet_gram(gdc_ajet_t D, const gdc_ajet_t a, const gdc_ajet_t b, const gdc_ajet_t s, slong prec)
{
    gdc_ajet_t u;
    gdc_ajet_init(u, a->n, a->order);
    gdc_ajet_mul(u, a, b, prec);
    gdc_ajet_mul(u, u, s, prec);
    gdc_ajet_sqr(u, u, prec);
    gdc_ajet_mul_2exp_si(D, u, 2);
    gdc_ajet_sqr(u, a, prec);
    gdc_ajet_mul_2exp_si(u, u, 1);
    gdc_ajet_add(D, D, u, prec);
    gdc_ajet_sqr(u, b, prec);
    gdc_ajet_mul_2exp_si(u, u, 1);
    gdc_ajet_add(D, D, u, prec);
    gdc_ajet_add_si(D, D, 1, prec);
    gdc_ajet_clear(u);
}

/* s = sin t, c = cos t, rD = D^{-1/2} with D = 1 + 2a^2 + 2b^2 + 4(a b s)^2 */
static void jet_angle_gram(gdc_ajet_t s, gdc_ajet_t c, gdc_ajet_t rD, const jet *a, const jet *b, const jet *t,
                           slong prec)
{
    gdc_ajet_sin_cos(s, c, t, prec);
    gdc_erf_jet_gram(rD, a, b, s, prec);
    gdc_ajet_rsqrt_ge(rD, rD, 1, prec);
}

int gdc_erf_kernel_jet(gdc_ajet_struct *out, const gdc_ajet_struct *x, slong prec)
{
    gdc_ajet_t s, c, D;
    gdc_ajet_init(s, x->n, x->order);
    gdc_ajet_init(c, x->n, x->order);
    gdc_ajet_init(D, x->n, x->order);
    jet_angle_gram(s, c, D, x, x + 1, x + 2, prec);
    gdc_ajet_mul(s, x, x + 1, prec);
    gdc_ajet_mul(s, s, c, prec);
    gdc_ajet_mul(s, s, D, prec);
    gdc_ajet_mul_2exp_si(s, s, 1);
    gdc_ajet_atan(s, s, prec);
    gdc_erf_jet_two_over_pi(out, s, 0, prec);
    gdc_ajet_clear(s);
    gdc_ajet_clear(c);
    gdc_ajet_clear(D);
    return 1;
}

int gdc_erf_self_gap_jet(gdc_ajet_struct *out, const gdc_ajet_struct *x, slong prec)
{
    gdc_erf_jet_one_plus(out, x, 4, prec);
    gdc_ajet_rsqrt_ge(out, out, 1, prec);
    gdc_ajet_atan(out, out, prec);
    gdc_erf_jet_two_over_pi(out, out, 1, prec);
    return 1;
}

int gdc_erf_c1_jet(gdc_ajet_struct *out, const gdc_ajet_struct *x, slong prec)
{
    gdc_ajet_t u;
    gdc_ajet_init(u, x->n, x->order);
    gdc_erf_jet_one_plus(out, x, 4, prec);
    gdc_ajet_rsqrt_ge(out, out, 1, prec);
    gdc_erf_jet_one_plus(u, x, 2, prec);
    gdc_ajet_div_ge(out, out, u, 1, prec);
    gdc_erf_jet_two_over_pi(out, out, 1, prec);
    gdc_ajet_clear(u);
    return 1;
}

int gdc_erf_btilde_jet(gdc_ajet_struct *out, const gdc_ajet_struct *x, slong prec)
{
    gdc_ajet_t s, c, D;
    gdc_ajet_init(s, x->n, x->order);
    gdc_ajet_init(c, x->n, x->order);
    gdc_ajet_init(D, x->n, x->order);
    jet_angle_gram(s, c, D, x + 1, x, x + 2, prec);
    gdc_ajet_mul(D, D, x, prec);
    gdc_erf_jet_two_over_pi(D, D, 1, prec); /* f */
    gdc_ajet_mul(out + 1, D, s, prec);
    gdc_erf_jet_one_plus(s, x + 1, 2, prec);
    gdc_ajet_mul(out, D, c, prec);
    gdc_ajet_div_ge(out, out, s, 1, prec);
    gdc_ajet_clear(s);
    gdc_ajet_clear(c);
    gdc_ajet_clear(D);
    return 1;
}

/* V(x, x) = (2/pi) atan(2x^2/sqrt(1 + 4x^2)) */
void gdc_erf_jet_vself(gdc_ajet_t r, const gdc_ajet_t x, slong prec)
{
    gdc_ajet_t u;
    gdc_ajet_init(u, x->n, x->order);
    gdc_erf_jet_one_plus(u, x, 4, prec);
    gdc_ajet_rsqrt_ge(u, u, 1, prec);
    gdc_ajet_sqr(r, x, prec);
    gdc_ajet_mul(r, r, u, prec);
    gdc_ajet_mul_2exp_si(r, r, 1);
    gdc_ajet_atan(r, r, prec);
    gdc_erf_jet_two_over_pi(r, r, 0, prec);
    gdc_ajet_clear(u);
}

/* L = log V(u, u) at the norm a. The jet of V comes from the form of gdc_erf_log_vuu_arb's branch (1 - gap when
 * the gap is below 1/2, else (2/pi) atan(2a^2/sqrt(1 + 4a^2)); both are identities); then L = log V by the chain
 * rule with its value from gdc_erf_log_vuu_arb (the ends of the box: L increases in |a|) and the log derivatives
 * 1/V = exp(-L), -1/V^2 = -exp(-2L) on that range. A ball of V itself over a wide box such as a in [1e-11, 1e-5]
 * cannot be kept positive (its 30-bit radius swallows the lower end 1e-22); the range of L can. */
static void jet_log_vuu(gdc_ajet_t L, const gdc_ajet_t a, slong prec)
{
    gdc_ajet_t u;
    arb_t f0, f1, f2;
    gdc_ajet_init(u, a->n, a->order);
    arb_init(f0);
    arb_init(f1);
    arb_init(f2);
    gdc_erf_self_gap_jet(u, a, prec);
    if (arf_cmpabs_2exp_si(arb_midref(&u->v), -1) < 0) {
        gdc_ajet_neg(u, u);
        gdc_ajet_add_si(u, u, 1, prec);
    } else
        gdc_erf_jet_vself(u, a, prec);
    gdc_erf_log_vuu_arb(f0, &a->v, prec);
    arb_neg(f1, f0);
    arb_exp(f1, f1, prec);
    gdc_arb_sqr(f2, f1, prec);
    arb_neg(f2, f2);
    gdc_ajet_compose(L, u, f0, f1, f2, prec);
    gdc_ajet_clear(u);
    arb_clear(f0);
    arb_clear(f1);
    arb_clear(f2);
}

static int log_vk_jet(jet *out, const jet *x, slong prec)
{
    jet_log_vuu(out, x + 1, prec);
    gdc_ajet_mul(out, out, x, prec);
    gdc_ajet_exp(out + 1, out, prec);
    return 1;
}

/* cs(p)/(4 sin_pi(y)^2) with cs(p) the numerator jet */
static void jet_threshold(gdc_ajet_t r, const gdc_ajet_t num, const gdc_ajet_t y, slong prec)
{
    gdc_ajet_t d;
    gdc_ajet_init(d, r->n, r->order);
    gdc_ajet_sin_pi(d, y, prec);
    gdc_ajet_sqr(d, d, prec);
    gdc_ajet_mul_2exp_si(d, d, 2);
    gdc_ajet_div(r, num, d, prec);
    gdc_ajet_clear(d);
}

static int lemma2_jet(jet *out, const jet *x, slong prec)
{
    gdc_ajet_t u, v, q;
    arb_t l2;
    gdc_ajet_init(u, x->n, x->order);
    gdc_ajet_init(v, x->n, x->order);
    gdc_ajet_init(q, x->n, x->order);
    arb_init(l2);
    gdc_ajet_inv(u, x, prec);
    gdc_ajet_mul_2exp_si(v, u, -1);
    gdc_ajet_cos_pi(v, v, prec);
    gdc_ajet_mul_2exp_si(q, u, -2);
    jet_threshold(out, v, q, prec);
    arb_const_log2(l2, prec);
    arb_mul_si(l2, l2, -2, prec);
    gdc_ajet_mul_arb(v, u, l2, prec); /* -2 ln2/k */
    gdc_ajet_exp(q, v, prec);
    gdc_ajet_expm1(v, v, prec);
    gdc_ajet_mul_2exp_si(v, v, -2);
    gdc_ajet_neg(v, v);               /* x/4 */
    gdc_ajet_mul_2exp_si(q, q, -1);
    gdc_ajet_sin_pi(q, q, prec);
    jet_threshold(out + 1, q, v, prec);
    gdc_ajet_clear(u);
    gdc_ajet_clear(v);
    gdc_ajet_clear(q);
    arb_clear(l2);
    return 1;
}

/* k e^{(k - m) L} */
static void jet_kpow(gdc_ajet_t r, const gdc_ajet_t k, const gdc_ajet_t L, slong m, slong prec)
{
    gdc_ajet_add_si(r, k, -m, prec);
    gdc_ajet_mul(r, r, L, prec);
    gdc_ajet_exp(r, r, prec);
    gdc_ajet_mul(r, r, k, prec);
}

static int hess_opt_jet(jet *out, const jet *x, slong prec)
{
    const jet *k = x, *r = x + 1;
    gdc_ajet_t L, s4, A, c, u;
    gdc_ajet_init(L, x->n, x->order);
    gdc_ajet_init(s4, x->n, x->order);
    gdc_ajet_init(A, x->n, x->order);
    gdc_ajet_init(c, x->n, x->order);
    gdc_ajet_init(u, x->n, x->order);
    jet_log_vuu(L, r, prec);
    gdc_erf_jet_one_plus(s4, r, 4, prec);
    gdc_ajet_rsqrt_ge(A, s4, 1, prec);
    gdc_erf_jet_two_over_pi(A, A, 1, prec);
    jet_kpow(u, k, L, 1, prec);
    gdc_ajet_add_si(u, u, 1, prec);
    gdc_ajet_mul(out + 1, u, A, prec);
    gdc_erf_jet_one_plus(u, r, 2, prec);
    gdc_ajet_mul(c, A, r, prec);
    gdc_ajet_div_ge(c, c, u, 1, prec);
    gdc_ajet_sqr(c, c, prec);
    jet_kpow(u, k, L, 2, prec);
    gdc_ajet_mul(c, c, u, prec);
    gdc_ajet_add_si(u, k, -1, prec);
    gdc_ajet_mul(c, c, u, prec);
    gdc_ajet_div_ge(u, out + 1, s4, 1, prec);
    gdc_ajet_add(out, u, c, prec);
    gdc_ajet_clear(L);
    gdc_ajet_clear(s4);
    gdc_ajet_clear(A);
    gdc_ajet_clear(c);
    gdc_ajet_clear(u);
    return 1;
}

GDC_AJET_ROW_DERIVS(gdc_erf_kernel, 3, 1, 0, gdc_erf_kernel_arb, gdc_erf_kernel_jet)
GDC_AJET_ROW_DERIVS(gdc_erf_self_gap, 1, 1, 0, gdc_erf_self_gap_arb, gdc_erf_self_gap_jet)
GDC_AJET_ROW_DERIVS(gdc_erf_c1, 1, 1, 0, gdc_erf_c1_arb, gdc_erf_c1_jet)
GDC_AJET_ROW_DERIVS(gdc_erf_btilde, 3, 2, 0, gdc_erf_btilde_arb, gdc_erf_btilde_jet)
GDC_AJET_ROW_DERIVS(gdc_erf_log_vk, 2, 2, 0, gdc_erf_log_vk_arb, log_vk_jet)
GDC_AJET_ROW_DERIVS(gdc_erf_lemma2, 1, 2, 0, gdc_erf_lemma2_arb, lemma2_jet)
GDC_AJET_ROW_DERIVS(gdc_erf_hess_opt, 2, 2, 0, gdc_erf_hess_opt_arb, hess_opt_jet)
