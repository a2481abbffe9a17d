/* Registry-driven cross-checks, shared by `gdcert check` and the Check suites:
 *  accuracy  : double kernel against Arb at exactly the same double inputs (error measure below);
 *  mpfr      : the Arb ball contains the MPFR value at higher precision; balls at two precisions overlap;
 *  wide      : wide-ball soundness: values at points inside a random box lie in the box enclosure;
 *  defs      : definition checks (rigorous integration, seeded Monte Carlo).
 *
 * Error measure (accuracy): |double - exact| / max(ulp(exact), Delta), with exact the true value at the
 * double inputs (Arb) and Delta the largest change of the exact value when one input moves by one ulp
 * (staying inside the domain). */
#ifndef GDC_XCHECK_H
#define GDC_XCHECK_H
#include "core/registry.h"

/* Error of the double outputs y[] of row at x[]; err[k] per output (an upper bound: ball radii are
 * charged to the kernel). exact[k] (may be NULL) receives the nearest double of the exact value.
 * Returns 0, or 1 if Arb could not reach the accuracy needed (err is then still an upper bound). */
int gdc_double_error(const gdc_row_t *row, const double *x, const double *y, double *err, double *exact);

/* ulp of a double: spacing of doubles at |d| (the smallest subnormal at 0). */
double gdc_ulp(double d);

/* Points used by every check: `random` uniform points over the domain, then `per_regime` points of each
 * hard regime. Deterministic for a seed. Returns the number written (<= cap). */
long gdc_sample_points(const gdc_row_t *row, double *xs, long cap, long random, long per_regime,
                       uint64_t seed, int *regime_of /* -1 for random, may be NULL */);

typedef struct {
    long points;
    long failures;            /* points whose error exceeds row->max_err */
    double worst_err;
    double worst_x[GDC_MAX_ARGS];
    int worst_out;
    int worst_regime;         /* -1 random, else index into row->regimes */
    long unresolved;          /* points where Arb did not reach the accuracy goal */
} gdc_acc_result_t;

void gdc_check_accuracy(const gdc_row_t *row, long random, long per_regime, uint64_t seed,
                        gdc_acc_result_t *res);

typedef struct {
    long points;
    long failures;            /* MPFR value outside the ball, or two-precision balls disjoint */
    double worst_x[GDC_MAX_ARGS];
    double max_rel_diff;      /* largest |mpfr - mid| / |mid| seen (information) */
} gdc_mpfr_result_t;

void gdc_check_mpfr(const gdc_row_t *row, long random, long per_regime, uint64_t seed,
                    gdc_mpfr_result_t *res);

typedef struct {
    long boxes;
    long samples;
    long failures;            /* a point value outside the box enclosure */
    long infinite;            /* box enclosures that were not finite (information) */
    double worst_x[GDC_MAX_ARGS];
} gdc_wide_result_t;

void gdc_check_wide(const gdc_row_t *row, long boxes, long samples_per_box, uint64_t seed,
                    gdc_wide_result_t *res);

typedef struct {
    long points;
    long failures;
    long unresolved;          /* integration did not converge (counted as failure by callers) */
    double worst_sigma;       /* Monte Carlo: largest |mean - exact| / stderr */
    double worst_x[GDC_MAX_ARGS];
} gdc_def_result_t;

/* Runs defcheck number `which` of the row at `points` sampled points. */
void gdc_check_def(const gdc_row_t *row, int which, long points, long mc_samples, uint64_t seed,
                   gdc_def_result_t *res);

#endif
