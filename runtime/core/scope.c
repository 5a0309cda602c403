/*
 * scope.c -- per-thread scope stacks (the Objective-C autorelease pool
 * model) and the rest of the per-thread state.
 *
 * Each thread has one stack of entries (record index + low 32 bits of the
 * generation: the entry goes stale by itself when the tensor dies and its
 * record is reused) and a stack of frames (where each scope's entries
 * begin).  Begin and end of an empty scope are a few loads and stores on
 * thread-local data.  A token encodes the thread, the frame depth and a
 * per-thread begin counter, so ending a scope that is not open on this
 * thread is recognised and ignored.
 *
 * Which scope a tensor belongs to lives in its record (depth on its owning
 * thread); detach/escape/adopt/keep just change that number, and a scope
 * end moves entries whose tensor now belongs further out to the enclosing
 * frame instead of releasing them.
 */
#include "internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define GEN_BATCH 1024
/* A token: thread serial (24 bits) | begin counter (16) | depth (24). */
#define TOKEN_DEPTH_BITS 24
#define TOKEN_SEQ_BITS 16

_Thread_local ts_thread *ts_current __attribute__((tls_model("initial-exec")));
static atomic_uint_fast64_t next_generation = 1;
static atomic_uint next_serial = 1;
static pthread_key_t thread_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

static void thread_exit(void *arg);
static void make_key(void) { pthread_key_create(&thread_key, thread_exit); }

ts_thread *ts_thread_create(void) {
    /* Also what pulls lifecycle.o (options, the exit hook) out of the static
     * library: every program that tracks or scopes comes through here. */
    ts_init();
    pthread_once(&key_once, make_key);
    /* Cache-line aligned and padded: two threads' states never share a line. */
    size_t size = (sizeof(ts_thread) + 63) / 64 * 64;
    ts_thread *t = aligned_alloc(64, size);
    if (t)
        memset(t, 0, size);
    if (!t) {
        ts_diag("out of memory for thread state");
        abort();
    }
    t->recent = t->recent_inline;
    t->recent_shift = 64 - TS_RECENT_BITS;
    t->serial = atomic_fetch_add(&next_serial, 1) & 0xffffff;
    t->token_base = (uintptr_t)t->serial << (TOKEN_DEPTH_BITS + TOKEN_SEQ_BITS);
    ts_thread_attach(t);
    ts_current = t;
    pthread_setspecific(thread_key, t);
    return t;
}

void ts_refill_generations(ts_thread *t) {
    /* One window of GEN_BATCH tracks: were live hints pushed out often? */
    if (t->recent_evictions > GEN_BATCH / 16 && t->recent_shift > 64 - TS_RECENT_MAX_BITS)
        t->recent_grow = true;
    t->recent_evictions = 0;
    t->gen_next = atomic_fetch_add_explicit(&next_generation, GEN_BATCH, memory_order_relaxed);
    t->gen_end = t->gen_next + GEN_BATCH;
}

uint32_t ts_thread_intern(ts_thread *t, ts_origin_kind kind, const tscope_site *site,
                          void (*release)(void *), const tscope_site *scope) {
    origin_cache_entry *c = &t->origins[ts_origin_slot(kind, site, scope)];
    if (ts_origin_cached(c, kind, site, release, scope))
        return c->origin;
    uint32_t origin = ts_origin_intern(kind, site, release, scope);
    *c = (origin_cache_entry){site, release, scope, kind, origin};
    return origin;
}



static void push_entry(ts_thread *t, ts_entry e) {
    if (t->nentries == t->entries_cap) {
        uint32_t cap = t->entries_cap ? t->entries_cap * 2 : 256;
        ts_entry *grown = realloc(t->entries, cap * sizeof *grown);
        if (!grown) {
            ts_diag("out of memory for the scope stack: a tensor will not be released by its scope");
            return;
        }
        t->entries = grown;
        t->entries_cap = cap;
    }
    t->entries[t->nentries++] = e;
}

void ts_scope_push_grow_(ts_thread *t, ts_entry e) { push_entry(t, e); }

/* ---- tokens -------------------------------------------------------------- */


/* The depth of the scope `s` when it is open on thread t, else 0. */
static uint32_t token_depth(const ts_thread *t, const tscope_scope *s) {
    uintptr_t v = (uintptr_t)s;
    uint32_t depth = (uint32_t)(v & ((1u << TOKEN_DEPTH_BITS) - 1));
    if (!t || depth == 0 || depth > t->depth || t->frames[depth - 1].token != v)
        return 0;
    return depth;
}

