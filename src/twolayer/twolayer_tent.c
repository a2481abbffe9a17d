/* Lemma 11's Case II function (001_66813dc1ca3a5435.txt, App. E.2.3; seed-001 C18): for unit a, u at angle beta
 * and the tent S(v; w) (0 for v < 0 or v > w, v on [0, w/2], w - v on [w/2, w]),
 *   f(beta, eps) = E[1{a.x >= 0} S(u.x, a.x/eps)].
 * The catalogue's closed form [1 + 2 sin(phi1 - beta) - sin(phi2 - beta) + (sin phi2 - sin phi1)/eps]/(2 sqrt(2 pi)),
 * phi_j = atan((j/(2 eps) - cos beta)/sin beta), collapses (sin(phi_j - beta) = (j cos beta/(2 eps) - 1)/r_j,
 * sin phi_j = (j/(2 eps) - cos beta)/r_j, r_j = |u - j a/(2 eps)|) to
 *   f = (1 + |u - a/eps| - 2 |u - a/(2 eps)|)/(2 sqrt(2 pi)),
 * which cancels for small eps (the norms ~ 1/eps) and at beta = pi (f = 0 for every eps). With k = 1 + cos beta =
 * 2 cos^2(beta/2), q2 = |eps u - a| and q1 = |eps u - a/2|, both written as sums of squares,
 *   q2^2 = (1 - eps)^2 + 4 eps sin^2(beta/2),   q1^2 = (1/2 - eps)^2 + 2 eps sin^2(beta/2),
 * and q2 - (1 + eps) = -2 eps k/(q2 + 1 + eps), 2 q1 - (1 + 2 eps) = -2 eps k/(q1 + 1/2 + eps), so that
 *   f = k [1 - eps/(q2 + 1 + eps) - eps/(q1 + 1/2 + eps)]/((q2 + 2 q1) sqrt(2 pi)),
 * at eps = 0 (1 + cos beta)/(2 sqrt(2 pi)) (the catalogue's limit), at beta = 0 max(0, min(1, 1/eps - 1))/sqrt(2 pi).
 * The bracket still cancels where f -> 0 at beta -> 0, eps >= 1 (the tent beyond u.x = a.x); with D2 = q2 - (eps - 1),
 * D1 = q1 - (eps - 1/2) it is P/(A B), A = 2 eps + D2, B = 2 eps + D1, P = eps (D1 + D2) + D1 D2, and D2 = q2 + (1 - eps)
 * (eps <= 1) or 4 eps sin^2(beta/2)/(q2 + eps - 1) (eps > 1), D1 likewise: every term >= 0 (the double kernel, in
 * double-double from sin and cos of beta/2 on; the domain eps in [0, 4]). Arb: jets of the bracket form (rigorous; the cancellation costs precision only). MPFR: the catalogue's atan form at a raised precision. Definition check: seeded Monte
 * Carlo of the defining expectation in R^2. */
#include <math.h>
#include "twolayer/twolayer.h"
#include "twolayer/twolayer_defs.h"
#include "core/jet.h"
#include "core/angle.h"
#include "core/dd.h"

#define INV_SQRT2PI_HI 0.3989422804014327
#define INV_SQRT2PI_LO (-2.49232720227773e-17)
#define CANCEL_BITS 200

