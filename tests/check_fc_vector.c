/* The d-dimensional vector APIs of the two FC families of 002_588e28744115f015.txt, which the registry-driven
 * suites (they see only the scalar rows) do not reach:
 *  - cosine (Section 3, eq. (2), seed-002 C5, C8; src/cosine/cosine_fc.h): gdc_cosine_fc_args (norms and Kahan
 *    angles), gdc_cosine_fc_loss_vec, gdc_cosine_fc_grad_vec, gdc_cosine_fc_frame;
 *  - erf (Section 4, eq. (1), Lemmas 3, 5, Corollary 1, seed-002 C16, C17, C22; src/erf/erf_fc.h): the general
 *    FC point (groups) API, the vector API and the block frame.
 * Each is checked against the scalar registry rows at the reduced arguments, against known values (exactly
 * (anti)parallel and orthogonal vectors, the optimum, the mirrored optimum, zero blocks, w = 0, tiny and huge
 * norms), against the paper's closed forms evaluated directly in long double at generic points, and against central
 * finite differences of the vector loss. All random points come from fixed seeds. */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/angle.h"
#include "core/registry.h"
#include "core/rng.h"
#include "cosine/cosine_fc.h"
#include "erf/erf_fc.h"

#define MAXD 8
#define MAXK 8
#define MAXN (MAXD * MAXK)
#define EPS DBL_EPSILON

/* |got - want| in units of the last place of the larger magnitude */
static double ulps(double got, double want)
{
    if (got == want)
        return 0.0;
    double m = fmax(fabs(got), fabs(want));
    return fabs(got - want) / (nextafter(m, INFINITY) - m);
}

static const gdc_row_t *row(const char *id)
{
    const gdc_row_t *r = gdc_registry_find(id);
    ck_assert_msg(r != NULL && r->fn_double != NULL, "registry row %s missing", id);
    return r;
}

static double norm2(const double *a, int n)
{
    long double s = 0;
    for (int i = 0; i < n; i++)
        s += (long double)a[i] * a[i];
    return (double)sqrtl(s);
}

static double dot(const double *a, const double *b, int n)
{
    long double s = 0;
    for (int i = 0; i < n; i++)
        s += (long double)a[i] * b[i];
    return (double)s;
}

/* angle between a and b computed independently of Kahan's formula: atan2(|a x b|, a.b) in long double with the
 * Lagrange identity |a x b|^2 = sum_{i<j} (a_i b_j - a_j b_i)^2 (no cancellation near 0 or pi) */
static double angle_ref(const double *a, const double *b, int n)
{
    long double c = 0, s = 0;
    for (int i = 0; i < n; i++) {
        c += (long double)a[i] * b[i];
        for (int j = i + 1; j < n; j++) {
            long double x = (long double)a[i] * b[j] - (long double)a[j] * b[i];
            s += x * x;
        }
    }
    return (double)atan2l(sqrtl(s), c);
}

/* ============================ cosine (Section 3) ============================ */

/* uhat0 = (u0, ..., u0), k - 1 copies */
static void cos_uhat(double *uh, int d, int k, const double *u0)
{
    for (int i = 0; i < k - 1; i++)
        memcpy(uh + i * d, u0, sizeof(double) * (size_t)d);
}

/* F of eq. (2) evaluated directly from the closed form of C5 in long double (only at generic points: the
 * exponential terms cancel near w = +-ubar0):
 * F = (9k/2)|w_1 - u0|^2 + (1 + e^{-2N}/2 + e^{-2kU^2}/2 - e^{-Mm/2} - e^{-Mp/2})/2 */
static long double cos_loss_direct(int d, int k, const double *w, const double *u0)
{
    long double N = 0, Mm = 0, Mp = 0, A = 0, s = 0;
    for (int i = 0; i < k * d; i++) {
        long double wi = w[i], ui = u0[i % d];
        N += wi * wi;
        Mm += (wi - ui) * (wi - ui);
        Mp += (wi + ui) * (wi + ui);
        s += ui * ui;
        if (i < d)
            A += (wi - ui) * (wi - ui);
    }
    return 4.5L * k * A + 0.5L * (1 + expl(-2 * N) / 2 + expl(-2 * s) / 2 - expl(-Mm / 2) - expl(-Mp / 2));
}

/* the corrected gradient (C8) directly: g_b = [b = 1] 9k (w_1 - u0) - e^{-2N} w_b + e^{-Mm/2} (w_b - v_b)/2
 * + e^{-Mp/2} (w_b + v_b)/2; scale receives the sum of the magnitudes of the terms (the size of the rounding) */
static void cos_grad_direct(long double *g, double *scale, int d, int k, const double *w, const double *u0)
{
    long double N = 0, Mm = 0, Mp = 0;
    for (int i = 0; i < k * d; i++) {
        long double wi = w[i], ui = u0[i % d];
        N += wi * wi;
        Mm += (wi - ui) * (wi - ui);
        Mp += (wi + ui) * (wi + ui);
    }
    long double E2 = expl(-2 * N), Em = expl(-Mm / 2), Ep = expl(-Mp / 2);
    *scale = 0;
    for (int i = 0; i < k * d; i++) {
        long double wi = w[i], ui = u0[i % d];
        g[i] = -E2 * wi + Em * (wi - ui) / 2 + Ep * (wi + ui) / 2;
        long double sc = E2 * fabsl(wi) + Em * fabsl(wi - ui) / 2 + Ep * fabsl(wi + ui) / 2;
        if (i < d) {
            g[i] += 9.0L * k * (wi - ui);
            sc += 9.0L * k * (fabsl(wi) + fabsl(ui));
        }
        *scale += (double)sc;
    }
}

/* A random cosine FC point: kind 0 generic, 1 near ubar0, 2 near -ubar0 (relative offset off) */
static void cos_point(gdc_rng_t *g, int *d, int *k, double *w, double *u0, int kind, double off)
{
    *d = 1 + (int)(gdc_rng_uniform(g) * 5);
    *k = 2 + (int)(gdc_rng_uniform(g) * 5);
    double sc = gdc_rng_range(g, 0.2, 1.2);
    for (int i = 0; i < *d; i++)
        u0[i] = sc * gdc_rng_normal(g);
    for (int i = 0; i < *k * *d; i++) {
        double c = kind == 0 ? 0.0 : kind == 1 ? u0[i % *d] : -u0[i % *d];
        w[i] = c + (kind == 0 ? sc : off) * gdc_rng_normal(g);
    }
}

/* exactly (anti)parallel and orthogonal integer vectors, scaled by powers of two from tiny to huge: the norms
 * are the correctly rounded exact values (gdc_vec_norm scales by a power of two and the sums of squares are
 * exact small integers), angles are exactly 0 / the double nearest pi (w/|w| = +-u0/|u0| exactly, so Kahan's
 * difference or sum is exactly 0), and pi/2 for orthogonal vectors (atan2 of two equal-size terms, <= 4 ulps).
 * Subnormal vectors only where their norm is exact (below: w/|w| with a norm rounded to the subnormal grid is
 * not a unit vector to double accuracy, so no angle of such a vector is asserted). */
