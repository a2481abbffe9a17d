/* Gauss-Legendre nodes and weights in MPFR (the MPFR point versions of gauss.lemma51 and relu.nc_grad integrate
 * numerically): Newton's method on the Legendre recurrence, started from a double Newton solution and carried to
 * the working precision (quadratic convergence: one step per doubling of the bits). */
#include <math.h>
#include "core/mpfr_gl.h"

void gdc_mpfr_gl_nodes(mpfr_t *xs, mpfr_t *ws, int n, mpfr_prec_t w)
{
    mpfr_t p0, p1, p2, dp, t;
    mpfr_inits2(w, p0, p1, p2, dp, t, (mpfr_ptr)0);
    for (int i = 0; i < n / 2; i++) {
        /* double Newton first */
        double x = cos(3.141592653589793 * (i + 0.75) / (n + 0.5));
        for (int it = 0; it < 100; it++) {
            double a = 1.0, b = x;
            for (int j = 2; j <= n; j++) {
                double c = ((2.0 * j - 1.0) * x * b - (j - 1.0) * a) / j;
                a = b;
                b = c;
            }
            double der = n * (x * b - a) / (x * x - 1.0), dx = b / der;
            x -= dx;
            if (fabs(dx) < 1e-15)
                break;
        }
        mpfr_set_d(xs[i], x, MPFR_RNDN);
        int iters = 2;
        for (mpfr_prec_t b = 40; b < w; b *= 2)
            iters++;
        for (int it = 0; it < iters; it++) {
            mpfr_set_ui(p0, 1, MPFR_RNDN);
            mpfr_set(p1, xs[i], MPFR_RNDN);
            for (int j = 2; j <= n; j++) {
                mpfr_mul(p2, p1, xs[i], MPFR_RNDN);
                mpfr_mul_ui(p2, p2, (unsigned long)(2 * j - 1), MPFR_RNDN);
                mpfr_mul_ui(t, p0, (unsigned long)(j - 1), MPFR_RNDN);
                mpfr_sub(p2, p2, t, MPFR_RNDN);
                mpfr_div_ui(p2, p2, (unsigned long)j, MPFR_RNDN);
                mpfr_set(p0, p1, MPFR_RNDN);
                mpfr_set(p1, p2, MPFR_RNDN);
            }
            /* p1 = P_n, p0 = P_{n-1}; P_n' = n (x P_n - P_{n-1})/(x^2 - 1) */
            mpfr_mul(dp, xs[i], p1, MPFR_RNDN);
            mpfr_sub(dp, dp, p0, MPFR_RNDN);
            mpfr_mul_ui(dp, dp, (unsigned long)n, MPFR_RNDN);
            mpfr_sqr(t, xs[i], MPFR_RNDN);
            mpfr_sub_ui(t, t, 1, MPFR_RNDN);
            mpfr_div(dp, dp, t, MPFR_RNDN);
            if (it == iters - 1) {
                /* w = 2/((1 - x^2) P_n'^2) */
                mpfr_neg(t, t, MPFR_RNDN);
                mpfr_sqr(p2, dp, MPFR_RNDN);
                mpfr_mul(t, t, p2, MPFR_RNDN);
                mpfr_ui_div(ws[i], 2, t, MPFR_RNDN);
            } else {
                mpfr_div(t, p1, dp, MPFR_RNDN);
                mpfr_sub(xs[i], xs[i], t, MPFR_RNDN);
            }
        }
    }
    mpfr_clears(p0, p1, p2, dp, t, (mpfr_ptr)0);
}
