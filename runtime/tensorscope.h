/*
 * tensorscope.h -- the public API of libtensorscope, the TensorScope runtime.
 *
 * TensorScope tracks the lifetimes of tensors created through C tensor APIs
 * (GSL, DLPack, ONNX Runtime, your own tensor_new/tensor_free...).  A tensor
 * is identified by the library's own handle (gsl_matrix *, OrtValue *, ...),
 * passed here as void *.  Every tracked tensor also gets a fresh 64-bit
 * generation id, so a later tensor that happens to reuse the same address is
 * a different tensor to the runtime.
 *
 * The Clang plugin (tensorscope.so) emits calls to the functions declared
 * here around the calls it instruments; the same functions may be called by
 * hand.  Everything here is C11 and usable from C++.
 *
 * Threads: track, release, retain, weak references, finalizers and caches
 * may be used from any thread (create in one, release in another).  Scopes
 * belong to the thread that begins them.
 *
 * Options come from the environment variable TSCOPE_OPTIONS, key=value pairs
 * separated by ':' (the sanitizer convention), read once at start-up:
 *   report=0|1        print the leak report at exit (default 1)
 *   json=PATH         also write the report as JSON to PATH
 *   exitcode=N        exit status when tensors leaked at exit (default: keep
 *                     the program's own status)
 *   abort_on_error=0|1  abort() on a double release or other misuse
 *   double_release=proceed|skip|abort  what tscope_release answers for a
 *                     tensor released already (default proceed: see there)
 *   backtrace=N       record N stack frames at each creation and release
 *   verbose=0|1       log every track / release / scope to stderr, and
 *                     every lost tensor and scope left open
 *   released_history=N  how many released tensors are remembered for
 *                     double-release reports (default 65536)
 * An unknown key or a bad value prints one error line naming it and keeps
 * the default.  See docs/runtime.md.
 */
#ifndef TENSORSCOPE_H
#define TENSORSCOPE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TSCOPE_VERSION_MAJOR 0
#define TSCOPE_VERSION_MINOR 1

/* ------------------------------------------------------------------------ */
/* Sites                                                                    */
/* ------------------------------------------------------------------------ */

/*
 * A source location: where a tensor was created or released, or where a
 * scope began.  Printed everywhere as "FILE:LINE in FUNCTION".  `api` names
 * the tensor API function called there (e.g. "gsl_matrix_alloc") or is NULL.
 * Sites live in static storage (the plugin emits them as constants;
 * TSCOPE_HERE makes one per use); the runtime never copies or frees them.
 * This layout is part of the ABI: the plugin emits it field by field.
 */
typedef struct tscope_site {
    const char *file;
    unsigned line;
    unsigned column;
    const char *function;
    const char *api;
} tscope_site;

/*
 * TSCOPE_HERE yields a `const tscope_site *` for the current source location,
 * in static storage, without allocation.  TSCOPE_HERE_API("name") does the
 * same and records the API function called there.
 */
#if defined(__GNUC__) || defined(__clang__)
#define TSCOPE_HERE_API(api_name)                                              \
    __extension__({                                                            \
        static const tscope_site tscope_here_site_ = {                         \
            __FILE__, __LINE__, 0, __func__, api_name};                        \
        &tscope_here_site_;                                                    \
    })
#else
/* Fallback for compilers without statement expressions: a compound literal
 * (automatic storage; the runtime copies nothing, so only use it where the
 * site does not need to outlive the call, e.g. tscope_release). */
#define TSCOPE_HERE_API(api_name)                                              \
    (&(const tscope_site){__FILE__, __LINE__, 0, __func__, api_name})
#endif
#define TSCOPE_HERE TSCOPE_HERE_API((const char *)0)

/* ------------------------------------------------------------------------ */
/* Tracking                                                                 */
/* ------------------------------------------------------------------------ */

