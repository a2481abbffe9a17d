/* Registry-driven derivative checks (see xcheck.h): the Arb enclosures fn_arb_jac / fn_arb_hess of a row against
 * MPFR finite differences of fn_mpfr, at points and inside random boxes. Shared by `gdcert check` and the Check
 * suites.
 *
 * The difference as an interval. Steps are powers of two, h = 2^-100 sigma for first order and 2^-60 sigma for
 * second order, sigma the smallest binade 2^e of the non-zero real arguments (so h stays far below the distance to
 * a domain end at 0 or a singularity at the scale of an argument). The shifted points x + a h are exact (MPFR
 * inputs carry every bit), and the values f are the row's MPFR values at p >= 320 bits; the MPFR contract is
 * round-to-nearest, and we allow a relative error of 2^-(p-20) (as the value check allows 2^-300 at 320 bits).
 * Each difference D(h) is formed in Arb from those balls, so its rounding part is rigorous. The truncation part:
 *   central   D(h) = (f(x+h) - f(x-h))/(2h)                = f' + c3 h^2 + O(h^4)
 *   one-sided D(h) = (-3 f(x) + 4 f(x+h) - f(x+2h))/(2h)   = f' - 2 c3 h^2 + O(h^3)   (at a domain end)
 *   second    S(h) = (f(x+h) - 2 f(x) + f(x-h))/h^2          = f'' + c4 h^2 + O(h^4)
 *   mixed     M(h) = sum of +-f(x +- h_i +- h_j)/(4 h_i h_j) = f_ij + O(h^2)
 * Richardson: D(2h) - D(h) = 3 c h^2 (1 + O(h^2)), so |D(h) - f'| <= |D(2h) - D(h)| as long as the h^2 term
 * dominates the rest, i.e. h is small against the radius of analyticity rho of f at x (the relative size of the
 * neglected terms is (h/rho)^2 <= 2^-80 when rho >= 2^-60 sigma). We take D(h) widened by |D(2h) - D(h)| (three
 * times the estimate). Where the estimate says the h^2 regime is not reached (the widening exceeds 2^-40 of
 * the value), h shrinks by 2^-60 and the precision grows, twice at most; the interval then stays wide (a weak but
 * not a false test). This is not a proof of the derivative (the enclosures themselves are the rigorous objects);
 * it is a test that a wrong formula (an O(1) error) cannot pass, with a tolerance no sound enclosure can miss.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/xcheck.h"

#define STEP1_BITS 100
#define STEP2_BITS 60
#define SLACK_BITS 20
#define OUT_PREC 320

/* Rows allowed to have no derivative yet (neither fn_arb_jac nor no_deriv) while their families are being done
 * (issue 9 section 1): the one list. Remove a family's prefix when its rows have derivatives. */
static const char *const missing_allowed[] = {NULL}; /* none left (NULL: no prefix) */

int gdc_deriv_missing_allowed(const gdc_row_t *row)
{
    for (size_t i = 0; i < sizeof missing_allowed / sizeof missing_allowed[0]; i++)
        if (missing_allowed[i] != NULL && strncmp(row->id, missing_allowed[i], strlen(missing_allowed[i])) == 0)
            return 1;
    return 0;
}

const char *gdc_deriv_status(const gdc_row_t *row)
{
    if (row->fn_arb_jac)
        return row->fn_arb_hess ? "jac+hess" : "jac";
    return row->no_deriv ? "none" : "missing";
}

/* ---- MPFR values at shifted points ---- */

typedef struct {
    const gdc_row_t *row;
    const double *x;
    mpfr_ptr xm, om;
    mpfr_prec_t prec;          /* output precision */
    int kink_check;            /* skip entries where the one-sided differences disagree (gdc_check_deriv_at) */
    int kinked;                /* the current point had such an entry */
    arb_t lo, hi;              /* scratch */
} fd_t;

