// Correct: a loop keeps the latest two tensors in a local array: the
// first two fill it, later ones replace slot 0 after releasing it.  What
// the array holds is a summary of several rounds' tensors, so releasing
// `keep[0]` releases one of them, not all: no "released twice".
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float keep_latest(int n) {
  tensor *keep[2];
  int nn = 0;
  for (int i = 0; i < n; i++) {
    tensor *c = t_zeros_or_die(3);
    if (nn < 2) {
      keep[nn++] = c;
    } else {
      t_free(keep[0]);
      keep[0] = c;
    }
  }
  float s = 0;
  for (int i = 0; i < nn; i++) {
    s += t_sum(keep[i]);
    t_free(keep[i]);
  }
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(keep_latest(5) == 0 && keep_latest(1) == 0 ? 0 : 1); }
#endif
