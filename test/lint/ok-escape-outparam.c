// Correct: ownership leaves through an out-parameter.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

int make(size_t n, tensor **out) {
  tensor *t = t_ones(n);
  if (!t)
    return -1;
  *out = t;
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { tensor *t; if (make(3, &t) == 0) t_free(t); return toy_finish(0); }
#endif
