// Bug: released through a copy, then through the original.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

void f(size_t n) {
  tensor *t = t_ones(n);
  tensor *u = t;
  t_free(u);
  t_free(t); // expected-warning {{the tensor created by 't_ones' is released twice}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
