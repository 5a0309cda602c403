/*
 * bench_tscope.c -- the workload on tscope_cache: keys are the two index
 * tensors' identities plus the dimensions; tensors are tracked by the
 * runtime as an instrumented program's would be.
 */
#include "bench_cache.h"

#include "tensorscope.h"

#include <stdlib.h>

typedef struct tensor {
    int refs;
    int32_t data[4];
} tensor;

static void tensor_free(void *p) { free(p); }

static tensor *tensor_new(void) {
    tensor *t = calloc(1, sizeof *t);
    if (!t)
        abort();
    t->refs = 1;
    return tscope_track(t, tensor_free, TSCOPE_HERE_API("tensor_new"));
}

typedef struct ctx {
    tscope_cache *cache;     /* the plans of all matrices: hits stay hits */
    tscope_cache *put_cache; /* where put inserts (and evicts) */
    tensor *crow[NMATRICES], *col[NMATRICES];
    tscope_key hit[NMATRICES], miss[NMATRICES];
    uint64_t next_block_k; /* fresh keys for put */
    int plan[NMATRICES];
} ctx;

static void make_key(tscope_key *k, const tensor *crow, const tensor *col,
                     bench_dims d) {
    tscope_key_init(k);
    tscope_key_add_tensor(k, (void *)crow);
    tscope_key_add_tensor(k, (void *)col);
    tscope_key_add_bytes(k, &d, sizeof d);
}

static void *setup(void) {
    ctx *c = calloc(1, sizeof *c);
    if (!c)
        abort();
    c->cache = tscope_cache_new(CAPACITY, NULL);
    c->put_cache = tscope_cache_new(CAPACITY, NULL);
    for (size_t i = 0; i < NMATRICES; i++) {
        c->crow[i] = tensor_new();
        c->col[i] = tensor_new();
        make_key(&c->hit[i], c->crow[i], c->col[i], bench_dims_of(i, 16));
        make_key(&c->miss[i], c->crow[i], c->col[i], bench_dims_of(i, 32));
        /* As memoizing code fills a cache: a get that misses, the put. */
        if (!tscope_cache_get(c->cache, &c->hit[i]))
            tscope_cache_put(c->cache, &c->hit[i], &c->plan[i]);
    }
    c->next_block_k = 1000;
    return c;
}

BENCH_NOINLINE static void run_tscope_hit(void *p, size_t n) {
    ctx *c = p;
    for (size_t i = 0; i < n; i++)
        BENCH_KEEP(tscope_cache_get(c->cache, &c->hit[i % NMATRICES]));
}

BENCH_NOINLINE static void run_tscope_hit_build(void *p, size_t n) {
    ctx *c = p;
    for (size_t i = 0; i < n; i++) {
        size_t m = i % NMATRICES;
        tscope_key k;
        make_key(&k, c->crow[m], c->col[m], bench_dims_of(m, 16));
        BENCH_KEEP(tscope_cache_get(c->cache, &k));
    }
}

BENCH_NOINLINE static void run_tscope_miss(void *p, size_t n) {
    ctx *c = p;
    for (size_t i = 0; i < n; i++)
        BENCH_KEEP(tscope_cache_get(c->cache, &c->miss[i % NMATRICES]));
}

/* New keys into a full cache: each put also evicts (and un-watches) one. */
BENCH_NOINLINE static void run_tscope_put(void *p, size_t n) {
    ctx *c = p;
    for (size_t i = 0; i < n; i++) {
        size_t m = i % NMATRICES;
        tscope_key k;
        make_key(&k, c->crow[m], c->col[m], bench_dims_of(m, c->next_block_k++));
        tscope_cache_put(c->put_cache, &k, &c->plan[m]);
    }
}

static const char *teardown(void *p) {
    ctx *c = p;
    const char *err = NULL;
    for (size_t i = 0; i < NMATRICES && !err; i++) {
        if (tscope_cache_get(c->cache, &c->hit[i]) != &c->plan[i])
            err = "tscope: a hit did not return its plan";
        else if (tscope_cache_get(c->cache, &c->miss[i]))
            err = "tscope: a miss returned a plan";
    }
    for (size_t i = 0; i < NMATRICES; i++) {
        tscope_release(c->crow[i], TSCOPE_HERE);
        tensor_free(c->crow[i]);
        tscope_release(c->col[i], TSCOPE_HERE);
        tensor_free(c->col[i]);
    }
    tscope_cache_stats st, put_st;
    tscope_cache_get_stats(c->cache, &st);
    tscope_cache_get_stats(c->put_cache, &put_st);
    if (!err && (st.size != 0 || put_st.size != 0))
        err = "tscope: entries survived the release of their tensors";
    tscope_cache_free(c->cache);
    tscope_cache_free(c->put_cache);
    free(c);
    return err;
}

const bench_impl bench_tscope = {"tscope_cache", setup, run_tscope_hit,
                                 run_tscope_hit_build, run_tscope_miss,
                                 run_tscope_put, teardown};
