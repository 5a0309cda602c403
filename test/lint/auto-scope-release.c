// Bug: a scope-owned tensor released by hand is released again by the
// scope at the end of the function.
// RUN: %lint_verify %s
#include "tensor.h"

TSCOPE_AUTO float f(size_t n) {
  tensor *t = t_ones(n);
  float s = t_sum(t);
  t_free(t); // expected-warning {{belongs to the automatic scope of 'f': released here by hand, it is released again by the scope}}
  return s;
}

TSCOPE_AUTO float detached(size_t n) {
  tensor *t = t_detach(t_ones(n));
  float s = t_sum(t);
  t_free(t); // fine: detached tensors are the function's own again
  return s;
}