double gdc_twolayer_tent(double beta, double eps)
{
    double sh = sin(0.5 * beta), ch = cos(0.5 * beta);
    gdc_dd_t s2 = gdc_dd_two_prod(sh, sh), k = gdc_dd_scale(gdc_dd_two_prod(ch, ch), 2.0);
    gdc_dd_t m2 = gdc_dd_two_sum(1.0, -eps), m1 = gdc_dd_two_sum(0.5, -eps), es2 = gdc_dd_mul_d(s2, eps);
    gdc_dd_t q2 = gdc_dd_sqrt(gdc_dd_add(gdc_dd_sqr(m2), gdc_dd_scale(es2, 4.0)));
    gdc_dd_t q1 = gdc_dd_sqrt(gdc_dd_add(gdc_dd_sqr(m1), gdc_dd_scale(es2, 2.0)));
    /* D2 = q2 - (eps - 1), D1 = q1 - (eps - 1/2), each >= 0 and formed without cancellation */
    gdc_dd_t D2 = eps <= 1.0 ? gdc_dd_add(q2, m2) : gdc_dd_div(gdc_dd_scale(es2, 4.0), gdc_dd_sub(q2, m2));
    gdc_dd_t D1 = eps <= 0.5 ? gdc_dd_add(q1, m1) : gdc_dd_div(gdc_dd_scale(es2, 2.0), gdc_dd_sub(q1, m1));
    gdc_dd_t P = gdc_dd_add(gdc_dd_mul_d(gdc_dd_add(D1, D2), eps), gdc_dd_mul(D1, D2));
    gdc_dd_t A = gdc_dd_add_d(D2, 2.0 * eps), B = gdc_dd_add_d(D1, 2.0 * eps);
    gdc_dd_t Q = gdc_dd_add(q2, gdc_dd_scale(q1, 2.0));
    gdc_dd_t num = gdc_dd_mul(gdc_dd_mul(k, P), gdc_dd(INV_SQRT2PI_HI, INV_SQRT2PI_LO));
    return gdc_dd_to_d(gdc_dd_div(num, gdc_dd_mul(gdc_dd_mul(A, B), Q)));
}

/* sqrt(a^2 + m s2) as a jet */
static void norm_jet(gdc_ajet_struct *r, const gdc_ajet_struct *a, const gdc_ajet_struct *s2, double m, slong prec)
{
    gdc_ajet_struct t;
    arb_t c;
    gdc_ajet_init(&t, 2, 2);
    arb_init(c);
    arb_set_d(c, m);
    gdc_ajet_mul_arb(&t, s2, c, prec);
    gdc_ajet_mul(r, a, a, prec);
    gdc_ajet_add(r, r, &t, prec);
    gdc_ajet_sqrtpos(r, r, prec);
    gdc_ajet_clear(&t);
    arb_clear(c);
}

