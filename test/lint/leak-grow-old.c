// Bug: a realloc-like helper `grow` returns a bigger copy and leaves the
// old tensor alone; the caller writes the new one over its only pointer to
// the old one (`t = grow(t, 2 * n)`), which leaks.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

static tensor *grow(const tensor *old, size_t n) {
  tensor *t = t_zeros(n);
  if (!t)
    return NULL;
  for (size_t i = 0; i < old->n && i < n; i++)
    t->data[i] = old->data[i];
  return t;
}

float f(size_t n) {
  tensor *t = t_ones(n);
  if (!t)
    return 0;
  t = grow(t, 2 * n); // expected-warning {{the tensor created by 't_ones' leaks: 't' is overwritten while it still holds it}}
  if (!t)
    return 0;
  float s = t_sum(t);
  t_free(t);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
