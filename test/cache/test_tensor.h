/*
 * test_tensor.h -- a tiny reference-counted tensor for the cache tests, and
 * CHECK macros.  The tensor is tracked by TensorScope like a real tensor
 * API would be through the plugin: create tracks it, every retain is told to
 * the runtime, and the library's own release runs only when tscope_release
 * says so.  Counters let tests see exactly when memory really goes.
 */
#ifndef TEST_CACHE_TEST_TENSOR_H
#define TEST_CACHE_TEST_TENSOR_H

#include "tensorscope.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

static int test_failures __attribute__((unused));

#define CHECK(cond)                                                            \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__,   \
                    #cond);                                                    \
            test_failures++;                                                   \
        }                                                                      \
    } while (0)

#define CHECK_EQ(a, b)                                                         \
    do {                                                                       \
        long long a_ = (long long)(a), b_ = (long long)(b);                    \
        if (a_ != b_) {                                                        \
            fprintf(stderr, "%s:%d: CHECK failed: %s == %s (%lld vs %lld)\n",   \
                    __FILE__, __LINE__, #a, #b, a_, b_);                       \
            test_failures++;                                                   \
        }                                                                      \
    } while (0)

#define TEST_DONE()                                                            \
    do {                                                                       \
        if (test_failures) {                                                   \
            fprintf(stderr, "%d check(s) failed\n", test_failures);            \
            return 1;                                                          \
        }                                                                      \
        printf("ok\n");                                                        \
        return 0;                                                              \
    } while (0)

typedef struct tt_tensor {
    atomic_int refs;
    int payload;
} tt_tensor;

/* How many tt_tensor structs exist right now (really allocated). */
static atomic_int tt_alive;

/* The library's own release: drops its reference count, frees at zero. */
static inline void tt_unref(void *p) {
    tt_tensor *t = p;
    if (atomic_fetch_sub(&t->refs, 1) == 1) {
        atomic_fetch_sub(&tt_alive, 1);
        free(t);
    }
}

/* Creates a tensor and tracks it (it joins the innermost scope, if any). */
static inline tt_tensor *tt_new(int payload) {
    tt_tensor *t = malloc(sizeof *t);
    if (!t)
        abort();
    atomic_init(&t->refs, 1);
    t->payload = payload;
    atomic_fetch_add(&tt_alive, 1);
    return tscope_track(t, tt_unref, TSCOPE_HERE_API("tt_new"));
}

/* Tracks an object the caller placed at a chosen address (address reuse). */
static inline tt_tensor *tt_track_at(tt_tensor *storage, int payload) {
    atomic_init(&storage->refs, 2); /* never freed by tt_unref: static storage */
    storage->payload = payload;
    return tscope_track(storage, tt_unref, TSCOPE_HERE_API("tt_track_at"));
}

static inline tt_tensor *tt_retain(tt_tensor *t) {
    atomic_fetch_add(&t->refs, 1);
    tscope_retain(t);
    return t;
}

/* What instrumented user code does on release. */
static inline void tt_release(tt_tensor *t) {
    if (tscope_release(t, TSCOPE_HERE))
        tt_unref(t);
}

#endif
