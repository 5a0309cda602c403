/*
 * cache_memory.c -- the cache struct's memory: 1 reference for the owner
 * until tscope_cache_free, plus 1 per entry not yet freed (a late watch
 * callback may still lock the cache); the last one frees it, with its
 * views.
 */
#include "cache_fast.h"
#include "cache_memory.h"

#include <stdlib.h>

void cache_unref(tscope_cache *c) {
    if (atomic_fetch_sub_explicit(&c->refs, 1, memory_order_acq_rel) != 1)
        return;
    pthread_mutex_destroy(&c->lock);
    pthread_mutex_destroy(&c->watch_lock);
    cache_views_free(c);
    free(c->buckets);
    free(c);
}

