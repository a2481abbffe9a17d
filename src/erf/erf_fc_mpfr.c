/* MPFR values of the Section-4 FC/WS losses and gradients (002_588e28744115f015.txt eq. (1), Lemmas 3, 5,
 * Corollary 1; seed-002 C13, C16, C17, C20, C22), at GDC_ERF_MPFR_WORK bits, by a route partly independent of the
 * Arb one (at W0 bits or more): kernels by Williams' arcsine V = (2/pi) asin(2aUc / sqrt(Pa Pu)) (C13) instead of the atan form, and
 * differences of two arcsines by one arcsine of the Gram-type combination,
 *   th1 - th2 = asin((y1 x2 - y2 x1) / (r1 r2)),  r = sqrt(x^2 + y^2) = Pa (self kernel), sqrt(Pa Pu) (cross),
 * with the same cancellation-free cross terms as erf_fc.c (so the optimum gives exactly 0); products in the log
 * domain with log1p/expm1 (C14). */
#include "erf/erf_fc.h"
#include "erf/erf.h"

/* working precision: the rows' cancellations near the optimum cost at most about 64 bits, so 384 bits leave the
 * value well inside 2^-300 relative (the MPFR check's allowance); 128 bits above the output precision when that
 * is higher (gdc_erf_mpfr_work), carried in mu_t as w */
#define W0 384
#define R MPFR_RNDN

/* a kernel V = (2/pi) th with th = asin(num/den), computed when first asked for, and log V likewise */
typedef struct {
    int zero, have_th, have_lv;
    mpfr_t th, lv, num, den;
} mkv_t;

static void kv_init(mkv_t *v, mpfr_prec_t w)
{
    v->zero = v->have_th = v->have_lv = 0;
    mpfr_inits2(w, v->th, v->lv, v->num, v->den, (mpfr_ptr)0);
}

static void kv_clear(mkv_t *v) { mpfr_clears(v->th, v->lv, v->num, v->den, (mpfr_ptr)0); }

/* a zero kernel (U = 0, a = 0 or cos t = 0: num and den never set) has th = 0 */
static mpfr_srcptr kv_th(mkv_t *v)
{
    if (!v->have_th && v->zero) {
        mpfr_set_zero(v->th, 1);
        v->have_th = 1;
    }
    if (!v->have_th) {
        mpfr_div(v->th, v->num, v->den, R);
        mpfr_asin(v->th, v->th, R);
        v->have_th = 1;
    }
    return v->th;
}

/* log((2/pi) th) */
static mpfr_srcptr kv_lv(mkv_t *v, const mpfr_t pi)
{
    if (!v->have_lv) {
        mpfr_mul_2ui(v->lv, kv_th(v), 1, R);
        mpfr_div(v->lv, v->lv, pi, R);
        mpfr_log(v->lv, v->lv, R);
        v->have_lv = 1;
    }
    return v->lv;
}

typedef struct {
    long k;
    mpfr_prec_t w; /* working precision */
    mpfr_t U, U2, Pu, Ru, pi;
    mkv_t vuu;
} mu_t;

typedef struct {
    long m;
    int sg;
    mkv_t vaa, vau;
    mpfr_t d_aa_uu, d_uu_au, d_aa_au, c1a, btw, btn, gf1w;
} mb_t;

/* bits lost to cancellation when a block's a is near U but not equal: the losses' first-order terms (d_aa_uu,
 * d_uu_au, d_aa_au: O(a^2 - U^2)) cancel to the second-order loss (O((a - U)^2 + a^2 sin^2 t)), so an absolute
 * error 2^-w |a - U| of each term is a relative error up to 2^-w U/|a - U| of the result (at a = U + 2^-1134,
 * t = 2^-1074 the 1522-bit value had only ~512 correct bits). Returns about log2(U/|a - U|) + 16, 0 when far. */
static mpfr_prec_t near_bits(mpfr_srcptr a, mpfr_srcptr U)
{
    if (mpfr_zero_p(a) || mpfr_zero_p(U) || mpfr_equal_p(a, U))
        return 0;
    mpfr_t d;
    mpfr_init2(d, 64);
    mpfr_sub(d, a, U, R); /* the exponent of a - U, to within one */
    long gap = mpfr_get_exp(U) - mpfr_get_exp(d);
    mpfr_clear(d);
    return gap > 0 ? (mpfr_prec_t)(gap < 16384 ? gap : 16384) + 16 : 0;
}

