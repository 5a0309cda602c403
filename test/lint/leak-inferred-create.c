// Bug: the result of a helper inferred to create is dropped / leaked.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

static tensor *make_bias(size_t n) { return t_zeros(n); }
static tensor *make_twice(size_t n) { return make_bias(2 * n); } // a wrapper of a wrapper

void use(size_t n) {
  make_bias(n); // expected-warning {{the tensor created by 'make_bias' leaks: the result is dropped}}
  tensor *t = make_twice(n);
  t_print(t);
} // expected-warning {{the tensor created by 'make_twice' is never released}}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { use(3); return toy_finish(0); }
#endif
