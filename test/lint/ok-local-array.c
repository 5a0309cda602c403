// Correct: created into a local array, released in a second loop.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float f(size_t n) {
  tensor *ts[4];
  for (int i = 0; i < 4; i++)
    ts[i] = t_zeros_or_die(n);
  float s = t_sum(ts[0]);
  for (int i = 0; i < 4; i++)
    t_free(ts[i]);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
