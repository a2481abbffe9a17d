/* make bench: time per evaluation of every registry row's double kernel, against a naive transcription of
 * the same closed form (the formula as printed in the paper / issue 2, section 3) and against the libm
 * calls the formula needs; then the worst error (gdc_double_error, the measure of src/core/xcheck.h) of
 * the naive formula next to ours, at uniform random points and at the rows' hard-regime points.
 * Usage: bench_kernels [ID-or-prefix...] (default: every row). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/registry.h"
#include "core/xcheck.h"
#include "core/batch.h"

#define PI 3.14159265358979323846
#define TIME_POINTS 4096
#define ERR_RANDOM 1000
#define ERR_PER_REGIME 400
#define MIN_SECONDS 0.04
#define ROUNDS 5
#define ERR_SECONDS 3.0

/* ---- naive transcriptions (deliberately the textbook forms) ---- */
static double naive_h(double t) { return sin(t) + (PI - t) * cos(t); }

static void n_h(double *o, const double *x) { o[0] = naive_h(x[0]); }
static void n_J(double *o, const double *x) { o[0] = sin(x[0]) - x[0] * cos(x[0]); }
static void n_step(double *o, const double *x) { o[0] = (PI - x[0]) / (2 * PI); }
static void n_kernel(double *o, const double *x) { o[0] = x[0] * x[1] * naive_h(x[2]) / (2 * PI); }
static void n_loss(double *o, const double *x)
{
    double r = x[0];
    o[0] = r * r / 4 + 0.25 - r * naive_h(x[1]) / (2 * PI);
}
static void n_grad(double *o, const double *x)
{
    double r = x[0], t = x[1];
    o[0] = r / 2 - naive_h(t) / (2 * PI);
    o[1] = -(PI - t) * sin(t) / (2 * PI);
}
/* corr = Q/2 - D/(2 pi) with the law of cosines Q = 1 + r^2 - 2 r cos t and 2 sin^2(t/2) = 1 - cos t */
static double naive_corr(double r, double t)
{
    double q = 1 + r * r - 2 * r * cos(t);
    double d = (1 - r) * (t - sin(t)) + (1 - cos(t)) * (r * t + sin(t));
    return q / 2 - d / (2 * PI);
}
static void n_corr(double *o, const double *x) { o[0] = naive_corr(x[0], x[1]); }
static void n_corr_ratio(double *o, const double *x)
{
    double r = x[0], t = x[1];
    o[0] = naive_corr(r, t) / (1 + r * r - 2 * r * cos(t));
}
static void n_norm_rate(double *o, const double *x) { o[0] = -x[0] * x[0] + x[0] * naive_h(x[1]) / PI; }
static void n_angle_rate(double *o, const double *x) { o[0] = -(PI - x[1]) * sin(x[1]) / (2 * PI * x[0]); }
static void n_hess_eig(double *o, const double *x)
{
    double r = x[0], s = sin(x[1]);
    o[0] = 0.5;
    o[1] = 0.5 - s / (PI * r);
    o[2] = 0.5 - s / (2 * PI * r);
}

/* deep kernels (x = (L, a, b, t)): the textbook recursion, theta = acos rho each layer */
static void naive_deep(double *rho, double *tau, const double *x)
{
    double r = cos(x[3]), s = r;
    for (int l = 0; l < (int)x[0]; l++) {
        double th = acos(r), k0 = (PI - th) / PI;
        r = (sin(th) + (PI - th) * r) / PI;
        s = s * k0 + r;
    }
    *rho = r;
    *tau = s;
}
static void n_nngp(double *o, const double *x)
{
    double r, s;
    naive_deep(&r, &s, x);
    o[0] = x[1] * x[2] * r;
    o[1] = x[1] * x[2] * (1 - r);
}
static void n_ntk(double *o, const double *x)
{
    double r, s;
    naive_deep(&r, &s, x);
    o[0] = x[1] * x[2] * s;
}

