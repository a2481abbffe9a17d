/* Registry check at exact special arguments (see xcheck.h): the ends of a row's cases (pieces, signs of arguments,
 * t against pi/2, domain ends, removable singularities) are exact values that random and regime sampling never hit
 * together in two arguments (main's ball.dcross doubled its value at bv = 0 and theta = 0 exactly, issue 9 section 3).
 * Per argument a list of special doubles inside the domain, the points of their product (or every pair), and at each
 * point the value, accuracy, derivative and 2^-40-box checks of the other registry checks. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/xcheck.h"

#define MAX_SPECIAL 24
#define BOX_BITS 40

static int add_value(double *v, int n, const gdc_arg_t *a, double lo, double hi, double x)
{
    if (n >= MAX_SPECIAL || !(x >= lo && x <= hi) || !gdc_arg_contains(a, x))
        return n;
    for (int i = 0; i < n; i++)
        if (v[i] == x)
            return n;
    v[n] = x;
    return n + 1;
}

/* the special values of argument a (doubles in its sampling range, which holds its finite domain ends) */
static int special_values(const gdc_arg_t *a, double *v)
{
    double lo, hi;
    int n = 0;
    gdc_arg_sample_range(a, &lo, &hi);
    if (a->integer) {
        double c[] = {lo, lo + 1, lo + 2, hi - 1, hi, 0, 1, 2};
        for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
            n = add_value(v, n, a, lo, hi, c[i]);
        return n;
    }
    double e = 0x1p-30, pi = M_PI; /* the double below pi: inside [0, pi] */
    double c[] = {lo, hi, nextafter(lo, INFINITY), nextafter(hi, -INFINITY), lo + e * fmax(1, fabs(lo)),
                  hi - e * fmax(1, fabs(hi)), 0, e, -e, 1, -1, 1 - e, 1 + e, -1 + e, 0.5, 2, pi / 2, pi, 3 * pi / 4,
                  -pi / 2, -pi};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        n = add_value(v, n, a, lo, hi, c[i]);
    return n;
}

double *gdc_special_points(const gdc_row_t *row, long max_points, long *count)
{
    int n = row->nargs, len[GDC_MAX_ARGS];
    double v[GDC_MAX_ARGS][MAX_SPECIAL];
    long total = 1, cap;
    for (int i = 0; i < n; i++) {
        len[i] = special_values(&row->args[i], v[i]);
        total *= len[i];
    }
    int full = total <= GDC_SPECIAL_FULL;
    if (full)
        cap = total;
    else { /* every pair of values of arguments a < b, the others rotating through their lists */
        cap = 0;
        for (int a = 0; a < n; a++)
            for (int b = a + 1; b < n; b++)
                cap += (long)len[a] * len[b];
    }
    double *xs = malloc(sizeof(double) * (size_t)(cap * n + 1));
    long c = 0;
    if (full)
        for (long p = 0; p < total; p++, c++)
            for (long i = 0, q = p; i < n; q /= len[i], i++)
                xs[c * n + i] = v[i][q % len[i]];
    else
        for (int a = 0; a < n; a++)
            for (int b = a + 1; b < n; b++)
                for (int va = 0; va < len[a]; va++)
                    for (int vb = 0; vb < len[b]; vb++, c++)
                        for (int i = 0; i < n; i++)
                            xs[c * n + i] = i == a ? v[a][va] : i == b ? v[b][vb] : v[i][(va + vb + i) % len[i]];
    /* an expensive row (check_scale): every stride-th point */
    long stride = max_points > 0 && c > max_points ? (c + max_points - 1) / max_points : 1, k = 0;
    for (long p = 0; p < c; p += stride, k++)
        memmove(xs + k * n, xs + p * n, sizeof(double) * (size_t)n);
    *count = k;
    return xs;
}

static void note(gdc_special_result_t *res, const gdc_row_t *row, const double *x, const char *fmt, int k)
{
    if (res->nfail >= 4)
        return;
    snprintf(res->what[res->nfail], sizeof res->what[0], fmt, k);
    memcpy(res->x[res->nfail], x, sizeof(double) * (size_t)row->nargs);
    res->nfail++;
}

/* the box of radius 2^-40 around x clipped to the domain (an integer argument stays exact); at a non-dyadic domain
 * end (pi) the box reaches to the end's ball, as the prover's boxes do. lo/hi get the box's double ends. */
