/* Rigorous truncated Gaussian integration (nested acb_calc_integrate) and seeded Monte Carlo helpers for the
 * definition checks of the Gaussian-cosine (seed-002 C1-C10) and erf (C13-C31) closed forms. */
#include <math.h>
#include <string.h>
#include "cosine/gauss_quad.h"

#define GQ_R 10

typedef struct {
    gdc_gq_fn f;
    const void *param;
    int k;
    int dim;
    const acb_struct *y1; /* outer variable, for the inner integral */
    slong prec;
} gq_ctx;

/* phi(y) = exp(-y^2/2)/sqrt(2 pi) on a complex ball */
static void gauss_density(acb_t res, const acb_t y, slong prec)
{
    acb_t t;
    arb_t c;
    acb_init(t);
    arb_init(c);
    acb_sqr(t, y, prec);
    acb_mul_2exp_si(t, t, -1);
    acb_neg(t, t);
    acb_exp(res, t, prec);
    arb_const_pi(c, prec);
    arb_mul_2exp_si(c, c, 1);
    arb_rsqrt(c, c, prec);
    acb_mul_arb(res, res, c, prec);
    acb_clear(t);
    arb_clear(c);
}

static int inner_fn(acb_ptr out, const acb_t y2, void *param, slong order, slong prec)
{
    gq_ctx *ctx = param;
    acb_t d;
    (void)order; /* the integrands are entire */
    acb_init(d);
    ctx->f(out, ctx->y1, y2, ctx->k, ctx->param, prec);
    gauss_density(d, y2, prec);
    acb_mul(out, out, d, prec);
    acb_clear(d);
    return 0;
}

static void integrate_interval(acb_t res, acb_calc_func_t fn, void *ctx, slong prec, slong eval_limit, int *fail)
{
    acb_t lo, hi;
    mag_t tol;
    acb_calc_integrate_opt_t opt;
    acb_init(lo);
    acb_init(hi);
    mag_init(tol);
    acb_calc_integrate_opt_init(opt);
    opt->eval_limit = eval_limit;
    acb_set_si(lo, -GQ_R);
    acb_set_si(hi, GQ_R);
    mag_set_ui_2exp_si(tol, 1, -60);
    if (acb_calc_integrate(res, fn, ctx, lo, hi, 40, tol, opt, prec) != ARB_CALC_SUCCESS)
        *fail = 1;
    acb_clear(lo);
    acb_clear(hi);
    mag_clear(tol);
}

static int outer_fn(acb_ptr out, const acb_t y1, void *param, slong order, slong prec)
{
    gq_ctx *ctx = param;
    acb_t d;
    (void)order;
    acb_init(d);
    if (ctx->dim == 1) {
        acb_zero(d);
        ctx->f(out, y1, d, ctx->k, ctx->param, prec);
    } else {
        int fail = 0;
        gq_ctx in = *ctx;
        in.y1 = y1;
        /* inner integral: non-convergence only widens the (still rigorous) enclosure */
        integrate_interval(out, inner_fn, &in, prec, 4000, &fail);
    }
    gauss_density(d, y1, prec);
    acb_mul(out, out, d, prec);
    acb_clear(d);
    return 0;
}

int gdc_gauss_expect_arb(arb_ptr out, int nout, int dim, gdc_gq_fn f, const void *param, double bound, slong prec)
{
    int fail = 0;
    acb_t r;
    arb_t tail, t;
    acb_init(r);
    arb_init(tail);
    arb_init(t);
    /* tail = 2 (6/R + 2R) phi(R) bound */
    arb_set_si(tail, -GQ_R * GQ_R);
    arb_mul_2exp_si(tail, tail, -1);
    arb_exp(tail, tail, prec);
    arb_const_pi(t, prec);
    arb_mul_2exp_si(t, t, 1);
    arb_rsqrt(t, t, prec);
    arb_mul(tail, tail, t, prec);
    arb_set_si(t, 6);
    arb_div_si(t, t, GQ_R, prec);
    arb_add_si(t, t, 2 * GQ_R, prec);
    arb_mul(tail, tail, t, prec);
    arb_mul_2exp_si(tail, tail, 1);
    arb_set_d(t, bound);
    arb_mul(tail, tail, t, prec);
    for (int k = 0; k < nout; k++) {
        gq_ctx ctx = {f, param, k, dim, NULL, prec};
        integrate_interval(r, outer_fn, &ctx, prec, dim == 1 ? 100000 : 20000, &fail);
        arb_set(out + k, acb_realref(r));
        arb_add_error(out + k, tail);
        if (!arb_is_finite(out + k))
            fail = 1;
    }
    acb_clear(r);
    arb_clear(tail);
    arb_clear(t);
    return fail;
}

void gdc_mc_frame(double *e1, double *e2, uint64_t seed)
{
    gdc_rng_t rng;
    gdc_rng_seed(&rng, seed ^ 0x243F6A8885A308D3ULL);
    double n1 = 0, d = 0, n2 = 0;
    for (int i = 0; i < GDC_MC_DIM; i++) {
        e1[i] = gdc_rng_normal(&rng);
        e2[i] = gdc_rng_normal(&rng);
        n1 += e1[i] * e1[i];
    }
    n1 = sqrt(n1);
    for (int i = 0; i < GDC_MC_DIM; i++) {
        e1[i] /= n1;
        d += e1[i] * e2[i];
    }
    for (int i = 0; i < GDC_MC_DIM; i++) {
        e2[i] -= d * e1[i];
        n2 += e2[i] * e2[i];
    }
    n2 = sqrt(n2);
    for (int i = 0; i < GDC_MC_DIM; i++)
        e2[i] /= n2;
}

void gdc_mc_expect(double *mean, double *se, int nout, gdc_mc_fn g, const void *param, int nz, uint64_t seed,
                   long samples)
{
    gdc_rng_t rng;
    double z[64], v[GDC_MAX_OUT], s[GDC_MAX_OUT] = {0}, s2[GDC_MAX_OUT] = {0}, c[GDC_MAX_OUT] = {0};
    gdc_rng_seed(&rng, seed);
    if (nz > 64)
        nz = 64;
    for (long n = 0; n < samples; n++) {
        for (int i = 0; i < nz; i++) {
            do
                z[i] = gdc_rng_normal(&rng);
            while (fabs(z[i]) >= 5);
        }
        g(v, z, param);
        for (int k = 0; k < nout; k++) {
            /* shifted sums: the first sample as the shift keeps the variance accurate */
            if (n == 0)
                c[k] = v[k];
            double dv = v[k] - c[k];
            s[k] += dv;
            s2[k] += dv * dv;
        }
    }
    for (int k = 0; k < nout; k++) {
        double m = s[k] / samples;
        double var = (s2[k] / samples - m * m) * samples / (samples - 1.0);
        mean[k] = c[k] + m;
        se[k] = var > 0 ? sqrt(var / samples) : 0;
    }
}
