/* Definition checks of the Section-4 FC/WS losses and gradients (002_588e28744115f015.txt eq. (1), Lemmas 1, 3,
 * 5, Corollary 1; seed-002 C15, C16, C17, C22):
 *  loss rows: the product structure E[p_w p_v] = prod_l V(w_l, v_l) (C15, independent blocks) with every kernel
 *      V from its own defining integral (gdc_erf_kernel_def_arb: rigorous 1-D integration, erf_defs.c), and the
 *      1/2 of eq. (1) (F^(1,1) = 4 F^(1), C17);
 *  gradient rows: the derivative of the C16 loss closed form (Lemma 1 kernels, eq. (1)) along w/|w| and n,
 *      computed rigorously as the first coefficient of a Taylor jet (arb_poly series arithmetic) in the plane
 *      u0 = U e1, w = a (cos t e1 + sin t e2), n = (sin t, -cos t): independent of the C20/C22 formulas;
 *  both: seeded Monte Carlo of the defining expectations E[(1/2)(p_w - p_u)^2] and E[(p_w - p_u) grad_w p_w]
 *      with the actual predictors p^(1,k) = erf(w1.x1) + prod_l erf(wl.xl), x_l in R^2. The first m = min(k, 3)
 *      blocks are simulated; for k > 3 the other k - m blocks (independent of them, all equal to (a, t)) are
 *      integrated exactly: E[prod erf(w.x_l) erf(v.x_l)] = V(w, v)^(k-m) by Lemma 1 (erf.kernel, checked by its own
 *      definition checks) and E[erf(w.x_l)] = 0 (odd erf). Block frames (w/|w|, n) from the vector API
 *      (gdc_erf_fc_frame_d); in the FC rows each block lies in its own random plane through u0. */
#include <math.h>
#include "erf/erf_fc.h"
#include "erf/erf.h"
#include "core/normal_quad.h"
#include "core/rng.h"
#if GDC_ARB_FLINT3
#include <flint/arb_poly.h>
#else
#include <arb_poly.h>
#endif

/* ---------------- loss: product structure with integrated kernels ---------------- */
static void loss_from_kernels(arb_ptr out, long k, const arb_t V11, const arb_t V1u, const arb_t Vww,
                              const arb_t Vuw, const arb_t Vuu, slong prec)
{
    arb_t P, Q, C, r;
    arb_init(P); arb_init(Q); arb_init(C); arb_init(r);
    /* F^(1) = E[(1/2)(erf(w1.x1) - erf(u0.x1))^2] */
    arb_mul_2exp_si(r, V1u, 1);
    arb_sub(out + 1, V11, r, prec);
    arb_add(out + 1, out + 1, Vuu, prec);
    arb_mul_2exp_si(out + 1, out + 1, -1);
    /* F^(k) = (1/2)(prod V(wl,wl) - 2 prod V(wl,u0) + V(u0,u0)^k) */
    arb_pow_ui(P, Vww, (ulong)(k - 1), prec);
    arb_mul(P, P, V11, prec);
    arb_pow_ui(Q, Vuw, (ulong)(k - 1), prec);
    arb_mul(Q, Q, V1u, prec);
    arb_pow_ui(C, Vuu, (ulong)k, prec);
    arb_mul_2exp_si(Q, Q, 1);
    arb_sub(r, P, Q, prec);
    arb_add(r, r, C, prec);
    arb_mul_2exp_si(out + 2, r, -1);
    /* eq. (1): k >= 2 additive (Lemma 3); k = 1: p = 2 erf(w1.x1), four times F^(1) */
    if (k == 1)
        arb_mul_2exp_si(out, out + 1, 2);
    else
        arb_add(out, out + 1, out + 2, prec);
    arb_clear(P); arb_clear(Q); arb_clear(C); arb_clear(r);
}

static int kernel_int(arb_t V, double a, double b, double t, slong prec)
{
    double p[3] = {a, b, t};
    return gdc_erf_kernel_def_arb(V, p, prec);
}

