// Correct: a realloc-like helper `grow` releases the old tensor only when
// the bigger one exists (like realloc, the old one stays on failure); the
// caller keeps the old one on failure and the new one on success.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static int grow(tensor **pt, size_t n) {
  tensor *t = t_zeros(n);
  if (!t)
    return -1;
  for (size_t i = 0; i < (*pt)->n && i < n; i++)
    t->data[i] = (*pt)->data[i];
  t_free(*pt);
  *pt = t;
  return 0;
}

float f(size_t n, size_t bigger) {
  tensor *t = t_ones(n);
  if (!t)
    return 0;
  if (grow(&t, bigger) != 0) {
    t_free(t);
    return -1;
  }
  float s = t_sum(t);
  t_free(t);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3, 6) == 3 && f(3, TOY_FAIL) == -1 ? 0 : 1); }
#endif
