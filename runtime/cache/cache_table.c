/*
 * cache_table.c -- a cache's chained hash table (power-of-two buckets, grown
 * at 3/4 load) and its intrusive LRU list; everything here runs under
 * c->lock.  Uses only the keys (cache_key.h): the views, entries and the
 * API build on it.
 */
#include "cache_table.h"

#include <stdlib.h>


/* log2 of a power of two. */
static unsigned log2_of(size_t n) {
    return (unsigned)__builtin_ctzll((unsigned long long)n);
}

static cache_entry **bucket_of(tscope_cache *c, uint64_t hash) {
    return &c->buckets[cache_hash_index(hash, log2_of(c->nbuckets))];
}

cache_entry *cache_find_locked(tscope_cache *c, const tscope_key *k, uint64_t hash) {
    for (cache_entry *e = *bucket_of(c, hash); e; e = e->chain)
        if (cache_key_matches(&e->key, k, hash))
            return e;
    return NULL;
}

static void lru_unlink(cache_entry *e) {
    e->lru.prev->next = e->lru.next;
    e->lru.next->prev = e->lru.prev;
}

static void lru_push_front(tscope_cache *c, cache_entry *e) {
    e->lru.prev = &c->lru;
    e->lru.next = c->lru.next;
    c->lru.next->prev = &e->lru;
    c->lru.next = &e->lru;
}

void cache_unlink_locked(tscope_cache *c, cache_entry *e) {
    cache_entry **p = bucket_of(c, e->key.hash);
    while (*p != e)
        p = &(*p)->chain;
    *p = e->chain;
    e->chain = NULL;
    lru_unlink(e);
    e->state = ENTRY_DEAD;
    c->size--;
    /* Hits remembered by the views may name this entry: forget them all. */
    atomic_store_explicit(&c->version,
                          atomic_load_explicit(&c->version, memory_order_relaxed) + 1,
                          memory_order_release);
}

void cache_touch_locked(tscope_cache *c, cache_entry *e, uint64_t serial, uint64_t hash) {
    for (cache_entry *x = *bucket_of(c, hash); x; x = x->chain) {
        if (x == e) {
            if (x->serial == serial && c->lru.next != &x->lru) {
                lru_unlink(x);
                lru_push_front(c, x);
            }
            return;
        }
    }
}

/* Doubles the bucket array when the table gets fuller than 3/4.  Failing to
 * grow only makes chains longer, so it is not an error. */
static void maybe_grow_locked(tscope_cache *c) {
    if (c->size * 4 <= c->nbuckets * 3)
        return;
    size_t n = c->nbuckets * 2;
    cache_entry **b = calloc(n, sizeof *b);
    if (!b)
        return;
    for (size_t i = 0; i < c->nbuckets; i++) {
        cache_entry *e = c->buckets[i];
        while (e) {
            cache_entry *next = e->chain;
            cache_entry **dst = &b[cache_hash_index(e->key.hash, log2_of(n))];
            e->chain = *dst;
            *dst = e;
            e = next;
        }
    }
    free(c->buckets);
    c->buckets = b;
    c->nbuckets = n;
}

void cache_insert_locked(tscope_cache *c, cache_entry *e) {
    cache_entry **b = bucket_of(c, e->key.hash);
    e->chain = *b;
    *b = e;
    lru_push_front(c, e);
    e->state = ENTRY_LIVE;
    e->serial = ++c->next_serial;
    c->size++;
    maybe_grow_locked(c);
}

void cache_lru_to_front(tscope_cache *c, cache_entry *e) {
    if (c->lru.next != &e->lru) {
        lru_unlink(e);
        lru_push_front(c, e);
    }
}
