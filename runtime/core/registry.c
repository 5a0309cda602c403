/*
 * registry.c -- handle -> record, generations, the released-tensor history.
 *
 * The address space of handles is split into 1024 shards by a hash of the
 * address; each shard has its own lock, its own open-addressing table
 * (4-byte slots holding record indexes: the handle is compared through the
 * record, which keeps the table small) and its own record slabs, so two
 * threads working on different tensors rarely touch the same cache lines.
 * A record belongs to one shard for ever: its global index is
 * shard << 16 | local index.  A slot holds the local index + 1 in its low
 * 21 bits and 11 more bits of the handle's hash above them (a tag), so a
 * probe passes over other handles' slots without loading their records.
 *
 * track and release come in three tiers.  The public functions are the
 * hint paths: a handle this thread tracked or released lately (ts_recent)
 * names its record, checked against the record's generation under the shard
 * lock, with no hash and no probe.  The probing paths hash, lock and probe,
 * for the common case (no options that record stacks or print, no watches,
 * no references beyond the creation's, no table growth).  Anything else
 * unlocks and takes the general path, which re-checks all under the lock,
 * so the faster tiers never have to be complete, only right.
 *
 * Released tensors stay in the table as tombstones (generation | DEAD) so a
 * second release can say where the tensor was created and first released.
 * Tombstones are kept in a per-shard FIFO of ceil(released_history / 1024)
 * entries, rounded up to a power of two (so a push is a mask, not a
 * division or a wrap test); when one falls out, its record is recycled.  A
 * double release older than that history is indistinguishable from the
 * release of a handle never tracked and passes silently: the price of
 * bounded memory.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A slot: tag << SLOT_TAG_SHIFT | (local index + 1).  Local indexes stay
 * below 2^16, so no occupied slot equals SLOT_DELETED. */
#define SLOT_EMPTY 0u
#define SLOT_DELETED UINT32_MAX
#define SLOT_TAG_SHIFT 21
#define SLOT_LOCAL_MASK ((1u << SLOT_TAG_SHIFT) - 1)

typedef ts_ring_entry ring_entry; /* internal.h: shared with the threads' rings */
#define ring_entry_current ts_ring_entry_current

/* 128 bytes, aligned: a shard's lock never shares a cache line (or the
 * pair the prefetcher fetches together) with another's, and a shard's
 * address is its number shifted, not multiplied. */
typedef struct ts_shard {
    _Alignas(128) ts_lock lock;
    /* Not next to ring_pushed: a release adds to both, and a compiler that
     * pairs the two adds into one 16-byte vector add makes the next 8-byte
     * load of either wait for the store (store forwarding fails), which
     * cost a create-release loop 5 ns. */
    size_t live; /* under the lock, like everything here */
    uint32_t *slots;
    size_t cap, used, deleted; /* used counts live + deleted slots */
    uint32_t next_local;
    uint32_t *free_list;
    size_t nfree, free_cap;
    ring_entry *ring;
    size_t ring_mask;  /* capacity - 1; the capacity is a power of two */
    size_t ring_pushed; /* pushes ever: the next goes to ring_pushed & ring_mask */
} ts_shard;
_Static_assert(sizeof(ts_shard) == 128, "a shard is 128 bytes");

static ts_shard shards[TS_NSHARDS];
/* Every shard's record slabs in one table, so finding a record costs a
 * few shifts, a load and an add.  Slab-major: the first slabs of all the
 * shards sit side by side.  (Shard-major, they sat 8 KiB apart, all
 * in one L1 set, and a probe missed the cache on the table itself.) */
static _Atomic(ts_record *) slabs[TS_SLABS_PER_SHARD * TS_NSHARDS];
static inline size_t slab_slot(uint32_t shard_no, uint32_t slab_no) {
    return (size_t)slab_no << TS_SHARD_BITS | shard_no;
}

/* MurmurHash3's 64-bit finalizer, whole.  (Its first half alone leaves the
 * top bits, which pick the shard, an affine function of nearby addresses:
 * two threads' arrays of tensors then met in the same shards far more often
 * than chance, and every meeting moves a lock's cache line between cores.) */
static inline uint64_t hash_handle(const void *h) {
    uint64_t x = (uint64_t)(uintptr_t)h;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdu;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53u;
    x ^= x >> 33;
    return x;
}
static inline uint32_t shard_index(const void *h) {
    return (uint32_t)(hash_handle(h) >> (64 - TS_SHARD_BITS));
}
static inline ts_shard *shard_of(const void *h) { return &shards[shard_index(h)]; }
/* The tag of a hash: bits that neither the shard (the top 10) nor the slot
 * position (the low bits; at most 2^18 slots a shard) use. */
static inline uint32_t slot_tag(uint64_t hash) {
    return (uint32_t)(hash >> 40) << SLOT_TAG_SHIFT;
}
static inline uint32_t slot_local(uint32_t v) { return (v & SLOT_LOCAL_MASK) - 1; }
static inline uint32_t slot_value(uint64_t hash, uint32_t idx) {
    return slot_tag(hash) | ((idx & ((1u << TS_LOCAL_BITS) - 1)) + 1);
}

/* Under the shard lock: one add to memory.  (tscope_live_count takes
 * each shard's lock to read it: counting is rare, creating is not.) */
static inline void shard_live_add(ts_shard *s, int delta) {
    s->live += (size_t)(ptrdiff_t)delta;
}

static inline ts_record *record_at(uint32_t idx) {
    uint32_t slab_no = (idx >> TS_SLAB_BITS) & (TS_SLABS_PER_SHARD - 1);
    ts_record *slab =
        atomic_load_explicit(&slabs[slab_slot(idx >> TS_LOCAL_BITS, slab_no)], memory_order_acquire);
    return &slab[idx & ((1u << TS_SLAB_BITS) - 1)];
}
static inline uint32_t shard_global(const ts_shard *s, uint32_t local) {
    return (uint32_t)(s - shards) << TS_LOCAL_BITS | local;
}
static inline ts_record *shard_record(ts_shard *s, uint32_t local) {
    return record_at(shard_global(s, local));
}
ts_record *ts_record_at(uint32_t idx) { return record_at(idx); }

void ts_lock_record(uint32_t idx) { ts_lock_acquire(&shards[idx >> TS_LOCAL_BITS].lock); }
void ts_unlock_record(uint32_t idx) { ts_lock_release(&shards[idx >> TS_LOCAL_BITS].lock); }
void ts_lock_handle(void *h) { ts_lock_acquire(&shard_of(h)->lock); }
void ts_unlock_handle(void *h) { ts_lock_release(&shard_of(h)->lock); }

/* ---- the table ---------------------------------------------------------- */

/* The slot of h, or of the empty slot that ends its probe (then the result
 * is TS_NO_INDEX).  The shard's table must exist (cap > 0).  `hash` is
 * hash_handle(h): the hot paths compute it once for the shard (its top
 * bits), the slot (its low bits) and the tag. */