/*
 * Registers the newly created tensor `h`, which `release` frees, and returns
 * `h`.  NULL passes through untracked.  The tensor gets a fresh generation
 * id and joins the calling thread's innermost scope, if any.  `created` is
 * the site reported for it (may be NULL).  Tracking an address that is
 * already tracked and alive retires the earlier tensor as lost (an
 * allocator never hands out a live block twice, so its release happened
 * where the runtime could not see): its finalizers and cache watches run,
 * weak references to it read NULL, it is not reported as a leak, and the
 * new one is tracked.  Only verbose=1 prints a line about it: it is a blind
 * spot of the runtime, not a bug of the program.
 */
void *tscope_track(void *h, void (*release)(void *), const tscope_site *created);

/*
 * For creates that may return an object already handed out (declared
 * `shared: true`, e.g. a table of precomputed constants that a create
 * returns for some arguments instead of allocating).  When `h` is a live
 * tracked tensor, this creation adds one reference to it, as tscope_retain
 * does (every release up to the balance returns 1; the one that balances
 * the creations and retains kills it), and, when a scope is open on this
 * thread, joins the innermost one as one more entry: each scope end
 * releases once (through `release`) per creation it holds, so a scope that
 * holds two creations of one shared tensor calls `release` twice and the
 * tensor dies at the second, just as the program's own two releases would
 * do.  A shared tensor held by nested scopes is released by each scope
 * once per creation made in it, innermost first.  The tensor keeps its
 * first creation's generation, site and release function.  When `h` is
 * not live, this is exactly tscope_track.  NULL passes through.
 */
void *tscope_track_shared(void *h, void (*release)(void *), const tscope_site *created);

/*
 * Called just before the library's own release of `h`.  Returns 1 when the
 * real release should proceed, 0 when it must be skipped.
 * - A live tensor: one reference is dropped; at the last one the tensor dies
 *   (weak references read NULL, finalizers run, cache entries keyed by it
 *   die) and 1 is returned.  With retains outstanding 1 is returned too: the
 *   library's own reference count must still drop.
 * - A tensor released already (a tombstone in the released history): one
 *   report naming the creation site, the first release site and `at`, then,
 *   by TSCOPE_OPTIONS double_release=:
 *     proceed (default): returns 1.  The address may have been handed to a
 *       new object by code the runtime does not see (a library built
 *       without the plugin), whose release must not be skipped; a real
 *       double release then does what it does without TensorScope (the
 *       allocator or ASan catches it).
 *       Except when the first release was a scope's end: TensorScope itself
 *       called the real release then, so the program's own (which without
 *       TensorScope would have been the only one) is the second: returns 0.
 *     skip: returns 0, so a buggy program survives, at the price of leaking
 *       an untracked object that reused the address.
 *     abort: abort()s.  abort_on_error=1 aborts too, whatever this says.
 * - A handle never tracked (created where the runtime could not see), or
 *   NULL: returns 1 silently.  So does a tensor the exit sweep finalized
 *   (its real release was never called).
 * Only double_release=skip, or a tensor a scope's end released already,
 * makes it return 0.
 */
int tscope_release(void *h, const tscope_site *at);

/*
 * Called just before a release made inside a library's own create or
 * release function (the plugin emits it there: docs/auto-scope.md), whose
 * real release always proceeds.  A live tracked tensor at `h` is released
 * as by tscope_release: a tensor the program created and then handed to the
 * library's object (GSL's gsl_vector_alloc_from_block with v->owner = 1)
 * dies when the library frees it.  Anything else -- the library's own
 * untracked parts, at an address that a released tensor had, or a handle
 * never seen -- is ignored without a report.
 */
void tscope_release_inner(void *h, const tscope_site *at);

/*
 * For reference-counted APIs: records one more reference to the live tensor
 * `h`.  Every release up to the balance of creation plus retains returns 1;
 * the tensor dies at the release that balances them; any release after that
 * is a double release.  Untracked or dead handles are ignored.
 */
void tscope_retain(void *h);

/*
 * The generation id of the live tracked tensor `h`, or 0 when `h` is not a
 * live tracked tensor.  Generation ids are unique for the life of the process.
 */
