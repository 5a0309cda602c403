// Correct: two tensors set NULL, created together under one condition, each
// released under its own NULL guard (`a = b = NULL; if (L) { a = ...;
// b = ...; } if (a) free(a); if (b) free(b);`, as in GSL's sources).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float f(size_t n, int both) {
  tensor *a, *b;
  a = b = NULL;
  if (both) {
    a = t_ones(n);
    b = t_zeros(n);
  }
  float s = 0;
  if (a && b)
    s = t_sum(a) + t_sum(b);
  if (a)
    t_free(a);
  if (b)
    t_free(b);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(2, 1) == 2 && f(2, 0) == 0 ? 0 : 1); }
#endif
