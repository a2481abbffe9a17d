/* Lemma 2 of 002_588e28744115f015.txt (App. C.1) and the Hessian at the optimum (seed-002 C14, C24, C31):
 *   log V(u,u)^k = k log1p(-(1 - V(u,u))) with the stable gap (4/pi) atan(1/sqrt(1+4a^2)) (C14);
 *   s*(k) = cos(pi/(2k)) / (4 sin^2(pi/(4k)))  (V(u,u) > 1 - 1/k iff |u|^2 > s*), cos(pi/(2k)) = sin(pi(k-1)/(2k));
 *   s_d(k) = cos(pi x/2) / (4 sin^2(pi x/4)), x = 1 - 4^{-1/k} = -expm1(-2 ln 2/k), cos(pi x/2) = sin(pi 4^{-1/k}/2)
 *            (V(u,u)^k > 1/4 iff |u|^2 > s_d);
 *   at the optimum of the WS loss F^(1,k) (s = |u0|^2, V = V(u0,u0), k >= 2):
 *   Q_rad = (1 + k V^{k-1}) (4/pi)(1+4s)^{-3/2} + k(k-1) V^{k-2} 16 s/(pi^2 (1+2s)^2 (1+4s)),
 *   Q_trans = (1 + k V^{k-1}) (4/pi)(1+4s)^{-1/2}.
 * Arb on wide boxes: monotone forms evaluated at exact ends (log V^k, s*, s_d) and, for the Hessian, products of
 * monotone factor ranges over up to 16 pieces of the box (proofs at each function). */
#include <math.h>
#include "erf/erf.h"
#include "core/dd_elem.h"

#define PI_HI 3.1415926535897931
#define PI_LO 1.2246467991473532e-16
#define LN2_HI 0.69314718055994529
#define LN2_LO 2.3190468138462996e-17

/* ---- erf.log_vk: x = {k, a} ---- */
void gdc_erf_log_vk_d(double *out, const double *x)
{
    double L = x[0] * gdc_erf_log_vuu_d(x[1]);
    out[0] = L;
    out[1] = exp(L);
}

/* ---- wide boxes ----
 * Plain ball arithmetic on a wide box loses the sign information of these formulas (dependency in the sin^2
 * and power terms): the enclosures were indeterminate on about a fifth of random boxes. The wide paths below
 * use monotonicity (proved at each use) and evaluate at exact ends; exact input balls keep the point paths
 * (bit-identical results). */

/* res = res union v, or v if first */
static void union_in(arb_t res, const arb_t v, int first, slong prec)
{
    if (first)
        arb_set(res, v);
    else
        arb_union(res, res, v, prec);
}


/* res = the range of x*y for x, y ranging independently over the balls x and y: x*y is bilinear, so its extremes
 * are among the four products of ends (the union of those avoids the overestimate of a ball product, which
 * reaches below 0 for two wide positive balls). */
static void iv_mul(arb_t res, const arb_t x, const arb_t y, slong prec)
{
    if (arb_is_exact(x) || arb_is_exact(y)) {
        arb_mul(res, x, y, prec);
        return;
    }
    arb_t xe[2], ye[2], t;
    arb_init(xe[0]);
    arb_init(xe[1]);
    arb_init(ye[0]);
    arb_init(ye[1]);
    arb_init(t);
    gdc_arb_endpoints(xe[0], xe[1], x, prec);
    gdc_arb_endpoints(ye[0], ye[1], y, prec);
    for (int i = 0; i < 4; i++) {
        arb_mul(t, xe[i >> 1], ye[i & 1], prec);
        union_in(res, t, i == 0, prec);
    }
    arb_clear(xe[0]);
    arb_clear(xe[1]);
    arb_clear(ye[0]);
    arb_clear(ye[1]);
    arb_clear(t);
}

/* log V^k on a box. V(u,u) = (2/pi) asin(2s/(1+2s)) is increasing in s = a^2 (C14: dV/ds > 0), so log V(a) lies
 * between its values at the ends lv0 = log V(a0), lv1 = log V(a1) of the |a| range; k log V is bilinear in
 * (k, log V), so its range over the box is the hull of the four products of ends, and V^k = exp(k log V) (exp
 * increasing) the hull of their exponentials. Where the |a| range reaches 0, log V -> -inf (V ~ (4/pi) a^2): the
 * first output is unbounded below (indeterminate); for k > 0, V^k lies in [0, max over the k ends of V(a1)^k]. */
static void log_vk_box(arb_ptr out, const arb_t k, const arb_t a, slong prec)
{
    arb_t ke[2], ae[2], lv[2], t;
    arb_init(ke[0]);
    arb_init(ke[1]);
    arb_init(ae[0]);
    arb_init(ae[1]);
    arb_init(lv[0]);
    arb_init(lv[1]);
    arb_init(t);
    gdc_arb_endpoints(ke[0], ke[1], k, prec);
    int zero = gdc_arb_abs_endpoints(ae[0], ae[1], a, prec);
    if (!zero) {
        gdc_erf_log_vuu_arb(lv[0], ae[0], prec);
        gdc_erf_log_vuu_arb(lv[1], ae[1], prec);
        for (int i = 0; i < 4; i++) {
            arb_mul(t, ke[i >> 1], lv[i & 1], prec);
            union_in(out, t, i == 0, prec);
            arb_exp(t, t, prec);
            union_in(out + 1, t, i == 0, prec);
        }
    } else if (arb_is_positive(ke[0]) && !arb_is_zero(ae[1])) {
        arb_indeterminate(out);
        gdc_erf_log_vuu_arb(lv[1], ae[1], prec);
        arb_zero(out + 1);
        for (int i = 0; i < 2; i++) {
            arb_mul(t, ke[i], lv[1], prec);
            arb_exp(t, t, prec);
            arb_union(out + 1, out + 1, t, prec);
        }
    } else {
        arb_indeterminate(out);
        arb_indeterminate(out + 1);
    }
    arb_clear(ke[0]);
    arb_clear(ke[1]);
    arb_clear(ae[0]);
    arb_clear(ae[1]);
    arb_clear(lv[0]);
    arb_clear(lv[1]);
    arb_clear(t);
}

