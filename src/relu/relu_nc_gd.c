/* The dynamics of Figure 1 of 000_09c7d5b8511ab65b.txt (Sec. 6.2; seed-000 S19, N18, C26) for `gdcert simulate`:
 * gradient descent w <- w - eta grad F(w) on F(w) = E[(relu(w.x) - relu(v.x))^2]/2, x ~ N((0, m), I_2), v = (1, 0),
 * with the relu.nc_grad kernels (double; Arb for ball runs). State (wx, wy, dF/dwx, dF/dwy, F) at the current w;
 * observed w, theta(w, v), ||w - v||, F, ||w||. The iterate must stay in the kernel's domain [-4, 4]^2. */
#include <math.h>
#include <stdio.h>
#include "core/families.h"
#include "relu/relu_nc.h"

enum { P_ETA, P_M, P_WX0, P_WY0, NP };
enum { S_WX, S_WY, S_GX, S_GY, S_F, NS };
enum { O_WX, O_WY, O_THETA, O_DIST, O_F, O_NORM, NO };

#define BOX 4.0

static int init(double *st, const double *p, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    double out[3];
    st[S_WX] = p[P_WX0];
    st[S_WY] = p[P_WY0];
    gdc_relu_nc_grad(out, st[S_WX], st[S_WY], p[P_M]);
    st[S_GX] = out[0];
    st[S_GY] = out[1];
    st[S_F] = out[2];
    return 0;
}

static int step(double *st, const double *p)
{
    double out[3];
    st[S_WX] -= p[P_ETA] * st[S_GX];
    st[S_WY] -= p[P_ETA] * st[S_GY];
    if (!(fabs(st[S_WX]) <= BOX && fabs(st[S_WY]) <= BOX))
        return 1;
    gdc_relu_nc_grad(out, st[S_WX], st[S_WY], p[P_M]);
    st[S_GX] = out[0];
    st[S_GY] = out[1];
    st[S_F] = out[2];
    return 0;
}

static void observe(double *o, const double *st, const double *p)
{
    (void)p;
    o[O_WX] = st[S_WX];
    o[O_WY] = st[S_WY];
    o[O_THETA] = atan2(fabs(st[S_WY]), st[S_WX]); /* theta(w, (1, 0)) in [0, pi] */
    o[O_DIST] = hypot(st[S_WX] - 1.0, st[S_WY]);
    o[O_F] = st[S_F];
    o[O_NORM] = hypot(st[S_WX], st[S_WY]);
}

/* ---- Arb ---- */

static void grad_arb(arb_ptr st, const double *p, slong prec)
{
    arb_t m;
    arb_init(m);
    arb_set_d(m, p[P_M]);
    arb_ptr out = _arb_vec_init(3);
    gdc_relu_nc_grad_arb(out, st + S_WX, st + S_WY, m, prec);
    _arb_vec_set(st + S_GX, out, 3);
    _arb_vec_clear(out, 3);
    arb_clear(m);
}

static void init_arb(arb_ptr st, const double *p, slong prec)
{
    arb_set_d(st + S_WX, p[P_WX0]);
    arb_set_d(st + S_WY, p[P_WY0]);
    grad_arb(st, p, prec);
}

static void step_arb(arb_ptr st, const double *p, slong prec)
{
    arb_t eta;
    arb_init(eta);
    arb_set_d(eta, p[P_ETA]);
    arb_submul(st + S_WX, eta, st + S_GX, prec);
    arb_submul(st + S_WY, eta, st + S_GY, prec);
    grad_arb(st, p, prec);
    arb_clear(eta);
}


static void observe_arb(arb_ptr o, arb_srcptr st, const double *p, slong prec)
{
    (void)p;
    arb_t t;
    arb_init(t);
    arb_set(o + O_WX, st + S_WX);
    arb_set(o + O_WY, st + S_WY);
    arb_abs(t, st + S_WY);
    arb_atan2(o + O_THETA, t, st + S_WX, prec);
    arb_sub_ui(t, st + S_WX, 1, prec);
    gdc_arb_hypot(o + O_DIST, t, st + S_WY, prec);
    arb_set(o + O_F, st + S_F);
    gdc_arb_hypot(o + O_NORM, st + S_WX, st + S_WY, prec);
    arb_clear(t);
}

/* wy changes sign (or reaches 0 from a non-zero value) with wx < 0: w crosses the ray -v */
static int crosses_ray(const double *prev, const double *o, const double *p)
{
    (void)p;
    return o[O_WX] < 0 && prev[O_WY] != 0 && (o[O_WY] == 0 || (prev[O_WY] > 0) != (o[O_WY] > 0));
}

static int theta_small(const double *prev, const double *o, const double *p)
{
    (void)prev;
    (void)p;
    return o[O_THETA] < 0.1;
}

#define W_ARG(n) {.name = n, .lo = GDC_Q(-4), .hi = GDC_Q(4)}

const gdc_dynamics_t gdc_dynamics_relu_nc_gd = {
    .id = "relu.nc_gd",
    .summary = "GD on the ReLU loss with x ~ N((0, m), I_2), v = (1, 0): Figure 1 of 000 (relu.nc_grad kernels)",
    .source = "000_09c7d5b8511ab65b.txt Sec. 6.2, Figure 1; seed-000 S19, N18, C26",
    .nparams = NP,
    .params = {{{.name = "eta", .lo = GDC_Q(0), .hi = GDC_INF, .lo_open = 1, .hi_open = 1}, 1e-3, "step size"},
               {{.name = "m", .lo = GDC_Q(-8), .hi = GDC_Q(8)}, 1.0, "the input mean is (0, m)"},
               {W_ARG("wx0"), -1.0, "starting point, first coordinate"},
               {W_ARG("wy0"), 1.0, "starting point, second coordinate"}},
    .nstate = NS,
    .nout = NO,
    .outputs = {"wx", "wy", "theta", "dist_to_v", "F", "norm"},
    .default_steps = 60000,
    .nruns = 3,
    .nrun_params = 2,
    .run_params = {"wx0", "wy0"},
    .runs = {{-1.0, 1.0}, {-1.0, 0.5}, {-1.0, 0.0}},
    .nevents = 2,
    .events = {{"crosses the ray -v", crosses_ray}, {"theta < 0.1", theta_small}},
    .init = init, .step = step, .observe = observe,
    .init_arb = init_arb, .step_arb = step_arb, .observe_arb = observe_arb,
};
