// Bug: a tensor created on every iteration and never released leaks per
// iteration (any trip count: no unrolling limit).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float accumulate(size_t n, int steps) {
  float acc = 0;
  tensor *g = NULL;
  for (int i = 0; i < steps; i++) {
    g = t_zeros_or_die(n); // expected-warning {{'g' is overwritten while it still holds it (the tensor from the previous loop iteration)}}
    acc += t_sum(g);
  }
  t_free(g);
  return acc;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { accumulate(3, 2); return toy_finish(0); }
#endif
