/*
 * cache_fast.c -- per-thread views of a cache: the lock-free hit path.
 * See cache_fast.h for the idea.  What makes it safe:
 *  - A view's slots are filled only by its own thread, under c->lock, and
 *    read without the lock only by that thread.  A slot is trusted only
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
 *    a small thread-local table keyed by the cache's unique id, so a new
 *    cache at the address of a freed one never finds a stale view.
 */
#include "cache_fast.h"

#include <stdlib.h>

#define MAX_VIEWS 16 /* per cache; further threads use the locked path */

_Thread_local thread_views tscope_cache_tls_views_
    __attribute__((tls_model("initial-exec"), visibility("hidden")));

cache_view *cache_view_get_locked(tscope_cache *c) {
    cache_view *v = cache_view_find(c);
    if (v || c->nviews >= MAX_VIEWS)
        return v;
    /* Room for every entry of the cache (up to a limit) at half load. */
    unsigned nslots = 16;
    while (nslots < VIEW_MAX_SLOTS && nslots < 2 * c->capacity)
        nslots *= 2;
    v = calloc(1, sizeof *v + nslots * sizeof(view_slot));
    if (!v)
        return NULL;
    v->dirty = malloc(nslots * sizeof *v->dirty);
    v->scratch = malloc(nslots * sizeof *v->scratch);
    if (!v->dirty || !v->scratch) {
        free(v->dirty);
        free(v->scratch);
        free(v);
        return NULL;
    }
    v->nslots = nslots;
    v->next = c->views;
    c->views = v;
    c->nviews++;
    /* A view the thread forgets stays with its cache (counted, drained)
     * until the cache is freed; MAX_VIEWS bounds them. */
    unsigned i = tscope_cache_tls_views_.next++ % TLS_VIEWS;
    tscope_cache_tls_views_.cache_id[i] = c->id;
    tscope_cache_tls_views_.view[i] = v;
    return v;
}

void cache_view_fill_locked(tscope_cache *c, cache_view *v, cache_entry *e,
                            const tscope_key *k) {
    uint64_t version = atomic_load_explicit(&c->version, memory_order_relaxed);
    if (v->filled_version != version) {
        v->filled_version = version;
        v->filled = 0;
    }
    if (2 * (v->filled + 1) > v->nslots)
        return; /* at half load: the rest of the hits take the lock */
    unsigned mask = v->nslots - 1;
    unsigned i = (unsigned)e->key.hash & mask;
    while (v->slots[i].version == version) {
        if (v->slots[i].entry == e)
            return; /* remembered already */
        i = (i + 1) & mask;
    }
    view_slot *s = &v->slots[i];
    s->version = version;
    s->entry = e;
    s->serial = e->serial;
    s->value = e->value;
    s->key.bytes = s->key_bytes;
    cache_key_copy_from(&s->key, k, e->key.hash);
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
        cache_touch_locked(c, s->entry, s->serial, s->key.hash);
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
        free(c->views->dirty);
        free(c->views->scratch);
        free(c->views);
        c->views = next;
    }
    c->nviews = 0;
}
