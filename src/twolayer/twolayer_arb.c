/* Arb enclosures of the twolayer rows with gradients and Hessians (001_66813dc1ca3a5435.txt; seed-001 C5, C12,
 * C13), rigorous on any balls, by second-order jets (core/jet.h) of the cancellation-free forms:
 *   loss      L = (e1^2 + e2^2)/4 - n1 n2 J(e)/(2 pi), e = pi - theta, J = G3 = h(theta) (series near e = 0);
 *   htilde    the form of twolayer_double.c: (C_s sigma^2 + C_d delta^2)/4 + q max(0, s_min - G/(2q))^2;
 *             where s_min - G/(2q) < 0 on the whole box the last term and its derivatives are exactly 0 (so the
 *             square roots, whose derivatives blow up at W* where ||w1 + w2|| = 0, are not differentiated there);
 *             max(0, x)^2 is C^1 with Lipschitz gradient, its Hessian enclosed with [0, 2] where x changes sign;
 *   sum_step  p + q = 1 - mu S(theta)/(2 pi), p - q = 1 - mu (2 theta - S(theta))/(2 pi), S = x - sin x.
 *   near W* (|pi - theta| <= 1/2) h~ >= 0 is certified on the box by the lower bound below and the value ball is cut
 *   at 0 (nonneg_near_wstar), so that the exact zero h~(pi, pi/4) = 0 is seen as >= 0 at every precision.
 * Outside the domains (theta outside [0, pi], alpha >= 1/2, kappa <= 0) the formulas are still evaluated as
 * analytic expressions where defined; the registry only calls them inside. */
#include "twolayer/twolayer.h"
#include "core/jet.h"

void gdc_twolayer_loss_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr X, slong prec)
{
    enum { N = 5 };
    gdc_ajet_struct e1, e2, n1, n2, th, t;
    gdc_ajet_inits(N, 2, &e1, &e2, &n1, &n2, NULL);
    gdc_ajet_inits(N, 2, &th, &t, NULL);
    arb_t c;
    arb_init(c);
    gdc_ajet_var(&e1, X + 0, 0);
    gdc_ajet_var(&e2, X + 1, 1);
    gdc_ajet_var(&n1, X + 2, 2);
    gdc_ajet_var(&n2, X + 3, 3);
    gdc_ajet_var(&th, X + 4, 4);
    arb_set_si(c, -1);                        /* e = pi - theta */
    gdc_ajet_mul_arb(&th, &th, c, prec);
    arb_const_pi(c, prec);
    gdc_ajet_add_arb(&th, &th, c, prec);
    gdc_ajet_g3(&th, &th, prec);                /* J(e) = h(theta) */
    gdc_ajet_mul(&th, &th, &n1, prec);
    gdc_ajet_mul(&th, &th, &n2, prec);
    arb_const_pi(c, prec);                    /* / (2 pi) */
    arb_mul_2exp_si(c, c, 1);
    arb_inv(c, c, prec);
    gdc_ajet_mul_arb(&th, &th, c, prec);
    gdc_ajet_mul(&e1, &e1, &e1, prec);
    gdc_ajet_mul(&e2, &e2, &e2, prec);
    gdc_ajet_add(&t, &e1, &e2, prec);
    arb_set_d(c, 0.25);
    gdc_ajet_mul_arb(&t, &t, c, prec);
    gdc_ajet_sub(&t, &t, &th, prec);
    gdc_ajet_get_value(out, jac, hess, 0, &t);
    arb_clear(c);
    gdc_ajet_clears(&e1, &e2, &n1, &n2, NULL);
    gdc_ajet_clears(&th, &t, NULL);
}

enum { HN = 4 };

typedef struct {
    gdc_ajet_struct q, iq, s2, c2, S, J, e, sig2, del2, P, M;
} ht_t;

static void ht_init(ht_t *h)
{
    gdc_ajet_struct *all[] = {&h->q, &h->iq, &h->s2, &h->c2, &h->S, &h->J, &h->e, &h->sig2, &h->del2, &h->P, &h->M};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        gdc_ajet_init(all[i], HN, 2);
}

static void ht_clear(ht_t *h)
{
    gdc_ajet_struct *all[] = {&h->q, &h->iq, &h->s2, &h->c2, &h->S, &h->J, &h->e, &h->sig2, &h->del2, &h->P, &h->M};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        gdc_ajet_clear(all[i]);
}

