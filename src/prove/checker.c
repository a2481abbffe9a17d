/* The trusted certificate checker (issue 3, section 4). Independent of the search: its own reading of the
 * certificate, its own walk of the bisection tree (the box of each node follows from the root box and
 * the split dimensions; split points are the exact dyadic midpoints, checked to lie strictly inside, and for
 * an integer variable -- read from the claim, whose hash the certificate carries -- the children [lo, m] and
 * [m + 1, hi], m = floor((lo + hi)/2): the rule of gdc_box_split, the same function the search uses), and
 * its own leaf tests:
 *   I  the plain interval enclosure of the goal over the leaf box decides it;
 *   C  the mean-value form f(c) + grad f(X).(X - c), c the exact centre, decides it;
 *   A  some assumption is certainly false on the whole box;
 *   M  every assumption certainly holds on the box, each marked partial derivative has the marked sign on
 *      the whole box (l: >= 0, the minimum is on the lower face; h: <= 0, upper face), and the plain or
 *      mean-value enclosure on the face decides it (a strict goal may be decided non-strictly on a face
 *      that lies on an open end of the range when that partial is strictly signed: points there are not
 *      quantified over and the goal increases strictly away from it);
 *   T  the second-order form at the exact centre c: f(c) + g(c).d + d^T H(X) d / 2 (d = X - c, H the
 *      Hessian enclosure over the box) decides it, each diagonal term bounded as a quadratic in d_i;
 *   B  + one of 'lhc' per variable: the same expansion at the box corner p (l: lower end, h: upper end,
 *      c: a flat dimension), d_i in [0, w_i] or [-w_i, 0], decides it (tight boundary points).
 * Every evaluation with derivatives over a box (C, M, T, B) is centred at the box's exact centre c: each node
 * of two children sharing a variable, and each registry row, has its enclosure intersected with its own
 * mean-value form f_i(c) + grad f_i(X).(X - c) before its parents use it (expr.c, gdc_expr_centre); C accepts the
 * objective's centred enclosure or the mean-value form of the objective.
 * Box ends at range ends (touch) are the claim's range ends at the node's precision ('+' raises it and
 * recomputes them: non-dyadic ends such as pi get narrower); a dimension whose ends coincide is flat
 * (no derivative is taken in it). Registry arguments must lie in their rows' domains (the evaluator). 
 * It shares only the expression evaluator (expr.c), the root box, the split rule and the centre (box.c).
 * A goal `prove L OP R` is decided on a box when the difference node (> 0 or >= 0) is certain; a bound
 * goal when the objective is certainly >= the certificate's level. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "prove/prove.h"

#define CHECK_MAX_DEPTH 4000
#define CHECK_MAX_PREC (1 << 16)

typedef struct {
    const gdc_claim_t *c;
    int n, bound, strict, obj;
    arb_t level;
    gdc_evalws_t ws;
    const char *tree;
    size_t len, pos;
    arb_ptr x, cpt, fbox, fx, hq, dq;
    arb_t enc, gc, t;
    char *msg;
    size_t msglen;
    long nodes, leaves;
    int maxdepth;
} chk_t;

static int reject(chk_t *k, const char *fmt, const char *what)
{
    snprintf(k->msg, k->msglen, fmt, what, (long)k->pos, k->nodes);
    return -1;
}

/* the goal is decided by the enclosure e of the objective */
static int decides(chk_t *k, const arb_t e, int strict)
{
    if (k->bound)
        return arb_ge(e, k->level);
    return strict ? arb_is_positive(e) : arb_is_nonnegative(e);
}

/* the box's balls; the evaluator learns which ends are range ends (domains) and which dimensions are flat */
static void balls(chk_t *k, arb_srcptr box, unsigned touch, arb_ptr x)
{
    k->ws.touch = touch;
    k->ws.flat = 0;
    for (int i = 0; i < k->n; i++) {
        gdc_box_ball(x + i, box + 2 * i, box + 2 * i + 1);
        if (arb_equal(box + 2 * i, box + 2 * i + 1))
            k->ws.flat |= 1u << i;
    }
}

/* the exact centre: any point of the box makes the mean-value form sound; this is the search's choice */
static void centre(chk_t *k, arb_srcptr box, arb_ptr c)
{
    for (int i = 0; i < k->n; i++)
        gdc_box_centre(k->c, i, c + i, box + 2 * i, box + 2 * i + 1);
}

