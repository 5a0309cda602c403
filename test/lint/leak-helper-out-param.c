// Bug: a caller leaks what a same-file helper returned through an
// out-parameter (`static int make(int n, tensor **out)`).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
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
  return t_sum(t); // expected-warning {{the tensor created by 'make' is never released}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
