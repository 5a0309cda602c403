/*
 * ops_cache.c -- the weak-keyed cache (tscope_cache_*): a hit, a miss, and a
 * hit including building its key, as memoizing code does on every call.
 * Keys are one tracked tensor plus two plain values (think shape and dtype).
 */
#include <stdlib.h>

#include "ops.h"
#include "tensorscope.h"

#define CACHE_KEYS 256

typedef struct cache_ctx {
    tscope_cache *cache;
    tscope_key hit[CACHE_KEYS];
    tscope_key miss[CACHE_KEYS];
    int value;
} cache_ctx;

static void make_key(tscope_key *k, size_t i, uint64_t dtype)
{
    tscope_key_init(k);
    tscope_key_add_tensor(k, bench_handle(i));
    tscope_key_add_u64(k, 64);
    tscope_key_add_u64(k, dtype);
}

static void *setup_cache(size_t n)
{
    (void)n;
    cache_ctx *c = calloc(1, sizeof *c);
    if (!c)
        abort();
    c->cache = tscope_cache_new(2 * CACHE_KEYS, NULL);
    if (!c->cache)
        abort();
    const tscope_site *site = TSCOPE_HERE_API("bench_cache");
    for (size_t i = 0; i < CACHE_KEYS; i++) {
        tscope_track(bench_handle(i), bench_fake_release, site);
        make_key(&c->hit[i], i, 1);
        make_key(&c->miss[i], i, 2); /* same tensor, another dtype */
        /* As memoizing code fills a cache: a get that misses, then the put.
         * The thread's first get makes its view of the cache and each put
         * fills it, so the measured hits are steady-state ones (each batch
         * has a new cache: without this, the view's creation and the first
         * get of every key, under the lock, would be measured as hits). */
        if (!tscope_cache_get(c->cache, &c->hit[i]))
            tscope_cache_put(c->cache, &c->hit[i], &c->value);
    }
    return c;
}

static const char *teardown_cache(void *ctx, size_t n)
{
    (void)n;
    cache_ctx *c = ctx;
    const char *err = NULL;
    for (size_t i = 0; i < CACHE_KEYS && !err; i++) {
        if (tscope_cache_get(c->cache, &c->hit[i]) != &c->value)
            err = "a cache hit did not return the stored value";
        else if (tscope_cache_get(c->cache, &c->miss[i]))
            err = "a cache miss returned a value";
    }
    const tscope_site *site = TSCOPE_HERE_API("bench_cache");
    for (size_t i = 0; i < CACHE_KEYS; i++)
        tscope_release(bench_handle(i), site);
    tscope_cache_stats st;
    tscope_cache_get_stats(c->cache, &st);
    if (!err && st.size != 0)
        err = "cache entries survived the release of their key tensors";
    tscope_cache_free(c->cache);
    free(c);
    return err;
}

BENCH_NOINLINE static void run_op_cache_hit(void *ctx, size_t n)
{
    cache_ctx *c = ctx;
    for (size_t i = 0; i < n; i++)
        BENCH_KEEP(tscope_cache_get(c->cache, &c->hit[i % CACHE_KEYS]));
}

BENCH_NOINLINE static void run_op_cache_miss(void *ctx, size_t n)
{
    cache_ctx *c = ctx;
    for (size_t i = 0; i < n; i++)
        BENCH_KEEP(tscope_cache_get(c->cache, &c->miss[i % CACHE_KEYS]));
}

BENCH_NOINLINE static void run_op_cache_key_hit(void *ctx, size_t n)
{
    cache_ctx *c = ctx;
    for (size_t i = 0; i < n; i++) {
        tscope_key k;
        make_key(&k, i % CACHE_KEYS, 1);
        BENCH_KEEP(tscope_cache_get(c->cache, &k));
    }
}

const bench_op bench_ops_cache[] = {
    {"cache_hit", "cache hit (key built already)", 1000, setup_cache, run_op_cache_hit, teardown_cache},
    {"cache_miss", "cache miss (key built already)", 1000, setup_cache, run_op_cache_miss, teardown_cache},
    {"cache_key_hit", "cache key build + hit", 1000, setup_cache, run_op_cache_key_hit, teardown_cache},
    {NULL, NULL, 0, NULL, NULL, NULL},
};
