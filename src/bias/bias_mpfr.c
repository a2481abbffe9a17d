/* MPFR values of the Gaussian biased-ReLU quantities (seed-004 C9, C10), independent of the Arb code:
 *  - m1 = b Phi(mu) + s phi(mu), m2 = (s^2 + b^2) Phi(mu) + b s phi(mu) (the printed forms of C9), at a working
 *    precision raised by the bits the cancellation for mu << 0 costs (about 4 log2|mu|) plus 64;
 *  - Owen's T by Gauss-Legendre quadrature (gdc_mpfr_gl_nodes, 80 nodes per piece) of the same integrand as the
 *    double kernel, on pieces of width at most 1/4 and 1/|x|;
 *  - Phi2 by Plackett's identity integrated in the angle (bias_bvn_mpfr.c). */
#include <math.h>
#include "bias/bias.h"
#include "core/mpfr_gl.h"

#define NGL 80

typedef struct {
    mpfr_prec_t w;
    mpfr_t xs[NGL / 2], ws[NGL / 2];
    mpfr_t a, b, c, d, e, f; /* scratch */
} ctx_t;

static void ctx_init(ctx_t *c, mpfr_prec_t w)
{
    c->w = w;
    for (int i = 0; i < NGL / 2; i++)
        mpfr_inits2(w, c->xs[i], c->ws[i], (mpfr_ptr)0);
    gdc_mpfr_gl_nodes(c->xs, c->ws, NGL, w);
    mpfr_inits2(w, c->a, c->b, c->c, c->d, c->e, c->f, (mpfr_ptr)0);
}

static void ctx_clear(ctx_t *c)
{
    for (int i = 0; i < NGL / 2; i++)
        mpfr_clears(c->xs[i], c->ws[i], (mpfr_ptr)0);
    mpfr_clears(c->a, c->b, c->c, c->d, c->e, c->f, (mpfr_ptr)0);
}

/* Phi(x) = erfc(-x/sqrt 2)/2, as 1 - erfc(x/sqrt 2)/2 for x > 0 (MPFR's erfc of a negative argument goes through
 * the slow erf series; Phi near 1 has no cancellation issue) */
void gdc_bias_Phi_mpfr(mpfr_ptr res, mpfr_srcptr x, mpfr_prec_t w)
{
    mpfr_t t;
    mpfr_init2(t, w);
    mpfr_sqrt_ui(t, 2, MPFR_RNDN);
    mpfr_div(t, x, t, MPFR_RNDN);
    if (mpfr_sgn(t) > 0) {
        mpfr_erfc(t, t, MPFR_RNDN);
        mpfr_div_2ui(t, t, 1, MPFR_RNDN);
        mpfr_ui_sub(res, 1, t, MPFR_RNDN);
    } else {
        mpfr_neg(t, t, MPFR_RNDN);
        mpfr_erfc(res, t, MPFR_RNDN);
        mpfr_div_2ui(res, res, 1, MPFR_RNDN);
    }
    mpfr_clear(t);
}

void gdc_bias_phi_mpfr(mpfr_ptr res, mpfr_srcptr x, mpfr_prec_t w)
{
    mpfr_t t;
    mpfr_init2(t, w);
    mpfr_sqr(t, x, MPFR_RNDN);
    mpfr_div_2ui(t, t, 1, MPFR_RNDN);
    mpfr_neg(t, t, MPFR_RNDN);
    mpfr_exp(res, t, MPFR_RNDN);
    mpfr_const_pi(t, MPFR_RNDN);
    mpfr_mul_2ui(t, t, 1, MPFR_RNDN);
    mpfr_sqrt(t, t, MPFR_RNDN);
    mpfr_div(res, res, t, MPFR_RNDN);
    mpfr_clear(t);
}

