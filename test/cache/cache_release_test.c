/*
 * cache_release_test.c -- an entry dies the moment any tensor of its key is
 * released: explicitly, by a scope; its value is freed then (not at the next
 * LRU eviction), exactly once; a dead key never matches a new tensor at the
 * same address.
 */
#include "test_tensor.h"

#include <string.h>

#define NVALUES 16
static int free_count[NVALUES];
static int values[NVALUES];
static void free_value(void *v) { free_count[(int *)v - values]++; }
static int *val(int i) { return &values[i]; }

static void key1(tscope_key *k, tt_tensor *t) {
    tscope_key_init(k);
    tscope_key_add_tensor(k, t);
}

static long released_evictions(tscope_cache *c) {
    tscope_cache_stats st;
    tscope_cache_get_stats(c, &st);
    return (long)st.evictions_released;
}

static void dies_on_explicit_release(void) {
    memset(free_count, 0, sizeof free_count);
    tscope_cache *c = tscope_cache_new(100, free_value);
    tt_tensor *a = tt_new(1), *b = tt_new(2);
    tscope_key ka, kb;
    key1(&ka, a);
    key1(&kb, b);
    CHECK_EQ(tscope_cache_put(c, &ka, val(0)), 0);
    CHECK_EQ(tscope_cache_put(c, &kb, val(1)), 0);
    tt_release(a);
    CHECK_EQ(free_count[0], 1); /* now, not at some later eviction */
    CHECK_EQ(free_count[1], 0);
    CHECK(tscope_cache_get(c, &kb) == val(1)); /* live tensors still hit */
    CHECK(tscope_cache_get(c, &ka) == NULL);
    CHECK_EQ(released_evictions(c), 1);
    tt_release(b);
    CHECK_EQ(free_count[1], 1);
    tscope_cache_free(c);
    CHECK_EQ(free_count[0], 1);
    CHECK_EQ(free_count[1], 1);
}

static void any_key_tensor_kills_the_entry(void) {
    memset(free_count, 0, sizeof free_count);
    tscope_cache *c = tscope_cache_new(100, free_value);
    tt_tensor *crow = tt_new(1), *col = tt_new(2);
    tscope_key k;
    tscope_key_init(&k);
    tscope_key_add_tensor(&k, crow);
    tscope_key_add_tensor(&k, col);
    tscope_key_add_tensor(&k, crow); /* named twice: still one entry death */
    tscope_key_add_u64(&k, 16);
    CHECK_EQ(tscope_cache_put(c, &k, val(0)), 0);
    tt_release(col);
    CHECK_EQ(free_count[0], 1);
    CHECK(tscope_cache_get(c, &k) == NULL);
    tt_release(crow); /* the other watch was cancelled: nothing more */
    CHECK_EQ(free_count[0], 1);
    CHECK_EQ(released_evictions(c), 1);
    tscope_cache_free(c);
    CHECK_EQ(free_count[0], 1);
}

static void dies_when_its_scope_ends(void) {
    memset(free_count, 0, sizeof free_count);
    tscope_cache *c = tscope_cache_new(100, free_value);
    tt_tensor *outer = tt_new(0);
    tscope_key ko;
    key1(&ko, outer);
    CHECK_EQ(tscope_cache_put(c, &ko, val(1)), 0);
    tscope_scope *s = tscope_scope_begin(TSCOPE_HERE);
    for (int i = 0; i < 3; i++) {
        tt_tensor *tmp = tt_new(i); /* released by the scope */
        tscope_key k;
        key1(&k, tmp);
        tscope_key_add_u64(&k, (uint64_t)i);
        CHECK_EQ(tscope_cache_put(c, &k, val(2 + i)), 0);
        CHECK(tscope_cache_get(c, &k) == val(2 + i));
    }
    CHECK_EQ(free_count[2] + free_count[3] + free_count[4], 0);
    tscope_scope_end(s);
    for (int i = 2; i < 5; i++)
        CHECK_EQ(free_count[i], 1);
    CHECK_EQ(free_count[1], 0);
    CHECK(tscope_cache_get(c, &ko) == val(1));
    CHECK_EQ(released_evictions(c), 3);

    TSCOPE_SCOPE { /* the macro form */
        tt_tensor *tmp = tt_new(9);
        tscope_key k;
        key1(&k, tmp);
        CHECK_EQ(tscope_cache_put(c, &k, val(6)), 0);
    }
    CHECK_EQ(free_count[6], 1);
    tt_release(outer);
    CHECK_EQ(free_count[1], 1);
    tscope_cache_free(c);
}

static void address_reuse_never_matches(void) {
    memset(free_count, 0, sizeof free_count);
    static tt_tensor storage; /* both tensors live here, one after the other */
    tscope_cache *c = tscope_cache_new(100, free_value);

    tt_tensor *first = tt_track_at(&storage, 1);
    tscope_key old_key;
    key1(&old_key, first);
    CHECK_EQ(tscope_cache_put(c, &old_key, val(0)), 0);
    tt_release(first);
    CHECK_EQ(free_count[0], 1);

    tt_tensor *second = tt_track_at(&storage, 2);
    CHECK(second == first); /* same address ... */
    tscope_key new_key;
    key1(&new_key, second);
    CHECK(tscope_cache_get(c, &new_key) == NULL); /* ... different tensor */
    CHECK(tscope_cache_get(c, &old_key) == NULL);
    CHECK_EQ(tscope_cache_put(c, &new_key, val(1)), 0);
    /* The stale key, built for the first tensor, must not see the new value. */
    CHECK(tscope_cache_get(c, &old_key) == NULL);
    CHECK(tscope_cache_get(c, &new_key) == val(1));
    /* A put under the stale key is refused (its tensor is dead). */
    CHECK_EQ(tscope_cache_put(c, &old_key, val(2)), -1);
    CHECK_EQ(free_count[2], 1);
    CHECK(tscope_cache_get(c, &new_key) == val(1));
    tt_release(second);
    CHECK_EQ(free_count[1], 1);
    tscope_cache_free(c);
}

static void two_caches_one_tensor(void) {
    memset(free_count, 0, sizeof free_count);
    tscope_cache *c1 = tscope_cache_new(4, free_value);
    tscope_cache *c2 = tscope_cache_new(4, free_value);
    tt_tensor *t = tt_new(0);
    tscope_key k;
    key1(&k, t);
    CHECK_EQ(tscope_cache_put(c1, &k, val(0)), 0);
    CHECK_EQ(tscope_cache_put(c2, &k, val(1)), 0);
    tscope_cache_free(c1); /* frees val 0, cancels its watch */
    CHECK_EQ(free_count[0], 1);
    tt_release(t);
    CHECK_EQ(free_count[0], 1);
    CHECK_EQ(free_count[1], 1);
    tscope_cache_free(c2);
}

int main(void) {
    dies_on_explicit_release();
    any_key_tensor_kills_the_entry();
    dies_when_its_scope_ends();
    address_reuse_never_matches();
    two_caches_one_tensor();
    CHECK_EQ(tscope_live_count(), 0);
    CHECK_EQ(tt_alive, 0);
    TEST_DONE();
}
