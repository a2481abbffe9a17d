/* Definition check and hard regimes of twolayer.hess_form (seed-001 C5, C9, C10): the Hessian quadratic form is
 * checked against the second derivative of the population loss itself along the line W + t d, computed
 * rigorously by truncated Taylor series in t (value, t, t^2 coefficients; exact, no finite-difference error):
 * w1 = n1 (1, 0, 0), w2 = n2 (cos theta, sin theta, 0), d1 = x1 (1, 0, 0) + y1 (0, 1, 0) + z1 (0, 0, 1),
 * d2 = x2 (cos theta, sin theta, 0) + y2 (sin theta, -cos theta, 0) + z2 (0, 0, 1), a generic target
 * a = (3/10, -1/5, 1/2) (the Hessian does not depend on a), and the loss of C5 (b),
 *   L = (|w1 - a|^2 + |w2 + a|^2)/4 - |w1| |w2| h(theta)/(2 pi),  theta = atan2(|w1 x w2|, w1.w2),
 * h(theta) = sin theta + (pi - theta) cos theta; then d^T (grad^2 L) d = 2 [t^2] L. Undefined where w1 x w2 = 0
 * (theta in {0, pi} exactly: |w1 x w2| is not analytic in t there), so the regimes approach but avoid them. */
#include <math.h>
#include "twolayer/twolayer.h"
#include "twolayer/twolayer_defs.h"

typedef struct {
    arb_t c[3];
} ser_t; /* c0 + c1 t + c2 t^2 */

static void ser_init(ser_t *a) { for (int i = 0; i < 3; i++) arb_init(a->c[i]); }
static void ser_clear(ser_t *a) { for (int i = 0; i < 3; i++) arb_clear(a->c[i]); }

static void ser_mul(ser_t *r, const ser_t *a, const ser_t *b, slong prec)
{
    ser_t t;
    ser_init(&t);
    arb_mul(t.c[0], a->c[0], b->c[0], prec);
    arb_mul(t.c[1], a->c[0], b->c[1], prec);
    arb_addmul(t.c[1], a->c[1], b->c[0], prec);
    arb_mul(t.c[2], a->c[0], b->c[2], prec);
    arb_addmul(t.c[2], a->c[1], b->c[1], prec);
    arb_addmul(t.c[2], a->c[2], b->c[0], prec);
    for (int i = 0; i < 3; i++)
        arb_swap(r->c[i], t.c[i]);
    ser_clear(&t);
}

static void ser_add(ser_t *r, const ser_t *a, const ser_t *b, slong prec)
{
    for (int i = 0; i < 3; i++)
        arb_add(r->c[i], a->c[i], b->c[i], prec);
}

/* f(u(t)) from f(u0), f'(u0), f''(u0): c1 = f' u1, c2 = f' u2 + f'' u1^2/2 */
static void ser_compose(ser_t *r, const ser_t *u, const arb_t f0, const arb_t f1, const arb_t f2, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_sqr(t, u->c[1], prec);
    arb_mul(t, t, f2, prec);
    arb_mul_2exp_si(t, t, -1);
    arb_addmul(t, f1, u->c[2], prec);
    arb_set(r->c[2], t);
    arb_mul(r->c[1], f1, u->c[1], prec);
    arb_set(r->c[0], f0);
    arb_clear(t);
}

/* sqrt(u), u0 > 0 */
static int ser_sqrt(ser_t *r, const ser_t *u, slong prec)
{
    if (!arb_is_positive(u->c[0]))
        return 1;
    arb_t f0, f1, f2;
    arb_init(f0); arb_init(f1); arb_init(f2);
    arb_sqrt(f0, u->c[0], prec);              /* f' = 1/(2 f0), f'' = -1/(4 f0^3) */
    arb_inv(f1, f0, prec);
    arb_mul_2exp_si(f1, f1, -1);
    arb_pow_ui(f2, f1, 3, prec);
    arb_mul_2exp_si(f2, f2, 1);
    arb_neg(f2, f2);
    ser_compose(r, u, f0, f1, f2, prec);
    arb_clear(f0); arb_clear(f1); arb_clear(f2);
    return 0;
}

/* vectors of series: v = p + t q (p, q in R^3) */
static void line(ser_t *v, const arb_t *p, const arb_t *q)
{
    for (int i = 0; i < 3; i++) {
        arb_set(v[i].c[0], p[i]);
        arb_set(v[i].c[1], q[i]);
        arb_zero(v[i].c[2]);
    }
}

static void dot3(ser_t *r, const ser_t *a, const ser_t *b, slong prec)
{
    ser_t t;
    ser_init(&t);
    ser_mul(r, &a[0], &b[0], prec);
    for (int i = 1; i < 3; i++) {
        ser_mul(&t, &a[i], &b[i], prec);
        ser_add(r, r, &t, prec);
    }
    ser_clear(&t);
}

