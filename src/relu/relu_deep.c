/* Double kernels of the deep ReLU kernels (issue 14; beyond the papers): the NNGP and NTK of a bias-free fully
 * connected ReLU network with L hidden layers and weights N(0, 2/fan-in) (He scaling, c_sigma = 2), as in Arora et
 * al. 2019, "On exact computation with an infinitely wide neural net", eqs. (4)-(7), and Cho & Saul 2009 (the
 * arc-cosine kernel of degree 1 iterated):
 *   Sigma_0 = a b cos t,  Sigma_l = a b rho_l,  rho_l = kappa1(rho_{l-1}) = h(theta_{l-1})/pi,
 *   Sigma'_l = kappa0(rho_{l-1}) = (pi - theta_{l-1})/pi,  theta_l = angle of layer l (cos theta_l = rho_l),
 *   Theta_0 = Sigma_0,  Theta_l = Theta_{l-1} Sigma'_l + Sigma_l   (the NTK, tau_l = Theta_l/(a b)),
 * with h(t) = sin t + (pi - t) cos t (relu.h): rho_1 = 2 relu.kernel(1, 1, t).
 *
 * Stable form: the layer correlation rho_l tends to 1 with depth (1 - rho_l of order 1/l^2: 4.3e-5 at l = 1000),
 * where the textbook recursion theta = acos(rho) loses every digit of 1 - rho. Each layer carries
 *   m = 1 - rho = 2 sin^2(theta/2)  and  theta = 2 asin(sqrt(m/2))  (m <= 1 after layer 0: never acos near 1),
 *   m' = 1 - h(theta)/pi = m - J(theta)/pi  (pi - h = 2 pi sin^2(theta/2) - J, J(x) = sin x - x cos x = G3(x)),
 * with J by its series below theta = 1 (no cancellation) and m' = 1 - rho' when rho' <= 1/2; sin theta =
 * sqrt(m (2 - m)), cos theta = 1 - m, so a layer costs two square roots, one asin and at most a short series.
 * The first layer starts from t and e = pi - t (a two-double): h(t) = G3(e) for e < 1 (t -> pi).
 *
 * Precision: a rounding error of a layer is carried to the output with a factor at most about 1 (the map
 * m -> m' has derivative kappa0 <= 1 and log-derivative <= 1), so L layers in double would add up to L errors of a
 * few ulps. The recursion is therefore carried in long double (the x87 64-bit significand on x86-64, 11 bits more
 * than double; IEEE quad where long double is quad): L = 1000 layers of about 4 long-double ulps each stay below
 * 2 double ulps. Where long double is double (some ABIs), the bound is the L-fold one and the accuracy target
 * of the rows is not claimed. */
#include <math.h>
#include "relu/relu.h"
#include "core/angle.h"

#define PI_L 3.14159265358979323846264338327950288L
#define INVPI_L 0.318309886183790671537767526745028724L

/* G3(x) = sin x - x cos x = x^3/3 (1 - x^2/10 (1 - x^2/28 (1 - ...))) for 0 <= x < 1: ratio of consecutive
 * coefficients a_{k+1}/a_k = 1/(2k (2k + 3)) (a_k = 2k/(2k+1)!), each rounded once; eleven terms, the first
 * omitted a_12 x^24 < 2^-78 a_1: no cancellation (each bracket is in [0.9, 1]), error a few long-double ulps. */
static long double g3_l(long double x)
{
    static const long double inv[10] = {1.0L / 10, 1.0L / 28, 1.0L / 54, 1.0L / 88, 1.0L / 130, 1.0L / 180,
                                        1.0L / 238, 1.0L / 304, 1.0L / 378, 1.0L / 460};
    long double u = x * x, p = 1.0L;
    for (int k = 9; k >= 0; k--)
        p = 1.0L - (u * inv[k]) * p;
    return x * u * (1.0L / 3) * p;
}

