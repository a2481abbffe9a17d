/* ball.disk_cross in MPFR at a point (seed-004 C28): the same piecewise closed form as ball_disk_arb.c, coded
 * separately for points (breakpoints -bw/s and (-bv cos th +- sin th sqrt(t^2 - bv^2))/t, sorted; on each piece
 * the case of each ReLU at the midpoint; int y^j exactly and int y^j h by asin), at the output precision + 128
 * bits. The independent check of the formula is the Monte Carlo definition check and tests/check_ball. */
#include "ball/ball.h"

typedef struct {
    mpfr_t s, bw, t, bv, k, c;
} dpar_t;

/* F(y) for the case kind (1 full, 2 partial): the antiderivative of the integrand */
static void antider(mpfr_t res, const dpar_t *p, const mpfr_t y, int kind, mpfr_prec_t w)
{
    mpfr_t h, as, t, u, A, B, C;
    mpfr_inits2(w, h, as, t, u, A, B, C, (mpfr_ptr)0);
    mpfr_sqr(t, y, MPFR_RNDN);
    mpfr_ui_sub(h, 1, t, MPFR_RNDN);
    if (mpfr_sgn(h) < 0)
        mpfr_set_ui(h, 0, MPFR_RNDN);
    mpfr_sqrt(h, h, MPFR_RNDN);
    mpfr_asin(as, y, MPFR_RNDN);
    mpfr_mul(A, p->s, p->k, MPFR_RNDN);
    mpfr_mul(B, p->s, p->bv, MPFR_RNDN);
    mpfr_fma(B, p->bw, p->k, B, MPFR_RNDN);
    mpfr_mul(C, p->bw, p->bv, MPFR_RNDN);
    /* A (asin - y h (1 - 2y^2))/8 + B (-h^3/3) + C (y h + asin)/2 */
    mpfr_mul_2ui(u, t, 1, MPFR_RNDN);
    mpfr_ui_sub(u, 1, u, MPFR_RNDN);
    mpfr_mul(u, u, y, MPFR_RNDN);
    mpfr_mul(u, u, h, MPFR_RNDN);
    mpfr_sub(u, as, u, MPFR_RNDN);
    mpfr_div_2ui(u, u, 3, MPFR_RNDN);
    mpfr_mul(res, A, u, MPFR_RNDN);
    mpfr_pow_ui(u, h, 3, MPFR_RNDN);
    mpfr_div_si(u, u, -3, MPFR_RNDN);
    mpfr_fma(res, B, u, res, MPFR_RNDN);
    mpfr_fma(u, y, h, as, MPFR_RNDN);
    mpfr_div_2ui(u, u, 1, MPFR_RNDN);
    mpfr_fma(res, C, u, res, MPFR_RNDN);
    if (kind == 1) {
        mpfr_mul_2ui(res, res, 1, MPFR_RNDN);
    } else {
        /* + (P3 y^4/4 + P2 y^3/3 + P1 y^2/2 + P0 y)/(2c), k2 = k^2 - c^2, w2 = bv^2 + c^2 */
        mpfr_t k2, w2, q;
        mpfr_inits2(w, k2, w2, q, (mpfr_ptr)0);
        mpfr_sqr(k2, p->k, MPFR_RNDN);
        mpfr_sqr(q, p->c, MPFR_RNDN);
        mpfr_sub(k2, k2, q, MPFR_RNDN);
        mpfr_sqr(w2, p->bv, MPFR_RNDN);
        mpfr_add(w2, w2, q, MPFR_RNDN);
        mpfr_mul(u, p->s, k2, MPFR_RNDN); /* P3 */
        mpfr_div_2ui(u, u, 2, MPFR_RNDN);
        mpfr_mul(u, u, y, MPFR_RNDN);
        mpfr_mul(q, p->s, p->k, MPFR_RNDN); /* P2 = 2 s k bv + bw k2 */
        mpfr_mul(q, q, p->bv, MPFR_RNDN);
        mpfr_mul_2ui(q, q, 1, MPFR_RNDN);
        mpfr_fma(q, p->bw, k2, q, MPFR_RNDN);
        mpfr_div_ui(q, q, 3, MPFR_RNDN);
        mpfr_add(u, u, q, MPFR_RNDN);
        mpfr_mul(u, u, y, MPFR_RNDN);
        mpfr_mul(q, p->bw, p->k, MPFR_RNDN); /* P1 = s w2 + 2 bw k bv */
        mpfr_mul(q, q, p->bv, MPFR_RNDN);
        mpfr_mul_2ui(q, q, 1, MPFR_RNDN);
        mpfr_fma(q, p->s, w2, q, MPFR_RNDN);
        mpfr_div_2ui(q, q, 1, MPFR_RNDN);
        mpfr_add(u, u, q, MPFR_RNDN);
        mpfr_mul(u, u, y, MPFR_RNDN);
        mpfr_mul(q, p->bw, w2, MPFR_RNDN); /* P0 */
        mpfr_add(u, u, q, MPFR_RNDN);
        mpfr_mul(u, u, y, MPFR_RNDN);
        mpfr_div(u, u, p->c, MPFR_RNDN);
        mpfr_div_2ui(u, u, 1, MPFR_RNDN);
        mpfr_add(res, res, u, MPFR_RNDN);
        mpfr_clears(k2, w2, q, (mpfr_ptr)0);
    }
    mpfr_clears(h, as, t, u, A, B, C, (mpfr_ptr)0);
}

