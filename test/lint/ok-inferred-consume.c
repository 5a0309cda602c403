// Correct: a helper that hands its parameter to a CONSUMES function on
// every path is inferred to consume it.
// RUN: %lint_verify %s
// expected-no-diagnostics
#include "tensor.h"

static void remember(tlist *l, tensor *t) { tlist_push(l, t); }

void use(tlist *l, size_t n) {
  tensor *t = t_ones(n);
  remember(l, t);
}
