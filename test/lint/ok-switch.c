// Correct: every case, including fall-through, reaches the release.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float pick(int mode, size_t n) {
  tensor *t = t_zeros_or_die(n);
  float r = 0;
  switch (mode) {
  case 0:
    r = t_sum(t);
    break;
  case 1:
    t_free(t);
    return -1;
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
int main(void) { pick(0, 3); pick(1, 3); pick(2, 3); pick(5, 3); return toy_finish(0); }
#endif
