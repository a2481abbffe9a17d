/* Definition checks, rigorous: the defining Gaussian expectations of the ReLU rows reduced to angular
 * integrals (seed-000 C25: the 2-D marginal of N(0, I) is N(0, I_2)). For x ~ N(0, I_2) and g homogeneous
 * of degree 2, E[g(x)] = (1/pi) int_0^{2 pi} g(cos phi, sin phi) dphi; of degree 0, (1/(2 pi)) int.
 * With v = (1, 0) and w = r (cos t, sin t), t in [0, pi], the kinks of relu(w.u), relu(v.u) split
 * [-pi/2, 3pi/2] into P1 = [-pi/2, t - pi/2] (v.u > 0 >= w.u), P2 = [t - pi/2, pi/2] (both > 0),
 * P3 = [pi/2, t + pi/2] (w.u > 0 >= v.u) and P4 (both <= 0, integrand 0). On each piece the integrand is
 * a trigonometric polynomial (entire), integrated with acb_calc_integrate after the substitution
 * phi = lo + (hi - lo) s, s in [0, 1] (exact endpoints; the kinks are Arb balls from arb_const_pi). */
#include "relu/relu_defs.h"

enum { K_KERNEL, K_JK, K_STEP, K_LOSS, K_G0, K_G1, K_CORR, K_HALF, K_HW, K_HN };

typedef struct {
    int kind;
    int piece; /* 1, 2, 3 */
    arb_t lo, len, r, t;
} integrand_t;

/* integrand at phi: wu = r cos(phi - t), vu = cos phi, wbu = cos(phi - t), nu = -sin(phi - t) */
static int f_angular(acb_ptr out, const acb_t s, void *param, slong order, slong prec)
{
    (void)order; /* entire integrands: nothing to check for order 1 */
    integrand_t *p = param;
    acb_t phi, cw, sw, cv, wu, a, b;
    acb_init(phi); acb_init(cw); acb_init(sw); acb_init(cv); acb_init(wu); acb_init(a); acb_init(b);
    acb_mul_arb(phi, s, p->len, prec);
    acb_add_arb(phi, phi, p->lo, prec);
    acb_cos(cv, phi, prec);
    acb_sub_arb(a, phi, p->t, prec);
    acb_sin_cos(sw, cw, a, prec);
    acb_mul_arb(wu, cw, p->r, prec);
    switch (p->kind) {
    case K_KERNEL: /* relu(wbu) relu(vu): P2 */
        acb_mul(out, cw, cv, prec);
        break;
    case K_JK: /* relu(-wbu) relu(vu): P1 */
        acb_mul(out, cw, cv, prec);
        acb_neg(out, out);
        break;
    case K_STEP:
        acb_one(out);
        break;
    case K_LOSS: /* (relu(wu) - relu(vu))^2/2 */
        if (p->piece == 1)
            acb_set(a, cv);
        else if (p->piece == 2)
            acb_sub(a, wu, cv, prec);
        else
            acb_set(a, wu);
        acb_sqr(out, a, prec);
        acb_mul_2exp_si(out, out, -1);
        break;
    case K_G0:
    case K_G1: /* (relu(wu) - relu(vu)) 1(wu > 0) (wbu or nu) */
        if (p->piece == 2)
            acb_sub(a, wu, cv, prec);
        else
            acb_set(a, wu);
        if (p->kind == K_G0)
            acb_mul(out, a, cw, prec);
        else {
            acb_mul(out, a, sw, prec);
            acb_neg(out, out);
        }
        break;
    case K_HALF: /* 1(wu > 0): P2, P3 */
        acb_one(out);
        break;
    case K_HW: /* 1(wu > 0) (wb.u)^2: P2, P3 */
        acb_sqr(out, cw, prec);
        break;
    case K_HN: /* 1(wu > 0) (n.u)^2: P2, P3 */
        acb_sqr(out, sw, prec);
        break;
    default: /* K_CORR: (relu(wu) - relu(vu)) 1(wu > 0) (wu - vu) */
        acb_sub(b, wu, cv, prec);
        if (p->piece == 2)
            acb_sqr(out, b, prec);
        else
            acb_mul(out, wu, b, prec);
        break;
    }
    acb_mul_arb(out, out, p->len, prec);
    acb_clear(phi); acb_clear(cw); acb_clear(sw); acb_clear(cv); acb_clear(wu); acb_clear(a); acb_clear(b);
    return 0;
}