static int test_plain(chk_t *k, arb_srcptr box, unsigned touch, slong prec, int strict)
{
    balls(k, box, touch, k->x);
    gdc_expr_eval(k->c, &k->ws, k->x, k->c->nnodes - 1, prec);
    return k->ws.ok[k->obj] && decides(k, k->ws.val + k->obj, strict);
}

/* value and gradient at the point p (ws.flat as for its box; touch: which coordinates are range ends) */
static int at_point(chk_t *k, arb_srcptr p, unsigned touch, int order, slong prec)
{
    unsigned t = k->ws.touch;
    k->ws.touch = touch;
    if (order)
        gdc_expr_eval_ad(k->c, &k->ws, p, k->c->nnodes - 1, prec);
    else
        gdc_expr_eval(k->c, &k->ws, p, k->c->nnodes - 1, prec);
    k->ws.touch = t;
    return k->ws.ok[k->obj] && (!order || k->ws.gok[k->obj]);
}

/* the box's balls and the centred evaluation with derivatives over it (order 1 or 2): every node's enclosure
 * intersected with its mean-value form at the box's exact centre k->cpt (where the node is defined there; the
 * objective's value there in k->gc). Returns 0 if the objective is undefined at the centre. */
static int centred(chk_t *k, arb_srcptr box, unsigned touch, int order, slong prec)
{
    balls(k, box, touch, k->x);
    centre(k, box, k->cpt);
    int nn = k->c->nnodes - 1;
    gdc_expr_centre(k->c, &k->ws, k->x, k->cpt, nn, prec);
    int cok = k->ws.ok[k->obj];
    arb_set(k->gc, k->ws.val + k->obj);
    if (order == 2)
        gdc_expr_eval_ad2_centred(k->c, &k->ws, k->x, nn, prec);
    else
        gdc_expr_eval_ad_centred(k->c, &k->ws, k->x, nn, prec);
    return cok;
}

/* the mean-value form k->gc + g.(X - c) on the box whose balls and centre centred() left in k->x, k->cpt */
static int meanvalue_decides(chk_t *k, arb_srcptr g, int strict, slong prec)
{
    arb_set(k->enc, k->gc);
    for (int i = 0; i < k->n; i++) {
        if (!(k->c->nodes[k->obj].deps >> i & 1u) || (k->ws.flat >> i & 1u))
            continue;
        arb_sub(k->t, k->x + i, k->cpt + i, prec);
        arb_addmul(k->enc, g + i, k->t, prec);
    }
    return arb_is_finite(k->enc) && decides(k, k->enc, strict);
}

/* gb (or NULL): a gradient enclosure over a box containing this one, tried when the box's own does not decide */
static int test_meanvalue_with(chk_t *k, arb_srcptr box, unsigned touch, slong prec, int strict, arb_srcptr gb)
{
    if (!centred(k, box, touch, 1, prec))
        return 0;
    if (k->ws.gok[k->obj]) {
        if (k->ws.ok[k->obj] && decides(k, k->ws.val + k->obj, strict))
            return 1; /* the centred enclosure */
        if (meanvalue_decides(k, k->ws.grad + (slong)k->obj * k->n, strict, prec))
            return 1;
    }
    return gb && meanvalue_decides(k, gb, strict, prec);
}

static int test_meanvalue(chk_t *k, arb_srcptr box, unsigned touch, slong prec, int strict)
{
    return test_meanvalue_with(k, box, touch, prec, strict, NULL);
}

static int all_assumptions_hold(chk_t *k)
{
    for (int j = 0; j < k->c->nassumes; j++) {
        const gdc_rel_t *a = &k->c->assumes[j];
        arb_srcptr d = k->ws.val + a->diff;
        if (!k->ws.ok[a->diff] || !(a->strict ? arb_is_positive(d) : arb_is_nonnegative(d)))
            return 0;
    }
    return 1;
}

static int test_excluded(chk_t *k, arb_srcptr box, unsigned touch, slong prec)
{
    balls(k, box, touch, k->x);
    gdc_expr_eval(k->c, &k->ws, k->x, k->c->nnodes - 1, prec);
    for (int j = 0; j < k->c->nassumes; j++) {
        const gdc_rel_t *a = &k->c->assumes[j];
        arb_srcptr d = k->ws.val + a->diff;
        if (k->ws.ok[a->diff] && (a->strict ? arb_is_nonpositive(d) : arb_is_negative(d)))
            return 1;
    }
    return 0;
}

