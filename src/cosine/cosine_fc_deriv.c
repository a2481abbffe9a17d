/* Derivative enclosures of cosine.fc_loss (jac + hess) and cosine.fc_grad (jac) (002_588e28744115f015.txt eq. (2)
 * and the corrected gradient of App. B.1; seed-002 C5, C8), by second-order jets (core/jet.h) of the stable forms
 * of cosine_fc.c, with V = sqrt(k-1) U:
 *   F = (9k/2) A + Ecc/2,  A = (a1-U)^2 + 4 a1 U sin^2(t1/2),  Mm = A + B, Mp = P1 + P2, with the C4 core of
 *   cosine_jet.h: Ecc = expm1(-Mm/2) expm1(-Mp/2) + (e^{-kU^2} expm1(-D))^2/2 (mirrored when D < 0),
 *   N = a1^2 + R^2, D = N - k U^2 = (a1-U)(a1+U) + (R-V)(R+V),
 * so dF/da1 = 9k (a1 - U cos t1) + <grad_{w_1} Ecc/2, e1> and dF/dR = <grad_what Ecc/2, e> are sums of products
 * vanishing at w = ubar0; the gradient outputs are the forms of cosine_fc.h (dlt/2 = (Ep - Em)/2 by expm1 of
 * y = 2 w.ubar0 on the side of its sign, Ep - E2 = E2 expm1(X) or -Ep expm1(-X) for X > 1/2, the mirror forms
 * near w = -ubar0), differentiated as a whole. k is an integer argument: its column is indeterminate. */
#include "cosine/cosine_fc.h"
#include "cosine/cosine_jet.h"

typedef struct {
    gdc_ajet_t A, P1, de1, se1, Ust1, acc1, B, P2, deh, seh, Vsb, acch, Mm, Mp, N, kU2, D;
} fc_jets_t;

#define FC_JETS(G) G->A, G->P1, G->de1, G->se1, G->Ust1, G->acc1, G->B, G->P2, G->deh, G->seh, G->Vsb, G->acch, \
                   G->Mm, G->Mp, G->N, G->kU2, G->D

/* x = {k, U, a1, t1, R, beta} */
static void fc_geom_jet(fc_jets_t *G, const gdc_ajet_struct *X, slong prec)
{
    const gdc_ajet_struct *k = X, *U = X + 1, *a1 = X + 2, *t1 = X + 3, *R = X + 4, *be = X + 5;
    gdc_ajet_t V, u, v;
    arb_t s;
    arb_init(s);
    gdc_ajet_inits(X->n, X->order, V, u, v, NULL);
    arb_sub_ui(s, &k->v, 1, prec);
    arb_sqrt(s, s, prec);
    gdc_ajet_mul_arb(V, U, s, prec);
    gdc_cosine_block_jet(G->A, G->P1, G->de1, G->se1, G->Ust1, G->acc1, a1, U, t1, prec);
    gdc_cosine_block_jet(G->B, G->P2, G->deh, G->seh, G->Vsb, G->acch, R, V, be, prec);
    gdc_ajet_add(G->Mm, G->A, G->B, prec);
    gdc_ajet_add(G->Mp, G->P1, G->P2, prec);
    gdc_ajet_sqr(u, a1, prec);
    gdc_ajet_sqr(v, R, prec);
    gdc_ajet_add(G->N, u, v, prec);
    gdc_ajet_sqr(u, U, prec);
    gdc_ajet_mul(G->kU2, u, k, prec);
    gdc_ajet_sub(u, a1, U, prec);
    gdc_ajet_add(v, a1, U, prec);
    gdc_ajet_mul(G->D, u, v, prec);
    gdc_ajet_sub(u, R, V, prec);
    gdc_ajet_add(v, R, V, prec);
    gdc_ajet_mul(u, u, v, prec);
    gdc_ajet_add(G->D, G->D, u, prec);
    gdc_ajet_clears(V, u, v, NULL);
    arb_clear(s);
}

/* k (a constant jet) is an exact integer >= 2; otherwise the row has no value (indeterminate outputs) */
static int k_ok(const gdc_ajet_struct *k)
{
    return arb_is_int(&k->v) && !arb_is_negative(&k->v) && arf_cmp_si(arb_midref(&k->v), 2) >= 0;
}

static int fc_loss_jet(gdc_ajet_struct *F, const gdc_ajet_struct *X, slong prec)
{
    fc_jets_t G0, *G = &G0;
    gdc_ajet_t u;
    if (!k_ok(X))
        return 0;
    gdc_ajet_inits(X->n, X->order, FC_JETS(G), u, NULL);
    fc_geom_jet(G, X, prec);
    gdc_cosine_ecc_core_jet(F, G->Mm, G->Mp, G->N, G->kU2, G->D, prec);
    gdc_ajet_mul_2exp_si(F, F, -1);
    gdc_ajet_mul(u, G->A, X, prec);
    gdc_ajet_mul_si(u, u, 9, prec);
    gdc_ajet_mul_2exp_si(u, u, -1);
    gdc_ajet_add(F, F, u, prec);
    gdc_ajet_clears(FC_JETS(G), u, NULL);
    return 1;
}

