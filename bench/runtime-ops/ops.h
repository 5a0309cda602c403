/*
 * ops.h -- one benchmarked operation and the helpers every op file shares.
 *
 * An op is measured in batches: setup (not measured) prepares `batch`
 * operations, run_op_* (measured) performs them, teardown (not measured)
 * cleans up.  Only functions named run_op_* do measured work, so callgrind's
 * --toggle-collect=run_op_* counts exactly the operations and nothing of the
 * harness (see run.sh).
 */
#ifndef BENCH_OPS_H
#define BENCH_OPS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bench_op {
    const char *name;   /* command-line name, e.g. "track_release" */
    const char *label;  /* row label in the table */
    size_t batch;       /* operations per setup/run/teardown round */
    void *(*setup)(size_t batch);             /* may be NULL */
    void (*run)(void *ctx, size_t batch);     /* a run_op_* function */
    /* Cleans up (not measured) and checks what run did: returns NULL, or a
     * message saying what went wrong, so a broken runtime cannot print a good
     * number.  May be NULL. */
    const char *(*teardown)(void *ctx, size_t batch);
} bench_op;

/* Each op file exports a table; a NULL-named entry ends it. */
extern const bench_op bench_ops_libc[];
extern const bench_op bench_ops_tscope[];
extern const bench_op bench_ops_budget[];
extern const bench_op bench_ops_cxx[];
#ifdef BENCH_HAVE_GLIB
extern const bench_op bench_ops_glib[];
#endif
#ifdef BENCH_HAVE_CACHE
extern const bench_op bench_ops_cache[];
#endif

/* Keeps the compiler from optimizing away a value (e.g. a malloc/free pair,
 * which clang removes otherwise). */
#if defined(__GNUC__) || defined(__clang__)
#define BENCH_KEEP(p) __asm__ volatile("" : : "g"(p) : "memory")
#define BENCH_NOINLINE __attribute__((noinline))
#else
#define BENCH_KEEP(p) ((void)(p))
#define BENCH_NOINLINE
#endif

/* Fake tensor handles: addresses inside one static array.  The runtime never
 * dereferences a handle, so these cost the benchmark no allocation and only
 * the runtime's own work is measured. */
#define BENCH_HANDLE_SLOTS 4096
void *bench_handle(size_t i);
/* A release function for fake handles (scopes call it): only counts. */
void bench_fake_release(void *h);
size_t bench_fake_release_count(void);

#ifdef __cplusplus
}
#endif

#endif
