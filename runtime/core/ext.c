/*
 * ext.c -- rare per-record data (watches and finalizers, ephemeral holds,
 * stack traces), kept out of the 32-byte record in one side table keyed by
 * record index.  A record flags TS_REC_HAS_EXT when it has an entry, so the
 * common path never looks here.  One mutex guards it all; lock order is
 * shard lock, then this lock.
 */
#include "internal.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

typedef struct slot {
    uint32_t idx; /* record index + 1; 0 empty; UINT32_MAX deleted */
    ts_ext *ext;
} slot;

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static slot *table;
static size_t cap, used, deleted;

void ts_ext_lock(void) { pthread_mutex_lock(&mutex); }
void ts_ext_reset_after_fork(void) { pthread_mutex_init(&mutex, NULL); }

bool ts_ext_trylock_bounded(void) {
    for (unsigned tries = 0; tries < 1000; tries++) {
        if (pthread_mutex_trylock(&mutex) == 0)
            return true;
        sched_yield();
    }
    return false;
}
void ts_ext_unlock(void) { pthread_mutex_unlock(&mutex); }

/* The table is indexed by the low bits of this.  A record index is
 * shard << TS_LOCAL_BITS | local, and a 32-bit multiply's low bits depend
 * only on the index's low bits (the local part, small in every shard): the
 * high half of a 64-bit product is folded in, or records at one local index
 * of many shards all pile up in one run of the table (measured: a release
 * firing a finalizer took 4x as long). */
static size_t hash_idx(uint32_t idx) {
    uint64_t x = (uint64_t)idx * 0x9E3779B97F4A7C15u;
    return (size_t)(x ^ (x >> 32));
}

static slot *find(uint32_t idx) {
    if (!cap)
        return NULL;
    for (size_t pos = hash_idx(idx) & (cap - 1);; pos = (pos + 1) & (cap - 1)) {
        if (table[pos].idx == 0)
            return NULL;
        if (table[pos].idx == idx + 1)
            return &table[pos];
    }
}

static bool rehash(size_t live) {
    size_t ncap = 64;
    while (ncap < live * 2 + 2)
        ncap *= 2;
    slot *t = calloc(ncap, sizeof *t);
    if (!t)
        return false;
    for (size_t i = 0; i < cap; i++) {
        if (table[i].idx == 0 || table[i].idx == UINT32_MAX)
            continue;
        size_t pos = hash_idx(table[i].idx - 1) & (ncap - 1);
        while (t[pos].idx)
            pos = (pos + 1) & (ncap - 1);
        t[pos] = table[i];
    }
    free(table);
    table = t;
    cap = ncap;
    used -= deleted;
    deleted = 0;
    return true;
}

ts_ext *ts_ext_get(uint32_t idx, bool create) {
    slot *s = find(idx);
    if (s || !create)
        return s ? s->ext : NULL;
    if ((used + 1) * 4 > cap * 3 && !rehash(used - deleted + 1))
        return NULL;
    ts_ext *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    size_t pos = hash_idx(idx) & (cap - 1);
    while (table[pos].idx != 0 && table[pos].idx != UINT32_MAX)
        pos = (pos + 1) & (cap - 1);
    if (table[pos].idx == UINT32_MAX)
        deleted--;
    else
        used++;
    table[pos].idx = idx + 1;
    table[pos].ext = e;
    return e;
}

void ts_ext_drop(uint32_t idx) {
    slot *s = find(idx);
    if (!s)
        return;
    ts_ext *e = s->ext;
    /* Pending watches of a record being dropped can only exist if it was
     * never killed; free them so nothing leaks (they will never fire). */
    for (struct tscope_watch_ *w = e->watches, *next; w; w = next) {
        next = w->next;
        free(w);
    }
    free(e->created_bt);
    free(e->released_bt);
    free(e->scope_holds);
    free(e);
    s->idx = UINT32_MAX;
    s->ext = NULL;
    deleted++;
}
