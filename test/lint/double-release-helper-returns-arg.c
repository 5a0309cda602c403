// Bug: a same-file helper gives its argument back, and the caller releases
// both the result and the original: the same tensor, released twice.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

static tensor *normalized(tensor *t) {
  float s = t_sum(t);
  if (s != 0)
    t_scale_inplace(t, 1.0f / s);
  return t;
}

float share(size_t n) {
  tensor *t = t_ones(n);
  if (!t)
    return 0;
  tensor *u = normalized(t);
  float s = t_sum(u);
  t_free(u);
  t_free(t); // expected-warning {{released twice}}
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(share(4) == 1.0f ? 0 : 1); }
#endif
