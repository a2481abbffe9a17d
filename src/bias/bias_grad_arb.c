/* Arb enclosures of the Gaussian population gradient (seed-004 C13) and of <grad F(w), w - v> (C15) of
 * 004_107e0ef2f6021d42.txt Eq. (1)-(2), with their derivatives, as second-order-free jets (core/jet.h) in
 * (s, bw, t, bv, theta). With h = bw/s, k = bv/t, rho = cos theta, r = sin theta, A = (k - rho h)/r,
 * B = (h - rho k)/r, P = Phi2(h, k; rho), w~ = s e1, v~ = t (rho e1 + r n):
 *   gs  = grad F . e1 = s Phi(h) - t phi(h) [(k - rho h) Phi(A) + r phi(A)] - t rho P   (C13: A s - P t rho, with
 *         phi(h) E1 = t phi(h) r (A Phi(A) + phi(A)) and r A = k - rho h formed without the division),
 *   gn  = grad F . n  = -t r P,
 *   gb  = dF/dbw      = m1(s, bw) - t (phi(k) Phi(B) + rho phi(h) Phi(A)) - bv P,
 *   corr = gs (s - t rho) + t^2 r^2 P + gb (bw - bv)   (C15; s - t rho = (s - t) + 2 t sin^2(theta/2)).
 * The jet of P carries dP/dh = phi(h) Phi(A), dP/dk = phi(k) Phi(B), dP/dtheta = -phi(h) phi(A) (Plackett:
 * dP/drho = phi2 = phi(h) phi(A)/r). Where r may vanish on the box the factors Phi(A), Phi(B) are [0, 1] (at r = 0
 * exactly their limits: 1, 0, or 1/2 where k - rho h = 0, the limit of A = h tan(theta/2) or k cot(theta/2) -> 0)
 * and r phi(A) is [0, r/sqrt(2 pi)]; their derivatives, and every entry depending on them, are then indeterminate.
 * Cancellation (mu_w << 0, w near v) costs polynomially many bits, which gdc_eval_arb_goal supplies; at w = v
 * exactly the gradient and corr are 0. */
#include "bias/bias.h"
#include "bias/bias_cross.h"
#include "core/jet.h"
#include "core/deadline.h"

enum { NV = 5 };

typedef struct {
    gdc_ajet_struct h, k, rho, r, ph, pk, PA, PB, rpA, P, m1;
} gterms_t;

static void jet_indet_grad(gdc_ajet_t u)
{
    for (int i = 0; i < u->n; i++)
        arb_indeterminate(u->g + i);
}

/* Phi(u) as a jet */
static void jet_Phi(gdc_ajet_t res, const gdc_ajet_t u, slong prec)
{
    arb_t f0, f1, f2;
    arb_init(f0); arb_init(f1); arb_init(f2);
    gdc_bias_Phi_arb(f0, &u->v, prec);
    gdc_bias_phi_arb(f1, &u->v, prec);
    arb_mul(f2, f1, &u->v, prec);
    arb_neg(f2, f2);
    gdc_ajet_compose(res, u, f0, f1, f2, prec);
    arb_clear(f0); arb_clear(f1); arb_clear(f2);
}

/* phi(u) as a jet */
static void jet_phi(gdc_ajet_t res, const gdc_ajet_t u, slong prec)
{
    arb_t f0, f1, f2;
    arb_init(f0); arb_init(f1); arb_init(f2);
    gdc_bias_phi_arb(f0, &u->v, prec);
    arb_mul(f1, f0, &u->v, prec);
    arb_neg(f1, f1);
    arb_sqr(f2, &u->v, prec);
    arb_sub_ui(f2, f2, 1, prec);
    arb_mul(f2, f2, f0, prec);
    gdc_ajet_compose(res, u, f0, f1, f2, prec);
    arb_clear(f0); arb_clear(f1); arb_clear(f2);
}

