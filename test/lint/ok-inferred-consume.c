// Correct: a helper that hands its parameter to a CONSUMES function on
// every path is inferred to consume it.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static void remember(tlist *l, tensor *t) { tlist_push(l, t); }

void use(tlist *l, size_t n) {
  tensor *t = t_ones(n);
  remember(l, t);
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { use(toy_list(), 3); return toy_finish(0); }
#endif