uint64_t tscope_generation(void *h);

/* ------------------------------------------------------------------------ */
/* Scopes                                                                   */
/* ------------------------------------------------------------------------ */

/* A scope token; belongs to the thread that began it. */
typedef struct tscope_scope tscope_scope;

/*
 * Begins a scope on the calling thread and returns its token.  Every tensor
 * tracked on this thread while it is the innermost scope belongs to it.
 * `at` is the site reported for the scope (may be NULL).
 */
tscope_scope *tscope_scope_begin(const tscope_site *at);

/*
 * tscope_scope_begin for scopes a compiler inserts (the plugin's automatic
 * function and loop scopes).  Only a longjmp past the function can leave
 * such a scope open, which is correct C: when an enclosing scope's end finds
 * it still open, it is ended (its tensors released) without the warning an
 * open tscope_scope_begin scope gets.
 */
tscope_scope *tscope_scope_begin_auto(const tscope_site *at);

/*
 * Ends scope `s`: releases, newest first and through each tensor's own
 * release function, every tensor that belongs to it and was neither released
 * nor detached.  Scopes begun after `s` and still open (left by longjmp,
 * mostly) are ended first, their tensors released (pop-to-token), with one
 * warning per scope begin site; the others are counted, and one line at
 * exit says how many.  Ending a scope that is not open on this thread is
 * reported and ignored.
 */
void tscope_scope_end(tscope_scope *s);

/*
 * Like tscope_scope_end, but `keep` (a tensor of scope `s`) is not released:
 * it moves to the enclosing scope (or to no scope) and is returned.  This is
 * the keep-the-return-value rule.  NULL `keep` is allowed.
 */
void *tscope_scope_end_keep(tscope_scope *s, void *keep);

/* Number of scopes open on the calling thread. */
size_t tscope_scope_depth(void);

/*
 * Takes `h` out of its scope: no scope will release it; the caller owns it
 * again.  Returns `h`.  (A shared tensor created in several scopes leaves
 * only the newest of them: see tscope_track_shared.)
 */
void *tscope_detach(void *h);

/*
 * Moves `h` from its scope to the enclosing one (or to no scope when its
 * scope is outermost).  Returns `h`.
 */
void *tscope_escape(void *h);

/*
 * Moves `h` into the open scope `s` when `h` belongs to a scope begun after
 * `s` on this thread (a nested one); otherwise leaves it where it is.
 * Returns `h`.  The plugin uses it for a tensor assigned, inside a loop whose
 * iterations are scopes, to a variable declared outside the loop.
 */
void *tscope_scope_adopt(tscope_scope *s, void *h);

/* Internal helper of TSCOPE_SCOPE; not for direct use. */
void tscope_scope_cleanup_(tscope_scope **s);

/*
 * TSCOPE_SCOPE { ... } runs the block inside a scope that ends however the
 * block is left: falling off its end, break, continue, return or goto.
 * Works without the plugin (GCC/Clang cleanup attribute).  A `break` inside
 * the block leaves the block (and ends the scope), not an enclosing loop.
 */
#if defined(__GNUC__) || defined(__clang__)
#define TSCOPE_CAT2_(a, b) a##b
#define TSCOPE_CAT_(a, b) TSCOPE_CAT2_(a, b)
#define TSCOPE_SCOPE                                                           \
    for (tscope_scope *TSCOPE_CAT_(tscope_scope_, __LINE__)                    \
             __attribute__((cleanup(tscope_scope_cleanup_))) =                 \
                 tscope_scope_begin(TSCOPE_HERE),                              \
             *TSCOPE_CAT_(tscope_once_, __LINE__) = (tscope_scope *)1;         \
         TSCOPE_CAT_(tscope_once_, __LINE__);                                  \
         TSCOPE_CAT_(tscope_once_, __LINE__) = (tscope_scope *)0)
#endif

/* ------------------------------------------------------------------------ */
/* Weak references                                                          */
/* ------------------------------------------------------------------------ */

