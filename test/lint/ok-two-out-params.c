// Correct: a helper makes two tensors through two out-parameters and
// releases the first itself when the second create fails; the caller
// releases both only on success.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

static int make_pair(size_t n, size_t m, tensor **a, tensor **b) {
  tensor *x = t_ones(n);
  if (!x)
    return -1;
  tensor *y = t_zeros(m);
  if (!y) {
    t_free(x);
    return -1;
  }
  *a = x;
  *b = y;
  return 0;
}

float f(size_t n, size_t m) {
  tensor *a, *b;
  if (make_pair(n, m, &a, &b) != 0)
    return -1;
  float s = t_sum(a) + t_sum(b);
  t_free(a);
  t_free(b);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3, 3) == 3 && f(3, TOY_FAIL) == -1 ? 0 : 1); }
#endif
