// Correct: a scope-owned tensor released by hand in an automatic-scope
// function.  The release is instrumented, so the runtime knows the tensor
// is gone and the scope's end skips it: it is released once (checked at
// run time by test/e2e/soundness/auto-scope-release.c).  Used after that
// release, it is a use after release like any other (uar-nested-scope.c).
// None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

TSCOPE_AUTO float f(size_t n) {
  tensor *t = t_ones(n);
  float s = t_sum(t);
  t_free(t);
  return s;
}

TSCOPE_AUTO float detached(size_t n) {
  tensor *t = t_detach(t_ones(n));
  float s = t_sum(t);
  t_free(t); // detached tensors are the function's own again
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3) + detached(2) == 5 ? 0 : 1); }
#endif
