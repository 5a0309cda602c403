// Bug: returning a view of a tensor that was just released.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

tensor *head(size_t n) {
  tensor *a = t_ones(n);
  if (!a)
    return NULL;
  tensor *v = t_view(a, 0, 1);
  t_free(a);
  return v; // expected-warning {{the view returned by 't_view' is returned after the tensor it belongs to was released}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *v = head(3);
  return toy_finish(v && t_sum(v) == 1 ? 0 : 1);
}
#endif