static void mu_init(mu_t *u, mpfr_srcptr U, long k, mpfr_srcptr out, mpfr_prec_t extra)
{
    u->w = gdc_erf_mpfr_work(out, W0) + extra;
    mpfr_inits2(u->w, u->U, u->U2, u->Pu, u->Ru, u->pi, (mpfr_ptr)0);
    kv_init(&u->vuu, u->w);
    u->k = k;
    mpfr_set(u->U, U, R);
    mpfr_const_pi(u->pi, R);
    mpfr_sqr(u->U2, U, R);
    mpfr_mul_2ui(u->Pu, u->U2, 1, R);
    mpfr_add_ui(u->Pu, u->Pu, 1, R);
    mpfr_mul_2ui(u->Ru, u->U2, 2, R);
    mpfr_add_ui(u->Ru, u->Ru, 1, R);
    mpfr_sqrt(u->Ru, u->Ru, R);
    u->vuu.zero = mpfr_zero_p(U);
    if (!u->vuu.zero) {
        mpfr_mul_2ui(u->vuu.num, u->U2, 1, R);
        mpfr_set(u->vuu.den, u->Pu, R);
    }
}

static void mu_clear(mu_t *u)
{
    mpfr_clears(u->U, u->U2, u->Pu, u->Ru, u->pi, (mpfr_ptr)0);
    kv_clear(&u->vuu);
}

static void mb_clear(mb_t *b)
{
    kv_clear(&b->vaa);
    kv_clear(&b->vau);
    mpfr_clears(b->d_aa_uu, b->d_uu_au, b->d_aa_au, b->c1a, b->btw, b->btn, b->gf1w, (mpfr_ptr)0);
}

enum { NEED_UU = 1, NEED_AA_AU = 2, NEED_GRAD = 4 };

/* the intermediates of one block: s = sin t, c = |cos t|, s^2, a^2, Pa = 1 + 2a^2, Ra = sqrt(1 + 4a^2),
 * sq = sqrt(Pa Pu), sD = sqrt(Pa + 2U^2 + 4 a^2 U^2 s^2), dsq = a^2 - U^2, M_a = dsq + U^2 s^2 Pa, fp = 4/pi */
typedef struct {
    mpfr_t s, c, s2, a2, Pa, Ra, sD, sq, dsq, Ma, fp;
} mbw_t;

static void mbw_set(mbw_t *v, mb_t *b, const mu_t *u, mpfr_srcptr a, mpfr_srcptr t)
{
    mpfr_t w;
    mpfr_inits2(u->w, v->s, v->c, v->s2, v->a2, v->Pa, v->Ra, v->sD, v->sq, v->dsq, v->Ma, v->fp, w, (mpfr_ptr)0);
    mpfr_ui_div(v->fp, 4, u->pi, R);
    mpfr_sin_cos(v->s, v->c, t, R);
    b->sg = mpfr_sgn(v->c) < 0 ? -1 : 1;
    mpfr_abs(v->c, v->c, R);
    mpfr_sqr(v->s2, v->s, R);
    mpfr_sqr(v->a2, a, R);
    mpfr_mul_2ui(v->Pa, v->a2, 1, R);
    mpfr_add_ui(v->Pa, v->Pa, 1, R);
    mpfr_mul_2ui(v->Ra, v->a2, 2, R);
    mpfr_add_ui(v->Ra, v->Ra, 1, R);
    mpfr_sqrt(v->Ra, v->Ra, R);
    mpfr_mul(v->sq, v->Pa, u->Pu, R);
    mpfr_sqrt(v->sq, v->sq, R); /* sqrt(Pa Pu) */
    mpfr_mul(v->sD, v->a2, u->U2, R);
    mpfr_mul(v->sD, v->sD, v->s2, R);
    mpfr_mul_2ui(v->sD, v->sD, 2, R);
    mpfr_add(v->sD, v->sD, v->Pa, R);
    mpfr_mul_2ui(w, u->U2, 1, R);
    mpfr_add(v->sD, v->sD, w, R);
    mpfr_sqrt(v->sD, v->sD, R);
    mpfr_sub(v->dsq, a, u->U, R);
    mpfr_add(w, a, u->U, R);
    mpfr_mul(v->dsq, v->dsq, w, R); /* a^2 - U^2 */
    mpfr_mul(v->Ma, u->U2, v->s2, R);
    mpfr_mul(v->Ma, v->Ma, v->Pa, R);
    mpfr_add(v->Ma, v->Ma, v->dsq, R);
    mpfr_clear(w);
}

