/* Private to twolayer.gd (twolayer_gd.c, twolayer_gd_jac.c): the parameter layout of the dynamics and the
 * Jacobian of its Arb step map (seed-001 C8, C20). */
#ifndef GDC_TWOLAYER_GD_H
#define GDC_TWOLAYER_GD_H
#include "gdc_arb.h"

enum { GDC_TLGD_V1, GDC_TLGD_V2, GDC_TLGD_MU, GDC_TLGD_SCALED, GDC_TLGD_W1X, GDC_TLGD_NP = GDC_TLGD_W1X + 6 };

/* m = the step of row i on W~ = (v1 w1, v2 w2): mu (scaled) or mu v_i^2 (plain), from the exact double parameters */
void gdc_twolayer_gd_rate_arb(arb_t m, const double *p, int i, slong prec);
/* jac[6 i + j] encloses dF_i/dx_j on the whole box st of F(W~) = W~ - diag(m_1 I, m_2 I) grad L(W~) */
void gdc_twolayer_gd_jac_arb(arb_ptr jac, arb_srcptr st, const double *p, slong prec);

#endif
