/*
 * cache_types.h -- the data structures the cache's files share (only types:
 * each file's functions are declared in its own header, and the files call
 * each other one way, see cache.c).
 *
 * Locks, in the only order they are ever nested:
 *   holders list lock -> cache->lock
 * cache->watch_lock is never held together with another cache lock.  No
 * cache lock is held while calling the registry (which may hold its own lock
 * while asking our describer, i.e. registry -> holders -> cache), except
 * watch_lock around tscope_watch_cancel_ (see cache_entry.c for why).
 * value_free and other user code never run under any cache lock.
 */
#ifndef TSCOPE_RUNTIME_CACHE_TYPES_H
#define TSCOPE_RUNTIME_CACHE_TYPES_H

#include "cache_key.h"
#include "tensorscope.h"
#include "core/watch.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

typedef struct cache_entry cache_entry;

/* Where an entry is in its life; changed only under cache->lock. */
typedef enum entry_state {
    ENTRY_PENDING, /* put is still adding watches; not in the table yet */
    ENTRY_DOOMED,  /* a key tensor died while PENDING: put must finish it */
    ENTRY_LIVE,    /* in the table and the LRU list */
    ENTRY_DEAD     /* unlinked; whoever unlinked it frees the value */
} entry_state;

/*
 * One watch on one distinct key tensor.  The registry's callback gets the
 * slot as its context.  `fired` and `cancelled` are guarded by
 * cache->watch_lock: they make sure tscope_watch_cancel_ is never called on a
 * watch whose callback has finished (the registry owns that memory then).
 */
typedef struct entry_slot {
    cache_entry *entry;
    void *handle;        /* the key tensor watched */
    uint64_t generation;
    tscope_watch_ *watch;
    unsigned char fired;
    unsigned char cancelled;
} entry_slot;

/* A tensor the value owns a reference to (declared with put_holding). */
typedef struct held_tensor {
    void *handle;
    uint64_t generation;
} held_tensor;

/* Links of the LRU list; the cache holds the sentinel. */
typedef struct lru_node {
    struct lru_node *prev, *next;
} lru_node;

struct cache_entry {
    lru_node lru;       /* first, so a node converts back to its entry */
    cache_entry *chain; /* next in the hash bucket */
    tscope_cache *cache;
    uint64_t serial; /* unique in its cache: recognizes it in hit logs */
    void *value;
    const tscope_site *created;      /* the put's site, for the leak report */
    /*
     * Who still needs this memory: 1 for the entry's life in the cache (the
     * put that made it, then the table), plus 1 per watch that has not been
     * cancelled -- its callback may still come, even after the entry died.
     */
    atomic_uint refs;
    entry_state state;
    /* Gets that pinned the value (tscope_cache_get_retained) and have not
     * released it; when the entry dies with pins left, value_free waits for
     * the last release (free_when_unpinned).  Both under cache->lock. */
    unsigned pins;
    unsigned char free_when_unpinned;
    unsigned nslots;
    entry_slot slots[TSCOPE_KEY_MAX_TENSORS];
    size_t nheld;
    held_tensor *held; /* the handles declared by put_holding, or NULL */
    cache_key_copy key;
    unsigned char key_image[]; /* key.image points here */
};

static inline cache_entry *entry_of(lru_node *n) {
    return (cache_entry *)n;
}

struct tscope_cache {
    pthread_mutex_t lock;       /* table, LRU list, entry states, counters */
    pthread_mutex_t watch_lock; /* slot fired/cancelled flags */
    void (*value_free)(void *value);
    size_t capacity;
    size_t size;
    size_t nbuckets; /* a power of two */
    cache_entry **buckets;
    lru_node lru; /* sentinel of the circular LRU list, most recent first */
    uint64_t hits, misses, evictions_lru, evictions_released; /* hits: locked
                                 path only; the views count the others */
    uint64_t id;                /* unique for the process: finds views */
    /* Bumped (under the lock) whenever an entry leaves the table: hits
     * remembered by the per-thread views are valid while it stays. */
    atomic_uint_fast64_t version;
    uint64_t next_serial;
    struct cache_view *views; /* per-thread views (cache_fast.c) */
    unsigned nviews;
    /* 1 for the owner until tscope_cache_free, plus 1 per entry not yet
     * freed: a late watch callback may still lock the cache. */
    atomic_uint refs;
    tscope_cache *holders_next; /* in the list of live caches */
};

#endif
