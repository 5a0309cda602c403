// Correct: the smaller of two owned tensors is picked with ?: only to be
// read; each owner is released exactly once.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float f(size_t n, size_t m) {
  tensor *a = t_ones(n);
  tensor *b = t_ones(m);
  if (!a || !b) {
    t_free(a);
    t_free(b);
    return 0;
  }
  const tensor *small = n < m ? a : b;
  float s = t_sum(small);
  t_free(a);
  t_free(b);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(2, 3) == 2 && f(4, 3) == 3 ? 0 : 1); }
#endif
