/* gdcert verify CERT CLAIM: re-decide every leaf of a certificate with the independent checker
 * (src/prove/checker.c). Exit 0 valid, 1 rejected, 2 usage or parse error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "core/input_file.h"
#include "prove/prove.h"

static void usage(void)
{
    printf("Usage: gdcert verify [--format text|json] [--quiet] CERT CLAIM\n"
           "Re-check the certificate CERT (written by 'gdcert prove --cert') against the claim file CLAIM:\n"
           "the claim hash, the bisection tree, and every leaf re-decided by the independent checker.\n\n"
           "  --format F  text (default) or json (one JSON object); --json: --format json\n"
           "  --quiet   no output, only the exit status\n"
           "  --help    display this help and exit\n\n"
           "Exit status: 0 valid, 1 rejected, 2 usage error or a file that cannot be read or parsed.\n");
}

int gdc_cmd_verify(int argc, char **argv)
{
    int json = 0, quiet = 0, r;
    const char *files[2] = {NULL, NULL}, *fmt;
    int nf = 0;
    for (int i = 1; i < argc; i++) {
        if (gdc_cli_flag(argv[i], "help")) {
            usage();
            return 0;
        } else if ((r = gdc_cli_format("verify", argc, argv, &i, "text json", &fmt))) {
            if (r == 2)
                return 2;
            json = strcmp(fmt, "json") == 0;
        }
        else if (gdc_cli_flag(argv[i], "quiet"))
            quiet = 1;
        else if (gdc_cli_is_option(argv[i]))
            return gdc_cli_bad_option("verify", argv[i]);
        else if (nf < 2)
            files[nf++] = argv[i];
        else {
            fprintf(stderr, "gdcert verify: too many arguments ('%s'); expected CERT CLAIM\n", argv[i]);
            return 2;
        }
    }
    if (nf < 2) {
        fprintf(stderr, "gdcert verify: expected CERT CLAIM (try 'gdcert verify --help')\n");
        return 2;
    }
    char err[600];
    gdc_claim_t *c = gdc_claim_parse_file(files[1], err, sizeof err);
    if (!c) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    size_t len = 0;
    char *cert = gdc_input_read(files[0], &len, err, sizeof err);
    if (!cert) {
        fprintf(stderr, "gdcert verify: certificate %s\n", err);
        gdc_claim_free(c);
        return 2;
    }
    char msg[400];
    gdc_check_stats_t st = {0, 0, 0};
    int rc = gdc_cert_check(cert, len, c, msg, sizeof msg, &st);
    if (rc == 2)
        fprintf(stderr, "%s: %s\n", files[0], msg);
    else if (json) {
        printf("{\"certificate\":");
        gdc_cli_json_str(stdout, files[0]);
        printf(",\"claim\":");
        gdc_cli_json_str(stdout, c->name);
        printf(",\"valid\":%s,\"leaves\":%ld,\"nodes\":%ld,\"max_depth\":%d,\"message\":", rc == 0 ? "true" : "false",
               st.leaves, st.nodes, st.max_depth);
        gdc_cli_json_str(stdout, msg);
        printf("}\n");
    } else if (!quiet)
        printf("%s: %s (%s)\n", files[0], rc == 0 ? "VALID" : "REJECTED", msg);
    free(cert);
    gdc_claim_free(c);
    flint_cleanup(); /* FLINT's integer and constant caches, so that valgrind sees no leak */
    return rc;
}
