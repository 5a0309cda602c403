// Correct: released before the return.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float total(size_t n) {
  tensor *t = t_ones(n);
  float s = t_sum(t);
  t_free(t);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(total(3) == 3 ? 0 : 1); }
#endif
