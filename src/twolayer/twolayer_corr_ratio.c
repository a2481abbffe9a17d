/* The correlation ratio <W - W*, grad L(W)>/||W - W*||_F^2 of 001_66813dc1ca3a5435.txt (Lemma 4, App. E.1.2 with
 * the correlation of App. A.4; seed-001 C10, C11) in polar arguments, continuous at W* (the ratio tends to 1/2 there,
 * the Hessian at W* being I/2, C10). With the notation of twolayer_corr.c and rho = ||W - W*||_F,
 *   e1 = rho cos alpha, e2 = rho sin alpha  (alpha in [0, pi/2]),  b1 = e1 u1, b2 = e2 u2,
 *   u1 = (cos p1, sin p1, 0), u2 = (cos p2, sin p2 cos chi, sin p2 sin chi),
 * twolayer_corr.c's identity corr = rho^2/2 - T/(2 pi), T = sin beta Y - S(beta) K, S(beta) = beta - sin beta, has
 * every factor of T divisible by a power of rho without cancellation (c = cos alpha, s = sin alpha, sp_i = sin p_i,
 * cp_i = cos p_i):
 *   sin beta = rho r/(n1 n2),  r = ||v||,  v = (w1 x m2)/rho = (rho c s sp1 sp2 sin chi, x1 s sp2 sin chi,
 *              x1 s sp2 cos chi - x2 c sp1)   (w1 x m2 = a x (b2 - b1) + b1 x b2),
 *   K = q1 + q2 - D = rho Kt,  Kt = c cp1 + s cp2 + 2 e1 s <u1, u2>,  <u1, u2> = cp1 cp2 + sp1 sp2 cos chi,
 *   Y = (n2 - n1)(P1 - P2) + D = 2 n1 n2 (1 - cos beta) + (n1 - n2) <a, w1/n1 - m2/n2>   (P1 = n1 - <a, w1>/n1,
 *       P2 = n2 - <a, m2>/n2, D = ||w1 - m2||^2 = (n1 - n2)^2 + 2 n1 n2 (1 - cos beta)), and with
 *       1 - cos beta = sin^2 beta/(1 + cos beta), cos beta = d/(n1 n2), d = <w1, m2> = x1 x2 + y1 y2 cos chi, and
 *       1 - x_i/n_i = y_i^2/(n_i (n_i + x_i)):
 *   Y = rho^2 Yt,  Yt = 2 r^2/(n1 n2 + d) - rho N M,  M = s^2 sp2^2/(n2 (n2 + x2)) - c^2 sp1^2/(n1 (n1 + x1)),
 *       N = (n2 - n1)/rho = (rho (s - c)(s + c) + 2 (s cp2 - c cp1))/(n1 + n2),
 * so that, exactly (no series),
 *   corr/rho^2 = 1/2 - rho Q/(2 pi),  Q = T/rho^3 = r Yt/(n1 n2) - rho G Kt,  G = S(beta)/rho^3,
 *   beta = atan(rho r/d).
 * Near W* the leading term of Q is 2 r^3/(n1 n2 (n1 n2 + d)) >= 0, a product of positive factors, so interval
 * evaluation keeps it tight (the first form, (n2 - n1)(P1 - P2) + D, is a difference of O(rho^2) terms whose sum is
 * O(rho^2 r^2)).
 * The domain rho <= 1/2 keeps |b1|, |b2| <= 1/2, so w1 and m2 lie within pi/6 of a: beta <= pi/3 and d > 0 (x1, x2 >=
 * 1/2, |y1 y2| <= 1/8), so beta is atan(rho r/d). At rho = 0 the ratio is its limit 1/2 (rho Q -> 0: Q is bounded).
 * G on a box where rho > 0: S(beta) by xmsin, divided by rho^3. On any box: 0 <= S(beta) <= beta^3/6
 * and beta <= tan beta = rho r/d give 0 <= G <= (r/d)^3/6 (for rho > 0; the factor rho in front of Q makes the value
 * at rho = 0 exact whatever G is); where the box contains rho = 0 this bound is G's enclosure and no derivative is
 * claimed (indeterminate; the prover falls back to the value, which tends to 1/2 as the box shrinks). The norm r is
 * not differentiable where v = 0 (w1, m2 parallel, beta = 0); twolayer_corr.c's norm jet bounds its gradient there,
 * which is sound here for the same reason: r enters as r Yt with Yt = Y/rho^2 = 0 where v = 0 (Y = 0 at beta = 0,
 * twolayer_corr.c; at rho = 0 Yt = ||a x (c u1 - s u2)||^2 = ||v||^2), and through S(beta) with S'(0) = 0; r^2 in Yt
 * is the smooth sum of squares.
 * MPFR: twolayer.corr's MPFR value (the A.4 formula as printed) at e1 = rho cos alpha, e2 = rho sin alpha, divided by
 * rho^2; 1/2 at rho = 0. */