static void moment(mpfr_ptr res, mpfr_srcptr s, mpfr_srcptr b, int n)
{
    double mu = mpfr_get_d(b, MPFR_RNDN) / mpfr_get_d(s, MPFR_RNDN);
    mpfr_prec_t w = mpfr_get_prec(res) + 64 + (mu < -1 ? (mpfr_prec_t)(4 * log2(-mu)) : 0);
    mpfr_t m, P, p, t;
    mpfr_inits2(w, m, P, p, t, (mpfr_ptr)0);
    mpfr_div(m, b, s, MPFR_RNDN);
    gdc_bias_Phi_mpfr(P, m, w);
    gdc_bias_phi_mpfr(p, m, w);
    if (n == 1) {
        mpfr_mul(t, b, P, MPFR_RNDN); /* b Phi + s phi */
        mpfr_mul(p, p, s, MPFR_RNDN);
        mpfr_add(res, t, p, MPFR_RNDN);
    } else {
        mpfr_sqr(t, s, MPFR_RNDN); /* (s^2 + b^2) Phi + b s phi */
        mpfr_fma(t, b, b, t, MPFR_RNDN);
        mpfr_mul(t, t, P, MPFR_RNDN);
        mpfr_mul(p, p, s, MPFR_RNDN);
        mpfr_mul(p, p, b, MPFR_RNDN);
        mpfr_add(res, t, p, MPFR_RNDN);
    }
    mpfr_clears(m, P, p, t, (mpfr_ptr)0);
}

void gdc_bias_m1_mpfr(mpfr_ptr res, mpfr_srcptr s, mpfr_srcptr b) { moment(res, s, b, 1); }
void gdc_bias_m2_mpfr(mpfr_ptr res, mpfr_srcptr s, mpfr_srcptr b) { moment(res, s, b, 2); }

/* ---- quadrature ---- */
typedef void (*mp_fn)(mpfr_t y, mpfr_srcptr x, ctx_t *c, const mpfr_t *p);

/* acc += int_lo^hi f, lo and hi exact MPFR numbers */
static void gl_piece_mp(mpfr_t acc, mp_fn f, ctx_t *c, const mpfr_t *p, mpfr_srcptr lo, mpfr_srcptr hi)
{
    mpfr_t mid, half, x, y, s;
    mpfr_inits2(c->w, mid, half, x, y, s, (mpfr_ptr)0);
    mpfr_add(mid, lo, hi, MPFR_RNDN);
    mpfr_div_2ui(mid, mid, 1, MPFR_RNDN);
    mpfr_sub(half, hi, lo, MPFR_RNDN);
    mpfr_div_2ui(half, half, 1, MPFR_RNDN);
    mpfr_set_zero(s, 1);
    for (int i = 0; i < NGL / 2; i++)
        for (int sg = -1; sg <= 1; sg += 2) {
            mpfr_mul(x, half, c->xs[i], MPFR_RNDN);
            if (sg < 0)
                mpfr_neg(x, x, MPFR_RNDN);
            mpfr_add(x, x, mid, MPFR_RNDN);
            f(y, x, c, p);
            mpfr_fma(s, y, c->ws[i], s, MPFR_RNDN);
        }
    mpfr_fma(acc, s, half, acc, MPFR_RNDN);
    mpfr_clears(mid, half, x, y, s, (mpfr_ptr)0);
}

/* acc += int_lo^hi f, double ends */
static void gl_piece(mpfr_t acc, mp_fn f, ctx_t *c, const mpfr_t *p, double lo, double hi)
{
    mpfr_t l, h;
    mpfr_inits2(c->w, l, h, (mpfr_ptr)0);
    mpfr_set_d(l, lo, MPFR_RNDN);
    mpfr_set_d(h, hi, MPFR_RNDN);
    gl_piece_mp(acc, f, c, p, l, h);
    mpfr_clears(l, h, (mpfr_ptr)0);
}

/* exp(-h^2 x^2/2)/(1 + x^2), p[0] = h */
static void owen_f(mpfr_t y, mpfr_srcptr x, ctx_t *c, const mpfr_t *p)
{
    mpfr_mul(c->a, x, p[0], MPFR_RNDN);
    mpfr_sqr(c->a, c->a, MPFR_RNDN);
    mpfr_div_2ui(c->a, c->a, 1, MPFR_RNDN);
    mpfr_neg(c->a, c->a, MPFR_RNDN);
    mpfr_exp(c->a, c->a, MPFR_RNDN);
    mpfr_sqr(c->b, x, MPFR_RNDN);
    mpfr_add_ui(c->b, c->b, 1, MPFR_RNDN);
    mpfr_div(y, c->a, c->b, MPFR_RNDN);
}

