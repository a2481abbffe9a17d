/* MPFR point values of the CNN rows (003_676a49ed0823cdd9.txt; seed-003 C6, C12, C17), independent of the Arb
 * versions in how g is obtained: g and pi - g by the printed formula (pi - phi) cos phi + sin phi at a working
 * precision that absorbs its cancellation (cnn_g.c), where the Arb versions use the G3 series. Sums of products of
 * double inputs are formed exactly (EXACT_BITS covers any two doubles' products and their sums), so an exact zero
 * of the loss (the global minimum) stays an exact zero. */
#include "cnn/cnn.h"

#define EXACT_BITS 2400 /* 2 * (1024 + 1074) + 106 > the span of any sum of products of two doubles */

static void pmg_at(mpfr_t u, mpfr_srcptr phi, mpfr_prec_t prec)
{
    mpfr_set_prec(u, prec);
    gdc_cnn_pmg_mpfr(u, phi);
}

void gdc_cnn_loss_mpfr(mpfr_ptr out, mpfr_srcptr X)
{
    mpfr_srcptr W = X, N = X + 1, S = X + 2, phi = X + 3, x = X + 4, s = X + 5, n = X + 6;
    mpfr_prec_t wp = mpfr_get_prec(out) + 64;
    mpfr_t d2, ds, t, u, p;
    mpfr_inits2(EXACT_BITS, d2, ds, t, (mpfr_ptr)0);
    mpfr_inits2(wp, u, p, (mpfr_ptr)0);
    mpfr_mul(t, W, N, MPFR_RNDN);          /* D2 = n + W (W N - 2 x), exact */
    mpfr_mul_2ui(d2, x, 1, MPFR_RNDN);
    mpfr_sub(t, t, d2, MPFR_RNDN);
    mpfr_mul(t, t, W, MPFR_RNDN);
    mpfr_add(d2, t, n, MPFR_RNDN);
    mpfr_mul(t, W, S, MPFR_RNDN);          /* dS = s - W S, exact */
    mpfr_sub(ds, s, t, MPFR_RNDN);
    mpfr_sqr(ds, ds, MPFR_RNDN);
    pmg_at(u, phi, wp);
    mpfr_mul(t, W, x, MPFR_RNDN);          /* 2 W x u */
    mpfr_set_prec(p, wp);
    mpfr_mul(p, t, u, MPFR_RNDN);
    mpfr_mul_2ui(p, p, 1, MPFR_RNDN);
    mpfr_const_pi(u, MPFR_RNDN);           /* (pi - 1) D2 */
    mpfr_sub_ui(u, u, 1, MPFR_RNDN);
    mpfr_mul(u, u, d2, MPFR_RNDN);
    mpfr_add(p, p, u, MPFR_RNDN);
    mpfr_add(p, p, ds, MPFR_RNDN);
    mpfr_const_pi(u, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 2, MPFR_RNDN);
    mpfr_div(out, p, u, MPFR_RNDN);
    mpfr_clears(d2, ds, t, u, p, (mpfr_ptr)0);
}

void gdc_cnn_profile_loss_mpfr(mpfr_ptr out, mpfr_srcptr X)
{
    mpfr_srcptr k = X, W = X + 1, N = X + 2, S = X + 3, phi = X + 4;
    mpfr_prec_t wp = mpfr_get_prec(out) + 64;
    mpfr_t u, pm1, K, a, t;
    mpfr_inits2(wp, u, pm1, K, a, t, (mpfr_ptr)0);
    pmg_at(u, phi, wp);
    mpfr_const_pi(pm1, MPFR_RNDN);
    mpfr_sub_ui(pm1, pm1, 1, MPFR_RNDN);
    mpfr_add(K, k, pm1, MPFR_RNDN);
    mpfr_sqr(t, S, MPFR_RNDN);             /* a = (2 pi - 2 - u) N + u S^2/K */
    mpfr_div(t, t, K, MPFR_RNDN);
    mpfr_mul(t, t, u, MPFR_RNDN);
    mpfr_mul_2ui(a, pm1, 1, MPFR_RNDN);
    mpfr_sub(a, a, u, MPFR_RNDN);
    mpfr_mul(a, a, N, MPFR_RNDN);
    mpfr_add(a, a, t, MPFR_RNDN);
    mpfr_mul(a, a, u, MPFR_RNDN);
    mpfr_sqr(t, W, MPFR_RNDN);
    mpfr_mul(a, a, t, MPFR_RNDN);
    mpfr_const_pi(t, MPFR_RNDN);           /* / (4 pi (pi - 1)) */
    mpfr_mul(t, t, pm1, MPFR_RNDN);
    mpfr_mul_2ui(t, t, 2, MPFR_RNDN);
    mpfr_div(out, a, t, MPFR_RNDN);
    mpfr_clears(u, pm1, K, a, t, (mpfr_ptr)0);
}

void gdc_cnn_spurious_mpfr(mpfr_ptr out, mpfr_srcptr X)
{
    mpfr_srcptr k = X, W = X + 1, N = X + 2, S = X + 3;
    mpfr_prec_t wp = mpfr_get_prec(out) + 64;
    mpfr_t pi, K, q, t;
    mpfr_init2(t, EXACT_BITS);
    mpfr_inits2(wp, pi, K, q, (mpfr_ptr)0);
    mpfr_const_pi(pi, MPFR_RNDN);
    mpfr_sub_ui(K, pi, 1, MPFR_RNDN);
    mpfr_add(K, K, k, MPFR_RNDN);
    mpfr_sqr(q, S, MPFR_RNDN);             /* q = pi S^2/K */
    mpfr_mul(q, q, pi, MPFR_RNDN);
    mpfr_div(q, q, K, MPFR_RNDN);
    mpfr_sub_ui(t, pi, 2, MPFR_RNDN);      /* ((pi - 2) N + q) W^2/(4 (pi - 1)) */
    mpfr_mul(t, t, N, MPFR_RNDN);
    mpfr_add(t, t, q, MPFR_RNDN);
    mpfr_mul(t, t, W, MPFR_RNDN);
    mpfr_mul(t, t, W, MPFR_RNDN);
    mpfr_sub_ui(K, pi, 1, MPFR_RNDN);
    mpfr_div(t, t, K, MPFR_RNDN);
    mpfr_div_2ui(out, t, 2, MPFR_RNDN);
    mpfr_sub(t, q, N, MPFR_RNDN);          /* W (q - N)/(pi - 1) */
    mpfr_mul(t, t, W, MPFR_RNDN);
    mpfr_div(out + 1, t, K, MPFR_RNDN);
    mpfr_clears(pi, K, q, t, (mpfr_ptr)0);
}

void gdc_cnn_angle_step_mpfr(mpfr_ptr out, mpfr_srcptr X)
{
    mpfr_srcptr phi = X, y = X + 1;
    mpfr_t s, c, a, b;
    mpfr_inits2(EXACT_BITS, s, c, a, b, (mpfr_ptr)0);
    mpfr_sin_cos(s, c, phi, MPFR_RNDN);
    mpfr_mul(a, y, s, MPFR_RNDN);          /* c + y s^2 */
    mpfr_fma(a, a, s, c, MPFR_RNDN);
    mpfr_mul(b, y, c, MPFR_RNDN);          /* s |1 - y c| */
    mpfr_ui_sub(b, 1, b, MPFR_RNDN);
    mpfr_abs(b, b, MPFR_RNDN);
    mpfr_mul(b, b, s, MPFR_RNDN);
    mpfr_atan2(out, b, a, MPFR_RNDN);
    mpfr_clears(s, c, a, b, (mpfr_ptr)0);
}