/* res = E[g] for the integrand kind at (r, t); returns 0 on success */
static int expect(arb_t res, int kind, const arb_t r, const arb_t t, slong prec)
{
    slong wp = prec + 30;
    integrand_t p;
    arb_init(p.lo); arb_init(p.len); arb_init(p.r); arb_init(p.t);
    arb_set(p.r, r);
    arb_set(p.t, t);
    p.kind = kind;
    arb_t hp, a, b;
    acb_t s0, s1, val;
    arb_init(hp); arb_init(a); arb_init(b);
    acb_init(s0); acb_init(s1); acb_init(val);
    acb_zero(s0);
    acb_one(s1);
    mag_t tol;
    mag_init(tol);
    mag_set_ui_2exp_si(tol, 1, -wp);
    acb_calc_integrate_opt_t opt;
    acb_calc_integrate_opt_init(opt);
    arb_const_pi(hp, wp);
    arb_mul_2exp_si(hp, hp, -1); /* pi/2 */
    int status = 0;
    arb_zero(res);
    for (int piece = 1; piece <= 3; piece++) {
        int used = (kind == K_JK) ? piece == 1 : (kind == K_KERNEL || kind == K_STEP) ? piece == 2
                 : (kind == K_LOSS) ? 1 : piece >= 2;
        if (!used)
            continue;
        /* piece ends */
        if (piece == 1) {
            arb_neg(a, hp);
            arb_sub(b, t, hp, wp);
        } else if (piece == 2) {
            arb_sub(a, t, hp, wp);
            arb_set(b, hp);
        } else {
            arb_set(a, hp);
            arb_add(b, t, hp, wp);
        }
        arb_set(p.lo, a);
        arb_sub(p.len, b, a, wp);
        p.piece = piece;
        if (acb_calc_integrate(val, f_angular, &p, s0, s1, wp, tol, opt, wp) != ARB_CALC_SUCCESS)
            status = 1;
        arb_add(res, res, acb_realref(val), wp);
    }
    arb_const_pi(a, wp);
    if (kind == K_STEP || kind == K_HALF)
        arb_mul_2exp_si(a, a, 1);
    arb_div(res, res, a, prec);
    arb_clear(p.lo); arb_clear(p.len); arb_clear(p.r); arb_clear(p.t);
    arb_clear(hp); arb_clear(a); arb_clear(b);
    acb_clear(s0); acb_clear(s1); acb_clear(val);
    mag_clear(tol);
    return status;
}

static void two_pi(arb_t x, slong prec)
{
    arb_const_pi(x, prec);
    arb_mul_2exp_si(x, x, 1);
}

int gdc_relu_int_h(arb_ptr out, const double *x, slong prec)
{
    arb_t r, t;
    arb_init(r); arb_init(t);
    arb_one(r);
    arb_set_d(t, x[0]);
    int st = expect(out, K_KERNEL, r, t, prec); /* h = 2 pi E[relu(wb.x) relu(v.x)] */
    two_pi(r, prec);
    arb_mul(out, out, r, prec);
    arb_clear(r); arb_clear(t);
    return st;
}

int gdc_relu_int_J(arb_ptr out, const double *x, slong prec)
{
    arb_t r, t;
    arb_init(r); arb_init(t);
    arb_one(r);
    arb_set_d(t, x[0]);
    int st = expect(out, K_JK, r, t, prec); /* J = 2 pi E[relu(-wb.x) relu(v.x)] */
    two_pi(r, prec);
    arb_mul(out, out, r, prec);
    arb_clear(r); arb_clear(t);
    return st;
}

int gdc_relu_int_step(arb_ptr out, const double *x, slong prec)
{
    arb_t r, t;
    arb_init(r); arb_init(t);
    arb_one(r);
    arb_set_d(t, x[0]);
    int st = expect(out, K_STEP, r, t, prec);
    arb_clear(r); arb_clear(t);
    return st;
}

int gdc_relu_int_kernel(arb_ptr out, const double *x, slong prec)
{
    arb_t r, t;
    arb_init(r); arb_init(t);
    arb_one(r);
    arb_set_d(t, x[2]);
    int st = expect(out, K_KERNEL, r, t, prec);
    arb_set_d(r, x[0]);
    arb_mul(out, out, r, prec);
    arb_set_d(r, x[1]);
    arb_mul(out, out, r, prec);
    arb_clear(r); arb_clear(t);
    return st;
}

