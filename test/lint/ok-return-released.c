// Correct: released before the return.
// RUN: %lint_verify %s
// expected-no-diagnostics
#include "tensor.h"

float total(size_t n) {
  tensor *t = t_ones(n);
  float s = t_sum(t);
  t_free(t);
  return s;
}
