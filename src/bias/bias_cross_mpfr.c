/* MPFR values of the Gaussian cross moment, loss and loss gap (seed-004 C11, C12, C5): the printed closed form of
 * C11 with Phi2 from gdc_bias_bvn_mpfr (at theta = 0 the rho = 1 limit of C11), and m2 from C9. The working
 * precision adds the bits the cancellations cost: 6 log2(2 + |h| + |k|) for mu << 0 (polynomial in mu) and
 * -log2 |w - v|^2 for F near w = v, plus 64. Independent of the Arb code and of the double kernels (which
 * integrate a conditional expectation instead). */
#include <math.h>
#include "bias/bias.h"
#include "bias/bias_cross.h"

static mpfr_prec_t work_prec(mpfr_srcptr x, mpfr_prec_t p, int kind)
{
    double s = mpfr_get_d(x, MPFR_RNDN), bw = mpfr_get_d(x + 1, MPFR_RNDN), t = mpfr_get_d(x + 2, MPFR_RNDN);
    double bv = mpfr_get_d(x + 3, MPFR_RNDN), th = mpfr_get_d(x + 4, MPFR_RNDN);
    double e = 64 + 6 * log2(2 + fabs(bw / s) + fabs(bv / t));
    if (kind == GDC_BIAS_F) {
        e += gdc_bias_near_bits(s, bw, t, bv, th);
    }
    return p + (mpfr_prec_t)e;
}

void gdc_bias_cross_kind_mpfr(int kind, mpfr_ptr res, mpfr_srcptr x)
{
    if (kind == GDC_BIAS_F && mpfr_equal_p(x, x + 2) && mpfr_equal_p(x + 1, x + 3) && mpfr_zero_p(x + 4)) {
        mpfr_set_zero(res, 1); /* w = v */
        return;
    }
    mpfr_prec_t w = work_prec(x, mpfr_get_prec(res), kind);
    mpfr_t h, k, rho, r, P, A, B, ph, pk, t1, t2, J;
    mpfr_inits2(w, h, k, rho, r, P, A, B, ph, pk, t1, t2, J, (mpfr_ptr)0);
    mpfr_div(h, x + 1, x, MPFR_RNDN);
    mpfr_div(k, x + 3, x + 2, MPFR_RNDN);
    mpfr_sin_cos(r, rho, x + 4, MPFR_RNDN);
    gdc_bias_phi_mpfr(ph, h, w);
    gdc_bias_phi_mpfr(pk, k, w);
    if (mpfr_zero_p(r)) {
        /* (1 + h k) Phi(m) + max(h, k) phi(m) */
        mpfr_srcptr m = mpfr_cmp(h, k) < 0 ? h : k, M = mpfr_cmp(h, k) < 0 ? k : h;
        gdc_bias_Phi_mpfr(t1, m, w);
        mpfr_mul(t2, h, k, MPFR_RNDN);
        mpfr_add_ui(t2, t2, 1, MPFR_RNDN);
        mpfr_mul(J, t1, t2, MPFR_RNDN);
        gdc_bias_phi_mpfr(t1, m, w);
        mpfr_fma(J, M, t1, J, MPFR_RNDN);
    } else {
        gdc_bias_bvn_mpfr(P, h, k, rho);
        mpfr_mul(t1, rho, h, MPFR_RNDN); /* A = (k - rho h)/r */
        mpfr_sub(t1, k, t1, MPFR_RNDN);
        mpfr_div(t1, t1, r, MPFR_RNDN);
        gdc_bias_Phi_mpfr(A, t1, w);
        gdc_bias_phi_mpfr(t2, t1, w);
        mpfr_mul(t2, t2, r, MPFR_RNDN);
        mpfr_mul(J, t2, ph, MPFR_RNDN); /* r phi(h) phi(A) */
        mpfr_mul(t1, rho, k, MPFR_RNDN);
        mpfr_sub(t1, h, t1, MPFR_RNDN);
        mpfr_div(t1, t1, r, MPFR_RNDN);
        gdc_bias_Phi_mpfr(B, t1, w);
        mpfr_mul(t1, ph, A, MPFR_RNDN);
        mpfr_fma(J, k, t1, J, MPFR_RNDN);
        mpfr_mul(t1, pk, B, MPFR_RNDN);
        mpfr_fma(J, h, t1, J, MPFR_RNDN);
        mpfr_mul(t2, h, k, MPFR_RNDN);
        mpfr_add(t2, t2, rho, MPFR_RNDN);
        mpfr_fma(J, t2, P, J, MPFR_RNDN);
    }
    mpfr_mul(J, J, x, MPFR_RNDN);
    mpfr_mul(J, J, x + 2, MPFR_RNDN);
    if (kind != GDC_BIAS_J) {
        gdc_bias_m2_mpfr(t1, x, x + 1);
        mpfr_div_2ui(t1, t1, 1, MPFR_RNDN);
        if (kind == GDC_BIAS_F) {
            gdc_bias_m2_mpfr(t2, x + 2, x + 3);
            mpfr_div_2ui(t2, t2, 1, MPFR_RNDN);
            mpfr_add(t1, t1, t2, MPFR_RNDN);
        }
        mpfr_sub(J, t1, J, MPFR_RNDN);
    }
    mpfr_set(res, J, MPFR_RNDN);
    mpfr_clears(h, k, rho, r, P, A, B, ph, pk, t1, t2, J, (mpfr_ptr)0);
}
