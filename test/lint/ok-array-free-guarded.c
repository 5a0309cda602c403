// Correct: tensors kept in a local array, some slots left NULL, released
// in a loop under `if (a[i])`.  No false alarm.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float f(size_t n, int k) {
  tensor *a[4];
  int i;
  for (i = 0; i < 4; i++)
    a[i] = NULL;
  for (i = 0; i < k && i < 4; i++)
    a[i] = t_ones(n);
  float s = a[0] ? t_sum(a[0]) : 0;
  for (i = 0; i < 4; i++)
    if (a[i])
      t_free(a[i]);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(f(3, 2) == 3 ? 0 : 1); }
#endif
