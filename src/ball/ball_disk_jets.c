/* ball.disk_cross's exact pieces assembled (seed-004 C28): on a piece the integrand is (A y^2 + B y + C) h times 2
 * (G full) or (P3 y^3 + ... + P0)/(2c) + (A y^2 + B y + C) h (G partial), with A = s k, B = s bv + bw k, C = bw bv,
 * P3 = s (k^2 - c^2), P2 = 2 s k bv + bw (k^2 - c^2), P1 = s (bv^2 + c^2) + 2 bw k bv, P0 = bw (bv^2 + c^2),
 * k = t cos theta, c = t sin theta. The coefficients are linear in (s, bw), so from the sweep's sums
 * K pi = s U + bw V with U, V jets (core/jet.h) in (t, bv, theta) alone; by Leibniz' rule the moving ends of the pieces
 * add nothing to the derivatives where the integrand is continuous (the jumps of its derivatives are
 * ball_disk_edge.c's), so the coefficients are differentiated with the ends held. */
#include "ball/ball.h"
#include "core/jet.h"
#include "ball/ball_util.h"
#include "ball/ball_disk.h"

/* r = a A + b B + c C (jets a, b, c; balls A, B, C) */
static void jet_dot3(gdc_ajet_struct *r, const gdc_ajet_struct *a, const arb_t A, const gdc_ajet_struct *b,
                     const arb_t B, const gdc_ajet_struct *c, const arb_t C, slong prec)
{
    gdc_ajet_struct t;
    gdc_ajet_init(&t, r->n, r->order);
    gdc_ajet_mul_arb(r, a, A, prec);
    gdc_ajet_mul_arb(&t, b, B, prec);
    gdc_ajet_add(r, r, &t, prec);
    if (c) {
        gdc_ajet_mul_arb(&t, c, C, prec);
        gdc_ajet_add(r, r, &t, prec);
    }
    gdc_ajet_clear(&t);
}

/* acc (5 variables, or none for a value alone) from the jets U, V in (t, bv, th) (3 variables, or none):
 *   K = s U + bw V:  K_s = U, K_bw = V, K_v = s U_v + bw V_v,
 *   K_ss = K_s,bw = K_bw,bw = 0, K_s,v = U_v, K_bw,v = V_v, K_vv' = s U_vv' + bw V_vv'  (v, v' in t, bv, th);
 * V = NULL: acc = U (P, which depends on (s, bw) only through the breakpoints: edge_term). */
static void fill_acc(gdc_ajet_struct *acc, const gdc_ajet_struct *U, const gdc_ajet_struct *V, arb_srcptr x,
                     slong prec)
{
    static const int map[3] = {P_T, P_BV, P_TH};
    if (V) {
        arb_mul(&acc->v, x + 0, &U->v, prec);
        arb_addmul(&acc->v, x + 1, &V->v, prec);
    } else
        arb_set(&acc->v, &U->v);
    if (!acc->n)
        return;
    for (int a = 0; a < 3; a++) {
        if (V) {
            arb_mul(acc->g + map[a], x + 0, U->g + a, prec);
            arb_addmul(acc->g + map[a], x + 1, V->g + a, prec);
        } else
            arb_set(acc->g + map[a], U->g + a);
    }
    if (V)
        arb_set(acc->g + P_S, &U->v), arb_set(acc->g + P_BW, &V->v);
    else
        arb_zero(acc->g + P_S), arb_zero(acc->g + P_BW);
    if (acc->order < 2)
        return;
    for (int i = 0; i < 25; i++)
        arb_zero(acc->h + i);
    for (int a = 0; a < 3; a++) {
        arb_ptr hs = acc->h + P_S * 5 + map[a], hb = acc->h + P_BW * 5 + map[a];
        arb_set(hs, U->g + a);
        arb_set(hb, V->g + a);
        arb_set(acc->h + map[a] * 5 + P_S, hs);
        arb_set(acc->h + map[a] * 5 + P_BW, hb);
        for (int b = 0; b < 3; b++) {
            arb_ptr e = acc->h + map[a] * 5 + map[b];
            arb_mul(e, x + 0, U->h + a * 3 + b, prec);
            arb_addmul(e, x + 1, V->h + a * 3 + b, prec);
        }
    }
}

