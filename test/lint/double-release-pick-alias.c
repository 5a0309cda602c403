// Bug: `k` is either `q` itself or a new tensor, picked on `share`; `q` is
// released first, then `k`: where `share` held, that is `q` again.  Found
// on that side; freeing the pick first and `q` after is found too.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

void attend(int share) {
  tensor *q = t_ones(2);
  tensor *k = share ? q : t_ones(2);
  t_free(q);
  t_free(k); // expected-warning {{the tensor created by 't_ones' is released twice; already released when the condition at double-release-pick-alias.c:11 is true}}
}

/* Correct: the pick is released only where it is a tensor of its own. */
void attend_ok(int share) {
  tensor *q = t_ones(2);
  tensor *k = share ? q : t_ones(2);
  t_free(q);
  if (!share)
    t_free(k);
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  attend_ok(0);
  attend_ok(1);
  attend(0);
  attend(1);
  return toy_finish(0);
}
#endif
