// Bug: a switch picks the operation into one result variable; a second
// switch on the same unchanged value releases it in one case only, so the
// default case's tensor leaks.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float apply(char op, const tensor *a, const tensor *b) {
  tensor *r;
  switch (op) {
  case '+':
    r = t_add(a, b);
    break;
  default:
    r = t_mul(a, b);
    break;
  }
  float s = t_sum(r);
  switch (op) {
  case '+':
    t_free(r);
    break;
  default:
    break;
  }
  return s; // expected-warning-re {{the tensor created by 't_mul' is never released: it leaks at this return; leaked when the condition at leak-correlated-switch.c:{{[0-9]+}} is false}}
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *a = t_ones(3), *b = t_ones(3);
  float s = apply('+', a, b) + apply('*', a, b);
  t_free(a);
  t_free(b);
  return toy_finish(s == 9 ? 0 : 1);
}
#endif
