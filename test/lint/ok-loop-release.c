// Correct: created and released in every iteration.
// RUN: %lint_verify %s
// expected-no-diagnostics
#include "tensor.h"

float accumulate(size_t n, int steps) {
  float acc = 0;
  for (int i = 0; i < steps; i++) {
    tensor *g = t_zeros_or_die(n);
    acc += t_sum(g);
    t_free(g);
  }
  return acc;
}
