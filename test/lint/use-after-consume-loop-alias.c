// Bug: a variable carried across loop rounds is handed to a CONSUMES
// parameter and then read: whichever round's tensor it holds, the list owns
// it (and the toy list releases it at once).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

float publish_all(tlist *l, int n) {
  float s = 0;
  tensor *a = t_ones(2);
  for (int i = 0; i < n && a; i++) {
    tlist_push(l, a);
    s += t_sum(a); // expected-warning {{is passed to 't_sum' after it was passed to 'tlist_push', which takes ownership}}
    a = t_ones(2);
  }
  tlist_push(l, a);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(publish_all(toy_list(), 2) >= 0 ? 0 : 1); }
#endif
