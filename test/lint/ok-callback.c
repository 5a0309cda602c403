// Correct: tensors passed along with callbacks, and calls through function
// pointers, keep being tracked (they borrow).
// RUN: %lint_verify %s
// expected-no-diagnostics
#include "tensor.h"

static float twice(float x) { return 2 * x; }

void run(size_t n, void (*visit)(tensor *)) {
  tensor *t = t_ones(n);
  if (!t)
    return;
  t_apply(t, twice);
  visit(t);
  t_free(t);
}

void all(size_t n) {
  tensor *ts[2];
  ts[0] = t_zeros_or_die(n);
  ts[1] = t_zeros_or_die(n);
  for_each(ts, 2, t_free); // the callback releases them
}