static void fd_init(fd_t *fd, const gdc_row_t *row)
{
    fd->row = row;
    fd->xm = malloc(sizeof(__mpfr_struct) * (size_t)row->nargs);
    fd->om = malloc(sizeof(__mpfr_struct) * (size_t)row->nout);
    for (int i = 0; i < row->nargs; i++)
        mpfr_init2(fd->xm + i, 64);
    for (int k = 0; k < row->nout; k++)
        mpfr_init2(fd->om + k, OUT_PREC);
    fd->prec = OUT_PREC;
    fd->kink_check = fd->kinked = 0;
    arb_init(fd->lo);
    arb_init(fd->hi);
}

static void fd_clear(fd_t *fd)
{
    for (int i = 0; i < fd->row->nargs; i++)
        mpfr_clear(fd->xm + i);
    for (int k = 0; k < fd->row->nout; k++)
        mpfr_clear(fd->om + k);
    free(fd->xm);
    free(fd->om);
    arb_clear(fd->lo);
    arb_clear(fd->hi);
}

/* the exact MPFR point xm lies in the argument's domain (undecided counts as outside) */
static int mp_in_arg(fd_t *fd, const gdc_arg_t *a, mpfr_srcptr v)
{
    slong prec = mpfr_get_prec(v) + 64;
    arb_t x;
    int ok = 1;
    arb_init(x);
    arf_set_mpfr(arb_midref(x), v);
    if (!(gdc_qpi_is_inf(&a->lo) && a->lo.num < 0)) {
        gdc_qpi_arb(fd->lo, &a->lo, prec);
        ok &= arb_gt(x, fd->lo) || (!a->lo_open && arb_is_exact(fd->lo) && arb_equal(x, fd->lo));
    }
    if (!(gdc_qpi_is_inf(&a->hi) && a->hi.num > 0)) {
        gdc_qpi_arb(fd->hi, &a->hi, prec);
        ok &= arb_lt(x, fd->hi) || (!a->hi_open && arb_is_exact(fd->hi) && arb_equal(x, fd->hi));
    }
    arb_clear(x);
    return ok;
}

/* f at x + sum_i a[i] 2^e[i] e_i into vals[0..m) as balls with the allowed MPFR error; 0 if the point is outside
 * the domain or a value is not finite */
static int fd_eval(fd_t *fd, const long *a, const long *e, arb_ptr vals)
{
    const gdc_row_t *row = fd->row;
    for (int i = 0; i < row->nargs; i++) {
        long gap = (fd->x[i] != 0 ? ilogb(fd->x[i]) : 0) - e[i];
        mpfr_set_prec(fd->xm + i, 64 + (a[i] && gap > 0 ? gap : 0) + 8);
        mpfr_set_d(fd->xm + i, fd->x[i], MPFR_RNDN);
        if (a[i]) {
            mpfr_t s;
            mpfr_init2(s, 64);
            mpfr_set_si_2exp(s, a[i], e[i], MPFR_RNDN);
            mpfr_add(fd->xm + i, fd->xm + i, s, MPFR_RNDN); /* exact: the precision covers both */
            mpfr_clear(s);
            if (!mp_in_arg(fd, &row->args[i], fd->xm + i))
                return 0;
        }
    }
    for (int k = 0; k < row->nout; k++)
        mpfr_set_prec(fd->om + k, fd->prec);
    /* a result that underflowed to 0 (Phi2(-6.23, -9.09; -1 + 1.1e-16) ~ exp(-1e17) is below MPFR's 2^emin) gets
     * the radius 2^emin, which holds every value MPFR rounds to 0 (RNDN rounds at most 2^(emin-2) to 0) */
    mpfr_clear_underflow();
    row->fn_mpfr(fd->om, fd->xm);
    int under = mpfr_underflow_p();
    for (int k = 0; k < row->nout; k++) {
        if (!mpfr_number_p(fd->om + k))
            return 0;
        arf_set_mpfr(arb_midref(vals + k), fd->om + k);
        arf_get_mag(arb_radref(vals + k), arb_midref(vals + k));
        mag_mul_2exp_si(arb_radref(vals + k), arb_radref(vals + k), -(slong)(fd->prec - SLACK_BITS));
        if (under && mpfr_zero_p(fd->om + k))
            mag_set_ui_2exp_si(arb_radref(vals + k), 1, mpfr_get_emin());
    }
    return 1;
}

