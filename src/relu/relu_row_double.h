/* Internal: the double kernels of the ReLU rows in the registry's calling convention (gdc_double_fn; relu_double.c),
 * each calling the kernel's body inlined rather than the exported function. */
#ifndef GDC_RELU_ROW_DOUBLE_H
#define GDC_RELU_ROW_DOUBLE_H

#define GDC_RELU_ROW_DOUBLE_LIST(X) \
    X(h) X(J) X(step) X(kernel) X(loss) X(grad) X(corr) X(corr_ratio) X(norm_rate) X(angle_rate) X(hess_eig)
#define GDC_RELU_ROW_DOUBLE_DECL(name) void gdc_relu_row_##name(double *o, const double *x);
GDC_RELU_ROW_DOUBLE_LIST(GDC_RELU_ROW_DOUBLE_DECL)
#undef GDC_RELU_ROW_DOUBLE_DECL

#endif
