/* Double kernels of the Section-4 FC/WS losses and gradients (002_588e28744115f015.txt eq. (1), Lemmas 3, 5,
 * Corollary 1; seed-002 C16, C17, C20, C22, C23), in double-double (core/dd.h, cosine/cosine_dd.h).
 *
 * Kernels as angles: V(u, w) = (2/pi) th with th = atan2(2aU cos t, sqrt(D)), D = 1 + 2a^2 + 2U^2 + 4a^2U^2 sin^2 t
 * (C13), V(w, w) = (2/pi) atan2(2a^2, Ra), Ra = sqrt(1 + 4a^2). A cross kernel with cos t < 0 is computed from
 * |cos t| with its sign kept apart, so the mirrored optima (an even number of blocks at -u0 leaves p^(k) unchanged)
 * cancel as stably as the optimum itself.
 * Differences of two angles th1 - th2 = atan2(y1 x2 - y2 x1, x1 x2 + y1 y2) with the cross term free of
 * cancellation (Gram-type identities, checked by expanding with cos^2 = 1 - sin^2):
 *   uu - au: U^2 D - a^2 c^2 (1 + 4U^2) = Pu M_u,  M_u = (U - a)(U + a) + a^2 s^2 Pu,  Pu = 1 + 2U^2;
 *   aa - au: a^2 D - U^2 c^2 (1 + 4a^2) = Pa M_a,  M_a = (a - U)(a + U) + U^2 s^2 Pa;
 *   aa - uu: a^4 (1 + 4U^2) - U^4 (1 + 4a^2) = (a^2 - U^2)(a^2 + U^2 + 4a^2U^2).
 * Products of kernels in the log domain, log V = log1p(-gap) with the stable gap when V > 1/2 (C14), so that V^k
 * for k up to 10^4 keeps its relative accuracy; the small differences of products P - C, Q - C (C16
 * "Cancellation") as C expm1(sum m log(V/Vuu)) with log(V1/V2) = log1p((th1 - th2)/th2).
 * Gradient of a block (C22): <grad, w/|w|> = [first] gF1 + (P' - Q') c1 a + Q' gF1 (Q' > 0), or
 * [first] gF1 + P' c1 a - Q' bt_w (Q' <= 0), <grad, n> = -([first] + Q') bt_n, with P', Q' the products over the
 * other blocks and gF1 = c1 a - bt_w = (4/pi) M_a / (Ra sqrt(D) (a sqrt(D) + U c Ra)) for cos t > 0.
 * The cross terms, quadratic in the norms, are formed from a, U scaled by a common power of two (no underflow for
 * tiny norms, no overflow for large ones). Valid for norms up to about 1e75 (a^2 U^2 stays finite). */
#include <math.h>
#include <string.h>
#include "erf/erf_fc.h"
#include "core/angle.h"
#include "core/dd_elem.h"

typedef gdc_dd_t dd;

#define INV_PI gdc_dd(CDD_INV_PI_HI, CDD_INV_PI_LO)
#define LOG_4_PI gdc_dd(CDD_LOG_4_PI_HI, CDD_LOG_4_PI_LO)
#define LN2 gdc_dd(CDD_LN2_HI, CDD_LN2_LO)

static dd D(double x) { return gdc_dd_d(x); }
static dd add(dd a, dd b) { return gdc_dd_add(a, b); }
static dd sub(dd a, dd b) { return gdc_dd_sub(a, b); }
static dd mul(dd a, dd b) { return gdc_dd_mul(a, b); }
static dd dvd(dd a, dd b) { return gdc_dd_div(a, b); }
static dd neg(dd a) { return gdc_dd_neg(a); }
static dd sqr(dd a) { return gdc_dd_sqr(a); }
static dd twice(dd a) { return gdc_dd_ldexp(a, 1); }

/* atan2(y, x) for x > 0 and any y */
static dd dd_atan2(dd y, dd x)
{
    if (y.hi == 0.0)
        return D(0.0);
    if (y.hi < 0.0)
        return neg(cdd_atan2(neg(y), x));
    return cdd_atan2(y, x);
}

