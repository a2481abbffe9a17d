/* ball.disk_grad in MPFR at a point: an independent route to the same outputs as ball_grad_arb.c. The cross term's
 * derivatives and the both-active probability P = d^2 K/(dbw dbv) (E[relu(w.x) relu(v.x)] differentiated in both
 * biases gives E[1(w.x > 0) 1(v.x > 0)]) are central differences of the MPFR ball.disk_cross, K being analytic in its
 * arguments away from the configurations where breakpoints meet: at W bits a first difference with step 2^-(W/3)
 * is accurate to about 2^-(2W/3) K''', the mixed second one with step 2^-(W/4) to about 2^-(W/2) K''''; with
 * W = 3 p + 192 both errors are far below the output precision p for derivatives of moderate size. The first term
 * comes from ball.coord(2, -bw/s) as in the Arb version. */
#include "ball/ball.h"

/* K at x with x[j] += e1 h and x[i] += e2 h (i, j < 5; e1, e2 in {-1, 0, 1}) */
static void k_at(mpfr_t res, mpfr_srcptr x, int j, int e1, int i, int e2, const mpfr_t h)
{
    mpfr_prec_t w = mpfr_get_prec(res);
    mpfr_t y[5];
    for (int l = 0; l < 5; l++) {
        mpfr_init2(y[l], w);
        mpfr_set(y[l], x + l, MPFR_RNDN);
    }
    if (e1)
        (e1 > 0 ? mpfr_add : mpfr_sub)(y[j], y[j], h, MPFR_RNDN);
    if (e2)
        (e2 > 0 ? mpfr_add : mpfr_sub)(y[i], y[i], h, MPFR_RNDN);
    if ((e1 && j == 4) || (e2 && i == 4)) {
        /* K is even in theta about 0 and about pi (the reflection y2 -> -y2) */
        mpfr_t pi;
        mpfr_init2(pi, w);
        mpfr_const_pi(pi, MPFR_RNDN);
        if (mpfr_sgn(y[4]) < 0)
            mpfr_neg(y[4], y[4], MPFR_RNDN);
        if (mpfr_cmp(y[4], pi) > 0)
            mpfr_mul_2ui(pi, pi, 1, MPFR_RNDN), mpfr_sub(y[4], pi, y[4], MPFR_RNDN);
        mpfr_clear(pi);
    }
    mpfr_ptr v = (mpfr_ptr)y; /* mpfr_t y[5] is 5 contiguous structs */
    gdc_ball_disk_cross_mpfr(res, v);
    for (int l = 0; l < 5; l++)
        mpfr_clear(y[l]);
}

/* central difference of K in x[j], step 2^-e */
static void d1(mpfr_t res, mpfr_srcptr x, int j, long e)
{
    mpfr_prec_t w = mpfr_get_prec(res);
    mpfr_t h, a;
    mpfr_inits2(w, h, a, (mpfr_ptr)0);
    mpfr_set_ui_2exp(h, 1, -e, MPFR_RNDN);
    k_at(res, x, j, 1, 0, 0, h);
    k_at(a, x, j, -1, 0, 0, h);
    mpfr_sub(res, res, a, MPFR_RNDN);
    mpfr_div_2si(res, res, 1 - e, MPFR_RNDN);
    mpfr_clears(h, a, (mpfr_ptr)0);
}

/* bits the theta difference loses when theta (or pi - theta) is far below the step: K is even about 0 and pi, so
 * K(theta + h) - K(h - theta) ~ 2 theta h K'' cancels to 2^-(e + W/3) of K, e = -log2 theta (0 at theta = 2^-1074:
 * dK/dtheta ~ -1.9e-324 came out 0 at W = 3 p + 192, the special-argument check). With W = 3 p + 192 + 2 e the
 * difference keeps W - (e + W/3) = 2 p + 128 + e/3 bits, as at theta ~ 1 */
/* bits by which |u| exceeds |small| (0 when small is 0 or not smaller) */
static long gap_bits(mpfr_srcptr small, mpfr_srcptr u)
{
    if (mpfr_zero_p(small) || mpfr_zero_p(u))
        return 0;
    long g = mpfr_get_exp(u) - mpfr_get_exp(small);
    return g > 0 ? g : 0;
}

/* likewise the theta dependence of K comes with the factors s and t only, while K has the scale (s + |bw|)(t + |bv|):
 * at s = 2^-1074, bw = 1/2 dK/dtheta/s = -4.7e-10 came out 0 */
static mpfr_prec_t scale_bits(mpfr_srcptr x)
{
    return 2 * (mpfr_prec_t)(gap_bits(x + 0, x + 1) + gap_bits(x + 2, x + 3));
}