/* one layer's state: angle theta and pi - theta, sin, cos, m = 1 - cos theta = 2 sin^2(theta/2) */
typedef struct {
    long double th, e, s, c, m;
} layer_t;

/* the state of layer 0 from t and its two-double e = pi - t: sin and cos of the smaller of t and e (no range
 * reduction near pi; e is given: from t as a two-double, or Kahan's mirror angle of two vectors), m by 2 sin^2(t/2) */
static void layer0(layer_t *y, double t, double e, double e_lo)
{
    y->th = t;
    y->e = (long double)e + e_lo;
    if (t <= 1.5707963267948966) {
        y->s = sinl(y->th);
        y->c = cosl(y->th);
    } else {
        y->s = sinl(y->e);
        y->c = -cosl(y->e);
    }
    long double sh = sinl(0.5L * y->th);
    y->m = 2.0L * sh * sh;
}

/* the next layer: rho' = h(theta)/pi, m' = 1 - rho', theta' from m' (theta' in [0, pi/2]) */
static void layer_next(layer_t *y, long double *rho)
{
    long double h = y->e < 1.0L ? g3_l(y->e) : y->s + y->e * y->c;
    long double r = h * INVPI_L, m;
    if (y->th == 0.0L) /* parallel inputs: rho = 1 in every layer, exactly (the Gram diagonal) */
        r = 1.0L, m = 0.0L;
    else if (r <= 0.5L)
        m = 1.0L - r;
    else
        m = y->m - (y->th < 1.0L ? g3_l(y->th) : y->s - y->th * y->c) * INVPI_L;
    if (m < 0.0L)
        m = 0.0L;
    long double sh = sqrtl(0.5L * m), ch = sqrtl(1.0L - 0.5L * m);
    y->th = 2.0L * asinl(sh); /* sh <= sqrt(1/2): asin is well conditioned (factor <= 1.3) */
    y->e = PI_L - y->th;
    y->s = 2.0L * sh * ch;
    y->c = 1.0L - m;
    y->m = m;
    *rho = r;
}

/* a b x without an intermediate overflow before the result's own */
static double scale_ab(double a, double b, long double x)
{
    double big = a > b ? a : b, small = a > b ? b : a;
    if (x == 1.0L)
        return big * small; /* the Gram diagonal |x|^2 as the double product */
    return (double)((big * x) * small);
}

static void nngp_te(double out[2], int L, double a, double b, double t, double e, double e_lo)
{
    layer_t y;
    layer0(&y, t, e, e_lo);
    long double rho = y.c;
    for (int l = 0; l < L; l++)
        layer_next(&y, &rho);
    out[0] = scale_ab(a, b, rho);
    out[1] = scale_ab(a, b, y.m);
}

static double ntk_te(int L, double a, double b, double t, double e, double e_lo)
{
    layer_t y;
    layer0(&y, t, e, e_lo);
    long double rho, tau = y.c;
    for (int l = 0; l < L; l++) {
        long double k0 = y.th == 0.0L ? 1.0L : y.e * INVPI_L; /* kappa0 = (pi - theta)/pi of the layer below */
        layer_next(&y, &rho);
        tau = tau * k0 + rho;
    }
    return scale_ab(a, b, tau);
}

void gdc_relu_nngp(double out[2], int L, double a, double b, double t)
{
    double e_lo, e = gdc_pi_minus(t, &e_lo);
    nngp_te(out, L, a, b, t, e, e_lo);
}

double gdc_relu_ntk(int L, double a, double b, double t)
{
    double e_lo, e = gdc_pi_minus(t, &e_lo);
    return ntk_te(L, a, b, t, e, e_lo);
}

void gdc_relu_nngp_mirror(double out[2], int L, double a, double b, double t, double e)
{
    nngp_te(out, L, a, b, t, e, 0.0);
}

double gdc_relu_ntk_mirror(int L, double a, double b, double t, double e)
{
    return ntk_te(L, a, b, t, e, 0.0);
}