/* log of a double x > 0 (scaled out of the subnormal range) */
static dd dd_log_d(double x)
{
    if (x >= 0x1p-1000)
        return cdd_log(D(x));
    return sub(cdd_log(D(x * 0x1p200)), gdc_dd_mul_d(LN2, 200.0));
}

/* log1p(x), x > -1: the series below 2^-20 (remainder < 2^-120 |x|), else log(1 + x) (1 + x exact to 2^-106) */
static dd dd_log1p(dd x)
{
    if (fabs(x.hi) < 0x1p-20) {
        double h = x.hi, q = h * (1.0 / 3 + h * (-0.25 + h * (0.2 - h / 6.0)));
        return add(x, mul(sqr(x), gdc_dd_add_d(D(-0.5), q)));
    }
    return cdd_log(gdc_dd_add_d(x, 1.0));
}

/* expm1(x): the series below 2^-20, else exp(x) - 1 */
static dd dd_expm1(dd x)
{
    if (fabs(x.hi) < 0x1p-20) {
        double h = x.hi, q = h * (1.0 / 6 + h * (1.0 / 24 + h * (1.0 / 120 + h / 720.0)));
        return add(x, mul(sqr(x), gdc_dd_add_d(D(0.5), q)));
    }
    long e;
    dd m = cdd_exp2k(x, &e);
    if (e < -2000)
        return D(-1.0);
    return gdc_dd_add_d(gdc_dd_ldexp(m, (int)e), -1.0);
}

/* exp(L) for L <= about 0 (logs of kernels), flushing to 0 far below the double range */
static dd dd_exp(dd L)
{
    long e;
    dd m = cdd_exp2k(L, &e);
    if (e < -2200)
        return D(0.0);
    return gdc_dd_ldexp(m, (int)e);
}

/* e^L1 - e^L2 from dl = L1 - L2 (computed without cancellation by the caller) */
static dd expdiff(dd L1, dd L2, dd dl)
{
    if (dl.hi >= 0.0)
        return neg(mul(dd_exp(L1), dd_expm1(neg(dl))));
    return mul(dd_exp(L2), dd_expm1(dl));
}

/* ---- kernels ---- */
typedef struct {
    int zero; /* V = 0 exactly */
    dd th;    /* V = (2/pi) th, th >= 0 */
    dd lv;    /* log V (when not zero) */
} kv_t;

static void kv_self(kv_t *v, double a, dd a2, dd Ra)
{
    memset(v, 0, sizeof *v);
    if (a == 0.0) {
        v->zero = 1;
        return;
    }
    v->th = cdd_atan2(twice(a2), Ra);
    dd gap = gdc_dd_ldexp(mul(cdd_atan2(D(1.0), Ra), INV_PI), 2); /* 1 - V = (4/pi) atan(1/Ra) (C14) */
    if (gap.hi < 0.5)
        v->lv = dd_log1p(neg(gap));
    else if (a < 1e-16) /* V = (4/pi) a^2 (1 - 2a^2 + ...): the correction is below 2^-100 */
        v->lv = add(twice(dd_log_d(a)), LOG_4_PI);
    else
        v->lv = cdd_log(twice(mul(v->th, INV_PI)));
}

/* cross kernel with c = |cos t| > 0: th = atan2(y, sD), y = 2aUc */
static void kv_cross(kv_t *v, double a, double U, dd c, dd sD)
{
    memset(v, 0, sizeof *v);
    if (a == 0.0 || U == 0.0 || c.hi == 0.0) {
        v->zero = 1;
        return;
    }
    dd y = twice(gdc_dd_mul(gdc_dd_two_prod(a, U), c));
    v->th = dd_atan2(y, sD);
    if (!(y.hi > 1e-16 * sD.hi)) {
        /* th = (y/sD)(1 + O(y^2/sD^2)): log V = log(4/pi) + log a + log U + log c - log sD (no underflow) */
        v->lv = add(add(LOG_4_PI, add(dd_log_d(a), dd_log_d(U))), sub(cdd_log(c), cdd_log(sD)));
        return;
    }
    dd gap = twice(mul(cdd_atan2(sD, y), INV_PI)); /* 1 - V = (2/pi)(pi/2 - th) */
    if (gap.hi < 0.5)
        v->lv = dd_log1p(neg(gap));
    else
        v->lv = cdd_log(twice(mul(v->th, INV_PI)));
}