static int test_monotone(chk_t *k, arb_srcptr box, unsigned touch, const char *faces, slong prec)
{
    centred(k, box, touch, 1, prec);
    if (!all_assumptions_hold(k) || !k->ws.gok[k->obj])
        return 0;
    int relaxed = 0;
    unsigned ftouch = touch;
    arb_srcptr g = k->ws.grad + (slong)k->obj * k->n;
    _arb_vec_set(k->fbox, box, 2 * k->n);
    for (int i = 0; i < k->n; i++) {
        if (faces[i] == '.')
            continue;
        if (faces[i] == 'l') {
            if (!arb_is_nonnegative(g + i))
                return 0;
            arb_set(k->fbox + 2 * i + 1, box + 2 * i);
            ftouch &= ~(2u << (2 * i));
            if ((touch >> (2 * i) & 1u) && gdc_var_lo_open(&k->c->vars[i]) && arb_is_positive(g + i))
                relaxed = 1;
        } else if (faces[i] == 'h') {
            if (!arb_is_nonpositive(g + i))
                return 0;
            arb_set(k->fbox + 2 * i, box + 2 * i + 1);
            ftouch &= ~(1u << (2 * i));
            if ((touch >> (2 * i + 1) & 1u) && gdc_var_hi_open(&k->c->vars[i]) && arb_is_negative(g + i))
                relaxed = 1;
        } else
            return 0;
    }
    int strict = k->strict && !relaxed;
    if (test_plain(k, k->fbox, ftouch, prec, strict))
        return 1;
    /* the face's mean-value form with the face's gradient, or with the box's (it encloses the face's) */
    arb_ptr gb = _arb_vec_init(k->n);
    _arb_vec_set(gb, g, k->n);
    int ok = test_meanvalue_with(k, k->fbox, ftouch, prec, strict, gb);
    _arb_vec_clear(gb, k->n);
    return ok;
}

/* lower end of a d + b d^2 over [u, v] (b, a exact), min'd into lo: the ends, and the vertex -a/(2b) for b > 0
 * unless it certainly lies outside [u, v] (its value -a^2/(4b) is below the quadratic everywhere) */
static void chk_quad(arf_t lo, const arf_t a, const arf_t b, const arf_t u, const arf_t v, slong prec)
{
    arb_t A, B, x, y;
    arf_t l;
    arb_init(A); arb_init(B); arb_init(x); arb_init(y); arf_init(l);
    arb_set_arf(A, a);
    arb_set_arf(B, b);
    for (int e = 0; e < 2; e++) {
        arb_set_arf(x, e ? v : u);
        arb_mul(y, x, x, prec);
        arb_mul(y, y, B, prec);
        arb_addmul(y, A, x, prec);
        arb_get_lbound_arf(l, y, prec);
        arf_min(lo, lo, l);
    }
    if (arf_sgn(b) > 0) {
        arb_div(x, A, B, prec);
        arb_mul_2exp_si(x, x, -1);
        arb_neg(x, x);
        arb_set_arf(y, u);
        int outside = arb_lt(x, y);
        arb_set_arf(y, v);
        if (!outside && !arb_gt(x, y)) {
            arb_mul(y, A, A, prec);
            arb_div(y, y, B, prec);
            arb_mul_2exp_si(y, y, -2);
            arb_neg(y, y);
            arb_get_lbound_arf(l, y, prec);
            arf_min(lo, lo, l);
        }
    }
    arb_clear(A); arb_clear(B); arb_clear(x); arb_clear(y); arf_clear(l);
}

