/* A small seeded random generator (xoshiro256** seeded by splitmix64): state is explicit, no globals. */
#ifndef GDC_RNG_H
#define GDC_RNG_H
#include <stdint.h>

typedef struct {
    uint64_t s[4];
} gdc_rng_t;

void gdc_rng_seed(gdc_rng_t *r, uint64_t seed);
uint64_t gdc_rng_u64(gdc_rng_t *r);
/* uniform in [0, 1) with 53 random bits */
double gdc_rng_uniform(gdc_rng_t *r);
/* uniform in [lo, hi] */
double gdc_rng_range(gdc_rng_t *r, double lo, double hi);
/* 10^u with u uniform in [lo_exp, hi_exp]: log-uniform magnitudes for hard regimes */
double gdc_rng_logu(gdc_rng_t *r, double lo_exp, double hi_exp);
/* standard normal (Marsaglia polar) */
double gdc_rng_normal(gdc_rng_t *r);
#endif
