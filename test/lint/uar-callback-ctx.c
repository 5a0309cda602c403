// Bug: a completion callback releases the tensor it gets through its
// context pointer; the caller keeps using the tensor after the callback ran.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

static void on_done(void *ctx) {
  tensor *t = (tensor *)ctx;
  t_print(t);
  t_free(t);
}

static void run_then(void (*done)(void *), void *ctx) { done(ctx); }

float f(size_t n) {
  tensor *t = t_ones(n);
  if (!t)
    return 0;
  run_then(on_done, t);
  return t_sum(t); // expected-warning {{the tensor created by 't_ones' is passed to 't_sum' after it was released}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
