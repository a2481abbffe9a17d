/* Vector-valued Gauss-Legendre quadrature over v in [0, 1] with a rigorous truncation bound, for ball.dcross's
 * radial pieces (ball_dcross_arb.c): all outputs of one integrand (the value and its three partial derivatives)
 * share every evaluation, and the nodes are real balls.
 *
 * The rules: n = 8, 12, 16, 24, 32 points, nodes x~_j and weights w~_j the Gauss-Legendre ones rounded to
 * double-double (hi + lo, exact dyadic numbers; tables below, computed with arb_hypgeom_legendre_p_ui_root at 512
 * bits). They are not exactly Gauss' rule, so the bound allows for it: with Q~(g) = sum_j w~_j g(x~_j) and
 * I(g) = int_{-1}^1 g, tests/check_ball.c (test_dcross_gl_rules) verifies in exact arithmetic that
 *   |Q~(T_k) - I(T_k)| <= DELTA = 2^GL_DEFECT_LOG for every Chebyshev polynomial T_k, k < 2n,
 * and that the weights are positive with sum_j w~_j <= 2.001.
 * Bound: let f be analytic in the open Bernstein ellipse E_rho (foci +-1, semi-axes (rho +- 1/rho)/2) with |f| <= M
 * there. Its Chebyshev coefficients obey |a_0| <= M, |a_k| <= 2 M rho^-k (Trefethen, Approximation Theory and
 * Approximation Practice, Thm 8.1), and f = sum a_k T_k uniformly on [-1, 1], so
 *   |Q~(f) - I(f)| <= sum_{k < 2n} |a_k| DELTA + sum_{k >= 2n} |a_k| (sum_j |w~_j| + |I(T_k)|)
 *                  <= 2 M rho/(rho - 1) (DELTA + 3 rho^-2n)            (|I(T_k)| <= 2/(k^2 - 1) <= 0.14 for k >= 4).
 * On [c - h, c + h] the integral is h times that of f(c + h x). M is bounded by evaluating f on a complex ball
 * containing the ellipse's bounding rectangle (re radius h (rho + 1/rho)/2, im radius h (rho - 1/rho)/2) with
 * `analytic` set: the integrand then returns non-finite values unless it is holomorphic on that ball (square roots
 * and inverse sines off their branch cuts), as acb_calc_integrate requires of its integrands.
 * Subintervals are bisected (exact dyadic ends) until a rule meets the tolerance 2^-goal (times the subinterval's
 * length, so the errors sum to at most 2^-goal; with wide parameters, at most a quarter of the width they cause at
 * the midpoint, and the crude enclosure below is taken once within 2.5 times that width); at the depth limit or after
 * the evaluation budget a subinterval contributes its length times the enclosure of f on it (always valid for a
 * bounded integrand). */
#include "ball/ball_util.h"

