/*
 * cache_fast.c -- per-thread views of a cache: the lock-free hit path.
 * See cache_fast.h for the idea.  What makes it safe:
 *  - A view's slots are filled only by its own thread (on a locked hit or
 *    its own put), under c->lock, and read without the lock only by that
 *    thread; so the owner may also grow a view (new slot array, old one
 *    freed) under the lock: drainers read it under the lock, and the only
 *    lock-free reader is the one growing it.  A slot is trusted only
 *    while c->version equals the version it was filled at; every unlink
 *    bumps the version under the lock, so a slot never returns a value whose
 *    entry has left the table (the guarantee a locked get gives: the entry
 *    was live at the moment of the lookup).
 *  - The fast path never dereferences an entry.  A hit stamps its slot with
 *    the thread's hit count (its clock) and queues the slot once in the
 *    view's dirty ring.
 *    Draining (under c->lock) sorts the queued slots by stamp and moves
 *    their entries to the LRU front in that order, after finding each
 *    entry pointer in its bucket and checking its serial -- an entry freed
 *    (or an address reused) since the hit is simply skipped.
 *  - The dirty ring is single-producer (the view's thread writes an index,
 *    then publishes `head` with release) single-consumer (drainers,
 *    serialized by c->lock: read up to `head` with acquire, publish `tail`).
 *    `stamp` and `queued` are the only slot fields both sides touch without
 *    the lock; they are atomics.  A hit racing with a drain on another
 *    thread may lose its recency (the slot looked queued): the LRU order
 *    between threads is the order of draining, approximately.
 *  - Hit counters have one writer each: a load and a store, no RMW.
 *  - Views are freed only with the cache.  A thread finds its view through
 *    a small thread-local table keyed by the cache's unique id (the one
 *    found last tried first), so a new cache at the address of a freed one
 *    never finds a stale view.
 */
#include "cache_fast.h"

#include <stdlib.h>
#include <string.h>

#define MAX_VIEWS 16 /* per cache; further threads use the locked path */

_Thread_local thread_views tscope_cache_tls_views_
    __attribute__((tls_model("initial-exec"), visibility("hidden")));

static void drain_view_locked(tscope_cache *c, cache_view *v);

/* Slot memory, every slot empty (version 0) and zeroed: a compare with a
 * longer probe reads past a slot's image, and those bytes must be defined
 * (their value does not matter: the lengths in the first chunk differ). */
static view_slot *slots_new(unsigned n) {
    view_slot *slots = aligned_alloc(_Alignof(view_slot), n * sizeof *slots);
    if (slots)
        memset(slots, 0, n * sizeof *slots);
    return slots;
}

/* The three arrays of a view of n slots, or -1 (none allocated) when out of
 * memory. */
static int view_arrays_new(unsigned n, view_slot **slots, unsigned **dirty, stamped **scratch) {
    *slots = slots_new(n);
    *dirty = malloc(n * sizeof **dirty);
    *scratch = malloc(n * sizeof **scratch);
    if (*slots && *dirty && *scratch)
        return 0;
    free(*slots);
    free(*dirty);
    free(*scratch);
    return -1;
}

cache_view *cache_view_get_locked(tscope_cache *c) {
    cache_view *v = cache_view_find(c);
    if (v || c->nviews >= MAX_VIEWS)
        return v;
    /* Small at first: a thread may hit only a few entries of a big cache. */
    unsigned nslots = VIEW_MIN_SLOTS;
    v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    if (view_arrays_new(nslots, &v->slots, &v->dirty, &v->scratch) != 0) {
        free(v);
        return NULL;
    }
    v->nslots = nslots;
    v->shift = 64u - (unsigned)__builtin_ctz(nslots);
    v->next = c->views;
    c->views = v;
    c->nviews++;
    /* A view the thread forgets stays with its cache (counted, drained)
     * until the cache is freed; MAX_VIEWS bounds them. */
    thread_views *t = &tscope_cache_tls_views_;
    unsigned i = t->next++ % TLS_VIEWS;
    t->cache_id[i] = c->id;
    t->view[i] = v;
    t->last_id = c->id;
    t->last_view = v;
    return v;
}

/* The free slot for `hash` at `version` in slots[nslots] (there is one). */
static view_slot *slot_for(view_slot *slots, unsigned nslots, uint64_t version,
                           uint64_t hash) {
    unsigned i = cache_hash_index(hash, (unsigned)__builtin_ctz(nslots));
    while (slots[i].version == version)
        i = (i + 1) & (nslots - 1);
    return &slots[i];
}

/* Doubles the slots of `v`, keeping the valid ones.  Only the owner thread
 * reads a view without the lock, and the owner is the caller: nobody can be
 * probing the old slots.  Queued hits are applied first (their ring holds
 * old slot indexes).  Returns 0, or -1 when out of memory (nothing changed). */
