/* Rigorous enclosure of a long trajectory y_{n+1} = F(y_n) of a dynamics (core/dynamics.h) that provides the
 * Jacobian of its Arb step map on boxes (step_jac_arb): Lohner's mean-value form with a QR frame, in which the
 * enclosure widths grow like the sensitivity of the trajectory to its start instead of by the wrapping factor of
 * interval arithmetic at every step. The proof is in simulate_lohner.c. */
#ifndef GDC_SIMULATE_LOHNER_H
#define GDC_SIMULATE_LOHNER_H
#include "core/dynamics.h"
#if GDC_ARB_FLINT3
#include <flint/arb_mat.h>
#else
#include <arb_mat.h>
#endif

/* The set {c + A v : v in r} contains the exact state y_n: c an exact point (zero radii), A an exact invertible
 * matrix (zero radii), r a vector of balls. */
typedef struct {
    const gdc_dynamics_t *d;
    slong n, prec;
    arb_ptr c, r;
    arb_mat_t A;
} gdc_lohner_t;

/* starts from the enclosure y0 of the exact start (from init_arb): c = mid y0, A = I, r = y0 - c */
void gdc_lohner_init(gdc_lohner_t *L, const gdc_dynamics_t *d, arb_srcptr y0, slong prec);
void gdc_lohner_clear(gdc_lohner_t *L);
/* one step of the exact recursion; returns 0, or 1 when the Jacobian or F(c) is not bounded (the enclosure is then
 * indeterminate from here on) */
int gdc_lohner_step(gdc_lohner_t *L, const double *param);
/* s = the box c + A r (ball arithmetic), containing y_n */
void gdc_lohner_enclosure(arb_ptr s, const gdc_lohner_t *L);
/* What `simulate --ball` does per step: s encloses y_n on entry and y_{n+1} on return, the intersection of
 * step_arb(s) (the interval step) with the Lohner enclosure; where the Lohner step has no bound (a Jacobian not
 * bounded on the box, e.g. at a point where F is not differentiable), s is the interval step alone and the Lohner
 * set restarts from it. Two rigorous enclosures of y_{n+1} that do not meet would mean a bug: s is then
 * indeterminate. */
void gdc_lohner_advance(gdc_lohner_t *L, arb_ptr s, const double *param);

#endif
