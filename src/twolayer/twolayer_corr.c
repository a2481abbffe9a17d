/* The population correlation <W - W*, grad L(W)> of 001_66813dc1ca3a5435.txt (App. A.4; seed-001 C11, C8, C6) for
 * v = (1, -1), W* = (a, -a), ||a|| = 1, in the cancellation-free arguments of the difference vectors:
 *   b1 = w1 - a = e1 (cos p1, sin p1, 0),  b2 = -(w2 + a) = e2 (cos p2, sin p2 cos chi, sin p2 sin chi),
 * a = (1, 0, 0); e1 = ||w1 - a||, e2 = ||w2 + a||, p1 = angle(w1 - a, a), p2 = angle(w2 + a, -a), chi the dihedral
 * angle between the planes (a, b1) and (a, b2). Every configuration (w1, w2, a) is one of these up to an isometry, and
 * the symmetry (w1, w2) -> (-w2, -w1) of the loss swaps (e1, p1) and (e2, p2). With w1 = a + b1, m2 = -w2 = a + b2,
 * n1 = ||w1||, n2 = ||m2||, beta = angle(w1, m2) = pi - theta, C8's rows (w1 - a)/2 - g(w1, w2), (w2 + a)/2 - g(w2, w1)
 * and C6's g(u, v) = (||v|| sin theta u/||u|| + (pi - theta) v)/(2 pi) give (C11's stable alternative)
 *   corr = (e1^2 + e2^2)/2 - T/(2 pi),
 *   T = sin beta (n2 P1 + n1 P2) - beta (<b1, m2> + <b2, w1>),  P1 = <b1, w1>/n1, P2 = <b2, m2>/n2.
 * The O(delta) terms cancel exactly (delta = ||W - W*||): <b1, m2> + <b2, w1> = <b1, w1> + <b2, m2> - D with
 * D = ||b1 - b2||^2 = ||w1 + w2||^2, and <b1, w1> = n1 P1, <b2, m2> = n2 P2, so with S(beta) = beta - sin beta
 *   T = sin beta Y - S(beta) (q1 + q2 - D),  Y = (n2 - n1)(P1 - P2) + D,  q1 = n1 P1 = e1 (cos p1 + e1), q2 likewise,
 * an identity (no series, no remainder). Near W* every term of T is a product of small factors: |n2 - n1| <= D^(1/2),
 * |P1 - P2| <= D^(1/2) + 2 e2 sin(beta/2), sin beta <= beta = O(delta), S(beta) <= beta^3/6, so T = O(delta^3) and
 * corr = (e1^2 + e2^2)/2 + O(delta^3) is led by a sum of squares: nothing cancels. The other factors are formed from
 * the arguments without cancellation: n2 - n1 = ((e2 - e1)(e2 + e1) + 2 (e2 cos p2 - e1 cos p1))/(n1 + n2),
 * D = (e1 - e2)^2 + 4 e1 e2 (sin^2((p1 - p2)/2) + sin p1 sin p2 sin^2(chi/2)), beta = atan2(||w1 x m2||, <w1, m2>).
 * At beta = 0 (w1, w2 antiparallel) Y = 0 (m2 = l w1 gives n2 - n1 = (l - 1) n1, P1 - P2 = (1 - l) n1, D = (1 - l)^2
 * n1^2), which is what makes corr C^1 there although beta is not differentiable (see corr_beta below).
 * Undefined where w1 = 0 or w2 = 0 (e = 1, p = pi): g's direction w/||w|| has no limit (C6).
 * MPFR: the A.4 formula as printed, n1^2/2 + n2^2/2 - h(theta) n1 n2/pi - (3 pi - sin theta n2/n1 - theta) w1.a/(2 pi)
 * + (3 pi - sin theta n1/n2 - theta) w2.a/(2 pi) + 1 (h(theta) = sin theta + (pi - theta) cos theta), at a precision
 * raised by twice the exponent of ||W - W*|| (its O(1) terms cancel to O(delta^2)). Definition checks: the C8
 * gradient vectors in Arb, and Monte Carlo of E[r(x) (1{w1.x > 0} d1.x - 1{w2.x > 0} d2.x)], r the residual. */
#include <math.h>
#include "twolayer/twolayer.h"
#include "twolayer/twolayer_defs.h"
#include "core/jet.h"
#include "core/angle.h"
#include "core/dd.h"
#include "core/dd_elem.h"
#include "core/series.h"