#include <math.h>
#include "twolayer/twolayer.h"
#include "twolayer/twolayer_defs.h"
#include "core/jet.h"
#include "core/angle.h"
#include "core/series.h"

/* G = S(atan x)/rho^3 for x = rho tau: below x = 1e-5 the series tau^3 (1/6 - 7 x^2/40) (next term 19 x^4/112, a
 * relative 1e-20) */
static double ratio_G(double rho, double tau)
{
    double x = rho * tau;
    if (x < 1e-5)
        return tau * tau * tau * (1.0 / 6 - 0.175 * x * x);
    return gdc_xmsin(atan(x)) / (rho * rho * rho);
}

double gdc_twolayer_corr_ratio(double rho, double al, double p1, double p2, double chi)
{
    double c = cos(al), s = sin(al), c1 = cos(p1), s1 = sin(p1), c2 = cos(p2), s2 = sin(p2);
    double cc = cos(chi), sc = sin(chi), e1 = rho * c, e2 = rho * s;
    double x1 = fma(e1, c1, 1.0), y1 = e1 * s1, x2 = fma(e2, c2, 1.0), y2 = e2 * s2;
    double n1 = hypot(x1, y1), n2 = hypot(x2, y2), nn = n1 * n2;
    double N = fma(rho, (s - c) * (s + c), 2.0 * fma(s, c2, -c * c1)) / (n1 + n2);
    double M = (s * s2) * (s * s2) / (n2 * (n2 + x2)) - (c * s1) * (c * s1) / (n1 * (n1 + x1));
    double v0 = e1 * s1 * s * s2 * sc, q = fma(x1 * s, s2, -x2 * c * s1), sx = sin(0.5 * chi);
    double r2 = fma(v0, v0, fma(q, q, 2.0 * x1 * x2 * sin(2.0 * al) * s1 * s2 * sx * sx)), r = sqrt(r2);
    double d = fma(x1, x2, y1 * y2 * cc);
    double Y = fma(-rho * N, M, 2.0 * r2 / (nn + d));
    double K = fma(2.0 * e1 * s, fma(c1, c2, s1 * s2 * cc), fma(c, c1, s * c2));
    double Q = fma(r / nn, Y, -rho * ratio_G(rho, r / d) * K);
    return 0.5 - rho * Q * (1.0 / (2.0 * GDC_PI_HI));
}

enum { RN = 5 };

/* the geometry: c, s of alpha, sines and cosines of p1, p2, chi, e_i, w1 = (x1, y1, 0), m2 = (x2, y2 cos chi, ...) */
typedef struct {
    gdc_ajet_struct c, s, c1, s1, c2, s2, cc, sc, e1, e2, x1, y1, x2, y2, n1, n2;
} ratio_geom_t;

static void ratio_norm2(gdc_ajet_t n, const gdc_ajet_t x, const gdc_ajet_t y, gdc_ajet_t u, slong prec)
{
    gdc_ajet_sqr(u, x, prec);
    gdc_ajet_sqr(n, y, prec);
    gdc_ajet_add(n, n, u, prec);
    gdc_ajet_sqrt(n, n, prec);
}

static void ratio_geom(ratio_geom_t *g, const gdc_ajet_struct *X, gdc_ajet_t u, slong prec)
{
    gdc_ajet_sin_cos(&g->s, &g->c, X + 1, prec);
    gdc_ajet_sin_cos(&g->s1, &g->c1, X + 2, prec);
    gdc_ajet_sin_cos(&g->s2, &g->c2, X + 3, prec);
    gdc_ajet_sin_cos(&g->sc, &g->cc, X + 4, prec);
    gdc_ajet_mul(&g->e1, X + 0, &g->c, prec);
    gdc_ajet_mul(&g->e2, X + 0, &g->s, prec);
    gdc_ajet_mul(&g->x1, &g->e1, &g->c1, prec);
    gdc_ajet_add_si(&g->x1, &g->x1, 1, prec);
    gdc_ajet_mul(&g->y1, &g->e1, &g->s1, prec);
    gdc_ajet_mul(&g->x2, &g->e2, &g->c2, prec);
    gdc_ajet_add_si(&g->x2, &g->x2, 1, prec);
    gdc_ajet_mul(&g->y2, &g->e2, &g->s2, prec);
    ratio_norm2(&g->n1, &g->x1, &g->y1, u, prec);
    ratio_norm2(&g->n2, &g->x2, &g->y2, u, prec);
}

