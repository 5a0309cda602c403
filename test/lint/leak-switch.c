// Bug: one case of the switch returns without releasing.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float pick(int mode, size_t n) {
  tensor *t = t_zeros_or_die(n);
  float r = 0;
  switch (mode) {
  case 0:
    r = t_sum(t);
    break;
  case 1:
    return -1; // expected-warning {{the tensor created by 't_zeros_or_die' is never released}}
  case 2:
    r = 2; // falls through
  default:
    r += 1;
  }
  t_free(t);
  return r;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { pick(1, 3); return toy_finish(0); }
#endif