int gdc_erf_ws_loss_def_arb(arb_ptr out, const double *x, slong prec)
{
    arb_t Vww, Vuw, Vuu;
    arb_init(Vww); arb_init(Vuw); arb_init(Vuu);
    int r = kernel_int(Vww, x[2], x[2], 0, prec);
    r |= kernel_int(Vuw, x[2], x[1], x[3], prec);
    r |= kernel_int(Vuu, x[1], x[1], 0, prec);
    loss_from_kernels(out, (long)x[0], Vww, Vuw, Vww, Vuw, Vuu, prec);
    arb_clear(Vww); arb_clear(Vuw); arb_clear(Vuu);
    return r;
}

int gdc_erf_fc_loss_def_arb(arb_ptr out, const double *x, slong prec)
{
    arb_t V11, V1u, Vww, Vuw, Vuu;
    arb_init(V11); arb_init(V1u); arb_init(Vww); arb_init(Vuw); arb_init(Vuu);
    int r = kernel_int(V11, x[2], x[2], 0, prec);
    r |= kernel_int(V1u, x[2], x[1], x[3], prec);
    r |= kernel_int(Vuu, x[1], x[1], 0, prec);
    if (x[0] >= 2) {
        r |= kernel_int(Vww, x[4], x[4], 0, prec);
        r |= kernel_int(Vuw, x[4], x[1], x[5], prec);
    } else {
        arb_one(Vww);
        arb_one(Vuw);
    }
    loss_from_kernels(out, (long)x[0], V11, V1u, Vww, Vuw, Vuu, prec);
    arb_clear(V11); arb_clear(V1u); arb_clear(Vww); arb_clear(Vuw); arb_clear(Vuu);
    return r;
}

/* ---------------- gradient: Taylor jets of the C16 closed form ---------------- */
#define JL 2 /* jet length: value and first derivative */

/* Jets of V(w, w) and V(u0, w) at w(h) = (x0 + h dx, y0 + h dy), u0 = (U, 0) (Lemma 1):
 * vs = (2/pi) asin(2N/(1 + 2N)), vc = (2/pi) asin(2 U x / sqrt((1 + 2U^2)(1 + 2N))), N = x^2 + y^2. */
static void kernel_jets(arb_poly_t vs, arb_poly_t vc, const arb_t U, const arb_t x0, const arb_t y0,
                        const arb_t dx, const arb_t dy, slong prec)
{
    arb_poly_t X, Y, N, T, S;
    arb_t c;
    arb_poly_init(X); arb_poly_init(Y); arb_poly_init(N); arb_poly_init(T); arb_poly_init(S);
    arb_init(c);
    arb_poly_set_coeff_arb(X, 0, x0);
    arb_poly_set_coeff_arb(X, 1, dx);
    arb_poly_set_coeff_arb(Y, 0, y0);
    arb_poly_set_coeff_arb(Y, 1, dy);
    arb_poly_mullow(N, X, X, JL, prec);
    arb_poly_mullow(S, Y, Y, JL, prec);
    arb_poly_add(N, N, S, prec);
    arb_poly_scalar_mul_2exp_si(S, N, 1); /* 2N */
    arb_poly_add_si(T, S, 1, prec);       /* 1 + 2N */
    arb_const_pi(c, prec);
    arb_ui_div(c, 2, c, prec);
    arb_poly_div_series(vs, S, T, JL, prec);
    arb_poly_asin_series(vs, vs, JL, prec);
    arb_poly_scalar_mul(vs, vs, c, prec);
    arb_mul(c, U, U, prec);
    arb_mul_2exp_si(c, c, 1);
    arb_add_ui(c, c, 1, prec);
    arb_poly_scalar_mul(T, T, c, prec);
    arb_poly_sqrt_series(T, T, JL, prec);
    arb_mul_2exp_si(c, U, 1);
    arb_poly_scalar_mul(S, X, c, prec);
    arb_poly_div_series(vc, S, T, JL, prec);
    arb_poly_asin_series(vc, vc, JL, prec);
    arb_const_pi(c, prec);
    arb_ui_div(c, 2, c, prec);
    arb_poly_scalar_mul(vc, vc, c, prec);
    arb_poly_clear(X); arb_poly_clear(Y); arb_poly_clear(N); arb_poly_clear(T); arb_poly_clear(S);
    arb_clear(c);
}

