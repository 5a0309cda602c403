// Correct: stored into a field of a struct the caller owns.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

struct layer {
  tensor *weights;
  tensor *bias;
};

int layer_init(struct layer *l, size_t n) {
  l->weights = t_ones(n);
  l->bias = t_zeros(n);
  if (!l->weights || !l->bias)
    return -1;
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { struct layer l; layer_init(&l, 3); t_free(l.weights); t_free(l.bias); return toy_finish(0); }
#endif
