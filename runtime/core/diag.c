/*
 * diag.c -- how the runtime talks to the user: one "TensorScope: ..." line
 * (or block) per event, written with a single call so lines from several
 * threads do not interleave.
 */
#include "internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void ts_diag(const char *fmt, ...) {
    char buf[4096];
    int n = snprintf(buf, sizeof buf, "TensorScope: ");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + n, sizeof buf - (size_t)n - 1, fmt, ap);
    va_end(ap);
    size_t len = strlen(buf);
    buf[len++] = '\n';
    fwrite(buf, 1, len, stderr);
    fflush(stderr);
}

void ts_close_report_file(FILE *f, const char *option, const char *path) {
    int failed = ferror(f);
    int saved = errno;
    if (fclose(f) != 0) {
        failed = 1;
        saved = errno;
    }
    if (failed)
        ts_diag("%s=%s: writing the file failed (%s): it is incomplete", option, path,
                saved ? strerror(saved) : "write error");
}

void ts_misuse_done(void) {
    if (ts_opts.abort_on_error) {
        ts_diag("aborting (abort_on_error=1)");
        abort();
    }
}

void ts_format_site(const tscope_site *s, char *buf, size_t n) {
    if (!s) {
        snprintf(buf, n, "<unknown site>");
        return;
    }
    const char *file = s->file ? s->file : "<unknown file>";
    const char *fn = s->function ? s->function : "<unknown function>";
    if (s->api)
        snprintf(buf, n, "%s:%u in %s (%s)", file, s->line, fn, s->api);
    else
        snprintf(buf, n, "%s:%u in %s", file, s->line, fn);
}
