/* C5 and C8 of seed-002: the Section-3 FC objective F (eq. (2), App. B.1 of 002_588e28744115f015.txt) and its
 * corrected gradient, double / Arb / MPFR, from the scalar arguments {k, U, a1, t1, R, beta} (cosine_fc.h).
 *
 * Geometry (exact algebra, no cancellation): V = sqrt(k-1) U,
 *   A  = |w_1 - u0|^2 = (a1-U)^2 + 4 a1 U sin^2(t1/2),   P1 = |w_1 + u0|^2 = (a1-U)^2 + 4 a1 U cos^2(t1/2),
 *   B  = |what - uhat0|^2 = (R-V)^2 + 4 R V sin^2(beta/2), P2 likewise with cos^2,
 *   Mm = A + B, Mp = P1 + P2, N = a1^2 + R^2, D = N - k U^2 = (a1-U)(a1+U) + (R-V)(R+V),
 *   y = 2 w.ubar0 = 2(a1 U cos t1 + R V cos beta),
 *   de1 = a1 - U cos t1 = (a1-U) + 2U sin^2(t1/2), se1 = a1 + U cos t1 = (a1-U) + 2U cos^2(t1/2), deh, seh alike.
 * Loss: F = (9k/2) A + Ecc/2 with Ecc the cancellation-free form of C4 shared with cosine.ecc
 * (gdc_cosine_ecc_core_d, _mpfr and the jet core of cosine_jet.h: every term >= 0, so F = O(|w - ubar0|^2) is
 * computed to full relative accuracy).
 * Gradient: with Em = e^{-Mm/2}, Ep = e^{-Mp/2}, E2 = e^{-2N}, each block b (d_b = w_b - v_b, s_b = w_b + v_b)
 *   grad_b (Ecc/2) = -E2 w_b + Em d_b/2 + Ep s_b/2 = -(dlt/2) d_b + (Ep - E2) w_b = (dlt/2) s_b + (Em - E2) w_b,
 *   dlt = Ep - Em = Em expm1(-y) = -Ep expm1(y),
 *   Ep - E2 = E2 expm1(X),  X  = 2N - Mp/2 = 2 w.d - Mm/2,  w.d = a1 de1 + R deh   (near w = ubar0),
 *   Em - E2 = E2 expm1(X'), X' = 2N - Mm/2 = 2 w.s - Mp/2,  w.s = a1 se1 + R seh   (near w = -ubar0, y < 0),
 * (when X > 1/2: Ep - E2 = -Ep expm1(-X), no overflow). Components: <w_b, e> = |w_b|, <d_b, e> = de_b,
 * <s_b, e> = se_b, <w_b, n> = 0, <d_b, n> = -|v_b| sin t_b, <s_b, n> = |v_b| sin t_b; block 1 adds 9k d_1. */
#include <math.h>
#include <stdlib.h>
#include "cosine/cosine.h"
#include "cosine/cosine_fc.h"
#include "core/dd_elem.h"
#include "core/angle.h"

/* ================= double =================
 * Double-double throughout. Every norm is split as a = am 2^ea (am in [1/2, 1)), and each geometric term is
 * computed from the mantissas at its own binary scale (products of two norms at 2^(ea+ec), differences of a block
 * at the block's larger scale 2^s), so no square over- or underflows whatever the mix of magnitudes. Quadratic
 * quantities are scaled back (clamped at 2^1000, where every exponential is 0) for the exponentials; each output is
 * a short sum of scaled terms, added at the scale of its largest term and rounded once (dd_sumn). Exponentials e^L
 * with -1500 < L < -600 are computed as 2^j e^L (no subnormal intermediates); below -1500 every product with the
 * outputs' factors (<= 2^1038) is below 2^-1125 and rounds to 0. */

#define FC_BIG 0x1p1000

static int fc_exp(double x) { return x > 0 ? ilogb(x) + 1 : -4000; } /* x = m 2^e, m in [1/2, 1); 0: below all */

/* q 2^e, clamped to +-2^1000 (q a quadratic quantity: beyond, every exponential of it is 0) */
static gdc_dd_t up(gdc_dd_t q, int e)
{
    if (q.hi == 0.0)
        return q;
    if (ilogb(q.hi) + e > 1000)
        return gdc_dd_d(q.hi > 0 ? FC_BIG : -FC_BIG);
    return gdc_dd_ldexp(q, e);
}