/* the plane coordinates of a block (a, t) and the two directions w/|w| = (cos t, sin t), n = (sin t, -cos t) */
typedef struct {
    arb_t x, y;
    arb_struct dw[2], dn[2];
} bpos_t;

static void bpos_init(bpos_t *b, double a, double t, slong prec)
{
    arb_t s, c, A;
    arb_init(s); arb_init(c); arb_init(A);
    arb_init(b->x); arb_init(b->y);
    for (int i = 0; i < 2; i++) {
        arb_init(b->dw + i);
        arb_init(b->dn + i);
    }
    arb_set_d(A, t);
    arb_sin_cos(s, c, A, prec);
    arb_set_d(A, a);
    arb_mul(b->x, A, c, prec);
    arb_mul(b->y, A, s, prec);
    arb_set(b->dw, c);
    arb_set(b->dw + 1, s);
    arb_set(b->dn, s);
    arb_neg(b->dn + 1, c);
    arb_clear(s); arb_clear(c); arb_clear(A);
}

static void bpos_clear(bpos_t *b)
{
    arb_clear(b->x); arb_clear(b->y);
    for (int i = 0; i < 2; i++) {
        arb_clear(b->dw + i);
        arb_clear(b->dn + i);
    }
}

/* F = coef * (vs1 - 2 vc1 + Vuu) + (1/2)(A vs2 - 2 B vc2 + Vuu^k) as a jet; res = its derivative.
 * (vs1, vc1) the jets of block 1 (the linear term), (vs2, vc2) those of the moving product factor,
 * A, B the constant products of the other factors. */
static void loss_jet_deriv(arb_t res, const arb_poly_t vs1, const arb_poly_t vc1, const arb_t coef,
                           const arb_poly_t vs2, const arb_poly_t vc2, const arb_t A, const arb_t B, slong prec)
{
    arb_poly_t F, G;
    arb_poly_init(F);
    arb_poly_init(G);
    /* the constants Vuu and Vuu^k have derivative 0 */
    arb_poly_scalar_mul_2exp_si(G, vc1, 1);
    arb_poly_sub(F, vs1, G, prec);
    arb_poly_scalar_mul(F, F, coef, prec);
    /* + (1/2)(A vs2 - 2 B vc2) = A vs2 / 2 - B vc2 */
    arb_poly_scalar_mul(G, vs2, A, prec);
    arb_poly_scalar_mul_2exp_si(G, G, -1);
    arb_poly_add(F, F, G, prec);
    arb_poly_scalar_mul(G, vc2, B, prec);
    arb_poly_sub(F, F, G, prec);
    arb_poly_get_coeff_arb(res, F, 1);
    arb_poly_clear(F);
    arb_poly_clear(G);
}

/* WS: F(w0) = (1/2)(V(w,w) - 2V(u,w) + Vuu) + (1/2)(V(w,w)^k - 2V(u,w)^k + Vuu^k) (k >= 2), 2(...) at k = 1;
 * out[0..1] = derivatives along w/|w| and n at one precision */
static void ws_grad_jets(arb_ptr out, const double *x, slong prec)
{
    long k = (long)x[0];
    bpos_t b;
    arb_t U, coef;
    arb_poly_t vs, vc, ps, pc;
    arb_init(U); arb_init(coef);
    arb_poly_init(vs); arb_poly_init(vc); arb_poly_init(ps); arb_poly_init(pc);
    bpos_init(&b, x[2], x[3], prec);
    arb_set_d(U, x[1]);
    for (int dir = 0; dir < 2; dir++) {
        arb_srcptr d = dir == 0 ? b.dw : b.dn;
        kernel_jets(vs, vc, U, b.x, b.y, d, d + 1, prec);
        if (k == 1) {
            arb_set_ui(coef, 2);
            arb_poly_zero(ps);
            arb_poly_zero(pc);
        } else {
            arb_one(coef);
            arb_mul_2exp_si(coef, coef, -1);
            arb_poly_pow_ui_trunc_binexp(ps, vs, (ulong)k, JL, prec);
            arb_poly_pow_ui_trunc_binexp(pc, vc, (ulong)k, JL, prec);
        }
        arb_t one;
        arb_init(one);
        arb_one(one);
        loss_jet_deriv(out + dir, vs, vc, coef, ps, pc, one, one, prec);
        arb_clear(one);
    }
    bpos_clear(&b);
    arb_clear(U); arb_clear(coef);
    arb_poly_clear(vs); arb_poly_clear(vc); arb_poly_clear(ps); arb_poly_clear(pc);
}

