/* Registry-driven cross-checks (see xcheck.h): sampling of points, double vs Arb accuracy, Arb vs MPFR,
 * wide-ball soundness and definition checks. Shared by `gdcert check` and the Check suites. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/xcheck.h"

/* sampling interval of an argument, as doubles inside the domain */
void gdc_arg_sample_range(const gdc_arg_t *a, double *lo, double *hi)
{
    *lo = gdc_qpi_is_inf(&a->lo) ? -a->sample_hi : gdc_qpi_double(&a->lo, 1); /* (-inf, ...): symmetric range */
    *hi = gdc_qpi_is_inf(&a->hi) ? a->sample_hi : gdc_qpi_double(&a->hi, 0);
    if (a->sample_hi > 0 && a->sample_hi < *hi)
        *hi = a->sample_hi; /* a large finite domain (e.g. d <= 10^6) sampled over its cheap part */
    if (!gdc_arg_contains(a, *lo))
        *lo = nextafter(*lo, INFINITY);
    if (!gdc_arg_contains(a, *hi))
        *hi = nextafter(*hi, -INFINITY);
}

static int point_in_domain(const gdc_row_t *row, const double *x)
{
    for (int i = 0; i < row->nargs; i++)
        if (!gdc_arg_contains(&row->args[i], x[i]))
            return 0;
    return 1;
}

static long sample_points(const gdc_row_t *row, double *xs, long cap, long random, long per_regime,
                          uint64_t seed, int *regime_of, int corners)
{
    int n = row->nargs;
    long count = 0;
    gdc_rng_t rng;
    gdc_rng_seed(&rng, seed);
    double lo[GDC_MAX_ARGS], hi[GDC_MAX_ARGS];
    for (int i = 0; i < n; i++)
        gdc_arg_sample_range(&row->args[i], &lo[i], &hi[i]);

    /* corners of the sampling box (domain endpoints), then uniform points */
    for (long c = 0; corners && c < (1L << n) && count < cap && count < random; c++) {
        double *x = xs + count * n;
        for (int i = 0; i < n; i++)
            x[i] = (c >> i) & 1 ? hi[i] : lo[i];
        if (regime_of)
            regime_of[count] = -1;
        count++;
    }
    while (count < random && count < cap) {
        double *x = xs + count * n;
        for (int i = 0; i < n; i++) {
            x[i] = gdc_rng_range(&rng, lo[i], hi[i]);
            if (row->args[i].integer)
                x[i] = floor(x[i] + 0.5);
        }
        if (!point_in_domain(row, x))
            continue;
        if (regime_of)
            regime_of[count] = -1;
        count++;
    }
    for (int g = 0; g < row->nregimes; g++) {
        long got = 0, tries = 0;
        while (got < per_regime && count < cap && tries < 20 * per_regime + 20) {
            double *x = xs + count * n;
            tries++;
            row->regimes[g].sample(x, &rng);
            if (!point_in_domain(row, x))
                continue;
            if (regime_of)
                regime_of[count] = g;
            count++;
            got++;
        }
    }
    return count;
}

long gdc_sample_points(const gdc_row_t *row, double *xs, long cap, long random, long per_regime,
                       uint64_t seed, int *regime_of)
{
    return sample_points(row, xs, cap, random, per_regime, seed, regime_of, 1);
}

/* corners: 1 to start with the corners of the sampling box (the accuracy and MPFR checks), 0 for checks that
 * use few points (boxes, definition checks), where the corners would crowd out the interior */
double *gdc_alloc_points(const gdc_row_t *row, long random, long per_regime, uint64_t seed,
                         long *count, int **regime_of, int corners)
{
    long cap = random + per_regime * row->nregimes + 1;
    double *xs = malloc(sizeof(double) * (size_t)(cap * (row->nargs ? row->nargs : 1)));
    *regime_of = malloc(sizeof(int) * (size_t)cap);
    *count = sample_points(row, xs, cap, random, per_regime, seed, *regime_of, corners);
    return xs;
}

