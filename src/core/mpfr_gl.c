/* Gauss-Legendre nodes and weights in MPFR (the MPFR point versions of gauss.lemma51, relu.nc_grad and the bias rows
 * integrate numerically): Newton's method on the Legendre recurrence, started from a double Newton solution (about
 * 50 correct bits) and carried to the working precision w by doubling the precision at each step (quadratic
 * convergence: a step at precision 2q from q correct bits gives 2q; only the last step and the weight run at w,
 * where one precision throughout cost a full-precision recurrence per doubling: the MPFR references of the bias rows
 * spent half their time here). */
#include <math.h>
#include "core/mpfr_gl.h"

/* p1 = P_n(x), p0 = P_{n-1}(x) by the three-term recurrence, at the precision of p0, p1 (t, p2 scratch) */
static void legendre_pair(mpfr_t p0, mpfr_t p1, mpfr_t p2, mpfr_t t, mpfr_srcptr x, int n)
{
    mpfr_set_ui(p0, 1, MPFR_RNDN);
    mpfr_set(p1, x, MPFR_RNDN);
    for (int j = 2; j <= n; j++) {
        mpfr_mul(p2, p1, x, MPFR_RNDN);
        mpfr_mul_ui(p2, p2, (unsigned long)(2 * j - 1), MPFR_RNDN);
        mpfr_mul_ui(t, p0, (unsigned long)(j - 1), MPFR_RNDN);
        mpfr_sub(p2, p2, t, MPFR_RNDN);
        mpfr_div_ui(p2, p2, (unsigned long)j, MPFR_RNDN);
        mpfr_swap(p0, p1);
        mpfr_swap(p1, p2);
    }
}

/* the double Newton solution for node i */
static double node_double(int n, int i)
{
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
    return x;
}

void gdc_mpfr_gl_nodes(mpfr_t *xs, mpfr_t *ws, int n, mpfr_prec_t w)
{
    mpfr_t p0, p1, p2, dp, t, x;
    mpfr_inits2(w, p0, p1, p2, dp, t, x, (mpfr_ptr)0);
    /* the precisions of the Newton steps in increasing order: ..., w/4, w/2, w (halving down to at most 96 bits),
     * then one more step at w: near x = 1 a step squares the error times up to about n/(1 - x^2) ~ 2^16, so the
     * doubling falls short by that factor a step, which the last step at w makes up; then the weight at w */
    mpfr_prec_t q[64];
    int nq = 0;
    for (mpfr_prec_t p = w; nq < 62; p = (p + 1) / 2) {
        q[nq++] = p;
        if (p <= 96)
            break;
    }
    for (int a = 0, b = nq - 1; a < b; a++, b--) {
        mpfr_prec_t u = q[a];
        q[a] = q[b];
        q[b] = u;
    }
    q[nq++] = w;
    for (int i = 0; i < n / 2; i++) {
        mpfr_set_prec(x, 64);
        mpfr_set_d(x, node_double(n, i), MPFR_RNDN);
        for (int s = 0; s <= nq; s++) {
            mpfr_prec_t p = s < nq ? q[s] : w; /* s = nq: the weight */
            mpfr_prec_round(x, p, MPFR_RNDN);
            mpfr_set_prec(p0, p);
            mpfr_set_prec(p1, p);
            mpfr_set_prec(p2, p);
            mpfr_set_prec(dp, p);
            mpfr_set_prec(t, p);
            legendre_pair(p0, p1, p2, t, x, n);
            /* P_n' = n (x P_n - P_{n-1})/(x^2 - 1) */
            mpfr_mul(dp, x, p1, MPFR_RNDN);
            mpfr_sub(dp, dp, p0, MPFR_RNDN);
            mpfr_mul_ui(dp, dp, (unsigned long)n, MPFR_RNDN);
            mpfr_sqr(t, x, MPFR_RNDN);
            mpfr_sub_ui(t, t, 1, MPFR_RNDN);
            mpfr_div(dp, dp, t, MPFR_RNDN);
            if (s == nq) {
                /* w = 2/((1 - x^2) P_n'^2) */
                mpfr_neg(t, t, MPFR_RNDN);
                mpfr_sqr(p2, dp, MPFR_RNDN);
                mpfr_mul(t, t, p2, MPFR_RNDN);
                mpfr_ui_div(ws[i], 2, t, MPFR_RNDN);
            } else {
                mpfr_div(t, p1, dp, MPFR_RNDN);
                mpfr_sub(x, x, t, MPFR_RNDN);
            }
        }
        mpfr_set(xs[i], x, MPFR_RNDN);
    }
    mpfr_clears(p0, p1, p2, dp, t, x, (mpfr_ptr)0);
}