static mpfr_prec_t theta_bits(mpfr_srcptr th)
{
    mpfr_t d;
    mpfr_init2(d, mpfr_get_prec(th) + 64);
    mpfr_const_pi(d, MPFR_RNDN);
    mpfr_sub(d, d, th, MPFR_RNDN); /* pi - theta, relative error 2^-(prec + 63): its exponent within one */
    long e = mpfr_zero_p(th) ? 0 : -mpfr_get_exp(th), f = mpfr_zero_p(d) ? 0 : -mpfr_get_exp(d);
    mpfr_clear(d);
    e = e > f ? e : f;
    return e > 0 ? 2 * (mpfr_prec_t)e : 0;
}

void gdc_ball_disk_grad_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_prec_t p = mpfr_get_prec(out), w = 3 * p + 192 + theta_bits(x + 4) + scale_bits(x);
    mpfr_t k, a, h, c[4], u[2];
    mpfr_inits2(w, k, a, h, (mpfr_ptr)0);
    for (int i = 0; i < 4; i++)
        mpfr_init2(c[i], w);
    for (int i = 0; i < 2; i++)
        mpfr_init2(u[i], w);
    mpfr_ptr cc = (mpfr_ptr)c, uu = (mpfr_ptr)u;
    /* flat neurons: w.x <= 0 on the disk gives 0 outright; v.x <= 0 removes the cross term (the differences would
     * straddle the non-analytic edge s + bw = 0 or t + bv = 0) */
    mpfr_add(a, x + 0, x + 1, MPFR_RNDN);
    int wflat = mpfr_sgn(a) <= 0;
    mpfr_add(a, x + 2, x + 3, MPFR_RNDN);
    int vflat = mpfr_sgn(a) <= 0;
    if (wflat) {
        for (int i = 0; i < 4; i++)
            mpfr_set_ui(out + i, 0, MPFR_RNDN);
        goto done;
    }
    mpfr_set_ui(uu + 0, 2, MPFR_RNDN);
    mpfr_div(uu + 1, x + 1, x + 0, MPFR_RNDN);
    mpfr_neg(uu + 1, uu + 1, MPFR_RNDN);
    gdc_ball_coord_mpfr(cc, uu);
    long e1 = (long)(w / 3);
#define D1(j) (vflat ? (void)mpfr_set_ui(k, 0, MPFR_RNDN) : d1(k, x, j, e1))
    D1(0); /* dK/ds */
    /* E[relu(w.x) y1] = s c3 - bw c2; where u <= -1 (the whole disk active) exactly s E[y1^2] = s/4 (the form
     * cancels like u^2 there: s = 2^-1074, bw = 3 needs 2150 bits) */
    int whole = mpfr_cmp_si(uu + 1, -1) <= 0;
    if (whole) {
        mpfr_div_2ui(a, x + 0, 2, MPFR_RNDN);
    } else {
        mpfr_mul(a, x + 0, cc + 3, MPFR_RNDN);
        mpfr_mul(h, x + 1, cc + 2, MPFR_RNDN);
        mpfr_sub(a, a, h, MPFR_RNDN);
    }
    mpfr_sub(out + 0, a, k, MPFR_RNDN);
    D1(4); /* dK/dth */
    mpfr_div(out + 1, k, x + 0, MPFR_RNDN);
    D1(1); /* dK/dbw */
#undef D1
    if (whole)
        mpfr_set(a, x + 1, MPFR_RNDN); /* E[s y1 + bw] = bw */
    else
        mpfr_mul(a, x + 0, cc + 2, MPFR_RNDN);
    mpfr_sub(out + 2, a, k, MPFR_RNDN);
    /* P: mixed difference in (bw, bv) with step 2^-(W/4) */
    long e2 = (long)(w / 4);
    mpfr_set_ui_2exp(h, 1, -e2, MPFR_RNDN);
    k_at(k, x, 1, 1, 3, 1, h);
    k_at(a, x, 1, 1, 3, -1, h);
    mpfr_sub(k, k, a, MPFR_RNDN);
    k_at(a, x, 1, -1, 3, 1, h);
    mpfr_sub(k, k, a, MPFR_RNDN);
    k_at(a, x, 1, -1, 3, -1, h);
    mpfr_add(k, k, a, MPFR_RNDN);
    mpfr_div_2si(out + 3, k, 2 - 2 * e2, MPFR_RNDN);
    if (vflat)
        mpfr_set_ui(out + 3, 0, MPFR_RNDN);
done:
    mpfr_clears(k, a, h, (mpfr_ptr)0);
    for (int i = 0; i < 4; i++)
        mpfr_clear(c[i]);
    for (int i = 0; i < 2; i++)
        mpfr_clear(u[i]);
}