/* sum_i v_i 2^e_i = r 2^eo, added at the scale eo of the largest term (smaller terms that underflow there are
 * below 2^-1070 of it) */
static gdc_dd_t dd_sum_sc(const gdc_dd_t *v, const int *e, int n, int *eo)
{
    int e0 = -100000;
    for (int i = 0; i < n; i++)
        if (v[i].hi != 0.0 && ilogb(v[i].hi) + e[i] > e0)
            e0 = ilogb(v[i].hi) + e[i];
    gdc_dd_t r = gdc_dd_d(0.0);
    *eo = e0 == -100000 ? 0 : e0;
    for (int i = 0; i < n && e0 != -100000; i++)
        if (v[i].hi != 0.0)
            r = gdc_dd_add(r, gdc_dd_ldexp(v[i], e[i] - e0));
    return r;
}

/* the same sum as a double, rounded once */
static double dd_sumn(const gdc_dd_t *v, const int *e, int n)
{
    int eo;
    gdc_dd_t r = dd_sum_sc(v, e, n, &eo);
    return ldexp(gdc_dd_to_d(r), eo);
}

/* expm1(q 2^e) = f 2^ef: f = q, ef = e when |q 2^e| < 2^-900 (expm1(z) = z (1 + z/2 + ...), the relative error
 * 2^-901 is below the double-double rounding), else expm1 of the clamped value, ef = 0 */
static gdc_dd_t expm1_sc(gdc_dd_t q, int e, int *ef)
{
    if (q.hi == 0.0 || ilogb(q.hi) + e < -900) {
        *ef = q.hi == 0.0 ? 0 : e;
        return q;
    }
    *ef = 0;
    return cdd_expm1_fast(up(q, e));
}

/* one block: |w_b| = a = am 2^ea, |v_b| = c = cm 2^ec, angle t; s = max(ea, ec) */
typedef struct {
    int s, ea, ec;
    double am;
    gdc_dd_t d2, x4m, x4p; /* (a-c)^2 at 2^2s; 4ac sin^2(t/2), 4ac cos^2(t/2) at 2^(ea+ec) */
    gdc_dd_t de, se;       /* a -+ c cos t = (a-c) + 2c sin^2(t/2), (a-c) + 2c cos^2(t/2), at 2^s */
    gdc_dd_t wv, D;        /* a c cos t at 2^(ea+ec); (a-c)(a+c) at 2^2s */
    gdc_dd_t nw, nv;       /* a^2 at 2^2ea, c^2 at 2^2ec */
} blk_t;

static void block_dd(blk_t *B, double a, int ec, gdc_dd_t cm, double t)
{
    gdc_dd_t S, C;
    cdd_sincos_pi(0.5 * t, &S, &C);
    gdc_dd_t s2 = gdc_dd_sqr(S), c2 = gdc_dd_sqr(C);
    B->ea = fc_exp(a);
    B->ec = ec;
    B->am = ldexp(a, -B->ea);
    B->s = B->ea > ec ? B->ea : ec;
    gdc_dd_t as = gdc_dd_d(ldexp(a, -B->s)), cs = gdc_dd_ldexp(cm, ec - B->s);
    gdc_dd_t amc = gdc_dd_sub(as, cs), ac = gdc_dd_mul_d(cm, B->am), ac4 = gdc_dd_ldexp(ac, 2);
    B->d2 = gdc_dd_sqr(amc);
    B->x4m = gdc_dd_mul(ac4, s2);
    B->x4p = gdc_dd_mul(ac4, c2);
    B->de = gdc_dd_add(amc, gdc_dd_ldexp(gdc_dd_mul(cs, s2), 1));
    B->se = gdc_dd_add(amc, gdc_dd_ldexp(gdc_dd_mul(cs, c2), 1));
    B->wv = gdc_dd_mul(ac, gdc_dd_sub(c2, s2));
    B->D = gdc_dd_mul(amc, gdc_dd_add(as, cs));
    B->nw = gdc_dd_two_prod(B->am, B->am);
    B->nv = gdc_dd_sqr(cm);
}

