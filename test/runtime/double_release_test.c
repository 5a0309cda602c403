/*
 * double_release_test.c -- the double-release report (text checked with
 * FileCheck) and what tscope_release answers after it, by double_release=
 * (see CMakeLists.txt for the runs):
 *   skip      (double_release=skip) reported, answers 0: the program
 *             survives; an untracked object that reused the address leaks
 *   proceed   (the default) reported, answers 1: the release function
 *             really runs again (a fake allocator counts its frees and
 *             catches the double free, as glibc or ASan would), and an
 *             untracked object that reused a tombstone's address is freed
 * The ABORT runs abort at the first report (abort_on_error=1, whatever
 * double_release says, or double_release=abort).
 */
#include "check.h"

#include <string.h>

/* ---- a fake allocator: a LIFO pool that counts frees per block ---------- */

enum { POOL = 4 };
static test_tensor pool[POOL];
static test_tensor *free_blocks[POOL];
static int nfree;
static int frees_of[POOL];     /* fake_free calls per block */
static int double_frees_caught; /* frees of a block already free */

static void pool_init(void) {
    memset(frees_of, 0, sizeof frees_of);
    double_frees_caught = 0;
    nfree = 0;
    for (int i = POOL; i > 0; i--)
        free_blocks[nfree++] = &pool[i - 1];
}
static test_tensor *fake_alloc(void) { return nfree ? free_blocks[--nfree] : NULL; }
static void fake_free(void *p) {
    int i = (int)((test_tensor *)p - pool);
    frees_of[i]++;
    for (int k = 0; k < nfree; k++)
        if (free_blocks[k] == p) {
            double_frees_caught++; /* the allocator's own check */
            return;
        }
    free_blocks[nfree++] = p;
}
static int block_of(const void *p) { return (int)((const test_tensor *)p - pool); }

/* What the plugin emits around the library's release. */
static void lib_free(test_tensor *t, const tscope_site *at) {
    if (tscope_release(t, at))
        fake_free(t);
}

/* ---- skip ---------------------------------------------------------------- */

static void make_and_free_twice(void) {
    static const tscope_site created = {"model.c", 10, 3, "build_layer", "tensor_new"};
    static const tscope_site first = {"model.c", 20, 3, "drop_layer", NULL};
    static const tscope_site again = {"train.c", 30, 5, "step", NULL};
    test_tensor *t = tscope_track(new_raw_tensor(1), test_tensor_free, &created);
    uint64_t gen = tscope_generation(t);
    fprintf(stderr, "generation %llu\n", (unsigned long long)gen);
    CHECK_EQ(tscope_release(t, &first), 1);
    CHECK_EQ(tscope_release(t, &again), 0); /* reported, skipped */
    CHECK_EQ(tscope_release(t, &again), 0); /* every time */
    free(t);
    fprintf(stderr, "survived\n");
}

/* Released by a scope, then by hand. */
static void scope_then_user(void) {
    static const tscope_site scope_site = {"loop.c", 40, 1, "train", NULL};
    static const tscope_site user = {"loop.c", 45, 1, "train", NULL};
    test_tensor *t;
    tscope_scope *s = tscope_scope_begin(&scope_site);
    t = NEW_TENSOR(2);
    tscope_scope_end(s);
    CHECK_EQ(tscope_release(t, &user), 0);
}

/* ---- both: an untracked object at a tombstone's address ----------------- */

/* A tensor is tracked and freed; code built without the plugin then gets
 * the same block from the allocator and frees it through an instrumented
 * call.  The runtime sees a tombstone and reports a double release (it
 * cannot tell); proceeding frees the block, skipping leaks it. */
static void reused_by_untracked(int expect_freed) {
    static const tscope_site created = {"lib.c", 50, 1, "make", "tensor_new"};
    static const tscope_site freed = {"lib.c", 60, 1, "drop", "tensor_free"};
    static const tscope_site again = {"other.c", 70, 1, "plain_code", "tensor_free"};
    pool_init();
    test_tensor *t = tscope_track(fake_alloc(), fake_free, &created);
    lib_free(t, &freed);
    CHECK_EQ(frees_of[block_of(t)], 1);
    test_tensor *u = fake_alloc(); /* untracked: the runtime never sees it */
    CHECK(u == t);
    lib_free(u, &again);
    CHECK_EQ(frees_of[block_of(u)], 1 + expect_freed);
    CHECK_EQ(double_frees_caught, 0);
    CHECK_EQ(nfree, expect_freed ? POOL : POOL - 1);
    fprintf(stderr, "untracked block %s\n", nfree == POOL ? "freed" : "leaked");
}

/* ---- proceed ------------------------------------------------------------- */

