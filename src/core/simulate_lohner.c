/* Lohner's mean-value propagation of a trajectory enclosure (simulate_lohner.h; R. Lohner, Einschliessung der
 * Loesung gewoehnlicher Anfangs- und Randwertaufgaben, 1987, the "QR method").
 *
 * Claim. Let F be the exact step map (enclosed by step_arb on any balls), C^1 with Jacobian DF enclosed on boxes by
 * step_jac_arb (whose contract is to return non-finite entries on a box where F is not C^1, e.g. where a sqrt or a
 * divisor may vanish; such a step is not taken in this form), y_0 the exact start (in the balls of init_arb) and
 * y_{n+1} = F(y_n). If y_n lies in
 * S_n = {c + A v : v in r} (c, A exact, r balls), the step below gives c', A', r' with y_{n+1} in S_{n+1}.
 * Proof. Write y_n = c + A v with v in r, and E = hull(A r, 0) (the ball vector A r joined with 0): the box
 * B = c + E is convex and contains c and y_n, so the segment between them. By the mean-value theorem in integral
 * form, F(y_n) - F(c) = Jbar (y_n - c) with Jbar = int_0^1 DF(c + s (y_n - c)) ds; every entry of Jbar is an
 * average of values inside the ball J_ij that step_jac_arb returns for B, so Jbar lies in the ball matrix J. The
 * ball Fc = step_arb(c) (exact point input) contains F(c); let c' = mid Fc (exact) and e = Fc - c' (a ball
 * containing F(c) - c'). Then y_{n+1} - c' = Jbar A v + (F(c) - c'). For the exact invertible A' and a ball
 * matrix Ai containing A'^{-1} (arb_mat_inv), v' = A'^{-1}(y_{n+1} - c') = A'^{-1} Jbar A v + A'^{-1}(F(c) - c')
 * lies in r' = (Ai (J A)) r + Ai e, because each real operation in that expression has its operands in the
 * corresponding balls and ball arithmetic encloses every such result. So y_{n+1} = c' + A' v' with v' in r'.
 * Any invertible A' is allowed; the choice only affects the width. QED.
 *
 * Choice of A' (Lohner): the Q factor of a double QR factorisation of mid(J A) with its columns sorted by
 * |column| |r_j| (largest first), an orthogonal frame that follows the directions in which the error set is
 * stretched, so r' is not wrapped by the rotation of the box at every step. A' = I when the double QR fails (then
 * the step is the plain mean-value form). The widths of S_n then grow like those of the linearised flow (the
 * product of the Jacobians along the run), plus the rounding of F(c) at the working precision at every step. */
#include <math.h>
#include <stdlib.h>
#include "core/simulate_lohner.h"

static void lohner_reset(gdc_lohner_t *L, arb_srcptr y);

void gdc_lohner_init(gdc_lohner_t *L, const gdc_dynamics_t *d, arb_srcptr y0, slong prec)
{
    L->d = d;
    L->n = d->nstate;
    L->prec = prec;
    L->c = _arb_vec_init(L->n);
    L->r = _arb_vec_init(L->n);
    arb_mat_init(L->A, L->n, L->n);
    L->steps = 0;
    L->check_jac = 1;
    L->broken = 0;
    lohner_reset(L, y0);
}

static void lohner_reset(gdc_lohner_t *L, arb_srcptr y)
{
    arb_mat_one(L->A);
    for (slong i = 0; i < L->n; i++) {
        arf_set(arb_midref(L->c + i), arb_midref(y + i));
        mag_zero(arb_radref(L->c + i));
        arb_zero(L->r + i);
        mag_set(arb_radref(L->r + i), arb_radref(y + i));
    }
}

void gdc_lohner_clear(gdc_lohner_t *L)
{
    _arb_vec_clear(L->c, L->n);
    _arb_vec_clear(L->r, L->n);
    arb_mat_clear(L->A);
}

/* s = A r */
static void mat_vec(arb_ptr s, const arb_mat_t A, arb_srcptr r, slong prec)
{
    for (slong i = 0; i < arb_mat_nrows(A); i++)
        arb_dot(s + i, NULL, 0, arb_mat_entry(A, i, 0), 1, r, 1, arb_mat_ncols(A), prec);
}