/* |a x b|^2 */
static void cross2(ser_t *r, const ser_t *a, const ser_t *b, slong prec)
{
    ser_t t, u;
    ser_init(&t);
    ser_init(&u);
    for (int i = 0; i < 3; i++)
        arb_zero(r->c[i]);
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        ser_mul(&t, &a[j], &b[k], prec);
        ser_mul(&u, &a[k], &b[j], prec);
        for (int m = 0; m < 3; m++)
            arb_sub(t.c[m], t.c[m], u.c[m], prec);
        ser_mul(&t, &t, &t, prec);
        ser_add(r, r, &t, prec);
    }
    ser_clear(&t);
    ser_clear(&u);
}

/* theta(t) = atan2(y, x), y > 0: theta' = (x y' - y x')/R, R = x^2 + y^2, theta'' = ((x y'' - y x'') R - (x y' -
 * y x') R')/R^2 with R' = 2 (x x' + y y'); series coefficients c1 = theta', c2 = theta''/2 */
static void ser_atan2(ser_t *r, const ser_t *y, const ser_t *x, slong prec)
{
    arb_t R, N, Np, Rp, t;
    arb_init(R); arb_init(N); arb_init(Np); arb_init(Rp); arb_init(t);
    arb_atan2(r->c[0], y->c[0], x->c[0], prec);
    arb_sqr(R, x->c[0], prec);
    arb_addmul(R, y->c[0], y->c[0], prec);
    arb_mul(N, x->c[0], y->c[1], prec);
    arb_submul(N, y->c[0], x->c[1], prec);
    arb_mul(Np, x->c[0], y->c[2], prec);      /* x y'' - y x'' = 2 (x y2 - y x2) */
    arb_submul(Np, y->c[0], x->c[2], prec);
    arb_mul_2exp_si(Np, Np, 1);
    arb_mul(Rp, x->c[0], x->c[1], prec);
    arb_addmul(Rp, y->c[0], y->c[1], prec);
    arb_mul_2exp_si(Rp, Rp, 1);
    arb_div(r->c[1], N, R, prec);
    arb_mul(t, Np, R, prec);
    arb_submul(t, N, Rp, prec);
    arb_div(t, t, R, prec);
    arb_div(t, t, R, prec);
    arb_mul_2exp_si(r->c[2], t, -1);
    arb_clear(R); arb_clear(N); arb_clear(Np); arb_clear(Rp); arb_clear(t);
}

/* h(theta(t)): h' = -(pi - theta) sin theta, h'' = (pi - theta) (-cos theta) + sin theta = sin - (pi - theta) cos */
static void ser_h(ser_t *r, const ser_t *th, slong prec)
{
    arb_t s, c, e, f0, f1, f2;
    arb_init(s); arb_init(c); arb_init(e); arb_init(f0); arb_init(f1); arb_init(f2);
    arb_sin_cos(s, c, th->c[0], prec);
    arb_const_pi(e, prec);
    arb_sub(e, e, th->c[0], prec);
    arb_mul(f0, e, c, prec);
    arb_sub(f2, s, f0, prec);
    arb_add(f0, s, f0, prec);
    arb_mul(f1, e, s, prec);
    arb_neg(f1, f1);
    ser_compose(r, th, f0, f1, f2, prec);
    arb_clear(s); arb_clear(c); arb_clear(e); arb_clear(f0); arb_clear(f1); arb_clear(f2);
}

/* 2 [t^2] L along the line */
static int second_derivative(arb_t out, const arb_t *w1, const arb_t *w2, const arb_t *d1, const arb_t *d2,
                             const arb_t *a, slong prec)
{
    ser_t W1[3], W2[3], D1[3], D2[3], n1, n2, x, y, th, h, l, t;
    arb_t z[3], pi;
    int st = 0;
    for (int i = 0; i < 3; i++) {
        ser_init(&W1[i]); ser_init(&W2[i]); ser_init(&D1[i]); ser_init(&D2[i]);
        arb_init(z[i]);
    }
    ser_init(&n1); ser_init(&n2); ser_init(&x); ser_init(&y); ser_init(&th); ser_init(&h); ser_init(&l);
    ser_init(&t);
    arb_init(pi);
    line(W1, w1, d1);
    line(W2, w2, d2);
    for (int i = 0; i < 3; i++)              /* w1 - a, w2 + a */
        arb_sub(z[i], w1[i], a[i], prec);
    line(D1, z, d1);
    for (int i = 0; i < 3; i++)
        arb_add(z[i], w2[i], a[i], prec);
    line(D2, z, d2);
    dot3(&l, D1, D1, prec);                   /* (|w1 - a|^2 + |w2 + a|^2)/4 */
    dot3(&t, D2, D2, prec);
    ser_add(&l, &l, &t, prec);
    dot3(&n1, W1, W1, prec);
    dot3(&n2, W2, W2, prec);
    dot3(&x, W1, W2, prec);
    cross2(&y, W1, W2, prec);
    st |= ser_sqrt(&n1, &n1, prec);
    st |= ser_sqrt(&n2, &n2, prec);
    st |= ser_sqrt(&y, &y, prec);
    if (!st) {
        ser_atan2(&th, &y, &x, prec);
        ser_h(&h, &th, prec);
        ser_mul(&h, &h, &n1, prec);
        ser_mul(&h, &h, &n2, prec);
        arb_const_pi(pi, prec);               /* L2 = l2/4 - [t^2](n1 n2 h)/(2 pi); out = 2 L2 */
        arb_div(h.c[2], h.c[2], pi, prec);
        arb_mul_2exp_si(l.c[2], l.c[2], -1);
        arb_sub(out, l.c[2], h.c[2], prec);
    }
    for (int i = 0; i < 3; i++) {
        ser_clear(&W1[i]); ser_clear(&W2[i]); ser_clear(&D1[i]); ser_clear(&D2[i]);
        arb_clear(z[i]);
    }
    ser_clear(&n1); ser_clear(&n2); ser_clear(&x); ser_clear(&y); ser_clear(&th); ser_clear(&h); ser_clear(&l);
    ser_clear(&t);
    arb_clear(pi);
    return st;
}

