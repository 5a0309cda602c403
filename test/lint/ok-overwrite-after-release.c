// Correct: released before the variable is reused.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float f(size_t n) {
  tensor *t = t_zeros(n);
  float s = t_sum(t);
  t_free(t);
  t = t_ones(n);
  s += t_sum(t);
  t_free(t);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3) == 3 ? 0 : 1); }
#endif
