// Correct: a do/while retry loop releases each rejected candidate before
// the next round; the accepted one is released after the loop.
// RUN: %lint_verify %s
// RUN: %lint_asan %s
// ASAN: clean
// expected-no-diagnostics
#include "tensor.h"

float best_try(size_t n, float want) {
  tensor *t = NULL;
  float s = 0;
  int tries = 0;
  do {
    if (t)
      t_free(t);
    t = t_ones(n + tries);
    if (!t)
      return 0;
    s = t_sum(t);
    tries++;
  } while (s < want && tries < 3);
  t_free(t);
  return s;
}

#ifdef LINT_MAIN
#include "toy_run.h"
int main(void) { return toy_finish(best_try(2, 4) == 4 ? 0 : 1); }
#endif