/* r = a + c b (c an Arb constant) */
static void axpy(gdc_ajet_struct *r, const gdc_ajet_struct *a, const arb_t c, const gdc_ajet_struct *b, slong prec)
{
    gdc_ajet_struct t;
    gdc_ajet_init(&t, a->n, 2);
    gdc_ajet_mul_arb(&t, b, c, prec);
    gdc_ajet_add(r, a, &t, prec);
    gdc_ajet_clear(&t);
}

/* the building blocks: q, 1/q, s^2, c^2, S(e), J(e), e, sigma^2, delta^2, P, M */
static void ht_blocks(ht_t *h, arb_srcptr X, slong prec)
{
    gdc_ajet_struct t, u;
    arb_t c, pi;
    gdc_ajet_init(&t, HN, 2);
    gdc_ajet_init(&u, HN, 2);
    arb_init(c);
    arb_init(pi);
    arb_const_pi(pi, prec);
    gdc_ajet_var(&t, X + 0, 0);                 /* e = pi - theta */
    arb_set_si(c, -1);
    gdc_ajet_mul_arb(&t, &t, c, prec);
    gdc_ajet_add_arb(&h->e, &t, pi, prec);
    gdc_ajet_xmsin(&h->S, &h->e, prec);
    gdc_ajet_g3(&h->J, &h->e, prec);
    arb_set_d(c, 0.5);                        /* s^2, c^2 of e/2 */
    gdc_ajet_mul_arb(&t, &h->e, c, prec);
    gdc_ajet_sin(&u, &t, prec);
    gdc_ajet_mul(&h->s2, &u, &u, prec);
    gdc_ajet_cos(&u, &t, prec);
    gdc_ajet_mul(&h->c2, &u, &u, prec);
    gdc_ajet_var(&t, X + 1, 1);                 /* d = pi/4 - psi */
    arb_set_si(c, -1);
    gdc_ajet_mul_arb(&t, &t, c, prec);
    arb_mul_2exp_si(c, pi, -2);
    gdc_ajet_add_arb(&t, &t, c, prec);
    arb_set_ui(c, 2);
    gdc_ajet_cos(&u, &t, prec);                 /* sigma^2 = 2 cos^2 d, delta^2 = 2 sin^2 d */
    gdc_ajet_mul(&u, &u, &u, prec);
    gdc_ajet_mul_arb(&h->sig2, &u, c, prec);
    gdc_ajet_sin(&u, &t, prec);
    gdc_ajet_mul(&u, &u, &u, prec);
    gdc_ajet_mul_arb(&h->del2, &u, c, prec);
    gdc_ajet_var(&t, X + 2, 2);                 /* q = 1 - 2 alpha */
    arb_set_si(c, -2);
    gdc_ajet_mul_arb(&t, &t, c, prec);
    arb_one(c);
    gdc_ajet_add_arb(&h->q, &t, c, prec);
    gdc_ajet_inv(&h->iq, &h->q, prec);
    arb_mul_2exp_si(c, pi, 1);                /* P = q + S/(2 pi), M = q + (2e - S)/(2 pi) */
    arb_inv(c, c, prec);
    axpy(&h->P, &h->q, c, &h->S, prec);
    gdc_ajet_add(&t, &h->e, &h->e, prec);
    gdc_ajet_sub(&t, &t, &h->S, prec);
    axpy(&h->M, &h->q, c, &t, prec);
    arb_clear(c);
    arb_clear(pi);
    gdc_ajet_clear(&t);
    gdc_ajet_clear(&u);
}

/* base = (C_s sigma^2 + C_d delta^2)/4 */
static void ht_base(gdc_ajet_struct *r, ht_t *h, slong prec)
{
    gdc_ajet_struct cs, cd, t;
    arb_t c, ipi;
    gdc_ajet_inits(HN, 2, &cs, &cd, &t, NULL);
    arb_init(c);
    arb_init(ipi);
    arb_const_pi(ipi, prec);
    arb_inv(ipi, ipi, prec);
    gdc_ajet_mul(&cs, &h->q, &h->s2, prec);     /* C_s = q s^2 - S c^2/pi - S^2 c^2/(4 pi^2 q) - J/pi */
    gdc_ajet_mul(&t, &h->S, &h->c2, prec);
    arb_neg(c, ipi);
    axpy(&cs, &cs, c, &t, prec);
    gdc_ajet_mul(&t, &t, &h->S, prec);
    gdc_ajet_mul(&t, &t, &h->iq, prec);
    arb_sqr(c, ipi, prec);
    arb_mul_2exp_si(c, c, -2);
    arb_neg(c, c);
    axpy(&cs, &cs, c, &t, prec);
    arb_neg(c, ipi);
    axpy(&cs, &cs, c, &h->J, prec);
    axpy(&cd, &h->q, ipi, &h->J, prec);       /* C_d = q + J/pi - M^2 s^2/q */
    gdc_ajet_mul(&t, &h->M, &h->M, prec);
    gdc_ajet_mul(&t, &t, &h->s2, prec);
    gdc_ajet_mul(&t, &t, &h->iq, prec);
    gdc_ajet_sub(&cd, &cd, &t, prec);
    gdc_ajet_mul(&cs, &cs, &h->sig2, prec);
    gdc_ajet_mul(&cd, &cd, &h->del2, prec);
    gdc_ajet_add(&t, &cs, &cd, prec);
    arb_set_d(c, 0.25);
    gdc_ajet_mul_arb(r, &t, c, prec);
    arb_clear(c);
    arb_clear(ipi);
    gdc_ajet_clears(&cs, &cd, &t, NULL);
}

