// Correct: a same-file helper releases its argument on some paths only
// (when asked to, or when the tensor is empty), and the caller releases it
// on the others. After such a call the lint cannot tell whether the
// tensor is still alive, so it stops following it. None may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static float submit(tensor *t, int take) {
  float s = t_sum(t);
  if (take)
    t_free(t);
  return s;
}

float run(size_t n, int take) {
  tensor *t = t_ones(n);
  if (!t)
    return -1;
  float s = submit(t, take);
  if (!take)
    t_free(t);
  return s;
}

/* Drops the tensor when it holds nothing worth keeping; says so. */
static int drop_if_small(tensor *t, float limit) {
  if (t_sum(t) < limit) {
    t_free(t);
    return 1;
  }
  return 2;
}

float keep_large(size_t n, float limit) {
  tensor *t = t_ones(n);
  if (!t)
    return -1;
  if (drop_if_small(t, limit) == 1)
    return 0;
  float s = t_sum(t);
  t_free(t);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = run(3, 1) == 3 && run(3, 0) == 3 && run(TOY_FAIL, 0) == -1;
  ok = ok && keep_large(2, 5) == 0 && keep_large(8, 5) == 8;
  return toy_finish(ok ? 0 : 1);
}
#endif
