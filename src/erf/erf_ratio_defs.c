/* Definition checks of the Theorem 6/7 ratios (002_588e28744115f015.txt Sec. 4.7, App. C.4; seed-002 C22, C30):
 * the numerators from their defining expectations, independently of the closed forms of erf_ratio.c.
 *
 * Rigorous: in the plane of w and u, w = a e1 (a = rho U), u = U (cos t e1 + sin t e2) (t = alpha), x = Y1 e1 +
 * Y2 e2, v = w - u = v1 e1 + v2 e2 with v1 = U (rho - 1 + 2 sin^2(t/2)), v2 = -U sin t. With p = U cos t Y1,
 * q = U sin t, s = sqrt(1 + 2 q^2), kappa = U cos t/s, the expectations over Y2 given Y1 = y follow from the
 * identities (E1) E[erf(p + q Z)] = erf(p/s) and (E2) E[Z erf(p + q Z)] = (q/s) erf'(p/s), proved in erf_defs.c:
 *   N6 = E[(erf(w.x) - erf(u.x)) erf'(w.x) v.x]  (C30)
 *      = E_y[ erf'(a y) ((erf(a y) - erf(kappa y)) v1 y - v2 (q/s) erf'(kappa y)) ]
 *   Ia = E[erf(w.x) erf'(w.x) v.x] = E_y[erf(a y) erf'(a y) v1 y]          (= <v, c1(w) w>, C19)
 *   Vww = E_y[erf(a y)^2],  Vuw = E_y[erf(a y) erf(kappa y)]               (C13)
 * and, by C22, <v, grad F^(1,k)> = (1 + k Vuw^{k-1}) N6 + k (Vww^{k-1} - Vuw^{k-1}) Ia (k = 1: 2 N6).
 * The integrands are divided by |v| (|v1|, |v2| <= |v|), so they are bounded by
 * (2/sqrt(pi)) (2|y| + (2/sqrt(pi))/sqrt(2)) <= 2.1 (1 + y^2) (q/s < 1/sqrt(2), |erf| < 1); the Y1-integral is one
 * acb_calc_integrate per output (core/normal_quad.c). The ratio is then E[.]/|v|, |v|^2 = U^2((1-rho)^2 +
 * 4 rho sin^2(t/2)).
 *
 * Monte Carlo: the same expectations over x ~ N(0, I_5) with w, u in a random plane; R7 by the delta method (a
 * first pass for the four means, a second pass with the same samples for the linearised estimator's error). */
#include <math.h>
#include "erf/erf_ratio.h"
#include "erf/erf.h"
#include "core/normal_quad.h"

typedef struct {
    arb_t a, kappa, qs, v1, v2; /* v1, v2 divided by |v| */
    arb_t vn;                   /* |v| */
} rplane_t;

static void rp_init(rplane_t *P, const double *x, slong prec)
{
    arb_t U, t, st, ct, h, s;
    arb_init(U); arb_init(t); arb_init(st); arb_init(ct); arb_init(h); arb_init(s);
    arb_init(P->a); arb_init(P->kappa); arb_init(P->qs); arb_init(P->v1); arb_init(P->v2); arb_init(P->vn);
    /* U = sqrt(12) k/pi */
    arb_set_ui(U, 12);
    arb_sqrt(U, U, prec);
    arb_mul_ui(U, U, (ulong)x[0], prec);
    arb_const_pi(t, prec);
    arb_div(U, U, t, prec);
    arb_set_d(t, x[2]);
    arb_sin_cos(st, ct, t, prec);
    arb_mul_2exp_si(h, t, -1);
    arb_sin(h, h, prec);
    arb_sqr(h, h, prec); /* sin^2(t/2) */
    arb_set_d(P->a, x[1]);
    arb_mul(P->a, P->a, U, prec);
    arb_mul(P->qs, U, st, prec); /* q */
    arb_sqr(s, P->qs, prec);
    arb_mul_2exp_si(s, s, 1);
    arb_add_ui(s, s, 1, prec);
    arb_sqrt(s, s, prec);
    arb_mul(P->kappa, U, ct, prec);
    arb_div(P->kappa, P->kappa, s, prec);
    arb_div(P->qs, P->qs, s, prec);
    /* v1/U = rho - 1 + 2 h, v2/U = -sin t, |v|^2/U^2 = (1 - rho)^2 + 4 rho h */
    arb_set_d(t, x[1]);
    arb_sub_ui(P->v1, t, 1, prec);
    arb_sqr(P->vn, P->v1, prec);
    arb_mul(s, t, h, prec);
    arb_mul_2exp_si(s, s, 2);
    arb_add(P->vn, P->vn, s, prec);
    arb_sqrt(P->vn, P->vn, prec);
    arb_mul_2exp_si(h, h, 1);
    arb_add(P->v1, P->v1, h, prec);
    arb_div(P->v1, P->v1, P->vn, prec);
    arb_neg(P->v2, st);
    arb_div(P->v2, P->v2, P->vn, prec);
    arb_mul(P->vn, P->vn, U, prec);
    arb_clear(U); arb_clear(t); arb_clear(st); arb_clear(ct); arb_clear(h); arb_clear(s);
}

