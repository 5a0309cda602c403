// Bug: a tensor still owned at a return.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float total(size_t n) {
  tensor *t = t_ones(n);
  float s = t_sum(t);
  return s; // expected-warning {{the tensor created by 't_ones' is never released: it leaks at this return}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { total(3); return toy_finish(0); }
#endif