/* ---- Gaussian-cosine family (002 Section 3, Appendix B; seed-002 C1-C10) ---- */
static void n_ecos(double *o, const double *x) { o[0] = exp(-x[0] * x[0] / 2); }
static void n_ecc(double *o, const double *x)
{
    double a = x[0], b = x[1], ct = cos(x[2]);
    double m = a * a + b * b - 2 * a * b * ct, p = a * a + b * b + 2 * a * b * ct;
    o[0] = 1 + exp(-2 * a * a) / 2 + exp(-2 * b * b) / 2 - exp(-m / 2) - exp(-p / 2);
}
/* grad G = -beta^2 e^{-2 beta^2 a^2} w + (beta^2/2) e^{-beta^2 m/2} (w - u) + (beta^2/2) e^{-beta^2 p/2} (w + u), along
 * e = w/|w| (<w, e> = a, <u, e> = c cos t) and n (<w, n> = 0, <u, n> = c sin t) */
static void n_cgrad(double *o, const double *x)
{
    double b2 = x[0] * x[0], a = x[1], c = x[2], ct = cos(x[3]), st = sin(x[3]);
    double m = a * a + c * c - 2 * a * c * ct, p = a * a + c * c + 2 * a * c * ct;
    double em = exp(-b2 * m / 2), ep = exp(-b2 * p / 2);
    o[0] = -b2 * exp(-2 * b2 * a * a) * a + b2 / 2 * em * (a - c * ct) + b2 / 2 * ep * (a + c * ct);
    o[1] = -b2 / 2 * em * c * st + b2 / 2 * ep * c * st;
}
static void n_ws(double *o, const double *x)
{
    double k = x[0], r = x[1], a = x[2], ct = cos(x[3]);
    double m = a * a + r * r - 2 * a * r * ct, p = a * a + r * r + 2 * a * r * ct;
    o[0] = 9 * k / 2 * m + (1 + exp(-2 * k * a * a) / 2 + exp(-2 * k * r * r) / 2 - exp(-k * m / 2) - exp(-k * p / 2)) / 2;
}
/* H = -e^{-2|a|^2} (I - 4 a a^T) + e^{-m/2} (I - (a - c)(a - c)^T)/2 + e^{-p/2} (I - (a + c)(a + c)^T)/2 in the frame
 * a = (A, 0), c = (C cos t, C sin t); the 2x2 block's eigenvalues (tr -+ sqrt((h11 - h22)^2 + 4 h12^2))/2 */
static void n_chess(double *o, const double *x)
{
    double A = x[0], C = x[1], ct = cos(x[2]), st = sin(x[2]);
    double dx = A - C * ct, dy = -C * st, sx = A + C * ct, sy = C * st;
    double e2 = exp(-2 * A * A), em = exp(-(dx * dx + dy * dy) / 2), ep = exp(-(sx * sx + sy * sy) / 2);
    double lp = -e2 + em / 2 + ep / 2;
    double h11 = lp + 4 * e2 * A * A - em / 2 * dx * dx - ep / 2 * sx * sx;
    double h22 = lp - em / 2 * dy * dy - ep / 2 * sy * sy;
    double h12 = -em / 2 * dx * dy - ep / 2 * sx * sy;
    double tr = h11 + h22, disc = sqrt((h11 - h22) * (h11 - h22) + 4 * h12 * h12);
    o[0] = lp;
    o[1] = (tr - disc) / 2;
    o[2] = (tr + disc) / 2;
}