static inline uint32_t table_probe(ts_shard *s, const void *h, uint64_t hash, size_t *slot_out) {
    size_t mask = s->cap - 1, pos = hash & mask;
    uint32_t tag = slot_tag(hash);
    for (;;) {
        uint32_t v = s->slots[pos];
        if (v == SLOT_EMPTY)
            break;
        /* SLOT_DELETED has every tag bit set: the explicit test keeps it
         * from matching a handle whose tag is all ones. */
        if ((v & ~SLOT_LOCAL_MASK) == tag && v != SLOT_DELETED &&
            ts_rec_handle(shard_record(s, slot_local(v))) == h) {
            *slot_out = pos;
            return shard_global(s, slot_local(v));
        }
        pos = (pos + 1) & mask;
    }
    *slot_out = pos;
    return TS_NO_INDEX;
}

static uint32_t table_find_hashed(ts_shard *s, const void *h, uint64_t hash, size_t *slot_out) {
    if (!s->cap)
        return TS_NO_INDEX;
    size_t slot;
    uint32_t idx = table_probe(s, h, hash, &slot);
    if (idx != TS_NO_INDEX && slot_out)
        *slot_out = slot;
    return idx;
}

static uint32_t table_find(ts_shard *s, const void *h, size_t *slot_out) {
    return table_find_hashed(s, h, hash_handle(h), slot_out);
}

static bool table_rehash(ts_shard *s, size_t min_entries) {
    size_t cap = 64;
    while (cap < min_entries * 2)
        cap *= 2;
    uint32_t *slots = calloc(cap, sizeof *slots);
    if (!slots)
        return false;
    for (size_t i = 0; i < s->cap; i++) {
        uint32_t v = s->slots[i];
        if (v == SLOT_EMPTY || v == SLOT_DELETED)
            continue;
        size_t pos = hash_handle(ts_rec_handle(shard_record(s, slot_local(v)))) & (cap - 1);
        while (slots[pos] != SLOT_EMPTY)
            pos = (pos + 1) & (cap - 1);
        slots[pos] = v;
    }
    free(s->slots);
    s->slots = slots;
    s->cap = cap;
    s->used -= s->deleted;
    s->deleted = 0;
    return true;
}

/* Inserts h (known absent) -> idx.  False when out of memory. */
/* Whether one more slot would fill the table past 3/4. */
static inline bool table_full(const ts_shard *s) { return (s->used + 1) * 4 > s->cap * 3; }

static bool table_insert(ts_shard *s, const void *h, uint32_t idx) {
    if (table_full(s) && !table_rehash(s, s->used - s->deleted + 1))
        return false;
    size_t mask = s->cap - 1, pos = hash_handle(h) & mask;
    while (s->slots[pos] != SLOT_EMPTY && s->slots[pos] != SLOT_DELETED)
        pos = (pos + 1) & mask;
    if (s->slots[pos] == SLOT_DELETED)
        s->deleted--;
    else
        s->used++;
    s->slots[pos] = slot_value(hash_handle(h), idx);
    return true;
}

static void table_remove(ts_shard *s, const void *h) {
    size_t slot;
    if (table_find(s, h, &slot) == TS_NO_INDEX)
        return;
    s->slots[slot] = SLOT_DELETED;
    s->deleted++;
}

/* ---- records ------------------------------------------------------------ */

static uint32_t record_alloc(ts_shard *s) {
    uint32_t shard_no = (uint32_t)(s - shards);
    if (s->nfree)
        return shard_no << TS_LOCAL_BITS | s->free_list[--s->nfree];
    if (s->next_local >= (1u << TS_LOCAL_BITS))
        return TS_NO_INDEX;
    uint32_t local = s->next_local;
    uint32_t slab_no = local >> TS_SLAB_BITS;
    if (!atomic_load_explicit(&slabs[slab_slot(shard_no, slab_no)],
                              memory_order_relaxed)) {
        ts_record *slab = calloc(1u << TS_SLAB_BITS, sizeof *slab);
        if (!slab)
            return TS_NO_INDEX;
        atomic_store_explicit(&slabs[slab_slot(shard_no, slab_no)], slab,
                              memory_order_release);
    }
    s->next_local++;
    return shard_no << TS_LOCAL_BITS | local;
}

static void record_free(ts_shard *s, uint32_t idx, ts_record *r) {
    if (ts_rec_bits(r) & TS_REC_HAS_EXT) {
        ts_ext_lock();
        ts_ext_drop(idx);
        ts_ext_unlock();
    }
    atomic_store_explicit(&r->generation, 0, memory_order_release);
    ts_rec_set_handle(r, NULL);
    ts_rec_set_bits(r, 0);
    if (s->nfree == s->free_cap) {
        size_t cap = s->free_cap ? s->free_cap * 2 : 256;
        uint32_t *fl = realloc(s->free_list, cap * sizeof *fl);
        if (!fl)
            return; /* the record is simply never reused */
        s->free_list = fl;
        s->free_cap = cap;
    }
    s->free_list[s->nfree++] = idx & ((1u << TS_LOCAL_BITS) - 1);
}

/* The first release in a shard sizes its ring, once; without history (or
 * memory for it) the tombstone is dropped at once.  False: dropped. */
__attribute__((noinline)) static bool quarantine_setup(ts_shard *s, uint32_t idx, ts_record *r) {
    size_t want = (ts_opts.released_history + TS_NSHARDS - 1) / TS_NSHARDS, cap = 1;
    while (cap < want)
        cap *= 2;
    if (want)
        s->ring = calloc(cap, sizeof *s->ring);
    if (!s->ring) {
        table_remove(s, ts_rec_handle(r));
        record_free(s, idx, r);
        return false;
    }
    s->ring_mask = cap - 1;
    return true;
}

/* Recycles the tombstone of a ring entry that falls out of the history,
 * if the entry is still that tombstone's (a new track at its address
 * reuses the record, and the entry then no longer matches). */
__attribute__((noinline)) static void quarantine_evict(ts_shard *s, ring_entry old) {
    if (!ring_entry_current(old))
        return;
    table_remove(s, ts_rec_handle(old.record));
    record_free(s, old.idx, old.record);
}

/* Remembers a new tombstone, recycling the oldest one beyond the history. */
/* Takes the ring entry the next push overwrites (the ring must exist).
 * Once the ring has gone round, that entry may name a tombstone to recycle
 * first (mostly not: its address was tracked again): *evict says so. */
static inline ring_entry *ring_claim(ts_shard *s, bool *evict) {
    size_t n = s->ring_pushed++;
    ring_entry *e = &s->ring[n & s->ring_mask];
    *evict = n > s->ring_mask && ring_entry_current(*e);
    return e;
}

static inline void quarantine_push(ts_shard *s, uint32_t idx, ts_record *r) {
    if (__builtin_expect(!s->ring, 0) && !quarantine_setup(s, idx, r))
        return;
    bool evict;
    ring_entry *e = ring_claim(s, &evict);
    if (evict)
        quarantine_evict(s, *e);
    uint64_t gen = atomic_load_explicit(&r->generation, memory_order_relaxed);
    *e = (ring_entry){r, idx, (uint32_t)gen};
}