START_TEST(test_cos_args_known)
{
    const double scales[] = {1.0, 0x1p-1000, 0x1p-1020, 0x1p-600, 0x1p600, 0x1p1000, 0x1p1019};
    const double base[3] = {1, 2, 2}, orth[3] = {2, -2, 1}, orth2[3] = {2, 1, -2};
    for (size_t is = 0; is < sizeof scales / sizeof scales[0]; is++)
        for (size_t iw = 0; iw < sizeof scales / sizeof scales[0]; iw++) {
            double s = scales[is], sw = scales[iw], u0[3], w[9], x[6];
            for (int j = 0; j < 3; j++)
                u0[j] = s * base[j];
            /* w_1 = 3 sw u0/s (parallel), what = -(5 sw) (u0, u0)/s (antiparallel to uhat0), k = 3 */
            for (int j = 0; j < 3; j++) {
                w[j] = 3 * sw * base[j];
                w[3 + j] = w[6 + j] = -5 * sw * base[j];
            }
            gdc_cosine_fc_args(x, 3, 3, w, u0);
            /* exact: |u0| = 3 s, |w_1| = 9 sw; |what| = 15 sqrt(2) sw = sqrt(450) sw (one correct rounding of
             * sqrt, then at most one more to the subnormal grid: <= 1 ulp) */
            ck_assert_msg(x[0] == 3.0, "k = %g", x[0]);
            ck_assert_msg(x[1] == 3 * s, "U = %a, want %a", x[1], 3 * s);
            ck_assert_msg(x[2] == 9 * sw, "a1 = %a, want %a", x[2], 9 * sw);
            ck_assert_msg(ulps(x[4], sqrt(450.0) * sw) <= 1, "R = %a, want %a", x[4], sqrt(450.0) * sw);
            ck_assert_msg(x[3] == 0.0, "t1 = %a for parallel vectors (scales %a, %a)", x[3], s, sw);
            ck_assert_msg(x[5] == GDC_PI_HI, "beta = %a for antiparallel vectors (scales %a, %a)", x[5], s, sw);
            /* w_1 = -2 sw u0/s, what = (sw u0/s, sw u0/s): angles pi and 0 the other way round */
            for (int j = 0; j < 3; j++) {
                w[j] = -2 * sw * base[j];
                w[3 + j] = w[6 + j] = sw * base[j];
            }
            gdc_cosine_fc_args(x, 3, 3, w, u0);
            ck_assert_msg(x[3] == GDC_PI_HI && x[5] == 0.0, "t1 = %a, beta = %a", x[3], x[5]);
            ck_assert_msg(x[2] == 6 * sw && ulps(x[4], sqrt(18.0) * sw) <= 1, "a1 = %a, R = %a", x[2], x[4]);
            /* orthogonal: w_1 . u0 = 0 and what . uhat0 = 0 */
            for (int j = 0; j < 3; j++) {
                w[j] = sw * orth[j];
                w[3 + j] = sw * orth[j];
                w[6 + j] = sw * orth2[j];
            }
            gdc_cosine_fc_args(x, 3, 3, w, u0);
            ck_assert_msg(ulps(x[3], M_PI_2) <= 4 && ulps(x[5], M_PI_2) <= 4, "t1 = %.17g, beta = %.17g want pi/2",
                          x[3], x[5]);
            ck_assert_msg(x[2] == 3 * sw, "a1 = %a", x[2]);
        }
    /* subnormal u0 and w_1 with exact norms 3 * 2^-1068 and 9 * 2^-1068: angles exactly 0 and pi */
    {
        double u0[3], w[6], x[6];
        for (int j = 0; j < 3; j++) {
            u0[j] = 0x1p-1068 * base[j];
            w[j] = 3 * u0[j];
            w[3 + j] = -3 * u0[j];
        }
        gdc_cosine_fc_args(x, 3, 2, w, u0);
        ck_assert_msg(x[1] == 3 * 0x1p-1068 && x[2] == 9 * 0x1p-1068 && x[4] == 9 * 0x1p-1068, "subnormal norms");
        ck_assert_msg(x[3] == 0.0 && x[5] == GDC_PI_HI, "subnormal: t1 = %a, beta = %a", x[3], x[5]);
    }
    /* zero vectors: norm 0 and angle 0 by convention */
    double u0[2] = {0.75, -1.5}, w[4] = {0, 0, 0, 0}, x[6];
    gdc_cosine_fc_args(x, 2, 2, w, u0);
    ck_assert(x[2] == 0 && x[3] == 0 && x[4] == 0 && x[5] == 0);
    double z[2] = {0, 0}, w2[4] = {1, 2, 3, 4};
    gdc_cosine_fc_args(x, 2, 2, w2, z);
    ck_assert(x[1] == 0 && x[3] == 0 && x[5] == 0);
}
END_TEST

/* random vectors: norms and angles against an independent long-double reduction. Kahan's formula is accurate to
 * a few ulps of the angle at every angle (the difference and sum of unit vectors are formed without cancellation
 * beyond their own size); 8 ulps + 4 eps absolute leaves room for the normalisations. Norms: <= 2 ulps (a scaled
 * sum of squares with fma, one sqrt). */
START_TEST(test_cos_args_random)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, 20250201);
    for (int it = 0; it < 400; it++) {
        int d, k;
        double w[MAXN], u0[MAXD], uh[MAXN], x[6];
        cos_point(&g, &d, &k, w, u0, it % 3, gdc_rng_logu(&g, -9, -1));
        gdc_cosine_fc_args(x, d, k, w, u0);
        cos_uhat(uh, d, k, u0);
        double ref[6] = {k,
                         norm2(u0, d),
                         norm2(w, d),
                         angle_ref(w, u0, d),
                         norm2(w + d, d * (k - 1)),
                         angle_ref(w + d, uh, d * (k - 1))};
        ck_assert(x[0] == k);
        for (int j = 1; j < 6; j++) {
            int ang = j == 3 || j == 5;
            double err = fabs(x[j] - ref[j]);
            double tol = ang ? 8 * EPS * ref[j] + 4 * EPS : 2 * (nextafter(ref[j], INFINITY) - ref[j]);
            ck_assert_msg(err <= tol, "it %d (d %d, k %d): arg %d = %.17g, reference %.17g", it, d, k, j, x[j], ref[j]);
        }
    }
}
END_TEST

/* loss_vec is the cosine.fc_loss row kernel at the reduced arguments (the same doubles): identical up to a few
 * ulps (4: the row's own accuracy target); and at generic points it equals the closed form of eq. (2) evaluated
 * directly in long double to 1e-13 relative (the closed form's terms are O(1) there and the arguments' rounding
 * moves F by a relative few eps times its condition number, which is small away from the optimum). */
START_TEST(test_cos_loss_vs_row)
{
    const gdc_row_t *rl = row("cosine.fc_loss");
    gdc_rng_t g;
    gdc_rng_seed(&g, 31337);
    for (int it = 0; it < 600; it++) {
        int d, k, kind = it % 3;
        double w[MAXN], u0[MAXD], x[6], F;
        cos_point(&g, &d, &k, w, u0, kind, gdc_rng_logu(&g, -12, 0));
        gdc_cosine_fc_args(x, d, k, w, u0);
        rl->fn_double(&F, x);
        double Fv = gdc_cosine_fc_loss_vec(d, k, w, u0);
        ck_assert_msg(ulps(Fv, F) <= 4, "it %d: loss_vec %.17g, row %.17g", it, Fv, F);
        if (kind == 0) {
            double Fd = (double)cos_loss_direct(d, k, w, u0);
            ck_assert_msg(fabs(Fv - Fd) <= 1e-13 * fabs(Fd), "it %d: loss_vec %.17g, direct %.17g", it, Fv, Fd);
        }
    }
}
END_TEST

/* the gradient projected on gdc_cosine_fc_frame is the cosine.fc_grad row; the gradient lies in the frame's
 * plane; and it equals the C8 closed form evaluated directly. Tolerance 64 eps times the sum of the magnitudes of
 * the formula's terms (each component is a sum of <= 4 rounded terms, and the projections are dot products of
 * length <= 25 with unit vectors whose normal part carries eps / sin t: points with sin t < 0.05 are left to the
 * known-value tests) */
START_TEST(test_cos_grad_frame)
{
    const gdc_row_t *rg = row("cosine.fc_grad");
    gdc_rng_t g;
    gdc_rng_seed(&g, 4242);
    int nproj = 0;
    for (int it = 0; it < 600; it++) {
        int d, k, kind = it % 3;
        double w[MAXN], u0[MAXD], x[6], out[4], gv[MAXN], e1[MAXD], n1[MAXD], eh[MAXN], nh[MAXN], scale;
        long double gd[MAXN];
        cos_point(&g, &d, &k, w, u0, kind, gdc_rng_logu(&g, -6, 0));
        gdc_cosine_fc_args(x, d, k, w, u0);
        rg->fn_double(out, x);
        gdc_cosine_fc_grad_vec(gv, d, k, w, u0);
        gdc_cosine_fc_frame(e1, n1, eh, nh, d, k, w, u0);
        cos_grad_direct(gd, &scale, d, k, w, u0);
        double tol = 64 * EPS * scale;
        for (int i = 0; i < k * d; i++)
            ck_assert_msg(fabs(gv[i] - (double)gd[i]) <= tol, "it %d (d %d k %d kind %d): g[%d] = %.17g, direct %.17g",
                          it, d, k, kind, i, gv[i], (double)gd[i]);
        int len = d * (k - 1);
        /* frame: unit vectors; n orthogonal to e up to the conditioning of one Gram-Schmidt step,
         * |<e, n>| <= 8 eps / sin t (n is u0/|u0| - cos t e, of size sin t, normalised; 4 eps at t = 0 exactly,
         * where n is a coordinate direction made orthogonal to e) */
        ck_assert(fabs(norm2(e1, d) - 1) <= 4 * EPS && fabs(norm2(eh, len) - 1) <= 4 * EPS);
        double s1 = sin(x[3]), sh = sin(x[5]);
        ck_assert_msg(fabs(dot(e1, n1, d)) <= (s1 > 0 ? 8 * EPS / s1 : 4 * EPS) &&
                          fabs(dot(eh, nh, len)) <= (sh > 0 ? 8 * EPS / sh : 4 * EPS),
                      "it %d: <e1, n1> = %g (sin t1 %g), <eh, nh> = %g (sin beta %g)", it, dot(e1, n1, d), s1,
                      dot(eh, nh, len), sh);
        if (sin(x[3]) < 0.05 || sin(x[5]) < 0.05)
            continue;
        nproj++;
        double p[4] = {dot(gv, e1, d), dot(gv, n1, d), dot(gv + d, eh, len), dot(gv + d, nh, len)};
        for (int j = 0; j < 4; j++)
            ck_assert_msg(fabs(p[j] - out[j]) <= tol, "it %d (d %d k %d): projection %d = %.17g, row %.17g", it, d, k,
                          j, p[j], out[j]);
        /* in-plane: the residual after removing the two frame components is rounding only */
        double r1[MAXD], rh[MAXN];
        for (int i = 0; i < d; i++)
            r1[i] = gv[i] - p[0] * e1[i] - p[1] * n1[i];
        for (int i = 0; i < len; i++)
            rh[i] = gv[d + i] - p[2] * eh[i] - p[3] * nh[i];
        ck_assert_msg(norm2(r1, d) <= tol && norm2(rh, len) <= tol, "it %d: out-of-plane residual %g %g", it,
                      norm2(r1, d), norm2(rh, len));
    }
    ck_assert_msg(nproj >= 200, "only %d points with a well-defined normal", nproj);
}
END_TEST

