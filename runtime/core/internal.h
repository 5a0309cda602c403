/*
 * internal.h -- what the runtime's core shares with the layers above it.
 * Not installed.
 *
 * runtime/ by concern, dependencies running one way (a file uses only its
 * own folder and the ones below it):
 *   core/      registry, scopes, weak references, watches, options, ...
 *   report/    leak reports, timeline=                       (uses core/)
 *   cache/     the weakly keyed cache                        (uses core/)
 *   lifecycle.c  start-up and exit: options, the exit report (uses core/, report/)
 * and tensorscope.h, the public API, beside them.  The core's one call up
 * is ts_init (below).
 *
 * The core's pieces:
 *   options.c    TSCOPE_OPTIONS
 *   diag.c       error/warning lines, abort_on_error
 *   origin.c     interned (site, release function, scope site) triples;
 *                how a tombstone's release site is described
 *   registry.c   shards: handle -> record map, record slabs, quarantine,
 *                track / release / retain
 *   ext.c        rare per-record data: watches, holds, backtraces
 *   watch.c      watches and finalizers (watch.h, tscope_on_release)
 *   scope.c      per-thread scope stacks
 *   weak.c       weak references
 *   backtrace.c  capture and symbolization of stack traces
 */
#ifndef TSCOPE_RUNTIME_INTERNAL_H
#define TSCOPE_RUNTIME_INTERNAL_H

#include "tensorscope.h"
#include "watch.h"
#include "lock.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ------------------------------------------------------------------------ */
/* Options (options.c)                                                      */
/* ------------------------------------------------------------------------ */

#define TS_MAX_BACKTRACE 64
typedef struct ts_backtrace ts_backtrace; /* a captured stack (backtrace.c) */

/* double_release=: what tscope_release answers for a tombstone. */
typedef enum ts_double_release_mode {
    TS_DOUBLE_RELEASE_PROCEED = 0, /* report, then let the real release run */
    TS_DOUBLE_RELEASE_SKIP = 1,    /* report, then skip it (may leak) */
    TS_DOUBLE_RELEASE_ABORT = 2,   /* report, then abort() */
} ts_double_release_mode;

typedef struct ts_options {
    int report;            /* print the leak report at exit */
    const char *json;      /* write the JSON report here at exit, or NULL */
    int exitcode;          /* _exit status when leaked; -1: keep the program's */
    int abort_on_error;
    int backtrace;         /* frames recorded per creation / release */
    int verbose;
    size_t released_history;
    const char *timeline;  /* JSON-lines samples of live tensors, or NULL */
    unsigned timeline_interval_ms;
    int double_release;    /* ts_double_release_mode */
} ts_options;

extern ts_options ts_opts;
/* Nonzero when track and release must take their general paths (stacks to
 * record, verbose lines to print): one load on the hot paths instead of two. */
extern int ts_slow_track;

/* Parses `text` (the TSCOPE_OPTIONS syntax) into ts_opts, reporting each bad
 * entry on `err`.  Returns the number of errors. */
int ts_options_parse(const char *text, FILE *err);

/* ------------------------------------------------------------------------ */
/* Diagnostics (diag.c)                                                     */
/* ------------------------------------------------------------------------ */

/* Prints "TensorScope: <fmt>\n" to stderr as one write. */
void ts_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Closes a report file written for option `option` (json=, timeline=) and
 * says so when any write to it or the close failed: nothing is lost
 * without a word. */
void ts_close_report_file(FILE *f, const char *option, const char *path);
/* Called after reporting a misuse: abort() when abort_on_error=1. */
void ts_misuse_done(void);
/* Formats a site as "FILE:LINE in FUNCTION (api)" into buf. */
void ts_format_site(const tscope_site *s, char *buf, size_t n);

/* ------------------------------------------------------------------------ */
/* Origins (origin.c)                                                       */
/* ------------------------------------------------------------------------ */

/*
 * An origin is a small interned tuple, so a record stores one 32-bit index
 * instead of three pointers.  Index 0 is the empty origin.
 */
typedef enum ts_origin_kind {
    TS_ORIGIN_NONE = 0,
    TS_ORIGIN_CREATED,     /* site = creation, release fn, scope = scope begin */
} ts_origin_kind;