/* The rare half of a death: watches to fire, stacks to keep. */
__attribute__((noinline)) static void kill_ext_locked(uint32_t idx, ts_record *r,
                                                      const ts_backtrace *release_bt,
                                                      struct tscope_watch_ **fire) {
    if (ts_rec_bits(r) & TS_REC_HAS_EXT) {
        ts_ext_lock();
        ts_ext *e = ts_ext_get(idx, false);
        if (e) {
            /* Scope holdings of a shared tensor (TS_REC_SCOPE_HOLDS) stay:
             * nothing reads a tombstone's, and ts_ext_drop frees them when
             * the record is reused. */
            for (struct tscope_watch_ *w = e->watches; w; w = w->next)
                w->state = TS_WATCH_FIRING;
            *fire = e->watches;
            e->watches = NULL;
            e->holds = 0;
            if (release_bt && !e->released_bt)
                e->released_bt = ts_backtrace_copy(release_bt);
        }
        ts_ext_unlock();
    } else if (release_bt) {
        ts_backtrace *bt = ts_backtrace_copy(release_bt);
        if (bt) {
            ts_ext_lock();
            ts_ext *e = ts_ext_get(idx, true);
            if (e) {
                e->released_bt = bt;
                ts_rec_add_bits(r, TS_REC_HAS_EXT);
            } else {
                free(bt);
            }
            ts_ext_unlock();
        }
    }
}

/* Turns live record r into a tombstone; its watches go to *fire. */
static inline void kill_locked(ts_shard *s, uint32_t idx, ts_record *r, uintptr_t released,
                               const ts_backtrace *release_bt, struct tscope_watch_ **fire,
                               bool to_quarantine) {
    uint64_t gen = atomic_load_explicit(&r->generation, memory_order_relaxed);
    /* Weak references read NULL from here on. */
    atomic_store_explicit(&r->generation, gen | TS_GEN_DEAD, memory_order_release);
    ts_rec_set_released(r, released);
    /* No scope releases a tombstone; the shard's ring holds it. */
    ts_rec_set_bits(r, ts_rec_bits(r) & TS_REC_FLAG_MASK & ~(uint32_t)TS_REC_PRIVATE);
    shard_live_add(s, -1);
    if ((ts_rec_bits(r) & TS_REC_HAS_EXT) || release_bt)
        kill_ext_locked(idx, r, release_bt, fire);
    if (to_quarantine)
        quarantine_push(s, idx, r);
}

int ts_release_record_locked(uint32_t idx, ts_record *r, uintptr_t released,
                             const ts_backtrace *release_bt, struct tscope_watch_ **fire) {
    ts_shard *s = &shards[idx >> TS_LOCAL_BITS];
    *fire = NULL;
    if (ts_rec_refs(r) > 1) {
        ts_rec_set_refs(r, ts_rec_refs(r) - 1);
        if (ts_rec_bits(r) & TS_REC_HAS_EXT) {
            /* Only ephemeral references left?  Then the holders die first:
             * they give their references back with ordinary releases. */
            ts_ext_lock();
            ts_ext *e = ts_ext_get(idx, false);
            if (e && e->holds && e->holds == ts_rec_refs(r)) {
                struct tscope_watch_ **link = &e->watches, *tail = NULL;
                while (*link) {
                    struct tscope_watch_ *w = *link;
                    if (w->holds) {
                        *link = w->next;
                        w->next = NULL;
                        w->state = TS_WATCH_FIRING;
                        e->holds -= w->holds;
                        if (tail)
                            tail->next = w;
                        else
                            *fire = w;
                        tail = w;
                    } else {
                        link = &w->next;
                    }
                }
            }
            ts_ext_unlock();
        }
        return 0;
    }
    kill_locked(s, idx, r, released, release_bt, fire, true);
    return 1;
}

/* ---- the public entry points ------------------------------------------- */

static void fill_info(tscope_release_info *info, void *h, uint64_t gen, uint32_t origin,
                      const tscope_site *released, tscope_release_reason reason) {
    info->handle = h;
    info->generation = gen & ~TS_GEN_DEAD;
    info->created = ts_origin_get(origin)->site;
    info->released = released;
    info->reason = reason;
}

static void report_lost(void *h, uint64_t gen, uint32_t origin, const tscope_site *at) {
    char created[1024], again[1024];
    ts_format_site(ts_origin_get(origin)->site, created, sizeof created);
    ts_format_site(at, again, sizeof again);
    ts_diag("tensor %p (generation %llu) created at %s was lost: its address was "
            "tracked again at %s, so it was freed where TensorScope could not see",
            h, (unsigned long long)gen, created, again);
}

/* Makes r (a fresh record or a tombstone being reused) the new tensor's,
 * up to its generation, which the caller publishes last. */
static inline void record_start(ts_record *r, void *h, uint32_t origin, uint32_t depth) {
    ts_rec_set_handle(r, h);
    ts_rec_set_origin(r, origin);
    ts_rec_set_refs(r, 1);
    ts_rec_set_bits(r, depth << TS_REC_DEPTH_SHIFT);
}

/* Under h's shard lock: one more creation of the live shared tensor r
 * (tscope_track_shared), joining scope `depth` of this thread when not 0.
 * The record's depth is its newest scope holding; the older holdings'
 * depths wait on a stack in ext.c, and each scope end that releases the
 * tensor pops one (ts_scope_hold_pop_locked).  Returns whether the creation
 * joined the scope (the caller then pushes the scope entry). */
static bool shared_join_locked(uint32_t idx, ts_record *r, uint32_t depth) {
    ts_rec_set_refs(r, ts_rec_refs(r) + 1);
    if (!depth)
        return false; /* this creation's reference is the program's */
    uint32_t held = ts_record_depth(r);
    if (held) {
        ts_ext_lock();
        ts_ext *e = ts_ext_get(idx, true);
        bool ok = false;
        if (e) {
            ts_rec_add_bits(r, TS_REC_HAS_EXT);
            if (e->nscope_holds == e->scope_holds_cap) {
                uint32_t cap = e->scope_holds_cap ? e->scope_holds_cap * 2 : 4;
                uint32_t *grown = realloc(e->scope_holds, cap * sizeof *grown);
                if (grown) {
                    e->scope_holds = grown;
                    e->scope_holds_cap = cap;
                }
            }
            if (e->nscope_holds < e->scope_holds_cap) {
                e->scope_holds[e->nscope_holds++] = held;
                ts_rec_add_bits(r, TS_REC_SCOPE_HOLDS);
                ok = true;
            }
        }
        ts_ext_unlock();
        if (!ok)
            return false; /* out of memory: reported by the caller */
    }
    ts_record_set_scope(r, depth);
    return true;
}

/* ts_scope_hold_pop_locked for a record with older scope holdings. */
void ts_scope_hold_pop_shared_(uint32_t idx, ts_record *r) {
    uint32_t depth = 0;
    ts_ext_lock();
    ts_ext *e = ts_ext_get(idx, false);
    if (e && e->nscope_holds)
        depth = e->scope_holds[--e->nscope_holds];
    if (!e || !e->nscope_holds)
        ts_rec_set_bits(r, ts_rec_bits(r) & ~(uint32_t)TS_REC_SCOPE_HOLDS);
    ts_ext_unlock();
    ts_record_set_scope(r, depth);
}

static inline void leave_track_hint(ts_thread *t, const void *h, uint64_t gen, ts_record *r,
                                    uint32_t idx, const tscope_site *created);

/* track, all cases: `caller_pc` is where the user's call returns to.
 * `shared`: tscope_track_shared, where a live tensor at h is not lost but
 * created once more. */
