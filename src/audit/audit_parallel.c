/* The audit's parallel run: fork()ed worker processes take claims from one shared queue (a pipe of indices,
 * longest claim first by its estimated cost) and decide whole claims; results come back through pipes as
 * fixed-size records and are stored at their index, so the output order never depends on the scheduling. */
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "audit/audit.h"

/* ---------------------------------------------------------------- parallel run */

/* the order in which claims are started: longest first (by cost; a claim of unknown cost counts as the
 * longest, since it is new), ties in file order */
static int cmp_cost(const gdc_audit_item_t *items, int32_t i, int32_t j)
{
    double ci = items[i].cost < 0 ? 1e300 : items[i].cost, cj = items[j].cost < 0 ? 1e300 : items[j].cost;
    if (ci != cj)
        return ci > cj ? -1 : 1;
    return i < j ? -1 : i > j;
}

static void sort_by_cost(int32_t *order, int n, const gdc_audit_item_t *items)
{
    for (int k = 1; k < n; k++) { /* insertion sort: a few hundred claims */
        int32_t x = order[k];
        int j = k;
        for (; j > 0 && cmp_cost(items, order[j - 1], x) > 0; j--)
            order[j] = order[j - 1];
        order[j] = x;
    }
}

static void progress_line(const gdc_audit_item_t *it, int done, int n)
{
    fprintf(stderr, "\r  [%d/%d] %s: %s (%.2f s)\033[K", done, n, it->name, it->verdict_word, it->seconds);
    if (done == n)
        fputs("\r\033[K", stderr);
    fflush(stderr);
}


