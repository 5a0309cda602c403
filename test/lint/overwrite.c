// Bug: assigning a new tensor to a variable that still owns one.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float f(size_t n) {
  tensor *t = t_zeros(n);
  t = t_ones(n); // expected-warning {{the tensor created by 't_zeros' leaks: 't' is overwritten while it still holds it}}
  float s = t_sum(t);
  t_free(t);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