/* r = ||v|| (v = (w1 x m2)/rho), r2 = r^2 = v0^2 + (x1 s sp2 - x2 c sp1)^2 + 2 x1 x2 sin(2 alpha) sp1 sp2 sin^2(chi/2)
 * (v1^2 + v2^2 regrouped with 1 - cos chi = 2 sin^2(chi/2): non-negative terms, whose factors are stationary where r is
 * largest, so that interval evaluation stays tight there), and d = <w1, m2>. r = sqrt(r2) where r2 > 0 on the box,
 * else the norm jet of twolayer_corr.c on v (its bounded gradient where v may vanish). */
static void ratio_rd(gdc_ajet_t r, gdc_ajet_t r2, gdc_ajet_t d, ratio_geom_t *g, const gdc_ajet_struct *X,
                     gdc_ajet_struct *v, gdc_ajet_t w, slong prec)
{
    gdc_ajet_mul(w, &g->s, &g->s2, prec);
    gdc_ajet_mul(v + 0, &g->e1, &g->s1, prec);
    gdc_ajet_mul(v + 0, v + 0, w, prec);
    gdc_ajet_mul(v + 0, v + 0, &g->sc, prec);
    gdc_ajet_mul(v + 1, &g->x1, w, prec);                  /* x1 s sp2 */
    gdc_ajet_mul(w, &g->x2, &g->c, prec);
    gdc_ajet_mul(v + 2, w, &g->s1, prec);                  /* x2 c sp1 */
    gdc_ajet_sub(r2, v + 1, v + 2, prec);
    gdc_ajet_sqr(r2, r2, prec);
    gdc_ajet_mul_2exp_si(w, X + 4, -1);
    gdc_ajet_sin(w, w, prec);
    gdc_ajet_sqr(w, w, prec);
    gdc_ajet_mul(w, w, &g->s1, prec);
    gdc_ajet_mul(w, w, &g->s2, prec);
    gdc_ajet_mul(w, w, &g->x1, prec);
    gdc_ajet_mul(w, w, &g->x2, prec);
    gdc_ajet_mul_2exp_si(d, X + 1, 1);
    gdc_ajet_sin(d, d, prec);
    gdc_ajet_mul(w, w, d, prec);
    gdc_ajet_mul_2exp_si(w, w, 1);
    gdc_ajet_add(r2, r2, w, prec);
    gdc_ajet_sqr(w, v + 0, prec);
    gdc_ajet_add(r2, r2, w, prec);
    if (arb_is_positive(&r2->v))
        gdc_ajet_sqrt(r, r2, prec);
    else {                                                 /* v1 = x1 s sp2 sin chi, v2 = x1 s sp2 cos chi - x2 c sp1 */
        gdc_ajet_mul(w, v + 1, &g->cc, prec);
        gdc_ajet_sub(v + 2, w, v + 2, prec);
        gdc_ajet_mul(v + 1, v + 1, &g->sc, prec);
        gdc_twolayer_corr_norm3(r, v, prec);
    }
    gdc_ajet_mul(d, &g->y1, &g->y2, prec);
    gdc_ajet_mul(d, d, &g->cc, prec);
    gdc_ajet_mul(w, &g->x1, &g->x2, prec);
    gdc_ajet_add(d, d, w, prec);
}

/* s^2 sp2^2/(n2 (n2 + x2)) (c, sp1, n1, x1 for the first neuron) */
static void ratio_M1(gdc_ajet_t m, const gdc_ajet_t s, const gdc_ajet_t sp, const gdc_ajet_t n, const gdc_ajet_t x,
                     gdc_ajet_t u, slong prec)
{
    gdc_ajet_mul(m, s, sp, prec);
    gdc_ajet_sqr(m, m, prec);
    gdc_ajet_add(u, n, x, prec);
    gdc_ajet_mul(u, u, n, prec);
    gdc_ajet_div(m, m, u, prec);
}

