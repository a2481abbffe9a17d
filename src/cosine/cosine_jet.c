/* Jet forms shared by the cosine family's derivative enclosures (cosine_jet.h; seed-002 C4). */
#include "cosine/cosine_jet.h"

void gdc_cosine_block_jet(gdc_jet_t m, gdc_jet_t p, gdc_jet_t de, gdc_jet_t se, gdc_jet_t csn, gdc_jet_t acc,
                          const gdc_jet_t a, const gdc_jet_t c, const gdc_jet_t t, slong prec)
{
    gdc_jet_t h, s2, c2, amc, ac4, u;
    gdc_jet_inits(a->n, a->order, h, s2, c2, amc, ac4, u, NULL);
    gdc_jet_mul_2exp_si(h, t, -1);
    gdc_jet_sin(s2, h, prec);
    gdc_jet_sqr(s2, s2, prec);
    gdc_jet_cos(c2, h, prec);
    gdc_jet_sqr(c2, c2, prec);
    gdc_jet_sub(amc, a, c, prec);
    gdc_jet_mul(ac4, a, c, prec);
    gdc_jet_mul_2exp_si(ac4, ac4, 2);
    gdc_jet_sqr(u, amc, prec);
    if (m != NULL) {
        gdc_jet_mul(h, ac4, s2, prec);
        gdc_jet_add(m, h, u, prec);
    }
    if (p != NULL) {
        gdc_jet_mul(h, ac4, c2, prec);
        gdc_jet_add(p, h, u, prec);
    }
    if (de != NULL) {
        gdc_jet_mul(h, c, s2, prec);
        gdc_jet_mul_2exp_si(h, h, 1);
        gdc_jet_add(de, amc, h, prec);
    }
    if (se != NULL) {
        gdc_jet_mul(h, c, c2, prec);
        gdc_jet_mul_2exp_si(h, h, 1);
        gdc_jet_add(se, amc, h, prec);
    }
    if (csn != NULL) {
        gdc_jet_sin(h, t, prec);
        gdc_jet_mul(csn, h, c, prec);
    }
    if (acc != NULL) {
        gdc_jet_cos(h, t, prec);
        gdc_jet_mul(h, h, a, prec);
        gdc_jet_mul(acc, h, c, prec);
    }
    gdc_jet_clears(h, s2, c2, amc, ac4, u, NULL);
}

void gdc_cosine_exp_neg_half_jet(gdc_jet_t r, const gdc_jet_t u, slong prec)
{
    gdc_jet_mul_2exp_si(r, u, -1);
    gdc_jet_neg(r, r);
    gdc_jet_exp(r, r, prec);
}

void gdc_cosine_ecc_core_jet(gdc_jet_t res, const gdc_jet_t m, const gdc_jet_t p, const gdc_jet_t nw,
                             const gdc_jet_t nv, const gdc_jet_t D, slong prec)
{
    gdc_jet_t u, v, sh;
    gdc_jet_inits(m->n, m->order, u, v, sh, NULL);
    /* (e^{-nw} - e^{-nv})^2/2 = (e^{-nv} expm1(-D))^2/2 = (e^{-nw} expm1(D))^2/2 */
    int pos = arf_sgn(arb_midref(&D->v)) >= 0;
    gdc_jet_neg(u, pos ? nv : nw);
    gdc_jet_exp(u, u, prec);
    if (pos)
        gdc_jet_neg(sh, D);
    else
        gdc_jet_set(sh, D);
    gdc_jet_expm1(sh, sh, prec);
    gdc_jet_mul(sh, sh, u, prec);
    gdc_jet_sqr(sh, sh, prec);
    gdc_jet_mul_2exp_si(sh, sh, -1);
    gdc_jet_mul_2exp_si(u, m, -1);
    gdc_jet_neg(u, u);
    gdc_jet_expm1(u, u, prec);
    gdc_jet_mul_2exp_si(v, p, -1);
    gdc_jet_neg(v, v);
    gdc_jet_expm1(v, v, prec);
    gdc_jet_mul(u, u, v, prec);
    gdc_jet_add(res, u, sh, prec);
    gdc_jet_clears(u, v, sh, NULL);
}
