/* Arb enclosures of the Gaussian cross moment J, the loss F and the loss gap F(w) - F(0) (seed-004 C11, C12, C5)
 * and their derivatives in (s, bw, t, bv, theta), from the closed form of C11 with h = bw/s, k = bv/t,
 * rho = cos theta, r = sin theta, A = (k - rho h)/r, B = (h - rho k)/r, P = Phi2(h, k; rho):
 *   J/(s t) = (rho + h k) P + k phi(h) Phi(A) + h phi(k) Phi(B) + r phi(h) phi(A),
 *   dJ/dbw = E[1(a > 0) relu(b)] = t (phi(k) Phi(B) + rho phi(h) Phi(A)) + bv P (C13), dJ/dbv likewise,
 *   dJ/ds = (J - bw dJ/dbw)/s, dJ/dt = (J - bv dJ/dbv)/t (J is 1-homogeneous in (s, bw) and in (t, bv)),
 *   dJ/dtheta = -s t sin(theta) P (Price: dE[f(X) g(Y)]/drho = E[f'(X) g'(Y)] = P).
 * At r = 0 exactly the limits of C11 (rho = 1: (1 + h k) Phi(m) + max(h, k) phi(m), m = min(h, k); rho = -1:
 * (h k - 1)(Phi(h) - Q(k)) + k phi(h) + h phi(k) if h + k > 0, else 0); on boxes where r reaches 0 the factors
 * Phi(A), Phi(B) are replaced by [0, 1] and r phi(A) by [0, r]/sqrt(2 pi) (rigorous, wider).
 * F = m2(s, bw)/2 + m2(t, bv)/2 - J and the gap m2(s, bw)/2 - J cancel near w = v and for mu << 0: polynomially
 * many bits, which gdc_eval_arb_goal supplies; F = 0 exactly at w = v. */
#include "bias/bias.h"
#include "bias/bias_cross.h"
#include "core/deadline.h"

static void unit01(arb_t x) { arb_unit_interval(x); }

/* Phi(y) on a ball where r > 0, else [0, 1] */
static void phi_cdf_or_unit(arb_t res, const arb_t num, const arb_t r, int rpos, slong prec)
{
    if (rpos) {
        arb_div(res, num, r, prec);
        gdc_bias_Phi_arb(res, res, prec);
    } else {
        unit01(res);
    }
}

/* J and (jac: dJ/ds, dJ/dbw, dJ/dt, dJ/dbv, dJ/dtheta) */
static void cross_core(arb_t J, arb_ptr D, arb_srcptr x, slong prec, double deadline)
{
    arb_t h, k, rho, r, P, A, B, pa, ph, pk, t1, t2;
    arb_init(h); arb_init(k); arb_init(rho); arb_init(r); arb_init(P); arb_init(A); arb_init(B);
    arb_init(pa); arb_init(ph); arb_init(pk); arb_init(t1); arb_init(t2);
    arb_div(h, x + 1, x, prec);
    arb_div(k, x + 3, x + 2, prec);
    arb_cos(rho, x + 4, prec);
    arb_sin(r, x + 4, prec);
    arb_nonnegative_part(r, r); /* theta in [0, pi] */
    gdc_bias_phi_arb(ph, h, prec);
    gdc_bias_phi_arb(pk, k, prec);
    gdc_bias_bvn_arb_timed(P, h, k, rho, prec, deadline);
    int rpos = arb_is_positive(r);
    if (arb_is_zero(r)) {
        /* theta = 0 or pi exactly */
        int plus = arf_sgn(arb_midref(rho)) > 0;
        if (plus) {
            const arb_struct *m = arb_lt(h, k) ? h : k, *M = arb_lt(h, k) ? k : h;
            gdc_bias_Phi_arb(t1, m, prec);
            arb_mul(t2, h, k, prec);
            arb_add_ui(t2, t2, 1, prec);
            arb_mul(J, t2, t1, prec);
            gdc_bias_phi_arb(t1, m, prec);
            arb_addmul(J, M, t1, prec);
        } else {
            arb_add(t1, h, k, prec);
            if (arb_is_nonpositive(t1)) {
                arb_zero(J);
            } else {
                arb_neg(t2, k);
                gdc_bias_Phi_arb(t1, h, prec);
                gdc_bias_Phi_arb(t2, t2, prec);
                arb_sub(t1, t1, t2, prec);
                arb_mul(t2, h, k, prec);
                arb_sub_ui(t2, t2, 1, prec);
                arb_mul(J, t1, t2, prec);
                arb_addmul(J, k, ph, prec);
                arb_addmul(J, h, pk, prec);
            }
        }
        unit01(A);
        unit01(B);
    } else {
        arb_mul(t1, rho, h, prec);
        arb_sub(t1, k, t1, prec);
        phi_cdf_or_unit(A, t1, r, rpos, prec);
        if (rpos) {
            arb_div(t1, t1, r, prec);
            gdc_bias_phi_arb(pa, t1, prec);
            arb_mul(pa, pa, r, prec);
        } else {
            arb_zero(t1);
            gdc_bias_phi_arb(pa, t1, prec);
            arb_mul(pa, pa, r, prec);
            arb_zero(t1);
            arb_union(pa, pa, t1, prec);
        }
        arb_mul(t1, rho, k, prec);
        arb_sub(t1, h, t1, prec);
        phi_cdf_or_unit(B, t1, r, rpos, prec);
        /* (rho + h k) P + k phi(h) Phi(A) + h phi(k) Phi(B) + r phi(h) phi(A) */
        arb_mul(t2, h, k, prec);
        arb_add(t2, t2, rho, prec);
        arb_mul(J, t2, P, prec);
        arb_mul(t1, ph, A, prec);
        arb_addmul(J, k, t1, prec);
        arb_mul(t1, pk, B, prec);
        arb_addmul(J, h, t1, prec);
        arb_addmul(J, ph, pa, prec);
    }
    arb_mul(J, J, x, prec);
    arb_mul(J, J, x + 2, prec);
    if (D) {
        /* dJ/dbw = t (phi(k) Phi(B) + rho phi(h) Phi(A)) + bv P */
        arb_mul(t1, pk, B, prec);
        arb_mul(t2, ph, A, prec);
        arb_addmul(t1, rho, t2, prec);
        arb_mul(D + 1, t1, x + 2, prec);
        arb_addmul(D + 1, x + 3, P, prec);
        arb_mul(t1, ph, A, prec);
        arb_mul(t2, pk, B, prec);
        arb_addmul(t1, rho, t2, prec);
        arb_mul(D + 3, t1, x, prec);
        arb_addmul(D + 3, x + 1, P, prec);
        arb_mul(t1, x + 1, D + 1, prec);
        arb_sub(t1, J, t1, prec);
        arb_div(D, t1, x, prec);
        arb_mul(t1, x + 3, D + 3, prec);
        arb_sub(t1, J, t1, prec);
        arb_div(D + 2, t1, x + 2, prec);
        arb_mul(t1, x, x + 2, prec);
        arb_mul(t1, t1, r, prec);
        arb_mul(D + 4, t1, P, prec);
        arb_neg(D + 4, D + 4);
    }
    arb_clear(h); arb_clear(k); arb_clear(rho); arb_clear(r); arb_clear(P); arb_clear(A); arb_clear(B);
    arb_clear(pa); arb_clear(ph); arb_clear(pk); arb_clear(t1); arb_clear(t2);
}