/* FC: block-1 jets (w1 moving) and block-2 jets (w2 moving, w3..wk fixed at (a, t)) */
static void fc_grad_jets(arb_ptr out, const double *x, slong prec)
{
    long k = (long)x[0];
    bpos_t b1, b2;
    arb_t U, coef, A, B, V11, V1u, Vww, Vuw, zero;
    arb_poly_t vs, vc, cs, cc;
    arb_init(U); arb_init(coef); arb_init(A); arb_init(B); arb_init(V11); arb_init(V1u);
    arb_init(Vww); arb_init(Vuw); arb_init(zero);
    arb_poly_init(vs); arb_poly_init(vc); arb_poly_init(cs); arb_poly_init(cc);
    bpos_init(&b1, x[2], x[3], prec);
    bpos_init(&b2, x[4], x[5], prec);
    arb_set_d(U, x[1]);
    /* constant kernels (zero direction) */
    kernel_jets(cs, cc, U, b1.x, b1.y, zero, zero, prec);
    arb_poly_get_coeff_arb(V11, cs, 0);
    arb_poly_get_coeff_arb(V1u, cc, 0);
    kernel_jets(cs, cc, U, b2.x, b2.y, zero, zero, prec);
    arb_poly_get_coeff_arb(Vww, cs, 0);
    arb_poly_get_coeff_arb(Vuw, cc, 0);
    for (int dir = 0; dir < 2; dir++) {
        arb_srcptr d = dir == 0 ? b1.dw : b1.dn;
        kernel_jets(vs, vc, U, b1.x, b1.y, d, d + 1, prec);
        if (k == 1) {
            arb_set_ui(coef, 2);
            arb_zero(A);
            arb_zero(B);
        } else {
            arb_one(coef);
            arb_mul_2exp_si(coef, coef, -1);
            arb_pow_ui(A, Vww, (ulong)(k - 1), prec);
            arb_pow_ui(B, Vuw, (ulong)(k - 1), prec);
        }
        loss_jet_deriv(out + dir, vs, vc, coef, vs, vc, A, B, prec);
    }
    for (int dir = 0; dir < 2; dir++) {
        if (k == 1) {
            arb_zero(out + 2 + dir);
            continue;
        }
        arb_srcptr d = dir == 0 ? b2.dw : b2.dn;
        kernel_jets(vs, vc, U, b2.x, b2.y, d, d + 1, prec);
        arb_pow_ui(A, Vww, (ulong)(k - 2), prec);
        arb_mul(A, A, V11, prec);
        arb_pow_ui(B, Vuw, (ulong)(k - 2), prec);
        arb_mul(B, B, V1u, prec);
        /* block 1 does not move: its linear term is a constant (coef 0 on the block-1 jets) */
        arb_zero(coef);
        loss_jet_deriv(out + 2 + dir, cs, cc, coef, vs, vc, A, B, prec);
    }
    bpos_clear(&b1);
    bpos_clear(&b2);
    arb_clear(U); arb_clear(coef); arb_clear(A); arb_clear(B); arb_clear(V11); arb_clear(V1u);
    arb_clear(Vww); arb_clear(Vuw); arb_clear(zero);
    arb_poly_clear(vs); arb_poly_clear(vc); arb_poly_clear(cs); arb_poly_clear(cc);
}

/* raise the precision until every derivative is known to 40 bits (or its radius is below 2^-200) */
static int jets_adaptive(arb_ptr out, int n, const double *x, slong prec, void (*f)(arb_ptr, const double *, slong))
{
    for (slong p = prec;; p *= 2) {
        f(out, x, p);
        int ok = 1;
        for (int i = 0; i < n; i++) {
            if (!arb_is_finite(out + i))
                ok = 0;
            else if (!arb_is_zero(out + i) && arb_rel_accuracy_bits(out + i) < 40 &&
                     mag_cmp_2exp_si(arb_radref(out + i), -200) > 0)
                ok = 0;
        }
        if (ok)
            return 0;
        if (p >= 2048) {
            for (int i = 0; i < n; i++)
                if (!arb_is_finite(out + i))
                    return 1;
            return 0;
        }
    }
}