/* ---- begin / end --------------------------------------------------------- */

__attribute__((noinline)) static void grow_frames(ts_thread *t) {
    uint32_t cap = t->frames_cap ? t->frames_cap * 2 : 16;
    if (cap >= (1u << TOKEN_DEPTH_BITS)) {
        ts_diag("too many nested scopes");
        abort();
    }
    ts_frame *grown = realloc(t->frames, cap * sizeof *grown);
    if (!grown) {
        ts_diag("out of memory for the scope stack");
        abort();
    }
    t->frames = grown;
    t->frames_cap = cap;
}

__attribute__((noinline)) static void log_begin(const ts_thread *t, const tscope_site *at) {
    char site[1024];
    ts_format_site(at, site, sizeof site);
    ts_diag("scope begin at %s (depth %u)", site, t->depth);
}

/* Pops frames down to `depth`, keeping the innermost site and first entry
 * (which the hot paths of track and release read) in step with it. */
static inline void pop_to_depth(ts_thread *t, uint32_t depth) {
    t->depth = depth;
    t->scope_site = depth ? t->frames[depth - 1].site : NULL;
    t->frame_base = depth ? t->frames[depth - 1].base : 0;
}

/* Opens a frame on t, which has room for it: a few loads and stores on
 * thread-local data. */
static inline tscope_scope *frame_push(ts_thread *t, const tscope_site *at, uint32_t automatic) {
    uint32_t depth = ++t->depth;
    uintptr_t token = t->token_base |
                      (uintptr_t)(t->seq++ & ((1u << TOKEN_SEQ_BITS) - 1)) << TOKEN_DEPTH_BITS |
                      depth;
    t->frames[depth - 1] = (ts_frame){token, at, t->nentries, automatic};
    t->scope_site = at;
    t->frame_base = t->nentries;
    return (tscope_scope *)token;
}

/* A begin that needs more than frame_push: the thread's first use, a full
 * frame stack, verbose=1.  Out of line, so the hot path saves no registers
 * for calls it does not make. */
__attribute__((noinline)) static tscope_scope *scope_begin_slow(const tscope_site *at,
                                                                uint32_t automatic) {
    ts_thread *t = ts_thread_get();
    if (t->depth == t->frames_cap)
        grow_frames(t);
    tscope_scope *token = frame_push(t, at, automatic);
    if (ts_opts.verbose)
        log_begin(t, at);
    return token;
}

static inline tscope_scope *scope_begin(const tscope_site *at, uint32_t automatic) {
    ts_thread *t = ts_current;
    if (__builtin_expect(!t || t->depth == t->frames_cap || ts_opts.verbose, 0))
        return scope_begin_slow(at, automatic);
    return frame_push(t, at, automatic);
}

tscope_scope *tscope_scope_begin(const tscope_site *at) { return scope_begin(at, 0); }
tscope_scope *tscope_scope_begin_auto(const tscope_site *at) { return scope_begin(at, 1); }

/* Whether generation word `gen` says entry e's tensor is gone: dead, or its
 * record free or holding another tensor now. */
static inline bool entry_gone(uint64_t gen, ts_entry e) {
    return (gen & TS_GEN_DEAD) || gen == 0 || (uint32_t)gen != e.gen_low;
}

/* Releases or hands on one entry of the ending frame at `depth`.  Returns 1
 * when the entry must move to the enclosing frame. */
static int finish_entry(ts_thread *t, ts_entry e, uint32_t depth, const ts_backtrace *bt) {
    ts_record *r = ts_record_at(e.idx);
    /* A generation never comes back to life: an entry whose tensor is dead
     * or whose record holds another tensor now is stale for good, and the
     * common case of code that releases by hand inside a scope needs no
     * lock to see it. */
    if (entry_gone(atomic_load_explicit(&r->generation, memory_order_acquire), e))
        return 0;
    ts_lock_record(e.idx);
    uint64_t gen = atomic_load_explicit(&r->generation, memory_order_relaxed);
    if (entry_gone(gen, e) ||
        !ts_record_in_scope(r)) {
        ts_unlock_record(e.idx); /* released, detached, or a stale entry */
        return 0;
    }
    if (ts_record_depth(r) < depth) {
        ts_unlock_record(e.idx); /* kept, escaped or adopted further out */
        return 1;
    }
    const tscope_site *scope_site = t->frames[depth - 1].site;
    void *h = ts_rec_handle(r);
    uint32_t origin = ts_rec_origin(r);
    /* Out of this scope; a shared tensor created in an enclosing scope too
     * goes back to that one (tscope_track_shared). */
    ts_scope_hold_pop_locked(e.idx, r);
    struct tscope_watch_ *fire;
    int died = ts_release_record_locked(
        e.idx, r, ts_released_tag(scope_site, TS_RELEASED_BY_SCOPE), bt, &fire);
    ts_unlock_record(e.idx);
    (void)died;
    if (ts_opts.verbose)
        ts_diag("scope releases %p (generation %llu)", h, (unsigned long long)gen);
    if (fire) {
        tscope_release_info info = {h, gen, ts_origin_get(origin)->site, scope_site,
                                    TSCOPE_RELEASED_BY_SCOPE};
        ts_fire_watches(fire, &info);
    }
    void (*release)(void *) = ts_origin_get(origin)->release;
    if (release)
        release(h);
    return 0;
}

