// Bug: the last-round test is off by one (`i < n - 2`): the round before
// the last also keeps its tensor, and the last round overwrites it.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

tensor *keep_last(int n) {
  tensor *last = NULL;
  for (int i = 0; i < n; i++) {
    tensor *t = t_ones(2);
    if (!t)
      break;
    if (i < n - 2)
      t_free(t);
    else
      last = t; // expected-warning {{leaks: 'last' is overwritten while it still holds it}}
  }
  return last;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *a = keep_last(3);
  int bad = !a;
  t_free(a);
  return toy_finish(bad);
}
#endif
