// Correct: keeping the two best candidates of a loop.  A new best shifts
// the old best into second place (releasing the old second), a new second
// replaces the old second, anything else is released.  Two variables hold
// tensors of the one create site: the lint keeps the previous round's
// tensor apart from the older ones, so releasing `second` does not release
// what `best` holds.  None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float top2(tensor **c, int n) {
  tensor *best = NULL, *second = NULL;
  float bs = 0, ss = 0;
  for (int i = 0; i < n; i++) {
    tensor *t = t_copy(c[i]);
    if (!t)
      break;
    float s = t_sum(t);
    if (!best || s > bs) {
      t_free(second);
      second = best;
      ss = bs;
      best = t;
      bs = s;
    } else if (!second || s > ss) {
      t_free(second);
      second = t;
      ss = s;
    } else {
      t_free(t);
    }
  }
  float r = bs + ss;
  t_free(best);
  t_free(second);
  return r;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *c[5] = {t_ones(1), t_ones(4), t_ones(2), t_ones(5), t_ones(3)};
  float r = top2(c, 5);
  for (int i = 0; i < 5; i++)
    t_free(c[i]);
  return toy_finish(r == 9 ? 0 : 1);
}
#endif
