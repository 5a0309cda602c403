/*
 * origin.c -- interning of (kind, site, release function, scope site).
 *
 * Why: a record must stay at 32 bytes, so instead of three pointers it keeps
 * one index into this table.  A program has few distinct origins (one per
 * creation call site and scope), so the table stays small; lookups that
 * miss the per-thread cache (scope.c) take one mutex.  Entries never move
 * (chunked storage), so readers index the table without a lock.
 */
#include "internal.h"

#include <pthread.h>
#include <stdlib.h>

#define CHUNK_BITS 10
#define CHUNK_SIZE (1u << CHUNK_BITS)
#define MAX_CHUNKS 4096 /* 4M distinct origins */

static _Atomic(ts_origin *) chunks[MAX_CHUNKS];
static uint32_t count = 1; /* index 0: the empty origin */
static uint32_t *table;    /* open addressing: origin index, 0 = empty */
static size_t table_cap;
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static const ts_origin empty_origin = {0};

static uint64_t hash_origin(ts_origin_kind kind, const tscope_site *site,
                            void (*release)(void *), const tscope_site *scope) {
    uint64_t h = (uint64_t)kind * 0x9E3779B97F4A7C15u;
    h ^= (uint64_t)(uintptr_t)site;
    h *= 0xff51afd7ed558ccdu;
    h ^= (uint64_t)(uintptr_t)release; /* function pointer to integer: fine on POSIX */
    h *= 0xc4ceb9fe1a85ec53u;
    h ^= (uint64_t)(uintptr_t)scope;
    h *= 0x9E3779B97F4A7C15u;
    return h ^ (h >> 29);
}

void ts_origin_reset_after_fork(void) { pthread_mutex_init(&mutex, NULL); }

const ts_origin *ts_origin_get(uint32_t index) {
    if (index == 0)
        return &empty_origin;
    ts_origin *chunk = atomic_load_explicit(&chunks[index >> CHUNK_BITS], memory_order_acquire);
    return &chunk[index & (CHUNK_SIZE - 1)];
}

static bool same(const ts_origin *o, ts_origin_kind kind, const tscope_site *site,
                 void (*release)(void *), const tscope_site *scope) {
    return o->kind == kind && o->site == site && o->release == release && o->scope == scope;
}

static void grow_table(void) {
    size_t cap = table_cap ? table_cap * 2 : 256;
    uint32_t *t = calloc(cap, sizeof *t);
    if (!t)
        return;
    for (uint32_t i = 1; i < count; i++) {
        const ts_origin *o = ts_origin_get(i);
        size_t pos = hash_origin(o->kind, o->site, o->release, o->scope) & (cap - 1);
        while (t[pos])
            pos = (pos + 1) & (cap - 1);
        t[pos] = i;
    }
    free(table);
    table = t;
    table_cap = cap;
}

uint32_t ts_origin_intern(ts_origin_kind kind, const tscope_site *site,
                          void (*release)(void *), const tscope_site *scope) {
    if (kind == TS_ORIGIN_NONE)
        return 0;
    uint32_t result = 0;
    pthread_mutex_lock(&mutex);
    if ((count + 1) * 2 > table_cap)
        grow_table();
    if (!table)
        goto out; /* out of memory: report the site as unknown */
    uint64_t h = hash_origin(kind, site, release, scope);
    size_t pos = h & (table_cap - 1);
    while (table[pos]) {
        if (same(ts_origin_get(table[pos]), kind, site, release, scope)) {
            result = table[pos];
            goto out;
        }
        pos = (pos + 1) & (table_cap - 1);
    }
    if (count >= (uint32_t)MAX_CHUNKS * CHUNK_SIZE)
        goto out;
    uint32_t c = count >> CHUNK_BITS;
    ts_origin *chunk = atomic_load_explicit(&chunks[c], memory_order_relaxed);
    if (!chunk) {
        chunk = calloc(CHUNK_SIZE, sizeof *chunk);
        if (!chunk)
            goto out;
        atomic_store_explicit(&chunks[c], chunk, memory_order_release);
    }
    ts_origin *o = &chunk[count & (CHUNK_SIZE - 1)];
    o->kind = kind;
    o->site = site;
    o->release = release;
    o->scope = scope;
    table[pos] = count;
    result = count++;
out:
    pthread_mutex_unlock(&mutex);
    return result;
}

void ts_format_released(uintptr_t released, char *buf, size_t n) {
    const tscope_site *site = (const tscope_site *)(released & ~(uintptr_t)TS_RELEASED_TAGS);
    char text[1024];
    ts_format_site(site, text, sizeof text);
    switch (released & TS_RELEASED_TAGS) {
    case TS_RELEASED_BY_SCOPE:
        snprintf(buf, n, "by the scope begun at %s", text);
        break;
    case TS_RELEASED_LOST:
        snprintf(buf, n, "unseen (its address was tracked again at %s)", text);
        break;
    default:
        snprintf(buf, n, "at %s", text);
        break;
    }
}
