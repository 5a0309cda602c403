// Bug: a view used after the tensor it belongs to was released.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

float f(size_t n) {
  tensor *a = t_ones(n);
  if (!a)
    return 0;
  tensor *v = t_view(a, 0, 1);
  t_free(a);
  return t_sum(v); // expected-warning {{the view returned by 't_view' is passed to 't_sum' after the tensor it belongs to was released}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
