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
 * (s, bw) parts follow from the linearity, fill_acc); a cluster adds len * Mder * [-1, 1],
 * Mder an interval bound of each partial derivative of the integrand over the cluster (local_bounds, per entry:
 * bounds_chord, and bounds_full where y0's cluster is alone and G full on it; dropped where G is empty on it).
 * Second derivatives (hess) and P's gradient: the same jets at second order (first for P), plus what moving
 * breakpoints add once the integrand's derivative jumps there: the first factor's start y0 = -bw/s (edge_term) and,
 * at c = t sin theta = 0 exactly, the kink of G at k y + bv = 0 (czero_term); at c > 0 G is C^1 in all arguments,
 * so its breakpoints add nothing. Clusters add len * (bounds of the second partials) [-1, 1] (local_bounds); on boxes
 * where c may vanish these stay finite (partial_share) and czero_term says why the mean-value form holds across. */
#include "ball/ball.h"
#include "core/jet.h"
#include "ball/ball_util.h"


enum { P_S, P_BW, P_T, P_BV, P_TH };

/* The pieces' basis integrals, summed once per evaluation (the coefficients do not depend on the piece): Hf over the
 * pieces where G is full, Hp and Jp over the partial ones (before 1/pi); and the intervals [ba, bb] on which only the
 * integrand's bounds are used (clusters of breakpoints, and pieces whose case the interval test did not show on a
 * wide box; at most 3 clusters and 4 pieces). */
#define DISK_NB 8
typedef struct {
    arb_struct Hf[3], Hp[3], Jp[4], ba[DISK_NB], bb[DISK_NB];
    int npart, nb, full[DISK_NB]; /* full[i]: G is full on [ba, bb] for the whole box, l_+ alone varies (y0_case) */
} disk_sums_t;

static void sums_init(disk_sums_t *S)
{
    for (int j = 0; j < 4; j++)
        arb_init(S->Jp + j);
    for (int j = 0; j < 3; j++)
        arb_init(S->Hf + j), arb_init(S->Hp + j);
    for (int j = 0; j < DISK_NB; j++)
        arb_init(S->ba + j), arb_init(S->bb + j);
    S->npart = S->nb = 0;
}

static void sums_clear(disk_sums_t *S)
{
    for (int j = 0; j < 4; j++)
        arb_clear(S->Jp + j);
    for (int j = 0; j < 3; j++)
        arb_clear(S->Hf + j), arb_clear(S->Hp + j);
    for (int j = 0; j < DISK_NB; j++)
        arb_clear(S->ba + j), arb_clear(S->bb + j);
}

/* the antiderivatives at y: J[j] = y^(j+1)/(j+1), H[0..2] = int y^j h */
typedef struct {
    arb_struct y, J[4], H[3];
    int ok;
} disk_basis_t;

static void basis_init(disk_basis_t *b)
{
    arb_init(&b->y);
    for (int j = 0; j < 4; j++)
        arb_init(b->J + j);
    for (int j = 0; j < 3; j++)
        arb_init(b->H + j);
    b->ok = 0;
}

static void basis_clear(disk_basis_t *b)
{
    arb_clear(&b->y);
    for (int j = 0; j < 4; j++)
        arb_clear(b->J + j);
    for (int j = 0; j < 3; j++)
        arb_clear(b->H + j);
}

static void basis_at(disk_basis_t *b, const arb_t y, slong prec)
{
    arb_ptr J = b->J, H = b->H;
    arb_t h, as, t;
    arb_init(h), arb_init(as), arb_init(t);
    arb_set(&b->y, y);
    b->ok = 1;
    arb_sqr(t, y, prec);
    arb_sub_ui(h, t, 1, prec);
    arb_neg(h, h);
    arb_sqrtpos(h, h, prec);
    arb_asin(as, y, prec);
    arb_set(J + 0, y);
    arb_mul_2exp_si(J + 1, t, -1);
    arb_mul(J + 2, t, y, prec);
    arb_div_ui(J + 2, J + 2, 3, prec);
    arb_sqr(J + 3, t, prec);
    arb_mul_2exp_si(J + 3, J + 3, -2);
    arb_mul(H + 0, y, h, prec);
    arb_add(H + 0, H + 0, as, prec);
    arb_mul_2exp_si(H + 0, H + 0, -1);
    arb_pow_ui(H + 1, h, 3, prec);
    arb_div_si(H + 1, H + 1, -3, prec);
    arb_mul_2exp_si(t, t, 1);
    arb_sub_ui(t, t, 1, prec);
    arb_neg(t, t); /* 1 - 2y^2 */
    arb_mul(t, t, y, prec);
    arb_mul(t, t, h, prec);
    arb_sub(H + 2, as, t, prec);
    arb_mul_2exp_si(H + 2, H + 2, -3);
    arb_clear(h), arb_clear(as), arb_clear(t);
}

/* The case of G on [e1, e2] (no breakpoint inside for any point of the box) from its midpoint m, with l = s m + bw,
 * c0 = k m + bv, a = c h(m): 0 (l <= 0 or c0 + a <= 0: the integrand is 0), 1 (full: l > 0 and c0 > a), 2 (partial:
 * l > 0, c0 - a < 0 < c0 + a and c > 0 on the box), -1 (not shown by the interval test) */
static int piece_kind(arb_srcptr x, const arb_t si, const arb_t co, int partial_ok, int l_pos, const arb_t e1,
                      const arb_t e2, slong prec)
{
    arb_t m, l1, c0, a;
    arb_init(m), arb_init(l1), arb_init(c0), arb_init(a);
    arb_add(m, e1, e2, prec);
    arb_mul_2exp_si(m, m, -1);
    arb_mul(l1, x + 0, m, prec);
    arb_add(l1, l1, x + 1, prec);
    if (l_pos)
        arb_one(l1); /* only G's case is asked for (y0_case) */
    arb_mul(c0, co, m, prec);
    arb_mul(c0, c0, x + 2, prec);
    arb_add(c0, c0, x + 3, prec); /* c0 = t cos th m + bv */
    arb_sqr(a, m, prec);
    arb_sub_ui(a, a, 1, prec);
    arb_neg(a, a);
    arb_sqrtpos(a, a, prec);
    arb_mul(a, a, si, prec);
    arb_mul(a, a, x + 2, prec); /* a = t sin th h(m) */
    int kind = -1;
    arb_sub(m, c0, a, prec); /* c0 - a */
    arb_add(c0, c0, a, prec); /* c0 + a */
    if (arb_is_nonpositive(l1) || arb_is_nonpositive(c0))
        kind = 0;
    else if (arb_is_positive(l1) && arb_is_positive(m))
        kind = 1;
    else if (arb_is_positive(l1) && arb_is_negative(m) && arb_is_positive(c0) && partial_ok)
        kind = 2;
    arb_clear(m), arb_clear(l1), arb_clear(c0), arb_clear(a);
    return kind;
}

/* S += the basis integrals over [e1, e2] for a piece of this kind (1 full, 2 partial); prev holds the basis at the
 * previous piece's end (reused when that is e1), cur is scratch; afterwards prev holds the basis at e2 */
static void piece_add(disk_sums_t *S, disk_basis_t *prev, disk_basis_t *cur, int kind, const arb_t e1,
                      const arb_t e2, slong prec)
{
    if (!(prev->ok && arb_equal(&prev->y, e1)))
        basis_at(prev, e1, prec);
    basis_at(cur, e2, prec);
    arb_ptr H = kind == 1 ? S->Hf : S->Hp;
    for (int j = 0; j < 3; j++) {
        arb_add(H + j, H + j, cur->H + j, prec);
        arb_sub(H + j, H + j, prev->H + j, prec);
    }
    if (kind == 2) {
        S->npart++;
        for (int j = 0; j < 4; j++) {
            arb_add(S->Jp + j, S->Jp + j, cur->J + j, prec);
            arb_sub(S->Jp + j, S->Jp + j, prev->J + j, prec);
        }
    }
    disk_basis_t tmp = *prev;
    *prev = *cur;
    *cur = tmp;
}

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
static void assemble(gdc_ajet_struct *acc, const disk_sums_t *S, arb_srcptr x, const arb_t sin_th,
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

/* The roots of c0^2 = c^2 h^2 once more, as sin(theta - phi) and -sin(theta + phi), phi = asin(bv/t) (with
 * bv/t = sin phi: (-bv cos th +- sin th sqrt(t^2 - bv^2))/t = -sin phi cos th +- sin th cos phi), which a wide box
 * encloses without the dependency of t in both places; rp, rm (the + and - root) are intersected with these.
 * bv/t is clamped to [-1, 1]: points of the box with |bv| > t have no roots (an extra breakpoint only splits a piece
 * whose case is the same on both sides). */
static void roots_sin(arb_t rp, arb_t rm, arb_srcptr x, slong prec)
{
    arb_t u, e;
    arb_init(u), arb_init(e);
    arb_div(u, x + 3, x + 2, prec);
    gdc_ball_clamp_unit(u, u, prec);
    arb_asin(u, u, prec);
    arb_sub(e, x + 4, u, prec);
    arb_sin(e, e, prec);
    if (arb_is_finite(e) && arb_overlaps(e, rp))
        arb_intersection(rp, rp, e, prec);
    arb_add(e, x + 4, u, prec);
    arb_sin(e, e, prec);
    arb_neg(e, e);
    if (arb_is_finite(e) && arb_overlaps(e, rm))
        arb_intersection(rm, rm, e, prec);
    arb_clear(u), arb_clear(e);
}

/* rp, rm := the roots (-bv cos th +- sin th sqrt(t^2 - bv^2))/t of c0^2 = c^2 h^2 (t > 0, t^2 - bv^2 not negative on
 * the box; si, co: sin and cos of theta), each intersected with roots_sin's form on a box */
static void roots(arb_t rp, arb_t rm, arb_srcptr x, const arb_t si, const arb_t co, slong prec)
{
    arb_t sq, y;
    arb_init(sq), arb_init(y);
    arb_sqr(sq, x + 2, prec);
    arb_sqr(y, x + 3, prec);
    arb_sub(sq, sq, y, prec);
    arb_sqrtpos(sq, sq, prec);
    arb_mul(sq, sq, si, prec);
    arb_mul(y, x + 3, co, prec);
    arb_neg(y, y);
    arb_add(rp, y, sq, prec);
    arb_div(rp, rp, x + 2, prec);
    arb_sub(rm, y, sq, prec);
    arb_div(rm, rm, x + 2, prec);
    if (!(arb_is_exact(x + 2) && arb_is_exact(x + 3) && arb_is_exact(x + 4)))
        roots_sin(rp, rm, x, prec); /* (at exact inputs the plain form is as tight) */
    arb_clear(sq), arb_clear(y);
}

int gdc_ball_disk_roots(arb_ptr r, arb_srcptr x, slong prec)
{
    arb_t si, co, d;
    arb_init(si), arb_init(co), arb_init(d);
    arb_sqr(d, x + 2, prec);
    arb_submul(d, x + 3, x + 3, prec);
    int ok = arb_is_positive(x + 2) && !arb_is_negative(d) && _arb_vec_is_finite(x, 5);
    if (ok) {
        arb_sin_cos(si, co, x + 4, prec);
        roots(r + 0, r + 1, x, si, co, prec);
    }
    arb_clear(si), arb_clear(co), arb_clear(d);
    return ok;
}

/* the breakpoints as intervals [lo[i], hi[i]] inside [-1, 1]; returns their number, or -1 if one is unbounded; *y0_at
 * (if not NULL) := the index of y0 = -bw/s's interval, -1 if none */
static int breakpoints(arf_struct *lo, arf_struct *hi, int *y0_at, int *degenerate, arb_srcptr x, const arb_t si,
                       const arb_t co, slong prec)
{
    arb_t b[3], y, c0, a, sq;
    int n = 0, fail = 0;
    for (int i = 0; i < 3; i++)
        arb_init(b[i]);
    arb_init(y), arb_init(c0), arb_init(a), arb_init(sq);
    /* y = -bw/s (s = 0 exactly: no breakpoint, the first factor is the constant bw_+) */
    if (!arb_is_zero(x + 0)) {
        if (!arb_is_positive(x + 0))
            fail = 1;
        arb_div(b[n], x + 1, x + 0, prec);
        arb_neg(b[n], b[n]);
        n++;
    }
    /* the roots of c0^2 = c^2 h^2, unless the case of G is the same on all of [-1, 1] for the whole box */
    arb_zero(y);
    mag_one(arb_radref(y)); /* y = [-1, 1] */
    arb_mul(c0, co, x + 2, prec);
    arb_mul(c0, c0, y, prec);
    arb_add(c0, c0, x + 3, prec);
    arb_mul(a, si, x + 2, prec);
    arb_abs(a, a);
    {
        arb_t z;
        arb_init(z);
        arb_zero(z);
        arb_union(a, a, z, prec); /* a(Y) = c h(Y) in [0, |c|] */
        arb_clear(z);
    }
    arb_sub(y, c0, a, prec);
    arb_add(sq, c0, a, prec);
    if (!(arb_is_positive(y) || arb_is_nonpositive(sq))) {
        if (!arb_is_positive(x + 2)) {
            fail = 1;
        } else {
            arb_sqr(sq, x + 2, prec);
            arb_sqr(y, x + 3, prec);
            arb_sub(sq, sq, y, prec);
            if (!arb_is_negative(sq)) {
                roots(b[n], b[n + 1], x, si, co, prec);
                n += 2;
            }
        }
    }
    int m = 0, has_y0 = !arb_is_zero(x + 0);
    if (y0_at)
        *y0_at = -1;
    for (int i = 0; i < n && !fail; i++) {
        if (!arb_is_finite(b[i])) {
            fail = 1;
            break;
        }
        arb_get_lbound_arf(lo + m, b[i], prec);
        arb_get_ubound_arf(hi + m, b[i], prec);
        if ((arf_cmp_si(lo + m, -1) <= 0 && arf_cmp_si(hi + m, -1) >= 0) ||
            (arf_cmp_si(lo + m, 1) <= 0 && arf_cmp_si(hi + m, 1) >= 0))
            *degenerate = 1;
        if (arf_cmp_si(hi + m, -1) <= 0 || arf_cmp_si(lo + m, 1) >= 0)
            continue; /* outside the open interval (-1, 1): the ends are breakpoints already */
        if (arf_cmp_si(lo + m, -1) < 0)
            arf_set_si(lo + m, -1);
        if (arf_cmp_si(hi + m, 1) > 0)
            arf_set_si(hi + m, 1);
        if (y0_at && has_y0 && i == 0)
            *y0_at = m;
        m++;
    }
    for (int i = 0; i < 3; i++)
        arb_clear(b[i]);
    arb_clear(y), arb_clear(c0), arb_clear(a), arb_clear(sq);
    return fail ? -1 : m;
}

/* upper bounds M (integrand) and Mder (its partial derivatives) on the box */
static void bounds(arb_t M, arb_t Md, arb_srcptr x, int mode, slong prec)
{
    arb_t p, q;
    arb_init(p), arb_init(q);
    arb_abs(p, x + 1);
    arb_add(p, p, x + 0, prec);
    arb_abs(q, x + 3);
    arb_add(q, q, x + 2, prec);
    arb_mul(M, p, q, prec);
    arb_mul_2exp_si(M, M, 1);
    arb_add_ui(p, p, 1, prec);
    arb_add_ui(q, q, 1, prec);
    arb_mul(Md, p, q, prec);
    arb_mul_2exp_si(Md, Md, 1);
    if (mode == 1)
        arb_set_ui(M, 2); /* L(y) <= 2h <= 2 */
    arb_get_abs_ubound_arf(arb_midref(M), M, prec), mag_zero(arb_radref(M));
    arb_get_abs_ubound_arf(arb_midref(Md), Md, prec), mag_zero(arb_radref(Md));
    arb_clear(p), arb_clear(q);
}

/* m := an upper bound of max(x, 0) over the ball x (0 where x <= 0; +inf if x is not finite) */
static void pos_ubound(mag_t m, const arb_t x)
{
    if (!arb_is_finite(x)) {
        mag_inf(m);
        return;
    }
    arf_t u;
    arf_init(u);
    arb_get_ubound_arf(u, x, MAG_BITS);
    if (arf_sgn(u) <= 0)
        mag_zero(m);
    else
        arf_get_mag(m, u);
    arf_clear(u);
}

/* w := an upper bound, for every point of the box, of |{y in [a, b] : |c0(y)| < |c| h(y)}| / (|c| (b - a)) (+inf where t
 * may vanish): the set where G is partial, weighted as the delta terms of local_bounds weigh it. With k = t cos th,
 * c = t sin th, c0 = k y + bv and k^2 + c^2 = t^2, c0^2 - c^2 h^2 = t^2 y^2 + 2 k bv y + bv^2 - c^2 is a quadratic in y
 * with leading coefficient t^2 and discriminant 4 c^2 (t^2 - bv^2): the set is empty where t^2 <= bv^2, and otherwise
 * the interval between its roots, of length 2 |c| sqrt(t^2 - bv^2)/t^2. So the ratio is at most
 * min(1/|c|, 2 sqrt((t^2 - bv^2)_+)/(t^2 (b - a))), bounded as c -> 0 (the partial region shrinks like c). */
static void partial_share(mag_t w, arb_srcptr x, const arb_t a, const arb_t b, slong prec)
{
    arb_t q, r;
    mag_t lo, u;
    arb_init(q), arb_init(r), mag_init(lo), mag_init(u);
    mag_inf(w);
    arb_sub(q, b, a, prec);
    arb_get_mag_lower(lo, q); /* b - a */
    arb_get_mag_lower(u, x + 2);
    if (arb_is_positive(x + 2) && arb_is_positive(q) && !mag_is_zero(lo) && !mag_is_zero(u)) {
        mag_mul_lower(u, u, u);
        mag_mul_lower(lo, lo, u); /* t^2 (b - a), from below */
        arb_sqr(q, x + 2, prec);
        arb_sqr(r, x + 3, prec);
        arb_sub(q, q, r, prec);
        pos_ubound(u, q); /* (t^2 - bv^2)_+ */
        mag_sqrt(u, u);
        mag_mul_2exp_si(u, u, 1);
        mag_div(w, u, lo);
    }
    arb_clear(q), arb_clear(r), mag_clear(lo), mag_clear(u);
}

/* the bounds' layout: the scalar bounds below, then per entry (add_bound reads these): B_G + j the first partial in
 * argument j, B_H + 5 i + j the second partial in (i, j) */
enum { B_M, B_DW, B_DV, B_HWV, B_HVV, B_G, B_H = B_G + 5, B_N = B_H + 25 };

static int is_w(int j) { return j == P_S || j == P_BW; }

/* B's entries per argument from its scalar bounds (the second partials in w alone are 0, see local_bounds) */
static void bounds_per_entry(mag_t *B)
{
    for (int j = 0; j < 5; j++) {
        mag_set(B[B_G + j], B[is_w(j) ? B_DW : B_DV]);
        for (int i = 0; i < 5; i++) {
            if (is_w(i) && is_w(j))
                mag_zero(B[B_H + 5 * i + j]);
            else
                mag_set(B[B_H + 5 * i + j], B[is_w(i) != is_w(j) ? B_HWV : B_HVV]);
        }
    }
}

/* B[e] := min(B[e], |a| * m) (a ball, m a bound) */
static void bound_min(mag_t *B, int e, const arb_t a, const mag_t m)
{
    mag_t u;
    mag_init(u);
    arb_get_mag(u, a);
    mag_mul(u, u, m);
    mag_min(B[e], B[e], u);
    mag_clear(u);
}

/* m := |A y| ma + |B| mb (upper bounds over the balls): with ma = 2 max h, mb = max h^2/2 a bound of
 * |int_S (A y + B y2) dy2| over subsets S of the chord; with ma = 1, mb = max h one of max |A y + B y2| on it */
static void chord_mag(mag_t m, const arb_t A, const arb_t y, const arb_t B, const mag_t ma, const mag_t mb, slong prec)
{
    arb_t e;
    mag_t u;
    arb_init(e), mag_init(u);
    arb_mul(e, A, y, prec);
    arb_get_mag(m, e);
    mag_mul(m, m, ma);
    arb_get_mag(u, B);
    mag_mul(u, u, mb);
    mag_add(m, m, u);
    arb_clear(e), mag_clear(u);
}

/* K's per-entry bounds on [a, b] (y the ball [a, b]) from G_v = int_S z_v dy2, S = {z > 0} a subset of [-h, h]: for
 * z_v = A_v y + B_v y2 (z_t: A = cos th, B = sin th; z_th: A = -t sin th, B = t cos th; z_bv = 1: 0 <= G_bv <= 2h),
 * |G_v| <= 2h |A_v y| + |B_v| h^2/2 (|int_S y2 dy2| <= int_0^h y2 dy2 = h^2/2), so f_v = l_+ G_v,
 * f_wv = 1(l > 0) l_w G_v (l_w = (y, 1)) and f_w = 1(l > 0) l_w G (|l_s| <= |y|).
 * h2 = max h^2/2, mh = 2 max h, ml = max l_+ over [a, b] and the box. */
static void bounds_chord(mag_t *B, arb_srcptr x, const arb_t y, const arb_t si, const arb_t co, const mag_t mh,
                         const mag_t h2, const mag_t ml, slong prec)
{
    static const int v[2] = {P_T, P_TH};
    arb_t A, Bc;
    mag_t m, u, my;
    arb_init(A), arb_init(Bc), mag_init(m), mag_init(u), mag_init(my);
    arb_get_mag(my, y);
    bound_min(B, B_G + P_S, y, B[B_DW]);
    for (int a = 0; a < 2; a++) {
        if (a == 0)
            arb_set(A, co), arb_set(Bc, si);
        else
            arb_mul(A, si, x + 2, prec), arb_mul(Bc, co, x + 2, prec);
        chord_mag(m, A, y, Bc, mh, h2, prec); /* max |G_v| */
        mag_mul(u, m, ml);
        mag_min(B[B_G + v[a]], B[B_G + v[a]], u);
        mag_min(B[B_H + 5 * P_BW + v[a]], B[B_H + 5 * P_BW + v[a]], m);
        mag_min(B[B_H + 5 * v[a] + P_BW], B[B_H + 5 * v[a] + P_BW], m);
        mag_mul(u, m, my);
        mag_min(B[B_H + 5 * P_S + v[a]], B[B_H + 5 * P_S + v[a]], u);
        mag_min(B[B_H + 5 * v[a] + P_S], B[B_H + 5 * v[a] + P_S], u);
    }
    mag_mul(u, mh, my); /* f_s,bv = 1(l > 0) y G_bv, 0 <= G_bv <= 2h */
    mag_min(B[B_H + 5 * P_S + P_BV], B[B_H + 5 * P_S + P_BV], u);
    mag_min(B[B_H + 5 * P_BV + P_S], B[B_H + 5 * P_BV + P_S], u);
    arb_clear(A), arb_clear(Bc), mag_clear(m), mag_clear(u), mag_clear(my);
}

/* K's second partials in v = (t, bv, th) on [a, b]: G_vv' = 1(|y2*| < h) z_v z_v'/c + int_S z_vv' dy2 (local_bounds),
 * with |z_v| <= Z_v on the chord, Z_t = |cos th y| + |sin th| h, Z_bv = 1, Z_th = t (|sin th y| + |cos th| h), and the
 * chord bound of bounds_chord for z_t,th = -sin th y + cos th y2, z_th,th = -t (cos th y + sin th y2) (the other z_vv'
 * are 0): |f_vv'| <= l_+ (ic Z_v Z_v' + |int_S z_vv'|), ic the delta terms' weight of local_bounds. */
static void bounds_chord_vv(mag_t *B, arb_srcptr x, const arb_t y, const arb_t si, const arb_t co, const mag_t mh,
                            const mag_t h2, const mag_t ml, const mag_t ic, slong prec)
{
    static const int v[3] = {P_T, P_BV, P_TH};
    arb_t A, Bc;
    mag_t Z[3], C[3], hm, u, one;
    arb_init(A), arb_init(Bc), mag_init(hm), mag_init(u), mag_init(one);
    mag_one(one);
    for (int i = 0; i < 3; i++)
        mag_init(Z[i]), mag_init(C[i]);
    mag_mul_2exp_si(hm, mh, -1); /* max h */
    chord_mag(Z[0], co, y, si, one, hm, prec);
    mag_one(Z[1]);
    arb_mul(A, si, x + 2, prec);
    arb_mul(Bc, co, x + 2, prec);
    chord_mag(Z[2], A, y, Bc, one, hm, prec);
    chord_mag(C[2], Bc, y, A, mh, h2, prec);  /* z_th,th */
    chord_mag(C[1], si, y, co, mh, h2, prec); /* z_t,th */
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) {
            mag_mul(u, Z[a], Z[b]);
            mag_mul(u, u, ic);
            if (a == 2 && b == 2)
                mag_add(u, u, C[2]);
            else if (a + b == 2 && a != 1)
                mag_add(u, u, C[1]);
            mag_mul(u, u, ml);
            mag_min(B[B_H + 5 * v[a] + v[b]], B[B_H + 5 * v[a] + v[b]], u);
        }
    arb_clear(A), arb_clear(Bc), mag_clear(hm), mag_clear(u), mag_clear(one);
    for (int i = 0; i < 3; i++)
        mag_clear(Z[i]), mag_clear(C[i]);
}

/* K's per-entry bounds on [a, b] (y the ball [a, b]) where G is full there for the whole box (full[] of the sums):
 * G = 2h c0, c0 = t cos th y + bv, so with l_w = (y, 1) for w = (s, bw) and f = l_+ G:
 *   f_w = 1(l > 0) l_w G,  f_v = l_+ 2h c0_v,  f_wv = 1(l > 0) l_w 2h c0_v,  f_vv' = l_+ 2h c0_vv'   (no delta term),
 *   c0_t = cos th y, c0_bv = 1, c0_th = -t sin th y, c0_t,th = -sin th y, c0_th,th = -t cos th y, the others 0.
 * mh = 2 max h, ml = max l_+ over [a, b] and the box. */
static void bounds_full(mag_t *B, arb_srcptr x, const arb_t y, const arb_t si, const arb_t co, const mag_t mh,
                        const mag_t ml, slong prec)
{
    static const int v[3] = {P_T, P_BV, P_TH};
    arb_t cv[3], lw[2], e;
    mag_t m, hl;
    for (int i = 0; i < 3; i++)
        arb_init(cv[i]);
    arb_init(lw[0]), arb_init(lw[1]), arb_init(e), mag_init(m), mag_init(hl);
    arb_mul(cv[0], co, y, prec);
    arb_one(cv[1]);
    arb_mul(cv[2], si, y, prec);
    arb_mul(cv[2], cv[2], x + 2, prec);
    arb_set(lw[0], y);
    arb_one(lw[1]);
    mag_mul(hl, mh, ml);
    bound_min(B, B_G + P_S, y, B[B_DW]);
    for (int a = 0; a < 3; a++) {
        bound_min(B, B_G + v[a], cv[a], hl);
        for (int w = 0; w < 2; w++) {
            arb_mul(e, lw[w], cv[a], prec);
            bound_min(B, B_H + 5 * w + v[a], e, mh);
            bound_min(B, B_H + 5 * v[a] + w, e, mh);
        }
        for (int b = 0; b < 3; b++)
            if (a == 1 || b == 1 || (a == 0 && b == 0))
                mag_zero(B[B_H + 5 * v[a] + v[b]]);
    }
    arb_mul(e, si, y, prec);
    bound_min(B, B_H + 5 * P_T + P_TH, e, hl);
    bound_min(B, B_H + 5 * P_TH + P_T, e, hl);
    arb_mul(e, co, y, prec);
    arb_mul(e, e, x + 2, prec);
    bound_min(B, B_H + 5 * P_TH + P_TH, e, hl);
    for (int i = 0; i < 3; i++)
        arb_clear(cv[i]);
    arb_clear(lw[0]), arb_clear(lw[1]), arb_clear(e), mag_clear(m), mag_clear(hl);
}

/* upper bounds of the integrand f(y) and of its partial derivatives for y in [a, b] (inside [-1, 1]) and the whole
 * box, in B[B_M .. B_HVV]: f, the first partials in w = (s, bw) and in v = (t, bv, th), the second partials mixed
 * and in v (those in w alone are 0 off y = -bw/s: l is linear in (s, bw); the jump of f's first partials there is
 * the boundary term of edge_term). With l = s y + bw, c0 = t cos th y + bv, h = sqrt(1 - y^2), c = t |sin th|,
 * z = t (cos th y + sin th y2) + bv on the chord |y2| <= h (|cos th y + sin th y2| <= 1, |dz/dth| <= t,
 * |d^2 z/dth^2| <= t, |d^2 z/dt dth| <= 1, the other second partials of z 0), G = int_{-h}^{h} z_+ dy2:
 *   G <= 2h (c0 + c h)_+,  |G_j| = |int 1(z > 0) z_j| <= 2h max(1, t),
 *   |G_ij| <= |int delta(z) z_i z_j dy2| + |int 1(z > 0) z_ij| <= 1(|c0| < c h) max(1, t)^2/c + 2h max(1, t)
 * at c > 0 (z crosses 0 at most once on the chord, at y2* = -c0/c with slope c, and only where |c0| < c h: there
 * G = (c0 + c h)^2/(2c), G_i = int_{y2*}^{h} z_i, and moving y2* adds z_i z_j/c), so for f = l_+ G:
 *   f <= 2h l_+ (c0 + c h)_+, |f_w| <= 2h (c0 + c h)_+, |f_v| <= 2h l_+ max(1, t),
 *   |f_wv| <= 2h max(1, t), |f_vv| <= l_+ (1(|c0| < c h) max(1, t)^2/c + 2h max(1, t));
 * mode 1 (f = 1(l > 0) L, L = int 1(z > 0) dy2 <= 2h): f_w = 0 off y = -bw/s, |f_v| <= 1(|c0| < c h) max(1, t)/c.
 * The 1/c terms are used as their integrals over [a, b] (add_bound multiplies by b - a): 1/c is replaced by
 * ic = min(1/c, |{y in [a, b]: |c0| < c h}|/(c (b - a))) <= min(1/c, 2 sqrt((t^2 - bv^2)_+)/(t^2 (b - a)))
 * (partial_share), which stays finite as c -> 0 where t > 0: then these are bounds of the classical second
 * partials of K (first of P) at every point of the box with c != 0; at c = 0 see czero_term.
 * All 0 where l <= 0 or c0 + c h <= 0 on [a, b] for the whole box (f vanishes there with its derivatives).
 * Bk (K, mode 0 and 2) and Bp (P, mode 1) are filled where not NULL; gM, gMd are K's global bounds (bounds()); with
 * deriv (K's derivatives requested) K's entries are refined by bounds_chord, and by bounds_full where full. */
static void local_bounds(arb_ptr Bk, arb_ptr Bp, arb_srcptr x, const arb_t si_th, const arb_t co, const arb_t gM,
                         const arb_t gMd, const arb_t a, const arb_t b, int full, int deriv, slong prec)
{
    /* the ranges over [a, b] and the box in ball arithmetic, then their upper bounds as mags (products rounded up) */
    arb_t y, l, c0, h;
    mag_t ml, mc, mh, mt, ic, m, w;
    arb_init(y), arb_init(l), arb_init(c0), arb_init(h);
    mag_init(ml), mag_init(mc), mag_init(mh), mag_init(mt), mag_init(ic), mag_init(m), mag_init(w);
    arb_union(y, a, b, prec);
    arb_mul(l, x + 0, y, prec);
    arb_add(l, l, x + 1, prec);
    arb_mul(c0, co, x + 2, prec);
    arb_mul(c0, c0, y, prec);
    arb_add(c0, c0, x + 3, prec);
    arb_sqr(h, y, prec);
    arb_sub_ui(h, h, 1, prec);
    arb_neg(h, h);
    arb_sqrtpos(h, h, prec);
    pos_ubound(mh, h);
    mag_mul_2exp_si(mh, mh, 1); /* 2h */
    arb_abs(y, si_th);
    arb_mul(y, y, x + 2, prec); /* c = t |sin th| */
    arb_mul(h, h, y, prec);
    arb_add(c0, c0, h, prec); /* c0 + c h */
    pos_ubound(ml, l);        /* l_+ */
    pos_ubound(mc, c0);       /* (c0 + c h)_+ */
    pos_ubound(mt, x + 2);
    mag_one(m);
    mag_max(mt, mt, m); /* max(1, t) */
    if (arb_is_positive(y)) {
        arb_get_mag_lower(m, y);
        mag_inv(ic, m); /* 1/c over the box */
    } else
        mag_inf(ic);
    partial_share(w, x, a, b, prec);
    mag_min(ic, ic, w); /* the delta terms' weight per unit length, finite where t > 0 even if c may vanish */
    int off = mag_is_zero(ml) || mag_is_zero(mc); /* f = 0 on [a, b] for the whole box: so are its derivatives */
    mag_t Mk[B_N], Mp[B_N];
    for (int i = 0; i < B_N; i++)
        mag_init(Mk[i]), mag_init(Mp[i]);
    mag_set(Mp[B_M], mh);
    mag_mul(Mp[B_DV], mt, ic); /* (mode 1 has first-order derivatives only: the rest 0) */
    mag_mul(Mk[B_M], mh, ml);
    mag_mul(Mk[B_M], Mk[B_M], mc);
    mag_mul(Mk[B_DW], mh, mc);
    mag_mul(Mk[B_HWV], mh, mt);
    mag_mul(Mk[B_DV], Mk[B_HWV], ml);
    mag_mul(w, mt, mt);
    mag_mul(w, w, ic);
    mag_add(w, w, Mk[B_HWV]);
    mag_mul(Mk[B_HVV], w, ml);
    /* the global bounds of f and its first partials, sometimes smaller */
    arb_get_mag(m, gM);
    mag_min(Mk[B_M], Mk[B_M], m);
    arb_get_mag(m, gMd);
    mag_min(Mk[B_DW], Mk[B_DW], m);
    mag_min(Mk[B_DV], Mk[B_DV], m);
    bounds_per_entry(Mk);
    bounds_per_entry(Mp);
    if (deriv && Bk && !off) {
        arb_union(y, a, b, prec);
        mag_mul(m, mh, mh);
        mag_mul_2exp_si(m, m, -3); /* max h^2/2 */
        bounds_chord(Mk, x, y, si_th, co, mh, m, ml, prec);
        bounds_chord_vv(Mk, x, y, si_th, co, mh, m, ml, ic, prec);
        if (full)
            bounds_full(Mk, x, y, si_th, co, mh, ml, prec);
    }
    for (int i = 0; i < B_N; i++) {
        for (int k = 0; k < 2; k++) {
            arb_ptr B = k ? Bp : Bk;
            if (!B)
                continue;
            if (off)
                arb_zero(B + i);
            else
                arf_set_mag(arb_midref(B + i), k ? Mp[i] : Mk[i]), mag_zero(arb_radref(B + i));
        }
        mag_clear(Mk[i]), mag_clear(Mp[i]);
    }
    arb_clear(y), arb_clear(l), arb_clear(c0), arb_clear(h);
    mag_clear(ml), mag_clear(mc), mag_clear(mh), mag_clear(mt), mag_clear(ic), mag_clear(m), mag_clear(w);
}

/* 1 if the integrand's partial derivative in i (j = -1) or in (i, j) is >= 0 wherever it exists, for K (f = l_+ G):
 * f_bw = 1(l > 0) G, f_bv = l_+ G_bv, f_bw,bv = 1(l > 0) G_bv and f_bv,bv = l_+ G_bv,bv, with G_bv = int 1(z > 0) dy2
 * >= 0 and G_bv,bv = 1(|y2*| < h)/c >= 0 (z_bv = 1: local_bounds). Mode 1 (P) has first derivatives in v only, of
 * L_bv = G_bv,bv-like sign: f_bv = 1(l > 0) 1(|y2*| < h)/c >= 0 as well. */
static int nonneg(int i, int j)
{
    if (j < 0)
        return i == P_BW || i == P_BV;
    return (i == P_BV && (j == P_BW || j == P_BV)) || (j == P_BV && i == P_BW);
}

/* x += [-r, r], or [0, r] where nonneg */
static void add_radius(arb_t x, const mag_t r, int nonneg, slong prec)
{
    if (!nonneg) {
        arb_add_error_mag(x, r);
        return;
    }
    arb_t t;
    arb_init(t);
    mag_mul_2exp_si(arb_radref(t), r, -1);
    arf_set_mag(arb_midref(t), arb_radref(t));
    arb_add(x, x, t, prec);
    arb_clear(t);
}

/* acc += [0, (b - a) M] in value, (b - a) D [-1, 1] in every first derivative and (b - a) H [-1, 1] in every second
 * derivative ([0, (b - a) D] where nonneg) (the integral over [a, b] of an integrand with 0 <= f <= M and the bounds Bab
 * of local_bounds) */
static void add_bound(gdc_ajet_struct *acc, arb_srcptr Bab, const arb_t a, const arb_t b, slong prec)
{
    arb_t t;
    mag_t len, r;
    arb_init(t), mag_init(len), mag_init(r);
    arb_sub(t, b, a, prec);
    arb_get_mag(len, t); /* b - a, from above */
    arb_get_mag(r, Bab + B_M);
    mag_mul(r, r, len);
    mag_mul_2exp_si(r, r, -1);
    arf_set_mag(arb_midref(t), r);
    mag_set(arb_radref(t), r); /* [0, (b - a) M] */
    arb_add(&acc->v, &acc->v, t, prec);
    /* [-(b - a) bound, (b - a) bound], or [0, (b - a) bound] where the integrand's derivative is >= 0 (nonneg) */
    for (int j = 0; j < acc->n; j++) {
        arb_get_mag(r, Bab + B_G + j);
        mag_mul(r, r, len);
        add_radius(acc->g + j, r, nonneg(j, -1), prec);
    }
    for (int i = 0; acc->n && acc->order > 1 && i < 25; i++) {
        arb_get_mag(r, Bab + B_H + i);
        mag_mul(r, r, len);
        add_radius(acc->h + i, r, nonneg(i / 5, i % 5), prec);
    }
    arb_clear(t), mag_clear(len), mag_clear(r);
}

/* y = -num/den clamped to [-1, 1] and h = sqrt(1 - y^2), the chord's half-length there (0 at y = +-1) */
static void kink_at(arb_t y, arb_t h, const arb_t num, const arb_t den, slong prec)
{
    arb_div(y, num, den, prec);
    arb_neg(y, y);
    gdc_ball_clamp_unit(y, y, prec);
    arb_sqr(h, y, prec);
    arb_sub_ui(h, h, 1, prec);
    arb_neg(h, h);
    arb_sqrtpos(h, h, prec);
}

/* The jump at y0 = -bw/s (s > 0 on the box). There the first factor starts (l_+ for K, 1(l > 0) for P), so with
 * Q = G (K) or L (P) at y0, by Leibniz' rule over [y0, 1] (dy0/ds = -y0/s, dy0/dbw = -1/s):
 *   P: dP/ds gains Q y0/s, dP/dbw gains Q/s;
 *   K: the first derivatives gain l(y0) Q = 0, the second ones in (s, bw) gain Q/s (y0, 1)(y0, 1)^T.
 * Q is evaluated at y0 clamped to [-1, 1] (Q(+-1) = 0 since h = 0 there, so the clamp is exact where y0 leaves the
 * disk), c0 = k y0 + bv, with the forms that keep the case split out of the rounding (c = t sin th > 0):
 *   where c0 + c h > 0:  G = 2h c0 + (c h - c0)_+^2/(2c),  L = 2h - (c h - c0)_+/c,
 *   otherwise:           G = (c0 + c h)_+^2/(2c),           L = (c0 + c h)_+/c
 * (the full case c0 >= c h, the partial one and the empty one of G's definition; where the (.)_+ term is exactly 0
 * the 1/c term is dropped, so c = 0 is allowed there). Where c may vanish and the partial case is possible, G and L
 * are replaced by their ranges over every c >= 0 (below; at c = 0 G = 2h (c0)_+ and L = 2h 1(c0 > 0) lie in them).
 * Returns 0 if s may vanish on the box (the derivatives it concerns are then unbounded or undefined). Before 1/pi. */
static int edge_term(gdc_ajet_struct *acc, arb_srcptr x, const arb_t si, const arb_t co, int mode, slong prec)
{
    if (!arb_is_positive(x + 0))
        return 0;
    arb_t y, h, c, c0, ch, q, z;
    arb_init(y), arb_init(h), arb_init(c), arb_init(c0), arb_init(ch), arb_init(q), arb_init(z);
    arb_mul(c, x + 2, si, prec);
    arb_abs(c, c); /* G depends on |c| (y2 -> -y2) */
    int ok = 1;
    {
        kink_at(y, h, x + 1, x + 0, prec);
        arb_mul(c0, co, x + 2, prec);
        arb_mul(c0, c0, y, prec);
        arb_add(c0, c0, x + 3, prec);
        arb_mul(ch, c, h, prec);
        arb_add(z, c0, ch, prec);
        int upper = arb_is_positive(z);
        if (upper)
            arb_sub(z, ch, c0, prec);
        arb_zero(q);
        arb_max(z, z, q, prec); /* (c h - c0)_+ or (c0 + c h)_+ */
        if (!arb_is_zero(z) && !arb_is_positive(c)) {
            /* c may vanish where the partial case is possible: G and L by their ranges at every c >= 0,
             * 2h (c0)_+ <= G <= 2h (c0 + c h)_+ (Jensen's inequality for (.)_+ on the chord, and z <= c0 + c h there)
             * and 0 <= L <= 2h */
            arb_zero(q);
            arb_max(z, c0, q, prec);
            arb_add(ch, c0, ch, prec);
            arb_max(ch, ch, q, prec);
            if (mode == 1)
                arb_zero(z), arb_one(ch);
            arb_union(q, z, ch, prec);
            arb_mul(q, q, h, prec);
            arb_mul_2exp_si(q, q, 1);
        } else if (arb_is_zero(z)) {
            arb_zero(q); /* the full case (upper) or the empty one: the 1/c term is 0 */
            if (upper) {
                arb_mul_2exp_si(q, h, 1);
                if (mode != 1)
                    arb_mul(q, q, c0, prec);
            }
        } else if (mode == 1) {
            arb_div(q, z, c, prec);
            if (upper) {
                arb_mul_2exp_si(z, h, 1);
                arb_sub(q, z, q, prec);
            }
        } else {
            arb_sqr(q, z, prec);
            arb_div(q, q, c, prec);
            arb_mul_2exp_si(q, q, -1);
            if (upper) {
                arb_mul(z, h, c0, prec);
                arb_mul_2exp_si(z, z, 1);
                arb_add(q, q, z, prec);
            }
        }
    }
    if (ok) {
        arb_div(q, q, x + 0, prec); /* Q/s */
        if (mode == 1) {
            arb_addmul(acc->g + P_S, q, y, prec);
            arb_add(acc->g + P_BW, acc->g + P_BW, q, prec);
        } else if (acc->order > 1) {
            arb_add(acc->h + P_BW * 5 + P_BW, acc->h + P_BW * 5 + P_BW, q, prec);
            arb_mul(q, q, y, prec);
            arb_add(acc->h + P_S * 5 + P_BW, acc->h + P_S * 5 + P_BW, q, prec);
            arb_add(acc->h + P_BW * 5 + P_S, acc->h + P_BW * 5 + P_S, q, prec);
            arb_addmul(acc->h + P_S * 5 + P_S, q, y, prec);
        }
    }
    arb_clear(y), arb_clear(h), arb_clear(c), arb_clear(c0), arb_clear(ch), arb_clear(q), arb_clear(z);
    return ok;
}

/* The kink of G where c = t |sin th| = 0 exactly (theta = 0 or pi, or t = 0, at exact inputs): there
 * G = 2h (c0)_+, c0 = k y + bv, k = t cos th, and G's first partials in (t, bv) jump at y1 = -bv/k (dc0/dt = cos th y,
 * dc0/dbv = 1), which the pieces (their ends held) do not see: by Leibniz' rule
 *   K: the second partials in (t, bv) gain l_+(y1) 2h(y1)/|k| (cos th y1, 1)(cos th y1, 1)^T,
 *   P: dP/d(t, bv) gains 1(l(y1) > 0) 2h(y1)/|k| (cos th y1, 1)
 * (y1 clamped to [-1, 1]: h = 0 there). The partials in theta gain nothing (dz/dth = t cos th y2 is odd in y2), except
 * K_thth, where G's curvature in c adds a term not computed here (set indeterminate). Where c > 0 on the box nothing is
 * added; where the kink is not located (k may vanish with bv), or c may vanish with t, returns 0. Before 1/pi.
 * Where c may vanish on the box without being 0 and t > 0 (theta's ball meets a multiple of pi), nothing is added
 * either, and the enclosures are those of the points with c != 0; what this proves (for K with its Hessian, and for
 * P with its gradient):
 *  (i) K's first partials and P are continuous on the box: they are integrals over the disk of bounded integrands
 *      (l_+ 1(z > 0) z_j, 1(l > 0) y_j G, 1(l > 0) 1(z > 0)) that are continuous off {z = 0} and {l = 0}, null sets
 *      when t > 0 and s > 0 (at c = 0, z = k y1 + bv with |k| = t > 0), so dominated convergence applies;
 * (ii) at every point of the box with c != 0 the enclosures contain K's second partials (P's first): the pieces'
 *      cases hold for every point of the box (no partial piece is used: c is not positive on the box), the
 *      partial region |c0| < |c| h lies in the clusters and undecided pieces, whose bounds (local_bounds with
 *      partial_share) hold at each c != 0, and edge_term's bound of G (L) at y0 holds at every point;
 * (iii) so for g = K's gradient (the rows that read it, e.g. ball.disk_grad) the mean-value inclusion
 *      g(x) - g(x0) in J (x - x0) holds for x, x0 in the box, J the enclosure: a segment off the hyperplanes
 *      sin theta = 0 meets each at most once; on each open sub-segment g is C^1, so by the mean-value theorem its
 *      difference is J_i (the sub-segment) for some J_i in J, and the sum over the sub-segments is a convex
 *      combination, in the convex J; a segment inside a hyperplane is the limit of parallel ones in the box off it
 *      (theta's ball has positive width) and g is continuous. Hence every partial derivative g has at a point of the
 *      box with c = 0 (a limit of difference quotients) is in J too. Whether K is C^2 across c = 0 is not used.
 *      The second-order form of K itself (K(x) = K(x0) + grad K(x0)(x - x0) + int_0^1 (1 - u) (x - x0)^T K''
 *      (x - x0) du) holds too: grad K is Lipschitz on the segment by (iii), so absolutely continuous, with its
 *      derivative K'' in the enclosure off the at most one point where the segment meets sin theta = 0. */
static int czero_term(gdc_ajet_struct *acc, arb_srcptr x, const arb_t si, const arb_t co, int mode, slong prec)
{
    if (!acc->n || (mode != 1 && acc->order < 2))
        return 1;
    arb_t c, k, y, h, l, w, z;
    arb_init(c), arb_init(k), arb_init(y), arb_init(h), arb_init(l), arb_init(w), arb_init(z);
    arb_set(k, co);
    arb_mul(c, si, x + 2, prec);
    arb_mul(z, k, x + 2, prec); /* z = k */
    int ok = 1;
    if (arb_is_positive(c) || arb_is_negative(c)) {
        /* no kink */
    } else if (!arb_is_zero(c)) {
        ok = arb_is_positive(x + 2); /* c vanishes on the hyperplanes sin theta = 0 only: nothing added, see (iii) */
    } else if (arb_is_zero(z)) {
        ok = arb_is_nonzero(x + 3); /* t = 0: G = 2h bv_+ is smooth unless bv = 0 */
    } else if (!arb_is_nonzero(z)) {
        ok = 0;
    } else {
        kink_at(y, h, x + 3, z, prec);
        arb_abs(z, z);
        arb_div(w, h, z, prec);
        arb_mul_2exp_si(w, w, 1); /* 2h(y1)/|k| */
        arb_mul(l, x + 0, y, prec);
        arb_add(l, l, x + 1, prec);
        arb_mul(z, k, y, prec); /* cos th y1 */
        if (mode == 1) {
            if (arb_is_nonpositive(l))
                arb_zero(w);
            else if (!arb_is_positive(l)) {
                arb_zero(l);
                arb_union(w, w, l, prec); /* the indicator undecided: [0, 2h/|k|] */
            }
            arb_addmul(acc->g + P_T, w, z, prec);
            arb_add(acc->g + P_BV, acc->g + P_BV, w, prec);
        } else {
            arb_zero(k);
            arb_max(l, l, k, prec);
            arb_mul(w, w, l, prec);
            arb_add(acc->h + P_BV * 5 + P_BV, acc->h + P_BV * 5 + P_BV, w, prec);
            arb_mul(w, w, z, prec);
            arb_add(acc->h + P_T * 5 + P_BV, acc->h + P_T * 5 + P_BV, w, prec);
            arb_add(acc->h + P_BV * 5 + P_T, acc->h + P_BV * 5 + P_T, w, prec);
            arb_addmul(acc->h + P_T * 5 + P_T, w, z, prec);
            arb_indeterminate(acc->h + P_TH * 5 + P_TH);
        }
    }
    arb_clear(c), arb_clear(k), arb_clear(y), arb_clear(h), arb_clear(l), arb_clear(w), arb_clear(z);
    return ok;
}

/* the derivatives in v = (t, bv, theta) czero_term concerns, indeterminate */
static void czero_unknown(gdc_ajet_struct *acc, int mode)
{
    for (int i = P_T; i <= P_TH; i++) {
        if (mode == 1)
            arb_indeterminate(acc->g + i);
        else if (acc->order > 1)
            for (int j = P_T; j <= P_TH; j++)
                arb_indeterminate(acc->h + i * 5 + j);
    }
}

/* the derivatives of acc the edge term concerns (unbounded or undefined on this box) made indeterminate */
static void edge_unknown(gdc_ajet_struct *acc, int mode)
{
    if (mode == 1) {
        arb_indeterminate(acc->g + P_S), arb_indeterminate(acc->g + P_BW);
    } else if (acc->order > 1) {
        arb_indeterminate(acc->h + P_S * 5 + P_S), arb_indeterminate(acc->h + P_S * 5 + P_BW);
        arb_indeterminate(acc->h + P_BW * 5 + P_S), arb_indeterminate(acc->h + P_BW * 5 + P_BW);
    }
}

/* the pieces of [-1, 1] between the breakpoints (sorted, clusters merged) into S; returns 1 if a breakpoint is unbounded
 * or, at exact inputs, the case of a piece was not shown (the caller raises the precision) */
static int sweep(disk_sums_t *S, int *degenerate, arb_srcptr x, const arb_t si, const arb_t co, int exact, slong prec)
{
    arf_struct lo[3], hi[3];
    for (int i = 0; i < 3; i++)
        arf_init(lo + i), arf_init(hi + i);
    int y0_at, tag[3] = {0, 0, 0};
    int n = breakpoints(lo, hi, &y0_at, degenerate, x, si, co, prec), status = n < 0;
    arb_t e1, e2, len;
    disk_basis_t prev, cur;
    arb_init(e1), arb_init(e2), arb_init(len);
    basis_init(&prev), basis_init(&cur);
    if (n > 0 && y0_at >= 0)
        tag[y0_at] = 1;
    /* sort by lower end, then sweep: clusters of overlapping intervals, exact pieces between them */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && arf_cmp(lo + j, lo + j - 1) < 0; j--) {
            arf_swap(lo + j, lo + j - 1), arf_swap(hi + j, hi + j - 1);
            int t = tag[j];
            tag[j] = tag[j - 1], tag[j - 1] = t;
        }
    arb_mul(len, x + 2, si, prec);
    int partial_ok = arb_is_positive(len);
    arb_set_si(e1, -1);
    for (int i = 0; i <= n && !status; i++) {
        if (i < n)
            arb_set_arf(e2, lo + i);
        else
            arb_one(e2);
        if (arb_lt(e1, e2)) {
            int kind = piece_kind(x, si, co, partial_ok, 0, e1, e2, prec);
            /* the case of a piece without breakpoints is the same for every point of the box, but its interval test
             * may not show it on a wide box: there the integrand's bounds (local_bounds) are used on the piece, as on
             * a cluster (at exact inputs the precision is raised instead) */
            if (kind < 0 && exact)
                status = 1;
            else if (kind < 0) {
                arb_set(S->ba + S->nb, e1), arb_set(S->bb + S->nb, e2);
                S->full[S->nb++] = 0;
            } else if (kind > 0)
                piece_add(S, &prev, &cur, kind, e1, e2, prec);
        }
        if (i == n)
            break;
        /* the cluster starting at lo[i] */
        arf_struct *top = hi + i;
        int y0_alone = tag[i];
        while (i + 1 < n && arf_cmp(lo + i + 1, top) <= 0) {
            i++;
            *degenerate = 1;
            y0_alone = 0;
            if (arf_cmp(hi + i, top) > 0)
                top = hi + i;
        }
        arb_set_arf(e1, top);
        arb_sub(len, e1, e2, prec); /* top - (the cluster's lowest end) */
        /* y0 = -bw/s's interval alone (no root of c0^2 = c^2 h^2 meets it): G's case is the same on it for every point
         * of the box; empty: f = l_+ G and its derivatives vanish there (the cluster is dropped); full: bounds_full */
        int kind = y0_alone && arb_is_positive(x + 0) ? piece_kind(x, si, co, partial_ok, 1, e2, e1, prec) : -1;
        if (arb_is_positive(len) && kind) {
            arb_set(S->ba + S->nb, e2), arb_set(S->bb + S->nb, e1);
            S->full[S->nb++] = kind == 1;
        }
    }
    for (int i = 0; i < 3; i++)
        arf_clear(lo + i), arf_clear(hi + i);
    arb_clear(e1), arb_clear(e2), arb_clear(len);
    basis_clear(&prev), basis_clear(&cur);
    return status;
}

