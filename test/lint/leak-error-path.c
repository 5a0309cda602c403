// Bug: the second allocation fails and the first one is forgotten.
// RUN: %lint_verify %s
#include "tensor.h"

int pair_sum(size_t n, float *out) {
  tensor *a = t_zeros(n);
  if (!a)
    return -1;
  tensor *b = t_ones(n);
  if (!b)
    return -1; // expected-warning {{the tensor created by 't_zeros' is never released: it leaks at this return}}
  *out = t_sum(a) + t_sum(b);
  t_free(a);
  t_free(b);
  return 0;
}
