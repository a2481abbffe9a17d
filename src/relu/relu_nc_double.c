/* Double kernel of relu.nc_grad: grad F and F for x ~ N((0, m), I_2), v = (1, 0) (000_09c7d5b8511ab65b.txt
 * Sec. 6.2, Figure 1; seed-000 C26). The C26 angular integral int h(u(phi)) W(phi) dphi is split at the kinks
 * (v.u = 0 at phi = +-pi/2, w.u = 0 at arg w +- pi/2) into
 *   I      = {w.u > 0, v.u > 0}:  integrand ((w - v).u) u W,   F part ((w - v).u)^2 W/2
 *   w-only = {w.u > 0 >= v.u}:    integrand (w.u) u W,         F part (w.u)^2 W/2
 *   v-only = {v.u > 0 >= w.u}:    gradient 0,                  F part (v.u)^2 W/2
 * and each piece is integrated by 20-point Gauss-Legendre on sub-intervals of length <= min(pi/2, 3/(2 |m|))
 * (W has a bump of width about 1/|m| at phi = sign(m) pi/2; in exact arithmetic this rule is accurate to 1e-25
 * relative or better, checked with MPFR), with double-double sums. On the x-axis (wy = 0) the expectations factor
 * (x1 and x2 are independent) and closed forms are used.
 * Numerical care (each item was needed to keep the error measure of src/core/xcheck.h below 4):
 *  - the nodes are formed in double-double and reduced to psi = node - K pi/2 before sin and cos: W's bump sits at
 *    K pi/2 and its slope is up to m^2 |psi|, so an angle rounded to one ulp of |node| (up to 4.7) cost up to ~30
 *    units where the result is small; sin, cos and the products (q.u) u W are formed in long double (64 bits on
 *    x86; where long double is double the kernel is a few units less accurate at such points);
 *  - the kink where the gradient integrand jumps (by relu(v.u) u W: w.u = 0 inside v.u > 0) is atan2(-wx, wy)
 *    (wy > 0) or atan2(wx, -wy) (wy < 0), refined by one Newton step with a double-double residual (refine_kink);
 *    at the other kinks the integrands are continuous;
 *  - M3(b) for b < 0 (C26 "numerical care": the closed form cancels, the true value is about 6/b^4) comes from
 *    relu_nc_m3.c (Taylor series in double-double, then a continued fraction of positive terms);
 *  - for b >= 0 every term is positive; the factor e^{-m^2/2} e^{b^2/2} is folded into e^{-(m cos phi)^2/2}
 *    (no overflow), with the square of m cos phi carried exactly (two-product);
 *  - each gradient component is taken from the best conditioned of three exact rewritings (see the end of
 *    gdc_relu_nc_grad): the polar integrand has factors cos phi, sin phi that change sign, and for |m| large or
 *    small the direct sum can cancel by a factor 30-2000. */
#include <math.h>
#include "relu/relu_nc.h"
#include "core/dd.h"
#include "relu/relu.h"

/* 20-point Gauss-Legendre: positive nodes and their weights (mpmath, 50 digits, rounded to nearest) */
static const double gl_x[10] = {0x1.fc7b5a0c71ce0p-1, 0x1.ed8dba7bd769fp-1, 0x1.d31064173fd92p-1,
                                0x1.ada0bd5efd6e7p-1, 0x1.7e1f37346a54ep-1, 0x1.45a8d3fa710dbp-1,
                                0x1.05905c13f7ff7p-1, 0x1.7eaccf15652c4p-2, 0x1.d281636928bc0p-3,
                                0x1.3973df98b86b0p-4};
static const double gl_w[10] = {0x1.209680274e8afp-6, 0x1.4c9b5ea53b67fp-5, 0x1.00b467df7e475p-4,
                                0x1.5519fe196e24ap-4, 0x1.a1817a317a821p-4, 0x1.e41ff31573b48p-4,
                                0x1.0db2c5db26dffp-3, 0x1.230348f34a535p-3, 0x1.31819b52c5992p-3,
                                0x1.38d6c490a3370p-3};

#define SQRT_2PI 2.5066282746310007
#define INV_2PI_HI 0.15915494309189535
#define INV_2PI_LO (-9.839338337591243e-18)
#define INV_SQRT_2PI 0.3989422804014327
#define INV_SQRT_2PI_LO (-2.49232720227773e-17)
#define PI_2 1.5707963267948966
#define PI_2_LO 6.123233995736766e-17
#define PI_D 3.141592653589793
/* sub-interval length: at most H_MAX, and at most H_M/|m| (W has a bump of width about 1/|m|) */
#define H_MAX (M_PI / 2)
#define H_M 1.5

