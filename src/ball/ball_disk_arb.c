/* ball.disk_cross in Arb (seed-004 C28): for y uniform on the unit disk,
 *   K(s, bw, t, bv, theta) = E[(s y1 + bw)_+ (t (cos theta y1 + sin theta y2) + bv)_+]
 *                          = (1/pi) int_{-1}^{1} (s y + bw)_+ G(y) dy,
 * G(y) = int_{-h}^{h} (c0 + c y2)_+ dy2, h = sqrt(1 - y^2), c0 = k y + bv, k = t cos theta, c = t sin theta >= 0:
 *   G = 2 h c0 (c0 >= c h), 0 (c0 <= -c h), (c0 + c h)^2/(2c) otherwise.
 * Between the breakpoints y = -bw/s and the roots of c0^2 = c^2 h^2, y = (-bv cos theta +- sin theta sqrt(t^2 - bv^2))/t,
 * the integrand is (A y^2 + B y + C) h times 2 (G full) or (P3 y^3 + ... + P0)/(2c) + (A y^2 + B y + C) h (G partial),
 * A = s k, B = s bv + bw k, C = bw bv, P3 = s (k^2 - c^2), P2 = 2 s k bv + bw (k^2 - c^2), P1 = s (bv^2 + c^2)
 * + 2 bw k bv, P0 = bw (bv^2 + c^2), integrated exactly with int y^j and
 *   int h = (y h + asin y)/2, int y h = -h^3/3, int y^2 h = (asin y - y h (1 - 2 y^2))/8.
 * Rigour on wide balls: the breakpoints are balls; where they overlap they form clusters [l, u] on which only
 * 0 <= integrand <= M is used, M an interval bound of the integrand over [l, u] and the box (local_bounds); between
 * clusters the case is the same for every point of the box (decided at the interval's midpoint; where the
 * interval test cannot show it, the piece is bounded like a cluster; if a breakpoint is unbounded the whole integral
 * falls back to [0, 2M]/pi, M = 2 (s + |bw|)(t + |bv|)). The coefficients do not depend on the piece, so one sweep
 * sums the basis integrals over the full pieces and over the partial ones (sweep, disk_sums_t) and the coefficients
 * are applied once (assemble); they are linear in (s, bw), so K pi = s U + bw V with U, V functions of (t, bv, theta)
 * alone (the same sums serve P, mode 1, and disk_grad takes K and P from one sweep). Derivatives
 * (jac): by Leibniz' rule the breakpoint terms cancel (the integrand is continuous), so the coefficients are
 * differentiated with the breakpoints held (U, V as jets of core/jet.h in the three variables (t, bv, theta); the
 * (s, bw) parts follow from the linearity, fill_acc); a cluster adds len * [-N, P] to each derivative, [-N, P] an
 * interval containing 0 and the range of that partial derivative of the integrand over the cluster (local_bounds,
 * per entry: bounds_chord with the chord's active part tracked, chord_set, and bounds_full where y0's cluster is
 * alone and G full on it; dropped where G is empty on it).
 * Second derivatives (hess) and P's gradient: the same jets at second order (first for P), plus what moving
 * breakpoints add once the integrand's derivative jumps there: the first factor's start y0 = -bw/s (edge_term) and,
 * at c = t sin theta = 0 exactly, the kink of G at k y + bv = 0 (czero_term); at c > 0 G is C^1 in all arguments,
 * so its breakpoints add nothing. Clusters add len * [-N, P] for the second partials (local_bounds); on boxes
 * where c may vanish these stay finite (partial_share) and czero_term says why the mean-value form holds across. */
#include "ball/ball.h"
#include "core/jet.h"
#include "ball/ball_util.h"
#include "ball/ball_disk.h"

/* acc := K (mode 0, 2) or P (mode 1) with its derivatives to acc's order (none if acc has no variables), from the
 * sweep S (status: its return value) and the bounds B of its intervals (local_bounds, B_N per interval) */
