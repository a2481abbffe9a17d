/* Internal: the forms the double kernels of relu.corr and relu.corr_ratio choose between (relu_double.c), exposed so
 * that tests/check_relu_corr_paths.c can check each form's premise in Arb at the points the kernel sends to it. */
#ifndef GDC_RELU_CORR_PATH_H
#define GDC_RELU_CORR_PATH_H

enum {
    GDC_RELU_CORR_EDGE, /* (r, t) = (1, 0), the limit (or r too large for the terms: corr_body's first test) */
    GDC_RELU_CORR_FAST, /* x = D/(2 pi Q) <= 1/4: Q/2 - D/(2 pi), and R = 1/2 - x */
    GDC_RELU_CORR_BNEG, /* x > 1/4, t >= 1.8 (B < 0): pi r^2 + r (-B) + C, three terms >= 0 */
    GDC_RELU_CORR_SLOW  /* x > 1/4, t < 1.8: the double-double forms of seed-000 C23 */
};

/* the form used at the doubles (r, t), r in [0, 2^200], t in [0, pi] */
int gdc_relu_corr_path(double r, double t);

#endif
