// Correct: released before `break` and at the end of each iteration.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float first_big(size_t n, int rounds) {
  float found = 0;
  for (int i = 0; i < rounds; i++) {
    tensor *t = t_ones(n + (size_t)i);
    if (!t)
      return 0;
    float s = t_sum(t);
    t_free(t);
    if (s > 10) {
      found = s;
      break;
    }
  }
  return found;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(first_big(3, 20) == 11 ? 0 : 1); }
#endif
