/*
 * naive_cache.h -- the "before": a plain LRU memo keyed by the index
 * tensors' addresses, the way C code (and PyTorch's first TensorAsKey)
 * does it.  Two flavors, two bugs:
 *  - strong: the cache retains the key tensors and the plan holds
 *    crow_indices, so released matrices stay in memory until LRU pressure
 *    pushes them out (PyTorch's lru_cache leak);
 *  - pointer: the cache holds nothing, so a new matrix whose index tensors
 *    land at a freed matrix's addresses gets the freed matrix's plan.
 */
#ifndef NAIVE_CACHE_H
#define NAIVE_CACHE_H

#include "bsr.h"

typedef struct naive_cache naive_cache;

naive_cache *naive_cache_new(size_t capacity, int strong);
/* The plan memoized for `a`, computing and storing it on a miss. */
plan *naive_cache_plan(naive_cache *c, const bsr *a, int *hit);
void naive_cache_free(naive_cache *c);

#endif
