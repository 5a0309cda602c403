/*
 * weak_cache.h -- the "after": the same memo on tscope_cache.  The key is
 * the index tensors' identities (address and generation) plus shape and
 * block size; the plan declares the references it owns, so holding
 * crow_indices does not keep the matrix alive.
 */
#ifndef WEAK_CACHE_H
#define WEAK_CACHE_H

#include "bsr.h"

#include "tensorscope.h"

/* The plan memoized for `a` in `c`, computing and storing it on a miss. */
plan *weak_cache_plan(tscope_cache *c, const bsr *a, int *hit);

#endif