/* T(h, a), h >= 0, 0 < a <= 1, a as a double grid end (exactly the MPFR a) */
static void owen_small(mpfr_t res, mpfr_srcptr h, mpfr_srcptr a, ctx_t *c)
{
    double hd = mpfr_get_d(h, MPFR_RNDN), ad = mpfr_get_d(a, MPFR_RNDN);
    double top = hd > 0 && 40.0 / hd < ad ? 40.0 / hd : ad;
    double width = hd > 4.0 ? 1.0 / hd : 0.25;
    int n = (int)ceil(top / width);
    mpfr_t acc, hp[1];
    mpfr_init2(acc, c->w);
    mpfr_init2(hp[0], c->w);
    mpfr_set(hp[0], h, MPFR_RNDN);
    mpfr_set_zero(acc, 1);
    for (int i = 0; i < n; i++) {
        double lo = top * i / n, hi = top * (i + 1) / n;
        if (i == n - 1 && top == ad) {
            /* the last piece ends exactly at a (a may not be a double when it is 1/a') */
            mpfr_t l;
            mpfr_init2(l, c->w);
            mpfr_set_d(l, lo, MPFR_RNDN);
            gl_piece_mp(acc, owen_f, c, hp, l, a);
            mpfr_clear(l);
        } else {
            gl_piece(acc, owen_f, c, hp, lo, hi);
        }
    }
    /* times exp(-h^2/2)/(2 pi) */
    gdc_bias_phi_mpfr(c->c, h, c->w);
    mpfr_const_pi(c->d, MPFR_RNDN);
    mpfr_mul_2ui(c->d, c->d, 1, MPFR_RNDN);
    mpfr_sqrt(c->d, c->d, MPFR_RNDN);
    mpfr_div(c->c, c->c, c->d, MPFR_RNDN);
    mpfr_mul(res, acc, c->c, MPFR_RNDN);
    mpfr_clear(acc);
    mpfr_clear(hp[0]);
}

void gdc_bias_owen_t_mpfr(mpfr_ptr res, mpfr_srcptr h0, mpfr_srcptr a0)
{
    mpfr_prec_t w = mpfr_get_prec(res) + 64;
    ctx_t c;
    mpfr_t h, a, t, q1, q2;
    int neg = mpfr_sgn(a0) < 0;
    if (mpfr_zero_p(a0)) {
        mpfr_set_zero(res, 1);
        return;
    }
    ctx_init(&c, w);
    mpfr_inits2(w, h, a, t, q1, q2, (mpfr_ptr)0);
    mpfr_abs(h, h0, MPFR_RNDN);
    mpfr_abs(a, a0, MPFR_RNDN);
    if (mpfr_zero_p(h)) {
        mpfr_atan(t, a, MPFR_RNDN);
        mpfr_const_pi(q1, MPFR_RNDN);
        mpfr_mul_2ui(q1, q1, 1, MPFR_RNDN);
        mpfr_div(t, t, q1, MPFR_RNDN);
    } else if (mpfr_cmp_ui(a, 1) <= 0) {
        owen_small(t, h, a, &c);
    } else {
        /* Q(h)/2 + Q(a h)/2 - Q(h) Q(a h) - T(a h, 1/a) */
        mpfr_neg(t, h, MPFR_RNDN);
        gdc_bias_Phi_mpfr(q1, t, w);
        mpfr_mul(t, a, h, MPFR_RNDN);
        mpfr_neg(t, t, MPFR_RNDN);
        gdc_bias_Phi_mpfr(q2, t, w);
        mpfr_add(t, q1, q2, MPFR_RNDN);
        mpfr_div_2ui(t, t, 1, MPFR_RNDN);
        mpfr_mul(q1, q1, q2, MPFR_RNDN);
        mpfr_sub(t, t, q1, MPFR_RNDN);
        mpfr_mul(q1, a, h, MPFR_RNDN);
        mpfr_ui_div(q2, 1, a, MPFR_RNDN);
        owen_small(c.f, q1, q2, &c);
        mpfr_sub(t, t, c.f, MPFR_RNDN);
    }
    if (neg)
        mpfr_neg(t, t, MPFR_RNDN);
    mpfr_set(res, t, MPFR_RNDN);
    mpfr_clears(h, a, t, q1, q2, (mpfr_ptr)0);
    ctx_clear(&c);
}

