/* Arb enclosures of the Section-4 FC/WS losses and gradients (002_588e28744115f015.txt eq. (1), Lemmas 3, 5,
 * Corollary 1; seed-002 C16, C17, C20, C22, C23); formulas as in erf_fc.c.
 * Two evaluations, both rigorous for every point of the input balls:
 *  stable: the cancellation-free form of erf_fc.c (differences of kernel angles by atan of the Gram-type cross
 *          terms, products in the log domain, P - C = C expm1(sum m log(V/Vuu))). It needs the sign of cos t and
 *          a, U either exactly 0 or positive on the ball; it is exactly 0 at the optimum and tightens with the
 *          working precision near it (its radius is relative, not 2^-prec absolute).
 *  direct: the plain products (C16, C22) with each kernel from a form where every argument occurs once
 *          (erf_fc_direct.c). Any balls.
 * Exact inputs use the stable form; wide ones the direct form, intersected with the stable one when the ball is
 * narrow (relative radius below 2^-30) and the stable form applies. k must be an exact integer >= 1. */
#include "erf/erf_fc_internal.h"

/* y = atan(num/den) for den > 0 */
static void atan_q(arb_t y, const arb_t num, const arb_t den, slong prec)
{
    arb_div(y, num, den, prec);
    arb_atan(y, y, prec);
}

/* ---------------- the stable form ---------------- */
/* a kernel V = (2/pi) th, th computed when first asked for: th = atan(2x^2/sqrt(1 + 4x^2)) for the self kernel
 * of a norm x (increasing in x: ends of the ball), th = atan(num/den) for the cross kernel; its log
 * (log((2/pi) th): absolute error about 2^-prec, so k log V for k <= 10^4 keeps prec - 14 bits) likewise */
typedef struct {
    int zero, self, have_th, have_lv;
    arb_t th, lv, num, den;
} akv_t;

static void kv_init(akv_t *v)
{
    v->zero = v->self = v->have_th = v->have_lv = 0;
    arb_init(v->th);
    arb_init(v->lv);
    arb_init(v->num);
    arb_init(v->den);
}

static void kv_clear(akv_t *v)
{
    arb_clear(v->th);
    arb_clear(v->lv);
    arb_clear(v->num);
    arb_clear(v->den);
}

static void kv_set_self(akv_t *v, const arb_t x)
{
    v->self = 1;
    arb_set(v->num, x);
}

static arb_srcptr kv_th(akv_t *v, slong prec)
{
    if (!v->have_th) {
        if (v->self)
            gdc_erf_fc_monotone(v->th, v->num, gdc_erf_fc_self_th, prec);
        else
            atan_q(v->th, v->num, v->den, prec);
        v->have_th = 1;
    }
    return v->th;
}

static arb_srcptr kv_lv(akv_t *v, slong prec)
{
    if (!v->have_lv) {
        gdc_erf_two_over_pi_arb(v->lv, prec);
        arb_mul(v->lv, v->lv, kv_th(v, prec), prec);
        arb_log(v->lv, v->lv, prec);
        v->have_lv = 1;
    }
    return v->lv;
}

typedef struct {
    long k;
    int Uzero;
    arb_t U, U2, Pu, Ru;
    akv_t vuu;
} au_t;

enum { NEED_UU = 1, NEED_AA_AU = 2, NEED_GRAD = 4 };

typedef struct {
    long m;
    int sg;
    arb_t a, s, c;
    akv_t vaa, vau;
    arb_t d_aa_uu, d_uu_au, d_aa_au, c1a, btw, btn, gf1w;
} ab_t;

static void ab_init(ab_t *b)
{
    arb_ptr v[] = {b->a, b->s, b->c, b->d_aa_uu, b->d_uu_au, b->d_aa_au, b->c1a, b->btw, b->btn, b->gf1w};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        arb_init(v[i]);
    kv_init(&b->vaa);
    kv_init(&b->vau);
}

static void ab_clear(ab_t *b)
{
    arb_ptr v[] = {b->a, b->s, b->c, b->d_aa_uu, b->d_uu_au, b->d_aa_au, b->c1a, b->btw, b->btn, b->gf1w};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        arb_clear(v[i]);
    kv_clear(&b->vaa);
    kv_clear(&b->vau);
}