static void end_frames_above(ts_thread *t, uint32_t depth, const char *why, bool by_scope,
                             const ts_backtrace *bt);

/* Ends the innermost frame; `bt` (may be NULL) is the stack of the end. */
static void end_top_frame(ts_thread *t, const ts_backtrace *bt) {
    uint32_t depth = t->depth;
    uint32_t base = t->frames[depth - 1].base;
    ts_entry local[32], *moved = local;
    size_t nmoved = 0, moved_cap = 32;
    const tscope_site *scope_site = t->frames[depth - 1].site;
    while (t->nentries > base) {
        /* The bulk of a scope's end: its own tensors die on the owner's
         * path (registry.c: a few loads and stores on each record, no lock,
         * no probe); it stops at an entry that needs the locked one. */
        ts_scope_end_owned(t, depth, base, scope_site);
        if (t->depth > depth) { /* a release function left scopes open */
            end_frames_above(t, depth, "a release function", false, bt);
            continue;
        }
        if (t->nentries == base)
            break;
        ts_entry e = t->entries[--t->nentries];
        if (finish_entry(t, e, depth, bt)) {
            if (nmoved == moved_cap) {
                ts_entry *grown = malloc(moved_cap * 2 * sizeof *grown);
                if (!grown) {
                    ts_diag("out of memory: a kept tensor leaves its scopes");
                    continue;
                }
                memcpy(grown, moved, nmoved * sizeof *grown);
                if (moved != local)
                    free(moved);
                moved = grown;
                moved_cap *= 2;
            }
            moved[nmoved++] = e;
        }
        /* A release function that left scopes open must not confuse us. */
        if (t->depth > depth)
            end_frames_above(t, depth, "a release function", false, bt);
    }
    if (ts_opts.verbose) {
        char site[1024];
        ts_format_site(t->frames[depth - 1].site, site, sizeof site);
        ts_diag("scope end (begun at %s, depth %u)", site, depth);
    }
    pop_to_depth(t, depth - 1);
    /* Moved entries join the enclosing frame, oldest first as they were. */
    if (t->depth)
        while (nmoved)
            push_entry(t, moved[--nmoved]);
    if (moved != local)
        free(moved);
}

/*
 * Scopes left open are ended by an enclosing scope's end.  Code that
 * unwinds with longjmp (lua's errors) leaves one per frame it jumps past,
 * possibly a hundred thousand times a run: the warning is printed once per
 * scope begin site (a set of sites, shared by all threads), the rest are
 * counted and summed up in one line at exit (ts_report_open_scopes).
 * verbose=1 prints every one.
 */
static ts_lock open_sites_lock;
static const tscope_site **open_sites; /* open addressing; NULL: empty */
static size_t open_sites_cap, open_sites_used;
static bool open_site_null_seen;       /* a scope begun with no site */
static atomic_size_t open_scopes_suppressed;

static size_t open_site_pos(const tscope_site *site, size_t cap) {
    return (size_t)(((uint64_t)(uintptr_t)site * UINT64_C(0x9e3779b97f4a7c15)) >> 20) & (cap - 1);
}

/* Whether `site` is reported for the first time (and now remembered).  Out
 * of memory, every site counts as seen: no flood of warnings. */