/* lower end of f(p) + g.d + d^T H d / 2 over the ranges d (balls, 0 for flat) >= level / 0 */
static int chk_second_order(chk_t *k, const arb_t fp, arb_srcptr g, arb_srcptr H, arb_srcptr d, int strict,
                            slong prec)
{
    int n = k->n;
    arf_t L, lo, a, b, u, v, z;
    arb_t t;
    arf_init(L); arf_init(lo); arf_init(a); arf_init(b); arf_init(u); arf_init(v); arf_init(z);
    arb_init(t);
    arb_get_lbound_arf(L, fp, prec);
    for (int i = 0; i < n; i++) {
        if (arb_is_zero(d + i))
            continue;
        arb_get_lbound_arf(u, d + i, prec);
        arb_get_ubound_arf(v, d + i, prec);
        arb_get_lbound_arf(b, H + i * n + i, prec);
        arf_mul_2exp_si(b, b, -1);
        arf_pos_inf(lo);
        if (arf_sgn(v) > 0) { /* d >= 0: g d >= g_lo d */
            arb_get_lbound_arf(a, g + i, prec);
            chk_quad(lo, a, b, arf_sgn(u) > 0 ? u : z, v, prec);
        }
        if (arf_sgn(u) < 0) { /* d <= 0: g d >= g_hi d */
            arb_get_ubound_arf(a, g + i, prec);
            chk_quad(lo, a, b, u, arf_sgn(v) < 0 ? v : z, prec);
        }
        arf_add(L, L, lo, prec, ARF_RND_FLOOR);
        for (int j = i + 1; j < n; j++) {
            arb_mul(t, d + i, d + j, prec);
            arb_mul(t, t, H + i * n + j, prec);
            arb_get_lbound_arf(lo, t, prec);
            arf_add(L, L, lo, prec, ARF_RND_FLOOR);
        }
    }
    arb_set_arf(t, L);
    int ok = arf_is_finite(L) && decides(k, t, strict);
    arf_clear(L); arf_clear(lo); arf_clear(a); arf_clear(b); arf_clear(u); arf_clear(v); arf_clear(z);
    arb_clear(t);
    return ok;
}

/* the Hessian of the objective over the box into k->hq: 1 if known */
static int box_hessian(chk_t *k, arb_srcptr box, unsigned touch, slong prec)
{
    centred(k, box, touch, 2, prec);
    if (!k->ws.ok[k->obj] || !k->ws.hok[k->obj])
        return 0;
    _arb_vec_set(k->hq, k->ws.hess + (slong)k->obj * k->n * k->n, k->n * k->n);
    return 1;
}

static int test_taylor(chk_t *k, arb_srcptr box, unsigned touch, slong prec)
{
    if (!box_hessian(k, box, touch, prec))
        return 0;
    centre(k, box, k->cpt);
    if (!at_point(k, k->cpt, 0, 1, prec))
        return 0;
    for (int i = 0; i < k->n; i++) {
        if (k->ws.flat >> i & 1u)
            arb_zero(k->dq + i);
        else
            arb_sub(k->dq + i, k->x + i, k->cpt + i, prec);
    }
    return chk_second_order(k, k->ws.val + k->obj, k->ws.grad + (slong)k->obj * k->n, k->hq, k->dq, k->strict, prec);
}

static int test_boundary(chk_t *k, arb_srcptr box, unsigned touch, const char *corner, slong prec)
{
    if (!box_hessian(k, box, touch, prec))
        return 0;
    unsigned pt = 0;
    for (int i = 0; i < k->n; i++) {
        int flat = k->ws.flat >> i & 1u, hi = corner[i] == 'h';
        if ((corner[i] == 'c') != flat || (corner[i] != 'c' && corner[i] != 'l' && !hi))
            return 0;
        arb_set(k->cpt + i, box + 2 * i + hi);
        if (touch >> (2 * i + hi) & 1u)
            pt |= 3u << (2 * i);
        arb_zero(k->dq + i);
        if (!flat) { /* x_i - p_i in [0, 2r] or [-2r, 0], 2r >= hi - lo, the end 0 exact */
            arf_t w;
            arf_init(w);
            arb_sub(k->t, box + 2 * i + 1, box + 2 * i, prec);
            arb_get_ubound_arf(w, k->t, prec);
            arf_mul_2exp_si(w, w, -1);
            arf_get_mag(arb_radref(k->dq + i), w);
            arf_set_mag(arb_midref(k->dq + i), arb_radref(k->dq + i));
            arf_clear(w);
        }
    }
    if (!at_point(k, k->cpt, pt, 1, prec))
        return 0;
    for (int i = 0; i < k->n; i++)
        if (corner[i] == 'h')
            arb_neg(k->dq + i, k->dq + i);
    return chk_second_order(k, k->ws.val + k->obj, k->ws.grad + (slong)k->obj * k->n, k->hq, k->dq, k->strict, prec);
}

