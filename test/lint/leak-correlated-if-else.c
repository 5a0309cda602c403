// Bug: if/else picks one of two tensors into one variable; a later test of
// the same unchanged condition releases it on its true side only, so the
// else side's tensor leaks.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float apply(int add, const tensor *a, const tensor *b) {
  tensor *r;
  if (add)
    r = t_add(a, b);
  else
    r = t_mul(a, b);
  float s = t_sum(r);
  if (add)
    t_free(r);
  return s; // expected-warning-re {{the tensor created by 't_mul' is never released: it leaks at this return; leaked when the condition at leak-correlated-if-else.c:{{[0-9]+}} is false}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *a = t_ones(3), *b = t_ones(3);
  float s = apply(1, a, b) + apply(0, a, b);
  t_free(a);
  t_free(b);
  return toy_finish(s == 9 ? 0 : 1);
}
#endif