/* Yt = Y/rho^2 = 2 r^2/(n1 n2 + d) - rho N M (file comment), nn = n1 n2 */
static void ratio_Y(gdc_ajet_t Y, ratio_geom_t *g, const gdc_ajet_struct *X, const gdc_ajet_t r2, const gdc_ajet_t d,
                    const gdc_ajet_t nn, gdc_ajet_t u, gdc_ajet_t t, gdc_ajet_t w, slong prec)
{
    gdc_ajet_sub(u, &g->s, &g->c, prec);                   /* N */
    gdc_ajet_add(t, &g->s, &g->c, prec);
    gdc_ajet_mul(u, u, t, prec);
    gdc_ajet_mul(u, u, X + 0, prec);
    gdc_ajet_mul(Y, &g->s, &g->c2, prec);
    gdc_ajet_mul(t, &g->c, &g->c1, prec);
    gdc_ajet_sub(t, Y, t, prec);
    gdc_ajet_mul_2exp_si(t, t, 1);
    gdc_ajet_add(u, u, t, prec);
    gdc_ajet_add(t, &g->n1, &g->n2, prec);
    gdc_ajet_div(u, u, t, prec);
    gdc_ajet_mul(u, u, X + 0, prec);                       /* rho N M */
    ratio_M1(Y, &g->s, &g->s2, &g->n2, &g->x2, t, prec);
    ratio_M1(w, &g->c, &g->s1, &g->n1, &g->x1, t, prec);
    gdc_ajet_sub(Y, Y, w, prec);
    gdc_ajet_mul(u, u, Y, prec);
    gdc_ajet_add(t, nn, d, prec);                          /* 2 r^2/(n1 n2 + d) */
    gdc_ajet_div(Y, r2, t, prec);
    gdc_ajet_mul_2exp_si(Y, Y, 1);
    gdc_ajet_sub(Y, Y, u, prec);
}

/* G = S(beta)/rho^3 (file comment): on a box where rho > 0 by the jets of atan and xmsin, divided by rho three times (a
 * cube of a wide ball may reach below 0), its value ball intersected with the bound [0, (r/d)^3/6]; on a box containing
 * rho = 0 that bound alone, derivatives indeterminate. 0 where d is not positive on the box (outside the domain). */
static int ratio_G_jet(gdc_ajet_t G, const gdc_ajet_t r, const gdc_ajet_t d, const gdc_ajet_struct *X, slong prec)
{
    if (!arb_is_positive(&d->v))
        return 0;
    arb_t b, z;
    arb_init(b);
    arb_init(z);
    arb_div(b, &r->v, &d->v, prec);
    arb_pow_ui(b, b, 3, prec);
    arb_div_ui(b, b, 6, prec);
    arb_union(b, b, z, prec);
    if (arb_is_positive(&X->v)) {
        gdc_ajet_div(G, r, d, prec);
        gdc_ajet_mul(G, G, X, prec);
        gdc_ajet_atan(G, G, prec);
        gdc_ajet_xmsin(G, G, prec);
        for (int k = 0; k < 3; k++)
            gdc_ajet_div(G, G, X, prec);
        if (arb_intersection(z, &G->v, b, prec))
            arb_swap(z, &G->v);
    } else {
        arb_swap(b, &G->v);
        for (int j = 0; j < G->n; j++)
            arb_indeterminate(G->g + j);
        for (int j = 0; G->order > 1 && j < G->n * G->n; j++)
            arb_indeterminate(G->h + j);
    }
    arb_clear(b);
    arb_clear(z);
    return 1;
}

/* F = 1/2 - rho Q/(2 pi) */
static void ratio_finish(gdc_ajet_t F, const gdc_ajet_t Q, const gdc_ajet_struct *X, slong prec)
{
    arb_t k;
    arb_init(k);
    arb_const_pi(k, prec);
    arb_mul_2exp_si(k, k, 1);
    arb_inv(k, k, prec);
    arb_neg(k, k);
    gdc_ajet_mul(F, Q, X + 0, prec);
    gdc_ajet_mul_arb(F, F, k, prec);
    arb_one(k);
    arb_mul_2exp_si(k, k, -1);
    gdc_ajet_add_arb(F, F, k, prec);
    arb_clear(k);
}

