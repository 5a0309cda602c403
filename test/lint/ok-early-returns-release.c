// Correct: a chain of early returns after each step of a pipeline; every
// return releases exactly the intermediates alive at that point.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

int pipeline(const tensor *x, float limit, float *out) {
  tensor *a = t_copy(x);
  if (!a)
    return -1;
  if (t_sum(a) > limit) {
    t_free(a);
    return 1;
  }
  tensor *b = t_add(a, x);
  if (!b) {
    t_free(a);
    return -1;
  }
  t_free(a);
  tensor *c = t_mul(b, b);
  t_free(b);
  if (!c)
    return -1;
  *out = t_sum(c);
  t_free(c);
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *x = t_ones(3);
  float s = 0;
  int ok = pipeline(x, 10, &s) == 0 && s == 12 && pipeline(x, 1, &s) == 1;
  t_free(x);
  return toy_finish(ok ? 0 : 1);
}
#endif