/* Phi(num/r) and r phi(num/r) where r > 0 on the box; else their ranges (limits at r = 0 exactly) */
static void inner_factors(gdc_ajet_t PA, gdc_ajet_t rpA, arb_t pA, const gdc_ajet_t num, const gdc_ajet_t r,
                          slong prec)
{
    if (arb_is_positive(&r->v)) {
        gdc_ajet_t a;
        gdc_ajet_init(a, NV, 1);
        gdc_ajet_div(a, num, r, prec);
        jet_Phi(PA, a, prec);
        jet_phi(rpA, a, prec);
        arb_set(pA, &rpA->v);
        gdc_ajet_mul(rpA, rpA, r, prec);
        gdc_ajet_clear(a);
        return;
    }
    arb_t z;
    arb_init(z);
    arb_zero(z);
    gdc_bias_phi_arb(pA, z, prec);
    arb_union(pA, pA, z, prec); /* [0, 1/sqrt(2 pi)] */
    if (arb_is_zero(&r->v) && arb_is_nonzero(&num->v))
        arb_set_si(&PA->v, arb_is_positive(&num->v) ? 1 : 0);
    else if (arb_is_zero(&r->v) && arb_is_zero(&num->v))
        arb_set_d(&PA->v, 0.5);
    else
        arb_unit_interval(&PA->v);
    arb_mul(&rpA->v, &r->v, pA, prec);
    arb_union(&rpA->v, &rpA->v, z, prec);
    jet_indet_grad(PA);
    jet_indet_grad(rpA);
    arb_clear(z);
}

/* the jets of g (h, k, rho, r, phi(h), phi(k), Phi(A), Phi(B), r phi(A), P, m1(s, bw)) from X = (s, bw, t, bv, th) */
static void terms(gterms_t *g, const gdc_ajet_struct *X, slong prec, double deadline)
{
    gdc_ajet_t num, omr, dif;
    arb_t pA, pB, dh, dk;
    gdc_ajet_inits(NV, 1, num, omr, dif, (gdc_ajet_struct *)NULL);
    arb_init(pA); arb_init(pB); arb_init(dh); arb_init(dk);
    gdc_ajet_div(&g->h, X + 1, X, prec);
    gdc_ajet_div(&g->k, X + 3, X + 2, prec);
    gdc_ajet_cos(&g->rho, X + 4, prec);
    gdc_ajet_sin(&g->r, X + 4, prec);
    arb_nonnegative_part(&g->r.v, &g->r.v); /* theta in [0, pi] */
    jet_phi(&g->ph, &g->h, prec);
    jet_phi(&g->pk, &g->k, prec);
    /* k - rho h = (k - h) + (1 - rho) h, 1 - rho = 2 sin^2(theta/2): no cancellation as theta -> 0 (with k - rho h
     * formed directly, theta = 2^-1074 needed over 1100 bits for A = h tan(theta/2)) */
    gdc_ajet_mul_2exp_si(omr, X + 4, -1);
    gdc_ajet_sin(omr, omr, prec);
    gdc_ajet_sqr(omr, omr, prec);
    gdc_ajet_mul_2exp_si(omr, omr, 1);
    gdc_ajet_sub(num, &g->k, &g->h, prec);
    gdc_ajet_mul(dif, omr, &g->h, prec);
    gdc_ajet_add(num, num, dif, prec);
    inner_factors(&g->PA, &g->rpA, pA, num, &g->r, prec);
    gdc_ajet_sub(num, &g->h, &g->k, prec);
    gdc_ajet_mul(dif, omr, &g->k, prec);
    gdc_ajet_add(num, num, dif, prec);
    {
        gdc_ajet_t rpB;
        gdc_ajet_init(rpB, NV, 1);
        inner_factors(&g->PB, rpB, pB, num, &g->r, prec);
        gdc_ajet_clear(rpB);
    }
    /* P: value by Phi2, gradient by the chain rule through h, k and theta */
    gdc_bias_bvn_arb_timed(&g->P.v, &g->h.v, &g->k.v, &g->rho.v, prec, deadline);
    arb_mul(dh, &g->ph.v, &g->PA.v, prec);
    arb_mul(dk, &g->pk.v, &g->PB.v, prec);
    arb_mul(pA, pA, &g->ph.v, prec);
    for (int i = 0; i < NV; i++) {
        arb_mul(g->P.g + i, dh, g->h.g + i, prec);
        arb_addmul(g->P.g + i, dk, g->k.g + i, prec);
        arb_submul(g->P.g + i, pA, X[4].g + i, prec);
    }
    /* m1(s, bw) = s G1(h): dm1/ds = phi(h), dm1/dbw = Phi(h) */
    gdc_bias_m1_arb(&g->m1.v, &X[0].v, &X[1].v, prec);
    gdc_bias_Phi_arb(dk, &g->h.v, prec);
    for (int i = 0; i < NV; i++) {
        arb_mul(g->m1.g + i, &g->ph.v, X[0].g + i, prec);
        arb_addmul(g->m1.g + i, dk, X[1].g + i, prec);
    }
    gdc_ajet_clears(num, omr, dif, (gdc_ajet_struct *)NULL);
    arb_clear(pA); arb_clear(pB); arb_clear(dh); arb_clear(dk);
}

