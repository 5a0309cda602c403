// Correct: the alias is used after the loop only for a tensor the loop
// kept (the last one is released after the use).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float f(size_t n, int k) {
  tensor *last = NULL;
  for (int i = 0; i < k; i++) {
    tensor *t = t_ones(n);
    if (!t)
      break;
    if (last)
      t_free(last);
    last = t;
  }
  if (!last)
    return 0;
  float s = t_sum(last);
  t_free(last);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3, 2) == 3 ? 0 : 1); }
#endif
