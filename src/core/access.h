/* Accessors of registry rows for foreign-function callers (the Python module, ctypes): plain functions instead of
 * the layout of gdc_row_t, and the certified enclosure of a row at a point as decimal strings and outward doubles. */
#ifndef GDC_CORE_ACCESS_H
#define GDC_CORE_ACCESS_H
#include <stddef.h>
#include "core/registry.h"

const char *gdc_row_id(const gdc_row_t *row);
const char *gdc_row_summary(const gdc_row_t *row);
const char *gdc_row_source(const gdc_row_t *row);
int gdc_row_nargs(const gdc_row_t *row);
int gdc_row_nout(const gdc_row_t *row);
double gdc_row_max_err(const gdc_row_t *row);
const char *gdc_row_output(const gdc_row_t *row, int k);   /* formula of output k, NULL if k is out of range */
const char *gdc_row_arg_name(const gdc_row_t *row, int j); /* NULL if j is out of range */
int gdc_row_arg_integer(const gdc_row_t *row, int j);
/* "[0, pi]", "(0, inf)" ... into buf (n bytes) */
void gdc_row_arg_domain(const gdc_row_t *row, int j, char *buf, size_t n);

/* Certified enclosure of every output at the double point x, to `digits` significant decimal digits (Arb raises its
 * precision up to 4096 bits for them). For output k: mid[k * len] the midpoint and rad[k * len] the radius as decimal
 * strings (len bytes each; the decimal midpoint +- radius contains the value), lo[k] <= value <= hi[k] as doubles
 * rounded outward. Returns 0; 1 if some output did not reach the digits (still rigorous); 2 if x is outside the
 * domain (nothing written). */
int gdc_eval_ball(const gdc_row_t *row, const double *x, long digits, char *mid, char *rad, size_t len, double *lo,
                  double *hi);

#endif