static void disk_mode(gdc_ajet_struct *acc, const disk_sums_t *S, mag_srcptr B, int status, arb_srcptr x,
                      const arb_t si, const arb_t co, int mode, disk_share_t *sh, slong prec)
{
    arb_t t, z;
    arb_init(t), arb_init(z);
    if (!status) {
        gdc_ball_disk_assemble(acc, S, x, si, co, mode, sh, prec);
        gdc_ball_disk_add_bounds(acc, B, S->ba, S->bb, S->nb, prec);
        if (acc->n && (mode == 1 || acc->order > 1) && !gdc_ball_disk_edge_term(acc, x, si, co, mode, prec))
            gdc_ball_disk_edge_unknown(acc, mode);
        if (!gdc_ball_disk_czero_term(acc, x, si, co, mode, prec))
            gdc_ball_disk_czero_unknown(acc, mode);
    } else {
        /* undecided case: 0 <= K <= 2M/pi, no derivative */
        gdc_ball_disk_bounds(t, z, x, mode, prec);
        arb_mul_2exp_si(t, t, 1);
        arb_zero(z);
        arb_union(&acc->v, t, z, prec);
        for (int j = 0; j < acc->n; j++)
            arb_indeterminate(acc->g + j);
        for (int j = 0; j < (acc->n && acc->order > 1 ? 25 : 0); j++)
            arb_indeterminate(acc->h + j);
    }
    arb_const_pi(t, prec);
    arb_inv(t, t, prec);
    gdc_ajet_mul_arb(acc, acc, t, prec);
    arb_clear(t), arb_clear(z);
}

/* one request to disk_eval: K (mode 0: the row; 2: without the widening at degenerate points) or P (mode 1, no
 * hess), rounded to prec; jac and hess may be NULL */
typedef struct {
    int mode;
    arb_ptr out, jac, hess;
    slong prec;
} disk_req_t;

/* At w = 0 exactly (s = bw = 0) the first factor (s y + bw)_+ is 0 for every y, and the sweep differentiates it as
 * zero; but K(0, bw) = bw_+ int G/pi has a kink at bw = 0 (left derivative 0, right int G/pi) and K(s, 0) =
 * s int y_+ G/pi for s >= 0 has the one-sided s-derivative int y_+ G/pi, not 0 (found by the special-argument check,
 * session 9: 0.1399 at t = bv = 1/2, theta = 1). No derivative in (s, bw) exists there as a single number, so the
 * row's (mode 0) s and bw entries of the gradient and the Hessian entries in s or bw are indeterminate at that
 * point (a wider enclosure is still rigorous; on boxes where s or bw is not exactly 0 the sweep's clusters and the
 * unbounded breakpoint y0 = -bw/s already cover both sides). */
static void disk_kink_w0(const disk_req_t *rq)
{
    for (int j = 0; rq->jac && j < 2; j++)
        arb_indeterminate(rq->jac + j);
    for (int i = 0; rq->hess && i < 5; i++)
        for (int j = 0; j < 5; j++)
            if (i < 2 || j < 2)
                arb_indeterminate(rq->hess + 5 * i + j);
}

/* the request's outputs from acc, rounded to its precision. Where breakpoints meet (or reach y = +-1) K is C^1 but not
 * smooth (e.g. t = |bv| with theta = pi: K ~ (t - |bv|)^(7/2)); the derivative is still exact, but a finite-difference
 * check cannot resolve it. There (degenerate: an exact degenerate point) the entries of the row's enclosure (mode 0)
 * are widened by 2^-40 Mder (a wider enclosure is still rigorous). The second derivative is only Hoelder-1/2 there
 * (K ~ d^(5/2) at a cap's edge, d the distance to the degenerate point): a central second difference of step h is off
 * by ~ h^(1/2) (2^-30 at the check's steps), so the Hessian entries are widened by 2^-20 Mder. */
