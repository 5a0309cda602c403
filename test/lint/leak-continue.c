// Bug: `continue` skips the release; the tensor of that iteration leaks
// when the variable goes out of scope.
// RUN: %lint_verify %s
#include "tensor.h"

float sum_positive(size_t n, int rounds) {
  float acc = 0;
  for (int i = 0; i < rounds; i++) {
    tensor *t = t_zeros_or_die(n); // expected-warning {{'t' goes out of scope while it still holds it}}
    float s = t_sum(t);
    if (s < 0)
      continue;
    acc += s;
    t_free(t);
  }
  return acc; // expected-warning-re {{leaks at this return; leaked when the condition at leak-continue.c:{{[0-9]+}} is true}} (the last round)
}
