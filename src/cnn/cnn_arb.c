/* Arb enclosures of the CNN rows with their derivatives (003_676a49ed0823cdd9.txt; seed-003 C6, C12, C17), rigorous on
 * any balls. Arguments: loss (W, N, S, phi, x, s, n); profile (k, W, N, S, phi); spurious (k, W, N, S);
 * angle (phi, y). u = pi - g(phi), u' = (pi - phi) sin phi, u'' = (pi - phi) cos phi - sin phi (cnn_g.c), K = k + pi - 1.
 *   loss L = ((pi - 1) D2 + dS^2 + 2 W u x)/(4 pi), D2 = n - 2Wx + W^2 N, dS = s - WS:
 *     dL/dW = ((pi - 1)(2WN - 2x) - 2 S dS + 2 u x)/(4 pi), dL/dN = (pi - 1) W^2/(4 pi), dL/dS = -2 W dS/(4 pi),
 *     dL/dphi = 2 W x u'/(4 pi), dL/dx = 2 W (u - (pi - 1))/(4 pi), dL/ds = 2 dS/(4 pi), dL/dn = (pi - 1)/(4 pi);
 *     second derivatives (times 4 pi): WW 2(pi - 1)N + 2 S^2, WN 2(pi - 1)W, WS 2WS - 2 dS, Wphi 2 x u',
 *     Wx 2u - 2(pi - 1), Ws -2S, SS 2W^2, Ss -2W, phiphi 2 W x u'', phix 2 W u', ss 2, all others 0.
 *   profile P = W^2 Q/C, Q = u ((2 pi - 2 - u) N + u S^2/K), C = 4 pi (pi - 1):
 *     dP/dW = 2 W Q/C, dP/dN = W^2 u (2 pi - 2 - u)/C, dP/dS = 2 W^2 u^2 S/(K C),
 *     dP/dphi = W^2 ((2 pi - 2 - 2u) N + 2 u S^2/K) u'/C; dP/dk: k is an integer (indeterminate).
 *   spurious l = W^2 B/(4 (pi - 1)), B = (pi - 2) N + pi S^2/K; m = W (pi S^2/K - N)/(pi - 1):
 *     dl = (2 W B, W^2 (pi - 2), 2 pi W^2 S/K)/(4 (pi - 1)), dm = (pi S^2/K - N, -W, 2 pi W S/K)/(pi - 1) in (W, N, S).
 *   angle phi' = atan2(B, A), A = c + y s^2, B = s |q|, q = 1 - y c, A^2 + B^2 = 1 + y^2 s^2 >= 1 (s, c = sin, cos phi):
 *     dphi' = (A dB - B dA)/(1 + y^2 s^2), dA = (2 y s c - s, s^2), dB = (c |q| + sg y s^2, -sg s c), sg = sign q.
 *     Where the ball of q contains 0, sg is the ball [-1, 1]: phi' is Lipschitz, t -> |q(t)| is absolutely continuous
 *     along any segment with derivative in [-1, 1] q'(t) wherever it exists, so the enclosure contains every derivative
 *     the mean-value and monotonicity arguments integrate (Clarke's generalised gradient). */
#include "cnn/cnn.h"

typedef struct {
    arb_t pi, pm1, pm2, fourpi;
} consts_t;

static void consts_init(consts_t *c, slong prec)
{
    arb_init(c->pi);
    arb_init(c->pm1);
    arb_init(c->pm2);
    arb_init(c->fourpi);
    arb_const_pi(c->pi, prec);
    arb_sub_ui(c->pm1, c->pi, 1, prec);
    arb_sub_ui(c->pm2, c->pi, 2, prec);
    arb_mul_2exp_si(c->fourpi, c->pi, 2);
}

static void consts_clear(consts_t *c)
{
    arb_clear(c->pi);
    arb_clear(c->pm1);
    arb_clear(c->pm2);
    arb_clear(c->fourpi);
}

enum { LW, LN, LS, LPHI, LX, LSM, LNN, LARGS };

