/*
 * cache.c -- caches keyed weakly by tensors: the public API, the top of the
 * cache's files (it uses all of them; none of them calls it):
 *   cache_key.c      keys                      (uses: core)
 *   cache_table.c    the table and LRU list    (uses: keys)
 *   cache_fast.c     per-thread views          (uses: table)
 *   cache_memory.c   the cache struct's memory (uses: views)
 *   cache_entry.c    an entry's life, watches  (uses: table, memory, core)
 *   cache_holders.c  the leak-report describer (uses: the types, core)
 *
 * A chained hash table (power-of-two buckets, grown as entries come) plus an
 * intrusive doubly linked LRU list, both guarded by one mutex per cache:
 * get and put are O(1) on average, and the lock is held only for pointer
 * work.  Everything that may call into the registry or user code (watch
 * cancels, value_free) happens after the lock is dropped, on entries that
 * have already been unlinked (see cache_entry.c).
 */
#include "cache_entry.h"
#include "cache_fast.h"
#include "cache_holders.h"
#include "cache_memory.h"
#include "cache_table.h"
#include "core/internal.h" /* ts_diag: one prefix for every runtime message */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INITIAL_BUCKETS 16

/* ---- creation and destruction ------------------------------------------ */

tscope_cache *tscope_cache_new(size_t capacity, void (*value_free)(void *value)) {
    if (capacity == 0) {
        ts_diag("tscope_cache_new: capacity must be at least 1 (got 0)");
        return NULL;
    }
    tscope_cache *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->nbuckets = INITIAL_BUCKETS;
    c->buckets = calloc(c->nbuckets, sizeof *c->buckets);
    if (!c->buckets || pthread_mutex_init(&c->lock, NULL) != 0) {
        free(c->buckets);
        free(c);
        return NULL;
    }
    if (pthread_mutex_init(&c->watch_lock, NULL) != 0) {
        pthread_mutex_destroy(&c->lock);
        free(c->buckets);
        free(c);
        return NULL;
    }
    c->value_free = value_free;
    c->capacity = capacity;
    c->lru.next = c->lru.prev = &c->lru;
    atomic_init(&c->refs, 1);
    atomic_init(&c->version, 1); /* 0 marks an empty view slot */
    static atomic_uint_fast64_t next_id = 1;
    c->id = atomic_fetch_add_explicit(&next_id, 1, memory_order_relaxed);
    cache_holders_add(c);
    return c;
}

/* Unlinks every entry under the lock and returns them as a list (through
 * `chain`), for the caller to finish without the lock. */
static cache_entry *unlink_all_locked(tscope_cache *c) {
    cache_entry *dead = NULL;
    while (c->lru.next != &c->lru) {
        cache_entry *e = entry_of(c->lru.next);
        cache_unlink_locked(c, e);
        e->chain = dead;
        dead = e;
    }
    return dead;
}

static void finish_list(cache_entry *dead) {
    while (dead) {
        cache_entry *next = dead->chain;
        cache_entry_finish(dead);
        dead = next;
    }
}

void tscope_cache_clear(tscope_cache *c) {
    if (!c)
        return;
    pthread_mutex_lock(&c->lock);
    cache_entry *dead = unlink_all_locked(c);
    pthread_mutex_unlock(&c->lock);
    finish_list(dead);
}

void tscope_cache_free(tscope_cache *c) {
    if (!c)
        return;
    cache_holders_remove(c);
    tscope_cache_clear(c);
    /* Late watch callbacks of dead entries may still lock the cache: the
     * memory goes when the last of them has dropped its entry. */
    cache_unref(c);
}

/* ---- lookups --------------------------------------------------------------- */

/* The locked lookup: counts the hit or miss, keeps the LRU order, and
 * remembers the hit in this thread's view for next time (a miss makes the
 * view, so the put that usually follows can fill it).  Out of line so the
 * lock-free path stays small. */
