// Correct: created in one arm of ?:, NULL in the other, released under a
// NULL check.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float f(size_t n, int want) {
  tensor *t = want ? t_ones(n) : NULL;
  float s = t ? t_sum(t) : 0;
  if (t != NULL)
    t_free(t);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3, 1) == 3 && f(3, 0) == 0 ? 0 : 1); }
#endif