/*
 * A weak reference: a small value type, copied freely, never freed.  It does
 * not keep its tensor alive.  Fields are private.
 */
typedef struct tscope_weak {
    void *handle_;
    const void *record_;
    uint64_t generation_;
} tscope_weak;

/* A weak reference to `h`; to an untracked or dead `h` it reads NULL. */
tscope_weak tscope_weak_ref(void *h);

/*
 * Returns the tensor while it lives and NULL forever after it is released,
 * even when a new tensor later gets the same address.  Takes no lock.
 */
void *tscope_weak_get(tscope_weak w);

/* ------------------------------------------------------------------------ */
/* Finalizers                                                               */
/* ------------------------------------------------------------------------ */

/* Why a tensor's finalizers run. */
typedef enum tscope_release_reason {
    TSCOPE_RELEASED_BY_USER = 0,  /* tscope_release balanced its references */
    TSCOPE_RELEASED_BY_SCOPE = 1, /* its scope ended */
    TSCOPE_RELEASED_AT_EXIT = 2   /* still alive when the process exited */
} tscope_release_reason;

/* What a finalizer is told about the tensor it watched. */
typedef struct tscope_release_info {
    void *handle;               /* the address; for identification only */
    uint64_t generation;        /* the tensor's generation id */
    const tscope_site *created; /* where it was created (may be NULL) */
    const tscope_site *released; /* where it was released (may be NULL) */
    tscope_release_reason reason;
} tscope_release_info;

/*
 * Registers `fn(ctx, info)` to run exactly once when the live tensor `h` is
 * released (by the user, by a scope, or at exit), after weak references to
 * it read NULL and before the library's own release proceeds.  The runtime
 * holds only `ctx`, never the tensor, so a finalizer cannot keep its tensor
 * alive.  Finalizers of one tensor run newest first; they may release other
 * tensors.
 * Returns 0 when registered; 1 when registered but `ctx == h` (reported as a
 * mistake: a context that is the tensor itself pins it in the user's mind
 * and dangles after the release); -1 when nothing was registered because
 * `h` is NULL, not tracked, already released, or `fn` is NULL.
 */
int tscope_on_release(void *h,
                      void (*fn)(void *ctx, const tscope_release_info *info),
                      void *ctx);

/* ------------------------------------------------------------------------ */
/* Introspection and reports                                                */
/* ------------------------------------------------------------------------ */

/* Number of tracked tensors alive now, on all threads. */
size_t tscope_live_count(void);

/*
 * Prints the report of the tensors alive now to `out`: grouped by creation
 * site, the site with most first, each with its count and the scope it was
 * created in; a last line "TensorScope: N tensors leaked from M sites".
 * Prints nothing when no tensor is alive.
 */
void tscope_report(FILE *out);

/*
 * Writes the same report as JSON to `out` (the format of the json= option;
 * see docs/runtime.md).  Always writes a document, with an empty list when
 * nothing is alive.
 */
void tscope_report_json(FILE *out);

/* ------------------------------------------------------------------------ */
/* Caches keyed weakly by tensors                                           */
/* ------------------------------------------------------------------------ */

/*
 * A cache key: tensor identities (address and generation, never contents)
 * and plain values (shape, strides, storage offset, dtype, flags...).  Two
 * keys match when every part matches, in order.  Build with tscope_key_init
 * then the add functions; a key is a plain value that needs no freeing.
 */
#define TSCOPE_KEY_MAX_TENSORS 4
#define TSCOPE_KEY_MAX_BYTES 128
typedef struct tscope_key {
    uint64_t hash_;
    /* From overflow_ through bytes_ (zero-padded): what a lookup compares,
     * as one block.  bytes_ is the stream of tagged parts; a tensor part is
     * its tag and its generation, which does not count against
     * TSCOPE_KEY_MAX_BYTES: hence the 8 bytes per tensor (and 8 of padding). */
    int overflow_;
    uint32_t nbytes_;
    unsigned char bytes_[TSCOPE_KEY_MAX_BYTES + 8 * TSCOPE_KEY_MAX_TENSORS + 8];
    uint32_t ntensors_;
    void *handles_[TSCOPE_KEY_MAX_TENSORS];
    uint64_t generations_[TSCOPE_KEY_MAX_TENSORS];
} tscope_key;

