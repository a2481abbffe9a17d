/* The population gradients of Theorem 2.2 of 003_676a49ed0823cdd9.txt (seed-003 C7, C8) in reduced coordinates, the
 * row cnn.grad(k, W, N, S, phi, x, s, n), u = pi - g(phi), u' = (pi - phi) sin phi (cnn_g.c):
 *   out[0] = d ell/d phi = W x u'/(2 pi): C7 is grad_v = -(out[0]/(W ||v|| sin phi)) (w* - W cos phi v/||v||), so
 *            ||v|| ||grad_v|| = |out[0]| (its direction is fixed by v and w*);
 *   out[1] = a*'grad_a = ((pi - 1)(x - W N) + S (s - W S) + W u N)/(2 pi),
 *   out[2] = 1'grad_a  = ((k + pi - 1)(s - W S) + W u S)/(2 pi),
 *   out[3] = a'grad_a  = ((pi - 1)(n - W x) + s (s - W S) + W u x)/(2 pi):
 * C8, 2 pi grad_a = (11' + (pi - 1) I) a - W (11' + (g - 1) I) a*, projected on a*, 1 and a, with g - 1 = (pi - 1) - u
 * (the centred grouping: every term vanishes at the global minimum a = W a*, phi = 0, as the loss does).
 * Double: the differences x - W N, s - W S, n - W x and the sums in double-double. Arb: the same grouping over any
 * balls, with the Jacobian in the seven real arguments (k is an integer argument: indeterminate). MPFR: differences
 * of double products exact (EXACT_BITS), u by the printed formula (cnn_g.c). Definition check: the chain rule through
 * the loss row's own derivative enclosures, grad_a = L_x a* + L_s 1 + 2 L_n a with (L_phi, L_x, L_s, L_n) the
 * Jacobian of cnn.loss (gdc_cnn_loss_arb), so out = (L_phi, L_x N + L_s S + 2 L_n x, L_x S + L_s k + 2 L_n s,
 * L_x x + L_s s + 2 L_n n). That grad_a is the exact derivative of the loss C6 is also proven symbolically in
 * tests/check_cnn_identities.c. */
#include <math.h>
#include "cnn/cnn.h"
#include "cnn/cnn_defs.h"
#include "core/angle.h"
#include "core/dd.h"

static const double PI_M1 = 2.141592653589793; /* pi - 1 = PI_M1 + GDC_PI_LO */

/* a - b c in double-double */
static gdc_dd_t diff_prod(double a, double b, double c) { return gdc_dd_sub(gdc_dd_d(a), gdc_dd_two_prod(b, c)); }

/* u = pi - g: for phi >= 1 as the double-double pi minus g (g < 2 carries its own rounding only, about 2^-53 absolute,
 * at most half an ulp of u >= 1.14; the double u's rounding, amplified by the cancellation between the terms of
 * out[1], reached 3.2 units at phi = 2.64); below 1 the cancellation-free double of cnn_g.c */
static gdc_dd_t pmg_dd(double phi)
{
    if (phi >= 1.0)
        return gdc_dd_add_d(gdc_dd(GDC_PI_HI, GDC_PI_LO), -gdc_cnn_g(phi));
    return gdc_dd_d(gdc_cnn_pmg(phi));
}

void gdc_cnn_grad(double *out, double k, double W, double N, double S, double phi, double x, double s, double n)
{
    const gdc_dd_t pm1 = gdc_dd(PI_M1, GDC_PI_LO), inv2pi = gdc_dd(GDC_INV2PI_HI, GDC_INV2PI_LO);
    double elo, e = gdc_pi_minus(phi, &elo), sn = sin(phi);
    gdc_dd_t d1 = gdc_dd_mul_d(gdc_dd(e, elo), sn); /* u' = (pi - phi) sin phi */
    out[0] = gdc_dd_to_d(gdc_dd_mul(gdc_dd_mul(gdc_dd_two_prod(W, x), d1), inv2pi));
    gdc_dd_t ds = diff_prod(s, W, S), wu = gdc_dd_mul_d(pmg_dd(phi), W);
    gdc_dd_t t = gdc_dd_add(gdc_dd_mul(pm1, diff_prod(x, W, N)), gdc_dd_mul_d(ds, S));
    out[1] = gdc_dd_to_d(gdc_dd_mul(gdc_dd_add(t, gdc_dd_mul_d(wu, N)), inv2pi));
    t = gdc_dd_mul(gdc_dd_add_d(pm1, k), ds);
    out[2] = gdc_dd_to_d(gdc_dd_mul(gdc_dd_add(t, gdc_dd_mul_d(wu, S)), inv2pi));
    t = gdc_dd_add(gdc_dd_mul(pm1, diff_prod(n, W, x)), gdc_dd_mul_d(ds, s));
    out[3] = gdc_dd_to_d(gdc_dd_mul(gdc_dd_add(t, gdc_dd_mul_d(wu, x)), inv2pi));
}

/* ---- Arb ---- */
enum { GK, GW, GN, GS, GPHI, GX, GSM, GNN, GARGS };

