/* Internal: derivative enclosures of the ReLU rows in the registry's calling convention (gdc_arb_hess_fn; hess may
 * be NULL for first order only). relu_deriv.c: the profiles h, J and the rows built from them; relu_deriv_corr.c:
 * corr and corr_ratio. The formulas are in the comments at the top of those files. */
#ifndef GDC_RELU_DERIV_H
#define GDC_RELU_DERIV_H
#include "gdc_arb.h"

#define GDC_RELU_DERIV_LIST(X) \
    X(h) X(J) X(step) X(kernel) X(loss) X(grad) X(corr) X(corr_ratio) X(norm_rate) X(angle_rate) X(hess_eig)

#define GDC_RELU_DERIV_DECL(name) \
    void gdc_relu_##name##_hess_arb(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
GDC_RELU_DERIV_LIST(GDC_RELU_DERIV_DECL)
#undef GDC_RELU_DERIV_DECL

/* The t-jet of the profiles on a ball t: e = pi - t, s = sin t, c = cos t (from e near pi, signs imposed where
 * t >= 0); d[0..3] = h, h', h'', h''' (or J, J', J'', J'''). A ball that reaches past pi (the ball of a range
 * end pi: its points beyond pi are not in the domain) is taken at min(t, pi): e >= 0 and tc = pi - e there. */
typedef struct {
    arb_t e, s, c, tc;         /* tc = min(t, pi) */
    int dom;                   /* t >= 0 on the whole ball (and finite): the signs on [0, pi] hold */
} gdc_relu_trig_t;

void gdc_relu_trig_init(gdc_relu_trig_t *tr, const arb_t t, slong prec);
void gdc_relu_trig_clear(gdc_relu_trig_t *tr);
void gdc_relu_h_jet(arb_ptr d, const gdc_relu_trig_t *tr, const arb_t t, slong prec);
void gdc_relu_J_jet(arb_ptr d, const gdc_relu_trig_t *tr, const arb_t t, slong prec);
/* x known to be >= 0 (sign = 1) or <= 0 (sign = -1): intersected with that half-line, with an exact 0 end */
void gdc_relu_sign_fix(arb_t x, int sign);

#endif
