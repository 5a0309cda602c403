/*
 * cache_fastpath_test.c -- the lock-free hit path (runtime/cache/cache_fast.c):
 * repeated hits are served from the thread's view, yet they count in the
 * stats, keep the LRU order exact within a thread, and never outlive their
 * entry (remove, replace, eviction, key release all end them at once).
 */
#include "test_tensor.h"

#include <pthread.h>
#include <string.h>

#define NVALUES 8
static int free_count[NVALUES];
static int values[NVALUES];
static void free_value(void *v) { free_count[(int *)v - values]++; }
static int *val(int i) { return &values[i]; }

static void key_n(tscope_key *k, tt_tensor *t, uint64_t n) {
    tscope_key_init(k);
    tscope_key_add_tensor(k, t);
    tscope_key_add_u64(k, n);
}

static uint64_t hits_of(tscope_cache *c) {
    tscope_cache_stats st;
    tscope_cache_get_stats(c, &st);
    return st.hits;
}

/* Lock-free hits must still decide who is least recently used. */
static void fast_hits_keep_lru_order(void) {
    memset(free_count, 0, sizeof free_count);
    tt_tensor *t = tt_new(0);
    tscope_cache *c = tscope_cache_new(3, free_value);
    tscope_key k[4];
    for (int i = 0; i < 4; i++)
        key_n(&k[i], t, (uint64_t)i);
    for (int i = 0; i < 3; i++)
        CHECK_EQ(tscope_cache_put(c, &k[i], val(i)), 0);
    for (int i = 0; i < 3; i++) /* locked hits: fill the view; order 2,1,0 */
        CHECK(tscope_cache_get(c, &k[i]) == val(i));
    /* From the view now: order becomes 1,0,2 -- 2 is least recently used. */
    CHECK(tscope_cache_get(c, &k[0]) == val(0));
    CHECK(tscope_cache_get(c, &k[1]) == val(1));
    CHECK_EQ(tscope_cache_put(c, &k[3], val(3)), 0);
    CHECK_EQ(free_count[2], 1); /* not 0, which a lock-only order would pick */
    CHECK_EQ(free_count[0], 0);
    CHECK(tscope_cache_get(c, &k[0]) == val(0));
    CHECK(tscope_cache_get(c, &k[1]) == val(1));
    CHECK(tscope_cache_get(c, &k[2]) == NULL);
    CHECK_EQ(hits_of(c), 7);
    tscope_cache_free(c);
    tt_release(t);
}

/* Many hits from the view: all counted, each seeing the right value. */
static void fast_hits_are_counted(void) {
    tt_tensor *t = tt_new(0);
    tscope_cache *c = tscope_cache_new(64, NULL);
    tscope_key k[32];
    for (int i = 0; i < 32; i++) {
        key_n(&k[i], t, (uint64_t)i);
        CHECK_EQ(tscope_cache_put(c, &k[i], &values[i % NVALUES]), 0);
    }
    int wrong = 0;
    for (int round = 0; round < 100; round++)
        for (int i = 0; i < 32; i++)
            wrong += tscope_cache_get(c, &k[i]) != &values[i % NVALUES];
    CHECK_EQ(wrong, 0);
    CHECK_EQ(hits_of(c), 3200);
    tscope_cache_free(c);
    tt_release(t);
}

/* A remembered hit never outlives its entry. */
static void remembered_hits_end_with_their_entry(void) {
    memset(free_count, 0, sizeof free_count);
    tt_tensor *a = tt_new(0), *b = tt_new(1);
    tscope_cache *c = tscope_cache_new(2, free_value);
    tscope_key ka, kb, kx;
    key_n(&ka, a, 0);
    key_n(&kb, b, 0);
    key_n(&kx, a, 9);

    CHECK_EQ(tscope_cache_put(c, &ka, val(0)), 0);
    CHECK(tscope_cache_get(c, &ka) == val(0));
    CHECK(tscope_cache_get(c, &ka) == val(0)); /* from the view */
    CHECK_EQ(tscope_cache_remove(c, &ka), 1);
    CHECK(tscope_cache_get(c, &ka) == NULL);

    CHECK_EQ(tscope_cache_put(c, &ka, val(1)), 0);
    CHECK(tscope_cache_get(c, &ka) == val(1));
    CHECK(tscope_cache_get(c, &ka) == val(1));
    CHECK_EQ(tscope_cache_put(c, &ka, val(2)), 0); /* replace */
    CHECK(tscope_cache_get(c, &ka) == val(2));
    CHECK(tscope_cache_get(c, &ka) == val(2));

    CHECK_EQ(tscope_cache_put(c, &kb, val(3)), 0);
    CHECK(tscope_cache_get(c, &kb) == val(3));
    CHECK(tscope_cache_get(c, &ka) == val(2)); /* ka most recent */
    CHECK_EQ(tscope_cache_put(c, &kx, val(4)), 0); /* evicts kb */
    CHECK_EQ(free_count[3], 1);
    CHECK(tscope_cache_get(c, &kb) == NULL);

    CHECK(tscope_cache_get(c, &kx) == val(4));
    CHECK(tscope_cache_get(c, &kx) == val(4));
    tt_release(a); /* both of a's entries die */
    CHECK(tscope_cache_get(c, &kx) == NULL);
    CHECK(tscope_cache_get(c, &ka) == NULL);
    CHECK_EQ(free_count[2], 1);
    CHECK_EQ(free_count[4], 1);
    tscope_cache_free(c);
    tt_release(b);
}

/* Each thread's hits count, and another thread's put drains them. */
static tscope_cache *shared;
static tscope_key shared_keys[4];
static atomic_int wrong_in_threads;
static void *hit_many(void *arg) {
    (void)arg;
    for (int r = 0; r < 1000; r++)
        for (int i = 0; i < 4; i++)
            if (tscope_cache_get(shared, &shared_keys[i]) != val(i))
                atomic_fetch_add(&wrong_in_threads, 1);
    return NULL;
}

static void views_of_other_threads(void) {
    tt_tensor *t = tt_new(0);
    shared = tscope_cache_new(16, NULL);
    for (int i = 0; i < 4; i++) {
        key_n(&shared_keys[i], t, (uint64_t)i);
        CHECK_EQ(tscope_cache_put(shared, &shared_keys[i], val(i)), 0);
    }
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&th[i], NULL, hit_many, NULL);
    for (int i = 0; i < 2; i++)
        pthread_join(th[i], NULL);
    CHECK_EQ(atomic_load(&wrong_in_threads), 0);
    CHECK_EQ(hits_of(shared), 8000);
    tscope_key k;
    key_n(&k, t, 99);
    CHECK_EQ(tscope_cache_put(shared, &k, val(5)), 0); /* drains their views */
    CHECK_EQ(hits_of(shared), 8000);
    tscope_cache_free(shared);
    tt_release(t);
}

int main(void) {
    fast_hits_keep_lru_order();
    fast_hits_are_counted();
    remembered_hits_end_with_their_entry();
    views_of_other_threads();
    CHECK_EQ(tscope_live_count(), 0);
    CHECK_EQ(tt_alive, 0);
    TEST_DONE();
}