typedef struct {
    blk_t b1, bh;
    gdc_dd_t sk1, st1, sb;          /* sqrt(k-1), sin t1, sin beta */
    gdc_dd_t Mm, Mp, N, kU2, D; /* unscaled, clamped */
    gdc_dd_t y;                 /* y = 2 w.ubar0 = y 2^ye */
    int ye;
} fc_geom_t;

static gdc_dd_t blk_m(const blk_t *B, int plus)
{
    return gdc_dd_add(up(B->d2, 2 * B->s), up(plus ? B->x4p : B->x4m, B->ea + B->ec));
}

static void fc_geom(fc_geom_t *G, const double *x)
{
    double k = x[0], U = x[1], a1 = x[2], t1 = x[3], R = x[4], be = x[5];
    double h = sqrt(k - 1.0); /* sqrt(k-1) = h + (k-1 - h^2)/(2h) to about 2^-104 */
    G->sk1 = gdc_dd_fast_two_sum(h, fma(-h, h, k - 1.0) / (2.0 * h));
    int eu = fc_exp(U), ek = fc_exp(h);
    block_dd(&G->b1, a1, eu, gdc_dd_d(ldexp(U, -eu)), t1);
    block_dd(&G->bh, R, eu + ek, gdc_dd_mul_d(gdc_dd_ldexp(G->sk1, -ek), ldexp(U, -eu)), be);
    gdc_dd_t S, C;
    cdd_sincos_pi(0.5 * t1, &S, &C);
    G->st1 = gdc_dd_ldexp(gdc_dd_mul(S, C), 1);
    cdd_sincos_pi(0.5 * be, &S, &C);
    G->sb = gdc_dd_ldexp(gdc_dd_mul(S, C), 1);
    const blk_t *B1 = &G->b1, *Bh = &G->bh;
    G->Mm = gdc_dd_add(blk_m(B1, 0), blk_m(Bh, 0));
    G->Mp = gdc_dd_add(blk_m(B1, 1), blk_m(Bh, 1));
    G->N = gdc_dd_add(up(B1->nw, 2 * B1->ea), up(Bh->nw, 2 * Bh->ea));
    G->kU2 = gdc_dd_add(up(B1->nv, 2 * B1->ec), up(Bh->nv, 2 * Bh->ec));
    G->D = gdc_dd_add(up(B1->D, 2 * B1->s), up(Bh->D, 2 * Bh->s));
    gdc_dd_t wv[2] = {B1->wv, Bh->wv};
    int ewv[2] = {B1->ea + B1->ec + 1, Bh->ea + Bh->ec + 1};
    G->y = dd_sum_sc(wv, ewv, 2, &G->ye);
}

/* c U s 2^e for a moderate double-double c (|c| <= 2^15), a double U >= 0 and 0 <= s <= 1 (a sine), without a
 * subnormal or infinite intermediate that the exact value does not have (Dekker's products are exact only away
 * from underflow): U s first when U is huge (then U s >= 2^-74); else c U, times s, with c U scaled by 2^600
 * when the product is below 2^-960 */
static double prod_cus(gdc_dd_t c, double U, gdc_dd_t s, int e)
{
    if (U == 0.0 || s.hi == 0.0 || c.hi == 0.0)
        return 0.0;
    double est = (U * s.hi) * c.hi;
    if (!(fabs(est) < 0x1p1020)) /* overflows: est is inf, or within rounding of the largest doubles */
        return ldexp(est, e);
    if (U > 0x1p1000)
        return ldexp(gdc_dd_to_d(gdc_dd_mul(gdc_dd_mul_d(s, U), c)), e);
    gdc_dd_t a = gdc_dd_mul_d(c, U);
    double r = gdc_dd_to_d(gdc_dd_mul(a, s));
    if (fabs(r) < 0x1p-960 && fabs(a.hi) < 0x1p400)
        return ldexp(gdc_dd_to_d(gdc_dd_mul(gdc_dd_ldexp(a, 600), s)), e - 600);
    return ldexp(r, e);
}

