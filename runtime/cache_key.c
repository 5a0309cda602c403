/*
 * cache_key.c -- building and hashing cache keys (tscope_key_*).
 *
 * A key is a plain value on the caller's stack: building one allocates
 * nothing and takes no lock beyond the registry's generation lookup.  The
 * hash is updated as parts are added, so a cache lookup only finalizes it.
 */
#include "cache_key.h"

#include <string.h>

/* Tags in the byte stream: they make part boundaries part of the key. */
enum { TAG_TENSOR = 0x54, TAG_BYTES = 0x42, TAG_U64 = 0x55 };

#define HASH_SEED 0x243f6a8885a308d3ULL

/* One mixing step (rotate, xor, multiply by an odd constant, as in FxHash);
 * cache_key_hash() applies a full avalanche at the end. */
static inline uint64_t mix(uint64_t h, uint64_t v) {
    h = (h << 5) | (h >> 59);
    return (h ^ v) * 0x9e3779b97f4a7c15ULL;
}

void tscope_key_init(tscope_key *k) {
    k->hash_ = HASH_SEED;
    k->ntensors_ = 0;
    k->nbytes_ = 0;
    k->overflow_ = 0;
}

/* Reserves `n` bytes of the stream, or marks the key full. */
static unsigned char *reserve(tscope_key *k, size_t n) {
    if (n > TSCOPE_KEY_MAX_BYTES - k->nbytes_) {
        k->overflow_ |= CACHE_KEY_FULL;
        return NULL;
    }
    unsigned char *p = k->bytes_ + k->nbytes_;
    k->nbytes_ += (uint32_t)n;
    return p;
}

int tscope_key_add_tensor(tscope_key *k, void *h) {
    /* The generation is what makes a later tensor at the same address a
     * different key: it is 0 for anything not live and tracked. */
    uint64_t gen = h ? tscope_generation(h) : 0;
    if (gen == 0) {
        k->overflow_ |= CACHE_KEY_DEAD_TENSOR;
        return -1;
    }
    if (k->ntensors_ == TSCOPE_KEY_MAX_TENSORS) {
        k->overflow_ |= CACHE_KEY_FULL;
        return -1;
    }
    unsigned char *tag = reserve(k, 1);
    if (!tag)
        return -1;
    *tag = TAG_TENSOR;
    k->tensors_[k->ntensors_].handle = h;
    k->tensors_[k->ntensors_].record = NULL;
    k->tensors_[k->ntensors_].generation = gen;
    k->ntensors_++;
    k->hash_ = mix(mix(k->hash_, (uint64_t)(uintptr_t)h), gen);
    return 0;
}

int tscope_key_add_bytes(tscope_key *k, const void *p, size_t n) {
    /* One length byte: a part can never exceed the whole stream anyway. */
    if (n > TSCOPE_KEY_MAX_BYTES - 2) {
        k->overflow_ |= CACHE_KEY_FULL;
        return -1;
    }
    unsigned char *dst = reserve(k, n + 2);
    if (!dst)
        return -1;
    dst[0] = TAG_BYTES;
    dst[1] = (unsigned char)n;
    if (n)
        memcpy(dst + 2, p, n);
    uint64_t h = mix(k->hash_, ((uint64_t)TAG_BYTES << 56) | n);
    const unsigned char *src = p;
    for (; n >= 8; n -= 8, src += 8) {
        uint64_t w;
        memcpy(&w, src, 8);
        h = mix(h, w);
    }
    if (n) {
        uint64_t w = 0;
        memcpy(&w, src, n);
        h = mix(h, w);
    }
    k->hash_ = h;
    return 0;
}

int tscope_key_add_u64(tscope_key *k, uint64_t v) {
    unsigned char *dst = reserve(k, 9);
    if (!dst)
        return -1;
    dst[0] = TAG_U64;
    memcpy(dst + 1, &v, 8);
    k->hash_ = mix(k->hash_, v ^ ((uint64_t)TAG_U64 << 56));
    return 0;
}

void cache_key_copy_from(cache_key_copy *dst, const tscope_key *k, uint64_t hash) {
    dst->hash = hash;
    dst->ntensors = k->ntensors_;
    dst->nbytes = k->nbytes_;
    for (uint32_t i = 0; i < k->ntensors_; i++) {
        dst->tensors[i].handle = k->tensors_[i].handle;
        dst->tensors[i].generation = k->tensors_[i].generation;
    }
    memcpy(dst->bytes, k->bytes_, k->nbytes_);
}
