// Correct: stored into a field of a struct the caller owns.
// RUN: %lint_verify %s
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
