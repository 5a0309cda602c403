/*
 * cache_key.h -- internal helpers for tscope_key (see cache_key.c).
 *
 * A tscope_key is built part by part.  Its bytes_ area holds the parts as
 * a tagged stream (a tag byte per part, a length byte for byte strings) so
 * that part boundaries are part of the key: shape [2,3] plus strides [3,1]
 * never equals shape [2,3,3] plus strides [1].  A tensor part is its tag
 * and its generation, so the interleaving of tensors and plain parts is
 * part of the key too; handles_ and generations_ repeat the tensors for the
 * entry's watches.  hash_ is a running hash updated by every add, usable as
 * it is (cache_key_hash).
 *
 * The *image* of a key is what two keys compare: overflow_, nbytes_ and the
 * stream, contiguous from overflow_ on.  The stream is kept zero from its
 * end up to CACHE_KEY_STREAM_MIN bytes, or past that up to the end of its
 * last 16-byte chunk of image (tscope_key_init zeroes the first
 * CACHE_KEY_STREAM_MIN bytes; an add that ends beyond them zeroes what
 * follows).  So a lookup compares whole 16-byte chunks without a loop --
 * the same 64 bytes for every key with up to 56 bytes of stream: two
 * tensors and four dimensions fit -- and keys of different lengths differ
 * in nbytes_.  Handles are not in the image, nor in the hash: a generation
 * names one tensor for the life of the process, so it implies the address.
 * An invalid key never equals a stored one: overflow_ is in the image, and
 * only valid keys are stored.
 */
#ifndef TSCOPE_RUNTIME_CACHE_KEY_H
#define TSCOPE_RUNTIME_CACHE_KEY_H

#include "tensorscope.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Bits of tscope_key.overflow_: any set bit makes the key invalid. */
#define CACHE_KEY_FULL 1u        /* a part did not fit */
#define CACHE_KEY_DEAD_TENSOR 2u /* a tensor part was not live and tracked */

#define CACHE_KEY_IMAGE_OFFSET offsetof(tscope_key, overflow_)
/* overflow_ and nbytes_, before the stream. */
#define CACHE_KEY_IMAGE_HEAD (offsetof(tscope_key, bytes_) - CACHE_KEY_IMAGE_OFFSET)
/* The image every compare covers, and the stream bytes in it. */
#define CACHE_KEY_IMAGE_MIN 64u
#define CACHE_KEY_STREAM_MIN (CACHE_KEY_IMAGE_MIN - CACHE_KEY_IMAGE_HEAD)
/* The longest stream: plain parts plus 8 bytes of generation per tensor. */
#define CACHE_KEY_STREAM_MAX (TSCOPE_KEY_MAX_BYTES + 8 * TSCOPE_KEY_MAX_TENSORS)
/* The longest image, whole chunks: what a view slot stores. */
#define CACHE_KEY_IMAGE_MAX ((CACHE_KEY_IMAGE_HEAD + CACHE_KEY_STREAM_MAX + 15) / 16 * 16)

_Static_assert(offsetof(tscope_key, nbytes_) == CACHE_KEY_IMAGE_OFFSET + 4 &&
                   CACHE_KEY_IMAGE_HEAD == 8,
               "tscope_key: overflow_, nbytes_ and the stream are contiguous");
_Static_assert(CACHE_KEY_IMAGE_OFFSET + CACHE_KEY_IMAGE_MAX <= offsetof(tscope_key, ntensors_),
               "tscope_key: bytes_ has room for the last chunk of the longest image");
_Static_assert(CACHE_KEY_IMAGE_MAX == 176, "cache_key_image_equal handles 11 chunks");

/* The length of the image of a key whose stream has `nbytes` bytes. */
static inline size_t cache_key_image_size(uint32_t nbytes) {
    size_t n = (CACHE_KEY_IMAGE_HEAD + (size_t)nbytes + 15) & ~(size_t)15;
    return n < CACHE_KEY_IMAGE_MIN ? CACHE_KEY_IMAGE_MIN : n;
}

static inline const unsigned char *cache_key_image(const tscope_key *k) {
    return (const unsigned char *)k + CACHE_KEY_IMAGE_OFFSET;
}