#define TERMS_LIST(g) &(g)->h, &(g)->k, &(g)->rho, &(g)->r, &(g)->ph, &(g)->pk, &(g)->PA, &(g)->PB, &(g)->rpA, \
                      &(g)->P, &(g)->m1, (gdc_ajet_struct *)NULL

/* F[0..3] = gs, gn, gb, corr */
static void grad_jets(gdc_ajet_struct *F, const gdc_ajet_struct *X, slong prec, double deadline)
{
    gterms_t g;
    gdc_ajet_t u, v;
    gdc_ajet_inits(NV, 1, TERMS_LIST(&g));
    gdc_ajet_inits(NV, 1, u, v, (gdc_ajet_struct *)NULL);
    terms(&g, X, prec, deadline);
    /* gs = s Phi(h) - t [phi(h) ((k - rho h) Phi(A) + r phi(A)) + rho P] */
    jet_Phi(u, &g.h, prec);
    gdc_ajet_mul(F, X, u, prec);
    gdc_ajet_mul(u, &g.rho, &g.h, prec);
    gdc_ajet_sub(u, &g.k, u, prec);
    gdc_ajet_mul(u, u, &g.PA, prec);
    gdc_ajet_add(u, u, &g.rpA, prec);
    gdc_ajet_mul(u, u, &g.ph, prec);
    gdc_ajet_mul(v, &g.rho, &g.P, prec);
    gdc_ajet_add(u, u, v, prec);
    gdc_ajet_mul(u, u, X + 2, prec);
    gdc_ajet_sub(F, F, u, prec);
    /* gn = -t r P */
    gdc_ajet_mul(F + 1, X + 2, &g.r, prec);
    gdc_ajet_mul(F + 1, F + 1, &g.P, prec);
    gdc_ajet_neg(F + 1, F + 1);
    /* gb = m1 - t (phi(k) Phi(B) + rho phi(h) Phi(A)) - bv P */
    gdc_ajet_mul(u, &g.ph, &g.PA, prec);
    gdc_ajet_mul(u, u, &g.rho, prec);
    gdc_ajet_mul(v, &g.pk, &g.PB, prec);
    gdc_ajet_add(u, u, v, prec);
    gdc_ajet_mul(u, u, X + 2, prec);
    gdc_ajet_mul(v, X + 3, &g.P, prec);
    gdc_ajet_add(u, u, v, prec);
    gdc_ajet_sub(F + 2, &g.m1, u, prec);
    /* corr = gs (s - t rho) + (t r)^2 P + gb (bw - bv), s - t rho = (s - t) + 2 t sin^2(theta/2) */
    gdc_ajet_mul_2exp_si(u, X + 4, -1);
    gdc_ajet_sin(u, u, prec);
    gdc_ajet_sqr(u, u, prec);
    gdc_ajet_mul(u, u, X + 2, prec);
    gdc_ajet_mul_2exp_si(u, u, 1);
    gdc_ajet_add(u, u, X, prec);
    gdc_ajet_sub(u, u, X + 2, prec);
    gdc_ajet_mul(F + 3, F, u, prec);
    gdc_ajet_mul(u, X + 2, &g.r, prec);
    gdc_ajet_sqr(u, u, prec);
    gdc_ajet_mul(u, u, &g.P, prec);
    gdc_ajet_add(F + 3, F + 3, u, prec);
    gdc_ajet_sub(u, X + 1, X + 3, prec);
    gdc_ajet_mul(u, u, F + 2, prec);
    gdc_ajet_add(F + 3, F + 3, u, prec);
    gdc_ajet_clears(TERMS_LIST(&g));
    gdc_ajet_clears(u, v, (gdc_ajet_struct *)NULL);
}

