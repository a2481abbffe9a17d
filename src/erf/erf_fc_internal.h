/* Internal to the Arb code of the Section-4 FC/WS rows (erf_fc_arb.c: stable form and row drivers;
 * erf_fc_direct.c: direct form and shared helpers). Not installed. */
#ifndef GDC_ERF_FC_INTERNAL_H
#define GDC_ERF_FC_INTERNAL_H
#include "erf/erf_fc.h"
#include "erf/erf.h"

enum { GDC_ERF_ROW_WS_LOSS, GDC_ERF_ROW_WS_GRAD, GDC_ERF_ROW_FC_LOSS, GDC_ERF_ROW_FC_GRAD };

/* 2/pi */
/* th(a) = atan(2a^2 / sqrt(1 + 4a^2)) (V(w, w) = (2/pi) th) at an exact a */
void gdc_erf_fc_self_th(arb_t th, const arb_t a, slong prec);
/* f monotone on x >= 0: its range over the non-negative part of the ball x from the values at the two ends */
void gdc_erf_fc_monotone(arb_t r, const arb_t x, void (*f)(arb_t, const arb_t, slong), slong prec);
/* the direct form of row `row` (an enum value above) at any balls x, k the exact integer x[0] */
void gdc_erf_fc_eval_direct(arb_ptr out, int row, long k, arb_srcptr x, slong prec);
#endif