void gdc_erf_log_vk_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    if ((!arb_is_exact(x) || !arb_is_exact(x + 1)) && arb_is_finite(x) && arb_is_finite(x + 1)) {
        log_vk_box(out, x, x + 1, prec);
        return;
    }
    gdc_erf_log_vuu_arb(out, x + 1, prec);
    arb_mul(out, out, x, prec);
    arb_exp(out + 1, out, prec);
}

static void log_vuu_mpfr(mpfr_t res, const mpfr_t a)
{
    mpfr_t u, p;
    mpfr_inits2(mpfr_get_prec(res) + 64, u, p, (mpfr_ptr)0);
    /* V = (2/pi) asin(2a^2/(1+2a^2)) */
    mpfr_sqr(u, a, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_add_ui(p, u, 1, MPFR_RNDN);
    mpfr_div(u, u, p, MPFR_RNDN);
    mpfr_asin(u, u, MPFR_RNDN);
    mpfr_const_pi(p, MPFR_RNDN);
    mpfr_div(u, u, p, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_log(res, u, MPFR_RNDN);
    mpfr_clears(u, p, (mpfr_ptr)0);
}

void gdc_erf_log_vk_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_t L;
    mpfr_init2(L, gdc_erf_mpfr_work(out, GDC_ERF_MPFR_WORK));
    log_vuu_mpfr(L, x + 1);
    mpfr_mul(L, L, x, MPFR_RNDN);
    mpfr_set(out, L, MPFR_RNDN);
    mpfr_exp(out + 1, L, MPFR_RNDN);
    mpfr_clear(L);
}

/* ---- erf.lemma2: x = {k} ---- */
static double sin_pi_times(double u) { return sin(fma(PI_HI, u, PI_LO * u)); }

void gdc_erf_lemma2_d(double *out, const double *x)
{
    double k = x[0], r = 0.25 / k;
    double sn = sin_pi_times(r);
    out[0] = sin_pi_times((k - 1.0) * (2.0 * r)) / (4.0 * (sn * sn));
    double z = fma(LN2_HI, 8.0 * r, LN2_LO * (8.0 * r)); /* 2 ln2 / k */
    double xx = -expm1(-z), q = exp(-z);
    double sd = sin_pi_times(0.25 * xx);
    out[1] = sin_pi_times(0.5 * q) / (4.0 * (sd * sd));
}

static void lemma2_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    arb_t u, v, q;
    arb_init(u);
    arb_init(v);
    arb_init(q);
    /* s* = cos_pi(1/(2k)) / (4 sin_pi(1/(4k))^2) */
    arb_inv(u, x, prec);
    arb_mul_2exp_si(v, u, -1);
    arb_cos_pi(v, v, prec);
    arb_mul_2exp_si(q, u, -2);
    arb_sin_pi(q, q, prec);
    gdc_arb_sqr(q, q, prec);
    arb_mul_2exp_si(q, q, 2);
    arb_div(out, v, q, prec);
    /* s_d: q = 4^{-1/k} = exp(-2 ln2/k), xx = -expm1(-2 ln2/k) */
    arb_const_log2(v, prec);
    arb_mul(v, v, u, prec);
    arb_mul_2exp_si(v, v, 1);
    arb_neg(v, v);
    arb_exp(q, v, prec);
    arb_expm1(v, v, prec);
    arb_neg(v, v);
    arb_mul_2exp_si(v, v, -2);
    arb_sin_pi(v, v, prec);
    gdc_arb_sqr(v, v, prec);
    arb_mul_2exp_si(v, v, 2);
    arb_mul_2exp_si(q, q, -1);
    arb_sin_pi(q, q, prec);
    arb_div(out + 1, q, v, prec);
    arb_clear(u);
    arb_clear(v);
    arb_clear(q);
}

/* Both thresholds are increasing in k, so on a wide ball they lie between their values at its two ends.
 * Proof: cos 2h = 1 - 2 sin^2 h gives cos(2h)/(4 sin^2 h) = 1/(4 sin^2 h) - 1/2, decreasing in h on (0, pi/2]
 * (sin h > 0 increasing there).
 *  s*(k): h = pi/(4k), in (0, pi/2] for k >= 1/2 and decreasing in k, so s* is increasing in k for k >= 1/2.
 *  s_d(k): h = pi x/4 with x = 1 - 4^(-1/k) in (0, 1) for k > 0 and decreasing in k (4^(-1/k) increases), so
 *          h lies in (0, pi/4) and s_d is increasing in k for every k > 0.
 * A ball with an end below 1/2 (or not finite) keeps the plain evaluation. */
