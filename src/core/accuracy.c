/* The accuracy measure of the double kernels:
 *   err = |double - exact| / max(ulp(exact), Delta),
 * exact = the true value at exactly the double inputs (Arb, to 64 correct bits), Delta = the largest change of the
 * exact value when one input moves by one ulp (staying inside the domain). Ball radii are charged to the kernel,
 * so err is an upper bound of the measure.
 * Delta is a lower bound: from the neighbours' Arb values (|f(x') - f(x)| bounded below), or, in the checks
 * (gdc_double_error_check), first from the row's derivative enclosure on the box spanned by the neighbours: by the mean
 * value theorem |f(x') - f(x)| >= |x'_i - x_i| min |df/dx_i| over the box, a rigorous lower bound when the enclosure
 * excludes 0. That costs one fn_arb_jac call instead of 2 nargs evaluations (the bias rows integrate Phi2 in each);
 * arguments whose enclosure contains 0 take their neighbours' values, and where the resulting err exceeds the
 * target the whole measure is redone from the neighbours' values, so a point passes or fails exactly as with
 * them, and err only moves by the jac's relative width (about 2^-100) where it passes. */
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

/* Delta lower bounds from fn_arb_jac on the box spanned by the one-ulp neighbours inside the domain (one call):
 * done[i] = 1 where argument i's entries of the enclosure all exclude 0 or are exactly 0 (then its neighbours need
 * no evaluation); delta[k] takes the largest bound */
static void delta_from_jac(const gdc_row_t *row, const double *x, double *delta, int *done)
{
    int n = row->nargs, m = row->nout;
    arb_ptr box = _arb_vec_init(n), out = _arb_vec_init(m), jac = _arb_vec_init(m * n);
    arf_t lo, hi, l;
    arf_init(lo);
    arf_init(hi);
    arf_init(l);
    for (int i = 0; i < n; i++) {
        double dn = nextafter(x[i], -INFINITY), up = nextafter(x[i], INFINITY);
        arf_set_d(lo, gdc_arg_contains(&row->args[i], dn) && !row->args[i].integer ? dn : x[i]);
        arf_set_d(hi, gdc_arg_contains(&row->args[i], up) && !row->args[i].integer ? up : x[i]);
        arb_set_interval_arf(box + i, lo, hi, 128);
    }
    row->fn_arb_jac(out, jac, box, 128);
    for (int i = 0; i < n; i++) {
        done[i] = !row->args[i].integer;
        for (int k = 0; k < m && done[i]; k++) {
            arb_srcptr J = jac + k * n + i;
            if (!arb_is_finite(J) || (!arb_is_zero(J) && arb_contains_zero(J)))
                done[i] = 0;
        }
        for (int dir = -1; dir <= 1 && done[i]; dir += 2) {
            double xn = nextafter(x[i], dir * INFINITY);
            if (!gdc_arg_contains(&row->args[i], xn))
                continue;
            for (int k = 0; k < m; k++) {
                arb_get_abs_lbound_arf(l, jac + k * n + i, 64);
                arf_set_d(lo, fabs(xn - x[i])); /* exact: neighbouring doubles */
                arf_mul(l, l, lo, 64, ARF_RND_DOWN);
                double dk = arf_get_d(l, ARF_RND_DOWN);
                if (dk > delta[k])
                    delta[k] = dk;
            }
        }
    }
    arf_clear(lo);
    arf_clear(hi);
    arf_clear(l);
    _arb_vec_clear(box, n);
    _arb_vec_clear(out, m);
    _arb_vec_clear(jac, m * n);
}

static int double_error(const gdc_row_t *row, const double *x, const double *y, double *err, double *exact,
                        int use_jac)
{
    int n = row->nargs, m = row->nout, status, done[GDC_MAX_ARGS] = {0};
    arb_ptr ex = _arb_vec_init(m), nb = _arb_vec_init(m);
    double delta[GDC_MAX_OUT] = {0}, xn[GDC_MAX_ARGS];

    status = gdc_eval_arb_goal_double(row, ex, x, GOAL_BITS, MAX_PREC);
    if (use_jac)
        delta_from_jac(row, x, delta, done);

    for (int i = 0; i < n; i++) {
        if (done[i])
            continue;
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

int gdc_double_error(const gdc_row_t *row, const double *x, const double *y, double *err, double *exact)
{
    return double_error(row, x, y, err, exact, 0);
}

int gdc_double_error_check(const gdc_row_t *row, const double *x, const double *y, double *err, double *exact)
{
    if (!row->fn_arb_jac)
        return double_error(row, x, y, err, exact, 0);
    int status = double_error(row, x, y, err, exact, 1);
    for (int k = 0; k < row->nout; k++)
        if (!(err[k] <= row->max_err))
            return double_error(row, x, y, err, exact, 0); /* the verdict from the neighbours' values */
    return status;
}
