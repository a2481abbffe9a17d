/* gauss.binom_fail: the Theorem 3.1 failure probability of 000_09c7d5b8511ab65b.txt (seed-000 B1, B2, S3):
 *   P(Bin(d, 1/2) < d/4) = 2^-d sum_{k < ceil(d/4)} C(d, k),
 * to be compared with the printed exp(-d/4) and Hoeffding's exp(-d/8).
 * Double: the top term C(d, m-1) as a product in double-double, then the sum backward (ratios
 * k/(d-k+1) < 1/3); 0 for d > 5800, where the Chernoff bound exp(-d KL(1/4 || 1/2)) (KL > 0.1308) is below
 * half the smallest subnormal. Arb and MPFR: the exact integer sum for d <= 20000; beyond, C(d, m-1) times
 * the backward sum with a rigorous geometric tail bound (Arb) or at high precision (MPFR). */
#include <math.h>
#include "gauss/gauss.h"
#include "core/arb_int.h"
#include "gauss/dd.h"

#define EXACT_MAX 20000

void gdc_gauss_binom_fail_d(double *out, const double *x)
{
    long d = (long)x[0], m = (d + 3) / 4; /* terms k = 0 .. m-1 */
    if (d > 5800) {
        out[0] = 0.0;
        return;
    }
    gdc_sdd_t top = {gdc_dd(1.0, 0.0), 0};
    for (long j = 0; j < m - 1; j++)
        top = gdc_sdd_mul_dd(top, gdc_dd_div_d(gdc_dd((double)(d - j), 0.0), (double)(j + 1)));
    gdc_dd_t s = gdc_dd(1.0, 0.0), t = s;
    for (long k = m - 1; k >= 1; k--) {
        t = gdc_dd_mul(t, gdc_dd_div_d(gdc_dd((double)k, 0.0), (double)(d - k + 1)));
        s = gdc_dd_add(s, t);
        if (t.hi < 1e-34 * s.hi)
            break;
    }
    top = gdc_sdd_mul_dd(top, s);
    top.e -= d;
    out[0] = gdc_sdd_to_d(top);
}

void gdc_gauss_binom_fail_arb(arb_ptr out, arb_srcptr x, slong prec)
{
    long d;
    if (!gdc_arb_get_int(&d, x + 0, 1)) {
        arb_indeterminate(out + 0);
        return;
    }
    long m = (d + 3) / 4;
    if (d <= EXACT_MAX) {
        fmpz_t c, s;
        fmpz_init(c);
        fmpz_init(s);
        fmpz_one(c);
        for (long k = 0; k < m; k++) {
            fmpz_add(s, s, c);
            fmpz_mul_ui(c, c, (ulong)(d - k));
            fmpz_divexact_ui(c, c, (ulong)(k + 1));
        }
        arb_set_round_fmpz(out + 0, s, prec);
        arb_mul_2exp_si(out + 0, out + 0, -d);
        fmpz_clear(c);
        fmpz_clear(s);
        return;
    }
    /* C(d, m-1) * sum_{j>=0} rho_j, rho_j = prod_{i<j} (m-1-i)/(d-m+2+i); every ratio is at most
     * r = (m-1)/(d-m+2) < 1/3, so the tail after N terms is at most rho_N/(1 - r) <= 3/2 rho_N */
    slong wp = prec + 32;
    arb_t top, s, rho;
    mag_t tail;
    arb_init(top);
    arb_init(s);
    arb_init(rho);
    mag_init(tail);
    arb_bin_uiui(top, (ulong)d, (ulong)(m - 1), wp);
    arb_one(s);
    arb_one(rho);
    long j;
    for (j = 1; j <= m - 1; j++) {
        arb_mul_ui(rho, rho, (ulong)(m - j), wp);
        arb_div_ui(rho, rho, (ulong)(d - m + 1 + j), wp);
        arb_add(s, s, rho, wp);
        if (arf_cmpabs_2exp_si(arb_midref(rho), -wp - 4) < 0)
            break;
    }
    if (j < m) {
        arb_get_mag(tail, rho);
        mag_mul_2exp_si(tail, tail, 1); /* >= 3/2 rho_N, since rho_{N+1} <= rho_N/3 */
        arb_add_error_mag(s, tail);
    }
    arb_mul(s, s, top, wp);
    arb_mul_2exp_si(s, s, -d);
    arb_set_round(out + 0, s, prec);
    arb_clear(top);
    arb_clear(s);
    arb_clear(rho);
    mag_clear(tail);
}

