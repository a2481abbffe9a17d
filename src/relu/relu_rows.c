/* The registry rows of the ReLU arc-cosine family (issue 2 section 3; seed-000 C18-C24, seed-001 C1-C2,
 * seed-003 C1-C2): wrappers from the registry's calling convention to the kernels, and the table. */
#include "core/registry.h"
#include "core/families.h"
#include "relu/relu.h"
#include "relu/relu_regimes.h"
#include "relu/relu_defs.h"
#include "relu/relu_deriv.h"
#include "relu/relu_deep.h"
#include "relu/relu_row_double.h"

/* ---- wrappers (the double kernels' entry points gdc_relu_row_NAME are in relu_double.c) ---- */
#define WRAP1(name) \
    static void a_##name(arb_ptr o, arb_srcptr x, slong prec) { gdc_relu_##name##_arb(o, x, prec); } \
    static void m_##name(mpfr_ptr o, mpfr_srcptr x) { gdc_relu_##name##_mpfr(o, x); }
#define WRAP2(name) \
    static void a_##name(arb_ptr o, arb_srcptr x, slong prec) { gdc_relu_##name##_arb(o, x, x + 1, prec); } \
    static void m_##name(mpfr_ptr o, mpfr_srcptr x) { gdc_relu_##name##_mpfr(o, x, x + 1); }
#define WRAP2V(name) \
    static void a_##name(arb_ptr o, arb_srcptr x, slong prec) { gdc_relu_##name##_arb(o, x, x + 1, prec); } \
    static void m_##name(mpfr_ptr o, mpfr_srcptr x) { gdc_relu_##name##_mpfr(o, x, x + 1); }

WRAP1(h)
WRAP1(J)
WRAP1(step)
WRAP2(loss)
WRAP2V(grad)
WRAP2(corr)
WRAP2(corr_ratio)
WRAP2(norm_rate)
WRAP2(angle_rate)
WRAP2V(hess_eig)

/* derivative enclosures (relu_deriv.c, relu_deriv_corr.c: formulas there): first order = the second-order
 * function without the Hessian */
