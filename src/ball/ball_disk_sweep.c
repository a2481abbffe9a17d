/* ball.disk_cross's sweep over the pieces of [-1, 1] (seed-004 C28): between the breakpoints (ball_disk_breaks.c;
 * sorted, overlapping ones merged into clusters) the case of G is the same for every point of the box, and the pieces
 * where G is full (G = 2h c0) or partial (G = (c0 + c h)^2/(2c)) add their basis integrals, with h = sqrt(1 - y^2),
 *   int y^j dy = y^(j+1)/(j+1) (j < 4),  int h = (y h + asin y)/2,  int y h = -h^3/3,
 *   int y^2 h = (asin y - y h (1 - 2 y^2))/8,
 * to the sums (disk_sums_t: Hf over the full pieces, Hp and Jp over the partial ones); clusters, and pieces whose case
 * the interval test cannot show on a wide box, are kept as intervals [ba, bb] for the integrand's bounds
 * (ball_disk_bounds.c). */
#include "ball/ball.h"
#include "core/jet.h"
#include "ball/ball_util.h"
#include "ball/ball_disk.h"

void gdc_ball_disk_sums_init(disk_sums_t *S)
{
    for (int j = 0; j < 4; j++)
        arb_init(S->Jp + j);
    for (int j = 0; j < 3; j++)
        arb_init(S->Hf + j), arb_init(S->Hp + j);
    for (int j = 0; j < DISK_NB; j++)
        arb_init(S->ba + j), arb_init(S->bb + j);
    S->npart = S->nb = 0;
}

void gdc_ball_disk_sums_clear(disk_sums_t *S)
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

/* the breakpoints' intervals sorted by lower end (insertion sort, n <= 3), their tags with them */
static void sort_breaks(arf_struct *lo, arf_struct *hi, int *tag, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && arf_cmp(lo + j, lo + j - 1) < 0; j--) {
            arf_swap(lo + j, lo + j - 1), arf_swap(hi + j, hi + j - 1);
            int t = tag[j];
            tag[j] = tag[j - 1], tag[j - 1] = t;
        }
}

/* the piece [e1, e2] between clusters into S; returns 1 if its case is not shown at exact inputs */
static int sweep_piece(disk_sums_t *S, disk_basis_t *prev, disk_basis_t *cur, arb_srcptr x, const arb_t si,
                       const arb_t co, int partial_ok, int exact, const arb_t e1, const arb_t e2, slong prec)
{
    int kind = piece_kind(x, si, co, partial_ok, 0, e1, e2, prec);
    /* the case of a piece without breakpoints is the same for every point of the box, but its interval test
     * may not show it on a wide box: there the integrand's bounds (local_bounds) are used on the piece, as on
     * a cluster (at exact inputs the precision is raised instead) */
    if (kind < 0 && exact)
        return 1;
    if (kind < 0) {
        arb_set(S->ba + S->nb, e1), arb_set(S->bb + S->nb, e2);
        S->full[S->nb++] = 0;
    } else if (kind > 0)
        piece_add(S, prev, cur, kind, e1, e2, prec);
    return 0;
}

/* the pieces of [-1, 1] between the breakpoints (sorted, clusters merged) into S; returns 1 if a breakpoint is unbounded
 * or, at exact inputs, the case of a piece was not shown (the caller raises the precision) */
int gdc_ball_disk_sweep(disk_sums_t *S, int *degenerate, arb_srcptr x, const arb_t si, const arb_t co, int exact,
                        slong prec)
{
    arf_struct lo[3], hi[3];
    for (int i = 0; i < 3; i++)
        arf_init(lo + i), arf_init(hi + i);
    int y0_at, tag[3] = {0, 0, 0};
    int n = gdc_ball_disk_breakpoints(lo, hi, &y0_at, degenerate, x, si, co, prec), status = n < 0;
    arb_t e1, e2, len;
    disk_basis_t prev, cur;
    arb_init(e1), arb_init(e2), arb_init(len);
    basis_init(&prev), basis_init(&cur);
    if (n > 0 && y0_at >= 0)
        tag[y0_at] = 1;
    /* sort by lower end, then sweep: clusters of overlapping intervals, exact pieces between them */
    sort_breaks(lo, hi, tag, n);
    arb_mul(len, x + 2, si, prec);
    int partial_ok = arb_is_positive(len);
    arb_set_si(e1, -1);
    for (int i = 0; i <= n && !status; i++) {
        if (i < n)
            arb_set_arf(e2, lo + i);
        else
            arb_one(e2);
        if (arb_lt(e1, e2))
            status = sweep_piece(S, &prev, &cur, x, si, co, partial_ok, exact, e1, e2, prec);
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