void gdc_lohner_enclosure(arb_ptr s, const gdc_lohner_t *L)
{
    mat_vec(s, L->A, L->r, L->prec);
    _arb_vec_add(s, s, L->c, L->n, L->prec);
}

/* Q (exact doubles) of a modified Gram-Schmidt QR of the columns of mid P sorted by |column| * weight, largest
 * first; returns 0, or 1 when a column is (numerically) dependent or not finite */
static int frame(arb_mat_t Q, const arb_mat_t P, arb_srcptr r)
{
    slong n = arb_mat_nrows(P);
    double *q = malloc(sizeof(double) * (size_t)(n * n)), *key = malloc(sizeof(double) * (size_t)n);
    slong *ord = malloc(sizeof(slong) * (size_t)n);
    int bad = 0;
    for (slong j = 0; j < n; j++) {
        double s = 0;
        for (slong i = 0; i < n; i++) {
            q[i * n + j] = arf_get_d(arb_midref(arb_mat_entry(P, i, j)), ARF_RND_NEAR);
            s += q[i * n + j] * q[i * n + j];
        }
        key[j] = sqrt(s) * (mag_get_d(arb_radref(r + j)) + fabs(arf_get_d(arb_midref(r + j), ARF_RND_NEAR)));
        ord[j] = j;
    }
    for (slong a = 1; a < n; a++) /* insertion sort, largest key first */
        for (slong b = a; b > 0 && key[ord[b]] > key[ord[b - 1]]; b--) {
            slong t = ord[b];
            ord[b] = ord[b - 1];
            ord[b - 1] = t;
        }
    for (slong k = 0; k < n && !bad; k++) {
        slong j = ord[k];
        for (slong l = 0; l < k; l++) { /* remove the earlier columns (twice: reorthogonalisation) */
            for (int pass = 0; pass < 2; pass++) {
                double dot = 0;
                for (slong i = 0; i < n; i++)
                    dot += q[i * n + ord[l]] * q[i * n + j];
                for (slong i = 0; i < n; i++)
                    q[i * n + j] -= dot * q[i * n + ord[l]];
            }
        }
        double s = 0;
        for (slong i = 0; i < n; i++)
            s += q[i * n + j] * q[i * n + j];
        s = sqrt(s);
        if (!(s > 1e-150) || !isfinite(s))
            bad = 1;
        for (slong i = 0; i < n && !bad; i++)
            q[i * n + j] /= s;
    }
    for (slong k = 0; k < n && !bad; k++)
        for (slong i = 0; i < n; i++)
            arb_set_d(arb_mat_entry(Q, i, k), q[i * n + ord[k]]);
    free(q);
    free(key);
    free(ord);
    return bad;
}

/* The guard of gdc_lohner_step (simulate_lohner.h) on coordinate j: returns 1 when the divided difference between
 * c and c + h e_j (h = the upper end of box_j, rounded into the box, minus c_j; exact) misses column j of J. Both
 * points lie in the box (c does by construction), so the segment does and the mean-value theorem applies. */
static int jac_contradicted(const gdc_lohner_t *L, const double *param, arb_srcptr box, const arb_mat_t J, slong j)
{
    slong n = L->n, prec = 2 * L->prec;
    arb_ptr f0 = _arb_vec_init(n), f1 = _arb_vec_init(n);
    arb_t h;
    arb_init(h);
    _arb_vec_set(f0, L->c, n);
    _arb_vec_set(f1, L->c, n);
    arf_set_mag(arb_midref(f1 + j), arb_radref(box + j)); /* mid + rad rounded down: inside the box */
    arf_add(arb_midref(f1 + j), arb_midref(f1 + j), arb_midref(box + j), prec, ARF_RND_FLOOR);
    mag_zero(arb_radref(f1 + j));
    arb_sub(h, f1 + j, L->c + j, prec);
    int bad = 0;
    if (arb_is_positive(h) && _arb_vec_is_finite(box, n)) {
        L->d->step_arb(f0, param, prec);
        L->d->step_arb(f1, param, prec);
        for (slong i = 0; i < n && !bad; i++) {
            arb_sub(f1 + i, f1 + i, f0 + i, prec);
            arb_div(f1 + i, f1 + i, h, prec);
            bad = arb_is_finite(f1 + i) && !arb_overlaps(f1 + i, arb_mat_entry(J, i, j));
        }
    }
    arb_clear(h);
    _arb_vec_clear(f0, n);
    _arb_vec_clear(f1, n);
    return bad;
}

