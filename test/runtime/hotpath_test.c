/*
 * hotpath_test.c -- the places where track and release leave their fast
 * paths for the general ones (registry.c): each case must behave exactly as
 * the contract says, whichever path handles it.
 *   - a tombstone reused by a new tensor at its address, with and without
 *     rare data (a finalizer) attached to the old tensor;
 *   - a live tensor tracked again at its address (lost);
 *   - shared references (retain) and the release that balances them;
 *   - double releases right after a fast release;
 *   - enough tensors that every shard's table grows and new record slabs
 *     are needed while tracking continues;
 *   - a thread's hints about the handles it used last going stale because
 *     another thread released or re-created the tensor at that address
 *     (for track and release, and for the lock-free lookups of weak
 *     references and generations that trust a hint only when the record
 *     still holds the hinted generation);
 *   - a tombstone reused through a hint while the thread's scope changed:
 *     the new tensor belongs to the scope open now, not the old one's;
 *   - the history ring going round under releases that all take the hint
 *     path, recycling the oldest tombstones (they are then forgotten) and
 *     keeping the newest (a double release is still reported);
 *   - a fresh thread keeping 4096 tensors alive at once, in turn, so that
 *     its table of hints grows (4x, more than once) while its tensors are
 *     alive, inside a scope and out: weak references, generations, scope
 *     ends and double releases stay exact across the moves;
 *   - releases by hand inside scopes, newest first and oldest first, with
 *     an enclosing frame's entry on top of the stack: each scope end
 *     releases exactly what is left, and a long scope whose loop frees
 *     newest first keeps its entry stack small.
 * Run with double_release=skip, so tscope_release's 0 says that a double
 * release was detected (by default it reports and answers 1).
 */
#include "check.h"

#include <pthread.h>
#include <string.h>

static int fired;
static void count_fire(void *ctx, const tscope_release_info *info) {
    (void)info;
    (*(int *)ctx)++;
}

static void test_reuse_fast_tombstone(void) {
    static char cell[64];
    for (int round = 0; round < 3; round++) {
        CHECK(tscope_track(cell, NULL, TSCOPE_HERE) == cell);
        uint64_t gen = tscope_generation(cell);
        CHECK(gen != 0);
        tscope_weak w = tscope_weak_ref(cell);
        CHECK(tscope_weak_get(w) == cell);
        CHECK_EQ(tscope_release(cell, TSCOPE_HERE), 1);
        CHECK(tscope_weak_get(w) == NULL);
        CHECK_EQ(tscope_generation(cell), 0);
    }
    /* The last one is a tombstone now: releasing it again is a double release. */
    CHECK_EQ(tscope_release(cell, TSCOPE_HERE), 0);
}

/* Tracks a tensor at `cell` with a finalizer that counts into `fired`. */
static void track_watched(char *cell) {
    fired = 0;
    tscope_track(cell, NULL, TSCOPE_HERE);
    CHECK_EQ(tscope_on_release(cell, count_fire, &fired), 0);
}

static void test_reuse_tombstone_with_finalizer(void) {
    static char cell[64];
    track_watched(cell);
    tscope_weak old = tscope_weak_ref(cell);
    CHECK_EQ(tscope_release(cell, TSCOPE_HERE), 1);
    CHECK_EQ(fired, 1);
    /* A new tensor at the address of a tombstone that has rare data. */
    tscope_track(cell, NULL, TSCOPE_HERE);
    CHECK(tscope_generation(cell) != 0);
    CHECK(tscope_weak_get(old) == NULL);
    CHECK_EQ(tscope_release(cell, TSCOPE_HERE), 1);
    CHECK_EQ(fired, 1); /* the old finalizer ran once, and only once */
    CHECK_EQ(tscope_release(cell, TSCOPE_HERE), 0);
}

static void test_lost_then_fast(void) {
    static char cell[64];
    track_watched(cell);
    uint64_t first = tscope_generation(cell);
    /* Tracked again while alive: the first tensor was lost (reported with verbose=1), its
     * finalizer runs, and the new one is an ordinary live tensor. */
    tscope_track(cell, NULL, TSCOPE_HERE);
    CHECK_EQ(fired, 1);
    uint64_t second = tscope_generation(cell);
    CHECK(second != 0);
    CHECK(second != first);
    CHECK_EQ(tscope_release(cell, TSCOPE_HERE), 1);
    CHECK_EQ(tscope_release(cell, TSCOPE_HERE), 0);
}

