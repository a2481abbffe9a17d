/* MPFR point values of the Theorem 6/7 ratios (002_588e28744115f015.txt Sec. 4.7; seed-002 B14, B17, C22, C30),
 * in the cancellation-free forms proved in erf_ratio.c (R6 as the convex combination (*), R7 = K_u R6 + the
 * Delta term), at GDC_ERF_MPFR_WORK bits (128 above the output precision when that is higher). Vww^n - Vuw^n = +-M^n (1 - (1 - r)^n) with expm1/log1p, so no digit is
 * lost even at points with |w - u| far below 2^-53 |u|. */
#include "erf/erf_ratio.h"
#include "erf/erf.h"

#define NV 26
enum { U2, U, S, C, H, W1, W2, Y, WW, W1S, E, B, D, SB, SD, Z, P1, P2, P3, L1, L2, T0, T1, T2, T3, PI };

/* v[] holds the geometry of erf_ratio.c; returns 0 at w = u */
static int geo_mpfr(mpfr_t *v, mpfr_srcptr x)
{
    mpfr_const_pi(v[PI], MPFR_RNDN);
    mpfr_sqr(v[U2], x, MPFR_RNDN);
    mpfr_mul_ui(v[U2], v[U2], 12, MPFR_RNDN);
    mpfr_div(v[U2], v[U2], v[PI], MPFR_RNDN);
    mpfr_div(v[U2], v[U2], v[PI], MPFR_RNDN);
    mpfr_sqrt(v[U], v[U2], MPFR_RNDN);
    mpfr_sin_cos(v[S], v[C], x + 2, MPFR_RNDN);
    mpfr_div_2ui(v[H], x + 2, 1, MPFR_RNDN);
    mpfr_sin(v[H], v[H], MPFR_RNDN);
    mpfr_mul(v[T0], v[U], x + 1, MPFR_RNDN); /* rho U */
    mpfr_mul(v[W1], v[T0], v[S], MPFR_RNDN);
    mpfr_mul(v[W2], v[T0], v[C], MPFR_RNDN);
    mpfr_sqr(v[WW], v[T0], MPFR_RNDN);
    mpfr_sqr(v[T1], v[H], MPFR_RNDN);
    mpfr_mul(v[T1], v[T1], x + 1, MPFR_RNDN);
    mpfr_mul_2ui(v[T1], v[T1], 1, MPFR_RNDN);
    mpfr_ui_sub(v[T2], 1, x + 1, MPFR_RNDN);
    mpfr_add(v[T1], v[T1], v[T2], MPFR_RNDN);
    mpfr_mul(v[Y], v[U], v[T1], MPFR_RNDN);
    mpfr_sqr(v[W1S], v[W1], MPFR_RNDN);
    mpfr_mul_2ui(v[E], v[WW], 1, MPFR_RNDN);
    mpfr_add_ui(v[E], v[E], 1, MPFR_RNDN);
    mpfr_mul_2ui(v[B], v[WW], 2, MPFR_RNDN);
    mpfr_add_ui(v[B], v[B], 1, MPFR_RNDN);
    mpfr_add(v[D], v[U2], v[WW], MPFR_RNDN);
    mpfr_mul_2ui(v[D], v[D], 1, MPFR_RNDN);
    mpfr_mul(v[T1], v[U2], v[W1S], MPFR_RNDN);
    mpfr_mul_2ui(v[T1], v[T1], 2, MPFR_RNDN);
    mpfr_add(v[D], v[D], v[T1], MPFR_RNDN);
    mpfr_add_ui(v[D], v[D], 1, MPFR_RNDN);
    mpfr_sqrt(v[SB], v[B], MPFR_RNDN);
    mpfr_sqrt(v[SD], v[D], MPFR_RNDN);
    /* Z = sB sD (w2 sD + U (1 + 2 w1^2) sB) */
    mpfr_mul_2ui(v[T1], v[W1S], 1, MPFR_RNDN);
    mpfr_add_ui(v[T1], v[T1], 1, MPFR_RNDN);
    mpfr_mul(v[T1], v[T1], v[U], MPFR_RNDN);
    mpfr_mul(v[T1], v[T1], v[SB], MPFR_RNDN);
    mpfr_mul(v[T2], v[W2], v[SD], MPFR_RNDN);
    mpfr_add(v[Z], v[T1], v[T2], MPFR_RNDN);
    mpfr_mul(v[Z], v[Z], v[SB], MPFR_RNDN);
    mpfr_mul(v[Z], v[Z], v[SD], MPFR_RNDN);
    /* P1 = 1/sB + 2 U w2/sD */
    mpfr_mul(v[T1], v[U], v[W2], MPFR_RNDN);
    mpfr_mul_2ui(v[T1], v[T1], 1, MPFR_RNDN);
    mpfr_div(v[T1], v[T1], v[SD], MPFR_RNDN);
    mpfr_ui_div(v[P1], 1, v[SB], MPFR_RNDN);
    mpfr_add(v[P1], v[P1], v[T1], MPFR_RNDN);
    /* P2 = E (U + w2)/Z, P3 = 2 E U^2 (3 + 4 w1^2)/Z */
    mpfr_add(v[P2], v[U], v[W2], MPFR_RNDN);
    mpfr_mul(v[P2], v[P2], v[E], MPFR_RNDN);
    mpfr_div(v[P2], v[P2], v[Z], MPFR_RNDN);
    mpfr_mul_2ui(v[P3], v[W1S], 2, MPFR_RNDN);
    mpfr_add_ui(v[P3], v[P3], 3, MPFR_RNDN);
    mpfr_mul(v[P3], v[P3], v[U2], MPFR_RNDN);
    mpfr_mul(v[P3], v[P3], v[E], MPFR_RNDN);
    mpfr_mul_2ui(v[P3], v[P3], 1, MPFR_RNDN);
    mpfr_div(v[P3], v[P3], v[Z], MPFR_RNDN);
    /* lambda weights (MPFR's exponent range makes scaling unnecessary) */
    mpfr_sqr(v[L1], v[W1], MPFR_RNDN);
    mpfr_sqr(v[L2], v[Y], MPFR_RNDN);
    return !(mpfr_zero_p(v[L1]) && mpfr_zero_p(v[L2]));
}

