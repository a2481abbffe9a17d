/* Output of `gdcert simulate` (sim_print.c): the formats, the trajectory sinks (CSV, JSON; the CSV file written to a
 * temporary file and renamed, so it is whole or absent) and the summaries (text, md). */
#ifndef GDC_CLI_SIM_PRINT_H
#define GDC_CLI_SIM_PRINT_H
#include "core/simulate.h"

enum { GDC_SIM_TEXT, GDC_SIM_MD, GDC_SIM_CSV, GDC_SIM_JSON };

/* format name (text, md, csv, json; checked by gdc_cli_format) -> GDC_SIM_* */
int gdc_sim_format(const char *s);
/* 1 if one of the NAME=VALUE settings names the parameter */
int gdc_sim_param_given(const char *name, const char *const *settings, int n);
/* Runs every parameter set and prints; returns the exit status (0, 1 diverged or ball disagreement, 2 error). */
int gdc_sim_print_runs(const gdc_dynamics_t *d, double (*runs)[GDC_DYN_MAX_PARAMS], int nruns,
                       const gdc_sim_opts_t *o, int fmt, const char *traj, int progress, int tty);
#endif
