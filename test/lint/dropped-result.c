// A create whose result is thrown away leaks at once.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

void bug(void) {
  t_zeros(3); // expected-warning {{dropped}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { bug(); return toy_finish(0); }
#endif
