// Correct: passed to a CONSUMES parameter (the list owns it now).
// RUN: %lint_verify %s
// expected-no-diagnostics
#include "tensor.h"

void push_ones(tlist *l, size_t n) {
  tensor *t = t_ones(n);
  tlist_push(l, t);
  tlist_push(l, t_zeros(n));
}
