// Correct: the caller releases what a same-file helper returned through an
// out-parameter, and only when the helper succeeded.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static int make(size_t n, tensor **out) {
  tensor *t = t_ones(n);
  if (!t)
    return -1;
  *out = t;
  return 0;
}

float f(size_t n) {
  tensor *t;
  if (make(n, &t) != 0)
    return 0;
  float s = t_sum(t);
  t_free(t);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); f(TOY_FAIL); return toy_finish(0); }
#endif