void gdc_erf_lemma2_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    if (arb_is_exact(x) || !arb_is_finite(x)) {
        lemma2_arb(out, x, prec);
        return;
    }
    arb_t lo, hi;
    arb_ptr v = _arb_vec_init(2);
    arb_init(lo);
    arb_init(hi);
    gdc_arb_endpoints(lo, hi, x, prec);
    if (arf_cmp_2exp_si(arb_midref(lo), -1) >= 0) {
        lemma2_arb(out, lo, prec);
        lemma2_arb(v, hi, prec);
        arb_union(out, out, v, prec);
        arb_union(out + 1, out + 1, v + 1, prec);
    } else
        lemma2_arb(out, x, prec);
    arb_clear(lo);
    arb_clear(hi);
    _arb_vec_clear(v, 2);
}

void gdc_erf_lemma2_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_t pi, u, v, q;
    mpfr_inits2(gdc_erf_mpfr_work(out, GDC_ERF_MPFR_WORK), pi, u, v, q, (mpfr_ptr)0);
    mpfr_const_pi(pi, MPFR_RNDN);
    /* sin(pi (k-1)/(2k)) / (4 sin^2(pi/(4k))) */
    mpfr_sub_ui(u, x, 1, MPFR_RNDN);
    mpfr_div(u, u, x, MPFR_RNDN);
    mpfr_mul(u, u, pi, MPFR_RNDN);
    mpfr_div_2ui(u, u, 1, MPFR_RNDN);
    mpfr_sin(u, u, MPFR_RNDN);
    mpfr_div(v, pi, x, MPFR_RNDN);
    mpfr_div_2ui(v, v, 2, MPFR_RNDN);
    mpfr_sin(v, v, MPFR_RNDN);
    mpfr_sqr(v, v, MPFR_RNDN);
    mpfr_mul_2ui(v, v, 2, MPFR_RNDN);
    mpfr_div(out, u, v, MPFR_RNDN);
    /* s_d */
    mpfr_const_log2(u, MPFR_RNDN);
    mpfr_div(u, u, x, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_neg(u, u, MPFR_RNDN);
    mpfr_exp(q, u, MPFR_RNDN);
    mpfr_expm1(v, u, MPFR_RNDN);
    mpfr_neg(v, v, MPFR_RNDN);
    mpfr_mul(v, v, pi, MPFR_RNDN);
    mpfr_div_2ui(v, v, 2, MPFR_RNDN);
    mpfr_sin(v, v, MPFR_RNDN);
    mpfr_sqr(v, v, MPFR_RNDN);
    mpfr_mul_2ui(v, v, 2, MPFR_RNDN);
    mpfr_mul(q, q, pi, MPFR_RNDN);
    mpfr_div_2ui(q, q, 1, MPFR_RNDN);
    mpfr_sin(q, q, MPFR_RNDN);
    mpfr_div(out + 1, q, v, MPFR_RNDN);
    mpfr_clears(pi, u, v, q, (mpfr_ptr)0);
}

/* ---- erf.hess_opt: x = {k, r} ---- */
/* The double kernel works in double-double (cosine/cosine_dd.h): V^{k-1} = exp((k-1) log V) amplifies the
 * relative error of log V by (k-1) |log V|, up to 10^4 times, so log V is carried to ~2^-100.
 * log V(r, r): gap g = (4/pi) atan(1/s), s = sqrt(1 + 4r^2); V = 1 - g when g < 1/2, else
 * V = (2/pi) atan(2r^2/s) (the same identities as gdc_erf_log_vuu_d); r < 1e-100: V = (4/pi) r^2 (1 + O(r^2)).
 * r > 1e100: s = 2r (relative error below 1e-200). */
static gdc_dd_t log_vuu_dd(double r)
{
    gdc_dd_t inv_pi = gdc_dd(CDD_INV_PI_HI, CDD_INV_PI_LO), s, V;
    if (r < 1e-100)
        return gdc_dd_add(gdc_dd_ldexp(cdd_log(gdc_dd_d(r)), 1), gdc_dd(CDD_LOG_4_PI_HI, CDD_LOG_4_PI_LO));
    gdc_dd_t r2 = gdc_dd_two_prod(r, r);
    s = r > 1e100 ? gdc_dd_d(2.0 * r) : gdc_dd_sqrt(gdc_dd_add_d(gdc_dd_ldexp(r2, 2), 1.0));
    gdc_dd_t g = gdc_dd_ldexp(gdc_dd_mul(cdd_atan2(gdc_dd_d(1.0), s), inv_pi), 2);
    if (g.hi < 0.5)
        V = gdc_dd_sub(gdc_dd_d(1.0), g);
    else
        V = gdc_dd_ldexp(gdc_dd_mul(cdd_atan2(gdc_dd_ldexp(r2, 1), s), inv_pi), 1);
    return cdd_log(V);
}

/* Q_trans = (1 + k V^{k-1}) (4/pi) rs, rs = (1 + 4s)^{-1/2}; Q_rad = Q_trans rs^2 + k(k-1) exp((k-2) log V + Lc),
 * Lc = log((c1(r) r)^2) = log(16/pi^2) + 2 log r - 2 log(1 + 2r^2) - log(1 + 4r^2) (s = r^2); the log form keeps
 * V^{k-2} (huge for k < 2 and tiny r) and (c1 r)^2 (tiny) from over- and underflowing separately. */
