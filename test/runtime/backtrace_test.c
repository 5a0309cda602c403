/*
 * backtrace_test.c -- backtrace=N: the leak report shows up to 3 stack
 * traces per site, symbolized to function and file:line (this file is
 * built with -g), and the double-release report shows the creation and
 * release stacks.
 */
#include "check.h"

static const tscope_site site = {"bt.c", 1, 0, "alloc_layer", "tensor_new"};

__attribute__((noinline)) static void *make_in_helper(void) {
    return tscope_track(new_raw_tensor(1), test_tensor_free, &site);
}

__attribute__((noinline)) static void *make_in_other_helper(void) {
    return tscope_track(new_raw_tensor(2), test_tensor_free, &site);
}

__attribute__((noinline)) static void release_twice(void) {
    static const tscope_site again = {"bt.c", 9, 0, "again", NULL};
    void *t = make_in_helper();
    tscope_release(t, TSCOPE_HERE);
    tscope_release(t, &again);
    free(t);
}

int main(void) {
    release_twice();
    make_in_helper();
    make_in_helper();
    make_in_other_helper();
    fprintf(stderr, "exiting\n");
    return 0;
}
// CHECK: TensorScope: double release of tensor
// CHECK-NEXT:   created at bt.c:1 in alloc_layer (tensor_new)
// CHECK-NEXT:       #0 0x{{[0-9a-f]+}} in make_in_helper {{.*}}backtrace_test.c:12
// CHECK-NEXT:       #1 0x{{[0-9a-f]+}} in release_twice {{.*}}backtrace_test.c:21
// CHECK-NEXT:   first released at {{.*}}backtrace_test.c:22 in release_twice
// CHECK-NEXT:       #0 0x{{[0-9a-f]+}} in release_twice {{.*}}backtrace_test.c:22
// CHECK-NEXT:       #1 0x{{[0-9a-f]+}} in main {{.*}}backtrace_test.c:28
// CHECK-NEXT:   released again at bt.c:9 in again
// CHECK-NEXT:       #0 0x{{[0-9a-f]+}} in release_twice {{.*}}backtrace_test.c:23
// CHECK: exiting
// CHECK-NEXT: TensorScope: leak report: tensors still alive at exit, by creation site
// CHECK-NEXT: TensorScope: 3 tensors created at bt.c:1 in alloc_layer (tensor_new)
// CHECK-NEXT:     3 outside any scope
// CHECK-NEXT:     stack trace 1 of 3 (1 tensor):
// CHECK-NEXT:       #0 0x{{[0-9a-f]+}} in make_in_helper {{.*}}backtrace_test.c:12
// CHECK-NEXT:       #1 0x{{[0-9a-f]+}} in main {{.*}}backtrace_test.c:29
// CHECK:     stack trace 2 of 3 (1 tensor):
// CHECK:     stack trace 3 of 3 (1 tensor):
// CHECK: TensorScope: 3 tensors leaked from 1 sites
