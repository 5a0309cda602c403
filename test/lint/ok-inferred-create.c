// Correct: a helper defined here returns a fresh tensor on every path
// (NULL allowed): it is inferred to create, so its callers are checked and
// the helper itself raises nothing.
// RUN: %lint_verify %s
// expected-no-diagnostics
#include "tensor.h"

static tensor *make_bias(size_t n) {
  if (n == 0)
    return NULL;
  tensor *t = t_zeros(n);
  return t;
}

float use(size_t n) {
  tensor *b = make_bias(n);
  if (!b)
    return 0;
  float s = t_sum(b);
  t_free(b);
  return s;
}
