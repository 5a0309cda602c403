// Bug: tensors kept in a local array are never released.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float f(size_t n) {
  tensor *ts[4];
  for (int i = 0; i < 4; i++)
    ts[i] = t_zeros_or_die(n);
  return t_sum(ts[0]); // expected-warning {{never released}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
