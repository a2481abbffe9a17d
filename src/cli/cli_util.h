/* Small helpers shared by the gdcert subcommands: strict number parsing, option matching,
 * JSON output of strings and doubles. Every error is reported as one line on stderr. */
#ifndef GDC_CLI_UTIL_H
#define GDC_CLI_UTIL_H
#include <stdio.h>
#include <stdint.h>

/* Parses the whole of s as a finite double (strtod). Returns 0 on success; otherwise returns 2 and
 * prints "gdcert CMD: WHAT 'S': PROBLEM" on stderr. */
int gdc_cli_parse_double(const char *cmd, const char *what, const char *s, double *out);

/* Parses the whole of s as a decimal integer in [lo, hi]. Returns 0, or 2 after one line on stderr. */
int gdc_cli_parse_long(const char *cmd, const char *what, const char *s, long lo, long hi, long *out);

/* Parses the whole of s as an unsigned 64-bit decimal integer. Returns 0, or 2 after one line on stderr. */
int gdc_cli_parse_u64(const char *cmd, const char *what, const char *s, uint64_t *out);

/* Option matching for argv[*i]:
 *  flag  : gdc_cli_flag returns 1 if argv[*i] is exactly --name, 0 otherwise.
 *  value : gdc_cli_opt_value returns 1 if argv[*i] is --name=VALUE or --name VALUE (then *i is advanced
 *          past the value), 0 if argv[*i] is another argument, 2 if the value is missing (one line on stderr). */
int gdc_cli_flag(const char *arg, const char *name);
int gdc_cli_opt_value(const char *cmd, int argc, char **argv, int *i, const char *name, const char **val);

/* The output format option of every subcommand that prints results: --format F, F one of the blank-separated
 * words of `allowed` ("text json"), or --json (the same as --format json, when json is allowed). Returns 0 if
 * argv[*i] is neither, 1 with *fmt set (pointing into argv or a static "json"), 2 after one line on stderr. */
int gdc_cli_format(const char *cmd, int argc, char **argv, int *i, const char *allowed, const char **fmt);

/* 1 if arg looks like an option (starts with '-' and is not a number such as -0.5 or -inf), else 0. */
int gdc_cli_is_option(const char *arg);

/* Prints "gdcert CMD: unknown option 'ARG' (try 'gdcert CMD --help')" and returns 2. */
int gdc_cli_bad_option(const char *cmd, const char *arg);

/* JSON: a quoted, escaped string; a double as %.17g, or null when it is not finite. */
void gdc_cli_json_str(FILE *f, const char *s);
void gdc_cli_json_double(FILE *f, double d);

#endif