typedef struct {
    double U;
    long k;
    dd U2, Pu, Ru;
    kv_t vuu;
} uctx_t;

typedef struct {
    double a, t;
    long m;
    int sg;              /* sign of cos t */
    dd s, c;             /* sin t, |cos t| */
    kv_t vaa, vau;       /* V(w, w); |V(u, w)| */
    dd d_aa_uu, d_uu_au, d_aa_au;
    dd c1a, btw, btn, btn_s, gf1w; /* c1 a, <bt, w/|w|> (signed), <bt, n>, <bt, n>/sin t, c1 a - <bt, w/|w|> */
} blk_t;

static void uctx_init(uctx_t *u, double U, long k)
{
    u->U = U;
    u->k = k;
    u->U2 = gdc_dd_two_prod(U, U);
    u->Pu = gdc_dd_add_d(twice(u->U2), 1.0);
    u->Ru = gdc_dd_sqrt(gdc_dd_add_d(gdc_dd_ldexp(u->U2, 2), 1.0));
    kv_self(&u->vuu, U, u->U2, u->Ru);
}

static void blk_init(blk_t *b, const uctx_t *u, double a, double t, long m)
{
    double U = u->U;
    dd fp = gdc_dd_ldexp(INV_PI, 2); /* 4/pi */
    memset(b, 0, sizeof *b);
    b->a = a;
    b->t = t;
    b->m = m;
    cdd_sincos_pi(t, &b->s, &b->c);
    if (b->s.hi < 0.0)
        b->s = D(0.0);
    b->sg = b->c.hi < 0.0 ? -1 : 1;
    if (b->sg < 0)
        b->c = neg(b->c);
    dd s2 = sqr(b->s), a2 = gdc_dd_two_prod(a, a);
    dd Pa = gdc_dd_add_d(twice(a2), 1.0), Ra = gdc_dd_sqrt(gdc_dd_add_d(gdc_dd_ldexp(a2, 2), 1.0));
    dd a2U2 = mul(a2, u->U2);
    dd sD = gdc_dd_sqrt(add(add(Pa, twice(u->U2)), gdc_dd_ldexp(mul(a2U2, s2), 2)));
    dd aU = gdc_dd_two_prod(a, U), aUc = mul(aU, b->c);
    kv_self(&b->vaa, a, a2, Ra);
    kv_cross(&b->vau, a, U, b->c, sD);
    /* The cross terms are quadratic in the norms: they are formed from a and U scaled by 2^-e (e the exponent of
     * max(a, U); exact), so that they neither underflow for tiny norms nor overflow for large ones, and scaled back
     * at the end (s = 2^e). dsq = (a^2 - U^2)/s^2. */
    int e = 0;
    if (a > 0.0 || U > 0.0)
        frexp(a > U ? a : U, &e);
    double as = ldexp(a, -e), us = ldexp(U, -e);
    dd as2 = gdc_dd_two_prod(as, as), us2 = gdc_dd_two_prod(us, us);
    dd dsq = mul(gdc_dd_two_sum(as, -us), gdc_dd_two_sum(as, us));
    /* th_aa - th_uu: cross 2 (a^2 - U^2)(a^2 + U^2 + 4a^2U^2) / (a^2 Ru + U^2 Ra), dot Ra Ru + 4a^2U^2 */
    if (a == U)
        b->d_aa_uu = D(0.0);
    else {
        dd num = twice(mul(dsq, add(add(as2, us2), gdc_dd_ldexp(mul(as2, u->U2), 2))));
        dd den = add(mul(as2, u->Ru), mul(us2, Ra));
        b->d_aa_uu = dd_atan2(gdc_dd_ldexp(dvd(num, den), 2 * e), add(mul(Ra, u->Ru), gdc_dd_ldexp(a2U2, 2)));
    }
    /* th_uu - th_au: cross 2U Pu M_u / (U sD + a c Ru), M_u = (U - a)(U + a) + a^2 s^2 Pu, dot Ru sD + 4aU^3 c */
    if (U == 0.0)
        b->d_uu_au = D(0.0);
    else {
        dd Mu = add(neg(dsq), mul(mul(as2, s2), u->Pu));
        dd den = add(gdc_dd_mul_d(sD, us), mul(gdc_dd_mul_d(b->c, as), u->Ru));
        dd cross = gdc_dd_ldexp(dvd(gdc_dd_mul_d(twice(mul(u->Pu, Mu)), us), den), 2 * e);
        b->d_uu_au = dd_atan2(cross, add(mul(u->Ru, sD), gdc_dd_ldexp(mul(aUc, u->U2), 2)));
    }
    /* th_aa - th_au: cross 2a Pa M_a / (a sD + U c Ra), M_a = (a - U)(a + U) + U^2 s^2 Pa, dot Ra sD + 4a^3U c;
     * gF1 along w/|w| from the same M_a */
    dd Ma = add(dsq, mul(mul(us2, s2), Pa));
    dd dena = add(gdc_dd_mul_d(sD, as), mul(gdc_dd_mul_d(b->c, us), Ra));
    if (a == 0.0)
        b->d_aa_au = D(0.0);
    else {
        dd cross = gdc_dd_ldexp(dvd(gdc_dd_mul_d(twice(mul(Pa, Ma)), as), dena), 2 * e);
        b->d_aa_au = dd_atan2(cross, add(mul(Ra, sD), gdc_dd_ldexp(mul(aUc, a2), 2)));
    }
    b->c1a = dvd(gdc_dd_mul_d(fp, a), mul(Pa, Ra));
    b->btn_s = dvd(gdc_dd_mul_d(fp, U), sD);
    b->btn = mul(b->btn_s, b->s);
    b->btw = dvd(mul(gdc_dd_mul_d(fp, U), b->c), mul(Pa, sD));
    if (b->sg < 0)
        b->btw = neg(b->btw);
    if (b->sg > 0 && a > 0.0 && U > 0.0 && b->c.hi > 0.0) /* (4/pi) M_a / (Ra sD (a sD + U c Ra)) */
        b->gf1w = gdc_dd_ldexp(dvd(dvd(mul(fp, Ma), mul(Ra, sD)), dena), e);
    else
        b->gf1w = sub(b->c1a, b->btw);
}

