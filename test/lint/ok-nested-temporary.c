// Correct: the intermediate is kept in a variable and released.
// RUN: %lint_verify %s
// expected-no-diagnostics
#include "tensor.h"

tensor *fma3(const tensor *a, const tensor *b, const tensor *c) {
  tensor *ab = t_mul(a, b);
  if (!ab)
    return NULL;
  tensor *r = t_add(ab, c);
  t_free(ab);
  return r;
}
