/* The closed-form registry: one row per closed form, with its double, Arb and MPFR
 * implementations, argument domains, source in the paper, definition checks and hard regimes.
 * The CLI, the tests and the prover see families only through this table. */
#ifndef GDC_REGISTRY_H
#define GDC_REGISTRY_H

#include <stddef.h>
#include <stdint.h>
#include "gdc_arb.h"
#include "core/rng.h"

#define GDC_MAX_ARGS 8
#define GDC_MAX_OUT 4
#define GDC_MAX_REGIMES 8
#define GDC_MAX_DEFCHECKS 3

/* An exact domain endpoint: (num/den) * pi^pi_pow; den == 0 means +inf (num > 0) or -inf (num < 0). */
typedef struct {
    long num;
    long den;
    int pi_pow;
} gdc_qpi_t;

#define GDC_Q(n) {(n), 1, 0}
#define GDC_QD(n, d) {(n), (d), 0}
#define GDC_PI {1, 1, 1}
#define GDC_INF {1, 0, 0}

typedef struct {
    const char *name;
    gdc_qpi_t lo, hi;
    int lo_open, hi_open;
    double sample_hi; /* upper end of random sampling when hi is +inf, or below a finite hi when set (> 0) */
    int integer;      /* 1: only integer values belong to the domain (e.g. a dimension d); the Arb fn returns an
                         indeterminate ball unless the argument ball is an exact integer */
} gdc_arg_t;

/* Double kernel: out[nout] from x[nargs]. Called only with x inside the domain. */
typedef void (*gdc_double_fn)(double *out, const double *x);
/* Arb enclosure: rigorous for any balls x[i] (wide ones included) at their points in the row's domain,
 * out[nout] already initialised. The ball of a non-dyadic domain end such as pi reaches past it by rounding;
 * a row may use the domain there (relu: pi - t >= 0, so h is exactly 0 at the ball of pi). Where an output is
 * undefined or unbounded on the box it is set to an indeterminate ball (arb_indeterminate). */
typedef void (*gdc_arb_fn)(arb_ptr out, arb_srcptr x, slong prec);
/* MPFR point value: out[k] are initialised by the caller with their precision; round to nearest. */
typedef void (*gdc_mpfr_fn)(mpfr_ptr out, mpfr_srcptr x);
/* First-order derivative enclosure (Prover II): for every point of the boxes x (wide balls included),
 * jac[k * nargs + j] contains d out[k] / d x[j], and out[k] contains the value as fn_arb would give it (the two are
 * often computed together). out[nout] and jac[nout * nargs] are initialised by the caller. An entry that is not
 * bounded on the box (a derivative that blows up at a domain end, a derivative with respect to an integer
 * argument) is set indeterminate (arb_indeterminate); the caller then falls back to the value alone. */
typedef void (*gdc_arb_jac_fn)(arb_ptr out, arb_ptr jac, arb_srcptr x, slong prec);
/* Second-order enclosure: as gdc_arb_jac_fn, and hess[(k * nargs + i) * nargs + j] contains
 * d^2 out[k] / dx[i] dx[j] (symmetric in i, j) on the whole box. hess[nout * nargs * nargs] initialised by the caller. */
typedef void (*gdc_arb_hess_fn)(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec);
/* Budget-aware evaluation (optional; issue 15, section 4): for rows whose Arb evaluation can take seconds (a
 * numerical integral). One entry point for the three orders: as fn_arb when jac == NULL, as fn_arb_jac when
 * hess == NULL, as fn_arb_hess otherwise. deadline is absolute seconds on the monotonic clock (core/deadline.h),
 * 0 for none; once it has passed the row stops soon and sets every output it has not finished indeterminate
 * (an enclosure is never narrowed by the deadline, only given up). The prover uses it when present. */
typedef void (*gdc_arb_timed_fn)(arb_ptr out, arb_ptr jac, arb_ptr hess, arb_srcptr x, slong prec, double deadline);
/* Hard-regime sampler: writes a point x[nargs] inside the domain that lies in (or near) the regime. */
typedef void (*gdc_regime_fn)(double *x, gdc_rng_t *rng);

typedef struct {
    const char *name;        /* e.g. "t -> pi" */
    gdc_regime_fn sample;
} gdc_regime_t;

/* A definition check: an independent computation of the same outputs from the defining expectation.
 * Exactly one of arb / mc is set.
 *  arb: rigorous enclosure (e.g. acb_calc_integrate of the 1-D angular reduction) of every output at
 *       the point x; returns 0 on success, non-zero if the integration did not converge.
 *  mc:  seeded Monte Carlo of the d-dimensional vector API: mean and standard error of every output. */
