/* `gdcert audit --write-report DIR`: per paper the report in every format (report.txt, .md, .tex, .csv,
 * .json; no timings, file names relative to the paper folder, so the folder is the same on every run and can
 * be committed) and the certificates (certs/NAME.cert, written during the run into the staging folder).
 * Each paper folder is completed under the staging folder and renamed into DIR/PAPER, so a reader never sees
 * a half-written report; the previous DIR/PAPER is removed after the rename. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "audit/audit.h"

/* remove path (a file or a folder tree of files and folders) */
static void remove_tree(const char *path, int depth)
{
    DIR *d = depth < 8 ? opendir(path) : NULL;
    if (d) {
        char sub[2048];
        for (struct dirent *e; (e = readdir(d)) != NULL;) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
            remove_tree(sub, depth + 1);
        }
        closedir(d);
        rmdir(path);
    } else
        unlink(path);
}

static int write_one(const char *folder, const char *file, const gdc_audit_item_t *items, int n,
                     const gdc_audit_paper_t *paper, gdc_fmt_t fmt, char *err, size_t errlen)
{
    char tmp[1600], path[1600];
    snprintf(path, sizeof path, "%.1400s/%.64s", folder, file);
    snprintf(tmp, sizeof tmp, "%.1400s/.%.64s.tmp", folder, file);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
        return -1;
    }
    gdc_report_opts_t ro = {fmt, 0, 1};
    gdc_audit_report(f, items, n, paper, 1, &ro, 0);
    if (ferror(f) | fclose(f) || rename(tmp, path) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

int gdc_audit_write_reports(const char *dir, const char *staging, const gdc_audit_item_t *items, int n,
                            const gdc_audit_paper_t *papers, int npapers, char *err, size_t errlen)
{
    static const char *const files[GDC_FMT_COUNT] = {"report.txt", "report.md", "report.json", "report.csv",
                                                      "report.tex"};
    for (int k = 0; k < npapers; k++) {
        const gdc_audit_paper_t *p = &papers[k];
        char build[1400], final[1400], old[1500];
        snprintf(build, sizeof build, "%s/%s", staging, p->name);
        snprintf(final, sizeof final, "%s/%s", dir, p->name);
        snprintf(old, sizeof old, "%s/%s.old", staging, p->name);
        if (mkdir(build, 0777) != 0 && errno != EEXIST) {
            snprintf(err, errlen, "cannot create %s: %s", build, strerror(errno));
            return -1;
        }
        for (int f = 0; f < GDC_FMT_COUNT; f++)
            if (write_one(build, files[f], items, n, p, (gdc_fmt_t)f, err, errlen))
                return -1;
        struct stat st;
        if (stat(final, &st) == 0 && rename(final, old) != 0) {
            snprintf(err, errlen, "cannot replace %s: %s", final, strerror(errno));
            return -1;
        }
        if (rename(build, final) != 0) {
            snprintf(err, errlen, "cannot rename %s to %s: %s", build, final, strerror(errno));
            return -1;
        }
        remove_tree(old, 0);
    }
    return 0;
}

/* create DIR (and its parents) and a staging folder inside it; -1 with err if DIR is not writable */
int gdc_audit_report_dir_prepare(const char *dir, char *staging, size_t n, char *err, size_t errlen)
{
    char p[1024];
    snprintf(p, sizeof p, "%s", dir);
    for (char *s = p + 1; *s; s++)
        if (*s == '/') {
            *s = 0;
            mkdir(p, 0777);
            *s = '/';
        }
    if (mkdir(p, 0777) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "--write-report %s: cannot create the folder (%s)", dir, strerror(errno));
        return -1;
    }
    snprintf(staging, n, "%s/.gdcert-report-%ld", dir, (long)getpid());
    if (mkdir(staging, 0777) != 0) {
        snprintf(err, errlen, "--write-report %s: not writable (%s)", dir, strerror(errno));
        return -1;
    }
    return 0;
}

void gdc_audit_report_dir_done(const char *staging)
{
    remove_tree(staging, 0);
}