void gdc_cosine_fc_loss_d(double *out, const double *x)
{
    fc_geom_t G;
    fc_geom(&G, x);
    const blk_t *B1 = &G.b1;
    double mn2 = G.N.hi < G.kU2.hi ? gdc_dd_to_d(G.N) : gdc_dd_to_d(G.kU2);
    double e = gdc_cosine_ecc_core_d(gdc_dd_to_d(G.Mm), gdc_dd_to_d(G.Mp), gdc_dd_to_d(G.D), mn2);
    /* (9k/2) A + Ecc/2, A = (a1-U)^2 + 4 a1 U sin^2(t1/2) */
    gdc_dd_t v[3] = {gdc_dd_mul_d(B1->d2, 4.5 * x[0]), gdc_dd_mul_d(B1->x4m, 4.5 * x[0]), gdc_dd_d(0.5 * e)};
    int ex[3] = {2 * B1->s, B1->ea + B1->ec, 0};
    out[0] = dd_sumn(v, ex, 3);
}

/* exp(x + j ln 2) = 2^j exp(x) (j ln 2 as a double-double) */
static gdc_dd_t exp_shift(gdc_dd_t x, long j)
{
    if (j == 0)
        return cdd_exp_fast(x);
    gdc_dd_t s = gdc_dd_add(gdc_dd_two_prod((double)j, CDD_LN2_HI), gdc_dd_d((double)j * CDD_LN2_LO));
    return cdd_exp_fast(gdc_dd_add(x, s));
}

/* binary scale j for e^L, -1500 < L < -600: 2^j e^L in [1/2, 1] */
static long fc_shift(double L)
{
    return L < -600 && L > -1500 ? (long)(-L / CDD_LN2_HI) : 0;
}

/* The gradient (out[4]) and its form g_b = cd (w_b -+ v_b) + cw w_b (+ 9k d_1): c[0] = mirror (1: s_b = w_b + v_b),
 * c[1] = cd, c[2] = cw. */