/* ---- erf family (002 Section 4; seed-002 C13-C31) ---- */
static double n_vuu(double a) { return 2 / PI * asin(2 * a * a / (1 + 2 * a * a)); }
static void n_ekernel(double *o, const double *x)
{
    double a = x[0], b = x[1];
    o[0] = 2 / PI * asin(2 * a * b * cos(x[2]) / sqrt((1 + 2 * a * a) * (1 + 2 * b * b)));
}
static void n_self_gap(double *o, const double *x) { o[0] = 1 - n_vuu(x[0]); }
static void n_c1(double *o, const double *x)
{
    double a = x[0];
    o[0] = 4 / (PI * (1 + 2 * a * a) * sqrt(1 + 4 * a * a));
}
static void n_btilde(double *o, const double *x)
{
    double c = x[0], a = x[1], ct = cos(x[2]), st = sin(x[2]);
    double d = 1 + 2 * a * a + 2 * c * c + 4 * a * a * c * c * st * st;
    o[0] = 4 / PI * c * ct / ((1 + 2 * a * a) * sqrt(d));
    o[1] = 4 / PI * c * st / sqrt(d);
}
static void n_log_vk(double *o, const double *x)
{
    double v = n_vuu(x[1]);
    o[0] = x[0] * log(v);
    o[1] = pow(v, x[0]);
}
static void n_lemma2(double *o, const double *x)
{
    double k = x[0], s = sin(PI / (4 * k)), y = 1 - pow(4, -1 / k), sy = sin(PI * y / 4);
    o[0] = cos(PI / (2 * k)) / (4 * s * s);
    o[1] = cos(PI * y / 2) / (4 * sy * sy);
}
static void n_hess_opt(double *o, const double *x)
{
    double k = x[0], s = x[1] * x[1], v = n_vuu(x[1]);
    double f = 1 + k * pow(v, k - 1);
    o[0] = f * 4 / PI * pow(1 + 4 * s, -1.5) + k * (k - 1) * pow(v, k - 2) * 16 * s / (PI * PI * (1 + 2 * s) * (1 + 2 * s) * (1 + 4 * s));
    o[1] = f * 4 / PI / sqrt(1 + 4 * s);
}

/* ---- Gaussian probabilities (000 Lemma B.1, Theorem 3.1) ---- */
static void n_wedge(double *o, const double *x)
{
    double a4 = x[0] * x[0] * x[0] * x[0], s = sin(x[1] / 4);
    o[0] = a4 * (x[1] - sin(x[1])) / 8;
    o[1] = a4 * s * s * s / (8 * sqrt(2.0));
}
/* sum_{k < d/4} C(d, k) 2^-d, each term exp(lgamma(d+1) - lgamma(k+1) - lgamma(d-k+1) - d log 2) */
static void n_binom_fail(double *o, const double *x)
{
    double d = x[0], sum = 0;
    for (double k = 0; k < d / 4; k++)
        sum += exp(lgamma(d + 1) - lgamma(k + 1) - lgamma(d - k + 1) - d * log(2.0));
    o[0] = sum;
}

/* ---- twolayer (001 Lemma 4; seed-001 C12): the catalogue's reference form of h~ ---- */
static void n_htilde(double *o, const double *x)
{
    double t = x[0], n1 = cos(x[1]), n2 = sin(x[1]), al = x[2], ka = x[3], ct = cos(t), st = sin(t) / (2 * PI);
    double ca = (3 * PI - t) / (2 * PI) - 2 * al, q = 1 - 2 * al;
    double A1 = ca * n1 - st * n2, A2 = st * n1 - ca * n2, G2 = A1 * A1 + A2 * A2 + 2 * ct * A1 * A2;
    double u = n1 * n1 + n2 * n2, sm = sqrt(fmax(0, u + 2 * n1 * n2 * ct)) / ka;
    double g = q / 2 * u - naive_h(t) * n1 * n2 / PI - G2 / (4 * q), y = sm - sqrt(G2) / (2 * q);
    o[0] = y > 0 ? g + q * y * y : g;
}

static void n_halfspace(double *o, const double *x)
{
    double t = x[0], c = cos(t);
    o[0] = (1 + c) / (2 * sqrt(2 * PI));
    o[1] = (PI - t + sin(t) * c) / (2 * PI);
}

/* C19: the catalogue's form with lo = tw - pi/2, hi = pi/2 */
static void n_tl_wedge(double *o, const double *x)
{
    double lo = x[0] - PI / 2, hi = PI / 2, ph = x[1];
    o[0] = ((hi - lo) + (sin(2 * (hi - ph)) - sin(2 * (lo - ph))) / 2) / (2 * PI);
}

