/*
 * ops_tscope.c -- the runtime's own operations, one run_op_* per row of the
 * table.  Handles are fake (see ops.h) so only the runtime's work counts.
 * Each teardown checks that the operation did what the runtime promises.
 */
#include <stdlib.h>

#include "ops.h"
#include "tensorscope.h"

static const tscope_site *bench_site(void) { return TSCOPE_HERE_API("bench_op"); }

static void track_all(size_t n)
{
    const tscope_site *site = bench_site();
    for (size_t i = 0; i < n; i++)
        tscope_track(bench_handle(i), bench_fake_release, site);
}

static void release_all(size_t n)
{
    const tscope_site *site = bench_site();
    for (size_t i = 0; i < n; i++)
        tscope_release(bench_handle(i), site);
}

static size_t count_alive(size_t n)
{
    size_t alive = 0;
    for (size_t i = 0; i < n; i++)
        alive += tscope_generation(bench_handle(i)) != 0;
    return alive;
}

static void *setup_track(size_t n) { track_all(n); return NULL; }

static const char *teardown_release(void *ctx, size_t n)
{
    (void)ctx;
    if (count_alive(n) != n)
        return "a tracked tensor was not alive before its release";
    release_all(n);
    return NULL;
}

static const char *check_none_alive(void *ctx, size_t n)
{
    (void)ctx;
    return count_alive(n) ? "a released tensor is still alive" : NULL;
}

/* ---- track and release ------------------------------------------------ */

BENCH_NOINLINE static void run_op_track_release(void *ctx, size_t n)
{
    (void)ctx;
    const tscope_site *site = bench_site();
    for (size_t i = 0; i < n; i++) {
        void *h = bench_handle(i);
        tscope_track(h, bench_fake_release, site);
        tscope_release(h, site);
    }
}

/* The budget's own pattern: one tensor, tracked and released over and over
 * at one address, as malloc(64)+free gets one block back over and over. */
BENCH_NOINLINE static void run_op_track_release_one(void *ctx, size_t n)
{
    (void)ctx;
    const tscope_site *site = bench_site();
    void *h = bench_handle(0);
    for (size_t i = 0; i < n; i++) {
        tscope_track(h, bench_fake_release, site);
        tscope_release(h, site);
    }
}

BENCH_NOINLINE static void run_op_track(void *ctx, size_t n)
{
    (void)ctx;
    track_all(n);
}

BENCH_NOINLINE static void run_op_release(void *ctx, size_t n)
{
    (void)ctx;
    release_all(n);
}

/* ---- scopes ----------------------------------------------------------- */

static const char *check_no_scope_open(void *ctx, size_t n)
{
    (void)ctx;
    (void)n;
    return tscope_scope_depth() ? "a scope is still open after its end" : NULL;
}

BENCH_NOINLINE static void run_op_scope_empty(void *ctx, size_t n)
{
    (void)ctx;
    const tscope_site *site = bench_site();
    for (size_t i = 0; i < n; i++)
        tscope_scope_end(tscope_scope_begin(site));
}

/* One op = one scope that tracks k tensors and releases them at its end. */
static void scope_with(size_t n, size_t k)
{
    const tscope_site *site = bench_site();
    size_t next = 0;
    for (size_t i = 0; i < n; i++) {
        tscope_scope *s = tscope_scope_begin(site);
        for (size_t t = 0; t < k; t++)
            tscope_track(bench_handle(next++), bench_fake_release, site);
        tscope_scope_end(s);
    }
}

/* The release counter before the round, to check the scope released all. */
static size_t releases_before;

static void *setup_count_releases(size_t n)
{
    (void)n;
    releases_before = bench_fake_release_count();
    return NULL;
}

static const char *check_scope_released(size_t n, size_t k)
{
    if (bench_fake_release_count() - releases_before != n * k)
        return "a scope did not release every tensor tracked in it";
    if (count_alive(n * k))
        return "a tensor of an ended scope is still alive";
    return check_no_scope_open(NULL, n);
}

BENCH_NOINLINE static void run_op_scope_1(void *ctx, size_t n) { (void)ctx; scope_with(n, 1); }
BENCH_NOINLINE static void run_op_scope_10(void *ctx, size_t n) { (void)ctx; scope_with(n, 10); }
BENCH_NOINLINE static void run_op_scope_100(void *ctx, size_t n) { (void)ctx; scope_with(n, 100); }
static const char *check_scope_1(void *c, size_t n) { (void)c; return check_scope_released(n, 1); }
static const char *check_scope_10(void *c, size_t n) { (void)c; return check_scope_released(n, 10); }
static const char *check_scope_100(void *c, size_t n) { (void)c; return check_scope_released(n, 100); }

/* detach: n tensors tracked inside an open scope are taken out of it. */
static void *setup_detach(size_t n)
{
    tscope_scope *s = tscope_scope_begin(bench_site());
    track_all(n);
    return s;
}

BENCH_NOINLINE static void run_op_detach(void *ctx, size_t n)
{
    (void)ctx;
    for (size_t i = 0; i < n; i++)
        BENCH_KEEP(tscope_detach(bench_handle(i)));
}

static const char *teardown_detach(void *ctx, size_t n)
{
    tscope_scope_end((tscope_scope *)ctx);
    /* Detached tensors must survive the end of their scope. */
    return teardown_release(NULL, n);
}

/* ---- weak references -------------------------------------------------- */

BENCH_NOINLINE static void run_op_weak_ref_get(void *ctx, size_t n)
{
    (void)ctx;
    for (size_t i = 0; i < n; i++) {
        tscope_weak w = tscope_weak_ref(bench_handle(i));
        BENCH_KEEP(tscope_weak_get(w));
    }
}