/* The double-double path, where corr has cancelled (|corr| < 0.3 (e1^2 + e2^2): near the saddle family, where
 * corr = 0, or where it changes sign): every O(e^2) term in double-double (sin, cos by cdd_sincos_pi, about 2^-75
 * relative), with q1 + q2 - D = K = e1 cos p1 + e2 cos p2 + 2 e1 e2 <u1, u2> (the e^2 terms cancel exactly) and
 * D = e1^2 + e2^2 - 2 e1 e2 <u1, u2> (where D is small against e^2 it only multiplies small factors); S(beta) as
 * beta - sin beta for beta <= pi/2 (its absolute error beta 2^-100 or so is negligible against corr) and as
 * pi - theta - sin beta above, theta = pi - beta. */
static double corr_dd(double e1, double e2, double p1, double p2, double chi)
{
    gdc_dd_t c1, s1, c2, s2, cc, sc, pi = gdc_dd(GDC_PI_HI, GDC_PI_LO);
    cdd_sincos_pi(p1, &s1, &c1);
    cdd_sincos_pi(p2, &s2, &c2);
    cdd_sincos_pi(chi, &sc, &cc);
    gdc_dd_t x1 = gdc_dd_add_d(gdc_dd_mul_d(c1, e1), 1.0), y1 = gdc_dd_mul_d(s1, e1);
    gdc_dd_t x2 = gdc_dd_add_d(gdc_dd_mul_d(c2, e2), 1.0), y2 = gdc_dd_mul_d(s2, e2);
    gdc_dd_t n1 = gdc_dd_sqrt(gdc_dd_add(gdc_dd_sqr(x1), gdc_dd_sqr(y1)));
    gdc_dd_t n2 = gdc_dd_sqrt(gdc_dd_add(gdc_dd_sqr(x2), gdc_dd_sqr(y2)));
    gdc_dd_t X1 = gdc_dd_div(x1, n1), Y1 = gdc_dd_div(y1, n1), X2 = gdc_dd_div(x2, n2), Y2 = gdc_dd_div(y2, n2);
    gdc_dd_t ee = gdc_dd_two_prod(e1, e2), e11 = gdc_dd_two_prod(e1, e1), e22 = gdc_dd_two_prod(e2, e2);
    gdc_dd_t uu = gdc_dd_add(gdc_dd_mul(c1, c2), gdc_dd_mul(gdc_dd_mul(s1, s2), cc));
    gdc_dd_t t = gdc_dd_scale(gdc_dd_mul(ee, uu), 2.0);
    gdc_dd_t D = gdc_dd_sub(gdc_dd_add(e11, e22), t);
    gdc_dd_t K = gdc_dd_add(gdc_dd_add(gdc_dd_mul_d(c1, e1), gdc_dd_mul_d(c2, e2)), t);
    gdc_dd_t q1 = gdc_dd_add(gdc_dd_mul_d(c1, e1), e11), q2 = gdc_dd_add(gdc_dd_mul_d(c2, e2), e22);
    gdc_dd_t P1 = n1.hi >= 0.5 ? gdc_dd_div(q1, n1) : gdc_dd_sub(n1, X1);
    gdc_dd_t P2 = n2.hi >= 0.5 ? gdc_dd_div(q2, n2) : gdc_dd_sub(n2, X2);
    gdc_dd_t dn = gdc_dd_add(gdc_dd_sub(e22, e11), gdc_dd_scale(gdc_dd_sub(gdc_dd_mul_d(c2, e2), gdc_dd_mul_d(c1, e1)), 2.0));
    dn = gdc_dd_div(dn, gdc_dd_add(n1, n2));
    gdc_dd_t Y = gdc_dd_add(gdc_dd_mul(dn, gdc_dd_sub(P1, P2)), D);
    gdc_dd_t cb = gdc_dd_add(gdc_dd_mul(X1, X2), gdc_dd_mul(gdc_dd_mul(Y1, Y2), cc));
    gdc_dd_t cz = gdc_dd_sub(gdc_dd_mul(gdc_dd_mul(X1, Y2), cc), gdc_dd_mul(X2, Y1)), cy = gdc_dd_mul(Y2, sc);
    gdc_dd_t sb = gdc_dd_sqrt(gdc_dd_add(gdc_dd_sqr(cy), gdc_dd_sqr(cz))), S;
    if (cb.hi >= 0)
        S = gdc_dd_sub(cdd_atan2(sb, cb), sb);
    else
        S = gdc_dd_sub(gdc_dd_sub(pi, cdd_atan2(sb, gdc_dd_neg(cb))), sb);
    gdc_dd_t T = gdc_dd_sub(gdc_dd_mul(sb, Y), gdc_dd_mul(S, K));
    gdc_dd_t h = gdc_dd_scale(gdc_dd_add(e11, e22), 0.5);
    return gdc_dd_to_d(gdc_dd_sub(h, gdc_dd_mul(T, gdc_dd(GDC_INV2PI_HI, GDC_INV2PI_LO))));
}

