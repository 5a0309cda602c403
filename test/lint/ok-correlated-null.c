// Correct: initialised to NULL, created conditionally, released under
// `if (t)`.  No false alarm.
// RUN: %lint_verify %s
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
