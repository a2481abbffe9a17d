/* MPFR values of the ReLU family: a plain transcription of the closed forms of seed-000 C18-C24 /
 * issue 2 section 3 (h, J, step, kernel, loss, gradient, Q and D, corr, its ratio, rates, Hessian).
 * Independent of the Arb code. The formulas cancel near t = 0, t = pi and w = v; the working precision
 * is chosen from the size of t, pi - t and 1 - r, and confirmed Ziv-style: two evaluations at different
 * working precisions must round to the same output value (else the precision is doubled). */
#include "relu/relu.h"

#define NMAX 3

typedef void (*mp_formula)(mpfr_t *y, mpfr_srcptr r, mpfr_srcptr t, mpfr_srcptr a, mpfr_prec_t wp);

static long neg_exp(mpfr_srcptr x)
{
    if (mpfr_zero_p(x) || !mpfr_number_p(x))
        return 0;
    long e = mpfr_get_exp(x);
    return e < 0 ? -e : 0;
}

/* bits lost to cancellation near t = 0, t = pi, r = 1 */
static mpfr_prec_t extra_bits(mpfr_srcptr r, mpfr_srcptr t)
{
    mpfr_prec_t x = 64;
    mpfr_t pi;
    mpfr_init2(pi, mpfr_get_prec(t) + 128);
    mpfr_const_pi(pi, MPFR_RNDN);
    mpfr_sub(pi, pi, t, MPFR_RNDN);
    x += 2 * neg_exp(t) + 3 * neg_exp(pi);
    if (r) {
        mpfr_set_prec(pi, mpfr_get_prec(r) + 8);
        mpfr_ui_sub(pi, 1, r, MPFR_RNDN);
        x += 2 * neg_exp(pi) + 2 * neg_exp(r);
    }
    mpfr_clear(pi);
    return x;
}

static void run(mpfr_ptr out, int nout, mp_formula f, mpfr_srcptr r, mpfr_srcptr t, mpfr_srcptr a)
{
    mpfr_prec_t p = 2;
    for (int k = 0; k < nout; k++)
        if (mpfr_get_prec(out + k) > p)
            p = mpfr_get_prec(out + k);
    mpfr_prec_t wp = p + extra_bits(r, t);
    mpfr_t y1[NMAX], y2[NMAX], o1, o2;
    for (int k = 0; k < nout; k++) {
        mpfr_init2(y1[k], 2);
        mpfr_init2(y2[k], 2);
    }
    mpfr_init2(o1, p);
    mpfr_init2(o2, p);
    for (int it = 0; ; it++) {
        for (int k = 0; k < nout; k++) {
            mpfr_set_prec(y1[k], wp);
            mpfr_set_prec(y2[k], wp + wp / 2 + 32);
        }
        f(y1, r, t, a, wp);
        f(y2, r, t, a, wp + wp / 2 + 32);
        int same = 1;
        for (int k = 0; k < nout; k++) {
            mpfr_set_prec(o1, mpfr_get_prec(out + k));
            mpfr_set_prec(o2, mpfr_get_prec(out + k));
            mpfr_set(o1, y1[k], MPFR_RNDN);
            mpfr_set(o2, y2[k], MPFR_RNDN);
            if (!mpfr_equal_p(o1, o2) && !(mpfr_nan_p(o1) && mpfr_nan_p(o2)))
                same = 0;
        }
        if (same || it >= 5)
            break;
        wp *= 2;
    }
    for (int k = 0; k < nout; k++) {
        mpfr_set(out + k, y2[k], MPFR_RNDN);
        mpfr_clear(y1[k]);
        mpfr_clear(y2[k]);
    }
    mpfr_clear(o1);
    mpfr_clear(o2);
}

/* ---- the formulas, at working precision wp ---- */

/* h = sin t + (pi - t) cos t */
static void h_at(mpfr_t y, mpfr_srcptr t, mpfr_prec_t wp)
{
    mpfr_t s, c, p;
    mpfr_inits2(wp, s, c, p, (mpfr_ptr)0);
    mpfr_sin_cos(s, c, t, MPFR_RNDN);
    mpfr_const_pi(p, MPFR_RNDN);
    mpfr_sub(p, p, t, MPFR_RNDN);
    mpfr_mul(c, c, p, MPFR_RNDN);
    mpfr_add(y, s, c, MPFR_RNDN);
    mpfr_clears(s, c, p, (mpfr_ptr)0);
}

static void f_h(mpfr_t *y, mpfr_srcptr r, mpfr_srcptr t, mpfr_srcptr a, mpfr_prec_t wp)
{
    (void)r;
    (void)a;
    h_at(y[0], t, wp);
}

static void f_J(mpfr_t *y, mpfr_srcptr r, mpfr_srcptr t, mpfr_srcptr a, mpfr_prec_t wp)
{
    (void)r;
    (void)a;
    mpfr_t s, c;
    mpfr_inits2(wp, s, c, (mpfr_ptr)0);
    mpfr_sin_cos(s, c, t, MPFR_RNDN);
    mpfr_mul(c, c, t, MPFR_RNDN);
    mpfr_sub(y[0], s, c, MPFR_RNDN);
    mpfr_clears(s, c, (mpfr_ptr)0);
}

