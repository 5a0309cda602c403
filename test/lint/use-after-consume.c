// Bug: a tensor used after it was passed to a CONSUMES parameter: the list
// owns it now and may already have released it.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

float f(tlist *l, size_t n) {
  tensor *t = t_ones(n);
  if (!t)
    return 0;
  tlist_push(l, t);
  return t_sum(t); // expected-warning {{after it was passed to 'tlist_push', which takes ownership}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(toy_list(), 4); return toy_finish(0); }
#endif
