/* Argument domains: exact endpoints (num/den) * pi^k, and exact membership tests for doubles. */
#include <stdio.h>
#include <math.h>
#include "core/registry.h"

int gdc_qpi_is_inf(const gdc_qpi_t *q) { return q->den == 0; }

void gdc_qpi_arb(arb_t res, const gdc_qpi_t *q, slong prec)
{
    if (q->den == 0) {
        arb_indeterminate(res); /* callers test gdc_qpi_is_inf first */
        return;
    }
    arb_set_si(res, q->num);
    arb_div_si(res, res, q->den, prec);
    if (q->pi_pow != 0) {
        arb_t p;
        arb_init(p);
        arb_const_pi(p, prec);
        arb_pow_ui(p, p, (ulong)(q->pi_pow > 0 ? q->pi_pow : -q->pi_pow), prec);
        if (q->pi_pow > 0)
            arb_mul(res, res, p, prec);
        else
            arb_div(res, res, p, prec);
        arb_clear(p);
    }
}

/* compare double x with endpoint q exactly: returns -1, 0, 1 (x < q, x == q, x > q) */
static int cmp_double_qpi(double x, const gdc_qpi_t *q)
{
    if (q->den == 0)
        return q->num > 0 ? -1 : 1;
    int c = 0;
    arb_t a, b;
    arb_init(a);
    arb_init(b);
    arb_set_d(a, x);
    for (slong prec = 64; prec <= 4096; prec *= 2) {
        gdc_qpi_arb(b, q, prec);
        if (arb_lt(a, b)) { c = -1; break; }
        if (arb_gt(a, b)) { c = 1; break; }
        if (arb_is_exact(b) && arb_equal(a, b)) { c = 0; break; }
    }
    arb_clear(a);
    arb_clear(b);
    return c;
}

int gdc_arg_contains(const gdc_arg_t *a, double x)
{
    if (!isfinite(x))
        return 0;
    if (a->integer && x != floor(x))
        return 0;
    int clo = cmp_double_qpi(x, &a->lo), chi = cmp_double_qpi(x, &a->hi);
    if (clo < 0 || (clo == 0 && a->lo_open))
        return 0;
    if (chi > 0 || (chi == 0 && a->hi_open))
        return 0;
    return 1;
}

double gdc_qpi_double(const gdc_qpi_t *q, int round_up)
{
    if (q->den == 0)
        return q->num > 0 ? INFINITY : -INFINITY;
    arb_t b;
    arf_t f;
    arb_init(b);
    arf_init(f);
    gdc_qpi_arb(b, q, 128);
    if (round_up)
        arb_get_ubound_arf(f, b, 128);
    else
        arb_get_lbound_arf(f, b, 128);
    double d = arf_get_d(f, round_up ? ARF_RND_CEIL : ARF_RND_FLOOR);
    arb_clear(b);
    arf_clear(f);
    return d;
}

void gdc_qpi_str(char *buf, size_t n, const gdc_qpi_t *q)
{
    if (q->den == 0) {
        snprintf(buf, n, "%sinf", q->num < 0 ? "-" : "");
        return;
    }
    if (q->pi_pow == 0) {
        if (q->den == 1)
            snprintf(buf, n, "%ld", q->num);
        else
            snprintf(buf, n, "%ld/%ld", q->num, q->den);
        return;
    }
    char num[32];
    if (q->num == 1)
        snprintf(num, sizeof num, "pi");
    else if (q->num == -1)
        snprintf(num, sizeof num, "-pi");
    else
        snprintf(num, sizeof num, "%ld*pi", q->num);
    if (q->den == 1)
        snprintf(buf, n, "%s", num);
    else
        snprintf(buf, n, "%s/%ld", num, q->den);
}

void gdc_arg_domain_str(char *buf, size_t n, const gdc_arg_t *a)
{
    char lo[40], hi[40];
    gdc_qpi_str(lo, sizeof lo, &a->lo);
    gdc_qpi_str(hi, sizeof hi, &a->hi);
    snprintf(buf, n, "%c%s, %s%c", a->lo_open ? '(' : '[', lo, hi,
             (a->hi_open || gdc_qpi_is_inf(&a->hi)) ? ')' : ']');
}