/* expectation of kind at (r, t) = (x[0], x[1]) */
static int expect_rt(arb_t res, int kind, const double *x, slong prec)
{
    arb_t r, t;
    arb_init(r); arb_init(t);
    arb_set_d(r, x[0]);
    arb_set_d(t, x[1]);
    int st = expect(res, kind, r, t, prec);
    arb_clear(r); arb_clear(t);
    return st;
}

int gdc_relu_int_loss(arb_ptr out, const double *x, slong prec) { return expect_rt(out, K_LOSS, x, prec); }

int gdc_relu_int_grad(arb_ptr out, const double *x, slong prec)
{
    return expect_rt(out + 0, K_G0, x, prec) | expect_rt(out + 1, K_G1, x, prec);
}

int gdc_relu_int_corr(arb_ptr out, const double *x, slong prec) { return expect_rt(out, K_CORR, x, prec); }

/* corr/|w - v|^2 with |w - v|^2 = (r cos t - 1)^2 + (r sin t)^2 from the vectors; at w = v (Q = 0) the
 * ratio is defined as its limit 1/2 (nothing to integrate there) */
int gdc_relu_int_corr_ratio(arb_ptr out, const double *x, slong prec)
{
    int st = expect_rt(out, K_CORR, x, prec);
    arb_t s, c, q;
    arb_init(s); arb_init(c); arb_init(q);
    arb_set_d(q, x[1]);
    arb_sin_cos(s, c, q, prec + 30);
    arb_set_d(q, x[0]);
    arb_mul(c, c, q, prec + 30);
    arb_sub_ui(c, c, 1, prec + 30);
    arb_mul(s, s, q, prec + 30);
    arb_sqr(c, c, prec + 30);
    arb_sqr(s, s, prec + 30);
    arb_add(q, c, s, prec + 30);
    if (x[0] == 1.0 && x[1] == 0.0) {
        arb_one(out);
        arb_mul_2exp_si(out, out, -1);
    } else {
        arb_div(out, out, q, prec);
    }
    arb_clear(s); arb_clear(c); arb_clear(q);
    return st;
}

/* d|w|^2/dt = 2 w . dw/dt = -2 w . grad F = -2 r (grad F . wb) */
int gdc_relu_int_norm_rate(arb_ptr out, const double *x, slong prec)
{
    int st = expect_rt(out, K_G0, x, prec);
    arb_t r;
    arb_init(r);
    arb_set_d(r, x[0]);
    arb_mul(out, out, r, prec);
    arb_mul_2exp_si(out, out, 1);
    arb_neg(out, out);
    arb_clear(r);
    return st;
}

/* d theta/dt = -(dw/dt . n)/r = (grad F . n)/r, n the unit vector towards v orthogonal to w */
int gdc_relu_int_angle_rate(arb_ptr out, const double *x, slong prec)
{
    int st = expect_rt(out, K_G1, x, prec);
    arb_t r;
    arb_init(r);
    arb_set_d(r, x[0]);
    arb_div(out, out, r, prec);
    arb_clear(r);
    return st;
}

/* ---- relu.hess_eig (seed-000 C22) ----
 * For w != 0 the Hessian of F(w) = E[(relu(w.x) - relu(v.x))^2/2] is the derivative of
 * grad F(w) = E[(relu(w.x) - relu(v.x)) 1(w.x > 0) x]. The factor relu(w.x) 1(w.x > 0) = (w.x)_+ has derivative
 * 1(w.x > 0) x; the factor 1(w.x > 0) has the distributional derivative delta(w.x) x (x has a smooth density, so
 * d/dw P-weighted half-space integrals are hyperplane integrals), and relu(w.x) delta(w.x) = 0. Hence
 *   Hess F(w) = E[1(w.x > 0) x x^T] - E[delta(w.x) relu(v.x) x x^T].
 * With x ~ N(0, I_d), w = r wb, n the unit vector in span{w, v} orthogonal to wb towards v (v.n = sin t), e a unit
 * vector orthogonal to both: on {w.x = 0}, delta(w.x) = delta(wb.x)/r, the density of wb.x at 0 is 1/sqrt(2 pi),
 * and x = s n + z e + ... with s, z iid N(0, 1) there, so relu(v.x) = sin t relu(s) and the three eigenvalues
 * (directions wb, n, e; the cross terms vanish by s -> -s symmetry of the wb, e parts and E[z] = 0) are
 *   wb: E[1(w.x > 0)(wb.x)^2]                                          (the delta term has wb.x = 0)
 *   n:  E[1(w.x > 0)(n.x)^2] - (sin t/(r sqrt(2 pi))) E[relu(s) s^2]
 *   e:  P(w.x > 0) E[z^2]   - (sin t/(r sqrt(2 pi))) E[relu(s)] E[z^2],
 * the registry's outputs 0, 1, 2. Here the plane expectations are the angular integrals of expect() and
 * E[relu(s)^k] = int_0^L s^k phi(s) ds (acb_calc_integrate, L = 40) plus the exact tail: int_L^inf s phi = phi(L),
 * int_L^inf s^3 phi = (L^2 + 2) phi(L). No closed form of the row is used. */

