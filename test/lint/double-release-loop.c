// Bug: the same tensor is released on every iteration.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

void drain(size_t n, int steps) {
  tensor *t = t_zeros_or_die(n);
  for (int i = 0; i < steps; i++) {
    t_print(t); // expected-warning {{is passed to 't_print' after it was released}}
    t_free(t); // expected-warning {{the tensor created by 't_zeros_or_die' is released twice: this release runs again on a later loop iteration}}
  }
} // expected-warning {{leaks at the end of 'drain'; leaked on some paths}} (when steps <= 0)

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { drain(3, 2); return toy_finish(0); }
#endif