/* bits the step 2^e lies below the binade of x_j beyond `bits`: the output precision grows by as much, so that
 * the rounding part of a difference stays at 2^-(OUT_PREC - 20 - bits) of f/x_j even when another argument
 * is much smaller than x_j (sigma is the smallest binade) */
static mpfr_prec_t extra_prec(const double *x, int j, long e, long bits)
{
    long g = (x[j] != 0 ? ilogb(x[j]) : 0) - e - bits;
    return g > 0 ? g : 0;
}

/* sigma: the smallest binade exponent of the non-zero real arguments (0 when there is none) */
static long sigma_exp(const gdc_row_t *row, const double *x)
{
    long s = LONG_MAX;
    for (int i = 0; i < row->nargs; i++)
        if (!row->args[i].integer && x[i] != 0 && ilogb(x[i]) < s)
            s = ilogb(x[i]);
    return s == LONG_MAX ? 0 : s;
}

/* res[k] = sum_s w[s] f(x + ai[s] 2^e_i e_i + aj[s] 2^e_j e_j) / (dscale 2^(e_i + e_j)); without j (j < 0), the
 * divisor is dscale 2^(order e_i) */
typedef struct {
    int n;
    long ai[5], aj[5], w[5];
    long dscale;
    int order;
} stencil_t;

static int apply(fd_t *fd, const stencil_t *st, int i, int j, long ei, long ej, arb_ptr res, slong wp)
{
    const gdc_row_t *row = fd->row;
    long a[GDC_MAX_ARGS] = {0}, e[GDC_MAX_ARGS] = {0};
    int m = row->nout, ok = 1;
    arb_ptr v = _arb_vec_init(m);
    _arb_vec_zero(res, m);
    for (int s = 0; s < st->n && ok; s++) {
        memset(a, 0, sizeof a);
        e[i] = ei;
        a[i] = st->ai[s];
        if (j >= 0) {
            e[j] = ej;
            a[j] += st->aj[s];
        }
        ok = fd_eval(fd, a, e, v);
        for (int k = 0; ok && k < m; k++)
            arb_addmul_si(res + k, v + k, st->w[s], wp);
    }
    for (int k = 0; ok && k < m; k++) {
        arb_div_si(res + k, res + k, st->dscale, wp);
        arb_mul_2exp_si(res + k, res + k, -(j >= 0 ? ei + ej : st->order * ei));
    }
    _arb_vec_clear(v, m);
    return ok;
}

/* res[k] := r1[k] widened by |mid r2 - mid r1| (Richardson bound, see the top of the file); returns 1 if the
 * widening is at most 2^-40 of the value (the h^2 regime is reached) */
static int richardson(arb_ptr r1, arb_srcptr r2, int m, slong wp)
{
    int tight = 1;
    arb_t d;
    arb_init(d);
    for (int k = 0; k < m; k++) {
        mag_t g;
        mag_init(g);
        arb_sub(d, r1 + k, r2 + k, wp);
        arb_get_mag(g, d);
        /* tight: the widening g is at most 2^-40 |value| or at most the rounding radius */
        mag_t v;
        mag_init(v);
        arb_get_mag_lower(v, r1 + k);
        mag_mul_2exp_si(v, v, -40);
        if (mag_cmp(g, v) > 0 && mag_cmp(g, arb_radref(r1 + k)) > 0)
            tight = 0;
        mag_add(arb_radref(r1 + k), arb_radref(r1 + k), g);
        mag_clear(v);
        mag_clear(g);
    }
    arb_clear(d);
    return tight;
}

/* d out[k]/dx_j as balls res[k]; returns 2 for a central stencil, 1 one-sided, 0 none (stencil leaves the domain
 * or a value is not finite) */