#define WRAPD(name) \
    static void j_##name(arb_ptr o, arb_ptr j, arb_srcptr x, slong prec) \
    { gdc_relu_##name##_hess_arb(o, j, NULL, x, prec); }
GDC_RELU_DERIV_LIST(WRAPD)
#define DERIV(name) .fn_arb_jac = j_##name, .fn_arb_hess = gdc_relu_##name##_hess_arb

static void a_kernel(arb_ptr o, arb_srcptr x, slong prec) { gdc_relu_kernel_arb(o, x, x + 1, x + 2, prec); }
static void m_kernel(mpfr_ptr o, mpfr_srcptr x) { gdc_relu_kernel_mpfr(o, x, x + 1, x + 2); }

/* deep kernels, x = (L, a, b, t) (relu_deep*.c) */
static void d_nngp(double *o, const double *x) { gdc_relu_nngp(o, (int)x[0], x[1], x[2], x[3]); }
static void d_ntk(double *o, const double *x) { o[0] = gdc_relu_ntk((int)x[0], x[1], x[2], x[3]); }

/* ---- arguments ---- */
#define ARG_T {.name = "t", .lo = GDC_Q(0), .hi = GDC_PI, .lo_open = 0, .hi_open = 0}
#define ARG_R {.name = "r", .lo = GDC_Q(0), .hi = GDC_INF, .lo_open = 0, .hi_open = 1, .sample_hi = 4.0}
#define ARG_RPOS {.name = "r", .lo = GDC_Q(0), .hi = GDC_INF, .lo_open = 1, .hi_open = 1, .sample_hi = 4.0}
#define ARG_A(n) {.name = n, .lo = GDC_Q(0), .hi = GDC_INF, .lo_open = 0, .hi_open = 1, .sample_hi = 4.0}

#define ARG_L {.name = "L", .lo = GDC_Q(0), .hi = GDC_Q(GDC_RELU_DEEP_LMAX), .integer = 1, .sample_hi = 40.0}
#define DEEP_REGIMES \
    {REG("t -> 0", gdc_relu_deep_reg_t_0), REG("t -> pi", gdc_relu_deep_reg_t_pi), \
     REG("L large", gdc_relu_deep_reg_deep), REG("L large, t -> 0", gdc_relu_deep_reg_deep_t_0), \
     REG("a, b -> 0", gdc_relu_deep_reg_ab_small), REG("a, b large", gdc_relu_deep_reg_ab_large)}

#define DEFS(nm) \
    .ndefchecks = 2, \
    .defchecks = {{.name = "angular integral (acb_calc_integrate)", .arb = gdc_relu_int_##nm}, \
                  {.name = "Monte Carlo, d = 5", .mc = gdc_relu_mc_##nm}}

#define REG(n, f) {.name = n, .sample = f}

#define SRC_H "000_09c7d5b8511ab65b.txt Remark 6.5 (h(theta), used-not-stated); " \
              "001_66813dc1ca3a5435.txt App. A.1 eq. (5) k(theta); 003_676a49ed0823cdd9.txt Thm 2.1 g(phi); "

static const gdc_row_t rows[] = {
    {
        .id = "relu.h",
        .summary = "arc-cosine profile h(t) = sin t + (pi - t) cos t",
        .nargs = 1, .args = {ARG_T},
        .nout = 1, .outputs = {"sin t + (pi - t) cos t"},
        .source = SRC_H "seed-000 C19, seed-001 C1-C2, seed-003 C1",
        .fn_double = gdc_relu_row_h, .fn_arb = a_h, .fn_mpfr = m_h, DERIV(h), .max_err = 2,
        .nregimes = 3,
        .regimes = {REG("t -> pi", gdc_relu_reg_t_pi), REG("t -> 0", gdc_relu_reg_t_0),
                    REG("t -> pi/2", gdc_relu_reg_t_half_pi)},
        DEFS(h),
    },
    {
        .id = "relu.J",
        .summary = "companion profile J(t) = sin t - t cos t = h(pi - t)",
        .nargs = 1, .args = {ARG_T},
        .nout = 1, .outputs = {"sin t - t cos t"},
        .source = "001_66813dc1ca3a5435.txt App. A.1 (J(theta) = k(pi - theta)); 000_09c7d5b8511ab65b.txt "
                  "Lemma D.2 (h(pi - a) = sin a - a cos a); seed-001 C2, seed-000 C21, seed-003 C1 (G3)",
        .fn_double = gdc_relu_row_J, .fn_arb = a_J, .fn_mpfr = m_J, DERIV(J), .max_err = 2,
        .nregimes = 3,
        .regimes = {REG("t -> 0", gdc_relu_reg_t_0), REG("t -> pi", gdc_relu_reg_t_pi),
                    REG("t -> pi/2", gdc_relu_reg_t_half_pi)},
        DEFS(J),
    },
    {
        .id = "relu.step",
        .summary = "E[1(w.x > 0) 1(v.x > 0)] = (pi - t)/(2 pi)",
        .nargs = 1, .args = {ARG_T},
        .nout = 1, .outputs = {"(pi - t)/(2 pi)"},
        .source = "000_09c7d5b8511ab65b.txt Lemma B.1 (App. B, wedge of opening pi - theta); seed-000 C13; "
                  "issue 2 sec. 3",
        .fn_double = gdc_relu_row_step, .fn_arb = a_step, .fn_mpfr = m_step, DERIV(step), .max_err = 2,
        .nregimes = 2,
        .regimes = {REG("t -> pi", gdc_relu_reg_t_pi), REG("t -> 0", gdc_relu_reg_t_0)},
        DEFS(step),
    },
    {
        .id = "relu.kernel",
        .summary = "E[relu(w.x) relu(u.x)] = a b h(t)/(2 pi), a = |w|, b = |u|",
        .nargs = 3, .args = {ARG_A("a"), ARG_A("b"), ARG_T},
        .nout = 1, .outputs = {"a b h(t)/(2 pi)"},
        .source = "001_66813dc1ca3a5435.txt App. A.1 eq. (5); 000_09c7d5b8511ab65b.txt Remark 6.5; "
                  "seed-001 C1, seed-000 C19, seed-003 C1 (C5(iv))",
        .fn_double = gdc_relu_row_kernel, .fn_arb = a_kernel, .fn_mpfr = m_kernel, DERIV(kernel), .max_err = 4,
        .nregimes = 4,
        .regimes = {REG("t -> pi", gdc_relu_reg_abt_pi), REG("a, b -> 0", gdc_relu_reg_abt_small),
                    REG("a, b large", gdc_relu_reg_abt_large), REG("t -> 0", gdc_relu_reg_abt_0)},
        DEFS(kernel),
    },
    {
        .id = "relu.loss",
        .summary = "F(w) = E[(relu(w.x) - relu(v.x))^2]/2, |v| = 1",
        .nargs = 2, .args = {ARG_R, ARG_T},
        .nout = 1, .outputs = {"r^2/4 + 1/4 - r h(t)/(2 pi) = Q/4 - r J(t)/(2 pi)"},
        .source = "000_09c7d5b8511ab65b.txt Eq. (1) with Remark 6.5 (used-not-stated); seed-000 C19",
        .fn_double = gdc_relu_row_loss, .fn_arb = a_loss, .fn_mpfr = m_loss, DERIV(loss), .max_err = 4,
        .nregimes = 6,
        .regimes = {REG("w -> v", gdc_relu_reg_w_v), REG("t -> pi", gdc_relu_reg_t_pi2),
                    REG("t -> 0", gdc_relu_reg_t_02), REG("r -> 0", gdc_relu_reg_r_0),
                    REG("(r, t) -> (0, pi)", gdc_relu_reg_r0_tpi), REG("r large", gdc_relu_reg_r_large)},
        DEFS(loss),
    },
    {
        .id = "relu.grad",
        .summary = "grad F along w/|w| and along n = (v - cos t w/|w|)/sin t",
        .nargs = 2, .args = {ARG_R, ARG_T},
        .nout = 2, .outputs = {"r/2 - h(t)/(2 pi)", "-(pi - t) sin t/(2 pi)"},
        .source = "000_09c7d5b8511ab65b.txt Eq. (25) (App. D.1); seed-000 C18, C20",
        .fn_double = gdc_relu_row_grad, .fn_arb = a_grad, .fn_mpfr = m_grad, DERIV(grad), .max_err = 4,
        .nregimes = 7,
        .regimes = {REG("w -> v", gdc_relu_reg_w_v), REG("t -> pi", gdc_relu_reg_t_pi2),
                    REG("t -> 0", gdc_relu_reg_t_02), REG("r -> 0", gdc_relu_reg_r_0),
                    REG("(r, t) -> (0, pi)", gdc_relu_reg_r0_tpi), REG("r = h/pi", gdc_relu_reg_stationary),
                    REG("r large", gdc_relu_reg_r_huge)},
        DEFS(grad),
    },
    {
        .id = "relu.corr",
        .summary = "<grad F(w), w - v> = Q/2 - D/(2 pi)",
        .nargs = 2, .args = {ARG_R, ARG_T},
        .nout = 1, .outputs = {"Q/2 - D/(2 pi)"},
        .source = "000_09c7d5b8511ab65b.txt Sec. 4 display / Eq. (6) with Eq. (25); seed-000 C23, C6, B5",
        .fn_double = gdc_relu_row_corr, .fn_arb = a_corr, .fn_mpfr = m_corr, DERIV(corr), .max_err = 4,
        .nregimes = 7,
        .regimes = {REG("w -> v", gdc_relu_reg_w_v), REG("(1, 0)", gdc_relu_reg_one_zero),
                    REG("t -> pi", gdc_relu_reg_t_pi2), REG("t -> 0", gdc_relu_reg_t_02),
                    REG("r -> 0", gdc_relu_reg_r_0), REG("(r, t) -> (0, pi)", gdc_relu_reg_r0_tpi),
                    REG("r large", gdc_relu_reg_r_large)},
        DEFS(corr),
    },
    {
        .id = "relu.corr_ratio",
        .summary = "R = <grad F, w - v>/|w - v|^2, with R(1, 0) = 1/2",
        .nargs = 2, .args = {ARG_R, ARG_T},
        .nout = 1, .outputs = {"(Q/2 - D/(2 pi))/Q"},
        .source = "000_09c7d5b8511ab65b.txt Thm 4.2 (App. B) correlation ratio; seed-000 C23, B5",
        .fn_double = gdc_relu_row_corr_ratio, .fn_arb = a_corr_ratio, .fn_mpfr = m_corr_ratio, DERIV(corr_ratio), .max_err = 4,
        .nregimes = 7,
        .regimes = {REG("(1, 0)", gdc_relu_reg_one_zero), REG("w -> v", gdc_relu_reg_w_v),
                    REG("t -> pi", gdc_relu_reg_t_pi2), REG("t -> 0", gdc_relu_reg_t_02),
                    REG("r -> 0", gdc_relu_reg_r_0), REG("(r, t) -> (0, pi)", gdc_relu_reg_r0_tpi),
                    REG("r large", gdc_relu_reg_r_huge)},
        DEFS(corr_ratio),
    },
    {
        .id = "relu.norm_rate",
        .summary = "d|w|^2/dt under gradient flow",
        .nargs = 2, .args = {ARG_R, ARG_T},
        .nout = 1, .outputs = {"-r^2 + r h(t)/pi"},
        .source = "000_09c7d5b8511ab65b.txt Lemma D.2 / Lemma 6.3 (corrected, App. D); seed-000 C24, C21, B16",
        .fn_double = gdc_relu_row_norm_rate, .fn_arb = a_norm_rate, .fn_mpfr = m_norm_rate, DERIV(norm_rate), .max_err = 4,
        .nregimes = 6,
        .regimes = {REG("r = h/pi", gdc_relu_reg_stationary), REG("t -> pi", gdc_relu_reg_t_pi2),
                    REG("t -> 0", gdc_relu_reg_t_02), REG("r -> 0", gdc_relu_reg_r_0),
                    REG("(r, t) -> (0, pi)", gdc_relu_reg_r0_tpi), REG("r large", gdc_relu_reg_r_large)},
        DEFS(norm_rate),
    },
    {
        .id = "relu.angle_rate",
        .summary = "d theta/dt under gradient flow",
        .nargs = 2, .args = {ARG_RPOS, ARG_T},
        .nout = 1, .outputs = {"-(pi - t) sin t/(2 pi r)"},
        .source = "000_09c7d5b8511ab65b.txt Lemma 6.2 / Lemma D.1 (App. D); seed-000 C24, C20. Definition "
                  "check: (grad F . n)/r from the angular integral (kinematics of the flow)",
        .fn_double = gdc_relu_row_angle_rate, .fn_arb = a_angle_rate, .fn_mpfr = m_angle_rate, DERIV(angle_rate), .max_err = 4,
        .nregimes = 5,
        .regimes = {REG("t -> pi", gdc_relu_reg_t_pi2), REG("t -> 0", gdc_relu_reg_t_02),
                    REG("r -> 0", gdc_relu_reg_r_0_pos), REG("(r, t) -> (0, pi)", gdc_relu_reg_r0_tpi_pos),
                    REG("r large", gdc_relu_reg_r_huge)},
        DEFS(angle_rate),
    },
    {
        .id = "relu.hess_eig",
        .summary = "eigenvalues of the Hessian of F (w != 0)",
        .nargs = 2, .args = {ARG_RPOS, ARG_T},
        .nout = 3, .outputs = {"1/2", "1/2 - sin t/(pi r)", "1/2 - sin t/(2 pi r)"},
        .source = "derived: seed-000 C22 (not in the paper; Hessian of 000_09c7d5b8511ab65b.txt Eq. (25)). "
                  "Definition check: E[1(w.x > 0) x x^T] - E[delta(w.x) relu(v.x) x x^T] (the hyperplane "
                  "term of the derivative of 1(w.x > 0)), angular and half-line integrals (relu_defs.c)",
        .fn_double = gdc_relu_row_hess_eig, .fn_arb = a_hess_eig, .fn_mpfr = m_hess_eig, DERIV(hess_eig), .max_err = 4,
        .nregimes = 5,
        .regimes = {REG("eigenvalue -> 0", gdc_relu_reg_hess_zero), REG("t -> pi", gdc_relu_reg_t_pi2),
                    REG("t -> 0", gdc_relu_reg_t_02), REG("r -> 0", gdc_relu_reg_r_0_pos),
                    REG("r large", gdc_relu_reg_r_huge)},
        .ndefchecks = 1,
        .defchecks = {{.name = "Hessian integrals: half-space and hyperplane (acb_calc_integrate)",
                       .arb = gdc_relu_int_hess_eig}},
    },
    {
        .id = "relu.nngp",
        .summary = "NNGP kernel of a bias-free ReLU network, L hidden layers, weights N(0, 2/fan-in)",
        .nargs = 4, .args = {ARG_L, ARG_A("a"), ARG_A("b"), ARG_T},
        .nout = 2, .outputs = {"Sigma_L = a b rho_L (rho_0 = cos t, rho_l = h(acos rho_{l-1})/pi)",
                               "a b (1 - rho_L)"},
        .source = "beyond the papers (issue 14): Cho & Saul 2009 arc-cosine kernel of degree 1 iterated; Arora et al. "
                  "2019 eqs. (4)-(6) with c_sigma = 2; layer 1 = 2 relu.kernel "
                  "(001_66813dc1ca3a5435.txt App. A.1 eq. (5); "
                  "seed-001 C1, seed-000 C19). Cross-checks at "
                  "a twentieth of the points: an Arb evaluation runs up to 1000 layers (up to 0.1 s)",
        .check_scale = 0.05,
        .fn_double = d_nngp, .fn_arb = gdc_relu_nngp_arb, .fn_mpfr = gdc_relu_nngp_mpfr,
        .fn_arb_jac = gdc_relu_nngp_jac_arb, .fn_arb_hess = gdc_relu_nngp_hess_arb, .max_err = 4,
        .nregimes = 6, .regimes = DEEP_REGIMES,
        .ndefchecks = 2,
        .defchecks = {{.name = "textbook recursion of relu.kernel and relu.step in Arb (acos at 4x precision)",
                       .arb = gdc_relu_deep_def_nngp},
                      {.name = "Monte Carlo of the last layer's Gaussian expectation", .mc = gdc_relu_deep_mc_nngp}},
    },
    {
        .id = "relu.ntk",
        .summary = "NTK of a bias-free ReLU network, L hidden layers, weights N(0, 2/fan-in)",
        .nargs = 4, .args = {ARG_L, ARG_A("a"), ARG_A("b"), ARG_T},
        .nout = 1, .outputs = {"Theta_L = a b tau_L (tau_0 = cos t, tau_l = tau_{l-1} (pi - theta_{l-1})/pi + rho_l)"},
        .source = "beyond the papers (issue 14): Jacot et al. 2018; Arora et al. 2019 eq. (7) and Thm 3.1 with "
                  "c_sigma = 2; layer 1 from 2 relu.kernel and the derivative kernel 2 relu.step "
                  "(001_66813dc1ca3a5435.txt "
                  "App. A.1 eq. (5), 000_09c7d5b8511ab65b.txt Lemma B.1; seed-001 C1, seed-000 C13). "
                  "Cross-checks at a twentieth of the points: an Arb evaluation "
                  "runs up to 1000 layers (up to 0.1 s)",
        .check_scale = 0.05,
        .fn_double = d_ntk, .fn_arb = gdc_relu_ntk_arb, .fn_mpfr = gdc_relu_ntk_mpfr,
        .fn_arb_jac = gdc_relu_ntk_jac_arb, .fn_arb_hess = gdc_relu_ntk_hess_arb, .max_err = 4,
        .nregimes = 7,
        .regimes = {REG("t -> 0", gdc_relu_deep_reg_t_0), REG("t -> pi", gdc_relu_deep_reg_t_pi),
                    REG("L large", gdc_relu_deep_reg_deep), REG("L large, t -> 0", gdc_relu_deep_reg_deep_t_0),
                    REG("a, b -> 0", gdc_relu_deep_reg_ab_small), REG("a, b large", gdc_relu_deep_reg_ab_large),
                    REG("Theta_1 -> 0 (tan(pi - t) = 2 (pi - t))", gdc_relu_deep_reg_ntk_zero)},
        .ndefchecks = 2,
        .defchecks = {{.name = "Arora et al. Thm 3.1 sum of products from relu.kernel and relu.step in Arb",
                       .arb = gdc_relu_deep_def_ntk},
                      {.name = "Monte Carlo of the last layer's Gaussian expectations", .mc = gdc_relu_deep_mc_ntk}},
    },
};

const gdc_family_t gdc_family_relu = {
    .name = "relu",
    .rows = rows,
    .nrows = sizeof rows / sizeof rows[0],
};
