/*
 * cache_entry.h -- an entry's life: its watches on key tensors, its death (cache_entry.c).
 */
#ifndef TSCOPE_RUNTIME_CACHE_ENTRY_H
#define TSCOPE_RUNTIME_CACHE_ENTRY_H

#include "cache_types.h"


/*
 * Makes an entry for `k` (valid) holding `value`: PENDING, with one watch per
 * distinct key tensor and the declared held handles recorded.  Returns NULL
 * with *dead_key set when a key tensor is no longer alive, NULL with
 * *dead_key clear when out of memory.  The value is not freed here.
 */
cache_entry *cache_entry_new(tscope_cache *c, const tscope_key *k, uint64_t hash,
                             void *value, void *const *handles, size_t n,
                             const tscope_site *at, int *dead_key);

/* Declares the held handles that are key tensors as ephemeral references
 * (tscope_watch_hold_).  Called once the entry is otherwise set up. */
void cache_entry_declare_holds(cache_entry *e);

/*
 * Finishes an entry that its caller moved to ENTRY_DEAD (or found DOOMED)
 * and that nobody else can reach through the table any more: cancels its
 * remaining watches, frees the value, drops the entry's own reference.
 * Call with no cache lock held.
 */
void cache_entry_finish(cache_entry *e);

/* Drops one reference to `e`; the last one frees it (and drops the cache). */
void cache_entry_unref(cache_entry *e);

#endif
