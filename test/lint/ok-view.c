// Correct: views are used while their owner lives, and never released.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float f(size_t n) {
  tensor *a = t_ones(n);
  if (!a)
    return 0;
  tensor *head = t_view(a, 0, 1);
  float s = t_sum(head) + t_sum(t_view(a, 1, 1));
  t_free(a);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3) == 2 ? 0 : 1); }
#endif
