// Bug: the smaller of two tensors, picked by `?:`, is released through the
// alias and then again with both originals (whichever it was).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

void f(size_t n, size_t m) {
  tensor *a = t_ones(n);
  tensor *b = t_ones(m);
  tensor *small = n < m ? a : b;
  t_free(small);
  t_free(a); // expected-warning {{the tensor created by 't_ones' is released twice; already released when the condition at}}
  t_free(b); // expected-warning {{the tensor created by 't_ones' is released twice; already released when the condition at}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3, 5); return toy_finish(0); }
#endif