/* G^2 = P^2 sigma^2 c^2 + M^2 delta^2 s^2 and ||w1 + w2||^2 = sigma^2 s^2 + delta^2 c^2 */
static void ht_squares(gdc_ajet_struct *g2, gdc_ajet_struct *w2, ht_t *h, slong prec)
{
    gdc_ajet_struct t;
    gdc_ajet_init(&t, HN, 2);
    gdc_ajet_mul(g2, &h->P, &h->P, prec);
    gdc_ajet_mul(g2, g2, &h->sig2, prec);
    gdc_ajet_mul(g2, g2, &h->c2, prec);
    gdc_ajet_mul(&t, &h->M, &h->M, prec);
    gdc_ajet_mul(&t, &t, &h->del2, prec);
    gdc_ajet_mul(&t, &t, &h->s2, prec);
    gdc_ajet_add(g2, g2, &t, prec);
    gdc_ajet_mul(w2, &h->sig2, &h->s2, prec);
    gdc_ajet_mul(&t, &h->del2, &h->c2, prec);
    gdc_ajet_add(w2, w2, &t, prec);
    gdc_ajet_clear(&t);
}

/* 1 if h~ >= 0 holds on the whole box by: |e| <= E <= 1/2 (e = pi - theta), q > 0, C_d > 0 on the box, and
 *   q (1 - E^2/24)^2/4 - E/(2 pi) - E^4/(144 pi^2 q) > 0.
 * Proof: sigma^2, delta^2 and the max term are >= 0, so h~ >= C_s sigma^2/4 + C_d delta^2/4 >= C_s sigma^2/4. S and J
 * are odd with |S(e)| <= |e|^3/6, |J(e)| <= |e|^3/3 (alternating series with decreasing terms for |e| <= 1/2) and
 * sin^2(e/2) >= (e/2)^2 (1 - e^2/24)^2, c^2 <= 1, so
 *   C_s = q s^2 - S c^2/pi - S^2 c^2/(4 pi^2 q) - J/pi >= e^2 [q (1 - E^2/24)^2/4 - E/(6 pi) - E/(3 pi) - E^4/(144 pi^2 q)]
 * (for e < 0 the S and J terms are >= 0 and the bound holds a fortiori). */
static int nonneg_near_wstar(ht_t *h, slong prec)
{
    arb_t E, t, u, pi;
    arb_init(E); arb_init(t); arb_init(u); arb_init(pi);
    int ok = 0;
    arb_get_abs_ubound_arf(arb_midref(E), &h->e.v, prec);
    mag_zero(arb_radref(E));
    if (arf_cmp_2exp_si(arb_midref(E), -1) <= 0 && arb_is_positive(&h->q.v)) {
        arb_const_pi(pi, prec);
        arb_sqr(t, E, prec);                  /* q (1 - E^2/24)^2/4 */
        arb_div_ui(t, t, 24, prec);
        arb_sub_ui(t, t, 1, prec);
        arb_sqr(t, t, prec);
        arb_mul(t, t, &h->q.v, prec);
        arb_mul_2exp_si(t, t, -2);
        arb_div(u, E, pi, prec);              /* - E/(2 pi) */
        arb_mul_2exp_si(u, u, -1);
        arb_sub(t, t, u, prec);
        arb_pow_ui(u, E, 4, prec);            /* - E^4/(144 pi^2 q) */
        arb_div(u, u, pi, prec);
        arb_div(u, u, pi, prec);
        arb_div(u, u, &h->q.v, prec);
        arb_div_ui(u, u, 144, prec);
        arb_sub(t, t, u, prec);
        ok = arb_is_positive(t);
    }
    arb_clear(E); arb_clear(t); arb_clear(u); arb_clear(pi);
    return ok;
}