/* acc := K (mode 0, 2) or P (mode 1) with its derivatives to acc's order (none if acc has no variables), from the
 * sweep S (status: its return value) and the bounds B of its intervals (local_bounds, B_N per interval) */
static void disk_mode(gdc_ajet_struct *acc, const disk_sums_t *S, arb_srcptr B, int status, arb_srcptr x,
                      const arb_t si, const arb_t co, int mode, slong prec)
{
    arb_t t, z;
    arb_init(t), arb_init(z);
    if (!status) {
        assemble(acc, S, x, si, co, mode, prec);
        for (int i = 0; i < S->nb; i++)
            add_bound(acc, B + i * B_N, S->ba + i, S->bb + i, prec);
        if (acc->n && (mode == 1 || acc->order > 1) && !edge_term(acc, x, si, co, mode, prec))
            edge_unknown(acc, mode);
        if (!czero_term(acc, x, si, co, mode, prec))
            czero_unknown(acc, mode);
    } else {
        /* undecided case: 0 <= K <= 2M/pi, no derivative */
        bounds(t, z, x, mode, prec);
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
        bounds(M, Md, x, rq->mode, prec);
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
        for (int r = 0; r < nr; r++) {
            arb_indeterminate(rq[r].out);
            for (int j = 0; rq[r].jac && j < 5; j++)
                arb_indeterminate(rq[r].jac + j);
            for (int j = 0; rq[r].hess && j < 25; j++)
                arb_indeterminate(rq[r].hess + j);
        }
        return;
    }
    gdc_ajet_struct acc[2];
    for (int r = 0; r < nr; r++)
        gdc_ajet_init(acc + r, rq[r].jac ? 5 : 0, rq[r].hess ? 2 : 1);
    int degenerate = 0;
    arb_t si, co;
    arb_init(si), arb_init(co);
    for (slong wp = exact ? prec + 30 : prec, k = 0; k < (exact ? 6 : 1); wp *= 2, k++) {
        disk_sums_t S;
        sums_init(&S);
        degenerate = 0;
        arb_sin_cos(si, co, x + 4, wp);
        int st = sweep(&S, &degenerate, x, si, co, exact, wp), done = 1;
        /* the integrand's bounds on the sweep's intervals, for K and for P as requested */
        arb_ptr B[2] = {NULL, NULL};
        arb_t gM, gMd;
        arb_init(gM), arb_init(gMd);
        bounds(gM, gMd, x, 0, wp);
        int deriv = 0; /* K's derivatives requested: per-entry bounds */
        for (int r = 0; r < nr; r++) {
            B[rq[r].mode == 1] = _arb_vec_init(B_N * (S.nb > 0 ? S.nb : 1));
            deriv = deriv || (rq[r].mode != 1 && rq[r].jac);
        }
        for (int i = 0; i < S.nb && !st; i++)
            local_bounds(B[0] ? B[0] + i * B_N : NULL, B[1] ? B[1] + i * B_N : NULL, x, si, co, gM, gMd, S.ba + i,
                         S.bb + i, S.full[i], deriv, wp);
        for (int r = 0; r < nr; r++) {
            disk_mode(acc + r, &S, B[rq[r].mode == 1], st, x, si, co, rq[r].mode, wp);
            /* (a value within 2^(-4 prec) of 0 is not refined further) */
            done = done && !st &&
                   (arb_is_zero(&acc[r].v) || arb_rel_accuracy_bits(&acc[r].v) >= rq[r].prec ||
                    mag_cmp_2exp_si(arb_radref(&acc[r].v), -4 * rq[r].prec) < 0);
        }
        sums_clear(&S);
        for (int m = 0; m < 2; m++)
            if (B[m])
                _arb_vec_clear(B[m], B_N * (S.nb > 0 ? S.nb : 1));
        arb_clear(gM), arb_clear(gMd);
        if (!exact || done)
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

/* 1 if x is exact and a breakpoint of the disk pieces lies on y = +-1 or two of them coincide (there the pieces'
 * derivatives are only Hoelder-1/2 in the arguments: see disk_finish) */
int gdc_ball_disk_degenerate(arb_srcptr x, slong prec)
{
    for (int i = 0; i < 5; i++)
        if (!arb_is_exact(x + i))
            return 0;
    if (!_arb_vec_is_finite(x, 5) || arb_is_negative(x + 0) || arb_is_negative(x + 2))
        return 0;
    arf_struct lo[3], hi[3];
    arb_t si, co;
    arb_init(si), arb_init(co);
    for (int i = 0; i < 3; i++)
        arf_init(lo + i), arf_init(hi + i);
    arb_sin_cos(si, co, x + 4, prec);
    int degenerate = 0, n = breakpoints(lo, hi, NULL, &degenerate, x, si, co, prec);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            if (arf_cmp(lo + i, hi + j) <= 0 && arf_cmp(lo + j, hi + i) <= 0)
                degenerate = 1;
    for (int i = 0; i < 3; i++)
        arf_clear(lo + i), arf_clear(hi + i);
    arb_clear(si), arb_clear(co);
    return degenerate;
}
