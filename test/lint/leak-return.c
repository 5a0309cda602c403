// Bug: a tensor still owned at a return.
// RUN: %lint_verify %s
#include "tensor.h"

float total(size_t n) {
  tensor *t = t_ones(n);
  float s = t_sum(t);
  return s; // expected-warning {{the tensor created by 't_ones' is never released: it leaks at this return}}
}
