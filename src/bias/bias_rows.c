/* The registry rows of the biased-ReLU family (issue 11 section 1; seed-004 C9-C15 for
 * 004_107e0ef2f6021d42.txt, Vardi, Yehudai, Shamir): wrappers to the kernels, and the table. */
#include "core/registry.h"
#include "core/families.h"
#include "bias/bias.h"
#include "bias/bias_regimes.h"
#include "bias/bias_defs.h"
#include "bias/bias_cross.h"

#define PAPER "004_107e0ef2f6021d42.txt "

static void d_m1(double *o, const double *x) { o[0] = gdc_bias_m1(x[0], x[1]); }
static void d_m2(double *o, const double *x) { o[0] = gdc_bias_m2(x[0], x[1]); }
static void d_owen_t(double *o, const double *x) { o[0] = gdc_bias_owen_t(x[0], x[1]); }
static void d_bvn(double *o, const double *x) { o[0] = gdc_bias_bvn(x[0], x[1], x[2]); }
static void a_m1(arb_ptr o, arb_srcptr x, slong p) { gdc_bias_m1_arb(o, x, x + 1, p); }
static void a_m2(arb_ptr o, arb_srcptr x, slong p) { gdc_bias_m2_arb(o, x, x + 1, p); }
static void a_owen_t(arb_ptr o, arb_srcptr x, slong p) { gdc_bias_owen_t_arb(o, x, x + 1, p); }
static void a_bvn(arb_ptr o, arb_srcptr x, slong p) { gdc_bias_bvn_arb(o, x, x + 1, x + 2, p); }
static void j_m1(arb_ptr o, arb_ptr j, arb_srcptr x, slong p) { gdc_bias_m1_jac_arb(o, j, x, x + 1, p); }
static void j_m2(arb_ptr o, arb_ptr j, arb_srcptr x, slong p) { gdc_bias_m2_jac_arb(o, j, x, x + 1, p); }
static void j_owen_t(arb_ptr o, arb_ptr j, arb_srcptr x, slong p) { gdc_bias_owen_t_jac_arb(o, j, x, x + 1, p); }
static void j_bvn(arb_ptr o, arb_ptr j, arb_srcptr x, slong p) { gdc_bias_bvn_jac_arb(o, j, x, x + 1, x + 2, p); }
static void m_m1(mpfr_ptr o, mpfr_srcptr x) { gdc_bias_m1_mpfr(o, x, x + 1); }
static void m_m2(mpfr_ptr o, mpfr_srcptr x) { gdc_bias_m2_mpfr(o, x, x + 1); }
static void m_owen_t(mpfr_ptr o, mpfr_srcptr x) { gdc_bias_owen_t_mpfr(o, x, x + 1); }
static void m_bvn(mpfr_ptr o, mpfr_srcptr x) { gdc_bias_bvn_mpfr(o, x, x + 1, x + 2); }

/* fn_arb_timed (registry.h): as fn_arb without jac, as fn_arb_jac with it; these rows have no Hessian */
static void t_owen_t(arb_ptr o, arb_ptr j, arb_ptr hs, arb_srcptr x, slong p, double dl)
{
    (void)hs;
    if (j)
        gdc_bias_owen_t_jac_arb_timed(o, j, x, x + 1, p, dl);
    else
        gdc_bias_owen_t_arb_timed(o, x, x + 1, p, dl);
}
static void t_bvn(arb_ptr o, arb_ptr j, arb_ptr hs, arb_srcptr x, slong p, double dl)
{
    (void)hs;
    if (j)
        gdc_bias_bvn_jac_arb_timed(o, j, x, x + 1, x + 2, p, dl);
    else
        gdc_bias_bvn_arb_timed(o, x, x + 1, x + 2, p, dl);
}
static void t_grad(arb_ptr o, arb_ptr j, arb_ptr hs, arb_srcptr x, slong p, double dl)
{
    (void)hs;
    gdc_bias_grad_arb_timed(o, j, x, p, dl);
}
static void t_corr(arb_ptr o, arb_ptr j, arb_ptr hs, arb_srcptr x, slong p, double dl)
{
    (void)hs;
    gdc_bias_corr_arb_timed(o, j, x, p, dl);
}

