/*
 * cache_holders.h -- the list of live caches and the leak-report describer (cache_holders.c).
 */
#ifndef TSCOPE_RUNTIME_CACHE_HOLDERS_H
#define TSCOPE_RUNTIME_CACHE_HOLDERS_H

#include "cache_types.h"


/* Adds a new cache to the list the leak-report describer searches, and
 * installs the describer on first use. */
void cache_holders_add(tscope_cache *c);
/* Removes a cache from that list (at tscope_cache_free). */
void cache_holders_remove(tscope_cache *c);

#endif
