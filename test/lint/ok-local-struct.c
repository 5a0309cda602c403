// Correct: fields of a local struct released through the struct.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

struct pair {
  tensor *a;
  tensor *b;
};

float f(size_t n) {
  struct pair p = {t_zeros_or_die(n), NULL};
  p.b = t_ones(n);
  float s = t_sum(p.a);
  t_free(p.a);
  t_free(p.b);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3); return toy_finish(0); }
#endif
