// Correct: released before the variable is reused.
// RUN: %lint_verify %s
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
