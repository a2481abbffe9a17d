/* MPFR value of relu.nc_grad (000_09c7d5b8511ab65b.txt Sec. 6.2, Figure 1; seed-000 C26): the same angular
 * integral as the Arb version (pieces I, w-only, v-only split at the kinks, see relu_nc_double.c), but an
 * independent quadrature: composite 40-point Gauss-Legendre with nodes and weights computed by Newton's method at
 * the working precision, on sub-intervals of length <= min(pi/6, 5/(4 |m|)). The integrand is entire, and on the
 * ellipses of these sub-intervals it grows by at most about e^{m^2 sinh^2(y)/2} (y the half-width of the ellipse);
 * measured against Arb at 400 bits the rule is accurate to 2^-275 relative or better for |m| <= 8 (the cross-check
 * needs 2^-256: the Arb ball at 256 bits). Working precision prec + 24 + 3 log2(1 + m^2) (the b^6/6 cancellation of
 * M3 for b < 0). Special points as in relu_nc.h. Cost: 20-400 ms at 320 bits (mpfr_erfc dominates). */
#include <math.h>
#include <stdlib.h>
#include "relu/relu_nc.h"
#include "core/mpfr_gl.h"

/* 60 nodes per piece: with 40 the quadrature error reached 2^-272 relative (e.g. at w = (1.1887, 0), m = 2.78),
 * above the 2^-300 that the Arb-vs-MPFR check allows the MPFR value; with 60 it is below 2^-400 there */
#define NGL 60

typedef struct {
    mpfr_prec_t w;
    mpfr_t *xs, *ws;          /* positive nodes and weights */
    mpfr_t m, e_all, half_m2, c_erfc, inv_sqrt2, pi, hp;
    mpfr_t gx, gy, f;         /* accumulators: 2 pi grad, 4 pi F */
    mpfr_t phi, sn, cs, b, b2, t1, t2, e, qu, mid, half;
} mctx_t;

/* adds wt (q.u) u 2 pi W to (gx, gy) and wt (q.u)^2 2 pi W to f at phi = c->phi */
static void node(mctx_t *c, const mpfr_t wt, const mpfr_t qx, const mpfr_t qy)
{
    mpfr_sin_cos(c->sn, c->cs, c->phi, MPFR_RNDN);
    mpfr_mul(c->b, c->m, c->sn, MPFR_RNDN);
    mpfr_sqr(c->b2, c->b, MPFR_RNDN);
    mpfr_add_ui(c->t1, c->b2, 2, MPFR_RNDN);
    mpfr_mul(c->t1, c->t1, c->e_all, MPFR_RNDN);
    mpfr_mul(c->e, c->b, c->inv_sqrt2, MPFR_RNDN);
    mpfr_neg(c->e, c->e, MPFR_RNDN);
    mpfr_erfc(c->t2, c->e, MPFR_RNDN);
    mpfr_sqr(c->e, c->cs, MPFR_RNDN);
    mpfr_mul(c->e, c->e, c->half_m2, MPFR_RNDN);
    mpfr_neg(c->e, c->e, MPFR_RNDN);
    mpfr_exp(c->e, c->e, MPFR_RNDN);
    mpfr_mul(c->t2, c->t2, c->e, MPFR_RNDN);
    mpfr_add_ui(c->e, c->b2, 3, MPFR_RNDN);
    mpfr_mul(c->e, c->e, c->b, MPFR_RNDN);
    mpfr_mul(c->t2, c->t2, c->e, MPFR_RNDN);
    mpfr_mul(c->t2, c->t2, c->c_erfc, MPFR_RNDN);
    mpfr_add(c->t1, c->t1, c->t2, MPFR_RNDN); /* 2 pi W */
    mpfr_mul(c->t1, c->t1, wt, MPFR_RNDN);
    mpfr_mul(c->qu, qx, c->cs, MPFR_RNDN);
    mpfr_mul(c->e, qy, c->sn, MPFR_RNDN);
    mpfr_add(c->qu, c->qu, c->e, MPFR_RNDN);
    mpfr_mul(c->t1, c->t1, c->qu, MPFR_RNDN); /* wt (q.u) 2 pi W */
    mpfr_mul(c->e, c->t1, c->cs, MPFR_RNDN);
    mpfr_add(c->gx, c->gx, c->e, MPFR_RNDN);
    mpfr_mul(c->e, c->t1, c->sn, MPFR_RNDN);
    mpfr_add(c->gy, c->gy, c->e, MPFR_RNDN);
    mpfr_mul(c->e, c->t1, c->qu, MPFR_RNDN);
    mpfr_add(c->f, c->f, c->e, MPFR_RNDN);
}