/* the box's range ends at prec (after a '+'): recomputed from the claim */
static int refresh(chk_t *k, arb_ptr box, unsigned touch, slong prec)
{
    int bad, nn = k->n > 0 ? k->n : 1, rc = 0;
    arb_ptr lo = _arb_vec_init(nn), hi = _arb_vec_init(nn);
    if (gdc_claim_root_box(k->c, lo, hi, prec, &bad))
        rc = -1;
    for (int i = 0; i < k->n && rc == 0; i++) {
        if ((touch >> (2 * i) & 1u) && !arb_is_exact(box + 2 * i))
            arb_set(box + 2 * i, lo + i);
        if ((touch >> (2 * i + 1) & 1u) && !arb_is_exact(box + 2 * i + 1))
            arb_set(box + 2 * i + 1, hi + i);
    }
    _arb_vec_clear(lo, nn);
    _arb_vec_clear(hi, nn);
    return rc;
}

static int walk_node(chk_t *k, arb_srcptr box, unsigned touch, slong prec, int depth);

static int walk(chk_t *k, arb_srcptr box, unsigned touch, slong prec, int depth)
{
    if (depth > CHECK_MAX_DEPTH)
        return reject(k, "tree deeper than the checker allows%s (at offset %ld, node %ld)", "");
    if (depth > k->maxdepth)
        k->maxdepth = depth;
    slong p0 = prec;
    while (k->pos < k->len && k->tree[k->pos] == '+') {
        prec *= 2;
        k->pos++;
        if (prec > CHECK_MAX_PREC)
            return reject(k, "precision above the checker's limit%s (at offset %ld, node %ld)", "");
    }
    if (prec == p0 || !touch)
        return walk_node(k, box, touch, prec, depth);
    arb_ptr own = _arb_vec_init(2 * k->n);
    _arb_vec_set(own, box, 2 * k->n);
    int rc = refresh(k, own, touch, prec) ? reject(k, "range ends cannot be enclosed%s (at offset %ld, node %ld)", "")
                                          : walk_node(k, own, touch, prec, depth);
    _arb_vec_clear(own, 2 * k->n);
    return rc;
}

static int walk_node(chk_t *k, arb_srcptr box, unsigned touch, slong prec, int depth)
{
    if (k->pos >= k->len)
        return reject(k, "tree ends early%s (at offset %ld, node %ld)", "");
    char code = k->tree[k->pos++];
    k->nodes++;
    if (code >= '0' && code <= '9') {
        int d = code - '0';
        if (d >= k->n)
            return reject(k, "split dimension %s out of range (at offset %ld, node %ld)", "");
        arf_t m, m2;
        arf_init(m);
        arf_init(m2);
        int rc = gdc_box_split(k->c, d, box + 2 * d, box + 2 * d + 1, m, m2);
        if (rc) {
            arf_clear(m);
            arf_clear(m2);
            return reject(k, "split of a box too narrow to split%s (at offset %ld, node %ld)", "");
        }
        arb_ptr child = _arb_vec_init(2 * k->n);
        _arb_vec_set(child, box, 2 * k->n);
        arb_set_arf(child + 2 * d + 1, m);
        rc = walk(k, child, touch & ~(1u << (2 * d + 1)), prec, depth + 1);
        if (rc == 0) {
            _arb_vec_set(child, box, 2 * k->n);
            arb_set_arf(child + 2 * d, m2);
            rc = walk(k, child, touch & ~(1u << (2 * d)), prec, depth + 1);
        }
        _arb_vec_clear(child, 2 * k->n);
        arf_clear(m);
        arf_clear(m2);
        return rc;
    }
    k->leaves++;
    switch (code) {
    case 'I':
        if (!test_plain(k, box, touch, prec, k->strict))
            return reject(k, "interval leaf does not decide%s (at offset %ld, node %ld)", "");
        return 0;
    case 'C':
        if (!test_meanvalue(k, box, touch, prec, k->strict))
            return reject(k, "mean-value leaf does not decide%s (at offset %ld, node %ld)", "");
        return 0;
    case 'A':
        if (!test_excluded(k, box, touch, prec))
            return reject(k, "assumption leaf is not excluded%s (at offset %ld, node %ld)", "");
        return 0;
    case 'T':
        if (!test_taylor(k, box, touch, prec))
            return reject(k, "second-order leaf does not decide%s (at offset %ld, node %ld)", "");
        return 0;
    case 'B':
        if (k->pos + (size_t)k->n > k->len)
            return reject(k, "tree ends inside a boundary leaf%s (at offset %ld, node %ld)", "");
        {
            const char *corner = k->tree + k->pos;
            k->pos += (size_t)k->n;
            if (!test_boundary(k, box, touch, corner, prec))
                return reject(k, "boundary leaf does not decide%s (at offset %ld, node %ld)", "");
        }
        return 0;
    case 'M':
        if (k->pos + (size_t)k->n > k->len)
            return reject(k, "tree ends inside a monotone leaf%s (at offset %ld, node %ld)", "");
        {
            const char *faces = k->tree + k->pos;
            k->pos += (size_t)k->n;
            if (!test_monotone(k, box, touch, faces, prec))
                return reject(k, "monotone leaf does not decide%s (at offset %ld, node %ld)", "");
        }
        return 0;
    default:
        k->pos--;
        return reject(k, "unknown tree code%s (at offset %ld, node %ld)", "");
    }
}