/* C18: the catalogue's atan form of Lemma 11's Case II function */
static void n_tent(double *o, const double *x)
{
    double b = x[0], e = x[1], c = cos(b), s = sin(b);
    double p1 = atan((1 / (2 * e) - c) / s), p2 = atan((1 / e - c) / s);
    o[0] = (1 + 2 * sin(p1 - b) - sin(p2 - b) + (sin(p2) - sin(p1)) / e) / (2 * sqrt(2 * PI));
}

/* C11: the A.4 formula as printed, from the vectors of the row's arguments (acos of the normalised dot product) */
static void n_tl_corr(double *o, const double *x)
{
    double x1 = 1 + x[0] * cos(x[2]), y1 = x[0] * sin(x[2]), s2 = x[1] * sin(x[3]);
    double w2[3] = {-(1 + x[1] * cos(x[3])), -s2 * cos(x[4]), -s2 * sin(x[4])};
    double n1 = sqrt(x1 * x1 + y1 * y1), n2 = sqrt(w2[0] * w2[0] + w2[1] * w2[1] + w2[2] * w2[2]);
    double t = acos((x1 * w2[0] + y1 * w2[1]) / (n1 * n2)), st = sin(t);
    o[0] = (n1 * n1 + n2 * n2) / 2 - naive_h(t) * n1 * n2 / PI - (3 * PI - st * n2 / n1 - t) * x1 / (2 * PI) +
           (3 * PI - st * n1 / n2 - t) * w2[0] / (2 * PI) + 1;
}
/* twolayer.corr_ratio: the A.4 formula at e1 = rho cos alpha, e2 = rho sin alpha, divided by rho^2 */
static void n_tl_corr_ratio(double *o, const double *x)
{
    double y[5] = {x[0] * cos(x[1]), x[0] * sin(x[1]), x[2], x[3], x[4]};
    n_tl_corr(o, y);
    o[0] /= x[0] * x[0];
}

/* ---- the libm calls each formula needs ---- */
static void l_sincos(double *o, const double *x) { o[0] = sin(x[0]) + cos(x[0]); }
static void l_sincos2(double *o, const double *x) { o[0] = sin(x[1]) + cos(x[1]); }
static void l_sincos3(double *o, const double *x) { o[0] = sin(x[2]) + cos(x[2]); }
static void l_sin(double *o, const double *x) { o[0] = sin(x[1]); }
static void l_none(double *o, const double *x) { o[0] = x[0]; }
static void l_acos_sin_layers(double *o, const double *x)
{
    double y = cos(x[3]);
    for (int l = 0; l < (int)x[0]; l++)
        y = sin(acos(y * 0.5));
    o[0] = y;
}
static void l_exp(double *o, const double *x) { o[0] = exp(-x[0]); }
static void l_exp3_cos(double *o, const double *x) { o[0] = exp(-x[0]) + exp(-x[1]) + exp(-x[2] - x[0]) + cos(x[2]); }
static void l_exp3_sincos(double *o, const double *x)
{
    o[0] = exp(-x[1]) + exp(-x[2]) + exp(-x[3] - x[1]) + cos(x[3]) + sin(x[3]);
}
static void l_exp4_cos(double *o, const double *x)
{
    o[0] = exp(-x[1]) + exp(-x[2]) + exp(-x[3] - x[1]) + exp(-x[1] - x[2]) + cos(x[3]);
}
static void l_exp3_sincos_sqrt(double *o, const double *x)
{
    o[0] = exp(-x[0]) + exp(-x[1]) + exp(-x[2] - x[0]) + cos(x[2]) + sin(x[2]) + sqrt(x[0] + x[1]);
}
static void l_asin_sqrt_cos(double *o, const double *x) { o[0] = asin(x[0] / (1 + x[0])) + sqrt(x[1]) + cos(x[2]); }
static void l_asin(double *o, const double *x) { o[0] = asin(x[0] / (1 + x[0])); }
static void l_sqrt(double *o, const double *x) { o[0] = sqrt(x[0]); }
static void l_sincos_sqrt(double *o, const double *x) { o[0] = cos(x[2]) + sin(x[2]) + sqrt(x[1]); }
static void l_asin_log_pow(double *o, const double *x)
{
    o[0] = asin(x[1] / (1 + x[1])) + log(x[1]) + pow(x[1], x[0]);
}
static void l_sin2_cos2_pow(double *o, const double *x)
{
    o[0] = sin(1 / x[0]) + sin(2 / x[0]) + cos(1 / x[0]) + cos(2 / x[0]) + pow(4, -1 / x[0]);
}
static void l_asin_pow3_sqrt(double *o, const double *x)
{
    o[0] = asin(x[1] / (1 + x[1])) + pow(x[1], x[0]) + pow(x[1], x[0] - 1) + pow(x[1], -1.5) + sqrt(x[1]);
}
static void l_sin2(double *o, const double *x) { o[0] = sin(x[1]) + sin(x[1] / 4); }
static void l_sin_2(double *o, const double *x) { o[0] = sin(x[0]) + sin(x[1]); }
static void l_tent(double *o, const double *x)
{
    o[0] = cos(x[0]) + sin(x[0]) + atan(x[1]) + atan(x[0]) + sin(x[0] + 1) + sin(x[1] + 1) + sin(x[0] + 2) + sin(x[1] + 2);
}
static void l_tl_corr(double *o, const double *x)
{
    o[0] = sin(x[2]) + cos(x[2]) + sin(x[3]) + cos(x[3]) + sin(x[4]) + cos(x[4]) + acos(x[0] / (4 + x[0])) + sin(x[1]) +
           cos(x[1]) + sqrt(x[0]) + sqrt(x[1]);
}
static void l_tl_corr_ratio(double *o, const double *x)
{
    l_tl_corr(o, x);
    o[0] += sin(x[1]) + cos(x[1]);
}
static void l_htilde(double *o, const double *x) { o[0] = sin(x[0]) + cos(x[0]) + sin(x[1]) + cos(x[1]) + sqrt(x[2]) + sqrt(x[3]); }