/* the piece [a, b] with vector q; grad = 0 leaves (gx, gy) unchanged (v-only piece) */
static void piece(mctx_t *c, const mpfr_t a, const mpfr_t b, const mpfr_t qx, const mpfr_t qy, int grad)
{
    mpfr_t len, lo, wt, sgx, sgy;
    mpfr_inits2(c->w, len, lo, wt, sgx, sgy, (mpfr_ptr)0);
    mpfr_sub(len, b, a, MPFR_RNDN);
    if (mpfr_sgn(len) > 0) {
        double h = M_PI / 6;
        double am = fabs(mpfr_get_d(c->m, MPFR_RNDN));
        if (am * h > 1.25)
            h = 1.25 / am;
        long nsub = (long)ceil(mpfr_get_d(len, MPFR_RNDU) / h);
        if (nsub < 1)
            nsub = 1;
        mpfr_set(sgx, c->gx, MPFR_RNDN);
        mpfr_set(sgy, c->gy, MPFR_RNDN);
        for (long j = 0; j < nsub; j++) {
            /* [a + j len/nsub, a + (j + 1) len/nsub] */
            mpfr_mul_ui(lo, len, (unsigned long)(2 * j + 1), MPFR_RNDN);
            mpfr_div_ui(lo, lo, (unsigned long)(2 * nsub), MPFR_RNDN);
            mpfr_add(c->mid, a, lo, MPFR_RNDN);
            mpfr_div_ui(c->half, len, (unsigned long)(2 * nsub), MPFR_RNDN);
            for (int i = 0; i < NGL; i++) {
                int k = i < NGL / 2 ? i : i - NGL / 2;
                mpfr_mul(c->phi, c->half, c->xs[k], MPFR_RNDN);
                if (i < NGL / 2)
                    mpfr_sub(c->phi, c->mid, c->phi, MPFR_RNDN);
                else
                    mpfr_add(c->phi, c->mid, c->phi, MPFR_RNDN);
                mpfr_mul(wt, c->half, c->ws[k], MPFR_RNDN);
                node(c, wt, qx, qy);
            }
        }
        if (!grad) {
            mpfr_set(c->gx, sgx, MPFR_RNDN);
            mpfr_set(c->gy, sgy, MPFR_RNDN);
        }
    }
    mpfr_clears(len, lo, wt, sgx, sgy, (mpfr_ptr)0);
}

/* the convention value at w = 0: grad = (-1/2, -m/sqrt(2 pi)), F = 1/4 */
static void grad_at_origin_mpfr(mpfr_ptr out, const mpfr_t m, mpfr_prec_t p)
{
    mpfr_t t;
    mpfr_init2(t, p + 20);
    mpfr_set_si_2exp(out, -1, -1, MPFR_RNDN);
    mpfr_const_pi(t, MPFR_RNDN);
    mpfr_mul_2ui(t, t, 1, MPFR_RNDN);
    mpfr_rec_sqrt(t, t, MPFR_RNDN);
    mpfr_mul(t, t, m, MPFR_RNDN);
    mpfr_neg(out + 1, t, MPFR_RNDN);
    mpfr_set_si_2exp(out + 2, 1, -2, MPFR_RNDN);
    mpfr_clear(t);
}

/* the integration context at working precision p + 24 + 3 log2(1 + m^2): Gauss-Legendre nodes and the
 * constants of the integrand; the accumulators gx, gy, f set to 0. 0 when out of memory. */
static int mctx_init(mctx_t *c, const mpfr_t m, mpfr_prec_t p)
{
    double md = fabs(mpfr_get_d(m, MPFR_RNDN));
    c->w = p + 24 + (mpfr_prec_t)(3.0 * log2(1.0 + md * md));
    c->xs = malloc(sizeof(mpfr_t) * (NGL / 2));
    c->ws = malloc(sizeof(mpfr_t) * (NGL / 2));
    if (!c->xs || !c->ws) {
        free(c->xs);
        free(c->ws);
        return 0;
    }
    for (int i = 0; i < NGL / 2; i++) {
        mpfr_init2(c->xs[i], c->w);
        mpfr_init2(c->ws[i], c->w);
    }
    gdc_mpfr_gl_nodes(c->xs, c->ws, NGL, c->w);
    mpfr_inits2(c->w, c->m, c->e_all, c->half_m2, c->c_erfc, c->inv_sqrt2, c->pi, c->hp, c->gx, c->gy, c->f, c->phi,
                c->sn, c->cs, c->b, c->b2, c->t1, c->t2, c->e, c->qu, c->mid, c->half, (mpfr_ptr)0);
    mpfr_set(c->m, m, MPFR_RNDN);
    mpfr_sqr(c->half_m2, m, MPFR_RNDN);
    mpfr_div_2ui(c->half_m2, c->half_m2, 1, MPFR_RNDN);
    mpfr_neg(c->e_all, c->half_m2, MPFR_RNDN);
    mpfr_exp(c->e_all, c->e_all, MPFR_RNDN);
    mpfr_const_pi(c->pi, MPFR_RNDN);
    mpfr_mul_2ui(c->c_erfc, c->pi, 1, MPFR_RNDN);
    mpfr_sqrt(c->c_erfc, c->c_erfc, MPFR_RNDN);
    mpfr_div_2ui(c->c_erfc, c->c_erfc, 1, MPFR_RNDN);
    mpfr_set_ui(c->inv_sqrt2, 2, MPFR_RNDN);
    mpfr_rec_sqrt(c->inv_sqrt2, c->inv_sqrt2, MPFR_RNDN);
    mpfr_div_2ui(c->hp, c->pi, 1, MPFR_RNDN);
    mpfr_set_ui(c->gx, 0, MPFR_RNDN);
    mpfr_set_ui(c->gy, 0, MPFR_RNDN);
    mpfr_set_ui(c->f, 0, MPFR_RNDN);
    return 1;
}