/* the Jacobian times 2 pi (rows: outputs; columns: k, W, N, S, phi, x, s, n) */
static void grad_jac(arb_ptr J, arb_srcptr X, const arb_t u, const arb_t d1, const arb_t d2, const arb_t pm1,
                     const arb_t K, slong prec)
{
    arb_t t, um;
    arb_init(t);
    arb_init(um);
    arb_sub(um, u, pm1, prec); /* u - (pi - 1) = 1 - g */
    _arb_vec_zero(J, 4 * GARGS);
#define J_(o, a) (J + (o) * GARGS + (a))
    arb_mul(J_(0, GW), X + GX, d1, prec);          /* out 0 = W x u' */
    arb_mul(J_(0, GX), X + GW, d1, prec);
    arb_mul(t, X + GW, X + GX, prec);
    arb_mul(J_(0, GPHI), t, d2, prec);
    arb_mul(J_(1, GW), um, X + GN, prec);          /* out 1 */
    arb_submul(J_(1, GW), X + GS, X + GS, prec);
    arb_mul(J_(1, GN), um, X + GW, prec);
    arb_mul(t, X + GW, X + GS, prec);
    arb_mul_2exp_si(t, t, 1);
    arb_sub(J_(1, GS), X + GSM, t, prec);
    arb_mul(t, X + GW, X + GN, prec);
    arb_mul(J_(1, GPHI), t, d1, prec);
    arb_set(J_(1, GX), pm1);
    arb_set(J_(1, GSM), X + GS);
    arb_sub(t, u, K, prec);                        /* out 2 */
    arb_mul(J_(2, GW), t, X + GS, prec);
    arb_mul(J_(2, GS), t, X + GW, prec);
    arb_mul(t, X + GW, X + GS, prec);
    arb_mul(J_(2, GPHI), t, d1, prec);
    arb_set(J_(2, GSM), K);
    arb_mul(J_(3, GW), um, X + GX, prec);          /* out 3 */
    arb_submul(J_(3, GW), X + GSM, X + GS, prec);
    arb_mul(t, X + GW, X + GSM, prec);
    arb_neg(J_(3, GS), t);
    arb_mul(t, X + GW, X + GX, prec);
    arb_mul(J_(3, GPHI), t, d1, prec);
    arb_mul(J_(3, GX), um, X + GW, prec);
    arb_mul_2exp_si(t, X + GSM, 1);
    arb_submul(t, X + GW, X + GS, prec);
    arb_set(J_(3, GSM), t);
    arb_set(J_(3, GNN), pm1);
    for (int o = 0; o < 4; o++)
        arb_indeterminate(J_(o, GK)); /* k is an integer argument */
#undef J_
    arb_clear(t);
    arb_clear(um);
}

void gdc_cnn_grad_arb(arb_ptr out, arb_ptr jac, arb_srcptr X, slong prec)
{
    arb_t pi, pm1, K, u, d1, d2, ds, t;
    arb_init(pi); arb_init(pm1); arb_init(K); arb_init(u); arb_init(d1); arb_init(d2); arb_init(ds); arb_init(t);
    arb_const_pi(pi, prec);
    arb_sub_ui(pm1, pi, 1, prec);
    arb_add(K, X + GK, pm1, prec);
    gdc_cnn_pmg_arb(u, X + GPHI, prec);
    gdc_cnn_pmg_d1_arb(d1, X + GPHI, prec);
    arb_set(ds, X + GSM);                         /* s - W S */
    arb_submul(ds, X + GW, X + GS, prec);
    arb_mul(out, X + GW, X + GX, prec);           /* out 0 */
    arb_mul(out, out, d1, prec);
    arb_set(t, X + GX);                           /* out 1 */
    arb_submul(t, X + GW, X + GN, prec);
    arb_mul(out + 1, t, pm1, prec);
    arb_addmul(out + 1, X + GS, ds, prec);
    arb_mul(t, X + GW, u, prec);
    arb_addmul(out + 1, t, X + GN, prec);
    arb_mul(out + 2, K, ds, prec);                /* out 2 */
    arb_addmul(out + 2, t, X + GS, prec);
    arb_mul(out + 3, t, X + GX, prec);            /* out 3 */
    arb_addmul(out + 3, X + GSM, ds, prec);
    arb_set(t, X + GNN);
    arb_submul(t, X + GW, X + GX, prec);
    arb_addmul(out + 3, t, pm1, prec);
    arb_mul_2exp_si(pi, pi, 1);
    for (int o = 0; o < 4; o++)
        arb_div(out + o, out + o, pi, prec);
    if (jac != NULL) {
        gdc_cnn_pmg_d2_arb(d2, X + GPHI, prec);
        grad_jac(jac, X, u, d1, d2, pm1, K, prec);
        for (int i = 0; i < 4 * GARGS; i++)
            arb_div(jac + i, jac + i, pi, prec);
    }
    arb_clear(pi); arb_clear(pm1); arb_clear(K); arb_clear(u); arb_clear(d1); arb_clear(d2); arb_clear(ds);
    arb_clear(t);
}