/* Makes `k` the empty key. */
void tscope_key_init(tscope_key *k);
/* Adds the identity of tensor `h` (it must be live and tracked, else the key
 * is marked invalid and every cache call with it fails). Returns 0 or -1. */
int tscope_key_add_tensor(tscope_key *k, void *h);
/* Adds `n` bytes at `p`. Returns 0, or -1 when the key is full. */
int tscope_key_add_bytes(tscope_key *k, const void *p, size_t n);
/* Adds the value `v`. Returns 0, or -1 when the key is full. */
int tscope_key_add_u64(tscope_key *k, uint64_t v);

typedef struct tscope_cache tscope_cache;

/* Counters of one cache. */
typedef struct tscope_cache_stats {
    uint64_t hits;
    uint64_t misses;
    uint64_t evictions_lru;      /* evicted to stay within capacity */
    uint64_t evictions_released; /* died because a key tensor was released */
    size_t size;                 /* entries now */
    size_t capacity;
} tscope_cache_stats;

/*
 * A new cache of at most `capacity` entries (LRU beyond that); `value_free`
 * (may be NULL) frees a value when its entry dies.  NULL on failure.
 */
tscope_cache *tscope_cache_new(size_t capacity, void (*value_free)(void *value));
/* The value for `k`, or NULL (a miss).  Counts a hit or a miss.  The value
 * is borrowed: a put of the same key, a remove, an eviction or the release
 * of a key tensor on another thread may free it (value_free) at any time;
 * a thread that shares the cache uses tscope_cache_get_retained. */
void *tscope_cache_get(tscope_cache *c, const tscope_key *k);

/* A pinned cache value (see tscope_cache_get_retained). */
typedef struct tscope_cache_pin tscope_cache_pin;
/*
 * Like tscope_cache_get, and pins the value: it is not freed (value_free)
 * before tscope_cache_release_retained(*pin), whatever happens to its entry
 * meanwhile on any thread (a put of the same key, a remove, an eviction,
 * the release of a key tensor, tscope_cache_clear, tscope_cache_free): the
 * entry may die, the value waits.  Sets *pin (NULL on a miss, and then
 * nothing is to be released).  Takes the cache's lock (a pin is a write),
 * where tscope_cache_get's repeated hits do not.
 */
void *tscope_cache_get_retained(tscope_cache *c, const tscope_key *k, tscope_cache_pin **pin);
/* Gives a pin back; the last one of a value whose entry has died frees it
 * (value_free, on the calling thread).  NULL is ignored. */
void tscope_cache_release_retained(tscope_cache_pin *pin);
/* Stores `value` under `k`, replacing (and freeing) an old value.  0 on
 * success, -1 when `k` is invalid or holds a dead tensor (the value is then
 * freed with value_free, so nothing leaks). */
int tscope_cache_put(tscope_cache *c, const tscope_key *k, void *value);
/*
 * Like tscope_cache_put, and declares that `value` owns one reference to
 * each of the `n` handles (a retain the caller made, which value_free gives
 * back by releasing them).  References held this way to a key tensor of the
 * same entry do not keep that tensor alive (ephemeron semantics).
 */
int tscope_cache_put_holding(tscope_cache *c, const tscope_key *k, void *value,
                             void *const *handles, size_t n);
/* Removes the entry for `k`, freeing its value.  1 if there was one, else 0. */
int tscope_cache_remove(tscope_cache *c, const tscope_key *k);
/* Removes every entry, freeing the values. */
void tscope_cache_clear(tscope_cache *c);
/* Clears and frees the cache. */
void tscope_cache_free(tscope_cache *c);
/* Fills `*out` with the cache's counters. */
void tscope_cache_get_stats(tscope_cache *c, tscope_cache_stats *out);

