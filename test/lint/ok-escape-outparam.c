// Correct: ownership leaves through an out-parameter.
// RUN: %lint_verify %s
// expected-no-diagnostics
#include "tensor.h"

int make(size_t n, tensor **out) {
  tensor *t = t_ones(n);
  if (!t)
    return -1;
  *out = t;
  return 0;
}
