// Bug: handing a tensor to a callback or through a function pointer does
// not release it; tracking goes on and the leak is found.
// RUN: %lint_verify %s
#include "tensor.h"

static float twice(float x) { return 2 * x; }

void run(size_t n, void (*visit)(tensor *)) {
  tensor *t = t_ones(n);
  if (!t)
    return;
  t_apply(t, twice);
  visit(t);
} // expected-warning {{the tensor created by 't_ones' is never released}}
