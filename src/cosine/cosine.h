/* The Gaussian-cosine family (002_588e28744115f015.txt, Section 3 and Appendix B; seed-002 C1-C10):
 * double, Arb and MPFR kernels of E[cos(w.z)], E[(cos w.z - cos v.z)^2], the corrected Lemma 9 gradient,
 * the WS objective (4) and the Hessian spectrum of Lemma 11. Vectors enter through norms and one angle. */
#ifndef GDC_COSINE_H
#define GDC_COSINE_H
#include "core/registry.h"

/* cosine.ecos: x = {a} */
void gdc_cosine_ecos_d(double *out, const double *x);
void gdc_cosine_ecos_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_cosine_ecos_mpfr(mpfr_ptr out, mpfr_srcptr x);
/* cosine.ecc: x = {a, b, t} */
void gdc_cosine_ecc_d(double *out, const double *x);
void gdc_cosine_ecc_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_cosine_ecc_mpfr(mpfr_ptr out, mpfr_srcptr x);
/* cosine.ws: x = {k, r, a, t}: F_WS(w0), |u0| = r, |w0| = a, angle t, c_k = 3 sqrt(k) */
void gdc_cosine_ws_d(double *out, const double *x);
void gdc_cosine_ws_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_cosine_ws_mpfr(mpfr_ptr out, mpfr_srcptr x);
/* cosine.grad: x = {beta, a, c, t} -> components along w/|w| and n */
void gdc_cosine_grad_d(double *out, const double *x);
void gdc_cosine_grad_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_cosine_grad_mpfr(mpfr_ptr out, mpfr_srcptr x);
/* cosine.hess_eig: x = {a, c, t} -> eigenvalues of H(a, c): on span^perp, min and max on span{a, c} */
void gdc_cosine_hess_d(double *out, const double *x);
void gdc_cosine_hess_arb(arb_ptr out, arb_srcptr x, slong prec);
void gdc_cosine_hess_mpfr(mpfr_ptr out, mpfr_srcptr x);
/* h = {lambda_perp, h11, h22, h12} of the 2x2 block in the frame a = A e1 */
void gdc_cosine_hess_block_d(double *h, const double *x);

/* Derivative enclosures (cosine_deriv.c): registry fn_arb_jac / fn_arb_hess */
void gdc_cosine_ecos_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_cosine_ecos_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
void gdc_cosine_ecc_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_cosine_ecc_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
void gdc_cosine_ws_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_cosine_ws_hess(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
void gdc_cosine_grad_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
void gdc_cosine_hess_jac(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);

/* Stable core of C4: Ecc = expm1(-m/2) expm1(-p/2) + exp(-2 mn2) expm1(-|D|)^2 / 2 with m = |w-v|^2,
 * p = |w+v|^2, D = |w|^2 - |v|^2, mn2 = min(|w|^2, |v|^2); every term is >= 0 (no cancellation). */
double gdc_cosine_ecc_core_d(double m, double p, double D, double mn2);
void gdc_cosine_ecc_core_mpfr(mpfr_t res, const mpfr_t m, const mpfr_t p, const mpfr_t D, const mpfr_t mn2);

/* definition checks */
int gdc_cosine_ecos_def_arb(arb_ptr out, const double *x, slong prec);
void gdc_cosine_ecos_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
int gdc_cosine_ecc_def_arb(arb_ptr out, const double *x, slong prec);
void gdc_cosine_ecc_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
int gdc_cosine_ws_def_arb(arb_ptr out, const double *x, slong prec);
void gdc_cosine_ws_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
int gdc_cosine_grad_def_arb(arb_ptr out, const double *x, slong prec);
void gdc_cosine_grad_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);
int gdc_cosine_hess_def_arb(arb_ptr out, const double *x, slong prec);
void gdc_cosine_hess_def_mc(double *mean, double *se, const double *x, uint64_t seed, long samples);

/* internal precision of the MPFR transcriptions: at least 448 bits, and 64 bits above the precision asked for (ref:
 * the caller's output, or a working variable), so that a value at p bits is correct to about 2^-p as the MPFR
 * contract says (the derivative check raises p to difference at steps down to 2^-220) */
static inline mpfr_prec_t gdc_cosine_mpfr_wp(mpfr_srcptr ref)
{
    mpfr_prec_t p = mpfr_get_prec(ref) + 64;
    return p > 448 ? p : 448;
}
#endif
