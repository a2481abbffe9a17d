/* Certified decimal output of enclosures: every printed digit is certified. An enclosure [lo, hi] is
 * printed as the longest decimal prefix shared by lo rounded down and hi rounded up, with the last digit
 * as a bracket: 0.22682[1,5] means the value lies in [0.226821, 0.226825]. All rounding is exact
 * (rational arithmetic on the dyadic ends, never through a double). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <flint/fmpq.h>
#include "audit/audit.h"

/* x (finite arf) as an exact rational */
static void arf_to_fmpq(fmpq_t q, const arf_t x)
{
    fmpz_t m, e;
    fmpz_init(m);
    fmpz_init(e);
    arf_get_fmpz_2exp(m, e, x);
    if (fmpz_sgn(e) >= 0) {
        fmpz_mul_2exp(fmpq_numref(q), m, fmpz_get_ui(e));
        fmpz_one(fmpq_denref(q));
    } else {
        fmpz_set(fmpq_numref(q), m);
        fmpz_one(fmpq_denref(q));
        fmpz_neg(e, e);
        fmpz_mul_2exp(fmpq_denref(q), fmpq_denref(q), fmpz_get_ui(e));
    }
    fmpq_canonicalise(q);
    fmpz_clear(m);
    fmpz_clear(e);
}

/* res = floor(q * 10^j) (dir < 0), ceil(q * 10^j) (dir > 0) or the nearest integer (dir == 0, ties up) */
static void scaled_round(fmpz_t res, const fmpq_t q, slong j, int dir)
{
    fmpz_t num, den, p;
    fmpz_init_set(num, fmpq_numref(q));
    fmpz_init_set(den, fmpq_denref(q));
    fmpz_init(p);
    fmpz_set_ui(p, 10);
    fmpz_pow_ui(p, p, (ulong)(j >= 0 ? j : -j));
    if (j >= 0)
        fmpz_mul(num, num, p);
    else
        fmpz_mul(den, den, p);
    if (dir == 0) { /* floor((2 num + den) / (2 den)) */
        fmpz_mul_2exp(num, num, 1);
        fmpz_add(num, num, den);
        fmpz_mul_2exp(den, den, 1);
        fmpz_fdiv_q(res, num, den);
    } else if (dir < 0)
        fmpz_fdiv_q(res, num, den);
    else
        fmpz_cdiv_q(res, num, den);
    fmpz_clear(num);
    fmpz_clear(den);
    fmpz_clear(p);
}

/* the largest E with 10^E <= q (q > 0) */
static slong dec_exponent(const fmpq_t q)
{
    slong bits = (slong)fmpz_bits(fmpq_numref(q)) - (slong)fmpz_bits(fmpq_denref(q));
    slong E = (slong)(bits * 0.30103) - 1;
    fmpz_t f;
    fmpz_init(f);
    for (;;) { /* floor(q * 10^-E) >= 1 iff 10^E <= q */
        scaled_round(f, q, -E, -1);
        if (fmpz_sgn(f) > 0)
            break;
        E--;
    }
    for (;;) {
        scaled_round(f, q, -(E + 1), -1);
        if (fmpz_sgn(f) <= 0)
            break;
        E++;
    }
    fmpz_clear(f);
    return E;
}

/* Write the integer D (k digits, leading zeros allowed) times 10^p; if bracket, the last digit is replaced
 * by "[l,u]" (u = l + delta is given as the second digit). Positional for -6 <= exponent <= 5. */
static void write_digits(char *buf, size_t n, const char *digits, int k, slong p, const char *last)
{
    /* digits: k chars; last: replacement text of the final digit (or NULL) */
    char body[128];
    int nb = 0;
    slong E = p + k - 1; /* exponent of the first digit */
    char d[64];
    snprintf(d, sizeof d, "%.*s", k, digits);
    if (E >= -6 && E <= 5 && (p <= 0 || !last)) {
        if (p >= 0) { /* integer */
            nb += snprintf(body + nb, sizeof body - nb, "%.*s%s", k - (last ? 1 : 0), d, last ? last : "");
            for (slong i = 0; i < p && nb < (int)sizeof body - 1; i++)
                body[nb++] = '0';
            body[nb] = 0;
        } else {
            slong frac = -p; /* digits after the point */
            if (frac >= k) {
                nb += snprintf(body + nb, sizeof body - nb, "0.");
                for (slong i = 0; i < frac - k; i++)
                    body[nb++] = '0';
                body[nb] = 0;
                nb += snprintf(body + nb, sizeof body - nb, "%.*s%s", k - (last ? 1 : 0), d, last ? last : "");
            } else {
                int ip = (int)(k - frac);
                nb += snprintf(body + nb, sizeof body - nb, "%.*s.%.*s%s", ip, d, (int)(k - ip - (last ? 1 : 0)),
                               d + ip, last ? last : "");
            }
        }
    } else {
        if (k == 1)
            nb += snprintf(body, sizeof body, "%s", last ? last : d);
        else
            nb += snprintf(body, sizeof body, "%c.%.*s%s", d[0], k - 1 - (last ? 1 : 0), d + 1, last ? last : "");
        snprintf(body + nb, sizeof body - nb, "e%ld", (long)E);
    }
    snprintf(buf, n, "%s", body);
}

