// Correct: created in one arm of ?:, NULL in the other, released under a
// NULL check.
// RUN: %lint_verify %s
// expected-no-diagnostics
#include "tensor.h"

float f(size_t n, int want) {
  tensor *t = want ? t_ones(n) : NULL;
  float s = t ? t_sum(t) : 0;
  if (t != NULL)
    t_free(t);
  return s;
}