typedef struct ts_origin {
    const tscope_site *site;
    void (*release)(void *);
    const tscope_site *scope;
    ts_origin_kind kind;
} ts_origin;

uint32_t ts_origin_intern(ts_origin_kind kind, const tscope_site *site,
                          void (*release)(void *), const tscope_site *scope);
/* The origin at `index` (valid for the life of the process). */
const ts_origin *ts_origin_get(uint32_t index);
/*
 * Where a tombstone was released: a site pointer tagged in its low bits
 * (sites are pointer-aligned), so a release needs no interning.
 */
enum { TS_RELEASED_AT = 0, TS_RELEASED_BY_SCOPE = 1, TS_RELEASED_LOST = 2, TS_RELEASED_TAGS = 3 };
static inline uintptr_t ts_released_tag(const tscope_site *site, unsigned how) {
    return (uintptr_t)site | how;
}
/* Describes it: "at FILE:LINE in FN" / "by the scope begun at ...". */
void ts_format_released(uintptr_t released, char *buf, size_t n);

/* ------------------------------------------------------------------------ */
/* Registry (registry.c)                                                    */
/* ------------------------------------------------------------------------ */

/* 1024 shards: two threads each working on a few tensors rarely share one
 * (a shared shard moves its lock's cache line between their cores on every
 * create and release: measured, 2 to 5 times the cost of the operation).
 * Small slabs, so a program with a few thousand tensors spread over every
 * shard does not pay for 1024 large slabs. */
#define TS_SHARD_BITS 10
#define TS_NSHARDS (1u << TS_SHARD_BITS)
#define TS_LOCAL_BITS 16                       /* records per shard: 2^16 */
#define TS_SLAB_BITS 6                         /* records per slab: 64 (2 KiB) */
#define TS_SLABS_PER_SHARD (1u << (TS_LOCAL_BITS - TS_SLAB_BITS))
#define TS_NO_INDEX UINT32_MAX

/* generation | TS_GEN_DEAD marks a tombstone: a weak get compares the whole
 * word with the (never dead-marked) generation it stored, so a tombstone can
 * keep its generation for reports and still read as dead. */
#define TS_GEN_DEAD (UINT64_C(1) << 63)

/* bits: flags in the low byte, the depth of the scope that releases the
 * tensor above them (0: no scope does; in one word, so creating a tensor
 * outside scopes stores a plain zero). */
enum {
    TS_REC_HAS_EXT = 2u,      /* ext.c holds data for it */
    TS_REC_DIED_AT_EXIT = 4u, /* killed by the exit sweep: late releases are quiet */
    TS_REC_SCOPE_HOLDS = 8u,  /* a shared tensor: ext.c holds older scope holdings */
    /* A tombstone in the history ring of the thread that released it
     * (ts_thread.ring): only that thread recycles it, and only that thread
     * (whose hint names it) reuses it without the shard lock. */
    TS_REC_PRIVATE = 16u,
};
#define TS_REC_FLAG_MASK 0xffu
#define TS_REC_DEPTH_SHIFT 8

/*
 * One tracked tensor, live or tombstone: 32 bytes.  Records live in slabs
 * that are never freed, so a weak reference may read a stale record safely.
 *
 * Who may change a record (issue 15: no atomic read-modify-write on the
 * owner's path):
 *   - the thread that holds the tensor (created it, or was handed it by the
 *     program, which then ordered the hand-over) changes its own record with
 *     plain stores on the fast paths, no lock: track at an address whose
 *     tombstone it released last (TS_REC_PRIVATE), release of a tensor it
 *     tracked, and its scopes' ends;
 *   - anyone else, and every rare case, under the shard lock.
 * Two threads never act on one tensor at once in a correct program (that
 * would be a use after release); what else reads a record concurrently
 * (weak gets, reports, the timeline, another shard-lock holder probing past
 * it) reads the generation with acquire and the fields as relaxed atomics,
 * which are plain loads and stores on x86-64 and AArch64.  Tombstones are
 * recycled only by the history ring that holds them (a shard's, under its
 * lock, or the releasing thread's own for TS_REC_PRIVATE ones) or by a new
 * track at the same address.
 */