/* central differences of loss_vec (h = 1e-5): truncation h^2 |F'''| ~ 1e-9 and rounding eps |F| / h ~ 1e-9 at
 * these O(1)..O(100) scales, so a relative 1e-6 of |grad F| separates a right gradient from a wrong coefficient
 * (e.g. the paper's three typos change O(1) terms). Generic points and points near the mirrored optimum -ubar0
 * (where the kernel switches to its mirror form). */
START_TEST(test_cos_grad_fd)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, 777);
    const double h = 1e-5;
    for (int it = 0; it < 120; it++) {
        int d, k;
        double w[MAXN], u0[MAXD], gv[MAXN];
        cos_point(&g, &d, &k, w, u0, it % 2 ? 2 : 0, 0.1);
        gdc_cosine_fc_grad_vec(gv, d, k, w, u0);
        double gn = norm2(gv, k * d);
        for (int i = 0; i < k * d; i++) {
            double wi = w[i];
            w[i] = wi + h;
            double Fp = gdc_cosine_fc_loss_vec(d, k, w, u0);
            w[i] = wi - h;
            double Fm = gdc_cosine_fc_loss_vec(d, k, w, u0);
            w[i] = wi;
            double fd = (Fp - Fm) / (2 * h);
            ck_assert_msg(fabs(fd - gv[i]) <= 1e-6 * gn, "it %d (d %d k %d): g[%d] = %.12g, central difference %.12g",
                          it, d, k, i, gv[i], fd);
        }
    }
}
END_TEST

/* known values:
 *  - the optimum w = ubar0: F = 0 exactly when k = 2 (every term of the stable form is exactly 0: a1 = U,
 *    t1 = beta = 0 and |what| = U exactly, the same norm of the same vector); for k > 2 the computed |what|, a
 *    norm of k - 1 stacked copies of u0, is sqrt(k-1) U only to an ulp, so the reduced point is an ulp from the
 *    optimum and 0 <= F <= 9k (2 eps U)^2; gradient 0 (to 1e-15 |u0|);
 *  - w = -ubar0: Ecc = 0 there (Mp = 0, Mm = 4 k U^2 = 2N... each exponential pairs off), so F = (9k/2)(2U)^2
 *    = 18 k U^2 and g_1 = -18 k u0, g_hat = 0 (to 1e-15 of the 9k|w_1 - u0| scale);
 *  - w = 0: F = (9k/2)U^2 + (3/2 + e^{-2kU^2}/2 - 2 e^{-kU^2/2})/2 (8 ulps), g_1 = -9k u0, g_hat = 0;
 *  - tiny norms s: F = (9k/2)|w_1 - u0|^2 (1 + O(s^2)) (Ecc is quartic), g_1 = 9k (w_1 - u0), g_hat = O(s^3);
 *    huge norms: F = (9k/2)|w_1 - u0|^2 + 1/2 (every exponential underflows), g as for tiny norms. */
START_TEST(test_cos_known_values)
{
    const int ks[] = {2, 5, 10, 17, 3, 4};
    const double Us[] = {1e-3, 0.5, 1.0, 2.5, 30.0};
    for (size_t ik = 0; ik < sizeof ks / sizeof ks[0]; ik++)
        for (size_t iu = 0; iu < sizeof Us / sizeof Us[0]; iu++)
            for (int d = 1; d <= 3; d++) {
                int k = ks[ik], n = k * d, exact = k == 2;
                double u0[3] = {0.6, -0.8, 0.0}, w[17 * 3], gv[17 * 3];
                if (d == 3)
                    u0[2] = 0.25;
                for (int j = 0; j < d; j++)
                    u0[j] *= Us[iu];
                double U = norm2(u0, d), s = k * U * U;
                /* optimum */
                for (int i = 0; i < n; i++)
                    w[i] = u0[i % d];
                double F = gdc_cosine_fc_loss_vec(d, k, w, u0);
                gdc_cosine_fc_grad_vec(gv, d, k, w, u0);
                if (exact)
                    ck_assert_msg(F == 0.0, "k %d U %g d %d: F(ubar0) = %g, want exactly 0", k, U, d, F);
                else /* one rounding of |what| away from the optimum: F = O(9k (eps U)^2) */
                    ck_assert_msg(F >= 0 && F <= 9 * k * 4 * EPS * EPS * U * U, "k %d: F(ubar0) = %g", k, F);
                for (int i = 0; i < n; i++)
                    ck_assert_msg(fabs(gv[i]) <= 1e-15 * U, "k %d U %g d %d: grad(ubar0)[%d] = %g", k, U, d, i, gv[i]);
                /* mirror: w = -ubar0 */
                for (int i = 0; i < n; i++)
                    w[i] = -u0[i % d];
                F = gdc_cosine_fc_loss_vec(d, k, w, u0);
                gdc_cosine_fc_grad_vec(gv, d, k, w, u0);
                ck_assert_msg(ulps(F, 18.0 * k * U * U) <= 8, "k %d U %g: F(-ubar0) = %.17g want %.17g", k, U, F,
                              18.0 * k * U * U);
                for (int i = 0; i < n; i++) {
                    double want = i < d ? -18.0 * k * u0[i] : 0.0;
                    ck_assert_msg(fabs(gv[i] - want) <= 1e-15 * 9 * k * 2 * U,
                                  "k %d U %g: g(-ubar0)[%d] = %.17g want %.17g", k, U, i, gv[i], want);
                }
                /* w = 0 */
                for (int i = 0; i < n; i++)
                    w[i] = 0.0;
                F = gdc_cosine_fc_loss_vec(d, k, w, u0);
                gdc_cosine_fc_grad_vec(gv, d, k, w, u0);
                /* 3/2 + e^{-2s}/2 - 2 e^{-s/2} = expm1(-2s)/2 - 2 expm1(-s/2) (no cancellation at small s) */
                double F0 = 4.5 * k * U * U + (double)((expm1l(-2.0L * s) / 2 - 2 * expm1l(-s / 2.0L)) / 2);
                ck_assert_msg(fabs(F - F0) <= 8 * EPS * F0, "k %d U %g: F(0) = %.17g want %.17g", k, U, F, F0);
                for (int i = 0; i < n; i++) {
                    double want = i < d ? -9.0 * k * u0[i] : 0.0;
                    ck_assert_msg(fabs(gv[i] - want) <= 4 * EPS * 9 * k * U, "k %d U %g: g(0)[%d] = %.17g want %.17g",
                                  k, U, i, gv[i], want);
                }
            }
    /* tiny and huge scales s: w and u0 are s times fixed O(1) vectors */
    const double sc[] = {0x1p-500, 0x1p-300, 1e-9, 0x1p300, 0x1p480};
    for (size_t is = 0; is < sizeof sc / sizeof sc[0]; is++) {
        double s = sc[is], u0[2] = {0.75 * s, -0.5 * s}, w[6] = {0.25 * s, 0.5 * s, -1.0 * s, 0.5 * s, 1.5 * s, 0.0};
        int d = 2, k = 3;
        double A = (0.5 * 0.5 + 1.0 * 1.0) * s * s; /* |w_1 - u0|^2, exact */
        double F = gdc_cosine_fc_loss_vec(d, k, w, u0), gv[6];
        double want = 4.5 * k * A + (s > 1 ? 0.5 : 0.0);
        /* tiny: relative O(s^2) <= 1e-18 from the quartic part; huge: exact up to rounding */
        ck_assert_msg(fabs(F - want) <= 8 * EPS * want, "scale %a: F = %.17g want %.17g", s, F, want);
        gdc_cosine_fc_grad_vec(gv, d, k, w, u0);
        for (int i = 0; i < k * d; i++) {
            double wt = i < d ? 9.0 * k * (w[i] - u0[i]) : 0.0;
            ck_assert_msg(fabs(gv[i] - wt) <= 8 * EPS * 9 * k * s, "scale %a: g[%d] = %.17g want %.17g", s, i, gv[i],
                          wt);
        }
    }
}
END_TEST

/* ============================ erf (Section 4) ============================ */

#define INV_PI_L 0.318309886183790671537767526745028724L

/* Williams' kernel V(a, b) = (2/pi) asin(2 a.b / S), S = sqrt((1 + 2|a|^2)(1 + 2|b|^2)), in long double, as
 * (2/pi) atan2(2 a.b, sqrt(Dq)) with Dq = S^2 - 4 (a.b)^2 = 1 + 2|a|^2 + 2|b|^2 + 4 |a x b|^2 (Lagrange's identity,
 * |a x b|^2 = sum_{i<j} (a_i b_j - a_j b_i)^2): asin near 1 (large norms, V(a, a)) would lose half the digits */