/* e^{-x/2} for x = xh + xl (xl a small correction) */
static double exp_half_neg(double xh, double xl)
{
    return exp(-0.5 * xh) * (1.0 - 0.5 * xl);
}

typedef struct {
    double m;
    double e_all; /* e^{-m^2/2} */
    double wx, wy;
} wctx_t;

/* 2 pi W(phi) = e^{-m^2/2} M3(m sin phi) at s = sin phi, c = cos phi; *dw = 2 pi (W - W0), W0 = e^{-m^2/2}/pi the
 * weight of the centred reference (M3(0) = 2), without cancellation */
static double weight_2pi(const wctx_t *k, double s, double c, double *dw)
{
    double b = k->m * s;
    if (b < 0.0) {
        double m3, m3m2 = gdc_relu_nc_m3_neg(b, &m3);
        *dw = k->e_all * m3m2;
        return k->e_all * m3;
    }
    gdc_dd_t p = gdc_dd_two_prod(k->m, c);
    gdc_dd_t p2 = gdc_dd_two_prod(p.hi, p.hi);
    double eperp = exp_half_neg(p2.hi, p2.lo + 2.0 * p.hi * p.lo);
    double bb = b * b;
    double phi_b = 0.5 * erfc(-b * M_SQRT1_2);
    *dw = k->e_all * bb + b * (bb + 3.0) * SQRT_2PI * phi_b * eperp;
    return *dw + 2.0 * k->e_all;
}

/* Accumulators (all times 2 pi), for the gradient integrand (w.u - relu(v.u)) u:
 *  d: over the active half-turn {w.u > 0} with W;   r: over the inactive half-turn with W;
 *  e: over the active half-turn with W - W0;
 * f: F; f2: F - 1/4 = int over the active half-turn of (w.u)(w.u/2 - relu(v.u)) W (since E[relu(x1)^2]/2 = 1/4);
 * and the sums of the squared terms (of |terms| for f2) of each (sqrt: their rounding-error scales, the node errors
 * being independent). */
typedef struct {
    gdc_dd_t d[2], r[2], e[2], f, f2;
    double dabs[2], rabs[2], eabs[2], f2abs;
} acc_t;

enum { ACTIVE, V_ONLY, NEITHER };

static void acc_add(gdc_dd_t *a, double t)
{
    gdc_dd_t s = gdc_dd_two_sum(a->hi, t);
    s.lo += a->lo;
    *a = gdc_dd_fast_two_sum(s.hi, s.lo);
}

/* sin and cos of x = xh + xl, |x| <= pi/4 + 1e-3, to about 2^-100 (Taylor series in double-double) */
static void sincos_dd(gdc_dd_t *sn, gdc_dd_t *cs, gdc_dd_t x)
{
    gdc_dd_t x2 = gdc_dd_sqr(x), ts = x, tc = gdc_dd_d(1.0);
    *sn = ts;
    *cs = tc;
    for (int n = 1; n <= 12; n++) {
        ts = gdc_dd_div_d(gdc_dd_mul(ts, x2), -(2.0 * n) * (2.0 * n + 1.0));
        tc = gdc_dd_div_d(gdc_dd_mul(tc, x2), -(2.0 * n - 1.0) * (2.0 * n));
        *sn = gdc_dd_add(*sn, ts);
        *cs = gdc_dd_add(*cs, tc);
    }
}

/* The kink k of w.u (wx cos k + wy sin k = 0) from its double approximation k0, as a double-double: one Newton
 * step with the residual in double-double. At the kink of w inside {v.u > 0} the gradient integrand jumps (by
 * relu(v.u) u W), so a kink off by one ulp of atan2 would cost about that jump times 2^-53. */
static gdc_dd_t refine_kink(double k0, double wx, double wy)
{
    double kq = nearbyint(k0 / PI_2);
    gdc_dd_t psi = gdc_dd_sub(gdc_dd_d(k0), gdc_dd_add(gdc_dd_two_prod(kq, PI_2), gdc_dd_two_prod(kq, PI_2_LO)));
    gdc_dd_t sp, cp, s, c;
    sincos_dd(&sp, &cp, psi);
    switch (((long)kq % 4 + 4) % 4) {
    case 0: s = sp; c = cp; break;
    case 1: s = cp; c = gdc_dd_neg(sp); break;
    case 2: s = gdc_dd_neg(sp); c = gdc_dd_neg(cp); break;
    default: s = gdc_dd_neg(cp); c = sp; break;
    }
    gdc_dd_t res = gdc_dd_add(gdc_dd_mul_d(c, wx), gdc_dd_mul_d(s, wy));
    double der = -wx * s.hi + wy * c.hi; /* d(w.u)/dphi = +-|w| at the kink */
    return gdc_dd_add_d(gdc_dd_d(-gdc_dd_to_d(res) / der), k0);
}