static void disk_finish(const disk_req_t *rq, gdc_ajet_struct *acc, arb_srcptr x, int degenerate)
{
    slong prec = rq->prec;
    gdc_ball_clamp_nonneg(&acc->v);
    if (rq->mode == 1) {
        arb_t one;
        arb_init(one);
        arb_one(one);
        arb_min(&acc->v, &acc->v, one, prec); /* P <= 1 */
        arb_clear(one);
    }
    arb_set_round(rq->out, &acc->v, prec);
    int widen = degenerate && rq->mode == 0;
    arb_t M, Md;
    mag_t r;
    arb_init(M), arb_init(Md), mag_init(r);
    if (widen) {
        gdc_ball_disk_bounds(M, Md, x, rq->mode, prec);
        arb_get_mag(r, Md);
        mag_mul_2exp_si(r, r, -40);
    }
    for (int j = 0; rq->jac && j < 5; j++) {
        arb_set_round(rq->jac + j, &acc->g[j], prec);
        if (widen)
            arb_add_error_mag(rq->jac + j, r);
        if (!arb_is_finite(rq->jac + j))
            arb_indeterminate(rq->jac + j);
    }
    mag_mul_2exp_si(r, r, 20);
    for (int j = 0; rq->hess && j < 25; j++) {
        arb_set_round(rq->hess + j, &acc->h[j], prec);
        if (widen)
            arb_add_error_mag(rq->hess + j, r);
        if (!arb_is_finite(rq->hess + j))
            arb_indeterminate(rq->hess + j);
    }
    mag_clear(r);
    arb_clear(M), arb_clear(Md);
    if (rq->mode == 0 && arb_is_zero(x + 0) && arb_is_zero(x + 1))
        disk_kink_w0(rq);
}

/* the requests' outputs all indeterminate (x not finite, or s or t negative) */
static void disk_indeterminate(disk_req_t *rq, int nr)
{
    for (int r = 0; r < nr; r++) {
        arb_indeterminate(rq[r].out);
        for (int j = 0; rq[r].jac && j < 5; j++)
            arb_indeterminate(rq[r].jac + j);
        for (int j = 0; rq[r].hess && j < 25; j++)
            arb_indeterminate(rq[r].hess + j);
    }
}

/* the bounds of local_bounds (B_N mags per interval) */
static mag_ptr bounds_vec_init(slong n)
{
    mag_ptr B = flint_malloc(n * sizeof(mag_struct));
    for (slong i = 0; i < n; i++)
        mag_init(B + i);
    return B;
}

static void bounds_vec_clear(mag_ptr B, slong n)
{
    for (slong i = 0; i < n; i++)
        mag_clear(B + i);
    flint_free(B);
}

/* acc[r] := the requests' K or P at working precision wp, from one sweep of the pieces (si, co: sin and cos of theta
 * at wp); returns 1 if every request's accuracy goal is met */
static int disk_pass(gdc_ajet_struct *acc, const disk_req_t *rq, int nr, int *degenerate, arb_srcptr x,
                     const arb_t si, const arb_t co, int exact, slong wp)
{
    disk_sums_t S;
    gdc_ball_disk_sums_init(&S);
    *degenerate = 0;
    int st = gdc_ball_disk_sweep(&S, degenerate, x, si, co, exact, wp), done = 1;
    /* the integrand's bounds on the sweep's intervals, for K and for P as requested */
    mag_ptr B[2] = {NULL, NULL};
    slong nB = B_N * (S.nb > 0 ? S.nb : 1);
    arb_t gM, gMd;
    arb_init(gM), arb_init(gMd);
    gdc_ball_disk_bounds(gM, gMd, x, 0, wp);
    int deriv = 0; /* K's derivatives requested (1: first, 2: also second): per-entry bounds */
    for (int r = 0; r < nr; r++) {
        B[rq[r].mode == 1] = bounds_vec_init(nB);
        if (rq[r].mode != 1 && rq[r].jac)
            deriv = rq[r].hess ? 2 : (deriv > 1 ? 2 : 1);
    }
    for (int i = 0; i < S.nb && !st; i++)
        gdc_ball_disk_local_bounds(B[0] ? B[0] + i * B_N : NULL, B[1] ? B[1] + i * B_N : NULL, x, si, co, gM, gMd,
                                   S.ba + i, S.bb + i, S.full[i], deriv, wp);
    disk_share_t sh; /* K's jets in theta and bv/t, for P (the requests come K first) */
    sh.n = -1;
    for (int i = 0; i < 4; i++)
        arb_init(sh.e + i), arb_init(sh.f + i), arb_init(sh.d + i);
    for (int r = 0; r < nr; r++) {
        disk_mode(acc + r, &S, B[rq[r].mode == 1], st, x, si, co, rq[r].mode, &sh, wp);
        /* (a value within 2^(-4 prec) of 0 is not refined further) */
        done = done && !st &&
               (arb_is_zero(&acc[r].v) || arb_rel_accuracy_bits(&acc[r].v) >= rq[r].prec ||
                mag_cmp_2exp_si(arb_radref(&acc[r].v), -4 * rq[r].prec) < 0);
    }
    for (int i = 0; i < 4; i++)
        arb_clear(sh.e + i), arb_clear(sh.f + i), arb_clear(sh.d + i);
    gdc_ball_disk_sums_clear(&S);
    for (int m = 0; m < 2; m++)
        if (B[m])
            bounds_vec_clear(B[m], nB);
    arb_clear(gM), arb_clear(gMd);
    return done;
}