/* res = R6 */
static void r6_mpfr(mpfr_t res, mpfr_t *v)
{
    mpfr_mul(v[T1], v[Y], v[P3], MPFR_RNDN);
    mpfr_add(v[T1], v[T1], v[P1], MPFR_RNDN);
    mpfr_mul(v[T1], v[T1], v[L1], MPFR_RNDN);
    mpfr_mul(v[T2], v[P2], v[L2], MPFR_RNDN);
    mpfr_add(v[T1], v[T1], v[T2], MPFR_RNDN);
    mpfr_add(v[T2], v[L1], v[L2], MPFR_RNDN);
    mpfr_mul(v[T2], v[T2], v[E], MPFR_RNDN);
    mpfr_div(v[T1], v[T1], v[T2], MPFR_RNDN);
    mpfr_mul_2ui(v[T1], v[T1], 2, MPFR_RNDN);
    mpfr_div(res, v[T1], v[PI], MPFR_RNDN);
}

static void vars_init(mpfr_t *v, mpfr_prec_t w)
{
    for (int i = 0; i < NV; i++)
        mpfr_init2(v[i], w);
}

static void vars_clear(mpfr_t *v)
{
    for (int i = 0; i < NV; i++)
        mpfr_clear(v[i]);
}

void gdc_erf_ratio6_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_t v[NV];
    vars_init(v, gdc_erf_mpfr_work(out, GDC_ERF_MPFR_WORK));
    if (geo_mpfr(v, x))
        r6_mpfr(v[T3], v), mpfr_set(out, v[T3], MPFR_RNDN);
    else
        mpfr_set_nan(out);
    vars_clear(v);
}