__attribute__((noinline)) static void *track_general(void *h, void (*release)(void *),
                                                     const tscope_site *created,
                                                     void *caller_pc, bool shared) {
    ts_thread *t = ts_thread_get();
    uint64_t gen = ts_next_generation(t);
    uint32_t origin = ts_thread_origin(t, created, release);
    uint32_t depth = ts_thread_depth(t);
    ts_backtrace *bt = ts_opts.backtrace ? ts_backtrace_capture(caller_pc) : NULL;

    uint64_t hash = hash_handle(h);
    ts_shard *s = &shards[hash >> (64 - TS_SHARD_BITS)];
    struct tscope_watch_ *lost_watches = NULL;
    uint64_t lost_gen = 0;
    uint32_t lost_origin = 0;
    ts_lock_acquire(&s->lock);
    uint32_t idx = table_find_hashed(s, h, hash, NULL);
    ts_record *r;
    if (idx != TS_NO_INDEX) {
        r = record_at(idx);
        if (shared && ts_record_live(r)) {
            uint64_t live_gen = atomic_load_explicit(&r->generation, memory_order_relaxed);
            if (ts_rec_refs(r) == UINT32_MAX) { /* cannot count more: left alone */
                ts_lock_release(&s->lock);
                free(bt);
                return h;
            }
            bool joined = shared_join_locked(idx, r, depth);
            ts_lock_release(&s->lock);
            free(bt);
            if (joined)
                ts_scope_push(t, idx, live_gen);
            else if (depth)
                ts_diag("out of memory: shared tensor %p will not be released by its scope", h);
            if (ts_opts.verbose) {
                char site[1024];
                ts_format_site(created, site, sizeof site);
                ts_diag("track shared %p (generation %llu, one more reference) at %s", h,
                        (unsigned long long)live_gen, site);
            }
            return h;
        }
        if (ts_record_live(r)) {
            lost_gen = atomic_load_explicit(&r->generation, memory_order_relaxed);
            lost_origin = ts_rec_origin(r);
            kill_locked(s, idx, r, ts_released_tag(created, TS_RELEASED_LOST), NULL,
                        &lost_watches, false);
        }
        /* The tombstone is replaced: the new tensor reuses its record (its
         * ring entry no longer matches and will be skipped). */
        if (ts_rec_bits(r) & TS_REC_HAS_EXT) {
            ts_ext_lock();
            ts_ext_drop(idx);
            ts_ext_unlock();
        }
    } else {
        idx = record_alloc(s);
        if (idx == TS_NO_INDEX || (r = record_at(idx), !table_insert(s, h, idx))) {
            if (idx != TS_NO_INDEX)
                record_free(s, idx, record_at(idx));
            ts_lock_release(&s->lock);
            free(bt);
            ts_diag("out of memory or records: tensor %p is not tracked", h);
            return h;
        }
    }
    record_start(r, h, origin, depth);
    if (bt) {
        ts_ext_lock();
        ts_ext *e = ts_ext_get(idx, true);
        if (e) {
            e->created_bt = bt;
            ts_rec_add_bits(r, TS_REC_HAS_EXT);
            bt = NULL;
        }
        ts_ext_unlock();
    }
    shard_live_add(s, 1);
    atomic_store_explicit(&r->generation, gen, memory_order_release);
    ts_lock_release(&s->lock);
    if (bt)
        free(bt);
    /* As track_probe does (a shard's first tensor, a table growth and a
     * lost tensor come here).  Not under backtrace= or verbose=, whose
     * work the hint paths skip, and not for a shared create. */
    if (!shared && !ts_slow_track)
        leave_track_hint(t, h, gen, r, idx, created);

    if (depth)
        ts_scope_push(t, idx, gen);
    if (lost_gen) {
        /* A live block handed out twice means the runtime missed a release
         * (its blind spot, not the program's bug), or the create returns a
         * shared object not declared so: only verbose=1 says it. */
        if (ts_opts.verbose)
            report_lost(h, lost_gen, lost_origin, created);
        if (lost_watches) {
            tscope_release_info info;
            fill_info(&info, h, lost_gen, lost_origin, created, TSCOPE_RELEASED_BY_USER);
            ts_fire_watches(lost_watches, &info);
        }
    }
    if (ts_opts.verbose) {
        char site[1024];
        ts_format_site(created, site, sizeof site);
        ts_diag("track %p (generation %llu) at %s", h, (unsigned long long)gen, site);
    }
    return h;
}

static void report_double_release(void *h, uint32_t idx, uint64_t gen, uint32_t origin,
                                  uintptr_t released, const tscope_site *at,
                                  const ts_backtrace *now) {
    char created[1024], first[1200], again[1024];
    ts_format_site(ts_origin_get(origin)->site, created, sizeof created);
    ts_format_released(released, first, sizeof first);
    ts_format_site(at, again, sizeof again);
    /* Built in memory and written with one call, so reports from several
     * threads do not interleave. */
    char *text = NULL;
    size_t text_len = 0;
    FILE *out = open_memstream(&text, &text_len);
    if (!out) {
        ts_diag("double release of tensor %p (generation %llu)", h, (unsigned long long)gen);
        return;
    }
    fprintf(out, "TensorScope: double release of tensor %p (generation %llu)\n", h,
            (unsigned long long)gen);
    fprintf(out, "  created at %s\n", created);
    ts_backtrace *cbt = NULL, *rbt = NULL;
    ts_lock_record(idx);
    ts_record *r = record_at(idx);
    /* Copy the traces while the tombstone is certainly still this one. */
    if (atomic_load_explicit(&r->generation, memory_order_relaxed) == (gen | TS_GEN_DEAD) &&
        (ts_rec_bits(r) & TS_REC_HAS_EXT)) {
        ts_ext_lock();
        ts_ext *e = ts_ext_get(idx, false);
        if (e && e->created_bt) {
            size_t n = sizeof *cbt + (size_t)e->created_bt->n * sizeof(void *);
            if ((cbt = malloc(n)))
                memcpy(cbt, e->created_bt, n);
        }
        if (e && e->released_bt) {
            size_t n = sizeof *rbt + (size_t)e->released_bt->n * sizeof(void *);
            if ((rbt = malloc(n)))
                memcpy(rbt, e->released_bt, n);
        }
        ts_ext_unlock();
    }
    ts_unlock_record(idx);
    if (cbt)
        ts_backtrace_print(out, cbt, "      ");
    fprintf(out, "  first released %s\n", first);
    if (rbt)
        ts_backtrace_print(out, rbt, "      ");
    fprintf(out, "  released again at %s\n", again);
    if (now)
        ts_backtrace_print(out, now, "      ");
    fclose(out);
    fwrite(text, 1, text_len, stderr);
    fflush(stderr);
    free(text);
    free(cbt);
    free(rbt);
}

/*
 * What a release of a tombstone answers, after its report.  A tombstone is
 * not proof of a double release: code the runtime does not see (a library
 * built without the plugin, an allocation inside a described creator) may
 * have been handed the address since, and skipping the release of that new
 * object would leak it.  So by default the real release proceeds: a real
 * double release then does exactly what it does without TensorScope (the
 * allocator or ASan catches it).  One exception: when the first release was
 * a scope's end, TensorScope itself called the real release, which the
 * program never asked for; the program's own release is then the one that
 * would free the memory twice, and without TensorScope it would have been
 * the only one, so it is skipped.  double_release=skip answers 0 always (the
 * old behaviour: a buggy program survives, a reused address leaks);
 * double_release=abort and abort_on_error=1 abort.
 */