/* log(th1/th2) with d = th1 - th2: log1p(d/th2) for th1/th2 in [1/2, 2^20], else the difference of the logs */
static dd log_ratio(const kv_t *v1, const kv_t *v2, dd d)
{
    if (v2->th.hi > 0.0 && d.hi >= -0.5 * v2->th.hi && d.hi <= 0x1p20 * v2->th.hi)
        return dd_log1p(dvd(d, v2->th));
    return sub(v1->lv, v2->lv);
}

/* loss[3] = F^(1,k), F^(1), F^(k) */
static void loss_groups(dd *loss, const uctx_t *u, const blk_t *g, int ng)
{
    const blk_t *b0 = &g[0];
    long k = u->k;
    dd F1, Fk, PmC, QmC, C = D(0.0);
    if (b0->sg > 0)
        F1 = add(b0->d_aa_au, b0->d_uu_au);
    else
        F1 = add(add(b0->vaa.th, u->vuu.th), twice(b0->vau.th));
    F1 = mul(F1, INV_PI);

    int zeroC = u->vuu.zero, zeroP = 0, zeroQ = 0, sgnQ = 1;
    dd LC = gdc_dd_mul_d(u->vuu.lv, (double)k), LP = D(0.0), LQ = D(0.0), dlP = D(0.0), dlQ = D(0.0);
    if (!zeroC)
        C = dd_exp(LC);
    for (int i = 0; i < ng; i++) {
        const blk_t *b = &g[i];
        double m = (double)b->m;
        if (b->m == 0)
            continue;
        if (b->vaa.zero)
            zeroP = 1;
        else {
            LP = add(LP, gdc_dd_mul_d(b->vaa.lv, m));
            if (!zeroC)
                dlP = add(dlP, gdc_dd_mul_d(log_ratio(&b->vaa, &u->vuu, b->d_aa_uu), m));
        }
        if (b->vau.zero)
            zeroQ = 1;
        else {
            LQ = add(LQ, gdc_dd_mul_d(b->vau.lv, m));
            if (!zeroC)
                dlQ = add(dlQ, gdc_dd_mul_d(log_ratio(&b->vau, &u->vuu, neg(b->d_uu_au)), m));
            if (b->sg < 0 && (b->m & 1))
                sgnQ = -sgnQ;
        }
    }
    if (zeroP)
        PmC = neg(C);
    else if (zeroC)
        PmC = dd_exp(LP);
    else
        PmC = expdiff(LP, LC, dlP);
    if (zeroQ)
        QmC = neg(C);
    else if (zeroC)
        QmC = sgnQ > 0 ? dd_exp(LQ) : neg(dd_exp(LQ));
    else if (sgnQ < 0)
        QmC = neg(add(dd_exp(LQ), C));
    else
        QmC = expdiff(LQ, LC, dlQ);
    Fk = gdc_dd_ldexp(sub(PmC, twice(QmC)), -1);
    loss[1] = F1;
    loss[2] = Fk;
    loss[0] = k == 1 ? gdc_dd_ldexp(F1, 2) : add(F1, Fk);
}

