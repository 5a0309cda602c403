// Correct: initialised to NULL, created conditionally, released under
// `if (t)`.  No false alarm.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float f(size_t n, int want) {
  tensor *t = NULL;
  if (want)
    t = t_ones(n);
  float s = 0;
  if (t)
    s = t_sum(t);
  if (t)
    t_free(t);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3, 1) == 3 && f(3, 0) == 0 ? 0 : 1); }
#endif