typedef struct {
    const char *id;
    gdc_double_fn naive;
    gdc_double_fn libm;
    const char *calls;
} naive_t;

static const naive_t naives[] = {
    {"relu.h", n_h, l_sincos, "sin,cos"},
    {"relu.J", n_J, l_sincos, "sin,cos"},
    {"relu.step", n_step, l_none, "none"},
    {"relu.kernel", n_kernel, l_sincos3, "sin,cos"},
    {"relu.loss", n_loss, l_sincos2, "sin,cos"},
    {"relu.grad", n_grad, l_sincos2, "sin,cos"},
    {"relu.corr", n_corr, l_sincos2, "sin,cos"},
    {"relu.corr_ratio", n_corr_ratio, l_sincos2, "sin,cos"},
    {"relu.norm_rate", n_norm_rate, l_sincos2, "sin,cos"},
    {"relu.angle_rate", n_angle_rate, l_sin, "sin"},
    {"relu.hess_eig", n_hess_eig, l_sin, "sin"},
    {"relu.nngp", n_nngp, l_acos_sin_layers, "cos,L acos,sin"},
    {"relu.ntk", n_ntk, l_acos_sin_layers, "cos,L acos,sin"},
    {"cosine.ecos", n_ecos, l_exp, "exp"},
    {"cosine.ecc", n_ecc, l_exp3_cos, "4 exp,cos"},
    {"cosine.grad", n_cgrad, l_exp3_sincos, "3 exp,sincos"},
    {"cosine.ws", n_ws, l_exp4_cos, "4 exp,cos"},
    {"cosine.hess_eig", n_chess, l_exp3_sincos_sqrt, "3exp,sc,sqrt"},
    {"erf.kernel", n_ekernel, l_asin_sqrt_cos, "asin,sqrt,cos"},
    {"erf.self_gap", n_self_gap, l_asin, "asin"},
    {"erf.c1", n_c1, l_sqrt, "sqrt"},
    {"erf.btilde", n_btilde, l_sincos_sqrt, "sincos,sqrt"},
    {"erf.log_vk", n_log_vk, l_asin_log_pow, "asin,log,pow"},
    {"erf.lemma2", n_lemma2, l_sin2_cos2_pow, "2sin,2cos,pow"},
    {"erf.hess_opt", n_hess_opt, l_asin_pow3_sqrt, "asin,4pow,sqrt"},
    {"gauss.wedge", n_wedge, l_sin2, "2 sin"},
    {"gauss.binom_fail", n_binom_fail, NULL, "lgamma,exp"},
    {"twolayer.htilde", n_htilde, l_htilde, "2sincos,2sqrt"},
    {"twolayer.halfspace", n_halfspace, l_sincos, "sin,cos"},
    {"twolayer.wedge", n_tl_wedge, l_sin_2, "2 sin"},
    {"twolayer.tent", n_tent, l_tent, "sc,2atan,4sin"},
    {"twolayer.corr", n_tl_corr, l_tl_corr, "4sincos,acos,2sqrt"},
    {"twolayer.corr_ratio", n_tl_corr_ratio, l_tl_corr_ratio, "5sincos,acos,2sqrt"},
};