/* 0 or positive on the whole ball */
static int zero_or_pos(const arb_t x) { return arb_is_zero(x) || arb_is_positive(x); }

static int au_init(au_t *u, const arb_t U, long k, slong prec)
{
    arb_init(u->U);
    arb_init(u->U2);
    arb_init(u->Pu);
    arb_init(u->Ru);
    kv_init(&u->vuu);
    u->k = k;
    arb_nonnegative_part(u->U, U);
    if (!zero_or_pos(u->U))
        return 0;
    u->Uzero = arb_is_zero(u->U);
    gdc_arb_sqr(u->U2, u->U, prec);
    arb_mul_2exp_si(u->Pu, u->U2, 1);
    arb_add_ui(u->Pu, u->Pu, 1, prec);
    arb_mul_2exp_si(u->Ru, u->U2, 2);
    arb_add_ui(u->Ru, u->Ru, 1, prec);
    arb_sqrt(u->Ru, u->Ru, prec);
    u->vuu.zero = u->Uzero;
    if (!u->Uzero)
        kv_set_self(&u->vuu, u->U);
    return 1;
}

static void au_clear(au_t *u)
{
    arb_clear(u->U);
    arb_clear(u->U2);
    arb_clear(u->Pu);
    arb_clear(u->Ru);
    kv_clear(&u->vuu);
}

/* the intermediates of one block: s^2, a^2, Pa = 1 + 2a^2, Ra = sqrt(1 + 4a^2), a^2 U^2,
 * sD = sqrt(Pa + 2U^2 + 4 a^2 U^2 s^2), aUc = a U c, dsq = a^2 - U^2 = (a - U)(a + U), M_a = dsq + U^2 s^2 Pa */
typedef struct {
    arb_t s2, a2, Pa, Ra, sD, a2U2, aUc, dsq, Ma;
} abw_t;

static void abw_init(abw_t *w)
{
    arb_ptr v[] = {w->s2, w->a2, w->Pa, w->Ra, w->sD, w->a2U2, w->aUc, w->dsq, w->Ma};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        arb_init(v[i]);
}

static void abw_clear(abw_t *w)
{
    arb_ptr v[] = {w->s2, w->a2, w->Pa, w->Ra, w->sD, w->a2U2, w->aUc, w->dsq, w->Ma};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        arb_clear(v[i]);
}

static void abw_set(abw_t *w, const ab_t *b, const au_t *u, slong prec)
{
    arb_t x;
    arb_init(x);
    gdc_arb_sqr(w->s2, b->s, prec);
    gdc_arb_sqr(w->a2, b->a, prec);
    arb_mul_2exp_si(w->Pa, w->a2, 1);
    arb_add_ui(w->Pa, w->Pa, 1, prec);
    arb_mul_2exp_si(w->Ra, w->a2, 2);
    arb_add_ui(w->Ra, w->Ra, 1, prec);
    arb_sqrt(w->Ra, w->Ra, prec);
    arb_mul(w->a2U2, w->a2, u->U2, prec);
    arb_mul(w->sD, w->a2U2, w->s2, prec);
    arb_mul_2exp_si(w->sD, w->sD, 2);
    arb_add(w->sD, w->sD, w->Pa, prec);
    arb_mul_2exp_si(x, u->U2, 1);
    arb_add(w->sD, w->sD, x, prec);
    arb_sqrt(w->sD, w->sD, prec);
    arb_mul(w->aUc, b->a, u->U, prec);
    arb_mul(w->aUc, w->aUc, b->c, prec);
    arb_sub(w->dsq, b->a, u->U, prec);
    arb_add(x, b->a, u->U, prec);
    arb_mul(w->dsq, w->dsq, x, prec);
    arb_mul(w->Ma, u->U2, w->s2, prec);
    arb_mul(w->Ma, w->Ma, w->Pa, prec);
    arb_add(w->Ma, w->Ma, w->dsq, prec);
    arb_clear(x);
}

/* y = atan(2 f M P / (den1 dot)) with den1 = g sD + h c R and dot = R sD + 4 aUc q: the difference of two kernel
 * angles as atan(cross/dot) with one division (f, P, g, h, R, q as each caller names them) */
