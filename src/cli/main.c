/* gdcert: the command line. Dispatches `gdcert SUBCOMMAND ...` to gdc_cmd_SUBCOMMAND (src/cli/cmd_*.c). */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include "gdc_config.h"
#include "cli/commands.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} subcommand_t;

static const subcommand_t subcommands[] = {
    {"list", gdc_cmd_list, "list every closed form of the registry: arguments, domains, outputs, source"},
    {"eval", gdc_cmd_eval, "evaluate one closed form: double, Arb ball, MPFR value and the double's error"},
    {"check", gdc_cmd_check, "cross-check double kernels against Arb, Arb against MPFR, wide balls, definitions"},
    {"prove", gdc_cmd_prove, "decide a claim file by certified branch and bound (HOLDS, FAILS, UNKNOWN)"},
    {"verify", gdc_cmd_verify, "re-decide every leaf of a certificate written by prove"},
    {"audit", gdc_cmd_audit, "decide every claim of the papers' proofs/ tree and report paper by paper"},
    {"table", gdc_cmd_table, "certify a parameter sweep and print it with certified digits only"},
    {"simulate", gdc_cmd_simulate, "gradient descent of Figure 1 (non-centred Gaussian): trajectory CSV and summary"},
};

#define NSUB (sizeof subcommands / sizeof subcommands[0])

/* where to report a bug and what to include: the address is AC_INIT's bug-report field (configure.ac), the
 * project's issue tracker, as README.md's section "Reporting a bug" says */
static void bug_report(FILE *f)
{
    fprintf(f, "Report bugs to: %s;\n"
               "include the output of 'gdcert --version', the command line, the input files it read (claims,\n"
               "certificates, table specs) and what it printed (README.md, section \"Reporting a bug\").\n",
            PACKAGE_BUGREPORT);
}

static void usage(FILE *f)
{
    fprintf(f, "Usage: gdcert SUBCOMMAND [OPTION]... [ARG]...\n"
               "Verified numerical test harness for closed forms from gradient-descent theory papers.\n\n"
               "Subcommands:\n");
    for (size_t i = 0; i < NSUB; i++)
        fprintf(f, "  %-8s %s\n", subcommands[i].name, subcommands[i].summary);
    fprintf(f, "\nOptions:\n"
               "  --help      display this help and exit\n"
               "  --version   output version information and exit\n\n"
               "'gdcert SUBCOMMAND --help' describes each subcommand.\n"
               "Exit status: 0 success, 1 a check or claim failed, 2 usage or input error, 3 undecided.\n\n");
    bug_report(f);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "gdcert: missing subcommand (try 'gdcert --help')\n");
        return 2;
    }
    const char *sub = argv[1];
    if (strcmp(sub, "--help") == 0 || strcmp(sub, "-h") == 0 || strcmp(sub, "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(sub, "--version") == 0) {
        printf("gdcert %s\n"
               "License LGPL-3.0-or-later: GNU LGPL version 3 or later <https://gnu.org/licenses/lgpl.html>\n"
               "(files COPYING.LESSER and COPYING of the source).\n"
               "This is free software: you are free to change and redistribute it.\n"
               "There is NO WARRANTY, to the extent permitted by law.\n",
               GDC_VERSION);
        bug_report(stdout);
        return 0;
    }
    for (size_t i = 0; i < NSUB; i++)
        if (strcmp(sub, subcommands[i].name) == 0)
            return subcommands[i].run(argc - 1, argv + 1);
    if (sub[0] == '-')
        fprintf(stderr, "gdcert: unknown option '%s' (try 'gdcert --help')\n", sub);
    else
        fprintf(stderr, "gdcert: unknown subcommand '%s' (try 'gdcert --help')\n", sub);
    return 2;
}