double gdc_twolayer_corr(double e1, double e2, double p1, double p2, double chi)
{
    double c1 = cos(p1), s1 = sin(p1), c2 = cos(p2), s2 = sin(p2), cc = cos(chi), sc = sin(chi);
    double x1 = fma(e1, c1, 1.0), y1 = e1 * s1, x2 = fma(e2, c2, 1.0), y2 = e2 * s2;
    double n1 = hypot(x1, y1), n2 = hypot(x2, y2);
    double q1 = e1 * (c1 + e1), q2 = e2 * (c2 + e2);
    double dn = fma(e2 - e1, e2 + e1, 2.0 * fma(e2, c2, -e1 * c1)) / (n1 + n2); /* n2 - n1 */
    double sh = sin(0.5 * (p1 - p2)), sx = sin(0.5 * chi);
    double D = fma(e1 - e2, e1 - e2, 4.0 * e1 * e2 * fma(s1 * s2, sx * sx, sh * sh));
    /* the angle of the unit vectors (scaled, so that no product overflows): sin beta = ||w1^ x m2^|| */
    double X1 = x1 / n1, Y1 = y1 / n1, X2 = x2 / n2, Y2 = y2 / n2;
    double cb = fma(X1, X2, Y1 * Y2 * cc), sb = hypot(Y2 * sc, fma(X1 * Y2, cc, -X2 * Y1));
    double beta = atan2(sb, cb), S = gdc_xmsin(beta);
    /* P = <b, w^>: q/n where n >= 1/2 (near W* both are O(delta) and n - X cancels); n - X (X = <a, w^>) where
     * n < 1/2 (q and n then carry the rounding of cos p with different relative weights, and only the direction
     * cosine X, a quotient of two numbers with the same rounding, keeps it in proportion) */
    double P1 = n1 >= 0.5 ? q1 / n1 : n1 - X1, P2 = n2 >= 0.5 ? q2 / n2 : n2 - X2;
    double Y = fma(dn, P1 - P2, D);
    double T = fma(sb, Y, -S * (q1 + q2 - D));
    gdc_dd_t h = gdc_dd_scale(gdc_dd_add(gdc_dd_two_prod(e1, e1), gdc_dd_two_prod(e2, e2)), 0.5);
    gdc_dd_t t = gdc_dd_mul_d(gdc_dd(GDC_INV2PI_HI, GDC_INV2PI_LO), T);
    double r = gdc_dd_to_d(gdc_dd_sub(h, t));
    /* the threshold: at 0.5 h the fast path's worst was 2.85 units (seeds 1-4), at 0.6 h 2.05, at 0.7 h 2.05 at 30%
     * more time */
    /* and where a neuron is near 0 (n < 2^-12): x = 1 + e cos p cancels there, and its double rounding (cos p
     * within 2^-53 of -1) is a relative error up to 2^-53/n in the direction X = x/n (corr off by 1.4e6 units at
     * e1 = 1, p1 = pi - 2.9e-9, n1 = 2.9e-9, found by the special-argument check); corr_dd carries cos p in
     * double-double */
    if ((fabs(r) < 0.6 * h.hi || fmin(n1, n2) < 0x1p-12) && isfinite(h.hi))
        return corr_dd(e1, e2, p1, p2, chi);
    return r;
}