static void atan_cross_dot(arb_t y, const arb_t f, const arb_t M, const arb_t P, const arb_t g, const arb_t h,
                           const arb_t c, const arb_t R, const arb_t q, const abw_t *w, slong prec)
{
    arb_t num, den, dt, x;
    arb_init(num);
    arb_init(den);
    arb_init(dt);
    arb_init(x);
    arb_mul(num, M, P, prec);
    arb_mul(num, num, f, prec);
    arb_mul_2exp_si(num, num, 1);
    arb_mul(den, g, w->sD, prec);
    arb_mul(x, h, c, prec);
    arb_mul(x, x, R, prec);
    arb_add(den, den, x, prec);
    arb_mul(dt, R, w->sD, prec);
    arb_mul(x, w->aUc, q, prec);
    arb_mul_2exp_si(x, x, 2);
    arb_add(dt, dt, x, prec);
    arb_mul(den, den, dt, prec);
    atan_q(y, num, den, prec);
    arb_clear(num);
    arb_clear(den);
    arb_clear(dt);
    arb_clear(x);
}

/* th_aa - th_uu: cross 2 (a^2 - U^2)(a^2 + U^2 + 4a^2U^2) / (a^2 Ru + U^2 Ra), dot Ra Ru + 4a^2U^2 */
static void ab_d_aa_uu(ab_t *b, const au_t *u, const abw_t *w, slong prec)
{
    if (arb_equal(b->a, u->U)) {
        arb_zero(b->d_aa_uu);
        return;
    }
    arb_t num, den, dt, x;
    arb_init(num);
    arb_init(den);
    arb_init(dt);
    arb_init(x);
    arb_add(num, w->a2, u->U2, prec);
    arb_mul_2exp_si(x, w->a2U2, 2);
    arb_add(num, num, x, prec);
    arb_mul(num, num, w->dsq, prec);
    arb_mul_2exp_si(num, num, 1);
    arb_mul(den, w->a2, u->Ru, prec);
    arb_mul(x, u->U2, w->Ra, prec);
    arb_add(den, den, x, prec);
    arb_mul(dt, w->Ra, u->Ru, prec);
    arb_mul_2exp_si(x, w->a2U2, 2);
    arb_add(dt, dt, x, prec);
    arb_mul(den, den, dt, prec); /* atan(cross/dot) with one division */
    atan_q(b->d_aa_uu, num, den, prec);
    arb_clear(num);
    arb_clear(den);
    arb_clear(dt);
    arb_clear(x);
}

/* th_uu - th_au: cross 2U Pu M_u / (U sD + a c Ru), dot Ru sD + 4 aUc U^2, M_u = (U - a)(U + a) + a^2 s^2 Pu */
static void ab_d_uu_au(ab_t *b, const au_t *u, const abw_t *w, slong prec)
{
    if (u->Uzero) {
        arb_zero(b->d_uu_au);
        return;
    }
    arb_t Mu;
    arb_init(Mu);
    arb_mul(Mu, w->a2, w->s2, prec);
    arb_mul(Mu, Mu, u->Pu, prec);
    arb_sub(Mu, Mu, w->dsq, prec);
    atan_cross_dot(b->d_uu_au, u->U, Mu, u->Pu, u->U, b->a, b->c, u->Ru, u->U2, w, prec);
    arb_clear(Mu);
}

