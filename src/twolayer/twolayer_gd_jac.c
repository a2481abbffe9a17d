/* The Jacobian of one population GD step of twolayer.gd on a box (seed-001 C8, C20), for the mean-value (Lohner)
 * propagation of `gdcert simulate --ball` (core/simulate_lohner.c). The step is F(W~) = W~ - M grad L(W~) with
 * M = diag(m_1 I_3, m_2 I_3) and, by C8, for the rows x1 = w~1, x2 = w~2 and a = e1:
 *   grad_1 = (x1 - a)/2 - c (n2 sin t x1/n1 + (pi - t) x2),  grad_2 = (x2 + a)/2 - c (n1 sin t x2/n2 + (pi - t) x1),
 * c = 1/(2 pi), n_i = |x_i|, t = 2 atan2(|u1 - u2|, |u1 + u2|), pi - t = 2 atan2(|u1 + u2|, |u1 - u2|) (u_i = x_i/n_i,
 * Kahan's forms, as in the step itself). The same expressions are evaluated on first-order jets in the six
 * coordinates of W~ (core/jet.h: the chain rule in ball arithmetic, so every gradient ball encloses the derivative
 * at every point of the box); atan2 has the rule d atan2(y, x) = (x dy - y dx)/(x^2 + y^2). Then
 * dF_i/dx_j = delta_ij - m_row(i) d grad_i/dx_j. Where the box reaches a zero row or t in {0, pi} (|u1 -+ u2| = 0,
 * sqrt not differentiable), the entries come out non-finite, which the propagation reports as no bound. */
#include "core/jet.h"
#include "twolayer/twolayer_gd.h"

void gdc_twolayer_gd_rate_arb(arb_t m, const double *p, int i, slong prec)
{
    arb_set_d(m, p[GDC_TLGD_MU]);
    if (p[GDC_TLGD_SCALED] == 0) {
        arb_t v;
        arb_init(v);
        arb_set_d(v, p[GDC_TLGD_V1 + i]);
        arb_mul(m, m, v, prec);
        arb_mul(m, m, v, prec);
        arb_clear(v);
    }
}

/* r = |x| for the three jets x[0..2] */
static void jnorm3(gdc_ajet_t r, const gdc_ajet_struct *x, slong prec)
{
    gdc_ajet_t s;
    gdc_ajet_init(s, 6, 1);
    gdc_ajet_sqr(r, x + 0, prec);
    for (int j = 1; j < 3; j++) {
        gdc_ajet_sqr(s, x + j, prec);
        gdc_ajet_add(r, r, s, prec);
    }
    gdc_ajet_sqrt(r, r, prec);
    gdc_ajet_clear(s);
}

/* r = 2 atan2(y, x), first order only */
static void jatan2x2(gdc_ajet_t r, const gdc_ajet_t y, const gdc_ajet_t x, slong prec)
{
    arb_t den, a, b;
    arb_init(den);
    arb_init(a);
    arb_init(b);
    arb_sqr(den, &x->v, prec);
    arb_addmul(den, &y->v, &y->v, prec);
    for (int i = 0; i < x->n; i++) {
        arb_mul(a, &x->v, y->g + i, prec);
        arb_mul(b, &y->v, x->g + i, prec);
        arb_sub(a, a, b, prec);
        arb_div(r->g + i, a, den, prec);
        arb_mul_2exp_si(r->g + i, r->g + i, 1);
    }
    arb_atan2(&r->v, &y->v, &x->v, prec);
    arb_mul_2exp_si(&r->v, &r->v, 1);
    arb_clear(den);
    arb_clear(a);
    arb_clear(b);
}