static void special_box(const gdc_row_t *row, const double *x, arb_ptr xb, double *blo, double *bhi)
{
    arf_t a, b;
    arb_t end;
    arf_init(a);
    arf_init(b);
    arb_init(end);
    for (int i = 0; i < row->nargs; i++) {
        const gdc_arg_t *g = &row->args[i];
        double r = g->integer ? 0 : ldexp(1, -BOX_BITS), l = x[i] - r, h = x[i] + r;
        int at_lo = 0, at_hi = 0;
        if (!gdc_qpi_is_inf(&g->lo) && !gdc_arg_contains(g, l))
            l = x[i], at_lo = 1; /* the box starts at the point (at or next to the end) and reaches the end below */
        if (!gdc_qpi_is_inf(&g->hi) && !gdc_arg_contains(g, h))
            h = x[i], at_hi = 1;
        blo[i] = l;
        bhi[i] = h;
        arf_set_d(a, l);
        arf_set_d(b, h);
        int closed_end = (at_lo && !g->lo_open) || (at_hi && !g->hi_open);
        if (closed_end)
            gdc_qpi_arb(end, at_lo && !g->lo_open ? &g->lo : &g->hi, 128);
        if (closed_end && arb_is_exact(end)) /* a dyadic end (0, 1): the box keeps it exact */
            arf_set(at_lo && !g->lo_open ? a : b, arb_midref(end));
        gdc_box_to_ball(xb + i, a, b, at_hi && !g->hi_open && !(at_lo && !g->lo_open));
        if (closed_end && !arb_is_exact(end))
            arb_union(xb + i, xb + i, end, 128);
    }
    arf_clear(a);
    arf_clear(b);
    arb_clear(end);
}

/* boxes at 64 and 128 bits contain the values at x and at the box's double corners */
static void check_box(const gdc_row_t *row, const double *x, gdc_special_result_t *res)
{
    int n = row->nargs, m = row->nout;
    double blo[GDC_MAX_ARGS], bhi[GDC_MAX_ARGS], y[GDC_MAX_ARGS];
    arb_ptr xb = _arb_vec_init(n), e64 = _arb_vec_init(m), e128 = _arb_vec_init(m), pt = _arb_vec_init(m);
    special_box(row, x, xb, blo, bhi);
    row->fn_arb(e64, xb, 64);
    row->fn_arb(e128, xb, 128);
    for (int k = 0; k < m; k++)
        if (!arb_is_finite(e128 + k))
            res->box_infinite++;
    for (int s = 0; s < 3; s++) {
        for (int i = 0; i < n; i++)
            y[i] = s == 0 ? x[i] : s == 1 ? blo[i] : bhi[i];
        if (!gdc_point_in_domain(row, y))
            continue;
        gdc_eval_arb_goal(row, pt, y, 60, 4096);
        for (int k = 0; k < m; k++)
            if (!arb_overlaps(e64 + k, pt + k) || !arb_overlaps(e128 + k, pt + k)) {
                note(res, row, y, "out[%d] outside the 2^-40 box enclosure", k);
                res->box_fail++;
                s = 3;
                break;
            }
    }
    _arb_vec_clear(xb, n);
    _arb_vec_clear(e64, m);
    _arb_vec_clear(e128, m);
    _arb_vec_clear(pt, m);
}

void gdc_check_special(const gdc_row_t *row, long max_points, long deriv_points, gdc_special_result_t *res)
{
    long count;
    int n = row->nargs;
    double *xs = gdc_special_points(row, max_points, &count), y[GDC_MAX_OUT], err[GDC_MAX_OUT], ex[GDC_MAX_OUT];
    memset(res, 0, sizeof *res);
    for (long p = 0; p < count; p++) {
        const double *x = xs + p * n;
        if (gdc_mpfr_point_bad(row, x, 64, 128, NULL)) {
            note(res, row, x, "MPFR outside the Arb ball (64/128 bits)%.0d", 0);
            res->value_fail++;
        }
        row->fn_double(y, x);
        if (gdc_double_error_check(row, x, y, err, ex))
            res->acc_unresolved++;
        for (int k = 0; k < row->nout; k++)
            if (isinf(ex[k])) /* the exact value is beyond the double range (twolayer.hess_form at psi = 2^-1074) */
                res->acc_overflow++;
            else if (!(err[k] <= row->max_err)) {
                note(res, row, x, "double out[%d] above the target", k);
                res->acc_fail++;
                break;
            }
        check_box(row, x, res);
        res->points++;
    }
    /* derivatives at deriv_points of them, evenly strided */
    long nd = 0, deriv_every = deriv_points > 0 ? (count + deriv_points - 1) / deriv_points : 0;
    for (long p = 0; deriv_every > 0 && p < count; p += deriv_every, nd++)
        memmove(xs + nd * n, xs + p * n, sizeof(double) * (size_t)n);
    gdc_check_deriv_at(row, xs, nd, &res->deriv);
    if (res->deriv.failures)
        note(res, row, res->deriv.worst_x, "derivative: see deriv.what%.0d", 0);
    free(xs);
}