static const double GL8[4][4] = {
    {0x1.ebab1cb0acc67p-1, -0x1.ffca884691608p-55, 0x1.9ea1d04ca0374p-4, 0x1.1f1acb89ef946p-61},
    {0x1.97e4ab249f41ep-1, 0x1.ace9d1bf616efp-57, 0x1.c76fb531d2b96p-3, -0x1.a88b639faee41p-57},
    {0x1.0d129583284b4p-1, -0x1.70ed957741527p-58, 0x1.413c50a255615p-2, 0x1.50ff06c1e9798p-56},
    {0x1.77ac94f3c7345p-3, -0x1.ab7ccf07e9ddfp-59, 0x1.736360b199343p-2, -0x1.0b64569cc3084p-57},
};
static const double GL12[6][4] = {
    {0x1.f68f1d8e42e81p-1, 0x1.07348c3443d6ap-57, 0x1.8275d9dea6d8fp-5, -0x1.4c514da9700dep-61},
    {0x1.cee874ffb88b4p-1, -0x1.e087a87692d2dp-55, 0x1.b60602bce6181p-4, 0x1.3e8cf8b056192p-58},
    {0x1.8a30aeed88f36p-1, -0x1.95a2942c5b6bcp-58, 0x1.47d7258f22d8fp-3, 0x1.83b880a95a75ap-58},
    {0x1.2cb4f05c077f9p-1, -0x1.48a548b42c96fp-55, 0x1.a0163e6b1ab72p-3, -0x1.bd1916c332325p-59},
    {0x1.78a8d20a8b19dp-2, 0x1.62d8bccac2c74p-57, 0x1.de3155c256ab5p-3, 0x1.c2709c00367f2p-59},
    {0x1.007a5f8f630e4p-3, 0x1.433643eda6f08p-59, 0x1.fe40ce6d4f025p-3, 0x1.b24c76de7da65p-57},
};
static const double GL16[8][4] = {
    {0x1.fa92c264d787ep-1, -0x1.b4621b51e4ad4p-58, 0x1.bcddab4b7c211p-6, -0x1.cce3220a06ce6p-60},
    {0x1.e39f56616f9bp-1, -0x1.be3a5df4a4bf4p-56, 0x1.fdfb1a2c1265dp-5, -0x1.c5f3fde42efefp-61},
    {0x1.bb3403514e483p-1, -0x1.a1798e8d75402p-57, 0x1.85c4ee79cc258p-4, -0x1.033a7fb73574p-60},
    {0x1.82c45dda4726bp-1, 0x1.450aa9531389dp-55, 0x1.fe7af2bad386ap-4, -0x1.653de989af9bfp-58},
    {0x1.3c5a466d5e8b8p-1, -0x1.981b60ef3d7a3p-56, 0x1.325f61bca3cbfp-3, -0x1.1edb10379b177p-58},
    {0x1.d50259a43a772p-2, 0x1.335dfa9e7f1dbp-56, 0x1.5a6ebbb5a75fcp-3, 0x1.56dbc45ea020ap-59},
    {0x1.205cae642337cp-2, -0x1.440df7c52dbd9p-59, 0x1.75f8c77e0c00fp-3, 0x1.7797a906e1a87p-58},
    {0x1.852bd6676a9f9p-4, -0x1.82c17214e46f4p-62, 0x1.83feae80e4dfcp-3, -0x1.b226a9481214fp-58},
};
static const double GL24[12][4] = {
    {0x1.fd892de691982p-1, 0x1.c8dcf41a880b6p-55, 0x1.9465bd3112202p-7, -0x1.778e043a7e317p-61},
    {0x1.f30f9f0cbf876p-1, 0x1.c1fd96b3b2de6p-56, 0x1.d375514486f1dp-6, -0x1.beee50cecbe48p-63},
    {0x1.e06585a70aa4dp-1, -0x1.6b234adfd1d8fp-55, 0x1.6ab884f57c979p-5, -0x1.d242abbcea665p-60},
    {0x1.c5d841864d0f5p-1, -0x1.57ca3c258baa3p-55, 0x1.e5c6255d25edap-5, -0x1.7e75b75cefe7fp-59},
    {0x1.a3d74ce0d37p-1, -0x1.cf7f62cf18ea7p-56, 0x1.2c6d5c2eff064p-4, 0x1.b2f5349bc312bp-58},
    {0x1.7af18edb9ddd6p-1, 0x1.d2cb2315de8f9p-58, 0x1.6108ef504463ap-4, 0x1.d095c89ac4d39p-60},
    {0x1.4bd2ee5fa1086p-1, 0x1.b5b49ba9f6df2p-56, 0x1.8fd8936444b16p-4, 0x1.1ed8b339132ddp-58},
    {0x1.17417bac4d72bp-1, -0x1.f2d21bec5339ap-56, 0x1.b8177ba4a68dcp-4, 0x1.e5a066e72ef9p-62},
    {0x1.bc345d81e24b5p-2, 0x1.9e53b03a9090bp-57, 0x1.d91c78acb1b2dp-4, 0x1.3e1012fc5bdf6p-59},
    {0x1.429a8c588e91p-2, -0x1.9e340f409acb4p-56, 0x1.f25cbce1d1ff6p-4, -0x1.da28876835a78p-63},
    {0x1.8769542b94f8dp-3, -0x1.be34256678533p-60, 0x1.01b7117cf8bd8p-3, -0x1.d6ae30dec6404p-58},
    {0x1.0660853eda2e8p-4, -0x1.1f54a92ef73f6p-58, 0x1.060475e763736p-3, -0x1.5a4276454f688p-59},
};
static const double GL32[16][4] = {
    {0x1.fe995e70409b6p-1, -0x1.d33359800e189p-58, 0x1.cbf8bc743cc5cp-8, 0x1.1a26558f1139cp-62},
    {0x1.f8a212714bcdcp-1, -0x1.aaffa0e0c65f9p-55, 0x1.0aa3c248696c9p-6, 0x1.0f47c8e75584fp-62},
    {0x1.edf5518053baap-1, 0x1.791df7a6a20c5p-55, 0x1.a0060a8531ffap-6, 0x1.87c62e907b685p-61},
    {0x1.deac0259f7f42p-1, 0x1.9d38694cbaec4p-56, 0x1.18c5800a355d9p-5, 0x1.e6ceb745a5102p-60},
    {0x1.caea9b4574cb9p-1, 0x1.2e728b83d35dap-55, 0x1.5ee963a335495p-5, -0x1.5d538361a29c2p-59},
    {0x1.b2e04fd686a13p-1, -0x1.5e7f054d3c6c6p-62, 0x1.a1c6ae961fbfap-5, 0x1.b8165e112e1ep-60},
    {0x1.96c69481c4bc5p-1, 0x1.8af77c10ec68p-56, 0x1.e0bd76c924981p-5, 0x1.b310ec2c65a58p-59},
    {0x1.76e0931d693bap-1, -0x1.1d39d12ffe13bp-55, 0x1.0d9b9a62cac1p-4, -0x1.866fbff3d56ddp-59},
    {0x1.537a89c487f8ap-1, -0x1.18dbe4d4e5271p-55, 0x1.2854103b35e0cp-4, 0x1.e306400aac795p-60},
    {0x1.2ce9146962ca4p-1, 0x1.c8886bbdcf3dep-56, 0x1.40483e126fd14p-4, -0x1.53c3a76af5628p-58},
    {0x1.038862866b29dp-1, 0x1.1a50a6a22c158p-55, 0x1.553ee25ebebc6p-4, 0x1.e8fef5307d9e2p-58},
    {0x1.af76b57c6f8f1p-2, 0x1.d36770d6ed1bfp-57, 0x1.6705e18e13ed1p-4, 0x1.2ab301c345131p-63},
    {0x1.53d55ce57bdf6p-2, -0x1.3f8b40a1a6a0dp-56, 0x1.7572bdb3f6e51p-4, -0x1.c1ffddaadbc5ap-58},
    {0x1.ea0f7e19c094bp-3, 0x1.6c06f689a7cc5p-57, 0x1.8062fc0f6fef9p-4, -0x1.b6855ae88fe8p-61},
    {0x1.27e0ea717f237p-3, 0x1.b3154eb299a0fp-58, 0x1.87bc776f8c6d7p-4, -0x1.c7d1cbc713b8cp-60},
    {0x1.8bbc8488cc499p-5, -0x1.3f76fc275b341p-60, 0x1.8b6d9eaec77adp-4, 0x1.6105895187781p-59},
};

