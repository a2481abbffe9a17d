/* The direct Arb form of the Section-4 FC/WS losses and gradients (002_588e28744115f015.txt eq. (1), Lemma 5,
 * Corollary 1; seed-002 C16, C22, C25), for any input balls: the plain products, with every kernel from a form in
 * which each argument occurs once (V(w, w) increasing in a: values at the ends of the ball; V(u, w) =
 * (2/pi) asin(cos t g(a) g(U)), g(x) = sqrt2 x / sqrt(1 + 2x^2) increasing, Lemma 7's factorisation) and the
 * denominators as reciprocal intervals. Also the helpers shared with the stable form (erf_fc_arb.c). */
#include "erf/erf_fc_internal.h"

/* ---------------- helpers shared with erf_fc_arb.c ---------------- */
/* th(a) = atan(2a^2 / sqrt(1 + 4a^2)) at an exact a */
void gdc_erf_fc_self_th(arb_t th, const arb_t a, slong prec)
{
    arb_t u, v;
    arb_init(u);
    arb_init(v);
    gdc_arb_sqr(u, a, prec);
    arb_mul_2exp_si(v, u, 2);
    arb_add_ui(v, v, 1, prec);
    arb_sqrt(v, v, prec);
    arb_mul_2exp_si(u, u, 1);
    arb_div(th, u, v, prec);
    arb_atan(th, th, prec);
    arb_clear(u);
    arb_clear(v);
}

/* f monotone on x >= 0: enclosure over the non-negative part of the ball x by the values at its two ends */
void gdc_erf_fc_monotone(arb_t r, const arb_t x, void (*f)(arb_t, const arb_t, slong), slong prec)
{
    arb_t xp;
    arb_init(xp);
    arb_nonnegative_part(xp, x);
    gdc_arb_monotone_ends(r, xp, f, prec);
    arb_clear(xp);
}

/* g(x) = sqrt2 x / sqrt(1 + 2x^2) at an exact x */
static void g_exact(arb_t r, const arb_t x, slong prec)
{
    arb_t u;
    arb_init(u);
    gdc_arb_sqr(u, x, prec);
    arb_mul_2exp_si(u, u, 1);
    arb_add_ui(u, u, 1, prec);
    arb_rsqrt(u, u, prec);
    arb_mul(r, x, u, prec);
    arb_sqrt_ui(u, 2, prec);
    arb_mul(r, r, u, prec);
    arb_clear(u);
}

/* ---------------- the direct form ---------------- */
typedef struct {
    arb_t vaa, vau, c1a, btw, btn;
} db_t;

/* 1/(1 + 2a^2) and 1/((1 + 2a^2) sqrt(1 + 4a^2)) at an exact a (decreasing in a >= 0) */
static void inv_pa_exact(arb_t r, const arb_t a, slong prec)
{
    gdc_arb_sqr(r, a, prec);
    arb_mul_2exp_si(r, r, 1);
    arb_add_ui(r, r, 1, prec);
    arb_inv(r, r, prec);
}

static void inv_papra_exact(arb_t r, const arb_t a, slong prec)
{
    arb_t u;
    arb_init(u);
    gdc_arb_sqr(u, a, prec);
    arb_mul_2exp_si(r, u, 2);
    arb_add_ui(r, r, 1, prec);
    arb_rsqrt(r, r, prec);
    arb_mul_2exp_si(u, u, 1);
    arb_add_ui(u, u, 1, prec);
    arb_div(r, r, u, prec);
    arb_clear(u);
}

/* lower (upper) end of a ball, at least 0 */
static void end_nonneg(arf_t e, const arb_t x, int upper, slong prec)
{
    if (upper)
        arb_get_ubound_arf(e, x, prec);
    else
        arb_get_lbound_arf(e, x, prec);
    if (arf_sgn(e) < 0)
        arf_zero(e);
}

/* 1/sqrt(1 + 2a^2 + 2U^2 + 4 (a U s)^2) over the balls a, U >= 0 and s: the sum's ends from the ends of its
 * non-negative terms (directed rounding), then the reciprocal square roots of the two ends */
static void inv_sd_interval(arb_t r, const arb_t a, const arb_t U, const arb_t s, slong prec)
{
    arb_t q, e[2];
    arf_t t, end[2];
    arb_init(q);
    arf_init(t);
    for (int j = 0; j < 2; j++) {
        arb_init(e[j]);
        arf_init(end[j]);
        arf_one(end[j]);
    }
    for (int term = 0; term < 3; term++) {
        if (term == 0)
            gdc_arb_sqr(q, a, prec);
        else if (term == 1)
            gdc_arb_sqr(q, U, prec);
        else {
            arb_mul(q, a, U, prec);
            arb_mul(q, q, s, prec);
            gdc_arb_sqr(q, q, prec);
            arb_mul_2exp_si(q, q, 1);
        }
        arb_mul_2exp_si(q, q, 1);
        for (int j = 0; j < 2; j++) {
            end_nonneg(t, q, j, prec);
            arf_add(end[j], end[j], t, prec, j ? ARF_RND_CEIL : ARF_RND_FLOOR);
        }
    }
    /* e[0] = 1/sqrt(low end) is the upper end of the reciprocal, e[1] the lower */
    for (int j = 0; j < 2; j++) {
        arb_set_arf(e[j], end[j]);
        arb_rsqrt(e[j], e[j], prec);
    }
    arb_get_lbound_arf(end[0], e[1], prec);
    arb_get_ubound_arf(end[1], e[0], prec);
    arb_set_interval_arf(r, end[0], end[1], prec);
    arb_clear(q);
    arf_clear(t);
    for (int j = 0; j < 2; j++) {
        arb_clear(e[j]);
        arf_clear(end[j]);
    }
}

