/*
 * main.c -- driver of the runtime-ops benchmark.
 *
 *   bench_ops list                      the ops: NAME<TAB>LABEL
 *   bench_ops run OP|all N              perform N operations of OP (or of
 *                                       every op in turn), rounded up to whole
 *                                       batches; prints OP<TAB>DONE; for
 *                                       callgrind
 *   bench_ops wall [-r REPS] [-n N] [OP...]
 *                                       wall time per op: REPS rounds of N
 *                                       ops, the ops taking turns within each
 *                                       round (interleaved), so a burst of
 *                                       load hits all of them; each batch
 *                                       is one sample; prints the best and
 *                                       the median sample
 *
 * N counts tensor-level operations: an op whose batch is smaller than 1000
 * (a scope with 10 or 100 tensors) performs N * batch / 1000 of its own
 * operations, so every op gets about the same work whatever its size.
 *
 * Every round's teardown checks the op's result and that no tracked tensor
 * was left behind; a failed check stops the benchmark with exit status 1.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ops.h"
#include "tensorscope.h"

/* Under callgrind, `run all` writes one profile dump per op (named after
 * it), so one valgrind process counts every op separately.  Outside
 * valgrind these requests cost a few instructions and do nothing. */
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define BENCH_HAVE_CALLGRIND 1
#endif
#endif
#ifndef BENCH_HAVE_CALLGRIND
#define CALLGRIND_ZERO_STATS
#define CALLGRIND_DUMP_STATS_AT(name) ((void)(name))
#endif

static const bench_op *const op_tables[] = {
    bench_ops_libc, bench_ops_tscope, bench_ops_budget, bench_ops_cxx,
#ifdef BENCH_HAVE_GLIB
    bench_ops_glib,
#endif
#ifdef BENCH_HAVE_CACHE
    bench_ops_cache,
#endif
};
#define N_TABLES (sizeof op_tables / sizeof op_tables[0])

static const bench_op *find_op(const char *name)
{
    for (size_t t = 0; t < N_TABLES; t++)
        for (const bench_op *op = op_tables[t]; op->name; op++)
            if (strcmp(op->name, name) == 0)
                return op;
    return NULL;
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Performs at least n operations of op in whole batches; returns the time
 * spent in op->run only, and how many operations that was in *done.  When
 * `samples` is not NULL, each batch's ns per operation is appended to it
 * (at *nsamples). */
static double perform(const bench_op *op, size_t n, size_t *done, double *samples,
                      size_t *nsamples)
{
    double spent = 0;
    size_t live_before = tscope_live_count();
    *done = 0;
    while (*done < n) {
        void *ctx = op->setup ? op->setup(op->batch) : NULL;
        double t0 = now_ns();
        op->run(ctx, op->batch);
        double t = now_ns() - t0;
        spent += t;
        if (samples)
            samples[(*nsamples)++] = t / (double)op->batch;
        const char *err = op->teardown ? op->teardown(ctx, op->batch) : NULL;
        if (!err && tscope_live_count() != live_before)
            err = "tracked tensors were left alive (the live count changed)";
        if (err) {
            fprintf(stderr, "bench_ops: %s: check failed: %s\n", op->name, err);
            exit(1);
        }
        *done += op->batch;
    }
    return spent;
}

/* Operations of `op` for a budget of n tensor-level operations. */
static size_t scaled(const bench_op *op, size_t n)
{
    size_t k = n / 1000 * op->batch;
    return k < op->batch ? op->batch : k;
}

static size_t parse_count(const char *what, const char *text)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || end == text || *end || v == 0 || text[0] == '-') {
        fprintf(stderr, "bench_ops: %s must be a positive integer, not '%s'\n", what, text);
        exit(2);
    }
    return (size_t)v;
}

static const bench_op *need_op(const char *name)
{
    const bench_op *op = find_op(name);
    if (!op) {
        fprintf(stderr, "bench_ops: unknown op '%s' (see 'bench_ops list')\n", name);
        exit(2);
    }
    return op;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int cmd_wall(int argc, char **argv)
{
    size_t reps = 7, n = 200000;
    const bench_op *ops[128];
    size_t nops = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "-r") == 0 && i + 1 < argc)
            reps = parse_count("-r REPS", argv[++i]);
        else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            n = parse_count("-n N", argv[++i]);
        else if (argv[i][0] == '-') {
            fprintf(stderr, "bench_ops: wall: unknown option '%s'\n", argv[i]);
            return 2;
        } else if (nops < 128)
            ops[nops++] = need_op(argv[i]);
    }
    if (nops == 0)
        for (size_t t = 0; t < N_TABLES; t++)
            for (const bench_op *op = op_tables[t]; op->name && nops < 128; op++)
                ops[nops++] = op;
    /* One sample per batch: on a loaded machine most rounds are preempted
     * somewhere, but many batches run undisturbed, and the best batch is
     * the cost of the operation itself. */
    size_t per_op = 0;
    for (size_t k = 0; k < nops; k++) {
        size_t batches = (scaled(ops[k], n) + ops[k]->batch - 1) / ops[k]->batch;
        if (batches * reps > per_op)
            per_op = batches * reps;
    }
    double *samples = calloc(nops * per_op, sizeof *samples);
    size_t *nsamples = calloc(nops, sizeof *nsamples);
    if (!samples || !nsamples)
        return 1;
    size_t done;
    for (size_t k = 0; k < nops; k++) /* warm-up: page in, grow tables */
        perform(ops[k], ops[k]->batch, &done, NULL, NULL);
    for (size_t r = 0; r < reps; r++)
        for (size_t k = 0; k < nops; k++)
            perform(ops[k], scaled(ops[k], n), &done, samples + k * per_op, &nsamples[k]);
    for (size_t k = 0; k < nops; k++) {
        double *sk = samples + k * per_op;
        qsort(sk, nsamples[k], sizeof *sk, cmp_double);
        printf("%s\t%.3f\t%.3f\t%s\n", ops[k]->name, sk[0], sk[nsamples[k] / 2], ops[k]->label);
    }
    free(nsamples);
    free(samples);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "list") == 0) {
        for (size_t t = 0; t < N_TABLES; t++)
            for (const bench_op *op = op_tables[t]; op->name; op++)
                printf("%s\t%s\n", op->name, op->label);
        return 0;
    }
    if (argc == 4 && strcmp(argv[1], "run") == 0) {
        size_t n = parse_count("N", argv[3]), done;
        if (strcmp(argv[2], "all") != 0) {
            const bench_op *op = need_op(argv[2]);
            perform(op, scaled(op, n), &done, NULL, NULL);
            printf("%s\t%zu\n", op->name, done);
            return 0;
        }
        for (size_t t = 0; t < N_TABLES; t++)
            for (const bench_op *op = op_tables[t]; op->name; op++) {
                CALLGRIND_ZERO_STATS;
                perform(op, scaled(op, n), &done, NULL, NULL);
                CALLGRIND_DUMP_STATS_AT(op->name);
                printf("%s\t%zu\n", op->name, done);
            }
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "wall") == 0)
        return cmd_wall(argc - 2, argv + 2);
    fprintf(stderr, "usage: bench_ops list | run OP N | wall [-r REPS] [-n N] [OP...]\n");
    return 2;
}
