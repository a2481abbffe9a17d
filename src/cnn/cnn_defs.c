/* Definition checks of the CNN rows (003_676a49ed0823cdd9.txt App. A; seed-003 C2-C5, C11, C12, C17), rigorous:
 *   g from its defining expectation: E[relu(z.u) relu(z.w)] = g(phi)/(2 pi) for unit u, w at angle phi; in the
 *   (u, w) plane (C2) the radial integral int_0^inf r^3 e^{-r^2/2} dr = 2 leaves g(phi) = 2 int_{phi - pi/2}^{pi/2}
 *   cos t cos(t - phi) dt, integrated with acb_calc_integrate (entire integrand);
 *   the loss from its definition ell = (a*'A(w*)a* + a'A(w)a - 2 a'B(w, w*)a*)/2 with the Gram matrices of C3, C4
 *   (diagonal: the half-normal second moment ||w||^2/2; off-diagonal: independent patches, (||w||/sqrt(2 pi))^2;
 *   the cross diagonal: the g integral), i.e. the uncentred C6, a different grouping from the row's;
 *   the profile loss as that loss at a_opt(phi) = c1 a* + c2 1 (C12): x = c1 N + c2 S, s = c1 S + c2 k,
 *   n = c1^2 N + 2 c1 c2 S + c2^2 k, c1 = W (g - 1)/(pi - 1), c2 = W (pi - g) S/((pi - 1) K);
 *   the spurious loss as the loss at a_sp = a_opt(pi) (g = 0), and a_sp'a* from the matrix form of Lemma 4.1,
 *   a_sp = M^{-1}(1 1' - I) W a*, M^{-1} = (I - 1 1'/K)/(pi - 1) (C3): a_sp'a* = W (S^2 - N - (k - 1) S^2/K)/(pi - 1);
 *   the angle step as the angle between w* = (1, 0) and the vector step v + y (w* - (v.w*) v) from v = (cos phi,
 *   sin phi) (C7 with ||v|| = 1), by Kahan's 2 atan2(|a - b|, |a + b|) of the unit vectors. */
#include <math.h>
#include "cnn/cnn.h"
#include "cnn/cnn_defs.h"

static int g_integrand(acb_ptr out, const acb_t t, void *param, slong order, slong prec)
{
    (void)order; /* entire */
    const arb_struct *phi = param;
    acb_t a, b;
    acb_init(a);
    acb_init(b);
    acb_cos(a, t, prec);
    acb_sub_arb(b, t, phi, prec);
    acb_cos(b, b, prec);
    acb_mul(out, a, b, prec);
    acb_mul_2exp_si(out, out, 1);
    acb_clear(a);
    acb_clear(b);
    return 0;
}

/* g(phi) by the angular integral; 0 on success */
static int g_integral(arb_t g, const arb_t phi, slong prec)
{
    slong wp = prec + 30;
    acb_t lo, hi, val;
    acb_init(lo);
    acb_init(hi);
    acb_init(val);
    arb_const_pi(acb_realref(hi), wp);
    arb_mul_2exp_si(acb_realref(hi), acb_realref(hi), -1);
    arb_sub(acb_realref(lo), phi, acb_realref(hi), wp);
    mag_t tol;
    mag_init(tol);
    mag_set_ui_2exp_si(tol, 1, -wp);
    acb_calc_integrate_opt_t opt;
    acb_calc_integrate_opt_init(opt);
    int st = acb_calc_integrate(val, g_integrand, (void *)phi, lo, hi, wp, tol, opt, wp) != ARB_CALC_SUCCESS;
    arb_set_round(g, acb_realref(val), prec);
    mag_clear(tol);
    acb_clear(lo);
    acb_clear(hi);
    acb_clear(val);
    return st;
}