void gdc_gauss_binom_fail_mpfr(mpfr_ptr out, mpfr_srcptr x)
{
    long d = mpfr_get_si(x + 0, MPFR_RNDN), m = (d + 3) / 4;
    if (d <= EXACT_MAX) {
        mpz_t c, s;
        mpz_init_set_ui(c, 1);
        mpz_init_set_ui(s, 0);
        for (long k = 0; k < m; k++) {
            mpz_add(s, s, c);
            mpz_mul_ui(c, c, (unsigned long)(d - k));
            mpz_divexact_ui(c, c, (unsigned long)(k + 1));
        }
        mpfr_set_z(out + 0, s, MPFR_RNDN);
        mpfr_div_2si(out + 0, out + 0, d, MPFR_RNDN);
        mpz_clear(c);
        mpz_clear(s);
        return;
    }
    /* log C(d, m-1) = lgamma(d+1) - lgamma(m) - lgamma(d-m+2), at a precision covering its size */
    mpfr_prec_t w = mpfr_get_prec(out + 0) + 64 + 2 * (mpfr_prec_t)log2((double)d);
    mpfr_t lt, t, s, rho;
    mpfr_inits2(w, lt, t, s, rho, (mpfr_ptr)0);
    mpfr_set_si(t, d + 1, MPFR_RNDN);
    mpfr_lngamma(lt, t, MPFR_RNDN);
    mpfr_set_si(t, m, MPFR_RNDN);
    mpfr_lngamma(t, t, MPFR_RNDN);
    mpfr_sub(lt, lt, t, MPFR_RNDN);
    mpfr_set_si(t, d - m + 2, MPFR_RNDN);
    mpfr_lngamma(t, t, MPFR_RNDN);
    mpfr_sub(lt, lt, t, MPFR_RNDN);
    mpfr_const_log2(t, MPFR_RNDN);
    mpfr_mul_si(t, t, d, MPFR_RNDN);
    mpfr_sub(lt, lt, t, MPFR_RNDN);
    mpfr_exp(lt, lt, MPFR_RNDN);
    mpfr_set_ui(s, 1, MPFR_RNDN);
    mpfr_set_ui(rho, 1, MPFR_RNDN);
    for (long j = 1; j <= m - 1; j++) {
        mpfr_mul_ui(rho, rho, (unsigned long)(m - j), MPFR_RNDN);
        mpfr_div_ui(rho, rho, (unsigned long)(d - m + 1 + j), MPFR_RNDN);
        mpfr_add(s, s, rho, MPFR_RNDN);
        if (mpfr_get_exp(rho) < -(mpfr_exp_t)w - 4)
            break;
    }
    mpfr_mul(out + 0, s, lt, MPFR_RNDN);
    mpfr_clears(lt, t, s, rho, (mpfr_ptr)0);
}

/* Monte Carlo: d fair coins (the signs of the d initial weights), failure iff fewer than d/4 are 1 */
void gdc_gauss_binom_fail_mc(double *mean, double *se, const double *x, uint64_t seed, long samples)
{
    long d = (long)x[0], hits = 0;
    gdc_rng_t rng;
    gdc_rng_seed(&rng, seed);
    for (long i = 0; i < samples; i++) {
        long k = 0, left = d;
        while (left >= 64) {
            k += __builtin_popcountll(gdc_rng_u64(&rng));
            left -= 64;
        }
        if (left > 0)
            k += __builtin_popcountll(gdc_rng_u64(&rng) >> (64 - left));
        hits += (4 * k < d);
    }
    double p = (double)hits / (double)samples;
    mean[0] = p;
    se[0] = gdc_gauss_mc_se(hits, samples);
}