int gdc_twolayer_def_hess_form(arb_ptr out, const double *x, slong prec)
{
    slong wp = prec + 128;
    arb_t w1[3], w2[3], d1[3], d2[3], a[3], s, c, n1, n2;
    for (int i = 0; i < 3; i++) {
        arb_init(w1[i]); arb_init(w2[i]); arb_init(d1[i]); arb_init(d2[i]); arb_init(a[i]);
    }
    arb_init(s); arb_init(c); arb_init(n1); arb_init(n2);
    arb_set_d(n1, x[0]);
    arb_sin_cos(n2, n1, n1, wp);              /* n1 = cos psi, n2 = sin psi */
    arb_set_d(s, x[1]);
    arb_sin_cos(s, c, s, wp);
    arb_set(w1[0], n1);
    arb_mul(w2[0], n2, c, wp);
    arb_mul(w2[1], n2, s, wp);
    arb_set_d(d1[0], x[2]);
    arb_set_d(d1[1], x[3]);
    arb_set_d(d1[2], x[4]);
    arb_set_d(n1, x[5]);                      /* d2 = x2 (c, s, 0) + y2 (s, -c, 0) + z2 (0, 0, 1) */
    arb_set_d(n2, x[6]);
    arb_mul(d2[0], n1, c, wp);
    arb_addmul(d2[0], n2, s, wp);
    arb_mul(d2[1], n1, s, wp);
    arb_submul(d2[1], n2, c, wp);
    arb_set_d(d2[2], x[7]);
    arb_set_d(a[0], 0.3);                     /* any target: the Hessian does not depend on it */
    arb_set_d(a[1], -0.2);
    arb_set_d(a[2], 0.5);
    int st = second_derivative(out, w1, w2, d1, d2, a, wp);
    for (int i = 0; i < 3; i++) {
        arb_clear(w1[i]); arb_clear(w2[i]); arb_clear(d1[i]); arb_clear(d2[i]); arb_clear(a[i]);
    }
    arb_clear(s); arb_clear(c); arb_clear(n1); arb_clear(n2);
    return st || !arb_is_finite(out);
}

static double tiny(gdc_rng_t *rng, double lo, double hi) { return pow(10.0, gdc_rng_range(rng, lo, hi)); }

static void direction(double *x, gdc_rng_t *rng)
{
    for (int i = 2; i < 8; i++)
        x[i] = gdc_rng_range(rng, -1, 1);
}

/* the saddle family (theta -> 0, every norm ratio of w1 = (c + 1) a, w2 = c a: psi = atan(c/(c + 1))) */
void gdc_twolayer_reg_hess_saddle(double *x, gdc_rng_t *rng)
{
    double c = gdc_rng_range(rng, 0.05, 4);
    x[0] = atan(c / (c + 1));
    x[1] = tiny(rng, -15, -1);
    direction(x, rng);
}

/* W* (theta -> pi, equal norms) */
void gdc_twolayer_reg_hess_wstar(double *x, gdc_rng_t *rng)
{
    x[0] = 0.7853981633974483 + gdc_rng_range(rng, -1e-3, 1e-3);
    x[1] = 3.141592653589793 - tiny(rng, -15, -1);
    direction(x, rng);
}

/* extreme norm ratios (psi -> 0 and psi -> pi/2: k2 or k1 large) */
void gdc_twolayer_reg_hess_ratio(double *x, gdc_rng_t *rng)
{
    double p = tiny(rng, -8, -1);
    x[0] = gdc_rng_range(rng, 0, 1) < 0.5 ? p : 1.5707963267948966 - p;
    x[1] = gdc_rng_range(rng, 0.01, 3.13);
    direction(x, rng);
}
