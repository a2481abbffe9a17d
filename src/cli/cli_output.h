/* Output files of the gdcert subcommands, whole or not at all: every file is checked writable before the work
 * starts (its folder exists and accepts files; the path is not a folder), written to a temporary file in the same
 * folder (PATH.tmp.PID) and renamed over PATH only when everything was written; on any failure the temporary files
 * are removed and one line names the file and the system's reason. */
#ifndef GDC_CLI_OUTPUT_H
#define GDC_CLI_OUTPUT_H
#include <stddef.h>
#include <stdio.h>

/* 0 if PATH can be written (before any work), else one line "gdcert CMD: cannot write 'PATH': REASON" and 2. */
int gdc_cli_check_output(const char *cmd, const char *path);
/* 0 if DIR is (or can be created as) a writable folder, else one line and 2. */
int gdc_cli_check_output_dir(const char *cmd, const char *what, const char *dir);

typedef struct {
    const char *path;
    char tmp[4200];
    FILE *f;
} gdc_cli_out_t;

/* Opens the temporary file of PATH; 0 ok, 2 after one line. */
int gdc_cli_out_open(const char *cmd, gdc_cli_out_t *o, const char *path);
/* Closes the n temporary files and renames them all into place if ok and every one was written; otherwise removes
 * them all. Returns 0, or 2 after one line naming the first file that failed. */
int gdc_cli_out_commit(const char *cmd, gdc_cli_out_t *o, int n, int ok);
/* The whole of data to PATH that way. */
int gdc_cli_write_file(const char *cmd, const char *path, const char *data, size_t len);

#endif
