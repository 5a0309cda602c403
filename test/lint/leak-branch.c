// Bug: released on one branch only; the finding names the branch.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float maybe(size_t n, int keep) {
  tensor *t = t_ones(n);
  if (!t)
    return 0;
  float s = t_sum(t);
  if (!keep)
    t_free(t);
  return s; // expected-warning-re {{leaks at this return; leaked when the condition at leak-branch.c:{{[0-9]+}} is false}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { maybe(3, 1); return toy_finish(0); }
#endif
