// Correct: passed to a CONSUMES parameter (the list owns it now).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

void push_ones(tlist *l, size_t n) {
  tensor *t = t_ones(n);
  tlist_push(l, t);
  tlist_push(l, t_zeros(n));
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { push_ones(toy_list(), 3); return toy_finish(0); }
#endif
