/* Double-double special functions shared by the gauss family: exp, erf/erfc/erfcx and the regularised
 * upper incomplete gamma function Q(d/2, x) for integer d (the chi-square tail, seed-000 C15 and C27). */
#ifndef GDC_GAUSS_SPECIAL_H
#define GDC_GAUSS_SPECIAL_H
#include "gauss/dd.h"

/* constants as double-doubles */
#define GDC_DD_LN2 gdc_dd(0.6931471805599453, 2.3190468138462996e-17)
#define GDC_DD_2_SQRTPI gdc_dd(1.1283791670955126, 1.533545961316588e-17)
#define GDC_DD_1_SQRTPI gdc_dd(0.5641895835477563, 7.66772980658294e-18)
#define GDC_DD_SQRT2 gdc_dd(1.4142135623730951, -9.667293313452913e-17)
#define GDC_DD_1_SQRT2 gdc_dd(0.7071067811865476, -4.833646656726457e-17)
#define GDC_DD_1_PI gdc_dd(0.3183098861837907, -1.9678676675182486e-17)

/* exp(x) = m 2^e to about 2^-100 relative (|x| < 2^40) */
gdc_sdd_t gdc_gauss_exp_dd(gdc_dd_t x);
/* erfc(z) for z >= 0 as a double-double; erfcx(z) = exp(z^2) erfc(z). */
gdc_dd_t gdc_gauss_erfc_dd(gdc_dd_t z);
gdc_dd_t gdc_gauss_erfcx_dd(gdc_dd_t z);
/* upper tail of the standard normal, Q(g) = erfc(g/sqrt2)/2, for g >= 0 */
gdc_dd_t gdc_gauss_normal_q_dd(gdc_dd_t g);
/* Q(d/2, x) (regularised upper incomplete gamma), d >= 1 integer, x >= 0 a double-double */
double gdc_gauss_gamma_q(long d, gdc_dd_t x);

#endif