typedef struct ts_record {
    _Atomic uint64_t generation; /* live id; id|TS_GEN_DEAD: tombstone; 0: free */
    _Atomic(void *) handle;
    _Atomic uint32_t origin;     /* TS_ORIGIN_CREATED */
    _Atomic uint32_t bits;       /* flags | scope depth << TS_REC_DEPTH_SHIFT */
    _Atomic uintptr_t word;      /* live: references; tombstone: ts_released_tag() */
} ts_record;
_Static_assert(sizeof(ts_record) == 32, "a record is 32 bytes (memory per live tensor)");

/* The fields, relaxed (see above: the generation orders them). */
#define TS_RELAXED memory_order_relaxed
static inline void *ts_rec_handle(const ts_record *r) {
    return atomic_load_explicit(&((ts_record *)r)->handle, TS_RELAXED);
}
static inline void ts_rec_set_handle(ts_record *r, void *h) {
    atomic_store_explicit(&r->handle, h, TS_RELAXED);
}
static inline uint32_t ts_rec_origin(const ts_record *r) {
    return atomic_load_explicit(&((ts_record *)r)->origin, TS_RELAXED);
}
static inline void ts_rec_set_origin(ts_record *r, uint32_t o) {
    atomic_store_explicit(&r->origin, o, TS_RELAXED);
}
static inline uint32_t ts_rec_bits(const ts_record *r) {
    return atomic_load_explicit(&((ts_record *)r)->bits, TS_RELAXED);
}
static inline void ts_rec_set_bits(ts_record *r, uint32_t b) {
    atomic_store_explicit(&r->bits, b, TS_RELAXED);
}
/* Under the shard lock only: a load and a store, not an atomic or. */
static inline void ts_rec_add_bits(ts_record *r, uint32_t b) {
    ts_rec_set_bits(r, ts_rec_bits(r) | b);
}
static inline uint32_t ts_rec_refs(const ts_record *r) {
    return (uint32_t)atomic_load_explicit(&((ts_record *)r)->word, TS_RELAXED);
}
static inline void ts_rec_set_refs(ts_record *r, uint32_t n) {
    atomic_store_explicit(&r->word, (uintptr_t)n, TS_RELAXED);
}
static inline uintptr_t ts_rec_released(const ts_record *r) {
    return atomic_load_explicit(&((ts_record *)r)->word, TS_RELAXED);
}
static inline void ts_rec_set_released(ts_record *r, uintptr_t tag) {
    atomic_store_explicit(&r->word, tag, TS_RELAXED);
}

/* The record with global index `idx` (shard in the high bits). */
ts_record *ts_record_at(uint32_t idx);
/* Locks / unlocks the shard owning record `idx`. */
void ts_lock_record(uint32_t idx);
void ts_unlock_record(uint32_t idx);
/* Under the shard lock of `h`: the live record of h or NULL, with its index. */
ts_record *ts_find_live_locked(void *h, uint32_t *idx_out);
void ts_lock_handle(void *h);
void ts_unlock_handle(void *h);

static inline bool ts_record_live(const ts_record *r) {
    uint64_t g = atomic_load_explicit(&((ts_record *)r)->generation, memory_order_relaxed);
    return g != 0 && !(g & TS_GEN_DEAD);
}
static inline uint32_t ts_record_depth(const ts_record *r) {
    return ts_rec_bits(r) >> TS_REC_DEPTH_SHIFT;
}
/* Whether some scope releases it. */
static inline bool ts_record_in_scope(const ts_record *r) {
    return ts_record_depth(r) != 0;
}
static inline void ts_record_set_scope(ts_record *r, uint32_t depth) {
    ts_rec_set_bits(r, (ts_rec_bits(r) & TS_REC_FLAG_MASK) | (depth << TS_REC_DEPTH_SHIFT));
}

/*
 * Drops one reference of the live record `idx` (its shard locked).  When it
 * was the last, the record becomes a tombstone released at `release_origin`
 * (with `release_bt`, copied, as its release stack when not NULL)
 * and its watches are moved to *fire; when only ephemeral references remain,
 * the holding watches are moved to *fire.  Returns 1 when the tensor died.
 */