#define CROSS_WRAP(nm, K) \
    static void d_##nm(double *o, const double *x) { o[0] = gdc_bias_cross_kind(K, x); } \
    static void a_##nm(arb_ptr o, arb_srcptr x, slong p) { gdc_bias_cross_kind_arb(K, o, NULL, x, p); } \
    static void j_##nm(arb_ptr o, arb_ptr j, arb_srcptr x, slong p) { gdc_bias_cross_kind_arb(K, o, j, x, p); } \
    static void m_##nm(mpfr_ptr o, mpfr_srcptr x) { gdc_bias_cross_kind_mpfr(K, o, x); } \
    static void t_##nm(arb_ptr o, arb_ptr j, arb_ptr hs, arb_srcptr x, slong p, double dl) \
    { \
        (void)hs; \
        gdc_bias_cross_kind_arb_timed(K, o, j, x, p, dl); \
    }
CROSS_WRAP(cross, GDC_BIAS_J)
CROSS_WRAP(loss, GDC_BIAS_F)
CROSS_WRAP(loss_gap, GDC_BIAS_GAP)

static void d_grad(double *o, const double *x)
{
    o[0] = gdc_bias_cross_kind(GDC_BIAS_GS, x);
    o[1] = gdc_bias_cross_kind(GDC_BIAS_GN, x);
    o[2] = gdc_bias_cross_kind(GDC_BIAS_GB, x);
}
static void d_corr(double *o, const double *x) { o[0] = gdc_bias_cross_kind(GDC_BIAS_CORR, x); }
static void a_grad(arb_ptr o, arb_srcptr x, slong p) { gdc_bias_grad_arb(o, NULL, x, p); }
static void a_corr(arb_ptr o, arb_srcptr x, slong p) { gdc_bias_corr_arb(o, NULL, x, p); }

