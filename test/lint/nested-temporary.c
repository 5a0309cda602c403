// Bug: add(mul(a, b), c) -- the product goes straight to a parameter that
// only borrows it (unannotated functions and plain parameters borrow).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

tensor *fma3(const tensor *a, const tensor *b, const tensor *c) {
  return t_add(t_mul(a, b), c); // expected-warning {{the tensor created by 't_mul' leaks: it is passed straight to 't_add', which only borrows it}}
}

float norm(const tensor *a) {
  return t_sum(t_mul(a, a)); // expected-warning {{passed straight to 't_sum', which only borrows it}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { tensor *a = t_ones(3); norm(a); t_free(a); return toy_finish(0); }
#endif