void gdc_erf_hess_opt_d(double *out, const double *x)
{
    double k = x[0], r = x[1];
    gdc_dd_t L = log_vuu_dd(r), inv_pi = gdc_dd(CDD_INV_PI_HI, CDD_INV_PI_LO), rs, Lc, lr;
    long e;
    lr = cdd_log(gdc_dd_d(r));
    if (r < 1e-100) {
        rs = gdc_dd_d(1.0);
        Lc = gdc_dd_d(0.0);
    } else if (r > 1e100) {
        rs = gdc_dd_div(gdc_dd_d(0.5), gdc_dd_d(r));
        /* log(1 + 2r^2) = 2 log r + log 2, log(1 + 4r^2) = 2 log r + 2 log 2 (errors below 1e-200), so
         * -2 log(1 + 2r^2) - log(1 + 4r^2) = -6 log r - 4 log 2 */
        gdc_dd_t ln2 = gdc_dd(CDD_LN2_HI, CDD_LN2_LO);
        Lc = gdc_dd_neg(gdc_dd_add(gdc_dd_mul_d(lr, 6.0), gdc_dd_mul_d(ln2, 4.0)));
    } else {
        gdc_dd_t r2 = gdc_dd_two_prod(r, r), s4 = gdc_dd_add_d(gdc_dd_ldexp(r2, 2), 1.0), s2 = gdc_dd_add_d(gdc_dd_ldexp(r2, 1), 1.0);
        rs = gdc_dd_div(gdc_dd_d(1.0), gdc_dd_sqrt(s4));
        Lc = gdc_dd_neg(gdc_dd_add(gdc_dd_ldexp(cdd_log(s2), 1), cdd_log(s4)));
    }
    Lc = gdc_dd_add(Lc, gdc_dd_add(gdc_dd_ldexp(lr, 1), gdc_dd_ldexp(gdc_dd(CDD_LOG_4_PI_HI, CDD_LOG_4_PI_LO), 1)));
    /* f1 = 1 + k V^{k-1} */
    gdc_dd_t m = cdd_exp2k(gdc_dd_mul_d(L, k - 1.0), &e);
    gdc_dd_t f1 = e < -1100 ? gdc_dd_d(1.0) : gdc_dd_add_d(gdc_dd_ldexp(gdc_dd_mul_d(m, k), (int)e), 1.0);
    gdc_dd_t qt = gdc_dd_mul(gdc_dd_mul(f1, gdc_dd_ldexp(inv_pi, 2)), rs);
    gdc_dd_t q1 = gdc_dd_mul(qt, gdc_dd_sqr(rs));
    double sec = 0.0;
    if (k > 1.0) {
        m = cdd_exp2k(gdc_dd_add(gdc_dd_mul_d(L, k - 2.0), Lc), &e);
        m = gdc_dd_mul_d(gdc_dd_mul_d(m, k), k - 1.0);
        /* the second term relative to the first: add in double-double unless it is far below or far above */
        if (e > -1000 && e < 1000)
            q1 = gdc_dd_add(q1, gdc_dd_ldexp(m, (int)e));
        else
            sec = e < -2200 ? 0.0 : ldexp(gdc_dd_to_d(m), (int)(e < 2200 ? e : 2200));
    }
    out[1] = gdc_dd_to_d(qt);
    out[0] = gdc_dd_to_d(q1) + sec;
}

static void hess_opt_point_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    arb_srcptr k = x, r = x + 1;
    arb_t L, s4, s2, f1, A, c, u;
    arb_init(L); arb_init(s4); arb_init(s2); arb_init(f1); arb_init(A); arb_init(c); arb_init(u);
    gdc_erf_log_vuu_arb(L, r, prec);
    gdc_arb_sqr(u, r, prec);
    arb_mul_2exp_si(s4, u, 2);
    arb_add_ui(s4, s4, 1, prec);
    arb_mul_2exp_si(s2, u, 1);
    arb_add_ui(s2, s2, 1, prec);
    arb_sub_ui(u, k, 1, prec);
    arb_mul(u, u, L, prec);
    arb_exp(u, u, prec);
    arb_mul(f1, u, k, prec);
    arb_add_ui(f1, f1, 1, prec);
    arb_const_pi(A, prec);
    arb_ui_div(A, 4, A, prec);
    arb_rsqrt(u, s4, prec);
    arb_mul(A, A, u, prec); /* (4/pi)(1+4s)^{-1/2} */
    arb_mul(out + 1, f1, A, prec);
    arb_mul(c, A, r, prec);
    arb_div(c, c, s2, prec); /* c1(r) r */
    gdc_arb_sqr(c, c, prec);
    arb_sub_ui(u, k, 2, prec);
    arb_mul(u, u, L, prec);
    arb_exp(u, u, prec);
    arb_mul(c, c, u, prec);
    arb_sub_ui(u, k, 1, prec);
    arb_mul(u, u, k, prec);
    arb_mul(c, c, u, prec);
    arb_div(u, out + 1, s4, prec);
    arb_add(out, u, c, prec);
    arb_clear(L); arb_clear(s4); arb_clear(s2); arb_clear(f1); arb_clear(A); arb_clear(c); arb_clear(u);
}

