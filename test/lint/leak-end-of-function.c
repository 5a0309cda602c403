// Bug: a void function falls off its end still owning a tensor.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

void show(size_t n) {
  tensor *t = t_zeros(n);
  t_print(t);
} // expected-warning {{leaks at the end of 'show'}}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { show(3); return toy_finish(0); }
#endif
