/*
 * cache_key.c -- building and hashing cache keys (tscope_key_*).
 *
 * A key is a plain value on the caller's stack: building one allocates
 * nothing.  The hash is updated as parts are added, so a cache lookup uses
 * it as it is.
 *
 * A tensor part needs the tensor's generation, and asking the registry
 * (tscope_generation) takes a shard lock and probes its table: most of the
 * cost of building a key.  Memoizing code builds keys from the same tensors
 * over and over, so each thread remembers weak references to the tensors
 * it put in keys lately (a small set-associative table, `memo`).  A weak
 * get takes no lock and returns the tensor only while that very tensor (that
 * generation) lives; so when the remembered reference to `h` still gives
 * back `h`, its generation is exactly what tscope_generation(h) would say.
 * A dead or replaced tensor reads NULL there, and the registry is asked.
 */
#include "cache_key.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Tags in the byte stream: they make part boundaries part of the key. */
enum { TAG_TENSOR = 0x54, TAG_BYTES = 0x42, TAG_U64 = 0x55 };

#define HASH_SEED 0x243f6a8885a308d3ULL

/* One mixing step (rotate, xor, multiply by an odd constant, as in FxHash).
 * The multiply comes last, so the high bits of the hash depend on all the
 * parts: tables index with them (cache_hash_index). */
static inline uint64_t mix(uint64_t h, uint64_t v) {
    h = (h << 5) | (h >> 59);
    return (h ^ v) * 0x9e3779b97f4a7c15ULL;
}

void tscope_key_init(tscope_key *k) {
    k->hash_ = HASH_SEED;
    k->overflow_ = 0;
    k->nbytes_ = 0;
    k->ntensors_ = 0;
    /* The stream is zero past its end (the image, cache_key.h). */
    memset(k->bytes_, 0, CACHE_KEY_STREAM_MIN);
}

/* ---- the per-thread memo of generations ---------------------------------- */

/* 512 sets of 4 (48 KiB per thread): the tensors of several hundred keys.
 * Four ways, not two: keys are often rebuilt in a cycle, and a cycle over
 * more tensors than a set holds misses on every one of them. */
#define MEMO_BITS 9
#define MEMO_WAYS 4

typedef struct memo_set {
    tscope_weak way[MEMO_WAYS]; /* most recently added first */
} memo_set;

static _Thread_local memo_set *tls_memo
    __attribute__((tls_model("initial-exec")));
static pthread_key_t memo_key;
static pthread_once_t memo_once = PTHREAD_ONCE_INIT;
static int memo_key_ok;

/* At thread exit: the memo goes with its thread. */
static void memo_free(void *p) {
    tls_memo = NULL;
    free(p);
}

static void memo_make_key(void) {
    memo_key_ok = pthread_key_create(&memo_key, memo_free) == 0;
}

static inline memo_set *memo_set_of(memo_set *m, void *h) {
    uint64_t x = (uint64_t)(uintptr_t)h * 0x9e3779b97f4a7c15ULL;
    return &m[x >> (64 - MEMO_BITS)];
}

/* The registry's answer, remembered for next time.  Out of line: the memo's
 * hit path stays small. */
static __attribute__((noinline)) uint64_t generation_slow(void *h) {
    tscope_weak w = tscope_weak_ref(h); /* reads NULL unless h is live and tracked */
    if (!w.handle_)
        return 0;
    memo_set *m = tls_memo;
    if (!m) {
        pthread_once(&memo_once, memo_make_key);
        /* Without a key to free it at thread exit, no memo: it would leak. */
        if (!memo_key_ok)
            return w.generation_;
        m = calloc((size_t)1 << MEMO_BITS, sizeof *m);
        if (!m)
            return w.generation_;
        if (pthread_setspecific(memo_key, m) != 0) {
            free(m);
            return w.generation_;
        }
        tls_memo = m;
    }
    /* Most recent first; a stale reference to h itself is replaced. */
    memo_set *set = memo_set_of(m, h);
    unsigned j = 0;
    while (j < MEMO_WAYS - 1 && set->way[j].handle_ != h)
        j++;
    memmove(&set->way[1], &set->way[0], j * sizeof set->way[0]);
    set->way[0] = w;
    return w.generation_;
}

/* The generation of the live tracked tensor `h`, or 0.  The memo holds h at
 * most once (generation_slow replaces a stale reference), so one weak get
 * decides. */
static inline uint64_t generation_of(void *h) {
    memo_set *m = tls_memo;
    if (__builtin_expect(m != NULL, 1)) {
        memo_set *set = memo_set_of(m, h);
        for (unsigned i = 0; i < MEMO_WAYS; i++) {
            if (set->way[i].handle_ == h) {
                uint64_t gen = set->way[i].generation_;
                if (tscope_weak_get(set->way[i]) == h)
                    return gen;
                break;
            }
        }
    }
    return generation_slow(h);
}