/* r = ||(u0, u1, u2)||. Where the value ball of the squared norm is positive, sqrt by the chain rule. Otherwise
 * (the box may contain u = 0, where the norm is not differentiable) the value is sqrt of the cut ball and each
 * gradient entry is the ball [-B_j, B_j], B_j >= ||d_j u|| on the box; the Hessian is indeterminate. Proof that the
 * enclosure is good for corr: at a point of the box with u != 0 the gradient is <u/||u||, d_j u>, inside [-B_j, B_j] by
 * Cauchy-Schwarz; at a point with u = 0 (beta = 0) corr's derivative is what the chain rule gives with any value of
 * this entry, because there the norm enters only as sin beta Y with Y = 0 and as S(beta) with S'(0) = 0 (the file
 * comment): Lipschitz r and Y = O(|x - x0|) make sin beta Y = O(|x - x0|^2), S(beta) = O(|x - x0|^3), whose
 * derivatives at x0 are 0, and the enclosure of those terms contains 0 there. Tested in check_twolayer_corr. */
void gdc_twolayer_corr_norm3(gdc_ajet_struct *r, const gdc_ajet_struct *u, slong prec)
{
    gdc_ajet_t s, t;
    gdc_ajet_init(s, r->n, r->order);
    gdc_ajet_init(t, r->n, r->order);
    gdc_ajet_sqr(s, u + 0, prec);
    for (int k = 1; k < 3; k++) {
        gdc_ajet_sqr(t, u + k, prec);
        gdc_ajet_add(s, s, t, prec);
    }
    if (arb_is_positive(&s->v))
        gdc_ajet_sqrt(r, s, prec);
    else {
        arb_t b;
        mag_t m;
        arb_init(b);
        mag_init(m);
        arb_sqrtpos(&r->v, &s->v, prec);
        for (int j = 0; j < r->n; j++) {
            arb_zero(b);
            for (int k = 0; k < 3; k++)
                arb_addmul(b, u[k].g + j, u[k].g + j, prec);
            arb_sqrtpos(b, b, prec);
            arb_get_mag(m, b);
            arb_zero(r->g + j);
            arb_add_error_mag(r->g + j, m);
        }
        for (int j = 0; r->order > 1 && j < r->n * r->n; j++)
            arb_indeterminate(r->h + j);
        arb_clear(b);
        mag_clear(m);
    }
    gdc_ajet_clear(s);
    gdc_ajet_clear(t);
}

/* beta = atan2(r, d) in [0, pi] (r = ||w1 x m2|| >= 0, d = <w1, m2>) by the branch whose quotient's denominator keeps
 * its sign on the box; on a box where neither does, the range [0, pi] without derivatives */
static void corr_beta(gdc_ajet_t b, const gdc_ajet_t r, const gdc_ajet_t d, slong prec)
{
    arb_t pi;
    arb_init(pi);
    arb_const_pi(pi, prec);
    if (arb_is_positive(&d->v) || arb_is_negative(&d->v)) {
        gdc_ajet_div(b, r, d, prec);
        gdc_ajet_atan(b, b, prec);
        if (arb_is_negative(&d->v))
            gdc_ajet_add_arb(b, b, pi, prec);
    } else if (arb_is_positive(&r->v)) {
        gdc_ajet_div(b, d, r, prec);                 /* pi/2 - atan(d/r) */
        gdc_ajet_atan(b, b, prec);
        gdc_ajet_neg(b, b);
        arb_mul_2exp_si(pi, pi, -1);
        gdc_ajet_add_arb(b, b, pi, prec);
    } else {
        arb_mul_2exp_si(pi, pi, -1);
        gdc_ajet_const(b, pi);
        arb_add_error(&b->v, pi);
        for (int j = 0; j < b->n; j++)
            arb_indeterminate(b->g + j);
        for (int j = 0; b->order > 1 && j < b->n * b->n; j++)
            arb_indeterminate(b->h + j);
    }
    arb_clear(pi);
}

enum { CN = 5 };

/* the geometry of the file comment in jets: x1, y1, x2, y2 (w1 = (x1, y1, 0), m2 = (x2, y2 cos chi, y2 sin chi)),
 * q1, q2, and D */
typedef struct {
    gdc_ajet_struct c1, s1, c2, s2, cc, sc, x1, y1, x2, y2, q1, q2, D, t;
} corr_geom_t;

