/* MPFR values of the Gaussian population gradient (seed-004 C13) and of <grad F(w), w - v> (C15), the printed
 * closed forms: with A = Phi(mu_w) - phi(mu_w) E1/s, E1 = t r (g Phi(g) + phi(g)), g = (mu_v - rho mu_w)/r,
 * P = Phi2(mu_w, mu_v; rho) (gdc_bias_bvn_mpfr), grad_w~ F = A w~ - P v~:
 *   gs = A s - P t rho, gn = -P t r, gb = m1(s, bw) - [t phi(mu_v) Phi((mu_w - rho mu_v)/r) + t rho phi(mu_w) Phi(g)
 *   + bv P], corr = A (s^2 - s t rho) - P (s t rho - t^2) + gb (bw - bv)  (C15 as printed).
 * At theta = 0 exactly (r = 0) the limits: Phi(g) and Phi((mu_w - mu_v)/r) are 1, 0 or 1/2 (tie), r phi(g) = 0 and
 * P = Phi(min(mu_w, mu_v)). The working precision adds the bits the cancellations cost (as bias_cross_mpfr.c:
 * 6 log2(2 + |mu_w| + |mu_v|), and -log2 |w - v|^2 near w = v), plus 64. Independent of the Arb code (jets of the
 * rearranged form) and of the double kernels (1-D conditional integrals). */
#include <math.h>
#include "bias/bias.h"
#include "bias/bias_cross.h"

static mpfr_prec_t work_prec(mpfr_srcptr x, mpfr_prec_t p)
{
    double s = mpfr_get_d(x, MPFR_RNDN), bw = mpfr_get_d(x + 1, MPFR_RNDN), t = mpfr_get_d(x + 2, MPFR_RNDN);
    double bv = mpfr_get_d(x + 3, MPFR_RNDN), th = mpfr_get_d(x + 4, MPFR_RNDN);
    double e = 64 + 6 * log2(2 + fabs(bw / s) + fabs(bv / t));
    e += gdc_bias_near_bits(s, bw, t, bv, th);
    return p + (mpfr_prec_t)e;
}

/* Phi(num/r), with the limits at r = 0 */
static void inner_Phi(mpfr_ptr res, mpfr_srcptr num, mpfr_srcptr r, mpfr_prec_t w)
{
    if (mpfr_zero_p(r)) {
        mpfr_set_d(res, mpfr_sgn(num) > 0 ? 1.0 : mpfr_sgn(num) < 0 ? 0.0 : 0.5, MPFR_RNDN);
        return;
    }
    mpfr_t a;
    mpfr_init2(a, w);
    mpfr_div(a, num, r, MPFR_RNDN);
    gdc_bias_Phi_mpfr(res, a, w);
    mpfr_clear(a);
}

