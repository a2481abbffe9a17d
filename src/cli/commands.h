/* The gdcert subcommands: one file each (src/cli/cmd_NAME.c). argv[0] is the subcommand name.
 * Each returns the process exit status: 0 success, 1 a check/claim failed, 2 usage or input error,
 * 3 undecided (prove: UNKNOWN). Errors: one line on stderr naming the problem. */
#ifndef GDC_CLI_COMMANDS_H
#define GDC_CLI_COMMANDS_H
int gdc_cmd_list(int argc, char **argv);
int gdc_cmd_eval(int argc, char **argv);
int gdc_cmd_check(int argc, char **argv);
int gdc_cmd_prove(int argc, char **argv);
int gdc_cmd_verify(int argc, char **argv);
int gdc_cmd_audit(int argc, char **argv);
int gdc_cmd_table(int argc, char **argv);
int gdc_cmd_simulate(int argc, char **argv);
#endif