static long double Vdq(const double *a, const double *b, int d, long double *ab, long double *aa)
{
    long double bb = 0, cr = 0;
    *ab = *aa = 0;
    for (int i = 0; i < d; i++) {
        *ab += (long double)a[i] * b[i];
        *aa += (long double)a[i] * a[i];
        bb += (long double)b[i] * b[i];
        for (int j = i + 1; j < d; j++) {
            long double x = (long double)a[i] * b[j] - (long double)a[j] * b[i];
            cr += x * x;
        }
    }
    return 1 + 2 * *aa + 2 * bb + 4 * cr;
}

static long double Vk(const double *a, const double *b, int d)
{
    long double ab, aa, Dq = Vdq(a, b, d, &ab, &aa);
    return 2 * INV_PI_L * atan2l(2 * ab, sqrtl(Dq));
}

/* grad_a V(a, b) (b fixed; self = 1 for grad_a V(a, a)) added with factor f into g */
static void Vk_grad(long double *g, long double f, const double *a, const double *b, int d, int self)
{
    long double ab, aa, Dq = Vdq(a, b, d, &ab, &aa);
    if (self) { /* (8/pi) a / ((1 + 2|a|^2) sqrt(1 + 4|a|^2)) */
        long double c = 8 * INV_PI_L / ((1 + 2 * aa) * sqrtl(1 + 4 * aa));
        for (int i = 0; i < d; i++)
            g[i] += f * c * a[i];
        return;
    }
    /* dV = (2/pi) dz / sqrt(1 - z^2), z = 2 a.b / S, sqrt(1 - z^2) = sqrt(Dq) / S */
    long double S = sqrtl(Dq + 4 * ab * ab), z = 2 * ab / S, c = 2 * INV_PI_L * S / sqrtl(Dq);
    for (int i = 0; i < d; i++)
        g[i] += f * c * (2 * b[i] / S - z * 2 * a[i] / (1 + 2 * aa));
}

/* loss[3] of eq. (1) / Lemma 3 directly: F1 = (V11 - 2 V1u + Vuu)/2, Fk = (prod Vll - 2 prod Vlu + Vuu^k)/2,
 * F = F1 + Fk (k >= 2), 4 F1 (k = 1) */
static void erf_loss_direct(long double *L, long k, int d, const double *u0, const double *w)
{
    long double Vuu = Vk(u0, u0, d), P = 1, Q = 1;
    for (long l = 0; l < k; l++) {
        P *= Vk(w + l * d, w + l * d, d);
        Q *= Vk(w + l * d, u0, d);
    }
    L[1] = (Vk(w, w, d) - 2 * Vk(w, u0, d) + Vuu) / 2;
    L[2] = (P - 2 * Q + powl(Vuu, (long double)k)) / 2;
    L[0] = k == 1 ? 4 * L[1] : L[1] + L[2];
}

/* grad of F^(1,k) directly: block l: [l = 1] grad F1 + (prod_{j != l} Vjj grad Vll - 2 prod_{j != l} Vju grad Vlu)/2 */
static void erf_grad_direct(long double *g, long k, int d, const double *u0, const double *w)
{
    for (long l = 0; l < k; l++) {
        long double *gl = g + l * d, P = 1, Q = 1;
        const double *wl = w + l * d;
        for (int i = 0; i < d; i++)
            gl[i] = 0;
        for (long j = 0; j < k; j++)
            if (j != l) {
                P *= Vk(w + j * d, w + j * d, d);
                Q *= Vk(w + j * d, u0, d);
            }
        long double f1 = k == 1 ? 4 : 1;
        if (l == 0) {
            Vk_grad(gl, f1 / 2, wl, wl, d, 1);
            Vk_grad(gl, -f1, wl, u0, d, 0);
        }
        if (k > 1) {
            Vk_grad(gl, P / 2, wl, wl, d, 1);
            Vk_grad(gl, -Q, wl, u0, d, 0);
        }
    }
}

/* a random erf FC vector point: kind 0 generic, 1 near (u0, ..., u0), 2 near a mirrored optimum (blocks 2, 3 at
 * -u0 when k >= 3) */
static void erf_point(gdc_rng_t *g, long *k, int *d, double *u0, double *w, int kind, double off, long kmin)
{
    *d = 1 + (int)(gdc_rng_uniform(g) * 5);
    *k = kmin + (long)(gdc_rng_uniform(g) * (7 - kmin));
    double sc = gdc_rng_range(g, 0.3, 2.0);
    for (int i = 0; i < *d; i++)
        u0[i] = sc * gdc_rng_normal(g);
    for (long l = 0; l < *k; l++)
        for (int i = 0; i < *d; i++) {
            double c = kind == 0 ? 0.0 : (kind == 2 && (l == 1 || l == 2) && *k >= 3 ? -u0[i] : u0[i]);
            w[l * *d + i] = c + (kind == 0 ? sc : off) * gdc_rng_normal(g);
        }
}

/* |x - y| <= n ulps of the larger magnitude, or both below an absolute floor */
static int close_ulps(double x, double y, double n, double floor_)
{
    return ulps(x, y) <= n || fabs(x - y) <= floor_;
}

/* the general FC point (groups) API against the erf.fc_loss / erf.fc_grad / erf.ws_loss / erf.ws_grad rows:
 * the same point written as groups {(a1, t1, 1), (a, t, k-1)}, the equal blocks split into two groups, an empty
 * group (m = 0) added, and (a1, t1) = (a, t) written as one group of k (WS). The rows and this API share their
 * kernel; the split only reorders double-double sums of m log V, far below a double's rounding, so 4 ulps
 * (+ 1e-300 absolute for exact zeros) is the rows' own accuracy target, not a loosened one. */
START_TEST(test_erf_groups_vs_rows)
{
    const gdc_row_t *fl = row("erf.fc_loss"), *fg = row("erf.fc_grad"), *wl = row("erf.ws_loss"),
                    *wg = row("erf.ws_grad");
    gdc_rng_t g;
    gdc_rng_seed(&g, 99);
    for (int it = 0; it < 500; it++) {
        long k = it % 5 == 0 ? 1 + (long)gdc_rng_logu(&g, 0, 4) : 1 + it % 9;
        if (k > 10000)
            k = 10000;
        double U = gdc_rng_logu(&g, -1, 1), a1, t1, a, t;
        if (it % 4 == 1) { /* near the optimum */
            a1 = U * (1 + gdc_rng_logu(&g, -10, -2)), t1 = gdc_rng_logu(&g, -10, -2);
            a = U * (1 - gdc_rng_logu(&g, -10, -2)), t = gdc_rng_logu(&g, -10, -2);
        } else {
            a1 = gdc_rng_range(&g, 0, 3), t1 = gdc_rng_range(&g, 0, M_PI);
            a = gdc_rng_range(&g, 0, 3), t = gdc_rng_range(&g, 0, M_PI);
        }
        double x[6] = {(double)k, U, a1, t1, a, t}, rl[3], rg[4], L[3], gw, gn;
        fl->fn_double(rl, x);
        fg->fn_double(rg, x);
        double ga[4] = {a1, a, a, 0.5}, gt[4] = {t1, t, t, 1.0};
        long gm[4] = {1, k - 1, 0, 0};
        int ng = k == 1 ? 1 : 2;
        ck_assert_int_eq(gdc_erf_fc_groups_loss_d(L, U, ng, ga, gt, gm), 0);
        for (int j = 0; j < 3; j++)
            ck_assert_msg(close_ulps(L[j], rl[j], 4, 1e-300), "it %d k %ld: groups loss[%d] %.17g row %.17g", it, k, j,
                          L[j], rl[j]);
        ck_assert_int_eq(gdc_erf_fc_groups_grad_d(&gw, &gn, U, ng, ga, gt, gm, 0, 1), 0);
        ck_assert_msg(close_ulps(gw, rg[0], 4, 1e-300) && close_ulps(gn, rg[1], 4, 1e-300),
                      "it %d k %ld: block 1 (%.17g, %.17g) row (%.17g, %.17g)", it, k, gw, gn, rg[0], rg[1]);
        if (k >= 2) {
            ck_assert_int_eq(gdc_erf_fc_groups_grad_d(&gw, &gn, U, 2, ga, gt, gm, 1, 0), 0);
            ck_assert_msg(close_ulps(gw, rg[2], 4, 1e-300) && close_ulps(gn, rg[3], 4, 1e-300),
                          "it %d k %ld: block 2 (%.17g, %.17g) row (%.17g, %.17g)", it, k, gw, gn, rg[2], rg[3]);
        } else
            ck_assert_msg(rg[2] == 0.0 && rg[3] == 0.0, "k = 1: block-2 outputs %g %g, want 0", rg[2], rg[3]);
        /* split the k-1 equal blocks as j + (k-1-j), plus an empty group */
        if (k >= 3) {
            long j = 1 + (long)(gdc_rng_uniform(&g) * (double)(k - 2));
            long gm2[4] = {1, j, k - 1 - j, 0};
            ck_assert_int_eq(gdc_erf_fc_groups_loss_d(L, U, 4, ga, gt, gm2), 0);
            for (int q = 0; q < 3; q++)
                ck_assert_msg(close_ulps(L[q], rl[q], 4, 1e-300), "it %d k %ld split %ld: loss[%d] %.17g row %.17g", it,
                              k, j, q, L[q], rl[q]);
            ck_assert_int_eq(gdc_erf_fc_groups_grad_d(&gw, &gn, U, 4, ga, gt, gm2, 2, 0), 0);
            ck_assert_msg(close_ulps(gw, rg[2], 4, 1e-300) && close_ulps(gn, rg[3], 4, 1e-300),
                          "it %d k %ld split %ld: block in group 2 (%.17g, %.17g) row (%.17g, %.17g)", it, k, j, gw, gn,
                          rg[2], rg[3]);
        }
        /* WS: all k blocks (a, t): one group of k; the ws rows; the fc rows with a1 = a, t1 = t */
        double xw[4] = {(double)k, U, a, t}, xf[6] = {(double)k, U, a, t, a, t}, wsl[3], wsg[3], fcl[3], fcg[4];
        wl->fn_double(wsl, xw);
        wg->fn_double(wsg, xw);
        fl->fn_double(fcl, xf);
        fg->fn_double(fcg, xf);
        long mk = k;
        ck_assert_int_eq(gdc_erf_fc_groups_loss_d(L, U, 1, &a, &t, &mk), 0);
        for (int q = 0; q < 3; q++)
            ck_assert_msg(close_ulps(L[q], wsl[q], 4, 1e-300) && close_ulps(fcl[q], wsl[q], 4, 1e-300),
                          "it %d k %ld: WS loss[%d]: groups %.17g ws row %.17g fc row %.17g", it, k, q, L[q], wsl[q],
                          fcl[q]);
        /* Corollary 1 (C22): grad_WS = block 1 + (k-1) (another block); |.| = hypot of the two components */
        double w1, n1, w2 = 0, n2 = 0;
        ck_assert_int_eq(gdc_erf_fc_groups_grad_d(&w1, &n1, U, 1, &a, &t, &mk, 0, 1), 0);
        if (k >= 2)
            ck_assert_int_eq(gdc_erf_fc_groups_grad_d(&w2, &n2, U, 1, &a, &t, &mk, 0, 0), 0);
        double sw = w1 + (double)(k - 1) * w2, sn = n1 + (double)(k - 1) * n2;
        double tw = 8 * EPS * (fabs(w1) + (double)(k - 1) * fabs(w2)) + 1e-300,
               tn = 8 * EPS * (fabs(n1) + (double)(k - 1) * fabs(n2)) + 1e-300;
        ck_assert_msg(fabs(sw - wsg[0]) <= tw && fabs(sn - wsg[1]) <= tn,
                      "it %d k %ld: sum of blocks (%.17g, %.17g), ws row (%.17g, %.17g)", it, k, sw, sn, wsg[0],
                      wsg[1]);
        ck_assert_msg(ulps(wsg[2], hypot(wsg[0], wsg[1])) <= 1, "ws |grad| %.17g", wsg[2]);
        ck_assert_msg(close_ulps(fcg[0], w1, 4, 1e-300) && close_ulps(fcg[1], n1, 4, 1e-300),
                      "it %d: fc row block 1 at a1 = a", it);
    }
}
END_TEST