static int diff1(fd_t *fd, int j, arb_ptr res)
{
    static const stencil_t c1 = {2, {1, -1}, {0}, {1, -1}, 2, 1}, c2 = {2, {2, -2}, {0}, {1, -1}, 4, 1};
    static const stencil_t f1 = {3, {0, 1, 2}, {0}, {-3, 4, -1}, 2, 1}, f2 = {3, {0, 2, 4}, {0}, {-3, 4, -1}, 4, 1};
    static const stencil_t b1 = {3, {0, -1, -2}, {0}, {3, -4, 1}, 2, 1}, b2 = {3, {0, -2, -4}, {0}, {3, -4, 1}, 4, 1};
    const stencil_t *s1[3] = {&c1, &f1, &b1}, *s2[3] = {&c2, &f2, &b2};
    int m = fd->row->nout, kind = 0, tight = 0;
    arb_ptr r2 = _arb_vec_init(m);
    long e = sigma_exp(fd->row, fd->x) - STEP1_BITS;
    mpfr_prec_t p0 = fd->prec;
    fd->prec += extra_prec(fd->x, j, e, STEP1_BITS);
    for (int tries = 0; tries < 3; tries++) {
        slong wp = fd->prec + 64;
        for (kind = 0; kind < 3; kind++)
            if (apply(fd, s1[kind], j, -1, e, 0, res, wp) && apply(fd, s2[kind], j, -1, e, 0, r2, wp))
                break;
        if (kind == 3 || (tight = richardson(res, r2, m, wp)))
            break;
        e -= 60;
        fd->prec += 120;
    }
    fd->prec = p0;
    _arb_vec_clear(r2, m);
    /* special-argument check: a one-sided difference at a domain end where f is not analytic (gauss.chi2_tail at
     * c = 0: Q(3/2, x) = 1 - C x^(3/2), so D(h) ~ h^(1/2) and the Richardson bound, which assumes an h^2 error,
     * excludes the derivative 0) is no test; it is dropped where the h^2 regime was not reached */
    if (kind > 0 && kind < 3 && !tight && fd->kink_check)
        return 0;
    return kind == 3 ? 0 : 2 - (kind > 0);
}

/* 1 if the forward and backward one-sided differences in x_j both exist and disagree for some output (each
 * widened by its Richardson bound): f is not differentiable in x_j at the point (a kink of a relu-type row) */
static int kink(fd_t *fd, int j)
{
    static const stencil_t f1 = {3, {0, 1, 2}, {0}, {-3, 4, -1}, 2, 1}, f2 = {3, {0, 2, 4}, {0}, {-3, 4, -1}, 4, 1};
    static const stencil_t b1 = {3, {0, -1, -2}, {0}, {3, -4, 1}, 2, 1}, b2 = {3, {0, -2, -4}, {0}, {3, -4, 1}, 4, 1};
    int m = fd->row->nout, bad = 0;
    arb_ptr fw = _arb_vec_init(m), bw = _arb_vec_init(m), r2 = _arb_vec_init(m);
    long e = sigma_exp(fd->row, fd->x) - STEP1_BITS;
    mpfr_prec_t p0 = fd->prec;
    fd->prec += extra_prec(fd->x, j, e, STEP1_BITS);
    slong wp = fd->prec + 64;
    if (apply(fd, &f1, j, -1, e, 0, fw, wp) && apply(fd, &f2, j, -1, e, 0, r2, wp)) {
        richardson(fw, r2, m, wp);
        if (apply(fd, &b1, j, -1, e, 0, bw, wp) && apply(fd, &b2, j, -1, e, 0, r2, wp)) {
            richardson(bw, r2, m, wp);
            for (int k = 0; k < m; k++)
                bad |= !arb_overlaps(fw + k, bw + k);
        }
    }
    fd->prec = p0;
    _arb_vec_clear(fw, m);
    _arb_vec_clear(bw, m);
    _arb_vec_clear(r2, m);
    return bad;
}

