/* xoshiro256** (Blackman, Vigna) seeded with splitmix64; polar Box-Muller normals. */
#include <math.h>
#include "core/rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void gdc_rng_seed(gdc_rng_t *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t gdc_rng_u64(gdc_rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

double gdc_rng_uniform(gdc_rng_t *r) { return (double)(gdc_rng_u64(r) >> 11) * 0x1.0p-53; }

double gdc_rng_range(gdc_rng_t *r, double lo, double hi)
{
    double x = lo + (hi - lo) * gdc_rng_uniform(r);
    return x > hi ? hi : (x < lo ? lo : x);
}

double gdc_rng_logu(gdc_rng_t *r, double lo_exp, double hi_exp)
{
    return pow(10.0, gdc_rng_range(r, lo_exp, hi_exp));
}

double gdc_rng_normal(gdc_rng_t *r)
{
    double u, v, s;
    do {
        u = 2.0 * gdc_rng_uniform(r) - 1.0;
        v = 2.0 * gdc_rng_uniform(r) - 1.0;
        s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);
    return u * sqrt(-2.0 * log(s) / s);
}