int gdc_erf_ws_grad_def_arb(arb_ptr out, const double *x, slong prec)
{
    int r = jets_adaptive(out, 2, x, prec, ws_grad_jets);
    arb_t u;
    arb_init(u);
    gdc_arb_sqr(out + 2, out, prec);
    gdc_arb_sqr(u, out + 1, prec);
    arb_add(out + 2, out + 2, u, prec);
    arb_sqrtpos(out + 2, out + 2, prec); /* a sum of squares: its negative part is void */
    arb_clear(u);
    return r;
}

int gdc_erf_fc_grad_def_arb(arb_ptr out, const double *x, slong prec)
{
    return jets_adaptive(out, 4, x, prec, fc_grad_jets);
}

/* ---------------- Monte Carlo in R^{2m} ---------------- */
#define MC_D 2 /* the blocks' geometry is planar (C13): R^2 per block is enough */
#define MC_M 3

typedef struct {
    int m, grad, ws;
    long k;
    double w[MC_M][MC_D], u[MC_D], wh[MC_M][MC_D], n[MC_M][MC_D];
    double Eww, Euw, Euu, ER; /* tail factors V^(k-m), E[prod erf] = [k == m] */
} mcp_t;

static double dotd(const double *a, const double *b)
{
    double r = 0;
    for (int i = 0; i < MC_D; i++)
        r += a[i] * b[i];
    return r;
}

static void unitd(double *v, gdc_rng_t *rng)
{
    double n;
    do {
        for (int i = 0; i < MC_D; i++)
            v[i] = gdc_rng_normal(rng);
        n = sqrt(dotd(v, v));
    } while (n < 1e-3);
    for (int i = 0; i < MC_D; i++)
        v[i] /= n;
}

/* x = {k, U, a1, t1, a, t}; block 1 at (a1, t1), blocks 2..k at (a, t) */
static void mc_setup(mcp_t *P, const double *x, int ws, int grad, uint64_t seed)
{
    gdc_rng_t rng;
    double e1[MC_D], e2[MC_D], r[MC_D];
    /* e2 below: a random unit vector orthogonal to e1 (in R^2 one of the two normals, at random) */
    gdc_rng_seed(&rng, seed ^ 0x9E3779B97F4A7C15ULL);
    P->k = (long)x[0];
    P->m = P->k < MC_M ? (int)P->k : MC_M;
    P->grad = grad;
    P->ws = ws;
    unitd(e1, &rng);
    for (int i = 0; i < MC_D; i++)
        P->u[i] = x[1] * e1[i];
    for (int l = 0; l < P->m; l++) {
        double a = l == 0 ? x[2] : x[4], t = l == 0 ? x[3] : x[5];
        if (l == 0 || !ws) { /* a random unit e2 orthogonal to e1 (WS: one plane for every block) */
            unitd(e2, &rng);
            double p = dotd(e1, e2);
            for (int i = 0; i < MC_D; i++)
                e2[i] -= p * e1[i];
            double q = sqrt(dotd(e2, e2));
            for (int i = 0; i < MC_D; i++)
                e2[i] /= q;
        }
        for (int i = 0; i < MC_D; i++)
            P->w[l][i] = a * (cos(t) * e1[i] + sin(t) * e2[i]);
        gdc_erf_fc_frame_d(P->wh[l], r, P->w[l], P->u, MC_D);
        double sn = sqrt(dotd(r, r));
        for (int i = 0; i < MC_D; i++)
            P->n[l][i] = sn > 0 ? r[i] / sn : 0.0;
    }
    long tail = P->k - P->m;
    double kv[3], p[3];
    P->ER = tail == 0 ? 1.0 : 0.0;
    p[0] = x[4], p[1] = x[4], p[2] = 0;
    gdc_erf_kernel_d(kv, p);
    P->Eww = pow(kv[0], (double)tail);
    p[1] = x[1], p[2] = x[5];
    gdc_erf_kernel_d(kv, p);
    P->Euw = pow(kv[0], (double)tail);
    p[0] = x[1], p[2] = 0;
    gdc_erf_kernel_d(kv, p);
    P->Euu = pow(kv[0], (double)tail);
}