static void fc_grad_core(double *out, double *c, const double *x)
{
    double k9 = 9.0 * x[0], U = x[1];
    fc_geom_t G;
    fc_geom(&G, x);
    const blk_t *B1 = &G.b1, *Bh = &G.bh;
    int mirror = G.y.hi < 0;
    gdc_dd_t xm = gdc_dd_neg(gdc_dd_ldexp(G.Mm, -1)), xp = gdc_dd_neg(gdc_dd_ldexp(G.Mp, -1));
    gdc_dd_t x2 = gdc_dd_neg(gdc_dd_ldexp(G.N, 1));
    /* dlt = Ed expm1(-y) (Ed = Em), or -Ed expm1(y) (Ed = Ep) in the mirror form; |expm1| <= 1; ey = ey 2^eye */
    int eye, eff;
    gdc_dd_t xd = mirror ? xp : xm, ey = expm1_sc(mirror ? G.y : gdc_dd_neg(G.y), G.ye, &eye);
    if (mirror)
        ey = gdc_dd_neg(ey);
    gdc_dd_t e1 = mirror ? B1->se : B1->de, eh = mirror ? Bh->se : Bh->de;
    /* Fc = Ep - E2 (Em - E2 when mirror) = Ef f with Ef = E2, f = expm1(X), or Ef = Ep (Em), f = -expm1(-X) when
     * X > 1/2 (f = f 2^eff). When 2N > 1500 (E2 negligible) or the other exponent is below -1500, Fc is the single
     * remaining term; otherwise every quadratic quantity is below ~10^4 (|v| <= |w| + |w -+ v|), none clamped. */
    gdc_dd_t xo = mirror ? xm : xp, xf, f;
    int n_big = G.N.hi > 750, o_big = xo.hi < -1500;
    eff = 0;
    if (n_big && o_big) {
        xf = gdc_dd_d(-FC_BIG);
        f = gdc_dd_d(0.0);
    } else if (n_big) {
        xf = xo;
        f = gdc_dd_d(1.0);
    } else if (o_big) {
        xf = x2;
        f = gdc_dd_d(-1.0);
    } else {
        /* X = 2 w.d - Mm/2 (2 w.s - Mp/2): w.d = a1 de1 + R deh, Mm = sum of the four block terms */
        const blk_t *B[2] = {B1, Bh};
        gdc_dd_t v[6];
        int e[6];
        for (int i = 0; i < 2; i++) {
            v[3 * i] = gdc_dd_mul_d(i ? eh : e1, B[i]->am);
            e[3 * i] = B[i]->ea + B[i]->s + 1;
            v[3 * i + 1] = gdc_dd_neg(B[i]->d2);
            e[3 * i + 1] = 2 * B[i]->s - 1;
            v[3 * i + 2] = gdc_dd_neg(mirror ? B[i]->x4p : B[i]->x4m);
            e[3 * i + 2] = B[i]->ea + B[i]->ec - 1;
        }
        int eX;
        gdc_dd_t X = dd_sum_sc(v, e, 6, &eX);
        int big = X.hi != 0.0 && ilogb(X.hi) + eX >= -1 && X.hi > 0; /* X >= 1/2 */
        xf = big ? xo : x2;
        if (big) {
            f = gdc_dd_neg(cdd_expm1_fast(gdc_dd_neg(up(X, eX))));
        } else
            f = expm1_sc(X, eX, &eff);
    }
    long j02 = fc_shift(xd.hi > xf.hi ? xd.hi : xf.hi), j3 = fc_shift(xd.hi);
    gdc_dd_t h = gdc_dd_ldexp(gdc_dd_mul(exp_shift(xd, j02), ey), -1); /* 2^(j02 - eye) dlt/2 */
    gdc_dd_t cd = mirror ? h : gdc_dd_neg(h), Fc = gdc_dd_mul(exp_shift(xf, j02), f);
    int j = (int)j02;
    /* block 1: 9k de1 + 2^-j (cd e1 + Fc a1); block hat: 2^-j (cd eh + Fc R) */
    gdc_dd_t v0[3] = {gdc_dd_mul_d(B1->de, k9), gdc_dd_mul(cd, e1), gdc_dd_mul_d(Fc, B1->am)};
    int x0[3] = {B1->s, B1->s - j + eye, B1->ea - j + eff};
    out[0] = dd_sumn(v0, x0, 3);
    gdc_dd_t v2[2] = {gdc_dd_mul(cd, eh), gdc_dd_mul_d(Fc, Bh->am)};
    int x2e[2] = {Bh->s - j + eye, Bh->ea - j + eff};
    out[2] = dd_sumn(v2, x2e, 2);
    /* n components: -(9k - dlt/2) U sin t1 and (dlt/2) sqrt(k-1) U sin beta */
    out[1] = prod_cus(gdc_dd_add_d(up(h, eye - j), -k9), U, G.st1, 0);
    gdc_dd_t h3 = gdc_dd_ldexp(gdc_dd_mul(exp_shift(xd, j3), ey), -1);
    out[3] = prod_cus(gdc_dd_mul(h3, G.sk1), U, G.sb, eye - (int)j3);
    c[0] = mirror, c[1] = ldexp(gdc_dd_to_d(cd), eye - j), c[2] = ldexp(gdc_dd_to_d(Fc), eff - j);
}

void gdc_cosine_fc_grad_d(double *out, const double *x)
{
    double c[3];
    fc_grad_core(out, c, x);
}

/* ================= Arb =================
 * The Arb values of cosine.fc_loss and cosine.fc_grad are the jet forms of cosine_fc_deriv.c evaluated without
 * variables (gdc_ajet_eval_value): each stable form is written once for values and derivatives. */

/* ================= MPFR (the same forms at gdc_cosine_mpfr_wp bits; exact zeros stay exact) ================= */

typedef struct {
    mpfr_t V, A, Mm, Mp, N, kU2, D, de1, se1, deh, seh, Ust1, Vsb, y;
} geom_mp_t;

static void geom_mp_init(geom_mp_t *G, mpfr_prec_t wp)
{
    mpfr_inits2(wp, G->V, G->A, G->Mm, G->Mp, G->N, G->kU2, G->D, G->de1, G->se1, G->deh, G->seh,
                G->Ust1, G->Vsb, G->y, (mpfr_ptr)0);
}

static void geom_mp_clear(geom_mp_t *G)
{
    mpfr_clears(G->V, G->A, G->Mm, G->Mp, G->N, G->kU2, G->D, G->de1, G->se1, G->deh, G->seh, G->Ust1, G->Vsb,
                G->y, (mpfr_ptr)0);
}