/* ---------------------------------------------------------------- reading the certificate */

static const char *next_line(const char **p, const char *end, size_t *n)
{
    if (*p >= end)
        return NULL;
    const char *s = *p, *e = memchr(s, '\n', (size_t)(end - s));
    if (!e)
        return NULL; /* every line ends with a newline */
    *n = (size_t)(e - s);
    *p = e + 1;
    return s;
}

static int line_is(const char *l, size_t n, const char *key, const char **val)
{
    size_t k = strlen(key);
    if (n < k + 1 || memcmp(l, key, k) != 0 || l[k] != ' ')
        return 0;
    *val = l + k + 1;
    return 1;
}

int gdc_cert_check(const char *cert, size_t len, const gdc_claim_t *c, char *msg, size_t msglen,
                   gdc_check_stats_t *stats)
{
    const char *p = cert, *end = cert + len, *v, *l;
    size_t n;
    char buf[256];
    int rc = 2;
    char *tree = NULL;
    arf_t level;
    arf_init(level);
#define NEED(key)                                                                                  \
    do {                                                                                           \
        l = next_line(&p, end, &n);                                                                \
        if (!l || !line_is(l, n, key, &v) || n - (size_t)(v - l) >= sizeof buf) {                  \
            snprintf(msg, msglen, "certificate: expected a '%s' line", key);                       \
            goto out;                                                                              \
        }                                                                                          \
        memcpy(buf, v, n - (size_t)(v - l));                                                       \
        buf[n - (size_t)(v - l)] = 0;                                                              \
    } while (0)
    l = next_line(&p, end, &n);
    if (!l || n != 20 || memcmp(l, "gdcert-certificate 1", 20) != 0) {
        snprintf(msg, msglen, "certificate: expected 'gdcert-certificate 1' as the first line");
        goto out;
    }
    NEED("claim");
    char name[256];
    snprintf(name, sizeof name, "%s", buf);
    NEED("claim-sha256");
    char hex[65];
    gdc_sha256_hex(hex, c->hash);
    int hash_ok = strcmp(buf, hex) == 0;
    NEED("goal");
    int goal = strcmp(buf, "prove") == 0 ? GDC_GOAL_PROVE : strcmp(buf, "min") == 0 ? GDC_GOAL_MIN
               : strcmp(buf, "max") == 0 ? GDC_GOAL_MAX : -1;
    if (goal < 0) {
        snprintf(msg, msglen, "certificate: expected goal prove, min or max");
        goto out;
    }
    NEED("vars");
    char *e;
    long nv = strtol(buf, &e, 10);
    if (*e || nv < 0 || nv > GDC_PROVE_MAX_VARS) {
        snprintf(msg, msglen, "certificate: expected a number of variables");
        goto out;
    }
    NEED("prec");
    long prec = strtol(buf, &e, 10);
    if (*e || prec < 8 || prec > CHECK_MAX_PREC) {
        snprintf(msg, msglen, "certificate: expected a precision from 8 to %d bits", CHECK_MAX_PREC);
        goto out;
    }
    if (goal != GDC_GOAL_PROVE) {
        NEED("level");
        if (gdc_dyadic_set_str(level, buf) || !arf_is_finite(level)) {
            snprintf(msg, msglen, "certificate: expected an exact level M or MpE");
            goto out;
        }
    }
    NEED("tree");
    long tlen = strtol(buf, &e, 10);
    if (*e || tlen < 1 || (size_t)tlen > len) {
        snprintf(msg, msglen, "certificate: expected the tree length");
        goto out;
    }
    tree = malloc((size_t)tlen + 1);
    if (!tree) {
        snprintf(msg, msglen, "certificate: out of memory");
        goto out;
    }
    size_t got = 0;
    for (;;) {
        l = next_line(&p, end, &n);
        if (!l) {
            snprintf(msg, msglen, "certificate: expected 'end' after the tree");
            goto out;
        }
        if (n == 3 && memcmp(l, "end", 3) == 0)
            break;
        if (got + n > (size_t)tlen) {
            snprintf(msg, msglen, "certificate: tree longer than its stated length");
            goto out;
        }
        memcpy(tree + got, l, n);
        got += n;
    }
    if (got != (size_t)tlen) {
        snprintf(msg, msglen, "certificate: tree shorter than its stated length");
        goto out;
    }
    tree[got] = 0;
    size_t body = (size_t)(p - cert);
    NEED("check");
    unsigned char h[32];
    gdc_sha256(h, cert, body);
    gdc_sha256_hex(hex, h);
    int sum_ok = strcmp(buf, hex) == 0;
    if (next_line(&p, end, &n) != NULL || p != end) {
        snprintf(msg, msglen, "certificate: expected nothing after the 'check' line");
        goto out;
    }
    /* semantic checks: from here on the certificate is readable; failures reject it */
    rc = 1;
    if (!hash_ok || strcmp(name, c->name) != 0) {
        snprintf(msg, msglen, "the certificate is for another claim text (claim hash or name differs)");
        goto out;
    }
    if (goal != (int)c->goal_kind || nv != c->nvars) {
        snprintf(msg, msglen, "goal or number of variables differs from the claim");
        goto out;
    }
    if (!sum_ok) {
        snprintf(msg, msglen, "the certificate was changed (check sum differs)");
        goto out;
    }
    {
        chk_t K, *k = &K;
        memset(k, 0, sizeof K);
        k->c = c;
        k->n = c->nvars;
        k->bound = goal != GDC_GOAL_PROVE;
        k->strict = k->bound ? 0 : c->goal.strict;
        k->obj = c->objective;
        k->tree = tree;
        k->len = got;
        k->msg = msg;
        k->msglen = msglen;
        arb_init(k->level);
        arb_set_arf(k->level, level);
        gdc_evalws_init(&k->ws, c);
        int nn = k->n > 0 ? k->n : 1;
        k->x = _arb_vec_init(nn);
        k->cpt = _arb_vec_init(nn);
        k->fx = _arb_vec_init(nn);
        k->fbox = _arb_vec_init(2 * nn);
        k->hq = _arb_vec_init(nn * nn);
        k->dq = _arb_vec_init(nn);
        arb_init(k->enc);
        arb_init(k->gc);
        arb_init(k->t);
        arb_ptr root = _arb_vec_init(2 * nn), rlo = _arb_vec_init(nn), rhi = _arb_vec_init(nn);
        int bad;
        if (gdc_claim_root_box(c, rlo, rhi, prec, &bad)) {
            snprintf(msg, msglen, "the range of %s cannot be enclosed", c->vars[bad].name);
        } else {
            for (int i = 0; i < k->n; i++) {
                arb_set(root + 2 * i, rlo + i);
                arb_set(root + 2 * i + 1, rhi + i);
            }
            unsigned touch = k->n > 0 ? (1u << (2 * k->n)) - 1u : 0u;
            if (walk(k, root, touch, prec, 0) == 0) {
                if (k->pos != k->len)
                    snprintf(msg, msglen, "tree has extra nodes after offset %ld", (long)k->pos);
                else {
                    rc = 0;
                    snprintf(msg, msglen, "%ld leaves re-decided (%ld nodes, depth %d)", k->leaves, k->nodes,
                             k->maxdepth);
                }
            } else {
            }
        }
        if (stats) {
            stats->nodes = k->nodes;
            stats->leaves = k->leaves;
            stats->max_depth = k->maxdepth;
        }
        _arb_vec_clear(root, 2 * nn);
        _arb_vec_clear(rlo, nn);
        _arb_vec_clear(rhi, nn);
        _arb_vec_clear(k->x, nn);
        _arb_vec_clear(k->cpt, nn);
        _arb_vec_clear(k->fx, nn);
        _arb_vec_clear(k->fbox, 2 * nn);
        _arb_vec_clear(k->hq, nn * nn);
        _arb_vec_clear(k->dq, nn);
        arb_clear(k->enc);
        arb_clear(k->gc);
        arb_clear(k->t);
        arb_clear(k->level);
        gdc_evalws_clear(&k->ws);
    }
out:
#undef NEED
    free(tree);
    arf_clear(level);
    return rc;
}