static void mbw_clear(mbw_t *v)
{
    mpfr_clears(v->s, v->c, v->s2, v->a2, v->Pa, v->Ra, v->sD, v->sq, v->dsq, v->Ma, v->fp, (mpfr_ptr)0);
}

/* y = asin(2 f M / ((g sD + h c R) sq)) (f, M, g, h, R as each caller names them) */
static void asin_cross(mpfr_t y, mpfr_srcptr f, mpfr_srcptr M, mpfr_srcptr g, mpfr_srcptr h, mpfr_srcptr R_,
                       const mbw_t *v, mpfr_prec_t wp)
{
    mpfr_t num, den, w;
    mpfr_inits2(wp, num, den, w, (mpfr_ptr)0);
    mpfr_mul(num, M, f, R);
    mpfr_mul_2ui(num, num, 1, R);
    mpfr_mul(den, g, v->sD, R);
    mpfr_mul(w, h, v->c, R);
    mpfr_mul(w, w, R_, R);
    mpfr_add(den, den, w, R);
    mpfr_mul(den, den, v->sq, R);
    mpfr_div(num, num, den, R);
    mpfr_asin(y, num, R);
    mpfr_clears(num, den, w, (mpfr_ptr)0);
}

/* th_aa - th_uu = asin(2 (a^2 Ru - U^2 Ra) / (Pa Pu)), written as
 * 2 (a^2 - U^2)(a^2 + U^2 + 4a^2U^2) / ((a^2 Ru + U^2 Ra) Pa Pu) */
static void mb_d_aa_uu(mb_t *b, const mu_t *u, mpfr_srcptr a, const mbw_t *v)
{
    if (mpfr_equal_p(a, u->U)) {
        mpfr_set_zero(b->d_aa_uu, 1);
        return;
    }
    mpfr_t num, den, w;
    mpfr_inits2(u->w, num, den, w, (mpfr_ptr)0);
    mpfr_add(num, v->a2, u->U2, R);
    mpfr_mul(w, v->a2, u->U2, R);
    mpfr_mul_2ui(w, w, 2, R);
    mpfr_add(num, num, w, R);
    mpfr_mul(num, num, v->dsq, R);
    mpfr_mul_2ui(num, num, 1, R);
    mpfr_mul(den, v->a2, u->Ru, R);
    mpfr_mul(w, u->U2, v->Ra, R);
    mpfr_add(den, den, w, R);
    mpfr_mul(w, v->Pa, u->Pu, R);
    mpfr_mul(den, den, w, R);
    mpfr_div(num, num, den, R);
    mpfr_asin(b->d_aa_uu, num, R);
    mpfr_clears(num, den, w, (mpfr_ptr)0);
}

/* c1 a, the bt components, and gF1 = c1 a - <bt, w/|w|> (cancellation-free where both terms are positive) */
static void mb_grad(mb_t *b, const mu_t *u, mpfr_srcptr a, const mbw_t *v)
{
    mpfr_t w, den;
    mpfr_inits2(u->w, w, den, (mpfr_ptr)0);
    mpfr_mul(w, v->Pa, v->Ra, R);
    mpfr_div(b->c1a, a, w, R);
    mpfr_mul(b->c1a, b->c1a, v->fp, R);
    mpfr_div(b->btn, u->U, v->sD, R);
    mpfr_mul(b->btn, b->btn, v->fp, R);
    mpfr_mul(b->btw, b->btn, v->c, R);
    mpfr_div(b->btw, b->btw, v->Pa, R);
    if (b->sg < 0)
        mpfr_neg(b->btw, b->btw, R);
    mpfr_mul(b->btn, b->btn, v->s, R);
    if (b->sg > 0 && mpfr_sgn(a) > 0 && !u->vuu.zero && !mpfr_zero_p(v->c)) {
        mpfr_mul(den, a, v->sD, R);
        mpfr_mul(w, u->U, v->c, R);
        mpfr_mul(w, w, v->Ra, R);
        mpfr_add(den, den, w, R);
        mpfr_mul(den, den, v->Ra, R);
        mpfr_mul(den, den, v->sD, R);
        mpfr_div(b->gf1w, v->Ma, den, R);
        mpfr_mul(b->gf1w, b->gf1w, v->fp, R);
    } else
        mpfr_sub(b->gf1w, b->c1a, b->btw, R);
    mpfr_clears(w, den, (mpfr_ptr)0);
}