/* k = 1 convention (C17): the predictor is 2 erf(w1.x1), so F^(1,1) = 4 F^(1) (exactly: a power of two),
 * F^(k) = F^(1) at k = 1 (same formula, two different kernels: 8 ulps), the fc rows ignore (a, t) and return
 * block-2 outputs 0, and the ws and fc rows agree; the gradient is 4 grad F^(1): checked against the direct closed
 * form (1e-12 relative to |grad|, long double at generic points) in test_erf_vec_direct and by finite differences
 * in test_erf_grad_fd. Here also against the F^(1) part of a k = 2 point whose second block is 0: there F^(k) has
 * no w_1-gradient (V(0, .) = 0), so grad_{w_1} F^(1,2) = grad F^(1) = (k = 1 gradient)/4. */
START_TEST(test_erf_k1)
{
    const gdc_row_t *fl = row("erf.fc_loss"), *fg = row("erf.fc_grad"), *wl = row("erf.ws_loss"),
                    *wg = row("erf.ws_grad");
    gdc_rng_t g;
    gdc_rng_seed(&g, 11);
    for (int it = 0; it < 300; it++) {
        double U = gdc_rng_logu(&g, -1.5, 1.3), a = gdc_rng_range(&g, 0, 4), t = gdc_rng_range(&g, 0, M_PI);
        if (it % 3 == 0)
            a = U * (1 + gdc_rng_logu(&g, -12, -2)), t = gdc_rng_logu(&g, -12, -2);
        double x1[6] = {1, U, a, t, 0, 0}, x2[6] = {1, U, a, t, 7.5, 2.0}, L1[3], L2[3], G1[4], G2[4];
        fl->fn_double(L1, x1);
        fl->fn_double(L2, x2);
        fg->fn_double(G1, x1);
        fg->fn_double(G2, x2);
        for (int j = 0; j < 3; j++)
            ck_assert_msg(L1[j] == L2[j], "k = 1 loss depends on the unused (a, t)");
        for (int j = 0; j < 4; j++)
            ck_assert_msg(G1[j] == G2[j], "k = 1 gradient depends on the unused (a, t)");
        ck_assert_msg(G1[2] == 0 && G1[3] == 0, "k = 1 block-2 outputs %g %g", G1[2], G1[3]);
        ck_assert_msg(L1[0] == 4 * L1[1], "k = 1: F^(1,1) = %.17g, 4 F^(1) = %.17g", L1[0], 4 * L1[1]);
        ck_assert_msg(close_ulps(L1[2], L1[1], 8, 1e-300), "k = 1: F^(k) = %.17g, F^(1) = %.17g", L1[2], L1[1]);
        double xw[4] = {1, U, a, t}, Lw[3], Gw[3];
        wl->fn_double(Lw, xw);
        wg->fn_double(Gw, xw);
        ck_assert_msg(close_ulps(Lw[0], L1[0], 4, 1e-300) && close_ulps(Gw[0], G1[0], 4, 1e-300) &&
                          close_ulps(Gw[1], G1[1], 4, 1e-300),
                      "k = 1: ws and fc rows differ");
        /* k = 2 with block 2 = 0: block-1 gradient = grad F^(1) = (k = 1 gradient) / 4 */
        double ga[2] = {a, 0.0}, gt[2] = {t, 0.0}, gw, gn;
        long gm[2] = {1, 1};
        ck_assert_int_eq(gdc_erf_fc_groups_grad_d(&gw, &gn, U, 2, ga, gt, gm, 0, 1), 0);
        ck_assert_msg(close_ulps(4 * gw, G1[0], 8, 1e-300) && close_ulps(4 * gn, G1[1], 8, 1e-300),
                      "it %d: 4 grad_{w_1} F^(1,2)(w_1, 0) = (%.17g, %.17g), k = 1 row (%.17g, %.17g)", it, 4 * gw,
                      4 * gn, G1[0], G1[1]);
    }
}
END_TEST

/* the vector API: loss and gradient against the direct closed forms of Lemma 3 / Lemma 5 in long double at
 * generic points (relative 1e-12: the terms are O(1) and the differences P - 2Q + C lose at most a few digits
 * there); the gradient projected on gdc_erf_fc_frame_d equals the groups API per block (each block its own
 * group) and, with blocks 2..k equal vectors, the erf.fc_grad row; it lies in span{w_l, u0}. */
