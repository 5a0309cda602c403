// Bug: released after ownership went to a CONSUMES parameter.
// RUN: %lint_verify %s
#include "tensor.h"

void push_ones(tlist *l, size_t n) {
  tensor *t = t_ones(n);
  tlist_push(l, t);
  t_free(t); // expected-warning {{releasing the tensor created by 't_ones', which this function no longer owns}}
}