static void div_2pi(mpfr_t y, mpfr_prec_t wp)
{
    mpfr_t p;
    mpfr_init2(p, wp);
    mpfr_const_pi(p, MPFR_RNDN);
    mpfr_mul_2ui(p, p, 1, MPFR_RNDN);
    mpfr_div(y, y, p, MPFR_RNDN);
    mpfr_clear(p);
}

static void f_step(mpfr_t *y, mpfr_srcptr r, mpfr_srcptr t, mpfr_srcptr a, mpfr_prec_t wp)
{
    (void)r;
    (void)a;
    mpfr_const_pi(y[0], MPFR_RNDN);
    mpfr_sub(y[0], y[0], t, MPFR_RNDN);
    div_2pi(y[0], wp);
}

/* kernel: here r carries b */
static void f_kernel(mpfr_t *y, mpfr_srcptr b, mpfr_srcptr t, mpfr_srcptr a, mpfr_prec_t wp)
{
    h_at(y[0], t, wp);
    mpfr_mul(y[0], y[0], a, MPFR_RNDN);
    mpfr_mul(y[0], y[0], b, MPFR_RNDN);
    div_2pi(y[0], wp);
}

/* r h/(2 pi) */
static void rh_2pi(mpfr_t y, mpfr_srcptr r, mpfr_srcptr t, mpfr_prec_t wp)
{
    h_at(y, t, wp);
    mpfr_mul(y, y, r, MPFR_RNDN);
    div_2pi(y, wp);
}

/* F = r^2/4 + 1/4 - r h/(2 pi) */
static void f_loss(mpfr_t *y, mpfr_srcptr r, mpfr_srcptr t, mpfr_srcptr a, mpfr_prec_t wp)
{
    (void)a;
    mpfr_t x;
    mpfr_init2(x, wp);
    rh_2pi(x, r, t, wp);
    mpfr_sqr(y[0], r, MPFR_RNDN);
    mpfr_add_ui(y[0], y[0], 1, MPFR_RNDN);
    mpfr_div_2ui(y[0], y[0], 2, MPFR_RNDN);
    mpfr_sub(y[0], y[0], x, MPFR_RNDN);
    mpfr_clear(x);
}

/* -(pi - t) sin t/(2 pi) */
static void esin(mpfr_t y, mpfr_srcptr t, mpfr_prec_t wp)
{
    mpfr_t s;
    mpfr_init2(s, wp);
    mpfr_sin(s, t, MPFR_RNDN);
    mpfr_const_pi(y, MPFR_RNDN);
    mpfr_sub(y, y, t, MPFR_RNDN);
    mpfr_mul(y, y, s, MPFR_RNDN);
    div_2pi(y, wp);
    mpfr_neg(y, y, MPFR_RNDN);
    mpfr_clear(s);
}

static void f_grad(mpfr_t *y, mpfr_srcptr r, mpfr_srcptr t, mpfr_srcptr a, mpfr_prec_t wp)
{
    (void)a;
    mpfr_t x;
    mpfr_init2(x, wp);
    h_at(x, t, wp);
    div_2pi(x, wp);
    mpfr_div_2ui(y[0], r, 1, MPFR_RNDN);
    mpfr_sub(y[0], y[0], x, MPFR_RNDN);
    esin(y[1], t, wp);
    mpfr_clear(x);
}

/* Q = (1 - r)^2 + 4 r sin^2(t/2), D = (1 - r)(t - sin t) + 2 sin^2(t/2)(r t + sin t) */
static void q_d(mpfr_t q, mpfr_t d, mpfr_srcptr r, mpfr_srcptr t, mpfr_prec_t wp)
{
    mpfr_t s, st, omr, x;
    mpfr_inits2(wp, s, st, omr, x, (mpfr_ptr)0);
    mpfr_sin(s, t, MPFR_RNDN);
    mpfr_div_2ui(st, t, 1, MPFR_RNDN);
    mpfr_sin(st, st, MPFR_RNDN);
    mpfr_sqr(st, st, MPFR_RNDN);
    mpfr_ui_sub(omr, 1, r, MPFR_RNDN);
    mpfr_sqr(q, omr, MPFR_RNDN);
    mpfr_mul(x, r, st, MPFR_RNDN);
    mpfr_mul_2ui(x, x, 2, MPFR_RNDN);
    mpfr_add(q, q, x, MPFR_RNDN);
    mpfr_sub(d, t, s, MPFR_RNDN);
    mpfr_mul(d, d, omr, MPFR_RNDN);
    mpfr_mul(x, r, t, MPFR_RNDN);
    mpfr_add(x, x, s, MPFR_RNDN);
    mpfr_mul(x, x, st, MPFR_RNDN);
    mpfr_mul_2ui(x, x, 1, MPFR_RNDN);
    mpfr_add(d, d, x, MPFR_RNDN);
    mpfr_clears(s, st, omr, x, (mpfr_ptr)0);
}