/* out[0..3] = gs, gn, gb, corr */
static void grad_all(mpfr_t *out, mpfr_srcptr x, mpfr_prec_t w)
{
    mpfr_t h, k, rho, r, P, g, PA, PB, ph, pk, E1, A, t1, t2;
    mpfr_inits2(w, h, k, rho, r, P, g, PA, PB, ph, pk, E1, A, t1, t2, (mpfr_ptr)0);
    mpfr_div(h, x + 1, x, MPFR_RNDN);
    mpfr_div(k, x + 3, x + 2, MPFR_RNDN);
    mpfr_sin_cos(r, rho, x + 4, MPFR_RNDN);
    gdc_bias_phi_mpfr(ph, h, w);
    gdc_bias_phi_mpfr(pk, k, w);
    mpfr_mul(t1, rho, h, MPFR_RNDN);
    mpfr_sub(t1, k, t1, MPFR_RNDN); /* mu_v - rho mu_w */
    inner_Phi(PA, t1, r, w);
    mpfr_mul(t2, rho, k, MPFR_RNDN);
    mpfr_sub(t2, h, t2, MPFR_RNDN);
    inner_Phi(PB, t2, r, w);
    if (mpfr_zero_p(r)) {
        gdc_bias_Phi_mpfr(P, mpfr_cmp(h, k) < 0 ? h : k, w);
        mpfr_mul(E1, t1, PA, MPFR_RNDN); /* t r (g Phi(g) + phi(g)) with r phi(g) -> 0 */
    } else {
        gdc_bias_bvn_mpfr(P, h, k, rho);
        mpfr_div(g, t1, r, MPFR_RNDN);
        gdc_bias_phi_mpfr(t2, g, w);
        mpfr_mul(t2, t2, r, MPFR_RNDN);
        mpfr_fma(E1, t1, PA, t2, MPFR_RNDN);
    }
    mpfr_mul(E1, E1, x + 2, MPFR_RNDN);
    /* A = Phi(h) - phi(h) E1/s */
    gdc_bias_Phi_mpfr(A, h, w);
    mpfr_mul(t1, ph, E1, MPFR_RNDN);
    mpfr_div(t1, t1, x, MPFR_RNDN);
    mpfr_sub(A, A, t1, MPFR_RNDN);
    /* gs = A s - P t rho, gn = -P t r */
    mpfr_mul(t1, P, x + 2, MPFR_RNDN);
    mpfr_mul(t2, t1, rho, MPFR_RNDN);
    mpfr_mul(out[0], A, x, MPFR_RNDN);
    mpfr_sub(out[0], out[0], t2, MPFR_RNDN);
    mpfr_mul(out[1], t1, r, MPFR_RNDN);
    mpfr_neg(out[1], out[1], MPFR_RNDN);
    /* gb = m1 - [t phi(k) Phi(B) + t rho phi(h) Phi(A) + bv P] */
    mpfr_mul(t1, pk, PB, MPFR_RNDN);
    mpfr_mul(t2, ph, PA, MPFR_RNDN);
    mpfr_fma(t1, t2, rho, t1, MPFR_RNDN);
    mpfr_mul(t1, t1, x + 2, MPFR_RNDN);
    mpfr_fma(t1, x + 3, P, t1, MPFR_RNDN);
    gdc_bias_m1_mpfr(t2, x, x + 1);
    mpfr_sub(out[2], t2, t1, MPFR_RNDN);
    /* corr = A (s^2 - s t rho) - P (s t rho - t^2) + gb (bw - bv) */
    mpfr_mul(t1, x, x + 2, MPFR_RNDN);
    mpfr_mul(t1, t1, rho, MPFR_RNDN); /* s t rho */
    mpfr_sqr(t2, x, MPFR_RNDN);
    mpfr_sub(t2, t2, t1, MPFR_RNDN);
    mpfr_mul(out[3], A, t2, MPFR_RNDN);
    mpfr_sqr(t2, x + 2, MPFR_RNDN);
    mpfr_sub(t2, t1, t2, MPFR_RNDN);
    mpfr_mul(t2, t2, P, MPFR_RNDN);
    mpfr_sub(out[3], out[3], t2, MPFR_RNDN);
    mpfr_sub(t1, x + 1, x + 3, MPFR_RNDN);
    mpfr_fma(out[3], out[2], t1, out[3], MPFR_RNDN);
    mpfr_clears(h, k, rho, r, P, g, PA, PB, ph, pk, E1, A, t1, t2, (mpfr_ptr)0);
}

static void grad_rows(mpfr_ptr res, mpfr_srcptr x, int first, int nout)
{
    mpfr_prec_t w = work_prec(x, mpfr_get_prec(res));
    int zero = mpfr_equal_p(x, x + 2) && mpfr_equal_p(x + 1, x + 3) && mpfr_zero_p(x + 4);
    mpfr_t o[4];
    for (int i = 0; i < 4; i++)
        mpfr_init2(o[i], w);
    if (!zero)
        grad_all(o, x, w);
    for (int i = 0; i < nout; i++) {
        if (zero)
            mpfr_set_zero(res + i, 1); /* w = v */
        else
            mpfr_set(res + i, o[first + i], MPFR_RNDN);
    }
    for (int i = 0; i < 4; i++)
        mpfr_clear(o[i]);
}

void gdc_bias_grad_mpfr(mpfr_ptr out, mpfr_srcptr x) { grad_rows(out, x, 0, 3); }
void gdc_bias_corr_mpfr(mpfr_ptr out, mpfr_srcptr x) { grad_rows(out, x, 3, 1); }