void gdc_erf_ratio7_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_t v[NV], r6, al, be, z, Vww, Vuw, Ta, Tb, G, t, DQ, Ku;
    vars_init(v, gdc_erf_mpfr_work(out, GDC_ERF_MPFR_WORK));
    if (!geo_mpfr(v, x)) {
        mpfr_set_nan(out);
        vars_clear(v);
        return;
    }
    mpfr_inits2(gdc_erf_mpfr_work(out, GDC_ERF_MPFR_WORK), r6, al, be, z, Vww, Vuw, Ta, Tb, G, t, DQ, Ku, (mpfr_ptr)0);
    r6_mpfr(r6, v);
    unsigned long k = mpfr_get_ui(x, MPFR_RNDN), n = k - 1;
    if (k == 1) {
        mpfr_mul_2ui(out, r6, 1, MPFR_RNDN);
        goto done;
    }
    /* al = 2W^2/sB, be = 2 U w2/sD, V = (2/pi) atan */
    mpfr_mul_2ui(al, v[WW], 1, MPFR_RNDN);
    mpfr_div(al, al, v[SB], MPFR_RNDN);
    mpfr_mul(be, v[U], v[W2], MPFR_RNDN);
    mpfr_mul_2ui(be, be, 1, MPFR_RNDN);
    mpfr_div(be, be, v[SD], MPFR_RNDN);
    mpfr_atan(Vww, al, MPFR_RNDN);
    mpfr_div(Vww, Vww, v[PI], MPFR_RNDN);
    mpfr_mul_2ui(Vww, Vww, 1, MPFR_RNDN);
    mpfr_atan(Vuw, be, MPFR_RNDN);
    mpfr_div(Vuw, Vuw, v[PI], MPFR_RNDN);
    mpfr_mul_2ui(Vuw, Vuw, 1, MPFR_RNDN);
    /* Ta = P1 - w2 P3, Tb = w2 P2, z = 2 (w1^2 Ta - y Tb)/(1 + al be) */
    mpfr_mul(Ta, v[W2], v[P3], MPFR_RNDN);
    mpfr_sub(Ta, v[P1], Ta, MPFR_RNDN);
    mpfr_mul(Tb, v[W2], v[P2], MPFR_RNDN);
    mpfr_mul(z, v[W1S], Ta, MPFR_RNDN);
    mpfr_mul(t, v[Y], Tb, MPFR_RNDN);
    mpfr_sub(z, z, t, MPFR_RNDN);
    mpfr_mul_2ui(z, z, 1, MPFR_RNDN);
    mpfr_mul(t, al, be, MPFR_RNDN);
    mpfr_add_ui(t, t, 1, MPFR_RNDN);
    mpfr_div(z, z, t, MPFR_RNDN);
    /* G = [l2 w2 Tb + l1 (w1^2 Ta - y (w2 Ta + Tb))]/(l1 + l2) */
    mpfr_mul(G, v[W2], Ta, MPFR_RNDN);
    mpfr_add(G, G, Tb, MPFR_RNDN);
    mpfr_mul(G, G, v[Y], MPFR_RNDN);
    mpfr_mul(v[T1], v[W1S], Ta, MPFR_RNDN);
    mpfr_sub(G, v[T1], G, MPFR_RNDN);
    mpfr_mul(G, G, v[L1], MPFR_RNDN);
    mpfr_mul(v[T1], v[W2], Tb, MPFR_RNDN);
    mpfr_mul(v[T1], v[T1], v[L2], MPFR_RNDN);
    mpfr_add(G, G, v[T1], MPFR_RNDN);
    mpfr_add(v[T1], v[L1], v[L2], MPFR_RNDN);
    mpfr_div(G, G, v[T1], MPFR_RNDN);
    /* C = (4/pi)/(E sB) (2/pi) (atan z/z) 2/(1 + al be); t holds 1 + al be */
    mpfr_mul(v[T1], v[E], v[SB], MPFR_RNDN);
    mpfr_mul(v[T1], v[T1], t, MPFR_RNDN);
    mpfr_mul(v[T1], v[T1], v[PI], MPFR_RNDN);
    mpfr_mul(v[T1], v[T1], v[PI], MPFR_RNDN);
    mpfr_ui_div(v[T1], 16, v[T1], MPFR_RNDN);
    if (!mpfr_zero_p(z)) {
        mpfr_atan(t, z, MPFR_RNDN);
        mpfr_div(t, t, z, MPFR_RNDN);
        mpfr_mul(v[T1], v[T1], t, MPFR_RNDN);
    }
    /* d = Vww - Vuw = (2/pi) atan z; DQ = k (Vww^n - Vuw^n)/d */
    mpfr_atan(t, z, MPFR_RNDN);
    mpfr_div(t, t, v[PI], MPFR_RNDN);
    mpfr_mul_2ui(t, t, 1, MPFR_RNDN);
    if (n == 1) {
        mpfr_set_ui(DQ, k, MPFR_RNDN);
    } else if (mpfr_zero_p(t)) {
        mpfr_pow_ui(DQ, Vww, n - 1, MPFR_RNDN);
        mpfr_mul_ui(DQ, DQ, k * n, MPFR_RNDN);
    } else {
        mpfr_ptr M = mpfr_sgn(t) > 0 ? Vww : Vuw;
        mpfr_abs(t, t, MPFR_RNDN);
        mpfr_div(v[T2], t, M, MPFR_RNDN);
        if (mpfr_cmp_ui(v[T2], 1) > 0)
            mpfr_set_ui(v[T2], 1, MPFR_RNDN);
        mpfr_neg(v[T2], v[T2], MPFR_RNDN);
        mpfr_log1p(v[T2], v[T2], MPFR_RNDN);
        mpfr_mul_ui(v[T2], v[T2], n, MPFR_RNDN);
        mpfr_expm1(v[T2], v[T2], MPFR_RNDN);
        mpfr_neg(v[T2], v[T2], MPFR_RNDN);
        mpfr_pow_ui(DQ, M, n, MPFR_RNDN);
        mpfr_mul(DQ, DQ, v[T2], MPFR_RNDN);
        mpfr_div(DQ, DQ, t, MPFR_RNDN);
        mpfr_mul_ui(DQ, DQ, k, MPFR_RNDN);
    }
    mpfr_pow_ui(Ku, Vuw, n, MPFR_RNDN);
    mpfr_mul_ui(Ku, Ku, k, MPFR_RNDN);
    mpfr_add_ui(Ku, Ku, 1, MPFR_RNDN);
    mpfr_mul(v[T1], v[T1], DQ, MPFR_RNDN);
    mpfr_mul(v[T1], v[T1], G, MPFR_RNDN);
    mpfr_mul(r6, r6, Ku, MPFR_RNDN);
    mpfr_add(out, r6, v[T1], MPFR_RNDN);
done:
    mpfr_clears(r6, al, be, z, Vww, Vuw, Ta, Tb, G, t, DQ, Ku, (mpfr_ptr)0);
    vars_clear(v);
}
