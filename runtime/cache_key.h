/*
 * cache_key.h -- internal helpers for tscope_key (see cache_key.c).
 *
 * A tscope_key is built part by part.  Its bytes_ area holds the plain
 * parts as a tagged stream (a tag byte per part, a length byte for byte
 * strings) so that part boundaries are part of the key: shape [2,3] plus
 * strides [3,1] never equals shape [2,3,3] plus strides [1].  Tensor parts
 * live in tensors_[] and leave a tag in the stream, so the interleaving of
 * tensors and plain parts is part of the key too.  hash_ is a running hash
 * updated by every add; cache_key_hash() finalizes it.
 */
#ifndef TSCOPE_RUNTIME_CACHE_KEY_H
#define TSCOPE_RUNTIME_CACHE_KEY_H

#include "tensorscope.h"

#include <stdint.h>
#include <string.h>

/* Bits of tscope_key.overflow_: any set bit makes the key invalid. */
#define CACHE_KEY_FULL 1u        /* a part did not fit */
#define CACHE_KEY_DEAD_TENSOR 2u /* a tensor part was not live and tracked */

/* One tensor identity: the address and the generation, never the contents. */
typedef struct cache_key_tensor {
    void *handle;
    uint64_t generation;
} cache_key_tensor;

/*
 * The compact copy of a key stored in a cache entry: only the used parts,
 * so an entry costs what its key needs, not sizeof(tscope_key).  `bytes`
 * points into the entry's own trailing storage.
 */
typedef struct cache_key_copy {
    uint64_t hash;
    uint32_t ntensors;
    uint32_t nbytes;
    cache_key_tensor tensors[TSCOPE_KEY_MAX_TENSORS];
    unsigned char *bytes; /* nbytes of them */
} cache_key_copy;

static inline int cache_key_valid(const tscope_key *k) {
    return k->overflow_ == 0;
}

/* The finalized 64-bit hash of a valid key: the running hash already
 * multiplied every part in, so one more multiply-xorshift spreads its high
 * bits into the low ones that pick buckets and view slots. */
static inline uint64_t cache_key_hash(const tscope_key *k) {
    uint64_t h = k->hash_ ^ ((uint64_t)k->ntensors_ << 32) ^ k->nbytes_;
    h ^= h >> 32;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 29;
    return h;
}

/* Fills the compact copy `dst`, whose `bytes` has room for k->nbytes_. */
void cache_key_copy_from(cache_key_copy *dst, const tscope_key *k, uint64_t hash);

static inline uint64_t cache_key_load64(const unsigned char *p) {
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* memcmp(a, b, n) == 0 for short strings, a word at a time (inlined: keys
 * are compared on every hit). */
static inline int cache_key_bytes_equal(const unsigned char *a,
                                        const unsigned char *b, uint32_t n) {
    if (n < 8) {
        for (uint32_t i = 0; i < n; i++)
            if (a[i] != b[i])
                return 0;
        return 1;
    }
    for (uint32_t i = 0; i + 8 <= n; i += 8)
        if (cache_key_load64(a + i) != cache_key_load64(b + i))
            return 0;
    /* The last word, overlapping the previous one when n % 8 != 0. */
    return cache_key_load64(a + n - 8) == cache_key_load64(b + n - 8);
}

/* Whether the stored key `a` (hash precomputed) matches the probe `k`. */
static inline int cache_key_matches(const cache_key_copy *a, const tscope_key *k,
                                    uint64_t hash) {
    if (a->hash != hash || a->ntensors != k->ntensors_ || a->nbytes != k->nbytes_)
        return 0;
    for (uint32_t i = 0; i < a->ntensors; i++)
        if (a->tensors[i].handle != k->tensors_[i].handle ||
            a->tensors[i].generation != k->tensors_[i].generation)
            return 0;
    return cache_key_bytes_equal(a->bytes, k->bytes_, a->nbytes);
}

#endif
