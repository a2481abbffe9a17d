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
    long steps;
    int check_jac;  /* 1 (set by init): the guard below; 0 only in the test that shows what it guards */
    int broken;     /* a Jacobian enclosure was contradicted: every enclosure from then on is indeterminate */
} gdc_lohner_t;

/* starts from the enclosure y0 of the exact start (from init_arb): c = mid y0, A = I, r = y0 - c */
void gdc_lohner_init(gdc_lohner_t *L, const gdc_dynamics_t *d, arb_srcptr y0, slong prec);
void gdc_lohner_clear(gdc_lohner_t *L);
/* one step of the exact recursion; returns 0, 1 when the Jacobian or F(c) is not bounded (the set is then
 * indeterminate), 2 when the Jacobian enclosure is contradicted. Guard (check_jac): at every step one coordinate j
 * (cycling) is tested by the mean-value theorem, (F(c + h e_j) - F(c))/h = int_0^1 DF(c + s h e_j) e_j ds with
 * c + h e_j a corner of the box on which J was enclosed, the divided difference evaluated at twice the working
 * precision: a ball that misses column j of J proves step_jac_arb wrong (a Jacobian that is not an enclosure). */
int gdc_lohner_step(gdc_lohner_t *L, const double *param);
/* s = the box c + A r (ball arithmetic), containing y_n */
void gdc_lohner_enclosure(arb_ptr s, const gdc_lohner_t *L);
/* What `simulate --ball` does per step: s encloses y_n on entry and y_{n+1} on return, the intersection of
 * step_arb(s) (the interval step) with the Lohner enclosure; where the Lohner step has no bound (a Jacobian not
 * bounded on the box, e.g. at a point where F is not differentiable), s is the interval step alone and the Lohner
 * set restarts from it. Two rigorous enclosures of y_{n+1} that do not meet, or a contradicted Jacobian (then for
 * the rest of the run), would mean a bug: s is then indeterminate. */
void gdc_lohner_advance(gdc_lohner_t *L, arb_ptr s, const double *param);

#endif
