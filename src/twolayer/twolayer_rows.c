/* The registry rows of the twolayer family (001_66813dc1ca3a5435.txt; seed-001 C5, C9, C11, C12, C13): wrappers to the
 * registry's calling convention and the table. */
#include "core/registry.h"
#include "core/families.h"
#include "twolayer/twolayer.h"
#include "twolayer/twolayer_defs.h"

static void d_loss(double *o, const double *x) { o[0] = gdc_twolayer_loss(x[0], x[1], x[2], x[3], x[4]); }
static void a_loss(arb_ptr o, arb_srcptr x, slong prec) { gdc_twolayer_loss_arb(o, NULL, NULL, x, prec); }
static void j_loss(arb_ptr o, arb_ptr j, arb_srcptr x, slong prec) { gdc_twolayer_loss_arb(o, j, NULL, x, prec); }
static void h_loss(arb_ptr o, arb_ptr j, arb_ptr h, arb_srcptr x, slong prec) { gdc_twolayer_loss_arb(o, j, h, x, prec); }

static void d_ht(double *o, const double *x) { o[0] = gdc_twolayer_htilde(x[0], x[1], x[2], x[3]); }
static void a_ht(arb_ptr o, arb_srcptr x, slong prec) { gdc_twolayer_htilde_arb(o, NULL, NULL, x, prec); }
static void j_ht(arb_ptr o, arb_ptr j, arb_srcptr x, slong prec) { gdc_twolayer_htilde_arb(o, j, NULL, x, prec); }
static void h_ht(arb_ptr o, arb_ptr j, arb_ptr h, arb_srcptr x, slong prec) { gdc_twolayer_htilde_arb(o, j, h, x, prec); }

static void d_step(double *o, const double *x) { gdc_twolayer_sum_step(o, x[0], x[1]); }
static void a_step(arb_ptr o, arb_srcptr x, slong prec) { gdc_twolayer_sum_step_arb(o, NULL, NULL, x, prec); }
static void j_step(arb_ptr o, arb_ptr j, arb_srcptr x, slong prec) { gdc_twolayer_sum_step_arb(o, j, NULL, x, prec); }
static void h_step(arb_ptr o, arb_ptr j, arb_ptr h, arb_srcptr x, slong prec) { gdc_twolayer_sum_step_arb(o, j, h, x, prec); }

static void d_hf(double *o, const double *x) { o[0] = gdc_twolayer_hess_form(x[0], x[1], x + 2); }
static void a_hf(arb_ptr o, arb_srcptr x, slong prec) { gdc_twolayer_hess_form_arb(o, NULL, NULL, x, prec); }
static void j_hf(arb_ptr o, arb_ptr j, arb_srcptr x, slong prec) { gdc_twolayer_hess_form_arb(o, j, NULL, x, prec); }
static void h_hf(arb_ptr o, arb_ptr j, arb_ptr h, arb_srcptr x, slong prec) { gdc_twolayer_hess_form_arb(o, j, h, x, prec); }

static void d_half(double *o, const double *x) { gdc_twolayer_halfspace(o, x[0]); }
static void a_half(arb_ptr o, arb_srcptr x, slong prec) { gdc_twolayer_halfspace_arb(o, NULL, NULL, x, prec); }
static void j_half(arb_ptr o, arb_ptr j, arb_srcptr x, slong prec) { gdc_twolayer_halfspace_arb(o, j, NULL, x, prec); }
static void h_half(arb_ptr o, arb_ptr j, arb_ptr h, arb_srcptr x, slong prec) { gdc_twolayer_halfspace_arb(o, j, h, x, prec); }

static void d_wedge(double *o, const double *x) { o[0] = gdc_twolayer_wedge(x[0], x[1]); }
static void a_wedge(arb_ptr o, arb_srcptr x, slong prec) { gdc_twolayer_wedge_arb(o, NULL, NULL, x, prec); }
static void j_wedge(arb_ptr o, arb_ptr j, arb_srcptr x, slong prec) { gdc_twolayer_wedge_arb(o, j, NULL, x, prec); }
static void h_wedge(arb_ptr o, arb_ptr j, arb_ptr h, arb_srcptr x, slong prec) { gdc_twolayer_wedge_arb(o, j, h, x, prec); }