static void mb_init(mb_t *b, const mu_t *u, mpfr_srcptr a, mpfr_srcptr t, long m, int need)
{
    mbw_t v;
    kv_init(&b->vaa, u->w);
    kv_init(&b->vau, u->w);
    mpfr_inits2(u->w, b->d_aa_uu, b->d_uu_au, b->d_aa_au, b->c1a, b->btw, b->btn, b->gf1w, (mpfr_ptr)0);
    b->m = m;
    mbw_set(&v, b, u, a, t);
    b->vaa.zero = mpfr_zero_p(a);
    b->vau.zero = b->vaa.zero || u->vuu.zero || mpfr_zero_p(v.c);
    if (!b->vaa.zero) {
        mpfr_mul_2ui(b->vaa.num, v.a2, 1, R);
        mpfr_set(b->vaa.den, v.Pa, R);
    }
    if (!b->vau.zero) {
        mpfr_mul(b->vau.num, a, u->U, R);
        mpfr_mul(b->vau.num, b->vau.num, v.c, R);
        mpfr_mul_2ui(b->vau.num, b->vau.num, 1, R);
        mpfr_set(b->vau.den, v.sq, R);
    }
    if (need & NEED_UU) {
        mb_d_aa_uu(b, u, a, &v);
        /* th_uu - th_au = asin(2U Pu M_u / ((U sD + a c Ru) Pu sqrt(Pa Pu))) = asin(2U M_u / ((U sD + a c Ru) sq)),
         * M_u = a^2 s^2 Pu - (a^2 - U^2) */
        if (u->vuu.zero)
            mpfr_set_zero(b->d_uu_au, 1);
        else {
            mpfr_t Mu;
            mpfr_init2(Mu, u->w);
            mpfr_mul(Mu, v.a2, v.s2, R);
            mpfr_mul(Mu, Mu, u->Pu, R);
            mpfr_sub(Mu, Mu, v.dsq, R);
            asin_cross(b->d_uu_au, u->U, Mu, u->U, a, u->Ru, &v, u->w);
            mpfr_clear(Mu);
        }
    }
    /* th_aa - th_au = asin(2a M_a / ((a sD + U c Ra) sq)) */
    if (need & NEED_AA_AU) {
        if (b->vaa.zero)
            mpfr_set_zero(b->d_aa_au, 1);
        else
            asin_cross(b->d_aa_au, a, v.Ma, a, u->U, v.Ra, &v, u->w);
    }
    mb_grad(b, u, a, &v);
    mbw_clear(&v);
}

/* acc += m log(th1/th2) = m log1p(d/th2), d = th1 - th2; where th1/th2 is far from 1 (d/th2 outside [-1/2, 1]),
 * log(th1/th2) itself: log1p(d/th2) would lose th1 when th1 << th2 (a = 2^-1074: d/th2 rounds to -1 or below and
 * log1p gives -inf or NaN) and there is no cancellation to avoid */
static void add_log_ratio(mpfr_t acc, const mpfr_t d, mkv_t *v1, mkv_t *v2, long m)
{
    mpfr_t r;
    mpfr_init2(r, mpfr_get_prec(acc));
    mpfr_div(r, d, kv_th(v2), R);
    if (mpfr_cmp_d(r, -0.5) < 0 || mpfr_cmp_ui(r, 1) > 0) {
        mpfr_div(r, kv_th(v1), kv_th(v2), R);
        mpfr_log(r, r, R);
    } else
        mpfr_log1p(r, r, R);
    mpfr_mul_si(r, r, m, R);
    mpfr_add(acc, acc, r, R);
    mpfr_clear(r);
}

static void add_mul_si(mpfr_t acc, const mpfr_t x, long m)
{
    mpfr_t r;
    mpfr_init2(r, mpfr_get_prec(acc));
    mpfr_mul_si(r, x, m, R);
    mpfr_add(acc, acc, r, R);
    mpfr_clear(r);
}

