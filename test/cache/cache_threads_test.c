/*
 * cache_threads_test.c -- two threads hammering one cache: gets, puts,
 * put_holding, removes, clears, while key tensors die on either thread (so
 * watches fire on one thread while the other uses the cache).  Checks that
 * every value is freed exactly once and every tensor really dies.  Run it
 * under the TSan build to check the locking.
 */
#include "test_tensor.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

#define ITERATIONS 20000
#define KEEP 8   /* tensors each thread keeps alive for a while (cache hits) */
#define QUEUE 64 /* tensors handed to the other thread to release */

typedef struct value {
    atomic_int freed;
    tt_tensor *held; /* a reference the value owns, or NULL */
} value;

static atomic_long values_made, values_freed, double_frees;

static void value_free(void *v) {
    value *x = v;
    if (atomic_exchange(&x->freed, 1))
        atomic_fetch_add(&double_frees, 1);
    if (x->held)
        tt_release(x->held);
    atomic_fetch_add(&values_freed, 1);
    /* Values are never freed here: a late double free must be detectable.
     * They go back at the end of the test. */
}

static value *all_values[2][ITERATIONS];

/* Tensors handed over from one thread to the other for release. */
static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static tt_tensor *queue[QUEUE];
static int queue_len;

static int queue_push(tt_tensor *t) {
    pthread_mutex_lock(&queue_lock);
    int ok = queue_len < QUEUE;
    if (ok)
        queue[queue_len++] = t;
    pthread_mutex_unlock(&queue_lock);
    return ok;
}

static tt_tensor *queue_pop(void) {
    pthread_mutex_lock(&queue_lock);
    tt_tensor *t = queue_len ? queue[--queue_len] : NULL;
    pthread_mutex_unlock(&queue_lock);
    return t;
}

static tscope_cache *cache;
static atomic_long hits_seen;

static void make_key(tscope_key *k, tt_tensor *t, uint64_t n) {
    tscope_key_init(k);
    tscope_key_add_tensor(k, t);
    tscope_key_add_u64(k, n);
}

static void *hammer(void *arg) {
    int id = (int)(intptr_t)arg;
    tt_tensor *kept[KEEP] = {0};
    unsigned seed = 12345u + (unsigned)id;
    for (int i = 0; i < ITERATIONS; i++) {
        seed = seed * 1103515245u + 12345u;
        tt_tensor *t = tt_new(i);
        value *v = calloc(1, sizeof *v);
        all_values[id][i] = v;
        atomic_fetch_add(&values_made, 1);
        tscope_key k;
        make_key(&k, t, (uint64_t)(i % 3));
        if (i % 4 == 0) { /* the value owns its key tensor, declared */
            v->held = tt_retain(t);
            void *h = t;
            tscope_cache_put_holding(cache, &k, v, &h, 1);
        } else {
            tscope_cache_put(cache, &k, v);
        }
        if (tscope_cache_get(cache, &k))
            atomic_fetch_add(&hits_seen, 1);

        /* Probe the tensors we keep: live ones may hit. */
        for (int j = 0; j < KEEP; j++) {
            if (kept[j]) {
                tscope_key kk;
                make_key(&kk, kept[j], (uint64_t)(j % 3));
                (void)tscope_cache_get(cache, &kk);
            }
        }

        switch ((seed >> 16) % 4) {
        case 0: /* release now, on this thread */
            tt_release(t);
            break;
        case 1: /* let the other thread release it */
            if (!queue_push(t))
                tt_release(t);
            break;
        default: { /* keep it for a while */
            int slot = (int)((seed >> 8) % KEEP);
            if (kept[slot])
                tt_release(kept[slot]);
            kept[slot] = t;
        }
        }
        tt_tensor *other = queue_pop();
        if (other)
            tt_release(other);
        if (id == 0 && i % 1000 == 999)
            tscope_cache_clear(cache);
        if (id == 1 && i % 7 == 0)
            (void)tscope_cache_remove(cache, &k);
    }
    for (int j = 0; j < KEEP; j++)
        if (kept[j])
            tt_release(kept[j]);
    return NULL;
}

/*
 * Phase two: one thread hits a stable set of keys (mostly lock-free, from
 * its view) while the other puts, evicts, removes and releases around it,
 * so views go stale and get drained under its feet.  Every hit must return
 * the value stored under that very key.
 */
