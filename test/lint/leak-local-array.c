// Bug: tensors kept in a local array are never released.
// RUN: %lint_verify %s
#include "tensor.h"

float f(size_t n) {
  tensor *ts[4];
  for (int i = 0; i < 4; i++)
    ts[i] = t_zeros_or_die(n);
  return t_sum(ts[0]); // expected-warning {{never released}}
}
