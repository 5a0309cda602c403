/*
 * threads.c -- throughput of the runtime with 1 and 2 threads, each on its
 * own tensors.  A thread's work: in a scope, track 8 tensors, take a weak
 * reference to each and read it, release 4 by hand, and let the scope end
 * release the other 4; repeat.  One "lifecycle" is one tensor through that.
 *
 * Wall-clock throughput is what users get, but on a shared 2-core machine it
 * also measures the other users.  Thread CPU time is reported beside it:
 * CPU ns per lifecycle with 2 threads over that with 1 shows the runtime's
 * own contention (lock waits, cache-line sharing) whatever the load.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "scale.h"
#include "tensorscope.h"

#define PER_SCOPE 8

typedef struct worker {
    pthread_t thread;
    size_t lifecycles;
    char *space;             /* this thread's fake handles */
    pthread_barrier_t *start;
    double cpu_ns;
    size_t weak_misses;      /* weak gets of live tensors that read NULL */
    size_t scope_leftovers;  /* tensors alive after their scope ended */
} worker;

static void ignore_release(void *h) { (void)h; }

static double clock_ns(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void *work(void *arg)
{
    worker *w = arg;
    const tscope_site *site = TSCOPE_HERE_API("bench_scale");
    size_t weak_misses = 0, scope_leftovers = 0; /* locals: no false sharing */
    pthread_barrier_wait(w->start);
    double c0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
    for (size_t done = 0; done < w->lifecycles; done += PER_SCOPE) {
        tscope_scope *s = tscope_scope_begin(site);
        for (int j = 0; j < PER_SCOPE; j++) {
            void *h = w->space + 64 * j;
            tscope_track(h, ignore_release, site);
            tscope_weak ref = tscope_weak_ref(h);
            weak_misses += tscope_weak_get(ref) != h;
        }
        for (int j = 0; j < PER_SCOPE / 2; j++)
            tscope_release(w->space + 64 * j, site);
        tscope_scope_end(s);
        scope_leftovers += tscope_generation(w->space + 64 * (PER_SCOPE - 1)) != 0;
    }
    w->cpu_ns = clock_ns(CLOCK_THREAD_CPUTIME_ID) - c0;
    w->weak_misses = weak_misses;
    w->scope_leftovers = scope_leftovers;
    return NULL;
}

typedef struct result {
    double wall_ns, cpu_ns;
} result;

static int run_threads(int nthreads, size_t lifecycles, result *out)
{
    worker w[2] = {{0}};
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, (unsigned)nthreads + 1);
    for (int t = 0; t < nthreads; t++) {
        w[t].lifecycles = lifecycles;
        w[t].space = malloc(64 * PER_SCOPE);
        w[t].start = &start;
        if (!w[t].space || pthread_create(&w[t].thread, NULL, work, &w[t])) {
            fprintf(stderr, "bench_scale: cannot start thread %d\n", t);
            return 1;
        }
    }
    pthread_barrier_wait(&start);
    double t0 = clock_ns(CLOCK_MONOTONIC);
    for (int t = 0; t < nthreads; t++)
        pthread_join(w[t].thread, NULL);
    out->wall_ns = clock_ns(CLOCK_MONOTONIC) - t0;
    out->cpu_ns = 0;
    int bad = 0;
    for (int t = 0; t < nthreads; t++) {
        out->cpu_ns += w[t].cpu_ns;
        if (w[t].weak_misses || w[t].scope_leftovers) {
            fprintf(stderr, "bench_scale: thread %d: %zu weak gets of live tensors read NULL, "
                            "%zu tensors survived their scope\n",
                    t, w[t].weak_misses, w[t].scope_leftovers);
            bad = 1;
        }
        free(w[t].space);
    }
    pthread_barrier_destroy(&start);
    if (tscope_live_count() != 0) {
        fprintf(stderr, "bench_scale: %zu tensors alive after the threads ended\n",
                tscope_live_count());
        bad = 1;
    }
    return bad;
}

int scale_threads(size_t lifecycles, size_t rounds)
{
    /* best = highest throughput = lowest wall time per lifecycle. */
    double best_wall[3] = {0, 1e300, 1e300}, best_cpu[3] = {0, 1e300, 1e300};
    for (size_t r = 0; r < rounds; r++) {
        for (int nt = 1; nt <= 2; nt++) {
            result res;
            if (run_threads(nt, lifecycles, &res))
                return 1;
            double total = (double)lifecycles * nt;
            if (res.wall_ns / total < best_wall[nt])
                best_wall[nt] = res.wall_ns / total;
            if (res.cpu_ns / total < best_cpu[nt])
                best_cpu[nt] = res.cpu_ns / total;
        }
    }
    /* threads T  wall-ns-per-lifecycle  cpu-ns-per-lifecycle */
    for (int nt = 1; nt <= 2; nt++)
        printf("threads\t%d\t%.3f\t%.3f\n", nt, best_wall[nt], best_cpu[nt]);
    return 0;
}