/* gradient of F^(1,k) with respect to one block of group h (block 1 itself when first = 1):
 * gw along w/|w|, gn along n, gns = gn / sin t */
static void grad_block(dd *gw, dd *gn, dd *gns, const uctx_t *u, const blk_t *g, int ng, int h, int first)
{
    const blk_t *b = &g[h];
    if (u->k == 1) { /* F^(1,1) = 4 F^(1) */
        *gw = gdc_dd_ldexp(b->gf1w, 2);
        *gn = neg(gdc_dd_ldexp(b->btn, 2));
        *gns = neg(gdc_dd_ldexp(b->btn_s, 2));
        return;
    }
    int zeroP = 0, zeroQ = 0, sgnQ = 1;
    dd LP = D(0.0), LQ = D(0.0), dl = D(0.0), Q = D(0.0), f;
    for (int i = 0; i < ng; i++) {
        const blk_t *c = &g[i];
        long mm = c->m - (i == h);
        if (mm <= 0)
            continue;
        if (c->vaa.zero)
            zeroP = 1;
        else
            LP = add(LP, gdc_dd_mul_d(c->vaa.lv, (double)mm));
        if (c->vau.zero)
            zeroQ = 1;
        else {
            LQ = add(LQ, gdc_dd_mul_d(c->vau.lv, (double)mm));
            if (c->sg < 0 && (mm & 1))
                sgnQ = -sgnQ;
        }
        if (!c->vaa.zero && !c->vau.zero)
            dl = add(dl, gdc_dd_mul_d(log_ratio(&c->vaa, &c->vau, c->d_aa_au), (double)mm));
    }
    if (!zeroQ)
        Q = sgnQ > 0 ? dd_exp(LQ) : neg(dd_exp(LQ));
    if (!zeroP && !zeroQ && sgnQ > 0)
        *gw = add(mul(expdiff(LP, LQ, dl), b->c1a), mul(Q, b->gf1w));
    else {
        dd P = zeroP ? D(0.0) : dd_exp(LP);
        *gw = sub(mul(P, b->c1a), mul(Q, b->btw));
    }
    if (first)
        *gw = add(*gw, b->gf1w);
    f = first ? gdc_dd_add_d(Q, 1.0) : Q;
    *gn = neg(mul(f, b->btn));
    *gns = neg(mul(f, b->btn_s));
}

