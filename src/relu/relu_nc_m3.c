/* M3(b) = int_0^inf rho^3 e^{-rho^2/2 + b rho} drho (seed-000 C26; 000_09c7d5b8511ab65b.txt Sec. 6.2, Figure 1)
 * in double, without the cancellation of the closed form b^2 + 2 + sqrt(2 pi) e^{b^2/2} b (b^2 + 3) Phi(b)
 * for b < 0 (C26 "numerical care": the terms are about b^2 while M3 is about 6/b^4).
 * With J_n(b) = int_0^inf rho^n e^{-rho^2/2 + b rho} drho, dJ_n/db = J_{n+1}, so
 *   M3(b0 + t) = sum_k J_{3+k}(b0) t^k/k!
 *   b in [-1, 0):   centre 0 (37 terms, J_{3+k}(0)/k! = 2^{(k+2)/2} Gamma(k/2 + 2)/k!),
 *   b in [-2, -1):  centre -1.5 (24 terms, |t| <= 1/2),
 *   b in [-3, -2):  centre -2.5 (23 terms, |t| <= 1/2),
 * summed by Horner in double-double (the alternating sums lose at most about 12 bits of the 106); the coefficients
 * are the double-double roundings of mpmath values at 60 digits (quad of the defining integral), truncated where
 * the tail is below 1e-19 M3(b) on the interval. Generator:
 *   import mpmath as mp; mp.mp.dps = 60
 *   J = lambda n, b: mp.quad(lambda r: r**n * mp.exp(-r*r/2 + b*r), [0, mp.inf])
 *   coeff(b0, k) = J(3 + k, b0)/mp.factorial(k), printed as hi = float(x), lo = float(x - hi)
 *   b < -3 (z = -b > 3): the recurrence J_n = b J_{n-1} + (n - 1) J_{n-2}, J_1 = 1 + b J_0 gives, for the ratios
 *   r_n = J_n/J_{n-1}, the continued fraction r_{n-1} = (n - 1)/(z + r_n) and J_0 = 1/(z + r_1), so
 *   M3 = J_3 = r_1 r_2 r_3/(z + r_1): positive terms only; evaluated backward from depth N = 20 + 600/z^2
 *   (tail r_N ~ sqrt(N)), which the tests check to within 2^-52 relative against Arb for z in (3, 40].
 * b >= 0: the closed form (positive terms), with Phi(b) = erfc(-b/sqrt2)/2. */
#include <math.h>
#include "relu/relu_nc.h"
#include "core/dd.h"

static const gdc_dd_t m3_at_0[37] = {
    {0x1.0000000000000p+1, 0x0.0p+0}, {0x1.e145caff13a88p+1, 0x1.860ebd8be16adp-53},
    {0x1.0000000000000p+2, 0x0.0p+0}, {0x1.910f7e7f3b0c7p+1, -0x1.0490cb6197c52p-57},
    {0x1.0000000000000p+1, 0x0.0p+0}, {0x1.18be0bbf76225p+0, -0x1.c732f064475c2p-56},
    {0x1.1111111111111p-1, 0x1.1111111111111p-57}, {0x1.e145caff13a88p-3, 0x1.860ebd8be16adp-57},
    {0x1.8618618618618p-4, 0x1.8618618618618p-58}, {0x1.261c6dd4c4e70p-5, -0x1.b17c34c6d00bbp-60},
    {0x1.a01a01a01a01ap-7, 0x1.a01a01a01a01ap-67}, {0x1.161191bb332e3p-8, -0x1.2a02dc709a341p-62},
    {0x1.610e4ef473283p-10, -0x1.4fd11c198388bp-64}, {0x1.abcc42a9d895dp-12, -0x1.bc5792958bb3ep-67},
    {0x1.f09b28ba4d955p-14, 0x1.5d17c1f83e8bbp-68}, {0x1.150cd0f687637p-15, 0x1.b1e96b6e63b28p-70},
    {0x1.29f6b20961c00p-17, 0x1.29f6b20961c00p-77}, {0x1.35a4e98c00ba7p-19, 0x1.e809c2f6c0bc3p-75},
    {0x1.3798920676f45p-21, -0x1.93648b502911cp-75}, {0x1.30363ac86c814p-23, 0x1.df2ad191f0761p-77},
    {0x1.20a2e2e2f4ed1p-25, 0x1.111231b3f3f40p-81}, {0x1.0a8c29c0ad171p-27, 0x1.3fe81fc36a6dbp-85},
    {0x1.dfcf9a68a7c5fp-30, -0x1.1661eaa2f2bd8p-85}, {0x1.a56b430620d69p-32, -0x1.6dce1407ecfd9p-87},
    {0x1.6998be91a73fdp-34, 0x1.27cc43698e459p-88}, {0x1.2f6bf2d1365d1p-36, -0x1.a268e87dbbb77p-90},
    {0x1.f272742e63ca3p-39, 0x1.03a8eddc55d6ep-93}, {0x1.911abc3f98d28p-41, 0x1.54cc00e3b6b89p-96},
    {0x1.3c796e5657bd5p-43, 0x1.782a3da036805p-97}, {0x1.ea04eb05d0234p-46, -0x1.a153774275e79p-100},
    {0x1.747e72912d023p-48, -0x1.bcb75498c2cb4p-102}, {0x1.1634572fe4d39p-50, 0x1.79776d038ed0cp-104},
    {0x1.988aaf33dec89p-53, 0x1.eec3a490c8433p-113}, {0x1.2710b98fe32e0p-55, -0x1.f696110035e81p-110},
    {0x1.a3771eaafd61cp-58, 0x1.a81bc7c61660fp-112}, {0x1.2593de0ef2624p-60, -0x1.a5d870ff20d5fp-116},
    {0x1.94d13baab524bp-63, -0x1.c42974d72ddb6p-117}};