static __attribute__((noinline)) void *get_locked(tscope_cache *c, const tscope_key *k,
                                                   int valid, uint64_t hash) {
    void *value = NULL;
    pthread_mutex_lock(&c->lock);
    cache_entry *e = valid ? cache_find_locked(c, k, hash) : NULL;
    cache_view *v = valid ? cache_view_get_locked(c) : NULL;
    if (e) {
        c->hits++;
        if (v) {
            /* This thread's earlier lock-free hits come first in LRU order. */
            cache_views_drain_locked(c, v);
            cache_view_fill_locked(c, v, e, k);
        }
        cache_lru_to_front(c, e);
        value = e->value;
    } else {
        c->misses++;
    }
    pthread_mutex_unlock(&c->lock);
    return value;
}

/* Everything but a hit in the view found last: another view of this
 * thread, an invalid key, the locked lookup. */
static __attribute__((noinline)) void *get_slow(tscope_cache *c, const tscope_key *k) {
    if (!cache_key_valid(k))
        return get_locked(c, k, 0, 0); /* counts the miss */
    uint64_t hash = cache_key_hash(k);
    cache_view *v = cache_view_find(c);
    if (v) {
        const view_slot *s = cache_view_lookup(c, v, k, hash);
        if (s)
            return s->value;
    }
    return get_locked(c, k, 1, hash);
}

void *tscope_cache_get(tscope_cache *c, const tscope_key *k) {
    if (__builtin_expect(!c || !k, 0))
        return NULL;
    /* The common case inline: the view this thread used last is this
     * cache's, and it remembers the hit.  No lock, no atomic
     * read-modify-write.  An invalid key needs no test here: its image
     * (overflow_ set) equals no remembered one. */
    thread_views *t = &tscope_cache_tls_views_;
    if (__builtin_expect(t->last_id == c->id, 1)) {
        const view_slot *s = cache_view_lookup(c, t->last_view, k, cache_key_hash(k));
        if (s)
            return s->value;
        int valid = cache_key_valid(k);
        return get_locked(c, k, valid, valid ? cache_key_hash(k) : 0);
    }
    return get_slow(c, k);
}

void *tscope_cache_get_retained(tscope_cache *c, const tscope_key *k, tscope_cache_pin **pin) {
    if (pin)
        *pin = NULL;
    if (!c || !k || !pin)
        return NULL;
    /* Always the locked lookup: a pin is a write (the entry's pin count and
     * reference), so the lock-free view has nothing to save here. */
    int valid = cache_key_valid(k);
    uint64_t hash = valid ? cache_key_hash(k) : 0;
    void *value = NULL;
    pthread_mutex_lock(&c->lock);
    cache_entry *e = valid ? cache_find_locked(c, k, hash) : NULL;
    if (e) {
        c->hits++;
        /* This thread's lock-free hits come first in LRU order. */
        cache_view *v = cache_view_find(c);
        if (v)
            cache_views_drain_locked(c, v);
        cache_lru_to_front(c, e);
        e->pins++;
        /* The entry's memory stays until the release, even if it dies. */
        atomic_fetch_add_explicit(&e->refs, 1, memory_order_relaxed);
        value = e->value;
        *pin = (tscope_cache_pin *)e;
    } else {
        c->misses++;
    }
    pthread_mutex_unlock(&c->lock);
    return value;
}

void tscope_cache_release_retained(tscope_cache_pin *pin) {
    if (!pin)
        return;
    cache_entry *e = (cache_entry *)pin;
    tscope_cache *c = e->cache;
    pthread_mutex_lock(&c->lock);
    int free_now = --e->pins == 0 && e->free_when_unpinned;
    pthread_mutex_unlock(&c->lock);
    /* The entry died while pinned: its value_free was left to this, the
     * last release (never under a cache lock). */
    if (free_now)
        c->value_free(e->value);
    cache_entry_unref(e); /* may free the entry, and the cache after it */
}