/* ---- MPFR ---- */
#define EXACT_BITS 2400 /* as in cnn_mpfr.c: any difference of a double and a product of two doubles is exact */

/* r = (a - b c) exactly */
static void diff_prod_mpfr(mpfr_t r, mpfr_srcptr a, mpfr_srcptr b, mpfr_srcptr c)
{
    mpfr_mul(r, b, c, MPFR_RNDN);
    mpfr_sub(r, a, r, MPFR_RNDN);
}

/* res = ((pi - 1)(p - W q) + ds r + wu t)/(2 pi), p - W q exact (out[1] and out[3]) */
static void centred_mpfr(mpfr_ptr res, mpfr_srcptr p, mpfr_srcptr W, mpfr_srcptr q, const mpfr_t ds, mpfr_srcptr r,
                         const mpfr_t wu, mpfr_srcptr t, const mpfr_t pm1, const mpfr_t twopi)
{
    mpfr_t d, a;
    mpfr_init2(d, EXACT_BITS);
    mpfr_init2(a, mpfr_get_prec(pm1));
    diff_prod_mpfr(d, p, W, q);
    mpfr_mul(a, d, pm1, MPFR_RNDN);
    mpfr_mul(d, ds, r, MPFR_RNDN);
    mpfr_add(a, a, d, MPFR_RNDN);
    mpfr_fma(a, wu, t, a, MPFR_RNDN);
    mpfr_div(res, a, twopi, MPFR_RNDN);
    mpfr_clear(d);
    mpfr_clear(a);
}

void gdc_cnn_grad_mpfr(mpfr_ptr out, mpfr_srcptr X)
{
    mpfr_srcptr k = X, W = X + 1, N = X + 2, S = X + 3, phi = X + 4, x = X + 5, s = X + 6, n = X + 7;
    mpfr_prec_t wp = mpfr_get_prec(out) + 64;
    mpfr_t ds, u, pm1, twopi, a, b;
    mpfr_init2(ds, EXACT_BITS);
    mpfr_inits2(wp, u, pm1, twopi, a, b, (mpfr_ptr)0);
    gdc_cnn_pmg_mpfr(u, phi);
    mpfr_const_pi(twopi, MPFR_RNDN);
    mpfr_sub_ui(pm1, twopi, 1, MPFR_RNDN);
    mpfr_sub(a, twopi, phi, MPFR_RNDN);          /* out 0 = W x (pi - phi) sin phi (pi - phi: wp >> 53 bits) */
    mpfr_sin(b, phi, MPFR_RNDN);
    mpfr_mul(a, a, b, MPFR_RNDN);
    mpfr_mul(a, a, W, MPFR_RNDN);
    mpfr_mul(a, a, x, MPFR_RNDN);
    mpfr_mul_2ui(twopi, twopi, 1, MPFR_RNDN);
    mpfr_div(out, a, twopi, MPFR_RNDN);
    diff_prod_mpfr(ds, s, W, S);
    mpfr_mul(b, W, u, MPFR_RNDN);                /* W u */
    centred_mpfr(out + 1, x, W, N, ds, S, b, N, pm1, twopi); /* out 1 */
    mpfr_add(a, k, pm1, MPFR_RNDN);              /* out 2 */
    mpfr_mul(a, a, ds, MPFR_RNDN);
    mpfr_fma(a, b, S, a, MPFR_RNDN);
    mpfr_div(out + 2, a, twopi, MPFR_RNDN);
    centred_mpfr(out + 3, n, W, x, ds, s, b, x, pm1, twopi); /* out 3 */
    mpfr_clears(ds, u, pm1, twopi, a, b, (mpfr_ptr)0);
}

/* ---- definition check: the chain rule through cnn.loss's derivative enclosures ---- */
int gdc_cnn_def_grad(arb_ptr out, const double *x, slong prec)
{
    arb_ptr X = _arb_vec_init(GARGS), L = _arb_vec_init(1), J = _arb_vec_init(7);
    for (int i = 0; i < GARGS; i++)
        arb_set_d(X + i, x[i]);
    gdc_cnn_loss_arb(L, J, NULL, X + 1, prec); /* loss args (W, N, S, phi, x, s, n) */
    arb_srcptr Lx = J + 4, Ls = J + 5;
    arb_t Ln2;
    arb_init(Ln2);
    arb_mul_2exp_si(Ln2, J + 6, 1);
    arb_set(out, J + 3);
    arb_srcptr v1[3] = {X + GN, X + GS, X + GX}, v2[3] = {X + GS, X + GK, X + GSM}, v3[3] = {X + GX, X + GSM, X + GNN};
    arb_srcptr *rows[3] = {v1, v2, v3};
    for (int o = 0; o < 3; o++) {
        arb_mul(out + 1 + o, Lx, rows[o][0], prec);
        arb_addmul(out + 1 + o, Ls, rows[o][1], prec);
        arb_addmul(out + 1 + o, Ln2, rows[o][2], prec);
    }
    arb_clear(Ln2);
    _arb_vec_clear(X, GARGS);
    _arb_vec_clear(L, 1);
    _arb_vec_clear(J, 7);
    return 0;
}
