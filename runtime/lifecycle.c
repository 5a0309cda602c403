/*
 * lifecycle.c -- start-up (options, the exit hook) and exit.
 *
 * At exit, in this order: the leak report (text to stderr when report=1 and
 * something is alive; JSON to json=PATH always), then the finalizers of the
 * tensors still alive, with reason TSCOPE_RELEASED_AT_EXIT (their real
 * release functions are not called: the process is ending), then _exit with
 * exitcode=N when something leaked.  The report comes first so it shows
 * what was alive, before finalizers change the picture.
 */
#include "core/internal.h"
#include "report/report.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

atomic_int ts_exiting;
static atomic_int initialized;

static void write_json(const char *path) {
    FILE *f = fopen(path, "w");
    if (!f) {
        ts_diag("json=%s: cannot open for writing", path);
        return;
    }
    tscope_report_json(f);
    /* A write that failed before the close (a full disk, /dev/full) leaves
     * only the stream's error flag: fclose then flushes nothing and says 0. */
    ts_close_report_file(f, "json", path);
}

static void at_exit(void) {
    if (atomic_exchange(&ts_exiting, 1))
        return;
    ts_timeline_stop();
    ts_report_open_scopes();
    size_t leaked = tscope_live_count();
    if (leaked && ts_opts.report)
        ts_report_text(stderr, "leak report: tensors still alive at exit, by creation site");
    if (ts_opts.json)
        write_json(ts_opts.json);
    ts_finalize_at_exit();
    if (leaked && ts_opts.exitcode >= 0) {
        fflush(NULL);
        _exit(ts_opts.exitcode);
    }
}

__attribute__((constructor)) static void init_at_load(void) { ts_init(); }

static void child_after_fork(void) {
    ts_registry_child_after_fork();
    ts_scope_child_after_fork();
    ts_origin_reset_after_fork();
}

void ts_init(void) {
    if (atomic_exchange(&initialized, 1))
        return;
    ts_options_parse(getenv("TSCOPE_OPTIONS"), stderr);
    atexit(at_exit);
    pthread_atfork(ts_registry_prefork, ts_registry_parent_after_fork, child_after_fork);
    ts_timeline_start();
}
