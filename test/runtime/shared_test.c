/*
 * shared_test.c -- tscope_track_shared (creates that may hand out an object
 * already live, such as a table of constants) and tscope_track of an
 * address already live (the earlier tensor is retired as lost, quietly
 * unless verbose=1: the LOST run).
 *   - not live: exactly tscope_track;
 *   - live: one more reference per creation, as tscope_retain;
 *   - one scope holding two creations releases twice, the tensor dies at
 *     the second; nested scopes each release their own creations;
 *   - a creation outside scopes stays the program's to release;
 *   - detach takes out one holding; weak references and finalizers see
 *     one tensor that dies once.
 */
#include "check.h"

#include <string.h>

/* A "precomputed table": static storage, released by counting only. */
static double table[8];
static int table_releases;
static void table_release(void *p) {
    CHECK(p == table);
    table_releases++;
}
static const tscope_site made = {"tables.c", 5, 0, "table_alloc", "table_alloc"};

static void *shared(void) { return tscope_track_shared(table, table_release, &made); }

/* Releases as the plugin emits it around the library's own free. */
static void lib_release(void) {
    if (tscope_release(table, TSCOPE_HERE))
        table_release(table);
}

static void test_not_live_is_track(void) {
    size_t live = tscope_live_count();
    CHECK(tscope_track_shared(NULL, table_release, &made) == NULL);
    CHECK(shared() == table);
    uint64_t gen = tscope_generation(table);
    CHECK(gen != 0);
    CHECK_EQ(tscope_live_count(), live + 1);
    table_releases = 0;
    lib_release();
    CHECK_EQ(table_releases, 1);
    CHECK_EQ(tscope_generation(table), 0);
    CHECK_EQ(tscope_live_count(), live);
}

static void test_references(void) {
    shared();
    uint64_t gen = tscope_generation(table);
    tscope_weak w = tscope_weak_ref(table);
    shared();
    shared();
    CHECK_EQ(tscope_generation(table), gen); /* the same tensor, not a lost one */
    CHECK(tscope_weak_get(w) == table);
    CHECK_EQ(tscope_release(table, TSCOPE_HERE), 1);
    CHECK_EQ(tscope_release(table, TSCOPE_HERE), 1);
    CHECK_EQ(tscope_generation(table), gen);
    CHECK_EQ(tscope_release(table, TSCOPE_HERE), 1); /* balanced: dead */
    CHECK_EQ(tscope_generation(table), 0);
    CHECK(tscope_weak_get(w) == NULL);
}

static void test_one_scope_twice(void) {
    size_t live = tscope_live_count();
    table_releases = 0;
    tscope_scope *s = tscope_scope_begin(TSCOPE_HERE);
    shared();
    shared();
    tscope_scope_end(s);
    CHECK_EQ(table_releases, 2); /* once per creation */
    CHECK_EQ(tscope_generation(table), 0);
    CHECK_EQ(tscope_live_count(), live);
}

static void test_nested(void) {
    table_releases = 0;
    tscope_scope *outer = tscope_scope_begin(TSCOPE_HERE);
    shared();
    uint64_t gen = tscope_generation(table);
    tscope_scope *inner = tscope_scope_begin(TSCOPE_HERE);
    shared();
    shared();
    tscope_scope_end(inner);
    CHECK_EQ(table_releases, 2); /* the inner scope's two creations */
    CHECK_EQ(tscope_generation(table), gen);
    tscope_scope *again = tscope_scope_begin(TSCOPE_HERE);
    shared();
    tscope_scope_end(again);
    CHECK_EQ(table_releases, 3);
    CHECK_EQ(tscope_generation(table), gen);
    tscope_scope_end(outer);
    CHECK_EQ(table_releases, 4); /* the outer one's, last */
    CHECK_EQ(tscope_generation(table), 0);
}

/* Outer creation and inner creation, the inner scope ended by its
 * enclosing scope's end (pop-to-token): each still released once. */
static void test_pop_to_token(void) {
    table_releases = 0;
    tscope_scope *outer = tscope_scope_begin(TSCOPE_HERE);
    shared();
    tscope_scope_begin(TSCOPE_HERE);
    shared();
    tscope_scope_end(outer);
    CHECK_EQ(table_releases, 2);
    CHECK_EQ(tscope_generation(table), 0);
}