static void mc_sample(double *v, const double *z, const void *param)
{
    const mcp_t *P = param;
    double sw[MC_M], su[MC_M], dw[MC_M], Aw = 1, Au = 1;
    for (int l = 0; l < P->m; l++) {
        const double *xl = z + MC_D * l;
        double s = dotd(P->w[l], xl);
        sw[l] = erf(s);
        su[l] = erf(dotd(P->u, xl));
        dw[l] = 1.1283791670955126 * exp(-s * s);
        Aw *= sw[l];
        Au *= su[l];
    }
    double L = sw[0] - su[0];
    if (!P->grad) {
        /* E over the tail of (1/2)(L + Aw Rw - Au Ru)^2 */
        double prod = Aw * Aw * P->Eww - 2.0 * Aw * Au * P->Euw + Au * Au * P->Euu;
        v[1] = 0.5 * L * L;
        v[2] = 0.5 * prod;
        v[0] = 0.5 * (L * L + 2.0 * L * (Aw - Au) * P->ER + prod);
        return;
    }
    /* block 1: E_tail[(p_w - p_u)(1 + B1 Rw)] dw1 x1 */
    double B1 = 1;
    for (int l = 1; l < P->m; l++)
        B1 *= sw[l];
    double S1 = L + (Aw - Au) * P->ER + L * B1 * P->ER + B1 * (Aw * P->Eww - Au * P->Euw);
    double g1w = S1 * dw[0] * dotd(z, P->wh[0]), g1n = S1 * dw[0] * dotd(z, P->n[0]);
    /* other simulated blocks l: E_tail[(p_w - p_u) Bl Rw] dwl xl, averaged (they are exchangeable) */
    double g2w = 0, g2n = 0;
    for (int l = 1; l < P->m; l++) {
        double Bl = 1;
        for (int j = 0; j < P->m; j++)
            if (j != l)
                Bl *= sw[j];
        double Sl = Bl * (L * P->ER + Aw * P->Eww - Au * P->Euw);
        g2w += Sl * dw[l] * dotd(z + MC_D * l, P->wh[l]);
        g2n += Sl * dw[l] * dotd(z + MC_D * l, P->n[l]);
    }
    if (P->m > 1) {
        g2w /= P->m - 1;
        g2n /= P->m - 1;
    }
    if (P->ws) { /* grad_WS = block 1 + (k - 1) another block */
        v[0] = g1w + (double)(P->k - 1) * g2w;
        v[1] = g1n + (double)(P->k - 1) * g2n;
        v[2] = 0.0;
    } else {
        v[0] = g1w;
        v[1] = g1n;
        v[2] = g2w;
        v[3] = g2n;
    }
}

static void mc_run(double *mean, double *se, const double *x6, int ws, int grad, int nout, uint64_t seed,
                   long samples)
{
    mcp_t P;
    mc_setup(&P, x6, ws, grad, seed);
    gdc_mc_expect(mean, se, nout, mc_sample, &P, MC_D * P.m, seed, samples);
}

static void ws_x6(double *x6, const double *x)
{
    x6[0] = x[0], x6[1] = x[1], x6[2] = x6[4] = x[2], x6[3] = x6[5] = x[3];
}

void gdc_erf_ws_loss_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    double x6[6];
    ws_x6(x6, x);
    mc_run(mean, se, x6, 1, 0, 3, seed, samples);
}

void gdc_erf_fc_loss_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    mc_run(mean, se, x, 0, 0, 3, seed, samples);
}

void gdc_erf_ws_grad_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    double x6[6];
    ws_x6(x6, x);
    mc_run(mean, se, x6, 1, 1, 2, seed, samples);
    /* |grad| from the mean vector; standard error by the delta method (bounded by the larger component's) */
    double g = hypot(mean[0], mean[1]);
    mean[2] = g;
    se[2] = g > 0 ? hypot(mean[0] * se[0], mean[1] * se[1]) / g : fmax(se[0], se[1]);
    se[2] = fmax(se[2], 0.5 * fmax(se[0], se[1]));
}

void gdc_erf_fc_grad_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    mc_run(mean, se, x, 0, 1, 4, seed, samples);
}
