// Correct: each tensor made in the loop is used and then handed to the
// list (which takes ownership); nothing touches it after the push.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

int fill(tlist *l, size_t n, int k) {
  int pushed = 0;
  for (int i = 0; i < k; i++) {
    tensor *t = t_zeros(n);
    if (!t)
      return -1;
    t_scale_inplace(t, (float)i);
    t_print(t);
    tlist_push(l, t);
    pushed++;
  }
  return pushed;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(fill(toy_list(), 3, 4) == 4 ? 0 : 1); }
#endif
