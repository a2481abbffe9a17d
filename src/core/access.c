/* Row accessors and the certified enclosure as strings (core/access.h). */
#include <stdio.h>
#include <string.h>
#include "core/access.h"

const char *gdc_row_id(const gdc_row_t *row) { return row->id; }
const char *gdc_row_summary(const gdc_row_t *row) { return row->summary; }
const char *gdc_row_source(const gdc_row_t *row) { return row->source; }
int gdc_row_nargs(const gdc_row_t *row) { return row->nargs; }
int gdc_row_nout(const gdc_row_t *row) { return row->nout; }
double gdc_row_max_err(const gdc_row_t *row) { return row->max_err; }

const char *gdc_row_output(const gdc_row_t *row, int k)
{
    return k >= 0 && k < row->nout ? row->outputs[k] : NULL;
}

const char *gdc_row_arg_name(const gdc_row_t *row, int j)
{
    return j >= 0 && j < row->nargs ? row->args[j].name : NULL;
}

int gdc_row_arg_integer(const gdc_row_t *row, int j)
{
    return j >= 0 && j < row->nargs && row->args[j].integer;
}

void gdc_row_arg_domain(const gdc_row_t *row, int j, char *buf, size_t n)
{
    if (j >= 0 && j < row->nargs)
        gdc_arg_domain_str(buf, n, &row->args[j]);
    else if (n > 0)
        buf[0] = '\0';
}

/* arb_get_str prints "[mid +/- rad]", "[+/- rad]" or an exact "mid"; parsed back (arb_set_str) the printed ball
 * contains the original one (Arb's documented guarantee), so its two parts are a rigorous decimal enclosure */
static void split_ball_str(const char *s, char *mid, char *rad, size_t len)
{
    const char *pm = strstr(s, "+/- ");
    if (s[0] != '[' || !pm) {
        snprintf(mid, len, "%s", s);
        snprintf(rad, len, "0");
        return;
    }
    int mlen = (int)(pm - (s + 1));
    while (mlen > 0 && s[mlen] == ' ')
        mlen--;
    if (mlen > 0)
        snprintf(mid, len, "%.*s", mlen, s + 1);
    else
        snprintf(mid, len, "0");
    const char *r = pm + 4, *e = strchr(r, ']');
    snprintf(rad, len, "%.*s", e ? (int)(e - r) : (int)strlen(r), r);
}

int gdc_eval_ball(const gdc_row_t *row, const double *x, long digits, char *mid, char *rad, size_t len, double *lo,
                  double *hi)
{
    for (int j = 0; j < row->nargs; j++)
        if (!gdc_arg_contains(&row->args[j], x[j]))
            return 2;
    if (digits < 1)
        digits = 1;
    arb_ptr out = _arb_vec_init(row->nout);
    int status = gdc_eval_arb_goal(row, out, x, (slong)(3.33 * (double)digits) + 8, 4096);
    arf_t f;
    arf_init(f);
    for (int k = 0; k < row->nout; k++) {
        char *s = arb_get_str(out + k, digits, 0);
        split_ball_str(s, mid + (size_t)k * len, rad + (size_t)k * len, len);
        flint_free(s);
        arb_get_lbound_arf(f, out + k, 64);
        lo[k] = arf_get_d(f, ARF_RND_FLOOR);
        arb_get_ubound_arf(f, out + k, 64);
        hi[k] = arf_get_d(f, ARF_RND_CEIL);
    }
    arf_clear(f);
    _arb_vec_clear(out, row->nout);
    return status;
}
