/*
 * workload.c -- a real GSL workload for the instrumentation-overhead
 * benchmark: every iteration allocates three N x N matrices, fills two,
 * multiplies them with gsl_blas_dgemm, sums the product, frees all three.
 *
 *   workload small|large ITERATIONS     (small: 4x4, the worst case for
 *                                        per-tensor overhead; large: 256x256)
 * Prints "checksum=<hex float>" (bit-exact: every build must agree),
 * "loop_ns=" and "loop_cpu_ns=", the wall and process CPU time of the loop
 * alone (tool start-up and exit-time leak checks are not counted), and
 * "best_chunk_cpu_ns=" with "chunk=": the CPU time of the fastest chunk of
 * that many iterations.  On a loaded shared machine whole runs are slowed
 * unevenly (preemption, cache thrashing, stolen time); the fastest chunk is
 * the cost of the work itself, and is what the overhead ratios use.
 *
 * The last iteration leaks one matrix on purpose: the seeded leak that each
 * tool under comparison must find (TensorScope's report, LeakSanitizer,
 * memcheck), so a build that checks nothing cannot pass as cheap.  When
 * step() is auto-scoped, its scope releases that matrix instead.
 *
 * Built with -DTSCOPE_BENCH_PROBE (instrumented builds only), it also prints
 * what the runtime saw inside the first step: the live tensor count and the
 * scope depth, proving the build really tracks.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gsl/gsl_blas.h>
#include <gsl/gsl_matrix.h>

#ifdef TSCOPE_BENCH_PROBE
#include "tensorscope.h"
static size_t probe_live, probe_depth;
#endif

static void fill(gsl_matrix *m, size_t n, unsigned iter, double scale)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++)
            gsl_matrix_set(m, i, j, scale * (double)((i * 7 + j * 3 + iter) % 17) - 8.0);
}

/* One iteration; its result enters the checksum. */
static double step(size_t n, unsigned iter, int last)
{
    gsl_matrix *a = gsl_matrix_alloc(n, n);
    gsl_matrix *b = gsl_matrix_alloc(n, n);
    gsl_matrix *c = gsl_matrix_alloc(n, n);
    fill(a, n, iter, 0.5);
    fill(b, n, iter + 1, 0.25);
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, a, b, 0.0, c);
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++)
            sum += gsl_matrix_get(c, i, j) * (double)(1 + (i + j) % 3);
#ifdef TSCOPE_BENCH_PROBE
    if (iter == 0) {
        probe_live = tscope_live_count();
        probe_depth = tscope_scope_depth();
    }
#endif
    if (last) {
        gsl_matrix *forgotten = gsl_matrix_alloc(n, n); /* seeded leak */
        gsl_matrix_set_zero(forgotten);
    }
    gsl_matrix_free(c);
    gsl_matrix_free(b);
    gsl_matrix_free(a);
    return sum;
}

static long long elapsed_ns(struct timespec a, struct timespec b)
{
    return (long long)(b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
}

int main(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[1], "small") != 0 && strcmp(argv[1], "large") != 0)) {
        fprintf(stderr, "usage: workload small|large ITERATIONS\n");
        return 2;
    }
    char *end;
    long iterations = strtol(argv[2], &end, 10);
    if (*end || end == argv[2] || iterations < 1) {
        fprintf(stderr, "workload: ITERATIONS must be a positive integer, not '%s'\n", argv[2]);
        return 2;
    }
    size_t n = strcmp(argv[1], "small") == 0 ? 4 : 256;

    /* About a millisecond of work per chunk (fewer when the run is short). */
    long chunk = n == 4 ? 4000 : 1;
    if (chunk > iterations)
        chunk = iterations;
    long long best_chunk = -1;

    struct timespec t0, t1, c0, c1, k0, k1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    double checksum = 0;
    k0 = c0;
    for (long it = 0; it < iterations; it++) {
        checksum += step(n, (unsigned)it, it == iterations - 1);
        if ((it + 1) % chunk == 0) {
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &k1);
            long long t = elapsed_ns(k0, k1);
            if (best_chunk < 0 || t < best_chunk)
                best_chunk = t;
            k0 = k1;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);

    printf("checksum=%a\nloop_ns=%lld\nloop_cpu_ns=%lld\nbest_chunk_cpu_ns=%lld\nchunk=%ld\n",
           checksum, elapsed_ns(t0, t1), elapsed_ns(c0, c1), best_chunk, chunk);
#ifdef TSCOPE_BENCH_PROBE
    printf("probe_live=%zu\nprobe_depth=%zu\n", probe_live, probe_depth);
#endif
    /* Flush now: LeakSanitizer ends the process at exit before stdio would. */
    fflush(stdout);
    return 0;
}