static int at_target(arb_srcptr x)
{
    for (int i = 0; i < NV; i++)
        if (!arb_is_exact(x + i))
            return 0;
    return arb_equal(x, x + 2) && arb_equal(x + 1, x + 3) && arb_is_zero(x + 4);
}

/* out[first .. first + nout - 1] of (gs, gn, gb, corr) and their jac rows; all indeterminate once the deadline
 * (core/deadline.h, 0: none) has passed (the Phi2 integral gives up then) */
static void grad_rows(arb_ptr out, arb_ptr jac, arb_srcptr x, int first, int nout, slong prec, double deadline)
{
    slong wp = prec + 20;
    gdc_ajet_struct X[NV], F[4];
    int bad = 0;
    for (int i = 0; i < NV; i++)
        bad |= !arb_is_finite(x + i) || ((i == 0 || i == 2) && !arb_is_positive(x + i));
    for (int i = 0; i < NV; i++) {
        gdc_ajet_init(X + i, NV, 1);
        gdc_ajet_var(X + i, x + i, i);
    }
    for (int k = 0; k < 4; k++)
        gdc_ajet_init(F + k, NV, 1);
    bad |= gdc_deadline_passed(deadline);
    if (!bad)
        grad_jets(F, X, wp, deadline);
    bad |= gdc_deadline_passed(deadline);
    int zero = at_target(x);
    for (int k = 0; k < nout; k++) {
        if (bad)
            arb_indeterminate(out + k);
        else if (zero)
            arb_zero(out + k);
        else
            arb_set_round(out + k, &F[first + k].v, prec);
        if (jac) {
            if (bad)
                for (int j = 0; j < NV; j++)
                    arb_indeterminate(jac + k * NV + j);
            else
                gdc_ajet_get(jac, NULL, k, F + first + k);
            for (int j = 0; j < NV; j++)
                arb_set_round(jac + k * NV + j, jac + k * NV + j, prec);
        }
    }
    for (int i = 0; i < NV; i++)
        gdc_ajet_clear(X + i);
    for (int k = 0; k < 4; k++)
        gdc_ajet_clear(F + k);
}

void gdc_bias_grad_arb(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec) { grad_rows(out, jac, x, 0, 3, prec, 0.0); }
void gdc_bias_corr_arb(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec) { grad_rows(out, jac, x, 3, 1, prec, 0.0); }
void gdc_bias_grad_arb_timed(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec, double deadline)
{
    grad_rows(out, jac, x, 0, 3, prec, deadline);
}
void gdc_bias_corr_arb_timed(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec, double deadline)
{
    grad_rows(out, jac, x, 3, 1, prec, deadline);
}