static void loss_m(mpfr_ptr out, mu_t *u, mb_t *g, int ng)
{
    mb_t *b0 = &g[0];
    int zeroC = u->vuu.zero, zeroP = 0, zeroQ = 0, sgnQ = 1;
    mpfr_t F1, dl, C, PmC, QmC, r;
    mpfr_inits2(u->w, F1, dl, C, PmC, QmC, r, (mpfr_ptr)0);
    mpfr_set_zero(dl, 1);
    mpfr_set_zero(C, 1);
    if (b0->sg > 0)
        mpfr_add(F1, b0->d_aa_au, b0->d_uu_au, R);
    else {
        mpfr_add(F1, kv_th(&b0->vaa), kv_th(&u->vuu), R);
        mpfr_mul_2ui(r, kv_th(&b0->vau), 1, R);
        mpfr_add(F1, F1, r, R);
    }
    mpfr_div(F1, F1, u->pi, R);
    for (int i = 0; i < ng; i++) {
        if (g[i].m == 0)
            continue;
        zeroP |= g[i].vaa.zero;
        zeroQ |= g[i].vau.zero;
        if (!g[i].vau.zero && g[i].sg < 0 && (g[i].m & 1))
            sgnQ = -sgnQ;
    }
    if (!zeroC) {
        mpfr_mul_si(C, kv_lv(&u->vuu, u->pi), u->k, R);
        mpfr_exp(C, C, R);
    }
    /* P - C = C expm1(sum m log(V(wl,wl)/Vuu)) */
    if (zeroP)
        mpfr_neg(PmC, C, R);
    else {
        for (int i = 0; i < ng; i++)
            if (g[i].m > 0) {
                if (zeroC)
                    add_mul_si(dl, kv_lv(&g[i].vaa, u->pi), g[i].m);
                else
                    add_log_ratio(dl, g[i].d_aa_uu, &g[i].vaa, &u->vuu, g[i].m);
            }
        if (zeroC)
            mpfr_exp(PmC, dl, R);
        else {
            mpfr_expm1(PmC, dl, R);
            mpfr_mul(PmC, PmC, C, R);
        }
    }
    /* Q - C */
    mpfr_set_zero(dl, 1);
    if (zeroQ)
        mpfr_neg(QmC, C, R);
    else {
        int logs = zeroC || sgnQ < 0;
        for (int i = 0; i < ng; i++)
            if (g[i].m > 0) {
                if (logs)
                    add_mul_si(dl, kv_lv(&g[i].vau, u->pi), g[i].m);
                else {
                    mpfr_neg(r, g[i].d_uu_au, R);
                    add_log_ratio(dl, r, &g[i].vau, &u->vuu, g[i].m);
                }
            }
        if (logs) {
            mpfr_exp(QmC, dl, R);
            if (sgnQ < 0) {
                mpfr_add(QmC, QmC, C, R);
                mpfr_neg(QmC, QmC, R);
            }
        } else {
            mpfr_expm1(QmC, dl, R);
            mpfr_mul(QmC, QmC, C, R);
        }
    }
    mpfr_mul_2ui(QmC, QmC, 1, R);
    mpfr_sub(r, PmC, QmC, R);
    mpfr_div_2ui(r, r, 1, R); /* F^(k) */
    if (u->k == 1)
        mpfr_mul_2ui(out, F1, 2, R);
    else
        mpfr_add(out, F1, r, R);
    mpfr_set(out + 1, F1, R);
    mpfr_set(out + 2, r, R);
    mpfr_clears(F1, dl, C, PmC, QmC, r, (mpfr_ptr)0);
}

static void grad_m(mpfr_t gw, mpfr_t gn, mu_t *u, mb_t *g, int ng, int h, int first)
{
    mb_t *b = &g[h];
    if (u->k == 1) {
        mpfr_mul_2ui(gw, b->gf1w, 2, R);
        mpfr_mul_2ui(gn, b->btn, 2, R);
        mpfr_neg(gn, gn, R);
        return;
    }
    int zeroP = 0, zeroQ = 0, sgnQ = 1;
    mpfr_t dl, Q, r, acc;
    mpfr_inits2(u->w, dl, Q, r, acc, (mpfr_ptr)0);
    mpfr_set_zero(dl, 1);
    mpfr_set_zero(Q, 1);
    mpfr_set_zero(r, 1);
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
                add_mul_si(dl, kv_lv(&g[i].vau, u->pi), mm);
        }
        mpfr_exp(Q, dl, R);
        if (sgnQ < 0)
            mpfr_neg(Q, Q, R);
    }
    mpfr_set_zero(dl, 1);
    if (!zeroP && !zeroQ && sgnQ > 0) {
        /* (P' - Q') c1 a + Q' gF1 */
        for (int i = 0; i < ng; i++) {
            long mm = g[i].m - (i == h);
            if (mm > 0)
                add_log_ratio(dl, g[i].d_aa_au, &g[i].vaa, &g[i].vau, mm);
        }
        mpfr_expm1(r, dl, R);
        mpfr_mul(r, r, Q, R);
        mpfr_mul(r, r, b->c1a, R);
        mpfr_mul(acc, Q, b->gf1w, R);
        mpfr_add(acc, acc, r, R);
    } else {
        if (!zeroP) {
            for (int i = 0; i < ng; i++) {
                long mm = g[i].m - (i == h);
                if (mm > 0)
                    add_mul_si(dl, kv_lv(&g[i].vaa, u->pi), mm);
            }
            mpfr_exp(r, dl, R);
        }
        mpfr_mul(r, r, b->c1a, R);
        mpfr_mul(acc, Q, b->btw, R);
        mpfr_sub(acc, r, acc, R);
    }
    if (first) {
        mpfr_add(acc, acc, b->gf1w, R);
        mpfr_add_ui(Q, Q, 1, R);
    }
    mpfr_set(gw, acc, R);
    mpfr_mul(gn, Q, b->btn, R);
    mpfr_neg(gn, gn, R);
    mpfr_clears(dl, Q, r, acc, (mpfr_ptr)0);
}