int ts_release_record_locked(uint32_t idx, ts_record *r, uintptr_t released,
                             const struct ts_backtrace *release_bt, struct tscope_watch_ **fire);

/*
 * A scope (or a detach) gives up the live record's newest scope holding
 * (its shard locked): its depth becomes that of the next older holding of
 * a shared tensor, or 0 (no scope releases it).
 */
void ts_scope_hold_pop_shared_(uint32_t idx, ts_record *r);
static inline void ts_scope_hold_pop_locked(uint32_t idx, ts_record *r) {
    /* Inline: every scope release comes here (an out-of-line call cost a
     * scope 15 instructions a tensor, callgrind, bench_ops scope_100). */
    if (__builtin_expect(ts_rec_bits(r) & TS_REC_SCOPE_HOLDS, 0))
        ts_scope_hold_pop_shared_(idx, r);
    else
        ts_record_set_scope(r, 0);
}

/* Runs the watches of a dead (or orphaned) tensor, newest first, and frees
 * them.  Call with no lock held. */
void ts_fire_watches(struct tscope_watch_ *list, const tscope_release_info *info);

/* Visits every live record, one shard locked at a time. */
typedef void (*ts_record_visitor)(uint32_t idx, ts_record *r, void *arg);
void ts_for_each_live(ts_record_visitor fn, void *arg);

/* pthread_atfork handlers (lifecycle.c installs them). */
void ts_registry_prefork(void);
void ts_registry_parent_after_fork(void);
void ts_registry_child_after_fork(void);
bool ts_ext_trylock_bounded(void);
void ts_ext_reset_after_fork(void);
void ts_origin_reset_after_fork(void);

/* Kills every live record that has watches (exit sweep) and fires them with
 * TSCOPE_RELEASED_AT_EXIT.  Returns how many tensors it finalized. */
size_t ts_finalize_at_exit(void);

/* ------------------------------------------------------------------------ */
/* Rare per-record data (ext.c); every call needs the ext lock held          */
/* ------------------------------------------------------------------------ */

struct ts_backtrace {
    int n;
    void *pcs[];
};

struct tscope_watch_ {
    struct tscope_watch_ *next;
    void (*fn)(void *ctx, const tscope_release_info *info);
    void *ctx;
    uint32_t record;     /* global record index */
    unsigned holds;      /* ephemeral references declared by the owner */
    int state;           /* TS_WATCH_* */
};
enum { TS_WATCH_PENDING = 0, TS_WATCH_FIRING = 1 };

typedef struct ts_ext {
    struct tscope_watch_ *watches; /* newest first */
    unsigned holds;                /* sum of holds of pending watches */
    ts_backtrace *created_bt;
    ts_backtrace *released_bt;
    /* A shared tensor created more than once in scopes (tscope_track_shared):
     * the depths of its older scope holdings, oldest first; the record's
     * depth is the newest one's. */
    uint32_t *scope_holds;
    uint32_t nscope_holds, scope_holds_cap;
} ts_ext;

void ts_ext_lock(void);
void ts_ext_unlock(void);
/* The ext data of record idx, created when `create`; NULL otherwise. */
ts_ext *ts_ext_get(uint32_t idx, bool create);
/* Frees the ext data of a record being reused (watches must be gone). */
void ts_ext_drop(uint32_t idx);

/* ------------------------------------------------------------------------ */
/* Backtraces (backtrace.c)                                                 */
/* ------------------------------------------------------------------------ */

/* Captures up to ts_opts.backtrace frames starting at the frame whose pc
 * is `caller_pc` (the entry point's __builtin_return_address(0)); NULL when
 * the option is off.  Malloc'd. */