static void corr_geom(corr_geom_t *g, const gdc_ajet_struct *X, slong prec)
{
    const gdc_ajet_struct *e1 = X + 0, *e2 = X + 1;
    gdc_ajet_struct u;
    gdc_ajet_init(&u, X->n, X->order);
    gdc_ajet_cos(&g->c1, X + 2, prec);
    gdc_ajet_sin(&g->s1, X + 2, prec);
    gdc_ajet_cos(&g->c2, X + 3, prec);
    gdc_ajet_sin(&g->s2, X + 3, prec);
    gdc_ajet_cos(&g->cc, X + 4, prec);
    gdc_ajet_sin(&g->sc, X + 4, prec);
    gdc_ajet_mul(&g->x1, e1, &g->c1, prec);
    gdc_ajet_add(&g->q1, &g->c1, e1, prec);                /* q1 = e1 (cos p1 + e1) */
    gdc_ajet_mul(&g->q1, &g->q1, e1, prec);
    gdc_ajet_add_si(&g->x1, &g->x1, 1, prec);
    gdc_ajet_mul(&g->y1, e1, &g->s1, prec);
    gdc_ajet_mul(&g->x2, e2, &g->c2, prec);
    gdc_ajet_add(&g->q2, &g->c2, e2, prec);
    gdc_ajet_mul(&g->q2, &g->q2, e2, prec);
    gdc_ajet_add_si(&g->x2, &g->x2, 1, prec);
    gdc_ajet_mul(&g->y2, e2, &g->s2, prec);
    /* D = (e1 - e2)^2 + 4 e1 e2 (sin^2((p1 - p2)/2) + sin p1 sin p2 sin^2(chi/2)) */
    gdc_ajet_mul_2exp_si(&g->t, X + 4, -1);
    gdc_ajet_sin(&g->t, &g->t, prec);
    gdc_ajet_sqr(&g->t, &g->t, prec);
    gdc_ajet_mul(&g->t, &g->t, &g->s1, prec);
    gdc_ajet_mul(&g->t, &g->t, &g->s2, prec);
    gdc_ajet_sub(&u, X + 2, X + 3, prec);
    gdc_ajet_mul_2exp_si(&u, &u, -1);
    gdc_ajet_sin(&u, &u, prec);
    gdc_ajet_sqr(&u, &u, prec);
    gdc_ajet_add(&g->t, &g->t, &u, prec);
    gdc_ajet_mul(&g->t, &g->t, e1, prec);
    gdc_ajet_mul(&g->t, &g->t, e2, prec);
    gdc_ajet_mul_2exp_si(&g->t, &g->t, 2);
    gdc_ajet_sub(&u, e1, e2, prec);
    gdc_ajet_sqr(&u, &u, prec);
    gdc_ajet_add(&g->D, &g->t, &u, prec);
    gdc_ajet_clear(&u);
}

