/* Batch evaluation of a registry row's double kernel over arrays of points.
 * Layout: array of structures, row-major (a C-contiguous numpy array of shape (n, nargs)):
 *   point i is x[i * row->nargs + j], j < nargs; its outputs go to out[i * row->nout + k], k < nout.
 * Every point must lie in the row's domain (as for fn_double); the batch call does not check it (gdc_arg_contains
 * does, one argument at a time). */
#ifndef GDC_CORE_BATCH_H
#define GDC_CORE_BATCH_H
#include <stddef.h>
#include "core/registry.h"

void gdc_eval_n(const gdc_row_t *row, double *out, const double *x, size_t n);
/* The same with the domain checked first: returns n if every point lies in the domain (then out is written), else
 * the index of the first point outside it (out untouched). */
size_t gdc_eval_n_checked(const gdc_row_t *row, double *out, const double *x, size_t n);

/* Structure of arrays: argument j of point i is x[j][i], output k goes to out[k][i] (nargs and nout separate contiguous
 * arrays, e.g. numpy arrays of one shape). Checks the domain point by point as it goes: returns n, or the index i of
 * the first point outside the domain (outputs of the points before i are written, the others untouched). */
size_t gdc_eval_soa_checked(const gdc_row_t *row, double *const *out, const double *const *x, size_t n);

#endif
