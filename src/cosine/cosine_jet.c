/* Jet forms shared by the cosine family's derivative enclosures (cosine_jet.h; seed-002 C4). */
#include "cosine/cosine_jet.h"

void gdc_cosine_block_jet(gdc_ajet_t m, gdc_ajet_t p, gdc_ajet_t de, gdc_ajet_t se, gdc_ajet_t csn, gdc_ajet_t acc,
                          const gdc_ajet_t a, const gdc_ajet_t c, const gdc_ajet_t t, slong prec)
{
    gdc_ajet_t h, s2, c2, amc, ac4, u;
    gdc_ajet_inits(a->n, a->order, h, s2, c2, amc, ac4, u, NULL);
    gdc_ajet_mul_2exp_si(h, t, -1);
    gdc_ajet_sin_cos(s2, c2, h, prec);
    gdc_ajet_sqr(s2, s2, prec);
    gdc_ajet_sqr(c2, c2, prec);
    gdc_ajet_sub(amc, a, c, prec);
    gdc_ajet_mul(ac4, a, c, prec);
    gdc_ajet_mul_2exp_si(ac4, ac4, 2);
    gdc_ajet_sqr(u, amc, prec);
    if (m != NULL) {
        gdc_ajet_mul(h, ac4, s2, prec);
        gdc_ajet_add(m, h, u, prec);
    }
    if (p != NULL) {
        gdc_ajet_mul(h, ac4, c2, prec);
        gdc_ajet_add(p, h, u, prec);
    }
    if (de != NULL) {
        gdc_ajet_mul(h, c, s2, prec);
        gdc_ajet_mul_2exp_si(h, h, 1);
        gdc_ajet_add(de, amc, h, prec);
    }
    if (se != NULL) {
        gdc_ajet_mul(h, c, c2, prec);
        gdc_ajet_mul_2exp_si(h, h, 1);
        gdc_ajet_add(se, amc, h, prec);
    }
    if (csn != NULL) {
        gdc_ajet_sin(h, t, prec);
        gdc_ajet_mul(csn, h, c, prec);
    }
    if (acc != NULL) {
        gdc_ajet_cos(h, t, prec);
        gdc_ajet_mul(h, h, a, prec);
        gdc_ajet_mul(acc, h, c, prec);
    }
    gdc_ajet_clears(h, s2, c2, amc, ac4, u, NULL);
}

void gdc_cosine_exp_neg_half_jet(gdc_ajet_t r, const gdc_ajet_t u, slong prec)
{
    gdc_ajet_mul_2exp_si(r, u, -1);
    gdc_ajet_neg(r, r);
    gdc_ajet_exp(r, r, prec);
}

void gdc_cosine_ep_minus_em_jet(gdc_ajet_t r, const gdc_ajet_t y, const gdc_ajet_t Em, const gdc_ajet_t Ep,
                                slong prec)
{
    if (arf_sgn(arb_midref(&y->v)) >= 0) {
        gdc_ajet_neg(r, y);
        gdc_ajet_expm1(r, r, prec);
        gdc_ajet_mul(r, r, Em, prec);
    } else {
        gdc_ajet_expm1(r, y, prec);
        gdc_ajet_mul(r, r, Ep, prec);
        gdc_ajet_neg(r, r);
    }
}

void gdc_cosine_ecc_core_jet(gdc_ajet_t res, const gdc_ajet_t m, const gdc_ajet_t p, const gdc_ajet_t nw,
                             const gdc_ajet_t nv, const gdc_ajet_t D, slong prec)
{
    gdc_ajet_t u, v, sh;
    gdc_ajet_inits(m->n, m->order, u, v, sh, NULL);
    /* (e^{-nw} - e^{-nv})^2/2 = (e^{-nv} expm1(-D))^2/2 = (e^{-nw} expm1(D))^2/2 */
    int pos = arf_sgn(arb_midref(&D->v)) >= 0;
    gdc_ajet_neg(u, pos ? nv : nw);
    gdc_ajet_exp(u, u, prec);
    if (pos)
        gdc_ajet_neg(sh, D);
    else
        gdc_ajet_set(sh, D);
    gdc_ajet_expm1(sh, sh, prec);
    gdc_ajet_mul(sh, sh, u, prec);
    gdc_ajet_sqr(sh, sh, prec);
    gdc_ajet_mul_2exp_si(sh, sh, -1);
    gdc_ajet_mul_2exp_si(u, m, -1);
    gdc_ajet_neg(u, u);
    gdc_ajet_expm1(u, u, prec);
    gdc_ajet_mul_2exp_si(v, p, -1);
    gdc_ajet_neg(v, v);
    gdc_ajet_expm1(v, v, prec);
    gdc_ajet_mul(u, u, v, prec);
    gdc_ajet_add(res, u, sh, prec);
    gdc_ajet_clears(u, v, sh, NULL);
}