/* the gradient's block terms: c1 a, <bt, w/|w|>, <bt, n>, and c1 a - <bt, w/|w|> */
static void ab_grad(ab_t *b, const au_t *u, const abw_t *w, slong prec)
{
    arb_t fp, x, den;
    arb_init(fp);
    arb_init(x);
    arb_init(den);
    gdc_erf_two_over_pi_arb(fp, prec);
    arb_mul_2exp_si(fp, fp, 1); /* 4/pi */
    arb_mul(x, w->Pa, w->Ra, prec);
    arb_div(b->c1a, b->a, x, prec);
    arb_mul(b->c1a, b->c1a, fp, prec);
    arb_div(b->btn, u->U, w->sD, prec);
    arb_mul(b->btn, b->btn, fp, prec);
    arb_mul(b->btw, b->btn, b->c, prec);
    arb_div(b->btw, b->btw, w->Pa, prec);
    if (b->sg < 0)
        arb_neg(b->btw, b->btw);
    arb_mul(b->btn, b->btn, b->s, prec);
    if (b->sg > 0 && arb_is_positive(b->a) && !u->Uzero) {
        /* c1 a - <bt, w/|w|> = (4/pi) M_a / (Ra sD (a sD + U c Ra)) */
        arb_mul(den, b->a, w->sD, prec);
        arb_mul(x, u->U, b->c, prec);
        arb_mul(x, x, w->Ra, prec);
        arb_add(den, den, x, prec);
        arb_mul(den, den, w->Ra, prec);
        arb_mul(den, den, w->sD, prec);
        arb_div(b->gf1w, w->Ma, den, prec);
        arb_mul(b->gf1w, b->gf1w, fp, prec);
    } else
        arb_sub(b->gf1w, b->c1a, b->btw, prec);
    arb_clear(fp);
    arb_clear(x);
    arb_clear(den);
}

/* Block quantities of the stable form (what `need` asks for); returns 0 when it does not apply to the ball. */
static int ab_set(ab_t *b, const au_t *u, const arb_t a, const arb_t t, long m, int need, slong prec)
{
    b->m = m;
    arb_nonnegative_part(b->a, a);
    arb_sin_cos(b->s, b->c, t, prec);
    if (arb_is_positive(b->c))
        b->sg = 1;
    else if (arb_is_negative(b->c)) {
        b->sg = -1;
        arb_neg(b->c, b->c);
    } else
        return 0;
    if (!zero_or_pos(b->a))
        return 0;
    abw_t w;
    abw_init(&w);
    abw_set(&w, b, u, prec);
    /* kernels: th_aa = atan(2a^2/Ra) (increasing in a), th_au = atan(2aUc/sD) */
    b->vaa.zero = arb_is_zero(b->a);
    b->vau.zero = b->vaa.zero || u->Uzero;
    if (!b->vaa.zero)
        kv_set_self(&b->vaa, b->a);
    if (!b->vau.zero) {
        arb_mul_2exp_si(b->vau.num, w.aUc, 1);
        arb_set(b->vau.den, w.sD);
    }
    if (need & NEED_UU) {
        ab_d_aa_uu(b, u, &w, prec);
        ab_d_uu_au(b, u, &w, prec);
    }
    if (need & NEED_AA_AU) {
        /* th_aa - th_au: cross 2a Pa M_a / (a sD + U c Ra), dot Ra sD + 4 aUc a^2 */
        if (b->vaa.zero)
            arb_zero(b->d_aa_au);
        else
            atan_cross_dot(b->d_aa_au, b->a, w.Ma, w.Pa, b->a, u->U, b->c, w.Ra, w.a2, &w, prec);
    }
    if (need & NEED_GRAD)
        ab_grad(b, u, &w, prec);
    abw_clear(&w);
    return 1;
}

/* r = log(th1/th2) from d = th1 - th2: log1p(d/th2) when d >= -th2/2 (by the midpoints), else the difference
 * of the logs; both are identities */
static void log_ratio(arb_t r, akv_t *v1, akv_t *v2, const arb_t d, slong prec)
{
    arb_srcptr t2 = kv_th(v2, prec);
    arf_t h;
    arf_init(h);
    arf_mul_2exp_si(h, arb_midref(t2), -1);
    arf_neg(h, h);
    if (arb_is_positive(t2) && arf_cmp(arb_midref(d), h) >= 0) {
        arb_div(r, d, t2, prec);
        arb_log1p(r, r, prec);
    } else
        arb_sub(r, kv_lv(v1, prec), kv_lv(v2, prec), prec);
    arf_clear(h);
}

static void addmul_si(arb_t acc, const arb_t x, long m, slong prec)
{
    arb_t u;
    arb_init(u);
    arb_mul_si(u, x, m, prec);
    arb_add(acc, acc, u, prec);
    arb_clear(u);
}