ts_backtrace *ts_backtrace_capture(void *caller_pc);
/* A malloc'd copy of `bt` (NULL for NULL, or when out of memory). */
ts_backtrace *ts_backtrace_copy(const ts_backtrace *bt);
#define TS_CALLER_PC() __builtin_return_address(0)
/* Prints the trace symbolized, one "      #i PC in FN FILE:LINE" per frame. */
void ts_backtrace_print(FILE *out, const ts_backtrace *bt, const char *indent);
/* Symbolizes one pc: function, file, line (strings in static-ish caches). */
typedef struct ts_symbol {
    char function[512];
    char file[1024];
    unsigned line;
    char object[1024];
} ts_symbol;
void ts_symbolize(void *pc, ts_symbol *out);
/* Symbolizes many at once (one symbolizer process per object) into the
 * cache ts_symbolize reads: call it before printing a set of traces. */
void ts_symbolize_many(void *const *pcs, size_t n);

/* ------------------------------------------------------------------------ */
/* Scopes (scope.c)                                                         */
/* ------------------------------------------------------------------------ */

#define ORIGIN_CACHE 16 /* a power of two */

/* A scope stack entry: the record and the low bits of its generation, so
 * an entry goes stale by itself when its tensor dies. */
typedef struct ts_entry {
    uint32_t idx;
    uint32_t gen_low;
} ts_entry;

typedef struct ts_frame {
    uintptr_t token; /* what tscope_scope_begin returned for it */
    const tscope_site *site;
    uint32_t base;   /* first entry of this scope */
    uint32_t automatic; /* begun by tscope_scope_begin_auto (a compiler's) */
} ts_frame;

typedef struct origin_cache_entry {
    const tscope_site *site;
    void (*release)(void *);
    const tscope_site *scope;
    ts_origin_kind kind;
    uint32_t origin;
} origin_cache_entry;

/*
 * The handles this thread tracked or released last, direct-mapped by
 * address: where each one's record is and the generation word it had then
 * (TS_GEN_DEAD set once released).  A hint only: registry.c checks it
 * against the record under the shard lock, and on any mismatch (the record
 * changed hands, another thread released the tensor) it hashes and probes
 * as if the hint were not there.  Creating and releasing at one address
 * over and over (an allocator handing back the block just freed) then needs
 * no table probe at all.  256 of them (8 KiB a thread): a loop body that
 * keeps a few dozen tensors alive at once still finds most of them here
 * (callgrind, 64 live tensors a thread: 22% fewer instructions than with
 * 16).
 */
#define TS_RECENT_BITS 8
#define TS_RECENT (1u << TS_RECENT_BITS)
/* A thread that keeps more tensors alive than its table holds (4096
 * tracked, then 4096 released, in turn) would miss on most of them and pay
 * the shard lock on each: the table grows (registry.c, ts_recent_grow), by
 * 4x, while more than 1 in 16 of the thread's last GEN_BATCH tracks pushed
 * out the hint of a tensor still alive, up to 2^15 slots (1 MiB, for a
 * thread with thousands of live tensors).  It never shrinks. */
#define TS_RECENT_MAX_BITS 15
typedef struct ts_record ts_record;
typedef struct ts_recent {
    const void *handle;
    uint64_t gen;
    ts_record *record;
    uint32_t idx;
    /* Where, in the thread's state, the origin cache entry of the last
     * creation at this address may be (ts_hint_created_cached): a byte
     * offset, checked before use, so a wrong one only costs the lookup. */
    uint32_t origin_at;
} ts_recent; /* 32 bytes: a slot's address is a shift away */
/* The slot index of h in a table of 2^(64 - shift) slots: the top bits of
 * a multiplicative hash, every address bit counting (page-aligned tensors
 * do not all share a slot).  The xor first folds bits 12 and up onto the
 * low ones: a plain Fibonacci hash of an arithmetic run of addresses (an
 * allocator's blocks, 64 or 80 bytes apart) fills only a quarter to a half
 * of a large table's slots; folded, nine in ten of the ideal. */
static inline size_t ts_recent_index(const void *h, unsigned shift) {
    uint64_t x = (uint64_t)(uintptr_t)h;
    x ^= x >> 12;
    return (size_t)((x * UINT64_C(0x9e3779b97f4a7c15)) >> shift);
}