static void rp_clear(rplane_t *P)
{
    arb_clear(P->a); arb_clear(P->kappa); arb_clear(P->qs); arb_clear(P->v1); arb_clear(P->v2); arb_clear(P->vn);
}

/* component k: 0 N6/|v|, 1 Ia/|v|, 2 erf(a y)^2, 3 erf(a y) erf(kappa y) */
static void f_ratio(acb_t out, const acb_t y, int k, const void *param, slong prec)
{
    const rplane_t *P = param;
    acb_t A, Ea, Ek, d;
    acb_init(A); acb_init(Ea); acb_init(Ek); acb_init(d);
    acb_mul_arb(A, y, P->a, prec);
    acb_hypgeom_erf(Ea, A, prec);
    if (k == 2) {
        acb_sqr(out, Ea, prec);
    } else {
        acb_mul_arb(Ek, y, P->kappa, prec);
        if (k == 3) {
            acb_hypgeom_erf(Ek, Ek, prec);
            acb_mul(out, Ea, Ek, prec);
        } else if (k == 1) {
            gdc_erf_deriv_acb(d, A, prec);
            acb_mul(out, Ea, d, prec);
            acb_mul(out, out, y, prec);
            acb_mul_arb(out, out, P->v1, prec);
        } else {
            gdc_erf_deriv_acb(d, Ek, prec); /* erf'(kappa y) */
            acb_mul_arb(d, d, P->qs, prec);
            acb_mul_arb(d, d, P->v2, prec);
            acb_hypgeom_erf(Ek, Ek, prec);
            acb_sub(out, Ea, Ek, prec);
            acb_mul(out, out, y, prec);
            acb_mul_arb(out, out, P->v1, prec);
            acb_sub(out, out, d, prec);
            gdc_erf_deriv_acb(d, A, prec);
            acb_mul(out, out, d, prec);
        }
    }
    acb_clear(A); acb_clear(Ea); acb_clear(Ek); acb_clear(d);
}

static int def_arb(arb_ptr out, const double *x, slong prec, int seven)
{
    rplane_t P;
    arb_ptr I = _arb_vec_init(4);
    rp_init(&P, x, prec);
    int r = gdc_normal_expect_arb(I, seven ? 4 : 1, f_ratio, &P, 2.1, prec);
    ulong k = (ulong)x[0];
    if (!seven) {
        arb_set(out, I);
    } else if (k == 1) {
        arb_mul_2exp_si(out, I, 1);
    } else {
        /* (1 + k Vuw^{k-1}) N6 + k (Vww^{k-1} - Vuw^{k-1}) Ia */
        arb_t a, b;
        arb_init(a);
        arb_init(b);
        arb_pow_ui(a, I + 2, k - 1, prec);
        arb_pow_ui(b, I + 3, k - 1, prec);
        arb_sub(a, a, b, prec);
        arb_mul(a, a, I + 1, prec);
        arb_mul_ui(b, b, k, prec);
        arb_add_ui(b, b, 1, prec);
        arb_mul(b, b, I, prec);
        arb_mul_ui(a, a, k, prec);
        arb_add(out, a, b, prec);
        arb_clear(a);
        arb_clear(b);
    }
    arb_div(out, out, P.vn, prec);
    rp_clear(&P);
    _arb_vec_clear(I, 4);
    return r;
}