static int kind_at(const dpar_t *p, const mpfr_t m, mpfr_prec_t w)
{
    mpfr_t l, c0, a;
    mpfr_inits2(w, l, c0, a, (mpfr_ptr)0);
    mpfr_fma(l, p->s, m, p->bw, MPFR_RNDN);
    mpfr_fma(c0, p->k, m, p->bv, MPFR_RNDN);
    mpfr_sqr(a, m, MPFR_RNDN);
    mpfr_ui_sub(a, 1, a, MPFR_RNDN);
    mpfr_sqrt(a, a, MPFR_RNDN);
    mpfr_mul(a, a, p->c, MPFR_RNDN);
    int kind;
    if (mpfr_sgn(l) <= 0 || mpfr_cmpabs(c0, a) >= 0)
        kind = (mpfr_sgn(l) > 0 && mpfr_sgn(c0) > 0) ? 1 : 0;
    else
        kind = 2;
    mpfr_clears(l, c0, a, (mpfr_ptr)0);
    return kind;
}

void gdc_ball_disk_cross_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    mpfr_prec_t w = mpfr_get_prec(out) + 128;
    dpar_t p;
    mpfr_t b[5], m, f1, f2, sum, q;
    mpfr_inits2(w, p.s, p.bw, p.t, p.bv, p.k, p.c, m, f1, f2, sum, q, (mpfr_ptr)0);
    for (int i = 0; i < 5; i++)
        mpfr_init2(b[i], w);
    mpfr_set(p.s, x + 0, MPFR_RNDN);
    mpfr_set(p.bw, x + 1, MPFR_RNDN);
    mpfr_set(p.t, x + 2, MPFR_RNDN);
    mpfr_set(p.bv, x + 3, MPFR_RNDN);
    mpfr_sin_cos(q, m, x + 4, MPFR_RNDN);
    mpfr_mul(p.k, p.t, m, MPFR_RNDN);
    mpfr_mul(p.c, p.t, q, MPFR_RNDN);
    int n = 0;
    mpfr_set_si(b[n++], -1, MPFR_RNDN);
    mpfr_set_si(b[n++], 1, MPFR_RNDN);
    if (mpfr_sgn(p.s) > 0) {
        mpfr_div(b[n], p.bw, p.s, MPFR_RNDN);
        mpfr_neg(b[n], b[n], MPFR_RNDN);
        n++;
    }
    if (mpfr_sgn(p.t) > 0 && mpfr_cmpabs(p.t, p.bv) >= 0) {
        mpfr_sqr(f1, p.t, MPFR_RNDN);
        mpfr_sqr(f2, p.bv, MPFR_RNDN);
        mpfr_sub(f1, f1, f2, MPFR_RNDN);
        mpfr_sqrt(f1, f1, MPFR_RNDN);
        mpfr_mul(f1, f1, q, MPFR_RNDN); /* sin th sqrt(t^2 - bv^2) */
        mpfr_sin_cos(q, m, x + 4, MPFR_RNDN);
        mpfr_mul(f2, p.bv, m, MPFR_RNDN);
        mpfr_neg(f2, f2, MPFR_RNDN);
        mpfr_add(b[n], f2, f1, MPFR_RNDN);
        mpfr_div(b[n], b[n], p.t, MPFR_RNDN);
        n++;
        mpfr_sub(b[n], f2, f1, MPFR_RNDN);
        mpfr_div(b[n], b[n], p.t, MPFR_RNDN);
        n++;
    }
    for (int i = 0; i < n; i++) { /* clamp to [-1, 1], then sort */
        if (mpfr_cmp_si(b[i], -1) < 0)
            mpfr_set_si(b[i], -1, MPFR_RNDN);
        if (mpfr_cmp_si(b[i], 1) > 0)
            mpfr_set_si(b[i], 1, MPFR_RNDN);
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && mpfr_cmp(b[j], b[j - 1]) < 0; j--)
            mpfr_swap(b[j], b[j - 1]);
    mpfr_set_ui(sum, 0, MPFR_RNDN);
    for (int i = 0; i + 1 < n; i++) {
        if (mpfr_cmp(b[i], b[i + 1]) >= 0)
            continue;
        mpfr_add(m, b[i], b[i + 1], MPFR_RNDN);
        mpfr_div_2ui(m, m, 1, MPFR_RNDN);
        int kind = kind_at(&p, m, w);
        if (kind == 0)
            continue;
        antider(f2, &p, b[i + 1], kind, w);
        antider(f1, &p, b[i], kind, w);
        mpfr_sub(f2, f2, f1, MPFR_RNDN);
        mpfr_add(sum, sum, f2, MPFR_RNDN);
    }
    mpfr_const_pi(q, MPFR_RNDN);
    mpfr_div(out, sum, q, MPFR_RNDN);
    mpfr_clears(p.s, p.bw, p.t, p.bv, p.k, p.c, m, f1, f2, sum, q, (mpfr_ptr)0);
    for (int i = 0; i < 5; i++)
        mpfr_clear(b[i]);
}
