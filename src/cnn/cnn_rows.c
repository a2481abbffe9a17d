/* The registry rows of the CNN family (003_676a49ed0823cdd9.txt; seed-003 C1, C6, C12, C17): wrappers to the
 * registry's calling convention and the table. */
#include "core/registry.h"
#include "core/families.h"
#include "cnn/cnn.h"
#include "cnn/cnn_defs.h"

static void d_loss(double *o, const double *x) { o[0] = gdc_cnn_loss(x[0], x[1], x[2], x[3], x[4], x[5], x[6]); }
static void a_loss(arb_ptr o, arb_srcptr x, slong prec) { gdc_cnn_loss_arb(o, NULL, NULL, x, prec); }
static void j_loss(arb_ptr o, arb_ptr j, arb_srcptr x, slong prec) { gdc_cnn_loss_arb(o, j, NULL, x, prec); }
static void h_loss(arb_ptr o, arb_ptr j, arb_ptr h, arb_srcptr x, slong prec) { gdc_cnn_loss_arb(o, j, h, x, prec); }

static void d_profile(double *o, const double *x) { o[0] = gdc_cnn_profile_loss(x[0], x[1], x[2], x[3], x[4]); }
static void a_profile(arb_ptr o, arb_srcptr x, slong prec) { gdc_cnn_profile_loss_arb(o, NULL, x, prec); }
static void j_profile(arb_ptr o, arb_ptr j, arb_srcptr x, slong prec) { gdc_cnn_profile_loss_arb(o, j, x, prec); }

static void d_spur(double *o, const double *x) { gdc_cnn_spurious(o, x[0], x[1], x[2], x[3]); }
static void a_spur(arb_ptr o, arb_srcptr x, slong prec) { gdc_cnn_spurious_arb(o, NULL, x, prec); }
static void j_spur(arb_ptr o, arb_ptr j, arb_srcptr x, slong prec) { gdc_cnn_spurious_arb(o, j, x, prec); }

static void d_angle(double *o, const double *x) { o[0] = gdc_cnn_angle_step(x[0], x[1]); }
static void a_angle(arb_ptr o, arb_srcptr x, slong prec) { gdc_cnn_angle_step_arb(o, NULL, x, prec); }
static void j_angle(arb_ptr o, arb_ptr j, arb_srcptr x, slong prec) { gdc_cnn_angle_step_arb(o, j, x, prec); }

static void d_grad(double *o, const double *x) { gdc_cnn_grad(o, x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]); }
static void a_grad(arb_ptr o, arb_srcptr x, slong prec) { gdc_cnn_grad_arb(o, NULL, x, prec); }

#define NONNEG(n, s) {.name = n, .lo = GDC_Q(0), .hi = GDC_INF, .lo_open = 0, .hi_open = 1, .sample_hi = s}
#define REAL(n, s) {.name = n, .lo = {-1, 0, 0}, .hi = GDC_INF, .lo_open = 1, .hi_open = 1, .sample_hi = s}
#define ARG_PHI {.name = "phi", .lo = GDC_Q(0), .hi = GDC_PI}
#define ARG_K {.name = "k", .lo = GDC_Q(1), .hi = GDC_Q(10000), .integer = 1}
#define REG(n, f) {.name = n, .sample = f}
#define SRC "003_676a49ed0823cdd9.txt "