static void loss_hess(arb_ptr h, arb_srcptr X, const arb_t u, const arb_t ds, const consts_t *c, slong prec)
{
    arb_t t, d1, d2;
    arb_init(t);
    arb_init(d1);
    arb_init(d2);
    gdc_cnn_pmg_d1_arb(d1, X + LPHI, prec);
    gdc_cnn_pmg_d2_arb(d2, X + LPHI, prec);
    _arb_vec_zero(h, LARGS * LARGS);
#define H(i, j) (h + (i) * LARGS + (j))
    arb_mul(t, c->pm1, X + LN, prec);        /* WW: 2 (pi - 1) N + 2 S^2 */
    arb_addmul(t, X + LS, X + LS, prec);
    arb_mul_2exp_si(H(LW, LW), t, 1);
    arb_mul(t, c->pm1, X + LW, prec);        /* WN */
    arb_mul_2exp_si(H(LW, LN), t, 1);
    arb_mul(t, X + LW, X + LS, prec);        /* WS: 2 W S - 2 dS */
    arb_sub(t, t, ds, prec);
    arb_mul_2exp_si(H(LW, LS), t, 1);
    arb_mul(t, X + LX, d1, prec);            /* Wphi */
    arb_mul_2exp_si(H(LW, LPHI), t, 1);
    arb_sub(t, u, c->pm1, prec);             /* Wx */
    arb_mul_2exp_si(H(LW, LX), t, 1);
    arb_mul_si(H(LW, LSM), X + LS, -2, prec); /* Ws */
    arb_sqr(t, X + LW, prec);                /* SS */
    arb_mul_2exp_si(H(LS, LS), t, 1);
    arb_mul_si(H(LS, LSM), X + LW, -2, prec); /* Ss */
    arb_mul(t, X + LW, X + LX, prec);        /* phiphi */
    arb_mul(t, t, d2, prec);
    arb_mul_2exp_si(H(LPHI, LPHI), t, 1);
    arb_mul(t, X + LW, d1, prec);            /* phix */
    arb_mul_2exp_si(H(LPHI, LX), t, 1);
    arb_set_ui(H(LSM, LSM), 2);
    for (int i = 0; i < LARGS; i++)
        for (int j = 0; j < LARGS; j++) {
            if (j < i)
                arb_set(H(i, j), H(j, i));
            else
                arb_div(H(i, j), H(i, j), c->fourpi, prec);
        }
#undef H
    arb_clear(t);
    arb_clear(d1);
    arb_clear(d2);
}

static void loss_jac(arb_ptr J, arb_srcptr X, const arb_t u, const arb_t ds, const consts_t *c, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_mul(t, X + LW, X + LN, prec); /* W: (pi - 1)(2WN - 2x) - 2 S dS + 2 u x */
    arb_sub(t, t, X + LX, prec);
    arb_mul(t, t, c->pm1, prec);
    arb_submul(t, X + LS, ds, prec);
    arb_addmul(t, u, X + LX, prec);
    arb_mul_2exp_si(J + LW, t, 1);
    arb_sqr(t, X + LW, prec);         /* N */
    arb_mul(J + LN, t, c->pm1, prec);
    arb_mul(t, X + LW, ds, prec);     /* S */
    arb_mul_si(J + LS, t, -2, prec);
    gdc_cnn_pmg_d1_arb(t, X + LPHI, prec); /* phi */
    arb_mul(t, t, X + LW, prec);
    arb_mul(t, t, X + LX, prec);
    arb_mul_2exp_si(J + LPHI, t, 1);
    arb_sub(t, u, c->pm1, prec);      /* x */
    arb_mul(t, t, X + LW, prec);
    arb_mul_2exp_si(J + LX, t, 1);
    arb_mul_2exp_si(J + LSM, ds, 1);  /* s */
    arb_set(J + LNN, c->pm1);         /* n */
    for (int i = 0; i < LARGS; i++)
        arb_div(J + i, J + i, c->fourpi, prec);
    arb_clear(t);
}

void gdc_cnn_loss_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr X, slong prec)
{
    consts_t c;
    consts_init(&c, prec);
    arb_t u, d2, ds, t;
    arb_init(u);
    arb_init(d2);
    arb_init(ds);
    arb_init(t);
    gdc_cnn_pmg_arb(u, X + LPHI, prec);
    arb_mul(d2, X + LW, X + LN, prec); /* D2 = n + W (W N - 2 x) */
    arb_submul_ui(d2, X + LX, 2, prec);
    arb_mul(d2, d2, X + LW, prec);
    arb_add(d2, d2, X + LNN, prec);
    arb_set(ds, X + LSM);              /* dS = s - W S */
    arb_submul(ds, X + LW, X + LS, prec);
    arb_mul(t, X + LW, X + LX, prec);  /* (pi - 1) D2 + dS^2 + 2 W u x */
    arb_mul(t, t, u, prec);
    arb_mul_2exp_si(t, t, 1);
    arb_addmul(t, c.pm1, d2, prec);
    gdc_arb_sqr(d2, ds, prec);
    arb_add(t, t, d2, prec);
    arb_div(out, t, c.fourpi, prec);
    if (jac)
        loss_jac(jac, X, u, ds, &c, prec);
    if (hess)
        loss_hess(hess, X, u, ds, &c, prec);
    arb_clear(u);
    arb_clear(d2);
    arb_clear(ds);
    arb_clear(t);
    consts_clear(&c);
}