/* loss[3] = F^(1,k), F^(1), F^(k); P = prod V(wl,wl), Q = prod V(wl,u0), C = Vuu^k:
 * P - C = C expm1(sum m log(V(wl,wl)/Vuu)), Q - C likewise when Q > 0 */
static void loss_stable(arb_ptr loss, au_t *u, ab_t *g, int ng, slong prec)
{
    ab_t *b0 = &g[0];
    int zeroC = u->vuu.zero, zeroP = 0, zeroQ = 0, sgnQ = 1;
    arb_t F1, dl, C, PmC, QmC, r;
    arb_init(F1); arb_init(dl); arb_init(C); arb_init(PmC); arb_init(QmC); arb_init(r);
    if (b0->sg > 0)
        arb_add(F1, b0->d_aa_au, b0->d_uu_au, prec);
    else {
        arb_add(F1, kv_th(&b0->vaa, prec), kv_th(&u->vuu, prec), prec);
        arb_mul_2exp_si(r, kv_th(&b0->vau, prec), 1);
        arb_add(F1, F1, r, prec);
    }
    arb_const_pi(r, prec);
    arb_div(F1, F1, r, prec);
    for (int i = 0; i < ng; i++) {
        if (g[i].m == 0)
            continue;
        zeroP |= g[i].vaa.zero;
        zeroQ |= g[i].vau.zero;
        if (!g[i].vau.zero && g[i].sg < 0 && (g[i].m & 1))
            sgnQ = -sgnQ;
    }
    if (!zeroC) {
        arb_mul_si(C, kv_lv(&u->vuu, prec), u->k, prec);
        arb_exp(C, C, prec);
    }
    /* P - C */
    if (zeroP)
        arb_neg(PmC, C);
    else {
        for (int i = 0; i < ng; i++) {
            if (g[i].m == 0)
                continue;
            if (zeroC)
                addmul_si(dl, kv_lv(&g[i].vaa, prec), g[i].m, prec);
            else {
                log_ratio(r, &g[i].vaa, &u->vuu, g[i].d_aa_uu, prec);
                addmul_si(dl, r, g[i].m, prec);
            }
        }
        if (zeroC)
            arb_exp(PmC, dl, prec);
        else {
            arb_expm1(PmC, dl, prec);
            arb_mul(PmC, PmC, C, prec);
        }
    }
    /* Q - C */
    arb_zero(dl);
    if (zeroQ)
        arb_neg(QmC, C);
    else {
        int logs = zeroC || sgnQ < 0;
        for (int i = 0; i < ng; i++) {
            if (g[i].m == 0)
                continue;
            if (logs)
                addmul_si(dl, kv_lv(&g[i].vau, prec), g[i].m, prec);
            else {
                arb_neg(QmC, g[i].d_uu_au);
                log_ratio(r, &g[i].vau, &u->vuu, QmC, prec);
                addmul_si(dl, r, g[i].m, prec);
            }
        }
        if (logs) {
            arb_exp(QmC, dl, prec);
            if (sgnQ < 0) {
                arb_add(QmC, QmC, C, prec);
                arb_neg(QmC, QmC);
            }
        } else {
            arb_expm1(QmC, dl, prec);
            arb_mul(QmC, QmC, C, prec);
        }
    }
    arb_mul_2exp_si(QmC, QmC, 1);
    arb_sub(loss + 2, PmC, QmC, prec);
    arb_mul_2exp_si(loss + 2, loss + 2, -1);
    arb_set(loss + 1, F1);
    if (u->k == 1)
        arb_mul_2exp_si(loss, F1, 2);
    else
        arb_add(loss, F1, loss + 2, prec);
    arb_clear(F1); arb_clear(dl); arb_clear(C); arb_clear(PmC); arb_clear(QmC); arb_clear(r);
}