/* One creation site for every call, as in a loop. */
static void *track_here(void *h) { return tscope_track(h, NULL, TSCOPE_HERE); }

/* The same without rare data: the fast path meets the live tensor itself. */
static void test_lost_plain(void) {
    static char cell[64];
    size_t before = tscope_live_count();
    track_here(cell);
    uint64_t first = tscope_generation(cell);
    tscope_weak w = tscope_weak_ref(cell);
    track_here(cell);
    CHECK_EQ(tscope_live_count(), before + 1); /* the first one died, lost */
    CHECK(tscope_weak_get(w) == NULL);
    CHECK(tscope_generation(cell) != first);
    CHECK_EQ(tscope_release(cell, TSCOPE_HERE), 1);
    CHECK_EQ(tscope_live_count(), before);
    CHECK_EQ(tscope_release(cell, TSCOPE_HERE), 0);
}

static void test_shared_then_fast(void) {
    static char cell[64];
    tscope_track(cell, NULL, TSCOPE_HERE);
    tscope_retain(cell);
    CHECK_EQ(tscope_release(cell, TSCOPE_HERE), 1); /* one reference left */
    CHECK(tscope_generation(cell) != 0);
    CHECK_EQ(tscope_release(cell, TSCOPE_HERE), 1); /* balanced: dead */
    CHECK_EQ(tscope_generation(cell), 0);
    CHECK_EQ(tscope_release(cell, TSCOPE_HERE), 0);
}

/* 200,000 tensors live at once: every shard grows its table several times
 * and allocates new record slabs in the middle of the run. */
static void test_growth(void) {
    enum { N = 200000 };
    char *block = malloc((size_t)N * 16);
    CHECK(block != NULL);
    if (!block)
        return;
    size_t before = tscope_live_count();
    for (size_t i = 0; i < N; i++)
        tscope_track(block + i * 16, NULL, TSCOPE_HERE);
    CHECK_EQ(tscope_live_count(), before + N);
    size_t alive = 0;
    for (size_t i = 0; i < N; i++)
        alive += tscope_generation(block + i * 16) != 0;
    CHECK_EQ(alive, N);
    int ones = 0;
    for (size_t i = 0; i < N; i++)
        ones += tscope_release(block + i * 16, TSCOPE_HERE);
    CHECK_EQ(ones, N);
    CHECK_EQ(tscope_live_count(), before);
    /* Released within the history: each second release is reported. */
    for (size_t i = N - 4; i < N; i++)
        CHECK_EQ(tscope_release(block + i * 16, TSCOPE_HERE), 0);
    free(block);
}

/* Inside a scope, a tensor released by hand and a new one at its address
 * (reusing its record): the scope's end skips the first entry, whose
 * generation is gone, and releases the second once. */
static void test_scope_reuse(void) {
    static char cell[64];
    size_t before = tscope_live_count();
    tscope_scope *s = tscope_scope_begin(TSCOPE_HERE);
    track_here(cell);
    CHECK_EQ(tscope_release(cell, TSCOPE_HERE), 1);
    track_here(cell);
    CHECK_EQ(tscope_live_count(), before + 1);
    tscope_scope_end(s);
    CHECK_EQ(tscope_live_count(), before);
    CHECK_EQ(tscope_release(cell, TSCOPE_HERE), 0); /* the scope released it */
}

/* The release hint path pops the entry of the tensor it kills when that
 * entry is the innermost frame's newest (registry.c): the scope end must
 * still release exactly what is left, whatever the order of the releases by
 * hand, and an entry of an enclosing frame must stay where it is. */
static int scope_released;
static void count_scope_release(void *h) {
    (void)h;
    scope_released++;
}
static void *track_counted(void *h) { return tscope_track(h, count_scope_release, TSCOPE_HERE); }
static void warm(char *cell) { /* later tracks and releases take the hint paths */
    track_counted(cell);
    CHECK_EQ(tscope_release(cell, TSCOPE_HERE), 1);
}