/* the requests' outputs, from one sweep of the pieces per working precision */
static void disk_eval(disk_req_t *rq, int nr, arb_srcptr x)
{
    int exact = 1;
    slong prec = 0;
    for (int i = 0; i < 5; i++)
        exact = exact && arb_is_exact(x + i);
    for (int r = 0; r < nr; r++)
        prec = rq[r].prec > prec ? rq[r].prec : prec;
    if (!_arb_vec_is_finite(x, 5) || arb_is_negative(x + 0) || arb_is_negative(x + 2)) {
        disk_indeterminate(rq, nr);
        return;
    }
    gdc_ajet_struct acc[2];
    for (int r = 0; r < nr; r++)
        gdc_ajet_init(acc + r, rq[r].jac ? 5 : 0, rq[r].hess ? 2 : 1);
    int degenerate = 0;
    arb_t si, co;
    arb_init(si), arb_init(co);
    for (slong wp = exact ? prec + 30 : prec, k = 0; k < (exact ? 6 : 1); wp *= 2, k++) {
        arb_sin_cos(si, co, x + 4, wp);
        if (disk_pass(acc, rq, nr, &degenerate, x, si, co, exact, wp) || !exact)
            break;
    }
    for (int r = 0; r < nr; r++)
        disk_finish(rq + r, acc + r, x, exact && degenerate);
    arb_clear(si), arb_clear(co);
    for (int r = 0; r < nr; r++)
        gdc_ajet_clear(acc + r);
}

static void disk_one(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, int mode, slong prec)
{
    disk_req_t rq = {mode, out, jac, hess, prec};
    disk_eval(&rq, 1, x);
}

void gdc_ball_disk_cross_arb(arb_ptr out, arb_srcptr x, slong prec) { disk_one(out, NULL, NULL, x, 0, prec); }

void gdc_ball_disk_cross_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec)
{
    disk_one(out, jac, NULL, x, 0, prec);
}

void gdc_ball_disk_cross_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    disk_one(out, jac, hess, x, 0, prec);
}

/* the same enclosures without the widening at degenerate points (for rows whose values are these derivatives) */
void gdc_ball_disk_cross_jac_tight(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec)
{
    disk_one(out, jac, hess, x, 2, prec);
}

/* P(s y1 + bw > 0, t (cos th y1 + sin th y2) + bv > 0), the same pieces with the integrand L(y), and (jac not
 * NULL) its gradient, with the jump of the indicator at y = -bw/s (edge_term) */
void gdc_ball_disk_both_arb(arb_t out, arb_ptr jac, arb_srcptr x, slong prec) { disk_one(out, jac, NULL, x, 1, prec); }

/* gdc_ball_disk_cross_jac_tight at prec_k and gdc_ball_disk_both_arb at prec_p from one sweep of the pieces */
void gdc_ball_disk_cross_both(arb_ptr k, arb_ptr jk, arb_ptr hk, slong prec_k, arb_ptr p, arb_ptr jp, arb_srcptr x,
                              slong prec_p)
{
    disk_req_t rq[2] = {{2, k, jk, hk, prec_k}, {1, p, jp, NULL, prec_p}};
    disk_eval(rq, 2, x);
}
