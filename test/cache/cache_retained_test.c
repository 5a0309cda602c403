/*
 * cache_retained_test.c -- tscope_cache_get_retained pins a value against a
 * concurrent put of the same key (issue 15).  One thread gets the value of
 * one key, pinned, reads it and writes to it, releases the pin; another
 * puts a new value under that key over and over, and removes and clears,
 * which frees the old value (value_free really frees the memory).  A value
 * freed while pinned would be a use after free (ASan, TSan) and is also
 * caught by the `freed` mark below; every value must be freed exactly once.
 * Single-threaded checks first: a miss gives no pin, a pinned value
 * survives its entry's death and is freed by the last release.
 */
#include "test_tensor.h"

#include <pthread.h>
#include <stdlib.h>

#define ROUNDS 20000

typedef struct value {
    atomic_int pinned_reads; /* written by the reader while pinned */
    atomic_int freed;
    int id;
} value;

static atomic_long values_made, values_freed, bad_reads;

static void value_free(void *p) {
    value *v = p;
    if (atomic_exchange(&v->freed, 1))
        atomic_fetch_add(&bad_reads, 1); /* freed twice */
    atomic_fetch_add(&values_freed, 1);
    free(v); /* really freed: a pinned reader would touch freed memory */
}

static value *value_new(int id) {
    value *v = calloc(1, sizeof *v);
    if (!v)
        abort();
    v->id = id;
    atomic_fetch_add(&values_made, 1);
    return v;
}

static tscope_cache *cache;
static tt_tensor *key_tensor;
static atomic_int stop;
static atomic_long reader_hits;

static void make_key(tscope_key *k) {
    tscope_key_init(k);
    tscope_key_add_tensor(k, key_tensor);
    tscope_key_add_u64(k, 42);
}

static void single_thread_checks(void) {
    tscope_key k;
    make_key(&k);
    tscope_cache_pin *pin = (tscope_cache_pin *)&k; /* must be overwritten */
    CHECK(tscope_cache_get_retained(cache, &k, &pin) == NULL);
    CHECK(pin == NULL);
    tscope_cache_release_retained(NULL); /* ignored */

    value *v = value_new(1);
    CHECK_EQ(tscope_cache_put(cache, &k, v), 0);
    value *got = tscope_cache_get_retained(cache, &k, &pin);
    CHECK(got == v);
    CHECK(pin != NULL);
    /* Its entry dies (removed): the value waits for the pin. */
    CHECK_EQ(tscope_cache_remove(cache, &k), 1);
    CHECK_EQ(atomic_load(&values_freed), 0);
    CHECK_EQ(atomic_load(&got->freed), 0);
    got->id = 2; /* still ours to use */
    tscope_cache_release_retained(pin);
    CHECK_EQ(atomic_load(&values_freed), 1);

    /* Two pins on one value; the put of a new value kills the entry. */
    v = value_new(3);
    CHECK_EQ(tscope_cache_put(cache, &k, v), 0);
    tscope_cache_pin *p1, *p2;
    CHECK(tscope_cache_get_retained(cache, &k, &p1) == v);
    CHECK(tscope_cache_get_retained(cache, &k, &p2) == v);
    CHECK_EQ(tscope_cache_put(cache, &k, value_new(4)), 0);
    tscope_cache_release_retained(p1);
    CHECK_EQ(atomic_load(&values_freed), 1);
    CHECK_EQ(atomic_load(&v->freed), 0);
    tscope_cache_release_retained(p2);
    CHECK_EQ(atomic_load(&values_freed), 2);
    /* A pin released while its entry lives frees nothing. */
    CHECK(tscope_cache_get_retained(cache, &k, &p1) != NULL);
    tscope_cache_release_retained(p1);
    CHECK_EQ(atomic_load(&values_freed), 2);
    tscope_cache_clear(cache);
    CHECK_EQ(atomic_load(&values_freed), 3);
}

static void *reader(void *arg) {
    (void)arg;
    tscope_key k;
    make_key(&k);
    long hits = 0;
    while (!atomic_load(&stop)) {
        tscope_cache_pin *pin;
        value *v = tscope_cache_get_retained(cache, &k, &pin);
        if (!v)
            continue;
        /* Use it: read and write the value while the writer replaces it. */
        if (atomic_load(&v->freed))
            atomic_fetch_add(&bad_reads, 1);
        atomic_fetch_add(&v->pinned_reads, 1);
        if (v->id <= 0)
            atomic_fetch_add(&bad_reads, 1);
        tscope_cache_release_retained(pin);
        hits++;
        atomic_fetch_add(&reader_hits, 1);
    }
    return (void *)(intptr_t)(hits > 0);
}

static void *writer(void *arg) {
    (void)arg;
    tscope_key k;
    make_key(&k);
    /* Goes on until the reader has had hits: the race must really happen. */
    for (int i = 0; i < ROUNDS || !atomic_load(&reader_hits); i++) {
        tscope_cache_put(cache, &k, value_new(i + 10));
        if (i % 97 == 0)
            tscope_cache_remove(cache, &k);
        if (i % 1013 == 0)
            tscope_cache_clear(cache);
    }
    atomic_store(&stop, 1);
    return NULL;
}

int main(void) {
    cache = tscope_cache_new(4, value_free);
    key_tensor = tt_new(7);
    single_thread_checks();

    pthread_t r, w;
    pthread_create(&r, NULL, reader, NULL);
    pthread_create(&w, NULL, writer, NULL);
    void *reader_hit;
    pthread_join(w, NULL);
    pthread_join(r, &reader_hit);
    CHECK(reader_hit != NULL); /* the race really happened */
    CHECK_EQ(atomic_load(&bad_reads), 0);

    /* A value pinned across tscope_cache_free: freed at the release. */
    tscope_key k;
    make_key(&k);
    tscope_cache_put(cache, &k, value_new(99));
    tscope_cache_pin *pin;
    value *v = tscope_cache_get_retained(cache, &k, &pin);
    CHECK(v != NULL);
    long before = atomic_load(&values_freed);
    tscope_cache_free(cache);
    CHECK_EQ(atomic_load(&values_freed), before);
    CHECK(v && v->id == 99);
    tscope_cache_release_retained(pin);
    CHECK_EQ(atomic_load(&values_freed), atomic_load(&values_made));
    tt_release(key_tensor);
    CHECK_EQ(atomic_load(&tt_alive), 0);
    TEST_DONE();
}