/* integrate over [a, b], q the vector of the gradient integrand (q.u) u W there:
 *  ACTIVE:  d += (q.u) u W, e += (q.u) u (W - W0), F += (q.u)^2 W/2, f2 += (w.u)(w.u/2 - vact v.u) W
 *           (vact: v.u > 0 on the piece);
 *  V_ONLY:  r += (q.u) u W (q = w - v), F += (v.u)^2 W/2;
 *  NEITHER: r += (q.u) u W (q = w). */
static void piece(acc_t *acc, const wctx_t *k, gdc_dd_t a, gdc_dd_t b, double qx, double qy, int role, int vact)
{
    gdc_dd_t len_dd = gdc_dd_sub(b, a);
    double len = len_dd.hi;
    if (!(len > 0.0))
        return;
    double h = H_MAX;
    if (fabs(k->m) * h > H_M)
        h = H_M / fabs(k->m);
    int nsub = (int)ceil(len / h);
    if (nsub < 1)
        nsub = 1;
    /* nodes in double-double, then reduced to psi = node - K pi/2 (|psi| <= pi/4) so that sin and cos are exact
     * up to about eps |psi| in the angle: W's bump sits at K pi/2 (K odd), where its slope m^2 |psi| is large */
    double hs = len / nsub;
    for (int j = 0; j < nsub; j++) {
        double half = 0.5 * hs;
        for (int i = 0; i < 20; i++) {
            double xi = i < 10 ? -gl_x[i] : gl_x[i - 10];
            double wt = half * gl_w[i < 10 ? i : i - 10];
            gdc_dd_t node = gdc_dd_add(gdc_dd_mul(len_dd, gdc_dd_div_d(gdc_dd_two_sum(2.0 * j + 1.0, xi), 2.0 * nsub)), a);
            double kq = nearbyint(node.hi / PI_2);
            gdc_dd_t kp = gdc_dd_add(gdc_dd_two_prod(kq, PI_2), gdc_dd_two_prod(kq, PI_2_LO));
            gdc_dd_t psi_dd = gdc_dd_sub(node, kp);
            /* sin, cos and the products of the integrand in long double where it is wider than double (x86: 64
             * bits): in double their roundings (a node off by eps |psi|, the products) cost up to ~6 units where
             * the result is small against the integrand; W itself is far less sensitive */
            long double psi = (long double)psi_dd.hi + (long double)psi_dd.lo;
            long double sp = sinl(psi), cp = cosl(psi), sl, cl;
            switch (((long)kq % 4 + 4) % 4) {
            case 0: sl = sp; cl = cp; break;
            case 1: sl = cp; cl = -sp; break;
            case 2: sl = -sp; cl = -cp; break;
            default: sl = -cp; cl = sp; break;
            }
            double s = (double)sl, c = (double)cl, dw;
            long double qu = qx * cl + qy * sl;
            double ww = wt * weight_2pi(k, s, c, &dw);
            long double t = qu * ww, u[2] = {cl, sl};
            for (int l = 0; l < 2; l++) {
                double tl = (double)(t * u[l]);
                if (role == ACTIVE) {
                    double el = (double)(qu * (wt * dw) * u[l]);
                    acc_add(&acc->d[l], tl);
                    acc->dabs[l] += tl * tl;
                    acc_add(&acc->e[l], el);
                    acc->eabs[l] += el * el;
                } else {
                    acc_add(&acc->r[l], tl);
                    acc->rabs[l] += tl * tl;
                }
            }
            if (role == ACTIVE) {
                acc_add(&acc->f, (double)(0.5L * qu * t));
                long double wu = k->wx * cl + k->wy * sl;
                double f2 = (double)(wu * (0.5L * wu - (vact ? cl : 0.0L)) * ww);
                acc_add(&acc->f2, f2);
                acc->f2abs += fabs(f2);
            }
            else if (role == V_ONLY)
                acc_add(&acc->f, (double)(0.5L * cl * cl * ww));
        }
    }
}

static gdc_dd_t to_unit(gdc_dd_t a)
{
    return gdc_dd_mul(a, gdc_dd(INV_2PI_HI, INV_2PI_LO));
}

