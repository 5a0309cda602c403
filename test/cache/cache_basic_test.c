/*
 * cache_basic_test.c -- get/put/remove/clear/free, LRU within capacity,
 * stats, and value_free exactly once per entry on every path that ends one.
 */
#include "test_tensor.h"

#include <string.h>

#define NVALUES 64
static int free_count[NVALUES]; /* how often value i was freed */
static int values[NVALUES];

static void free_value(void *v) {
    free_count[(int *)v - values]++;
}

static int *val(int i) { return &values[i]; }

static void key_u64(tscope_key *k, tt_tensor *t, uint64_t n) {
    tscope_key_init(k);
    tscope_key_add_tensor(k, t);
    tscope_key_add_u64(k, n);
}

static void expect_stats(tscope_cache *c, long hits, long misses, long lru,
                         long released, long size) {
    tscope_cache_stats st;
    tscope_cache_get_stats(c, &st);
    CHECK_EQ(st.hits, hits);
    CHECK_EQ(st.misses, misses);
    CHECK_EQ(st.evictions_lru, lru);
    CHECK_EQ(st.evictions_released, released);
    CHECK_EQ(st.size, size);
}

static void get_put_replace_remove(void) {
    memset(free_count, 0, sizeof free_count);
    tt_tensor *t = tt_new(0);
    tscope_cache *c = tscope_cache_new(10, free_value);
    tscope_key k0, k1;
    key_u64(&k0, t, 0);
    key_u64(&k1, t, 1);

    CHECK(tscope_cache_get(c, &k0) == NULL);
    CHECK_EQ(tscope_cache_put(c, &k0, val(0)), 0);
    CHECK(tscope_cache_get(c, &k0) == val(0));
    CHECK_EQ(tscope_cache_put(c, &k1, val(1)), 0);
    CHECK(tscope_cache_get(c, &k1) == val(1));
    expect_stats(c, 2, 1, 0, 0, 2);

    /* Replacing frees the old value at once, and only it. */
    CHECK_EQ(tscope_cache_put(c, &k0, val(2)), 0);
    CHECK_EQ(free_count[0], 1);
    CHECK_EQ(free_count[2], 0);
    CHECK(tscope_cache_get(c, &k0) == val(2));
    /* Putting the same value again keeps it alive. */
    CHECK_EQ(tscope_cache_put(c, &k0, val(2)), 0);
    CHECK_EQ(free_count[2], 0);
    CHECK(tscope_cache_get(c, &k0) == val(2));

    CHECK_EQ(tscope_cache_remove(c, &k1), 1);
    CHECK_EQ(free_count[1], 1);
    CHECK_EQ(tscope_cache_remove(c, &k1), 0);
    CHECK(tscope_cache_get(c, &k1) == NULL);
    expect_stats(c, 4, 2, 0, 0, 1);

    /* A removed entry's key tensor dying frees nothing more. */
    tscope_cache_clear(c);
    CHECK_EQ(free_count[2], 1);
    expect_stats(c, 4, 2, 0, 0, 0);
    CHECK_EQ(tscope_cache_put(c, &k1, val(3)), 0);
    tscope_cache_free(c);
    CHECK_EQ(free_count[3], 1);
    tt_release(t);
    for (int i = 0; i < 4; i++)
        CHECK_EQ(free_count[i], 1);
}

static void lru_within_capacity(void) {
    memset(free_count, 0, sizeof free_count);
    tt_tensor *t = tt_new(0);
    tscope_cache *c = tscope_cache_new(3, free_value);
    tscope_key k[5];
    for (int i = 0; i < 5; i++)
        key_u64(&k[i], t, (uint64_t)i);

    for (int i = 0; i < 3; i++)
        CHECK_EQ(tscope_cache_put(c, &k[i], val(i)), 0);
    CHECK(tscope_cache_get(c, &k[0]) == val(0)); /* 0 becomes most recent */
    CHECK_EQ(tscope_cache_put(c, &k[3], val(3)), 0); /* evicts 1, the LRU */
    CHECK_EQ(free_count[1], 1);
    CHECK(tscope_cache_get(c, &k[1]) == NULL);
    CHECK(tscope_cache_get(c, &k[0]) == val(0));
    CHECK(tscope_cache_get(c, &k[2]) == val(2));
    CHECK_EQ(tscope_cache_put(c, &k[4], val(4)), 0); /* evicts 3 */
    CHECK_EQ(free_count[3], 1);
    CHECK(tscope_cache_get(c, &k[3]) == NULL);
    expect_stats(c, 3, 2, 2, 0, 3);

    /* Evicted entries are gone for good: their key tensor dying later frees
     * nothing twice. */
    tt_release(t);
    for (int i = 0; i < 5; i++)
        CHECK_EQ(free_count[i], 1);
    expect_stats(c, 3, 2, 2, 3, 0);
    tscope_cache_free(c);
    for (int i = 0; i < 5; i++)
        CHECK_EQ(free_count[i], 1);
}

static void many_entries_grow_the_table(void) {
    memset(free_count, 0, sizeof free_count);
    tscope_cache *c = tscope_cache_new(1000, NULL);
    tt_tensor *ts[NVALUES];
    for (int i = 0; i < NVALUES; i++) {
        ts[i] = tt_new(i);
        tscope_key k;
        key_u64(&k, ts[i], 3);
        CHECK_EQ(tscope_cache_put(c, &k, val(i)), 0);
    }
    for (int i = 0; i < NVALUES; i++) {
        tscope_key k;
        key_u64(&k, ts[i], 3);
        CHECK(tscope_cache_get(c, &k) == val(i));
    }
    expect_stats(c, NVALUES, 0, 0, 0, NVALUES);
    tscope_cache_stats st;
    tscope_cache_get_stats(c, &st);
    CHECK_EQ(st.capacity, 1000);
    for (int i = 0; i < NVALUES; i++)
        tt_release(ts[i]);
    expect_stats(c, NVALUES, 0, 0, NVALUES, 0);
    tscope_cache_free(c);
}

static void bad_arguments(void) {
    CHECK(tscope_cache_new(0, NULL) == NULL); /* prints why */
    CHECK(tscope_cache_get(NULL, NULL) == NULL);
    tscope_cache_free(NULL);
    tscope_cache_clear(NULL);
    tscope_cache_stats st;
    tscope_cache_get_stats(NULL, &st);
    CHECK_EQ(st.size, 0);
}

int main(void) {
    get_put_replace_remove();
    lru_within_capacity();
    many_entries_grow_the_table();
    bad_arguments();
    CHECK_EQ(tscope_live_count(), 0);
    CHECK_EQ(tt_alive, 0);
    TEST_DONE();
}