/* gradient of F^(1,k) with respect to a block of group h (block 1 itself when first = 1) */
static void grad_stable(arb_t gw, arb_t gn, const au_t *u, ab_t *g, int ng, int h, int first, slong prec)
{
    ab_t *b = &g[h];
    if (u->k == 1) {
        arb_mul_2exp_si(gw, b->gf1w, 2);
        arb_mul_2exp_si(gn, b->btn, 2);
        arb_neg(gn, gn);
        return;
    }
    int zeroP = 0, zeroQ = 0, sgnQ = 1;
    arb_t LQ, dl, Q, r;
    arb_init(LQ); arb_init(dl); arb_init(Q); arb_init(r);
    for (int i = 0; i < ng; i++) {
        long mm = g[i].m - (i == h);
        if (mm <= 0)
            continue;
        zeroP |= g[i].vaa.zero;
        zeroQ |= g[i].vau.zero;
        if (!g[i].vau.zero && g[i].sg < 0 && (mm & 1))
            sgnQ = -sgnQ;
    }
    if (!zeroQ) {
        for (int i = 0; i < ng; i++) {
            long mm = g[i].m - (i == h);
            if (mm > 0)
                addmul_si(LQ, kv_lv(&g[i].vau, prec), mm, prec);
        }
        arb_exp(Q, LQ, prec);
        if (sgnQ < 0)
            arb_neg(Q, Q);
    }
    if (!zeroP && !zeroQ && sgnQ > 0) {
        /* (P' - Q') c1 a + Q' gF1, P' - Q' = Q' expm1(sum m log(V(w,w)/V(u,w))) */
        for (int i = 0; i < ng; i++) {
            long mm = g[i].m - (i == h);
            if (mm <= 0)
                continue;
            log_ratio(r, &g[i].vaa, &g[i].vau, g[i].d_aa_au, prec);
            addmul_si(dl, r, mm, prec);
        }
        arb_expm1(r, dl, prec);
        arb_mul(r, r, Q, prec);
        arb_mul(gw, r, b->c1a, prec);
        arb_mul(r, Q, b->gf1w, prec);
        arb_add(gw, gw, r, prec);
    } else {
        if (!zeroP) {
            for (int i = 0; i < ng; i++) {
                long mm = g[i].m - (i == h);
                if (mm > 0)
                    addmul_si(dl, kv_lv(&g[i].vaa, prec), mm, prec);
            }
            arb_exp(r, dl, prec);
        }
        arb_mul(gw, r, b->c1a, prec);
        arb_mul(r, Q, b->btw, prec);
        arb_sub(gw, gw, r, prec);
    }
    if (first) {
        arb_add(gw, gw, b->gf1w, prec);
        arb_add_ui(Q, Q, 1, prec);
    }
    arb_mul(gn, Q, b->btn, prec);
    arb_neg(gn, gn);
    arb_clear(LQ); arb_clear(dl); arb_clear(Q); arb_clear(r);
}

/* ---------------- row drivers ---------------- */

/* every input ball narrow enough for the stable form to be worth computing */
static int narrow(arb_srcptr x, int n)
{
    for (int i = 0; i < n; i++)
        if (!arb_is_exact(x + i) && !(arb_rel_accuracy_bits(x + i) >= 30))
            return 0;
    return 1;
}

static int all_exact(arb_srcptr x, int n)
{
    for (int i = 0; i < n; i++)
        if (!arb_is_exact(x + i))
            return 0;
    return 1;
}

static int get_k(long *k, const arb_t x)
{
    if (!arb_is_int(x) || arf_cmp_si(arb_midref(x), 1) < 0 || arf_cmp_si(arb_midref(x), 1000000000) > 0)
        return 0;
    *k = arf_get_si(arb_midref(x), ARF_RND_NEAR);
    return 1;
}

