// Bug: a realloc-like helper `grow` releases the old tensor and returns a
// bigger one; the caller reads the old pointer afterwards, as if grow had
// copied.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: use-after-free
#include "tensor.h"

static tensor *grow(tensor *old, size_t n) {
  tensor *t = t_zeros(n);
  if (t)
    for (size_t i = 0; i < old->n && i < n; i++)
      t->data[i] = old->data[i];
  t_free(old);
  return t;
}

float f(size_t n) {
  tensor *t = t_ones(n);
  if (!t)
    return 0;
  tensor *big = grow(t, 2 * n);
  float s = t_sum(t); // expected-warning {{the tensor created by 't_ones' is passed to 't_sum' after it was released}}
  t_free(big);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