/* Variants that record the caller's site for leak reports ("kept alive by
 * cache entry created at FILE:LINE"); the macros below use them. */
int tscope_cache_put_at(tscope_cache *c, const tscope_key *k, void *value,
                        const tscope_site *at);
int tscope_cache_put_holding_at(tscope_cache *c, const tscope_key *k,
                                void *value, void *const *handles, size_t n,
                                const tscope_site *at);
#if defined(__GNUC__) || defined(__clang__)
#define tscope_cache_put(c, k, v) tscope_cache_put_at((c), (k), (v), TSCOPE_HERE)
#define tscope_cache_put_holding(c, k, v, hs, n)                               \
    tscope_cache_put_holding_at((c), (k), (v), (hs), (n), TSCOPE_HERE)
#endif

/* ------------------------------------------------------------------------ */
/* Annotations for the Clang plugin                                         */
/* ------------------------------------------------------------------------ */

/*
 * Put these on function declarations in your headers.  Parameter indexes
 * are 1-based, as in Clang's ownership_* attributes.  Under Clang they
 * become annotate("tscope_...") attributes that the plugin reads; under
 * other compilers they expand to nothing, so annotated headers still build.
 *
 *   TSCOPE_CREATES        returns a new owned tensor
 *   TSCOPE_CREATES_OUT(i) creates a tensor through out-parameter i
 *   TSCOPE_SUCCESS(when)  ... only when the call succeeds: `when` is one of
 *                         returns_zero, returns_nonzero, returns_null,
 *                         returns_nonnull, always (the default), as an API
 *                         file's `success:` (int f(..., T **out) returning
 *                         0 on success: TSCOPE_SUCCESS(returns_zero))
 *   TSCOPE_RELEASES(i)    releases argument i
 *   TSCOPE_RETAINS(i)     adds a reference to argument i
 *   TSCOPE_CONSUMES(i)    takes ownership of argument i
 *   TSCOPE_DETACHES(i)    takes argument i out of its scope
 *   TSCOPE_BORROWS(i)     returns a view owned by argument i: never released
 *                         by the caller, dead when argument i dies
 *   TSCOPE_AUTO           give the function a scope
 *   TSCOPE_AUTO_LOOPS     ... and give each loop iteration in it a scope
 *   TSCOPE_NO_LINT        do not lint this function
 *   TSCOPE_RELEASED_BY(f) what this function creates is released by f (the
 *                         plugin otherwise pairs creates and releases by
 *                         name; see docs/annotations.md)
 */
#if defined(__clang__)
#define TSCOPE_ANNOTATE_(...) __attribute__((annotate(__VA_ARGS__)))
#else
#define TSCOPE_ANNOTATE_(...)
#endif
#define TSCOPE_CREATES TSCOPE_ANNOTATE_("tscope_creates")
#define TSCOPE_CREATES_OUT(i) TSCOPE_ANNOTATE_("tscope_creates_out", i)
#define TSCOPE_RELEASES(i) TSCOPE_ANNOTATE_("tscope_releases", i)
#define TSCOPE_RETAINS(i) TSCOPE_ANNOTATE_("tscope_retains", i)
#define TSCOPE_CONSUMES(i) TSCOPE_ANNOTATE_("tscope_consumes", i)
#define TSCOPE_DETACHES(i) TSCOPE_ANNOTATE_("tscope_detaches", i)
#define TSCOPE_BORROWS(i) TSCOPE_ANNOTATE_("tscope_borrows", i)
#define TSCOPE_AUTO TSCOPE_ANNOTATE_("tscope_auto")
#define TSCOPE_AUTO_LOOPS TSCOPE_ANNOTATE_("tscope_auto_loops")
#define TSCOPE_NO_LINT TSCOPE_ANNOTATE_("tscope_no_lint")
#define TSCOPE_RELEASED_BY(f) TSCOPE_ANNOTATE_("tscope_released_by", #f)
#define TSCOPE_SUCCESS(when) TSCOPE_ANNOTATE_("tscope_success", #when)

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TENSORSCOPE_H */
