// Bug: the release meant for after a do/while loop sits inside its body
// (a misplaced brace): the tensor is made once, before the loop, and a
// second round releases it again.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

float drain(size_t n, int rounds) {
  tensor *scratch = t_ones(n);
  if (!scratch)
    return 0;
  float acc = t_sum(scratch);
  do {
    acc *= 0.5f;
    t_free(scratch); // expected-warning {{the tensor created by 't_ones' is released twice: this release runs again on a later loop iteration}}
  } while (--rounds > 0);
  return acc;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { drain(3, 2); return toy_finish(0); }
#endif
