/*
 * main.c -- bench_cache: the weakly keyed cache beside GHashTable+GWeakRef.
 *
 *   bench_cache wall ROUNDS N   every implementation and op, ROUNDS rounds
 *                               of N ops, interleaved (so load changes hit
 *                               every row alike), timed in thread CPU time;
 *                               prints TSV rows
 *                               "impl op best_ns median_ns"
 *   bench_cache run IMPL OP N   runs one op N times (for callgrind)
 * Exits non-zero when an implementation's own result checks fail.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "bench_cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const bench_impl *const impls[] = {&bench_tscope, &bench_glib};
#define NIMPLS (sizeof impls / sizeof impls[0])
static const char *const op_names[] = {"hit", "hit_build", "miss", "put"};
#define NOPS 4

static void (*op_of(const bench_impl *impl, int op))(void *, size_t) {
    switch (op) {
    case 0: return impl->hit;
    case 1: return impl->hit_build;
    case 2: return impl->miss;
    default: return impl->put;
    }
}

/* CPU time of this thread, not wall time: on a shared machine a round may
 * be descheduled for milliseconds, which says nothing about the cache. */
static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int usage(void) {
    fprintf(stderr, "usage: bench_cache wall ROUNDS N | bench_cache run IMPL OP N\n"
                    "  IMPL: tscope_cache, glib_ghashtable_gweakref; OP: hit, hit_build, miss, put\n");
    return 2;
}

static long parse_count(const char *s, const char *what) {
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v <= 0) {
        fprintf(stderr, "bench_cache: %s must be a positive integer, not '%s'\n", what, s);
        exit(2);
    }
    return v;
}

static int wall(long rounds, long n) {
    static double samples[NIMPLS][NOPS][1000];
    if (rounds > 1000)
        rounds = 1000;
    void *ctx[NIMPLS];
    for (size_t i = 0; i < NIMPLS; i++)
        ctx[i] = impls[i]->setup();
    for (long r = 0; r < rounds; r++)
        for (int op = 0; op < NOPS; op++)
            for (size_t i = 0; i < NIMPLS; i++) {
                void (*run)(void *, size_t) = op_of(impls[i], op);
                run(ctx[i], (size_t)n / 10); /* warm up */
                double t0 = now_ns();
                run(ctx[i], (size_t)n);
                samples[i][op][r] = (now_ns() - t0) / (double)n;
            }
    int failed = 0;
    for (size_t i = 0; i < NIMPLS; i++) {
        const char *err = impls[i]->teardown(ctx[i]);
        if (err) {
            fprintf(stderr, "bench_cache: check failed: %s\n", err);
            failed = 1;
        }
        for (int op = 0; op < NOPS; op++) {
            qsort(samples[i][op], (size_t)rounds, sizeof(double), cmp_double);
            printf("%s\t%s\t%.2f\t%.2f\n", impls[i]->name, op_names[op],
                   samples[i][op][0], samples[i][op][rounds / 2]);
        }
    }
    return failed;
}

static int run_one(const char *impl_name, const char *op_name, long n) {
    for (size_t i = 0; i < NIMPLS; i++) {
        if (strcmp(impls[i]->name, impl_name) != 0)
            continue;
        for (int op = 0; op < NOPS; op++) {
            if (strcmp(op_names[op], op_name) != 0)
                continue;
            void *ctx = impls[i]->setup();
            op_of(impls[i], op)(ctx, (size_t)n);
            const char *err = impls[i]->teardown(ctx);
            if (err) {
                fprintf(stderr, "bench_cache: check failed: %s\n", err);
                return 1;
            }
            return 0;
        }
        fprintf(stderr, "bench_cache: unknown op '%s'\n", op_name);
        return usage();
    }
    fprintf(stderr, "bench_cache: unknown implementation '%s'\n", impl_name);
    return usage();
}

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "wall") == 0)
        return wall(parse_count(argv[2], "ROUNDS"), parse_count(argv[3], "N"));
    if (argc == 5 && strcmp(argv[1], "run") == 0)
        return run_one(argv[2], argv[3], parse_count(argv[4], "N"));
    return usage();
}