static void d_corr(double *o, const double *x) { o[0] = gdc_twolayer_corr(x[0], x[1], x[2], x[3], x[4]); }
static void d_ratio(double *o, const double *x) { o[0] = gdc_twolayer_corr_ratio(x[0], x[1], x[2], x[3], x[4]); }

static void d_tent(double *o, const double *x) { o[0] = gdc_twolayer_tent(x[0], x[1]); }
static void a_tent(arb_ptr o, arb_srcptr x, slong prec) { gdc_twolayer_tent_arb(o, NULL, NULL, x, prec); }
static void j_tent(arb_ptr o, arb_ptr j, arb_srcptr x, slong prec) { gdc_twolayer_tent_arb(o, j, NULL, x, prec); }
static void h_tent(arb_ptr o, arb_ptr j, arb_ptr h, arb_srcptr x, slong prec) { gdc_twolayer_tent_arb(o, j, h, x, prec); }

#define NONNEG(n, s) {.name = n, .lo = GDC_Q(0), .hi = GDC_INF, .lo_open = 0, .hi_open = 1, .sample_hi = s}
#define ARG_THETA {.name = "theta", .lo = GDC_Q(0), .hi = GDC_PI}
#define REG(n, f) {.name = n, .sample = f}
#define SRC "001_66813dc1ca3a5435.txt "
#define DIR(n) {.name = n, .lo = GDC_Q(-1), .hi = GDC_Q(1)}