/* The exact pieces' part of K (mode 0, 2) or P (mode 1) with its derivatives, before 1/pi, from the sums S. With
 * k = t cos th, c = t sin th and H = 2 Hf + Hp, J = Jp (the pieces' integrands of the header summed over the pieces,
 * the coefficients A, B, C, P0..P3 being linear in (s, bw)):
 *   K pi = s U + bw V,  U = k H2 + bv H1 + ((k^2 - c^2) J3 + 2 k bv J2 + (bv^2 + c^2) J1)/(2c),
 *                       V = k H1 + bv H0 + ((k^2 - c^2) J2 + 2 k bv J1 + (bv^2 + c^2) J0)/(2c),
 *   P pi = H0 + (k J1 + bv J0)/c
 * (the 1/c terms only where a partial piece exists: then c > 0 on the box). U and V are jets in (t, bv, th) alone. */
void gdc_ball_disk_assemble(gdc_ajet_struct *acc, const disk_sums_t *S, arb_srcptr x, const arb_t sin_th,
                            const arb_t cos_th, int mode, slong prec)
{
    int n = acc->n ? 3 : 0, o = acc->order;
    gdc_ajet_struct t, bv, th, si, co, k, c, U, V, d, e, f, w;
    gdc_ajet_inits(n, o, &t, &bv, &th, &si, &co, &k, &c, &U, &V, &d, &e, &f, &w, NULL);
    gdc_ajet_var(&t, x + 2, n ? 0 : -1);
    gdc_ajet_var(&bv, x + 3, n ? 1 : -1);
    gdc_ajet_var(&th, x + 4, n ? 2 : -1);
    arb_ptr H = _arb_vec_init(3);
    arb_neg(H + 0, sin_th);
    arb_neg(H + 1, cos_th);
    gdc_ajet_compose(&si, &th, sin_th, cos_th, H + 0, prec); /* sin' = cos, sin'' = -sin */
    gdc_ajet_compose(&co, &th, cos_th, H + 0, H + 1, prec); /* cos' = -sin, cos'' = -cos */
    gdc_ajet_mul(&k, &t, &co, prec);
    gdc_ajet_mul(&c, &t, &si, prec);
    for (int j = 0; j < 3; j++) {
        arb_mul_2exp_si(H + j, S->Hf + j, 1);
        arb_add(H + j, H + j, S->Hp + j, prec);
    }
    if (mode == 1) {
        gdc_ajet_const(&U, H + 0);
        if (S->npart) {
            jet_dot3(&d, &k, S->Jp + 1, &bv, S->Jp + 0, NULL, NULL, prec);
            gdc_ajet_inv(&e, &c, prec);
            gdc_ajet_mul(&d, &d, &e, prec);
            gdc_ajet_add(&U, &U, &d, prec);
        }
        fill_acc(acc, &U, NULL, x, prec);
    } else {
        jet_dot3(&U, &k, H + 2, &bv, H + 1, NULL, NULL, prec);
        jet_dot3(&V, &k, H + 1, &bv, H + 0, NULL, NULL, prec);
        if (S->npart) {
            gdc_ajet_sqr(&d, &k, prec);
            gdc_ajet_sqr(&w, &c, prec);
            gdc_ajet_sqr(&e, &bv, prec);
            gdc_ajet_add(&e, &e, &w, prec);  /* bv^2 + c^2 */
            gdc_ajet_sub(&d, &d, &w, prec);  /* k^2 - c^2 */
            gdc_ajet_mul(&f, &k, &bv, prec);
            gdc_ajet_mul_2exp_si(&f, &f, 1); /* 2 k bv */
            gdc_ajet_mul_2exp_si(&w, &c, 1);
            gdc_ajet_inv(&c, &w, prec); /* c := 1/(2c) */
            jet_dot3(&w, &d, S->Jp + 3, &f, S->Jp + 2, &e, S->Jp + 1, prec);
            gdc_ajet_mul(&w, &w, &c, prec);
            gdc_ajet_add(&U, &U, &w, prec);
            jet_dot3(&w, &d, S->Jp + 2, &f, S->Jp + 1, &e, S->Jp + 0, prec);
            gdc_ajet_mul(&w, &w, &c, prec);
            gdc_ajet_add(&V, &V, &w, prec);
        }
        fill_acc(acc, &U, &V, x, prec);
    }
    _arb_vec_clear(H, 3);
    gdc_ajet_clears(&t, &bv, &th, &si, &co, &k, &c, &U, &V, &d, &e, &f, &w, NULL);
}