static void mctx_clear(mctx_t *c)
{
    mpfr_clears(c->m, c->e_all, c->half_m2, c->c_erfc, c->inv_sqrt2, c->pi, c->hp, c->gx, c->gy, c->f, c->phi, c->sn,
                c->cs, c->b, c->b2, c->t1, c->t2, c->e, c->qu, c->mid, c->half, (mpfr_ptr)0);
    for (int i = 0; i < NGL / 2; i++) {
        mpfr_clear(c->xs[i]);
        mpfr_clear(c->ws[i]);
    }
    free(c->xs);
    free(c->ws);
}

/* accumulate the angular pieces of the case of w (gx, gy = 2 pi grad F, f = 4 pi F); 1 if F needs + 1/4 */
static int add_pieces(mctx_t *c, const mpfr_t wx, const mpfr_t wy)
{
    mpfr_t qx, one, zero, k, a, b, t;
    mpfr_inits2(c->w, qx, one, zero, k, a, b, t, (mpfr_ptr)0);
    mpfr_sub_ui(qx, wx, 1, MPFR_RNDN);
    mpfr_set_ui(one, 1, MPFR_RNDN);
    mpfr_set_ui(zero, 0, MPFR_RNDN);
    int plus_quarter = 0;
    if (mpfr_sgn(wy) > 0) {
        mpfr_neg(t, wx, MPFR_RNDN);
        mpfr_atan2(k, t, wy, MPFR_RNDN); /* arg w - pi/2 */
        piece(c, k, c->hp, qx, wy, 1);
        mpfr_add(b, k, c->pi, MPFR_RNDN);
        piece(c, c->hp, b, wx, wy, 1);
        mpfr_neg(a, c->hp, MPFR_RNDN);
        piece(c, a, k, one, zero, 0);
    } else if (mpfr_sgn(wy) < 0) {
        mpfr_neg(t, wy, MPFR_RNDN);
        mpfr_atan2(k, wx, t, MPFR_RNDN); /* arg w + pi/2 */
        mpfr_sub(a, k, c->pi, MPFR_RNDN);
        mpfr_neg(b, c->hp, MPFR_RNDN);
        piece(c, a, b, wx, wy, 1);
        piece(c, b, k, qx, wy, 1);
        piece(c, k, c->hp, one, zero, 0);
    } else if (mpfr_sgn(wx) > 0) {
        mpfr_neg(a, c->hp, MPFR_RNDN);
        piece(c, a, c->hp, qx, zero, 1);
    } else {
        mpfr_add(b, c->hp, c->pi, MPFR_RNDN);
        piece(c, c->hp, b, wx, zero, 1);
        plus_quarter = 1;
    }
    mpfr_clears(qx, one, zero, k, a, b, t, (mpfr_ptr)0);
    return plus_quarter;
}

void gdc_relu_nc_grad_mpfr(mpfr_ptr out, const mpfr_t wx, const mpfr_t wy, const mpfr_t m)
{
    mpfr_prec_t p = mpfr_get_prec(out);
    for (int k = 1; k < 3; k++)
        if (mpfr_get_prec(out + k) > p)
            p = mpfr_get_prec(out + k);
    if (mpfr_cmp_ui(wx, 1) == 0 && mpfr_zero_p(wy)) { /* w = v */
        for (int k = 0; k < 3; k++)
            mpfr_set_ui(out + k, 0, MPFR_RNDN);
        return;
    }
    if (mpfr_zero_p(wx) && mpfr_zero_p(wy)) {
        grad_at_origin_mpfr(out, m, p);
        return;
    }
    mctx_t c;
    if (!mctx_init(&c, m, p)) {
        for (int k = 0; k < 3; k++)
            mpfr_set_nan(out + k);
        return;
    }
    int plus_quarter = add_pieces(&c, wx, wy);
    /* grad = (gx, gy)/(2 pi), F = f/(4 pi) (+ 1/4) */
    mpfr_t t;
    mpfr_init2(t, c.w);
    mpfr_mul_2ui(t, c.pi, 1, MPFR_RNDN);
    mpfr_div(out, c.gx, t, MPFR_RNDN);
    if (mpfr_zero_p(m) && mpfr_zero_p(wy))
        mpfr_set_ui(out + 1, 0, MPFR_RNDN);
    else
        mpfr_div(out + 1, c.gy, t, MPFR_RNDN);
    mpfr_mul_2ui(t, c.pi, 2, MPFR_RNDN);
    mpfr_div(c.f, c.f, t, MPFR_RNDN);
    if (plus_quarter) {
        mpfr_set_si_2exp(t, 1, -2, MPFR_RNDN);
        mpfr_add(c.f, c.f, t, MPFR_RNDN);
    }
    mpfr_set(out + 2, c.f, MPFR_RNDN);
    mpfr_clear(t);
    mctx_clear(&c);
}
