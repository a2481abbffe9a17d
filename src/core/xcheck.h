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
/* The same for the accuracy check: Delta first from the row's derivative enclosure (one call instead of 2 nargs
 * evaluations; src/core/accuracy.c), the neighbours' values where that cannot decide; the same verdict against
 * row->max_err, err within the enclosure's relative width where it passes. */
int gdc_double_error_check(const gdc_row_t *row, const double *x, const double *y, double *err, double *exact);

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
/* One point of the MPFR check: 1 if the MPFR value (320 bits) at x lies outside the Arb ball at precision p2, the
 * balls at p1 and p2 are disjoint, or the p2 ball is not finite; *max_rel (may be NULL) gets the largest relative
 * difference of MPFR from the ball's midpoint. */
int gdc_mpfr_point_bad(const gdc_row_t *row, const double *x, slong p1, slong p2, double *max_rel);

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

/* The standard error a Monte Carlo definition check divides |mean - exact| by: se, at least (1 + |ex|)/n (xcheck.c
 * says why: an all-agreeing sample of n draws cannot resolve an event of probability below ~6/n). */
double gdc_mc_se_floor(double se, double ex, long n);

/* Helpers shared by the value and derivative checks (xcheck.c, xcheck_deriv.c). */
void gdc_arg_sample_range(const gdc_arg_t *a, double *lo, double *hi); /* sampling interval inside the domain */
int gdc_point_in_domain(const gdc_row_t *row, const double *x);
/* gdc_sample_points into a new array (free it and *regime_of); corners: start with the sampling box's corners */
double *gdc_alloc_points(const gdc_row_t *row, long random, long per_regime, uint64_t seed, long *count,
                         int **regime_of, int corners);
/* A random box around the domain point c: double ends blo/bhi and balls xb (exact at a clipped domain end). */
void gdc_random_box(const gdc_row_t *row, const double *c, gdc_rng_t *rng, double *blo, double *bhi, arb_ptr xb);
/* The ball [a, a + 2r] (or [b - 2r, b] when anchor_hi) with r >= (b - a)/2: contains [a, b], anchored end exact */
void gdc_box_to_ball(arb_t x, const arf_t a, const arf_t b, int anchor_hi);
/* sample number s of the box: its lower corner, its upper corner, then uniform points */
void gdc_box_sample(const gdc_row_t *row, const double *blo, const double *bhi, long s, gdc_rng_t *rng, double *x);

/* ---- derivative checks (xcheck_deriv.c) ----
 * point: at random and hard-regime points, every real-argument entry of the Arb jac (and hess when the row has
 *        one) contains the MPFR finite difference at high precision (an interval: the difference with an
 *        error bound, see xcheck_deriv.c); the value out[] of fn_arb_jac contains the MPFR value; entries with
 *        respect to integer arguments are indeterminate; entries at a point whose difference stencil lies inside
 *        the domain are finite.
 * wide:  at points sampled inside random boxes, the MPFR differences lie in the box enclosures (jac, hess, out). */
typedef struct {
    long points;              /* points (or box samples) checked */
    long entries;             /* first-order entries compared */
    long hess_entries;        /* second-order entries compared */
    long failures;            /* points with an entry (or value) outside its ball, or a wrong indeterminate */
    long indeterminate;       /* entries left indeterminate where allowed (information) */
    long skipped;             /* second-order entries whose central stencil leaves the domain (information) */
    long loose;               /* comparisons with a difference of fewer than 40 correct bits (information; exact
                                 zeros of a derivative count here too) */
    long boxes;               /* wide check: boxes */
    long kinks;               /* special check: entries skipped because the one-sided differences disagree */
    double worst_x[GDC_MAX_ARGS];
    char what[96];            /* the first failure: which entry and why */
} gdc_deriv_result_t;

void gdc_check_deriv(const gdc_row_t *row, long random, long per_regime, uint64_t seed, gdc_deriv_result_t *res);
void gdc_check_deriv_wide(const gdc_row_t *row, long boxes, long samples_per_box, uint64_t seed,
                          gdc_deriv_result_t *res);

/* At the given points (the special-argument check, xcheck_special.c): as gdc_check_deriv, without requiring finite
 * entries, and skipping (counted in kinks) every entry d/dx_j where the forward and backward one-sided differences
 * in x_j disagree (a kink: the row is not differentiable there), and the second-order entries at such a point. */
void gdc_check_deriv_at(const gdc_row_t *row, const double *xs, long count, gdc_deriv_result_t *res);

/* ---- exact special arguments (xcheck_special.c) ----
 * Per argument a list of exact special values inside the domain (finite ends and their neighbours, 0, +-1, +-2^-30,
 * 1/2, 2, pi/2, 3pi/4, pi, ends -+ 2^-30, integer ends), the points of their product (every combination when at most
 * GDC_SPECIAL_FULL, else every pair of values of two arguments with the others rotating). At each point: Arb at 64
 * and 128 bits against MPFR, the double against the row's target, the derivative balls against MPFR differences
 * (deriv_points of them, strided), and boxes of radius 2^-40 around the point (clipped to the domain) enclosing the point's
 * value and their ends' values. */
#define GDC_SPECIAL_FULL 2000
typedef struct {
    long points;
    long value_fail;          /* MPFR outside the Arb ball, or the balls disjoint / not finite */
    long acc_fail;            /* double above the target */
    long acc_unresolved;
    long acc_overflow;        /* outputs whose exact value lies beyond the double range: not compared (information) */
    long box_fail;            /* a value outside the 2^-40 box enclosure */
    long box_infinite;        /* box enclosures not finite (information) */
    gdc_deriv_result_t deriv;
    int nfail;                /* failures recorded in what/x (at most 4) */
    char what[4][64];
    double x[4][GDC_MAX_ARGS];
} gdc_special_result_t;

/* The special points of a row (malloc'd, count in *count); max_points caps a product/pair set by a stride. */
double *gdc_special_points(const gdc_row_t *row, long max_points, long *count);
void gdc_check_special(const gdc_row_t *row, long max_points, long deriv_points, gdc_special_result_t *res);

/* The derivative status of a row: "jac+hess", "jac", "none" (no_deriv set) or "missing". */
const char *gdc_deriv_status(const gdc_row_t *row);
/* 1 if the row may lack derivatives for now (families not done yet; the one list is in xcheck_deriv.c). */
int gdc_deriv_missing_allowed(const gdc_row_t *row);

#endif
