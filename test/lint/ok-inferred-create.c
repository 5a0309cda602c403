// Correct: a helper defined here returns a fresh tensor on every path
// (NULL allowed): it is inferred to create, so its callers are checked and
// the helper itself raises nothing.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
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

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { use(3); use(0); return toy_finish(0); }
#endif