static int f_moment(acb_ptr out, const acb_t s, void *param, slong order, slong prec)
{
    (void)order; /* s^k e^{-s^2/2} is entire */
    int k = *(const int *)param;
    acb_t e;
    acb_init(e);
    acb_sqr(e, s, prec);
    acb_mul_2exp_si(e, e, -1);
    acb_neg(e, e);
    acb_exp(e, e, prec);
    acb_pow_ui(out, s, (ulong)k, prec);
    acb_mul(out, out, e, prec);
    acb_clear(e);
    return 0;
}

/* res = E[relu(s)^k] for s ~ N(0, 1), k = 1 or 3 */
static int half_moment(arb_t res, int k, slong prec)
{
    slong wp = prec + 30;
    const slong L = 40;
    acb_t a, b, val;
    mag_t tol;
    arb_t phi, tail;
    acb_init(a); acb_init(b); acb_init(val);
    mag_init(tol);
    arb_init(phi); arb_init(tail);
    acb_zero(a);
    acb_set_si(b, L);
    mag_set_ui_2exp_si(tol, 1, -wp);
    acb_calc_integrate_opt_t opt;
    acb_calc_integrate_opt_init(opt);
    int st = acb_calc_integrate(val, f_moment, &k, a, b, wp, tol, opt, wp) != ARB_CALC_SUCCESS;
    arb_set(res, acb_realref(val));
    /* phi(L) = e^{-L^2/2}/sqrt(2 pi); the tail (k = 1: phi(L), k = 3: (L^2 + 2) phi(L)) as added radius */
    arb_set_si(tail, -L * L);
    arb_mul_2exp_si(tail, tail, -1);
    arb_exp(tail, tail, wp);
    arb_mul_ui(tail, tail, k == 3 ? (ulong)(L * L + 2) : 1u, wp);
    arb_add(res, res, tail, wp); /* res = int_0^L + tail, both times sqrt(2 pi) */
    arb_add_error(res, tail);    /* the tail is in [0, tail]: widen by it */
    arb_const_pi(phi, wp);
    arb_mul_2exp_si(phi, phi, 1);
    arb_sqrt(phi, phi, wp);
    arb_div(res, res, phi, prec);
    acb_clear(a); acb_clear(b); acb_clear(val);
    mag_clear(tol);
    arb_clear(phi); arb_clear(tail);
    return st;
}

int gdc_relu_int_hess_eig(arb_ptr out, const double *x, slong prec)
{
    slong wp = prec + 30;
    arb_t c, m, st_, p;
    arb_init(c); arb_init(m); arb_init(st_); arb_init(p);
    int st = expect_rt(out + 0, K_HW, x, wp);
    st |= expect_rt(out + 1, K_HN, x, wp);
    st |= expect_rt(p, K_HALF, x, wp);
    /* c = sin t/(r sqrt(2 pi)) */
    arb_set_d(st_, x[1]);
    arb_sin(c, st_, wp);
    arb_set_d(st_, x[0]);
    arb_div(c, c, st_, wp);
    arb_const_pi(st_, wp);
    arb_mul_2exp_si(st_, st_, 1);
    arb_rsqrt(st_, st_, wp);
    arb_mul(c, c, st_, wp);
    st |= half_moment(m, 3, wp);
    arb_submul(out + 1, c, m, wp);
    st |= half_moment(m, 1, wp);
    arb_mul(out + 2, c, m, wp);
    arb_sub(out + 2, p, out + 2, prec);
    arb_set_round(out + 0, out + 0, prec);
    arb_set_round(out + 1, out + 1, prec);
    arb_clear(c); arb_clear(m); arb_clear(st_); arb_clear(p);
    return st;
}
