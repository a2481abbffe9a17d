/* gdcert list: every registry row with its arguments (name and domain), outputs, derivatives and source. */
#include <stdio.h>
#include <string.h>
#include "core/registry.h"
#include "core/xcheck.h"
#include "cli/cli_util.h"
#include "cli/commands.h"

static void help(void)
{
    printf("Usage: gdcert list [--format text|json]\n"
           "List every closed form of the registry: id, arguments with their domains, outputs\n"
           "(one formula each), the accuracy target of the double kernel, the derivative enclosures\n"
           "(first order, first and second, or the reason why none) and the source in the paper.\n\n"
           "  --format F  text (default) or json: one JSON object {\"rows\": [{\"id\", \"summary\", \"args\":\n"
           "           [{\"name\", \"domain\", \"integer\"}], \"outputs\", \"source\", \"max_err\", \"deriv\":\n"
           "           {\"first\", \"second\", \"no_deriv\"}}]}; --json: the same\n"
           "  --help   display this help and exit\n");
}

static void print_text(const gdc_row_t *row)
{
    char dom[96];
    printf("%s\n", row->id);
    if (row->summary)
        printf("  %s\n", row->summary);
    printf("  args:   ");
    for (int i = 0; i < row->nargs; i++) {
        gdc_arg_domain_str(dom, sizeof dom, &row->args[i]);
        printf("%s%s in %s%s", i ? ", " : "", row->args[i].name, dom, row->args[i].integer ? " (integer)" : "");
    }
    printf("\n");
    for (int k = 0; k < row->nout; k++)
        printf("  out[%d]: %s\n", k, row->outputs[k]);
    printf("  target: error <= %g\n", row->max_err);
    if (row->fn_arb_jac)
        printf("  deriv:  %s\n", row->fn_arb_hess ? "first and second order" : "first order");
    else if (row->no_deriv)
        printf("  deriv:  none: %s\n", row->no_deriv);
    else
        printf("  deriv:  missing%s\n", gdc_deriv_missing_allowed(row) ? " (allowed for now)" : "");
    printf("  source: %s\n", row->source ? row->source : "");
}

static void print_json(const gdc_row_t *row)
{
    char dom[96];
    printf("{\"id\": ");
    gdc_cli_json_str(stdout, row->id);
    printf(", \"summary\": ");
    gdc_cli_json_str(stdout, row->summary ? row->summary : "");
    printf(", \"args\": [");
    for (int i = 0; i < row->nargs; i++) {
        gdc_arg_domain_str(dom, sizeof dom, &row->args[i]);
        printf("%s{\"name\": ", i ? ", " : "");
        gdc_cli_json_str(stdout, row->args[i].name);
        printf(", \"domain\": ");
        gdc_cli_json_str(stdout, dom);
        printf(", \"integer\": %s}", row->args[i].integer ? "true" : "false");
    }
    printf("], \"outputs\": [");
    for (int k = 0; k < row->nout; k++) {
        printf("%s", k ? ", " : "");
        gdc_cli_json_str(stdout, row->outputs[k]);
    }
    printf("], \"source\": ");
    gdc_cli_json_str(stdout, row->source ? row->source : "");
    printf(", \"max_err\": ");
    gdc_cli_json_double(stdout, row->max_err);
    printf(", \"deriv\": {\"first\": %s, \"second\": %s, \"no_deriv\": ", row->fn_arb_jac ? "true" : "false",
           row->fn_arb_hess ? "true" : "false");
    if (row->no_deriv)
        gdc_cli_json_str(stdout, row->no_deriv);
    else
        printf("null");
    printf("}}");
}

int gdc_cmd_list(int argc, char **argv)
{
    int json = 0, r;
    const char *fmt;
    for (int i = 1; i < argc; i++) {
        if (gdc_cli_flag(argv[i], "help") || strcmp(argv[i], "-h") == 0) {
            help();
            return 0;
        } else if ((r = gdc_cli_format("list", argc, argv, &i, "text json", &fmt))) {
            if (r == 2)
                return 2;
            json = strcmp(fmt, "json") == 0;
        } else if (gdc_cli_is_option(argv[i])) {
            return gdc_cli_bad_option("list", argv[i]);
        } else {
            fprintf(stderr, "gdcert list: unexpected argument '%s' (try 'gdcert list --help')\n", argv[i]);
            return 2;
        }
    }
    size_t n = gdc_registry_count();
    if (json)
        printf("{\"rows\": [");
    for (size_t i = 0; i < n; i++) {
        const gdc_row_t *row = gdc_registry_row(i);
        if (json) {
            printf("%s\n  ", i ? "," : "");
            print_json(row);
        } else {
            if (i)
                printf("\n");
            print_text(row);
        }
    }
    if (json)
        printf("\n]}\n");
    return 0;
}