static void fmt_round_q(char *buf, size_t n, const fmpq_t q, int sig, int dir)
{
    if (fmpq_is_zero(q)) {
        snprintf(buf, n, "0");
        return;
    }
    fmpq_t a;
    fmpq_init(a);
    fmpq_abs(a, q);
    int neg = fmpq_sgn(q) < 0;
    /* rounding |q| down when (dir < 0) == (q > 0); dir == 0: to nearest */
    int adir = neg ? -dir : dir;
    slong E = dec_exponent(a);
    fmpz_t D;
    fmpz_init(D);
    scaled_round(D, a, sig - 1 - E, adir);
    char *ds = fmpz_get_str(NULL, 10, D);
    int k = (int)strlen(ds);
    slong p = E - sig + 1; /* value = D * 10^p (rounding up may give D one more digit: 9.99 -> 10.0) */
    /* strip trailing zeros (exact) */
    while (k > 1 && ds[k - 1] == '0') {
        k--;
        p++;
    }
    char tmp[128];
    write_digits(tmp, sizeof tmp, ds, k, p, NULL);
    snprintf(buf, n, "%s%s", neg ? "-" : "", tmp);
    flint_free(ds);
    fmpz_clear(D);
    fmpq_clear(a);
}

void gdc_fmt_round(char *buf, size_t n, const arf_t x, int sig, int dir)
{
    if (!arf_is_finite(x)) {
        snprintf(buf, n, "%s", arf_is_pos_inf(x) ? "inf" : arf_is_neg_inf(x) ? "-inf" : "nan");
        return;
    }
    fmpq_t q;
    fmpq_init(q);
    arf_to_fmpq(q, x);
    fmt_round_q(buf, n, q, sig, dir);
    fmpq_clear(q);
}

static void fmt_explicit(char *buf, size_t n, const fmpq_t lo, const fmpq_t hi)
{
    char a[64], b[64];
    fmt_round_q(a, sizeof a, lo, 4, -1);
    fmt_round_q(b, sizeof b, hi, 4, 1);
    snprintf(buf, n, "[%s, %s]", a, b);
}

/* 0 < lo <= hi: L_k = lo rounded down and U_k = hi rounded up to k significant digits. The bracket form
 * uses the largest k at which L_k and U_k share all digits but the last; the explicit form [L_k, U_k] the
 * largest k at which they differ by at most 9 units (more digits when a carry splits the prefix, e.g. an
 * enclosure of 1/4). Returns 0 if fewer than 2 digits are certified either way. */