/* corr = Q/2 - D/(2 pi) */
static void corr_at(mpfr_t y, mpfr_t q, mpfr_srcptr r, mpfr_srcptr t, mpfr_prec_t wp)
{
    mpfr_t d;
    mpfr_init2(d, wp);
    q_d(q, d, r, t, wp);
    div_2pi(d, wp);
    mpfr_div_2ui(y, q, 1, MPFR_RNDN);
    mpfr_sub(y, y, d, MPFR_RNDN);
    mpfr_clear(d);
}

static void f_corr(mpfr_t *y, mpfr_srcptr r, mpfr_srcptr t, mpfr_srcptr a, mpfr_prec_t wp)
{
    (void)a;
    mpfr_t q;
    mpfr_init2(q, wp);
    corr_at(y[0], q, r, t, wp);
    mpfr_clear(q);
}

static void f_corr_ratio(mpfr_t *y, mpfr_srcptr r, mpfr_srcptr t, mpfr_srcptr a, mpfr_prec_t wp)
{
    (void)a;
    mpfr_t q;
    mpfr_init2(q, wp);
    corr_at(y[0], q, r, t, wp);
    if (mpfr_zero_p(q))
        mpfr_set_d(y[0], 0.5, MPFR_RNDN); /* (r, t) = (1, 0): the limit */
    else
        mpfr_div(y[0], y[0], q, MPFR_RNDN);
    mpfr_clear(q);
}

/* -r^2 + r h/pi */
static void f_norm_rate(mpfr_t *y, mpfr_srcptr r, mpfr_srcptr t, mpfr_srcptr a, mpfr_prec_t wp)
{
    (void)a;
    mpfr_t x;
    mpfr_init2(x, wp);
    rh_2pi(x, r, t, wp);
    mpfr_mul_2ui(x, x, 1, MPFR_RNDN);
    mpfr_sqr(y[0], r, MPFR_RNDN);
    mpfr_sub(y[0], x, y[0], MPFR_RNDN);
    mpfr_clear(x);
}

static void f_angle_rate(mpfr_t *y, mpfr_srcptr r, mpfr_srcptr t, mpfr_srcptr a, mpfr_prec_t wp)
{
    (void)a;
    esin(y[0], t, wp);
    mpfr_div(y[0], y[0], r, MPFR_RNDN);
}

/* 1/2, 1/2 - sin t/(pi r), 1/2 - sin t/(2 pi r) */
static void f_hess_eig(mpfr_t *y, mpfr_srcptr r, mpfr_srcptr t, mpfr_srcptr a, mpfr_prec_t wp)
{
    (void)a;
    mpfr_t s, p;
    mpfr_inits2(wp, s, p, (mpfr_ptr)0);
    mpfr_sin(s, t, MPFR_RNDN);
    mpfr_const_pi(p, MPFR_RNDN);
    mpfr_mul(p, p, r, MPFR_RNDN);
    mpfr_div(s, s, p, MPFR_RNDN);
    mpfr_set_d(y[0], 0.5, MPFR_RNDN);
    mpfr_d_sub(y[1], 0.5, s, MPFR_RNDN);
    mpfr_div_2ui(s, s, 1, MPFR_RNDN);
    mpfr_d_sub(y[2], 0.5, s, MPFR_RNDN);
    mpfr_clears(s, p, (mpfr_ptr)0);
}

void gdc_relu_h_mpfr(mpfr_t res, const mpfr_t t) { run(res, 1, f_h, NULL, t, NULL); }
void gdc_relu_J_mpfr(mpfr_t res, const mpfr_t t) { run(res, 1, f_J, NULL, t, NULL); }
void gdc_relu_step_mpfr(mpfr_t res, const mpfr_t t) { run(res, 1, f_step, NULL, t, NULL); }
void gdc_relu_kernel_mpfr(mpfr_t res, const mpfr_t a, const mpfr_t b, const mpfr_t t)
{
    run(res, 1, f_kernel, b, t, a);
}
void gdc_relu_loss_mpfr(mpfr_t res, const mpfr_t r, const mpfr_t t) { run(res, 1, f_loss, r, t, NULL); }
void gdc_relu_grad_mpfr(mpfr_ptr res, const mpfr_t r, const mpfr_t t) { run(res, 2, f_grad, r, t, NULL); }
void gdc_relu_corr_mpfr(mpfr_t res, const mpfr_t r, const mpfr_t t) { run(res, 1, f_corr, r, t, NULL); }
void gdc_relu_corr_ratio_mpfr(mpfr_t res, const mpfr_t r, const mpfr_t t)
{
    run(res, 1, f_corr_ratio, r, t, NULL);
}
void gdc_relu_norm_rate_mpfr(mpfr_t res, const mpfr_t r, const mpfr_t t)
{
    run(res, 1, f_norm_rate, r, t, NULL);
}
void gdc_relu_angle_rate_mpfr(mpfr_t res, const mpfr_t r, const mpfr_t t)
{
    run(res, 1, f_angle_rate, r, t, NULL);
}
void gdc_relu_hess_eig_mpfr(mpfr_ptr res, const mpfr_t r, const mpfr_t t)
{
    run(res, 3, f_hess_eig, r, t, NULL);
}