/* d^2 out[k]/dx_i dx_j by central second differences; 0 if the stencil leaves the domain */
static int diff2(fd_t *fd, int i, int j, arb_ptr res)
{
    static const stencil_t s1 = {3, {1, 0, -1}, {0}, {1, -2, 1}, 1, 2}, s2 = {3, {2, 0, -2}, {0}, {1, -2, 1}, 4, 2};
    static const stencil_t m1 = {4, {1, 1, -1, -1}, {1, -1, 1, -1}, {1, -1, -1, 1}, 4, 2};
    static const stencil_t m2 = {4, {2, 2, -2, -2}, {2, -2, 2, -2}, {1, -1, -1, 1}, 16, 2};
    int m = fd->row->nout, ok;
    arb_ptr r2 = _arb_vec_init(m);
    long e = sigma_exp(fd->row, fd->x) - STEP2_BITS;
    mpfr_prec_t p0 = fd->prec;
    fd->prec += extra_prec(fd->x, i, e, STEP2_BITS) + extra_prec(fd->x, j, e, STEP2_BITS);
    slong wp = fd->prec + 64;
    if (i == j)
        ok = apply(fd, &s1, i, -1, e, 0, res, wp) && apply(fd, &s2, i, -1, e, 0, r2, wp);
    else
        ok = apply(fd, &m1, i, j, e, e, res, wp) && apply(fd, &m2, i, j, e, e, r2, wp);
    /* special-argument check: where the h^2 regime is not reached (f not analytic at the point: ball.disk_cross at
     * the flat-neuron edge s + bw = 0, d^2K/ds^2 ~ (s + bw)^(1/2)) the entry is not compared, as in diff1 */
    if (ok && !richardson(res, r2, m, wp) && fd->kink_check)
        ok = 0;
    fd->prec = p0;
    _arb_vec_clear(r2, m);
    return ok;
}

/* ---- comparison of one point's differences with enclosures ---- */

/* enclosures of the row at the balls xb: nset = 1 (fn_arb_jac) or 2 (and fn_arb_hess): out, jac of each set,
 * hess of the second */
typedef struct {
    int nset;
    arb_ptr out[2], jac[2], hess;
    int must_be_finite;        /* point check: a finite entry is required where the central stencil fits */
} encs_t;

static void fail(gdc_deriv_result_t *res, const gdc_row_t *row, const double *x, const char *what, int k, int i,
                 int j)
{
    if (res->what[0] == '\0') {
        snprintf(res->what, sizeof res->what, "%s[%d] %s%s%s%s: %s", i < 0 ? "out" : j < 0 ? "jac" : "hess", k,
                 i >= 0 ? "d/d" : "", i >= 0 ? row->args[i].name : "", j >= 0 ? " d/d" : "",
                 j >= 0 ? row->args[j].name : "", what);
        memcpy(res->worst_x, x, sizeof(double) * (size_t)row->nargs);
    }
}

/* one entry against its difference: 1 ok (or an allowed indeterminate), 0 bad */
static int entry_ok(arb_srcptr enc, arb_srcptr diff, int kind, int must_be_finite, gdc_deriv_result_t *res)
{
    if (kind > 0 && arb_rel_accuracy_bits(diff) < 40)
        res->loose++;
    if (!arb_is_finite(enc)) {
        res->indeterminate++;
        return !(must_be_finite && kind == 2);
    }
    return kind == 0 || arb_overlaps(enc, diff);
}

static const char *why(arb_srcptr enc)
{
    return arb_is_finite(enc) ? "misses the difference" : "indeterminate where the difference exists";
}

