// Bug: an alias keeps pointing at a tensor released inside the loop and is
// used after the loop.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

float f(size_t n, int k) {
  tensor *last = NULL;
  for (int i = 0; i < k; i++) {
    tensor *t = t_ones(n);
    if (!t)
      break;
    last = t;
    t_print(t);
    t_free(t);
  }
  if (!last)
    return 0;
  return t_sum(last); // expected-warning {{the tensor created by 't_ones' is passed to 't_sum' after it was released}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3, 2); return toy_finish(0); }
#endif