static void test_outside_scope(void) {
    table_releases = 0;
    shared(); /* the program's */
    tscope_scope *s = tscope_scope_begin(TSCOPE_HERE);
    shared(); /* the scope's */
    tscope_scope_end(s);
    CHECK_EQ(table_releases, 1);
    CHECK(tscope_generation(table) != 0);
    lib_release();
    CHECK_EQ(table_releases, 2);
    CHECK_EQ(tscope_generation(table), 0);
    /* In a scope first, then outside it: the scope releases its own. */
    s = tscope_scope_begin(TSCOPE_HERE);
    shared();
    tscope_scope *inner = tscope_scope_begin(TSCOPE_HERE);
    tscope_detach(shared()); /* the inner creation is the program's */
    tscope_scope_end(inner);
    CHECK_EQ(table_releases, 2);
    tscope_scope_end(s);
    CHECK_EQ(table_releases, 3);
    CHECK(tscope_generation(table) != 0);
    lib_release();
    CHECK_EQ(tscope_generation(table), 0);
}

/* Released by hand once inside the scope: the scope releases the other. */
static void test_user_release_inside(void) {
    table_releases = 0;
    tscope_scope *s = tscope_scope_begin(TSCOPE_HERE);
    shared();
    shared();
    lib_release();
    CHECK(tscope_generation(table) != 0);
    tscope_scope_end(s);
    CHECK_EQ(table_releases, 2);
    CHECK_EQ(tscope_generation(table), 0);
}

static int finalized;
/* ctx: the handle expected (never the tensor itself: a pointer to it). */
static void on_release(void *ctx, const tscope_release_info *info) {
    CHECK(info->handle == *(void **)ctx);
    finalized++;
}
static void *table_handle = table;

static void test_finalizer_once(void) {
    finalized = 0;
    table_releases = 0;
    tscope_scope *s = tscope_scope_begin(TSCOPE_HERE);
    shared();
    CHECK_EQ(tscope_on_release(table, on_release, &table_handle), 0);
    shared();
    shared();
    tscope_scope_end(s);
    CHECK_EQ(table_releases, 3);
    CHECK_EQ(finalized, 1);
    CHECK_EQ(tscope_generation(table), 0);
}

/* tscope_track of a live address: the earlier tensor is retired, quietly
 * by default (its finalizer runs, it is not a leak). */
static void test_lost(void) {
    static const tscope_site first = {"lost.c", 1, 0, "a", NULL};
    static const tscope_site second = {"lost.c", 2, 0, "b", NULL};
    static test_tensor storage;
    static void *storage_handle = &storage;
    finalized = 0;
    size_t live = tscope_live_count();
    tscope_track(&storage, NULL, &first);
    tscope_weak w = tscope_weak_ref(&storage);
    CHECK_EQ(tscope_on_release(&storage, on_release, &storage_handle), 0);
    tscope_track(&storage, NULL, &second);
    CHECK_EQ(tscope_live_count(), live + 1);
    CHECK(tscope_weak_get(w) == NULL);
    CHECK_EQ(finalized, 1); /* retired: its finalizer ran */
    CHECK_EQ(tscope_release(&storage, TSCOPE_HERE), 1);
    CHECK_EQ(tscope_live_count(), live);
    fprintf(stderr, "lost done\n");
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "all";
    if (!strcmp(mode, "lost")) {
        test_lost();
        CHECK_DONE();
    }
    test_not_live_is_track();
    test_references();
    test_one_scope_twice();
    test_nested();
    test_pop_to_token();
    test_outside_scope();
    test_user_release_inside();
    test_finalizer_once();
    test_lost();
    CHECK_EQ(tscope_live_count(), 0);
    CHECK_DONE();
}
// Nothing about the lost tensor without verbose=1.
// CHECK-NOT: was lost
// CHECK: lost done
// CHECK-NEXT: all checks passed

// LOST: TensorScope: tensor 0x{{[0-9a-f]+}} (generation {{[0-9]+}}) created at lost.c:1 in a was lost: its address was tracked again at lost.c:2 in b, so it was freed where TensorScope could not see
// LOST: lost done
