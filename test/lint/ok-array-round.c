// Correct: release loops over a local array that the lint follows as
// rounds (every element released) or must not take for one: a round over
// a shorter range than the fill loop, a round that stops early, a second
// store into the array, elements read before the round, an alias released
// instead of its element, a loop over the same range that only reads.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float whole(size_t n, int k) {
  tensor *a[8];
  if (k > 8)
    return 0;
  for (int i = 0; i < k; i++)
    a[i] = t_ones(n);
  float s = 0;
  for (int i = 0; i < k; i++)
    s += t_sum(a[i]);
  for (int i = 0; i < k; i++)
    t_free(a[i]);
  return s;
}

float printed(size_t n, int k) {
  tensor *a[8];
  if (k > 8)
    return 0;
  for (int i = 0; i < k; i++)
    a[i] = t_ones(n);
  for (int i = 0; i < k; i++)
    t_print(a[i]);
  float s = k ? t_sum(a[0]) : 0;
  for (int i = 0; i < k; i++)
    t_free(a[i]);
  return s;
}

float shorter(size_t n, int k) {
  tensor *a[8];
  if (k < 1 || k > 8)
    return 0;
  for (int i = 0; i < k; i++)
    a[i] = t_ones(n);
  for (int i = 1; i < k; i++)
    t_free(a[i]);
  float s = t_sum(a[0]);
  t_free(a[0]);
  return s;
}

float early_stop(size_t n, int k) {
  tensor *a[8];
  if (k < 2 || k > 8)
    return 0;
  for (int i = 0; i < k; i++)
    a[i] = t_ones(n);
  int i;
  for (i = 0; i < k; i++) {
    if (i == k - 1)
      break;
    t_free(a[i]);
  }
  float s = t_sum(a[k - 1]);
  t_free(a[k - 1]);
  return s;
}

float restored(size_t n, int k) {
  tensor *a[8];
  if (k < 1 || k > 8)
    return 0;
  for (int i = 0; i < k; i++)
    a[i] = t_ones(n);
  tensor *keep = a[0];
  a[0] = NULL;
  for (int i = 0; i < k; i++)
    t_free(a[i]);
  float s = t_sum(keep);
  t_free(keep);
  return s;
}

float alias_released(size_t n) {
  tensor *a[4];
  for (int i = 0; i < 4; i++)
    a[i] = t_ones(n);
  tensor *first = a[0];
  t_free(first);
  for (int i = 1; i < 4; i++)
    t_free(a[i]);
  return 1;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  int bad = whole(3, 4) != 12 || printed(3, 4) != 3 || shorter(3, 4) != 3 || early_stop(3, 4) != 3 ||
            restored(3, 4) != 3 || alias_released(3) != 1;
  return toy_finish(bad);
}
#endif