static int double_release_verdict(uintptr_t released) {
    if (ts_opts.double_release == TS_DOUBLE_RELEASE_ABORT) {
        ts_diag("aborting (double_release=abort)");
        abort();
    }
    ts_misuse_done(); /* abort_on_error=1 */
    if ((released & TS_RELEASED_TAGS) == TS_RELEASED_BY_SCOPE)
        return 0;
    return ts_opts.double_release == TS_DOUBLE_RELEASE_SKIP ? 0 : 1;
}

/* release, all cases: `caller_pc` is where the user's call returns to (the
 * stack is captured from there, so the trace starts at the caller).
 * `inner`: tscope_release_inner, for which a tombstone is no news. */
static int release_any(void *h, const tscope_site *at, void *caller_pc, bool inner) {
    ts_backtrace *bt = ts_opts.backtrace ? ts_backtrace_capture(caller_pc) : NULL;
    uint64_t hash = hash_handle(h);
    ts_shard *s = &shards[hash >> (64 - TS_SHARD_BITS)];
    ts_lock_acquire(&s->lock);
    uint32_t idx = table_find_hashed(s, h, hash, NULL);
    if (idx == TS_NO_INDEX) {
        ts_lock_release(&s->lock);
        free(bt);
        return 1; /* created where the runtime could not see */
    }
    ts_record *r = record_at(idx);
    uint64_t gen = atomic_load_explicit(&r->generation, memory_order_relaxed);
    if (gen & TS_GEN_DEAD) {
        uint32_t origin = ts_rec_origin(r);
        uintptr_t released = ts_rec_released(r);
        bool quiet = ts_rec_bits(r) & TS_REC_DIED_AT_EXIT;
        ts_lock_release(&s->lock);
        if (quiet || inner) {
            /* Finalized by the exit sweep, which never calls the real
             * release: this one is the first, and proceeds.  Or a release
             * inside a library's own release function, of a part it made
             * untracked at an address a released tensor had. */
            free(bt);
            return 1;
        }
        report_double_release(h, idx, gen & ~TS_GEN_DEAD, origin, released, at, bt);
        free(bt);
        return double_release_verdict(released);
    }
    struct tscope_watch_ *fire;
    uint32_t origin = ts_rec_origin(r);
    int died = ts_release_record_locked(idx, r, ts_released_tag(at, TS_RELEASED_AT), bt, &fire);
    ts_lock_release(&s->lock);
    if (bt)
        free(bt);
    if (ts_opts.verbose) {
        char site[1024];
        ts_format_site(at, site, sizeof site);
        ts_diag("release %p (generation %llu) at %s%s", h, (unsigned long long)gen, site,
                died ? "" : " (references remain)");
    }
    if (fire) {
        tscope_release_info info;
        fill_info(&info, h, gen, origin, at, TSCOPE_RELEASED_BY_USER);
        ts_fire_watches(fire, &info);
    }
    return 1;
}

__attribute__((noinline)) static int release_general(void *h, const tscope_site *at,
                                                     void *caller_pc) {
    return release_any(h, at, caller_pc, false);
}

void tscope_release_inner(void *h, const tscope_site *at) {
    if (h)
        (void)release_any(h, at, TS_CALLER_PC(), true);
}

/* kill_locked() for a live record with no rare data and no stack to keep
 * (the release paths' common case), written out: calling kill_locked cost
 * ~38 instructions a release more (callgrind, bench_ops track_release).
 * Weak references read NULL from here on.  Returns the dead generation
 * word; the caller pushes the tombstone to the shard's history. */
static inline uint64_t kill_plain_locked(ts_shard *s, ts_record *r, uint64_t gen,
                                         const tscope_site *at) {
    uint64_t dead = gen | TS_GEN_DEAD;
    atomic_store_explicit(&r->generation, dead, memory_order_release);
    ts_rec_set_released(r, ts_released_tag(at, TS_RELEASED_AT));
    ts_rec_set_bits(r, 0);
    shard_live_add(s, -1);
    return dead;
}

/* ---- the owner's paths: no lock, no atomic read-modify-write ------------ */

/* The owner's kill of its live record r (no rare data, one reference): the
 * release store of the dead generation is what weak references and other
 * threads read; the rest are plain stores.  The tombstone goes to the
 * thread's own history ring (the caller pushes it). */
static inline uint64_t kill_owned(ts_thread *t, ts_record *r, uint64_t gen, uintptr_t released) {
    uint64_t dead = gen | TS_GEN_DEAD;
    atomic_store_explicit(&r->generation, dead, memory_order_release);
    ts_rec_set_released(r, released);
    ts_rec_set_bits(r, TS_REC_PRIVATE);
    ts_thread_live_add(t, -1);
    return dead;
}

/* Recycles a tombstone pushed out of a thread's history ring, under its
 * shard's lock, if the entry is still that tombstone (a new track at its
 * address reuses the record, and the entry then no longer matches). */
static void owned_evict(ring_entry old) {
    ts_shard *s = &shards[old.idx >> TS_LOCAL_BITS];
    ts_lock_acquire(&s->lock);
    if (ring_entry_current(old) && (ts_rec_bits(old.record) & TS_REC_PRIVATE)) {
        table_remove(s, ts_rec_handle(old.record));
        record_free(s, old.idx, old.record);
    }
    ts_lock_release(&s->lock);
}

/* Push number n (ring_pushed already counts it) would overwrite a tombstone
 * still waiting: the ring doubles while it is below its maximum (so a
 * thread that keeps few tombstones keeps a small ring), else that tombstone
 * is recycled. */
__attribute__((noinline)) static void owned_ring_wrap(ts_thread *t, size_t n, ring_entry add) {
    size_t cap = t->ring_mask + 1;
    if (cap < t->ring_max) {
        ring_entry *grown = malloc(2 * cap * sizeof *grown);
        if (grown) {
            for (size_t k = 0; k < cap; k++) /* oldest first */
                grown[k] = t->ring[(n + k) & t->ring_mask];
            grown[cap] = add;
            free(t->ring);
            t->ring = grown;
            t->ring_mask = 2 * cap - 1;
            t->ring_pushed = cap + 1;
            return;
        }
    }
    owned_evict(t->ring[n & t->ring_mask]);
    t->ring[n & t->ring_mask] = add;
}

/* Remembers the owner's new tombstone (t->ring must exist). */
static inline void owned_ring_push(ts_thread *t, ring_entry add) {
    size_t n = t->ring_pushed++;
    ring_entry *e = &t->ring[n & t->ring_mask];
    if (__builtin_expect(n > t->ring_mask && ring_entry_current(*e), 0))
        owned_ring_wrap(t, n, add);
    else
        *e = add;
}