static void block_mp(mpfr_t m, mpfr_t p, mpfr_t de, mpfr_t se, mpfr_t csn, mpfr_t acc, mpfr_srcptr a,
                     mpfr_srcptr c, mpfr_srcptr t)
{
    mpfr_t s2, c2, amc, ac4, u;
    mpfr_inits2(mpfr_get_prec(m), s2, c2, amc, ac4, u, (mpfr_ptr)0);
    mpfr_div_2ui(u, t, 1, MPFR_RNDN);
    mpfr_sin_cos(s2, c2, u, MPFR_RNDN);
    mpfr_sqr(s2, s2, MPFR_RNDN);
    mpfr_sqr(c2, c2, MPFR_RNDN);
    mpfr_sub(amc, a, c, MPFR_RNDN);
    mpfr_mul(ac4, a, c, MPFR_RNDN);
    mpfr_mul_2ui(ac4, ac4, 2, MPFR_RNDN);
    mpfr_sqr(u, amc, MPFR_RNDN);
    mpfr_fma(m, ac4, s2, u, MPFR_RNDN);
    mpfr_fma(p, ac4, c2, u, MPFR_RNDN);
    mpfr_mul_2ui(u, c, 1, MPFR_RNDN);
    mpfr_fma(de, u, s2, amc, MPFR_RNDN);
    mpfr_fma(se, u, c2, amc, MPFR_RNDN);
    mpfr_sin_cos(csn, acc, t, MPFR_RNDN);
    mpfr_mul(csn, csn, c, MPFR_RNDN);
    mpfr_mul(acc, acc, a, MPFR_RNDN);
    mpfr_mul(acc, acc, c, MPFR_RNDN);
    mpfr_clears(s2, c2, amc, ac4, u, (mpfr_ptr)0);
}

static void geom_mp(geom_mp_t *G, mpfr_srcptr x)
{
    mpfr_srcptr k = x, U = x + 1, a1 = x + 2, t1 = x + 3, R = x + 4, be = x + 5;
    mpfr_t P1, B, P2, u, v;
    mpfr_inits2(mpfr_get_prec(G->A), P1, B, P2, u, v, (mpfr_ptr)0);
    mpfr_sub_ui(G->V, k, 1, MPFR_RNDN);
    mpfr_sqrt(G->V, G->V, MPFR_RNDN);
    mpfr_mul(G->V, G->V, U, MPFR_RNDN);
    block_mp(G->A, P1, G->de1, G->se1, G->Ust1, u, a1, U, t1);
    block_mp(B, P2, G->deh, G->seh, G->Vsb, v, R, G->V, be);
    mpfr_add(G->y, u, v, MPFR_RNDN);
    mpfr_mul_2ui(G->y, G->y, 1, MPFR_RNDN);
    mpfr_add(G->Mm, G->A, B, MPFR_RNDN);
    mpfr_add(G->Mp, P1, P2, MPFR_RNDN);
    mpfr_sqr(u, a1, MPFR_RNDN);
    mpfr_fma(G->N, R, R, u, MPFR_RNDN);
    mpfr_sqr(G->kU2, U, MPFR_RNDN);
    mpfr_mul(G->kU2, G->kU2, k, MPFR_RNDN);
    mpfr_sub(G->D, G->N, G->kU2, MPFR_RNDN);
    mpfr_clears(P1, B, P2, u, v, (mpfr_ptr)0);
}

void gdc_cosine_fc_loss_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    geom_mp_t G;
    mpfr_t mn2, e;
    geom_mp_init(&G, gdc_cosine_mpfr_wp(out));
    mpfr_inits2(gdc_cosine_mpfr_wp(out), mn2, e, (mpfr_ptr)0);
    geom_mp(&G, x);
    mpfr_min(mn2, G.N, G.kU2, MPFR_RNDN);
    gdc_cosine_ecc_core_mpfr(e, G.Mm, G.Mp, G.D, mn2);
    mpfr_div_2ui(e, e, 1, MPFR_RNDN);
    mpfr_mul(mn2, G.A, x, MPFR_RNDN);
    mpfr_mul_ui(mn2, mn2, 9, MPFR_RNDN);
    mpfr_div_2ui(mn2, mn2, 1, MPFR_RNDN);
    mpfr_add(out, e, mn2, MPFR_RNDN);
    mpfr_clears(mn2, e, (mpfr_ptr)0);
    geom_mp_clear(&G);
}

