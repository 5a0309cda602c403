// Correct: created and released in every iteration.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float accumulate(size_t n, int steps) {
  float acc = 0;
  for (int i = 0; i < steps; i++) {
    tensor *g = t_zeros_or_die(n);
    acc += t_sum(g);
    t_free(g);
  }
  return acc;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { accumulate(3, 3); return toy_finish(0); }
#endif