static int at_target(arb_srcptr x)
{
    for (int i = 0; i < 5; i++)
        if (!arb_is_exact(x + i))
            return 0;
    return arb_equal(x, x + 2) && arb_equal(x + 1, x + 3) && arb_is_zero(x + 4);
}

/* every output and derivative indeterminate */
static void cross_indet(arb_t res, arb_ptr jac)
{
    arb_indeterminate(res);
    for (int j = 0; jac && j < 5; j++)
        arb_indeterminate(jac + j);
}

void gdc_bias_cross_kind_arb_timed(int kind, arb_t res, arb_ptr jac, arb_srcptr x, slong prec, double deadline)
{
    slong wp = prec + 20;
    for (int i = 0; i < 5; i++)
        if (!arb_is_finite(x + i) || ((i == 0 || i == 2) && arf_sgn(arb_midref(x + i)) <= 0) ||
            gdc_deadline_passed(deadline)) {
            cross_indet(res, jac);
            return;
        }
    arb_ptr D = jac ? _arb_vec_init(5) : NULL;
    arb_t J, m, t;
    arb_init(J); arb_init(m); arb_init(t);
    cross_core(J, D, x, wp, deadline);
    if (kind == GDC_BIAS_J) {
        arb_set_round(res, J, prec);
        for (int j = 0; jac && j < 5; j++)
            arb_set_round(jac + j, D + j, prec);
    } else {
        gdc_bias_m2_arb(m, x, x + 1, wp);
        arb_mul_2exp_si(m, m, -1);
        if (kind == GDC_BIAS_F) {
            gdc_bias_m2_arb(t, x + 2, x + 3, wp);
            arb_mul_2exp_si(t, t, -1);
            arb_add(m, m, t, wp);
        }
        arb_sub(res, m, J, prec);
        if (kind == GDC_BIAS_F && at_target(x))
            arb_zero(res);
        else if (kind == GDC_BIAS_F)
            arb_nonnegative_part(res, res); /* F >= 0 */
        if (jac) {
            /* d(m2/2)/ds = s Phi(bw/s), d(m2/2)/dbw = m1(s, bw) */
            arb_div(t, x + 1, x, wp);
            gdc_bias_Phi_arb(t, t, wp);
            arb_mul(t, t, x, wp);
            arb_sub(jac, t, D, prec);
            gdc_bias_m1_arb(t, x, x + 1, wp);
            arb_sub(jac + 1, t, D + 1, prec);
            if (kind == GDC_BIAS_F) {
                arb_div(t, x + 3, x + 2, wp);
                gdc_bias_Phi_arb(t, t, wp);
                arb_mul(t, t, x + 2, wp);
                arb_sub(jac + 2, t, D + 2, prec);
                gdc_bias_m1_arb(t, x + 2, x + 3, wp);
                arb_sub(jac + 3, t, D + 3, prec);
            } else {
                arb_neg_round(jac + 2, D + 2, prec);
                arb_neg_round(jac + 3, D + 3, prec);
            }
            arb_neg_round(jac + 4, D + 4, prec);
        }
    }
    if (gdc_deadline_passed(deadline))
        cross_indet(res, jac); /* given up: an integral may have stopped early (never a narrower ball) */
    if (D)
        _arb_vec_clear(D, 5);
    arb_clear(J); arb_clear(m); arb_clear(t);
}

void gdc_bias_cross_kind_arb(int kind, arb_t res, arb_ptr jac, arb_srcptr x, slong prec)
{
    gdc_bias_cross_kind_arb_timed(kind, res, jac, x, prec, 0.0);
}