static int ratio_jet(gdc_ajet_struct *F, const gdc_ajet_struct *X, slong prec)
{
    int n = X->n, o = X->order;
    ratio_geom_t g;
    gdc_ajet_struct Y, v[3], r, r2, d, nn, G, u, t;
    gdc_ajet_inits(n, o, &g.c, &g.s, &g.c1, &g.s1, &g.c2, &g.s2, &g.cc, &g.sc, &g.e1, &g.e2, &g.x1, &g.y1, &g.x2,
                   &g.y2, &g.n1, &g.n2, &Y, v + 0, v + 1, v + 2, &r, &r2, &d, &nn, &G, &u, &t, NULL);
    ratio_geom(&g, X, &u, prec);
    ratio_rd(&r, &r2, &d, &g, X, v, &u, prec);
    gdc_ajet_mul(&nn, &g.n1, &g.n2, prec);
    ratio_Y(&Y, &g, X, &r2, &d, &nn, &u, &t, v + 0, prec);
    int ok = ratio_G_jet(&G, &r, &d, X, prec);
    gdc_ajet_div(&r, &r, &nn, prec);                       /* Q = r Yt/(n1 n2) - rho G Kt */
    gdc_ajet_mul(&Y, &Y, &r, prec);
    gdc_ajet_mul(&u, &g.s1, &g.s2, prec);                  /* Kt = c cp1 + s cp2 + 2 e1 s <u1, u2> */
    gdc_ajet_mul(&u, &u, &g.cc, prec);
    gdc_ajet_mul(&t, &g.c1, &g.c2, prec);
    gdc_ajet_add(&u, &u, &t, prec);
    gdc_ajet_mul(&u, &u, &g.e1, prec);
    gdc_ajet_mul(&u, &u, &g.s, prec);
    gdc_ajet_mul_2exp_si(&u, &u, 1);
    gdc_ajet_mul(&t, &g.c, &g.c1, prec);
    gdc_ajet_add(&u, &u, &t, prec);
    gdc_ajet_mul(&t, &g.s, &g.c2, prec);
    gdc_ajet_add(&u, &u, &t, prec);
    gdc_ajet_mul(&u, &u, &G, prec);
    gdc_ajet_mul(&u, &u, X + 0, prec);
    gdc_ajet_sub(&Y, &Y, &u, prec);
    ratio_finish(F, &Y, X, prec);
    gdc_ajet_clears(&g.c, &g.s, &g.c1, &g.s1, &g.c2, &g.s2, &g.cc, &g.sc, &g.e1, &g.e2, &g.x1, &g.y1, &g.x2, &g.y2,
                    &g.n1, &g.n2, &Y, v + 0, v + 1, v + 2, &r, &r2, &d, &nn, &G, &u, &t, NULL);
    return ok;
}

void gdc_twolayer_corr_ratio_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    gdc_ajet_eval_value(out, x, RN, 1, ratio_jet, prec);
}

GDC_AJET_ROW_DERIVS(gdc_twolayer_corr_ratio, RN, 1, 0, NULL, ratio_jet)

/* corr(rho cos alpha, rho sin alpha, p1, p2, chi)/rho^2 by twolayer.corr's MPFR value (the A.4 formula), the
 * difference vectors' lengths rounded to 64 bits beyond the output (a relative change of corr of 2^-62 at most:
 * e1 d corr/d e1 <= 2 corr near W*, where corr ~ rho^2/2) */
void gdc_twolayer_corr_ratio_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    if (mpfr_zero_p(x)) {
        mpfr_set_d(out, 0.5, MPFR_RNDN);
        return;
    }
    mpfr_prec_t wp = mpfr_get_prec(out) + 64;
    __mpfr_struct X[5];
    mpfr_t c, r;
    for (int i = 0; i < 5; i++)
        mpfr_init2(X + i, i < 2 ? wp : mpfr_get_prec(x + i));
    mpfr_inits2(wp, c, r, (mpfr_ptr)0);
    mpfr_sin_cos(X + 1, c, x + 1, MPFR_RNDN);
    mpfr_mul(X + 0, c, x, MPFR_RNDN);
    mpfr_mul(X + 1, X + 1, x, MPFR_RNDN);
    for (int i = 2; i < 5; i++)
        mpfr_set(X + i, x + i, MPFR_RNDN);
    gdc_twolayer_corr_mpfr(r, X);
    mpfr_sqr(c, x, MPFR_RNDN);
    mpfr_div(out, r, c, MPFR_RNDN);
    for (int i = 0; i < 5; i++)
        mpfr_clear(X + i);
    mpfr_clears(c, r, (mpfr_ptr)0);
}
