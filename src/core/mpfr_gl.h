/* Gauss-Legendre quadrature nodes and weights at MPFR precision, for the MPFR point versions of the registry. */
#ifndef GDC_CORE_MPFR_GL_H
#define GDC_CORE_MPFR_GL_H
#include <mpfr.h>

/* The positive nodes xs[i] in (0, 1) and their weights ws[i], i < n/2 (n even; the others are -xs[i] with the
 * same weights), of the n-point Gauss-Legendre rule on [-1, 1], to about precision w (xs, ws initialised by the
 * caller with precision w). */
void gdc_mpfr_gl_nodes(mpfr_t *xs, mpfr_t *ws, int n, mpfr_prec_t w);
#endif