void ts_scope_end_owned(ts_thread *t, uint32_t depth, uint32_t base,
                        const tscope_site *scope_site) {
    if (!t->ring || ts_slow_track)
        return; /* no history to keep tombstones in, or stacks / lines to record */
    uintptr_t released = ts_released_tag(scope_site, TS_RELEASED_BY_SCOPE);
    while (t->nentries > base && t->depth == depth) {
        ts_entry e = t->entries[t->nentries - 1];
        ts_record *r = record_at(e.idx);
        uint64_t gen = atomic_load_explicit(&r->generation, memory_order_acquire);
        /* A generation never comes back to life: an entry whose tensor is
         * dead or whose record holds another tensor now is stale for good. */
        if ((gen & TS_GEN_DEAD) || gen == 0 || (uint32_t)gen != e.gen_low) {
            t->nentries--;
            continue;
        }
        /* Exactly this depth and no flag: no rare data, no older scope
         * holding; one reference.  Else the locked path decides. */
        if (ts_rec_bits(r) != depth << TS_REC_DEPTH_SHIFT || ts_rec_refs(r) != 1)
            return;
        t->nentries--;
        void *h = ts_rec_handle(r);
        uint32_t origin = ts_rec_origin(r);
        uint64_t dead = kill_owned(t, r, gen, released);
        owned_ring_push(t, (ring_entry){r, e.idx, (uint32_t)dead});
        /* The next track here reuses the tombstone on the hint path. */
        ts_recent *hint = ts_recent_slot(t, h);
        if (hint->handle == h && hint->gen == gen)
            hint->gen = dead;
        void (*release)(void *) = ts_origin_get(origin)->release;
        if (release)
            release(h); /* user code: may track, release, begin scopes */
    }
}

/* ---- the thread list: live counts, history rings ------------------------ */

static ts_lock threads_lock;
static ts_thread *threads_head;
/* The live counts of threads that exited (modulo 2^64, like the sum). */
static size_t exited_live;

void ts_thread_attach(ts_thread *t) {
    size_t want = ts_opts.released_history, max = 1;
    if (want) {
        while (max < want)
            max *= 2;
        size_t cap = max < 256 ? max : 256;
        t->ring = calloc(cap, sizeof *t->ring);
        if (t->ring) {
            t->ring_mask = cap - 1;
            t->ring_max = max;
        }
    }
    ts_lock_acquire(&threads_lock);
    t->next_thread = threads_head;
    if (threads_head)
        threads_head->prev_thread = t;
    threads_head = t;
    ts_lock_release(&threads_lock);
}

void ts_thread_retire(ts_thread *t) {
    /* Its tombstones join their shards' histories, oldest first: a double
     * release after the thread is gone is still reported. */
    if (t->ring) {
        size_t cap = t->ring_mask + 1, n = t->ring_pushed;
        for (size_t k = n > cap ? n - cap : 0; k < n; k++) {
            ring_entry e = t->ring[k & t->ring_mask];
            ts_shard *s = &shards[e.idx >> TS_LOCAL_BITS];
            ts_lock_acquire(&s->lock);
            if (ring_entry_current(e) && (ts_rec_bits(e.record) & TS_REC_PRIVATE)) {
                ts_rec_set_bits(e.record, ts_rec_bits(e.record) & ~(uint32_t)TS_REC_PRIVATE);
                quarantine_push(s, e.idx, e.record);
            }
            ts_lock_release(&s->lock);
        }
        free(t->ring);
        t->ring = NULL;
    }
    ts_lock_acquire(&threads_lock);
    if (t->prev_thread)
        t->prev_thread->next_thread = t->next_thread;
    else
        threads_head = t->next_thread;
    if (t->next_thread)
        t->next_thread->prev_thread = t->prev_thread;
    exited_live += (size_t)atomic_load_explicit(&t->live, memory_order_relaxed);
    ts_lock_release(&threads_lock);
}

/* Replaces t's recent-handle table by one 4x larger, moving the hints
 * over (two that meet in a slot keep the later; a hint is only a hint).
 * Out of memory, the thread keeps the table it has. */
__attribute__((noinline)) void ts_recent_grow(ts_thread *t) {
    t->recent_grow = false;
    unsigned bits = 64 - t->recent_shift, grown_bits = bits + 2;
    if (grown_bits > TS_RECENT_MAX_BITS)
        grown_bits = TS_RECENT_MAX_BITS;
    if (grown_bits <= bits)
        return;
    ts_recent *grown = calloc((size_t)1 << grown_bits, sizeof *grown);
    if (!grown)
        return;
    unsigned grown_shift = 64 - grown_bits;
    for (size_t i = 0; i < ((size_t)1 << bits); i++)
        if (t->recent[i].handle)
            grown[ts_recent_index(t->recent[i].handle, grown_shift)] = t->recent[i];
    if (t->recent != t->recent_inline)
        free(t->recent);
    t->recent = grown;
    t->recent_shift = grown_shift;
}

/* A ts_recent for record idx, whose next creation's origin is looked for
 * first at origin_at (ts_hint_created_cached). */
static inline ts_recent hint_of(const void *h, uint64_t gen, ts_record *r, uint32_t idx,
                                uint32_t origin_at) {
    return (ts_recent){h, gen, r, idx, origin_at};
}

/* After a track by a probing or the general path: the tensor's hint, so
 * that its release (and the next track at h after that) take the hint
 * paths.  Every path that tracks must leave it: a release that has to
 * probe pushes its tombstone to the shard's history ring instead of this
 * thread's, where it is remembered longer than its neighbours'. */
static inline void leave_track_hint(ts_thread *t, const void *h, uint64_t gen, ts_record *r,
                                    uint32_t idx, const tscope_site *created) {
    if (__builtin_expect(t->recent_grow, 0))
        ts_recent_grow(t);
    ts_recent *hint = ts_recent_slot(t, h);
    /* Pushing out the hint of a tensor still alive: the table may be too
     * small for what this thread keeps alive (ts_refill_generations). */
    if (hint->handle && hint->handle != h && !(hint->gen & TS_GEN_DEAD) &&
        atomic_load_explicit(&hint->record->generation, memory_order_relaxed) == hint->gen)
        t->recent_evictions++;
    *hint = hint_of(h, gen, r, idx, ts_origin_at_slot(t, created, t->scope_site));
}

/*
 * The probing paths.  Each takes the shard lock once and handles the
 * common case whole; whatever else it meets (a live tensor at the address
 * being tracked, watches or stacks to keep, shared references, a double
 * release, a table or record slab to grow), it unlocks and hands over to
 * the general path, which starts again from the beginning.  Nothing is
 * changed before the hand-over, so starting again is safe.
 */
__attribute__((noinline)) static void *track_probe(void *h, void (*release)(void *),
                                                   const tscope_site *created, void *caller_pc) {
    ts_thread *t = ts_current;
    if (__builtin_expect(!h || !t || ts_slow_track, 0))
        return h ? track_general(h, release, created, caller_pc, false) : NULL;
    uint32_t depth = t->depth;
    uint32_t origin = ts_thread_origin(t, created, release);
    uint64_t hash = hash_handle(h);
    ts_shard *s = &shards[hash >> (64 - TS_SHARD_BITS)];
    ts_lock_acquire(&s->lock);
    if (__builtin_expect(!s->cap, 0))
        goto general; /* the shard's first tensor: no table yet */
    size_t slot;
    uint32_t idx = table_probe(s, h, hash, &slot);
    ts_record *r;
    if (idx != TS_NO_INDEX) {
        /* A tombstone at this address: the new tensor reuses its record.
         * A live tensor here was lost; stacks or watches need ext.c. */
        r = record_at(idx);
        if (ts_record_live(r) || (ts_rec_bits(r) & TS_REC_HAS_EXT))
            goto general;
    } else {
        if (__builtin_expect(table_full(s), 0))
            goto general; /* the table must grow first */
        idx = record_alloc(s);
        if (__builtin_expect(idx == TS_NO_INDEX, 0))
            goto general; /* out of memory or records: reported there */
        /* The probe ended at this empty slot: h goes there. */
        s->slots[slot] = slot_value(hash, idx);
        s->used++;
        r = record_at(idx);
    }
    uint64_t gen = ts_next_generation(t);
    record_start(r, h, origin, depth);
    shard_live_add(s, 1);
    atomic_store_explicit(&r->generation, gen, memory_order_release);
    ts_lock_release(&s->lock);
    leave_track_hint(t, h, gen, r, idx, created);
    if (depth)
        ts_scope_push(t, idx, gen);
    return h;
general:
    ts_lock_release(&s->lock);
    return track_general(h, release, created, caller_pc, false);
}

