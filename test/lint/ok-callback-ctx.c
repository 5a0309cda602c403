// Correct: a callback releases the tensor it reaches through its context
// pointer; the caller does not touch it afterwards.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static void drop(void *ctx) { t_free((tensor *)ctx); }

static void with_cleanup(void (*fn)(void *), void *ctx) { fn(ctx); }

void f(size_t n) {
  tensor *t = t_ones(n);
  if (!t)
    return;
  t_print(t);
  with_cleanup(drop, t);
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