static const gdc_dd_t m3_at_m1_5[24] = {
    {0x1.80ece62693001p-3, -0x1.f4ac7a1ae0f16p-57}, {0x1.fa6b284d3cbcep-3, -0x1.4a371a2fdad63p-58},
    {0x1.86096e1338727p-3, -0x1.6d844a63cfd27p-57}, {0x1.c5fe7fc2d7730p-4, 0x1.afabb491441ffp-58},
    {0x1.b793fc544f4e9p-5, -0x1.ec95c3492bcd0p-63}, {0x1.73d84eaafe0b8p-6, 0x1.0d2683c3ba267p-65},
    {0x1.1af5f6e24d09cp-7, 0x1.fd16bf5276b46p-61}, {0x1.8ae920f571791p-9, -0x1.13a84aa557340p-63},
    {0x1.0023620bd1377p-10, 0x1.f22fe61848bb7p-70}, {0x1.37e8e6eb3819ap-12, 0x1.c657250938376p-66},
    {0x1.6748469d2533bp-14, -0x1.7776726fd835fp-69}, {0x1.89d2231347d33p-16, -0x1.fd522fb422e10p-70},
    {0x1.9cc7e269c2018p-18, 0x1.1390f162f2095p-73}, {0x1.9f5d2fecd9e1bp-20, 0x1.61ac87a811477p-75},
    {0x1.929a028c15f8ap-22, -0x1.6dd9c212786cap-76}, {0x1.78f46410afe57p-24, 0x1.a825ec2ff717ep-78},
    {0x1.55c390bb72011p-26, 0x1.870c237c7f430p-81}, {0x1.2cae008532f10p-28, 0x1.58cde3981bd2ap-82},
    {0x1.012c725ebb92bp-30, -0x1.66e241ad014b5p-84}, {0x1.ac623f8686549p-33, -0x1.df1fea67da7a7p-87},
    {0x1.5beece4d35e63p-35, 0x1.731db783dcc61p-93}, {0x1.13efb873505b3p-37, 0x1.b7cc312a4b81bp-93},
    {0x1.abdeffa1ddf9dp-40, -0x1.4748f6f667b8fp-94}, {0x1.44a50150637e9p-42, 0x1.8d002632b08a5p-97}};