/* ---- erf.hess_opt on a wide box ----
 * With E = V^{k-1} (V = V(r, r)), c1 = dV/ds = (4/pi)/((1+2s) sqrt(1+4s)) (C14) and h = s c1^2/V:
 *   Q_trans = (1 + k E) A,  Q_rad = (1 + k E) A3 + k(k-1) E h,
 *   A = (4/pi)(1+4s)^{-1/2},  A3 = (4/pi)(1+4s)^{-3/2},  s = r^2.
 * Ranges over a piece [k0, k1] x [r0, r1] (0 <= r0 < r1 after folding r to |r|; every term is even in r):
 *  - A and A3 are decreasing in s, so they lie between their values at the two ends.
 *  - h is decreasing in s > 0, h(0+) = c1(0)^2/V'(0) = c1(0) = 4/pi. Proof: V(s) = s m(s) with m the mean of c1
 *    over [0, s], and d log h/ds = 1/s + 2c1'/c1 - c1/V = (m - c1)/(s m) - 2|c1'|/c1, where
 *    |c1'|/c1 = 2/(1+2s) + 2/(1+4s). c1 is positive, decreasing and convex (a product of two such factors),
 *    so m >= c1 and |c1'| is decreasing.
 *    s >= 1/5: (m - c1)/m < 1 <= 2s|c1'|/c1 = 4s/(1+2s) + 4s/(1+4s) (increasing in s, 1.016 at s = 1/5).
 *    s < 1/5: m - c1(s) = (1/s) int_0^s (c1(t) - c1(s)) dt <= |c1'(0)| s/2 and m >= c1(s), so
 *    (m - c1)/(s m) <= |c1'(0)|/(2 c1(s)) <= 2|c1'(s)|/c1(s) because |c1'(s)| >= |c1'(1/5)| =
 *    (4/pi)(2/1.4 + 2/1.8)/(1.4 sqrt(1.8)) > 1.35 (4/pi) > |c1'(0)|/4 = 4/pi.
 *  - log V is increasing in r (C14), and (k-1) log V is bilinear in (k, log V): for r0 > 0 its range is the hull of
 *    the four products of ends, and E = exp((k-1) log V) the hull of their exponentials. At r0 = 0 (log V -> -inf)
 *    and k >= 1: 0 < E <= V(r1)^{k-1} (V < 1 increasing, k - 1 >= 0), and V(r1)^{k-1} is monotone in k, so E lies
 *    in [0, max over the k ends] (E = 1 when k = 1 exactly). For k < 1 near r = 0, E is unbounded: indeterminate.
 *  - k(k-1) is increasing for k >= 1/2 (minimum -1/4 at k = 1/2).
 * Products of ranges of factors that vary independently (the true factors depend on the same r, so this only
 * enlarges the set) are hulls of end products (iv_mul), which never reach below 0 for positive factors.
 * The dependency between factors (A falls while E rises in r) is cut by splitting the box: up to HESS_PIECES
 * pieces, always the piece with the widest enclosure, along the coordinate with the larger ratio of ends; the
 * result is the union over the pieces. */
#define HESS_PIECES 16

/* the r-only factors at one end (r exact, >= 0) */
typedef struct {
    arb_t r, lv, A, A3, h;
} hess_end_t;

static void hess_end_init(hess_end_t *e)
{
    arb_init(e->r);
    arb_init(e->lv);
    arb_init(e->A);
    arb_init(e->A3);
    arb_init(e->h);
}

static void hess_end_clear(hess_end_t *e)
{
    arb_clear(e->r);
    arb_clear(e->lv);
    arb_clear(e->A);
    arb_clear(e->A3);
    arb_clear(e->h);
}

static void hess_end_eval(hess_end_t *e, slong prec)
{
    arb_t s, t, u;
    arb_init(s);
    arb_init(t);
    arb_init(u);
    gdc_arb_sqr(s, e->r, prec);
    arb_mul_2exp_si(t, s, 2);
    arb_add_ui(t, t, 1, prec); /* 1 + 4s */
    arb_const_pi(u, prec);
    arb_ui_div(u, 4, u, prec);
    arb_rsqrt(e->A, t, prec);
    arb_mul(e->A, e->A, u, prec);
    arb_div(e->A3, e->A, t, prec);
    arb_mul_2exp_si(t, s, 1);
    arb_add_ui(t, t, 1, prec); /* 1 + 2s */
    arb_div(t, e->A, t, prec); /* c1 */
    if (arb_is_zero(e->r)) {
        arb_indeterminate(e->lv);
        arb_set(e->h, t);
    } else {
        gdc_erf_log_vuu_arb(e->lv, e->r, prec);
        arb_sqr(t, t, prec);
        arb_mul(t, t, s, prec);
        arb_neg(u, e->lv);
        arb_exp(u, u, prec);
        arb_mul(e->h, t, u, prec); /* s c1^2 / V */
    }
    arb_clear(s);
    arb_clear(t);
    arb_clear(u);
}

/* P_j(k, lam) = k (k-1)^j exp((k-1) lam) at one k (j = 0: k V^{k-1}, j = 1: k(k-1) V^{k-1}; lam = log V) */
static void kpow(arb_t res, const arb_t k, const arb_t lam, int j, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_sub_ui(t, k, 1, prec);
    arb_mul(res, t, lam, prec);
    arb_exp(res, res, prec);
    arb_mul(res, res, k, prec);
    if (j)
        arb_mul(res, res, t, prec);
    arb_clear(t);
}