/* the value and first-order entries; returns 1 if the point is bad */
static int compare_jac(fd_t *fd, const encs_t *en, const double *x, gdc_deriv_result_t *res, arb_ptr d)
{
    const gdc_row_t *row = fd->row;
    int n = row->nargs, m = row->nout, bad = 0;
    long zero[GDC_MAX_ARGS] = {0};
    if (fd_eval(fd, zero, zero, d))
        for (int s = 0; s < en->nset; s++)
            for (int k = 0; k < m; k++)
                if (!arb_overlaps(en->out[s] + k, d + k)) {
                    fail(res, row, x, "misses the MPFR value", k, -1, -1);
                    bad = 1;
                }
    for (int j = 0; j < n; j++) {
        int kind = row->args[j].integer ? -1 : diff1(fd, j, d);
        if (kind == 2 && fd->kink_check && kink(fd, j)) {
            res->kinks += m * en->nset;
            fd->kinked = 1;
            continue;
        }
        for (int s = 0; s < en->nset; s++)
            for (int k = 0; k < m; k++) {
                arb_srcptr e = en->jac[s] + k * n + j;
                if (kind < 0) {
                    if (arb_is_finite(e)) {
                        fail(res, row, x, "finite w.r.t. an integer argument", k, j, -1);
                        bad = 1;
                    }
                    continue;
                }
                res->entries++;
                if (!entry_ok(e, d + k, kind, en->must_be_finite, res)) {
                    fail(res, row, x, why(e), k, j, -1);
                    bad = 1;
                }
            }
    }
    return bad;
}

/* the second-order entries; returns 1 if the point is bad */
static int compare_hess(fd_t *fd, const encs_t *en, const double *x, gdc_deriv_result_t *res, arb_ptr d)
{
    const gdc_row_t *row = fd->row;
    int n = row->nargs, m = row->nout, bad = 0;
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++) {
            int integer = row->args[i].integer || row->args[j].integer;
            int kind = integer ? 0 : 2 * diff2(fd, i, j, d);
            if (!integer && kind == 0)
                res->skipped++;
            for (int k = 0; k < m; k++)
                for (int sym = 0; sym < 2; sym++) {
                    arb_srcptr e = en->hess + (sym ? (k * n + j) * n + i : (k * n + i) * n + j);
                    if (integer) {
                        if (arb_is_finite(e)) {
                            fail(res, row, x, "finite w.r.t. an integer argument", k, i, j);
                            bad = 1;
                        }
                        continue;
                    }
                    res->hess_entries++;
                    if (!entry_ok(e, d + k, kind, en->must_be_finite, res)) {
                        fail(res, row, x, why(e), k, i, j);
                        bad = 1;
                    }
                }
        }
    return bad;
}

static int check_at(fd_t *fd, const encs_t *en, const double *x, gdc_deriv_result_t *res)
{
    arb_ptr d = _arb_vec_init(fd->row->nout);
    fd->x = x;
    fd->kinked = 0;
    int bad = compare_jac(fd, en, x, res, d);
    if (en->hess && !fd->kinked)
        bad |= compare_hess(fd, en, x, res, d);
    _arb_vec_clear(d, fd->row->nout);
    return bad;
}

static void encs_init(encs_t *e, const gdc_row_t *row, int must_be_finite)
{
    int n = row->nargs, m = row->nout;
    e->nset = row->fn_arb_hess ? 2 : 1;
    for (int s = 0; s < e->nset; s++) {
        e->out[s] = _arb_vec_init(m);
        e->jac[s] = _arb_vec_init(m * n);
    }
    e->hess = row->fn_arb_hess ? _arb_vec_init(m * n * n) : NULL;
    e->must_be_finite = must_be_finite;
}

static void encs_clear(encs_t *e, const gdc_row_t *row)
{
    int n = row->nargs, m = row->nout;
    for (int s = 0; s < e->nset; s++) {
        _arb_vec_clear(e->out[s], m);
        _arb_vec_clear(e->jac[s], m * n);
    }
    if (e->hess)
        _arb_vec_clear(e->hess, m * n * n);
}

static int all_finite(arb_srcptr v, slong len)
{
    for (slong i = 0; i < len; i++)
        if (!arb_is_finite(v + i))
            return 0;
    return 1;
}