/* grad F for x ~ N(0, I_2) (000 Eq. (25), seed-000 C18) in Cartesian components, from the radial and tangential
 * components of relu.grad; scale[i] receives the sum of the two products' magnitudes in component i (its
 * rounding-error scale; one scale |radial| + |tangential| for both made component y look ~1e9 times less accurate
 * than it is near w = -v, where g_y ~ wy/2: the direct sum was chosen and lost 5e6 units at w = (-1 + 2^-30, 2^-30),
 * m = 0, found by the special-argument check) */
static void centred_grad(double g0[2], double scale[2], double wx, double wy)
{
    double r = hypot(wx, wy), t = atan2(fabs(wy), wx), rt[2];
    gdc_relu_grad(rt, r, t);
    double cw = wx / r, sw = wy / r;
    /* n = (v - cos t wbar)/sin t = sign(wy) (sin phi_w, -cos phi_w) */
    double sg = wy < 0.0 ? -1.0 : 1.0;
    g0[0] = rt[0] * cw + rt[1] * sg * sw;
    g0[1] = rt[0] * sw - rt[1] * sg * cw;
    scale[0] = fabs(rt[0] * cw) + fabs(rt[1] * sw);
    scale[1] = fabs(rt[0] * sw) + fabs(rt[1] * cw);
}

