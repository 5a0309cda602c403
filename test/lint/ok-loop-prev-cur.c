// Correct: the previous iteration's tensor is released once the new one
// exists (the "prev/cur" pattern), and the last one after the loop.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float smooth(size_t n, int steps) {
  tensor *prev = NULL;
  float acc = 0;
  for (int i = 0; i < steps; i++) {
    tensor *cur = t_zeros_or_die(n);
    if (prev)
      acc += t_sum(prev);
    t_free(prev);
    prev = cur;
  }
  t_free(prev);
  return acc;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { smooth(3, 3); smooth(3, 0); return toy_finish(0); }
#endif