#define GL_MAX_DEPTH 40
#define GL_EVAL_BUDGET 4000

int gdc_ball_gl_rule(arb_ptr x, arb_ptr w, int n, slong prec)
{
    const double(*t)[4] = n == 8    ? GL8
                          : n == 12 ? GL12
                          : n == 16 ? GL16
                          : n == 24 ? GL24
                          : n == 32 ? GL32
                                    : NULL;
    if (!t)
        return 0;
    arb_t lo;
    arb_init(lo);
    for (int j = 0; j < n / 2; j++) {
        for (int i = 0; i < 2; i++) {
            arb_ptr z = i ? w : x;
            arb_set_d(z + j, t[j][2 * i]);
            arb_set_d(lo, t[j][2 * i + 1]);
            arb_add(z + j, z + j, lo, prec);
        }
        arb_neg(x + n - 1 - j, x + j);
        arb_set(w + n - 1 - j, w + j);
    }
    arb_clear(lo);
    return 1;
}

static const int gl_sizes[5] = {8, 12, 16, 24, 32};

/* the smallest rule n in gl_sizes with M_k rho/(rho - 1) (DELTA + 3 rho^-2n) <= tol[k] for every output, or 0;
 * err[k] gets 2 M_k rho/(rho - 1) (DELTA + 3 rho^-2n), the header's bound on [-1, 1] */
