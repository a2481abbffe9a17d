/* Double kernels of the CNN rows (003_676a49ed0823cdd9.txt; seed-003 C6, C12, C17):
 *   loss      ell = ((pi - 1)(n - 2Wx + W^2 N) + (s - WS)^2 + 2W (pi - g) x)/(4 pi), the corrected Eq. (3) regrouped
 *             (expanding gives C6 term by term); D2 = n - 2Wx + W^2 N and s - WS in double-double, so the only
 *             rounding left is what the inputs carry;
 *   profile   ell* = W^2 u ((2 pi - 2 - u) N + u S^2/K)/(4 pi (pi - 1)), u = pi - g >= 0, 2 pi - 2 - u >= pi - 2 > 0:
 *             a product and sum of non-negative terms;
 *   spurious  ell_sp = W^2 ((pi - 2) N + pi S^2/K)/(4 (pi - 1)) (non-negative terms) and a_sp'a* = W (pi S^2/K - N)/(pi - 1);
 *   angle     phi' = atan2(sin phi |1 - y cos phi|, cos phi + y sin^2 phi) (C17: the factor 1/sqrt(1 + y^2 sin^2 phi)
 *             of both coordinates cancels in atan2; 1 - y cos phi by one fma). */
#include <math.h>
#include "cnn/cnn.h"
#include "core/angle.h"
#include "core/dd.h"

static const double PI_M1 = 2.141592653589793;   /* pi - 1 (nearest double) */
static const double PI_M2 = 1.1415926535897931;  /* pi - 2 */
static const gdc_dd_t INV4PIPM1 = {0.0371580801851173, -2.4317336683369546e-18}; /* 1/(4 pi (pi - 1)) */

double gdc_cnn_loss(double W, double N, double S, double phi, double x, double s, double n)
{
    /* D2 = n - 2 W x + W^2 N in double-double */
    gdc_dd_t wx = gdc_dd_two_prod(W, x), wn = gdc_dd_mul_d(gdc_dd_two_prod(W, W), N);
    gdc_dd_t d2 = gdc_dd_add(gdc_dd_sub(gdc_dd_d(n), gdc_dd_scale(wx, 2.0)), wn);
    gdc_dd_t ds = gdc_dd_sub(gdc_dd_d(s), gdc_dd_two_prod(W, S));
    gdc_dd_t t = gdc_dd_mul(gdc_dd(PI_M1, GDC_PI_LO), d2);
    t = gdc_dd_add(t, gdc_dd_sqr(ds));
    t = gdc_dd_add(t, gdc_dd_scale(gdc_dd_mul_d(wx, gdc_cnn_pmg(phi)), 2.0));
    return gdc_dd_to_d(gdc_dd_mul(t, gdc_dd(0.5 * GDC_INV2PI_HI, 0.5 * GDC_INV2PI_LO)));
}

double gdc_cnn_profile_loss(double k, double W, double N, double S, double phi)
{
    /* W^2 u a/(4 pi (pi - 1)) in double-double: a chain of five roundings would reach 4 ulps */
    if (phi < 0x1p-200) {
        /* u = (pi/2) phi^2 (1 - 2 phi/(3 pi) + O(phi^2)) = (pi/2) phi^2 to 2^-200; multiply by phi last, so that
         * no intermediate is subnormal when the result is not */
        gdc_dd_t t = gdc_dd_mul_d(gdc_dd_two_prod(W, W), 2.0 * PI_M1 * N);
        t = gdc_dd_mul(gdc_dd_mul(t, INV4PIPM1), gdc_dd(0.5 * GDC_PI_HI, 0.5 * GDC_PI_LO));
        return gdc_dd_to_d(gdc_dd_mul_d(gdc_dd_mul_d(t, phi), phi));
    }
    double u = gdc_cnn_pmg(phi);
    double a = (2.0 * PI_M1 - u) * N + u * (S * S / (k + PI_M1)); /* non-negative terms */
    gdc_dd_t t = gdc_dd_mul_d(gdc_dd_mul_d(gdc_dd_two_prod(W, W), u), a);
    return gdc_dd_to_d(gdc_dd_mul(t, INV4PIPM1));
}

void gdc_cnn_spurious(double *out, double k, double W, double N, double S)
{
    double K = k + PI_M1;
    double q = GDC_PI_HI * S * S / K;
    out[0] = W * W * (PI_M2 * N + q) / (4.0 * PI_M1);
    out[1] = W * (q - N) / PI_M1;
}

double gdc_cnn_angle_step(double phi, double y)
{
    double s = sin(phi), c = cos(phi);
    double a = fma(y * s, s, c);
    double b = s * fabs(fma(-y, c, 1.0));
    return atan2(b, a);
}
