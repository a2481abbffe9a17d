/* Helpers shared by the gdcert subcommands: strict parsing of numbers and options, JSON output. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli_util.h"

int gdc_cli_parse_double(const char *cmd, const char *what, const char *s, double *out)
{
    char *end;
    errno = 0;
    double d = strtod(s, &end);
    if (end == s || *end != '\0' || *s == '\0') {
        fprintf(stderr, "gdcert %s: %s '%s' is not a number\n", cmd, what, s);
        return 2;
    }
    if (isnan(d)) {
        fprintf(stderr, "gdcert %s: %s '%s' is NaN\n", cmd, what, s);
        return 2;
    }
    if (isinf(d)) {
        fprintf(stderr, "gdcert %s: %s '%s' is %s\n", cmd, what, s,
                errno == ERANGE ? "too large for a double" : "infinite");
        return 2;
    }
    /* a decimal that underflows is still a number: strtod returns the nearest (subnormal or zero) double */
    *out = d;
    return 0;
}

int gdc_cli_parse_long(const char *cmd, const char *what, const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end != '\0') {
        fprintf(stderr, "gdcert %s: %s '%s' is not an integer\n", cmd, what, s);
        return 2;
    }
    if (errno == ERANGE || v < lo || v > hi) {
        fprintf(stderr, "gdcert %s: %s '%s' is out of range [%ld, %ld]\n", cmd, what, s, lo, hi);
        return 2;
    }
    *out = v;
    return 0;
}

int gdc_cli_parse_u64(const char *cmd, const char *what, const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    if (*s < '0' || *s > '9') {
        fprintf(stderr, "gdcert %s: %s '%s' is not a non-negative integer\n", cmd, what, s);
        return 2;
    }
    unsigned long long v = strtoull(s, &end, 10);
    if (*end != '\0') {
        fprintf(stderr, "gdcert %s: %s '%s' is not a non-negative integer\n", cmd, what, s);
        return 2;
    }
    if (errno == ERANGE || v > UINT64_MAX) {
        fprintf(stderr, "gdcert %s: %s '%s' is too large\n", cmd, what, s);
        return 2;
    }
    *out = (uint64_t)v;
    return 0;
}

int gdc_cli_flag(const char *arg, const char *name)
{
    return arg[0] == '-' && arg[1] == '-' && strcmp(arg + 2, name) == 0;
}

int gdc_cli_opt_value(const char *cmd, int argc, char **argv, int *i, const char *name, const char **val)
{
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (a[0] != '-' || a[1] != '-' || strncmp(a + 2, name, n) != 0)
        return 0;
    if (a[2 + n] == '=') {
        *val = a + 3 + n;
        return 1;
    }
    if (a[2 + n] != '\0')
        return 0;
    if (*i + 1 >= argc) {
        fprintf(stderr, "gdcert %s: option '--%s' needs a value\n", cmd, name);
        return 2;
    }
    *i += 1;
    *val = argv[*i];
    return 1;
}

int gdc_cli_is_option(const char *arg)
{
    if (arg[0] != '-' || arg[1] == '\0')
        return 0;
    if (arg[1] == '-')
        return 1;
    /* "-0.5", "-1e-3", "-inf", "-nan": a (possibly bad) number, handled by the number parser */
    char *end;
    (void)strtod(arg, &end);
    return !(end != arg && *end == '\0');
}

int gdc_cli_bad_option(const char *cmd, const char *arg)
{
    fprintf(stderr, "gdcert %s: unknown option '%s' (try 'gdcert %s --help')\n", cmd, arg, cmd);
    return 2;
}

void gdc_cli_json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", f);
        else if (*p == '\t')
            fputs("\\t", f);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

void gdc_cli_json_double(FILE *f, double d)
{
    if (isfinite(d))
        fprintf(f, "%.17g", d);
    else
        fputs("null", f);
}

int gdc_cli_format(const char *cmd, int argc, char **argv, int *i, const char *allowed, const char **fmt)
{
    size_t n = strlen(allowed);
    int has_json = strstr(allowed, "json") != NULL;
    if (has_json && gdc_cli_flag(argv[*i], "json")) {
        *fmt = "json";
        return 1;
    }
    const char *val;
    int m = gdc_cli_opt_value(cmd, argc, argv, i, "format", &val);
    if (m != 1)
        return m;
    size_t k = strlen(val);
    for (const char *w = allowed; w < allowed + n;) {
        size_t l = strcspn(w, " ");
        if (l == k && k > 0 && strncmp(w, val, k) == 0) {
            *fmt = val;
            return 1;
        }
        w += l + (w[l] == ' ');
    }
    char list[200];
    size_t o = 0;
    for (const char *w = allowed; w < allowed + n && o + 1 < sizeof list;) { /* "a, b or c" */
        size_t l = strcspn(w, " ");
        const char *next = w + l + (w[l] == ' ');
        const char *sep = o == 0 ? "" : next >= allowed + n ? " or " : ", ";
        o += (size_t)snprintf(list + o, sizeof list - o, "%s%.*s", sep, (int)l, w);
        w = next;
    }
    fprintf(stderr, "gdcert %s: unknown format '%s' (%s)\n", cmd, val, list);
    return 2;
}