#define ARG_CLOSED(n, L, H) {.name = n, .lo = L, .hi = H, .lo_open = 0, .hi_open = 0}
#define ARG_S(n) ARG_CLOSED(n, GDC_QD(1, 1024), GDC_Q(16))
#define ARG_S2(n) ARG_CLOSED(n, GDC_QD(1, 16), GDC_Q(16))
#define ARG_B(n) ARG_CLOSED(n, GDC_Q(-8), GDC_Q(8))
#define REG(n, f) {.name = n, .sample = gdc_bias_reg_##f}
#define DEFS(nm, what) \
    .ndefchecks = 2, \
    .defchecks = {{.name = what, .arb = gdc_bias_def_##nm}, {.name = "Monte Carlo", .mc = gdc_bias_mc_##nm}}
#define M_REGIMES \
    .nregimes = 5, \
    .regimes = {REG("mu = b/s << 0", m_mu_neg), REG("mu -> -38.5 (underflow)", m_mu_underflow), \
                REG("s -> 0", m_s_small), REG("mu -> 0", m_mu_zero), REG("mu >> 0", m_mu_pos)}
#define DOM_NOTE "Domain s in [2^-10, 16], b in [-8, 8] (F is 2-homogeneous in (w, v), C1; beyond, MPFR's exponent " \
                 "range ends before exp(-mu^2/2)). "

#define DOM2_NOTE "Domain s, t in [2^-4, 16], b in [-8, 8] (F is 2-homogeneous in (w, v), C1). s, t in [2^-10, 2^-4) " \
                  "is cut: there |mu| reaches 8192 and at the corner bw = -bv = +-8, theta -> pi the values (Phi2(8192, " \
                  "-8192; rho -> -1) ~ phi(8192) r, e^(-3.3e7)) lie far below 2^-1074, and the Arb Phi2 integration " \
                  "did not reach relative accuracy there (gdcert check stalled); with s, t >= 2^-4, |mu| <= 128. "
#define CROSS_ARGS \
    .nargs = 5, .args = {ARG_S2("s"), ARG_B("bw"), ARG_S2("t"), ARG_B("bv"), \
                         {.name = "theta", .lo = GDC_Q(0), .hi = GDC_PI, .lo_open = 0, .hi_open = 0}}
#define CROSS_REGIMES \
    .nregimes = 7, \
    .regimes = {REG("mu_w << 0", c_muw_neg), REG("mu_v << 0", c_muv_neg), REG("theta -> 0", c_theta_0), \
                REG("theta -> pi", c_theta_pi), REG("w -> v", c_w_v), REG("s -> 0", c_s_small), \
                REG("bw = bv = 0", c_bias_free)}
#define CROSS_NOTE "Double: the conditional 1-D integral (positive integrand for J and F); Arb: the closed form of " \
                   "C11 (Phi2 integrated numerically); MPFR: C11 with the MPFR Phi2 (about 0.1 s a point): check_scale 0.005. " DOM2_NOTE
#define GRAD_NOTE "Double: 1-D conditional integrals of E[(relu(a) - relu(b)) 1(a > 0) (z, y, 1)] (corr: of the " \
                  "non-negative (relu(a) - relu(b)) 1(a > 0) (a - b)); Arb: C13 rearranged (no division by r) in jets; " \
                  "MPFR: C13/C15 as printed with the MPFR Phi2: check_scale 0.005. " DOM2_NOTE
#define GRAD_DEFS(nm) \
    .ndefchecks = 2, \
    .defchecks = {{.name = "derivatives of bias.loss (C11 via Price)", .arb = gdc_bias_def_##nm}, \
                  {.name = "Monte Carlo", .mc = gdc_bias_mc_##nm}}
#define CROSS_MC(nm) .ndefchecks = 1, .defchecks = {{.name = "Monte Carlo", .mc = gdc_bias_mc_##nm}}

static const gdc_row_t rows[] = {
    {
        .id = "bias.m1",
        .summary = "E[relu(s Z + b)] = b Phi(b/s) + s phi(b/s), Z ~ N(0, 1)",
        .nargs = 2, .args = {ARG_S("s"), ARG_B("b")},
        .nout = 1, .outputs = {"b Phi(b/s) + s phi(b/s)"},
        .source = PAPER "Eq. (1)-(2) single-neuron moment (Remarks 4.x, 5.6, footnote 3; not printed); seed-004 C9. "
                  DOM_NOTE "For b/s <= -1/2 the Mills-ratio continued fraction (no cancellation)",
        .fn_double = d_m1, .fn_arb = a_m1, .fn_mpfr = m_m1, .fn_arb_jac = j_m1, .max_err = 4,
        M_REGIMES,
        DEFS(m1, "parabolic-cylinder U form"),
    },
    {
        .id = "bias.m2",
        .summary = "E[relu(s Z + b)^2] = (s^2 + b^2) Phi(b/s) + b s phi(b/s)",
        .nargs = 2, .args = {ARG_S("s"), ARG_B("b")},
        .nout = 1, .outputs = {"(s^2 + b^2) Phi(b/s) + b s phi(b/s)"},
        .source = PAPER "Eq. (1)-(2), F(0) = m2(t, bv)/2 (C5, C12); seed-004 C9. " DOM_NOTE
                  "For b/s <= -1/2 the Mills-ratio continued fraction (the printed form loses mu^4 eps)",
        .fn_double = d_m2, .fn_arb = a_m2, .fn_mpfr = m_m2, .fn_arb_jac = j_m2, .max_err = 4,
        M_REGIMES,
        DEFS(m2, "parabolic-cylinder U form"),
    },
    {
        .id = "bias.owen_t",
        .summary = "Owen's T(h, a) = (1/2pi) int_0^a exp(-h^2 (1 + x^2)/2)/(1 + x^2) dx",
        .nargs = 2, .args = {ARG_CLOSED("h", GDC_Q(-16), GDC_Q(16)), ARG_CLOSED("a", GDC_Q(-16), GDC_Q(16))},
        .nout = 1, .outputs = {"(1/2pi) int_0^a exp(-h^2 (1 + x^2)/2)/(1 + x^2) dx"},
        .source = PAPER "(bivariate normal of the Gaussian loss, not printed); seed-004 C10. Arb and MPFR integrate "
                  "numerically: check_scale 0.25",
        .fn_double = d_owen_t, .fn_arb = a_owen_t, .fn_mpfr = m_owen_t, .fn_arb_jac = j_owen_t, .max_err = 4,
        .fn_arb_timed = t_owen_t, /* Phi2 / Owen's T integrals give up at the deadline */
        .check_scale = 0.25,
        .nregimes = 5,
        .regimes = {REG("|h| large", t_h_large), REG("|a| large", t_a_large), REG("a -> 0", t_a_small),
                    REG("h -> 0", t_h_small), REG("|a| -> 1", t_a_one)},
        DEFS(owen_t, "angular integral (acb_calc_integrate)"),
    },
    {
        .id = "bias.bvn",
        .summary = "bivariate normal CDF Phi2(h, k; rho), rho in [-1, 1]",
        .nargs = 3, .args = {ARG_CLOSED("h", GDC_Q(-10), GDC_Q(10)), ARG_CLOSED("k", GDC_Q(-10), GDC_Q(10)),
                             ARG_CLOSED("rho", GDC_Q(-1), GDC_Q(1))},
        .nout = 1, .outputs = {"P(Z1 <= h, Z2 <= k), corr rho"},
        .source = PAPER "(both-active probability, Sec. 5.1 sketch; not printed); seed-004 C10, C14. Arb and MPFR "
                  "integrate numerically (MPFR: Plackett's identity in the angle acos(rho), about 0.1 s a point): "
                  "check_scale 0.05. Where rho < 0, h + k < 0 and Phi((h + k)/sqrt(2 (1 + rho))) < 2^-(2^20) the Arb "
                  "value is that bound's [0, U] (far below every double; no relative accuracy there)",
        .fn_double = d_bvn, .fn_arb = a_bvn, .fn_mpfr = m_bvn, .fn_arb_jac = j_bvn, .max_err = 4,
        .fn_arb_timed = t_bvn, /* Phi2 / Owen's T integrals give up at the deadline */
        .check_scale = 0.05,
        .nregimes = 6,
        .regimes = {REG("rho -> 1", b_rho_one), REG("rho -> -1", b_rho_mone), REG("rho = +-1", b_rho_exact),
                    REG("h, k << 0", b_tails), REG("h + k ~ 0, rho -> -1", b_antidiag),
                    REG("rho -> 0", b_rho_zero)},
        DEFS(bvn, "Owen's T formula (C10)"),
    },
    {
        .id = "bias.cross",
        .summary = "E[relu(w~.x + bw) relu(v~.x + bv)], x ~ N(0, I): s = |w~|, t = |v~|, theta = angle(w~, v~)",
        CROSS_ARGS,
        .nout = 1, .outputs = {"s t [(rho + h k) Phi2(h, k; rho) + k phi(h) Phi(A) + h phi(k) Phi(B) + r phi(h) phi(A)]"},
        .source = PAPER "Eq. (1)-(2) cross term (C5: F = F(0) + E[relu(w.x)^2]/2 - E[relu(w.x) relu(v.x)]); "
                  "seed-004 C11 (h = bw/s, k = bv/t, A = (k - rho h)/r, B = (h - rho k)/r). " CROSS_NOTE,
        .fn_double = d_cross, .fn_arb = a_cross, .fn_mpfr = m_cross, .fn_arb_jac = j_cross, .max_err = 4,
        .fn_arb_timed = t_cross, /* Phi2 / Owen's T integrals give up at the deadline */
        .check_scale = 0.005,
        CROSS_REGIMES,
        CROSS_MC(cross),
    },
    {
        .id = "bias.loss",
        .summary = "F(w) = E[(relu(w~.x + bw) - relu(v~.x + bv))^2]/2, x ~ N(0, I)",
        CROSS_ARGS,
        .nout = 1, .outputs = {"m2(s, bw)/2 + m2(t, bv)/2 - cross"},
        .source = PAPER "Eq. (1)-(2); seed-004 C12. " CROSS_NOTE,
        .fn_double = d_loss, .fn_arb = a_loss, .fn_mpfr = m_loss, .fn_arb_jac = j_loss, .max_err = 4,
        .fn_arb_timed = t_loss, /* Phi2 / Owen's T integrals give up at the deadline */
        .check_scale = 0.005,
        CROSS_REGIMES,
        CROSS_MC(loss),
    },
    {
        .id = "bias.loss_gap",
        .summary = "F(w) - F(0) = m2(s, bw)/2 - cross, never formed by subtraction of F(0)",
        CROSS_ARGS,
        .nout = 1, .outputs = {"m2(s, bw)/2 - cross"},
        .source = PAPER "Sec. 5.1 / Thm 5.4 decomposition; seed-004 C5, C12 (the flat region: F - F(0) is "
                  "exponentially small for mu_w << 0). " CROSS_NOTE,
        .fn_double = d_loss_gap, .fn_arb = a_loss_gap, .fn_mpfr = m_loss_gap, .fn_arb_jac = j_loss_gap, .max_err = 4,
        .fn_arb_timed = t_loss_gap, /* Phi2 / Owen's T integrals give up at the deadline */
        .check_scale = 0.005,
        CROSS_REGIMES,
        CROSS_MC(loss_gap),
    },
    {
        .id = "bias.grad",
        .summary = "grad F(w): along w~/|w~|, along the unit normal to w~ in span(w~, v~) towards v~, and dF/dbw",
        CROSS_ARGS,
        .nout = 3, .outputs = {"A s - P t rho", "-P t sin theta", "m1(s, bw) - t phi(mu_v) Phi(B) - t rho phi(mu_w) Phi(g) - bv P"},
        .source = PAPER "Eq. (1)-(2) gradient (Sec. 5, Thm 5.2/6.2 dynamics); seed-004 C13 (A = Phi(mu_w) - phi(mu_w) E1/s, "
                  "E1 = t r (g Phi(g) + phi(g)), g = (mu_v - rho mu_w)/r, B = (mu_w - rho mu_v)/r, P = Phi2(mu_w, mu_v; rho)). "
                  "At theta = 0 or pi the normal is undefined and its component is 0. " GRAD_NOTE,
        .fn_double = d_grad, .fn_arb = a_grad, .fn_mpfr = gdc_bias_grad_mpfr, .fn_arb_jac = gdc_bias_grad_arb,
        .max_err = 4,
        .fn_arb_timed = t_grad, /* the Phi2 integral gives up at the deadline */
        .check_scale = 0.005,
        CROSS_REGIMES,
        GRAD_DEFS(grad),
    },
    {
        .id = "bias.corr",
        .summary = "<grad F(w), w - v> = E[(relu(a) - relu(b)) 1(a > 0) (a - b)] >= 0",
        CROSS_ARGS,
        .nout = 1, .outputs = {"A (s^2 - s t rho) - P (s t rho - t^2) + dF/dbw (bw - bv)"},
        .source = PAPER "Thm 5.2 / Thm 6.2 correlation condition (B9, B16); seed-004 C15. " GRAD_NOTE,
        .fn_double = d_corr, .fn_arb = a_corr, .fn_mpfr = gdc_bias_corr_mpfr, .fn_arb_jac = gdc_bias_corr_arb,
        .max_err = 4,
        .fn_arb_timed = t_corr, /* the Phi2 integral gives up at the deadline */
        .check_scale = 0.005,
        CROSS_REGIMES,
        GRAD_DEFS(corr),
    },
};

const gdc_family_t gdc_family_bias = {
    .name = "bias",
    .rows = rows,
    .nrows = sizeof rows / sizeof rows[0],
};
