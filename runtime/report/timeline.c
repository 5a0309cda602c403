/*
 * timeline.c -- option timeline=PATH: a background thread samples the live
 * tensors per creation site every timeline_interval_ms and appends one JSON
 * object per line to PATH (format in docs/runtime.md), for tscope-report's
 * "live tensors over time" chart.  Sampling takes each shard lock briefly,
 * one shard at a time; nothing runs when the option is off.
 */
#include "report.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct site_count {
    const tscope_site *site;
    size_t count;
} site_count;

typedef struct sample {
    site_count *sites;
    size_t n, cap;
    size_t total;
} sample;

static pthread_t thread;
static bool running;
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;
static bool stop_requested;
static FILE *file;
static struct timespec started;

static void count_record(uint32_t idx, ts_record *r, void *arg) {
    (void)idx;
    sample *s = arg;
    const tscope_site *site = ts_origin_get(ts_rec_origin(r))->site;
    s->total++;
    /* Few sites per program: a linear scan of the last few hits is enough. */
    for (size_t i = s->n; i > 0; i--)
        if (s->sites[i - 1].site == site) {
            s->sites[i - 1].count++;
            return;
        }
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        site_count *grown = realloc(s->sites, cap * sizeof *grown);
        if (!grown)
            return;
        s->sites = grown;
        s->cap = cap;
    }
    s->sites[s->n++] = (site_count){site, 1};
}

static void json_str(FILE *out, const char *s) {
    if (!s) {
        fputs("null", out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(out, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(out, "\\u%04x", (unsigned char)*s);
        else
            fputc(*s, out);
    }
    fputc('"', out);
}

static void write_sample(void) {
    sample s = {0};
    ts_for_each_live(count_record, &s);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double ms = (double)(now.tv_sec - started.tv_sec) * 1e3 +
                (double)(now.tv_nsec - started.tv_nsec) / 1e6;
    fprintf(file, "{\"t_ms\": %.1f, \"live\": %zu, \"sites\": [", ms, s.total);
    for (size_t i = 0; i < s.n; i++) {
        const tscope_site *site = s.sites[i].site;
        fputs(i ? ", {\"file\": " : "{\"file\": ", file);
        json_str(file, site ? site->file : NULL);
        fprintf(file, ", \"line\": %u, \"function\": ", site ? site->line : 0);
        json_str(file, site ? site->function : NULL);
        fputs(", \"api\": ", file);
        json_str(file, site ? site->api : NULL);
        fprintf(file, ", \"count\": %zu}", s.sites[i].count);
    }
    fputs("]}\n", file);
    fflush(file);
    free(s.sites);
}

static void *sampler(void *arg) {
    (void)arg;
    pthread_mutex_lock(&mutex);
    while (!stop_requested) {
        pthread_mutex_unlock(&mutex);
        write_sample();
        pthread_mutex_lock(&mutex);
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        long long ns = until.tv_nsec + (long long)ts_opts.timeline_interval_ms * 1000000LL;
        until.tv_sec += (time_t)(ns / 1000000000LL);
        until.tv_nsec = (long)(ns % 1000000000LL);
        while (!stop_requested &&
               pthread_cond_timedwait(&wake, &mutex, &until) == 0)
            ;
    }
    pthread_mutex_unlock(&mutex);
    return NULL;
}

void ts_timeline_start(void) {
    if (!ts_opts.timeline)
        return;
    file = fopen(ts_opts.timeline, "w");
    if (!file) {
        ts_diag("timeline=%s: cannot open for writing", ts_opts.timeline);
        return;
    }
    clock_gettime(CLOCK_MONOTONIC, &started);
    if (pthread_create(&thread, NULL, sampler, NULL) != 0) {
        ts_diag("timeline=%s: cannot start the sampling thread", ts_opts.timeline);
        fclose(file);
        file = NULL;
        return;
    }
    running = true;
}

void ts_timeline_stop(void) {
    if (!running)
        return;
    pthread_mutex_lock(&mutex);
    stop_requested = true;
    pthread_cond_signal(&wake);
    pthread_mutex_unlock(&mutex);
    pthread_join(thread, NULL);
    running = false;
    write_sample(); /* the state at exit, before finalizers run */
    ts_close_report_file(file, "timeline", ts_opts.timeline);
    file = NULL;
}
