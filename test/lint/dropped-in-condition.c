// Bug: a create used only as a condition is dropped.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

int can_allocate(size_t n) {
  if (t_zeros(n)) // expected-warning {{the tensor created by 't_zeros' leaks: the result is dropped}}
    return 1;
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { can_allocate(3); return toy_finish(0); }
#endif