/* The range of P_j = k (k-1)^j V^{k-1} over k in [k0, k1] (exact, 1 <= k0 <= k1) and r in [r0, r1], from
 * lam0 = log V(r0) (unused if r0 = 0) and lam1 = log V(r1):
 *  - P_j is increasing in lam = log V (k - 1 >= 0), and log V is increasing in r (C14).
 *  - log P_j = log k + j log(k-1) + (k-1) lam is concave in k (second derivative -1/k^2 - j/(k-1)^2 < 0).
 * So the minimum is at lam0 and (concavity) at k0 or k1; at r0 = 0 the infimum is 0 when k1 > 1 (V^{k-1} -> 0 as
 * r -> 0) and P_j(1, .) (constant) when k0 = k1 = 1. The maximum is at lam1; for any c in [k0, k1] (c > 1 if
 * j = 1) concavity gives the tangent bound
 *   log P_j(k) <= log P_j(c) + phi (k - c),  phi = 1/c + j/(c-1) + lam1,
 * largest at k0 or k1. c is taken near the maximiser (phi = 0: c = -1/lam1 for j = 0; for j = 1 the root c > 1
 * of mu c^2 - (mu+2) c + 1 = 0, mu = -lam1), clamped to [k0, k1]: the bound is then tight (phi (k - c) <= 0 at
 * a clamped end). The choice of c affects only the tightness, never the rigour. */
static void kpow_range(arb_t res, const arb_t k0, const arb_t k1, const arb_t lam0, const arb_t lam1, int r0zero,
                       int j, slong prec)
{
    arb_t c, phi, t, u;
    arf_t up;
    arb_init(c);
    arb_init(phi);
    arb_init(t);
    arb_init(u);
    arf_init(up);
    if (arb_equal(k0, k1)) {
        kpow(t, k0, lam1, j, prec);
        if (!r0zero)
            kpow(res, k0, lam0, j, prec);
        else if (arf_cmp_si(arb_midref(k0), 1) == 0)
            arb_set(res, t); /* k = 1: P_j does not depend on r */
        else
            arb_zero(res);
        arb_union(res, res, t, prec);
    } else {
        /* lower end */
        if (r0zero)
            arb_zero(res);
        else {
            kpow(res, k0, lam0, j, prec);
            kpow(t, k1, lam0, j, prec);
            arb_union(res, res, t, prec);
        }
        /* c */
        arb_neg(u, lam1);
        arb_set(c, k1);
        if (arb_is_positive(u)) {
            if (j == 0)
                arb_inv(t, u, prec);
            else {
                arb_sqr(t, u, prec);
                arb_add_ui(t, t, 4, prec);
                arb_sqrt(t, t, prec);
                arb_add(t, t, u, prec);
                arb_add_ui(t, t, 2, prec);
                arb_div(t, t, u, prec);
                arb_mul_2exp_si(t, t, -1);
            }
            mag_zero(arb_radref(t));
            if (arb_is_finite(t) && arb_lt(t, k1))
                arb_set(c, arb_lt(t, k0) ? k0 : t);
        }
        if (j == 1 && arf_cmp_si(arb_midref(c), 1) <= 0) {
            arb_add(c, k0, k1, prec); /* any exact c in (1, k1] */
            arb_mul_2exp_si(c, c, -1);
            mag_zero(arb_radref(c));
        }
        /* phi, and the bound P_j(c) exp(max(phi (k0 - c), phi (k1 - c))) */
        arb_inv(phi, c, prec);
        if (j) {
            arb_sub_ui(t, c, 1, prec);
            arb_inv(t, t, prec);
            arb_add(phi, phi, t, prec);
        }
        arb_add(phi, phi, lam1, prec);
        arb_sub(t, k0, c, prec);
        arb_mul(t, t, phi, prec);
        arb_sub(u, k1, c, prec);
        arb_mul(u, u, phi, prec);
        arb_union(t, t, u, prec);
        arb_exp(t, t, prec);
        kpow(u, c, lam1, j, prec);
        arb_mul(t, t, u, prec);
        /* only the upper end of this ball bounds the maximum */
        arb_get_ubound_arf(up, t, prec);
        arb_set_arf(t, up);
        arb_union(res, res, t, prec);
    }
    arb_clear(c);
    arb_clear(phi);
    arb_clear(t);
    arb_clear(u);
    arf_clear(up);
}

/* out[0..1] = Q_rad, Q_trans over [k0, k1] x [e0->r, e1->r] (k0 <= k1 exact) */
static void hess_piece(arb_ptr out, const arb_t k0, const arb_t k1, const hess_end_t *e0, const hess_end_t *e1,
                       slong prec)
{
    const arb_struct *ke[2] = {k0, k1};
    const hess_end_t *re[2] = {e0, e1};
    arb_t P0, P1, E, K, t;
    arb_init(P0);
    arb_init(P1);
    arb_init(E);
    arb_init(K);
    arb_init(t);
    int ok = 1, r0zero = arb_is_zero(e0->r);
    if (arf_cmp_si(arb_midref(k0), 1) >= 0) {
        kpow_range(P0, k0, k1, e0->lv, e1->lv, r0zero, 0, prec);
        kpow_range(P1, k0, k1, e0->lv, e1->lv, r0zero, 1, prec);
    } else if (!r0zero) {
        /* a k range reaching below 1 (outside the domain, e.g. by rounding of a box end): E = exp((k-1) log V) is
         * bilinear in the exponent, so its range is the hull of the four end values; k and k(k-1) range
         * independently (k(k-1) >= -1/4, its minimum at k = 1/2) */
        for (int i = 0; i < 4; i++) {
            arb_sub_ui(t, ke[i >> 1], 1, prec);
            arb_mul(t, t, re[i & 1]->lv, prec);
            arb_exp(t, t, prec);
            union_in(E, t, i == 0, prec);
        }
        arb_union(K, k0, k1, prec);
        iv_mul(P0, K, E, prec);
        arb_sub_ui(t, k0, 1, prec);
        arb_mul(K, t, k0, prec);
        arb_sub_ui(t, k1, 1, prec);
        arb_mul(t, t, k1, prec);
        arb_union(K, K, t, prec);
        if (arf_cmp_2exp_si(arb_midref(k0), -1) < 0 && arf_cmp_2exp_si(arb_midref(k1), -1) > 0) {
            arb_set_si(t, -1);
            arb_mul_2exp_si(t, t, -2);
            arb_union(K, K, t, prec);
        }
        iv_mul(P1, K, E, prec);
    } else
        ok = 0; /* k < 1 and r -> 0: V^{k-1} is unbounded */
    if (ok) {
        arb_add_ui(P0, P0, 1, prec); /* 1 + k V^{k-1} */
        arb_union(t, e0->A, e1->A, prec);
        iv_mul(out + 1, P0, t, prec);
        arb_union(t, e0->A3, e1->A3, prec);
        iv_mul(P0, P0, t, prec);
        arb_union(t, e0->h, e1->h, prec);
        iv_mul(P1, P1, t, prec);
        arb_add(out, P0, P1, prec);
    } else {
        arb_indeterminate(out);
        arb_indeterminate(out + 1);
    }
    arb_clear(P0);
    arb_clear(P1);
    arb_clear(E);
    arb_clear(K);
    arb_clear(t);
}