static void encs_eval(encs_t *e, const gdc_row_t *row, arb_srcptr xb, slong prec)
{
    int n = row->nargs, m = row->nout;
    row->fn_arb_jac(e->out[0], e->jac[0], xb, prec);
    if (e->hess)
        row->fn_arb_hess(e->out[1], e->jac[1], e->hess, xb, prec);
    /* at a point, retry at a higher precision an enclosure that is not finite (cancellation, not a blow-up) */
    if (e->must_be_finite && !all_finite(e->jac[0], m * n))
        row->fn_arb_jac(e->out[0], e->jac[0], xb, 4 * prec);
    if (e->must_be_finite && e->hess && !(all_finite(e->hess, m * n * n) && all_finite(e->jac[1], m * n)))
        row->fn_arb_hess(e->out[1], e->jac[1], e->hess, xb, 4 * prec);
}

/* the point checks at xs[count]: reg (may be NULL) the regime of each point, NULL for the special-argument check
 * (no finite entries required, kinks skipped) */
static void deriv_points(const gdc_row_t *row, const double *xs, long count, const int *reg, gdc_deriv_result_t *res)
{
    int n = row->nargs;
    arb_ptr xb = _arb_vec_init(n);
    encs_t e;
    fd_t fd;
    encs_init(&e, row, 1);
    fd_init(&fd, row);
    fd.kink_check = reg == NULL;
    for (long p = 0; p < count; p++) {
        const double *x = xs + p * n;
        for (int i = 0; i < n; i++)
            arb_set_d(xb + i, x[i]);
        /* finite entries are required at uniform random points only: a corner or a hard-regime point may sit
         * exactly where the row is not (twice) differentiable (relu.corr_ratio at (1, 0)), and so may a special
         * point (a singularity of a derivative at a domain end) */
        e.must_be_finite = reg && reg[p] < 0 && p >= (1L << n);
        encs_eval(&e, row, xb, 128);
        res->failures += check_at(&fd, &e, x, res);
        res->points++;
    }
    fd_clear(&fd);
    encs_clear(&e, row);
    _arb_vec_clear(xb, n);
}

void gdc_check_deriv(const gdc_row_t *row, long random, long per_regime, uint64_t seed, gdc_deriv_result_t *res)
{
    memset(res, 0, sizeof *res);
    if (!row->fn_arb_jac)
        return;
    long count;
    int *reg;
    double *xs = gdc_alloc_points(row, random, per_regime, seed, &count, &reg, 1);
    deriv_points(row, xs, count, reg, res);
    free(xs);
    free(reg);
}

void gdc_check_deriv_wide(const gdc_row_t *row, long boxes, long samples_per_box, uint64_t seed,
                          gdc_deriv_result_t *res)
{
    memset(res, 0, sizeof *res);
    if (!row->fn_arb_jac)
        return;
    int n = row->nargs;
    long count;
    int *reg;
    long per_regime = row->nregimes ? boxes / (2 * row->nregimes) : 0;
    double *cs = gdc_alloc_points(row, boxes - per_regime * row->nregimes, per_regime, seed, &count, &reg, 0);
    double blo[GDC_MAX_ARGS], bhi[GDC_MAX_ARGS], x[GDC_MAX_ARGS];
    arb_ptr xb = _arb_vec_init(n);
    encs_t e;
    fd_t fd;
    gdc_rng_t rng;
    gdc_rng_seed(&rng, seed ^ 0x9e3779b9u);
    encs_init(&e, row, 0);
    fd_init(&fd, row);
    for (long bi = 0; bi < count; bi++) {
        gdc_random_box(row, cs + bi * n, &rng, blo, bhi, xb);
        encs_eval(&e, row, xb, (bi & 1) ? 64 : 128);
        for (long s = 0; s < samples_per_box + 2; s++) {
            gdc_box_sample(row, blo, bhi, s, &rng, x);
            if (!gdc_point_in_domain(row, x))
                continue;
            res->failures += check_at(&fd, &e, x, res);
            res->points++;
        }
        res->boxes++;
    }
    fd_clear(&fd);
    encs_clear(&e, row);
    _arb_vec_clear(xb, n);
    free(cs);
    free(reg);
}

void gdc_check_deriv_at(const gdc_row_t *row, const double *xs, long count, gdc_deriv_result_t *res)
{
    memset(res, 0, sizeof *res);
    if (row->fn_arb_jac)
        deriv_points(row, xs, count, NULL, res);
}
