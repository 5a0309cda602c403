// Correct: a tensor made under two nested tests of unchanged parameters and
// released under one `&&` of the same two.  Where the outer test is false
// the tensor was never made, so the `&&`'s early exit leaks nothing.  None
// may be reported.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float mix(size_t n, int train, int dropout) {
  tensor *mask = NULL;
  float s = 1;
  if (train) {
    if (dropout) {
      mask = t_ones(n);
      if (!mask)
        return -1;
      s = t_sum(mask);
    }
  }
  if (train && dropout)
    t_free(mask);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) {
  float s = mix(3, 1, 1) + mix(3, 1, 0) + mix(3, 0, 1) + mix(3, 0, 0);
  return toy_finish(s == 6 ? 0 : 1);
}
#endif