static int gl_degree(mag_ptr err, acb_srcptr fz, int nw, const arb_t rho, mag_srcptr tol)
{
    arb_t c, p, e;
    arb_ptr m = _arb_vec_init(nw);
    arb_init(c), arb_init(p), arb_init(e);
    int n = 0, ok = 1;
    for (int k = 0; k < nw && ok; k++) {
        acb_get_mag(err + k, fz + k);
        ok = acb_is_finite(fz + k) && mag_is_finite(err + k);
        arf_set_mag(arb_midref(m + k), err + k);
    }
    arb_sub_ui(c, rho, 1, 30);
    arb_div(c, rho, c, 30); /* rho/(rho - 1) */
    for (int i = 0; i < 5 && ok && !n; i++) {
        arb_pow_ui(p, rho, 2 * (ulong)gl_sizes[i], 30);
        arb_ui_div(p, 3, p, 30);
        arb_one(e);
        arb_mul_2exp_si(e, e, GL_DEFECT_LOG);
        arb_add(p, p, e, 30);
        arb_mul(p, p, c, 30);
        int all = 1;
        for (int k = 0; k < nw && all; k++) {
            arb_mul(e, p, m + k, 30);
            arb_get_mag(err + k, e);
            all = mag_cmp(err + k, tol + k) <= 0;
        }
        if (all)
            n = gl_sizes[i];
    }
    for (int k = 0; k < nw; k++)
        mag_mul_2exp_si(err + k, err + k, 1);
    _arb_vec_clear(m, nw);
    arb_clear(c), arb_clear(p), arb_clear(e);
    return n;
}

/* res[k] += the integral over [c - h, c + h] if a rule meets the tolerances (1), else nothing (0) */
static int gl_try(arb_ptr res, gdc_ball_vec_fn f, void *param, int nw, const arb_t c, const arb_t h, mag_srcptr tol,
                  long *evals, slong prec)
{
    static const int rho_num[3] = {4, 2, 3}, rho_den[3] = {1, 1, 2};
    acb_ptr fz = _acb_vec_init(nw);
    mag_ptr err = _mag_vec_init(nw);
    acb_t z;
    arb_t rho, t, u;
    mag_t r;
    acb_init(z), arb_init(rho), arb_init(t), arb_init(u), mag_init(r);
    int n = 0;
    for (int i = 0; i < 3 && !n; i++) {
        /* the complex ball c + h [-(rho + 1/rho)/2, (rho + 1/rho)/2] + i h [-(rho - 1/rho)/2, ...] */
        arb_set_si(rho, rho_num[i]);
        arb_div_si(rho, rho, rho_den[i], 30);
        arb_inv(t, rho, 30);
        arb_add(u, rho, t, 30);
        arb_sub(t, rho, t, 30);
        arb_mul(u, u, h, 30);
        arb_mul(t, t, h, 30);
        acb_zero(z);
        arb_set(acb_realref(z), c);
        arb_get_mag(r, u);
        mag_mul_2exp_si(r, r, -1);
        mag_add(arb_radref(acb_realref(z)), arb_radref(acb_realref(z)), r);
        arb_get_mag(r, t);
        mag_mul_2exp_si(r, r, -1);
        mag_add(arb_radref(acb_imagref(z)), arb_radref(acb_imagref(z)), r);
        f(fz, z, param, 1, prec);
        (*evals)++;
        n = gl_degree(err, fz, nw, rho, tol);
    }
    if (n) {
        arb_ptr x = _arb_vec_init(n), w = _arb_vec_init(n), s = _arb_vec_init(nw);
        gdc_ball_gl_rule(x, w, n, prec);
        for (int j = 0; j < n; j++) {
            arb_mul(t, x + j, h, prec);
            acb_set_arb(z, t);
            acb_add_arb(z, z, c, prec);
            f(fz, z, param, 0, prec);
            for (int k = 0; k < nw; k++)
                arb_addmul(s + k, w + j, acb_realref(fz + k), prec);
        }
        *evals += n;
        arb_get_mag(r, h);
        for (int k = 0; k < nw; k++) {
            arb_mul(s + k, s + k, h, prec);
            mag_mul(err + k, err + k, r); /* the error on [c - h, c + h]: h times the bound on [-1, 1] */
            arb_add_error_mag(s + k, err + k);
            arb_add(res + k, res + k, s + k, prec);
        }
        _arb_vec_clear(x, n), _arb_vec_clear(w, n), _arb_vec_clear(s, nw);
    }
    _acb_vec_clear(fz, nw);
    _mag_vec_clear(err, nw);
    acb_clear(z), arb_clear(rho), arb_clear(t), arb_clear(u), mag_clear(r);
    return n != 0;
}