/* A split point m (exact) strictly inside [lo, hi] (exact ends), measured from an origin o (0 for r, 1 for k, so
 * that k - 1, the exponent of V, is split on its own scale): with d = hi - o, c = lo - o, m = o + d/16 when c = 0
 * (the structure near r = 0 and near k = 1 is in log scale), o + sqrt(c d) when d > 4c > 0, else the midpoint.
 * Returns 0 if no such point exists (rounding). */
static int split_point(arb_t m, const arb_t lo, const arb_t hi, ulong o, slong prec)
{
    arb_t c, d;
    arb_init(c);
    arb_init(d);
    arb_sub_ui(c, lo, o, prec);
    arb_sub_ui(d, hi, o, prec);
    if (arb_is_zero(c))
        arb_mul_2exp_si(m, d, -4);
    else {
        arb_mul_2exp_si(m, c, 2);
        if (arb_is_positive(c) && arb_lt(m, d)) {
            arb_mul(m, c, d, prec);
            arb_sqrt(m, m, prec);
        } else {
            arb_add(m, c, d, prec);
            arb_mul_2exp_si(m, m, -1);
        }
    }
    arb_add_ui(m, m, o, prec);
    mag_zero(arb_radref(m)); /* any exact point inside will do */
    arb_clear(c);
    arb_clear(d);
    return arb_is_finite(m) && arb_lt(lo, m) && arb_lt(m, hi);
}

/* sum over the outputs of rad(q_j) / |u_j| (infinite for a non-finite q): how much a piece widens the union u */
static void piece_score(mag_t sc, arb_srcptr q, arb_srcptr u)
{
    mag_t t;
    mag_init(t);
    mag_zero(sc);
    for (int j = 0; j < 2; j++) {
        if (!arb_is_finite(q + j)) {
            mag_inf(sc);
            break;
        }
        arb_get_mag(t, u + j);
        mag_div(t, arb_radref(q + j), t);
        mag_add(sc, sc, t);
    }
    mag_clear(t);
}