/* the next frame A' (exact) and an enclosure Ai of its inverse: the QR frame of J A, or I */
static void next_frame(arb_mat_t An, arb_mat_t Ai, const arb_mat_t P, arb_srcptr r, slong prec)
{
    if (frame(An, P, r) == 0 && arb_mat_inv(Ai, An, prec))
        return;
    arb_mat_one(An);
    arb_mat_one(Ai);
}

int gdc_lohner_step(gdc_lohner_t *L, const double *param)
{
    slong n = L->n, prec = L->prec;
    arb_ptr box = _arb_vec_init(n), fc = _arb_vec_init(n), v = _arb_vec_init(n), jac = _arb_vec_init(n * n);
    arb_mat_t J, P, An, Ai, M;
    arb_mat_init(J, n, n);
    arb_mat_init(P, n, n);
    arb_mat_init(An, n, n);
    arb_mat_init(Ai, n, n);
    arb_mat_init(M, n, n);
    arb_t zero;
    arb_init(zero);
    mat_vec(box, L->A, L->r, prec); /* B = c + hull(A r, 0) */
    for (slong i = 0; i < n; i++) {
        arb_union(box + i, box + i, zero, prec);
        arb_add(box + i, box + i, L->c + i, prec);
    }
    L->d->step_jac_arb(jac, box, param, prec);
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++)
            arb_set(arb_mat_entry(J, i, j), jac + i * n + j);
    _arb_vec_set(fc, L->c, n);
    L->d->step_arb(fc, param, prec);
    int bad = !_arb_vec_is_finite(jac, n * n) || !_arb_vec_is_finite(fc, n);
    if (!bad && L->check_jac && jac_contradicted(L, param, box, J, L->steps % n))
        bad = L->broken = 2;
    L->steps++;
    arb_mat_mul(P, J, L->A, prec);
    next_frame(An, Ai, P, L->r, prec);
    arb_mat_mul(M, Ai, P, prec); /* r' = (Ai (J A)) r + Ai e, c' = mid F(c), e = F(c) - c' */
    mat_vec(v, M, L->r, prec);
    for (slong i = 0; i < n; i++) {
        arf_set(arb_midref(L->c + i), arb_midref(fc + i));
        mag_zero(arb_radref(L->c + i));
        arf_zero(arb_midref(fc + i));
    }
    mat_vec(L->r, Ai, fc, prec);
    _arb_vec_add(L->r, L->r, v, n, prec);
    arb_mat_swap(L->A, An);
    if (bad)
        for (slong i = 0; i < n; i++)
            arb_indeterminate(L->r + i);
    arb_clear(zero);
    arb_mat_clear(J);
    arb_mat_clear(P);
    arb_mat_clear(An);
    arb_mat_clear(Ai);
    arb_mat_clear(M);
    _arb_vec_clear(box, n);
    _arb_vec_clear(fc, n);
    _arb_vec_clear(v, n);
    _arb_vec_clear(jac, n * n);
    return bad;
}

void gdc_lohner_advance(gdc_lohner_t *L, arb_ptr s, const double *param)
{
    slong n = L->n;
    arb_ptr e = _arb_vec_init(n);
    L->d->step_arb(s, param, L->prec);
    if (L->broken || gdc_lohner_step(L, param) != 0) {
        if (L->broken)
            for (slong i = 0; i < n; i++)
                arb_indeterminate(s + i);
        else if (_arb_vec_is_finite(s, n))
            lohner_reset(L, s);
    } else {
        gdc_lohner_enclosure(e, L);
        for (slong i = 0; i < n; i++)
            if (!arb_is_finite(s + i))
                arb_set(s + i, e + i);
            else if (!arb_intersection(s + i, s + i, e + i, L->prec))
                arb_indeterminate(s + i);
    }
    _arb_vec_clear(e, n);
}
