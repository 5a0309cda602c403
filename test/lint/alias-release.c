// Correct: releasing through a copy releases the original.
// RUN: %lint_verify %s
// expected-no-diagnostics
#include "tensor.h"

float f(size_t n) {
  tensor *t = t_ones(n);
  tensor *u = t;
  float s = t_sum(t);
  t_free(u);
  return s;
}
