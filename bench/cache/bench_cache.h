/*
 * bench_cache.h -- what the cache benchmark's implementations share.
 *
 * The workload is the PyTorch one: a memo of per-matrix sparse plans keyed
 * by the two index tensors of a BSR matrix (crow_indices, col_indices) plus
 * its shape and block sizes.  NMATRICES matrices are alive; each
 * implementation keeps their plans in a cache of CAPACITY entries.
 *
 * Every implementation provides the same operations, each a noinline
 * function named run_<impl>_<op> so callgrind can count it alone:
 *   hit        get with a prebuilt key (the matrix is alive, the plan cached)
 *   hit_build  build the key from the tensors and dimensions, then get
 *   miss       get a key that is not cached (other block sizes)
 *   put        put a new key into the full cache (evicts the LRU entry)
 */
#ifndef BENCH_CACHE_H
#define BENCH_CACHE_H

#include <stddef.h>
#include <stdint.h>

#define NMATRICES 256
#define CAPACITY 256

#if defined(__GNUC__) || defined(__clang__)
#define BENCH_KEEP(p) __asm__ volatile("" : : "g"(p) : "memory")
#define BENCH_NOINLINE __attribute__((noinline))
#else
#define BENCH_KEEP(p) ((void)(p))
#define BENCH_NOINLINE
#endif

/* The dimensions that join the two tensors in a key. */
typedef struct bench_dims {
    uint64_t m, k, block_m, block_k;
} bench_dims;

static inline bench_dims bench_dims_of(size_t matrix, uint64_t block_k) {
    bench_dims d = {1024 + matrix, 512, 16, block_k};
    return d;
}

typedef struct bench_impl {
    const char *name;
    void *(*setup)(void);
    void (*hit)(void *ctx, size_t n);
    void (*hit_build)(void *ctx, size_t n);
    void (*miss)(void *ctx, size_t n);
    void (*put)(void *ctx, size_t n);
    /* Checks results (hits hit, misses miss, entries die with their tensors)
     * and frees everything: NULL or what went wrong. */
    const char *(*teardown)(void *ctx);
} bench_impl;

extern const bench_impl bench_tscope;
extern const bench_impl bench_glib;

#endif