/* out[k] = 2h times the enclosure of f_k on the real ball [c - h, c + h] (point: at c alone) */
static void crude(arb_ptr out, gdc_ball_vec_fn f, void *param, int nw, const arb_t c, const arb_t h, int point,
                  slong prec)
{
    acb_ptr fz = _acb_vec_init(nw);
    acb_t z;
    acb_init(z);
    acb_set_arb(z, c);
    if (!point)
        arb_get_mag(arb_radref(acb_realref(z)), h);
    f(fz, z, param, 0, prec);
    for (int k = 0; k < nw; k++) {
        arb_mul(out + k, acb_realref(fz + k), h, prec);
        arb_mul_2exp_si(out + k, out + k, 1);
    }
    _acb_vec_clear(fz, nw);
    acb_clear(z);
}

/* the error allowed per unit length for output k: 2^-goal, or a quarter of the radius of f_k at the midpoint c when
 * the parameters are wide (more accuracy would be lost in the parameters' own width) */
static void tolerances(mag_ptr tol, arb_srcptr fc, const arb_t h, int nw, slong goal)
{
    mag_t r, floor;
    mag_init(r), mag_init(floor);
    mag_set_ui_2exp_si(floor, 1, -goal);
    arb_get_mag_lower(r, h);
    for (int k = 0; k < nw; k++) {
        mag_div(tol + k, arb_radref(fc + k), r);
        mag_mul_2exp_si(tol + k, tol + k, -3); /* rad(2h f(c))/(8 h) */
        if (!mag_is_finite(tol + k))
            mag_zero(tol + k); /* f(c) not finite: no width to go by */
        mag_max(tol + k, tol + k, floor);
    }
    mag_clear(r), mag_clear(floor);
}

void gdc_ball_gl_integrate(arb_ptr res, gdc_ball_vec_fn f, void *param, int nw, int wide, slong goal, slong prec)
{
    /* depth-first over the dyadic subintervals [i 2^-dep, (i + 1) 2^-dep] of [0, 1] */
    ulong idx[GL_MAX_DEPTH + 2];
    int dep[GL_MAX_DEPTH + 2], top = 0;
    long evals = 0;
    int narrow = !wide; /* narrow parameters: the tolerances are 2^-goal throughout */
    arb_t c, h, z;
    arb_ptr fc = _arb_vec_init(nw), cr = _arb_vec_init(nw);
    mag_ptr tol = _mag_vec_init(nw);
    arb_init(c), arb_init(h), arb_init(z);
    for (int k = 0; k < nw; k++) {
        arb_zero(res + k);
        mag_set_ui_2exp_si(tol + k, 1, -goal);
    }
    idx[0] = 0, dep[0] = 0, top = 1;
    while (top > 0) {
        top--;
        ulong i = idx[top];
        int d = dep[top];
        arb_set_ui(c, 2 * i + 1);
        arb_mul_2exp_si(c, c, -d - 1);
        arb_one(h);
        arb_mul_2exp_si(h, h, -d - 1);
        crude(cr, f, param, nw, c, h, 0, prec);
        evals++;
        int done = d >= GL_MAX_DEPTH || evals > GL_EVAL_BUDGET;
        if (!done) {
            if (!narrow) {
                crude(fc, f, param, nw, c, h, 1, prec); /* 2h f(c) */
                evals++;
                tolerances(tol, fc, h, nw, goal);
            }
            /* the crude enclosure suffices when its radius per unit length is within 10 tol */
            done = 1;
            for (int k = 0; k < nw && done; k++) {
                mag_t m;
                mag_init(m);
                mag_mul_ui(m, tol + k, 20);
                arb_get_mag_lower(arb_radref(z), h);
                mag_mul(m, m, arb_radref(z));
                done = mag_cmp(arb_radref(cr + k), m) <= 0;
                mag_clear(m);
            }
        }
        if (done) {
            _arb_vec_add(res, res, cr, nw, prec);
            continue;
        }
        if (gl_try(res, f, param, nw, c, h, tol, &evals, prec))
            continue;
        idx[top] = 2 * i + 1, dep[top++] = d + 1;
        idx[top] = 2 * i, dep[top++] = d + 1;
    }
    _arb_vec_clear(fc, nw), _arb_vec_clear(cr, nw);
    _mag_vec_clear(tol, nw);
    arb_clear(c), arb_clear(h), arb_clear(z);
}