static long k_of(mpfr_srcptr x) { return mpfr_get_si(x, R); }

void gdc_erf_ws_loss_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mu_t u;
    mb_t g;
    mu_init(&u, x + 1, k_of(x), out, near_bits(x + 2, x + 1));
    mb_init(&g, &u, x + 2, x + 3, u.k, NEED_UU | NEED_AA_AU);
    loss_m(out, &u, &g, 1);
    mb_clear(&g);
    mu_clear(&u);
}

void gdc_erf_ws_grad_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mu_t u;
    mb_t g;
    mpfr_t w, n, w2, n2;
    mu_init(&u, x + 1, k_of(x), out, near_bits(x + 2, x + 1));
    mpfr_inits2(u.w, w, n, w2, n2, (mpfr_ptr)0);
    mb_init(&g, &u, x + 2, x + 3, u.k, NEED_AA_AU | NEED_GRAD);
    grad_m(w, n, &u, &g, 1, 0, 1);
    if (u.k > 1) {
        grad_m(w2, n2, &u, &g, 1, 0, 0);
        mpfr_mul_si(w2, w2, u.k - 1, R);
        mpfr_mul_si(n2, n2, u.k - 1, R);
        mpfr_add(w, w, w2, R);
        mpfr_add(n, n, n2, R);
    }
    mpfr_set(out, w, R);
    mpfr_set(out + 1, n, R);
    mpfr_hypot(out + 2, w, n, R);
    mpfr_clears(w, n, w2, n2, (mpfr_ptr)0);
    mb_clear(&g);
    mu_clear(&u);
}

static int fc_init(mu_t *u, mb_t *g, mpfr_srcptr x, mpfr_srcptr out, int loss)
{
    long k = k_of(x);
    mpfr_prec_t e1 = near_bits(x + 2, x + 1), e2 = k > 1 ? near_bits(x + 4, x + 1) : 0;
    mu_init(u, x + 1, k, out, e1 > e2 ? e1 : e2);
    mb_init(&g[0], u, x + 2, x + 3, 1, loss ? NEED_UU | NEED_AA_AU : NEED_AA_AU | NEED_GRAD);
    if (k == 1)
        return 1;
    mb_init(&g[1], u, x + 4, x + 5, k - 1, loss ? NEED_UU : NEED_AA_AU | NEED_GRAD);
    return 2;
}

void gdc_erf_fc_loss_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mu_t u;
    mb_t g[2];
    int ng = fc_init(&u, g, x, out, 1);
    loss_m(out, &u, g, ng);
    for (int i = 0; i < ng; i++)
        mb_clear(&g[i]);
    mu_clear(&u);
}

void gdc_erf_fc_grad_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mu_t u;
    mb_t g[2];
    int ng = fc_init(&u, g, x, out, 0);
    grad_m(out, out + 1, &u, g, ng, 0, 1);
    if (ng == 2)
        grad_m(out + 2, out + 3, &u, g, ng, 1, 0);
    else {
        mpfr_set_zero(out + 2, 1);
        mpfr_set_zero(out + 3, 1);
    }
    for (int i = 0; i < ng; i++)
        mb_clear(&g[i]);
    mu_clear(&u);
}
