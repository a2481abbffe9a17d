/* Derivative enclosures (fn_arb_jac, fn_arb_hess) of the Section-4 FC/WS rows erf.ws_loss, erf.ws_grad,
 * erf.fc_loss, erf.fc_grad (002_588e28744115f015.txt eq. (1), Lemmas 3, 5, Corollary 1; seed-002 C16, C17, C20,
 * C22, C23), by second-order jets (core/jet.h; erf pieces in erf_jet.h) of the direct forms of erf_fc_direct.c,
 * per block (U, a, t):
 *   Vaa = (2/pi) atan(2a^2/sqrt(1 + 4a^2)),  Vau = (2/pi) atan(2aU cos t/sqrt(D)),
 *   D = 1 + 2a^2 + 2U^2 + 4(aU sin t)^2 >= 1 (C13 Gram term),  Vuu = (2/pi) atan(2U^2/sqrt(1 + 4U^2)),
 *   c1 a = (4/pi) a/((1 + 2a^2) sqrt(1 + 4a^2)),  <bt, n> = (4/pi) U sin t/sqrt(D),
 *   <bt, w/|w|> = (4/pi) U cos t/((1 + 2a^2) sqrt(D));
 *   F^(1) = (Vaa_1 - 2 Vau_1 + Vuu)/2, F^(k) = (prod Vaa^m - 2 prod Vau^m + Vuu^k)/2, F^(1,k) = F^(1) + F^(k)
 *   (4 F^(1) at k = 1); the block gradients (P c1 a - Q <bt, w/|w|>, -Q <bt, n>) with P, Q the products over the
 *   other blocks (plus 1 for block 1), as grad_direct; WS: P = 1 + k Vaa^{k-1}, Q = 1 + k Vau^{k-1} (4 at k = 1),
 *   |grad| = sqrt(gw^2 + gn^2).
 * Every formula is smooth on the whole domain (D >= 1, 1 + 2a^2 >= 1), so the jets are bounded on every box,
 * except |grad| where the gradient vanishes (the optimum): there sqrt is not differentiable and its entries are
 * indeterminate. The value cancellations of the stable form (F^(1) and P - C near the optimum) are in values
 * that are themselves near 0; their derivatives are O(1) differences computed with absolute error ~2^-prec.
 * k is an integer argument: its column is indeterminate. */
#include "erf/erf_fc_internal.h"
#include "erf/erf_jet.h"

typedef gdc_ajet_struct jet;

typedef struct {
    gdc_ajet_t vaa, vau, c1a, btw, btn;
} bj_t;

static void bj_init(bj_t *b, int n, int ord)
{
    gdc_ajet_init(b->vaa, n, ord);
    gdc_ajet_init(b->vau, n, ord);
    gdc_ajet_init(b->c1a, n, ord);
    gdc_ajet_init(b->btw, n, ord);
    gdc_ajet_init(b->btn, n, ord);
}

static void bj_clear(bj_t *b)
{
    gdc_ajet_clear(b->vaa);
    gdc_ajet_clear(b->vau);
    gdc_ajet_clear(b->c1a);
    gdc_ajet_clear(b->btw);
    gdc_ajet_clear(b->btn);
}

static void bj_set(bj_t *b, const jet *U, const jet *a, const jet *t, slong prec)
{
    int n = U->n, o = U->order;
    gdc_ajet_t s, c, rD, w;
    gdc_ajet_init(s, n, o);
    gdc_ajet_init(c, n, o);
    gdc_ajet_init(rD, n, o);
    gdc_ajet_init(w, n, o);
    gdc_ajet_sin_cos(s, c, t, prec);
    gdc_erf_jet_gram(rD, a, U, s, prec);
    gdc_ajet_rsqrt_ge(rD, rD, 1, prec);
    gdc_erf_jet_vself(b->vaa, a, prec);
    /* Vau = (2/pi) atan(2 a U c/sqrt(D)) */
    gdc_ajet_mul(w, a, U, prec);
    gdc_ajet_mul(w, w, c, prec);
    gdc_ajet_mul(w, w, rD, prec);
    gdc_ajet_mul_2exp_si(w, w, 1);
    gdc_ajet_atan(w, w, prec);
    gdc_erf_jet_two_over_pi(b->vau, w, 0, prec);
    /* c1 a = (4/pi) a (1 + 4a^2)^{-1/2}/(1 + 2a^2) */
    gdc_erf_jet_one_plus(w, a, 4, prec);
    gdc_ajet_rsqrt_ge(w, w, 1, prec);
    gdc_ajet_mul(b->c1a, w, a, prec);
    gdc_erf_jet_one_plus(w, a, 2, prec);
    gdc_ajet_div_ge(b->c1a, b->c1a, w, 1, prec);
    gdc_erf_jet_two_over_pi(b->c1a, b->c1a, 1, prec);
    /* <bt, n> = (4/pi) U s/sqrt(D), <bt, w/|w|> = (4/pi) U c/((1 + 2a^2) sqrt(D)) */
    gdc_ajet_mul(rD, rD, U, prec);
    gdc_erf_jet_two_over_pi(rD, rD, 1, prec);
    gdc_ajet_mul(b->btn, rD, s, prec);
    gdc_ajet_mul(b->btw, rD, c, prec);
    gdc_ajet_div_ge(b->btw, b->btw, w, 1, prec);
    gdc_ajet_clear(s);
    gdc_ajet_clear(c);
    gdc_ajet_clear(rD);
    gdc_ajet_clear(w);
}