/* C_d = q + J/pi - M^2 s^2/q > 0 on the box */
static int cd_positive(ht_t *h, slong prec)
{
    arb_t t, u;
    arb_init(t);
    arb_init(u);
    arb_const_pi(u, prec);
    arb_div(t, &h->J.v, u, prec);
    arb_add(t, t, &h->q.v, prec);
    arb_sqr(u, &h->M.v, prec);
    arb_mul(u, u, &h->s2.v, prec);
    arb_mul(u, u, &h->iq.v, prec);
    arb_sub(t, t, u, prec);
    int ok = arb_is_positive(t);
    arb_clear(t);
    arb_clear(u);
    return ok;
}

void gdc_twolayer_htilde_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr X, slong prec)
{
    ht_t h;
    gdc_ajet_struct r, g2, w2, x, t;
    ht_init(&h);
    gdc_ajet_inits(HN, 2, &r, &g2, &w2, &x, &t, NULL);
    ht_blocks(&h, X, prec);
    ht_base(&r, &h, prec);
    ht_squares(&g2, &w2, &h, prec);
    /* x = s_min - G/(2q): its value first; only where it may be positive is the active term differentiated */
    arb_t v, g;
    arb_init(v);
    arb_init(g);
    arb_sqrtpos(v, &w2.v, prec);
    arb_div(v, v, X + 3, prec);
    arb_sqrtpos(g, &g2.v, prec);
    arb_mul_2exp_si(g, g, -1);
    arb_mul(g, g, &h.iq.v, prec);
    arb_sub(v, v, g, prec);
    if (!arb_is_negative(v)) {
        gdc_ajet_sqrtpos(&x, &w2, prec);           /* s_min = ||w1 + w2||/kappa */
        gdc_ajet_var(&t, X + 3, 3);
        gdc_ajet_inv(&t, &t, prec);
        gdc_ajet_mul(&x, &x, &t, prec);
        gdc_ajet_sqrtpos(&t, &g2, prec);           /* - G/(2q) */
        gdc_ajet_mul(&t, &t, &h.iq, prec);
        arb_set_d(g, -0.5);
        axpy(&x, &x, g, &t, prec);
        gdc_ajet_pos_sqr(&x, &x, prec);
        gdc_ajet_mul(&x, &x, &h.q, prec);
        gdc_ajet_add(&r, &r, &x, prec);
    }
    gdc_ajet_get_value(out, jac, hess, 0, &r);
    if (nonneg_near_wstar(&h, prec) && cd_positive(&h, prec))
        arb_nonnegative_part(out, out);
    arb_clear(v);
    arb_clear(g);
    ht_clear(&h);
    gdc_ajet_clears(&r, &g2, &w2, &x, &t, NULL);
}

void gdc_twolayer_sum_step_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr X, slong prec)
{
    enum { N = 2 };
    gdc_ajet_struct th, mu, S, T;
    gdc_ajet_inits(N, 2, &th, &mu, &S, &T, NULL);
    arb_t c;
    arb_init(c);
    gdc_ajet_var(&th, X + 0, 0);
    gdc_ajet_var(&mu, X + 1, 1);
    gdc_ajet_xmsin(&S, &th, prec);
    gdc_ajet_add(&T, &th, &th, prec);           /* theta + sin theta = 2 theta - S */
    gdc_ajet_sub(&T, &T, &S, prec);
    arb_const_pi(c, prec);                    /* -mu/(2 pi) */
    arb_mul_2exp_si(c, c, 1);
    arb_inv(c, c, prec);
    arb_neg(c, c);
    gdc_ajet_mul(&S, &S, &mu, prec);
    gdc_ajet_mul(&T, &T, &mu, prec);
    gdc_ajet_mul_arb(&S, &S, c, prec);
    gdc_ajet_mul_arb(&T, &T, c, prec);
    arb_one(c);
    gdc_ajet_add_arb(&S, &S, c, prec);
    gdc_ajet_add_arb(&T, &T, c, prec);
    gdc_ajet_get_value(out, jac, hess, 0, &S);
    gdc_ajet_get_value(out, jac, hess, 1, &T);
    arb_clear(c);
    gdc_ajet_clears(&th, &mu, &S, &T, NULL);
}
