// Correct: ownership leaves by return (the caller owns it now).
// RUN: %lint_verify %s
// expected-no-diagnostics
#include "tensor.h"

tensor *make_scaled(size_t n, float by) {
  tensor *t = t_ones(n);
  if (!t)
    return NULL;
  t_scale_inplace(t, by);
  return t;
}