/* G[0..6) = grad L at the jets X[0..6) (rows x1 = X[0..3), x2 = X[3..6)) */
static void grad_jets(gdc_ajet_struct *G, const gdc_ajet_struct *X, slong prec)
{
    gdc_ajet_struct n[2], u[6], dm[3], dp[3], *a = dm, *b = dp;
    gdc_ajet_t A, B, t, pmt, s, q, w;
    arb_t c;
    arb_init(c);
    for (int i = 0; i < 6; i++)
        gdc_ajet_init(u + i, 6, 1);
    for (int i = 0; i < 3; i++) {
        gdc_ajet_init(dm + i, 6, 1);
        gdc_ajet_init(dp + i, 6, 1);
    }
    gdc_ajet_inits(6, 1, n + 0, n + 1, A, B, t, pmt, s, q, w, NULL);
    jnorm3(n + 0, X, prec);
    jnorm3(n + 1, X + 3, prec);
    for (int j = 0; j < 3; j++) {
        gdc_ajet_div(u + j, X + j, n + 0, prec);
        gdc_ajet_div(u + 3 + j, X + 3 + j, n + 1, prec);
        gdc_ajet_sub(a + j, u + j, u + 3 + j, prec);
        gdc_ajet_add(b + j, u + j, u + 3 + j, prec);
    }
    jnorm3(A, a, prec);
    jnorm3(B, b, prec);
    jatan2x2(t, A, B, prec);
    jatan2x2(pmt, B, A, prec);
    gdc_ajet_sin(s, t, prec);
    arb_const_pi(c, prec);
    arb_mul_2exp_si(c, c, 1);
    arb_inv(c, c, prec);
    for (int r = 0; r < 2; r++) {
        const gdc_ajet_struct *x = X + 3 * r, *y = X + 3 * (1 - r);
        gdc_ajet_div(q, n + 1 - r, n + r, prec); /* |y|/|x| sin t */
        gdc_ajet_mul(q, q, s, prec);
        for (int j = 0; j < 3; j++) {
            gdc_ajet_struct *g = G + 3 * r + j;
            gdc_ajet_mul(w, q, x + j, prec); /* c (q x_j + (pi - t) y_j) */
            gdc_ajet_mul(g, pmt, y + j, prec);
            gdc_ajet_add(w, w, g, prec);
            gdc_ajet_mul_arb(w, w, c, prec);
            gdc_ajet_set(g, x + j);         /* (x_j -+ a_j)/2: a constant moves the value only */
            if (j == 0 && r == 0)
                arb_sub_ui(&g->v, &g->v, 1, prec);
            else if (j == 0)
                arb_add_ui(&g->v, &g->v, 1, prec);
            gdc_ajet_mul_2exp_si(g, g, -1);
            gdc_ajet_sub(g, g, w, prec);
        }
    }
    gdc_ajet_clears(n + 0, n + 1, A, B, t, pmt, s, q, w, NULL);
    for (int i = 0; i < 6; i++)
        gdc_ajet_clear(u + i);
    for (int i = 0; i < 3; i++) {
        gdc_ajet_clear(dm + i);
        gdc_ajet_clear(dp + i);
    }
    arb_clear(c);
}

void gdc_twolayer_gd_jac_arb(arb_ptr jac, arb_srcptr st, const double *p, slong prec)
{
    gdc_ajet_struct X[6], G[6];
    arb_t m, e;
    arb_init(m);
    arb_init(e);
    for (int i = 0; i < 6; i++) {
        gdc_ajet_init(X + i, 6, 1);
        gdc_ajet_init(G + i, 6, 1);
        gdc_ajet_var(X + i, st + i, i);
    }
    grad_jets(G, X, prec);
    for (int i = 0; i < 6; i++) {
        if (i % 3 == 0)
            gdc_twolayer_gd_rate_arb(m, p, i / 3, prec);
        for (int j = 0; j < 6; j++) {
            arb_mul(e, m, G[i].g + j, prec);
            arb_neg(e, e);
            if (i == j)
                arb_add_ui(e, e, 1, prec);
            if (arb_is_finite(e))
                arb_set(jac + 6 * i + j, e);
            else
                arb_indeterminate(jac + 6 * i + j);
        }
    }
    for (int i = 0; i < 6; i++) {
        gdc_ajet_clear(X + i);
        gdc_ajet_clear(G + i);
    }
    arb_clear(m);
    arb_clear(e);
}