static void *setup_weak_refs(size_t n)
{
    track_all(n);
    tscope_weak *refs = malloc(n * sizeof *refs);
    if (!refs)
        abort();
    for (size_t i = 0; i < n; i++)
        refs[i] = tscope_weak_ref(bench_handle(i));
    return refs;
}

BENCH_NOINLINE static void run_op_weak_get(void *ctx, size_t n)
{
    const tscope_weak *refs = ctx;
    for (size_t i = 0; i < n; i++)
        BENCH_KEEP(tscope_weak_get(refs[i]));
}

static const char *teardown_weak_refs(void *ctx, size_t n)
{
    tscope_weak *refs = ctx;
    const char *err = NULL;
    for (size_t i = 0; i < n && !err; i++)
        if (tscope_weak_get(refs[i]) != bench_handle(i))
            err = "a weak reference to a live tensor did not return it";
    release_all(n);
    for (size_t i = 0; i < n && !err; i++)
        if (tscope_weak_get(refs[i]))
            err = "a weak reference to a released tensor is not NULL";
    free(refs);
    return err;
}

/* Weak references to tensors released already: they must read NULL, even
 * after new tensors were tracked at the same addresses. */
static void *setup_dead_weak_refs(size_t n)
{
    tscope_weak *refs = setup_weak_refs(n);
    release_all(n);
    track_all(n); /* address reuse: new tensors, new generations */
    return refs;
}

BENCH_NOINLINE static void run_op_weak_get_dead(void *ctx, size_t n)
{
    const tscope_weak *refs = ctx;
    for (size_t i = 0; i < n; i++)
        BENCH_KEEP(tscope_weak_get(refs[i]));
}

static const char *teardown_dead_weak_refs(void *ctx, size_t n)
{
    tscope_weak *refs = ctx;
    const char *err = NULL;
    for (size_t i = 0; i < n && !err; i++)
        if (tscope_weak_get(refs[i]))
            err = "a weak reference came back to life after address reuse";
    release_all(n);
    free(refs);
    return err;
}

/* ---- finalizers ------------------------------------------------------- */

static size_t bench_finalizer_runs;
static int bench_finalizer_ctx;

static void bench_finalizer(void *c, const tscope_release_info *info)
{
    (void)c;
    (void)info;
    bench_finalizer_runs++;
}

static size_t finalizers_before;

static void *setup_track_count(size_t n)
{
    finalizers_before = bench_finalizer_runs;
    track_all(n);
    return NULL;
}

BENCH_NOINLINE static void run_op_on_release(void *ctx, size_t n)
{
    (void)ctx;
    for (size_t i = 0; i < n; i++)
        tscope_on_release(bench_handle(i), bench_finalizer, &bench_finalizer_ctx);
}

static const char *check_finalizers_ran(size_t n)
{
    if (bench_finalizer_runs - finalizers_before != n)
        return "a finalizer did not run exactly once at its tensor's release";
    return count_alive(n) ? "a finalized tensor is still alive" : NULL;
}

static const char *teardown_on_release(void *ctx, size_t n)
{
    const char *err = teardown_release(ctx, n);
    return err ? err : check_finalizers_ran(n);
}

static void *setup_finalized(size_t n)
{
    setup_track_count(n);
    for (size_t i = 0; i < n; i++)
        tscope_on_release(bench_handle(i), bench_finalizer, &bench_finalizer_ctx);
    return NULL;
}

/* The release of a tensor with one finalizer, which fires. */
BENCH_NOINLINE static void run_op_release_finalized(void *ctx, size_t n)
{
    (void)ctx;
    release_all(n);
}

static const char *check_release_finalized(void *ctx, size_t n)
{
    (void)ctx;
    return check_finalizers_ran(n);
}

const bench_op bench_ops_tscope[] = {
    {"track_release_one", "track+release, one tensor", 1000, NULL, run_op_track_release_one, check_none_alive},
    {"track_release", "track+release, 4096 tensors in turn", 1000, NULL, run_op_track_release, check_none_alive},
    {"track", "track", 1000, NULL, run_op_track, teardown_release},
    {"release", "release", 1000, setup_track, run_op_release, check_none_alive},
    {"scope_empty", "empty scope begin+end", 1000, NULL, run_op_scope_empty, check_no_scope_open},
    {"scope_1", "scope with 1 tensor (begin, track, end)", 1000, setup_count_releases, run_op_scope_1, check_scope_1},
    {"scope_10", "scope with 10 tensors", 100, setup_count_releases, run_op_scope_10, check_scope_10},
    {"scope_100", "scope with 100 tensors", 10, setup_count_releases, run_op_scope_100, check_scope_100},
    {"detach", "detach", 1000, setup_detach, run_op_detach, teardown_detach},
    {"weak_ref_get", "weak ref + get", 1000, setup_track, run_op_weak_ref_get, teardown_release},
    {"weak_get", "weak get (live)", 1000, setup_weak_refs, run_op_weak_get, teardown_weak_refs},
    {"weak_get_dead", "weak get (released, address reused: NULL)", 1000, setup_dead_weak_refs, run_op_weak_get_dead, teardown_dead_weak_refs},
    {"on_release", "finalizer registration", 1000, setup_track_count, run_op_on_release, teardown_on_release},
    {"release_finalized", "release firing 1 finalizer", 1000, setup_finalized, run_op_release_finalized, check_release_finalized},
    {NULL, NULL, 0, NULL, NULL, NULL},
};