static const gdc_row_t rows[] = {
    {
        .id = "twolayer.loss",
        .summary = "population loss of relu(w1.x) - relu(w2.x) against a.x, cancellation-free form (b)",
        .nargs = 5,
        .args = {NONNEG("e1", 3), NONNEG("e2", 3), NONNEG("n1", 3), NONNEG("n2", 3), ARG_THETA},
        .nout = 1,
        .outputs = {"(e1^2 + e2^2)/4 - n1 n2 h(theta)/(2 pi), e1 = |w1 - a|, e2 = |w2 + a|"},
        .source = SRC "App. A.1 eq. (6) with k = 2, v = (1, -1) (regrouped); seed-001 C4, C5 (b)",
        .fn_double = d_loss, .fn_arb = a_loss, .fn_mpfr = gdc_twolayer_loss_mpfr, .max_err = 4,
        .fn_arb_jac = j_loss, .fn_arb_hess = h_loss,
        .nregimes = 3,
        .regimes = {REG("W -> W* (e1, e2 -> 0, theta -> pi)", gdc_twolayer_reg_loss_opt),
                    REG("saddle family, theta -> 0", gdc_twolayer_reg_loss_saddle),
                    REG("norms 1e-100 .. 1e100", gdc_twolayer_reg_loss_scale)},
        .ndefchecks = 1,
        .defchecks = {{.name = "form (a) from the Gaussian expectations, E[relu relu] by relu.kernel's integral",
                       .arb = gdc_twolayer_def_loss}},
    },
    {
        .id = "twolayer.htilde",
        .summary = "Lemma 4's h~ = min over the target of corr - alpha |W - W*|^2 (corrected gamma_1), n1 = cos psi",
        .nargs = 4,
        .args = {ARG_THETA, {.name = "psi", .lo = GDC_Q(0), .hi = {1, 2, 1}},
                 {.name = "alpha", .lo = GDC_Q(0), .hi = GDC_QD(49, 100)},
                 {.name = "kappa", .lo = GDC_QD(1, 100), .hi = GDC_Q(1)}},
        .nout = 1,
        .outputs = {"g0 - G^2/(4q) + q max(0, |w1 + w2|/kappa - G/(2q))^2, q = 1 - 2 alpha, "
                    "G = |gamma_1 w1 + gamma_2 w2|, g0 = (1/2 - alpha) - h(theta) n1 n2/pi"},
        .source = SRC "Lemma 4, App. E.1.2 (gamma_1 printed with +2 alpha; corrected to -2 alpha), Figure 6; "
                  "seed-001 C12, B2, issue 1",
        .fn_double = d_ht, .fn_arb = a_ht, .fn_mpfr = gdc_twolayer_htilde_mpfr, .max_err = 4,
        .fn_arb_jac = j_ht, .fn_arb_hess = h_ht,
        .nregimes = 3,
        .regimes = {REG("W -> W* (theta -> pi, psi -> pi/4)", gdc_twolayer_reg_ht_wstar),
                    REG("corner theta, psi -> 0 (alpha -> 0.3)", gdc_twolayer_reg_ht_corner),
                    REG("edges psi = 0, theta = 0, theta = pi", gdc_twolayer_reg_ht_edges)},
        .ndefchecks = 1,
        .defchecks = {{.name = "corr - alpha |W - W*|^2 from the C8 gradient vectors at the minimising target",
                       .arb = gdc_twolayer_def_htilde}},
    },
    {
        .id = "twolayer.sum_step",
        .summary = "Lemma 3's contraction factors of w1 + w2 under one population GD step",
        .nargs = 2, .args = {ARG_THETA, {.name = "mu", .lo = GDC_Q(0), .hi = GDC_Q(100)}},
        .nout = 2,
        .outputs = {"p + q = 1 - mu (theta - sin theta)/(2 pi)", "p - q = 1 - mu (theta + sin theta)/(2 pi)"},
        .source = SRC "Lemma 3, App. E.1.1 (p = 1 - mu theta/(2 pi), q = mu sin theta/(2 pi)); seed-001 C13, B1",
        .fn_double = d_step, .fn_arb = a_step, .fn_mpfr = gdc_twolayer_sum_step_mpfr, .max_err = 4,
        .fn_arb_jac = j_step, .fn_arb_hess = h_step,
        .nregimes = 2,
        .regimes = {REG("theta -> 0", gdc_twolayer_reg_step_0), REG("theta -> pi", gdc_twolayer_reg_step_pi)},
        .ndefchecks = 1,
        .defchecks = {{.name = "one vector GD step with the C8 gradients, w1' + w2' in the basis w1/|w1|, w2/|w2|",
                       .arb = gdc_twolayer_def_sum_step}},
    },
    {
        .id = "twolayer.hess_form",
        .summary = "the population Hessian as the quadratic form d' H d in reduced coordinates (eq. (9), C9)",
        .nargs = 8,
        .args = {{.name = "psi", .lo = GDC_Q(0), .hi = {1, 2, 1}, .lo_open = 1, .hi_open = 1}, ARG_THETA,
                 DIR("x1"), DIR("y1"), DIR("z1"), DIR("x2"), DIR("y2"), DIR("z2")},
        .nout = 1,
        .outputs = {"|d|^2/2 - k1 (2 y1^2 + z1^2) - k2 (2 y2^2 + z2^2) - (h x1 x2 + (pi - t) sin t (x1 y2 + y1 x2) "
                    "+ (sin t - (pi - t) cos t) y1 y2 + (pi - t) z1 z2)/pi, k1 = tan psi sin t/(2 pi), "
                    "k2 = sin t/(2 pi tan psi)"},
        .source = SRC "App. A.3 eq. (9) with k = 2, v = (1, -1) in the bases (w1bar, e12, u), (w2bar, e21, u); "
                  "seed-001 C9, C10, B6, B7",
        .fn_double = d_hf, .fn_arb = a_hf, .fn_mpfr = gdc_twolayer_hess_form_mpfr, .max_err = 4,
        .fn_arb_jac = j_hf, .fn_arb_hess = h_hf,
        .nregimes = 3,
        .regimes = {REG("saddle family, theta -> 0", gdc_twolayer_reg_hess_saddle),
                    REG("W*: theta -> pi, psi -> pi/4", gdc_twolayer_reg_hess_wstar),
                    REG("norm ratio psi -> 0, pi/2", gdc_twolayer_reg_hess_ratio)},
        .ndefchecks = 1,
        .defchecks = {{.name = "2 [t^2] of the C5 loss along W + t d, by Taylor series in Arb (exact second derivative)",
                       .arb = gdc_twolayer_def_hess_form}},
    },
    {
        .id = "twolayer.halfspace",
        .summary = "Lemma 11's half-space Gaussian integrals E[1{a.x >= 0} relu(u.x)^k], k = 1, 2, angle(a, u) = theta",
        .nargs = 1, .args = {ARG_THETA},
        .nout = 2,
        .outputs = {"E[1{a.x >= 0} relu(u.x)] = (1 + cos theta)/(2 sqrt(2 pi))",
                    "E[1{a.x >= 0} relu(u.x)^2] = (pi - theta + sin theta cos theta)/(2 pi)"},
        .source = SRC "Lemma 11, App. E.2.3 (Case I and (17)); seed-001 C17, B13, issue 6",
        .fn_double = d_half, .fn_arb = a_half, .fn_mpfr = gdc_twolayer_halfspace_mpfr, .max_err = 4,
        .fn_arb_jac = j_half, .fn_arb_hess = h_half,
        .nregimes = 2,
        .regimes = {REG("theta -> pi (both vanish)", gdc_twolayer_reg_half_pi),
                    REG("theta -> 0", gdc_twolayer_reg_half_0)},
        .ndefchecks = 1,
        .defchecks = {{.name = "the defining expectations in polar coordinates, angular integral by acb_calc_integrate",
                       .arb = gdc_twolayer_def_halfspace}},
    },
    {
        .id = "twolayer.wedge",
        .summary = "population Lemma 11: E[1{a.x >= 0} 1{w.x >= 0} (x.h)^2]/|h|^2, w = a + h, unit a",
        .nargs = 2,
        .args = {{.name = "tw", .lo = GDC_Q(0), .hi = GDC_PI}, {.name = "phi", .lo = {-2, 1, 1}, .hi = {2, 1, 1}}},
        .nout = 1,
        .outputs = {"((pi - tw) + cos(tw - 2 phi) sin(pi - tw))/(2 pi), tw = angle(a, w), phi = angle(a, h)"},
        .source = SRC "Lemma 11, App. E.2.3 (population version); seed-001 C19, B13",
        .fn_double = d_wedge, .fn_arb = a_wedge, .fn_mpfr = gdc_twolayer_wedge_mpfr, .max_err = 4,
        .fn_arb_jac = j_wedge, .fn_arb_hess = h_wedge,
        .nregimes = 2,
        .regimes = {REG("tw -> pi (the wedge closes)", gdc_twolayer_reg_wedge_pi),
                    REG("tw -> 0", gdc_twolayer_reg_wedge_0)},
        .ndefchecks = 1,
        .defchecks = {{.name = "the defining expectation in polar coordinates, angular integral by acb_calc_integrate",
                       .arb = gdc_twolayer_def_wedge}},
    },
    {
        .id = "twolayer.tent",
        .summary = "Lemma 11 Case II: f = E[1{a.x >= 0} S(u.x, a.x/eps)], S the tent, beta = angle(a, u)",
        .nargs = 2,
        .args = {{.name = "beta", .lo = GDC_Q(0), .hi = GDC_PI}, {.name = "eps", .lo = GDC_Q(0), .hi = GDC_Q(4)}},
        .nout = 1,
        .outputs = {"(1 + |u - a/eps| - 2 |u - a/(2 eps)|)/(2 sqrt(2 pi)) (= the catalogue's atan form)"},
        .source = SRC "Lemma 11, App. E.2.3, Case II; seed-001 C18, B13, issue 7",
        .fn_double = d_tent, .fn_arb = a_tent, .fn_mpfr = gdc_twolayer_tent_mpfr, .max_err = 4,
        .fn_arb_jac = j_tent, .fn_arb_hess = h_tent,
        .nregimes = 3,
        .regimes = {REG("beta -> pi (f -> 0)", gdc_twolayer_reg_tent_pi), REG("eps -> 0", gdc_twolayer_reg_tent_eps0),
                    REG("beta -> 0 near eps = 1/2, 1 (kinks of the limit)", gdc_twolayer_reg_tent_kinks)},
        .ndefchecks = 1,
        .defchecks = {{.name = "Monte Carlo of the defining expectation, x ~ N(0, I_2)", .mc = gdc_twolayer_def_tent_mc}},
    },
    {
        .id = "twolayer.corr",
        .summary = "the correlation <W - W*, grad L(W)> of Lemma 4, in the difference vectors w1 - a, w2 + a",
        .nargs = 5,
        .args = {NONNEG("e1", 3), NONNEG("e2", 3), {.name = "p1", .lo = GDC_Q(0), .hi = GDC_PI},
                 {.name = "p2", .lo = GDC_Q(0), .hi = GDC_PI}, {.name = "chi", .lo = GDC_Q(0), .hi = GDC_PI}},
        .nout = 1,
        .outputs = {"(e1^2 + e2^2)/2 - T/(2 pi), T = sin b ((n2 - n1)(P1 - P2) + D) - (b - sin b)(q1 + q2 - D), "
                    "w1 - a = e1 (cos p1, sin p1, 0), -(w2 + a) = e2 (cos p2, sin p2 cos chi, sin p2 sin chi), "
                    "a = (1, 0, 0), b = pi - theta, q_i = e_i (cos p_i + e_i), P_i = q_i/n_i, D = |w1 + w2|^2"},
        .source = SRC "App. A.4 (the correlation in Lemma 4's proof, E.1.2) with the C8 gradient rows, regrouped; "
                  "seed-001 C11, C8, C6",
        .fn_double = d_corr, .fn_arb = gdc_twolayer_corr_arb, .fn_mpfr = gdc_twolayer_corr_mpfr, .max_err = 4,
        .fn_arb_jac = gdc_twolayer_corr_jac, .fn_arb_hess = gdc_twolayer_corr_hess,
        .nregimes = 5,
        .regimes = {REG("W -> W* (e1, e2 -> 0)", gdc_twolayer_reg_corr_wstar),
                    REG("saddle family, theta -> 0", gdc_twolayer_reg_corr_saddle),
                    REG("theta -> pi away from W*", gdc_twolayer_reg_corr_anti),
                    REG("a neuron -> 0", gdc_twolayer_reg_corr_dead),
                    REG("norms 1e-100 .. 1e100", gdc_twolayer_reg_corr_scale)},
        .ndefchecks = 2,
        .defchecks = {{.name = "<W - W*, grad L> from the C8 gradient vectors in R^3", .arb = gdc_twolayer_def_corr},
                      {.name = "Monte Carlo of E[r(x) (1{w1.x > 0} d1.x - 1{w2.x > 0} d2.x)], x ~ N(0, I_3)",
                       .mc = gdc_twolayer_def_corr_mc}},
    },
    {
        .id = "twolayer.corr_ratio",
        .summary = "Lemma 4's ratio <W - W*, grad L(W)>/|W - W*|_F^2 in polar arguments, 1/2 at W* (its limit)",
        .nargs = 5,
        .args = {{.name = "rho", .lo = GDC_Q(0), .hi = GDC_QD(1, 2)}, {.name = "alpha", .lo = GDC_Q(0), .hi = {1, 2, 1}},
                 {.name = "p1", .lo = GDC_Q(0), .hi = GDC_PI}, {.name = "p2", .lo = GDC_Q(0), .hi = GDC_PI},
                 {.name = "chi", .lo = GDC_Q(0), .hi = GDC_PI}},
        .nout = 1,
        .outputs = {"twolayer.corr(rho cos alpha, rho sin alpha, p1, p2, chi)/rho^2 = 1/2 - rho Q/(2 pi), Q = T/rho^3 "
                    "formed without division by rho (twolayer_corr_ratio.c); 1/2 at rho = 0"},
        .source = SRC "Lemma 4 (App. E.1.2) with the correlation of App. A.4, regrouped; seed-001 C10, C11",
        .fn_double = d_ratio, .fn_arb = gdc_twolayer_corr_ratio_arb, .fn_mpfr = gdc_twolayer_corr_ratio_mpfr,
        .max_err = 4, .fn_arb_jac = gdc_twolayer_corr_ratio_jac, .fn_arb_hess = gdc_twolayer_corr_ratio_hess,
        .nregimes = 3,
        .regimes = {REG("W -> W* (rho -> 0)", gdc_twolayer_reg_ratio_wstar),
                    REG("alpha -> 0, pi/2 (a neuron at its target)", gdc_twolayer_reg_ratio_edge),
                    REG("w1, -w2 parallel (beta -> 0)", gdc_twolayer_reg_ratio_parallel)},
        .ndefchecks = 2,
        .defchecks = {{.name = "<W - W*, grad L>/rho^2 from the C8 gradient vectors in R^3",
                       .arb = gdc_twolayer_def_corr_ratio},
                      {.name = "Monte Carlo of corr's defining expectation, divided by rho^2",
                       .mc = gdc_twolayer_def_corr_ratio_mc}},
    },
};

const gdc_family_t gdc_family_twolayer = {"twolayer", rows, sizeof rows / sizeof rows[0]};
