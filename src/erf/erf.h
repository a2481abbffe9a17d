/* The erf (arcsine-kernel) family (002_588e28744115f015.txt, Section 4 and Appendix C; seed-002 C13-C31):
 * Williams' kernel V(u, v) = E[erf(u.x) erf(v.x)], the self-kernel gap 1 - V(u, u), c1 and btilde of
 * Lemma 5, V(u, u)^k in the log domain (Lemma 2), the Lemma 2 thresholds (C24) and the WS Hessian
 * eigenvalues at the optimum (C31). */
#ifndef GDC_ERF_H
#define GDC_ERF_H
#include <stddef.h>
#include "core/registry.h"

#define GDC_ERF_MPFR_WORK 448
/* working precision of an MPFR value written to out: at least base bits and 128 bits above out's precision (the
 * MPFR contract is the value rounded to the caller's precision, which the derivative check raises to 560 bits) */
static inline mpfr_prec_t gdc_erf_mpfr_work(mpfr_srcptr out, mpfr_prec_t base)
{
    mpfr_prec_t p = mpfr_get_prec(out) + 128;
    return p > base ? p : base;
}

void gdc_erf_kernel_d(double *out, const double *x);      /* {a, b, t} */
/* Gram matrix K[i n2 + j] = V(x_i, y_j) for the rows of X1 (n1 x d) and X2 (n2 x d), row-major, with the angles by
 * Kahan's formula (core/gram.h): no NaN for parallel rows, the diagonal equal to the kernel at t = 0. Returns 0, or
 * -1 if d == 0 or memory is short. */
int gdc_erf_gram(double *K, const double *X1, size_t n1, const double *X2, size_t n2, size_t d);
void gdc_erf_kernel_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_erf_kernel_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_erf_self_gap_d(double *out, const double *x);    /* {a} */
void gdc_erf_self_gap_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_erf_self_gap_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_erf_c1_d(double *out, const double *x);          /* {a} */
void gdc_erf_c1_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_erf_c1_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_erf_btilde_d(double *out, const double *x);      /* {c, a, t} */
void gdc_erf_btilde_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_erf_btilde_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_erf_log_vk_d(double *out, const double *x);      /* {k, a} -> log V(u,u)^k, V(u,u)^k */
void gdc_erf_log_vk_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_erf_log_vk_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_erf_lemma2_d(double *out, const double *x);      /* {k} -> s*(k), s_d(k) */
void gdc_erf_lemma2_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_erf_lemma2_mpfr(mpfr_ptr out, mpfr_srcptr x);
void gdc_erf_hess_opt_d(double *out, const double *x);    /* {k, r} -> Q_rad, Q_trans */
void gdc_erf_hess_opt_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_erf_hess_opt_mpfr(mpfr_ptr out, mpfr_srcptr x);

/* derivative enclosures (erf_deriv.c): name_jac is a gdc_arb_jac_fn, name_hess a gdc_arb_hess_fn */
#define GDC_ERF_DERIV_DECL(name)                                                                                 \
    void gdc_erf_##name##_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);                              \
    void gdc_erf_##name##_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
GDC_ERF_DERIV_DECL(kernel)
GDC_ERF_DERIV_DECL(self_gap)
GDC_ERF_DERIV_DECL(c1)
GDC_ERF_DERIV_DECL(btilde)
GDC_ERF_DERIV_DECL(log_vk)
GDC_ERF_DERIV_DECL(lemma2)
GDC_ERF_DERIV_DECL(hess_opt)

/* log V(u, u) for |u| = a > 0: log1p(-gap) when the gap is below 1/2, else log of V itself */
double gdc_erf_log_vuu_d(double a);
void gdc_erf_log_vuu_arb(arb_t res, const arb_t a, slong prec);

/* the ball 2/pi */
void gdc_erf_two_over_pi_arb(arb_t r, slong prec);
/* erf'(z) = (2/sqrt(pi)) exp(-z^2) for a complex ball (definition-check integrands) */
void gdc_erf_deriv_acb(acb_t r, const acb_t z, slong prec);
int gdc_erf_kernel_def_arb(arb_ptr out, const double *x, slong prec);
void gdc_erf_kernel_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
int gdc_erf_self_gap_def_arb(arb_ptr out, const double *x, slong prec);
void gdc_erf_self_gap_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
int gdc_erf_c1_def_arb(arb_ptr out, const double *x, slong prec);
void gdc_erf_c1_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
int gdc_erf_btilde_def_arb(arb_ptr out, const double *x, slong prec);
void gdc_erf_btilde_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
int gdc_erf_log_vk_def_arb(arb_ptr out, const double *x, slong prec);
void gdc_erf_log_vk_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
int gdc_erf_lemma2_def_arb(arb_ptr out, const double *x, slong prec);
int gdc_erf_hess_opt_def_arb(arb_ptr out, const double *x, slong prec);
#endif