static int write_all(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static void worker(int qfd, int rfd, gdc_audit_item_t *items, int n, int k, int nw, int queued,
                   const gdc_audit_opts_t *o)
{
    for (int next = k;;) {
        int32_t idx;
        if (queued) {
            ssize_t got = read(qfd, &idx, sizeof idx);
            if (got != (ssize_t)sizeof idx)
                break;
        } else {
            if (next >= n)
                break;
            idx = next;
            next += nw;
        }
        if (idx < 0 || idx >= n)
            continue;
        gdc_audit_decide(&items[idx], o);
        if (write_all(rfd, &items[idx], sizeof items[idx]))
            break;
    }
}

/* the work queue: every index, longest claim first, written to a pipe before the workers start (it fits in
 * the pipe buffer); q[0] is left open for the workers */
static int fill_queue(int q[2], int n, const gdc_audit_item_t *items, char *err, size_t errlen)
{
    if (pipe(q) != 0) {
        snprintf(err, errlen, "cannot create a pipe: %s", strerror(errno));
        return -1;
    }
    int32_t *order = malloc((size_t)n * sizeof *order);
    for (int32_t i = 0; order && i < n; i++)
        order[i] = i;
    if (order)
        sort_by_cost(order, n, items);
    for (int32_t k = 0; k < n; k++)
        if (write_all(q[1], order ? &order[k] : &k, sizeof k)) {
            snprintf(err, errlen, "cannot fill the work queue: %s", strerror(errno));
            close(q[0]);
            close(q[1]);
            free(order);
            return -1;
        }
    free(order);
    close(q[1]);
    return 0;
}

/* the parent's view of its workers: result pipe, process id, and a partly read record per worker */
typedef struct {
    int nw, started;
    int *rfd;
    pid_t *pid;
    size_t *got;
    gdc_audit_item_t *buf;
} workers_t;

static int workers_alloc(workers_t *w, int nw)
{
    w->nw = nw;
    w->started = 0;
    w->rfd = calloc((size_t)nw, sizeof *w->rfd);
    w->pid = calloc((size_t)nw, sizeof *w->pid);
    w->got = calloc((size_t)nw, sizeof *w->got);
    w->buf = calloc((size_t)nw, sizeof *w->buf);
    return w->rfd && w->pid && w->got && w->buf ? 0 : -1;
}

static void workers_free(workers_t *w)
{
    free(w->rfd);
    free(w->pid);
    free(w->got);
    free(w->buf);
}

/* fork up to nw workers reading the queue qfd (-1: strided, no queue); returns the number started */
static int workers_start(workers_t *w, int qfd, gdc_audit_item_t *items, int n, const gdc_audit_opts_t *o)
{
    fflush(stdout);
    fflush(stderr);
    for (int k = 0; k < w->nw; k++) {
        int p[2];
        if (pipe(p) != 0)
            break;
        pid_t c = fork();
        if (c < 0) {
            close(p[0]);
            close(p[1]);
            break;
        }
        if (c == 0) {
            close(p[0]);
            for (int j = 0; j < k; j++)
                close(w->rfd[j]);
            workers_free(w); /* the parent's bookkeeping, copied by fork */
            worker(qfd, p[1], items, n, k, w->nw, qfd >= 0, o);
            close(p[1]);
            flint_cleanup();
            _exit(0);
        }
        close(p[1]);
        w->rfd[k] = p[0];
        w->pid[k] = c;
        w->started++;
    }
    return w->started;
}

/* read from worker k's pipe; a complete record is stored at its index. Returns 0 when the pipe closed. */
static int workers_read(workers_t *w, int k, int fd, gdc_audit_item_t *items, int n, const gdc_audit_opts_t *o,
                        int *done)
{
    ssize_t r = read(fd, (char *)&w->buf[k] + w->got[k], sizeof w->buf[k] - w->got[k]);
    if (r < 0 && errno == EINTR)
        return 1;
    if (r <= 0)
        return 0;
    w->got[k] += (size_t)r;
    if (w->got[k] == sizeof w->buf[k]) {
        int idx = w->buf[k].index;
        if (idx >= 0 && idx < n) {
            items[idx] = w->buf[k];
            if (o->progress)
                progress_line(&items[idx], ++*done, n);
        }
        w->got[k] = 0;
    }
    return 1;
}

/* collect fixed-size records from every worker until all pipes are closed, then reap the workers */
static void workers_collect(workers_t *w, gdc_audit_item_t *items, int n, const gdc_audit_opts_t *o)
{
    int started = w->started, open_fds = started, done = 0;
    struct pollfd *pfd = calloc((size_t)started, sizeof *pfd);
    for (int k = 0; pfd && k < started; k++) {
        pfd[k].fd = w->rfd[k];
        pfd[k].events = POLLIN;
    }
    while (open_fds > 0 && pfd) {
        if (poll(pfd, (nfds_t)started, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (int k = 0; k < started; k++) {
            if (pfd[k].fd < 0 || !(pfd[k].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            if (!workers_read(w, k, pfd[k].fd, items, n, o, &done)) {
                close(pfd[k].fd);
                pfd[k].fd = -1;
                open_fds--;
            }
        }
    }
    for (int k = 0; k < started; k++) {
        int st;
        while (waitpid(w->pid[k], &st, 0) < 0 && errno == EINTR)
            ;
    }
    free(pfd);
}

static void run_serial(gdc_audit_item_t *items, int n, const gdc_audit_opts_t *o, int progress)
{
    for (int i = 0; i < n; i++) {
        gdc_audit_decide(&items[i], o);
        if (progress)
            progress_line(&items[i], i + 1, n);
    }
}

int gdc_audit_run(gdc_audit_item_t *items, int n, const gdc_audit_opts_t *o, char *err, size_t errlen)
{
    int nw = o->jobs < 1 ? 1 : o->jobs;
    if (nw > n)
        nw = n;
    if (nw <= 1) {
        run_serial(items, n, o, o->progress);
        return 0;
    }
    for (int i = 0; i < n; i++)
        snprintf(items[i].detail, sizeof items[i].detail, "not decided (its worker process died)");
    int queued = (size_t)n * sizeof(int32_t) <= 60000;
    int q[2] = {-1, -1};
    if (queued && fill_queue(q, n, items, err, errlen))
        return -1;
    workers_t w;
    if (workers_alloc(&w, nw)) {
        workers_free(&w);
        if (queued)
            close(q[0]);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    workers_start(&w, queued ? q[0] : -1, items, n, o);
    if (queued)
        close(q[0]);
    if (w.started == 0)
        run_serial(items, n, o, 0);
    else
        workers_collect(&w, items, n, o);
    workers_free(&w);
    return 0;
}
