// Correct: made under a condition, read under a NULL test of its variable,
// released under the same unchanged condition.  (The NULL test once made
// the lint forget the condition and report a leak on its false side.)
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float scaled(int with_bias, const tensor *a) {
  tensor *bias = NULL;
  if (with_bias)
    bias = t_copy(a);
  float s = bias ? t_sum(bias) : 0;
  if (with_bias)
    t_free(bias);
  return s;
}

float picked(int op, const tensor *a) {
  tensor *r = NULL;
  if (op == 7)
    r = t_ones(4);
  float s = r ? t_sum(r) + t_sum(a) : t_sum(a);
  if (op == 7)
    t_free(r);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *a = t_ones(3);
  float s = scaled(1, a) + scaled(0, a) + picked(7, a) + picked(1, a);
  t_free(a);
  return toy_finish(s == 13 ? 0 : 1);
}
#endif
