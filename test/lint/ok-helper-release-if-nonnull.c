// Correct: a same-file helper releases its parameter under `if (t)`, and a
// variadic helper releases what it reads with va_arg.  No false alarm
// (the exit after `if (t)` is checked on each edge: t is NULL on the other).
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"
#include <stdarg.h>

static void drop(tensor *t) {
  if (t)
    t_free(t);
}

static void drop_all(int n, ...) {
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++)
    t_free(va_arg(ap, tensor *));
  va_end(ap);
}

float h(size_t n) {
  tensor *t = t_ones(n);
  float s = t ? t_sum(t) : 0;
  drop(t);
  tensor *u = t_zeros_or_die(n), *v = t_zeros_or_die(n);
  s += t_sum(u) + t_sum(v);
  drop_all(2, u, v);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(h(3) == 3 ? 0 : 1); }
#endif