START_TEST(test_erf_vec_direct)
{
    const gdc_row_t *fl = row("erf.fc_loss"), *fg = row("erf.fc_grad");
    gdc_rng_t g;
    gdc_rng_seed(&g, 5150);
    int nproj = 0;
    for (int it = 0; it < 400; it++) {
        long k;
        int d;
        double u0[MAXD], w[MAXN], L[3], G[MAXN];
        long double Ld[3], Gd[MAXN];
        erf_point(&g, &k, &d, u0, w, 0, 0.0, 1);
        if (it % 4 == 3) /* blocks 2..k equal vectors: the row's point */
            for (long l = 2; l < k; l++)
                memcpy(w + l * d, w + d, sizeof(double) * (size_t)d);
        ck_assert_int_eq(gdc_erf_fc_vec_loss_d(L, k, (size_t)d, u0, w), 0);
        ck_assert_int_eq(gdc_erf_fc_vec_grad_d(G, k, (size_t)d, u0, w), 0);
        erf_loss_direct(Ld, k, d, u0, w);
        erf_grad_direct(Gd, k, d, u0, w);
        for (int j = 0; j < 3; j++)
            ck_assert_msg(fabsl(L[j] - Ld[j]) <= 1e-12L * fabsl(Ld[j]) + 1e-15L,
                          "it %d (k %ld d %d): loss[%d] %.17g direct %.17Lg", it, k, d, j, L[j], Ld[j]);
        double gnorm = norm2(G, (int)k * d);
        for (int i = 0; i < k * d; i++)
            ck_assert_msg(fabsl(G[i] - Gd[i]) <= 1e-12L * gnorm + 1e-15L,
                          "it %d (k %ld d %d): grad[%d] %.17g direct %.17Lg", it, k, d, i, G[i], Gd[i]);
        /* reduction: norms and Kahan angles, each block its own group */
        double U = gdc_vec_norm(u0, (size_t)d), a[MAXK], t[MAXK], Lg[3];
        long m[MAXK];
        for (long l = 0; l < k; l++) {
            a[l] = gdc_vec_norm(w + l * d, (size_t)d);
            t[l] = gdc_vec_angle(w + l * d, u0, (size_t)d);
            m[l] = 1;
        }
        ck_assert_int_eq(gdc_erf_fc_groups_loss_d(Lg, U, (int)k, a, t, m), 0);
        for (int j = 0; j < 3; j++)
            ck_assert_msg(close_ulps(L[j], Lg[j], 4, 1e-300), "it %d: vec loss[%d] %.17g groups %.17g", it, j, L[j],
                          Lg[j]);
        if (it % 4 == 3) {
            double x[6] = {(double)k, U, a[0], t[0], k > 1 ? a[1] : 0, k > 1 ? t[1] : 0}, rl[3], rg[4];
            fl->fn_double(rl, x);
            fg->fn_double(rg, x);
            for (int j = 0; j < 3; j++)
                ck_assert_msg(close_ulps(L[j], rl[j], 4, 1e-300), "it %d: vec loss[%d] %.17g row %.17g", it, j, L[j],
                              rl[j]);
            for (long l = 0; l < k && l < 2; l++) {
                double what[MAXD], r[MAXD];
                gdc_erf_fc_frame_d(what, r, w + l * d, u0, (size_t)d);
                double sn = norm2(r, d);
                if (sn < 0.05)
                    continue;
                /* the normal component uses r/|r|, |r| = sin t to eps/sin t: 1e-13 of |grad_l| */
                double gl = norm2(G + l * d, d), pw = dot(G + l * d, what, d), pn = dot(G + l * d, r, d) / sn;
                ck_assert_msg(fabs(pw - rg[2 * l]) <= 1e-13 * gl + 1e-300 &&
                                  fabs(pn - rg[2 * l + 1]) <= 1e-13 * gl + 1e-300,
                              "it %d block %ld: projections (%.17g, %.17g), row (%.17g, %.17g)", it, l, pw, pn,
                              rg[2 * l], rg[2 * l + 1]);
            }
        }
        for (long l = 0; l < k; l++) {
            double what[MAXD], r[MAXD], gw, gn, res[MAXD];
            gdc_erf_fc_frame_d(what, r, w + l * d, u0, (size_t)d);
            double sn = norm2(r, d), gl = norm2(G + l * d, d);
            /* frame contract: what a unit vector, r orthogonal to it, |r| = sin t */
            ck_assert(fabs(norm2(what, d) - 1) <= 4 * EPS && fabs(dot(what, r, d)) <= 8 * EPS);
            ck_assert_msg(fabs(sn - sin(t[l])) <= 1e-14, "|r| = %.17g, sin t = %.17g", sn, sin(t[l]));
            if (sn < 0.05)
                continue;
            nproj++;
            ck_assert_int_eq(gdc_erf_fc_groups_grad_d(&gw, &gn, U, (int)k, a, t, m, (int)l, l == 0), 0);
            double pw = dot(G + l * d, what, d), pn = dot(G + l * d, r, d) / sn;
            ck_assert_msg(fabs(pw - gw) <= 1e-13 * gl + 1e-300 && fabs(pn - gn) <= 1e-13 * gl + 1e-300,
                          "it %d block %ld: projections (%.17g, %.17g), groups (%.17g, %.17g)", it, l, pw, pn, gw, gn);
            for (int i = 0; i < d; i++)
                res[i] = G[l * d + i] - pw * what[i] - pn * r[i] / sn;
            ck_assert_msg(norm2(res, d) <= 1e-13 * gl + 1e-300, "it %d block %ld: out-of-plane part %g of %g", it, l,
                          norm2(res, d), gl);
        }
    }
    ck_assert_msg(nproj >= 500, "only %d blocks with a well-defined normal", nproj);
}
END_TEST

/* central differences of the vector loss (h = 1e-5, relative 1e-6 of |grad|, as for the cosine family) at generic
 * points, near the optimum (offset 0.05, so that |grad| is not tiny) and near a mirrored optimum, k = 1..6 (k = 1:
 * the 4 F^(1) convention) */
START_TEST(test_erf_grad_fd)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, 2718);
    const double h = 1e-5;
    for (int it = 0; it < 150; it++) {
        long k;
        int d;
        double u0[MAXD], w[MAXN], G[MAXN], Lp[3], Lm[3];
        erf_point(&g, &k, &d, u0, w, it % 3, 0.05, 1);
        ck_assert_int_eq(gdc_erf_fc_vec_grad_d(G, k, (size_t)d, u0, w), 0);
        double gn = norm2(G, (int)k * d);
        for (int i = 0; i < k * d; i++) {
            double wi = w[i];
            w[i] = wi + h;
            ck_assert_int_eq(gdc_erf_fc_vec_loss_d(Lp, k, (size_t)d, u0, w), 0);
            w[i] = wi - h;
            ck_assert_int_eq(gdc_erf_fc_vec_loss_d(Lm, k, (size_t)d, u0, w), 0);
            w[i] = wi;
            double fd = (Lp[0] - Lm[0]) / (2 * h);
            ck_assert_msg(fabs(fd - G[i]) <= 1e-6 * gn,
                          "it %d (k %ld d %d kind %d): grad[%d] = %.12g, central difference %.12g", it, k, d, it % 3, i,
                          G[i], fd);
        }
    }
}
END_TEST

/* optimum and mirrored optima. w = (u0, ..., u0): F = 0 exactly (every difference of angles is atan2(0, .) = 0:
 * a = U and t = 0 exactly) and grad = 0 to 2.3e-15 (see below). With an even number of blocks 2..k at -u0 (t = the
 * double nearest pi, pi - 1.2e-16), p^(k) is unchanged: F^(k) = O((U 1.2e-16)^2), F^(1) = 0, gradient O(U 1.2e-16)
 * (bounded here by 1e-30 (1 + U^2) and 1e-14 (1 + U)). With an odd number at -u0, p^(k) = -p_u^(k): F^(k) = (1/2) E[(2
 * p_u)^2] = 2 Vuu^k (to 16 k eps: the reference is a k-th power of a kernel computed in long double, which valgrind
 * emulates in double, so its own error is a few eps times k; plus the same O(1e-32) slack). */
START_TEST(test_erf_optimum)
{
    const double Us[] = {0.1, 0.7, 1.0, 3.0, 25.0};
    for (size_t iu = 0; iu < sizeof Us / sizeof Us[0]; iu++)
        for (long k = 1; k <= 7; k++)
            for (int d = 1; d <= 3; d++) {
                double u0[3] = {0.48, -0.6, 0.64}, w[7 * 3], L[3], G[7 * 3];
                for (int i = 0; i < d; i++)
                    u0[i] *= Us[iu];
                double U = norm2(u0, d);
                for (long l = 0; l < k; l++)
                    memcpy(w + l * d, u0, sizeof(double) * (size_t)d);
                ck_assert_int_eq(gdc_erf_fc_vec_loss_d(L, k, (size_t)d, u0, w), 0);
                ck_assert_int_eq(gdc_erf_fc_vec_grad_d(G, k, (size_t)d, u0, w), 0);
                ck_assert_msg(L[0] == 0 && L[1] == 0 && L[2] == 0, "k %ld U %g d %d: loss at the optimum %g %g %g", k,
                              U, d, L[0], L[1], L[2]);
                /* the block gradient is gw what + (gn / sin t) r with gw = gn = 0 here, but the frame vector
                 * r = u0/|u0| - <u0/|u0|, what> what is not 0 for parallel vectors: |r_i| <= 4 eps (the roundings
                 * of u0/|u0|, what, the dot product and the difference), and |gn / sin t| = (1 + Q') (4/pi) U /
                 * sqrt(D) <= 8/pi */
                for (int i = 0; i < k * d; i++)
                    ck_assert_msg(fabs(G[i]) <= 4 * EPS * 8 / M_PI, "k %ld U %g d %d: grad[%d] at the optimum = %g", k,
                                  U, d, i, G[i]);
                if (k < 2)
                    continue;
                /* blocks 2..m+1 at -u0, m = 1..k-1 */
                for (long mneg = 1; mneg < k; mneg++) {
                    for (long l = 0; l < k; l++)
                        for (int i = 0; i < d; i++)
                            w[l * d + i] = l >= 1 && l <= mneg ? -u0[i] : u0[i];
                    ck_assert_int_eq(gdc_erf_fc_vec_loss_d(L, k, (size_t)d, u0, w), 0);
                    ck_assert_int_eq(gdc_erf_fc_vec_grad_d(G, k, (size_t)d, u0, w), 0);
                    double want = mneg % 2 ? (double)(2 * powl(Vk(u0, u0, d), (long double)k)) : 0.0;
                    double slack = 1e-30 * (1 + U * U);
                    ck_assert_msg(L[1] == 0.0, "F^(1) = %g with w_1 = u0", L[1]);
                    ck_assert_msg(fabs(L[2] - want) <= 16 * k * EPS * want + slack,
                                  "k %ld U %g d %d, %ld blocks at -u0: F^(k) = %.17g want %.17g", k, U, d, mneg, L[2],
                                  want);
                    if (mneg % 2 == 0)
                        for (int i = 0; i < k * d; i++)
                            ck_assert_msg(fabs(G[i]) <= 1e-14 * (1 + U),
                                          "k %ld U %g d %d, %ld blocks at -u0: grad[%d] = %g", k, U, d, mneg, i, G[i]);
                }
            }
}
END_TEST

