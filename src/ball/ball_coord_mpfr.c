/* ball.coord in MPFR (seed-004 C8), independent of the Arb code's incomplete beta: with
 * I_p(u) = int_u^1 (1 - t^2)^p dt, integration by parts of d/dt [t (1 - t^2)^p] gives
 *   I_p(u) = (2p I_{p-1}(u) - u (1 - u^2)^p)/(2p + 1),  from I_0 = 1 - u (d odd) or I_{-1/2} = acos u (d even),
 * and C_d = 1/I_m(-1), m = (d - 1)/2. Then P = C_d I_m(u), E1 = C_d (1 - u^2)^(m+1)/(d + 1),
 * E2 = C_d (I_m(u) - I_{m+1}(u)), E[(T-u)_+] = E1 - u P, E[(T-u)_+^2] = E2 - 2u E1 + u^2 P.
 * Each step multiplies the error carried from I_{p-1} by 2p/(2p + 1) < 1, so the absolute error stays at the
 * rounding level of the largest I_p; the working precision adds the bits that the tail's smallness and the
 * cancellations of the last two outputs cost (estimated generously in double, plus 64). */
#include <math.h>
#include "ball/ball.h"

static void recur(mpfr_t res, mpfr_t res_next, long d, const mpfr_t u, mpfr_prec_t w)
{
    /* res = I_m(u), res_next = I_{m+1}(u) */
    mpfr_t z, zp, t, i;
    mpfr_inits2(w, z, zp, t, i, (mpfr_ptr)0);
    mpfr_sqr(z, u, MPFR_RNDN);
    mpfr_ui_sub(z, 1, z, MPFR_RNDN);
    long two_p; /* 2p */
    if (d % 2) {
        mpfr_ui_sub(i, 1, u, MPFR_RNDN);
        mpfr_set_ui(zp, 1, MPFR_RNDN);
        two_p = 0;
    } else {
        mpfr_acos(i, u, MPFR_RNDN);
        mpfr_rec_sqrt(zp, z, MPFR_RNDN); /* z^(-1/2); z > 0 here */
        two_p = -1;
    }
    /* zp = z^p */
    for (;;) {
        if (two_p == d - 1)
            mpfr_set(res, i, MPFR_RNDN);
        if (two_p == d + 1) {
            mpfr_set(res_next, i, MPFR_RNDN);
            break;
        }
        two_p += 2;
        mpfr_mul(zp, zp, z, MPFR_RNDN);
        mpfr_mul_si(i, i, two_p, MPFR_RNDN);
        mpfr_mul(t, u, zp, MPFR_RNDN);
        mpfr_sub(i, i, t, MPFR_RNDN);
        mpfr_div_si(i, i, two_p + 1, MPFR_RNDN);
    }
    mpfr_clears(z, zp, t, i, (mpfr_ptr)0);
}

/* res = I_m(-1) = B(1/2, m + 1): I_p(-1) = 2p/(2p + 1) I_{p-1}(-1) from I_0(-1) = 2 or I_{-1/2}(-1) = pi */
static void beta_m(mpfr_t res, long d)
{
    long two_p = (d % 2) ? 0 : -1;
    if (d % 2)
        mpfr_set_ui(res, 2, MPFR_RNDN);
    else
        mpfr_const_pi(res, MPFR_RNDN);
    while (two_p < d - 1) {
        two_p += 2;
        mpfr_mul_si(res, res, two_p, MPFR_RNDN);
        mpfr_div_si(res, res, two_p + 1, MPFR_RNDN);
    }
}

void gdc_ball_coord_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    long d = mpfr_get_si(x + 0, MPFR_RNDN);
    double ud = mpfr_get_d(x + 1, MPFR_RNDN);
    if (mpfr_cmp_si(x + 1, 1) >= 0 || mpfr_cmp_si(x + 1, -1) <= 0) {
        int up = mpfr_cmp_si(x + 1, 1) >= 0;
        int end = mpfr_cmp_si(x + 1, 1) == 0 || mpfr_cmp_si(x + 1, -1) == 0;
        mpfr_set_d(out + 0, (end && d == 1) ? 0.5 : 0.0, MPFR_RNDN);
        mpfr_set_ui(out + 1, up ? 0 : 1, MPFR_RNDN);
        if (up) {
            mpfr_set_ui(out + 2, 0, MPFR_RNDN);
            mpfr_set_ui(out + 3, 0, MPFR_RNDN);
        } else {
            mpfr_neg(out + 2, x + 1, MPFR_RNDN);
            mpfr_sqr(out + 3, x + 1, MPFR_RNDN);
            mpfr_t q;
            mpfr_init2(q, mpfr_get_prec(out + 3) + 64);
            mpfr_set_ui(q, 1, MPFR_RNDN);
            mpfr_div_ui(q, q, (unsigned long)d + 2, MPFR_RNDN);
            mpfr_add(out + 3, out + 3, q, MPFR_RNDN);
            mpfr_clear(q);
        }
        return;
    }
    double z = 1.0 - ud * ud, lost = 64 + 6 * log2((double)d + 2.0);
    if (ud > 0) {
        lost += -(0.5 * (double)d + 1.5) * log2(z > 1e-300 ? z : 1e-300);
        lost += -3.0 * log2(1.0 - ud > 1e-300 ? 1.0 - ud : 1e-300);
    }
    mpfr_prec_t w = mpfr_get_prec(out + 3) + (mpfr_prec_t)lost;
    mpfr_t u, im, im1, c, c1, e1, e2, t;
    mpfr_inits2(w, u, im, im1, c, c1, e1, e2, t, (mpfr_ptr)0);
    mpfr_set(u, x + 1, MPFR_RNDN);
    recur(im, im1, d, u, w);
    beta_m(c, d); /* c = I_m(-1) = B(1/2, m + 1) = 1/C_d */
    /* f = z^m/I_m(-1) */
    mpfr_sqr(t, u, MPFR_RNDN);
    mpfr_ui_sub(t, 1, t, MPFR_RNDN);
    mpfr_set_si(e1, d - 1, MPFR_RNDN);
    mpfr_div_2ui(e1, e1, 1, MPFR_RNDN);
    mpfr_pow(e2, t, e1, MPFR_RNDN);
    mpfr_div(out + 0, e2, c, MPFR_RNDN);
    /* E1 = z^(m+1)/((d+1) I_m(-1)) */
    mpfr_mul(e1, e2, t, MPFR_RNDN);
    mpfr_div(e1, e1, c, MPFR_RNDN);
    mpfr_div_ui(e1, e1, (unsigned long)d + 1, MPFR_RNDN);
    /* P, E2 */
    mpfr_div(im, im, c, MPFR_RNDN);
    mpfr_div(im1, im1, c, MPFR_RNDN);
    mpfr_sub(e2, im, im1, MPFR_RNDN);
    mpfr_set(out + 1, im, MPFR_RNDN);
    mpfr_mul(t, u, im, MPFR_RNDN);
    mpfr_sub(c1, e1, t, MPFR_RNDN); /* E[(T-u)_+] */
    mpfr_set(out + 2, c1, MPFR_RNDN);
    mpfr_add(t, e1, c1, MPFR_RNDN);
    mpfr_mul(t, t, u, MPFR_RNDN);
    mpfr_sub(out + 3, e2, t, MPFR_RNDN);
    mpfr_clears(u, im, im1, c, c1, e1, e2, t, (mpfr_ptr)0);
}
