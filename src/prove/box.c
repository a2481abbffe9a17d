/* Boxes of the prover: the root box from the claim's constant range ends, the deterministic split rule
 * (exact dyadic midpoint; integer variables: [lo, m] and [m + 1, hi] with m = floor((lo + hi)/2)), the
 * box centre, and exact dyadic numbers as text. Shared by the search and the checker. */
#include <stdlib.h>
#include <string.h>
#include "prove/prove.h"

int gdc_claim_root_box(const gdc_claim_t *c, arb_ptr lo, arb_ptr hi, slong prec, int *badvar)
{
    for (int i = 0; i < c->nvars; i++) {
        const gdc_var_t *v = &c->vars[i];
        if (badvar)
            *badvar = i;
        if (v->integer) {
            /* the extreme integers of the range, computed exactly when the claim was read */
            arb_set_fmpz(lo + i, v->ilo);
            arb_set_fmpz(hi + i, v->ihi);
            if (fmpz_cmp(v->ilo, v->ihi) > 0)
                return -2;
            continue;
        }
        if (gdc_expr_eval_const(c, v->lo, lo + i, prec) || gdc_expr_eval_const(c, v->hi, hi + i, prec))
            return -1;
        if (arb_gt(lo + i, hi + i))
            return -2;
        if ((v->lo_open || v->hi_open) && arb_is_exact(lo + i) && arb_equal(lo + i, hi + i))
            return -2;
    }
    return 0;
}