static const gdc_dd_t m3_at_m2_5[23] = {
    {0x1.d8046e684e33cp-5, -0x1.abe975759b16ap-59}, {0x1.f57f48a2d1bb6p-5, -0x1.d1257c6c3189ep-60},
    {0x1.3d29c205163d4p-5, -0x1.a8dbe93cb9b83p-62}, {0x1.333935b18dd23p-6, 0x1.51c9f1e9409bcp-63},
    {0x1.f49801d876678p-8, 0x1.8405df917de68p-63}, {0x1.67a1c7b249e50p-9, 0x1.4dd08b48e4767p-63},
    {0x1.d48bfb605f4e1p-11, -0x1.28ccb3792f3e5p-67}, {0x1.19d5ebeccce32p-12, 0x1.74caf912e9510p-67},
    {0x1.3d0edba1ac9ccp-14, -0x1.09da4057198d7p-68}, {0x1.50a513c818998p-16, 0x1.27ea945b72720p-70},
    {0x1.53bee2e624709p-18, 0x1.29770484570aep-72}, {0x1.47b481063bef2p-20, 0x1.2120d3429295cp-74},
    {0x1.2f735394be510p-22, -0x1.c1d92481911ccp-76}, {0x1.0ebcfc5c18941p-24, 0x1.8d00eaf178865p-78},
    {0x1.d2e4df7345ddap-27, -0x1.884dab1439273p-81}, {0x1.86140764c5831p-29, -0x1.3f2dce3f2a370p-83},
    {0x1.3c795451becb4p-31, -0x1.f5ad5f9730998p-85}, {0x1.f39e07ae42721p-34, 0x1.63da37d0e2cdbp-89},
    {0x1.8057536846fe9p-36, 0x1.97ae3304771fcp-91}, {0x1.209139f690afbp-38, 0x1.828cabb46a3b9p-93},
    {0x1.a779a69f81a95p-41, -0x1.f97c8cfe7e031p-95}, {0x1.3006643f8c9a2p-43, 0x1.c8a0541625fb3p-98},
    {0x1.ab928b4db822ep-46, 0x1.947663c8fb5aap-101}};

static gdc_dd_t horner_dd(const gdc_dd_t *c, int n, double t)
{
    gdc_dd_t p = c[n - 1];
    for (int k = n - 2; k >= 0; k--)
        p = gdc_dd_add(gdc_dd_mul_d(p, t), c[k]);
    return p;
}

/* M3(-z) for z > 3 by the continued fraction (the last steps and the product in double-double) */
static double m3_cf(double z)
{
    int n = 20 + (int)(600.0 / (z * z));
    double r = sqrt((double)n);
    for (int k = n; k >= 7; k--)
        r = (double)(k - 1) / (z + r); /* r_{k-1} */
    gdc_dd_t rr = gdc_dd_d(r), r1 = rr, r2 = rr, r3 = rr; /* rr = r_6 */
    for (int k = 6; k >= 2; k--) {
        rr = gdc_dd_div(gdc_dd_d((double)(k - 1)), gdc_dd_add_d(rr, z)); /* r_{k-1} */
        if (k == 4)
            r3 = rr;
        else if (k == 3)
            r2 = rr;
        else if (k == 2)
            r1 = rr;
    }
    return gdc_dd_to_d(gdc_dd_div(gdc_dd_mul(gdc_dd_mul(r1, r2), r3), gdc_dd_add_d(r1, z)));
}

/* M3(b) as a double-double for -3 <= b < 0 */
static gdc_dd_t m3_taylor(double b)
{
    if (b >= -1.0) /* terms needed for a tail below 1e-19 M3(b) (mpmath): 16, 20, 26, 32, 37 for |b| <= 1/8 ... 1 */
        return horner_dd(m3_at_0, b >= -0.125 ? 16 : b >= -0.25 ? 20 : b >= -0.5 ? 26 : b >= -0.75 ? 32 : 37, b);
    if (b >= -2.0)
        return horner_dd(m3_at_m1_5, 24, b + 1.5); /* b + 1.5 is exact (Sterbenz) */
    return horner_dd(m3_at_m2_5, 23, b + 2.5);
}

double gdc_relu_nc_m3_neg(double b, double *m3)
{
    if (b >= -3.0) {
        gdc_dd_t p = m3_taylor(b);
        *m3 = gdc_dd_to_d(p);
        return gdc_dd_to_d(gdc_dd_add_d(p, -2.0));
    }
    *m3 = b < -1e150 ? 6.0 / (b * b) / (b * b) /* first term of the asymptotic series; the next is -60/b^6 */
                     : m3_cf(-b);
    return *m3 - 2.0;
}

double gdc_relu_nc_m3(double b)
{
    if (isnan(b))
        return NAN;
    if (b >= 0.0) {
        if (b > 37.0)
            return INFINITY; /* e^{b^2/2} overflows */
        gdc_dd_t bb = gdc_dd_two_prod(b, b); /* e^{b^2/2} from the exact square */
        double e = exp(0.5 * bb.hi) * (1.0 + 0.5 * bb.lo);
        return bb.hi + 2.0 + 2.5066282746310007 * e * b * (bb.hi + 3.0) * 0.5 * erfc(-b * M_SQRT1_2);
    }
    double m3;
    gdc_relu_nc_m3_neg(b, &m3);
    return m3;
}