static bool open_site_first(const tscope_site *site) {
    bool first = false;
    ts_lock_acquire(&open_sites_lock);
    if (!site) {
        first = !open_site_null_seen;
        open_site_null_seen = true;
        ts_lock_release(&open_sites_lock);
        return first;
    }
    if ((open_sites_used + 1) * 2 > open_sites_cap) {
        size_t cap = open_sites_cap ? open_sites_cap * 2 : 64;
        const tscope_site **grown = calloc(cap, sizeof *grown);
        if (grown) {
            for (size_t i = 0; i < open_sites_cap; i++) {
                if (!open_sites[i])
                    continue;
                size_t pos = open_site_pos(open_sites[i], cap);
                while (grown[pos])
                    pos = (pos + 1) & (cap - 1);
                grown[pos] = open_sites[i];
            }
            free(open_sites);
            open_sites = grown;
            open_sites_cap = cap;
        }
    }
    if (open_sites_cap) {
        size_t pos = open_site_pos(site, open_sites_cap);
        while (open_sites[pos] && open_sites[pos] != site)
            pos = (pos + 1) & (open_sites_cap - 1);
        if (!open_sites[pos] && (open_sites_used + 1) * 2 <= open_sites_cap) {
            open_sites[pos] = site;
            open_sites_used++;
            first = true;
        }
    }
    ts_lock_release(&open_sites_lock);
    return first;
}

void ts_report_open_scopes(void) {
    size_t n = atomic_load(&open_scopes_suppressed);
    if (n)
        ts_diag("%zu more scope%s left open (longjmp?) %s closed at the end of an enclosing "
                "scope",
                n, n == 1 ? "" : "s", n == 1 ? "was" : "were");
}

/* `by_scope`: an enclosing scope's end (else a release function's return). */
static void end_frames_above(ts_thread *t, uint32_t depth, const char *why, bool by_scope,
                             const ts_backtrace *bt) {
    while (t->depth > depth) {
        const tscope_site *at = t->frames[t->depth - 1].site;
        if (by_scope && t->frames[t->depth - 1].automatic) {
            /* A compiler's scope: only a longjmp past its function's end
             * leaves it open, and that is correct C.  Nothing to warn about. */
            if (ts_opts.verbose) {
                char site[1024];
                ts_format_site(at, site, sizeof site);
                ts_diag("automatic scope begun at %s was left by longjmp; ended as %s ends",
                        site, why);
            }
        } else if (open_site_first(at) || ts_opts.verbose) {
            char site[1024];
            ts_format_site(at, site, sizeof site);
            ts_diag("warning: scope begun at %s was still open when %s ended; ending it first "
                    "(%slater scopes begun there and left open are ended without a warning, "
                    "and counted)",
                    site, why, by_scope ? "probably left by longjmp; " : "");
        } else {
            atomic_fetch_add(&open_scopes_suppressed, 1);
        }
        end_top_frame(t, bt);
    }
}

/* `fn`: the public function the bad token was handed to. */
static void report_not_open(const char *fn, const tscope_scope *s) {
    ts_diag("%s: scope %p is not open on this thread; ignored", fn, (const void *)s);
    ts_misuse_done();
}

static void scope_end(tscope_scope *s, const ts_backtrace *bt) {
    ts_thread *t = ts_current;
    uint32_t depth = token_depth(t, s);
    if (!depth) {
        report_not_open("tscope_scope_end", s);
        return;
    }
    if (t->depth > depth) {
        char outer[1024], why[1100];
        ts_format_site(t->frames[depth - 1].site, outer, sizeof outer);
        snprintf(why, sizeof why, "its enclosing scope (begun at %s)", outer);
        end_frames_above(t, depth, why, true, bt);
    }
    end_top_frame(t, bt);
}

/* An empty innermost scope ends with a compare and a store; everything else
 * (entries to release, pop-to-token, bad tokens, verbose) takes the slow
 * path.  The public ends capture the stack themselves (backtrace=N), so
 * traces start at the user's frame. */
static inline bool end_fast(tscope_scope *s) {
    ts_thread *t = ts_current;
    if (!t || !t->depth)
        return false;
    const ts_frame *f = &t->frames[t->depth - 1];
    if (f->token != (uintptr_t)s || t->nentries != f->base || ts_opts.verbose)
        return false;
    pop_to_depth(t, t->depth - 1);
    return true;
}

__attribute__((noinline)) static void end_slow(tscope_scope *s, void *caller) {
    ts_backtrace *bt = ts_opts.backtrace ? ts_backtrace_capture(caller) : NULL;
    scope_end(s, bt);
    free(bt);
}

void tscope_scope_end(tscope_scope *s) {
    if (!end_fast(s))
        end_slow(s, TS_CALLER_PC());
}

void tscope_scope_cleanup_(tscope_scope **s) {
    if (!end_fast(*s))
        end_slow(*s, TS_CALLER_PC());
}

