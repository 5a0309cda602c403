// Correct: a same-file helper releases its argument on its failure path
// only; the caller releases it on the success path only.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static int fill(tensor *t, int bad) {
  if (bad) {
    t_free(t);
    return -1;
  }
  t_scale_inplace(t, 2);
  return 0;
}

int f(size_t n, int bad) {
  tensor *t = t_ones(n);
  if (!t)
    return -1;
  if (fill(t, bad) != 0)
    return -1;
  t_free(t);
  return 0;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3, 0); f(3, 1); return toy_finish(0); }
#endif
