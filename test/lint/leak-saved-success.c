// Bug: the create's success is saved in a variable, and where it
// succeeded the tensor is never released.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float saved(size_t n) {
  tensor *t;
  int ok = t_make(n, &t) == 0; // expected-note {{tensor created here by 't_make'}}
  if (!ok)
    return -1;
  return t_sum(t); // expected-warning {{the tensor created by 't_make' is never released: it leaks at this return}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(saved(3) == 0 ? 0 : 1); }
#endif
