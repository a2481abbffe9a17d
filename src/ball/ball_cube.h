/* The integrand of ball.cube_norm (ball_cube_arb.c), exposed for the tests that sample inside its enclosures:
 * f(u) = (1 - g(u)^d)/u^2, g(u) = sqrt(pi) erf(u)/(2u), an entire function of u. */
#ifndef GDC_BALL_CUBE_H
#define GDC_BALL_CUBE_H
#include "gdc_arb.h"

/* f on a real ball u > 0 (indeterminate or wide otherwise) */
void gdc_ball_cube_f_real(arb_t f, const arb_t u, long d, slong prec);
/* G >= |g| and H >= |h| on the complex ball u, h = (1 - g)/u^2 (computed at lp bits) */
void gdc_ball_cube_gh_bound(mag_t G, mag_t H, const acb_t u, slong lp);
/* a ball centred at 0 containing f on the complex ball u (a bound only, at 30 bits) */
void gdc_ball_cube_f_bound(acb_t f, const acb_t u, long d);

#endif
