/*
 * misuse_abort_test.c -- abort_on_error=1 also aborts on the other misuses:
 * ending a scope that is not open, and a finalizer whose ctx is the tensor.
 * Without the option both are reported and the program goes on.
 */
#include "check.h"

#include <string.h>

static void noop(void *ctx, const tscope_release_info *info) {
    (void)ctx;
    (void)info;
}

int main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "scope")) {
        tscope_scope *s = tscope_scope_begin(TSCOPE_HERE);
        tscope_scope_end(s);
        tscope_scope_end(s);
    } else {
        test_tensor *t = NEW_TENSOR(1);
        tscope_on_release(t, noop, t);
        release_tensor(t);
    }
    fprintf(stderr, "went on\n");
    return 0;
}
// SCOPE: TensorScope: tscope_scope_end: scope 0x{{[0-9a-f]+}} is not open on this thread; ignored
// SCOPE-NEXT: TensorScope: aborting (abort_on_error=1)
// SCOPE-NOT: went on

// CTX: TensorScope: finalizer context is the tensor
// CTX-NEXT: TensorScope: aborting (abort_on_error=1)
// CTX-NOT: went on

// SURVIVE: TensorScope: finalizer context is the tensor
// SURVIVE-NEXT: went on