/*
 * The compact copy of a key stored in a cache entry: the hash, the image
 * (only as long as the key needs, in the entry's trailing storage) and, for
 * the entry's watches, the tensor parts.
 */
typedef struct cache_key_copy {
    uint64_t hash;
    uint32_t ntensors;
    uint32_t nbytes;
    void *handles[TSCOPE_KEY_MAX_TENSORS];
    uint64_t generations[TSCOPE_KEY_MAX_TENSORS];
    unsigned char *image; /* cache_key_image_size(nbytes) bytes */
} cache_key_copy;

static inline int cache_key_valid(const tscope_key *k) {
    return k->overflow_ == 0;
}

/*
 * The 64-bit hash of a valid key: the running hash itself.  Every add ends
 * with a multiply by an odd constant, so the high bits depend on every bit
 * of every part; tables index with them (cache_hash_index), never with the
 * low bits, and need no finalizing step on each lookup.
 */
static inline uint64_t cache_key_hash(const tscope_key *k) {
    return k->hash_;
}

/* The slot of `hash` in a table of 2^bits slots (1 <= bits <= 63). */
static inline unsigned cache_hash_index(uint64_t hash, unsigned bits) {
    return (unsigned)(hash >> (64 - bits));
}

/* Fills the compact copy `dst`, whose `image` has room for the key's. */
void cache_key_copy_from(cache_key_copy *dst, const tscope_key *k, uint64_t hash);

/* 16 bytes as a vector (GCC/Clang vector extension: SSE2 on x86-64, NEON
 * on AArch64, pairs of words elsewhere). */
typedef uint64_t cache_key_v16 __attribute__((vector_size(16)));

static inline cache_key_v16 cache_key_load16(const unsigned char *p) {
    cache_key_v16 v;
    memcpy(&v, p, sizeof v);
    return v;
}

/*
 * Whether the stored image `a` (cache_key_image_size(k->nbytes_) bytes at
 * least) equals the image of the probe `k` (inlined: keys are compared on
 * every hit).  Differences are or-ed together, one branch at the end.
 * Longer streams add the chunks past the first 64 bytes through a switch
 * into straight-line code.
 */
static inline __attribute__((always_inline)) int
cache_key_image_equal(const unsigned char *a, const tscope_key *k) {
    const unsigned char *b = cache_key_image(k);
#define CACHE_KEY_DIFF16_(off) (cache_key_load16(a + (off)) ^ cache_key_load16(b + (off)))
    cache_key_v16 d = CACHE_KEY_DIFF16_(0) | CACHE_KEY_DIFF16_(16) | CACHE_KEY_DIFF16_(32) |
                      CACHE_KEY_DIFF16_(48);
    if (__builtin_expect(k->nbytes_ > CACHE_KEY_STREAM_MIN, 0)) {
        switch ((CACHE_KEY_IMAGE_HEAD + k->nbytes_ + 15) >> 4) { /* 5..11 chunks */
        case 11: d |= CACHE_KEY_DIFF16_(160); __attribute__((fallthrough));
        case 10: d |= CACHE_KEY_DIFF16_(144); __attribute__((fallthrough));
        case 9: d |= CACHE_KEY_DIFF16_(128); __attribute__((fallthrough));
        case 8: d |= CACHE_KEY_DIFF16_(112); __attribute__((fallthrough));
        case 7: d |= CACHE_KEY_DIFF16_(96); __attribute__((fallthrough));
        case 6: d |= CACHE_KEY_DIFF16_(80); __attribute__((fallthrough));
        default: d |= CACHE_KEY_DIFF16_(64); break;
        }
    }
#undef CACHE_KEY_DIFF16_
    return (d[0] | d[1]) == 0;
}

/* Whether the stored key `a` (hash precomputed) matches the probe `k`. */
static inline int cache_key_matches(const cache_key_copy *a, const tscope_key *k,
                                    uint64_t hash) {
    /* Equal lengths first: a's image is only as long as its own. */
    return a->hash == hash && a->nbytes == k->nbytes_ && cache_key_image_equal(a->image, k);
}

#endif