/* ---- validation and the groups API ---- */
static int valid_groups(double U, int ng, const double *a, const double *t, const long *m, long *k)
{
    if (ng < 1 || ng > GDC_ERF_FC_MAX_GROUPS || m[0] < 1 || !(U >= 0.0) || !isfinite(U))
        return 0;
    *k = 0;
    for (int i = 0; i < ng; i++) {
        if (m[i] < 0 || !(a[i] >= 0.0) || !isfinite(a[i]) || !(t[i] >= 0.0) || !(t[i] <= GDC_PI_HI))
            return 0;
        *k += m[i];
    }
    return 1;
}

static void setup(uctx_t *u, blk_t *g, double U, long k, int ng, const double *a, const double *t, const long *m)
{
    uctx_init(u, U, k);
    for (int i = 0; i < ng; i++)
        blk_init(&g[i], u, a[i], t[i], m[i]);
}

int gdc_erf_fc_groups_loss_d(double *loss, double U, int ng, const double *a, const double *t, const long *m)
{
    long k;
    if (!valid_groups(U, ng, a, t, m, &k))
        return -1;
    uctx_t u;
    blk_t g[GDC_ERF_FC_MAX_GROUPS];
    dd L[3];
    setup(&u, g, U, k, ng, a, t, m);
    loss_groups(L, &u, g, ng);
    for (int i = 0; i < 3; i++)
        loss[i] = gdc_dd_to_d(L[i]);
    return 0;
}

int gdc_erf_fc_groups_grad_d(double *gw, double *gn, double U, int ng, const double *a, const double *t,
                             const long *m, int h, int first)
{
    long k;
    if (!valid_groups(U, ng, a, t, m, &k) || h < 0 || h >= ng || (first && h != 0) || m[h] - (first ? 0 : (h == 0)) < 1)
        return -1;
    uctx_t u;
    blk_t g[GDC_ERF_FC_MAX_GROUPS];
    dd w, n, ns;
    setup(&u, g, U, k, ng, a, t, m);
    grad_block(&w, &n, &ns, &u, g, ng, h, first);
    *gw = gdc_dd_to_d(w);
    *gn = gdc_dd_to_d(n);
    return 0;
}

/* ---- vector API ---- */
void gdc_erf_fc_frame_d(double *what, double *r, const double *w, const double *u0, size_t d)
{
    double nw = gdc_vec_norm(w, d), nu = gdc_vec_norm(u0, d), p = 0.0;
    for (size_t i = 0; i < d; i++)
        what[i] = nw > 0.0 ? w[i] / nw : (nu > 0.0 ? u0[i] / nu : (i == 0));
    for (size_t i = 0; i < d; i++)
        p += (nu > 0.0 ? u0[i] / nu : 0.0) * what[i];
    for (size_t i = 0; i < d; i++)
        r[i] = nu > 0.0 ? u0[i] / nu - p * what[i] : 0.0;
}

static int vec_points(double *U, double *a, double *t, long *m, long k, size_t d, const double *u0, const double *w)
{
    if (k < 1 || k > GDC_ERF_FC_MAX_GROUPS || d < 1)
        return 0;
    for (size_t i = 0; i < d; i++)
        if (!isfinite(u0[i]))
            return 0;
    *U = gdc_vec_norm(u0, d);
    for (long l = 0; l < k; l++) {
        for (size_t i = 0; i < d; i++)
            if (!isfinite(w[l * d + i]))
                return 0;
        a[l] = gdc_vec_norm(w + l * d, d);
        t[l] = gdc_vec_angle(w + l * d, u0, d);
        m[l] = 1;
    }
    return 1;
}

int gdc_erf_fc_vec_loss_d(double *loss, long k, size_t d, const double *u0, const double *w)
{
    double U, a[GDC_ERF_FC_MAX_GROUPS], t[GDC_ERF_FC_MAX_GROUPS];
    long m[GDC_ERF_FC_MAX_GROUPS];
    if (!vec_points(&U, a, t, m, k, d, u0, w))
        return -1;
    return gdc_erf_fc_groups_loss_d(loss, U, (int)k, a, t, m);
}

