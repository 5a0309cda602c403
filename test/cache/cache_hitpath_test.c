/*
 * cache_hitpath_test.c -- the hit path after the lock-free rework
 * (runtime/cache/cache_fast.h, cache_key.c):
 *  - a hit takes no lock, including the first get after this thread's put;
 *  - a get racing the release of its key tensor on another thread never
 *    returns a value that was freed before the get began, nor a value of
 *    another tensor that reused the address (stale keys never hit);
 *  - the per-thread memo of generations behind tscope_key_add_tensor always
 *    gives the registry's answer, across releases and address reuse;
 *  - the key image (compared in 16-byte chunks, zero-padded) tells long keys
 *    apart and equals itself when a key struct is reused;
 *  - views grow as they fill and keep the LRU order.
 * Run it under the TSan build too.
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include "test_tensor.h"

#include "cache/cache_types.h" /* white box: the cache's lock */

#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <time.h>

static void sleep_ms(long ms) {
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static void key_n(tscope_key *k, tt_tensor *t, uint64_t n) {
    tscope_key_init(k);
    tscope_key_add_tensor(k, t);
    tscope_key_add_u64(k, n);
}

/* ---- a hit takes no lock ------------------------------------------------- */

static tscope_cache *nolock_cache;
static tscope_key nolock_key;
static int nolock_value;
static atomic_int nolock_stage; /* 1: helper ready, 2: go, 3: helper done */
static atomic_int nolock_wrong;

static void *nolock_helper(void *arg) {
    (void)arg;
    /* The memoizing pattern: a miss, the put, then hits. */
    if (tscope_cache_get(nolock_cache, &nolock_key) != NULL)
        atomic_fetch_add(&nolock_wrong, 1);
    if (tscope_cache_put(nolock_cache, &nolock_key, &nolock_value) != 0)
        atomic_fetch_add(&nolock_wrong, 1);
    atomic_store(&nolock_stage, 1);
    while (atomic_load(&nolock_stage) != 2)
        sched_yield();
    for (int i = 0; i < 1000; i++) /* the cache's lock is held meanwhile */
        if (tscope_cache_get(nolock_cache, &nolock_key) != &nolock_value)
            atomic_fetch_add(&nolock_wrong, 1);
    atomic_store(&nolock_stage, 3);
    return NULL;
}

static void hits_take_no_lock(void) {
    tt_tensor *t = tt_new(0);
    nolock_cache = tscope_cache_new(8, NULL);
    key_n(&nolock_key, t, 1);
    pthread_t th;
    pthread_create(&th, NULL, nolock_helper, NULL);
    while (atomic_load(&nolock_stage) != 1)
        sched_yield();
    pthread_mutex_lock(&nolock_cache->lock);
    atomic_store(&nolock_stage, 2);
    /* A hit that took the lock would wait here for ever: give it 10 s. */
    for (int waited = 0; waited < 1000 && atomic_load(&nolock_stage) != 3; waited++)
        sleep_ms(10);
    CHECK_EQ(atomic_load(&nolock_stage), 3);
    pthread_mutex_unlock(&nolock_cache->lock);
    pthread_join(th, NULL);
    CHECK_EQ(atomic_load(&nolock_wrong), 0);
    tscope_cache_stats st;
    tscope_cache_get_stats(nolock_cache, &st);
    CHECK_EQ(st.hits, 1000);
    CHECK_EQ(st.misses, 1);
    tscope_cache_free(nolock_cache);
    tt_release(t);
}

/* ---- gets racing releases ------------------------------------------------ */

#define ROUNDS 3000
#define READERS 2

typedef struct round_value {
    int round;
    atomic_long freed_at; /* the clock when value_free ran; 0: not freed */
} round_value;

static atomic_long clock_now = 1;
static round_value race_values[ROUNDS];
static tscope_key race_keys[ROUNDS];
static atomic_int race_published = -1; /* the last round whose key is ready */
static atomic_int race_done;
static atomic_long race_freed_seen, race_wrong_value, race_hits;
static tscope_cache *race_cache;

static void race_value_free(void *p) {
    round_value *v = p;
    atomic_store(&v->freed_at, atomic_fetch_add(&clock_now, 1));
}

static void *race_reader(void *arg) {
    unsigned seed = 99u + (unsigned)(intptr_t)arg;
    while (!atomic_load(&race_done)) {
        int last = atomic_load(&race_published);
        if (last < 0)
            continue;
        seed = seed * 1103515245u + 12345u;
        /* The newest round mostly (its tensor is being released right
         * now), older ones too (their tensors are dead, their addresses
         * reused: those keys must miss). */
        int r = (seed >> 16) % 4 ? last : (int)((seed >> 8) % (unsigned)(last + 1));
        long start = atomic_load(&clock_now);
        round_value *v = tscope_cache_get(race_cache, &race_keys[r]);
        if (!v)
            continue;
        atomic_fetch_add(&race_hits, 1);
        if (v != &race_values[r])
            atomic_fetch_add(&race_wrong_value, 1);
        long freed = atomic_load(&v->freed_at);
        if (freed != 0 && freed < start) /* freed before this get began */
            atomic_fetch_add(&race_freed_seen, 1);
    }
    return NULL;
}

static void gets_racing_releases(void) {
    race_cache = tscope_cache_new(64, race_value_free);
    pthread_t th[READERS];
    for (int i = 0; i < READERS; i++)
        pthread_create(&th[i], NULL, race_reader, (void *)(intptr_t)i);
    for (int r = 0; r < ROUNDS; r++) {
        /* malloc hands the last round's address back most of the time. */
        tt_tensor *t = tt_new(r);
        race_values[r].round = r;
        key_n(&race_keys[r], t, 5);
        CHECK_EQ(tscope_cache_put(race_cache, &race_keys[r], &race_values[r]), 0);
        atomic_store(&race_published, r);
        for (int spin = 0; spin < 50; spin++) /* let the readers hit it */
            if (tscope_cache_get(race_cache, &race_keys[r]) != &race_values[r])
                atomic_fetch_add(&race_wrong_value, 1);
        if (r % 8 == 0)
            sched_yield();
        tt_release(t); /* the entry dies now, its value is freed now */
        CHECK(atomic_load(&race_values[r].freed_at) != 0);
    }
    atomic_store(&race_done, 1);
    for (int i = 0; i < READERS; i++)
        pthread_join(th[i], NULL);
    CHECK_EQ(atomic_load(&race_wrong_value), 0);
    CHECK_EQ(atomic_load(&race_freed_seen), 0);
    CHECK(atomic_load(&race_hits) > 0);
    /* After the release returned, no stale key hits. */
    for (int r = 0; r < ROUNDS; r++)
        CHECK(tscope_cache_get(race_cache, &race_keys[r]) == NULL);
    tscope_cache_stats st;
    tscope_cache_get_stats(race_cache, &st);
    CHECK_EQ(st.size, 0);
    CHECK_EQ(st.evictions_released, ROUNDS);
    tscope_cache_free(race_cache);
}

/* ---- the memo of generations ---------------------------------------------- */

#define MEMO_TENSORS 3000 /* more than the memo holds */

static void memo_gives_the_registry_answer(void) {
    static tt_tensor storage[MEMO_TENSORS]; /* addresses reused on purpose */
    static tt_tensor *live[MEMO_TENSORS];
    unsigned seed = 7;
    int wrong = 0, checked = 0;
    for (int step = 0; step < 40000; step++) {
        seed = seed * 1103515245u + 12345u;
        int i = (int)((seed >> 8) % (step < 20000 ? 64u : (unsigned)MEMO_TENSORS));
        if (!live[i]) {
            live[i] = tt_track_at(&storage[i], i);
            continue;
        }
        if ((seed >> 4) % 5 == 0) { /* released: the next track reuses it */
            tt_release(live[i]);
            live[i] = NULL;
            tscope_key dead;
            tscope_key_init(&dead);
            CHECK_EQ(tscope_key_add_tensor(&dead, &storage[i]), -1);
            continue;
        }
        tscope_key k;
        tscope_key_init(&k);
        CHECK_EQ(tscope_key_add_tensor(&k, live[i]), 0);
        wrong += k.generations_[0] != tscope_generation(live[i]);
        checked++;
    }
    CHECK_EQ(wrong, 0);
    CHECK(checked > 10000);
    for (int i = 0; i < MEMO_TENSORS; i++)
        if (live[i])
            tt_release(live[i]);
}

/* A memo filled on one thread is that thread's: another thread's key for a
 * tensor re-tracked at the same address is exact too. */
static tt_tensor memo_storage;
static uint64_t other_thread_gen;
static void *memo_other_thread(void *arg) {
    (void)arg;
    tscope_key k;
    tscope_key_init(&k);
    if (tscope_key_add_tensor(&k, &memo_storage) == 0)
        other_thread_gen = k.generations_[0];
    return NULL;
}

static void memo_across_threads(void) {
    tt_tensor *a = tt_track_at(&memo_storage, 1);
    tscope_key k;
    tscope_key_init(&k);
    CHECK_EQ(tscope_key_add_tensor(&k, a), 0); /* this thread's memo has a */
    pthread_t th;
    pthread_create(&th, NULL, memo_other_thread, NULL);
    pthread_join(th, NULL);
    CHECK_EQ(other_thread_gen, tscope_generation(a));
    tt_release(a);
    tt_tensor *b = tt_track_at(&memo_storage, 2); /* same address */
    pthread_create(&th, NULL, memo_other_thread, NULL);
    pthread_join(th, NULL);
    CHECK_EQ(other_thread_gen, tscope_generation(b));
    tscope_key_init(&k);
    CHECK_EQ(tscope_key_add_tensor(&k, b), 0);
    CHECK_EQ(k.generations_[0], tscope_generation(b));
    tt_release(b);
}

/* ---- key images ------------------------------------------------------------ */

static void long_keys_and_reused_structs(void) {
    tscope_cache *c = tscope_cache_new(16, NULL);
    tt_tensor *t[TSCOPE_KEY_MAX_TENSORS];
    for (int i = 0; i < TSCOPE_KEY_MAX_TENSORS; i++)
        t[i] = tt_new(i);
    unsigned char big[TSCOPE_KEY_MAX_BYTES - 2 - TSCOPE_KEY_MAX_TENSORS];
    memset(big, 0xab, sizeof big);
    static int v_full, v_short, v_last;

    /* The longest key: every tensor and all the plain room. */
    tscope_key full;
    tscope_key_init(&full);
    for (int i = 0; i < TSCOPE_KEY_MAX_TENSORS; i++)
        CHECK_EQ(tscope_key_add_tensor(&full, t[i]), 0);
    CHECK_EQ(tscope_key_add_bytes(&full, big, sizeof big), 0);
    CHECK_EQ(tscope_key_add_u64(&full, 1), -1); /* and no more */
    tscope_key_init(&full);
    for (int i = 0; i < TSCOPE_KEY_MAX_TENSORS; i++)
        tscope_key_add_tensor(&full, t[i]);
    tscope_key_add_bytes(&full, big, sizeof big);
    CHECK_EQ(tscope_cache_put(c, &full, &v_full), 0);

    /* The same but the last byte: a miss, then its own entry. */
    tscope_key last;
    tscope_key_init(&last);
    for (int i = 0; i < TSCOPE_KEY_MAX_TENSORS; i++)
        tscope_key_add_tensor(&last, t[i]);
    big[sizeof big - 1] ^= 1;
    tscope_key_add_bytes(&last, big, sizeof big);
    big[sizeof big - 1] ^= 1;
    CHECK(tscope_cache_get(c, &last) == NULL);
    CHECK_EQ(tscope_cache_put(c, &last, &v_last), 0);
    for (int round = 0; round < 3; round++) { /* locked, then from the view */
        CHECK(tscope_cache_get(c, &full) == &v_full);
        CHECK(tscope_cache_get(c, &last) == &v_last);
    }

    /* A key struct used for a long key, then re-initialized for a shorter
     * one, equals a fresh key with the same parts: nothing of the old
     * stream is compared. */
    unsigned char mid[60];
    memset(mid, 0x11, sizeof mid);
    tscope_key fresh, reused = last;
    tscope_key_init(&fresh);
    tscope_key_add_tensor(&fresh, t[0]);
    tscope_key_add_bytes(&fresh, mid, sizeof mid);
    CHECK_EQ(tscope_cache_put(c, &fresh, &v_short), 0);
    tscope_key_init(&reused);
    tscope_key_add_tensor(&reused, t[0]);
    tscope_key_add_bytes(&reused, mid, sizeof mid);
    for (int round = 0; round < 3; round++)
        CHECK(tscope_cache_get(c, &reused) == &v_short);
    /* And once more shorter still, below the 56 bytes every compare covers. */
    tscope_key_init(&reused);
    tscope_key_add_tensor(&reused, t[0]);
    tscope_key_add_u64(&reused, 3);
    tscope_key_init(&fresh);
    tscope_key_add_tensor(&fresh, t[0]);
    tscope_key_add_u64(&fresh, 3);
    CHECK_EQ(tscope_cache_put(c, &fresh, &v_short), 0);
    CHECK(tscope_cache_get(c, &reused) == &v_short);
    CHECK(tscope_cache_get(c, &reused) == &v_short);

    /* An invalid key misses on the lock-free path as on the locked one. */
    tscope_key bad = fresh;
    int untracked;
    CHECK_EQ(tscope_key_add_tensor(&bad, &untracked), -1);
    CHECK(tscope_cache_get(c, &bad) == NULL);
    CHECK(tscope_cache_get(c, &fresh) == &v_short);
    CHECK(tscope_cache_get(c, &bad) == NULL);

    tscope_cache_free(c);
    for (int i = 0; i < TSCOPE_KEY_MAX_TENSORS; i++)
        tt_release(t[i]);
}

/* ---- views grow -------------------------------------------------------------- */

#define GROW_KEYS 300
static int grow_freed[GROW_KEYS + 1];
static int grow_values[GROW_KEYS + 1];
static void grow_free(void *v) { grow_freed[(int *)v - grow_values]++; }

static void views_grow_and_keep_lru(void) {
    tt_tensor *t = tt_new(0);
    tscope_cache *c = tscope_cache_new(GROW_KEYS, grow_free);
    static tscope_key k[GROW_KEYS + 1];
    for (int i = 0; i <= GROW_KEYS; i++)
        key_n(&k[i], t, (uint64_t)i);
    CHECK(tscope_cache_get(c, &k[0]) == NULL); /* this thread's view */
    for (int i = 0; i < GROW_KEYS; i++)
        CHECK_EQ(tscope_cache_put(c, &k[i], &grow_values[i]), 0);
    /* Hits, in order, as the view grows from 16 slots to its limit. */
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < GROW_KEYS; i++)
            CHECK(tscope_cache_get(c, &k[i]) == &grow_values[i]);
    for (int i = 0; i < 10; i++) /* 0..9 most recent now: 10 is the oldest */
        CHECK(tscope_cache_get(c, &k[i]) == &grow_values[i]);
    CHECK_EQ(tscope_cache_put(c, &k[GROW_KEYS], &grow_values[GROW_KEYS]), 0);
    CHECK_EQ(grow_freed[10], 1);
    for (int i = 0; i < 10; i++)
        CHECK_EQ(grow_freed[i], 0);
    tscope_cache_stats st;
    tscope_cache_get_stats(c, &st);
    CHECK_EQ(st.hits, 2 * GROW_KEYS + 10);
    CHECK_EQ(st.evictions_lru, 1);
    tscope_cache_free(c);
    tt_release(t);
}

int main(void) {
    hits_take_no_lock();
    gets_racing_releases();
    memo_gives_the_registry_answer();
    memo_across_threads();
    long_keys_and_reused_structs();
    views_grow_and_keep_lru();
    CHECK_EQ(tscope_live_count(), 0);
    CHECK_EQ(tt_alive, 0);
    TEST_DONE();
}
