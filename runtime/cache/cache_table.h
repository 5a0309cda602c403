/*
 * cache_table.h -- the table and LRU list of a cache (cache_table.c); all under c->lock.
 */
#ifndef TSCOPE_RUNTIME_CACHE_TABLE_H
#define TSCOPE_RUNTIME_CACHE_TABLE_H

#include "cache_types.h"

/* The live entry for `k` (its hash `hash`), or NULL. */
cache_entry *cache_find_locked(tscope_cache *c, const tscope_key *k, uint64_t hash);
/* Links new entry `e` into the table and at the LRU front, LIVE, with a
 * new serial; grows the table at 3/4 load. */
void cache_insert_locked(tscope_cache *c, cache_entry *e);
/* Moves LIVE entry `e` to the LRU front. */
void cache_lru_to_front(tscope_cache *c, cache_entry *e);

/* Unlinks LIVE entry `e` from table and LRU list and marks it DEAD.
 * Call under c->lock. */
void cache_unlink_locked(tscope_cache *c, cache_entry *e);

/* Moves entry `e` to the front of the LRU list if it is still the live
 * entry with that serial in the bucket of `hash` (e may be a dangling
 * pointer: it is only compared until found).  Call under c->lock. */
void cache_touch_locked(tscope_cache *c, cache_entry *e, uint64_t serial, uint64_t hash);

#endif
