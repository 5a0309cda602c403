/*
 * cache_entry.c -- the life of one cache entry: the watches on its key
 * tensors, the ephemeral references its value declares, and its death.
 *
 * An entry dies exactly once, by whoever moves it out of ENTRY_LIVE (or
 * finds it DOOMED) under cache->lock: a put that replaces or evicts it,
 * remove, clear, free, or the watch callback of a key tensor that died.
 * That one caller runs cache_entry_finish(), so value_free runs exactly
 * once per entry, never under a cache lock.
 *
 * The memory of an entry outlives its death while a watch callback may
 * still arrive (refs counts them): a callback that comes late -- the entry
 * was evicted on another thread while its key tensor was being released --
 * finds it DEAD and only drops its reference.
 */
#include "cache_entry.h"
#include "cache_memory.h"
#include "cache_table.h"

#include <stdlib.h>

/* The registry calls this once when a key tensor of the slot's entry dies. */
static void on_key_tensor_released(void *ctx, const tscope_release_info *info) {
    (void)info;
    entry_slot *slot = ctx;
    cache_entry *e = slot->entry;
    tscope_cache *c = e->cache;

    /* From now on nobody may cancel this watch: its memory goes back to the
     * registry when we return. */
    pthread_mutex_lock(&c->watch_lock);
    slot->fired = 1;
    pthread_mutex_unlock(&c->watch_lock);

    int dies_here = 0;
    pthread_mutex_lock(&c->lock);
    if (e->state == ENTRY_LIVE) {
        cache_unlink_locked(c, e);
        c->evictions_released++;
        dies_here = 1;
    } else if (e->state == ENTRY_PENDING) {
        e->state = ENTRY_DOOMED; /* the put still running will finish it */
    }
    pthread_mutex_unlock(&c->lock);

    if (dies_here)
        cache_entry_finish(e);
    cache_entry_unref(e); /* this watch's reference */
}

/* Whether the key already has tensor (h, gen) among its first `n` parts:
 * a tensor named twice in a key gets one watch. */
static int seen_before(const cache_key_copy *key, unsigned n, void *h, uint64_t gen) {
    for (unsigned i = 0; i < n; i++)
        if (key->handles[i] == h && key->generations[i] == gen)
            return 1;
    return 0;
}

static int record_held(cache_entry *e, void *const *handles, size_t n) {
    if (n == 0 || !handles)
        return 0;
    e->held = malloc(n * sizeof *e->held);
    if (!e->held)
        return -1;
    for (size_t i = 0; i < n; i++) {
        e->held[i].handle = handles[i];
        e->held[i].generation = handles[i] ? tscope_generation(handles[i]) : 0;
    }
    e->nheld = n;
    return 0;
}

cache_entry *cache_entry_new(tscope_cache *c, const tscope_key *k, uint64_t hash,
                             void *value, void *const *handles, size_t n,
                             const tscope_site *at, int *dead_key) {
    *dead_key = 0;
    cache_entry *e = calloc(1, sizeof *e + cache_key_image_size(k->nbytes_));
    if (!e)
        return NULL;
    e->key.image = e->key_image;
    cache_key_copy_from(&e->key, k, hash);
    e->cache = c;
    e->value = value;
    e->created = at;
    e->state = ENTRY_PENDING;
    if (record_held(e, handles, n) != 0) {
        free(e);
        return NULL;
    }

    /* One slot per distinct key tensor. */
    for (unsigned i = 0; i < e->key.ntensors; i++) {
        void *h = e->key.handles[i];
        uint64_t gen = e->key.generations[i];
        if (!seen_before(&e->key, i, h, gen)) {
            entry_slot *slot = &e->slots[e->nslots++];
            slot->entry = e;
            slot->handle = h;
            slot->generation = gen;
        }
    }
    /* Our reference plus the put's own (dropped when the put returns), plus
     * one per watch -- set before adding them: a callback may come at once. */
    atomic_init(&e->refs, 2u + e->nslots);
    atomic_fetch_add_explicit(&c->refs, 1, memory_order_relaxed);

    unsigned added = 0;
    for (; added < e->nslots; added++) {
        entry_slot *slot = &e->slots[added];
        tscope_watch_ *w = tscope_watch_add_(slot->handle, slot->generation,
                                             on_key_tensor_released, slot);
        if (!w)
            break; /* the tensor died after the key was built */
        pthread_mutex_lock(&c->watch_lock);
        slot->watch = w;
        pthread_mutex_unlock(&c->watch_lock);
    }
    if (added < e->nslots) {
        /* Watches never added will never call back. */
        atomic_fetch_sub_explicit(&e->refs, e->nslots - added, memory_order_acq_rel);
        e->nslots = added;
        *dead_key = 1;
        pthread_mutex_lock(&c->lock);
        e->state = ENTRY_DOOMED;
        pthread_mutex_unlock(&c->lock);
    }
    return e;
}

void cache_entry_declare_holds(cache_entry *e) {
    tscope_cache *c = e->cache;
    for (unsigned s = 0; s < e->nslots; s++) {
        entry_slot *slot = &e->slots[s];
        unsigned count = 0;
        for (size_t i = 0; i < e->nheld; i++)
            if (e->held[i].handle == slot->handle &&
                e->held[i].generation == slot->generation)
                count++;
        if (count == 0)
            continue;
        /* Under watch_lock: the watch cannot finish firing (and be freed by
         * the registry) between the check and the call. */
        pthread_mutex_lock(&c->watch_lock);
        if (!slot->fired && !slot->cancelled)
            (void)tscope_watch_hold_(slot->watch, count);
        pthread_mutex_unlock(&c->watch_lock);
    }
}

void cache_entry_finish(cache_entry *e) {
    tscope_cache *c = e->cache;
    for (unsigned s = 0; s < e->nslots; s++) {
        entry_slot *slot = &e->slots[s];
        int cancelled = 0;
        /* Cancel before value_free: the ephemeral references the watch held
         * become ordinary again, and value_free gives them back. */
        pthread_mutex_lock(&c->watch_lock);
        if (!slot->fired && !slot->cancelled) {
            slot->cancelled = 1;
            cancelled = tscope_watch_cancel_(slot->watch) == 1;
        }
        pthread_mutex_unlock(&c->watch_lock);
        /* Not cancelled: it is firing now and its callback drops the ref. */
        if (cancelled)
            cache_entry_unref(e);
    }
    if (e->value && c->value_free) {
        /* A pinned value outlives its entry: the last
         * tscope_cache_release_retained frees it. */
        pthread_mutex_lock(&c->lock);
        int pinned = e->pins != 0;
        if (pinned)
            e->free_when_unpinned = 1;
        pthread_mutex_unlock(&c->lock);
        if (!pinned)
            c->value_free(e->value);
    }
    cache_entry_unref(e);
}

void cache_entry_unref(cache_entry *e) {
    if (atomic_fetch_sub_explicit(&e->refs, 1, memory_order_acq_rel) != 1)
        return;
    tscope_cache *c = e->cache;
    free(e->held);
    free(e);
    cache_unref(c);
}
