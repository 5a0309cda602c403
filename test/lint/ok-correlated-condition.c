// Correct: create and release guarded by the same unchanged condition.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float f(size_t n, int use_bias, int verbose) {
  tensor *bias;
  float s = 0;
  if (use_bias)
    bias = t_zeros_or_die(n);
  if (verbose)
    s += 1;
  if (use_bias)
    s += t_sum(bias);
  if (use_bias && n > 0)
    s += 1;
  if (use_bias)
    t_free(bias);
  return s;
}

float g(size_t n, int k) {
  tensor *tmp = NULL;
  int big = k > 10;
  if (big)
    tmp = t_ones(n);
  float s = (float)k;
  if (big)
    t_free(tmp);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3, 1, 1); f(3, 0, 0); g(3, 11); g(3, 1); return toy_finish(0); }
#endif