static void hess_opt_box(arb_ptr out, const arb_t k, const arb_t r, slong prec)
{
    hess_end_t ends[HESS_PIECES + 1];
    /* piece p: k in [kr[2p], kr[2p+1]], r from ends[e0[p]] to ends[e1[p]], enclosures q[2p], q[2p+1] */
    arb_ptr kr = _arb_vec_init(2 * HESS_PIECES), q = _arb_vec_init(2 * HESS_PIECES), c = _arb_vec_init(8);
    int e0[HESS_PIECES], e1[HESS_PIECES], np = 1, ne = 2;
    mag_t best, sc, s2;
    arb_t m;
    arb_init(m);
    mag_init(best);
    mag_init(sc);
    mag_init(s2);
    for (int i = 0; i <= HESS_PIECES; i++)
        hess_end_init(&ends[i]);
    gdc_arb_endpoints(kr, kr + 1, k, prec);
    gdc_arb_abs_endpoints(ends[0].r, ends[1].r, r, prec);
    hess_end_eval(&ends[0], prec);
    hess_end_eval(&ends[1], prec);
    e0[0] = 0;
    e1[0] = 1;
    hess_piece(q, kr, kr + 1, &ends[0], &ends[1], prec);
    for (;;) {
        /* the union so far */
        arb_set(out, q);
        arb_set(out + 1, q + 1);
        for (int p = 1; p < np; p++) {
            arb_union(out, out, q + 2 * p, prec);
            arb_union(out + 1, out + 1, q + 2 * p + 1, prec);
        }
        if (np == HESS_PIECES)
            break;
        /* the piece that widens it most */
        int bp = -1;
        mag_zero(best);
        for (int p = 0; p < np; p++) {
            piece_score(sc, q + 2 * p, out);
            if (mag_cmp(sc, best) > 0) {
                mag_set(best, sc);
                bp = p;
            }
        }
        if (bp < 0 || mag_cmp_2exp_si(best, -40) < 0)
            break;
        /* split it in r (c[0..3]) and in k (c[4..7]); keep the split whose halves are narrower */
        arb_ptr kp = kr + 2 * bp;
        const hess_end_t *a0 = &ends[e0[bp]], *a1 = &ends[e1[bp]];
        int cr = split_point(ends[ne].r, a0->r, a1->r, 0, prec), ck = split_point(m, kp, kp + 1, 1, prec);
        if (cr) {
            hess_end_eval(&ends[ne], prec);
            hess_piece(c, kp, kp + 1, a0, &ends[ne], prec);
            hess_piece(c + 2, kp, kp + 1, &ends[ne], a1, prec);
            piece_score(sc, c, out);
            piece_score(s2, c + 2, out);
            mag_add(sc, sc, s2);
        }
        if (ck) {
            hess_piece(c + 4, kp, m, a0, a1, prec);
            hess_piece(c + 6, m, kp + 1, a0, a1, prec);
            piece_score(s2, c + 4, out);
            mag_set(best, s2);
            piece_score(s2, c + 6, out);
            mag_add(s2, s2, best);
        }
        if (cr && (!ck || mag_cmp(sc, s2) <= 0)) {
            arb_set(kr + 2 * np, kp);
            arb_set(kr + 2 * np + 1, kp + 1);
            e0[np] = ne;
            e1[np] = e1[bp];
            e1[bp] = ne;
            ne++;
            _arb_vec_set(q + 2 * bp, c, 2);
            _arb_vec_set(q + 2 * np, c + 2, 2);
        } else if (ck) {
            arb_set(kr + 2 * np, m);
            arb_set(kr + 2 * np + 1, kp + 1);
            arb_set(kp + 1, m);
            e0[np] = e0[bp];
            e1[np] = e1[bp];
            _arb_vec_set(q + 2 * bp, c + 4, 2);
            _arb_vec_set(q + 2 * np, c + 6, 2);
        } else
            break;
        np++;
    }
    for (int i = 0; i <= HESS_PIECES; i++)
        hess_end_clear(&ends[i]);
    _arb_vec_clear(kr, 2 * HESS_PIECES);
    _arb_vec_clear(q, 2 * HESS_PIECES);
    _arb_vec_clear(c, 8);
    arb_clear(m);
    mag_clear(best);
    mag_clear(sc);
    mag_clear(s2);
}

void gdc_erf_hess_opt_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    if ((arb_is_exact(x) && arb_is_exact(x + 1)) || !arb_is_finite(x) || !arb_is_finite(x + 1) ||
        (arb_is_exact(x + 1) && arb_is_zero(x + 1)))
        hess_opt_point_arb(out, x, prec);
    else
        hess_opt_box(out, x, x + 1, prec);
}

void gdc_erf_hess_opt_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_srcptr k = x, r = x + 1;
    mpfr_t L, s, V1, V2, u, pi, t;
    mpfr_inits2(gdc_erf_mpfr_work(out, GDC_ERF_MPFR_WORK), L, s, V1, V2, u, pi, t, (mpfr_ptr)0);
    mpfr_const_pi(pi, MPFR_RNDN);
    log_vuu_mpfr(L, r);
    mpfr_sqr(s, r, MPFR_RNDN);
    mpfr_sub_ui(u, k, 1, MPFR_RNDN);
    mpfr_mul(u, u, L, MPFR_RNDN);
    mpfr_exp(V1, u, MPFR_RNDN);
    mpfr_sub_ui(u, k, 2, MPFR_RNDN);
    mpfr_mul(u, u, L, MPFR_RNDN);
    mpfr_exp(V2, u, MPFR_RNDN);
    /* f1 = 1 + k V^{k-1} */
    mpfr_mul(V1, V1, k, MPFR_RNDN);
    mpfr_add_ui(V1, V1, 1, MPFR_RNDN);
    /* (1+4s)^{-1/2} */
    mpfr_mul_2ui(u, s, 2, MPFR_RNDN);
    mpfr_add_ui(u, u, 1, MPFR_RNDN);
    mpfr_rec_sqrt(t, u, MPFR_RNDN);
    mpfr_mul(t, t, V1, MPFR_RNDN);
    mpfr_mul_ui(t, t, 4, MPFR_RNDN);
    mpfr_div(out + 1, t, pi, MPFR_RNDN);
    mpfr_div(t, out + 1, u, MPFR_RNDN); /* first term of Q_rad */
    /* k(k-1) V^{k-2} 16 s / (pi^2 (1+2s)^2 (1+4s)) */
    mpfr_mul(V2, V2, k, MPFR_RNDN);
    mpfr_sub_ui(L, k, 1, MPFR_RNDN);
    mpfr_mul(V2, V2, L, MPFR_RNDN);
    mpfr_mul(V2, V2, s, MPFR_RNDN);
    mpfr_mul_ui(V2, V2, 16, MPFR_RNDN);
    mpfr_div(V2, V2, u, MPFR_RNDN);
    mpfr_mul_2ui(u, s, 1, MPFR_RNDN);
    mpfr_add_ui(u, u, 1, MPFR_RNDN);
    mpfr_mul(u, u, pi, MPFR_RNDN);
    mpfr_sqr(u, u, MPFR_RNDN);
    mpfr_div(V2, V2, u, MPFR_RNDN);
    mpfr_add(out, t, V2, MPFR_RNDN);
    mpfr_clears(L, s, V1, V2, u, pi, t, (mpfr_ptr)0);
}
