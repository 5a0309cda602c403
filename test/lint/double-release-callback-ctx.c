// Bug: a callback releases the tensor it reaches through its context
// pointer, and the caller releases it again.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

static void drop(void *ctx) { t_free((tensor *)ctx); }

static void with_cleanup(void (*fn)(void *), void *ctx) { fn(ctx); }

void f(size_t n) {
  tensor *t = t_ones(n);
  if (!t)
    return;
  t_print(t);
  with_cleanup(drop, t);
  t_free(t); // expected-warning {{released twice}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
