// Correct: two tensors swapped through a temporary only under a condition;
// the temporary stays NULL otherwise, and a later NULL test of it says
// which way the swap went, so each tensor is released once. None may be
// reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float ordered_ratio(size_t n, size_t m) {
  tensor *hi = t_ones(n);
  if (!hi)
    return -1;
  tensor *lo = t_ones(m);
  if (!lo) {
    t_free(hi);
    return -1;
  }
  tensor *swapped = NULL;
  if (hi->n < lo->n) {
    swapped = hi;
    hi = lo;
    lo = swapped;
  }
  float r = t_sum(hi) / (t_sum(lo) + 1);
  t_free(hi);
  if (swapped)
    t_free(swapped);
  else
    t_free(lo);
  return r;
}

/* The same with the test the other way round. */
void release_pair(size_t n, int c) {
  tensor *a = t_zeros_or_die(n), *b = t_zeros_or_die(n), *tmp = NULL;
  if (c) {
    tmp = a;
    a = b;
    b = tmp;
  }
  t_free(a);
  if (!tmp)
    t_free(b);
  else
    t_free(tmp);
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int ok = ordered_ratio(3, 1) == 1.5f && ordered_ratio(1, 3) == 1.5f && ordered_ratio(TOY_FAIL, 1) == -1;
  release_pair(2, 0);
  release_pair(2, 1);
  return toy_finish(ok ? 0 : 1);
}
#endif
