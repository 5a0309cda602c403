// Correct: releasing through a copy releases the original.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float f(size_t n) {
  tensor *t = t_ones(n);
  tensor *u = t;
  float s = t_sum(t);
  t_free(u);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3) == 3 ? 0 : 1); }
#endif