void gdc_twolayer_tent_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr X, slong prec)
{
    gdc_ajet_struct b, e, s2, k, a, q1, q2, t, u, br;
    arb_t c;
    gdc_ajet_init(&b, 2, 2); gdc_ajet_init(&e, 2, 2); gdc_ajet_init(&s2, 2, 2); gdc_ajet_init(&k, 2, 2); gdc_ajet_init(&a, 2, 2);
    gdc_ajet_init(&q1, 2, 2); gdc_ajet_init(&q2, 2, 2); gdc_ajet_init(&t, 2, 2); gdc_ajet_init(&u, 2, 2); gdc_ajet_init(&br, 2, 2);
    arb_init(c);
    gdc_ajet_var(&b, X + 0, 0);
    gdc_ajet_var(&e, X + 1, 1);
    arb_set_d(c, 0.5);
    gdc_ajet_mul_arb(&b, &b, c, prec);
    gdc_ajet_sin(&s2, &b, prec);                /* sin^2(beta/2), k = 2 cos^2(beta/2) */
    gdc_ajet_mul(&s2, &s2, &s2, prec);
    gdc_ajet_cos(&k, &b, prec);
    gdc_ajet_mul(&k, &k, &k, prec);
    gdc_ajet_add(&k, &k, &k, prec);
    gdc_ajet_mul(&t, &e, &s2, prec);            /* eps sin^2(beta/2) */
    arb_set_si(c, -1);                        /* q2 = sqrt((1 - eps)^2 + 4 eps s2) */
    gdc_ajet_mul_arb(&a, &e, c, prec);
    arb_one(c);
    gdc_ajet_add_arb(&a, &a, c, prec);
    norm_jet(&q2, &a, &t, 4.0, prec);
    arb_set_d(c, -0.5);                       /* q1 = sqrt((1/2 - eps)^2 + 2 eps s2) */
    gdc_ajet_add_arb(&a, &a, c, prec);
    norm_jet(&q1, &a, &t, 2.0, prec);
    gdc_ajet_add(&t, &q2, &e, prec);            /* bracket 1 - eps/(q2 + 1 + eps) - eps/(q1 + 1/2 + eps) */
    arb_one(c);
    gdc_ajet_add_arb(&t, &t, c, prec);
    gdc_ajet_inv(&t, &t, prec);
    gdc_ajet_mul(&br, &t, &e, prec);
    gdc_ajet_add(&u, &q1, &e, prec);
    arb_set_d(c, 0.5);
    gdc_ajet_add_arb(&u, &u, c, prec);
    gdc_ajet_inv(&u, &u, prec);
    gdc_ajet_mul(&u, &u, &e, prec);
    gdc_ajet_add(&br, &br, &u, prec);
    arb_set_si(c, -1);
    gdc_ajet_mul_arb(&br, &br, c, prec);
    arb_one(c);
    gdc_ajet_add_arb(&br, &br, c, prec);
    gdc_ajet_mul(&br, &br, &k, prec);           /* k br/((q2 + 2 q1) sqrt(2 pi)) */
    gdc_ajet_add(&t, &q1, &q1, prec);
    gdc_ajet_add(&t, &t, &q2, prec);
    gdc_ajet_inv(&t, &t, prec);
    gdc_ajet_mul(&br, &br, &t, prec);
    arb_const_pi(c, prec);
    arb_mul_2exp_si(c, c, 1);
    arb_rsqrt(c, c, prec);
    gdc_ajet_mul_arb(&br, &br, c, prec);
    gdc_ajet_get_value(out, jac, hess, 0, &br);
    gdc_ajet_clear(&b); gdc_ajet_clear(&e); gdc_ajet_clear(&s2); gdc_ajet_clear(&k); gdc_ajet_clear(&a);
    gdc_ajet_clear(&q1); gdc_ajet_clear(&q2); gdc_ajet_clear(&t); gdc_ajet_clear(&u); gdc_ajet_clear(&br);
    arb_clear(c);
}

/* the catalogue's form; at eps = 0 or beta in {0, pi} (sin beta = 0: phi_j = +-pi/2) its limit: atan2 of the same
 * numerator and denominator gives the one-sided angle, which is the limit the catalogue states */