enum { PK, PW, PN, PS, PPHI, PARGS };

/* K = k + pi - 1 */
static void kk(arb_t K, const arb_t k, const consts_t *c, slong prec) { arb_add(K, k, c->pm1, prec); }

void gdc_cnn_profile_loss_arb(arb_ptr out, arb_ptr jac, arb_srcptr X, slong prec)
{
    consts_t c;
    consts_init(&c, prec);
    arb_t u, K, a, q, cc, t, w2;
    arb_init(u); arb_init(K); arb_init(a); arb_init(q); arb_init(cc); arb_init(t); arb_init(w2);
    gdc_cnn_pmg_arb(u, X + PPHI, prec);
    kk(K, X + PK, &c, prec);
    arb_mul(cc, c.fourpi, c.pm1, prec);          /* C = 4 pi (pi - 1) */
    gdc_arb_sqr(q, X + PS, prec);                /* S^2/K */
    arb_div(q, q, K, prec);
    arb_mul_2exp_si(a, c.pm1, 1);                /* a = (2 pi - 2 - u) N + u S^2/K */
    arb_sub(a, a, u, prec);
    arb_mul(a, a, X + PN, prec);
    arb_addmul(a, u, q, prec);
    gdc_arb_sqr(w2, X + PW, prec);
    arb_mul(t, w2, u, prec);
    arb_mul(t, t, a, prec);
    arb_div(out, t, cc, prec);
    if (jac) {
        arb_indeterminate(jac + PK);
        arb_mul(t, u, a, prec);                  /* W: 2 W u a */
        arb_mul(t, t, X + PW, prec);
        arb_mul_2exp_si(t, t, 1);
        arb_div(jac + PW, t, cc, prec);
        arb_mul_2exp_si(t, c.pm1, 1);            /* N: W^2 u (2 pi - 2 - u) */
        arb_sub(t, t, u, prec);
        arb_mul(t, t, u, prec);
        arb_mul(t, t, w2, prec);
        arb_div(jac + PN, t, cc, prec);
        arb_sqr(t, u, prec);                     /* S: 2 W^2 u^2 S/K */
        arb_mul(t, t, w2, prec);
        arb_mul(t, t, X + PS, prec);
        arb_div(t, t, K, prec);
        arb_mul_2exp_si(t, t, 1);
        arb_div(jac + PS, t, cc, prec);
        arb_sub(t, q, X + PN, prec);             /* phi: W^2 ((2 pi - 2) N + 2 u (S^2/K - N)) u' */
        arb_mul(t, t, u, prec);
        arb_mul_2exp_si(t, t, 1);
        arb_mul_2exp_si(a, c.pm1, 1);
        arb_addmul(t, a, X + PN, prec);
        gdc_cnn_pmg_d1_arb(a, X + PPHI, prec);
        arb_mul(t, t, a, prec);
        arb_mul(t, t, w2, prec);
        arb_div(jac + PPHI, t, cc, prec);
    }
    arb_clear(u); arb_clear(K); arb_clear(a); arb_clear(q); arb_clear(cc); arb_clear(t); arb_clear(w2);
    consts_clear(&c);
}

