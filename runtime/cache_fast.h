/*
 * cache_fast.h -- the lock-free hit path of tscope_cache_get (cache_fast.c).
 *
 * Why: a mutex lock+unlock costs two atomic read-modify-writes (~9 ns on
 * the development machine), more than the rest of a hit.  Memoization is
 * read-mostly, so hits should not pay it.
 *
 * Each thread that gets from a cache has a view of it: a small hash table
 * of the hits it has seen (key copy, value, the entry's identity), up to
 * 2 x capacity slots (at most 512), a hit counter, and a ring of slots hit
 * since the last drain, for the LRU order.  A hit found in the view takes
 * no lock and makes no atomic read-modify-write: it is valid while the
 * cache's version -- bumped under the lock whenever any entry leaves the
 * table -- has not changed since the slot was filled.  The LRU order
 * catches up when the lock is next taken: the queued hits are applied, in
 * stamp order ("drained"), before a put can evict and before the thread's
 * own locked get.  So within one thread the order is exact; between threads
 * it is the order of draining.  Memory: one view per thread and cache
 * (about 250 bytes per slot), at most MAX_VIEWS per cache, freed with it.
 */
#ifndef TSCOPE_RUNTIME_CACHE_FAST_H
#define TSCOPE_RUNTIME_CACHE_FAST_H

#include "cache_internal.h"

#include <stdatomic.h>

typedef struct cache_view cache_view;

#define VIEW_MAX_SLOTS 512 /* a view remembers up to half as many hits */
#define TLS_VIEWS 4        /* caches a thread has a view of, remembered at once */

/*
 * The slots form an open-addressing table (linear probing) of the hits seen
 * since the cache's version last changed.  A slot filled at an older version
 * is empty: entries never leave a view one by one, they all go stale at
 * once when the version moves, so probing needs no tombstones.
 */
typedef struct view_slot {
    uint64_t version; /* c->version when filled; older (or 0): empty */
    atomic_uint_fast64_t stamp; /* the owner's clock at the last hit */
    atomic_uchar queued;        /* in the dirty ring, waiting for a drain */
    cache_entry *entry;         /* only compared, never dereferenced here */
    uint64_t serial;
    void *value;
    cache_key_copy key;
    unsigned char key_bytes[TSCOPE_KEY_MAX_BYTES];
} view_slot;

/* A queued hit while draining: sorted by stamp. */
typedef struct stamped {
    uint64_t stamp;
    unsigned slot;
} stamped;

struct cache_view {
    cache_view *next; /* in c->views, under c->lock */
    /* Lock-free hits so far: the owner's clock for stamps and the hit count
     * get_stats sums (one writer: a load and a store). */
    atomic_uint_fast64_t hits;
    atomic_uint dirty_head; /* written by the owner */
    atomic_uint dirty_tail; /* written by drainers, under c->lock */
    unsigned *dirty;      /* ring of nslots slot indexes */
    stamped *scratch;     /* nslots, for drainers */
    uint64_t filled_version; /* the version `filled` counts slots of */
    unsigned filled;
    unsigned nslots; /* a power of two */
    view_slot slots[];
};

/* This thread's views: cache id -> view, replaced round-robin; `last` is
 * the one found last, tried first. */
typedef struct thread_views {
    uint64_t cache_id[TLS_VIEWS];
    cache_view *view[TLS_VIEWS];
    unsigned next;
    unsigned last;
} thread_views;

/* Hidden: internal to the library, and initial-exec so a lookup is a plain
 * thread-pointer load, not a call to __tls_get_addr. */
extern _Thread_local thread_views tscope_cache_tls_views_
    __attribute__((tls_model("initial-exec"), visibility("hidden")));

/* The calling thread's view of `c`, or NULL.  No lock. */
static inline cache_view *cache_view_find(tscope_cache *c) {
    thread_views *t = &tscope_cache_tls_views_;
    if (t->cache_id[t->last] == c->id)
        return t->view[t->last];
    for (unsigned i = 0; i < TLS_VIEWS; i++) {
        if (t->cache_id[i] == c->id) {
            t->last = i;
            return t->view[i];
        }
    }
    return NULL;
}


/* Records the hit of slot `i` for the LRU order: a stamp, and the slot
 * queued once for the next drain. */
static inline void cache_view_note_hit(cache_view *v, unsigned i) {
    view_slot *s = &v->slots[i];
    uint64_t now = atomic_load_explicit(&v->hits, memory_order_relaxed) + 1;
    atomic_store_explicit(&v->hits, now, memory_order_relaxed);
    atomic_store_explicit(&s->stamp, now, memory_order_relaxed);
    if (atomic_load_explicit(&s->queued, memory_order_relaxed))
        return;
    unsigned head = atomic_load_explicit(&v->dirty_head, memory_order_relaxed);
    unsigned tail = atomic_load_explicit(&v->dirty_tail, memory_order_acquire);
    if (head - tail == v->nslots)
        return; /* only after a lost race with a drain: recency dropped */
    v->dirty[head & (v->nslots - 1)] = i;
    atomic_store_explicit(&s->queued, 1, memory_order_relaxed);
    atomic_store_explicit(&v->dirty_head, head + 1, memory_order_release);
}

/* The value for `k` if the view remembers a still valid hit, counting the
 * hit; else NULL with *found clear (the locked path decides). */
static inline void *cache_view_lookup(tscope_cache *c, cache_view *v,
                                      const tscope_key *k, uint64_t hash,
                                      int *found) {
    uint64_t version = atomic_load_explicit(&c->version, memory_order_acquire);
    unsigned mask = v->nslots - 1;
    *found = 0;
    for (unsigned i = (unsigned)hash & mask;; i = (i + 1) & mask) {
        view_slot *s = &v->slots[i];
        if (s->version != version)
            return NULL; /* an empty slot ends the probe: not remembered */
        if (cache_key_matches(&s->key, k, hash)) {
            *found = 1;
            cache_view_note_hit(v, i);
            return s->value;
        }
    }
}


/* --- under c->lock ------------------------------------------------------- */

/* The calling thread's view of `c`, created when there is none and the
 * cache has room for one more (else NULL). */
cache_view *cache_view_get_locked(tscope_cache *c);

/* Remembers in `v` that live entry `e` was just hit with key `k`. */
void cache_view_fill_locked(tscope_cache *c, cache_view *v, cache_entry *e,
                            const tscope_key *k);

/* Applies the hits logged in view `only` (or in every view when NULL) to
 * the LRU order. */
void cache_views_drain_locked(tscope_cache *c, cache_view *only);

/* The hits counted by all views. */
uint64_t cache_views_hits_locked(tscope_cache *c);

/* Frees every view (the cache is being destroyed). */
void cache_views_free(tscope_cache *c);

#endif