void gdc_twolayer_tent_mpfr(mpfr_ptr out, mpfr_srcptr X)
{
    /* the form cancels O(1) terms to O(beta^2) near beta = 0, O((pi - beta)^2) near pi and O(eps) (with 1/eps
     * terms) near eps = 0: two bits per binade of each, besides CANCEL_BITS (the difference checks evaluate it at
     * x + 2^-200 and closer, not only at doubles) */
    mpfr_prec_t wp = mpfr_get_prec(out) + CANCEL_BITS;
    if (!mpfr_zero_p(X))
        wp += 2 * (mpfr_prec_t)(mpfr_get_exp(X) < 0 ? -mpfr_get_exp(X) : 0);
    if (!mpfr_zero_p(X + 1))
        wp += 3 * (mpfr_prec_t)(mpfr_get_exp(X + 1) < 0 ? -mpfr_get_exp(X + 1) : 0);
    {
        mpfr_t d;
        mpfr_init2(d, mpfr_get_prec(X) + 64);
        mpfr_const_pi(d, MPFR_RNDN);
        mpfr_sub(d, d, X, MPFR_RNDN);
        if (!mpfr_zero_p(d) && mpfr_get_exp(d) < 0)
            wp += 2 * (mpfr_prec_t)(-mpfr_get_exp(d));
        mpfr_clear(d);
    }
    mpfr_t s, c, p1, p2, t, u, v;
    mpfr_inits2(wp, s, c, p1, p2, t, u, v, (mpfr_ptr)0);
    if (mpfr_zero_p(X + 1)) {                 /* eps = 0: (1 + cos beta)/(2 sqrt(2 pi)) */
        mpfr_cos(t, X, MPFR_RNDN);
        mpfr_add_ui(t, t, 1, MPFR_RNDN);
    } else {
        mpfr_abs(v, X, MPFR_RNDN);            /* f is even in beta: the difference checks step past beta = 0 */
        mpfr_sin_cos(s, c, v, MPFR_RNDN);
        mpfr_ui_div(u, 1, X + 1, MPFR_RNDN);  /* 1/eps */
        mpfr_div_2ui(t, u, 1, MPFR_RNDN);
        mpfr_sub(t, t, c, MPFR_RNDN);
        mpfr_atan2(p1, t, s, MPFR_RNDN);
        mpfr_sub(t, u, c, MPFR_RNDN);
        mpfr_atan2(p2, t, s, MPFR_RNDN);
        mpfr_sin(t, p2, MPFR_RNDN);           /* (sin phi2 - sin phi1)/eps */
        mpfr_sin(v, p1, MPFR_RNDN);
        mpfr_sub(t, t, v, MPFR_RNDN);
        mpfr_mul(t, t, u, MPFR_RNDN);
        mpfr_abs(v, X, MPFR_RNDN);            /* + 2 sin(phi1 - beta) */
        mpfr_sub(v, p1, v, MPFR_RNDN);
        mpfr_sin(v, v, MPFR_RNDN);
        mpfr_mul_2ui(v, v, 1, MPFR_RNDN);
        mpfr_add(t, t, v, MPFR_RNDN);
        mpfr_abs(v, X, MPFR_RNDN);            /* - sin(phi2 - beta) */
        mpfr_sub(v, p2, v, MPFR_RNDN);
        mpfr_sin(v, v, MPFR_RNDN);
        mpfr_sub(t, t, v, MPFR_RNDN);
        mpfr_add_ui(t, t, 1, MPFR_RNDN);
    }
    mpfr_const_pi(u, MPFR_RNDN);
    mpfr_mul_2ui(u, u, 3, MPFR_RNDN);         /* 2 sqrt(2 pi) = sqrt(8 pi) */
    mpfr_sqrt(u, u, MPFR_RNDN);
    mpfr_div(out, t, u, MPFR_RNDN);
    mpfr_clears(s, c, p1, p2, t, u, v, (mpfr_ptr)0);
}

/* the defining expectation by seeded Monte Carlo: x ~ N(0, I_2), a = (1, 0), u = (cos beta, sin beta) */
void gdc_twolayer_def_tent_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, seed);
    double cb = cos(x[0]), sb = sin(x[0]), s = 0, s2 = 0;
    for (long i = 0; i < samples; i++) {
        double x1 = gdc_rng_normal(&g), x2 = gdc_rng_normal(&g), v = cb * x1 + sb * x2, y = 0;
        if (x1 >= 0 && v >= 0) {
            double w = x[1] > 0 ? x1 / x[1] : INFINITY; /* eps = 0: the tent is v on [0, inf) */
            y = v <= 0.5 * w ? v : (v <= w ? w - v : 0.0);
        }
        s += y;
        s2 += y * y;
    }
    double n = (double)samples;
    mean[0] = s / n;
    se[0] = sqrt(fmax(0.0, (s2 / n - mean[0] * mean[0]) / (n - 1.0)));
}

/* beta -> pi (f -> 0 like cos^2(beta/2)), eps -> 0, and beta -> 0 near the kinks eps = 1/2, 1 */
void gdc_twolayer_reg_tent_pi(double *x, gdc_rng_t *rng)
{
    gdc_twolayer_reg_half_pi(x, rng);
    x[1] = gdc_rng_range(rng, 0, 4);
}

void gdc_twolayer_reg_tent_eps0(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_range(rng, 0, GDC_PI_HI);
    x[1] = gdc_rng_logu(rng, -300, -1);
}

void gdc_twolayer_reg_tent_kinks(double *x, gdc_rng_t *rng)
{
    x[0] = gdc_rng_logu(rng, -12, -1);
    x[1] = (gdc_rng_uniform(rng) < 0.5 ? 0.5 : 1.0) + gdc_rng_range(rng, -1e-3, 1e-3);
}