static const gdc_row_t rows[] = {
    {
        .id = "cnn.loss",
        .summary = "corrected population loss of the non-overlapping CNN (Eq. (3) as printed is wrong)",
        .nargs = 7,
        .args = {NONNEG("W", 3), NONNEG("N", 4), REAL("S", 4), ARG_PHI, REAL("x", 4), REAL("s", 4), NONNEG("n", 8)},
        .nout = 1,
        .outputs = {"((pi-1)(n - 2Wx + W^2 N) + (s - WS)^2 + 2W(pi - g(phi))x)/(4 pi) = (W^2((pi-1)N + S^2) + "
                    "(pi-1)n + s^2 - 2W((g-1)x + sS))/(4 pi)"},
        .source = SRC "Theorem 2.1 Eq. (3) (corrected; printed form negative at the global minimum); seed-003 C6, E1. "
                  "k does not enter the closed form (only the realizability of (x, s, n))",
        .fn_double = d_loss, .fn_arb = a_loss, .fn_mpfr = gdc_cnn_loss_mpfr, .max_err = 4,
        .fn_arb_jac = j_loss, .fn_arb_hess = h_loss,
        .nregimes = 3,
        .regimes = {REG("a -> W a*, phi -> 0 (global minimum)", gdc_cnn_reg_loss_min),
                    REG("phi -> 0", gdc_cnn_reg_loss_phi_0), REG("phi -> pi", gdc_cnn_reg_loss_phi_pi)},
        .ndefchecks = 1,
        .defchecks = {{.name = "Gram matrices A, B with g by its angular integral", .arb = gdc_cnn_def_loss}},
    },
    {
        .id = "cnn.profile_loss",
        .summary = "min over a of the CNN loss at angle phi (the optimal output layer a_opt(phi))",
        .nargs = 5, .args = {ARG_K, NONNEG("W", 3), NONNEG("N", 4), REAL("S", 4), ARG_PHI},
        .nout = 1,
        .outputs = {"W^2 (pi - g)((pi + g - 2) N + (pi - g) S^2/(k + pi - 1))/(4 pi (pi - 1))"},
        .source = SRC "Lemma 4.1, Theorem 3.3 (used implicitly); seed-003 C12",
        .fn_double = d_profile, .fn_arb = a_profile, .fn_mpfr = gdc_cnn_profile_loss_mpfr, .max_err = 4,
        .fn_arb_jac = j_profile,
        .nregimes = 2,
        .regimes = {REG("phi -> 0", gdc_cnn_reg_profile_phi_0), REG("phi -> pi", gdc_cnn_reg_profile_phi_pi)},
        .ndefchecks = 1,
        .defchecks = {{.name = "Gram-form loss at a_opt(phi), g by its angular integral", .arb = gdc_cnn_def_profile}},
    },
    {
        .id = "cnn.spurious_loss",
        .summary = "loss at the spurious critical point phi = pi, and a_sp'a* (a local minimum iff a_sp'a* < 0)",
        .nargs = 4, .args = {ARG_K, NONNEG("W", 3), NONNEG("N", 4), REAL("S", 4)},
        .nout = 2,
        .outputs = {"W^2 ((pi - 2) N + pi S^2/(k + pi - 1))/(4 (pi - 1))",
                    "a_sp'a* = W (pi S^2/(k + pi - 1) - N)/(pi - 1)"},
        .source = SRC "Lemma 4.1 (Sp), Theorem 3.3; seed-003 C11, C12, B20, E18",
        .fn_double = d_spur, .fn_arb = a_spur, .fn_mpfr = gdc_cnn_spurious_mpfr, .max_err = 4,
        .fn_arb_jac = j_spur,
        .nregimes = 1,
        .regimes = {REG("pi S^2 -> (k + pi - 1) N", gdc_cnn_reg_spur_threshold)},
        .ndefchecks = 1,
        .defchecks = {{.name = "loss at a_sp = a_opt(pi); a_sp from the matrix form of Lemma 4.1",
                       .arb = gdc_cnn_def_spurious}},
    },
    {
        .id = "cnn.angle_step",
        .summary = "angle between v and w* after one population GD step, y = eta lambda",
        .nargs = 2, .args = {ARG_PHI, {.name = "y", .lo = GDC_Q(-1000), .hi = GDC_Q(1000)}},
        .nout = 1,
        .outputs = {"atan2(sin phi |1 - y cos phi|, cos phi + y sin^2 phi)"},
        .source = SRC "Lemma 4.2, Lemma 4.5 Eq. (9) (the paper has only inequalities); seed-003 C17, B2",
        .fn_double = d_angle, .fn_arb = a_angle, .fn_mpfr = gdc_cnn_angle_step_mpfr, .max_err = 4,
        .fn_arb_jac = j_angle,
        .nregimes = 3,
        .regimes = {REG("phi -> 0", gdc_cnn_reg_angle_phi_0), REG("phi -> pi", gdc_cnn_reg_angle_phi_pi),
                    REG("y cos phi -> 1", gdc_cnn_reg_angle_kink)},
        .ndefchecks = 1,
        .defchecks = {{.name = "vector step v + y (w* - (v.w*) v), Kahan angle", .arb = gdc_cnn_def_angle}},
    },
    {
        .id = "cnn.grad",
        .summary = "population gradients of Theorem 2.2 in reduced coordinates: d ell/d phi and grad_a on a*, 1, a",
        .nargs = 8,
        .args = {ARG_K, NONNEG("W", 3), NONNEG("N", 4), REAL("S", 4), ARG_PHI, REAL("x", 4), REAL("s", 4),
                 NONNEG("n", 8)},
        .nout = 4,
        .outputs = {"d ell/d phi = W x (pi - phi) sin phi/(2 pi) (||v|| ||grad_v|| = |this|)",
                    "a*'grad_a = ((pi - 1)(x - W N) + S (s - W S) + W (pi - g) N)/(2 pi)",
                    "1'grad_a = ((k + pi - 1)(s - W S) + W (pi - g) S)/(2 pi)",
                    "a'grad_a = ((pi - 1)(n - W x) + s (s - W S) + W (pi - g) x)/(2 pi)"},
        .source = SRC "Theorem 2.2 (gradients in v and a); seed-003 C7, C8 (projected on a*, 1, a)",
        .fn_double = d_grad, .fn_arb = a_grad, .fn_mpfr = gdc_cnn_grad_mpfr, .max_err = 4,
        .fn_arb_jac = gdc_cnn_grad_arb,
        .nregimes = 2,
        .regimes = {REG("a -> W a*, phi -> 0 (global minimum)", gdc_cnn_reg_grad_min),
                    REG("phi -> pi", gdc_cnn_reg_grad_phi_pi)},
        .ndefchecks = 1,
        .defchecks = {{.name = "chain rule through the derivative enclosures of cnn.loss", .arb = gdc_cnn_def_grad}},
    },
};

const gdc_family_t gdc_family_cnn = {"cnn", rows, sizeof rows / sizeof rows[0]};
