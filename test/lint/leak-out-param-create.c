// Bug: an out-parameter create succeeds and the tensor is never released.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float f(size_t n) {
  tensor *t;
  if (t_make(n, &t) != 0)
    return -1;
  return t_sum(t); // expected-warning {{the tensor created by 't_make' is never released}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
