// Bug: `continue` skips the release; the tensor of that iteration leaks
// where the variable goes out of scope, at the `continue`: one finding,
// not one more where the next round declares 't' again or at the return.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: leak
#include "tensor.h"

float sum_positive(size_t n, int rounds) {
  float acc = 0;
  for (int i = 0; i < rounds; i++) {
    tensor *t = t_zeros_or_die(n); // expected-note {{tensor created here by 't_zeros_or_die'}}
    float s = t_sum(t) - (float)i;
    if (s < 0)
      continue; // expected-warning {{the tensor created by 't_zeros_or_die' leaks: 't' goes out of scope while it still holds it}}
    acc += s;
    t_free(t);
  }
  return acc;
}

// The same after a NULL test that also continues: only the second
// `continue` leaks (where `t` is NULL nothing is owned).
float sum_checked(size_t n, int rounds) {
  float acc = 0;
  int i = 0;
  while (i++ < rounds) {
    tensor *t = t_ones(n); // expected-note {{tensor created here by 't_ones'}}
    if (!t)
      continue;
    if (i % 2)
      continue; // expected-warning {{the tensor created by 't_ones' leaks: 't' goes out of scope while it still holds it}}
    acc += t_sum(t);
    t_free(t);
  }
  return acc;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  float a = sum_positive(0, 3) + sum_checked(2, 4);
  return toy_finish(a == 4 ? 0 : 1);
}
#endif