/* Reserves `n` bytes of the stream, or marks the key full.  A tensor part
 * (`tensor` set) counts 1 byte against TSCOPE_KEY_MAX_BYTES, its tag: its
 * generation has room of its own. */
static unsigned char *reserve(tscope_key *k, size_t n, unsigned tensor) {
    size_t room = TSCOPE_KEY_MAX_BYTES + 8u * (k->ntensors_ + tensor);
    if (n > room - k->nbytes_) {
        k->overflow_ |= CACHE_KEY_FULL;
        return NULL;
    }
    unsigned char *p = k->bytes_ + k->nbytes_;
    k->nbytes_ += (uint32_t)n;
    return p;
}

/* Keeps the stream zero past its end up to the end of its image's last
 * chunk (cache_key.h).  Below CACHE_KEY_STREAM_MIN that is tscope_key_init's
 * doing: the stream only grows, so what lies past its end was never written
 * since.  Beyond, a 16-byte store of zeros covers the padding. */
static inline void pad(tscope_key *k) {
    static const unsigned char zeros[16];
    uint32_t end = k->nbytes_;
    if (end <= CACHE_KEY_STREAM_MIN)
        return;
    if (end <= sizeof k->bytes_ - 16)
        memcpy(k->bytes_ + end, zeros, 16);
    else
        memset(k->bytes_ + end, 0, sizeof k->bytes_ - end);
}

int tscope_key_add_tensor(tscope_key *k, void *h) {
    /* The generation is what makes a later tensor at the same address a
     * different key: it is 0 for anything not live and tracked. */
    uint64_t gen = h ? generation_of(h) : 0;
    if (gen == 0) {
        k->overflow_ |= CACHE_KEY_DEAD_TENSOR;
        return -1;
    }
    if (k->ntensors_ == TSCOPE_KEY_MAX_TENSORS) {
        k->overflow_ |= CACHE_KEY_FULL;
        return -1;
    }
    unsigned char *dst = reserve(k, 9, 1);
    if (!dst)
        return -1;
    dst[0] = TAG_TENSOR;
    memcpy(dst + 1, &gen, 8);
    pad(k);
    k->handles_[k->ntensors_] = h;
    k->generations_[k->ntensors_] = gen;
    k->ntensors_++;
    /* The generation alone: it names one tensor (the address adds nothing
     * to tell keys apart), and one mix keeps the chain of multiplies that
     * building a key waits on short. */
    k->hash_ = mix(k->hash_, gen ^ ((uint64_t)TAG_TENSOR << 56));
    return 0;
}

int tscope_key_add_bytes(tscope_key *k, const void *p, size_t n) {
    /* One length byte: a part can never exceed the whole stream anyway. */
    if (n > TSCOPE_KEY_MAX_BYTES - 2) {
        k->overflow_ |= CACHE_KEY_FULL;
        return -1;
    }
    unsigned char *dst = reserve(k, n + 2, 0);
    if (!dst)
        return -1;
    dst[0] = TAG_BYTES;
    dst[1] = (unsigned char)n;
    dst += 2;
    /* Copy and hash a word at a time (no memcpy call for a few bytes). */
    uint64_t h = mix(k->hash_, ((uint64_t)TAG_BYTES << 56) | n);
    const unsigned char *src = p;
    for (; n >= 8; n -= 8, src += 8, dst += 8) {
        uint64_t w;
        memcpy(&w, src, 8);
        memcpy(dst, &w, 8);
        h = mix(h, w);
    }
    if (n) {
        uint64_t w = 0;
        memcpy(&w, src, n);
        memcpy(dst, src, n);
        h = mix(h, w);
    }
    k->hash_ = h;
    pad(k);
    return 0;
}

int tscope_key_add_u64(tscope_key *k, uint64_t v) {
    unsigned char *dst = reserve(k, 9, 0);
    if (!dst)
        return -1;
    dst[0] = TAG_U64;
    memcpy(dst + 1, &v, 8);
    pad(k);
    k->hash_ = mix(k->hash_, v ^ ((uint64_t)TAG_U64 << 56));
    return 0;
}

void cache_key_copy_from(cache_key_copy *dst, const tscope_key *k, uint64_t hash) {
    dst->hash = hash;
    dst->ntensors = k->ntensors_;
    dst->nbytes = k->nbytes_;
    for (uint32_t i = 0; i < k->ntensors_; i++) {
        dst->handles[i] = k->handles_[i];
        dst->generations[i] = k->generations_[i];
    }
    memcpy(dst->image, cache_key_image(k), cache_key_image_size(k->nbytes_));
}