/* r = prod over the groups of V_g^{m_g - (g == h)} (h = -1: no block left out), V = vaa or vau */
static void jet_prod(gdc_ajet_t r, const bj_t *g, const long *m, int ng, int h, int cross, slong prec)
{
    gdc_ajet_t p;
    gdc_ajet_init(p, r->n, r->order);
    gdc_ajet_const_si(r, 1);
    for (int i = 0; i < ng; i++) {
        long mm = m[i] - (i == h);
        if (mm <= 0)
            continue;
        gdc_ajet_pow_ui(p, cross ? g[i].vau : g[i].vaa, (ulong)mm, prec);
        gdc_ajet_mul(r, r, p, prec);
    }
    gdc_ajet_clear(p);
}

static void loss_jet(jet *loss, const jet *U, long k, const bj_t *g, const long *m, int ng, slong prec)
{
    gdc_ajet_t vuu, P, Q;
    gdc_ajet_init(vuu, U->n, U->order);
    gdc_ajet_init(P, U->n, U->order);
    gdc_ajet_init(Q, U->n, U->order);
    gdc_erf_jet_vself(vuu, U, prec);
    gdc_ajet_mul_2exp_si(Q, g[0].vau, 1);
    gdc_ajet_sub(P, g[0].vaa, Q, prec);
    gdc_ajet_add(P, P, vuu, prec);
    gdc_ajet_mul_2exp_si(loss + 1, P, -1);
    jet_prod(P, g, m, ng, -1, 0, prec);
    jet_prod(Q, g, m, ng, -1, 1, prec);
    gdc_ajet_mul_2exp_si(Q, Q, 1);
    gdc_ajet_sub(P, P, Q, prec);
    gdc_ajet_pow_ui(Q, vuu, (ulong)k, prec);
    gdc_ajet_add(P, P, Q, prec);
    gdc_ajet_mul_2exp_si(loss + 2, P, -1);
    if (k == 1)
        gdc_ajet_mul_2exp_si(loss, loss + 1, 2);
    else
        gdc_ajet_add(loss, loss + 1, loss + 2, prec);
    gdc_ajet_clear(vuu);
    gdc_ajet_clear(P);
    gdc_ajet_clear(Q);
}

/* gw = P c1 a - Q <bt, w/|w|>, gn = -Q <bt, n> */
static void grad_combine(jet *gw, jet *gn, const bj_t *b, const gdc_ajet_t P, const gdc_ajet_t Q, slong prec)
{
    gdc_ajet_t r;
    gdc_ajet_init(r, P->n, P->order);
    gdc_ajet_mul(r, Q, b->btw, prec);
    gdc_ajet_mul(gw, P, b->c1a, prec);
    gdc_ajet_sub(gw, gw, r, prec);
    gdc_ajet_mul(gn, Q, b->btn, prec);
    gdc_ajet_neg(gn, gn);
    gdc_ajet_clear(r);
}

static void grad_jet(jet *gw, jet *gn, long k, const bj_t *g, const long *m, int ng, int h, int first, slong prec)
{
    gdc_ajet_t P, Q;
    gdc_ajet_init(P, gw->n, gw->order);
    gdc_ajet_init(Q, gw->n, gw->order);
    if (k == 1) {
        gdc_ajet_const_si(P, 4);
        gdc_ajet_const_si(Q, 4);
    } else {
        jet_prod(P, g, m, ng, h, 0, prec);
        jet_prod(Q, g, m, ng, h, 1, prec);
        if (first) {
            gdc_ajet_add_si(P, P, 1, prec);
            gdc_ajet_add_si(Q, Q, 1, prec);
        }
    }
    grad_combine(gw, gn, &g[h], P, Q, prec);
    gdc_ajet_clear(P);
    gdc_ajet_clear(Q);
}

