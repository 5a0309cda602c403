// Bug: each tensor is pushed to the list inside the loop and printed after
// the push; the list owns it by then and may have released it.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

void fill(tlist *l, size_t n, int k) {
  for (int i = 0; i < k; i++) {
    tensor *t = t_zeros(n);
    if (!t)
      return;
    t_scale_inplace(t, (float)i);
    tlist_push(l, t);
    t_print(t); // expected-warning {{the tensor created by 't_zeros' is passed to 't_print' after it was passed to 'tlist_push', which takes ownership}}
  }
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { fill(toy_list(), 3, 2); return toy_finish(0); }
#endif