int gdc_erf_ratio6_def_arb(arb_ptr out, const double *x, slong prec) { return def_arb(out, x, prec, 0); }
int gdc_erf_ratio7_def_arb(arb_ptr out, const double *x, slong prec) { return def_arb(out, x, prec, 1); }

/* ---------------- Monte Carlo in R^5 ---------------- */
typedef struct {
    double w[GDC_MC_DIM], u[GDC_MC_DIM], v[GDC_MC_DIM], v2; /* v2 = |v|^2 */
    double lin[4];                                        /* second pass: the linearisation weights */
} rmc_t;

static double dot5(const double *x, const double *z)
{
    double s = 0;
    for (int i = 0; i < GDC_MC_DIM; i++)
        s += x[i] * z[i];
    return s;
}

static void rmc_setup(rmc_t *P, const double *x, uint64_t seed)
{
    double e1[GDC_MC_DIM], e2[GDC_MC_DIM];
    double U = sqrt(12.0) * x[0] / M_PI, rho = x[1], t = x[2], h = sin(0.5 * t);
    double v1 = U * (rho - 1.0 + 2.0 * h * h), v2 = -U * sin(t);
    gdc_mc_frame(e1, e2, seed);
    for (int i = 0; i < GDC_MC_DIM; i++) {
        P->w[i] = rho * U * e1[i];
        P->u[i] = U * (cos(t) * e1[i] + sin(t) * e2[i]);
        P->v[i] = v1 * e1[i] + v2 * e2[i];
    }
    P->v2 = U * U * ((1.0 - rho) * (1.0 - rho) + 4.0 * rho * h * h);
}

static double erf_d(double z) { return 1.1283791670955126 * exp(-z * z); }

/* per sample: N6, Ia (both /|v|^2), erf(w.z)^2, erf(u.z) erf(w.z) */
static void g_parts(double *val, const double *z, const void *param)
{
    const rmc_t *P = param;
    double ew = erf(dot5(P->w, z)), eu = erf(dot5(P->u, z)), dw = erf_d(dot5(P->w, z));
    double vz = dot5(P->v, z) / P->v2;
    val[0] = (ew - eu) * dw * vz;
    val[1] = ew * dw * vz;
    val[2] = ew * ew;
    val[3] = eu * ew;
}

static void g_lin(double *val, const double *z, const void *param)
{
    const rmc_t *P = param;
    double p[4];
    g_parts(p, z, param);
    val[0] = P->lin[0] * p[0] + P->lin[1] * p[1] + P->lin[2] * p[2] + P->lin[3] * p[3];
}

void gdc_erf_ratio6_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    rmc_t P;
    double m[4], s[4];
    rmc_setup(&P, x, seed);
    gdc_mc_expect(m, s, 1, g_parts, &P, GDC_MC_DIM, seed, samples);
    mean[0] = m[0];
    se[0] = s[0];
}

void gdc_erf_ratio7_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    rmc_t P;
    double m[4], s[4], k = x[0], n = k - 1.0;
    rmc_setup(&P, x, seed);
    gdc_mc_expect(m, s, 4, g_parts, &P, GDC_MC_DIM, seed, samples);
    if (k == 1.0) {
        mean[0] = 2.0 * m[0];
        se[0] = 2.0 * s[0];
        return;
    }
    /* f = (1 + k Vuw^n) N6 + k (Vww^n - Vuw^n) Ia, and its gradient in (N6, Ia, Vww, Vuw) */
    double pw = pow(m[2], n), pu = pow(m[3], n);
    mean[0] = (1.0 + k * pu) * m[0] + k * (pw - pu) * m[1];
    P.lin[0] = 1.0 + k * pu;
    P.lin[1] = k * (pw - pu);
    P.lin[2] = k * n * pow(m[2], n - 1.0) * m[1];
    P.lin[3] = k * n * pow(m[3], n - 1.0) * (m[0] - m[1]);
    gdc_mc_expect(m, s, 1, g_lin, &P, GDC_MC_DIM, seed, samples);
    se[0] = s[0];
}