/* ell from the Gram matrices: (W^2 (S^2 + (pi - 1) N) + s^2 + (pi - 1) n - 2 W (s S + (g - 1) x))/(4 pi) */
static void gram_loss(arb_t res, const arb_t g, const arb_t W, const arb_t N, const arb_t S, const arb_t x,
                      const arb_t s, const arb_t n, slong prec)
{
    arb_t pm1, t, u;
    arb_init(pm1);
    arb_init(t);
    arb_init(u);
    arb_const_pi(pm1, prec);
    arb_sub_ui(pm1, pm1, 1, prec);
    arb_mul(t, pm1, N, prec);
    arb_addmul(t, S, S, prec);
    arb_mul(t, t, W, prec);
    arb_mul(t, t, W, prec);
    arb_addmul(t, s, s, prec);
    arb_addmul(t, pm1, n, prec);
    arb_sub_ui(u, g, 1, prec);
    arb_mul(u, u, x, prec);
    arb_addmul(u, s, S, prec);
    arb_mul(u, u, W, prec);
    arb_submul_ui(t, u, 2, prec);
    arb_const_pi(u, prec);
    arb_mul_2exp_si(u, u, 2);
    arb_div(res, t, u, prec);
    arb_clear(pm1);
    arb_clear(t);
    arb_clear(u);
}

int gdc_cnn_def_loss(arb_ptr out, const double *x, slong prec)
{
    arb_ptr X = _arb_vec_init(7);
    for (int i = 0; i < 7; i++)
        arb_set_d(X + i, x[i]);
    arb_t g;
    arb_init(g);
    int st = g_integral(g, X + 3, prec);
    gram_loss(out, g, X, X + 1, X + 2, X + 4, X + 5, X + 6, prec);
    arb_clear(g);
    _arb_vec_clear(X, 7);
    return st;
}

/* the loss at a = c1 a* + c2 1 with the given g (ends of the profile) */
static void loss_at_aopt(arb_t res, const arb_t g, const arb_t k, const arb_t W, const arb_t N, const arb_t S,
                         slong prec)
{
    arb_t pm1, K, c1, c2, x, s, n, t;
    arb_init(pm1); arb_init(K); arb_init(c1); arb_init(c2); arb_init(x); arb_init(s); arb_init(n); arb_init(t);
    arb_const_pi(pm1, prec);
    arb_sub(c2, pm1, g, prec);                 /* c2 = W (pi - g) S/((pi - 1) K) */
    arb_sub_ui(pm1, pm1, 1, prec);
    arb_add(K, k, pm1, prec);
    arb_mul(c2, c2, W, prec);
    arb_mul(c2, c2, S, prec);
    arb_div(c2, c2, pm1, prec);
    arb_div(c2, c2, K, prec);
    arb_sub_ui(c1, g, 1, prec);                /* c1 = W (g - 1)/(pi - 1) */
    arb_mul(c1, c1, W, prec);
    arb_div(c1, c1, pm1, prec);
    arb_mul(x, c1, N, prec);
    arb_addmul(x, c2, S, prec);
    arb_mul(s, c1, S, prec);
    arb_addmul(s, c2, k, prec);
    arb_mul(n, c1, c1, prec);
    arb_mul(n, n, N, prec);
    arb_mul(t, c1, c2, prec);
    arb_mul(t, t, S, prec);
    arb_addmul_ui(n, t, 2, prec);
    arb_mul(t, c2, c2, prec);
    arb_addmul(n, t, k, prec);
    gram_loss(res, g, W, N, S, x, s, n, prec);
    arb_clear(pm1); arb_clear(K); arb_clear(c1); arb_clear(c2); arb_clear(x); arb_clear(s); arb_clear(n);
    arb_clear(t);
}

int gdc_cnn_def_profile(arb_ptr out, const double *x, slong prec)
{
    arb_ptr X = _arb_vec_init(5);
    for (int i = 0; i < 5; i++)
        arb_set_d(X + i, x[i]);
    arb_t g;
    arb_init(g);
    int st = g_integral(g, X + 4, prec);
    loss_at_aopt(out, g, X, X + 1, X + 2, X + 3, prec);
    arb_clear(g);
    _arb_vec_clear(X, 5);
    return st;
}