/* An entry of a released-tensor history ring (a shard's or a thread's):
 * the record's address, so the push that overwrites an entry checks it with
 * two loads (no slab lookup), and its index, to recycle it.  The low half of
 * the generation is enough to tell whether the record is still the tombstone
 * pushed: a record is reused 2^32 times before a stale entry could match,
 * and then it only ends one tombstone's history early. */
typedef struct ts_ring_entry {
    ts_record *record;
    uint32_t idx;
    uint32_t gen_low; /* of the tombstone's generation word */
} ts_ring_entry;
/* Whether ring entry e still names the tombstone it was pushed for. */
static inline bool ts_ring_entry_current(ts_ring_entry e) {
    uint64_t g = atomic_load_explicit(&e.record->generation, memory_order_relaxed);
    return (uint32_t)g == e.gen_low && (g & TS_GEN_DEAD);
}

/* Per-thread state: generation batch, scope stacks, origin cache, recent
 * handles, and what the owner's lock-free paths keep instead of the shard's
 * (registry.c): the history of the tombstones it released, its share of the
 * live count. */
typedef struct ts_thread {
    /* The recent-handle table (recent_inline until it grows) and 64 minus
     * its log2 size: the first thing every hint path loads. */
    ts_recent *recent;
    unsigned recent_shift;
    /* Tracks since the last generation refill that pushed out the hint of
     * a live tensor (track_probe); ts_refill_generations sets recent_grow
     * when there were many. */
    unsigned recent_evictions;
    bool recent_grow;
    /* The owner's history ring (TS_REC_PRIVATE tombstones); NULL without
     * history (released_history=0).  Grows, up to ring_max entries, only
     * when a push would push out a tombstone still waiting there. */
    ts_ring_entry *ring;
    size_t ring_mask, ring_pushed, ring_max;
    /* Tensors this thread made alive minus those it killed on its fast
     * paths (may be negative: a tensor handed over); written by this thread
     * only (a load and a store), read by tscope_live_count. */
    _Atomic long live;
    struct ts_thread *next_thread, *prev_thread; /* registry.c's list */
    uint64_t gen_next, gen_end;
    ts_entry *entries;
    uint32_t nentries, entries_cap;
    /* The innermost frame's first entry (frames[depth - 1].base; 0 at
     * depth 0), kept beside nentries for the release hint path, which pops
     * the entry of a tensor it kills when that entry is the newest of the
     * innermost frame. */
    uint32_t frame_base;
    ts_frame *frames;
    uint32_t depth, frames_cap;
    const tscope_site *scope_site; /* the innermost frame's site; NULL at depth 0 */
    uint32_t serial, seq;
    uintptr_t token_base; /* serial, in the token's high bits */
    origin_cache_entry last_created; /* the hot path's one-entry cache */
    origin_cache_entry origins[ORIGIN_CACHE];
    ts_recent recent_inline[TS_RECENT];
} ts_thread;
/* registry.c: makes t's recent-handle table 4x larger (recent_grow). */
void ts_recent_grow(ts_thread *t);
/* The hint slot of h in t's recent-handle table. */
static inline ts_recent *ts_recent_slot(const ts_thread *t, const void *h) {
    return &t->recent[ts_recent_index(h, t->recent_shift)];
}
/* The calling thread's state (initial-exec TLS: one load), created on first use. */
extern _Thread_local ts_thread *ts_current __attribute__((tls_model("initial-exec")));
ts_thread *ts_thread_create(void);
static inline ts_thread *ts_thread_get(void) {
    ts_thread *t = ts_current;
    return t ? t : ts_thread_create();
}
/*
 * The generation of h when the calling thread's hint proves h alive now
 * (this thread tracked it last, and its record still holds that
 * generation), else 0; *record_out is then its record.  No lock: a
 * generation is never reused, so a record holding the hinted one holds that
 * very tensor, alive at the load (the answer a lookup under the shard lock
 * would give at that moment).  Lookups by a thread of its own tensors then
 * leave the shard's cache line alone, where another thread may be working.
 */