static int fmt_positive(char *buf, size_t n, const fmpq_t lo, const fmpq_t hi, int maxdig)
{
    slong E = dec_exponent(hi);
    fmpz_t L, U, Lp, Up;
    fmpz_init(L);
    fmpz_init(U);
    fmpz_init(Lp);
    fmpz_init(Up);
    int kb = 0, ks = 0, exact = 0;
    for (int k = 1; k <= maxdig; k++) {
        scaled_round(L, lo, k - 1 - E, -1);
        scaled_round(U, hi, k - 1 - E, 1);
        if (fmpz_equal(L, U)) {
            kb = k;
            exact = 1;
            break;
        }
        fmpz_fdiv_q_ui(Lp, L, 10);
        fmpz_fdiv_q_ui(Up, U, 10);
        if (fmpz_equal(Lp, Up))
            kb = k;
        fmpz_sub(Up, U, L);
        if (fmpz_cmp_ui(Up, 9) <= 0)
            ks = k;
        else if (fmpz_cmp_ui(Up, 1000) > 0)
            break;
    }
    int ok = 0;
    int k = exact ? kb : (ks > kb ? ks : kb);
    if (exact || k >= 2) {
        scaled_round(L, lo, k - 1 - E, -1);
        scaled_round(U, hi, k - 1 - E, 1);
        char *ls = fmpz_get_str(NULL, 10, L), *us = fmpz_get_str(NULL, 10, U);
        int kl = (int)strlen(ls), ku = (int)strlen(us);
        slong p = E - k + 1;
        if (exact) {
            int kk = kl;
            while (kk > 1 && ls[kk - 1] == '0') {
                kk--;
                p++;
            }
            write_digits(buf, n, ls, kk, p, NULL);
            ok = 1;
        } else if (ks > kb) {
            char a[80], b[80];
            int ka = kl, kbb = ku;
            slong pa = p, pb = p;
            while (ka > 1 && ls[ka - 1] == '0')
                ka--, pa++;
            while (kbb > 1 && us[kbb - 1] == '0')
                kbb--, pb++;
            write_digits(a, sizeof a, ls, ka, pa, NULL);
            write_digits(b, sizeof b, us, kbb, pb, NULL);
            snprintf(buf, n, "[%s, %s]", a, b);
            ok = 1;
        } else if (kl == k && ku == k) {
            char last[16];
            snprintf(last, sizeof last, "[%c,%c]", ls[kl - 1], us[ku - 1]);
            write_digits(buf, n, ls, k, p, last);
            ok = 1;
        }
        flint_free(ls);
        flint_free(us);
    }
    fmpz_clear(L);
    fmpz_clear(U);
    fmpz_clear(Lp);
    fmpz_clear(Up);
    return ok;
}

void gdc_fmt_enclosure(char *buf, size_t n, const arf_t lo, const arf_t hi, int maxdig)
{
    if (!arf_is_finite(lo) || !arf_is_finite(hi) || arf_cmp(lo, hi) > 0) {
        char a[64], b[64];
        gdc_fmt_round(a, sizeof a, lo, 4, -1);
        gdc_fmt_round(b, sizeof b, hi, 4, 1);
        snprintf(buf, n, "[%s, %s]", a, b);
        return;
    }
    if (maxdig < 1)
        maxdig = 1;
    if (maxdig > 40)
        maxdig = 40;
    fmpq_t ql, qh, t;
    fmpq_init(ql);
    fmpq_init(qh);
    fmpq_init(t);
    arf_to_fmpq(ql, lo);
    arf_to_fmpq(qh, hi);
    if (fmpq_is_zero(ql) && fmpq_is_zero(qh))
        snprintf(buf, n, "0");
    else if (fmpq_sgn(ql) > 0) {
        if (!fmt_positive(buf, n, ql, qh, maxdig))
            fmt_explicit(buf, n, ql, qh);
    } else if (fmpq_sgn(qh) < 0) {
        fmpq_neg(t, qh);
        fmpq_neg(qh, ql);
        fmpq_set(ql, t);
        char tmp[160];
        if (fmt_positive(tmp, sizeof tmp, ql, qh, maxdig)) {
            if (tmp[0] == '[') { /* explicit "[a, b]" of the magnitudes: "[-b, -a]" */
                char *comma = strchr(tmp, ',');
                size_t la = comma ? (size_t)(comma - tmp - 1) : 0;
                const char *b = comma ? comma + 2 : "";
                size_t lb = strlen(b) > 0 ? strlen(b) - 1 : 0;
                snprintf(buf, n, "[-%.*s, -%.*s]", (int)lb, b, (int)la, tmp + 1);
            } else
                snprintf(buf, n, "-%s", tmp);
        } else {
            fmpq_neg(t, qh);
            fmpq_neg(qh, ql);
            fmt_explicit(buf, n, t, qh);
        }
    } else
        fmt_explicit(buf, n, ql, qh);
    fmpq_clear(ql);
    fmpq_clear(qh);
    fmpq_clear(t);
}

void gdc_fmt_enclosure_arb(char *buf, size_t n, const arb_t x, int maxdig)
{
    arf_t lo, hi;
    arf_init(lo);
    arf_init(hi);
    if (!arb_is_finite(x)) {
        snprintf(buf, n, "[-inf, inf]");
    } else {
        arb_get_lbound_arf(lo, x, ARF_PREC_EXACT);
        arb_get_ubound_arf(hi, x, ARF_PREC_EXACT);
        gdc_fmt_enclosure(buf, n, lo, hi, maxdig);
    }
    arf_clear(lo);
    arf_clear(hi);
}