static void test_release_pops_scope_entry(void) {
    static char a[64], b[64], c[64], x[64], y[64];
    warm(a), warm(b), warm(c), warm(x), warm(y);
    size_t before = tscope_live_count();

    /* Reverse order (every release pops its own entry), then in order of
     * creation (none can: the scope's end skips them), then one left. */
    tscope_scope *s = tscope_scope_begin(TSCOPE_HERE);
    track_counted(a), track_counted(b), track_counted(c);
    CHECK_EQ(tscope_release(c, TSCOPE_HERE), 1);
    CHECK_EQ(tscope_release(b, TSCOPE_HERE), 1);
    CHECK_EQ(tscope_release(a, TSCOPE_HERE), 1);
    track_counted(a), track_counted(b), track_counted(c);
    CHECK_EQ(tscope_release(a, TSCOPE_HERE), 1);
    CHECK_EQ(tscope_release(b, TSCOPE_HERE), 1);
    scope_released = 0;
    tscope_scope_end(s);
    CHECK_EQ(scope_released, 1); /* c, once */
    CHECK_EQ(tscope_live_count(), before);
    CHECK_EQ(tscope_release(c, TSCOPE_HERE), 0);

    /* x's entry, the newest of all, belongs to the outer frame: releasing
     * it inside the inner scope must not pop it, or y's entry would land
     * below the inner frame's first and the inner end would miss y. */
    tscope_scope *outer = tscope_scope_begin(TSCOPE_HERE);
    track_counted(x);
    tscope_scope *inner = tscope_scope_begin(TSCOPE_HERE);
    CHECK_EQ(tscope_release(x, TSCOPE_HERE), 1);
    track_counted(y);
    scope_released = 0;
    tscope_scope_end(inner);
    CHECK_EQ(scope_released, 1); /* y, at the inner end */
    CHECK_EQ(tscope_generation(y), 0);
    tscope_scope_end(outer);
    CHECK_EQ(scope_released, 1); /* nothing more */
    CHECK_EQ(tscope_live_count(), before);

    /* Released and re-created at the same address inside the scope: the
     * second tensor is the scope's, released once at its end. */
    s = tscope_scope_begin(TSCOPE_HERE);
    track_counted(a);
    CHECK_EQ(tscope_release(a, TSCOPE_HERE), 1);
    track_counted(a);
    scope_released = 0;
    tscope_scope_end(s);
    CHECK_EQ(scope_released, 1);
    CHECK_EQ(tscope_live_count(), before);
}

/* A long-lived scope around a loop that frees what it makes, newest first:
 * its entries do not pile up (they did, 8 bytes a track, until its end).
 * glibc's own heap figures; a sanitizer's allocator keeps its own. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define HEAP_FIGURES 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define HEAP_FIGURES 0
#endif
#endif
#ifndef HEAP_FIGURES
#define HEAP_FIGURES 1
#include <malloc.h>
static size_t heap_in_use(void) {
    struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
}
#endif

static void test_long_scope_lifo_stays_small(void) {
    static char cells[2][64];
    warm(cells[0]), warm(cells[1]);
    enum { ROUNDS = 200000 };
#if HEAP_FIGURES
    size_t heap_before = heap_in_use();
#endif
    tscope_scope *s = tscope_scope_begin(TSCOPE_HERE);
    for (int i = 0; i < ROUNDS; i++) {
        track_counted(cells[0]);
        track_counted(cells[1]);
        CHECK_EQ(tscope_release(cells[1], TSCOPE_HERE), 1);
        CHECK_EQ(tscope_release(cells[0], TSCOPE_HERE), 1);
    }
#if HEAP_FIGURES
    size_t grown = heap_in_use() - heap_before;
    CHECK(grown < 64 * 1024); /* without the pops: 2 * ROUNDS entries, 3.2 MB */
#endif
    scope_released = 0;
    tscope_scope_end(s);
    CHECK_EQ(scope_released, 0);
}

