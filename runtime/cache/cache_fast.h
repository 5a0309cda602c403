/*
 * cache_fast.h -- the lock-free hit path of tscope_cache_get (cache_fast.c).
 *
 * Why: a mutex lock+unlock costs two atomic read-modify-writes (~9 ns on
 * the development machine), more than the rest of a hit.  Memoization is
 * read-mostly, so hits should not pay it.
 *
 * Each thread that gets from a cache has a view of it: a small hash table
 * of the entries it has hit or put (key copy, value, the entry's
 * identity), grown from 16 slots up to 2 x capacity (at most 512) as it
 * fills, a hit counter, and a ring of slots hit since the last drain, for
 * the LRU order.  A view is made at a thread's first locked get of the
 * cache (hit or miss); a put fills the putting thread's view if it has one,
 * so the memoizing pattern -- get misses, compute, put, get -- hits without
 * the lock from the second get on.  A hit found in the view takes
 * no lock and makes no atomic read-modify-write: it is valid while the
 * cache's version -- bumped under the lock whenever any entry leaves the
 * table -- has not changed since the slot was filled.  The LRU order
 * catches up when the lock is next taken: the queued hits are applied, in
 * stamp order ("drained"), before a put can evict and before the thread's
 * own locked get.  So within one thread the order is exact; between threads
 * it is the order of draining.  Memory: one view per thread and cache
 * (256 bytes per slot), at most MAX_VIEWS per cache, freed with it.
 */
#ifndef TSCOPE_RUNTIME_CACHE_FAST_H
#define TSCOPE_RUNTIME_CACHE_FAST_H

#include "cache_table.h"

#include <stdatomic.h>

typedef struct cache_view cache_view;

#define VIEW_MIN_SLOTS 16  /* a new view; it doubles as it fills */
#define VIEW_MAX_SLOTS 512 /* a view remembers up to half as many hits */
#define TLS_VIEWS 4        /* caches a thread has a view of, remembered at once */

/*
 * The slots form an open-addressing table (linear probing) of the hits seen
 * since the cache's version last changed.  A slot filled at an older version
 * is empty: entries never leave a view one by one, they all go stale at
 * once when the version moves, so probing needs no tombstones.
 *
 * A slot is 256 bytes, aligned to 64: what a probe and a hit read (version,
 * hash, value, stamp, queued, the key's image) starts its first cache line,
 * so a hit on a key whose image is the minimal 64 bytes (up to 56 bytes of
 * stream: two tensors and four dimensions) touches two lines.
 */
typedef struct view_slot {
    _Alignas(64) uint64_t version; /* c->version when filled; older (or 0): empty */
    uint64_t hash;
    void *value;
    atomic_uint_fast64_t stamp; /* the owner's clock at the last hit */
    atomic_uchar queued;        /* in the dirty ring, waiting for a drain */
    _Alignas(8) unsigned char image[CACHE_KEY_IMAGE_MAX];
    cache_entry *entry; /* only compared, never dereferenced here */
    uint64_t serial;
} view_slot;
_Static_assert(sizeof(view_slot) == 256, "a view slot is four cache lines");

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
    unsigned nslots;      /* a power of two */
    unsigned shift;       /* 64 - log2(nslots): slots are indexed by the hash's top bits */
    view_slot *slots;     /* nslots; replaced (under c->lock, by the owner) to grow */
    unsigned *dirty;      /* ring of nslots slot indexes */
    stamped *scratch;     /* nslots, for drainers */
    uint64_t filled_version; /* the version `filled` counts slots of */
    unsigned filled;
};

/* This thread's views: cache id -> view, replaced round-robin; `last_id`
 * and `last_view` repeat the one found last, the only one a hit looks at
 * before it takes the out-of-line path. */
typedef struct thread_views {
    uint64_t last_id;
    cache_view *last_view;
    uint64_t cache_id[TLS_VIEWS];
    cache_view *view[TLS_VIEWS];
    unsigned next;
} thread_views;

/* Hidden: internal to the library, and initial-exec so a lookup is a plain
 * thread-pointer load, not a call to __tls_get_addr. */
extern _Thread_local thread_views tscope_cache_tls_views_
    __attribute__((tls_model("initial-exec"), visibility("hidden")));

/* The calling thread's view of `c`, or NULL.  No lock.  Cache ids start at
 * 1, so an empty entry (id 0) never matches. */
static inline cache_view *cache_view_find(tscope_cache *c) {
    thread_views *t = &tscope_cache_tls_views_;
    if (t->last_id == c->id)
        return t->last_view;
    for (unsigned i = 0; i < TLS_VIEWS; i++) {
        if (t->cache_id[i] == c->id) {
            t->last_id = c->id;
            t->last_view = t->view[i];
            return t->view[i];
        }
    }
    return NULL;
}

/* Records the hit of slot `i` for the LRU order: a stamp, and the slot
 * queued once for the next drain. */
static inline __attribute__((always_inline)) void
cache_view_note_hit(cache_view *v, unsigned i) {
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

/* The slot of a still valid hit for `k` that the view remembers, with the
 * hit counted; else NULL (the locked path decides).  The probe starts at
 * the slot the hash's top bits name. */
static inline __attribute__((always_inline)) const view_slot *
cache_view_lookup(tscope_cache *c, cache_view *v, const tscope_key *k, uint64_t hash) {
    uint64_t version = atomic_load_explicit(&c->version, memory_order_acquire);
    const view_slot *slots = v->slots;
    unsigned i = (unsigned)(hash >> v->shift);
    for (;;) {
        const view_slot *s = &slots[i];
        if (__builtin_expect(s->version != version, 0))
            return NULL; /* an empty slot ends the probe: not remembered */
        if (__builtin_expect(s->hash == hash && cache_key_image_equal(s->image, k), 1)) {
            cache_view_note_hit(v, i);
            return s;
        }
        i = (i + 1) & (v->nslots - 1);
    }
}

/* --- under c->lock ------------------------------------------------------- */

/* The calling thread's view of `c`, created when there is none and the
 * cache has room for one more (else NULL). */
cache_view *cache_view_get_locked(tscope_cache *c);

/* Remembers in `v` that live entry `e` has key `k` (hit or just put);
 * grows the view when it is half full, up to 2 x capacity slots. */
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
