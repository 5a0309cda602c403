// Bug: the failure test `< 0` is understood, and past it the tensor was
// made; this path never releases it.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float peek(size_t n) {
  tensor *t;
  if (t_make(n, &t) < 0) // expected-note {{tensor created here by 't_make'}}
    return -1;
  return t_sum(t); // expected-warning {{the tensor created by 't_make' is never released: it leaks at this return}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(peek(3) == 0 ? 0 : 1); }
#endif