void gdc_relu_nc_grad(double out[3], double wx, double wy, double m)
{
    if (wx == 1.0 && wy == 0.0) { /* w = v: the optimum, F = 0 and grad F = 0 exactly */
        out[0] = out[1] = out[2] = 0.0;
        return;
    }
    if (wx == 0.0 && wy == 0.0) { /* the convention value at w = 0 (sigma'(0) = 1, seed-000 C5) */
        out[0] = -0.5;
        out[1] = -gdc_dd_to_d(gdc_dd_mul_d(gdc_dd(INV_SQRT_2PI, INV_SQRT_2PI_LO), m));
        out[2] = 0.25;
        return;
    }
    if (fabs(wy) <= 0x1p-60 * fabs(wx)) {
        /* w on the ray of v (or within 2^-60 |wx| of it). At wy = 0, x1 = v.x ~ N(0, 1) and x2 ~ N(m, 1) are
         * independent; with s = sign(wx), E[x1^2 1(s x1 > 0)] = 1/2 and E[x1 1(s x1 > 0)] = s/sqrt(2 pi):
         *   wx > 0: grad F = (wx - 1)(1/2, m/sqrt(2 pi)), F = (wx - 1)^2/4;
         *   wx < 0: grad F = (wx/2, -wx m/sqrt(2 pi)),  F = (wx^2 + 1)/4.
         * For wy != 0 add the first-order term wy dgrad/dwy = wy E[1(s x1 > 0) x2 x] = wy (s m/sqrt(2 pi),
         * (1 + m^2)/2) (the line term of the Hessian, relu(x1) on {w.x = 0}, vanishes at wy = 0 and its effect is
         * O(wy^2/wx^2)), and to F the terms of order wy and wy^2; the remainder is below 2^-60 of the result. */
        double c = gdc_dd_to_d(gdc_dd_mul_d(gdc_dd(INV_SQRT_2PI, INV_SQRT_2PI_LO), m)); /* m/sqrt(2 pi) */
        double h = 0.5 * gdc_dd_to_d(gdc_dd_add_d(gdc_dd_two_prod(m, m), 1.0));      /* (1 + m^2)/2 */
        gdc_dd_t g0, g1z, f;
        if (wx > 0.0) {
            gdc_dd_t d = gdc_dd_two_sum(wx, -1.0);
            g0 = gdc_dd_add(gdc_dd_scale(d, 0.5), gdc_dd_two_prod(wy, c));
            g1z = gdc_dd_mul_d(d, c);
            f = gdc_dd_scale(gdc_dd_sqr(d), 0.25);
        } else {
            g0 = gdc_dd_add(gdc_dd_d(0.5 * wx), gdc_dd_two_prod(-wy, c));
            g1z = gdc_dd_two_prod(-wx, c);
            f = gdc_dd_scale(gdc_dd_add_d(gdc_dd_two_prod(wx, wx), 1.0), 0.25);
        }
        gdc_dd_t why = gdc_dd_two_prod(wy, h);
        out[0] = gdc_dd_to_d(g0);
        out[1] = gdc_dd_to_d(gdc_dd_add(g1z, why));
        /* F(wx, wy) = F(wx, 0) + wy dF/dwy(wx, 0) + wy^2 (1 + m^2)/4 (+ O(wy^3)) */
        out[2] = gdc_dd_to_d(gdc_dd_add(f, gdc_dd_mul_d(gdc_dd_add(g1z, gdc_dd_scale(why, 0.5)), wy)));
        return;
    }
    wctx_t k;
    k.m = m;
    gdc_dd_t mm = gdc_dd_two_prod(m, m);
    k.e_all = exp_half_neg(mm.hi, mm.lo);
    k.wx = wx;
    k.wy = wy;
    acc_t acc;
    for (int i = 0; i < 2; i++) {
        acc.d[i] = acc.r[i] = acc.e[i] = gdc_dd_d(0.0);
        acc.dabs[i] = acc.rabs[i] = acc.eabs[i] = 0.0;
    }
    acc.f = acc.f2 = gdc_dd_d(0.0);
    acc.f2abs = 0.0;
    const gdc_dd_t hp = gdc_dd(PI_2, PI_2_LO), pi = gdc_dd(PI_D, 2.0 * PI_2_LO), mhp = gdc_dd_neg(hp),
                   thp = gdc_dd_add(hp, pi);
    if (wy > 0.0) {
        gdc_dd_t k1 = refine_kink(atan2(-wx, wy), wx, wy); /* arg w - pi/2, in (-pi/2, pi/2) */
        gdc_dd_t k1p = gdc_dd_add(k1, pi);
        piece(&acc, &k, mhp, k1, wx - 1.0, wy, V_ONLY, 1);
        piece(&acc, &k, k1, hp, wx - 1.0, wy, ACTIVE, 1);     /* I */
        piece(&acc, &k, hp, k1p, wx, wy, ACTIVE, 0);          /* w-only */
        piece(&acc, &k, k1p, thp, wx, wy, NEITHER, 0);
    } else {
        gdc_dd_t k2 = refine_kink(atan2(wx, -wy), wx, wy); /* arg w + pi/2, in (-pi/2, pi/2) */
        gdc_dd_t k2m = gdc_dd_sub(k2, pi), k2p = gdc_dd_add(k2, pi);
        piece(&acc, &k, k2m, mhp, wx, wy, ACTIVE, 0);         /* w-only */
        piece(&acc, &k, mhp, k2, wx - 1.0, wy, ACTIVE, 1);    /* I */
        piece(&acc, &k, k2, hp, wx - 1.0, wy, V_ONLY, 1);
        piece(&acc, &k, hp, k2p, wx, wy, NEITHER, 0);
    }
    /* Each gradient component from the best conditioned of three exact rewritings (smallest rounding-error scale):
     *  (1) the direct sum d;
     *  (2) C - r with the full-turn integral C = E[(w.x - relu(x1)) x] = (wx - 1/2, (1 + m^2) wy - m/sqrt(2 pi))
     *      (E[x x^T] = I + mu mu^T): when W's bump (|m| large) lies inside the active half-turn, d cancels (the
     *      factor cos phi changes sign across the bump) while r, over the other half-turn, is small;
     *  (3) e^{-m^2/2} g0 + e, with g0 the closed-form gradient for N(0, I_2) (the W0 part of the integral): for
     *      small |m| the integrand of d is nearly odd about arg w (g_y cancels near the ray -v), that of e is not. */
    gdc_dd_t c[2];
    c[0] = gdc_dd_two_sum(wx, -0.5);
    c[1] = gdc_dd_sub(gdc_dd_mul_d(gdc_dd_add_d(mm, 1.0), wy),
                      gdc_dd_mul_d(gdc_dd(INV_SQRT_2PI, INV_SQRT_2PI_LO), m));
    double g0[2], g0scale[2];
    centred_grad(g0, g0scale, wx, wy);
    for (int i = 0; i < 2; i++) {
        double s1 = sqrt(acc.dabs[i]), s2 = sqrt(acc.rabs[i]), s3 = sqrt(acc.eabs[i]) + 2.0 * PI_D * k.e_all * g0scale[i];
        if (s1 <= s2 && s1 <= s3)
            out[i] = gdc_dd_to_d(to_unit(acc.d[i]));
        else if (s2 <= s3)
            out[i] = gdc_dd_to_d(gdc_dd_sub(c[i], to_unit(acc.r[i])));
        else
            out[i] = gdc_dd_to_d(gdc_dd_add(gdc_dd_two_prod(k.e_all, g0[i]), to_unit(acc.e[i])));
    }
    /* F: the direct sum f (positive terms, rounding error ~ eps F), or 1/4 + f2, better when |w| is small (F near
     * 1/4, f2 small) */
    if (acc.f2abs < acc.f.hi)
        out[2] = gdc_dd_to_d(gdc_dd_add_d(to_unit(acc.f2), 0.25));
    else
        out[2] = gdc_dd_to_d(to_unit(acc.f));
}
