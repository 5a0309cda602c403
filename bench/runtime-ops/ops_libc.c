/*
 * ops_libc.c -- the baseline every tracked create/release is compared with:
 * malloc(64)+free, and the same pair with the runtime calls the plugin adds
 * around it (what an instrumented create/release really costs).
 */
#include <stdlib.h>

#include "ops.h"
#include "tensorscope.h"

static char bench_handles[BENCH_HANDLE_SLOTS][64];

void *bench_handle(size_t i) { return bench_handles[i % BENCH_HANDLE_SLOTS]; }

static size_t bench_fake_releases;
void bench_fake_release(void *h) { (void)h; bench_fake_releases++; }
size_t bench_fake_release_count(void) { return bench_fake_releases; }

BENCH_NOINLINE static void run_op_malloc_free(void *ctx, size_t n)
{
    (void)ctx;
    for (size_t i = 0; i < n; i++) {
        void *p = malloc(64);
        BENCH_KEEP(p);
        free(p);
    }
}

/* What the plugin emits around a create and a release of a heap tensor. */
BENCH_NOINLINE static void run_op_malloc_tracked_free(void *ctx, size_t n)
{
    (void)ctx;
    const tscope_site *site = TSCOPE_HERE_API("malloc");
    for (size_t i = 0; i < n; i++) {
        void *p = tscope_track(malloc(64), free, site);
        BENCH_KEEP(p);
        if (tscope_release(p, site))
            free(p);
    }
}

const bench_op bench_ops_libc[] = {
    {"malloc_free", "malloc(64)+free", 1000, NULL, run_op_malloc_free, NULL},
    {"malloc_tracked_free", "malloc(64)+track+release+free", 1000, NULL,
     run_op_malloc_tracked_free, NULL},
    {NULL, NULL, 0, NULL, NULL, NULL},
};