static void mp_exp_neg_half(mpfr_t r, mpfr_srcptr m)
{
    mpfr_div_2ui(r, m, 1, MPFR_RNDN);
    mpfr_neg(r, r, MPFR_RNDN);
    mpfr_exp(r, r, MPFR_RNDN);
}

void gdc_cosine_fc_grad_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    geom_mp_t G;
    mpfr_srcptr a1 = x + 2, R = x + 4;
    mpfr_t Em, Ep, E2, h, X, Fc, k9, t;
    geom_mp_init(&G, gdc_cosine_mpfr_wp(out));
    mpfr_inits2(gdc_cosine_mpfr_wp(out), Em, Ep, E2, h, X, Fc, k9, t, (mpfr_ptr)0);
    geom_mp(&G, x);
    mp_exp_neg_half(Em, G.Mm);
    mp_exp_neg_half(Ep, G.Mp);
    mpfr_mul_2ui(E2, G.N, 2, MPFR_RNDN);
    mp_exp_neg_half(E2, E2);
    int mirror = mpfr_sgn(G.y) < 0;
    if (!mirror) {
        mpfr_neg(h, G.y, MPFR_RNDN);
        mpfr_expm1(h, h, MPFR_RNDN);
        mpfr_mul(h, h, Em, MPFR_RNDN);
    } else {
        mpfr_expm1(h, G.y, MPFR_RNDN);
        mpfr_mul(h, h, Ep, MPFR_RNDN);
        mpfr_neg(h, h, MPFR_RNDN);
    }
    mpfr_div_2ui(h, h, 1, MPFR_RNDN);
    mpfr_srcptr e1 = mirror ? G.se1 : G.de1, eh = mirror ? G.seh : G.deh;
    mpfr_mul(X, e1, a1, MPFR_RNDN);
    mpfr_fma(X, eh, R, X, MPFR_RNDN);
    mpfr_mul_2ui(X, X, 1, MPFR_RNDN);
    mpfr_div_2ui(t, mirror ? G.Mp : G.Mm, 1, MPFR_RNDN);
    mpfr_sub(X, X, t, MPFR_RNDN);
    if (mpfr_cmp_d(X, 0.5) > 0) {
        mpfr_neg(X, X, MPFR_RNDN);
        mpfr_expm1(X, X, MPFR_RNDN);
        mpfr_mul(Fc, X, mirror ? Em : Ep, MPFR_RNDN);
        mpfr_neg(Fc, Fc, MPFR_RNDN);
    } else {
        mpfr_expm1(X, X, MPFR_RNDN);
        mpfr_mul(Fc, X, E2, MPFR_RNDN);
    }
    if (!mirror)
        mpfr_neg(t, h, MPFR_RNDN);
    else
        mpfr_set(t, h, MPFR_RNDN);
    mpfr_mul_ui(k9, x, 9, MPFR_RNDN);
    {
        mpfr_t s;
        mpfr_init2(s, gdc_cosine_mpfr_wp(out));
        mpfr_mul(s, G.de1, k9, MPFR_RNDN);
        mpfr_fma(s, t, e1, s, MPFR_RNDN);
        mpfr_fma(out, Fc, a1, s, MPFR_RNDN);
        mpfr_mul(s, t, eh, MPFR_RNDN);
        mpfr_fma(out + 2, Fc, R, s, MPFR_RNDN);
        mpfr_clear(s);
    }
    mpfr_sub(t, k9, h, MPFR_RNDN);
    mpfr_mul(t, t, G.Ust1, MPFR_RNDN);
    mpfr_neg(out + 1, t, MPFR_RNDN);
    mpfr_mul(out + 3, h, G.Vsb, MPFR_RNDN);
    mpfr_clears(Em, Ep, E2, h, X, Fc, k9, t, (mpfr_ptr)0);
    geom_mp_clear(&G);
}

/* ================= vector API ================= */