int tscope_cache_remove(tscope_cache *c, const tscope_key *k) {
    if (!c || !k || !cache_key_valid(k))
        return 0;
    uint64_t hash = cache_key_hash(k);
    pthread_mutex_lock(&c->lock);
    cache_entry *e = cache_find_locked(c, k, hash);
    if (e)
        cache_unlink_locked(c, e);
    pthread_mutex_unlock(&c->lock);
    if (!e)
        return 0;
    cache_entry_finish(e);
    return 1;
}

void tscope_cache_get_stats(tscope_cache *c, tscope_cache_stats *out) {
    if (!out)
        return;
    memset(out, 0, sizeof *out);
    if (!c)
        return;
    pthread_mutex_lock(&c->lock);
    out->hits = c->hits + cache_views_hits_locked(c);
    out->misses = c->misses;
    out->evictions_lru = c->evictions_lru;
    out->evictions_released = c->evictions_released;
    out->size = c->size;
    out->capacity = c->capacity;
    pthread_mutex_unlock(&c->lock);
}

/* ---- insertion ------------------------------------------------------------- */

static void free_value(tscope_cache *c, void *value) {
    if (value && c->value_free)
        c->value_free(value);
}

int tscope_cache_put_holding_at(tscope_cache *c, const tscope_key *k, void *value,
                                void *const *handles, size_t n,
                                const tscope_site *at) {
    if (!c)
        return -1; /* no value_free to call: nothing we can do */
    if (!k || !cache_key_valid(k)) {
        free_value(c, value);
        return -1;
    }
    uint64_t hash = cache_key_hash(k);
    int dead_key = 0;
    cache_entry *e = cache_entry_new(c, k, hash, value, handles, n, at, &dead_key);
    if (!e) {
        free_value(c, value);
        return -1;
    }

    cache_entry *dead[2];
    size_t ndead = 0;
    pthread_mutex_lock(&c->lock);
    if (e->state == ENTRY_DOOMED) {
        /* A key tensor died before the entry was ever visible. */
        pthread_mutex_unlock(&c->lock);
        cache_entry_finish(e);
        cache_entry_unref(e); /* the put's own reference */
        return -1;
    }
    /* Lock-free hits count for the LRU order before anything is evicted. */
    cache_views_drain_locked(c, NULL);
    cache_entry *old = cache_find_locked(c, k, hash);
    if (old) {
        cache_unlink_locked(c, old);
        /* Storing the same value again must not free it under the new entry. */
        if (old->value == value)
            old->value = NULL;
        dead[ndead++] = old;
    }
    cache_insert_locked(c, e);
    if (c->size > c->capacity) {
        cache_entry *victim = entry_of(c->lru.prev); /* never e: at the head */
        cache_unlink_locked(c, victim);
        c->evictions_lru++;
        dead[ndead++] = victim;
    }
    /* A thread that gets from this cache will most likely get this key
     * next: remember it now (after the unlinks, at the current version), so
     * that get takes no lock. */
    cache_view *v = cache_view_find(c);
    if (v)
        cache_view_fill_locked(c, v, e, k);
    pthread_mutex_unlock(&c->lock);

    cache_entry_declare_holds(e);
    for (size_t i = 0; i < ndead; i++)
        cache_entry_finish(dead[i]);
    cache_entry_unref(e); /* the put's own reference */
    return 0;
}

int tscope_cache_put_at(tscope_cache *c, const tscope_key *k, void *value,
                        const tscope_site *at) {
    return tscope_cache_put_holding_at(c, k, value, NULL, 0, at);
}

/* The real functions behind the site-recording macros of the header. */
int(tscope_cache_put)(tscope_cache *c, const tscope_key *k, void *value) {
    return tscope_cache_put_holding_at(c, k, value, NULL, 0, NULL);
}

int(tscope_cache_put_holding)(tscope_cache *c, const tscope_key *k, void *value,
                              void *const *handles, size_t n) {
    return tscope_cache_put_holding_at(c, k, value, handles, n, NULL);
}
