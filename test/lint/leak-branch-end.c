// Bug: released under a condition only, at the end of the function.  The
// leak is reported where the function ends, with the side of the branch
// that leaks, and with no fix-it: the end is where the releasing side goes
// too, so a release inserted there would free the tensor twice.
// RUN: %lint_verify %s
// RUN: %lint -fdiagnostics-parseable-fixits %s 2>&1 | FileCheck %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

void sometimes(size_t n, int c) {
  tensor *a = t_zeros_or_die(n); // expected-note {{tensor created here by 't_zeros_or_die'}}
  if (c)
    t_free(a);
} // expected-warning {{it leaks at the end of 'sometimes'; leaked when the condition at leak-branch-end.c:13 is false}}
// CHECK: leak-branch-end.c:15:1: warning: the tensor created by 't_zeros_or_die' is never released
// CHECK-NOT: fix-it:

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { sometimes(3, 0); return toy_finish(0); }
#endif