static double dotv(const double *a, const double *b, size_t n)
{
    double s = 0;
    for (size_t i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

/* uhat0 = (u0, ..., u0) (k-1 copies); caller frees */
static double *uhat_alloc(int d, int k, const double *u0)
{
    double *uh = malloc(sizeof(double) * (size_t)d * (size_t)(k - 1));
    for (int i = 0; i < k - 1; i++)
        for (int j = 0; j < d; j++)
            uh[i * d + j] = u0[j];
    return uh;
}

void gdc_cosine_fc_args(double *x, int d, int k, const double *w, const double *u0)
{
    size_t nh = (size_t)d * (size_t)(k - 1);
    double *uh = uhat_alloc(d, k, u0);
    x[0] = k;
    x[1] = gdc_vec_norm(u0, (size_t)d);
    x[2] = gdc_vec_norm(w, (size_t)d);
    x[3] = gdc_vec_angle(w, u0, (size_t)d);
    x[4] = gdc_vec_norm(w + d, nh);
    x[5] = gdc_vec_angle(w + d, uh, nh);
    free(uh);
}

double gdc_cosine_fc_loss_vec(int d, int k, const double *w, const double *u0)
{
    double x[6], F;
    gdc_cosine_fc_args(x, d, k, w, u0);
    gdc_cosine_fc_loss_d(&F, x);
    return F;
}

void gdc_cosine_fc_grad_vec(double *g, int d, int k, const double *w, const double *u0)
{
    double x[6], out[4], c[3];
    gdc_cosine_fc_args(x, d, k, w, u0);
    fc_grad_core(out, c, x);
    double sg = c[0] != 0 ? 1.0 : -1.0, k9 = 9.0 * k;
    for (int i = 0; i < k; i++)
        for (int j = 0; j < d; j++) {
            double wb = w[i * d + j], db = wb - u0[j];
            double v = c[1] * (wb + sg * u0[j]) + c[2] * wb;
            g[i * d + j] = i == 0 ? fma(k9, db, v) : v;
        }
}

/* e = a/|a| (b/|b| when a = 0, e_0 when both are 0); n = the unit vector of b/|b| - (b/|b|.e) e (n = a
 * coordinate direction made orthogonal to e when that is 0: the n component of the outputs is 0 there) */
static void unit_frame(double *e, double *n, const double *a, const double *b, size_t len)
{
    double na = gdc_vec_norm(a, len), nb = gdc_vec_norm(b, len);
    for (size_t i = 0; i < len; i++)
        e[i] = na > 0 ? a[i] / na : nb > 0 ? b[i] / nb : (i == 0);
    for (size_t i = 0; i < len; i++)
        n[i] = nb > 0 ? b[i] / nb : 0.0;
    double c = dotv(n, e, len);
    for (size_t i = 0; i < len; i++)
        n[i] -= c * e[i];
    double nn = gdc_vec_norm(n, len);
    if (!(nn > 1e-150)) {
        size_t best = 0; /* the coordinate direction least aligned with e */
        for (size_t i = 1; i < len; i++)
            if (fabs(e[i]) < fabs(e[best]))
                best = i;
        for (size_t i = 0; i < len; i++)
            n[i] = (i == best) - e[best] * e[i];
        nn = gdc_vec_norm(n, len);
    }
    for (size_t i = 0; i < len; i++)
        n[i] = nn > 0 ? n[i] / nn : 0.0; /* d (k-1) = 1: no normal direction exists */
    if (nn > 0) { /* a second Gram-Schmidt pass ("twice is enough"): after one pass <e, n> is about eps/sin t */
        c = dotv(n, e, len);
        for (size_t i = 0; i < len; i++)
            n[i] -= c * e[i];
        nn = gdc_vec_norm(n, len);
        for (size_t i = 0; i < len; i++)
            n[i] = n[i] / nn;
    }
}

void gdc_cosine_fc_frame(double *e1, double *n1, double *eh, double *nh, int d, int k, const double *w,
                         const double *u0)
{
    size_t len = (size_t)d * (size_t)(k - 1);
    double *uh = uhat_alloc(d, k, u0);
    unit_frame(e1, n1, w, u0, (size_t)d);
    unit_frame(eh, nh, w + d, uh, len);
    free(uh);
}
