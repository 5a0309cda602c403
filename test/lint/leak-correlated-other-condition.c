// Bug: created under one condition, released under another.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float f(size_t n, int a, int b) {
  tensor *t = NULL;
  if (a)
    t = t_zeros_or_die(n);
  if (b)
    t_free(t);
  return 0; // expected-warning-re {{leaked when the condition at leak-correlated-other-condition.c:{{[0-9]+}} is true}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3, 1, 0); return toy_finish(0); }
#endif