int gdc_split_point(arf_t m, const arb_t lo, const arb_t hi)
{
    arf_add(m, arb_midref(lo), arb_midref(hi), ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(m, m, -1);
    if (!arf_is_finite(m))
        return -1;
    arb_t t;
    arb_init(t);
    arb_set_arf(t, m);
    int ok = arb_lt(lo, t) && arb_lt(t, hi);
    arb_clear(t);
    return ok ? 0 : -1;
}

static int is_exact_int(const arb_t x)
{
    return arb_is_exact(x) && arf_is_int(arb_midref(x));
}

int gdc_box_split(const gdc_claim_t *c, int i, const arb_t lo, const arb_t hi, arf_t left_hi, arf_t right_lo)
{
    if (!c->vars[i].integer) {
        if (gdc_split_point(left_hi, lo, hi))
            return -1;
        arf_set(right_lo, left_hi);
        return 0;
    }
    /* integer dimension: both ends must be exact integers (they are: the root's ends are, and splits keep it) */
    if (!is_exact_int(lo) || !is_exact_int(hi) || !arf_is_finite(arb_midref(lo)) || !arf_is_finite(arb_midref(hi)) ||
        arf_cmp(arb_midref(lo), arb_midref(hi)) >= 0)
        return -1;
    fmpz_t a, b;
    fmpz_init(a);
    fmpz_init(b);
    arf_get_fmpz(a, arb_midref(lo), ARF_RND_DOWN); /* exact: lo is an integer */
    arf_get_fmpz(b, arb_midref(hi), ARF_RND_DOWN);
    fmpz_add(a, a, b);
    fmpz_fdiv_q_2exp(a, a, 1);                     /* m = floor((lo + hi)/2): lo <= m < hi */
    arf_set_fmpz(left_hi, a);
    fmpz_add_ui(a, a, 1);
    arf_set_fmpz(right_lo, a);
    fmpz_clear(a);
    fmpz_clear(b);
    return 0;
}

void gdc_box_centre(const gdc_claim_t *c, int i, arb_t x, const arb_t lo, const arb_t hi)
{
    arf_t m, m2;
    arf_init(m);
    arf_init(m2);
    if (gdc_box_split(c, i, lo, hi, m, m2) == 0)
        arb_set_arf(x, m);
    else
        arb_set(x, lo);
    arf_clear(m);
    arf_clear(m2);
}

char *gdc_dyadic_str(const arf_t x)
{
    fmpz_t m, e;
    fmpz_init(m);
    fmpz_init(e);
    if (!arf_is_finite(x)) {
        fmpz_clear(m);
        fmpz_clear(e);
        return strdup(arf_is_pos_inf(x) ? "inf" : arf_is_neg_inf(x) ? "-inf" : "nan");
    }
    arf_get_fmpz_2exp(m, e, x);
    char *ms = fmpz_get_str(NULL, 10, m), *es = fmpz_get_str(NULL, 10, e);
    size_t n = strlen(ms) + strlen(es) + 3;
    char *out = malloc(n);
    if (out) {
        if (fmpz_is_zero(e))
            snprintf(out, n, "%s", ms);
        else
            snprintf(out, n, "%sp%s", ms, es);
    }
    flint_free(ms);
    flint_free(es);
    fmpz_clear(m);
    fmpz_clear(e);
    return out;
}

static int int_ok(const char *s, size_t n)
{
    size_t i = 0;
    if (i < n && s[i] == '-')
        i++;
    if (i == n || n - i > 4000)
        return 0;
    for (; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return 0;
    return 1;
}

int gdc_dyadic_set_str(arf_t x, const char *s)
{
    const char *p = strchr(s, 'p');
    size_t nm = p ? (size_t)(p - s) : strlen(s);
    if (!int_ok(s, nm) || (p && (!int_ok(p + 1, strlen(p + 1)) || strlen(p + 1) > 18)))
        return -1;
    char *ms = strndup(s, nm);
    if (!ms)
        return -1;
    fmpz_t m, e;
    fmpz_init(m);
    fmpz_init(e);
    int rc = fmpz_set_str(m, ms, 10);
    if (p && rc == 0)
        rc = fmpz_set_str(e, p + 1, 10);
    if (rc == 0)
        arf_set_fmpz_2exp(x, m, e);
    fmpz_clear(m);
    fmpz_clear(e);
    free(ms);
    return rc == 0 ? 0 : -1;
}

/* r = |d| exactly when d has at most MAG_BITS significant bits (arf_get_mag may round up even then) */
static void mag_tight(mag_t r, const arf_t d)
{
    fmpz_t m, e;
    fmpz_init(m);
    fmpz_init(e);
    arf_get_mag(r, d);
    if (arf_is_finite(d) && !arf_is_zero(d)) {
        arf_get_fmpz_2exp(m, e, d);
        fmpz_abs(m, m);
        if (fmpz_bits(m) <= MAG_BITS && fmpz_fits_si(e) && fmpz_get_si(e) > -(WORD(1) << 40) &&
            fmpz_get_si(e) < (WORD(1) << 40)) {
            mag_t t;
            arf_t c;
            mag_init(t);
            arf_init(c);
            mag_set_ui_2exp_si(t, fmpz_get_ui(m), fmpz_get_si(e));
            arf_set_mag(c, t);
            arf_abs(c, c);
            arf_t ad;
            arf_init(ad);
            arf_abs(ad, d);
            if (arf_equal(c, ad))
                mag_set(r, t);
            arf_clear(ad);
            arf_clear(c);
            mag_clear(t);
        }
    }
    fmpz_clear(m);
    fmpz_clear(e);
}

void gdc_box_ball(arb_t x, const arb_t lo, const arb_t hi)
{
    /* The ball [L, L + 2r] with L the lower bound of lo, r >= (U - L)/2 (U the upper bound of hi) and the
     * midpoint L + r computed exactly: it contains [L, U], and its lower end is exactly L, so a box that
     * starts at a domain end such as 0 never reaches below it through rounding (sqrt, log, fractional powers
     * stay defined there). When lo is inexact and hi is exact, the mirror image keeps the upper end exact.
     * Dyadic boxes give exact balls as before (r = (U - L)/2 exactly). */
    int anchor_hi = !mag_is_zero(arb_radref(lo)) && mag_is_zero(arb_radref(hi));
    arf_t L, U, d;
    arf_init(L);
    arf_init(U);
    arf_init(d);
    arb_get_lbound_arf(L, lo, ARF_PREC_EXACT);
    arb_get_ubound_arf(U, hi, ARF_PREC_EXACT);
    arf_sub(d, U, L, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(d, d, -1);
    arf_abs(d, d);
    mag_tight(arb_radref(x), d); /* >= d, exact when d fits */
    arf_set_mag(d, arb_radref(x));
    if (anchor_hi)
        arf_sub(arb_midref(x), U, d, ARF_PREC_EXACT, ARF_RND_DOWN);
    else
        arf_add(arb_midref(x), L, d, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_clear(L);
    arf_clear(U);
    arf_clear(d);
}
