/* The accuracy measure of the double kernels:
 *   err = |double - exact| / max(ulp(exact), Delta),
 * exact = the true value at exactly the double inputs (Arb, to 64 correct bits), Delta = the largest change of the
 * exact value when one input moves by one ulp (staying inside the domain). Ball radii are charged to the kernel,
 * so err is an upper bound of the measure. */
#include <math.h>
#include <float.h>
#include "core/xcheck.h"

#define GOAL_BITS 64
#define MAX_PREC 32768

double gdc_ulp(double d)
{
    d = fabs(d);
    if (d == 0.0 || !isfinite(d))
        return 0x1p-1074;
    double up = nextafter(d, INFINITY) - d;
    double down = d - nextafter(d, 0.0);
    return down > 0 && down < up ? down : up;
}

/* |a - b| lower bound as a double (rounded down) */
static double abs_diff_lbound(const arb_t a, const arb_t b)
{
    arb_t d;
    arf_t l;
    arb_init(d);
    arf_init(l);
    arb_sub(d, a, b, 2 * MAX_PREC);
    arb_get_abs_lbound_arf(l, d, 64);
    double r = arf_get_d(l, ARF_RND_FLOOR);
    arb_clear(d);
    arf_clear(l);
    return r;
}

/* every point of x has the given sign and magnitude >= 2^1024 - 2^970 (halfway between DBL_MAX and 2^1024), so that
 * round-to-nearest gives that signed infinity */
static int overflows(const arb_t x, int positive)
{
    if (!arb_is_finite(x) || (positive ? !arb_is_positive(x) : !arb_is_negative(x)))
        return 0;
    arb_t a, h;
    arb_init(a);
    arb_init(h);
    arb_abs(a, x);
    arb_one(h);
    arb_mul_2exp_si(h, h, 1024);
    arb_t q;
    arb_init(q);
    arb_one(q);
    arb_mul_2exp_si(q, q, 970);
    arb_sub(h, h, q, 64); /* exact */
    int r = arb_ge(a, h);
    arb_clear(a);
    arb_clear(h);
    arb_clear(q);
    return r;
}

int gdc_double_error(const gdc_row_t *row, const double *x, const double *y, double *err, double *exact)
{
    int n = row->nargs, m = row->nout, status;
    arb_ptr ex = _arb_vec_init(m), nb = _arb_vec_init(m);
    double delta[GDC_MAX_OUT] = {0}, xn[GDC_MAX_ARGS];

    status = gdc_eval_arb_goal_double(row, ex, x, GOAL_BITS, MAX_PREC);

    for (int i = 0; i < n; i++) {
        for (int dir = -1; dir <= 1; dir += 2) {
            for (int j = 0; j < n; j++)
                xn[j] = x[j];
            xn[i] = nextafter(x[i], dir * INFINITY);
            if (!gdc_arg_contains(&row->args[i], xn[i]))
                continue;
            gdc_eval_arb_goal_double(row, nb, xn, GOAL_BITS, MAX_PREC);
            for (int k = 0; k < m; k++) {
                double dk = abs_diff_lbound(nb + k, ex + k);
                if (dk > delta[k])
                    delta[k] = dk;
            }
        }
    }

    for (int k = 0; k < m; k++) {
        double e = arf_get_d(arb_midref(ex + k), ARF_RND_NEAR);
        if (exact)
            exact[k] = e;
        if (isinf(y[k]) && overflows(ex + k, y[k] > 0)) {
            err[k] = 0; /* the exact value rounds to this infinity: the double is correctly rounded */
            continue;
        }
        if (!isfinite(y[k]) || !arb_is_finite(ex + k)) {
            err[k] = INFINITY;
            continue;
        }
        arf_t t;
        arf_init(t);
        arf_set_d(t, y[k]);
        /* bounded precision, rounded away from 0: |t| is an upper bound (an exact difference of a double and a
         * value like e^(-10^400) would need 10^400 bits) */
        arf_sub(t, t, arb_midref(ex + k), 64, ARF_RND_UP);
        arf_abs(t, t);
        {
            arf_t r;
            arf_init(r);
            arf_set_mag(r, arb_radref(ex + k));
            arf_add(t, t, r, 64, ARF_RND_UP);
            arf_clear(r);
        }
        double num = arf_get_d(t, ARF_RND_UP);
        arf_clear(t);
        double den = gdc_ulp(e);
        if (delta[k] > den)
            den = delta[k];
        err[k] = num / den;
    }
    _arb_vec_clear(ex, m);
    _arb_vec_clear(nb, m);
    return status;
}
