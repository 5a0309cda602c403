// Bug: a case releases the tensor and falls through (no `break`) into the
// next case, which releases it again.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

void finish(int mode, size_t n) {
  tensor *t = t_zeros_or_die(n);
  switch (mode) {
  case 0:
    t_print(t);
    t_free(t);
  case 1:
    t_free(t); // expected-warning-re {{the tensor created by 't_zeros_or_die' is released twice; already released when the condition at double-release-switch-fallthrough.c:{{[0-9]+}} is false}}
    break;
  default:
    t_free(t);
    break;
  }
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { finish(0, 3); return toy_finish(0); }
#endif
