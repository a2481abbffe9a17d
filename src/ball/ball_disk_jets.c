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

/* r = a A + b B + c C (jets a, b, c; balls A, B, C; t scratch, distinct from the others: the jets are initialised
 * once per assembly, not per product) */
static void jet_dot3(gdc_ajet_struct *r, const gdc_ajet_struct *a, const arb_t A, const gdc_ajet_struct *b,
                     const arb_t B, const gdc_ajet_struct *c, const arb_t C, gdc_ajet_struct *t, slong prec)
{
    gdc_ajet_mul_arb(r, a, A, prec);
    gdc_ajet_mul_arb(t, b, B, prec);
    gdc_ajet_add(r, r, t, prec);
    if (c) {
        gdc_ajet_mul_arb(t, c, C, prec);
        gdc_ajet_add(r, r, t, prec);
    }
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

/* g := gamma = 1/(2 sin th) and b := beta = cot th as jets in th (sin th > 0 on the box: a partial piece exists), from
 * their derivatives on th's ball: gamma' = -cos/(2 sin^2), gamma'' = (1 + cos^2)/(2 sin^3), beta' = -1/sin^2,
 * beta'' = 2 cos/sin^3 */
static void theta_jets(gdc_ajet_struct *g, gdc_ajet_struct *b, const gdc_ajet_struct *th, const arb_t si,
                       const arb_t co, slong prec)
{
    arb_t i1, i2, i3, f0, f1, f2;
    arb_init(i1), arb_init(i2), arb_init(i3), arb_init(f0), arb_init(f1), arb_init(f2);
    arb_inv(i1, si, prec);
    arb_sqr(i2, i1, prec);
    arb_mul(i3, i2, i1, prec);
    arb_mul_2exp_si(f0, i1, -1);
    arb_mul(f1, co, i2, prec);
    arb_mul_2exp_si(f1, f1, -1);
    arb_neg(f1, f1);
    arb_sqr(f2, co, prec);
    arb_add_ui(f2, f2, 1, prec);
    arb_mul(f2, f2, i3, prec);
    arb_mul_2exp_si(f2, f2, -1);
    gdc_ajet_compose(g, th, f0, f1, f2, prec);
    arb_mul(f0, co, i1, prec);
    arb_neg(f1, i2);
    arb_mul(f2, co, i3, prec);
    arb_mul_2exp_si(f2, f2, 1);
    gdc_ajet_compose(b, th, f0, f1, f2, prec);
    arb_clear(i1), arb_clear(i2), arb_clear(i3), arb_clear(f0), arb_clear(f1), arb_clear(f2);
}

/* r += gamma (t Ja + q Jc) + c (Jc/2 - Ja) + bb Jb (jets gamma, t, q = bv^2/t, c = t sin th, bb = bv cot th): the
 * partial pieces' part ((k^2 - c^2) Ja + 2 k bv Jb + (bv^2 + c^2) Jc)/(2c) of U or V, by
 *   (k^2 - c^2)/(2c) = t (1 - 2 sin^2 th)/(2 sin th) = t gamma - t sin th,  2 k bv/(2c) = bv cot th,
 *   (bv^2 + c^2)/(2c) = (bv^2/t) gamma + t sin th/2,
 * grouped by the function of th so that each product is of a jet in th with a jet in (t, bv) */
static void partial_part(gdc_ajet_struct *r, const gdc_ajet_struct *gamma, const gdc_ajet_struct *t,
                         const gdc_ajet_struct *q, const gdc_ajet_struct *c, const gdc_ajet_struct *bb, const arb_t Ja,
                         const arb_t Jb, const arb_t Jc, gdc_ajet_struct *sc, slong prec)
{
    gdc_ajet_struct *u = sc, *w = sc + 1; /* scratch (sc[0..3)) */
    arb_t z;
    arb_init(z);
    arb_mul_2exp_si(z, Jc, -1);
    arb_sub(z, z, Ja, prec);
    jet_dot3(u, t, Ja, q, Jc, NULL, NULL, sc + 2, prec);
    gdc_ajet_mul(w, gamma, u, prec);
    gdc_ajet_add(r, r, w, prec);
    jet_dot3(u, c, z, bb, Jb, NULL, NULL, sc + 2, prec);
    gdc_ajet_add(r, r, u, prec);
    arb_clear(z);
}

/* the jets' value and first derivatives to or from sh (to: save 1; from: save 0, j's n <= sh's) */
static void share_jet(arb_ptr a, gdc_ajet_struct *j, int save)
{
    for (int i = 0; i <= j->n; i++) {
        arb_ptr e = i ? j->g + i - 1 : &j->v;
        if (save)
            arb_set(a + i, e);
        else
            arb_set(e, a + i);
    }
}

/* The exact pieces' part of K (mode 0, 2) or P (mode 1) with its derivatives, before 1/pi, from the sums S. With
 * k = t cos th, c = t sin th and H = 2 Hf + Hp, J = Jp (the pieces' integrands of the header summed over the pieces,
 * the coefficients A, B, C, P0..P3 being linear in (s, bw)):
 *   K pi = s U + bw V,  U = k H2 + bv H1 + ((k^2 - c^2) J3 + 2 k bv J2 + (bv^2 + c^2) J1)/(2c),
 *                       V = k H1 + bv H0 + ((k^2 - c^2) J2 + 2 k bv J1 + (bv^2 + c^2) J0)/(2c),
 *   P pi = H0 + (k J1 + bv J0)/c = H0 + cot th J1 + 2 gamma (bv/t) J0
 * (the 1/c terms only where a partial piece exists: then c > 0 on the box; they are written as in partial_part, whose
 * separated forms keep the jets' Hessians from adding the widths of terms that cancel). U and V are jets in
 * (t, bv, th) alone. */
void gdc_ball_disk_assemble(gdc_ajet_struct *acc, const disk_sums_t *S, arb_srcptr x, const arb_t sin_th,
                            const arb_t cos_th, int mode, disk_share_t *sh, slong prec)
{
    int n = acc->n ? 3 : 0, o = acc->order;
    gdc_ajet_struct t, bv, th, si, co, k, c, U, V, d, e, f, w, sc[3];
    gdc_ajet_inits(n, o, &t, &bv, &th, &si, &co, &k, &c, &U, &V, &d, &e, &f, &w, sc, sc + 1, sc + 2, NULL);
    gdc_ajet_var(&t, x + 2, n ? 0 : -1);
    gdc_ajet_var(&bv, x + 3, n ? 1 : -1);
    gdc_ajet_var(&th, x + 4, n ? 2 : -1);
    arb_ptr H = _arb_vec_init(3);
    if (mode != 1) { /* (P uses neither k nor c) */
        arb_neg(H + 0, sin_th);
        arb_neg(H + 1, cos_th);
        gdc_ajet_compose(&si, &th, sin_th, cos_th, H + 0, prec); /* sin' = cos, sin'' = -sin */
        gdc_ajet_compose(&co, &th, cos_th, H + 0, H + 1, prec); /* cos' = -sin, cos'' = -cos */
        gdc_ajet_mul(&k, &t, &co, prec);
        gdc_ajet_mul(&c, &t, &si, prec);
    }
    for (int j = 0; j < 3; j++) {
        arb_mul_2exp_si(H + j, S->Hf + j, 1);
        arb_add(H + j, H + j, S->Hp + j, prec);
    }
    if (S->npart && mode == 1 && sh && sh->n >= n) {
        share_jet(sh->e, &e, 0), share_jet(sh->f, &f, 0), share_jet(sh->d, &d, 0); /* K's, truncated */
    } else if (S->npart) {
        theta_jets(&e, &f, &th, sin_th, cos_th, prec); /* e = gamma, f = cot th */
        gdc_ajet_inv(&w, &t, prec);
        gdc_ajet_mul(&d, &bv, &w, prec); /* d = bv/t */
        if (mode != 1 && sh) {
            share_jet(sh->e, &e, 1), share_jet(sh->f, &f, 1), share_jet(sh->d, &d, 1);
            sh->n = n;
        }
    }
    if (mode == 1) {
        gdc_ajet_const(&U, H + 0);
        if (S->npart) {
            arb_mul_2exp_si(H + 1, S->Jp + 0, 1);
            gdc_ajet_mul(&w, &e, &d, prec); /* gamma bv/t */
            jet_dot3(&V, &f, S->Jp + 1, &w, H + 1, NULL, NULL, sc, prec);
            gdc_ajet_add(&U, &U, &V, prec);
        }
        fill_acc(acc, &U, NULL, x, prec);
    } else {
        jet_dot3(&U, &k, H + 2, &bv, H + 1, NULL, NULL, sc, prec);
        jet_dot3(&V, &k, H + 1, &bv, H + 0, NULL, NULL, sc, prec);
        if (S->npart) {
            gdc_ajet_mul(&d, &d, &bv, prec); /* q = bv^2/t */
            gdc_ajet_mul(&f, &f, &bv, prec); /* bv cot th */
            partial_part(&U, &e, &t, &d, &c, &f, S->Jp + 3, S->Jp + 2, S->Jp + 1, sc, prec);
            partial_part(&V, &e, &t, &d, &c, &f, S->Jp + 2, S->Jp + 1, S->Jp + 0, sc, prec);
        }
        fill_acc(acc, &U, &V, x, prec);
    }
    _arb_vec_clear(H, 3);
    gdc_ajet_clears(&t, &bv, &th, &si, &co, &k, &c, &U, &V, &d, &e, &f, &w, sc, sc + 1, sc + 2, NULL);
}