__attribute__((noinline)) static int release_probe(void *h, const tscope_site *at,
                                                   void *caller_pc) {
    if (__builtin_expect(!h, 0))
        return 1;
    if (__builtin_expect(ts_slow_track, 0))
        return release_general(h, at, caller_pc);
    uint64_t hash = hash_handle(h);
    ts_shard *s = &shards[hash >> (64 - TS_SHARD_BITS)];
    ts_lock_acquire(&s->lock);
    if (__builtin_expect(!s->cap, 0)) {
        ts_lock_release(&s->lock);
        return 1; /* nothing tracked in this shard yet */
    }
    size_t slot;
    uint32_t idx = table_probe(s, h, hash, &slot);
    if (idx == TS_NO_INDEX) {
        ts_lock_release(&s->lock);
        return 1; /* created where the runtime could not see */
    }
    ts_record *r = record_at(idx);
    uint64_t gen = atomic_load_explicit(&r->generation, memory_order_relaxed);
    /* Dead already, shared, or with watches / stacks: the general path. */
    if (__builtin_expect((gen & TS_GEN_DEAD) || ts_rec_refs(r) != 1 ||
                             (ts_rec_bits(r) & TS_REC_HAS_EXT), 0)) {
        ts_lock_release(&s->lock);
        return release_general(h, at, caller_pc);
    }
    uint64_t dead = kill_plain_locked(s, r, gen, at);
    quarantine_push(s, idx, r);
    ts_lock_release(&s->lock);
    ts_thread *t = ts_current;
    if (t) {
        ts_recent *hint = ts_recent_slot(t, h);
        /* The origin lookup of the last track here, if it was h's. */
        uint32_t origin_at = hint->handle == h ? hint->origin_at
                                               : ts_origin_at(t, &t->last_created);
        *hint = hint_of(h, dead, r, idx, origin_at);
    }
    return 1;
}

/*
 * The public entry points: the hint paths.  When this thread was the last
 * to touch the address (ts_recent), the record is known without hashing or
 * probing; the hint is checked against the record's generation under the
 * shard lock, and anything unusual (a stale hint, a busy lock, a shared
 * tensor, rare data, an origin not in the thread's cache, no history ring
 * yet) hands over to the probing path above by a tail call, before any
 * change.  What stays here is a few loads and stores, in few registers.
 */
/* The hint path's scope push when the stack must grow, as a tail call: no
 * frame to build on the hint path itself. */
__attribute__((noinline)) static void *track_push_scope(ts_thread *t, uint32_t idx, uint64_t gen,
                                                        void *h) {
    ts_scope_push(t, idx, gen);
    return h;
}

void *tscope_track(void *h, void (*release)(void *), const tscope_site *created) {
    ts_thread *t = ts_current;
    /* No ts_slow_track test: options are read before the first thread
     * state exists, and only the probing paths, which test it, write hints. */
    if (__builtin_expect(t && h, 1)) {
        ts_recent *hint = ts_recent_slot(t, h);
        /* This thread released a tensor here last: if that tombstone is
         * still the record of this address and in this thread's history
         * (TS_REC_PRIVATE: nobody else recycles it), the new tensor reuses
         * it, with plain stores and no lock. */
        if (hint->handle == h && (hint->gen & TS_GEN_DEAD)) {
            /* The origin from the cache entry the hint names (the last
             * creation here was at this site: a loop body creating at
             * several sites in turn, a = alloc(); b = alloc(); per step,
             * each getting its block back), else the thread's caches. */
            const origin_cache_entry *c =
                ts_hint_created_cached(t, hint, created, release, t->scope_site);
            ts_record *r = hint->record;
            if (c && t->gen_next != t->gen_end &&
                atomic_load_explicit(&r->generation, memory_order_relaxed) == hint->gen &&
                (ts_rec_bits(r) & (TS_REC_PRIVATE | TS_REC_HAS_EXT)) == TS_REC_PRIVATE) {
                uint64_t gen = t->gen_next++;
                uint32_t depth = t->depth;
                record_start(r, h, c->origin, depth);
                ts_thread_live_add(t, 1);
                /* Publishes the fields to weak references and reports. */
                atomic_store_explicit(&r->generation, gen, memory_order_release);
                hint->gen = gen;
                if (depth) {
                    /* ts_scope_push(), with the growth out of line. */
                    uint32_t n = t->nentries;
                    if (__builtin_expect(n == t->entries_cap, 0))
                        return track_push_scope(t, hint->idx, gen, h);
                    t->entries[n] = (ts_entry){hint->idx, (uint32_t)gen};
                    t->nentries = n + 1;
                }
                return h;
            }
        }
    }
    return track_probe(h, release, created, TS_CALLER_PC());
}

void *tscope_track_shared(void *h, void (*release)(void *), const tscope_site *created) {
    /* Shared creates are rare: the general path, which re-checks all. */
    return h ? track_general(h, release, created, TS_CALLER_PC(), true) : NULL;
}

/* The end of an owner release whose history push meets a tombstone still
 * waiting there.  Out of line and reached by a tail call, so the hint path
 * itself needs no frame. */
__attribute__((noinline)) static int release_owned_wrap(ts_thread *t, size_t n, ring_entry add,
                                                        ts_recent *hint) {
    owned_ring_wrap(t, n, add);
    hint->gen |= TS_GEN_DEAD;
    return 1;
}

int tscope_release(void *h, const tscope_site *at) {
    ts_thread *t = ts_current;
    if (__builtin_expect(t && h, 1)) { /* no ts_slow_track test: see tscope_track */
        ts_recent *hint = ts_recent_slot(t, h);
        /* This thread tracked the tensor here last: if it is still that
         * tensor (generations are never reused), no probe is needed, and the
         * tensor is this thread's to release (the program ordered any
         * hand-over): plain stores, no lock. */
        if (hint->handle == h && !(hint->gen & TS_GEN_DEAD)) {
            ts_record *r = hint->record;
            uint64_t gen = atomic_load_explicit(&r->generation, memory_order_relaxed);
            if (gen == hint->gen && ts_rec_refs(r) == 1 &&
                !(ts_rec_bits(r) & TS_REC_HAS_EXT) && t->ring) {
                uint64_t dead = kill_owned(t, r, gen, ts_released_tag(at, TS_RELEASED_AT));
                /* Released in the reverse order of creation (LIFO, as most
                 * code frees), its scope entry is the innermost frame's
                 * newest: it goes now, so that the scope's end finds the
                 * frame empty and takes the compare-and-store path.  An
                 * entry naming this record is stale from here on whatever
                 * generation it holds; frame_base keeps the pop inside the
                 * innermost frame, whose entries alone its end walks. */
                uint32_t top = t->nentries;
                if (top > t->frame_base && t->entries[top - 1].idx == hint->idx)
                    t->nentries = top - 1;
                /* owned_ring_push(), with the wrap out of line. */
                size_t n = t->ring_pushed++;
                ring_entry *e = &t->ring[n & t->ring_mask];
                ring_entry add = {r, hint->idx, (uint32_t)dead};
                if (__builtin_expect(n > t->ring_mask && ring_entry_current(*e), 0))
                    return release_owned_wrap(t, n, add, hint);
                *e = add;
                hint->gen = dead;
                return 1;
            }
        }
    }
    return release_probe(h, at, TS_CALLER_PC());
}