static void proceed_double_release(void) {
    static const tscope_site created = {"model.c", 10, 3, "build_layer", "tensor_new"};
    static const tscope_site first = {"model.c", 20, 3, "drop_layer", NULL};
    static const tscope_site again = {"train.c", 30, 5, "step", NULL};
    pool_init();
    test_tensor *t = tscope_track(fake_alloc(), fake_free, &created);
    lib_free(t, &first);
    CHECK_EQ(tscope_release(t, &again), 1); /* reported; the release runs */
    fake_free(t);
    CHECK_EQ(frees_of[block_of(t)], 2); /* as without TensorScope */
    CHECK_EQ(double_frees_caught, 1);   /* the allocator's business */
    fprintf(stderr, "frees %d, caught by the allocator %d\n", frees_of[block_of(t)],
            double_frees_caught);
}

static void proceed_scope_then_user(void) {
    static const tscope_site scope_site = {"loop.c", 40, 1, "train", NULL};
    static const tscope_site user = {"loop.c", 45, 1, "train", NULL};
    pool_init();
    tscope_scope *s = tscope_scope_begin(&scope_site);
    test_tensor *t = tscope_track(fake_alloc(), fake_free, TSCOPE_HERE_API("fake_alloc"));
    tscope_scope_end(s);
    CHECK_EQ(frees_of[block_of(t)], 1); /* by the scope, through fake_free */
    /* The scope's end was TensorScope's own release: the program's, which
     * without TensorScope would have been the only one, is skipped. */
    lib_free(t, &user);
    CHECK_EQ(frees_of[block_of(t)], 1);
    CHECK_EQ(double_frees_caught, 0);
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "skip";
    if (!strcmp(mode, "proceed")) {
        proceed_double_release();
        proceed_scope_then_user();
        reused_by_untracked(1);
    } else {
        make_and_free_twice();
        scope_then_user();
        reused_by_untracked(0);
    }
    CHECK_EQ(tscope_live_count(), 0);
    CHECK_DONE();
}
// CHECK: generation [[GEN:[0-9]+]]
// CHECK-NEXT: TensorScope: double release of tensor 0x{{[0-9a-f]+}} (generation [[GEN]])
// CHECK-NEXT:   created at model.c:10 in build_layer (tensor_new)
// CHECK-NEXT:   first released at model.c:20 in drop_layer
// CHECK-NEXT:   released again at train.c:30 in step
// CHECK-NEXT: TensorScope: double release of tensor
// CHECK-NEXT:   created at model.c:10
// CHECK-NEXT:   first released at model.c:20
// CHECK-NEXT:   released again at train.c:30
// CHECK-NEXT: survived
// CHECK-NEXT: TensorScope: double release of tensor
// CHECK-NEXT:   created at {{.*}}double_release_test.c:{{[0-9]+}} in scope_then_user (test_tensor_new)
// CHECK-NEXT:   first released by the scope begun at loop.c:40 in train
// CHECK-NEXT:   released again at loop.c:45 in train
// CHECK-NEXT: TensorScope: double release of tensor
// CHECK-NEXT:   created at lib.c:50 in make (tensor_new)
// CHECK-NEXT:   first released at lib.c:60 in drop (tensor_free)
// CHECK-NEXT:   released again at other.c:70 in plain_code (tensor_free)
// CHECK-NEXT: untracked block leaked
// CHECK-NEXT: all checks passed
// CHECK-NOT: leaked

// PROCEED: TensorScope: double release of tensor 0x{{[0-9a-f]+}} (generation {{[0-9]+}})
// PROCEED-NEXT:   created at model.c:10 in build_layer (tensor_new)
// PROCEED-NEXT:   first released at model.c:20 in drop_layer
// PROCEED-NEXT:   released again at train.c:30 in step
// PROCEED-NEXT: frees 2, caught by the allocator 1
// PROCEED-NEXT: TensorScope: double release of tensor
// PROCEED-NEXT:   created at {{.*}}double_release_test.c:{{[0-9]+}} in proceed_scope_then_user (fake_alloc)
// PROCEED-NEXT:   first released by the scope begun at loop.c:40 in train
// PROCEED-NEXT:   released again at loop.c:45 in train
// PROCEED-NEXT: TensorScope: double release of tensor
// PROCEED-NEXT:   created at lib.c:50 in make (tensor_new)
// PROCEED-NEXT:   first released at lib.c:60 in drop (tensor_free)
// PROCEED-NEXT:   released again at other.c:70 in plain_code (tensor_free)
// PROCEED-NEXT: untracked block freed
// PROCEED-NEXT: all checks passed
// PROCEED-NOT: leaked

// ABORT: TensorScope: double release of tensor
// ABORT: released again at train.c:30 in step
// ABORT-NEXT: TensorScope: aborting (abort_on_error=1)
// ABORT-NOT: survived

// ABORTMODE: TensorScope: double release of tensor
// ABORTMODE: released again at train.c:30 in step
// ABORTMODE-NEXT: TensorScope: aborting (double_release=abort)
// ABORTMODE-NOT: survived
