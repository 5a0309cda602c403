/*
 * leak_report_test.c -- the report at exit: grouped by creation site, the
 * site with most first, each with its count and the scope it was created
 * in; the last line "TensorScope: N tensors leaked from M sites".  Run with
 * several TSCOPE_OPTIONS by CMakeLists.txt (report=0, exitcode=, json=).
 * With argument "clean" nothing leaks and nothing may be printed.
 */
#include "check.h"

#include <string.h>

static const tscope_site loop_scope = {"train.c", 5, 1, "train", NULL};
static const tscope_site grad_site = {"train.c", 12, 9, "step", "tensor_mul"};
static const tscope_site weight_site = {"model.c", 3, 2, "init_model", "tensor_new"};

static void leak_some(void) {
    /* 2 weights outside any scope */
    tscope_track(new_raw_tensor(1), test_tensor_free, &weight_site);
    tscope_track(new_raw_tensor(2), test_tensor_free, &weight_site);
    /* 3 gradients detached from the loop's scope: they leak */
    for (int i = 0; i < 3; i++) {
        tscope_scope *s = tscope_scope_begin(&loop_scope);
        tscope_detach(tscope_track(new_raw_tensor(10 + i), test_tensor_free, &grad_site));
        tscope_track(new_raw_tensor(20 + i), test_tensor_free, &grad_site); /* released */
        tscope_scope_end(s);
    }
}

int main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "clean")) {
        TSCOPE_SCOPE { NEW_TENSOR(1); }
        fprintf(stderr, "clean run\n");
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "now")) {
        leak_some();
        tscope_report(stderr); /* on demand, the same text */
        fprintf(stderr, "after report\n");
        return 0;
    }
    leak_some();
    fprintf(stderr, "main returns\n");
    return 0;
}
// CHECK: main returns
// CHECK-NEXT: TensorScope: leak report: tensors still alive at exit, by creation site
// CHECK-NEXT: TensorScope: 3 tensors created at train.c:12 in step (tensor_mul)
// CHECK-NEXT:     3 in the scope begun at train.c:5 in train
// CHECK-NEXT: TensorScope: 2 tensors created at model.c:3 in init_model (tensor_new)
// CHECK-NEXT:     2 outside any scope
// CHECK-NEXT: TensorScope: 5 tensors leaked from 2 sites
// CHECK-EMPTY:

// NOW: TensorScope: tensors alive now, by creation site
// NOW-NEXT: TensorScope: 3 tensors created at train.c:12 in step (tensor_mul)
// NOW: TensorScope: 5 tensors leaked from 2 sites
// NOW-NEXT: after report
// NOW-NEXT: TensorScope: leak report: tensors still alive at exit

// QUIET: main returns
// QUIET-NOT: TensorScope

// CLEAN: clean run
// CLEAN-NOT: {{.}}