/* WS: P = 1 + k Vaa^{k-1}, Q = 1 + k Vau^{k-1} (4 at k = 1), and |grad| */
static void ws_grad_jet(jet *out, long k, const bj_t *b, slong prec)
{
    gdc_ajet_t P, Q;
    gdc_ajet_init(P, out->n, out->order);
    gdc_ajet_init(Q, out->n, out->order);
    if (k == 1) {
        gdc_ajet_const_si(P, 4);
        gdc_ajet_const_si(Q, 4);
    } else {
        gdc_ajet_pow_ui(P, b->vaa, (ulong)(k - 1), prec);
        gdc_ajet_mul_si(P, P, k, prec);
        gdc_ajet_add_si(P, P, 1, prec);
        gdc_ajet_pow_ui(Q, b->vau, (ulong)(k - 1), prec);
        gdc_ajet_mul_si(Q, Q, k, prec);
        gdc_ajet_add_si(Q, Q, 1, prec);
    }
    grad_combine(out, out + 1, b, P, Q, prec);
    gdc_ajet_sqr(P, out, prec);
    gdc_ajet_sqr(Q, out + 1, prec);
    gdc_ajet_add(P, P, Q, prec);
    gdc_ajet_sqrt(out + 2, P, prec);
    gdc_ajet_clear(P);
    gdc_ajet_clear(Q);
}

static int row_jet(jet *out, const jet *x, int row, slong prec)
{
    long k;
    if (!arb_is_int(&x->v) || arf_cmp_si(arb_midref(&x->v), 1) < 0 ||
        arf_cmp_si(arb_midref(&x->v), 1000000000) > 0)
        return 0;
    k = arf_get_si(arb_midref(&x->v), ARF_RND_NEAR);
    int ws = row == GDC_ERF_ROW_WS_LOSS || row == GDC_ERF_ROW_WS_GRAD, ng = ws ? 1 : (k == 1 ? 1 : 2);
    long m[2] = {ws ? k : 1, k - 1};
    bj_t g[2];
    for (int i = 0; i < ng; i++) {
        bj_init(&g[i], x->n, x->order);
        bj_set(&g[i], x + 1, x + 2 + 2 * i, x + 3 + 2 * i, prec);
    }
    if (row == GDC_ERF_ROW_WS_LOSS || row == GDC_ERF_ROW_FC_LOSS)
        loss_jet(out, x + 1, k, g, m, ng, prec);
    else if (row == GDC_ERF_ROW_WS_GRAD)
        ws_grad_jet(out, k, &g[0], prec);
    else {
        grad_jet(out, out + 1, k, g, m, ng, 0, 1, prec);
        if (ng == 2)
            grad_jet(out + 2, out + 3, k, g, m, ng, 1, 0, prec);
        else {
            gdc_ajet_const_si(out + 2, 0);
            gdc_ajet_const_si(out + 3, 0);
        }
    }
    for (int i = 0; i < ng; i++)
        bj_clear(&g[i]);
    return 1;
}

static int ws_loss_jet(jet *out, const jet *x, slong prec) { return row_jet(out, x, GDC_ERF_ROW_WS_LOSS, prec); }
static int ws_grad_jet_row(jet *out, const jet *x, slong prec) { return row_jet(out, x, GDC_ERF_ROW_WS_GRAD, prec); }
static int fc_loss_jet(jet *out, const jet *x, slong prec) { return row_jet(out, x, GDC_ERF_ROW_FC_LOSS, prec); }
static int fc_grad_jet(jet *out, const jet *x, slong prec) { return row_jet(out, x, GDC_ERF_ROW_FC_GRAD, prec); }

GDC_AJET_ROW_DERIVS(gdc_erf_ws_loss, 4, 3, 1, gdc_erf_ws_loss_arb, ws_loss_jet)
GDC_AJET_ROW_DERIVS(gdc_erf_ws_grad, 4, 3, 1, gdc_erf_ws_grad_arb, ws_grad_jet_row)
GDC_AJET_ROW_DERIVS(gdc_erf_fc_loss, 6, 3, 1, gdc_erf_fc_loss_arb, fc_loss_jet)
GDC_AJET_ROW_DERIVS(gdc_erf_fc_grad, 6, 4, 1, gdc_erf_fc_grad_arb, fc_grad_jet)
