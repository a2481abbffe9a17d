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

#endif
