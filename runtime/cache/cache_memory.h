/*
 * cache_memory.h -- the cache struct's reference count (cache_memory.c).
 */
#ifndef TSCOPE_RUNTIME_CACHE_MEMORY_H
#define TSCOPE_RUNTIME_CACHE_MEMORY_H

#include "cache_types.h"

/* Drops one reference to the cache struct; the last one frees it. */
void cache_unref(tscope_cache *c);

#endif