int gdc_cnn_def_spurious(arb_ptr out, const double *x, slong prec)
{
    arb_ptr X = _arb_vec_init(4);
    for (int i = 0; i < 4; i++)
        arb_set_d(X + i, x[i]);
    arb_t g, pm1, K, t;
    arb_init(g); arb_init(pm1); arb_init(K); arb_init(t);
    arb_const_pi(g, prec);
    int st = g_integral(g, g, prec);           /* g(pi): the empty integral */
    loss_at_aopt(out, g, X, X + 1, X + 2, X + 3, prec);
    arb_const_pi(pm1, prec);                   /* a_sp'a* = W (S^2 - N - (k - 1) S^2/K)/(pi - 1) */
    arb_sub_ui(pm1, pm1, 1, prec);
    arb_add(K, X, pm1, prec);
    arb_sub_ui(t, X, 1, prec);
    arb_mul(t, t, X + 3, prec);
    arb_mul(t, t, X + 3, prec);
    arb_div(t, t, K, prec);
    arb_neg(t, t);
    arb_addmul(t, X + 3, X + 3, prec);
    arb_sub(t, t, X + 2, prec);
    arb_mul(t, t, X + 1, prec);
    arb_div(out + 1, t, pm1, prec);
    arb_clear(g); arb_clear(pm1); arb_clear(K); arb_clear(t);
    _arb_vec_clear(X, 4);
    return st;
}


/* a/|v| - sg for v = (a, b), sg = +-1, without cancellation when a has the sign of sg:
 * a/|v| - sg = sg (|a| - |v|)/|v| = -sg b^2/(|v| (|a| + |v|)) */
static void unit_minus(arb_t r, const arb_t a, const arb_t b, const arb_t nv, int sg, slong prec)
{
    if (sg > 0 ? arb_is_positive(a) : arb_is_negative(a)) {
        arb_t t;
        arb_init(t);
        arb_abs(t, a);
        arb_add(t, t, nv, prec);
        arb_mul(t, t, nv, prec);
        gdc_arb_sqr(r, b, prec);
        arb_div(r, r, t, prec);
        if (sg > 0)
            arb_neg(r, r);
        arb_clear(t);
    } else {
        arb_div(r, a, nv, prec);
        arb_sub_si(r, r, sg, prec);
    }
}

int gdc_cnn_def_angle(arb_ptr out, const double *x, slong prec)
{
    arb_t phi, y, c, s, a, b, nv, d, e, t;
    arb_init(phi); arb_init(y); arb_init(c); arb_init(s); arb_init(a); arb_init(b); arb_init(nv);
    arb_init(d); arb_init(e); arb_init(t);
    arb_set_d(phi, x[0]);
    arb_set_d(y, x[1]);
    arb_sin_cos(s, c, phi, prec);
    /* v' = v + y (I - v v') w* = (c, s) + y (s^2, -c s) */
    gdc_arb_sqr(a, s, prec);
    arb_mul(a, a, y, prec);
    arb_add(a, a, c, prec);
    arb_mul(b, c, s, prec);
    arb_mul(b, b, y, prec);
    arb_sub(b, s, b, prec);
    gdc_arb_hypot(nv, a, b, prec);
    /* Kahan: 2 atan2(|u - e1|, |u + e1|), u = v'/|v'| */
    arb_div(t, b, nv, prec);
    unit_minus(d, a, b, nv, 1, prec);
    gdc_arb_hypot(d, d, t, prec);
    unit_minus(e, a, b, nv, -1, prec);
    gdc_arb_hypot(e, e, t, prec);
    arb_atan2(out, d, e, prec);
    arb_mul_2exp_si(out, out, 1);
    arb_clear(phi); arb_clear(y); arb_clear(c); arb_clear(s); arb_clear(a); arb_clear(b); arb_clear(nv);
    arb_clear(d); arb_clear(e); arb_clear(t);
    return 0;
}
