/*
 * double_release_test.c -- the double-release report (text checked with
 * FileCheck) and that the program survives it; with abort_on_error=1 it
 * aborts instead (the ABORT run).
 */
#include "check.h"

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

int main(void) {
    make_and_free_twice();
    scope_then_user();
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
// CHECK-NEXT: all checks passed
// CHECK-NOT: leaked

// ABORT: TensorScope: double release of tensor
// ABORT: released again at train.c:30 in step
// ABORT-NEXT: TensorScope: aborting (abort_on_error=1)
// ABORT-NOT: survived