/* the Arb values: the jet forms without variables (cosine_fc.c's Arb section) */
void gdc_cosine_fc_loss_arb(arb_ptr out, arb_srcptr x, slong prec) { gdc_ajet_eval_value(out, x, 6, 1, fc_loss_jet, prec); }
GDC_AJET_ROW_DERIVS(gdc_cosine_fc_loss, 6, 1, 1u, gdc_cosine_fc_loss_arb, fc_loss_jet)

static int fc_grad_jet(gdc_ajet_struct *F, const gdc_ajet_struct *X, slong prec)
{
    const gdc_ajet_struct *k = X, *a1 = X + 2, *R = X + 4;
    fc_jets_t G0, *G = &G0;
    gdc_ajet_t Em, Ep, E2, y, h, Xf, Fc, cd, u;
    if (!k_ok(k))
        return 0;
    gdc_ajet_inits(X->n, X->order, FC_JETS(G), Em, Ep, E2, y, h, Xf, Fc, cd, u, NULL);
    fc_geom_jet(G, X, prec);
    gdc_cosine_exp_neg_half_jet(Em, G->Mm, prec);
    gdc_cosine_exp_neg_half_jet(Ep, G->Mp, prec);
    gdc_ajet_mul_2exp_si(u, G->N, 2);
    gdc_cosine_exp_neg_half_jet(E2, u, prec);
    gdc_ajet_add(y, G->acc1, G->acch, prec);
    gdc_ajet_mul_2exp_si(y, y, 1);
    int mirror = arf_sgn(arb_midref(&y->v)) < 0;
    gdc_cosine_ep_minus_em_jet(h, y, Em, Ep, prec); /* h = dlt/2 = (Ep - Em)/2 */
    gdc_ajet_mul_2exp_si(h, h, -1);
    const gdc_ajet_struct *e1 = mirror ? G->se1 : G->de1, *eh = mirror ? G->seh : G->deh;
    gdc_ajet_mul(Xf, e1, a1, prec);
    gdc_ajet_mul(u, eh, R, prec);
    gdc_ajet_add(Xf, Xf, u, prec);
    gdc_ajet_mul_2exp_si(Xf, Xf, 1);
    gdc_ajet_mul_2exp_si(u, mirror ? G->Mp : G->Mm, -1);
    gdc_ajet_sub(Xf, Xf, u, prec);
    if (arf_cmp_2exp_si(arb_midref(&Xf->v), -1) > 0) {
        gdc_ajet_neg(Xf, Xf);
        gdc_ajet_expm1(Xf, Xf, prec);
        gdc_ajet_mul(Fc, Xf, mirror ? Em : Ep, prec);
        gdc_ajet_neg(Fc, Fc);
    } else {
        gdc_ajet_expm1(Xf, Xf, prec);
        gdc_ajet_mul(Fc, Xf, E2, prec);
    }
    if (mirror)
        gdc_ajet_set(cd, h);
    else
        gdc_ajet_neg(cd, h);
    /* out0 = 9k de1 + cd e1 + Fc a1, out2 = cd eh + Fc R */
    gdc_ajet_mul_si(u, k, 9, prec);
    gdc_ajet_mul(F, G->de1, u, prec);
    gdc_ajet_mul(y, cd, e1, prec);
    gdc_ajet_add(F, F, y, prec);
    gdc_ajet_mul(y, Fc, a1, prec);
    gdc_ajet_add(F, F, y, prec);
    gdc_ajet_mul(F + 2, cd, eh, prec);
    gdc_ajet_mul(y, Fc, R, prec);
    gdc_ajet_add(F + 2, F + 2, y, prec);
    /* out1 = -(9k - dlt/2) U sin t1, out3 = (dlt/2) V sin beta */
    gdc_ajet_sub(u, u, h, prec);
    gdc_ajet_mul(F + 1, u, G->Ust1, prec);
    gdc_ajet_neg(F + 1, F + 1);
    gdc_ajet_mul(F + 3, h, G->Vsb, prec);
    gdc_ajet_clears(FC_JETS(G), Em, Ep, E2, y, h, Xf, Fc, cd, u, NULL);
    return 1;
}

void gdc_cosine_fc_grad_arb(arb_ptr out, arb_srcptr x, slong prec) { gdc_ajet_eval_value(out, x, 6, 4, fc_grad_jet, prec); }

void gdc_cosine_fc_grad_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec)
{
    gdc_ajet_eval_row(out, jac, NULL, x, 6, 4, 1u, gdc_cosine_fc_grad_arb, fc_grad_jet, prec);
}