static inline uint64_t ts_hint_live(const void *h, ts_record **record_out) {
    ts_thread *t = ts_current;
    if (!t || !h)
        return 0;
    const ts_recent *hint = ts_recent_slot(t, h);
    if (hint->handle != h || (hint->gen & TS_GEN_DEAD))
        return 0;
    uint64_t g = atomic_load_explicit(&hint->record->generation, memory_order_acquire);
    if (g != hint->gen)
        return 0;
    *record_out = hint->record;
    return g;
}

/* registry.c: a new thread state joins the list tscope_live_count reads,
 * with its history ring; at the thread's exit its tombstones go to their
 * shards' rings and its live count to the total. */
void ts_thread_attach(ts_thread *t);
void ts_thread_retire(ts_thread *t);
/* The owner's counter: a load and a store, no read-modify-write. */
static inline void ts_thread_live_add(ts_thread *t, long d) {
    atomic_store_explicit(&t->live, atomic_load_explicit(&t->live, memory_order_relaxed) + d,
                          memory_order_relaxed);
}
/*
 * A scope end's owner path (registry.c), in bulk: pops the innermost
 * frame's entries (the frame at `depth`, begun at `scope_site`, its entries
 * from `base`) newest first, in one pass over this thread's memory, while
 * each is stale (its tensor released, or its record another tensor's) or
 * plainly this scope's (alive, one reference, no rare data, held at exactly
 * this depth): such a tensor dies without a lock or a probe and its release
 * function is called.  Returns when the frame has no entries left, when the
 * top entry needs the locked path (it is left on the stack), or when a
 * release function left scopes open (t->depth > depth).
 */
void ts_scope_end_owned(ts_thread *t, uint32_t depth, uint32_t base,
                        const tscope_site *scope_site);

/* Next generation id for the calling thread (batched from a global counter). */
void ts_refill_generations(ts_thread *t);
static inline uint64_t ts_next_generation(ts_thread *t) {
    if (t->gen_next == t->gen_end)
        ts_refill_generations(t);
    return t->gen_next++;
}
/* The innermost scope's depth (0: none) and begin site. */
static inline uint32_t ts_thread_depth(const ts_thread *t) { return t->depth; }
static inline const tscope_site *ts_thread_scope_site(const ts_thread *t) {
    return t->scope_site;
}
/* Prints, at exit, how many scopes left open were ended by an enclosing
 * scope's end without their own warning (nothing when none were). */
void ts_report_open_scopes(void);
/* Frees the lock of the set of warned sites in a fork child. */
void ts_scope_child_after_fork(void);
/* Pushes record idx (generation gen) onto the innermost scope. */
void ts_scope_push_grow_(ts_thread *t, ts_entry e);
static inline void ts_scope_push(ts_thread *t, uint32_t idx, uint64_t gen) {
    ts_entry e = {idx, (uint32_t)gen};
    if (__builtin_expect(t->nentries < t->entries_cap, 1))
        t->entries[t->nentries++] = e;
    else
        ts_scope_push_grow_(t, e); /* grows the stack first */
}
/* ts_origin_intern through a small per-thread cache (no lock on a hit). */
uint32_t ts_thread_intern(ts_thread *t, ts_origin_kind kind, const tscope_site *site,
                          void (*release)(void *), const tscope_site *scope);
/* The slot of (kind, site, scope) in a thread's origin cache. */
static inline size_t ts_origin_slot(ts_origin_kind kind, const tscope_site *site,
                                    const tscope_site *scope) {
    return ((((uintptr_t)site ^ (uintptr_t)scope) >> 4) ^ (size_t)kind) & (ORIGIN_CACHE - 1);
}
/* Whether cache entry c holds the origin of (kind, site, release, scope). */
static inline bool ts_origin_cached(const origin_cache_entry *c, ts_origin_kind kind,
                                    const tscope_site *site, void (*release)(void *),
                                    const tscope_site *scope) {
    return c->origin && c->kind == kind && c->site == site && c->release == release &&
           c->scope == scope;
}
/* Whether the last creation's origin is (created, release, scope): a loop
 * creating at one site.  That entry holds only TS_ORIGIN_CREATED origins, so
 * the kind is not compared. */
