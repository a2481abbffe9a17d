/* Lemma 2 of 002_588e28744115f015.txt (App. C.1) and the Hessian at the optimum (seed-002 C14, C24, C31):
 *   log V(u,u)^k = k log1p(-(1 - V(u,u))) with the stable gap (4/pi) atan(1/sqrt(1+4a^2)) (C14);
 *   s*(k) = cos(pi/(2k)) / (4 sin^2(pi/(4k)))  (V(u,u) > 1 - 1/k iff |u|^2 > s*), cos(pi/(2k)) = sin(pi(k-1)/(2k));
 *   s_d(k) = cos(pi x/2) / (4 sin^2(pi x/4)), x = 1 - 4^{-1/k} = -expm1(-2 ln 2/k), cos(pi x/2) = sin(pi 4^{-1/k}/2)
 *            (V(u,u)^k > 1/4 iff |u|^2 > s_d);
 *   at the optimum of the WS loss F^(1,k) (s = |u0|^2, V = V(u0,u0), k >= 2):
 *   Q_rad = (1 + k V^{k-1}) (4/pi)(1+4s)^{-3/2} + k(k-1) V^{k-2} 16 s/(pi^2 (1+2s)^2 (1+4s)),
 *   Q_trans = (1 + k V^{k-1}) (4/pi)(1+4s)^{-1/2}. */
#include <math.h>
#include "erf/erf.h"
#include "cosine/cosine_dd.h"

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

void gdc_erf_log_vk_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    gdc_erf_log_vuu_arb(out, x + 1, prec);
    arb_mul(out, out, x, prec);
    arb_exp(out + 1, out, prec);
}

static void log_vuu_mpfr(mpfr_t res, const mpfr_t a)
{
    mpfr_t u, p;
    mpfr_inits2(GDC_ERF_MPFR_WORK + 64, u, p, (mpfr_ptr)0);
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
    mpfr_init2(L, GDC_ERF_MPFR_WORK);
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

void gdc_erf_lemma2_arb(arb_ptr out, arb_srcptr x, slong prec)
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

void gdc_erf_lemma2_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_t pi, u, v, q;
    mpfr_inits2(GDC_ERF_MPFR_WORK, pi, u, v, q, (mpfr_ptr)0);
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

void gdc_erf_hess_opt_arb(arb_ptr out, arb_srcptr x, slong prec)
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

void gdc_erf_hess_opt_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_srcptr k = x, r = x + 1;
    mpfr_t L, s, V1, V2, u, pi, t;
    mpfr_inits2(GDC_ERF_MPFR_WORK, L, s, V1, V2, u, pi, t, (mpfr_ptr)0);
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