/* asin over a ball q whose points lie in (-1, 1) (here |q| = |cos t| g(a) g(U) < 1) while its enclosure may
 * overhang +-1 by rounding: asin is increasing, so its values at the ends clamped to [-1, 1] enclose the range */
static void asin_clamped(arb_t r, const arb_t q, slong prec)
{
    arb_t lo, hi, one;
    arb_init(lo);
    arb_init(hi);
    arb_init(one);
    gdc_arb_endpoints(lo, hi, q, prec);
    arb_one(one);
    if (arb_gt(hi, one))
        arb_one(hi);
    arb_neg(one, one);
    if (arb_lt(lo, one))
        arb_set(lo, one);
    arb_asin(lo, lo, prec);
    arb_asin(hi, hi, prec);
    arb_union(r, lo, hi, prec);
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(one);
}

static void vself_exact(arb_t r, const arb_t a, slong prec)
{
    arb_t tp;
    arb_init(tp);
    gdc_erf_fc_self_th(r, a, prec);
    gdc_erf_two_over_pi_arb(tp, prec);
    arb_mul(r, r, tp, prec);
    arb_clear(tp);
}

static void db_set(db_t *d, const arb_t U, const arb_t a, const arb_t t, slong prec)
{
    arb_t ap, Up, s, c, w, isD, iPa, fp;
    arb_init(ap); arb_init(Up); arb_init(s); arb_init(c); arb_init(w); arb_init(isD); arb_init(iPa); arb_init(fp);
    arb_init(d->vaa); arb_init(d->vau); arb_init(d->c1a); arb_init(d->btw); arb_init(d->btn);
    arb_nonnegative_part(ap, a);
    arb_nonnegative_part(Up, U);
    arb_sin_cos(s, c, t, prec);
    gdc_erf_fc_monotone(d->vaa, ap, vself_exact, prec);
    /* V(u, w) = (2/pi) asin(cos t g(a) g(U)) (C25); |cos t g g| < 1 */
    gdc_erf_fc_monotone(w, ap, g_exact, prec);
    gdc_erf_fc_monotone(d->vau, Up, g_exact, prec);
    arb_mul(d->vau, d->vau, w, prec);
    arb_mul(d->vau, d->vau, c, prec);
    asin_clamped(d->vau, d->vau, prec);
    gdc_erf_two_over_pi_arb(fp, prec);
    arb_mul(d->vau, d->vau, fp, prec);
    arb_mul_2exp_si(fp, fp, 1);
    /* The denominators as reciprocals, each an interval from the ends of its monotone pieces (a ball of the sum
     * 1 + 2a^2 + ... over a wide box cannot keep its lower end 1 once the largest term is wide: the radius
     * rounding eats it, and a division would be undefined):
     * 1/sD, sD = sqrt(1 + 2a^2 + 2U^2 + 4 a^2 U^2 s^2) increasing in a, U and |s|; 1/Pa = 1/(1 + 2a^2);
     * 1/((1 + 2a^2) sqrt(1 + 4a^2)) decreasing in a. */
    inv_sd_interval(isD, ap, Up, s, prec);
    gdc_erf_fc_monotone(iPa, ap, inv_pa_exact, prec);
    gdc_erf_fc_monotone(w, ap, inv_papra_exact, prec);
    arb_mul(d->c1a, ap, w, prec);
    arb_mul(d->c1a, d->c1a, fp, prec);      /* c1 a = (4/pi) a / ((1 + 2a^2) sqrt(1 + 4a^2)) */
    arb_mul(d->btn, Up, isD, prec);
    arb_mul(d->btn, d->btn, fp, prec);
    arb_mul(d->btw, d->btn, c, prec);
    arb_mul(d->btw, d->btw, iPa, prec);      /* (4/pi) U cos t / ((1 + 2a^2) isD) */
    arb_mul(d->btn, d->btn, s, prec);       /* (4/pi) U sin t / isD */
    arb_clear(ap); arb_clear(Up); arb_clear(s); arb_clear(c); arb_clear(w); arb_clear(isD); arb_clear(iPa); arb_clear(fp);
}

static void db_clear(db_t *d)
{
    arb_clear(d->vaa); arb_clear(d->vau); arb_clear(d->c1a); arb_clear(d->btw); arb_clear(d->btn);
}