/* a zero block w_l = 0 (V(0, .) = 0): P = Q = 0, so F^(k) = Vuu^k / 2; F^(1) is the k = 1 value of w_1;
 * grad_{w_l} F = -(4/pi) u0 / sqrt(1 + 2U^2) prod_{j != l} V(w_j, u0) (+ the same term with factor 1 from F^(1)
 * when l = 1), every other block j != 1 has zero gradient (its F^(k) terms carry the factor V(0, .) = 0), and
 * block 1 has grad F^(1) only. Closed forms in long double; tolerance 1e-13 relative to the scale (|u0|, |grad|). */
START_TEST(test_erf_zero_block)
{
    gdc_rng_t g;
    gdc_rng_seed(&g, 606);
    for (int it = 0; it < 200; it++) {
        long k;
        int d;
        double u0[MAXD], w[MAXN], L[3], G[MAXN], L1[3], G1[MAXD];
        erf_point(&g, &k, &d, u0, w, 0, 0.0, 2);
        long z = (long)(gdc_rng_uniform(&g) * (double)k); /* the zero block */
        for (int i = 0; i < d; i++)
            w[z * d + i] = 0.0;
        ck_assert_int_eq(gdc_erf_fc_vec_loss_d(L, k, (size_t)d, u0, w), 0);
        ck_assert_int_eq(gdc_erf_fc_vec_grad_d(G, k, (size_t)d, u0, w), 0);
        ck_assert_int_eq(gdc_erf_fc_vec_loss_d(L1, 1, (size_t)d, u0, w), 0);
        ck_assert_int_eq(gdc_erf_fc_vec_grad_d(G1, 1, (size_t)d, u0, w), 0);
        long double U2 = 0, Vuu = Vk(u0, u0, d), Q = 1;
        for (int i = 0; i < d; i++)
            U2 += (long double)u0[i] * u0[i];
        for (long j = 0; j < k; j++)
            if (j != z)
                Q *= Vk(w + j * d, u0, d);
        long double Fk = powl(Vuu, (long double)k) / 2;
        ck_assert_msg(fabsl(L[2] - Fk) <= 1e-13L * Fk, "it %d (k %ld, block %ld = 0): F^(k) %.17g want %.17Lg", it, k,
                      z, L[2], Fk);
        ck_assert_msg(close_ulps(L[1], L1[1], 4, 1e-300) && close_ulps(L[0], L[1] + L[2], 2, 1e-300),
                      "it %d: F^(1) %.17g vs k = 1 value %.17g", it, L[1], L1[1]);
        long double c = -4 * INV_PI_L / sqrtl(1 + 2 * U2);
        double scale = sqrtl(U2) + norm2(G, (int)k * d);
        for (long l = 0; l < k; l++)
            for (int i = 0; i < d; i++) {
                long double want;
                if (l == z)
                    want = c * Q * u0[i] + (l == 0 ? c * u0[i] : 0);
                else
                    want = l == 0 ? G1[i] / 4.0L : 0.0L; /* k = 1 gradient is 4 grad F^(1) */
                ck_assert_msg(fabsl(G[l * d + i] - want) <= 1e-13L * scale,
                              "it %d (k %ld d %d, block %ld = 0): grad block %ld [%d] = %.17g want %.17Lg", it, k, d, z,
                              l, i, G[l * d + i], want);
            }
    }
}
END_TEST

/* tiny and huge norms: at scale s -> 0, V(sa, sb) = (4/pi) s^2 a.b (1 + O(s^2)), so F^(1) = (2/pi) s^2 |w_1 - u0|^2
 * (relative O(s^2)), F^(k) = O(s^(2k)), and the gradient of block 1 is (4/pi) s (w_1 - u0). At huge norms (1e50,
 * within the documented 1e75) F^(1) = (1/pi)(th(w,w) + th(u,u) - 2 th(w,u)) with angle-like kernels: checked against
 * the direct long-double form (1e-12). */
START_TEST(test_erf_scales)
{
    const double base_u[3] = {0.75, -0.5, 0.25}, base_w[6] = {0.25, 0.5, -1.0, 0.5, 1.5, 0.0};
    const double tiny[] = {1e-9, 0x1p-300, 0x1p-500};
    for (size_t is = 0; is < sizeof tiny / sizeof tiny[0]; is++) {
        double s = tiny[is], u0[3], w[6], L[3], G[6];
        for (int i = 0; i < 3; i++)
            u0[i] = s * base_u[i], w[i] = s * base_w[i], w[3 + i] = s * base_w[3 + i];
        ck_assert_int_eq(gdc_erf_fc_vec_loss_d(L, 2, 3, u0, w), 0);
        ck_assert_int_eq(gdc_erf_fc_vec_grad_d(G, 2, 3, u0, w), 0);
        double A = 0;
        for (int i = 0; i < 3; i++)
            A += (base_w[i] - base_u[i]) * (base_w[i] - base_u[i]);
        double F1 = 2 / M_PI * s * s * A;
        ck_assert_msg(fabs(L[1] - F1) <= 1e-14 * F1, "scale %a: F^(1) = %.17g want %.17g", s, L[1], F1);
        ck_assert_msg(fabs(L[2]) <= 1e-14 * F1 && fabs(L[0] - L[1]) <= 1e-14 * F1, "scale %a: F^(k) = %g", s, L[2]);
        for (int i = 0; i < 3; i++) {
            double want = 4 / M_PI * s * (base_w[i] - base_u[i]);
            ck_assert_msg(fabs(G[i] - want) <= 1e-14 * s, "scale %a: grad[%d] = %.17g want %.17g", s, i, G[i], want);
            ck_assert_msg(fabs(G[3 + i]) <= 1e-14 * s, "scale %a: grad block 2 [%d] = %g", s, i, G[3 + i]);
        }
    }
    const double huge[] = {1e10, 1e50};
    for (size_t is = 0; is < sizeof huge / sizeof huge[0]; is++) {
        double s = huge[is], u0[3], w[6], L[3];
        long double Ld[3];
        for (int i = 0; i < 3; i++)
            u0[i] = s * base_u[i], w[i] = s * base_w[i], w[3 + i] = s * base_w[3 + i];
        ck_assert_int_eq(gdc_erf_fc_vec_loss_d(L, 2, 3, u0, w), 0);
        erf_loss_direct(Ld, 2, 3, u0, w);
        for (int j = 0; j < 3; j++)
            ck_assert_msg(fabsl(L[j] - Ld[j]) <= 1e-12L * fabsl(Ld[j]), "scale %g: loss[%d] %.17g direct %.17Lg", s, j,
                          L[j], Ld[j]);
    }
}
END_TEST