#define STABLE 24
typedef struct tagged {
    int key_id;
} tagged;
static tt_tensor *stable[STABLE];
static tagged stable_values[STABLE];
static atomic_int phase_two_done, wrong_values, reader_passes;
static atomic_long stable_hits;

static void *stable_reader(void *arg) {
    (void)arg;
    while (!atomic_load(&phase_two_done)) {
        atomic_fetch_add(&reader_passes, 1);
        for (int i = 0; i < STABLE; i++) {
            tscope_key k;
            make_key(&k, stable[i], 7);
            tagged *v = tscope_cache_get(cache, &k);
            if (v && v->key_id != i)
                atomic_fetch_add(&wrong_values, 1);
            if (v)
                atomic_fetch_add(&stable_hits, 1);
        }
    }
    return NULL;
}

static void phase_two(void) {
    tscope_cache *c = tscope_cache_new(32, NULL);
    cache = c;
    for (int i = 0; i < STABLE; i++) {
        stable[i] = tt_new(i);
        stable_values[i].key_id = i;
        tscope_key k;
        make_key(&k, stable[i], 7);
        CHECK_EQ(tscope_cache_put(c, &k, &stable_values[i]), 0);
    }
    pthread_t reader;
    pthread_create(&reader, NULL, stable_reader, NULL);
    while (atomic_load(&reader_passes) < 2) /* the reader is at work */
        sched_yield();
    for (int i = 0; i < ITERATIONS / 4; i++) {
        tt_tensor *t = tt_new(i);
        tscope_key k;
        make_key(&k, t, 7);
        static tagged churn = {-1};
        tscope_cache_put(c, &k, &churn); /* may evict a stable entry */
        if (i % 3 == 0)
            tscope_cache_remove(c, &k);
        tt_release(t);
        if (i % 50 == 0) { /* put a stable one back */
            int j = i / 50 % STABLE;
            make_key(&k, stable[j], 7);
            tscope_cache_put(c, &k, &stable_values[j]);
        }
    }
    for (int j = 0; j < STABLE; j++) { /* all back, for a last hitting pass */
        tscope_key k;
        make_key(&k, stable[j], 7);
        tscope_cache_put(c, &k, &stable_values[j]);
    }
    for (int passes = atomic_load(&reader_passes); atomic_load(&reader_passes) < passes + 2;)
        sched_yield();
    atomic_store(&phase_two_done, 1);
    pthread_join(reader, NULL);
    CHECK_EQ(atomic_load(&wrong_values), 0);
    CHECK(atomic_load(&stable_hits) > 0);
    tscope_cache_stats st;
    tscope_cache_get_stats(c, &st);
    CHECK(st.size <= 32);
    for (int i = 0; i < STABLE; i++)
        tt_release(stable[i]);
    tscope_cache_get_stats(c, &st);
    CHECK_EQ(st.size, 0);
    tscope_cache_free(c);
}

int main(void) {
    phase_two();
    cache = tscope_cache_new(16, value_free);
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&th[i], NULL, hammer, (void *)(intptr_t)i);
    for (int i = 0; i < 2; i++)
        pthread_join(th[i], NULL);
    for (tt_tensor *t; (t = queue_pop());)
        tt_release(t);

    tscope_cache_stats st;
    tscope_cache_get_stats(cache, &st);
    CHECK(st.size <= 16);
    CHECK(st.hits > 0);
    CHECK(st.evictions_released > 0);
    CHECK(st.evictions_lru > 0);
    CHECK_EQ(st.size, 0); /* every key tensor has been released */
    tscope_cache_free(cache);

    CHECK_EQ(atomic_load(&double_frees), 0);
    CHECK_EQ(atomic_load(&values_made), 2 * ITERATIONS);
    CHECK_EQ(atomic_load(&values_freed), 2 * ITERATIONS);
    CHECK_EQ(tscope_live_count(), 0);
    CHECK_EQ(atomic_load(&tt_alive), 0);
    for (int id = 0; id < 2; id++)
        for (int i = 0; i < ITERATIONS; i++) {
            CHECK_EQ(atomic_load(&all_values[id][i]->freed), 1);
            free(all_values[id][i]);
        }
    printf("hits %llu misses %llu lru %llu released %llu\n",
           (unsigned long long)st.hits, (unsigned long long)st.misses,
           (unsigned long long)st.evictions_lru,
           (unsigned long long)st.evictions_released);
    TEST_DONE();
}