/* direct loss for groups (a[g], t[g], m[g]) */
static void loss_direct(arb_ptr loss, const arb_t U, long k, const db_t *g, const long *m, int ng, slong prec)
{
    arb_t vuu, P, Q, r;
    arb_init(vuu); arb_init(P); arb_init(Q); arb_init(r);
    gdc_erf_fc_monotone(vuu, U, vself_exact, prec);
    arb_mul_2exp_si(r, g[0].vau, 1);
    arb_sub(loss + 1, g[0].vaa, r, prec);
    arb_add(loss + 1, loss + 1, vuu, prec);
    arb_mul_2exp_si(loss + 1, loss + 1, -1);
    arb_one(P);
    arb_one(Q);
    for (int i = 0; i < ng; i++) {
        if (m[i] == 0)
            continue;
        arb_pow_ui(r, g[i].vaa, (ulong)m[i], prec);
        arb_mul(P, P, r, prec);
        arb_pow_ui(r, g[i].vau, (ulong)m[i], prec);
        arb_mul(Q, Q, r, prec);
    }
    arb_pow_ui(r, vuu, (ulong)k, prec);
    arb_mul_2exp_si(Q, Q, 1);
    arb_sub(P, P, Q, prec);
    arb_add(P, P, r, prec);
    arb_mul_2exp_si(loss + 2, P, -1);
    if (k == 1)
        arb_mul_2exp_si(loss, loss + 1, 2);
    else
        arb_add(loss, loss + 1, loss + 2, prec);
    arb_clear(vuu); arb_clear(P); arb_clear(Q); arb_clear(r);
}

static void grad_direct(arb_t gw, arb_t gn, long k, const db_t *g, const long *m, int ng, int h, int first,
                        slong prec)
{
    const db_t *b = &g[h];
    arb_t P, Q, r;
    arb_init(P); arb_init(Q); arb_init(r);
    if (k == 1) {
        arb_sub(gw, b->c1a, b->btw, prec);
        arb_mul_2exp_si(gw, gw, 2);
        arb_mul_2exp_si(gn, b->btn, 2);
        arb_neg(gn, gn);
    } else {
        arb_one(P);
        arb_one(Q);
        for (int i = 0; i < ng; i++) {
            long mm = m[i] - (i == h);
            if (mm <= 0)
                continue;
            arb_pow_ui(r, g[i].vaa, (ulong)mm, prec);
            arb_mul(P, P, r, prec);
            arb_pow_ui(r, g[i].vau, (ulong)mm, prec);
            arb_mul(Q, Q, r, prec);
        }
        if (first) {
            arb_add_ui(P, P, 1, prec);
            arb_add_ui(Q, Q, 1, prec);
        }
        arb_mul(gw, P, b->c1a, prec);
        arb_mul(r, Q, b->btw, prec);
        arb_sub(gw, gw, r, prec);
        arb_mul(gn, Q, b->btn, prec);
        arb_neg(gn, gn);
    }
    arb_clear(P); arb_clear(Q); arb_clear(r);
}

void gdc_erf_fc_eval_direct(arb_ptr out, int row, long k, arb_srcptr x, slong prec)
{
    int ws = row == GDC_ERF_ROW_WS_LOSS || row == GDC_ERF_ROW_WS_GRAD, ng = ws ? 1 : (k == 1 ? 1 : 2);
    long m[2] = {ws ? k : 1, k - 1};
    db_t g[2];
    db_set(&g[0], x + 1, x + 2, x + 3, prec);
    if (ng == 2)
        db_set(&g[1], x + 1, x + 4, x + 5, prec);
    if (row == GDC_ERF_ROW_WS_LOSS || row == GDC_ERF_ROW_FC_LOSS)
        loss_direct(out, x + 1, k, g, m, ng, prec);
    else if (row == GDC_ERF_ROW_FC_GRAD) {
        grad_direct(out, out + 1, k, g, m, ng, 0, 1, prec);
        if (ng == 2)
            grad_direct(out + 2, out + 3, k, g, m, ng, 1, 0, prec);
        else {
            arb_zero(out + 2);
            arb_zero(out + 3);
        }
    } else {
        /* WS: (1 + k Vww^{k-1}) c1 a - (1 + k Vuw^{k-1}) bt (C22), written with each factor once */
        arb_t P, Q;
        arb_init(P);
        arb_init(Q);
        if (k == 1) {
            arb_set_ui(P, 4);
            arb_set_ui(Q, 4);
        } else {
            arb_pow_ui(P, g[0].vaa, (ulong)(k - 1), prec);
            arb_mul_si(P, P, k, prec);
            arb_add_ui(P, P, 1, prec);
            arb_pow_ui(Q, g[0].vau, (ulong)(k - 1), prec);
            arb_mul_si(Q, Q, k, prec);
            arb_add_ui(Q, Q, 1, prec);
        }
        arb_mul(out, P, g[0].c1a, prec);
        arb_mul(P, Q, g[0].btw, prec);
        arb_sub(out, out, P, prec);
        arb_mul(out + 1, Q, g[0].btn, prec);
        arb_neg(out + 1, out + 1);
        arb_clear(P);
        arb_clear(Q);
    }
    db_clear(&g[0]);
    if (ng == 2)
        db_clear(&g[1]);
}