void gdc_cnn_spurious_arb(arb_ptr out, arb_ptr jac, arb_srcptr X, slong prec)
{
    consts_t c;
    consts_init(&c, prec);
    arb_t K, q, b, m, w2, t;
    arb_init(K); arb_init(q); arb_init(b); arb_init(m); arb_init(w2); arb_init(t);
    kk(K, X + PK, &c, prec);
    gdc_arb_sqr(q, X + PS, prec);                /* q = pi S^2/K */
    arb_mul(q, q, c.pi, prec);
    arb_div(q, q, K, prec);
    arb_mul(b, c.pm2, X + PN, prec);             /* B = (pi - 2) N + q */
    arb_add(b, b, q, prec);
    arb_sub(m, q, X + PN, prec);                 /* pi S^2/K - N */
    gdc_arb_sqr(w2, X + PW, prec);
    arb_mul_2exp_si(t, c.pm1, 2);                /* 4 (pi - 1) */
    arb_mul(out, w2, b, prec);
    arb_div(out, out, t, prec);
    arb_mul(out + 1, X + PW, m, prec);
    arb_div(out + 1, out + 1, c.pm1, prec);
    if (jac) {
        arb_ptr j0 = jac, j1 = jac + 4;          /* rows (k, W, N, S) */
        arb_indeterminate(j0);
        arb_indeterminate(j1);
        arb_mul(j0 + 1, X + PW, b, prec);
        arb_mul_2exp_si(j0 + 1, j0 + 1, 1);
        arb_mul(j0 + 2, w2, c.pm2, prec);
        arb_mul(j0 + 3, w2, X + PS, prec);
        arb_mul(j0 + 3, j0 + 3, c.pi, prec);
        arb_div(j0 + 3, j0 + 3, K, prec);
        arb_mul_2exp_si(j0 + 3, j0 + 3, 1);
        for (int i = 1; i < 4; i++)
            arb_div(j0 + i, j0 + i, t, prec);
        arb_set(j1 + 1, m);
        arb_neg(j1 + 2, X + PW);
        arb_mul(j1 + 3, X + PW, X + PS, prec);
        arb_mul(j1 + 3, j1 + 3, c.pi, prec);
        arb_div(j1 + 3, j1 + 3, K, prec);
        arb_mul_2exp_si(j1 + 3, j1 + 3, 1);
        for (int i = 1; i < 4; i++)
            arb_div(j1 + i, j1 + i, c.pm1, prec);
    }
    arb_clear(K); arb_clear(q); arb_clear(b); arb_clear(m); arb_clear(w2); arb_clear(t);
    consts_clear(&c);
}

/* sg = sign(q) as a ball: +-1 when q excludes 0, [-1, 1] otherwise */
static void sign_ball(arb_t sg, const arb_t q)
{
    if (arb_is_positive(q))
        arb_one(sg);
    else if (arb_is_negative(q))
        arb_set_si(sg, -1);
    else {
        arb_zero(sg);
        mag_one(arb_radref(sg));
    }
}

void gdc_cnn_angle_step_arb(arb_ptr out, arb_ptr jac, arb_srcptr X, slong prec)
{
    arb_t s, c, q, aq, A, B, s2, sg, t, d;
    arb_init(s); arb_init(c); arb_init(q); arb_init(aq); arb_init(A); arb_init(B);
    arb_init(s2); arb_init(sg); arb_init(t); arb_init(d);
    const arb_struct *phi = X, *y = X + 1;
    arb_sin_cos(s, c, phi, prec);
    gdc_arb_sqr(s2, s, prec);
    arb_set(A, c);                       /* A = c + y s^2 */
    arb_addmul(A, y, s2, prec);
    arb_one(q);                          /* q = 1 - y c */
    arb_submul(q, y, c, prec);
    arb_abs(aq, q);
    arb_mul(B, s, aq, prec);
    arb_atan2(out, B, A, prec);
    if (jac) {
        sign_ball(sg, q);
        arb_sqr(d, y, prec);             /* 1 + y^2 s^2 */
        arb_mul(d, d, s2, prec);
        arb_add_ui(d, d, 1, prec);
        /* phi: dA = 2 y s c - s, dB = c |q| + sg y s^2 */
        arb_t dA, dB;
        arb_init(dA); arb_init(dB);
        arb_mul(dA, y, s, prec);
        arb_mul(dA, dA, c, prec);
        arb_mul_2exp_si(dA, dA, 1);
        arb_sub(dA, dA, s, prec);
        arb_mul(dB, y, s2, prec);
        arb_mul(dB, dB, sg, prec);
        arb_addmul(dB, c, aq, prec);
        arb_mul(t, A, dB, prec);
        arb_submul(t, B, dA, prec);
        arb_div(jac, t, d, prec);
        /* y: dA = s^2, dB = -sg s c */
        arb_mul(dB, sg, s, prec);
        arb_mul(dB, dB, c, prec);
        arb_neg(dB, dB);
        arb_mul(t, A, dB, prec);
        arb_submul(t, B, s2, prec);
        arb_div(jac + 1, t, d, prec);
        arb_clear(dA); arb_clear(dB);
    }
    arb_clear(s); arb_clear(c); arb_clear(q); arb_clear(aq); arb_clear(A); arb_clear(B);
    arb_clear(s2); arb_clear(sg); arb_clear(t); arb_clear(d);
}
