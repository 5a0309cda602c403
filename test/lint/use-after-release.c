// Bug: used after release: passed to a function, dereferenced, returned.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

float f(size_t n) {
  tensor *t = t_ones(n);
  if (!t)
    return 0;
  t_free(t);
  return t_sum(t); // expected-warning {{the tensor created by 't_ones' is passed to 't_sum' after it was released}}
}

size_t g(size_t n) {
  tensor *t = t_zeros_or_die(n);
  t_free(t);
  return t->n; // expected-warning {{is dereferenced after it was released}}
}

tensor *h(size_t n) {
  tensor *t = t_zeros_or_die(n);
  t_free(t);
  return t; // expected-warning {{is returned after it was released}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