/* out[nout] of the row from its arguments: groups (a[g], t[g], m[g]) with a = x + ia[g], t = x + ia[g] + 1 */
static int eval_stable(arb_ptr out, int row, long k, arb_srcptr x, slong prec)
{
    int ws = row == GDC_ERF_ROW_WS_LOSS || row == GDC_ERF_ROW_WS_GRAD, ng = ws ? 1 : (k == 1 ? 1 : 2), ok;
    int loss = row == GDC_ERF_ROW_WS_LOSS || row == GDC_ERF_ROW_FC_LOSS;
    long m[2] = {ws ? k : 1, k - 1};
    arb_srcptr ab[2] = {x + 2, x + 4};
    au_t u;
    ab_t g[2];
    ab_init(&g[0]);
    ab_init(&g[1]);
    ok = au_init(&u, x + 1, k, prec);
    for (int i = 0; ok && i < ng; i++) {
        /* loss rows: the kernel differences with Vuu, and th_aa - th_au for F^(1) of block 1 */
        int need = loss ? NEED_UU | (i == 0 ? NEED_AA_AU : 0) : NEED_AA_AU | NEED_GRAD;
        ok = ab_set(&g[i], &u, ab[i], ab[i] + 1, m[i], need, prec);
    }
    if (ok) {
        if (loss)
            loss_stable(out, &u, g, ng, prec);
        else if (row == GDC_ERF_ROW_FC_GRAD) {
            grad_stable(out, out + 1, &u, g, ng, 0, 1, prec);
            if (ng == 2)
                grad_stable(out + 2, out + 3, &u, g, ng, 1, 0, prec);
            else {
                arb_zero(out + 2);
                arb_zero(out + 3);
            }
        } else {
            grad_stable(out, out + 1, &u, g, 1, 0, 1, prec);
            if (k > 1) {
                arb_t w, n;
                arb_init(w);
                arb_init(n);
                grad_stable(w, n, &u, g, 1, 0, 0, prec);
                arb_mul_si(w, w, k - 1, prec);
                arb_mul_si(n, n, k - 1, prec);
                arb_add(out, out, w, prec);
                arb_add(out + 1, out + 1, n, prec);
                arb_clear(w);
                arb_clear(n);
            }
        }
    }
    au_clear(&u);
    ab_clear(&g[0]);
    ab_clear(&g[1]);
    return ok;
}

static void eval_row(arb_ptr out, int row, arb_srcptr x, slong prec)
{
    int nargs = row == GDC_ERF_ROW_WS_LOSS || row == GDC_ERF_ROW_WS_GRAD ? 4 : 6;
    int nout = row == GDC_ERF_ROW_FC_GRAD ? 4 : 3, ncomp = row == GDC_ERF_ROW_WS_GRAD ? 2 : nout;
    long k;
    if (!get_k(&k, x)) {
        for (int i = 0; i < nout; i++)
            arb_indeterminate(out + i);
        return;
    }
    int exact = all_exact(x, nargs), have_s = 0;
    arb_ptr s = _arb_vec_init(nout), d = _arb_vec_init(nout);
    if (exact || narrow(x, nargs)) {
        have_s = eval_stable(s, row, k, x, prec);
        for (int i = 0; have_s && i < ncomp; i++)
            if (!arb_is_finite(s + i))
                have_s = 0;
    }
    if (exact && have_s)
        _arb_vec_set(out, s, ncomp);
    else {
        gdc_erf_fc_eval_direct(d, row, k, x, prec);
        for (int i = 0; i < ncomp; i++) {
            if (have_s && arb_is_finite(d + i)) {
                if (!arb_intersection(out + i, s + i, d + i, prec))
                    arb_set(out + i, d + i); /* unreachable for two rigorous enclosures */
            } else
                arb_set(out + i, have_s ? s + i : d + i);
        }
    }
    if (row == GDC_ERF_ROW_WS_GRAD) {
        arb_t u;
        arb_init(u);
        gdc_arb_sqr(out + 2, out, prec);
        gdc_arb_sqr(u, out + 1, prec);
        arb_add(out + 2, out + 2, u, prec);
        arb_sqrtpos(out + 2, out + 2, prec); /* a sum of squares: its negative part is void */
        arb_clear(u);
    }
    _arb_vec_clear(s, nout);
    _arb_vec_clear(d, nout);
}

void gdc_erf_ws_loss_arb(arb_ptr out, arb_srcptr x, slong prec) { eval_row(out, GDC_ERF_ROW_WS_LOSS, x, prec); }
void gdc_erf_ws_grad_arb(arb_ptr out, arb_srcptr x, slong prec) { eval_row(out, GDC_ERF_ROW_WS_GRAD, x, prec); }
void gdc_erf_fc_loss_arb(arb_ptr out, arb_srcptr x, slong prec) { eval_row(out, GDC_ERF_ROW_FC_LOSS, x, prec); }
void gdc_erf_fc_grad_arb(arb_ptr out, arb_srcptr x, slong prec) { eval_row(out, GDC_ERF_ROW_FC_GRAD, x, prec); }
