/* MPFR values of the deep ReLU kernels relu.nngp and relu.ntk (definitions in relu_deep.c): the textbook
 * recursion, independent of the double and Arb forms,
 *   rho_0 = cos t, theta_l = acos rho_l, rho_{l+1} = (sin theta_l + (pi - theta_l) rho_l)/pi,
 *   tau_0 = rho_0, tau_{l+1} = tau_l (pi - theta_l)/pi + rho_{l+1},
 * at a working precision raised for what it loses: 1 - rho_l by subtraction (about 2 log2(1/t) bits and 2 log2 L
 * bits: 1 - rho_L is of order 1/L^2), acos near 1 (half of those again), h near t = pi (3 log2(1/(pi - t)) bits),
 * and the L roundings of the recursion (log2 L bits). The result is confirmed Ziv-style: two evaluations at
 * different working precisions must round to the same outputs, else the precision is doubled. */
#include "relu/relu.h"

static long neg_exp(mpfr_srcptr x)
{
    if (mpfr_zero_p(x) || !mpfr_number_p(x))
        return 0;
    long e = mpfr_get_exp(x);
    return e < 0 ? -e : 0;
}

/* y[0] = a b rho_L, y[1] = a b (1 - rho_L), y[2] = a b tau_L at working precision wp */
static void textbook(mpfr_t *y, long L, mpfr_srcptr a, mpfr_srcptr b, mpfr_srcptr t, mpfr_prec_t wp)
{
    mpfr_t pi, rho, th, tau, s, u;
    mpfr_inits2(wp, pi, rho, th, tau, s, u, (mpfr_ptr)0);
    mpfr_const_pi(pi, MPFR_RNDN);
    mpfr_cos(rho, t, MPFR_RNDN);
    mpfr_set(th, t, MPFR_RNDN);
    mpfr_set(tau, rho, MPFR_RNDN);
    for (long l = 0; l < L; l++) {
        if (l > 0)
            mpfr_acos(th, rho, MPFR_RNDN);
        mpfr_sub(u, pi, th, MPFR_RNDN);      /* pi - theta */
        mpfr_mul(tau, tau, u, MPFR_RNDN);
        mpfr_div(tau, tau, pi, MPFR_RNDN);
        mpfr_sin(s, th, MPFR_RNDN);
        mpfr_mul(u, u, rho, MPFR_RNDN);
        mpfr_add(rho, s, u, MPFR_RNDN);
        mpfr_div(rho, rho, pi, MPFR_RNDN);
        mpfr_add(tau, tau, rho, MPFR_RNDN);
    }
    mpfr_mul(u, a, b, MPFR_RNDN);
    mpfr_mul(y[0], u, rho, MPFR_RNDN);
    mpfr_ui_sub(rho, 1, rho, MPFR_RNDN);
    mpfr_mul(y[1], u, rho, MPFR_RNDN);
    mpfr_mul(y[2], u, tau, MPFR_RNDN);
    mpfr_clears(pi, rho, th, tau, s, u, (mpfr_ptr)0);
}

static mpfr_prec_t extra_bits(long L, mpfr_srcptr t)
{
    mpfr_t e;
    mpfr_init2(e, mpfr_get_prec(t) + 128);
    mpfr_const_pi(e, MPFR_RNDN);
    mpfr_sub(e, e, t, MPFR_RNDN);
    mpfr_prec_t x = 64 + 3 * neg_exp(t) + 3 * neg_exp(e);
    for (long k = L + 1; k > 0; k >>= 1)
        x += 4;
    mpfr_clear(e);
    return x;
}

static void deep_mpfr(mpfr_ptr out, int nout, int first, mpfr_srcptr x)
{
    long L = mpfr_get_si(x, MPFR_RNDN);
    mpfr_prec_t p = 2;
    for (int k = 0; k < nout; k++)
        if (mpfr_get_prec(out + k) > p)
            p = mpfr_get_prec(out + k);
    mpfr_prec_t wp = p + extra_bits(L, x + 3);
    mpfr_t y1[3], y2[3], o;
    for (int k = 0; k < 3; k++) {
        mpfr_init2(y1[k], 2);
        mpfr_init2(y2[k], 2);
    }
    mpfr_init2(o, p);
    for (;;) {
        for (int k = 0; k < 3; k++) {
            mpfr_set_prec(y1[k], wp);
            mpfr_set_prec(y2[k], wp + wp / 2 + 32);
        }
        textbook(y1, L, x + 1, x + 2, x + 3, wp);
        textbook(y2, L, x + 1, x + 2, x + 3, wp + wp / 2 + 32);
        int same = 1;
        for (int k = 0; k < nout; k++) {
            mpfr_set_prec(o, mpfr_get_prec(out + k));
            mpfr_set(out + k, y1[first + k], MPFR_RNDN);
            mpfr_set(o, y2[first + k], MPFR_RNDN);
            same = same && mpfr_equal_p(o, out + k);
        }
        if (same || wp > (1L << 20))
            break;
        wp *= 2;
    }
    for (int k = 0; k < 3; k++) {
        mpfr_clear(y1[k]);
        mpfr_clear(y2[k]);
    }
    mpfr_clear(o);
}

void gdc_relu_nngp_mpfr(mpfr_ptr res, mpfr_srcptr x) { deep_mpfr(res, 2, 0, x); }
void gdc_relu_ntk_mpfr(mpfr_ptr res, mpfr_srcptr x) { deep_mpfr(res, 1, 2, x); }