static inline bool ts_last_created_is(const ts_thread *t, const tscope_site *created,
                                      void (*release)(void *), const tscope_site *scope) {
    const origin_cache_entry *c = &t->last_created;
    return c->origin && c->site == created && c->release == release && c->scope == scope;
}
/* The entry of t's origin cache at byte offset `at` (ts_recent.origin_at). */
static inline const origin_cache_entry *ts_origin_entry_at(const ts_thread *t, uint32_t at) {
    return (const origin_cache_entry *)(const void *)((const char *)t + at);
}
/* The offset of t's origin cache entry c, for ts_recent.origin_at. */
static inline uint32_t ts_origin_at(const ts_thread *t, const origin_cache_entry *c) {
    return (uint32_t)((const char *)c - (const char *)t);
}
/* The offset of the slot the thread's cache keeps the origin of a creation
 * at `created` in `scope` in. */
static inline uint32_t ts_origin_at_slot(const ts_thread *t, const tscope_site *created,
                                         const tscope_site *scope) {
    return ts_origin_at(t, &t->origins[ts_origin_slot(TS_ORIGIN_CREATED, created, scope)]);
}
/* The cache entry of the creation origin (created, release, scope) in the
 * thread's caches, or NULL: the last creation's origin, then the slot of
 * this one (a loop body creating at a few sites in turn).  No lock. */
static inline const origin_cache_entry *
ts_thread_created_cached(const ts_thread *t, const tscope_site *created, void (*release)(void *),
                         const tscope_site *scope) {
    if (ts_last_created_is(t, created, release, scope))
        return &t->last_created;
    const origin_cache_entry *c = ts_origin_entry_at(t, ts_origin_at_slot(t, created, scope));
    return ts_origin_cached(c, TS_ORIGIN_CREATED, created, release, scope) ? c : NULL;
}
/* The track hint path's origin lookup: ts_thread_created_cached with, between
 * its two tiers, the entry the address's hint names.  That one is right
 * whenever this address was last created at the same site in the same
 * scope: a loop body creating at a few sites in turn (a = alloc(); b =
 * alloc(); per step), each getting its block back from the allocator, finds
 * its origin with no hash.  On a miss the hint names this site's slot. */
static inline const origin_cache_entry *
ts_hint_created_cached(const ts_thread *t, ts_recent *hint, const tscope_site *created,
                       void (*release)(void *), const tscope_site *scope) {
    if (ts_last_created_is(t, created, release, scope))
        return &t->last_created;
    const origin_cache_entry *c = ts_origin_entry_at(t, hint->origin_at);
    if (ts_origin_cached(c, TS_ORIGIN_CREATED, created, release, scope))
        return c;
    hint->origin_at = ts_origin_at_slot(t, created, scope);
    c = ts_origin_entry_at(t, hint->origin_at);
    return ts_origin_cached(c, TS_ORIGIN_CREATED, created, release, scope) ? c : NULL;
}
/* Interns (created, release, current scope) through the thread's caches
 * (ts_thread_created_cached), inline; the result becomes the last
 * creation's origin. */
static inline uint32_t ts_thread_origin(ts_thread *t, const tscope_site *created,
                                        void (*release)(void *)) {
    const tscope_site *scope = ts_thread_scope_site(t);
    const origin_cache_entry *c = ts_thread_created_cached(t, created, release, scope);
    if (c == &t->last_created)
        return c->origin;
    uint32_t origin = c ? c->origin : ts_thread_intern(t, TS_ORIGIN_CREATED, created, release, scope);
    t->last_created = (origin_cache_entry){created, release, scope, TS_ORIGIN_CREATED, origin};
    return origin;
}

/* ------------------------------------------------------------------------ */
/* Start-up (../lifecycle.c)                                                */
/* ------------------------------------------------------------------------ */

/* Options, the exit hook, fork handlers; once.  The one call the core makes
 * out of core/: a thread's first use of the runtime (ts_thread_create)
 * comes through here, which is also what links the exit hook (leak report,
 * json=, timeline=, exitcode=) out of the static library. */
void ts_init(void);
/* Whether the exit sweep has begun (late releases are then quiet). */
extern atomic_int ts_exiting;
/* The holder describer installed by the cache, or NULL. */
tscope_holder_describer_ ts_holder_describer(void);

#endif