static char shared_cell[64];
static void *release_shared(void *arg) {
    (void)arg;
    return (void *)(intptr_t)tscope_release(shared_cell, TSCOPE_HERE);
}
static void *recreate_shared(void *arg) {
    (void)arg;
    track_here(shared_cell);
    return NULL;
}
static int run_on_thread(void *(*fn)(void *)) {
    pthread_t th;
    void *result = NULL;
    if (pthread_create(&th, NULL, fn, NULL) != 0)
        return -1;
    pthread_join(th, &result);
    return (int)(intptr_t)result;
}

static void test_stale_hints(void) {
    size_t before = tscope_live_count();
    /* This thread tracks; another releases; a release here is then a double
     * release, not a second release of a live tensor. */
    track_here(shared_cell);
    CHECK(tscope_weak_get(tscope_weak_ref(shared_cell)) == shared_cell); /* by the hint */
    CHECK_EQ(run_on_thread(release_shared), 1);
    /* The hint still says "tracked here, alive": lookups must not trust it. */
    CHECK(tscope_weak_get(tscope_weak_ref(shared_cell)) == NULL);
    CHECK_EQ(tscope_generation(shared_cell), 0);
    CHECK_EQ(tscope_release(shared_cell, TSCOPE_HERE), 0);
    /* This thread released last; another creates a new tensor there: this
     * thread's release ends that tensor, and a new track here after that
     * still makes a new, live tensor. */
    CHECK_EQ(run_on_thread(recreate_shared), 0);
    uint64_t theirs = tscope_generation(shared_cell);
    CHECK(theirs != 0);
    CHECK(tscope_weak_get(tscope_weak_ref(shared_cell)) == shared_cell); /* theirs, found */
    CHECK_EQ(tscope_release(shared_cell, TSCOPE_HERE), 1);
    CHECK_EQ(tscope_generation(shared_cell), 0);
    track_here(shared_cell);
    CHECK(tscope_generation(shared_cell) != 0);
    CHECK(tscope_generation(shared_cell) != theirs);
    CHECK_EQ(run_on_thread(release_shared), 1);
    CHECK_EQ(tscope_live_count(), before);
    /* This thread released last; another creates there, and this thread
     * tracks there again without a release in between: the other thread's
     * tensor was lost (reported with verbose=1), and exactly one tensor lives. */
    track_here(shared_cell);
    CHECK_EQ(tscope_release(shared_cell, TSCOPE_HERE), 1);
    CHECK_EQ(run_on_thread(recreate_shared), 0);
    track_here(shared_cell);
    CHECK_EQ(tscope_live_count(), before + 1);
    CHECK_EQ(tscope_release(shared_cell, TSCOPE_HERE), 1);
    CHECK_EQ(tscope_live_count(), before);
}

/* The text of tscope_report(). */
static char *report_text(void) {
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    CHECK(out != NULL);
    tscope_report(out);
    fclose(out);
    return text;
}

static void test_hint_origin_follows_scope(void) {
    static char cell[64];
    static const tscope_site made = {"hint.c", 7, 0, "make", NULL};
    static const tscope_site outer = {"hint.c", 20, 0, "outer", NULL};
    size_t before = tscope_live_count();
    /* A tombstone at cell that this thread released last, created at
     * `made` outside any scope: the next track there takes the hint path. */
    tscope_track(cell, NULL, &made);
    CHECK_EQ(tscope_release(cell, &made), 1);
    tscope_scope *s = tscope_scope_begin(&outer);
    tscope_track(cell, NULL, &made);
    char *text = report_text();
    CHECK(strstr(text, "1 in the scope begun at hint.c:20 in outer") != NULL);
    free(text);
    tscope_scope_end(s);
    CHECK_EQ(tscope_live_count(), before);
    /* And back outside the scope: the same site and address, no scope. */
    tscope_track(cell, NULL, &made);
    text = report_text();
    CHECK(strstr(text, "hint.c:20") == NULL);
    free(text);
    CHECK_EQ(tscope_release(cell, &made), 1);
    CHECK_EQ(tscope_live_count(), before);
}