static const naive_t *find_naive(const char *id)
{
    for (size_t i = 0; i < sizeof naives / sizeof naives[0]; i++)
        if (strcmp(naives[i].id, id) == 0)
            return &naives[i];
    return NULL;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* processor time of this thread: the timings count only the time the thread ran, not the time other jobs on a
 * shared machine held the cores (with wall-clock time, single figures moved by 30% and more at loads of 10-17) */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* nanoseconds per call of fn, cycling over the points in batches that double in size until MIN_SECONDS
 * have passed (so that slow kernels stop early); the function pointer goes through a volatile so that the
 * compiler cannot inline or specialise the call */
static double time_fn(gdc_double_fn fn, int nargs, const double *xs, long npts)
{
    gdc_double_fn volatile fv = fn;
    volatile double sink = 0;
    double out[GDC_MAX_OUT] = {0}, acc = 0, t0, t1;
    long calls = 0, batch = 1, p = 0;
    gdc_double_fn f = fv;
    t0 = cpu_now();
    do {
        for (long b = 0; b < batch; b++) {
            f(out, xs + p * nargs);
            acc += out[0];
            if (++p == npts)
                p = 0;
        }
        calls += batch;
        if (batch < 65536)
            batch *= 2;
        t1 = cpu_now();
    } while (t1 - t0 < MIN_SECONDS);
    sink = acc;
    (void)sink;
    return 1e9 * (t1 - t0) / (double)calls;
}

/* nanoseconds per point of gdc_eval_n over the npts points, repeated until MIN_SECONDS have passed */
static double time_batch(const gdc_row_t *row, const double *xs, long npts, double *ys)
{
    volatile double sink = 0;
    double t0 = cpu_now(), t1;
    long calls = 0;
    do {
        gdc_eval_n(row, ys, xs, (size_t)npts);
        sink += ys[0];
        calls += npts;
        t1 = cpu_now();
    } while (t1 - t0 < MIN_SECONDS);
    (void)sink;
    return 1e9 * (t1 - t0) / (double)calls;
}

/* worst error of fn over the points (every output); stops after ERR_SECONDS, *used = points examined */
static double worst_error(const gdc_row_t *row, gdc_double_fn fn, const double *xs, long npts, long *used)
{
    double worst = 0, y[GDC_MAX_OUT], err[GDC_MAX_OUT], t0 = now();
    long p;
    for (p = 0; p < npts && (p < 16 || now() - t0 < ERR_SECONDS); p++) {
        const double *x = xs + p * row->nargs;
        fn(y, x);
        gdc_double_error(row, x, y, err, NULL);
        for (int k = 0; k < row->nout; k++)
            if (!(err[k] <= worst))
                worst = isnan(err[k]) ? INFINITY : err[k];
    }
    if (used)
        *used = p;
    return worst;
}

static void print_err(double e)
{
    if (isinf(e))
        printf(" %9s", "inf");
    else
        printf(" %9.3g", e);
}

int main(int argc, char **argv)
{
    size_t n = gdc_registry_count();
    double *xs = malloc(sizeof(double) * GDC_MAX_ARGS * TIME_POINTS);
    long cap = ERR_PER_REGIME * GDC_MAX_REGIMES + ERR_RANDOM;
    double *es = malloc(sizeof(double) * GDC_MAX_ARGS * (size_t)cap);
    double *ys = malloc(sizeof(double) * GDC_MAX_OUT * TIME_POINTS);
    if (!xs || !es || !ys)
        return 1;

    printf("time per evaluation (ns) at uniform random points; worst error |y - exact| / max(ulp, Delta) at up\n"
           "to %d uniform random points and %d points per hard regime (at most %.0f s of Arb per column:\n"
           "the last column gives the points used); batch = ns per point of gdc_eval_n over the points, over ours;\n"
           "naive = the textbook formula; ratio = ours/naive; libm = its libm\n"
           "calls; times are the minimum of %d alternating rounds\n\n",
           ERR_RANDOM, ERR_PER_REGIME, ERR_SECONDS, ROUNDS);
    printf("%-16s %8s %5s %8s %6s %8s %-13s %9s %9s %9s %9s %s\n", "", "ours", "batch", "naive", "ratio", "libm",
           "(calls)", "ours", "naive", "ours", "naive", "error points");
    printf("%-16s %8s %5s %8s %6s %8s %-13s %9s %9s %9s %9s %s\n", "id", "ns", "/ours", "ns", "", "ns", "", "err rand",
           "err rand", "err hard", "err hard", "rand/hard");
    for (size_t i = 0; i < n; i++) {
        const gdc_row_t *row = gdc_registry_row(i);
        const naive_t *nv = find_naive(row->id);
        int wanted = argc < 2;
        for (int a = 1; a < argc; a++)
            wanted |= strcmp(argv[a], row->id) == 0 || strncmp(argv[a], row->id, strlen(argv[a])) == 0;
        if (!wanted)
            continue;
        long npts = gdc_sample_points(row, xs, TIME_POINTS, TIME_POINTS, 0, 1, NULL);
        /* ours, naive and libm timed in alternation, ROUNDS times each; the minimum of each (the machine is shared:
         * the minimum is the figure least disturbed by other load, and the alternation exposes all three to it) */
        double t_ours = INFINITY, t_naive = INFINITY, t_libm = INFINITY, t_batch = INFINITY;
        for (int round = 0; round < ROUNDS; round++) {
            t_ours = fmin(t_ours, time_fn(row->fn_double, row->nargs, xs, npts));
            t_batch = fmin(t_batch, time_batch(row, xs, npts, ys));
            if (nv) {
                t_naive = fmin(t_naive, time_fn(nv->naive, row->nargs, xs, npts));
                if (nv->libm)
                    t_libm = fmin(t_libm, time_fn(nv->libm, row->nargs, xs, npts));
            }
        }
        printf("%-16s %8.1f %5.2f", row->id, t_ours, t_batch / t_ours);
        if (nv)
            printf(" %8.1f %6.2f %8.1f %-13s", t_naive, t_ours / t_naive, nv->libm ? t_libm : NAN, nv->calls);
        else
            printf(" %8s %6s %8s %-13s", "-", "-", "-", "");
        fflush(stdout);

        long nr = gdc_sample_points(row, es, cap, ERR_RANDOM, 0, 2, NULL), ur = 0, uh = 0;
        print_err(worst_error(row, row->fn_double, es, nr, &ur));
        if (nv)
            print_err(worst_error(row, nv->naive, es, ur, NULL));
        else
            printf(" %9s", "-");
        /* hard-regime points only: the random part of gdc_sample_points is empty */
        long nh = gdc_sample_points(row, es, cap, 0, ERR_PER_REGIME, 3, NULL);
        if (nh > 0) {
            print_err(worst_error(row, row->fn_double, es, nh, &uh));
            if (nv)
                print_err(worst_error(row, nv->naive, es, uh, NULL));
            else
                printf(" %9s", "-");
        } else {
            printf(" %9s %9s", "-", "-");
        }
        printf(" %5ld/%-5ld", ur, uh);
        printf("\n");
        fflush(stdout);
    }
    free(xs);
    free(es);
    free(ys);
    flint_cleanup();
    return 0;
}