typedef struct {
    const char *name;
    int (*arb)(arb_ptr out, const double *x, slong prec);
    void (*mc)(double *mean, double *stderr_, const double *x, uint64_t seed, long samples);
} gdc_defcheck_t;

typedef struct {
    const char *id;                      /* family.name */
    const char *summary;                 /* one line: what it computes */
    int nargs;
    gdc_arg_t args[GDC_MAX_ARGS];
    int nout;
    const char *outputs[GDC_MAX_OUT];    /* formula of each output */
    const char *source;                  /* paper file, its own label, catalogue item */
    gdc_double_fn fn_double;
    gdc_arb_fn fn_arb;
    gdc_mpfr_fn fn_mpfr;
    double max_err;                      /* accuracy target of the double kernel (error measure units) */
    int nregimes;
    gdc_regime_t regimes[GDC_MAX_REGIMES];
    int ndefchecks;
    gdc_defcheck_t defchecks[GDC_MAX_DEFCHECKS];
    /* Fraction of the standard point counts the cross-checks use for this row, in (0, 1]; 0 means 1.
     * Only for rows whose Arb/MPFR implementations integrate numerically (each evaluation costs milliseconds);
     * the row's source or summary must say why. */
    double check_scale;
    /* Derivative enclosures for the prover (mean-value, monotone and second-order forms). fn_arb_jac is required
     * unless no_deriv names why the row has none (a documented exception, listed by `gdcert list`);
     * fn_arb_hess is optional (second order where the row's claims need it). */
    gdc_arb_jac_fn fn_arb_jac;
    gdc_arb_hess_fn fn_arb_hess;
    const char *no_deriv;
    /* optional: the same enclosures under a deadline (see gdc_arb_timed_fn); rows that integrate numerically */
    gdc_arb_timed_fn fn_arb_timed;
    /* optional: bit k set when argument k is an integer argument in which every output is monotone (for any
     * fixed values of the other arguments), and fn_arb encloses a range of argument k by the hull (arb_union at
     * prec) of its enclosures at the range's two integer ends. A caller may then evaluate the ends itself (the
     * prover does, and keeps calls at exact points: src/prove/expr_rowmemo.c). */
    unsigned int_ends;
} gdc_row_t;

/* Points for a row's cross-check: n scaled by row->check_scale, at least min. */
long gdc_row_points(const gdc_row_t *row, long n, long min);

/* A family's rows, defined in its folder (e.g. src/relu/relu_rows.c). */
typedef struct {
    const char *name;
    const gdc_row_t *rows;
    size_t nrows;
} gdc_family_t;

size_t gdc_registry_count(void);
const gdc_row_t *gdc_registry_row(size_t i);
const gdc_row_t *gdc_registry_find(const char *id);

/* Domain: exact endpoint as a ball; membership of a double (decided exactly). */
void gdc_qpi_arb(arb_t res, const gdc_qpi_t *q, slong prec);
int gdc_qpi_is_inf(const gdc_qpi_t *q);
/* Nearest double of an endpoint, rounded toward the inside of the domain when it is not representable. */
double gdc_qpi_double(const gdc_qpi_t *q, int round_up);
int gdc_arg_contains(const gdc_arg_t *a, double x);
/* Writes the endpoint text ("0", "pi", "3*pi/4", "inf") into buf. */
void gdc_qpi_str(char *buf, size_t n, const gdc_qpi_t *q);
/* "[0, pi]", "(0, inf)" etc. */
void gdc_arg_domain_str(char *buf, size_t n, const gdc_arg_t *a);

/* Arb evaluation at a point to a relative accuracy goal (raising precision up to max_prec).
 * Returns 0 if every output met the goal (or is exactly zero), 1 otherwise (out still rigorous). */
int gdc_eval_arb_goal(const gdc_row_t *row, arb_ptr out, const double *x, slong goal_bits, slong max_prec);
/* As gdc_eval_arb_goal, but an output whose whole ball lies in [-2^-1075, 2^-1075] also counts as met: every point
 * of it rounds to the double 0, so a double result 0 is correctly rounded there and more bits cannot change the
 * accuracy measure beyond its bound (|0 - ball| <= 2^-1075 = ulp(0)/2, at most 1 ulp once rounded up to a double).
 * For the accuracy check only. */
int gdc_eval_arb_goal_double(const gdc_row_t *row, arb_ptr out, const double *x, slong goal_bits, slong max_prec);

#endif