static int view_grow_locked(tscope_cache *c, cache_view *v, uint64_t version) {
    unsigned n = v->nslots * 2;
    view_slot *slots;
    unsigned *dirty;
    stamped *scratch;
    if (view_arrays_new(n, &slots, &dirty, &scratch) != 0)
        return -1;
    drain_view_locked(c, v);
    for (unsigned i = 0; i < v->nslots; i++) {
        const view_slot *old = &v->slots[i];
        if (old->version != version)
            continue;
        view_slot *s = slot_for(slots, n, version, old->hash);
        s->version = version;
        s->hash = old->hash;
        s->value = old->value;
        /* Queued is 0 after the drain; the stamp orders the next one. */
        atomic_store_explicit(&s->stamp,
                              atomic_load_explicit(&old->stamp, memory_order_relaxed),
                              memory_order_relaxed);
        memcpy(s->image, old->image, sizeof s->image);
        s->entry = old->entry;
        s->serial = old->serial;
        atomic_store_explicit(&s->queued, 0, memory_order_relaxed);
    }
    free(v->slots);
    free(v->dirty);
    free(v->scratch);
    v->slots = slots;
    v->dirty = dirty;
    v->scratch = scratch;
    v->nslots = n;
    v->shift--;
    return 0;
}

void cache_view_fill_locked(tscope_cache *c, cache_view *v, cache_entry *e,
                            const tscope_key *k) {
    uint64_t version = atomic_load_explicit(&c->version, memory_order_relaxed);
    if (v->filled_version != version) {
        v->filled_version = version;
        v->filled = 0;
    }
    for (unsigned i = (unsigned)(e->key.hash >> v->shift); v->slots[i].version == version;
         i = (i + 1) & (v->nslots - 1))
        if (v->slots[i].entry == e)
            return; /* remembered already */
    if (2 * (v->filled + 1) > v->nslots) {
        /* At half load: grow while the cache could use it, else the rest
         * of the hits take the lock. */
        if (v->nslots >= VIEW_MAX_SLOTS || v->nslots >= 2 * c->capacity ||
            view_grow_locked(c, v, version) != 0)
            return;
    }
    view_slot *s = slot_for(v->slots, v->nslots, version, e->key.hash);
    s->version = version;
    s->hash = e->key.hash;
    s->value = e->value;
    atomic_store_explicit(&s->stamp, 0, memory_order_relaxed);
    memcpy(s->image, cache_key_image(k), cache_key_image_size(k->nbytes_));
    s->entry = e;
    s->serial = e->serial;
    atomic_store_explicit(&s->queued, 0, memory_order_relaxed);
    v->filled++;
}

static int by_stamp(const void *a, const void *b) {
    uint64_t x = ((const stamped *)a)->stamp, y = ((const stamped *)b)->stamp;
    return (x > y) - (x < y);
}

static void drain_view_locked(tscope_cache *c, cache_view *v) {
    unsigned tail = atomic_load_explicit(&v->dirty_tail, memory_order_relaxed);
    unsigned head = atomic_load_explicit(&v->dirty_head, memory_order_acquire);
    if (tail == head)
        return;
    unsigned n = 0, mask = v->nslots - 1;
    for (; tail != head; tail++) {
        unsigned i = v->dirty[tail & mask];
        atomic_store_explicit(&v->slots[i].queued, 0, memory_order_relaxed);
        v->scratch[n].slot = i;
        v->scratch[n].stamp = atomic_load_explicit(&v->slots[i].stamp, memory_order_relaxed);
        n++;
    }
    atomic_store_explicit(&v->dirty_tail, tail, memory_order_release);
    /* Oldest hit first, so the newest ends at the front. */
    qsort(v->scratch, n, sizeof *v->scratch, by_stamp);
    for (unsigned j = 0; j < n; j++) {
        const view_slot *s = &v->slots[v->scratch[j].slot];
        cache_touch_locked(c, s->entry, s->serial, s->hash);
    }
}

void cache_views_drain_locked(tscope_cache *c, cache_view *only) {
    if (only) {
        drain_view_locked(c, only);
        return;
    }
    for (cache_view *v = c->views; v; v = v->next)
        drain_view_locked(c, v);
}

uint64_t cache_views_hits_locked(tscope_cache *c) {
    uint64_t n = 0;
    for (cache_view *v = c->views; v; v = v->next)
        n += atomic_load_explicit(&v->hits, memory_order_relaxed);
    return n;
}

void cache_views_free(tscope_cache *c) {
    while (c->views) {
        cache_view *next = c->views->next;
        free(c->views->slots);
        free(c->views->dirty);
        free(c->views->scratch);
        free(c->views);
        c->views = next;
    }
    c->nviews = 0;
}