int gdc_erf_fc_vec_grad_d(double *grad, long k, size_t d, const double *u0, const double *w)
{
    double U, a[GDC_ERF_FC_MAX_GROUPS], t[GDC_ERF_FC_MAX_GROUPS];
    long m[GDC_ERF_FC_MAX_GROUPS];
    if (!vec_points(&U, a, t, m, k, d, u0, w) || d > 4096)
        return -1;
    uctx_t u;
    blk_t g[GDC_ERF_FC_MAX_GROUPS];
    double what[4096], r[4096];
    setup(&u, g, U, k, (int)k, a, t, m);
    for (long l = 0; l < k; l++) {
        dd gw, gn, gns;
        grad_block(&gw, &gn, &gns, &u, g, (int)k, (int)l, l == 0);
        gdc_erf_fc_frame_d(what, r, w + l * d, u0, d);
        if (t[l] == 0.0 || t[l] == GDC_PI_HI) /* exactly (anti)parallel: r is 0, not O(eps) rounding */
            for (size_t i = 0; i < d; i++)
                r[i] = 0.0;
        /* n = r / sin t: the normal component enters as (gn / sin t) r, finite at t = 0 */
        double cw = gdc_dd_to_d(gw), cn = gdc_dd_to_d(gns);
        for (size_t i = 0; i < d; i++)
            grad[l * d + i] = cw * what[i] + cn * r[i];
    }
    return 0;
}

/* ---- rows ---- */
static long k_of(double x) { return (long)x; }

void gdc_erf_ws_loss_d(double *out, const double *x)
{
    uctx_t u;
    blk_t g;
    dd L[3];
    uctx_init(&u, x[1], k_of(x[0]));
    blk_init(&g, &u, x[2], x[3], u.k);
    loss_groups(L, &u, &g, 1);
    for (int i = 0; i < 3; i++)
        out[i] = gdc_dd_to_d(L[i]);
}

void gdc_erf_ws_grad_d(double *out, const double *x)
{
    uctx_t u;
    blk_t g;
    dd w1, n1, s1, w2, n2, s2;
    uctx_init(&u, x[1], k_of(x[0]));
    blk_init(&g, &u, x[2], x[3], u.k);
    grad_block(&w1, &n1, &s1, &u, &g, 1, 0, 1);
    if (u.k > 1) {
        /* grad_WS = (block 1) + (k - 1) (another block): C22 = Corollary 1 */
        grad_block(&w2, &n2, &s2, &u, &g, 1, 0, 0);
        w1 = add(w1, gdc_dd_mul_d(w2, (double)(u.k - 1)));
        n1 = add(n1, gdc_dd_mul_d(n2, (double)(u.k - 1)));
    }
    out[0] = gdc_dd_to_d(w1);
    out[1] = gdc_dd_to_d(n1);
    out[2] = hypot(out[0], out[1]);
}

static int fc_setup(uctx_t *u, blk_t *g, const double *x)
{
    long k = k_of(x[0]);
    uctx_init(u, x[1], k);
    blk_init(&g[0], u, x[2], x[3], 1);
    if (k == 1)
        return 1;
    blk_init(&g[1], u, x[4], x[5], k - 1);
    return 2;
}

void gdc_erf_fc_loss_d(double *out, const double *x)
{
    uctx_t u;
    blk_t g[2];
    dd L[3];
    int ng = fc_setup(&u, g, x);
    loss_groups(L, &u, g, ng);
    for (int i = 0; i < 3; i++)
        out[i] = gdc_dd_to_d(L[i]);
}

void gdc_erf_fc_grad_d(double *out, const double *x)
{
    uctx_t u;
    blk_t g[2];
    dd w, n, s;
    int ng = fc_setup(&u, g, x);
    grad_block(&w, &n, &s, &u, g, ng, 0, 1);
    out[0] = gdc_dd_to_d(w);
    out[1] = gdc_dd_to_d(n);
    out[2] = out[3] = 0.0;
    if (ng == 2) {
        grad_block(&w, &n, &s, &u, g, ng, 1, 0);
        out[2] = gdc_dd_to_d(w);
        out[3] = gdc_dd_to_d(n);
    }
}
