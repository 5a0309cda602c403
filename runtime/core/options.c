/*
 * options.c -- TSCOPE_OPTIONS: key=value pairs separated by ':' (the
 * sanitizer convention).  A bad entry is reported on one line naming it and
 * leaves that option at its default; the other entries still apply.
 */
#include "internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

ts_options ts_opts = {
    .report = 1,
    .json = NULL,
    .exitcode = -1,
    .abort_on_error = 0,
    .backtrace = 0,
    .verbose = 0,
    .released_history = 65536,
    .timeline = NULL,
    .timeline_interval_ms = 100,
    .double_release = TS_DOUBLE_RELEASE_PROCEED,
};
int ts_slow_track;

/* Parses a whole decimal number in [lo, hi]. */
static bool parse_number(const char *s, long long lo, long long hi, long long *out) {
    if (!*s)
        return false;
    for (const char *p = s; *p; p++)
        if ((*p < '0' || *p > '9') && !(p == s && *p == '-'))
            return false;
    errno = 0;
    char *end;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* Options keep pointers to their strings: copy each PATH once. */
static const char *keep_string(const char *s) {
    size_t n = strlen(s) + 1;
    char *copy = malloc(n);
    if (copy)
        memcpy(copy, s, n);
    return copy;
}

typedef enum { OPT_BOOL, OPT_INT, OPT_PATH, OPT_WORD } opt_type;

typedef struct opt_spec {
    const char *name;
    opt_type type;
    long long lo, hi;
    const char *expected; /* for the error message */
    const char *const *words; /* OPT_WORD: the values, NULL-terminated; the
                               * value applied is the word's index */
} opt_spec;

/* In the order of ts_double_release_mode. */
static const char *const double_release_words[] = {"proceed", "skip", "abort", NULL};

static const opt_spec specs[] = {
    {"report", OPT_BOOL, 0, 1, "0 or 1", NULL},
    {"json", OPT_PATH, 0, 0, "a file path", NULL},
    {"exitcode", OPT_INT, 0, 255, "an exit status 0..255", NULL},
    {"abort_on_error", OPT_BOOL, 0, 1, "0 or 1", NULL},
    {"backtrace", OPT_INT, 0, TS_MAX_BACKTRACE, "a frame count 0..64", NULL},
    {"verbose", OPT_BOOL, 0, 1, "0 or 1", NULL},
    {"released_history", OPT_INT, 0, 1 << 24, "a count 0..16777216", NULL},
    {"timeline", OPT_PATH, 0, 0, "a file path", NULL},
    {"timeline_interval_ms", OPT_INT, 1, 3600000, "milliseconds 1..3600000", NULL},
    {"double_release", OPT_WORD, 0, 0, "proceed, skip or abort", double_release_words},
};

static void apply(const char *name, long long v, const char *path) {
    if (!strcmp(name, "report")) ts_opts.report = (int)v;
    else if (!strcmp(name, "json")) ts_opts.json = path;
    else if (!strcmp(name, "exitcode")) ts_opts.exitcode = (int)v;
    else if (!strcmp(name, "abort_on_error")) ts_opts.abort_on_error = (int)v;
    else if (!strcmp(name, "backtrace")) ts_opts.backtrace = (int)v;
    else if (!strcmp(name, "verbose")) ts_opts.verbose = (int)v;
    else if (!strcmp(name, "released_history")) ts_opts.released_history = (size_t)v;
    else if (!strcmp(name, "timeline")) ts_opts.timeline = path;
    else if (!strcmp(name, "timeline_interval_ms")) ts_opts.timeline_interval_ms = (unsigned)v;
    else if (!strcmp(name, "double_release")) ts_opts.double_release = (int)v;
    ts_slow_track = ts_opts.backtrace || ts_opts.verbose;
}

/* Handles one "key=value" entry (not NUL-terminated: [s, s+len)). */
static int parse_entry(const char *s, size_t len, FILE *err) {
    char entry[1024];
    if (len >= sizeof entry) {
        fprintf(err, "TensorScope: TSCOPE_OPTIONS: entry '%.40s...' is too long\n", s);
        return 1;
    }
    memcpy(entry, s, len);
    entry[len] = '\0';
    char *eq = strchr(entry, '=');
    if (!eq) {
        fprintf(err, "TensorScope: TSCOPE_OPTIONS: '%s' is not key=value\n", entry);
        return 1;
    }
    *eq = '\0';
    const char *key = entry, *value = eq + 1;
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        const opt_spec *o = &specs[i];
        if (strcmp(key, o->name))
            continue;
        long long v = 0;
        if (o->type == OPT_PATH) {
            if (!*value) {
                fprintf(err, "TensorScope: TSCOPE_OPTIONS: bad value '' for option '%s' (expected %s)\n",
                        key, o->expected);
                return 1;
            }
            apply(key, 0, keep_string(value));
            return 0;
        }
        if (o->type == OPT_WORD) {
            for (v = 0; o->words[v] && strcmp(value, o->words[v]); v++)
                ;
            if (!o->words[v]) {
                fprintf(err, "TensorScope: TSCOPE_OPTIONS: bad value '%s' for option '%s' (expected %s)\n",
                        value, key, o->expected);
                return 1;
            }
            apply(key, v, NULL);
            return 0;
        }
        if (!parse_number(value, o->lo, o->hi, &v)) {
            fprintf(err, "TensorScope: TSCOPE_OPTIONS: bad value '%s' for option '%s' (expected %s)\n",
                    value, key, o->expected);
            return 1;
        }
        apply(key, v, NULL);
        return 0;
    }
    fprintf(err, "TensorScope: TSCOPE_OPTIONS: unknown option '%s'\n", key);
    return 1;
}

int ts_options_parse(const char *text, FILE *err) {
    int errors = 0;
    if (!text)
        return 0;
    const char *p = text;
    while (*p) {
        const char *end = strchr(p, ':');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len) /* empty entries ("a=1::b=2", trailing ':') are harmless */
            errors += parse_entry(p, len, err);
        p += len;
        if (*p == ':')
            p++;
    }
    return errors;
}
