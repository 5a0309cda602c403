/*
 * check.h -- the runtime tests' tiny harness, plus a home-grown tensor type
 * whose frees are counted, so tests can see what the runtime released.
 */
#ifndef TSCOPE_TEST_CHECK_H
#define TSCOPE_TEST_CHECK_H

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "tensorscope.h"

static int check_failures __attribute__((unused));

#define CHECK(cond)                                                            \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__,   \
                    #cond);                                                    \
            check_failures++;                                                  \
        }                                                                      \
    } while (0)

#define CHECK_EQ(a, b)                                                         \
    do {                                                                       \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);        \
        if (check_a_ != check_b_) {                                            \
            fprintf(stderr, "%s:%d: CHECK_EQ failed: %s == %s (%lld vs %lld)\n", \
                    __FILE__, __LINE__, #a, #b, check_a_, check_b_);           \
            check_failures++;                                                  \
        }                                                                      \
    } while (0)

/* Ends a test program: exit status 1 when any check failed. */
#define CHECK_DONE()                                                           \
    do {                                                                       \
        if (check_failures) {                                                  \
            fprintf(stderr, "%d check(s) failed\n", check_failures);          \
            return 1;                                                          \
        }                                                                      \
        fprintf(stderr, "all checks passed\n");                                \
        return 0;                                                              \
    } while (0)

/* A tensor: a malloc'd block; freeing it is counted. */
typedef struct test_tensor {
    int id;
    double data[4];
} test_tensor;

static atomic_int tensors_freed;

static inline void test_tensor_free(void *p) {
    atomic_fetch_add(&tensors_freed, 1);
    free(p);
}

/* Creates and tracks a tensor at the caller's site. */
#define NEW_TENSOR(idv)                                                        \
    ((test_tensor *)tscope_track(new_raw_tensor(idv), test_tensor_free,        \
                                 TSCOPE_HERE_API("test_tensor_new")))

static inline test_tensor *new_raw_tensor(int id) {
    test_tensor *t = calloc(1, sizeof *t);
    if (!t)
        abort();
    t->id = id;
    return t;
}

/* Releases through the runtime, then frees when told to. */
static inline int release_tensor(test_tensor *t) {
    if (tscope_release(t, TSCOPE_HERE)) {
        test_tensor_free(t);
        return 1;
    }
    return 0;
}

#endif
