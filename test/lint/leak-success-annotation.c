// Bug: a create through an out-parameter annotated with
// TSCOPE_SUCCESS(returns_zero) succeeds, and the tensor it made is never
// released on that path.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

TSCOPE_CREATES_OUT(2) TSCOPE_SUCCESS(returns_zero) TSCOPE_RELEASED_BY(t_free)
int load(size_t n, tensor **out);

float use(size_t n) {
  tensor *t;
  if (load(n, &t) != 0) // expected-note {{tensor created here by 'load'}}
    return -1;
  return t_sum(t); // expected-warning {{the tensor created by 'load' is never released: it leaks at this return}}
}

int load(size_t n, tensor **out) {
  tensor *t = t_ones(n);
  if (!t)
    return -1;
  *out = t;
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(use(3) == 3 ? 0 : 1); }
#endif
