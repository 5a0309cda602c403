// Bug: an alias of an array element is released after a loop released
// every element of the array.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: double-free
#include "tensor.h"

float f(size_t n, size_t k) {
  tensor *a[8];
  if (k > 8)
    return 0;
  for (size_t i = 0; i < k; i++)
    a[i] = t_ones(n);
  tensor *best = a[0];
  float s = k ? t_sum(best) : 0;
  for (size_t i = 0; i < k; i++)
    t_free(a[i]);
  if (k)
    t_free(best); // expected-warning {{released twice}}
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { f(3, 4); return toy_finish(0); }
#endif