void tscope_retain(void *h) {
    if (!h)
        return;
    ts_shard *s = shard_of(h);
    ts_lock_acquire(&s->lock);
    uint32_t idx = table_find(s, h, NULL);
    if (idx != TS_NO_INDEX) {
        ts_record *r = record_at(idx);
        if (ts_record_live(r) && ts_rec_refs(r) < UINT32_MAX)
            ts_rec_set_refs(r, ts_rec_refs(r) + 1);
    }
    ts_lock_release(&s->lock);
}

uint64_t tscope_generation(void *h) {
    if (!h)
        return 0;
    ts_record *hinted;
    uint64_t gen = ts_hint_live(h, &hinted);
    if (gen)
        return gen;
    ts_shard *s = shard_of(h);
    ts_lock_acquire(&s->lock);
    uint32_t idx = table_find(s, h, NULL);
    if (idx != TS_NO_INDEX) {
        ts_record *r = record_at(idx);
        if (ts_record_live(r))
            gen = atomic_load_explicit(&r->generation, memory_order_relaxed);
    }
    ts_lock_release(&s->lock);
    return gen;
}

ts_record *ts_find_live_locked(void *h, uint32_t *idx_out) {
    uint32_t idx = table_find(shard_of(h), h, NULL);
    if (idx == TS_NO_INDEX)
        return NULL;
    ts_record *r = record_at(idx);
    if (!ts_record_live(r))
        return NULL;
    if (idx_out)
        *idx_out = idx;
    return r;
}

size_t tscope_live_count(void) {
    /* Shards count what the locked paths did, threads what their owner
     * paths did; a tensor made alive by one and killed by the other leaves
     * +1 here and -1 there, so the parts are summed modulo 2^64. */
    size_t n = 0;
    for (unsigned i = 0; i < TS_NSHARDS; i++) {
        ts_lock_acquire(&shards[i].lock);
        n += shards[i].live;
        ts_lock_release(&shards[i].lock);
    }
    ts_lock_acquire(&threads_lock);
    n += exited_live;
    for (ts_thread *t = threads_head; t; t = t->next_thread)
        n += (size_t)atomic_load_explicit(&t->live, memory_order_relaxed);
    ts_lock_release(&threads_lock);
    return n;
}

void ts_for_each_live(ts_record_visitor fn, void *arg) {
    for (unsigned i = 0; i < TS_NSHARDS; i++) {
        ts_shard *s = &shards[i];
        ts_lock_acquire(&s->lock);
        for (uint32_t local = 0; local < s->next_local; local++) {
            uint32_t idx = i << TS_LOCAL_BITS | local;
            ts_record *r = record_at(idx);
            if (ts_record_live(r))
                fn(idx, r, arg);
        }
        ts_lock_release(&s->lock);
    }
}

size_t ts_finalize_at_exit(void) {
    size_t finalized = 0;
    /* Finalizers may track and watch new tensors: sweep until none is left
     * (bounded, so a finalizer that always makes another cannot hang exit). */
    for (int pass = 0; pass < 16; pass++) {
        size_t this_pass = 0;
        for (unsigned i = 0; i < TS_NSHARDS; i++) {
            ts_shard *s = &shards[i];
            for (uint32_t local = 0;; local++) {
                ts_lock_acquire(&s->lock);
                if (local >= s->next_local) {
                    ts_lock_release(&s->lock);
                    break;
                }
                uint32_t idx = i << TS_LOCAL_BITS | local;
                ts_record *r = record_at(idx);
                struct tscope_watch_ *fire = NULL;
                uint64_t gen = atomic_load_explicit(&r->generation, memory_order_relaxed);
                void *h = ts_rec_handle(r);
                uint32_t origin = ts_rec_origin(r);
                if (ts_record_live(r) && (ts_rec_bits(r) & TS_REC_HAS_EXT)) {
                    kill_locked(s, idx, r, 0, NULL, &fire, false);
                    ts_rec_add_bits(r, TS_REC_DIED_AT_EXIT);
                }
                ts_lock_release(&s->lock);
                if (fire) {
                    tscope_release_info info;
                    fill_info(&info, h, gen, origin, NULL, TSCOPE_RELEASED_AT_EXIT);
                    ts_fire_watches(fire, &info);
                    this_pass++;
                }
            }
        }
        finalized += this_pass;
        if (!this_pass)
            break;
    }
    return finalized;
}

/*
 * fork(): the child is a copy with one thread, so a lock another thread
 * held at that moment would stay held for ever, and a shard it was changing
 * could be half-changed.  Before fork we take every shard lock, so the child
 * gets a consistent registry, and release them on both sides afterwards.
 * The wait for each lock is bounded: under sanitizers fork holds the
 * allocator lock while running these handlers, and a thread inside our
 * critical section may be blocked in malloc, which would deadlock.  A lock
 * not obtained in time is simply released in the child (its shard may then
 * be inconsistent there; a child that execs at once never notices).
 */
static bool held_for_fork[TS_NSHARDS];
static bool ext_held_for_fork;

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Tries until `deadline` (ms), then once more: a fork waits at most about
 * 100 ms in all for locks it cannot get. */
static bool try_lock_until(ts_lock *l, double deadline) {
    for (;;) {
        if (!atomic_load_explicit(&l->held, memory_order_relaxed) &&
            !atomic_exchange_explicit(&l->held, 1, memory_order_acquire))
            return true;
        if (now_ms() > deadline)
            return false;
        sched_yield();
    }
}

void ts_registry_prefork(void) {
    double deadline = now_ms() + 100;
    for (unsigned i = 0; i < TS_NSHARDS; i++)
        held_for_fork[i] = try_lock_until(&shards[i].lock, deadline);
    ext_held_for_fork = ts_ext_trylock_bounded();
}

void ts_registry_parent_after_fork(void) {
    if (ext_held_for_fork)
        ts_ext_unlock();
    for (unsigned i = TS_NSHARDS; i > 0; i--)
        if (held_for_fork[i - 1])
            ts_lock_release(&shards[i - 1].lock);
}

void ts_registry_child_after_fork(void) {
    ts_ext_reset_after_fork();
    /* The other threads' states stay listed: their tensors still exist here. */
    ts_lock_release(&threads_lock);
    for (unsigned i = 0; i < TS_NSHARDS; i++)
        ts_lock_release(&shards[i].lock);
}
