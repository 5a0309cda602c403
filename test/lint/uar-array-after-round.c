// Bug: an element of a local array is used after a loop released every
// element.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

float f(size_t n, int steps) {
  tensor *seq[16];
  if (steps < 1 || steps > 16)
    return 0;
  for (int i = 0; i < steps; i++)
    seq[i] = t_zeros(n);
  for (int i = 0; i < steps; i++)
    if (seq[i])
      t_free(seq[i]);
  return t_sum(seq[0]); // expected-warning {{the tensor created by 't_zeros' is passed to 't_sum' after it was released}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3, 4); return toy_finish(0); }
#endif