void gdc_check_accuracy(const gdc_row_t *row, long random, long per_regime, uint64_t seed,
                        gdc_acc_result_t *res)
{
    long count;
    int *reg;
    double *xs = gdc_alloc_points(row, random, per_regime, seed, &count, &reg, 1);
    double y[GDC_MAX_OUT], err[GDC_MAX_OUT];
    memset(res, 0, sizeof *res);
    res->worst_regime = -1;
    for (long p = 0; p < count; p++) {
        const double *x = xs + p * row->nargs;
        row->fn_double(y, x);
        if (gdc_double_error_check(row, x, y, err, NULL))
            res->unresolved++;
        int bad = 0;
        for (int k = 0; k < row->nout; k++) {
            if (!(err[k] <= row->max_err))
                bad = 1;
            if (!(err[k] <= res->worst_err) || (p == 0 && k == 0)) {
                res->worst_err = isnan(err[k]) ? INFINITY : err[k];
                memcpy(res->worst_x, x, sizeof(double) * (size_t)row->nargs);
                res->worst_out = k;
                res->worst_regime = reg[p];
            }
        }
        res->failures += bad;
        res->points++;
    }
    free(xs);
    free(reg);
}

/* The MPFR value (320 bits) at the double point x against Arb balls at precisions p1 < p2 (arb_set_d of x): 1 if the
 * MPFR value lies outside the p2 ball, the two balls are disjoint, or the p2 ball is not finite. *max_rel (may be
 * NULL) is raised to the |mpfr - mid| / |mid| seen. */
int gdc_mpfr_point_bad(const gdc_row_t *row, const double *x, slong p1, slong p2, double *max_rel)
{
    int n = row->nargs, m = row->nout, bad = 0;
    arb_ptr xb = _arb_vec_init(n), lo = _arb_vec_init(m), hi = _arb_vec_init(m), mp = _arb_vec_init(m);
    __mpfr_struct xm[GDC_MAX_ARGS], om[GDC_MAX_OUT];
    for (int i = 0; i < n; i++) {
        mpfr_init2(xm + i, 53);
        arb_set_d(xb + i, x[i]);
        mpfr_set_d(xm + i, x[i], MPFR_RNDN);
    }
    for (int k = 0; k < m; k++)
        mpfr_init2(om + k, 320);
    row->fn_arb(lo, xb, p1);
    row->fn_arb(hi, xb, p2);
    row->fn_mpfr(om, xm);
    for (int k = 0; k < m; k++) {
        /* the MPFR value carries its own rounding error: allow 2^-300 relative, far below both balls */
        arf_set_mpfr(arb_midref(mp + k), om + k);
        arf_get_mag(arb_radref(mp + k), arb_midref(mp + k));
        mag_mul_2exp_si(arb_radref(mp + k), arb_radref(mp + k), -300);
        if (!mpfr_number_p(om + k) || !arb_overlaps(hi + k, mp + k) || !arb_overlaps(lo + k, hi + k) ||
            !arb_is_finite(hi + k))
            bad = 1;
        if (max_rel && !arb_is_zero(hi + k) && arb_is_finite(hi + k)) {
            double mid = arf_get_d(arb_midref(hi + k), ARF_RND_NEAR);
            double d = fabs(mpfr_get_d(om + k, MPFR_RNDN) - mid) / fabs(mid);
            if (d > *max_rel)
                *max_rel = d;
        }
    }
    for (int i = 0; i < n; i++)
        mpfr_clear(xm + i);
    for (int k = 0; k < m; k++)
        mpfr_clear(om + k);
    _arb_vec_clear(xb, n);
    _arb_vec_clear(lo, m);
    _arb_vec_clear(hi, m);
    _arb_vec_clear(mp, m);
    return bad;
}

void gdc_check_mpfr(const gdc_row_t *row, long random, long per_regime, uint64_t seed,
                    gdc_mpfr_result_t *res)
{
    long count;
    int *reg;
    double *xs = gdc_alloc_points(row, random, per_regime, seed, &count, &reg, 1);
    memset(res, 0, sizeof *res);
    for (long p = 0; p < count; p++) {
        const double *x = xs + p * row->nargs;
        if (gdc_mpfr_point_bad(row, x, 80, 256, &res->max_rel_diff)) {
            if (res->failures == 0)
                memcpy(res->worst_x, x, sizeof(double) * (size_t)row->nargs);
            res->failures++;
        }
        res->points++;
    }
    free(xs);
    free(reg);
}