/* T = sin beta ((n2 - n1)(P1 - P2) + D) - S(beta) (q1 + q2 - D), given the geometry */
static void corr_T(gdc_ajet_t T, corr_geom_t *g, const gdc_ajet_struct *X, slong prec)
{
    int n = X->n, o = X->order;
    gdc_ajet_struct n1, n2, dn, P, cr[3], dt, r, b, u;
    gdc_ajet_inits(n, o, &n1, &n2, &dn, &P, cr + 0, cr + 1, cr + 2, &dt, &r, &b, &u, NULL);
    gdc_ajet_sqr(&u, &g->x1, prec);                          /* n1, n2 */
    gdc_ajet_sqr(&n1, &g->y1, prec);
    gdc_ajet_add(&n1, &n1, &u, prec);
    gdc_ajet_sqrt(&n1, &n1, prec);
    gdc_ajet_sqr(&u, &g->x2, prec);
    gdc_ajet_sqr(&n2, &g->y2, prec);
    gdc_ajet_add(&n2, &n2, &u, prec);
    gdc_ajet_sqrt(&n2, &n2, prec);
    /* n2 - n1 = ((e2 - e1)(e2 + e1) + 2 (e2 cos p2 - e1 cos p1))/(n1 + n2) */
    gdc_ajet_sub(&dn, X + 1, X + 0, prec);
    gdc_ajet_add(&u, X + 1, X + 0, prec);
    gdc_ajet_mul(&dn, &dn, &u, prec);
    gdc_ajet_sub(&u, &g->x2, &g->x1, prec);
    gdc_ajet_mul_2exp_si(&u, &u, 1);
    gdc_ajet_add(&dn, &dn, &u, prec);
    gdc_ajet_add(&u, &n1, &n2, prec);
    gdc_ajet_div(&dn, &dn, &u, prec);
    gdc_ajet_div(&P, &g->q1, &n1, prec);                    /* P1 - P2 */
    gdc_ajet_div(&u, &g->q2, &n2, prec);
    gdc_ajet_sub(&P, &P, &u, prec);
    gdc_ajet_mul(&P, &P, &dn, prec);                        /* Y = (n2 - n1)(P1 - P2) + D */
    gdc_ajet_add(&P, &P, &g->D, prec);
    /* w1 x m2 = (y1 y2 sin chi, -x1 y2 sin chi, x1 y2 cos chi - x2 y1), <w1, m2> = x1 x2 + y1 y2 cos chi */
    gdc_ajet_mul(&u, &g->y2, &g->sc, prec);
    gdc_ajet_mul(cr + 0, &g->y1, &u, prec);
    gdc_ajet_mul(cr + 1, &g->x1, &u, prec);
    gdc_ajet_mul(&u, &g->y2, &g->cc, prec);
    gdc_ajet_mul(&dt, &g->y1, &u, prec);
    gdc_ajet_mul(cr + 2, &g->x1, &u, prec);
    gdc_ajet_mul(&u, &g->x2, &g->y1, prec);
    gdc_ajet_sub(cr + 2, cr + 2, &u, prec);
    gdc_ajet_mul(&u, &g->x1, &g->x2, prec);
    gdc_ajet_add(&dt, &dt, &u, prec);
    gdc_twolayer_corr_norm3(&r, cr, prec);
    corr_beta(&b, &r, &dt, prec);
    gdc_ajet_mul(&u, &n1, &n2, prec);                       /* sin beta = r/(n1 n2) */
    gdc_ajet_div(&r, &r, &u, prec);
    gdc_ajet_mul(T, &r, &P, prec);
    gdc_ajet_xmsin(&b, &b, prec);                           /* - S(beta) (q1 + q2 - D) */
    gdc_ajet_add(&u, &g->q1, &g->q2, prec);
    gdc_ajet_sub(&u, &u, &g->D, prec);
    gdc_ajet_mul(&u, &u, &b, prec);
    gdc_ajet_sub(T, T, &u, prec);
    gdc_ajet_clears(&n1, &n2, &dn, &P, cr + 0, cr + 1, cr + 2, &dt, &r, &b, &u, NULL);
}

static int corr_jet(gdc_ajet_struct *F, const gdc_ajet_struct *X, slong prec)
{
    corr_geom_t g;
    gdc_ajet_inits(X->n, X->order, &g.c1, &g.s1, &g.c2, &g.s2, &g.cc, &g.sc, &g.x1, &g.y1, &g.x2, &g.y2, &g.q1,
                   &g.q2, &g.D, &g.t, NULL);
    corr_geom(&g, X, prec);
    gdc_ajet_t T, h;
    arb_t c;
    gdc_ajet_init(T, X->n, X->order);
    gdc_ajet_init(h, X->n, X->order);
    arb_init(c);
    corr_T(T, &g, X, prec);
    arb_const_pi(c, prec);                                   /* corr = (e1^2 + e2^2)/2 - T/(2 pi) */
    arb_mul_2exp_si(c, c, 1);
    arb_inv(c, c, prec);
    gdc_ajet_mul_arb(T, T, c, prec);
    gdc_ajet_sqr(h, X + 0, prec);
    gdc_ajet_sqr(F, X + 1, prec);
    gdc_ajet_add(F, F, h, prec);
    gdc_ajet_mul_2exp_si(F, F, -1);
    gdc_ajet_sub(F, F, T, prec);
    arb_clear(c);
    gdc_ajet_clear(T);
    gdc_ajet_clear(h);
    gdc_ajet_clears(&g.c1, &g.s1, &g.c2, &g.s2, &g.cc, &g.sc, &g.x1, &g.y1, &g.x2, &g.y2, &g.q1, &g.q2, &g.D, &g.t,
                    NULL);
    return 1;
}

void gdc_twolayer_corr_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    gdc_ajet_eval_value(out, x, CN, 1, corr_jet, prec);
}

GDC_AJET_ROW_DERIVS(gdc_twolayer_corr, CN, 1, 0, gdc_twolayer_corr_arb, corr_jet)
