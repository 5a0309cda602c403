// Correct: a switch picks the operation into one result variable, which is
// released once after the switch whatever the case.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float apply_op(char op, const tensor *a, const tensor *b) {
  tensor *r = NULL;
  switch (op) {
  case '+':
    r = t_add(a, b);
    break;
  case '*':
    r = t_mul(a, b);
    break;
  case '=':
    r = t_copy(a);
    break;
  default:
    break;
  }
  if (!r)
    return 0;
  float s = t_sum(r);
  t_free(r);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *a = t_ones(3), *b = t_ones(3);
  float s = apply_op('+', a, b) + apply_op('*', a, b) + apply_op('=', a, b) + apply_op('?', a, b);
  t_free(a);
  t_free(b);
  return toy_finish(s == 12 ? 0 : 1);
}
#endif
