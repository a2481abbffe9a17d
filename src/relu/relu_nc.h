/* The ReLU objective for the non-centred Gaussian input of Figure 1 (000_09c7d5b8511ab65b.txt Sec. 6.2;
 * seed-000 C26, S19, N18): x ~ N(mu, I_2) with mu = (0, m), target v = (1, 0), w = (wx, wy),
 *   F(w)      = E[(relu(w.x) - relu(v.x))^2]/2,
 *   grad F(w) = E[(relu(w.x) - relu(v.x)) 1(w.x > 0) x].
 * C26: for h homogeneous of degree 2, E[h(x)] = int_0^{2 pi} h(u(phi)) W(phi) dphi with u = (cos phi, sin phi),
 *   W(phi) = e^{-m^2/2} M3(m sin phi)/(2 pi),  M3(b) = int_0^inf rho^3 e^{-rho^2/2 + b rho} drho
 *          = b^2 + 2 + sqrt(2 pi) e^{b^2/2} b (b^2 + 3) Phi(b).
 * The kinks of the integrand are where v.u = 0 (phi = +-pi/2) and w.u = 0 (phi = arg w +- pi/2); between them
 * the integrand is analytic. At w = 0 (where F is not differentiable) the gradient takes the convention value
 * sigma'(0) = 1 of seed-000 C5: grad F(0) = -E[relu(x1) x] = -(1/2, m/sqrt(2 pi)); F(0) = 1/4. */
#ifndef GDC_RELU_NC_H
#define GDC_RELU_NC_H
#include <stdint.h>
#include "gdc_arb.h"

/* out = (dF/dwx, dF/dwy, F) at w = (wx, wy), mu = (0, m); double kernel (composite Gauss-Legendre per piece) */
void gdc_relu_nc_grad(double out[3], double wx, double wy, double m);
/* M3(b) in double, without cancellation for b < 0 (b^2 + 2 + ... in double-double) */
double gdc_relu_nc_m3(double b);
/* internal (the double kernel): for b < 0 returns M3(b) - 2 and writes M3(b) to *m3, both without cancellation */
double gdc_relu_nc_m3_neg(double b, double *m3);

/* Arb enclosure over any balls (acb_calc_integrate over the analytic pieces; proof in relu_nc_arb.c) */
void gdc_relu_nc_grad_arb(arb_ptr out, const arb_t wx, const arb_t wy, const arb_t m, slong prec);
void gdc_relu_nc_m3_arb(arb_t res, const arb_t b, slong prec);

/* MPFR value (composite Gauss-Legendre at the working precision, nodes by Newton), rounded to out's precision */
void gdc_relu_nc_grad_mpfr(mpfr_ptr out, const mpfr_t wx, const mpfr_t wy, const mpfr_t m);

/* Definition checks (relu_nc_defs.c): the defining expectation in Cartesian coordinates along w (rigorous,
 * acb_calc_integrate), and seeded Monte Carlo in R^2. x = (wx, wy, m). */
int gdc_relu_nc_def_cartesian(arb_ptr out, const double *x, slong prec);
void gdc_relu_nc_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);

#endif
