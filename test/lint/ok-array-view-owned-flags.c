// Correct: a local array holds views and copies side by side, and the
// release loop picks the copies by a test (a parallel ownership array, or
// the same index test the fill loop used).  Which elements the release
// reaches depends on that test, so no view is said to be released.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float owned_flags(tensor *x, int use_view) {
  tensor *parts[2];
  int owned[2];
  for (int i = 0; i < 2; i++) {
    if (use_view) {
      parts[i] = t_view(x, 0, 1);
      owned[i] = 0;
    } else {
      parts[i] = t_copy(x);
      owned[i] = 1;
    }
  }
  float s = 0;
  for (int i = 0; i < 2; i++)
    s += parts[i] ? t_sum(parts[i]) : 0;
  for (int i = 0; i < 2; i++)
    if (owned[i])
      t_free(parts[i]);
  return s;
}

float by_parity(tensor *img) {
  tensor *p[4];
  for (int i = 0; i < 4; i++) {
    tensor *v = t_view(img, 0, 1);
    p[i] = (i % 2 == 0) ? t_copy(v) : v;
  }
  float s = 0;
  for (int i = 0; i < 4; i++) {
    s += p[i] ? t_sum(p[i]) : 0;
    if (i % 2 != 0)
      continue;
    t_free(p[i]);
  }
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  tensor *x = t_ones(2);
  float s = owned_flags(x, 1) + owned_flags(x, 0) + by_parity(x);
  t_free(x);
  return toy_finish(s == 10 ? 0 : 1);
}
#endif