size_t tscope_scope_depth(void) {
    ts_thread *t = ts_current;
    return t ? t->depth : 0;
}

/* Whether record idx has an entry in this thread's frames deeper than `depth`
 * (searched newest first: the tensor is usually near the top). */
static bool entry_above(const ts_thread *t, uint32_t depth, uint32_t idx, uint32_t gen_low) {
    uint32_t stop = t->frames[depth - 1].base;
    for (uint32_t i = t->nentries; i > stop; i--)
        if (t->entries[i - 1].idx == idx && t->entries[i - 1].gen_low == gen_low)
            return true;
    return false;
}

/* Moves h to scope depth `target` when it belongs, on this thread, to a
 * scope at depth `from_depth` or deeper. */
static void move_to(ts_thread *t, void *h, uint32_t from_depth, uint32_t target) {
    ts_lock_handle(h);
    uint32_t idx;
    ts_record *r = ts_find_live_locked(h, &idx);
    uint32_t gen_low = r ? (uint32_t)atomic_load_explicit(&r->generation, memory_order_relaxed) : 0;
    bool candidate = r && ts_record_in_scope(r) && ts_record_depth(r) >= from_depth;
    ts_unlock_handle(h);
    if (!candidate || !entry_above(t, from_depth, idx, gen_low))
        return;
    ts_lock_handle(h);
    r = ts_find_live_locked(h, &idx);
    if (r && (uint32_t)atomic_load_explicit(&r->generation, memory_order_relaxed) == gen_low &&
        ts_record_in_scope(r) && ts_record_depth(r) >= from_depth)
        ts_record_set_scope(r, target);
    ts_unlock_handle(h);
}

void *tscope_scope_end_keep(tscope_scope *s, void *keep) {
    ts_thread *t = ts_current;
    uint32_t depth = token_depth(t, s);
    if (!depth) {
        report_not_open("tscope_scope_end_keep", s);
        return keep;
    }
    if (keep)
        move_to(t, keep, depth, depth - 1);
    end_slow(s, TS_CALLER_PC());
    return keep;
}

void *tscope_scope_adopt(tscope_scope *s, void *h) {
    ts_thread *t = ts_current;
    uint32_t depth = token_depth(t, s);
    if (!depth) {
        report_not_open("tscope_scope_adopt", s);
        return h;
    }
    if (h && depth < t->depth)
        move_to(t, h, depth + 1, depth);
    return h;
}

/* tscope_detach of a shared tensor with older scope holdings (its shard
 * locked): only the newest holding goes.  Out of line, so the common
 * detach keeps its few registers. */
__attribute__((noinline)) static void *detach_shared(void *h) {
    uint32_t idx;
    ts_record *r = ts_find_live_locked(h, &idx);
    ts_scope_hold_pop_locked(idx, r);
    ts_unlock_handle(h);
    return h;
}

void *tscope_detach(void *h) {
    if (!h)
        return h;
    ts_lock_handle(h);
    ts_record *r = ts_find_live_locked(h, NULL);
    if (r && __builtin_expect(ts_rec_bits(r) & TS_REC_SCOPE_HOLDS, 0))
        return detach_shared(h); /* unlocks */
    if (r)
        ts_record_set_scope(r, 0);
    ts_unlock_handle(h);
    return h;
}

void *tscope_escape(void *h) {
    if (!h)
        return h;
    ts_lock_handle(h);
    ts_record *r = ts_find_live_locked(h, NULL);
    if (r && ts_record_in_scope(r))
        ts_record_set_scope(r, ts_record_depth(r) - 1);
    ts_unlock_handle(h);
    return h;
}

void ts_scope_child_after_fork(void) {
    /* Its holder, another thread, does not exist in the child.  (A fork in
     * the few stores of an insertion could leave the set inconsistent: the
     * registry's locks take the same risk, see registry.c.) */
    ts_lock_release(&open_sites_lock);
}

/* A thread that exits with scopes open: end them, as the scopes promise. */
static void thread_exit(void *arg) {
    ts_thread *t = arg;
    ts_current = t;
    if (t->depth) {
        char site[1024];
        ts_format_site(t->frames[0].site, site, sizeof site);
        ts_diag("warning: thread exited with %u open scope%s (outermost begun at %s); ending them",
                t->depth, t->depth == 1 ? "" : "s", site);
        while (t->depth)
            end_top_frame(t, NULL);
    }
    ts_thread_retire(t);
    ts_current = NULL;
    free(t->entries);
    free(t->frames);
    if (t->recent != t->recent_inline)
        free(t->recent);
    free(t);
}