/* bad points: -1 and the output untouched */
START_TEST(test_erf_invalid)
{
    double L[3] = {-7, -7, -7}, gw = -7, gn = -7;
    double a[2] = {1, 1}, t[2] = {0.5, 0.5};
    long m[2] = {1, 2};
#define BAD_LOSS(call)                                                                                                 \
    do {                                                                                                               \
        ck_assert_int_eq((call), -1);                                                                                  \
        ck_assert(L[0] == -7 && L[1] == -7 && L[2] == -7);                                                             \
    } while (0)
    BAD_LOSS(gdc_erf_fc_groups_loss_d(L, 1.0, 0, a, t, m));
    BAD_LOSS(gdc_erf_fc_groups_loss_d(L, 1.0, GDC_ERF_FC_MAX_GROUPS + 1, a, t, m));
    BAD_LOSS(gdc_erf_fc_groups_loss_d(L, -1.0, 2, a, t, m));
    BAD_LOSS(gdc_erf_fc_groups_loss_d(L, NAN, 2, a, t, m));
    BAD_LOSS(gdc_erf_fc_groups_loss_d(L, INFINITY, 2, a, t, m));
    long m0[2] = {0, 3}, mneg[2] = {1, -1};
    BAD_LOSS(gdc_erf_fc_groups_loss_d(L, 1.0, 2, a, t, m0));
    BAD_LOSS(gdc_erf_fc_groups_loss_d(L, 1.0, 2, a, t, mneg));
    double an[2] = {1, -0.5}, ainf[2] = {1, INFINITY}, anan[2] = {NAN, 1};
    BAD_LOSS(gdc_erf_fc_groups_loss_d(L, 1.0, 2, an, t, m));
    BAD_LOSS(gdc_erf_fc_groups_loss_d(L, 1.0, 2, ainf, t, m));
    BAD_LOSS(gdc_erf_fc_groups_loss_d(L, 1.0, 2, anan, t, m));
    double tn[2] = {-0.1, 0.5}, tbig[2] = {0.5, 3.2}, tnan[2] = {0.5, NAN};
    BAD_LOSS(gdc_erf_fc_groups_loss_d(L, 1.0, 2, a, tn, m));
    BAD_LOSS(gdc_erf_fc_groups_loss_d(L, 1.0, 2, a, tbig, m));
    BAD_LOSS(gdc_erf_fc_groups_loss_d(L, 1.0, 2, a, tnan, m));
    /* the closed endpoint: t = the double nearest pi is inside [0, pi] */
    double tpi[2] = {GDC_PI_HI, 0.0};
    ck_assert_int_eq(gdc_erf_fc_groups_loss_d(L, 1.0, 2, a, tpi, m), 0);
    L[0] = L[1] = L[2] = -7;
    /* gradient: h out of range, first with h != 0, another block of group 0 when m[0] = 1 */
    long m1[2] = {1, 2};
    ck_assert_int_eq(gdc_erf_fc_groups_grad_d(&gw, &gn, 1.0, 2, a, t, m1, 2, 0), -1);
    ck_assert_int_eq(gdc_erf_fc_groups_grad_d(&gw, &gn, 1.0, 2, a, t, m1, -1, 0), -1);
    ck_assert_int_eq(gdc_erf_fc_groups_grad_d(&gw, &gn, 1.0, 2, a, t, m1, 1, 1), -1);
    ck_assert_int_eq(gdc_erf_fc_groups_grad_d(&gw, &gn, 1.0, 2, a, t, m1, 0, 0), -1);
    ck_assert_int_eq(gdc_erf_fc_groups_grad_d(&gw, &gn, 1.0, 2, a, t, m0, 1, 0), -1);
    ck_assert(gw == -7 && gn == -7);
    long m2[2] = {2, 0}; /* group 0 holds block 1 and one more block */
    ck_assert_int_eq(gdc_erf_fc_groups_grad_d(&gw, &gn, 1.0, 2, a, t, m2, 0, 0), 0);
    ck_assert_int_eq(gdc_erf_fc_groups_grad_d(&gw, &gn, 1.0, 2, a, t, m2, 1, 0), -1); /* group 1 empty */
    /* vector API: k out of [1, 64], d = 0, non-finite entries, d > 4096 for the gradient */
    double u0[2] = {1, 0.5}, w[2 * 65], *G = malloc(sizeof(double) * 2 * 4097), *U = calloc(4097, sizeof(double)),
           *W = calloc(2 * 4097, sizeof(double));
    for (int i = 0; i < 2 * 65; i++)
        w[i] = 0.25 * (i % 3);
    BAD_LOSS(gdc_erf_fc_vec_loss_d(L, 0, 2, u0, w));
    BAD_LOSS(gdc_erf_fc_vec_loss_d(L, 65, 2, u0, w));
    BAD_LOSS(gdc_erf_fc_vec_loss_d(L, 2, 0, u0, w));
    ck_assert_int_eq(gdc_erf_fc_vec_loss_d(L, 64, 2, u0, w), 0);
    L[0] = L[1] = L[2] = -7;
    w[3] = NAN;
    BAD_LOSS(gdc_erf_fc_vec_loss_d(L, 2, 2, u0, w));
    w[3] = 0.5;
    u0[1] = INFINITY;
    BAD_LOSS(gdc_erf_fc_vec_loss_d(L, 2, 2, u0, w));
    u0[1] = 0.5;
    ck_assert_int_eq(gdc_erf_fc_vec_grad_d(G, 65, 2, u0, w), -1);
    U[0] = 1.0;
    ck_assert_int_eq(gdc_erf_fc_vec_grad_d(G, 2, 4097, U, W), -1);
    ck_assert_int_eq(gdc_erf_fc_vec_grad_d(G, 2, 4096, U, W), 0);
    free(G);
    free(U);
    free(W);
#undef BAD_LOSS
}
END_TEST

/* the block frame: w = 0 -> what = u0/|u0|, r = 0; u0 = 0 -> r = 0; both 0 -> what = e_0; parallel -> r = 0;
 * orthogonal -> r = u0/|u0| (exact integer vectors with integer norms: every quantity is a correctly rounded
 * quotient, 2 ulps) */
START_TEST(test_erf_frame)
{
    double u0[3] = {1, 2, 2}, w[3] = {2, -2, 1}, z[3] = {0, 0, 0}, what[3], r[3];
    gdc_erf_fc_frame_d(what, r, w, u0, 3);
    for (int i = 0; i < 3; i++) {
        ck_assert(ulps(what[i], w[i] / 3.0) <= 2);
        ck_assert(ulps(r[i], u0[i] / 3.0) <= 2);
    }
    gdc_erf_fc_frame_d(what, r, z, u0, 3);
    for (int i = 0; i < 3; i++)
        ck_assert(ulps(what[i], u0[i] / 3.0) <= 2 && fabs(r[i]) <= 2 * EPS);
    gdc_erf_fc_frame_d(what, r, w, z, 3);
    for (int i = 0; i < 3; i++)
        ck_assert(ulps(what[i], w[i] / 3.0) <= 2 && r[i] == 0.0);
    gdc_erf_fc_frame_d(what, r, z, z, 3);
    ck_assert(what[0] == 1 && what[1] == 0 && what[2] == 0 && r[0] == 0 && r[1] == 0 && r[2] == 0);
    double w3[3] = {-3, -6, -6};
    gdc_erf_fc_frame_d(what, r, w3, u0, 3);
    for (int i = 0; i < 3; i++)
        ck_assert(ulps(what[i], -u0[i] / 3.0) <= 2 && fabs(r[i]) <= 2 * EPS);
}
END_TEST

/* regressions of three bugs this suite found (fixed): (1) Kahan's angle of a vector with a subnormal norm
 * (src/core/angle.c now normalises the vector scaled by a power of two): exactly parallel / antiparallel
 * vectors give exactly 0 / the double nearest pi; (2) the cosine frame keeps <e, n> at rounding level
 * (a second Gram-Schmidt pass) even at t1 = 3e-14, where one pass left 2.4e-3; (3) the erf vector gradient
 * is exactly 0 at the optimum w = u0 for any u0 (the normal part is dropped for exactly parallel blocks) */
START_TEST(test_fixed_regressions)
{
    double a[2] = {0x1p-1070, 0x1p-1070}, b[2] = {1, 1}, c[2] = {-0x1p-1070, -0x1p-1070};
    ck_assert_msg(gdc_vec_angle(a, b, 2) == 0.0, "subnormal parallel: %a", gdc_vec_angle(a, b, 2));
    ck_assert_msg(gdc_vec_angle(c, b, 2) == GDC_PI_HI, "subnormal antiparallel: %a", gdc_vec_angle(c, b, 2));
    double w5[6] = {-5 * 0x1p-1068, -10 * 0x1p-1068, -10 * 0x1p-1068, -5 * 0x1p-1068, -10 * 0x1p-1068,
                    -10 * 0x1p-1068};
    double u5[6] = {1, 2, 2, 1, 2, 2};
    ck_assert_msg(gdc_vec_angle(w5, u5, 6) == GDC_PI_HI, "subnormal antiparallel, d = 6: %a", gdc_vec_angle(w5, u5, 6));

    double u0[3] = {0.3, -0.7, 0.2};
    double w[6] = {0.51000000000003998, -1.1900000000000099, 0.34000000000003, 0.3, -0.7, 0.2};
    double e1[3], n1[3], eh[3], nh[3];
    gdc_cosine_fc_frame(e1, n1, eh, nh, 3, 2, w, u0);
    double en = e1[0] * n1[0] + e1[1] * n1[1] + e1[2] * n1[2];
    ck_assert_msg(fabs(en) <= 4 * EPS, "<e1, n1> = %g at t1 = 3e-14", en);

    double uo[3] = {0.48, -0.6, 0.64}, g[3];
    ck_assert_int_eq(gdc_erf_fc_vec_grad_d(g, 1, 3, uo, uo), 0);
    ck_assert_msg(g[0] == 0.0 && g[1] == 0.0 && g[2] == 0.0, "erf grad at the optimum: %g %g %g", g[0], g[1], g[2]);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("fc_vector");
    TCase *tc = tcase_create("cosine");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_cos_args_known);
    tcase_add_test(tc, test_cos_args_random);
    tcase_add_test(tc, test_cos_loss_vs_row);
    tcase_add_test(tc, test_cos_grad_frame);
    tcase_add_test(tc, test_cos_grad_fd);
    tcase_add_test(tc, test_cos_known_values);
    suite_add_tcase(s, tc);
    tc = tcase_create("erf");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_erf_groups_vs_rows);
    tcase_add_test(tc, test_erf_k1);
    tcase_add_test(tc, test_erf_vec_direct);
    tcase_add_test(tc, test_erf_grad_fd);
    tcase_add_test(tc, test_erf_optimum);
    tcase_add_test(tc, test_erf_zero_block);
    tcase_add_test(tc, test_erf_scales);
    tcase_add_test(tc, test_erf_invalid);
    tcase_add_test(tc, test_erf_frame);
    tcase_add_test(tc, test_fixed_regressions);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    flint_cleanup(); /* the constant caches (pi etc.), so that valgrind sees no memory in use at exit */
    return nf == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
