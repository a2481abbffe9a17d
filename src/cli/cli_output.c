/* Output files written whole or not at all (see cli_output.h; issue 15). */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/cli_output.h"

/* the folder part of PATH into buf ("." when PATH has none) */
static void folder_of(const char *path, char *buf, size_t n)
{
    const char *slash = strrchr(path, '/');
    if (!slash) {
        snprintf(buf, n, ".");
        return;
    }
    size_t len = (size_t)(slash - path);
    if (len == 0)
        len = 1; /* "/x": the root */
    snprintf(buf, n, "%.*s", (int)(len < n - 1 ? len : n - 1), path);
}

static int cannot(const char *cmd, const char *path, const char *reason)
{
    fprintf(stderr, "gdcert %s: cannot write '%s': %s\n", cmd, path, reason);
    return 2;
}

int gdc_cli_check_output(const char *cmd, const char *path)
{
    char dir[4096];
    struct stat st;
    if (!*path)
        return cannot(cmd, path, "empty file name");
    if (strlen(path) >= 4000)
        return cannot(cmd, path, "file name too long");
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return cannot(cmd, path, "it is a folder");
    folder_of(path, dir, sizeof dir);
    if (stat(dir, &st) != 0)
        return cannot(cmd, path, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return cannot(cmd, path, strerror(ENOTDIR));
    if (access(dir, W_OK | X_OK) != 0)
        return cannot(cmd, path, strerror(errno));
    return 0;
}

int gdc_cli_check_output_dir(const char *cmd, const char *what, const char *dir)
{
    struct stat st;
    if (stat(dir, &st) == 0) {
        if (!S_ISDIR(st.st_mode)) {
            fprintf(stderr, "gdcert %s: %s '%s' is not a folder\n", cmd, what, dir);
            return 2;
        }
        if (access(dir, W_OK | X_OK) != 0) {
            fprintf(stderr, "gdcert %s: %s '%s': %s\n", cmd, what, dir, strerror(errno));
            return 2;
        }
        return 0;
    }
    if (errno != ENOENT) {
        fprintf(stderr, "gdcert %s: %s '%s': %s\n", cmd, what, dir, strerror(errno));
        return 2;
    }
    char parent[4096];
    folder_of(dir, parent, sizeof parent);
    if (stat(parent, &st) != 0 || !S_ISDIR(st.st_mode) || access(parent, W_OK | X_OK) != 0) {
        int e = errno ? errno : ENOTDIR;
        fprintf(stderr, "gdcert %s: %s '%s' cannot be created: %s\n", cmd, what, dir, strerror(e));
        return 2;
    }
    return 0;
}

int gdc_cli_out_open(const char *cmd, gdc_cli_out_t *o, const char *path)
{
    o->path = path;
    o->f = NULL;
    snprintf(o->tmp, sizeof o->tmp, "%s.tmp.%ld", path, (long)getpid());
    if (!(o->f = fopen(o->tmp, "w")))
        return cannot(cmd, path, strerror(errno));
    return 0;
}

int gdc_cli_out_commit(const char *cmd, gdc_cli_out_t *o, int n, int ok)
{
    int bad = -1, err = 0;
    for (int i = 0; i < n; i++) {
        if (!o[i].f)
            continue;
        int e = ferror(o[i].f) ? (errno ? errno : EIO) : 0;
        if (fclose(o[i].f) != 0 && !e)
            e = errno ? errno : EIO;
        o[i].f = NULL;
        if (e && bad < 0) {
            bad = i;
            err = e;
        }
    }
    if (ok && bad < 0) {
        for (int i = 0; i < n; i++)
            if (rename(o[i].tmp, o[i].path) != 0) {
                bad = i;
                err = errno;
                break;
            }
        if (bad < 0)
            return 0;
    }
    for (int i = 0; i < n; i++)
        remove(o[i].tmp);
    return bad >= 0 ? cannot(cmd, o[bad].path, strerror(err)) : 2;
}

int gdc_cli_write_file(const char *cmd, const char *path, const char *data, size_t len)
{
    gdc_cli_out_t o;
    if (gdc_cli_out_open(cmd, &o, path))
        return 2;
    errno = 0;
    int ok = fwrite(data, 1, len, o.f) == len && fflush(o.f) == 0;
    return gdc_cli_out_commit(cmd, &o, 1, ok);
}
