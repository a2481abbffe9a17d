/* Batch evaluation (core/batch.h): one indirect call per point, no per-point dispatch on the row. The checked form
 * decides the domain with double comparisons against bounds computed once per call: an endpoint that is not a
 * double (pi, 3 pi/4, 7071067811865475/10^16) is rounded toward the inside, so that x >= lo (x <= hi) is exactly the
 * test of gdc_arg_contains; an open endpoint that is a double needs the strict comparison. */
#include <math.h>
#include "core/batch.h"

void gdc_eval_n(const gdc_row_t *row, double *out, const double *x, size_t n)
{
    const gdc_double_fn f = row->fn_double;
    const size_t na = (size_t)row->nargs, no = (size_t)row->nout;
    for (size_t i = 0; i < n; i++)
        f(out + i * no, x + i * na);
}

typedef struct {
    double lo, hi;
    int lo_strict, hi_strict, integer;
} dbounds_t;

static void bounds_of(const gdc_arg_t *a, dbounds_t *b)
{
    b->lo = gdc_qpi_double(&a->lo, 1);
    b->hi = gdc_qpi_double(&a->hi, 0);
    b->lo_strict = a->lo_open && gdc_qpi_double(&a->lo, 0) == b->lo;
    b->hi_strict = a->hi_open && gdc_qpi_double(&a->hi, 1) == b->hi;
    b->integer = a->integer;
}

static int inside(const dbounds_t *b, double x)
{
    if (!isfinite(x) || (b->integer && x != floor(x)))
        return 0;
    if (b->lo_strict ? !(x > b->lo) : !(x >= b->lo))
        return 0;
    return b->hi_strict ? x < b->hi : x <= b->hi;
}

size_t gdc_eval_n_checked(const gdc_row_t *row, double *out, const double *x, size_t n)
{
    dbounds_t b[GDC_MAX_ARGS];
    const size_t na = (size_t)row->nargs;
    for (size_t j = 0; j < na; j++)
        bounds_of(&row->args[j], &b[j]);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < na; j++)
            if (!inside(&b[j], x[i * na + j]))
                return i;
    gdc_eval_n(row, out, x, n);
    return n;
}

/* 1 if every x[i] (i < n) is inside the bounds: for a non-integer argument a branch-free loop of two comparisons per
 * point, which the compiler vectorises (NaN fails both comparisons; an infinite x fails at its infinite endpoint,
 * which is open, or at a finite one) */
static int block_inside(const dbounds_t *b, const double *x, size_t n)
{
    if (b->integer) {
        for (size_t i = 0; i < n; i++)
            if (!inside(b, x[i]))
                return 0;
        return 1;
    }
    const double lo = b->lo, hi = b->hi;
    int ok = 1;
    if (b->lo_strict || b->hi_strict) {
        const int ls = b->lo_strict, hs = b->hi_strict;
        for (size_t i = 0; i < n; i++)
            ok &= (ls ? x[i] > lo : x[i] >= lo) & (hs ? x[i] < hi : x[i] <= hi);
    } else {
        for (size_t i = 0; i < n; i++)
            ok &= (x[i] >= lo) & (x[i] <= hi);
    }
    return ok;
}

/* the domain is checked a block of points at a time (block_inside: a few cycles per point), the first point outside
 * found by the slow test only in a block that fails; then the block is evaluated by gdc_eval_n from a copy in its
 * layout (measured: as fast as gdc_eval_n on the whole array, where a per-point gather into a small buffer cost up to
 * 1.4 times) */
#define SOA_BLOCK 256

size_t gdc_eval_soa_checked(const gdc_row_t *row, double *const *out, const double *const *x, size_t n)
{
    dbounds_t b[GDC_MAX_ARGS];
    const int na = row->nargs, no = row->nout;
    double xb[SOA_BLOCK * GDC_MAX_ARGS], yb[SOA_BLOCK * GDC_MAX_OUT];
    for (int j = 0; j < na; j++)
        bounds_of(&row->args[j], &b[j]);
    for (size_t i0 = 0; i0 < n; i0 += SOA_BLOCK) {
        size_t m = n - i0 < SOA_BLOCK ? n - i0 : SOA_BLOCK, bad = n;
        for (int j = 0; j < na && bad == n; j++)
            if (!block_inside(&b[j], x[j] + i0, m))
                for (size_t i = i0; i < i0 + m && bad == n; i++)
                    for (int k = 0; k < na; k++)
                        if (!inside(&b[k], x[k][i])) {
                            bad = i;
                            break;
                        }
        if (bad < n)
            m = bad - i0; /* the points before the first one outside are evaluated, as the header says */
        /* the block gathered into the layout of gdc_eval_n (in L1), evaluated, outputs scattered */
        for (size_t i = 0; i < m; i++)
            for (int j = 0; j < na; j++)
                xb[i * (size_t)na + j] = x[j][i0 + i];
        if (no == 1) {
            gdc_eval_n(row, out[0] + i0, xb, m);
        } else {
            gdc_eval_n(row, yb, xb, m);
            for (size_t i = 0; i < m; i++)
                for (int k = 0; k < no; k++)
                    out[k][i0 + i] = yb[i * (size_t)no + k];
        }
        if (bad < n)
            return bad;
    }
    return n;
}