/* The ball [a, a + 2r] (or [b - 2r, b] when anchor_hi) with r >= (b - a)/2: it contains [a, b] and keeps the
 * anchored end exact, so a box clipped at a domain end (a = 0, k = 1) does not reach beyond it through the
 * rounding of the radius (as the prover's boxes, src/prove/box.c). */
void gdc_box_to_ball(arb_t x, const arf_t a, const arf_t b, int anchor_hi)
{
    arf_t d;
    arf_init(d);
    arf_sub(d, b, a, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(d, d, -1);
    arf_get_mag(arb_radref(x), d);
    arf_set_mag(d, arb_radref(x));
    if (anchor_hi)
        arf_sub(arb_midref(x), b, d, ARF_PREC_EXACT, ARF_RND_DOWN);
    else
        arf_add(arb_midref(x), a, d, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_clear(d);
}

/* A random box around the point c (inside the domain): widths log-uniform from 2^-12 to 1 times the sampling
 * range (relative to |c| far beyond it), clipped to the domain; integer arguments stay exact points. */
void gdc_random_box(const gdc_row_t *row, const double *c, gdc_rng_t *rng, double *blo, double *bhi, arb_ptr xb)
{
    arf_t a, b;
    arf_init(a);
    arf_init(b);
    for (int i = 0; i < row->nargs; i++) {
        double lo, hi, dlo, dhi;
        gdc_arg_sample_range(&row->args[i], &lo, &hi);
        /* the domain itself as doubles (regime points may lie beyond the uniform sampling range) */
        dlo = lo;
        dhi = gdc_qpi_is_inf(&row->args[i].hi) ? 1.0e300 : hi;
        double w = (hi - lo) * gdc_rng_logu(rng, -12, 0), l, h;
        if (fabs(c[i]) > hi - lo) /* far out (a regime beyond the sampling range): relative width */
            w = fabs(c[i]) * gdc_rng_logu(rng, -12, -1);
        l = c[i] - w * gdc_rng_uniform(rng);
        h = c[i] + w * gdc_rng_uniform(rng);
        if (row->args[i].integer)
            l = h = c[i]; /* integer arguments enter a box as exact points */
        blo[i] = l < dlo ? dlo : l;
        bhi[i] = h > dhi ? dhi : h;
        if (!(blo[i] <= c[i] && c[i] <= bhi[i]))
            blo[i] = bhi[i] = c[i];
        arf_set_d(a, blo[i]);
        arf_set_d(b, bhi[i]);
        gdc_box_to_ball(xb + i, a, b, bhi[i] == dhi && blo[i] != dlo);
    }
    arf_clear(a);
    arf_clear(b);
}

void gdc_check_wide(const gdc_row_t *row, long boxes, long samples_per_box, uint64_t seed,
                    gdc_wide_result_t *res)
{
    int n = row->nargs, m = row->nout;
    long count;
    int *reg;
    /* box centres: half random, half from the hard regimes */
    long per_regime = row->nregimes ? boxes / (2 * row->nregimes) : 0;
    double *cs = gdc_alloc_points(row, boxes - per_regime * row->nregimes, per_regime, seed, &count, &reg, 0);
    double blo[GDC_MAX_ARGS], bhi[GDC_MAX_ARGS], x[GDC_MAX_ARGS];
    arb_ptr xb = _arb_vec_init(n), enc = _arb_vec_init(m), pt = _arb_vec_init(m);
    gdc_rng_t rng;
    gdc_rng_seed(&rng, seed ^ 0x5bd1e995u);
    memset(res, 0, sizeof *res);
    for (long bi = 0; bi < count; bi++) {
        gdc_random_box(row, cs + bi * n, &rng, blo, bhi, xb);
        slong prec = (bi & 1) ? 64 : 128;
        row->fn_arb(enc, xb, prec);
        int finite = 1;
        for (int k = 0; k < m; k++)
            finite &= arb_is_finite(enc + k);
        if (!finite)
            res->infinite++;
        for (long s = 0; s < samples_per_box + 2; s++) {
            gdc_box_sample(row, blo, bhi, s, &rng, x);
            if (!point_in_domain(row, x))
                continue;
            gdc_eval_arb_goal(row, pt, x, 60, 4096);
            int bad = 0;
            for (int k = 0; k < m; k++)
                if (!arb_overlaps(enc + k, pt + k))
                    bad = 1;
            if (bad) {
                if (res->failures == 0)
                    memcpy(res->worst_x, x, sizeof(double) * (size_t)n);
                res->failures++;
            }
            res->samples++;
        }
        res->boxes++;
    }
    _arb_vec_clear(xb, n);
    _arb_vec_clear(enc, m);
    _arb_vec_clear(pt, m);
    free(cs);
    free(reg);
}

/* sample number s of a box: its lower corner, its upper corner, then uniform points */
void gdc_box_sample(const gdc_row_t *row, const double *blo, const double *bhi, long s, gdc_rng_t *rng, double *x)
{
    for (int i = 0; i < row->nargs; i++) {
        if (s == 0)
            x[i] = blo[i];
        else if (s == 1)
            x[i] = bhi[i];
        else
            x[i] = gdc_rng_range(rng, blo[i], bhi[i]);
    }
}

int gdc_point_in_domain(const gdc_row_t *row, const double *x) { return point_in_domain(row, x); }

/* The standard error a Monte Carlo comparison divides by: the sample's, but at least (1 + |ex|)/n. When all n draws
 * agree (sample se 0: Phi2 = 1 - 1e-7 with every draw giving 1.0) the integrand still differs, by a jump of the
 * integrand's scale 1 + |ex|, on an event of probability p that no draw hit; that happens with probability
 * (1 - p)^n <= exp(-p n), below exp(-6) for p >= 6/n, so |mean - ex| <= 6 (1 + |ex|)/n is what an all-agreeing
 * sample can certify, i.e. 6 "standard errors" of (1 + |ex|)/n. Where the sample se is larger it is used unchanged. */
double gdc_mc_se_floor(double se, double ex, long n)
{
    double fl = (1.0 + fabs(ex)) / (double)(n > 0 ? n : 1);
    return se > fl ? se : fl;
}

void gdc_check_def(const gdc_row_t *row, int which, long points, long mc_samples, uint64_t seed,
                   gdc_def_result_t *res)
{
    const gdc_defcheck_t *dc = &row->defchecks[which];
    int n = row->nargs, m = row->nout;
    long count;
    int *reg;
    /* Rigorous checks: half the points from the hard regimes (at least one per regime), the rest uniform in the
     * interior. Monte Carlo: interior points only. Its resolution is about 1e-3 absolute, so at a regime point
     * (t within 1e-15 of pi, r = 1e-45) it would measure the rounding of the simulated vectors' geometry, not the
     * closed form; the accuracy and integration checks cover the regimes. */
    long per_regime = row->nregimes && dc->arb ? (points + 2 * row->nregimes - 1) / (2 * row->nregimes) : 0;
    long random = points - per_regime * row->nregimes;
    double *xs = gdc_alloc_points(row, random > 1 ? random : 1, per_regime, seed, &count, &reg, 0);
    arb_ptr cf = _arb_vec_init(m), df = _arb_vec_init(m);
    memset(res, 0, sizeof *res);
    for (long p = 0; p < count; p++) {
        const double *x = xs + p * n;
        int bad = 0;
        gdc_eval_arb_goal(row, cf, x, 60, 4096);
        if (dc->arb) {
            if (dc->arb(df, x, 128)) {
                res->unresolved++;
                bad = 1;
            } else {
                for (int k = 0; k < m; k++)
                    if (!arb_overlaps(cf + k, df + k) || !arb_is_finite(df + k))
                        bad = 1;
            }
        } else if (dc->mc) {
            double mean[GDC_MAX_OUT], se[GDC_MAX_OUT];
            dc->mc(mean, se, x, seed + (uint64_t)p * 7919u, mc_samples);
            for (int k = 0; k < m; k++) {
                double ex = arf_get_d(arb_midref(cf + k), ARF_RND_NEAR);
                double diff = fabs(mean[k] - ex);
                double sig = diff / gdc_mc_se_floor(se[k], ex, mc_samples);
                if (sig > res->worst_sigma)
                    res->worst_sigma = sig;
                if (!(sig <= 6.0))
                    bad = 1;
            }
        }
        if (bad) {
            if (res->failures == 0)
                memcpy(res->worst_x, x, sizeof(double) * (size_t)n);
            res->failures++;
        }
        res->points++;
    }
    _arb_vec_clear(cf, m);
    _arb_vec_clear(df, m);
    free(xs);
    free(reg);
}