static void test_history_wraps_on_hint_path(void) {
    /* 150,000 distinct addresses, each tracked and released at once (the
     * release finds the hint the track left): far more releases than the
     * default history of 65,536 holds, so every shard's ring goes round
     * and pushes overwrite tombstones still waiting there. */
    enum { N = 150000 };
    static char cells[N][16];
    size_t before = tscope_live_count();
    for (int i = 0; i < N; i++) {
        CHECK(tscope_track(cells[i], NULL, TSCOPE_HERE) == cells[i]);
        CHECK_EQ(tscope_release(cells[i], TSCOPE_HERE), 1);
    }
    CHECK_EQ(tscope_live_count(), before);
    /* The oldest has fallen out of the history (recycled: releasing it
     * again passes silently, like a handle never tracked).  Also when its
     * track took the general path (a shard's first tensor, a table growth):
     * that path leaves a hint too, so the release takes the hint path and
     * the tombstone goes to this thread's ring like the others'
     * (first_track_hint_test.c pins that case in a fresh process). */
    int again = tscope_release(cells[0], TSCOPE_HERE);
    CHECK_EQ(again, 1);
    /* The newest is still remembered: a double release, reported. */
    CHECK_EQ(tscope_release(cells[N - 1], TSCOPE_HERE), 0);
    /* Recycled records serve new tensors. */
    CHECK(tscope_track(cells[0], NULL, TSCOPE_HERE) == cells[0]);
    CHECK(tscope_generation(cells[0]) != 0);
    CHECK_EQ(tscope_release(cells[0], TSCOPE_HERE), 1);
    CHECK_EQ(tscope_live_count(), before);
}

static void *recent_growth_thread(void *arg) {
    (void)arg;
    enum { K = 4096, ROUNDS = 8 };
    static char cells[K][64];
    static tscope_weak weak[K];
    for (int round = 0; round < ROUNDS; round++) {
        /* Odd rounds: inside a scope, which releases them at its end. */
        tscope_scope *s = round % 2 ? tscope_scope_begin(TSCOPE_HERE) : NULL;
        for (size_t i = 0; i < K; i++) {
            CHECK(tscope_track(cells[i], NULL, TSCOPE_HERE) == cells[i]);
            weak[i] = tscope_weak_ref(cells[i]);
        }
        size_t alive = 0;
        for (size_t i = 0; i < K; i++)
            alive += tscope_weak_get(weak[i]) == cells[i] && tscope_generation(cells[i]) != 0;
        CHECK_EQ(alive, K);
        if (s) {
            /* One released by hand first: the scope's end skips it. */
            CHECK_EQ(tscope_release(cells[7], TSCOPE_HERE), 1);
            tscope_scope_end(s);
        } else {
            int ones = 0;
            for (size_t i = 0; i < K; i++)
                ones += tscope_release(cells[i], TSCOPE_HERE);
            CHECK_EQ(ones, K);
        }
        size_t dead = 0;
        for (size_t i = 0; i < K; i++)
            dead += tscope_weak_get(weak[i]) == NULL && tscope_generation(cells[i]) == 0;
        CHECK_EQ(dead, K);
    }
    /* The newest tombstones are still known: a second release is reported. */
    CHECK_EQ(tscope_release(cells[K - 1], TSCOPE_HERE), 0);
    CHECK_EQ(tscope_release(cells[0], TSCOPE_HERE), 0);
    return NULL;
}

static void test_recent_table_grows(void) {
    size_t before = tscope_live_count();
    pthread_t th;
    CHECK_EQ(pthread_create(&th, NULL, recent_growth_thread, NULL), 0);
    CHECK_EQ(pthread_join(th, NULL), 0);
    CHECK_EQ(tscope_live_count(), before);
}

int main(void) {
    test_reuse_fast_tombstone();
    test_reuse_tombstone_with_finalizer();
    test_lost_then_fast();
    test_lost_plain();
    test_shared_then_fast();
    test_growth();
    test_stale_hints();
    test_scope_reuse();
    test_hint_origin_follows_scope();
    test_history_wraps_on_hint_path();
    test_recent_table_grows();
    test_release_pops_scope_entry();
    test_long_scope_lifo_stays_small();
    CHECK_EQ(tscope_live_count(), 0);
    CHECK_DONE();
}
